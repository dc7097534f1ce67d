//! The devices beside the keyboard, as the loop sees them: the ears (moves said aloud, heard by
//! the recogniser, or a build that cannot listen), the electronic board's serial line, each
//! started from the settings and reporting on a channel of its own, the online game's server
//! (with the token found), and the chess engine asked after the game.

use std::sync::mpsc;

use super::EngineView;
use crate::config::Settings;
use crate::eboard::{BoardReport, Connection};
use crate::engine::{EngineError, Limits, Report as EngineReport, Thinker};
use crate::listen::{MoveGrammar, Report};
use crate::online::{Lichess, Link, OnlineReport, Token, TokenError};
use crate::wording::{file_name, Wording, Words};

/// What the session's settings ask for beside the keyboard.
#[derive(Default)]
pub struct Devices {
    /// The ears, when listening is on.
    pub ears: Option<Ears>,
    /// The electronic board, when one is named.
    pub board: Option<BoardLine>,
    /// The chess engine, asked about positions after the game.
    pub engine: Option<EngineView>,
    /// The online game's line, when the session plays one.
    pub online: Option<OnlineLine>,
    /// The engine of a practice game, when the session plays one.
    pub opponent: Option<OpponentLine>,
}

/// The engine of a practice game, thinking on a thread of its own, and its answers.
pub struct OpponentLine {
    /// The engine's thread.
    pub thinker: Thinker,
    /// Its answers.
    pub reports: mpsc::Receiver<EngineReport>,
}

/// The engine of a practice game the settings ask for, started: `None` when the game is not
/// one; why not, when the engine cannot be found or started.
pub fn opponent_for(settings: &Settings) -> Result<Option<OpponentLine>, EngineError> {
    if !settings.opponent.is_engine() {
        return Ok(None);
    }
    let named = Some(settings.opponent.path.as_str()).filter(|p| !p.trim().is_empty());
    let engine = super::engine_view::start(named, Limits { threads: 1, hash: 64, ..Limits::default() })?;
    let (to, reports) = mpsc::channel();
    Ok(Some(OpponentLine { thinker: Thinker::start(engine, to), reports }))
}

/// The online game's line and what it reports.
pub struct OnlineLine {
    /// The line, kept open as long as the session runs.
    pub link: Link,
    /// Its reports.
    pub reports: mpsc::Receiver<OnlineReport>,
}

/// The line to the online game the session plays, with `lichess`.
pub fn online_for(settings: &Settings, lichess: Option<Lichess>) -> Option<OnlineLine> {
    let online = &settings.online;
    let lichess = lichess.filter(|_| online.is_online())?;
    let (to, reports) = mpsc::channel();
    Some(OnlineLine { link: Link::start(lichess, online.game.clone(), to), reports })
}

impl Devices {
    /// The ears and the board `settings` ask for, the ears starting with `grammar` (the
    /// session's position).
    pub fn for_settings(settings: &Settings, grammar: impl FnOnce() -> MoveGrammar) -> Devices {
        let ears = ears_for(settings, grammar);
        Devices { ears, board: board_for(settings), engine: None, online: None, opponent: None }
    }
}

/// The electronic board's serial line and what it reports.
pub struct BoardLine {
    /// The line, kept open as long as the session runs.
    pub connection: Connection,
    /// Its reports.
    pub reports: mpsc::Receiver<BoardReport>,
}

/// The board the settings name, watched from now on.
pub fn board_for(settings: &Settings) -> Option<BoardLine> {
    let port = settings.eboard.clone()?;
    let (to, reports) = mpsc::channel();
    Some(BoardLine { connection: Connection::start(port, to), reports })
}

/// The ears as the loop sees them: they follow the position, and open a push-to-talk window.
pub trait Listen {
    /// The grammar of the position now.
    fn follow(&self, grammar: MoveGrammar);
    /// Hear the next utterance.
    fn push(&self);
    /// The program speaks until `until`: its own voice is not to be heard.
    fn speaking(&self, _until: std::time::Instant) {}
    /// The program's cues sound until `until`, whatever the speech engine tells.
    fn cueing(&self, _until: std::time::Instant) {}
    /// The program's voice as the speech engine tells of it, taken over `speaking` once it tells.
    fn own_voice(&self, _voice: crate::speech::OwnVoice) {}
}

#[cfg(feature = "listen")]
impl Listen for crate::listen::Listener {
    fn follow(&self, grammar: MoveGrammar) {
        crate::listen::Listener::follow(self, grammar);
    }

    fn push(&self) {
        crate::listen::Listener::push(self);
    }

    fn speaking(&self, until: std::time::Instant) {
        crate::listen::Listener::speaking(self, until);
    }

    fn cueing(&self, until: std::time::Instant) {
        crate::listen::Listener::cueing(self, until);
    }

    fn own_voice(&self, voice: crate::speech::OwnVoice) {
        crate::listen::Listener::own_voice(self, voice);
    }
}

/// The ears and what they report.
pub struct Ears {
    /// The listener.
    pub listener: Box<dyn Listen>,
    /// Its reports.
    pub reports: mpsc::Receiver<Report>,
}

/// The ears the settings ask for: none when listening is off. A build that cannot listen says so
/// once, and typing goes on.
pub fn ears_for(settings: &Settings, grammar: impl FnOnce() -> MoveGrammar) -> Option<Ears> {
    let listen = &settings.listen;
    if listen.mode == crate::listen::ListenMode::Off {
        return None;
    }
    let (to, reports) = mpsc::channel();
    #[cfg(feature = "listen")]
    let listener: Box<dyn Listen> = Box::new(crate::listen::Listener::start(listen, grammar(), to));
    #[cfg(not(feature = "listen"))]
    let listener: Box<dyn Listen> = {
        let _ = grammar;
        let _ = to.send(Report::Problem(crate::listen::ListenProblem::NoRecogniser));
        Box::new(Deaf)
    };
    Some(Ears { listener, reports })
}

/// Ears that hear nothing (a build without the recogniser).
#[cfg(not(feature = "listen"))]
struct Deaf;

#[cfg(not(feature = "listen"))]
impl Listen for Deaf {
    fn follow(&self, _grammar: MoveGrammar) {}
    fn push(&self) {}
}

/// The server of the settings, with the token from `LICHESS_TOKEN` or the settings' file.
pub fn lichess_for(settings: &Settings) -> Result<Lichess, TokenError> {
    let file = Some(settings.online.token_file.as_str()).filter(|f| !f.is_empty()).map(std::path::PathBuf::from);
    let token = Token::find(std::env::var(crate::online::TOKEN_VARIABLE).ok(), file.as_deref())?;
    Ok(Lichess::new(&settings.online.server, token))
}

/// Why there is no token, in `w`'s language, with how to give one.
pub fn token_words(e: &TokenError, w: &Wording) -> Words {
    match e {
        TokenError::Missing => w.words("online.no_token", &[]),
        TokenError::Unreadable(path) => w.words("online.token_unreadable", &[("path", file_name(path))]),
        TokenError::Open(path) => w.words("online.token_open", &[("path", file_name(path))]),
        TokenError::Empty(path) => w.words("online.token_empty", &[("path", file_name(path))]),
    }
}
