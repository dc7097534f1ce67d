//! A command's typed arguments: the words after the command name, read one argument at a time by
//! the argument's type (`Param`), which also gives its shape. Colours, squares, counts, numbers
//! in a range, durations, levels, topics and text (a move, a FEN, a file name) are here; the
//! arguments with a grammar of their own (`board`, `sheet`, `export`, `pieces`, `scan`) are in
//! `asks`.

use std::time::Duration;

use shakmaty::{Color, Square};

use super::keywords::Keyword;
use super::shape::{Placeholder, Shape};
use crate::clock::parse_duration;
use crate::messages::Lang;
use crate::notation::{MoveReader, PhrasePack, ReadError};
use crate::wording::Verbosity;

/// The words after a command's name, read from the front.
#[derive(Debug, Clone)]
pub struct Args<'a> {
    rest: &'a str,
    lang: Lang,
}

impl<'a> Args<'a> {
    /// The words `rest`, typed in interface language `lang`.
    pub fn new(rest: &'a str, lang: Lang) -> Args<'a> {
        Args { rest: rest.trim(), lang }
    }

    /// The interface language (a piece letter is read in its letter set first).
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Whether every word has been read.
    pub fn is_empty(&self) -> bool {
        self.rest.is_empty()
    }

    /// The next word, without taking it.
    pub fn peek(&self) -> Option<&'a str> {
        self.rest.split_whitespace().next()
    }

    /// The next word, taken.
    pub fn word(&mut self) -> Option<&'a str> {
        let rest = self.rest;
        let (word, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        self.rest = after.trim_start();
        (!word.is_empty()).then_some(word)
    }

    /// Every word left, taken as one text.
    pub fn rest(&mut self) -> &'a str {
        std::mem::take(&mut self.rest)
    }
}

/// Why a command's arguments were refused; the front end words each, with the command's usage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArgError {
    /// The arguments do not fit the command's signature.
    Usage,
    /// A colour was expected.
    Color,
    /// A count (`last`, `history`, `goto`) must be a whole number above zero.
    Count(String),
    /// `sheet` cannot be read.
    Sheet,
    /// `export` names no format.
    ExportFormat(String),
    /// `pieces` got a word that is neither a colour nor a piece.
    PieceWord(String),
    /// A square was expected (what was given).
    Square(String),
    /// `scan` names no rank or file.
    Line,
    /// `explain` names no topic.
    Topic(String),
    /// `rate` or `volume` takes a whole number in its range.
    Number {
        /// The smallest number taken.
        low: i64,
        /// The largest number taken.
        high: i64,
    },
    /// `verbosity` names no level.
    Level(String),
    /// A duration longer than a day.
    TooLong(String),
    /// `letters` names no letter set.
    Letters(String),
}

/// A type a command's argument is read as.
pub trait Param: Sized {
    /// How it is shown and said in help, usage and completion.
    fn shape() -> Shape;

    /// Reads it from the words left, taking what it reads.
    fn read(args: &mut Args<'_>) -> Result<Self, ArgError>;
}

/// An argument that may be left out: none when no words are left.
impl<T: Param> Param for Option<T> {
    fn shape() -> Shape {
        Shape::optional(T::shape())
    }

    fn read(args: &mut Args<'_>) -> Result<Self, ArgError> {
        if args.is_empty() {
            return Ok(None);
        }
        T::read(args).map(Some)
    }
}

/// A colour word in any language.
pub fn color(word: &str) -> Option<Color> {
    match Keyword::read(word, &[Keyword::White, Keyword::Black])? {
        Keyword::White => Some(Color::White),
        _ => Some(Color::Black),
    }
}

impl Param for Color {
    fn shape() -> Shape {
        Shape::Words(&[Keyword::White, Keyword::Black])
    }

    fn read(args: &mut Args<'_>) -> Result<Self, ArgError> {
        let word = args.word().ok_or(ArgError::Usage)?;
        color(word).ok_or(ArgError::Color)
    }
}

/// The square named in any notation or announcement words ("e4", "e 4", "Eva vier").
pub fn read_square(text: &str) -> Option<Square> {
    static READER: std::sync::OnceLock<Option<MoveReader>> = std::sync::OnceLock::new();
    READER.get_or_init(|| MoveReader::new(&PhrasePack::builtin()).ok()).as_ref()?.read_square(text.trim())
}

/// A square: every word left ("Eva vier" is two); none at all is the command's usage.
impl Param for Square {
    fn shape() -> Shape {
        Shape::Placeholder(Placeholder::Square)
    }

