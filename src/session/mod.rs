//! The session: one game at the table with its settings, answering each event (a line typed, a
//! move heard, a placement of the electronic board, the clock's time passing, a document written)
//! with lines to print, speak and sound and effects for the front end to perform. It touches no
//! terminal, speaker, wall clock or file: the time comes in with every event.
//!
//! - this file: [`Session`] — its parts, [`Session::apply`], and the questions the front ends ask
//!   of it;
//! - `questions`: reading a line, and the yes-or-no questions kept until they are answered;
//! - `commands`: the game's commands, one record each, and the duty that carries each out;
//! - `parts`: the clock (`Timekeeper`), the adjournment, the electronic
//!   board's watch, what was said, a game read from PGN — each owning its state;
//! - `duties`: the handlers, named by the duty they serve (moves, draw, clock, relay, repair,
//!   boards, sheets, queries, help, heard, voice, pgn, adjourn, eboard);
//! - `opening`, `news`: what is said at a game's start and end, and about the world outside;
//! - `event`: what happens to a game, and what the session asks of the world;
//! - `replay`: a journal replayed through `apply`.

mod commands;
mod duties;
mod event;
mod news;
mod opening;
mod parts;
mod questions;
mod replay;

pub use commands::Command;
pub use event::{
    Document, DocumentKind, Effect, Event, Problems, Response, SheetContent, SheetFile, WriteFailure, Written,
};
pub use replay::{replay, replay_noting_new};

use shakmaty::{ByColor, Chess, Position, Square};

use crate::clock::Timestamp;
use crate::config::Settings;
use crate::messages::Lang;
use crate::notation::{MoveReader, PhrasePack};
use crate::rules::{parse_fen, FenError, Game};
use crate::table::Table;
use crate::wording::{Line, Wording};
use parts::{Adjournment, BoardWatch, Imported, Listening, Said, Timekeeper};
use questions::Question;

/// A line typed in a game, read once.
pub type Input = crate::command::Input<Command>;

/// Why a session could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    #[error("{0}")]
    /// The start position is refused.
    Fen(#[from] FenError),
    #[error("there is no phrase pack {0:?}; use appendix-e, et or en")]
    /// There is no phrase pack of that name.
    Pack(String),
    #[error("the phrase packs clash: {0}")]
    /// Two phrase packs give one word two meanings.
    Vocabulary(String),
}

/// One game at the table: the rules, both boards and sheets, the clock, and everything said. It
/// answers each event with lines and effects.
pub struct Session {
    /// The settings in force (rate, volume, voice and verbosity change during a game).
    settings: Settings,
    /// The interface catalogue and the announcing pack.
    wording: Wording,
    /// Moves typed in any notation, read in the position.
    reader: MoveReader,
    /// The game under the Laws: its moves, positions, draw offers and outcome.
    game: Game,
    /// The two boards and the two scoresheets.
    table: Table,
    /// The clock and its watch.
    clock: Timekeeper,
    /// Illegal moves recorded against each player (7.4, 7.5).
    illegal: ByColor<u32>,
    /// The square of a piece the side to move touched (4.3), if claimed.
    touched: Option<Square>,
    /// The sealed move, the envelope, the move not yet opened.
    adjournment: Adjournment,
    /// What was said: for `repeat`, `more` and `history`; the speech engine's voices.
    said: Said,
    /// The question waiting for its answer, if any.
    question: Option<questions::Asked>,
    /// The game read from PGN this one goes on from, as read.
    imported: Option<Imported>,
    /// The electronic board, when one is the sighted board.
    eboard: BoardWatch,
    /// How moves said aloud are heard.
    listening: Listening,
    /// Whether the PGN of the finished game was handed out to be kept.
    finished_kept: bool,
    /// Whether the cues asked for could not be played (no sound device): the clock's marks are
    /// then said in words.
    cues_unheard: bool,
    /// Where the game is kept, for the way back to it said at `quit`.
    keeping: Keeping,
    /// The online game as its server reported it.
    online: parts::OnlineWatch,
    /// Effects asked for while answering, handed out with the answer.
    outbox: Vec<Effect>,
    /// The time of the event being answered.
    now: Timestamp,
    /// How many games `new` began after the first: the game now is the session's number this
    /// plus one.
    begun: usize,
}

