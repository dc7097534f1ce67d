//! Notation round trip: every legal move of every perft position at depth 1 and 2 (of the
//! Chess960 starting positions, every fourth at depth 2), written in each letter set (SAN and
//! full notation), in UCI and in the words of every phrase pack, reads back as the same move in
//! the same position.

use annabella::notation::{full, san, spoken, uci, LetterSet, MoveReader, PhrasePack, SpokenStyle};
use annabella::rules::parse_fen_permissive;
use shakmaty::{Chess, Move, Position};

use crate::support::perft_suite;

fn check_move(reader: &MoveReader, packs: &[PhrasePack], pos: &Chess, mv: Move) {
    let mut written: Vec<(String, LetterSet)> = Vec::new();
    for letters in LetterSet::ALL {
        written.push((san(pos, mv, letters), letters));
        written.push((full(pos, mv, letters), letters));
    }
    written.push((uci(pos, mv), LetterSet::English));
    let styles = [SpokenStyle::default(), SpokenStyle { say_pawn: true, from_square: true, ..SpokenStyle::default() }];
    for pack in packs {
        for style in styles {
            written.push((spoken(pos, mv, pack, style), LetterSet::English));
        }
    }
    for (text, letters) in written {
        let back = reader.read(&text, pos, letters);
        assert_eq!(back, Ok(mv), "{text:?} ({letters}) in {}", annabella::rules::to_fen(pos));
    }
}

fn round_trip_suite(name: &str, every_nth_at_depth_two: usize) {
    let packs = PhrasePack::builtin();
    let reader = MoveReader::new(&packs).unwrap();
    for (i, case) in perft_suite(name).into_iter().enumerate() {
        let pos = parse_fen_permissive(&case.fen).unwrap();
        for mv in pos.legal_moves() {
            check_move(&reader, &packs, &pos, mv);
            if i % every_nth_at_depth_two != 0 {
                continue;
            }
            let mut next = pos.clone();
            next.play_unchecked(mv);
            for reply in next.legal_moves() {
                check_move(&reader, &packs, &next, reply);
            }
        }
    }
}

#[test]
fn round_trip_tricky() {
    round_trip_suite("tricky.perft", 1);
}

#[test]
fn round_trip_tricky_deep() {
    round_trip_suite("tricky-deep.perft", 1);
}

/// Every one of the 960 starting positions at depth 1; every fourth at depth 2 (the replies to a
/// first move are alike from one starting position to the next, and all of them took a minute).
#[test]
fn round_trip_chess960() {
    round_trip_suite("chess960.perft", 4);
}
