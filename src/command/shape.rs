//! How a command's arguments look: the shape of each argument type, from which help and usage
//! lines show it (`[white|black]`, `SQUARE`, in the interface language), say it in words ("white
//! or black", "a square") and completion offers its words.

use super::keywords::Keyword;
use crate::messages::{Catalog, Lang};
use crate::wording::joined;

/// A value named by a word in capitals in a synopsis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Placeholder {
    Move,
    Square,
    N,
    /// A move number as a scoresheet writes it: `N.`
    MoveNumber,
    Duration,
    Fen,
    File,
    Date,
    Time,
    Place,
    Name,
    Piece,
    F,
    Movetext,
    Topic,
    Command,
    /// Free words (a chat line).
    Text,
}

impl Placeholder {
    /// The catalogue's name for it (`placeholder.KEY` printed, `arg.KEY` spoken).
    pub fn key(self) -> &'static str {
        match self {
            Placeholder::Move => "move",
            Placeholder::Square => "square",
            Placeholder::N | Placeholder::MoveNumber => "n",
            Placeholder::Duration => "duration",
            Placeholder::Fen => "fen",
            Placeholder::File => "file",
            Placeholder::Date => "date",
            Placeholder::Time => "time",
            Placeholder::Place => "place",
            Placeholder::Text => "text",
            Placeholder::Name => "name",
            Placeholder::Piece => "piece",
            Placeholder::F => "f",
            Placeholder::Movetext => "movetext",
            Placeholder::Topic => "topic",
            Placeholder::Command => "command",
        }
    }
}

/// The shape of an argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// One of these argument words, in any language: `white|black`.
    Words(&'static [Keyword]),
    /// One of these words, the same in every language: `text|full|braille`.
    Literals(&'static [&'static str]),
    /// A value: `SQUARE`.
    Placeholder(Placeholder),
    /// A whole number in a range: `-100..100`.
    Range(i64, i64),
    /// May be left out: `[…]`.
    Optional(Box<Shape>),
    /// One after the other.
    Seq(Vec<Shape>),
    /// One of these.
    Either(Vec<Shape>),
}

impl Shape {
    /// `[shape]`.
    pub fn optional(shape: Shape) -> Shape {
        Shape::Optional(Box::new(shape))
    }

    /// Whether it takes free words (a chat line), every one of which counts.
    pub fn takes_text(&self) -> bool {
        match self {
            Shape::Placeholder(p) => matches!(p, Placeholder::Text),
            Shape::Optional(inner) => inner.takes_text(),
            Shape::Seq(all) | Shape::Either(all) => all.iter().any(Shape::takes_text),
            _ => false,
        }
    }

    /// Whether it takes text whose every mark may count: a move (`e4!?`), movetext, a file, a
    /// FEN or free words.
    pub fn takes_marks(&self) -> bool {
        match self {
            Shape::Placeholder(p) => matches!(
                p,
                Placeholder::Move | Placeholder::Movetext | Placeholder::File | Placeholder::Fen | Placeholder::Text
            ),
            Shape::Optional(inner) => inner.takes_marks(),
            Shape::Seq(all) | Shape::Either(all) => all.iter().any(Shape::takes_marks),
            Shape::Words(_) | Shape::Literals(_) | Shape::Range(..) => false,
        }
    }

    /// A leaf: one word or one value.
    fn is_simple(&self) -> bool {
        matches!(self, Shape::Words(_) | Shape::Literals(_) | Shape::Placeholder(_) | Shape::Range(..))
    }

    /// As a synopsis shows it in `lang`: `[weiß|schwarz] [ab N]`.
    pub fn printed(&self, lang: Lang) -> String {
        let catalog = Catalog::shipped(lang);
        match self {
            Shape::Words(words) => words.iter().map(|k| k.word(lang)).collect::<Vec<_>>().join("|"),
            Shape::Literals(words) => words.join("|"),
            Shape::Placeholder(Placeholder::MoveNumber) => format!("{}.", catalog.text("placeholder.n", &[])),
            Shape::Placeholder(p) => catalog.text(&format!("placeholder.{}", p.key()), &[]),
            Shape::Range(low, high) => format!("{low}..{high}"),
            Shape::Optional(inner) => format!("[{}]", inner.printed(lang)),
            Shape::Seq(items) => items.iter().map(|s| s.printed(lang)).collect::<Vec<_>>().join(" "),
            Shape::Either(alternatives) => {
                let bar = if alternatives.iter().all(Shape::is_simple) { "|" } else { " | " };
                alternatives.iter().map(|s| s.printed(lang)).collect::<Vec<_>>().join(bar)
            }
        }
    }

