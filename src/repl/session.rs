//! The session: one game with its settings, answering each input (a move in any notation or a
//! command) with lines to print, speak and sound. It touches no terminal, speaker, wall clock or
//! file: the time comes in with every input.

use shakmaty::{ByColor, Chess, Color, Position, Role, Square};

use super::adjournment::Adjournment;
use super::arguments::Input;
use super::command::Command;
use super::heard::Heard;
use super::timing::Timing;
use super::{Document, Effect, Event, Line, Response, Timestamp};
use crate::audio::Cue;
use crate::config::Settings;
use crate::messages::{Catalog, Lang};
use crate::notation::{LetterSet, MoveReader, PhrasePack};
use crate::rules::{parse_fen, FenError, Game};
use crate::table::Table;
use crate::wording::{Wording, Words};

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
    /// Was this heard right? (what the words mean, played or done on yes)
    Heard(crate::listen::Meaning),
}

/// One game at the table: the rules, both boards and sheets, the clock, and everything said. It answers each event with lines and effects.
pub struct Session {
    pub(super) settings: Settings,
    /// The interface catalogue and the announcing pack.
    wording: Wording,
    pub(super) reader: MoveReader,
    pub(super) game: Game,
    pub(super) announced: Vec<Announced>,
    /// The clock and what it has said.
    pub(super) timing: Timing,
    /// Illegal moves recorded against each player (7.4, 7.5).
    pub(super) illegal: ByColor<u32>,
    /// The time of the input being answered.
    pub(super) now: Timestamp,
    /// The two boards and the two scoresheets.
    pub(super) table: Table,
    /// The square of a piece the side to move touched (4.3), if claimed.
    pub(super) touched: Option<Square>,
    /// The sealed move, the envelope, the move not yet opened.
    pub(super) adjournment: Adjournment,
    /// The half-moves with which a draw was offered.
    pub(super) offers: Vec<usize>,
    /// Comments on half-moves (from an imported game).
    pub(super) comments: std::collections::BTreeMap<usize, String>,
    /// What was said: for `repeat`, `more` and `history`; the engine's voices.
    pub(super) heard: Heard,
    /// The yes-or-no question waiting for its answer, if any.
    pub(super) question: Option<Question>,
    /// Whether the PGN of the finished game was handed out to be kept.
    finished_kept: bool,
    /// The game read from PGN this one goes on from, as read.
    pub(super) imported: Option<super::imported::Imported>,
    /// The electronic board, when one is the sighted board.
    pub(super) eboard: super::board_watch::BoardWatch,
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
        let timing = Timing::new(settings.control.clone(), settings.watch_settings(), Timestamp(0));
        Ok(Session {
            wording: Wording::new(settings.lang, pack, settings.style),
            settings,
            reader,
            game,
            announced: Vec::new(),
            timing,
            illegal: ByColor::new_with(|_| 0),
            now: Timestamp(0),
            table: Table::new(&shakmaty::Board::default(), None),
            touched: None,
            adjournment: Adjournment::default(),
            offers: Vec::new(),
            comments: std::collections::BTreeMap::new(),
            heard: Heard::default(),
            question: None,
            finished_kept: false,
            imported: None,
            eboard: Default::default(),
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
        self.wording.lang()
    }

    // ----- output helpers -----

    pub(super) fn tr(&self, key: &str, args: &[(&str, &str)]) -> String {
        self.wording.text(key, args)
    }

    /// A line spoken in the UI language.
    pub(super) fn say(&self, text: String) -> Line {
        self.wording().say(Words::plain(text))
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
        self.wording.color(color)
    }

    pub(super) fn piece(&self, role: Role) -> String {
        self.wording.piece(role)
    }

    /// The letter set a move of `color` is printed with: that player's own (`notation.sighted`,
    /// `notation.blind`), never the interface language's.
    pub(super) fn printed_letters(&self, color: Color) -> LetterSet {
        self.settings.letters(color)
    }

    /// The wording layer: the catalogue and the announcing pack.
    pub(super) fn wording(&self) -> &Wording {
        &self.wording
    }

    /// The message `key` as a line, printed and spoken (its `.spoken` form where it has one).
    pub(super) fn line(&self, key: &str, args: &[(&str, &str)]) -> Line {
        self.wording().line(key, args)
    }

    /// The message `key` about a file: the full path printed, only the file's name spoken (a path
    /// would be read out sign by sign).
    pub(super) fn file_line(&self, key: &str, path: &str, reason: Option<&str>) -> Line {
        self.wording.file_line(key, path, reason)
    }

    /// A line in both forms, printed and spoken.
    pub(super) fn say_words(&self, words: Words) -> Line {
        self.wording().say(words)
    }

    /// Typed text quoted back: printed as typed, spoken as typed only when it is words.
    pub(super) fn typed(&self, text: &str) -> Words {
        self.wording.typed(text)
    }

    pub(super) fn catalog(&self) -> &Catalog {
        self.wording.catalog()
    }

    pub(super) fn list(&self, items: &[String]) -> String {
        self.wording.or_list(items)
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
                self.heard.know_voices(voices);
                Response::default()
            }
            Event::Problems(problems) => self.problems(problems),
            Event::Heard(report) => {
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.heard_report(report, now)))
                    .unwrap_or_else(|_| self.internal_error())
            }
            Event::Board(report) => {
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.board_news(report, now)))
                    .unwrap_or_else(|_| self.internal_error())
            }
        }
    }

    /// What is said when the session starts at `now`; the clock of the side to move starts (6.5).
    fn start(&mut self, now: Timestamp) -> Response {
        self.now = now;
        self.start_clock();
        // (The program's name was said before the game was opened: see greeting.rs.)
        let mut lines = vec![self.line("start.welcome", &[])];
        lines.extend(self.game_intro());
        lines.push(self.line("start.help", &[]));
        if self.settings.verbosity == crate::wording::Verbosity::Brief {
            // Printed in full; spoken, only who is to move.
            let to_move = self.tr("start.to_move", &[("color", &self.color(self.game.position().turn()))]);
            lines.iter_mut().filter(|l| l.text != to_move).for_each(|l| l.speech = None);
        }
        self.respond(lines)
    }

    /// Starts a fresh clock for the current game.
    fn start_clock(&mut self) {
        let to_move = (!self.game.is_over()).then(|| self.game.position().turn());
        self.timing = Timing::started(self.settings.control.clone(), self.settings.watch_settings(), to_move, self.now);
        self.illegal = ByColor::new_with(|_| 0);
        self.table = Table::new(self.game.position().board(), self.settings.blind);
        self.offers.clear();
        self.comments.clear();
        self.touched = None;
        self.finished_kept = false;
        self.imported = None;
    }

    /// The input a typed line is: a command, a move, or the answer to the question waiting (a
    /// promotion piece named alone, such as `N`, `knight` or `Springer`, is never a command).
    pub fn read_input(&self, line: &str) -> Input {
        if let Some(problem) = super::arguments::line_problem(line) {
            return Input::Unreadable(problem);
        }
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
    pub(super) fn handle(&mut self, input: Input, now: Timestamp) -> Response {
        self.now = now.max(self.now);
        let mut lines = self.clock_events();
        let question = self.question.take();
        if let (Some(Question::Executed { board, ply, executed }), Input::Command(answer)) = (&question, &input) {
            if matches!(answer, Command::Accept | Command::Decline) {
                lines.extend(self.answer_executed(*answer == Command::Accept, *board, *ply, *executed));
                return self.respond(lines);
            }
        }
        if let (Some(Question::Heard(meaning)), Input::Command(answer @ (Command::Accept | Command::Decline))) =
            (&question, &input)
        {
            let answer = self.answer_heard(*meaning, *answer == Command::Accept);
            return self.respond_with(lines, answer);
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
            Input::Unreadable(problem) => lines.extend(self.unreadable(problem)),
            // The clock spoke since: that is what is said, not the answer before.
            Input::Command(Command::Repeat) if !lines.is_empty() => {}
            Input::Command(command) => {
                if let Some(question) = self.ask_first(&command) {
                    lines.extend(question);
                    return self.respond(lines);
                }
                let more = self.settings.verbosity == crate::wording::Verbosity::Verbose && command != Command::More;
                let mut out = self.command(command);
                if more {
                    out.lines.append(&mut self.heard.take_more());
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
    pub(super) fn respond(&mut self, mut lines: Vec<Line>) -> Response {
        if self.game.is_over() && self.timing.clock.running().is_some() {
            self.timing.clock.stop(self.now);
        }
        if !self.settings.cues {
            lines.iter_mut().for_each(|l| l.cue = None);
            lines.retain(|l| !l.text.is_empty() || l.speech.is_some());
        }
        if let Some(first) = lines.iter_mut().find_map(|l| l.speech.as_mut()) {
            first.interrupt = true;
        }
        self.heard.spoke(&lines);
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
    pub(super) fn respond_with(&mut self, mut lines: Vec<Line>, out: Response) -> Response {
        let Response { lines: mut own, mut effects } = out;
        lines.append(&mut own);
        let mut response = self.respond(lines);
        effects.append(&mut response.effects);
        Response { effects, ..response }
    }

    /// `repeat`: what was last spoken, said again.
    pub(super) fn repeat(&self) -> Vec<Line> {
        match self.heard.last() {
            [] => vec![self.line("repeat.none", &[])],
            last => last.to_vec(),
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
        self.wording.illegal(pos, reason)
    }

    /// Takes the game back to its first `ply` half-moves, with everything kept per move.
    pub(super) fn retract_to(&mut self, ply: usize) {
        self.game.retract_to(ply);
        self.announced.truncate(ply);
        self.timing.retract_to(ply);
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
    pub(super) fn internal_error(&mut self) -> Response {
        let line = self.line("error.internal", &[]);
        self.respond(vec![line])
    }

    /// When the clock can next have something to say, if it keeps running.
    pub fn next_deadline(&self, now: Timestamp) -> Option<Timestamp> {
        if self.game.is_over() {
            return None;
        }
        self.timing.watch.next_deadline(&self.timing.clock, now)
    }

    pub(super) fn piece_name(&self, role: Role) -> String {
        self.piece(role)
    }

    pub(super) fn color_name(&self, color: Color) -> String {
        self.color(color)
    }
}
