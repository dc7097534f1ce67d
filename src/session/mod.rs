//! The session: one game at the table with its settings, answering each event (a line typed, a
//! move heard, a placement of the electronic board, the clock's time passing, a document written)
//! with lines to print, speak and sound and effects for the front end to perform. It touches no
//! terminal, speaker, wall clock or file: the time comes in with every event.
//!
//! - this file: [`Session`] — its parts, and [`Session::apply`], the one way in: it alone sets the
//!   time of the event, lets the clock say what it did meanwhile, and makes the answer a
//!   [`Response`] (`respond`);
//! - `questions`: the router of a line read, and the yes-or-no questions kept until answered;
//! - `commands`: the game's commands, one record each, each routed to its duty with the parts the
//!   duty takes;
//! - `parts`: the parts that own their state (the clock, the arbiter's record, the question
//!   waiting, the adjournment, the electronic board's and the online game's watch, the listening,
//!   what was said, a game read from PGN, where the games are kept);
//! - `duties`: the handlers, named by the duty they serve, each taking the parts it reads and
//!   changes (`duties::reports`: what the devices report);
//! - `start`, `news`: what is said at a game's start and end, and about the world outside;
//! - `event`: what happens to a game, and what the session asks of the world.

mod commands;
mod duties;
mod event;
mod news;
mod parts;
mod questions;
mod start;

pub use commands::Command;
pub use event::{
    Document, DocumentKind, Effect, Event, Problems, Response, SheetContent, SheetFile, WriteFailure, Written,
};
pub use parts::Keeping;

use shakmaty::{Chess, Position};

