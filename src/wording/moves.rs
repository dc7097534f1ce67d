//! Moves and squares in words: a square printed as letter and digit and spoken in the pack's
//! words, a move printed in SAN and spoken as the pack announces it, the legal moves of a piece,
//! a candidate said with where its piece stands, and a move as a player wrote it read out sign
//! by sign.

use shakmaty::{Chess, Color, Move, Position, Square};

use super::{Line, Wording, Words};
use crate::notation::{self, LetterSet, SpokenStyle};
use crate::speech::Utterance;

impl Wording {
    /// A square: printed as letter and digit, spoken in the pack's words unless the style asks
    /// for letters.
    pub fn square(&self, square: Square) -> Words {
        let spoken = if self.style().square_letters { square.to_string() } else { self.pack().square(square) };
        Words::new(square.to_string(), spoken)
    }

    /// A half-move's side and number: printed `12.` or `12...`, spoken "White's move 12".
    pub fn ply(&self, number: u32, color: Color) -> Words {
        let (key, dots) = if color.is_white() { ("ply.white", ".") } else { ("ply.black", "...") };
        let number = number.to_string();
        Words::new(format!("{number}{dots}"), self.text(key, &[("number", &number)]))
    }

    /// A move that is not the one just made, with who made it and when: printed `4. Qxf7#`,
    /// spoken "White's move 4:" in the interface language and then the move in the pack's words
    /// and language.
    pub fn numbered(&self, pos: &Chess, mv: Move, letters: LetterSet) -> Line {
        let label = self.ply(pos.fullmoves().get(), pos.turn());
        let said = self.mv(pos, mv, letters);
        self.labelled(format!("{} {}", label.printed, said.printed), &label, said.spoken)
    }

    /// A move with who made it and when: `text` printed; spoken `label` ("Black's move 3:") in
    /// the interface language, then the move's `words` in the pack's language.
    pub fn labelled(&self, text: String, label: &Words, words: String) -> Line {
        Line { text, speech: vec![self.heading(label)], cue: None, heading: None }
            .then(Utterance::new(words, &self.pack().language))
    }

    /// A move's `label` said before it ("Musta käik 3:"), begun with a capital, in the interface
    /// language.
    pub fn heading(&self, label: &Words) -> Utterance {
        Utterance::new(format!("{}:", crate::messages::capitalized(&label.spoken)), self.lang().code())
    }

    /// A move in `pos`: printed in SAN with `letters`, spoken as the pack announces it.
    pub fn mv(&self, pos: &Chess, mv: Move, letters: LetterSet) -> Words {
        Words::new(notation::san(pos, mv, letters), notation::spoken(pos, mv, self.pack(), self.style()))
    }

    /// The legal moves of the piece on `square` in `pos`.
    pub fn moves_from(&self, pos: &Chess, square: Square, letters: LetterSet) -> Vec<Words> {
        pos.legal_moves().iter().filter(|m| m.from() == Some(square)).map(|m| self.mv(pos, *m, letters)).collect()
    }

    /// A move spoken with its departure square, so that each candidate says where its piece
    /// stands ("Springer Bella eins Cesar drei").
    pub fn candidate(&self, pos: &Chess, mv: Move, letters: LetterSet) -> Words {
        let style = SpokenStyle { from_square: true, ..self.style() };
        Words::new(notation::san(pos, mv, letters), notation::spoken(pos, mv, self.pack(), style))
    }

    /// A move as a player wrote it, read out sign by sign in the pack's words even when it is no
    /// legal move ("Nc7": "Springer Cesar sieben"); `None` when it holds a sign that is no chess
    /// notation.
    pub fn written(&self, text: &str, letters: LetterSet) -> Option<String> {
        let text = text.trim();
        let castles = [("O-O-O", &self.pack().castle_long), ("0-0-0", &self.pack().castle_long)];
        let castles =
            castles.into_iter().chain([("O-O", &self.pack().castle_short), ("0-0", &self.pack().castle_short)]);
        if let Some((_, words)) = castles.into_iter().find(|(sign, _)| text.trim_end_matches(['+', '#']) == *sign) {
            return Some(words.clone());
        }
        let chars: Vec<char> = text.chars().collect();
        let mut words = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let file = shakmaty::File::from_char(c);
            let rank = chars.get(i + 1).and_then(|&r| shakmaty::Rank::from_char(r));
            match (file, rank) {
                (Some(f), Some(r)) => {
                    words.push(self.pack().square(Square::from_coords(f, r)));
                    i += 2;
                    continue;
                }
                (Some(f), None) => words.push(self.pack().file(f).to_string()),
                _ => match c {
                    _ if c.is_ascii_uppercase() => words.push(self.pack().piece(letters.role(c)?).to_string()),
                    '1'..='8' => words.push(self.pack().rank(shakmaty::Rank::from_char(c)?).to_string()),
                    'x' | ':' | '×' => words.push(self.pack().capture.clone()),
                    '+' => words.push(self.pack().check.clone()),
                    '#' => words.push(self.pack().mate.clone()),
                    '-' | '–' | '—' | '=' | '!' | '?' => {}
                    _ => return None,
                },
            }
            i += 1;
        }
        (!words.is_empty()).then(|| words.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::Lang;
    use crate::notation::PhrasePack;

    #[test]
    fn both_forms_are_filled_and_the_spoken_form_is_preferred() {
        let pack = PhrasePack::named("appendix-e").unwrap();
        let w = Wording::new(Lang::En, pack, SpokenStyle::default());
        let pos = Chess::default();
        let moves: Vec<Words> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.from() == Some(Square::G1))
            .map(|m| w.mv(&pos, m, LetterSet::English))
            .collect();
        let list = w.list(&moves);
        assert_eq!(list.printed, "Nf3 or Nh3");
        assert_eq!(list.spoken, "Springer Felix drei oder Springer Hector drei".replace(" oder ", " or "));
        let square = w.square(Square::E4);
        assert_eq!((square.printed.as_str(), square.spoken.as_str()), ("e4", "Eva vier"));
        let style = SpokenStyle { square_letters: true, ..SpokenStyle::default() };
        let letters = Wording::new(Lang::En, PhrasePack::named("appendix-e").unwrap(), style);
        assert_eq!(letters.square(Square::E4).spoken, "e4");
    }

    #[test]
    fn written_moves_are_read_out_sign_by_sign() {
        let pack = PhrasePack::named("appendix-e").unwrap();
        let w = Wording::new(Lang::En, pack, SpokenStyle::default());
        assert_eq!(w.written("Nc7", LetterSet::English).as_deref(), Some("Springer Cesar sieben"));
        assert_eq!(w.written("Sg1-f3", LetterSet::German).as_deref(), Some("Springer Gustav eins Felix drei"));
        assert_eq!(w.written("exd5+", LetterSet::English).as_deref(), Some("Eva schlägt David fünf Schach"));
        assert_eq!(w.written("O-O-O", LetterSet::English).as_deref(), Some("Lange Rochade"));
        assert_eq!(w.written("Zz9", LetterSet::English), None);
        assert_eq!(w.written("Sc3", LetterSet::English), None);
    }
}
