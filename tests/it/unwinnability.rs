//! The dead-position analyser, as the program uses it, against a sample of the labelled positions
//! of chasolver's test set (every 40th): no answer may contradict a label, and every "can mate"
//! comes with a line of legal moves that really ends in that side mating. The whole set, and the
//! positions of real games, are the analyser crate's own tests, run in release by
//! scripts/test.sh (crates/unwinnability/tests/labelled_positions.rs).

use annabella::rules::{parse_fen_permissive, winnability, Budget, Winnability};
use shakmaty::{Chess, Color, Position};

fn positions() -> Vec<(String, String)> {
    labelled("positions.txt")
}

/// The labels and FENs of a set beside the project (the labelled set gives four fields of FEN,
/// the real games all six: four are made six).
fn labelled(set: &str) -> Vec<(String, String)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/unwinnability").join(set);
    let text = std::fs::read_to_string(path).expect("the labelled positions");
    text.lines()
        .filter(|l| !l.starts_with('#') && l.len() > 3)
        .map(|l| (l[..2].to_string(), l[3..].trim().to_string()))
        .map(|(label, fen)| {
            let fen = if fen.split_whitespace().count() == 4 { format!("{fen} 0 1") } else { fen };
            (label, fen)
        })
        .collect()
}

/// Replays a witness and checks it ends with `winner` mating.
fn witness_holds(pos: &Chess, winner: Color, line: &[shakmaty::Move]) -> bool {
    let mut pos = pos.clone();
    for &mv in line {
        if !pos.is_legal(mv) {
            return false;
        }
        pos.play_unchecked(mv);
    }
    pos.is_checkmate() && pos.turn() == !winner
}

/// (wrong answers, undetermined analyses) over a share of the cases with `budget`.
fn check(cases: &[(String, String)], budget: Budget) -> (Vec<String>, usize) {
    tally(cases, |pos, color, expected| match winnability(pos, color, budget) {
        Winnability::Winnable(line) if expected && witness_holds(pos, color, &line) => Some(true),
        Winnability::Unwinnable if !expected => Some(true),
        Winnability::Undetermined => None,
        _ => Some(false),
    })
}

/// Asks `judge` of both sides of every case (whether the answer is right, None when there is
/// none): the cases answered wrongly, and how many had no answer.
fn tally(cases: &[(String, String)], judge: impl Fn(&Chess, Color, bool) -> Option<bool>) -> (Vec<String>, usize) {
    let mut wrong = Vec::new();
    let mut unanswered = 0;
    for (label, fen) in cases {
        let pos = parse_fen_permissive(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
            match judge(&pos, color, label.as_bytes()[i] != b'-') {
                Some(true) => {}
                None => unanswered += 1,
                Some(false) => wrong.push(format!("{label} {fen} ({color:?})")),
            }
        }
    }
    (wrong, unanswered)
}

#[test]
fn a_sample_of_the_labelled_positions_in_any_build() {
    // Every 40th position, small enough for a debug build.
    let cases: Vec<_> = positions().into_iter().step_by(40).collect();
    let (wrong, _) = check(&cases, Budget::THOROUGH);
    assert!(wrong.is_empty(), "answers that contradict the label:\n{}", wrong.join("\n"));
}
