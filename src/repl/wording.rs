//! The wording layer: every answer in its two forms, printed for the eye (notation kept where it
//! helps a sighted reader) and spoken for the ear (words only: moves and squares in the
//! announcing pack's words, no signs). A catalogue key `K` may have a spoken form `K.spoken`;
//! the printed form is `K`.

use shakmaty::{Chess, Move, Position, Square};

use super::Line;
use crate::messages::Catalog;
use crate::notation::{self, LetterSet, PhrasePack, SpokenStyle};
use crate::speech::Utterance;

/// A piece of an answer in both its forms.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Words {
    /// What is printed: may keep notation (`Nbd2`, `e8=Q`).
    pub printed: String,
    /// What is spoken: words only.
    pub spoken: String,
}

impl Words {
    /// Different printed and spoken forms.
    pub fn new(printed: impl Into<String>, spoken: impl Into<String>) -> Words {
        Words { printed: printed.into(), spoken: spoken.into() }
    }

    /// The same text printed and spoken.
    pub fn plain(text: impl Into<String>) -> Words {
        let text = text.into();
        Words { spoken: text.clone(), printed: text }
    }
}

impl From<String> for Words {
    fn from(text: String) -> Words {
        Words::plain(text)
    }
}

impl From<&str> for Words {
    fn from(text: &str) -> Words {
        Words::plain(text)
    }
}

/// "a, b or c": the parts joined with commas and the catalogue's word for "or" before the last.
pub fn or_list<S: AsRef<str>>(parts: &[S], catalog: &Catalog) -> String {
    joined(parts, &catalog.text("word.or", &[]))
}

/// "a, b and c": the parts joined with commas and the catalogue's word for "and" before the last.
pub fn and_list<S: AsRef<str>>(parts: &[S], catalog: &Catalog) -> String {
    joined(parts, &catalog.text("word.and", &[]))
}

fn joined<S: AsRef<str>>(parts: &[S], word: &str) -> String {
    match parts {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} {word} {}", init.join(", "), last.as_ref())
        }
    }
}

/// The catalogue and the announcing pack, through which answers are worded.
#[derive(Clone, Copy)]
pub struct Wording<'a> {
    /// The interface catalogue.
    pub catalog: &'a Catalog,
    /// The announcing pack.
    pub pack: &'a PhrasePack,
    /// How moves are announced.
    pub style: SpokenStyle,
}

