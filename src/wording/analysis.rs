//! What the dead-position analyser found, in words: can each side still checkmate? Each answer is
//! brief — can, cannot (proven), or not decided — and a "can" comes with a line of moves ending in
//! mate. The code form is chasolver's: `W`/`-`/`?` for White, `B`/`-`/`?` for Black.

use shakmaty::{Chess, Color, Move, Position};

use super::{Line, Wording};
use crate::notation::{san, LetterSet};
use crate::rules::Winnability;

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

impl Wording {
    /// Both sides' answers in the interface language, printed with a line of moves ending in
    /// mate where a side can mate, spoken brief.
    pub fn verdict_lines(&self, pos: &Chess, all: &[Winnability; 2], letters: LetterSet) -> Vec<Line> {
        let tr = |key: &str, args: &[(&str, &str)]| self.text(key, args);
        [Color::White, Color::Black]
            .into_iter()
            .zip(all.iter())
            .map(|(color, verdict)| {
                let side = self.color(color);
                let mut line = self.say_text(sentence(&tr, &side, pos, verdict, letters));
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
