//! What changes a game and what a change asks of the world. Every change to a session is an
//! [`Event`] applied with the time as a value (`Session::apply`), live and on journal replay
//! alike; the answer is a [`Response`](super::Response): lines to print, speak and sound, and
//! [`Effect`]s for the loop to perform, whose outcomes come back as events.

use std::time::Duration;

use super::arguments::Input;
use super::SheetFile;
use crate::speech::{ClipError, EngineVoice, VoiceSettings, Warning};
use crate::store::{Envelope, PgnGame};

/// One thing that happens to a game.
#[derive(Debug)]
pub enum Event {
    /// The session begins: the clock of the side to move starts (6.5).
    Start,
    /// A line typed at the table, as the session read it.
    Input(Input),
    /// Time passed with nobody typing: the clock may have something to say.
    Tick,
    /// The program came back after being away this long (a crash or a power cut).
    Resumed(Duration),
    /// The game is set up from a PGN.
    Pgn(PgnGame),
    /// An adjourned game is set up from its envelope.
    Envelope(Envelope),
    /// A file the session asked for was written, or why not.
    Written(Written),
    /// The speech engine reported its voices.
    Voices(Vec<EngineVoice>),
    /// Speech or audio went wrong outside the session.
    Problems(Problems),
    /// The ears report: words said aloud, nothing understood, or why nothing can be heard.
    Heard(crate::listen::Report),
    /// The electronic board's line reports: a placement or a change, connected or lost.
    Board(crate::eboard::BoardReport),
}

/// Something the session asks the loop to do.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Write a document (where it names no path, beside the journal).
    Write(Box<Document>),
    /// Give the speaker a new rate, volume or voice.
    Voice(VoiceSettings),
    /// End the session.
    Quit,
    /// Hear the next utterance (push to talk).
    Listen,
    /// Show lines of Unicode braille on the braille display (the board, rank by rank).
    Braille(Vec<String>),
}

/// A document the session hands out to be kept.
#[derive(Debug, Clone, PartialEq)]
pub enum Document {
    /// The adjournment envelope, with the sealed move.
    Envelope(Envelope),
    /// The game as PGN, asked for with `pgn`, to `path` if given.
    Pgn {
        /// The game.
        game: PgnGame,
        /// The file, else beside the journal.
        path: Option<String>,
    },
    /// The game that has just ended, kept as PGN beside its journal.
    Finished(PgnGame),
    /// A scoresheet exported with `export`.
    Sheet(SheetFile),
}

impl Document {
    /// Which kind of document this is, for the answer about its writing.
    pub fn kind(&self) -> DocumentKind {
        match self {
            Document::Envelope(_) => DocumentKind::Envelope,
            Document::Pgn { .. } => DocumentKind::Pgn,
            Document::Finished(_) => DocumentKind::Finished,
            Document::Sheet(_) => DocumentKind::Sheet,
        }
    }
}

/// The kinds of [`Document`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocumentKind {
    /// An adjournment envelope.
    Envelope,
    /// A PGN asked for.
    Pgn,
    /// The PGN of a finished game.
    Finished,
    /// An exported scoresheet.
    Sheet,
}

/// The outcome of writing a document.
#[derive(Debug)]
pub struct Written {
    /// What was written.
    pub kind: DocumentKind,
    /// Where, as shown to the user.
    pub path: String,
    /// Why it could not be written, if it could not.
    pub failure: Option<WriteFailure>,
}

/// Why a document could not be written.
#[derive(Debug, thiserror::Error)]
pub enum WriteFailure {
    /// The file could not be written.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The spoken scoresheet could not be made from the voice clips.
    #[error(transparent)]
    Clips(#[from] ClipError),
}

/// Problems of speech and audio reported since the last look.
#[derive(Debug, Default)]
pub struct Problems {
    /// From the speech engine.
    pub speech: Vec<Warning>,
    /// From the audio output (already worded by the device layer).
    pub audio: Vec<String>,
}
