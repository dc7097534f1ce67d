//! Tests of the proof by what every man could ever do, on positions of chasolver's labelled set.

use super::*;
use crate::testing::parse_fen_permissive;

fn both(fen: &str) -> (bool, bool) {
    let pos = parse_fen_permissive(&format!("{fen} 0 1")).unwrap();
    (out_of_reach(&pos, Color::White), out_of_reach(&pos, Color::Black))
}

#[test]
fn kings_may_take_pawns_that_can_never_take() {
    // Each king can walk up to the enemy pawns on the fifth rank and take them, but no pawn
    // ever has anything to take: the walls on the sixth and seventh ranks stand for ever and
    // the black king never leaves the eighth (chasolver's label: neither side can mate).
    assert_eq!(both("1b1k4/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/3K4 w - -"), (true, true));
    // With a white pawn able to reach b5, the a-pawns are no longer safe: not proven.
    assert_eq!(both("1b1k4/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/1P6/2P1P1P1/3K4 w - -"), (false, false));
}

#[test]
fn a_man_the_mating_side_cannot_do_without_is_never_taken() {
    // White has nothing but the pawn on g2: a line where it is taken leads to no mate, so on
    // every line to one it stands, the pawn on g3 never has anything to take and the file
    // stays shut (chasolver's label: only Black can mate).
    assert_eq!(both("8/8/6pk/6pb/6pb/6p1/6P1/7K w - -"), (true, false));
    // The same for Black's lone pawn on b7 behind White's b6.
    assert!(both("1k6/1p6/1P6/BP6/BP6/1P6/2K5/8 w - -").1);
}

#[test]
fn a_trapped_piece_guards_its_pawns() {
    // The bishops on e4 and e5 can never move and guard the pawns around them: no king can
    // take any of them, nothing ever changes in the centre.
    assert_eq!(both("1k6/8/3p1p2/3PbP2/3pBp2/3P1P2/4B3/3K4 w - -"), (true, true));
}

#[test]
fn one_bishop_and_the_king_cannot_take_every_flight_square() {
    // White's light bishop and king could each attack any light square, but never all the
    // flight squares of one mating square at once (chasolver's label: dead).
    assert_eq!(both("1k6/8/3p1p2/3PbP2/2KpBp2/3P1P2/2B5/8 b - -"), (true, true));
    // A queen instead of the bishop can.
    assert!(!both("1k6/8/3p1p2/3PbP2/2KpBp2/3P1P2/2Q5/8 b - -").0);
}

#[test]
fn men_packed_in_a_corner_wait_for_a_capture() {
    // White's king, rook and bishop in the corner could each move only onto another's square:
    // none moves until the rook is taken, so the rook never leaves a1 or looks up the a-file;
    // after that the king only roams the first two ranks, and a light bishop with one dark
    // blocker for Black cannot mate (chasolver's label: neither side can mate).
    assert_eq!(both("B2b4/8/4k3/8/1p1p1p1p/1PpP1P1P/K1P4b/RB6 b - -"), (true, true));
}

#[test]
fn a_king_never_steps_where_it_would_stalemate() {
    // White's king shuffles between h4 and h3 behind its frozen pawns. Black's king could
    // cover h3 from g2 or h2, or take on h5, but each of those steps leaves White without a
    // move; a bishop can check only on h4, from g5: no mate for Black, and none for White
    // (chasolver's label: neither side can mate).
    assert_eq!(both("8/8/3b3p/5p1P/3b1p1K/5Pp1/6P1/5kb1 b - -"), (true, true));
    // Here White's king has room to step aside, and the mate is there (label: White mates).
    assert!(!both("6k1/6P1/6K1/8/8/8/8/8 w - -").0);
}

#[test]
fn a_king_on_the_move_still_guards_what_it_attacks_wherever_it_stands() {
    // Black's king can only shuttle between c8, d8 and e8 (its pawns and bishop hem it in,
    // White's pawns guard the seventh rank): from each of them it attacks d7 and d8, so White's
    // king never leaves its corner by them, and Black's dark bishops cannot mate it there
    // (chasolver's label: only White can mate).
    let fen = "BbK1kb2/b1p1p1p1/1pP1P1P1/1P6/8/8/8/1B2b2B b - -";
    let pos = parse_fen_permissive(&format!("{fen} 0 1")).unwrap();
    let mobility = Mobility::new(&pos, Color::Black);
    assert_eq!(mobility.king(Color::Black).unwrap().reach, Bitboard::from_iter([Square::C8, Square::D8, Square::E8]));
    let white = mobility.king(Color::White).unwrap().reach;
    assert!(!white.contains(Square::D7) && !white.contains(Square::D8), "{white:?}");
    assert_eq!(both(fen), (false, true));
}

#[test]
fn never_contradicts_a_label() {
    let proven = crate::testing::proofs_checked_against_labels(out_of_reach);
    assert!(proven > 1000, "{proven} proofs");
}
