//! Reading a typed line once: a command of the front end's set with its arguments read, a move,
//! or why the line cannot be read at all; and the keys that stand for a command (F2, Ctrl-C).

use super::params::{ArgError, Args};
use super::record::{lookup, CommandSet, Record};
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