use crate::clock::Timestamp;
use crate::command::Place;
use crate::config::Settings;
use crate::messages::Lang;
use crate::notation::{MoveReader, PhrasePack};
use crate::rules::{parse_fen, FenError, Game};
use crate::store::Record;
use crate::table::Table;
use crate::wording::{Line, Wording};
use duties::reports::{eboard, heard, online};
use duties::{adjourn, clock, moves, pgn, practice, relay};
use parts::{
    Adjournment, Arbiter, Archive, Asking, BoardWatch, Imported, Listening, OnlineWatch, Said, Sparring, Timekeeper,
};

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
    /// The settings in force (rate, volume, voice, verbosity and letters change during a game,
    /// through [`crate::config::Change`]).
    settings: Settings,
    /// The interface catalogue and the announcing pack.
    wording: Wording,
    /// Moves typed in any notation, read in the position.
    reader: MoveReader,
    /// The game under the Laws: its moves, positions, draw offers and outcome.
    game: Game,
    /// The two boards and the two scoresheets.
    table: Table,
    /// The clock, its watch, and the time of the event answered.
    clock: Timekeeper,
    /// Illegal moves recorded against each player (7.4, 7.5) and a touched piece (4.3).
    arbiter: Arbiter,
    /// The sealed move, the envelope, the move not yet opened.
    adjournment: Adjournment,
    /// What was said: for `repeat`, `more` and `history`; the speech engine's voices.
    said: Said,
    /// The question waiting for its answer, if any.
    asking: Asking,
    /// The game read from PGN this one goes on from, as read.
    imported: Option<Imported>,
    /// The electronic board, when one is the sighted board.
    eboard: BoardWatch,
    /// How moves said aloud are heard.
    listening: Listening,
    /// Where the games are kept.
    archive: Archive,
    /// The online game as its server reported it.
    online: OnlineWatch,
    /// The engine as the opponent of a practice game.
    sparring: Sparring,
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
            arbiter: Arbiter::default(),
            adjournment: Adjournment::default(),
            said: Said::default(),
            asking: Asking::default(),
            imported: None,
            eboard: BoardWatch::default(),
            archive: Archive::default(),
            online: OnlineWatch::default(),
            sparring: Sparring::default(),
        })
    }

    /// How many games `new` has begun in this session after its first (0 while the first goes on).
    pub fn games_begun(&self) -> usize {
        self.archive.begun()
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

    /// Where the game is played: at the table, online, or at home against the engine.
    fn place(&self) -> Place {
        self.settings.place()
    }

    /// In a practice game, the engine's move asked for when it is to move (and not asked yet).
    fn engine_turn(&mut self) -> Option<Effect> {
        let practice = self.place() == Place::Practice && !self.adjournment.is_adjourned();
        practice.then(|| practice::engine_turn(&self.game, &self.clock, &self.settings, &mut self.sparring)).flatten()
    }

    /// The interface language.
    pub fn lang(&self) -> Lang {
        self.wording.lang()
    }

    /// The legal move `text` names in the position now, without playing it; or why it is none,
    /// worded as a move refused in a game is (in the mover's letters, else in another set's).
    pub fn read_move(&self, text: &str) -> Result<shakmaty::Move, Vec<Line>> {
        moves::named_move((&self.game, &self.reader), &self.settings, &self.wording, text)
    }

    /// Whether answering `input` changes nothing a resume needs: a command that only asks, or
    /// leaving (`quit`, or yes to the question before it).
    pub fn changes_nothing_kept(&self, input: &Input) -> bool {
        questions::changes_nothing_kept(&self.asking, input)
    }

    /// Reads a typed line once, in the position and with the question waiting: a command, a move,
    /// or the answer to the question.
    pub fn read(&self, line: &str) -> Input {
        questions::read(&self.asking, &self.reader, &self.game, &self.settings, line)
    }

    /// Applies one event at `now` (the session clock's reading) and answers it. Live play and
    /// journal replay both come this way; this alone sets the time of the event, lets the clock
    /// say what it did up to then (marks, warnings, a fallen flag: said first), and makes the
    /// answer a response. A defect met while answering does not end the game: the event is
    /// refused and play goes on.
    pub fn apply(&mut self, event: Event, now: Timestamp) -> Response {
        match event {
            // The clock of the side to move starts (6.5).
            Event::Start => {
                self.clock.set_now(now);
                self.set_up_table();
                let lines = start::start(&self.game, &self.clock, &self.settings, &self.wording);
                self.respond(lines.into())
            }
            // The clock is set as the game had it: what is said is news, not kept for `repeat`.
            Event::Resumed(away) => {
                self.clock.set_now(now);
                let parts = (&self.game, &mut self.clock, &mut self.asking, &mut self.online);
                let mut back = start::resumed(parts, &self.settings, &self.wording, away);
                let kept = (&self.game, &self.table, &self.adjournment);
                back.lines.extend(start::pending(kept, &mut self.asking, &self.wording, now));
                back.effects.extend(self.engine_asked_again());
                back
            }
            Event::Pgn(game) => {
                self.clock.set_now(now);
                let (imported, mut said) = pgn::load_pgn(
                    &mut self.game,
                    &mut self.table,
                    &mut self.clock,
                    &self.settings,
                    &self.wording,
                    &game,
                );
                self.imported = Some(imported);
                // A move asked of the engine before the game was set up is for another position.
                self.sparring.give_up();
                said.effects.extend(self.engine_turn());
                said
            }
            Event::Envelope(envelope) => {
                self.clock.set_now(now);
                let adjournment = &mut self.adjournment;
                adjourn::resume_envelope(
                    &mut self.game,
                    &mut self.clock,
                    adjournment,
                    &self.settings,
                    &self.wording,
                    &envelope,
                )
            }
            Event::Written(written) => news::written(&mut self.archive, &self.wording, written),
            Event::JournalMoved(path) => news::journal_moved(&mut self.archive, &self.wording, &path),
            Event::Problems(problems) => news::problems(&mut self.said, &self.wording, problems),
            Event::Tick => self.answered(now, |_| Response::default()),
            // The time `advance` moved is said before what the clock did in it; a question waiting
            // still waits. (Online, the server keeps the time: it is refused as the arbiter's other
            // commands are.)
            Event::Input(Input::Command(Command::Advance { by })) if !self.settings.online.is_online() => {
                self.clock.advance_to(now);
                let mut lines = clock::advanced(&self.settings, &self.wording, by);
                lines.extend(self.clock_talk());
                self.respond(lines.into())
            }
            // `repeat` right after the clock spoke says what the clock said, not the answer before.
            Event::Input(Input::Command(Command::Repeat {})) => {
                self.clock.advance_to(now);
                match self.clock_talk() {
                    talk if talk.is_empty() => {
                        let repeat = Input::Command(Command::Repeat {});
                        self.answered(now, |s| questions::handle(s, repeat))
                    }
                    talk => self.respond(talk.into()),
                }
            }
            Event::Input(input) => self.answered(now, |s| questions::handle(s, input)),
            Event::Key(key) => self.answered(now, |s| questions::handle(s, questions::key_input(key))),
            // Words not understood, and what keeps the ears from hearing, are news: printed and
            // said, not kept for `repeat`.
            Event::Heard(report) => {
                let grammar = self.listening_grammar();
                match heard::understand(&mut self.listening, &grammar, &self.wording, report) {
                    heard::Heard::News(lines) => lines.into(),
                    heard::Heard::Understood(words) => self.answered(now, |s| match heard::act(s, words) {
                        heard::Acted::Done(answer) => answer,
                        heard::Acted::Typed(input) => questions::handle(s, input),
                    }),
                }
            }
            Event::Board(report) => self.answered(now, |s| eboard::news(s, report)),
            Event::Opponent(report) => self.answered(now, |s| practice::news(s, report)),
            // Online, the server keeps the clocks: its news comes without the clock's own.
            Event::Online(report) => {
                self.clock.advance_to(now);
                let answer = self.guarded(|s| online::news(s, report));
                self.respond(answer)
            }
        }
    }

    /// The answer to an event at `now`: what the clock did up to then, then what `answer` says.
    fn answered(&mut self, now: Timestamp, answer: impl FnOnce(&mut Session) -> Response) -> Response {
        self.clock.advance_to(now);
        let mut lines = self.clock_talk();
        let Response { lines: own, effects } = self.guarded(answer);
        lines.extend(own);
        self.respond(Response { lines, effects })
    }

    /// What the clock did up to the time now: marks, warnings, a fallen flag.
    fn clock_talk(&mut self) -> Vec<Line> {
        clock::clock_events(&mut self.clock, &mut self.game, &self.settings, &self.said, &self.wording)
    }

    /// What is said when an input could not be made durable: it was not taken, and why.
    pub fn unsaved(&self, error: &std::io::Error) -> Response {
        news::unsaved(&self.wording, error)
    }

    /// Answers with `answer`, or with the internal error when answering failed inside the program.
    fn guarded(&mut self, answer: impl FnOnce(&mut Session) -> Response) -> Response {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| answer(self)))
            .unwrap_or_else(|_| vec![self.wording.line("error.internal", &[])].into())
    }

    /// Makes an answer the response: the clock stops at the end of the game, the cues go when
    /// they are off, the first utterance interrupts stale speech, the spoken lines are kept for
    /// `repeat`, and the PGN of a game that has just ended is handed out.
    fn respond(&mut self, answer: Response) -> Response {
        let Response { mut lines, mut effects } = answer;
        if self.game.is_over() {
            self.clock.stop();
        }
        if !self.settings.cues {
            lines.iter_mut().for_each(|l| l.cue = None);
            lines.retain(|l| !l.text.is_empty() || l.is_spoken());
        }
        if let Some(first) = lines.iter_mut().find_map(|l| l.speech.first_mut()) {
            first.interrupt = true;
        }
        self.said.spoke(&lines);
        effects.extend(self.engine_turn());
        let finished = self.game.is_over() && self.settings.save_pgn && self.archive.hand_out_finished();
        if finished {
            let document = Document::Finished { game: self.pgn(), number: self.archive.number() };
            effects.push(Effect::Write(Box::new(document)));
        }
        Response { lines, effects }
    }

    /// Plays `mv`, a legal move read or picked (refused when a touched piece must move instead;
    /// online, sent to the server), with a draw offered when asked; `waiting` is what the move
    /// changed before it was read, kept again when it is refused.
    fn play_checked(&mut self, mv: shakmaty::Move, waiting: moves::BeforeMove, offers_draw: bool) -> Response {
        if let Some(refusal) = moves::touch_refusal(&self.arbiter, &self.wording, mv) {
            waiting.keep(&mut self.table);
            return refusal.into();
        }
        if self.settings.online.is_online() {
            let sent = (&self.settings, &self.clock);
            let response = moves::send_online(&self.game, &mut self.online, sent, &self.wording, (mv, offers_draw));
            if !response.lines.is_empty() {
                waiting.keep(&mut self.table);
            }
            return response;
        }
        let mover = self.game.position().turn();
        let mut lines = self.play(mv);
        // A move played after sealing one (before adjourning): the sealed move is set aside.
        if self.game.position().turn() != mover && self.adjournment.set_aside(mover) {
            lines.push(self.wording.line("adjourn.set_aside", &[("color", &self.wording.color(mover))]));
        }
        if offers_draw && !self.game.is_over() && self.game.offer_draw(mover).is_ok() {
            lines.push(self.wording.line("move.offer", &[("color", &self.wording.color(mover))]));
        }
        lines.into()
    }

    /// Plays a legal move and announces it, with what it did to the clock and the table.
    fn play(&mut self, mv: shakmaty::Move) -> Vec<Line> {
        let before = self.game.position().clone();
        match self.game.play(mv) {
            Ok(report) => self.announce_played(&before, &report),
            Err(e) => duties::announce::game_error_lines(&self.game, &self.wording, e),
        }
    }

    /// The announcement of a move just played from `before`, with what it did to the clock (the
    /// time control line right after the move, before any result); both boards and sheets learn
    /// of it.
    fn announce_played(&mut self, before: &Chess, report: &crate::rules::MoveReport) -> Vec<Line> {
        let mut lines = duties::announce::announcement(&self.game, &self.settings, &self.wording, before, report);
        let control = clock::press_clock(&mut self.clock, &self.game, &self.settings, &self.wording, report.mover);
        let ply = self.game.ply_count() - 1;
        relay::record_on_table(
            &mut self.table,
            &mut self.clock,
            &mut self.arbiter,
            &self.settings,
            (ply, before),
            report,
        );
        let at = lines.len().min(1);
        lines.splice(at..at, control);
        // In practice (never at the table or online), a new named opening is said after the move.
        if self.place() == Place::Practice {
            lines.splice(at..at, practice::opening_line(&self.game, &self.settings, &self.wording));
        }
        lines
    }

    /// The last announcement corrected to `mv`, a move of the position before it (E.2.6): the
    /// clocks go back to the moment of the announcement, the opponent's running.
    fn correct_to(&mut self, mv: shakmaty::Move) -> Vec<Line> {
        let (last, before) = match relay::slip_window(&self.game, &self.table, &self.wording) {
            Ok(open) => open,
            Err(refusal) => return refusal,
        };
        let clock = self.clock.after_move(last);
        self.retract_to(last, Some(before.board()));
        let report = match self.game.play(mv) {
            Ok(report) => report,
            Err(e) => return duties::announce::game_error_lines(&self.game, &self.wording, e),
        };
        let words = crate::notation::spoken(&before, mv, self.wording.pack(), self.settings.style);
        let mut lines = vec![self.wording.line("table.slip_corrected", &[("words", &words)])];
        lines.extend(duties::announce::announcement(&self.game, &self.settings, &self.wording, &before, &report));
        if let Some(clock) = clock {
            self.clock.restore_from(clock, before.turn());
        }
        relay::record_on_table(
            &mut self.table,
            &mut self.clock,
            &mut self.arbiter,
            &self.settings,
            (last, &before),
            &report,
        );
        lines
    }

    /// A fresh clock, table and record for the game now (at its start, or after `new`).
    fn set_up_table(&mut self) {
        self.sparring.give_up();
        let to_move = (!self.game.is_over()).then(|| self.game.position().turn());
        self.clock.restart(self.settings.control.clone(), self.settings.watch_settings(), to_move);
        self.arbiter = Arbiter::default();
        self.table = Table::new(self.game.position().board(), self.settings.blind);
        self.archive.restart();
        self.imported = None;
    }

    /// Takes the game back to its first `ply` half-moves, with everything kept per move; the
    /// boards go back too (to `board`, where given, else as each was before those moves).
    fn retract_to(&mut self, ply: usize, board: Option<&shakmaty::Board>) {
        self.game.retract_to(ply);
        self.clock.retract_to(ply);
        if let Some(imported) = self.imported.as_mut() {
            imported.retract_to(ply);
        }
        self.table.retrace(ply, board);
        self.arbiter.moved();
    }

    /// Replays a journal's records through [`Session::apply`], as they happened live (what was
    /// said is not said again); returns the session time and wall time of the last one. A PGN or
    /// an envelope that no longer reads is skipped.
    pub fn replay(&mut self, records: &[Record]) -> (Timestamp, u64) {
        let mut last = (Timestamp(0), 0);
        for record in records {
            if let Some(event) = Event::from_record(&record.kept, |line| self.read(line)) {
                self.apply(event, record.at);
            }
            last = (record.at, record.wall_ms);
        }
        last
    }

    /// [`Session::replay`], with the wall time of the record the game now in play began with,
    /// when `new` began it after an earlier game (`None` while the session's first game goes on).
    pub fn replay_noting_new(&mut self, records: &[Record]) -> ((Timestamp, u64), Option<u64>) {
        let (mut last, mut began) = ((Timestamp(0), 0), None);
        for record in records {
            let before = self.games_begun();
            last = self.replay(std::slice::from_ref(record));
            if self.games_begun() != before {
                began = Some(record.wall_ms);
            }
        }
        (last, began)
    }

    /// The speech engine reported its voices (kept until it reports some again): `voice` names
    /// them, and a voice asked for before they were known is checked.
    pub fn know_voices(&mut self, voices: Vec<crate::speech::Voice>) -> Response {
        duties::voice::voices_known(&mut self.settings, &mut self.said, &self.wording, voices)
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
        eboard::board_deadline(&self.eboard, &self.game)
    }

    /// The grammar the ears hear the position in.
    pub fn listening_grammar(&self) -> crate::listen::MoveGrammar {
        self.listening.grammar(&self.game, self.wording.pack())
    }

    /// The game is kept as `keeping` says (known where it is opened): `quit` names the way back.
    pub fn keep_in(&mut self, keeping: Keeping) {
        self.archive.keep_in(keeping);
    }

    /// Whether the game waits in an envelope.
    pub fn is_adjourned(&self) -> bool {
        self.adjournment.is_adjourned()
    }

    /// Coming back after a crash: the engine, started anew, is asked again for the move it was
    /// thinking about.
    fn engine_asked_again(&mut self) -> Option<Effect> {
        self.sparring.restart();
        let id = self.sparring.moving()?;
        let asked = (id, parts::Purpose::Move);
        Some(Effect::Think(practice::request(&self.game, &self.clock, &self.settings, asked)))
    }

    /// Whether the engine of a practice game is thinking: the next line is asked for once its
    /// answer has come (where lines come from a script).
    pub fn engine_thinks(&self) -> bool {
        self.place() == Place::Practice && self.sparring.is_thinking()
    }

    /// What the game's documents are written from.
    fn recorded(&self) -> pgn::Recorded<'_> {
        pgn::Recorded {
            game: &self.game,
            table: &self.table,
            clock: &self.clock,
            imported: self.imported.as_ref(),
            settings: &self.settings,
            practice: (self.place() == Place::Practice).then_some((&self.sparring, &self.wording)),
        }
    }

    /// The game so far as a PGN game.
    pub fn pgn(&self) -> crate::store::PgnGame {
        self.recorded().pgn()
    }

    /// The scoresheet of the game so far in `format`.
    pub fn scoresheet(&self, format: crate::table::SheetFormat) -> String {
        self.recorded().scoresheet(&self.wording, format)
    }

    /// The audio scoresheet: the moves in the words that announce them, with move numbers.
    pub fn spoken_scoresheet(&self) -> SheetContent {
        self.recorded().spoken_scoresheet(&self.wording)
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
        self.settings.change(crate::config::Change::Letters { color: None, set: letters });
    }

    /// Where the voice clips are, if the settings say.
    pub fn clips_dir(&self) -> Option<&std::path::Path> {
        self.settings.clips.as_deref()
    }
}
