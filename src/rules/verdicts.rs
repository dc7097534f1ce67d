//! Both sides' answers to "can this side still checkmate?", as the analyser gives them within a
//! budget, and as the check on a forfeit gives them (where it finds neither a mate nor a proof,
//! with a line from the forfeit budget's searches).

use shakmaty::{Chess, Color};

use super::{forfeit_winnability, winnability, Budget, Winnability};

/// Both sides' answers within `budget`.
pub fn verdicts(pos: &Chess, budget: Budget) -> [Winnability; 2] {
    [Color::White, Color::Black].map(|color| winnability(pos, color, budget))
}

/// Both sides' answers as the check on a forfeit gives them, and where it finds neither a mate
/// nor a proof, a line from the searches of the forfeit budget (for the arbiter a side not proven
/// unable to mate can mate either way; the line shows how).
pub fn forfeit_verdicts(pos: &Chess) -> [Winnability; 2] {
    [Color::White, Color::Black].map(|color| match forfeit_winnability(pos, color) {
        Winnability::Undetermined => match winnability(pos, color, Budget::FORFEIT) {
            line @ Winnability::Winnable(_) => line,
            _ => Winnability::Undetermined,
        },
        answer => answer,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen_permissive;

    #[test]
    fn in_a_game_the_answer_is_the_forfeit_checks() {
        // Black's king is shut in for ever and its pawns are blocked: the check on a forfeit
        // proves it cannot mate, which the forfeit budget's searches alone (on one thread, the
        // walk not going on beside them) leave undecided.
        let pos = parse_fen_permissive("1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8 w - - 0 1").unwrap();
        let searches_alone = Budget { two_threads: false, ..Budget::FORFEIT };
        assert_eq!(verdicts(&pos, searches_alone)[1], Winnability::Undetermined);
        let [white, black] = forfeit_verdicts(&pos);
        assert_eq!(black, Winnability::Unwinnable);
        assert!(matches!(white, Winnability::Winnable(_)), "{white:?}");
        // Where the check finds neither, the searches go on for a line (before the wall is locked,
        // Black's bishop takes White's h-pawn and Black's own h-pawn runs to queen and mates).
        let wall = parse_fen_permissive("2b1k3/8/7p/1p1p1p2/1P1P1P1P/8/8/2B1K3 b - - 0 1").unwrap();
        assert_eq!(forfeit_winnability(&wall, Color::Black), Winnability::Undetermined);
        assert!(matches!(forfeit_verdicts(&wall)[1], Winnability::Winnable(_)));
    }
}
