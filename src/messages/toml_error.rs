//! A TOML file that cannot be read (a configuration, a phrase pack, an envelope), with the file,
//! the line and the parser's message, short enough to be spoken.

/// A TOML file that cannot be read, worded `FILE:LINE: message`.
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
