//! The REPL: the command registry, the session that turns one input into a response (pure: time
//! comes in as a value), and the loop that reads lines and sends responses to the terminal, the
//! speaker and the transcript.

mod adjourn;
mod analyse_talk;
mod answers;
mod completion;
mod confirm;
mod describe;
mod explain;
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
mod run;
mod session;
mod sheet_export;
mod sheets;
mod table_talk;
mod timekeeping;
mod wording;

pub use analyse_talk::{line_text, verdict_code, verdict_sentences, verdicts};
pub use completion::completions;
pub use line_source::{LineSource, PlainLines, Readline, TerminalPrinter};
pub use pairings_talk::pairings;
pub use pgn_export::time_control_tag;
pub use registry::{lookup, parse_line, CommandId, CommandSpec, Input, REGISTRY};
pub use resume::replay;
pub use run::{run, sheet_bytes, Outputs, TimeSource};
pub use session::{Session, SessionError};
pub use wording::{Wording, Words};

pub use crate::clock::Timestamp;

use crate::audio::Cue;
use crate::speech::Utterance;

/// One line of output: printed unless its text is empty (a cue alone), spoken when it carries an
/// utterance, and sounded when it carries a cue (before it is spoken).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub text: String,
    pub speech: Option<Utterance>,
    pub cue: Option<Cue>,
}

impl Line {
    /// The same line with a cue.
    pub fn with_cue(mut self, cue: Cue) -> Line {
        self.cue = Some(cue);
        self
    }
}

/// What one input produced.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Response {
    pub lines: Vec<Line>,
    pub quit: bool,
    /// An adjournment envelope to keep (written beside the journal).
    pub envelope: Option<crate::store::Envelope>,
    /// A PGN to write, and where (else beside the journal).
    pub pgn: Option<(crate::store::PgnGame, Option<String>)>,
    /// A scoresheet export to write, and where (else beside the journal).
    pub export: Option<SheetFile>,
    /// New rate, volume and voice for the speaker.
    pub voice: Option<crate::speech::VoiceSettings>,
    /// The game just ended: its PGN, to be kept beside the journal (`game.save_pgn`).
    pub finished: Option<crate::store::PgnGame>,
}

/// What an exported scoresheet holds.
#[derive(Debug, Clone, PartialEq)]
pub enum SheetContent {
    /// Written forms: text, full notation, braille, BRF.
    Text(String),
    /// The audio form: what to say, in the words of a phrase pack, for the clips to render.
    Spoken { pack: String, parts: Vec<crate::speech::Spoken> },
}

/// A scoresheet made for the player, to be written as a file.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetFile {
    pub content: SheetContent,
    /// The file name ending (`txt`, `brf` …) for the default path.
    pub extension: &'static str,
    pub path: Option<String>,
}