    /// In words, for speech: no brackets or bars ("white or black", "a square").
    pub fn spoken(&self, catalog: &Catalog) -> String {
        let or = catalog.text("word.or", &[]);
        let lang = catalog.lang();
        match self {
            Shape::Words(words) => joined(&words.iter().map(|k| k.word(lang)).collect::<Vec<_>>(), &or),
            Shape::Literals(words) => joined(words, &or),
            Shape::Placeholder(p) => catalog.text(&format!("arg.{}", p.key()), &[]),
            Shape::Range(low, high) => {
                catalog.text("arg.range", &[("low", &low.to_string()), ("high", &high.to_string())])
            }
            Shape::Optional(inner) => inner.spoken(catalog),
            Shape::Seq(items) => items.iter().map(|s| s.spoken(catalog)).collect::<Vec<_>>().join(", "),
            Shape::Either(alternatives) if alternatives.iter().all(Shape::is_simple) => {
                joined(&alternatives.iter().map(|s| s.spoken(catalog)).collect::<Vec<_>>(), &or)
            }
            Shape::Either(alternatives) => {
                alternatives.iter().map(|s| s.spoken(catalog)).collect::<Vec<_>>().join(&format!(" {or} "))
            }
        }
    }

    /// Every word this shape takes literally, and every value named in it, in document order.
    pub fn parts(&self) -> Vec<Part> {
        match self {
            Shape::Words(words) => words.iter().map(|k| Part::Keyword(*k)).collect(),
            Shape::Literals(words) => words.iter().map(|w| Part::Literal(w)).collect(),
            Shape::Placeholder(p) => vec![Part::Value(*p)],
            Shape::Range(..) => Vec::new(),
            Shape::Optional(inner) => inner.parts(),
            Shape::Seq(items) | Shape::Either(items) => items.iter().flat_map(Shape::parts).collect(),
        }
    }
}

/// One word or value a shape names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// An argument word.
    Keyword(Keyword),
    /// A word the same in every language.
    Literal(&'static str),
    /// A value.
    Value(Placeholder),
}

/// A whole signature as a synopsis shows it.
pub fn printed(signature: &[Shape], lang: Lang) -> String {
    signature.iter().map(|s| s.printed(lang)).collect::<Vec<_>>().join(" ")
}

/// A whole signature in words.
pub fn spoken(signature: &[Shape], catalog: &Catalog) -> String {
    signature.iter().map(|s| s.spoken(catalog)).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn colours() -> Shape {
        Shape::Words(&[Keyword::White, Keyword::Black])
    }

    #[test]
    fn synopses_are_shown_in_the_interface_language() {
        let sheet = Shape::Seq(vec![
            Shape::optional(colours()),
            Shape::optional(Shape::Seq(vec![Shape::Words(&[Keyword::From]), Shape::Placeholder(Placeholder::N)])),
        ]);
        assert_eq!(sheet.printed(Lang::De), "[weiß|schwarz] [ab N]");
        let scan = Shape::Either(vec![
            Shape::Seq(vec![Shape::Words(&[Keyword::Rank]), Shape::Placeholder(Placeholder::N)]),
            Shape::Seq(vec![Shape::Words(&[Keyword::File]), Shape::Placeholder(Placeholder::F)]),
            Shape::Seq(vec![Shape::Words(&[Keyword::Diagonal]), Shape::Placeholder(Placeholder::Square)]),
        ]);
        assert_eq!(scan.printed(Lang::Et), "rida N | liin T | diagonaal VÄLI");
        let export = Shape::Seq(vec![
            Shape::optional(Shape::Literals(&["text", "full"])),
            Shape::optional(Shape::Placeholder(Placeholder::File)),
        ]);
        assert_eq!(export.printed(Lang::De), "[text|full] [DATEI]");
        assert_eq!(Shape::optional(Shape::Range(-100, 100)).printed(Lang::De), "[-100..100]");
        let set_time = [colours(), Shape::Placeholder(Placeholder::Duration)];
        assert_eq!(printed(&set_time, Lang::En), "white|black DURATION");
    }

    #[test]
    fn synopses_are_said_in_words() {
        let catalog = Catalog::shipped(Lang::En);
        let time = Shape::optional(Shape::Words(&[Keyword::Me, Keyword::Opponent, Keyword::White, Keyword::Black]));
        assert_eq!(time.spoken(catalog), "me, opponent, white or black");
        let set_time = [colours(), Shape::Placeholder(Placeholder::Duration)];
        assert_eq!(spoken(&set_time, catalog), "white or black, a time such as 5 minutes");
        let voice =
            Shape::optional(Shape::Either(vec![Shape::Placeholder(Placeholder::Name), Shape::Words(&[Keyword::Auto])]));
        assert_eq!(voice.spoken(catalog), "a voice name or auto");
        assert!(!spoken(&set_time, catalog).contains(['[', '|', ']']));
    }
}
