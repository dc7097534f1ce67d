//! What is said when a line cannot be read or a command's arguments are refused: what was wrong
//! and what would be taken, printed with the command's synopsis and spoken in words.

use super::line::{control_name, LineProblem, Refusal, MAX_LINE};
use super::params::ArgError;
use super::record::Record;
use super::topics::TOPICS;
use crate::audio::Cue;
use crate::wording::{Line, Wording, Words};

/// "time takes me, opponent, white or black": what a command takes, printed as its synopsis and
/// spoken in words.
pub fn usage(w: &Wording, record: &Record) -> Line {
    let lang = w.lang();
    let name = Words::plain(record.name_in(lang));
    let expected = Words::new(record.synopsis(lang), record.spoken_synopsis(w.catalog()));
    w.say(w.words("error.bad_argument", &[("command", name), ("expected", expected)])).with_cue(Cue::Error)
}

/// The topics of `explain`, named in the interface language.
pub fn topic_list(w: &Wording) -> String {
    let names: Vec<String> = TOPICS.iter().map(|t| w.text(&format!("explain.topic.{t}"), &[])).collect();
    names.join(", ")
}

impl Refusal {
    /// What was wrong with the arguments and what would be taken, with the error cue.
    pub fn lines(&self, w: &Wording) -> Vec<Line> {
        let record = self.record;
        let name = record.name_in(w.lang());
        let line = match &self.error {
            ArgError::Color if (record.signature)().len() == 1 => {
                let expected = w.or_list(&[w.color(shakmaty::Color::White), w.color(shakmaty::Color::Black)]);
                w.say_text(w.text("error.bad_argument", &[("command", name), ("expected", &expected)]))
            }
            ArgError::Usage | ArgError::Color => usage(w, record),
            ArgError::Count(text) if matches!(record.name, "history" | "last") => {
                let key = if record.name == "history" { "history.bad_count" } else { "last.bad_count" };
                w.say(w.words(key, &[("text", w.typed(text))]))
            }
            ArgError::Count(text) if !text.is_empty() => {
                w.say(w.words("error.count", &[("command", name.to_string().into()), ("text", w.typed(text))]))
            }
            ArgError::Count(_) => usage(w, record),
            ArgError::Square(text) if record.name == "legal" => {
                w.say(w.words("legal.bad_square", &[("text", w.typed(text))]))
            }
            ArgError::Square(text) => w.say(w.words("query.bad_square", &[("text", w.typed(text))])),
            ArgError::Sheet => w.say(w.words("table.sheet_bad", &[])),
            ArgError::ExportFormat(format) => {
                let args = [("format", w.typed(format)), ("formats", crate::table::SheetFormat::NAMES.into())];
                w.say(w.words("export.bad_format", &args))
            }
            ArgError::PieceWord(word) => w.say(w.words("query.bad_piece", &[("word", w.typed(word))])),
            ArgError::Line => w.line("query.bad_line", &[]),
            ArgError::Topic(topic) => {
                w.say(w.words("explain.unknown", &[("topic", w.typed(topic)), ("topics", topic_list(w).into())]))
            }
            ArgError::Number { low, high } => {
                let args = [("command", name.to_string().into()), ("low", w.signed(*low)), ("high", w.signed(*high))];
                w.say(w.words("voice.bad_number", &args))
            }
            ArgError::Level(level) => w.say(w.words("verbosity.bad", &[("level", w.typed(level))])),
            ArgError::Letters(word) => w.say(w.words("letters.bad", &[("word", w.typed(word))])),
            ArgError::TooLong(text) => {
                w.say(w.words("error.too_long", &[("command", name.to_string().into()), ("text", w.typed(text))]))
            }
        };
        vec![line.with_cue(Cue::Error)]
    }
}

impl LineProblem {
    /// Why the line cannot be read at all, with the error cue.
    pub fn lines(&self, w: &Wording) -> Vec<Line> {
        let line = match *self {
            LineProblem::TooLong(length) => {
                let args = [("length", length.to_string()), ("most", MAX_LINE.to_string())];
                w.line_of("input.too_long", &args)
            }
            LineProblem::NotText => w.line("input.not_text", &[]),
            LineProblem::Control(c) => w.line("input.control", &[("name", &control_name(c))]),
        };
        vec![line.with_cue(Cue::Error)]
    }
}

/// What a slip of a command's name meant, when "Did you mean …?" names it: one command (carried
/// out on a yes), or several by name (a yes is asked which).
#[derive(Debug, Clone, PartialEq)]
pub enum Slip<T> {
    /// The command meant, with the words after the slip read as its arguments.
    One(T),
    /// The commands it may have meant, by name.
    Several(Vec<String>),
}

/// "Which one? Say board or eboard.": the question after a yes to a slip that named several.
pub fn which_one(w: &Wording, names: &[String]) -> Line {
    let names = Words::plain(w.or_list(names));
    w.say(w.words("question.which_command", &[("commands", names)]))
}
