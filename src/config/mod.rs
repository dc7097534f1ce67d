//! Configuration: the embedded `config/default.toml`, the user's file and `--config FILE`, each
//! overriding the one before; errors name the file, the line and the key.

mod file;
mod flags;
mod listening;
mod sections;
mod settings;
mod source;

pub use file::{settings_to_toml, DEFAULT};
pub use flags::{resolve, Flags};
pub use listening::{EngineSettings, ListenMode, Listening, THRESHOLD};
pub use settings::{parse_blind, ClockMode, FlagMode, Listeners, Seat, Settings, SpeechMode, Verbosity};
pub use source::{ConfigError, Source};

/// A TOML file that cannot be read, worded `FILE:LINE: message`, short enough to speak.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{origin}{}: {message}", line.map(|l| format!(":{l}")).unwrap_or_default())]
pub struct TomlError {
    /// The file, as named in messages.
    pub origin: String,
    /// The line the problem is on, when the parser says.
    pub line: Option<usize>,
    /// The parser's message, on one line.
    pub message: String,
}

impl TomlError {
    /// The error `err` met reading `text` from `origin`.
    pub fn new(origin: &str, text: &str, err: &toml::de::Error) -> TomlError {
        let line = err.span().map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
        TomlError { origin: origin.to_string(), line, message: err.message().trim().replace('\n', " ") }
    }
}
