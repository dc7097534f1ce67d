//! The terminal's line editor (rustyline): history kept in a file, completion from the records of
//! the front end's commands, F2 on an empty line as push to talk, Ctrl-C as leaving, and output
//! arriving while a line is typed printed above the prompt.

use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

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

use super::line_source::{LineSource, Typed};
use crate::command::{completions, Key, Record};
use crate::messages::Lang;

/// Completes command names and arguments from the front end's records.
struct Commands {
    lang: Lang,
    records: Vec<&'static Record>,
}

impl Completer for Commands {
    type Candidate = String;

    fn complete(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> rustyline::Result<(usize, Vec<String>)> {
        Ok(completions(&line[..pos], self.lang, &self.records))
    }
}

impl Hinter for Commands {
    type Hint = String;
}
impl Highlighter for Commands {}
impl Validator for Commands {}
impl Helper for Commands {}

/// The push-to-talk key: on an empty line it stands for listening.
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
    /// The line editor with completion of `records` in `lang`, keeping its history in `history`.
    pub fn new(lang: Lang, records: Vec<&'static Record>, history: Option<PathBuf>) -> rustyline::Result<Readline> {
        // Several candidates are listed (not cycled through), so that a screen reader reads them.
        let config = rustyline::Config::builder().completion_type(rustyline::CompletionType::List).build();
        let mut editor = Editor::with_config(config)?;
        editor.set_helper(Some(Commands { lang, records }));
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
    fn is_interactive(&self) -> bool {
        true
    }

    fn read_line(&mut self) -> io::Result<Option<String>> {
        super::line_source::next_line(self)
    }

    fn read(&mut self) -> io::Result<Option<Typed>> {
        match self.editor.readline(&self.prompt) {
            Ok(_) if self.pushed.swap(false, Ordering::SeqCst) => Ok(Some(Typed::Key(Key::PushToTalk))),
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = self.editor.add_history_entry(line.as_str());
                    if let Some(path) = &self.history {
                        let _ = self.editor.append_history(path);
                    }
                }
                Ok(Some(Typed::Line(line)))
            }
            Err(ReadlineError::Eof) => Ok(None),
            Err(ReadlineError::Interrupted) => Ok(Some(Typed::Key(Key::Interrupt))),
            // Bytes that are not text: the desk refuses that line and play goes on.
            Err(ReadlineError::Io(e)) if e.kind() == io::ErrorKind::InvalidData => {
                Ok(Some(Typed::Line("\u{FFFD}".into())))
            }
            Err(e) => Err(io::Error::other(e)),
        }
    }

    fn set_prompt(&mut self, prompt: &str) {
        self.prompt = prompt.to_string();
    }
}
