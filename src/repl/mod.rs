//! The REPL: the command registry, the session that turns one input into a response (pure: time
//! comes in as a value), and the loop that reads lines and sends responses to the terminal, the
//! speaker and the transcript.

mod adjourn;
mod adjournment;
mod answers;
mod arguments;
mod board_watch;
mod command;
mod completion;
mod confirm;
mod devices;
mod dispatch;
mod documents;
mod eboard_talk;
mod event;
mod explain;
mod heard;
mod hearing;
mod imported;
mod intro;
mod keywords;
mod line_source;
mod listening;
mod moves;
mod offers;
mod pairings_talk;
mod pgn_export;
mod pgn_import;
mod queries;
mod registry;
mod repair;
mod resume;
mod review;
mod run;
mod session;
mod sheet_export;
mod sheets;
mod table_talk;
mod timekeeping;
mod timing;
mod written;

pub use crate::wording::{Line, Words};
pub use arguments::{line_problem, parse_line, Input, LineProblem, MAX_LINE};
pub use command::{ArgError, BoardCommand, BoardSide, Command, ScanLine, SheetCommand, TimeOf, VoiceChoice};
pub use completion::completions;
pub use devices::{board_for, ears_for, BoardLine, Devices, Ears, Listening};
pub use documents::sheet_bytes;
pub use event::{Document, DocumentKind, Effect, Event, Problems, WriteFailure, Written};
pub use line_source::{LineSource, PlainLines, Readline, TerminalPrinter};
pub use pairings_talk::pairings;
pub use registry::{lookup, CommandId, CommandSpec, REGISTRY};
pub use resume::replay;
pub use review::Review;
pub use run::{run, run_with, Outputs, TimeSource};
pub use session::{Session, SessionError};

pub use crate::clock::Timestamp;

/// What one event produced: lines to print, speak and sound, and effects for the loop.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Response {
    /// The lines, in order.
    pub lines: Vec<Line>,
    /// What the loop is to do after saying them.
    pub effects: Vec<Effect>,
}

impl Response {
    /// A response of lines alone.
    pub fn lines(lines: Vec<Line>) -> Response {
        Response { lines, effects: Vec::new() }
    }

    /// Whether the session ends after this response.
    pub fn quits(&self) -> bool {
        self.effects.contains(&Effect::Quit)
    }
}

/// What an exported scoresheet holds.
#[derive(Debug, Clone, PartialEq)]
pub enum SheetContent {
    /// Written forms: text, full notation, braille, BRF.
    Text(String),
    /// The audio form: what to say, in the words of a phrase pack, for the clips to render.
    Spoken {
        /// The phrase pack whose clips say it.
        pack: String,
        /// What is said, part by part.
        parts: Vec<crate::speech::Spoken>,
    },
}

/// A scoresheet made for the player, to be written as a file.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetFile {
    /// What the file holds.
    pub content: SheetContent,
    /// The file name ending (`txt`, `brf` …) for the default path.
    pub extension: &'static str,
    /// The file named, else beside the journal.
    pub path: Option<String>,
}
