//! Where input comes from: lines typed (plain lines from standard input for scripts, pipes and
//! screen readers; the terminal's line editor, in `readline`) and the keys that stand for a
//! command; and a source asked for a line on a thread of its own, so that whoever asks may wait
//! for other things meanwhile, and hand the source on with the line still being typed.

use std::io::{self, BufRead};
use std::sync::mpsc;
use std::thread::JoinHandle;

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

/// A line source that is asked for a line on a thread of its own ([`Prompter::ask`]): the line is
/// collected when it comes ([`Prompter::answered`]), while the asker waits for other things too.
/// Read as a source (handed on to the game's loop), a line asked for and not collected comes
/// first, however long it is still being typed.
pub struct Prompter {
    /// The source, when no line is being asked of it.
    idle: Option<Box<dyn LineSource + Send>>,
    /// The thread reading the line asked for, which hands the source back.
    asking: Option<JoinHandle<Box<dyn LineSource + Send>>>,
    /// The lines read on it.
    lines: mpsc::Receiver<io::Result<Option<Typed>>>,
    read: mpsc::Sender<io::Result<Option<Typed>>>,
    interactive: bool,
}

impl Prompter {
    /// Lines of `source`, asked for one at a time.
    pub fn new(source: Box<dyn LineSource + Send>) -> Prompter {
        let (read, lines) = mpsc::channel();
        let interactive = source.is_interactive();
        Prompter { idle: Some(source), asking: None, lines, read, interactive }
    }

    /// Asks for a line (unless one is being asked for already), with `prompt`; `typed` is called
    /// once it has come, from the thread that read it. Where no thread can be made, the input is
    /// taken to have ended.
    pub fn ask(&mut self, prompt: &str, typed: impl FnOnce() + Clone + Send + 'static) {
        let Some(mut source) = self.idle.take() else { return };
        let (read, prompt, come) = (self.read.clone(), prompt.to_string(), typed.clone());
        let reading = std::thread::Builder::new().name("input".into()).spawn(move || {
            source.set_prompt(&prompt);
            let _ = read.send(source.read());
            come();
            source
        });
        match reading {
            Ok(handle) => self.asking = Some(handle),
            Err(_) => {
                let _ = self.read.send(Ok(None));
                typed();
            }
        }
    }

    /// The line asked for, if it has come (its thread's source is taken back).
    pub fn answered(&mut self) -> Option<io::Result<Option<Typed>>> {
        let typed = self.lines.try_recv().ok()?;
        self.take_back();
        Some(typed)
    }

    /// Whether a line is being asked for and has not been collected.
    pub fn is_asking(&self) -> bool {
        self.asking.is_some()
    }

    /// The source back from the thread that read a line (none if it broke).
    fn take_back(&mut self) {
        if let Some(asking) = self.asking.take() {
            self.idle = asking.join().ok();
        }
    }
}

/// The next line of a `source` that reads lines and keys, the keys passed over.
pub(super) fn next_line(source: &mut dyn LineSource) -> io::Result<Option<String>> {
    loop {
        match source.read()? {
            Some(Typed::Line(line)) => return Ok(Some(line)),
            Some(Typed::Key(_)) => continue,
            None => return Ok(None),
        }
    }
}

impl LineSource for Prompter {
    fn read_line(&mut self) -> io::Result<Option<String>> {
        next_line(self)
    }

    /// The line asked for and not collected first (waited for if it is still being typed), then
    /// the source's own.
    fn read(&mut self) -> io::Result<Option<Typed>> {
        if self.asking.is_some() {
            let typed = self.lines.recv().unwrap_or(Ok(None));
            self.take_back();
            return typed;
        }
        match self.idle.as_mut() {
            Some(source) => source.read(),
            None => Ok(None),
        }
    }

    fn set_prompt(&mut self, prompt: &str) {
        if let Some(source) = self.idle.as_mut() {
            source.set_prompt(prompt);
        }
    }

    fn is_interactive(&self) -> bool {
        self.interactive
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines of `text` as a source.
    fn lines(text: &'static str) -> Box<dyn LineSource + Send> {
        Box::new(PlainLines::new(io::Cursor::new(text)))
    }

    #[test]
    fn a_line_asked_for_is_collected_when_it_has_come_and_the_source_read_on_after_it() {
        let mut prompter = Prompter::new(lines("yes\nNf3\n"));
        assert!(prompter.answered().is_none(), "nothing asked");
        let (came, wait) = mpsc::channel();
        prompter.ask("? ", move || came.send(()).unwrap());
        prompter.ask("? ", || unreachable!("asked twice"));
        wait.recv().unwrap();
        assert!(matches!(prompter.answered(), Some(Ok(Some(Typed::Line(l)))) if l == "yes"));
        assert!(!prompter.is_asking());
        assert_eq!(prompter.read_line().unwrap().as_deref(), Some("Nf3"));
        assert_eq!(prompter.read_line().unwrap(), None, "the end of input");
    }

    #[test]
    fn a_line_asked_for_and_never_collected_is_read_first_by_whoever_reads_on() {
        let mut prompter = Prompter::new(lines("yes\nNf3\n"));
        prompter.ask("? ", || {});
        assert!(prompter.is_asking());
        // Handed on uncollected: nothing typed is lost.
        assert_eq!(prompter.read_line().unwrap().as_deref(), Some("yes"));
        assert_eq!(prompter.read_line().unwrap().as_deref(), Some("Nf3"));
    }
}
