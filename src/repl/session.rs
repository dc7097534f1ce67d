//! The session: one game with its settings, answering each input (a move in any notation or a
//! command) with lines to print, speak and sound. It touches no terminal, speaker, wall clock or
//! file: the time comes in with every input.

use shakmaty::{ByColor, Chess, Color, Position, Role, Square};

use super::arguments::Input;
use super::command::Command;
use super::describe::{color_key, piece_key};
use super::wording::{Wording, Words};
use super::{Document, Effect, Event, Line, Response, Timestamp};
use crate::audio::Cue;
use crate::clock::{Clock, Watch};
use crate::config::Settings;
use crate::messages::{Catalog, Lang};
use crate::notation::{LetterSet, MoveReader, PhrasePack};
use crate::rules::{parse_fen, FenError, Game};
use crate::speech::Utterance;
use crate::table::Table;

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

/// A move as announced, kept for `last`.
#[derive(Debug, Clone)]
pub(super) struct Announced {
    pub(super) text: String,
    pub(super) words: String,
}

/// A question the session asked and waits for yes or no to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Question {
    /// Was the move of half-move `ply` executed on `board` as `executed` instead?
    Executed { board: Color, ply: usize, executed: shakmaty::Move },
    /// Which piece does the pawn become? (one of `moves`)
    Promotion { moves: Vec<shakmaty::Move> },
    /// Carry out this command, which cannot be undone? (yes or no)
    Confirm(Command),
    /// Who resigns? (a colour, or no)
    WhoResigns,
}

/// One game at the table: the rules, both boards and sheets, the clock, and everything said. It answers each event with lines and effects.
pub struct Session {
    pub(super) settings: Settings,
    catalog: Catalog,
    pub(super) reader: MoveReader,
    pub(super) pack: PhrasePack,
    pub(super) game: Game,
    pub(super) announced: Vec<Announced>,
    last_spoken: Vec<Line>,
    pub(super) clock: Clock,
    pub(super) watch: Watch,
    /// Illegal moves recorded against each player (7.4, 7.5).
    pub(super) illegal: ByColor<u32>,
    /// The time of the input being answered.
    pub(super) now: Timestamp,
    /// The two boards and the two scoresheets.
    pub(super) table: Table,
    /// The square of a piece the side to move touched (4.3), if claimed.
    pub(super) touched: Option<Square>,
    /// The clock just after each move was announced, for a slip of the tongue (E.2.6).
    pub(super) clock_after: Vec<Clock>,
    /// The time the program was away after a crash, not yet counted.
    pub(super) downtime: Option<std::time::Duration>,
    /// The sealed move written so far, by whom (before `adjourn`).
    pub(super) sealed: Option<(Color, String)>,
    /// The game is adjourned: no more moves here.
    pub(super) adjourned: bool,
    /// From an envelope: the sealed move not yet opened, and who sealed it.
    pub(super) unopened: Option<(Color, String)>,
    /// The half-moves with which a draw was offered.
    pub(super) offers: Vec<usize>,
    /// Comments on half-moves (from an imported game).
    pub(super) comments: std::collections::BTreeMap<usize, String>,
    /// What `more` adds to the last answer.
    pub(super) more: Vec<Line>,
    /// The texts spoken lately, for `history`.
    pub(super) history: std::collections::VecDeque<String>,
    /// The yes-or-no question waiting for its answer, if any.
    pub(super) question: Option<Question>,
    /// Whether the PGN of the finished game was handed out to be kept.
    finished_kept: bool,
    /// The speech engine's voices, once it has said (for `voice`).
    pub(super) voices: Vec<crate::speech::EngineVoice>,
}

pub(super) fn start_position(fen: Option<&str>) -> Result<Chess, FenError> {
    fen.map_or(Ok(Chess::default()), parse_fen)
}

impl Session {
    /// A session for `settings`, not started.
    pub fn new(settings: Settings) -> Result<Session, SessionError> {
        let pack = PhrasePack::named(&settings.pack).ok_or_else(|| SessionError::Pack(settings.pack.clone()))?;
        let reader = MoveReader::new(&PhrasePack::builtin()).map_err(|e| SessionError::Vocabulary(e.to_string()))?;
        let game = Game::new(start_position(settings.fen.as_deref())?, settings.ruleset);
        let clock = Clock::new(settings.control.clone());
        let watch = Watch::new(settings.watch_settings(), &clock, Timestamp(0));
        Ok(Session {
            catalog: Catalog::new(settings.lang),
            settings,
            reader,
            pack,
            game,
            announced: Vec::new(),
            last_spoken: Vec::new(),
            clock,
            watch,
            illegal: ByColor::new_with(|_| 0),
            now: Timestamp(0),
            table: Table::new(&shakmaty::Board::default(), None),
            touched: None,
            clock_after: Vec::new(),
            downtime: None,
            sealed: None,
            adjourned: false,
            unopened: None,
            offers: Vec::new(),
            comments: std::collections::BTreeMap::new(),
            more: Vec::new(),
            history: std::collections::VecDeque::new(),
            question: None,
            finished_kept: false,
            voices: Vec::new(),
        })
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
        self.catalog.lang()
    }

