//! `analyse` (in a game) and `annabella analyse` (for FENs): can each side still checkmate? Each
//! answer is brief — can, cannot (proven), or not decided — and a "can" comes with a line of moves
//! ending in mate. The code form is chasolver's: `W`/`-`/`?` for White, `B`/`-`/`?` for Black.

use shakmaty::{Chess, Color, Move, Position};

use super::session::Session;
use super::Line;
use crate::messages::{Catalog, Lang};
use crate::notation::{san, LetterSet};
use crate::rules::{forfeit_winnability, winnability, Budget, Winnability};

/// The moves of a line in SAN with move numbers (`23... Kg8 24. Qh7#`).
pub fn line_text(start: &Chess, line: &[Move], letters: LetterSet) -> String {
    let mut pos = start.clone();
    let mut words = Vec::new();
    for (i, &mv) in line.iter().enumerate() {
        let number = pos.fullmoves();
        match (pos.turn(), i) {
            (Color::White, _) => words.push(format!("{number}.")),
            (Color::Black, 0) => words.push(format!("{number}...")),
            _ => {}
        }
        words.push(san(&pos, mv, letters));
        pos.play_unchecked(mv);
    }
    words.join(" ")
}

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

/// Looks a message up in a catalogue and fills in its arguments.
type Translate<'a> = &'a dyn Fn(&str, &[(&str, &str)]) -> String;

/// The sentence for one side's answer, from the catalogue through `tr`.
fn sentence(tr: Translate<'_>, side: &str, pos: &Chess, verdict: &Winnability, letters: LetterSet) -> String {
    match verdict {
        Winnability::Winnable(line) => {
            tr("analyse.winnable", &[("color", side), ("line", &line_text(pos, line, letters))])
        }
        Winnability::Unwinnable => tr("analyse.unwinnable", &[("color", side)]),
        Winnability::Undetermined => tr("analyse.undetermined", &[("color", side)]),
    }
}

/// `XY`: `W`, `-` or `?` for White, `B`, `-` or `?` for Black.
pub fn verdict_code(verdicts: &[Winnability; 2]) -> String {
    verdicts
        .iter()
        .zip(['W', 'B'])
        .map(|(v, can)| match v {
            Winnability::Winnable(_) => can,
            Winnability::Unwinnable => '-',
            Winnability::Undetermined => '?',
        })
        .collect()
}

/// Both sides' answers as sentences in `lang`.
pub fn verdict_sentences(pos: &Chess, verdicts: &[Winnability; 2], lang: Lang) -> Vec<String> {
    let catalog = Catalog::shipped(lang);
    let tr = |key: &str, args: &[(&str, &str)]| catalog.text(key, args);
    [("color.white", &verdicts[0]), ("color.black", &verdicts[1])]
        .into_iter()
        .map(|(key, verdict)| sentence(&tr, &catalog.text(key, &[]), pos, verdict, LetterSet::English))
        .collect()
}

impl Session {
    pub(super) fn analyse(&self) -> Vec<Line> {
        let pos = self.game.position();
        let letters = self.settings.letters(self.settings.blind.unwrap_or(Color::White));
        let tr = |key: &str, args: &[(&str, &str)]| self.tr(key, args);
        // In a game, the check a forfeit gets: the answer is what the arbiter's would be on a flag
        // fall, and the searches stay within the game's memory.
        let all = forfeit_verdicts(pos);
        [Color::White, Color::Black]
            .into_iter()
            .zip(all.iter())
            .map(|(color, verdict)| {
                let side = self.color(color);
                let mut line = self.say(sentence(&tr, &side, pos, verdict, letters));
                if matches!(verdict, Winnability::Winnable(_)) {
                    // The line of moves is printed; spoken, the answer stays brief.
                    let brief = self.line("analyse.winnable_brief", &[("color", &side)]);
                    line.speech = brief.speech;
                }
                line
            })
            .collect()
    }
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
