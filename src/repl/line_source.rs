//! Where input lines come from: rustyline (history, completion from the command registry) on a
//! terminal, plain lines from standard input otherwise (scripts, pipes, screen readers).

use std::io::{self, BufRead};
use std::path::PathBuf;

use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{
    Cmd, ConditionalEventHandler, Context, Editor, Event, EventContext, EventHandler, ExternalPrinter, Helper, KeyCode,
    KeyEvent, Modifiers, RepeatCount,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::completion::completions;
use crate::messages::Lang;

/// Where typed lines come from: the terminal's line editor or plain standard input.
pub trait LineSource {
    /// The next line, or `None` at the end of input.
    fn read_line(&mut self) -> io::Result<Option<String>>;

    /// The prompt for the next line (ignored where no prompt is shown).
    fn set_prompt(&mut self, _prompt: &str) {}
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

/// Completes command names from the registry.
struct Commands {
    lang: Lang,
}

impl Completer for Commands {
    type Candidate = String;

    fn complete(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> rustyline::Result<(usize, Vec<String>)> {
        Ok(completions(&line[..pos], self.lang))
    }
}

impl Hinter for Commands {
    type Hint = String;
}
impl Highlighter for Commands {}
impl Validator for Commands {}
impl Helper for Commands {}

/// The push-to-talk key: on an empty line it ends the line as the command `listen`.
pub const PUSH_TO_TALK: KeyCode = KeyCode::F(2);

/// F2 on an empty line: marks the line as push to talk and accepts it.
struct PushToTalk(Arc<AtomicBool>);

impl ConditionalEventHandler for PushToTalk {
    fn handle(&self, _: &Event, _: RepeatCount, _: bool, ctx: &EventContext) -> Option<Cmd> {
        if !ctx.line().trim().is_empty() {
            return None;
        }
        self.0.store(true, Ordering::SeqCst);
        Some(Cmd::AcceptLine)
    }
}

/// An interactive terminal with history and completion.
pub struct Readline {
    editor: Editor<Commands, DefaultHistory>,
    prompt: String,
    history: Option<PathBuf>,
    pushed: Arc<AtomicBool>,
}

impl Readline {
    /// The line editor with completion in `lang`, keeping its history in `history`.
    pub fn new(lang: Lang, history: Option<PathBuf>) -> rustyline::Result<Readline> {
        // Several candidates are listed (not cycled through), so that a screen reader reads them.
        let config = rustyline::Config::builder().completion_type(rustyline::CompletionType::List).build();
        let mut editor = Editor::with_config(config)?;
        editor.set_helper(Some(Commands { lang }));
        if let Some(path) = &history {
            // A missing history file is the normal first run.
            let _ = editor.load_history(path);
        }
        let pushed = Arc::new(AtomicBool::new(false));
        let handler = EventHandler::Conditional(Box::new(PushToTalk(pushed.clone())));
        editor.bind_sequence(KeyEvent(PUSH_TO_TALK, Modifiers::NONE), handler);
        Ok(Readline { editor, prompt: "> ".into(), history, pushed })
    }
}

impl Readline {
    /// A writer for output that arrives while a line is being typed (the clock's warnings): it
    /// appears above the prompt without breaking the line being typed.
    pub fn printer(&mut self) -> Option<TerminalPrinter> {
        let printer = self.editor.create_external_printer().ok()?;
        Some(TerminalPrinter { printer: Box::new(printer), pending: Vec::new() })
    }
}

/// Output through the line editor (see [`Readline::printer`]); sent at each flush.
pub struct TerminalPrinter {
    printer: Box<dyn ExternalPrinter + Send>,
    pending: Vec<u8>,
}

impl std::io::Write for TerminalPrinter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let text = String::from_utf8_lossy(&std::mem::take(&mut self.pending)).into_owned();
        self.printer.print(text).map_err(io::Error::other)
    }
}

impl LineSource for Readline {
    fn read_line(&mut self) -> io::Result<Option<String>> {
        match self.editor.readline(&self.prompt) {
            Ok(_) if self.pushed.swap(false, Ordering::SeqCst) => Ok(Some("listen".into())),
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = self.editor.add_history_entry(line.as_str());
                    if let Some(path) = &self.history {
                        let _ = self.editor.append_history(path);
                    }
                }
                Ok(Some(line))
            }
            Err(ReadlineError::Eof) => Ok(None),
            Err(ReadlineError::Interrupted) => Ok(Some("quit".into())),
            // Bytes that are not text: the session refuses that line and play goes on.
            Err(ReadlineError::Io(e)) if e.kind() == io::ErrorKind::InvalidData => Ok(Some("\u{FFFD}".into())),
            Err(e) => Err(io::Error::other(e)),
        }
    }

    fn set_prompt(&mut self, prompt: &str) {
        self.prompt = prompt.to_string();
    }
}