    // ----- output helpers -----

    pub(super) fn tr(&self, key: &str, args: &[(&str, &str)]) -> String {
        self.catalog.text(key, args)
    }

    /// A line spoken in the UI language.
    pub(super) fn say(&self, text: String) -> Line {
        let speech = Utterance::new(text.clone(), self.lang().code());
        Line { text, speech: Some(speech), cue: None }
    }

    /// A line printed only (FENs, the `result:` line).
    pub(super) fn print(text: String) -> Line {
        Line { text, speech: None, cue: None }
    }

    /// The player's name, or the colour when no name was given.
    pub(super) fn player(&self, color: Color) -> String {
        match self.settings.name(color) {
            "" => self.color(color),
            name => name.to_string(),
        }
    }

    pub(super) fn color(&self, color: Color) -> String {
        self.tr(color_key(color), &[])
    }

    pub(super) fn piece(&self, role: Role) -> String {
        self.tr(piece_key(role), &[])
    }

    /// The letter set a move of `color` is printed with: that player's own (`notation.sighted`,
    /// `notation.blind`), never the interface language's.
    pub(super) fn printed_letters(&self, color: Color) -> LetterSet {
        self.settings.letters(color)
    }

    /// The wording layer: the catalogue and the announcing pack.
    pub(super) fn wording(&self) -> Wording<'_> {
        Wording { catalog: &self.catalog, pack: &self.pack, style: self.settings.style }
    }

    /// The message `key` as a line, printed and spoken (its `.spoken` form where it has one).
    pub(super) fn line(&self, key: &str, args: &[(&str, &str)]) -> Line {
        let args: Vec<(&str, Words)> = args.iter().map(|(k, v)| (*k, Words::plain(*v))).collect();
        self.say_words(self.wording().words(key, &args))
    }

    /// The message `key` about a file: the full path printed, only the file's name spoken (a path
    /// would be read out sign by sign).
    pub(super) fn file_line(&self, key: &str, path: &str, reason: Option<&str>) -> Line {
        let name =
            std::path::Path::new(path).file_name().map_or(path.to_string(), |n| n.to_string_lossy().into_owned());
        let mut args = vec![("path", Words::new(path, name))];
        args.extend(reason.map(|r| ("reason", Words::plain(r))));
        self.say_words(self.wording().words(key, &args))
    }

    /// A line in both forms, printed and spoken.
    pub(super) fn say_words(&self, words: Words) -> Line {
        self.wording().say(words)
    }

    /// Typed text quoted back: printed as typed, spoken as typed only when it is words.
    pub(super) fn typed(&self, text: &str) -> Words {
        match crate::speech::notation_in(text) {
            None => Words::plain(text),
            Some(_) => Words::new(text, self.tr("word.that", &[])),
        }
    }

    pub(super) fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    pub(super) fn list(&self, items: &[String]) -> String {
        super::wording::or_list(items, &self.catalog)
    }

    // ----- the one way in -----

    /// Applies one event at `now` (the session clock's reading) and answers it. Live play and
    /// journal replay both come this way. A defect met while answering an input does not end the
    /// game: the input is refused and play goes on.
    pub fn apply(&mut self, event: Event, now: Timestamp) -> Response {
        match event {
            Event::Start => self.start(now),
            Event::Input(input) => std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.handle(input, now)))
                .unwrap_or_else(|_| self.internal_error()),
            Event::Tick => self.tick(now),
            Event::Resumed(away) => self.resumed(away, now),
            Event::Pgn(pgn) => self.load_pgn(&pgn, now),
            Event::Envelope(envelope) => self.resume_envelope(&envelope, now),
            Event::Written(written) => self.written(written),
            Event::Voices(voices) => {
                self.know_voices(voices);
                Response::default()
            }
            Event::Problems(problems) => self.problems(problems),
        }
    }

    /// What is said when the session starts at `now`; the clock of the side to move starts (6.5).
    fn start(&mut self, now: Timestamp) -> Response {
        self.now = now;
        self.start_clock();
        let mut lines = vec![self.line("start.welcome", &[])];
        lines.extend(self.game_intro());
        lines.push(self.line("start.help", &[]));
        if self.settings.verbosity == crate::config::Verbosity::Brief {
            // Printed in full; spoken, only who is to move.
            let to_move = self.tr("start.to_move", &[("color", &self.color(self.game.position().turn()))]);
            lines.iter_mut().filter(|l| l.text != to_move).for_each(|l| l.speech = None);
        }
        self.respond(lines)
    }

    /// Starts a fresh clock for the current game.
    fn start_clock(&mut self) {
        self.clock = Clock::new(self.settings.control.clone());
        if !self.game.is_over() {
            self.clock.start(self.game.position().turn(), self.now);
        }
        self.watch = Watch::new(self.settings.watch_settings(), &self.clock, self.now);
        self.illegal = ByColor::new_with(|_| 0);
        self.table = Table::new(self.game.position().board(), self.settings.blind);
        self.offers.clear();
        self.comments.clear();
        self.touched = None;
        self.clock_after.clear();
        self.finished_kept = false;
    }

    /// The input a typed line is: a command, a move, or the answer to the question waiting (a
    /// promotion piece named alone, such as `N`, `knight` or `Springer`, is never a command).
    pub fn read_input(&self, line: &str) -> Input {
        match &self.question {
            Some(Question::Promotion { .. }) => {
                let letters = self.settings.letters(self.game.position().turn());
                if self.reader.read_piece(line, letters).is_some() {
                    return Input::Move(line.trim().to_string());
                }
            }
            Some(Question::WhoResigns) => {
                if let Some(color) = super::arguments::color(line.trim()) {
                    return Input::Command(Command::Resign(Some(color)));
                }
            }
            _ => {}
        }
        super::arguments::parse_line(line, self.lang())
    }

    /// Answers one input. `now` is the session clock's reading: what the clock did up to then
    /// (marks, warnings, a fallen flag) comes first.
    fn handle(&mut self, input: Input, now: Timestamp) -> Response {
        self.now = now.max(self.now);
        let mut lines = self.clock_events();
        let question = self.question.take();
        if let (Some(Question::Executed { board, ply, executed }), Input::Command(answer)) = (&question, &input) {
            if matches!(answer, Command::Accept | Command::Decline) {
                lines.extend(self.answer_executed(*answer == Command::Accept, *board, *ply, *executed));
                return self.respond(lines);
            }
        }
        if let Some(answer) = self.answer_confirmation(question.as_ref(), &input) {
            return self.respond_with(lines, answer);
        }
        if let (Some(Question::Promotion { moves }), Input::Move(text)) = (&question, &input) {
            if let Some(answer) = self.promotion_answer(moves, text) {
                lines.extend(answer);
                return self.respond(lines);
            }
        }
        if let (Some(q), Input::Command(Command::Repeat)) = (question, &input) {
            // The question still waits after it is said again.
            self.question = Some(q);
        }
        match input {
            Input::Empty => lines.extend(self.confirm_ok(false)),
            Input::Move(text) => lines.extend(self.play_text(&text)),
            Input::Refused(error) => lines.extend(self.refusal(error)),
            // The clock spoke since: that is what is said, not the answer before.
            Input::Command(Command::Repeat) if !lines.is_empty() => {}
            Input::Command(command) => {
                if let Some(question) = self.ask_first(&command) {
                    lines.extend(question);
                    return self.respond(lines);
                }
                let more = self.settings.verbosity == crate::config::Verbosity::Verbose && command != Command::More;
                let mut out = self.command(command);
                if more {
                    out.lines.append(&mut self.more);
                }
                return self.respond_with(lines, out);
            }
        }
        self.respond(lines)
    }

    /// A promotion piece named alone after "name the promotion piece": the move with it is played
    /// (a king is refused and the question stays). `None` when the text names no piece.
    fn promotion_answer(&mut self, moves: &[shakmaty::Move], text: &str) -> Option<Vec<Line>> {
        let letters = self.settings.letters(self.game.position().turn());
        let role = self.reader.read_piece(text, letters)?;
        match moves.iter().find(|m| m.promotion() == Some(role)) {
            Some(&mv) => {
                if let Some(refusal) = self.touch_refusal(mv) {
                    return Some(refusal);
                }
                self.before_move();
                Some(self.play_move(mv))
            }
            None => {
                self.question = Some(Question::Promotion { moves: moves.to_vec() });
                let piece = self.piece(role);
                Some(vec![self.line("illegal.bad_promotion", &[("piece", &piece)]).with_cue(Cue::Illegal)])
            }
        }
    }

    /// What the clock did up to `now` without any input (marks, warnings, a fallen flag).
    fn tick(&mut self, now: Timestamp) -> Response {
        self.now = now.max(self.now);
        let lines = self.clock_events();
        self.respond(lines)
    }

    /// Marks the first utterance as interrupting stale speech and keeps the spoken lines for
    /// `repeat`.
    fn respond(&mut self, mut lines: Vec<Line>) -> Response {
        if self.game.is_over() && self.clock.running().is_some() {
            self.clock.stop(self.now);
        }
        if !self.settings.cues {
            lines.iter_mut().for_each(|l| l.cue = None);
            lines.retain(|l| !l.text.is_empty() || l.speech.is_some());
        }
        if let Some(first) = lines.iter_mut().find_map(|l| l.speech.as_mut()) {
            first.interrupt = true;
        }
        let spoken: Vec<Line> = lines.iter().filter(|l| l.speech.is_some()).cloned().collect();
        self.remember_spoken(&spoken);
        if !spoken.is_empty() {
            self.last_spoken = spoken;
        }
        let effects =
            self.finished_pgn().map(|pgn| Effect::Write(Box::new(Document::Finished(pgn)))).into_iter().collect();
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

    /// Answers with a command's response that carries effects (a document to write, voice
    /// settings, the end of the session): the clock's `lines` first, then its own, all through
    /// `respond`.
    fn respond_with(&mut self, mut lines: Vec<Line>, out: Response) -> Response {
        let Response { lines: mut own, mut effects } = out;
        lines.append(&mut own);
        let mut response = self.respond(lines);
        effects.append(&mut response.effects);
        Response { effects, ..response }
    }

    /// `repeat`: what was last spoken, said again.
    pub(super) fn repeat(&self) -> Vec<Line> {
        match self.last_spoken.is_empty() {
            true => vec![self.line("repeat.none", &[])],
            false => self.last_spoken.clone(),
        }
    }

    pub(super) fn quit(&mut self) -> Response {
        let mut lines = Vec::new();
        if !self.game.is_over() {
            lines.push(self.line("quit.unfinished", &[]));
        }
        lines.push(self.line("quit.bye", &[]));
        Response { lines, effects: vec![Effect::Quit] }
    }

    pub(super) fn new_game(&mut self, fen: Option<String>) -> Vec<Line> {
        let start = match start_position(fen.as_deref()) {
            Ok(pos) => pos,
            Err(e) => {
                let reason = self.tr(e.reason().key(), &[]);
                return vec![self.line("error.bad_fen", &[("reason", &reason)])];
            }
        };
        self.settings.fen = fen;
        self.settings.chess960 = None;
        self.game = Game::new(start, self.settings.ruleset);
        self.announced.clear();
        self.start_clock();
        let mut lines = vec![self.line("new.started", &[])];
        lines.extend(self.game_intro());
        lines
    }

    pub(super) fn illegal_sentence(&self, pos: &Chess, reason: crate::rules::IllegalReason) -> Words {
        super::describe::illegal(&self.wording(), pos, reason)
    }

    /// Takes the game back to its first `ply` half-moves, with everything kept per move.
    pub(super) fn retract_to(&mut self, ply: usize) {
        self.game.retract_to(ply);
        self.announced.truncate(ply);
        self.clock_after.truncate(ply);
        self.offers.retain(|&p| p < ply);
        self.comments.retain(|&p, _| p < ply);
    }

    /// The rate, volume and voice in force.
    pub fn voice(&self) -> &crate::speech::VoiceSettings {
        &self.settings.voice
    }

    /// The prompt: move number and side to move.
    pub fn prompt(&self) -> String {
        let pos = self.game.position();
        let number = pos.fullmoves().to_string();
        self.tr("start.prompt", &[("number", &number), ("color", &self.color(pos.turn()))])
    }

    /// The answer to an input whose handling failed inside the program.
    fn internal_error(&mut self) -> Response {
        let line = self.line("error.internal", &[]);
        self.respond(vec![line])
    }

    /// When the clock can next have something to say, if it keeps running.
    pub fn next_deadline(&self, now: Timestamp) -> Option<Timestamp> {
        if self.game.is_over() {
            return None;
        }
        self.watch.next_deadline(&self.clock, now)
    }

    pub(super) fn piece_name(&self, role: Role) -> String {
        self.piece(role)
    }

    pub(super) fn color_name(&self, color: Color) -> String {
        self.color(color)
    }
}
