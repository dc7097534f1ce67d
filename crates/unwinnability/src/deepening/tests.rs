//! Tests of the deepening search: the tables it steers by, and the lines it finds or must not.

use super::super::ends_in_mate;
use super::*;
use crate::testing::parse_fen_permissive;

fn pos(fen: &str) -> Chess {
    parse_fen_permissive(fen).unwrap()
}

#[test]
fn knight_distances_are_those_of_the_board() {
    assert_eq!(KNIGHT_DISTANCE[Square::A1 as usize][Square::B3 as usize], 1);
    assert_eq!(KNIGHT_DISTANCE[Square::A1 as usize][Square::B2 as usize], 4);
    assert_eq!(KNIGHT_DISTANCE[Square::A1 as usize][Square::H8 as usize], 6);
    assert_eq!(KNIGHT_DISTANCE[Square::D4 as usize][Square::E5 as usize], 2);
}

#[test]
fn checks_are_seen_without_playing_the_move() {
    // Direct and discovered checks, promotions, captures, castling and en passant.
    let fens = [
        "4k3/8/8/3pP3/8/8/1B6/R3K2R w KQ d6 0 1",
        "r3k2r/1P6/8/8/2B5/8/6p1/R3K2R b KQkq - 0 1",
        "4k3/8/4N3/8/4R3/8/8/4K3 w - - 0 1",
        "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 0 1",
    ];
    let mut seen = 0;
    for fen in fens {
        let start = pos(fen);
        let checks = Checks::new(&start).unwrap();
        for mv in start.legal_moves() {
            let mut child = start.clone();
            child.play_unchecked(mv);
            assert_eq!(checks.given_by(&start, mv), child.is_check(), "{fen} {mv}");
            seen += usize::from(child.is_check());
        }
    }
    assert!(seen > 10, "the positions give checks of every kind");
}