    fn read(args: &mut Args<'_>) -> Result<Self, ArgError> {
        match args.rest() {
            "" => Err(ArgError::Usage),
            text => read_square(text).ok_or_else(|| ArgError::Square(text.trim().to_string())),
        }
    }
}

/// A count: a whole number above zero.
impl Param for usize {
    fn shape() -> Shape {
        Shape::Placeholder(Placeholder::N)
    }

    fn read(args: &mut Args<'_>) -> Result<Self, ArgError> {
        let word = args.word().unwrap_or_default();
        word.parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(|| ArgError::Count(word.to_string()))
    }
}

/// A number of moves made: any whole number.
impl Param for u32 {
    fn shape() -> Shape {
        Shape::Placeholder(Placeholder::N)
    }

    fn read(args: &mut Args<'_>) -> Result<Self, ArgError> {
        args.word().and_then(|w| w.parse().ok()).ok_or(ArgError::Usage)
    }
}

/// A duration: every word left (`5m`, `1h2m3s`, `1:30:00`).
impl Param for Duration {
    fn shape() -> Shape {
        Shape::Placeholder(Placeholder::Duration)
    }

    fn read(args: &mut Args<'_>) -> Result<Self, ArgError> {
        let text = args.rest();
        match parse_duration(text) {
            Ok(duration) => Ok(duration),
            Err(crate::clock::DurationError::TooLong(_)) => Err(ArgError::TooLong(text.to_string())),
            Err(crate::clock::DurationError::Unreadable(_)) => Err(ArgError::Usage),
        }
    }
}

/// The verbosity levels and the words that name them.
pub const LEVELS: [(Verbosity, Keyword); 3] =
    [(Verbosity::Brief, Keyword::Brief), (Verbosity::Normal, Keyword::Normal), (Verbosity::Verbose, Keyword::Verbose)];

impl Param for Verbosity {
    fn shape() -> Shape {
        Shape::Words(&[Keyword::Brief, Keyword::Normal, Keyword::Verbose])
    }

    fn read(args: &mut Args<'_>) -> Result<Self, ArgError> {
        let word = args.rest();
        let keyword = Keyword::read(word, &LEVELS.map(|(_, k)| k));
        LEVELS.iter().find(|(_, k)| Some(*k) == keyword).map(|(v, _)| *v).ok_or(ArgError::Level(word.into()))
    }
}

/// Declares a text argument: every word left, named by `$placeholder` in a synopsis; none left is
/// refused.
macro_rules! text_param {
    ($(#[$meta:meta])* $name:ident, $placeholder:expr) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct $name(pub String);

        impl Param for $name {
            fn shape() -> Shape {
                $placeholder
            }

            fn read(args: &mut Args<'_>) -> Result<Self, ArgError> {
                match args.rest() {
                    "" => Err(ArgError::Usage),
                    text => Ok($name(text.to_string())),
                }
            }
        }
    };
}

text_param!(
    /// A move as typed, read later in the position with the player's letters.
    MoveText,
    Shape::Placeholder(Placeholder::Move)
);
text_param!(
    /// A position as FEN, read later by the rules.
    Fen,
    Shape::Placeholder(Placeholder::Fen)
);
text_param!(
    /// A file's name.
    FileName,
    Shape::Placeholder(Placeholder::File)
);
text_param!(
    /// When and where an adjourned game goes on, as written.
    Resumption,
    Shape::Seq(vec![
        Shape::Placeholder(Placeholder::Date),
        Shape::Placeholder(Placeholder::Time),
        Shape::Placeholder(Placeholder::Place),
    ])
);
text_param!(
    /// Free words, as typed (a chat line).
    ChatText,
    Shape::Placeholder(Placeholder::Text)
);
text_param!(
    /// A command's name, as typed (the front end looks it up among its own commands).
    CommandWord,
    Shape::Placeholder(Placeholder::Command)
);

/// A move named with a command (a claim's intended move, 9.2, 9.3): the text as typed, and once
/// the line has been read in the position, what it names there, so that the question asked first
/// and the command carried out use one reading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IntendedMove {
    text: String,
    read: Option<Result<shakmaty::Move, ReadError>>,
}

impl IntendedMove {
    /// The move as typed.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// What the text names in the position it was read in; `None` until it is read.
    pub fn read(&self) -> Option<&Result<shakmaty::Move, ReadError>> {
        self.read.as_ref()
    }

