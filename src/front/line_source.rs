//! Where input comes from: lines typed (plain lines from standard input for scripts, pipes and
//! screen readers; the terminal's line editor, in `readline`) and the keys that stand for a
//! command.

use std::io::{self, BufRead};

use crate::command::Key;

/// Something typed: a line, or a key that stands for a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    /// A line.
    Line(String),
    /// A key (F2, Ctrl-C).
    Key(Key),
}

/// Where typed lines come from: the terminal's line editor or plain standard input.
pub trait LineSource {
    /// The next line, or `None` at the end of input.
    fn read_line(&mut self) -> io::Result<Option<String>>;

    /// The next line or key, or `None` at the end of input.
    fn read(&mut self) -> io::Result<Option<Typed>> {
        Ok(self.read_line()?.map(Typed::Line))
    }

    /// The prompt for the next line (ignored where no prompt is shown).
    fn set_prompt(&mut self, _prompt: &str) {}

    /// Whether a person types at it (a terminal), rather than a script or a pipe: a person may
    /// type while the engine thinks; a script's next line waits for the engine's move.
    fn is_interactive(&self) -> bool {
        false
    }
}

/// Lines from any reader, without prompt or editing.
pub struct PlainLines<R> {
    reader: R,
}

impl<R: BufRead> PlainLines<R> {
    /// Lines from `reader`.
    pub fn new(reader: R) -> PlainLines<R> {
        PlainLines { reader }
    }
}

impl<R: BufRead> LineSource for PlainLines<R> {
    /// The next line; bytes that are not text arrive as U+FFFD, for the session to refuse that
    /// line alone.
    fn read_line(&mut self) -> io::Result<Option<String>> {
        let mut bytes = Vec::new();
        if self.reader.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(None);
        }
        let line = String::from_utf8_lossy(&bytes);
        Ok(Some(line.trim_end_matches(['\r', '\n']).to_string()))
    }
}
