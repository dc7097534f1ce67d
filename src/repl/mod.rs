//! The REPL: the command registry, the session that turns one input into a response (pure: time
//! comes in as a value), and the loop that reads lines and sends responses to the terminal, the
//! speaker and the transcript.

mod describe;
mod line_source;
mod registry;
mod run;
mod session;

pub use line_source::{LineSource, PlainLines, Readline};
pub use registry::{complete, lookup, parse_line, CommandId, CommandSpec, Input, REGISTRY};
pub use run::{run, Outputs};
pub use session::{Session, SessionError};

use crate::speech::Utterance;

/// Milliseconds on the session's clock (wall clock or simulated), handed in by the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Timestamp(pub u64);

/// One line of output: always printed; spoken when it carries an utterance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub text: String,
    pub speech: Option<Utterance>,
}

/// What one input produced.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Response {
    pub lines: Vec<Line>,
    pub quit: bool,
}
