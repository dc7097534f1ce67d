//! A configuration refused, in the user's language: the file and line, the key by name, what was
//! wrong and what would be taken. Printed with the file's path and the key as written
//! (`speech.rate`); spoken with the file's name alone and the key in words ("speech rate").

use super::source::{Accepted, ConfigError};
use crate::clock::ControlFault;
use crate::messages::{TomlError, TomlProblem, ValueKind};
use crate::wording::{file_name, Wording, Words};

impl ConfigError {
    /// The refusal in `w`'s language; a refused `--chess960` in the language it was given with.
    pub fn worded(&self, w: &Wording) -> Words {
        match self {
            ConfigError::Chess960 { value, lang } => {
                let w = Wording::in_language(*lang);
                w.words("error.chess960", &[("value", w.typed(value))])
            }
            ConfigError::Read { path, source } => {
                let reason = crate::messages::io_read_reason(w.catalog(), source);
                w.words("configuration.unreadable", &[("file", file_name(path)), ("reason", reason.into())])
            }
            ConfigError::TooLarge { origin, bytes } => {
                w.words("configuration.too_large", &[("file", file_name(origin)), ("bytes", bytes.to_string().into())])
            }
            ConfigError::Toml(toml) => toml_words(w, toml),
            ConfigError::Value { origin, line, key, given, accepted } => {
                let args = [
                    ("place", place(w, origin, Some(*line))),
                    ("key", key_words(key)),
                    ("given", w.typed(given)),
                    ("accepted", accepted.worded(w)),
                ];
                w.words("configuration.bad_value", &args)
            }
        }
    }
}

/// What is wrong with a file as TOML (a configuration, an envelope), in `w`'s language.
pub fn toml_words(w: &Wording, toml: &TomlError) -> Words {
    let at = place(w, &toml.origin, toml.line);
    match &toml.problem {
        TomlProblem::Unknown { key, section, known } => {
            let message = if *section { "configuration.unknown_section" } else { "configuration.unknown_key" };
            let known: Vec<Words> = known.iter().map(|k| key_words(k)).collect();
            w.words(message, &[("place", at), ("key", key_words(key)), ("known", Words::join(known, ", "))])
        }
        TomlProblem::WrongKind { key, expected } => {
            let kind = match expected {
                ValueKind::WholeNumber => "configuration.kind.whole_number",
                ValueKind::Number => "configuration.kind.number",
                ValueKind::YesNo => "configuration.kind.yes_no",
                ValueKind::Text => "configuration.kind.text",
                ValueKind::List => "configuration.kind.list",
            };
            w.words("configuration.wrong_kind", &[("place", at), ("key", key_words(key)), ("kind", w.words(kind, &[]))])
        }
        TomlProblem::Twice { key } => w.words("configuration.twice", &[("place", at), ("key", key_words(key))]),
        TomlProblem::Syntax => {
            w.words("configuration.syntax", &[("place", at), ("detail", Words::new(toml.message.as_str(), ""))])
        }
    }
}

/// "c.toml, line 2": the file's path printed, its name spoken.
fn place(w: &Wording, origin: &str, line: Option<usize>) -> Words {
    match line {
        Some(line) => {
            w.words("configuration.place_line", &[("file", file_name(origin)), ("line", line.to_string().into())])
        }
        None => file_name(origin),
    }
}

/// A key as written (`speech.rate`) and in words ("speech rate").
fn key_words(key: &str) -> Words {
    Words::new(key, key.replace(['.', '_', '-'], " "))
}

/// What is wrong with a time control, in words.
fn fault_words(w: &Wording, fault: &ControlFault) -> Words {
    let key = match fault {
        ControlFault::NotWholeNumber(part) if part.trim().is_empty() => "time_control.fault.number_missing",
        ControlFault::NotWholeNumber(part) => {
            return w.words("time_control.fault.not_whole_number", &[("part", w.typed(part))])
        }
        ControlFault::NoTime => "time_control.fault.no_time",
        ControlFault::TooLong => "time_control.fault.too_long",
        ControlFault::AddsTooMuch => "time_control.fault.adds_too_much",
        ControlFault::TooManyMoves => "time_control.fault.too_many_moves",
        ControlFault::NoMoves => "time_control.fault.no_moves",
        ControlFault::NamesNone => "time_control.fault.names_none",
        ControlFault::Empty => "time_control.fault.empty",
        ControlFault::RestNotLast => "time_control.fault.rest_not_last",
    };
    w.words(key, &[])
}

impl Accepted {
    /// What a key or an option would take, in words ("use on or off").
    pub fn worded(&self, w: &Wording) -> Words {
        match self {
            Accepted::Range(low, high) => {
                w.words("configuration.accept.range", &[("low", w.signed(*low)), ("high", w.signed(*high))])
            }
            Accepted::OneOf(words) => w.words("configuration.accept.one_of", &[("words", w.or_list(words).into())]),
            Accepted::Duration => w.words("configuration.accept.duration", &[]),
            Accepted::TimeControl(fault) => {
                // A preset is said with its signs as pauses ("ussr 1").
                let presets: Vec<Words> =
                    crate::clock::PRESETS.iter().map(|(name, _)| Words::new(*name, name.replace('-', " "))).collect();
                let accepted = w.words("configuration.accept.time_control", &[("presets", w.list(&presets))]);
                match fault {
                    Some(fault) => w.words(
                        "configuration.accept.after_fault",
                        &[("why", fault_words(w, fault)), ("accepted", accepted)],
                    ),
                    None => accepted,
                }
            }
            Accepted::Port => w.words("configuration.accept.port", &[]),
            Accepted::Address => w.words("configuration.accept.address", &[]),
            Accepted::GameId => w.words("configuration.accept.game_id", &[]),
            Accepted::Seek => w.words("configuration.accept.seek", &[]),
        }
    }
}