#[test]
fn the_corner_is_of_the_mating_bishops_colour() {
    let dark = Targets::new(&pos("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), Color::White, false);
    assert_eq!(dark.corner, Square::H8);
    let light = Targets::new(&pos("4k3/8/8/8/8/8/8/3BK3 w - - 0 1"), Color::White, false);
    assert_eq!(light.corner, Square::A8);
    let black = Targets::new(&pos("2b1k3/8/8/8/8/8/8/4K3 w - - 0 1"), Color::Black, false);
    assert_eq!((black.corner, black.king, black.edge), (Square::H1, Square::G2, Square::G1));
    let nearer = Targets::new(&pos("8/8/8/1k6/8/8/8/4K2Q w - - 0 1"), Color::White, false);
    assert_eq!(nearer.corner, Square::A8);
}

#[test]
fn finds_near_mates_with_a_line_of_legal_moves() {
    for (fen, winner) in [
        ("8/3k4/8/8/8/4Q3/4K3/8 w - - 0 1", Color::White),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Color::Black),
        ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", Color::White),
    ] {
        let start = pos(fen);
        let line = deepening_helpmate(&start, winner, Deepening::GLANCE).expect("a mate near at hand");
        assert!(ends_in_mate(&start, &line, winner), "{fen}");
    }
}

#[test]
fn the_other_side_must_promote_for_a_lone_minor_piece() {
    let board = |fen: &str| pos(fen).board().clone();
    // A bishop against a bishop of its colour and a pawn; a knight against a pawn.
    assert!(must_promote(&board("8/8/8/5B2/8/1bp5/1k2K3/8 w - - 0 1"), Color::White));
    assert!(must_promote(&board("8/4kp2/4p3/p4p2/1N3K2/8/8/8 w - - 0 1"), Color::White));
    // A knight of the other side blocks as it is; with no pawn there is nothing to promote.
    assert!(!must_promote(&board("8/8/8/5B2/8/1np5/1k2K3/8 w - - 0 1"), Color::White));
    assert!(!must_promote(&board("8/8/8/5B2/8/1b6/1k2K3/8 w - - 0 1"), Color::White));
    // A bishop of the other colour, or a rook against the knight.
    assert!(!must_promote(&board("8/8/8/5B2/8/2p5/1k2K3/b7 w - - 0 1"), Color::White));
    assert!(!must_promote(&board("8/4kp2/4p3/p4p2/1N3K2/8/8/7r w - - 0 1"), Color::White));
    // The losing king heads for the rank where its pawn promotes.
    let targets = Targets::new(&pos("8/8/8/5B2/8/2p5/1k2K3/8 w - - 0 1"), Color::White, false);
    assert_eq!(targets.corner, Square::H1);
}

#[test]
fn finds_no_mate_where_there_is_none() {
    // A locked wall: neither side can ever mate, so no line may claim to.
    let wall = pos("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1");
    let long = Deepening {
        first: 1,
        last: 8,
        per_depth: 2_000,
        total: 50_000,
        table: true,
        bishops: false,
        far: false,
        as_generated: false,
    };
    assert_eq!(deepening_helpmate(&wall, Color::White, long), None);
    assert_eq!(deepening_helpmate(&wall, Color::Black, long), None);
}

#[test]
fn each_deepening_finds_a_mate_the_long_one_misses() {
    // A lone knight mates once the other king has gone the long way round, to the farther corner.
    let far = pos("8/8/5k2/7N/5q2/4p2K/8/8 b - - 1 55");
    assert_eq!(deepening_helpmate(&far, Color::White, Deepening::long(10_000)), None);
    let line = deepening_helpmate(&far, Color::White, Deepening::farther(10_000)).expect("a mate");
    assert!(ends_in_mate(&far, &line, Color::White));
    // A knight mates after the other side has pushed its pawns to promote: found when pawn pushes
    // of the losing side cost a plain ply.
    let pushes = pos("2k5/2N3p1/1K6/p7/1p6/6p1/8/8 w - - 0 57");
    assert_eq!(deepening_helpmate(&pushes, Color::White, Deepening::long(40_000)), None);
    let line = deepening_helpmate(&pushes, Color::White, Deepening::as_generated(40_000)).expect("a mate");
    assert!(ends_in_mate(&pushes, &line, Color::White));
}

#[test]
fn a_variant_is_searched_only_where_it_differs_from_the_long_search() {
    let board = |fen: &str| pos(fen).board().clone();
    let bishops = Deepening::bishops(0);
    let farther = Deepening::farther(0);
    assert!(bishops.differs(&board("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), Color::White));
    assert!(!bishops.differs(&board("2b1k3/8/8/8/8/8/8/2N1K3 w - - 0 1"), Color::White));
    assert!(bishops.differs(&board("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), Color::White));
    assert!(farther.differs(&board("4k3/8/8/8/8/8/8/2N1K3 w - - 0 1"), Color::White));
    assert!(!farther.differs(&board("2b1k3/8/8/8/8/8/8/2N1K3 w - - 0 1"), Color::White));
    assert!(Deepening::as_generated(0).differs(&board("2b1k3/8/8/8/8/8/8/2N1K3 w - - 0 1"), Color::White));
}

#[test]
fn the_bishop_guidance_finds_pawns_mating_a_king_shut_in() {
    // Black has nothing but pawns, all blocked: one of them must take a bishop that White promotes
    // to leave its file, and then promote and mate. The guidance makes that capture progress.
    let start = pos("1k6/1P1p1p1p/BP5p/1P6/8/8/3P1PKP/8 w - - 0 1");
    assert_eq!(deepening_helpmate(&start, Color::Black, Deepening::long(400_000)), None);
    let guided = Deepening { as_generated: true, ..Deepening::bishops(400_000) };
    let line = deepening_helpmate(&start, Color::Black, guided).expect("a mate");
    assert!(ends_in_mate(&start, &line, Color::Black));
}

#[test]
fn a_search_asked_again_for_no_more_does_nothing() {
    // Many bishops round a wall of pawns: no mate within 10,000 moves, the depth it was cut short
    // in not yet counted. Asked again for 5,000 it must not search that depth again.
    let start = pos("2b1b2k/1p5b/1Pp5/2Pp1b2/3Pp3/B3Pp1b/5P2/K1B1B3 w - - 0 1");
    let mut search = DeepeningSearch::new(&start, Color::White, Deepening::long(0));
    assert!(search.search(10_000).is_none());
    let (depth, spent, nodes) = (search.depth, search.spent, search.search.nodes);
    assert!(spent < 5_000, "the cut-short depth would be searched again: {spent} counted");
    assert!(search.search(5_000).is_none());
    assert_eq!((search.depth, search.spent, search.search.nodes), (depth, spent, nodes));
    // Asked for more, it goes on.
    assert!(search.search(20_000).is_none());
    assert_ne!((search.depth, search.spent, search.search.nodes), (depth, spent, nodes));
}