    /// The same text with its reading in the position now.
    pub fn with_reading(self, read: Result<shakmaty::Move, ReadError>) -> Self {
        IntendedMove { text: self.text, read: Some(read) }
    }
}

impl Param for IntendedMove {
    fn shape() -> Shape {
        Shape::Placeholder(Placeholder::Move)
    }

    fn read(args: &mut Args<'_>) -> Result<Self, ArgError> {
        MoveText::read(args).map(|MoveText(text)| IntendedMove { text, read: None })
    }
}

/// A topic of `explain`, by its catalogue name, named in any interface language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Topic(pub &'static str);

impl Param for Topic {
    fn shape() -> Shape {
        Shape::Placeholder(Placeholder::Topic)
    }

    fn read(args: &mut Args<'_>) -> Result<Self, ArgError> {
        let text = args.rest();
        super::topics::topic(text).map(Topic).ok_or_else(|| ArgError::Topic(text.to_string()))
    }
}

/// Declares a whole number in a range.
macro_rules! number_param {
    ($(#[$meta:meta])* $name:ident, $low:expr, $high:expr) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct $name(pub i64);

        impl Param for $name {
            fn shape() -> Shape {
                Shape::Range($low, $high)
            }

            fn read(args: &mut Args<'_>) -> Result<Self, ArgError> {
                let refused = ArgError::Number { low: $low, high: $high };
                let n = args.rest().parse::<i64>().map_err(|_| refused.clone())?;
                ($low..=$high).contains(&n).then_some($name(n)).ok_or(refused)
            }
        }
    };
}

number_param!(
    /// The speech rate: -100 (slowest) to 100 (fastest).
    Rate,
    -100,
    100
);
number_param!(
    /// The speech volume: 0 to 100.
    Volume,
    0,
    100
);
number_param!(
    /// Moves between the talking clock's times: 0 (it speaks only when asked) to the most.
    EveryMoves,
    0,
    crate::clock::TIME_EVERY_MOST
);
number_param!(
    /// The engine's level in a practice game: 1 (a beginner) to 8 (full strength).
    Level,
    1,
    8
);

#[cfg(test)]
mod tests {
    use super::*;

    fn read<T: Param>(text: &str) -> Result<T, ArgError> {
        let mut args = Args::new(text, Lang::En);
        T::read(&mut args)
    }

    #[test]
    fn simple_arguments_are_read_in_every_language() {
        assert_eq!(read::<Color>("schwarz"), Ok(Color::Black));
        assert_eq!(read::<Color>("valge"), Ok(Color::White));
        assert_eq!(read::<Color>("purple"), Err(ArgError::Color));
        assert_eq!(read::<Color>(""), Err(ArgError::Usage));
        assert_eq!(read::<Option<Color>>(""), Ok(None));
        assert_eq!(read::<Square>("Eva vier"), Ok(Square::E4));
        assert_eq!(read::<Square>("e 4"), Ok(Square::E4));
        assert_eq!(read::<Duration>("1h2m3s"), Ok(Duration::from_secs(3723)));
        assert_eq!(read::<Verbosity>("ausführlich"), Ok(Verbosity::Verbose));
        assert_eq!(read::<Verbosity>("loud"), Err(ArgError::Level("loud".into())));
        assert_eq!(read::<Topic>("Rochade"), Ok(Topic("castling")));
    }

    #[test]
    fn counts_numbers_and_text_are_checked() {
        assert_eq!(read::<usize>("3"), Ok(3));
        assert_eq!(read::<usize>("0"), Err(ArgError::Count("0".into())));
        assert_eq!(read::<Rate>("-100"), Ok(Rate(-100)));
        assert_eq!(read::<Volume>("101"), Err(ArgError::Number { low: 0, high: 100 }));
        assert_eq!(read::<EveryMoves>("0"), Ok(EveryMoves(0)));
        assert_eq!(read::<EveryMoves>("soon"), Err(ArgError::Number { low: 0, high: 100 }));
        assert_eq!(read::<MoveText>("  Nf3 "), Ok(MoveText("Nf3".into())));
        assert_eq!(read::<MoveText>(""), Err(ArgError::Usage));
        let intended = read::<IntendedMove>(" Nf3").unwrap();
        assert_eq!((intended.text(), intended.read()), ("Nf3", None));
        assert_eq!(read::<IntendedMove>(""), Err(ArgError::Usage));
        let mut args = Args::new("white 5m", Lang::En);
        assert_eq!(
            (Color::read(&mut args), Duration::read(&mut args)),
            (Ok(Color::White), Ok(Duration::from_secs(300)))
        );
        assert!(args.is_empty());
    }
}