/// Where a game is kept, which decides the way back to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Keeping {
    /// Nowhere: it could not be saved.
    Nowhere,
    /// In the games folder, where `annabella resume` finds it.
    Archive,
    /// In a journal elsewhere, named by its path.
    Journal(String),
}

/// The start position a FEN names (the initial position without one).
fn start_position(fen: Option<&str>) -> Result<Chess, FenError> {
    fen.map_or(Ok(Chess::default()), parse_fen)
}

impl Session {
    /// A session for `settings`, not started.
    pub fn new(settings: Settings) -> Result<Session, SessionError> {
        let pack = PhrasePack::named(&settings.pack).ok_or_else(|| SessionError::Pack(settings.pack.clone()))?;
        let reader = MoveReader::new(&PhrasePack::builtin()).map_err(|e| SessionError::Vocabulary(e.to_string()))?;
        let game = Game::new(start_position(settings.fen.as_deref())?, settings.ruleset);
        let clock = Timekeeper::new(settings.control.clone(), settings.watch_settings(), Timestamp(0));
        Ok(Session {
            wording: Wording::new(settings.lang, pack, settings.style),
            listening: Listening::new(settings.listen.clone(), settings.blind),
            settings,
            reader,
            game,
            table: Table::new(&shakmaty::Board::default(), None),
            clock,
            illegal: ByColor::new_with(|_| 0),
            touched: None,
            adjournment: Adjournment::default(),
            said: Said::default(),
            question: None,
            imported: None,
            eboard: BoardWatch::default(),
            finished_kept: false,
            cues_unheard: false,
            keeping: Keeping::Nowhere,
            online: parts::OnlineWatch::default(),
            outbox: Vec::new(),
            now: Timestamp(0),
            begun: 0,
        })
    }

    /// How many games `new` has begun in this session after its first (0 while the first goes on).
    pub fn games_begun(&self) -> usize {
        self.begun
    }

    /// The game as the rules have it.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The two boards and the scoresheets.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The settings in force.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The interface language.
    pub fn lang(&self) -> Lang {
        self.wording.lang()
    }

    /// Applies one event at `now` (the session clock's reading) and answers it. Live play and
    /// journal replay both come this way. A defect met while answering does not end the game:
    /// the event is refused and play goes on.
    pub fn apply(&mut self, event: Event, now: Timestamp) -> Response {
        match event {
            Event::Start => opening::start(self, now),
            Event::Input(input) => self.guarded(|s| s.handle(input, now)),
            Event::Key(key) => self.guarded(|s| s.handle(questions::key_input(key), now)),
            Event::Tick => {
                self.now = now.max(self.now);
                let lines = duties::clock::clock_events(self);
                self.respond(lines)
            }
            Event::Resumed(away) => opening::resumed(self, away, now),
            Event::Pgn(pgn) => duties::pgn::load_pgn(self, &pgn, now),
            Event::Envelope(envelope) => duties::adjourn::resume_envelope(self, &envelope, now),
            Event::Written(written) => news::written(self, written),
            Event::Voices(voices) => {
                self.said.know_voices(voices);
                Response::default()
            }
            Event::Problems(problems) => news::problems(self, problems),
            Event::Heard(report) => self.guarded(|s| duties::devices::heard::heard_report(s, report, now)),
            Event::Board(report) => self.guarded(|s| duties::devices::eboard::board_news(s, report, now)),
            Event::Online(report) => self.guarded(|s| duties::devices::online::news(s, report, now)),
        }
    }

    /// What is said when an input could not be made durable: it was not taken, and why.
    pub fn unsaved(&self, error: &std::io::Error) -> Response {
        news::unsaved(self, error)
    }

