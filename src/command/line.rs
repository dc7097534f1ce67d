//! Reading a typed line once: a command of the front end's set with its arguments read, a move,
//! or why the line cannot be read at all; and the keys that stand for a command (F2, Ctrl-C).

use super::params::{ArgError, Args};
use super::record::{lookup, CommandSet, Record};
use super::shape::Shape;
use crate::messages::Lang;

/// One line of input, read once into what it asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Input<C> {
    /// An empty line (`ok` to a relay in `confirm` mode).
    Empty,
    /// A command with its arguments read.
    Command(C),
    /// A command whose arguments do not fit it.
    Refused(Refusal),
    /// Anything that is not a command is read as a move.
    Move(String),
    /// The legal move an answer picked (the promotion piece, the piece or the side asked for).
    Picked(shakmaty::Move),
    /// A line that cannot be read at all.
    Unreadable(LineProblem),
}

/// A command whose arguments were refused: which command, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The command's record.
    pub record: &'static Record,
    /// Why its arguments were refused.
    pub error: ArgError,
}

/// A key that stands for a command, whatever line is being typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// F2 on an empty line: listen for the next utterance.
    PushToTalk,
    /// Ctrl-C: leave.
    Interrupt,
}

/// The longest line read, in characters; a move or a command is far shorter.
pub const MAX_LINE: usize = 4096;

/// Why a line cannot be read at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineProblem {
    /// Longer than [`MAX_LINE`] characters (how many, counted up to a bound).
    TooLong(usize),
    /// It holds bytes that are not text (UTF-8); they arrive as U+FFFD.
    NotText,
    /// It holds a control character.
    Control(char),
}

/// What makes `line` unreadable, if anything; found in one pass, at most [`MAX_LINE`] + 1
/// characters into it.
pub fn line_problem(line: &str) -> Option<LineProblem> {
    let mut count = 0;
    for c in line.chars() {
        count += 1;
        if count > MAX_LINE {
            return Some(LineProblem::TooLong(line.chars().count()));
        }
        match c {
            '\u{FFFD}' => return Some(LineProblem::NotText),
            '\t' | '\r' | '\n' => {}
            c if c.is_control() => return Some(LineProblem::Control(c)),
            _ => {}
        }
    }
    None
}

/// The usual name of a control character: `NUL`, `ESC`, `DEL` … with its code.
pub fn control_name(c: char) -> String {
    const ASCII: [&str; 32] = [
        "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR", "SO", "SI", "DLE",
        "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US",
    ];
    let code = format!("U+{:04X}", c as u32);
    match c as usize {
        n if n < 32 => format!("{} ({code})", ASCII[n]),
        0x7F => format!("DEL ({code})"),
        _ => code,
    }
}

/// What `line` asks for among the commands `C`; the arguments are read in `lang` (the interface
/// language decides which letter set a piece letter is read in first).
pub fn parse_line<C: CommandSet>(line: &str, lang: Lang) -> Input<C> {
    if let Some(problem) = line_problem(line) {
        return Input::Unreadable(problem);
    }
    let line = line.trim();
    if line.is_empty() {
        return Input::Empty;
    }
    // A word of courtesy at the end is no part of a move or a command, except of free text (a
    // chat line), which keeps every word.
    let first_word = line.split_whitespace().next().unwrap_or_default();
    let free_text = lookup(C::records(), first_word).is_some_and(|r| (r.signature)().iter().any(Shape::takes_text));
    let line = if free_text { line } else { without_courtesy(line) };
    // A sentence that stands for a command ("whose move?"), with the arguments it gives.
    if let Some((record, args)) = super::phrases::sentence(line, C::records()) {
        return read_command(record, &args, lang);
    }
    // A closing mark after a command whose words carry none ("time?").
    let known = |name: &str| lookup(C::records(), name);
    let line = super::phrases::bared(line, |first| {
        known(first).is_some_and(|r| !(r.signature)().iter().any(super::shape::Shape::takes_marks))
    });
    let (first, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let Some(record) = lookup(C::records(), first) else { return Input::Move(line.to_string()) };
    // A command that takes nothing, followed by something, is not that command: "R f3".
    if record.takes_nothing() && !rest.trim().is_empty() {
        return Input::Move(line.to_string());
    }
    read_command(record, rest, lang)
}

/// Words of courtesy that end a line ("Läufer Bella fünf, bitte"): not part of what is asked.
const COURTESY: [&str; 8] = ["please", "thanks", "thank you", "bitte", "danke", "palun", "aitäh", "tänan"];

/// `line` without a word of courtesy at its end (and the comma before it), when more is left.
fn without_courtesy(line: &str) -> &str {
    let lower = line.to_lowercase();
    if lower.len() != line.len() {
        return line;
    }
    for word in COURTESY {
        let Some(rest) = lower.strip_suffix(word) else { continue };
        let kept = rest.trim_end().trim_end_matches(',').trim_end();
        // Only a word of its own (not the end of another), with something before it.
        if !kept.is_empty() && rest.ends_with(|c: char| c.is_whitespace() || c == ',') {
            return &line[..kept.len()];
        }
    }
    line
}

/// The command `record` names, its arguments read from `rest`.
pub fn read_command<C: CommandSet>(record: &'static Record, rest: &str, lang: Lang) -> Input<C> {
    let mut args = Args::new(rest, lang);
    let read = C::read(record, &mut args).and_then(|c| if args.is_empty() { Ok(c) } else { Err(ArgError::Usage) });
    match read {
        Ok(command) => Input::Command(command),
        Err(error) => Input::Refused(Refusal { record, error }),
    }
}

/// Whether a line names one of the commands `C` (its first word), whatever its arguments.
pub fn names_command<C: CommandSet>(line: &str) -> bool {
    let first = line.split_whitespace().next().unwrap_or("");
    lookup(C::records(), first).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_of_courtesy_at_the_end_is_no_part_of_what_is_asked() {
        assert_eq!(without_courtesy("Läufer Bella fünf please"), "Läufer Bella fünf");
        assert_eq!(without_courtesy("Nf3, bitte"), "Nf3");
        assert_eq!(without_courtesy("fen thank you"), "fen");
        assert_eq!(without_courtesy("palun"), "palun", "nothing else asked");
        let chat = "chat see you, thanks";
        assert_eq!(without_courtesy(chat), "chat see you");
        assert_eq!(without_courtesy("Ebitte"), "Ebitte", "not a word of its own");
    }
}
