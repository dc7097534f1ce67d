//! What changes a game and what a change asks of the world. Every change to a session is an
//! [`Event`] applied with the time as a value (`Session::apply`), live and on journal replay
//! alike; the answer is a [`Response`]: lines to print, speak and sound, and [`Effect`]s for the
//! loop to perform, whose outcomes come back as events.

use std::time::Duration;

use super::Input;
use crate::command::Key;
use crate::speech::{ClipError, Spoken, VoiceSettings, Warning};
use crate::store::{Envelope, Kept, PgnGame};
use crate::wording::Line;

/// One thing that happens to a game.
#[derive(Debug)]
pub enum Event {
    /// The session begins: the clock of the side to move starts (6.5).
    Start,
    /// A line typed at the table, as the session read it.
    Input(Input),
    /// A key that stands for a command (F2: listen; Ctrl-C: leave).
    Key(Key),
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
    /// Speech or audio went wrong outside the session.
    Problems(Problems),
    /// The journal's file went away and the game so far was written again at this path.
    JournalMoved(std::path::PathBuf),
    /// The ears report: words said aloud, nothing understood, or why nothing can be heard.
    Heard(crate::listen::Report),
    /// The electronic board's line reports: a placement or a change, connected or lost.
    Board(crate::eboard::BoardReport),
    /// The online game's line reports: a line of the game's stream, the connection, an action's
    /// outcome.
    Online(crate::online::OnlineReport),
    /// The engine of a practice game answered: its move, a hint, an evaluation.
    Opponent(crate::engine::Report),
}

impl Event {
    /// The event a journal's record stands for, a typed line read by `read`; `None` for a PGN,
    /// an envelope or a report that no longer reads.
    pub(crate) fn from_record(kept: &Kept, read: impl FnOnce(&str) -> Input) -> Option<Event> {
        match kept {
            Kept::Start(_) => Some(Event::Start),
            Kept::Input(line) => Some(Event::Input(read(line))),
            Kept::Resume(ms) => Some(Event::Resumed(Duration::from_millis(*ms))),
            Kept::Pgn(text) => crate::store::PgnGame::read(text).ok().map(Event::Pgn),
            Kept::Heard(text) => {
                crate::listen::Hearing::from_record(text).map(|h| Event::Heard(crate::listen::Report::Heard(h)))
            }
            Kept::Board(text) => crate::eboard::BoardReport::from_record(text).map(Event::Board),
            Kept::Online(text) => crate::online::OnlineReport::from_record(text).map(Event::Online),
            Kept::Opponent(text) => crate::engine::Report::from_record(text).map(Event::Opponent),
            Kept::Envelope(text) => crate::store::Envelope::from_toml("journal", text).ok().map(Event::Envelope),
        }
    }
}

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

impl From<Vec<Line>> for Response {
    fn from(lines: Vec<Line>) -> Response {
        Response::lines(lines)
    }
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
    /// Ask the chess engine about this position (FEN), after the game: its answer is said.
    Engine(String),
    /// Play a new game on from this position (FEN): the front end ends and a game begins.
    PlayOn(String),
    /// Post an action on the online game (a move, a draw offer, resignation …): its outcome
    /// comes back as an event.
    Online(crate::online::Action),
    /// Ask the engine of a practice game (its move, a hint, an evaluation): its answer comes back
    /// as an event.
    Think(crate::engine::Request),
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
    /// The game that has just ended, kept as PGN beside its journal: `NAME.pgn` for the journal's
    /// first game, `NAME-2.pgn` for the second begun with `new`, and so on.
    Finished {
        /// The game.
        game: PgnGame,
        /// Which of the journal's games it is, from 1.
        number: usize,
    },
    /// A scoresheet exported with `export`.
    Sheet(SheetFile),
}

impl Document {
    /// Which kind of document this is, for the answer about its writing.
    pub fn kind(&self) -> DocumentKind {
        match self {
            Document::Envelope(_) => DocumentKind::Envelope,
            Document::Pgn { .. } => DocumentKind::Pgn,
            Document::Finished { .. } => DocumentKind::Finished,
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
    /// The file that was already where it would have gone, kept as it was (the document went
    /// to a new name beside it).
    pub kept: Option<String>,
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
    /// Why the transcript can no longer be written.
    pub transcript: Option<std::io::Error>,
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
        parts: Vec<Spoken>,
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