    /// Answers with `answer`, or with the internal error when answering failed inside the program.
    fn guarded(&mut self, answer: impl FnOnce(&mut Session) -> Response) -> Response {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| answer(self))).unwrap_or_else(|_| {
            let line = self.wording.line("error.internal", &[]);
            self.respond(vec![line])
        })
    }

    /// Marks the first utterance as interrupting stale speech, keeps the spoken lines for
    /// `repeat`, and hands out the PGN of a game that has just ended.
    fn respond(&mut self, mut lines: Vec<Line>) -> Response {
        if self.game.is_over() && self.clock.clock().running().is_some() {
            self.clock.stop(self.now);
        }
        if !self.settings.cues {
            lines.iter_mut().for_each(|l| l.cue = None);
            lines.retain(|l| !l.text.is_empty() || l.is_spoken());
        }
        if let Some(first) = lines.iter_mut().find_map(|l| l.speech.first_mut()) {
            first.interrupt = true;
        }
        self.said.spoke(&lines);
        let mut effects = std::mem::take(&mut self.outbox);
        let number = self.begun + 1;
        let finished = self.finished_pgn().map(|game| Document::Finished { game, number });
        effects.extend(finished.map(|document| Effect::Write(Box::new(document))));
        Response { lines, effects }
    }

    /// The PGN of a game that has just ended, once, when finished games are kept as PGN.
    fn finished_pgn(&mut self) -> Option<crate::store::PgnGame> {
        if !self.game.is_over() || self.finished_kept || !self.settings.save_pgn {
            return None;
        }
        self.finished_kept = true;
        Some(self.pgn())
    }

    /// Answers with a command's response that carries effects: the clock's `lines` first, then
    /// its own, all through `respond`.
    fn respond_with(&mut self, mut lines: Vec<Line>, out: Response) -> Response {
        let Response { lines: mut own, mut effects } = out;
        lines.append(&mut own);
        let mut response = self.respond(lines);
        effects.append(&mut response.effects);
        Response { effects, ..response }
    }

    /// Takes the game back to its first `ply` half-moves, with everything kept per move.
    fn retract_to(&mut self, ply: usize) {
        self.game.retract_to(ply);
        self.clock.retract_to(ply);
        if let Some(imported) = self.imported.as_mut() {
            imported.retract_to(ply);
        }
    }

    /// The rate, volume and voice in force.
    pub fn voice(&self) -> &crate::speech::VoiceSettings {
        &self.settings.voice
    }

    /// The prompt: move number and side to move.
    pub fn prompt(&self) -> String {
        let pos = self.game.position();
        let number = pos.fullmoves().to_string();
        self.wording.text("start.prompt", &[("number", &number), ("color", &self.wording.color(pos.turn()))])
    }

    /// When the clock can next have something to say, if it keeps running.
    pub fn next_deadline(&self, now: Timestamp) -> Option<Timestamp> {
        if self.game.is_over() {
            return None;
        }
        self.clock.next_deadline(now)
    }

    /// When the electronic board's placement is next to be judged, if it waits for that.
    pub fn board_deadline(&self) -> Option<Timestamp> {
        duties::devices::eboard::board_deadline(self)
    }

    /// The grammar the ears hear the position in.
    pub fn listening_grammar(&self) -> crate::listen::MoveGrammar {
        duties::devices::heard::listening_grammar(self)
    }

    /// The game is kept as `keeping` says (known where it is opened): `quit` names the way back.
    pub fn keep_in(&mut self, keeping: Keeping) {
        self.keeping = keeping;
    }

    /// Whether the game waits in an envelope.
    pub fn is_adjourned(&self) -> bool {
        self.adjournment.is_adjourned()
    }

    /// The game so far as a PGN game.
    pub fn pgn(&self) -> crate::store::PgnGame {
        duties::pgn::pgn(self)
    }

    /// The scoresheet of the game so far in `format`.
    pub fn scoresheet(&self, format: crate::table::SheetFormat) -> String {
        duties::pgn::scoresheet(self, format)
    }

    /// The audio scoresheet: the moves in the words that announce them, with move numbers.
    pub fn spoken_scoresheet(&self) -> SheetContent {
        duties::pgn::spoken_scoresheet(self)
    }

    /// Takes over what `other` said (a review moving to another position): `repeat`, `history`
    /// and the voices go on where they were.
    pub fn carry_said_from(&mut self, other: &mut Session) {
        self.said = std::mem::take(&mut other.said);
    }

    /// Forgets what was said: a session set up only to answer questions, its opening never said.
    pub fn forget_said(&mut self) {
        self.said = Said::default();
    }

    /// Keeps what another front end said at this position, for `repeat` and `history`.
    pub fn said_elsewhere(&mut self, lines: &[Line]) {
        self.said.spoke(lines);
    }

    /// Exported scoresheets are written in `letters` from now on, whoever reads them.
    pub fn write_sheets_in(&mut self, letters: crate::notation::LetterSet) {
        (self.settings.sighted_letters, self.settings.blind_letters) = (letters, letters);
    }

    /// Where the voice clips are, if the settings say.
    pub fn clips_dir(&self) -> Option<&std::path::Path> {
        self.settings.clips.as_deref()
    }
}
