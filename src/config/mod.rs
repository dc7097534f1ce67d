//! Configuration: the embedded `config/default.toml`, the user's file and `--config FILE`, each
//! overriding the one before; errors name the file, the line and the key.

mod file;
mod flags;
mod settings;

pub use file::{settings_to_toml, ConfigError, Source, DEFAULT};
pub use flags::{resolve, Flags};
pub use settings::{parse_blind, ClockMode, FlagMode, Listeners, Settings, SpeechMode, Verbosity};

/// Formats a TOML error as `FILE:LINE: message`, short enough to speak.
pub fn describe_toml_error(origin: &str, text: &str, err: &toml::de::Error) -> String {
    let line = err.span().map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
    let message = err.message().trim().replace('\n', " ");
    match line {
        Some(line) => format!("{origin}:{line}: {message}"),
        None => format!("{origin}: {message}"),
    }
}
