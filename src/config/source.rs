//! The text of one configuration file with its name, and why settings could not be made: each
//! refused value worded `FILE:LINE: key: problem`.

use std::ops::RangeInclusive;
use toml::Spanned;

/// A value of the file, with where it stands.
pub(super) type Value<T> = Option<Spanned<T>>;

/// Why the settings could not be made: a file that cannot be read or used (worded
/// `FILE:LINE: key: problem`), or a flag whose value is refused.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file cannot be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why it could not be read.
        source: std::io::Error,
    },
    /// The file is not TOML of the configuration's form (an unknown key among them).
    #[error(transparent)]
    Toml(#[from] crate::messages::TomlError),
    /// A value is refused.
    #[error("{origin}:{line}: {key}: {given:?} is refused; {accepted}")]
    Value {
        /// The file.
        origin: String,
        /// The line of the value.
        line: usize,
        /// The key, `section.name`.
        key: String,
        /// The value as written.
        given: String,
        /// What would be taken.
        accepted: Accepted,
    },
    /// The file is larger than a configuration can be.
    #[error("{origin} is {bytes} bytes long; a configuration file has at most 1 MB")]
    TooLarge {
        /// The file.
        origin: String,
        /// Its length.
        bytes: usize,
    },
    /// `--chess960` names no position; worded in `lang`, the language chosen.
    #[error("--chess960 takes a number from 0 to 959, or random, not {value}")]
    Chess960 {
        /// The value given.
        value: String,
        /// The language the refusal is worded in.
        lang: crate::messages::Lang,
    },
}

/// What a key would take instead of a refused value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Accepted {
    /// A whole number from `low` to `high`.
    #[error("use a whole number from {0} to {1}")]
    Range(i64, i64),
    /// One of these words.
    #[error("use one of {}", .0.join(", "))]
    OneOf(Vec<String>),
    /// A duration as typed (`5m`, `90s`, `1h30m`).
    #[error("use a time such as 5m, 90s or 1h30m")]
    Duration,
    /// A time control (`90+30`, `G/30`, a preset), with what was wrong with the one given.
    #[error("use a time control such as 90+30 or G/30, or a preset")]
    TimeControl(Option<crate::clock::ControlFault>),
    /// The electronic board's serial port (`dgt:/dev/ttyUSB0`).
    #[error("use dgt: and the serial port, such as dgt:/dev/ttyUSB0")]
    Port,
    /// A web address (`https://lichess.org`).
    #[error("use a web address such as https://lichess.org")]
    Address,
    /// A game's id: letters and digits.
    #[error("use the game's id: letters and digits")]
    GameId,
    /// A clock lichess takes: minutes and seconds added a move (`15+10`).
    #[error("use minutes and seconds added a move, such as 15+10")]
    Seek,
}

impl From<crate::choice::UnknownChoice> for Accepted {
    fn from(e: crate::choice::UnknownChoice) -> Accepted {
        Accepted::OneOf(e.names.iter().map(|n| n.to_string()).collect())
    }
}

impl From<crate::clock::DurationError> for Accepted {
    fn from(_: crate::clock::DurationError) -> Accepted {
        Accepted::Duration
    }
}

impl From<crate::clock::ControlError> for Accepted {
    fn from(e: crate::clock::ControlError) -> Accepted {
        Accepted::TimeControl(Some(e.why))
    }
}

impl From<crate::eboard::BoardPortError> for Accepted {
    fn from(_: crate::eboard::BoardPortError) -> Accepted {
        Accepted::Port
    }
}

/// The depths of the engine's search, in half-moves, from a file or the command line.
pub const ENGINE_DEPTHS: RangeInclusive<i64> = 1..=99;
/// The engine's threads.
pub const ENGINE_THREADS: RangeInclusive<i64> = 1..=512;
/// The engine's hash table, in MB.
pub const ENGINE_HASH: RangeInclusive<i64> = 1..=65_536;

/// A value that is not a whole number in the range an option takes.
#[derive(Debug, Clone, thiserror::Error)]
#[error("use a whole number from {} to {}", .0.start(), .0.end())]
pub struct OutOfRange(pub RangeInclusive<i64>);

/// `text` as a whole number in `range`.
pub fn whole_in(text: &str, range: RangeInclusive<i64>) -> Result<i64, OutOfRange> {
    text.trim().parse::<i64>().ok().filter(|n| range.contains(n)).ok_or(OutOfRange(range))
}

impl From<OutOfRange> for Accepted {
    fn from(e: OutOfRange) -> Accepted {
        Accepted::Range(*e.0.start(), *e.0.end())
    }
}

/// The largest configuration read, in bytes.
pub const MAX_CONFIG: usize = 1 << 20;

/// The text of one file, with its name for messages.
pub struct Source<'a> {
    /// The file's name, as shown in messages.
    pub origin: &'a str,
    /// The file's text.
    pub text: &'a str,
}

impl Source<'_> {
    fn line_of(&self, offset: usize) -> usize {
        self.text[..offset.min(self.text.len())].matches('\n').count() + 1
    }

    /// A path from the file: relative paths are taken from the file's own directory.
    pub(super) fn relative(&self, path: &str) -> std::path::PathBuf {
        let path = std::path::PathBuf::from(path);
        match std::path::Path::new(self.origin).parent() {
            Some(dir) if path.is_relative() && dir.is_dir() => dir.join(path),
            _ => path,
        }
    }

    /// The value `value` of `key` refused: `accepted` is what it would take.
    pub(super) fn error(
        &self,
        key: &str,
        value: &Spanned<impl ValueText>,
        accepted: impl Into<Accepted>,
    ) -> ConfigError {
        ConfigError::Value {
            origin: self.origin.to_string(),
            line: self.line_of(value.span().start),
            key: key.to_string(),
            given: value.get_ref().text(),
            accepted: accepted.into(),
        }
    }
}

/// A value as it was written, for the message that refuses it.
pub(super) trait ValueText {
    /// The value as text.
    fn text(&self) -> String;
}

impl ValueText for String {
    fn text(&self) -> String {
        self.clone()
    }
}

impl ValueText for bool {
    fn text(&self) -> String {
        self.to_string()
    }
}

impl ValueText for i64 {
    fn text(&self) -> String {
        self.to_string()
    }
}

impl ValueText for f64 {
    fn text(&self) -> String {
        self.to_string()
    }
}

impl ValueText for Vec<String> {
    fn text(&self) -> String {
        self.join(", ")
    }
}
