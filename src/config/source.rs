//! The text of one configuration file with its name, and why settings could not be made: each
//! refused value worded `FILE:LINE: key: problem`.

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
    #[error("{origin}:{line}: {key}: {problem}")]
    Value {
        /// The file.
        origin: String,
        /// The line of the value.
        line: usize,
        /// The key, `section.name`.
        key: String,
        /// What is wrong with the value.
        problem: String,
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

impl ConfigError {
    /// The refusal as the user reads it: a refused flag in the language chosen; a file's
    /// problem as `FILE:LINE: key: problem`.
    pub fn worded(&self) -> String {
        match self {
            ConfigError::Chess960 { value, lang } => {
                crate::messages::Catalog::shipped(*lang).text("error.chess960", &[("value", value)])
            }
            other => other.to_string(),
        }
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

    pub(super) fn error<T>(&self, key: &str, value: &Spanned<T>, problem: impl std::fmt::Display) -> ConfigError {
        ConfigError::Value {
            origin: self.origin.to_string(),
            line: self.line_of(value.span().start),
            key: key.to_string(),
            problem: problem.to_string(),
        }
    }

    pub(super) fn parsed<T>(&self, key: &str, value: &Value<String>) -> Result<Option<T>, ConfigError>
    where
        T: std::str::FromStr,
        T::Err: std::fmt::Display,
    {
        value.as_ref().map(|v| v.get_ref().parse::<T>().map_err(|e| self.error(key, v, e))).transpose()
    }
}
