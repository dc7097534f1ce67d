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
    /// What is wrong, as far as it can be told in the user's language.
    pub problem: TomlProblem,
}

/// What is wrong with a TOML file, told apart for a message in the user's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TomlProblem {
    /// A key (`section.name`) or a section (`name`) the file's form does not have, and the ones
    /// it has there.
    Unknown {
        /// The key or section, as written.
        key: String,
        /// Whether it is a section.
        section: bool,
        /// The keys or sections there are.
        known: Vec<String>,
    },
    /// A value of another kind than its key takes.
    WrongKind {
        /// The key, `section.name`.
        key: String,
        /// What it takes.
        expected: ValueKind,
    },
    /// A key (`section.name`) or a section (`name`) written twice.
    Twice {
        /// The key or section, as written.
        key: String,
    },
    /// Not TOML there.
    Syntax,
}

/// The kinds of values a key takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    /// A whole number.
    WholeNumber,
    /// A number, perhaps with decimals.
    Number,
    /// `true` or `false`.
    YesNo,
    /// Text in quotes.
    Text,
    /// A list in brackets.
    List,
}

impl TomlError {
    /// The error `err` met reading `text` from `origin`.
    pub fn new(origin: &str, text: &str, err: &toml::de::Error) -> TomlError {
        let at = err.span().map(|s| s.start.min(text.len()));
        let line = at.map(|at| text[..at].matches('\n').count() + 1);
        let message = err.message().trim().replace('\n', " ");
        let problem = at.map_or(TomlProblem::Syntax, |at| problem(text, at, &message));
        TomlError { origin: origin.to_string(), line, message, problem }
    }
}

/// What the parser's `message` about the place `at` of `text` means.
fn problem(text: &str, at: usize, message: &str) -> TomlProblem {
    let (section, key) = place(text, at);
    let path = |name: &str| match &section {
        Some(section) => format!("{section}.{name}"),
        None => name.to_string(),
    };
    if let Some(rest) = message.strip_prefix("unknown field `") {
        let name = rest.split('`').next().unwrap_or_default();
        let known = rest
            .split_once("expected")
            .map_or(Vec::new(), |(_, list)| list.split('`').skip(1).step_by(2).map(String::from).collect());
        // A section header names a section; a key inside a section names a key of it.
        let header = line_at(text, at).trim_start().starts_with('[');
        let key = if header { name.to_string() } else { path(name) };
        return TomlProblem::Unknown { key, section: header, known };
    }
    if message.starts_with("duplicate key") {
        let line = line_at(text, at).trim();
        let twice = match line.strip_prefix('[') {
            Some(header) => Some(header.trim_matches(|c| c == '[' || c == ']').trim().to_string()),
            None => key.as_deref().map(path),
        };
        if let Some(key) = twice {
            return TomlProblem::Twice { key };
        }
    }
    if let Some((_, expected)) = message.strip_prefix("invalid type:").and_then(|m| m.rsplit_once("expected ")) {
        let expected = match expected.trim() {
            "i64" | "u64" | "i32" | "u32" | "u8" | "u16" | "an integer" => Some(ValueKind::WholeNumber),
            "f64" | "f32" | "a float" => Some(ValueKind::Number),
            "a boolean" => Some(ValueKind::YesNo),
            "a string" => Some(ValueKind::Text),
            "a sequence" => Some(ValueKind::List),
            _ => None,
        };
        if let (Some(expected), Some(key)) = (expected, key) {
            return TomlProblem::WrongKind { key: path(&key), expected };
        }
    }
    TomlProblem::Syntax
}

/// The section the place `at` is in, and the key written on its line.
fn place(text: &str, at: usize) -> (Option<String>, Option<String>) {
    let section = text[..at]
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('[') && !l.starts_with("[["))
        .map(|l| l.trim_matches(|c| c == '[' || c == ']').trim().to_string());
    let key = line_at(text, at).split_once('=').map(|(k, _)| k.trim().trim_matches('"').to_string());
    (section, key.filter(|k| !k.is_empty()))
}

/// The line of `text` the place `at` is on.
fn line_at(text: &str, at: usize) -> &str {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    &text[start..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_of(text: &str) -> TomlError {
        let err = toml::from_str::<toml::Table>(text).unwrap_err();
        TomlError::new("c.toml", text, &err)
    }

    #[test]
    fn a_key_or_a_section_written_twice_is_named() {
        let key = error_of("[game]\nwhite = \"A\"\nwhite = \"B\"\n");
        assert_eq!((key.line, key.problem), (Some(3), TomlProblem::Twice { key: "game.white".into() }));
        let section = error_of("[game]\nwhite = \"A\"\n[game]\nblack = \"B\"\n");
        assert_eq!(section.problem, TomlProblem::Twice { key: "game".into() });
        assert_eq!(error_of("[game\n").problem, TomlProblem::Syntax);
    }
}
