//! The labelled positions judged: a line said to win replayed to its mate, both sides of every
//! position asked, the answers that contradict a label and those not given counted. Shared by the
//! analyser's own tests and the program's sample of them.

use shakmaty::{Chess, Color, Position};
use unwinnability::{winnability, Budget, Winnability};

use super::labelled::parse_fen_permissive;

/// Replays a witness and checks it ends with `winner` mating.
pub fn witness_holds(pos: &Chess, winner: Color, line: &[shakmaty::Move]) -> bool {
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
pub fn check(cases: &[(String, String)], budget: Budget) -> (Vec<String>, usize) {
    tally(cases, |pos, color, expected| match winnability(pos, color, budget) {
        Winnability::Winnable(line) if expected && witness_holds(pos, color, &line) => Some(true),
        Winnability::Unwinnable if !expected => Some(true),
        Winnability::Undetermined => None,
        _ => Some(false),
    })
}

/// Asks `judge` of both sides of every case (whether the answer is right, None when there is
/// none): the cases answered wrongly, and how many had no answer.
pub fn tally(cases: &[(String, String)], judge: impl Fn(&Chess, Color, bool) -> Option<bool>) -> (Vec<String>, usize) {
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