impl Wording<'_> {
    /// The message `key` in both forms, each filled with the values' matching forms; the spoken
    /// form comes from `key.spoken` where the catalogue has one.
    pub fn words(&self, key: &str, args: &[(&str, Words)]) -> Words {
        let printed: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.printed.as_str())).collect();
        let spoken: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.spoken.as_str())).collect();
        let spoken_key = format!("{key}.spoken");
        let spoken_key = if self.catalog.has(&spoken_key) { spoken_key.as_str() } else { key };
        Words::new(self.catalog.text(key, &printed), self.catalog.text(spoken_key, &spoken))
    }

    /// A line printed and spoken in the interface language.
    pub fn say(&self, words: Words) -> Line {
        let speech = Utterance::new(words.spoken, self.catalog.lang().code());
        Line { text: words.printed, speech: Some(speech), cue: None }
    }

    /// The message `key` with plain values, as a line printed and spoken.
    pub fn line(&self, key: &str, args: &[(&str, &str)]) -> Line {
        let args: Vec<(&str, Words)> = args.iter().map(|(k, v)| (*k, Words::plain(*v))).collect();
        self.say(self.words(key, &args))
    }

    /// A move as announced: `printed` for the eye, `spoken` in the announcing pack's words and
    /// language (German for Appendix E).
    pub fn announce(&self, printed: String, spoken: String) -> Line {
        Line { text: printed, speech: Some(Utterance::new(spoken, &self.pack.language)), cue: None }
    }

    /// "a, b or c" in both forms.
    pub fn list(&self, items: &[Words]) -> Words {
        let join = |form: fn(&Words) -> &str| or_list(&items.iter().map(form).collect::<Vec<_>>(), self.catalog);
        Words::new(join(|w| &w.printed), join(|w| &w.spoken))
    }

    /// A square: printed as letter and digit, spoken in the pack's words unless the style asks
    /// for letters.
    pub fn square(&self, square: Square) -> Words {
        let spoken = if self.style.square_letters { square.to_string() } else { self.pack.square(square) };
        Words::new(square.to_string(), spoken)
    }

    /// A move in `pos`: printed in SAN with `letters`, spoken as the pack announces it.
    pub fn mv(&self, pos: &Chess, mv: Move, letters: LetterSet) -> Words {
        Words::new(notation::san(pos, mv, letters), notation::spoken(pos, mv, self.pack, self.style))
    }

    /// The legal moves of the piece on `square` in `pos`.
    pub fn moves_from(&self, pos: &Chess, square: Square, letters: LetterSet) -> Vec<Words> {
        pos.legal_moves().iter().filter(|m| m.from() == Some(square)).map(|m| self.mv(pos, *m, letters)).collect()
    }

    /// A move spoken with its departure square, so that each candidate says where its piece
    /// stands ("Springer Bella eins Cesar drei").
    pub fn candidate(&self, pos: &Chess, mv: Move, letters: LetterSet) -> Words {
        let style = SpokenStyle { from_square: true, ..self.style };
        Words::new(notation::san(pos, mv, letters), notation::spoken(pos, mv, self.pack, style))
    }

    /// A move as a player wrote it, read out sign by sign in the pack's words even when it is no
    /// legal move ("Nc7": "Springer Cesar sieben"); `None` when it holds a sign that is no chess
    /// notation.
    pub fn written(&self, text: &str, letters: LetterSet) -> Option<String> {
        let text = text.trim();
        let castles = [("O-O-O", &self.pack.castle_long), ("0-0-0", &self.pack.castle_long)];
        let castles = castles.into_iter().chain([("O-O", &self.pack.castle_short), ("0-0", &self.pack.castle_short)]);
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
                    words.push(self.pack.square(Square::from_coords(f, r)));
                    i += 2;
                    continue;
                }
                (Some(f), None) => words.push(self.pack.file(f).to_string()),
                _ => match c {
                    _ if c.is_ascii_uppercase() => words.push(self.pack.piece(letters.role(c)?).to_string()),
                    '1'..='8' => words.push(self.pack.rank(shakmaty::Rank::from_char(c)?).to_string()),
                    'x' | ':' | '×' => words.push(self.pack.capture.clone()),
                    '+' => words.push(self.pack.check.clone()),
                    '#' => words.push(self.pack.mate.clone()),
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

    #[test]
    fn both_forms_are_filled_and_the_spoken_form_is_preferred() {
        let catalog = Catalog::new(Lang::En);
        let pack = PhrasePack::named("appendix-e").unwrap();
        let w = Wording { catalog: &catalog, pack: &pack, style: SpokenStyle::default() };
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
        let letters = Wording { style: SpokenStyle { square_letters: true, ..SpokenStyle::default() }, ..w };
        assert_eq!(letters.square(Square::E4).spoken, "e4");
    }

    #[test]
    fn written_moves_are_read_out_sign_by_sign() {
        let catalog = Catalog::new(Lang::En);
        let pack = PhrasePack::named("appendix-e").unwrap();
        let w = Wording { catalog: &catalog, pack: &pack, style: SpokenStyle::default() };
        assert_eq!(w.written("Nc7", LetterSet::English).as_deref(), Some("Springer Cesar sieben"));
        assert_eq!(w.written("Sg1-f3", LetterSet::German).as_deref(), Some("Springer Gustav eins Felix drei"));
        assert_eq!(w.written("exd5+", LetterSet::English).as_deref(), Some("Eva schlägt David fünf Schach"));
        assert_eq!(w.written("O-O-O", LetterSet::English).as_deref(), Some("Lange Rochade"));
        assert_eq!(w.written("Zz9", LetterSet::English), None);
        assert_eq!(w.written("Sc3", LetterSet::English), None);
    }
}
