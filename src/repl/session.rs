//! The session: one game with its settings, answering each input (a move in any notation or a
//! command) with lines to print, speak and sound. It touches no terminal, speaker, wall clock or
//! file: the time comes in with every input.

use shakmaty::{ByColor, Chess, Color, Position, Role, Square};

use super::describe::{color_key, piece_key, reason_key};
use super::registry::{CommandId, CommandSpec, Input, REGISTRY};
use super::timekeeping::watch_settings;
use super::wording::{Wording, Words};
use super::{Line, Response, Timestamp};
use crate::audio::Cue;
use crate::clock::{Clock, Watch};
use crate::config::Settings;
use crate::messages::{Catalog, Lang};
use crate::notation::{self, LetterSet, MoveReader, PhrasePack, ReadError};
use crate::rules::{parse_fen, ClaimResult, FenError, Game, GameError, MoveReport, Outcome};
use crate::speech::Utterance;
use crate::table::Table;

/// Why a session could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    #[error("{0}")]
    Fen(#[from] FenError),
    #[error("there is no phrase pack {0:?}; use appendix-e, et or en")]
    Pack(String),
    #[error("the phrase packs clash: {0}")]
    Vocabulary(String),
}

/// A move as announced, kept for `last`.
#[derive(Debug, Clone)]
pub(super) struct Announced {
    text: String,
    words: String,
}

/// A question the session asked and waits for yes or no to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Question {
    /// Was the move of half-move `ply` executed on `board` as `executed` instead?
    Executed { board: Color, ply: usize, executed: shakmaty::Move },
    /// Which piece does the pawn become? (one of `moves`)
    Promotion { moves: Vec<shakmaty::Move> },
    /// Carry out command `id` with `args`, which cannot be undone? (yes or no)
    Confirm { id: CommandId, args: String },
    /// Who resigns? (a colour, or no)
    WhoResigns,
}

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
    pub fn new(settings: Settings) -> Result<Session, SessionError> {
        let pack = PhrasePack::named(&settings.pack).ok_or_else(|| SessionError::Pack(settings.pack.clone()))?;
        let reader = MoveReader::new(&PhrasePack::builtin()).map_err(|e| SessionError::Vocabulary(e.to_string()))?;
        let game = Game::new(start_position(settings.fen.as_deref())?, settings.ruleset);
        let clock = Clock::new(settings.control.clone());
        let watch = Watch::new(watch_settings(&settings), &clock, Timestamp(0));
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

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The two boards and the scoresheets.
    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

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

    fn piece(&self, role: Role) -> String {
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

    // ----- the entry points -----

    /// What is said when the session starts at `now`; the clock of the side to move starts (6.5).
    pub fn start(&mut self, now: Timestamp) -> Response {
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
        self.respond(lines, false)
    }

    /// Starts a fresh clock for the current game.
    fn start_clock(&mut self) {
        self.clock = Clock::new(self.settings.control.clone());
        if !self.game.is_over() {
            self.clock.start(self.game.position().turn(), self.now);
        }
        self.watch = Watch::new(watch_settings(&self.settings), &self.clock, self.now);
        self.illegal = ByColor::new_with(|_| 0);
        self.table = Table::new(self.game.position().board(), self.settings.blind);
        self.offers.clear();
        self.comments.clear();
        self.touched = None;
        self.clock_after.clear();
        self.finished_kept = false;
    }

    /// The ruleset in force, in words.
    fn ruleset_name(&self) -> String {
        self.tr(&format!("rules.name.{}", self.settings.ruleset.name()), &[])
    }

    /// `rules`: the ruleset in force and what it decides differently.
    fn rules(&self) -> Vec<Line> {
        let name = self.ruleset_name();
        vec![
            self.line("rules.in_force", &[("rules", &name)]),
            self.line(&format!("rules.summary.{}", self.settings.ruleset.name()), &[]),
        ]
    }

    fn game_intro(&self) -> Vec<Line> {
        let s = &self.settings;
        let mut lines = Vec::new();
        if !s.white.is_empty() || !s.black.is_empty() {
            let (white, black) = (self.player(Color::White), self.player(Color::Black));
            lines.push(self.line("start.players", &[("white", &white), ("black", &black)]));
        }
        if let Some(blind) = s.blind {
            lines.push(self.line("start.blind", &[("name", &self.player(blind))]));
        }
        match (s.chess960, &s.fen) {
            (Some(number), _) => lines.push(self.chess960_line(number)),
            (None, Some(fen)) => {
                lines.push(Self::print(self.tr("start.position", &[("fen", fen)])));
                let (white, black) = (self.material(Color::White), self.material(Color::Black));
                lines.push(self.line("start.material", &[("white", &white), ("black", &black)]));
            }
            (None, None) => {}
        }
        lines.push(self.line("start.rules", &[("rules", &self.ruleset_name())]));
        lines.extend(self.control_lines());
        match self.game.outcome() {
            Some(outcome) => lines.extend(self.outcome_lines(outcome)),
            None => lines.push(self.line("start.to_move", &[("color", &self.color(self.game.position().turn()))])),
        }
        lines
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
            Some(Question::WhoResigns) if self.parse_color(line.trim()).is_some() => {
                return Input::Command(CommandId::Resign, line.trim().to_string());
            }
            _ => {}
        }
        super::registry::parse_line(line)
    }

    /// Answers one input. `now` is the session clock's reading: what the clock did up to then
    /// (marks, warnings, a fallen flag) comes first.
    pub fn handle(&mut self, input: Input, now: Timestamp) -> Response {
        self.now = now.max(self.now);
        let mut lines = self.clock_events();
        let question = self.question.take();
        if let (Some(Question::Executed { board, ply, executed }), Input::Command(id, _)) = (&question, &input) {
            if matches!(id, CommandId::Accept | CommandId::Decline) {
                lines.extend(self.answer_executed(*id == CommandId::Accept, *board, *ply, *executed));
                return self.respond(lines, false);
            }
        }
        if let Some(answer) = self.answer_confirmation(question.as_ref(), &input) {
            lines.extend(answer);
            return self.respond(lines, false);
        }
        if let (Some(Question::Promotion { moves }), Input::Move(text)) = (&question, &input) {
            if let Some(answer) = self.promotion_answer(moves, text) {
                lines.extend(answer);
                return self.respond(lines, false);
            }
        }
        if let (Some(q), Input::Command(CommandId::Repeat, _)) = (question, &input) {
            // The question still waits after it is said again.
            self.question = Some(q);
        }
        match input {
            Input::Empty => lines.extend(self.confirm_ok(false)),
            Input::Move(text) => lines.extend(self.play_text(&text)),
            Input::Command(CommandId::Repeat, _) if lines.is_empty() => return self.repeat(),
            Input::Command(CommandId::Repeat, _) => {}
            Input::Command(CommandId::Adjourn, args) => {
                let out = self.adjourn(&args);
                return self.respond_with(lines, out);
            }
            Input::Command(CommandId::Pgn, args) => {
                let out = self.pgn_command(&args);
                return self.respond_with(lines, out);
            }
            Input::Command(id @ (CommandId::Rate | CommandId::Volume | CommandId::Voice), args) => {
                let out = self.voice_command(id, &args);
                return self.respond_with(lines, out);
            }
            Input::Command(CommandId::Export, args) => {
                let out = self.export_command(&args);
                return self.respond_with(lines, out);
            }
            Input::Command(CommandId::Quit, _) => {
                let out = self.quit();
                return self.respond_with(lines, out);
            }
            Input::Command(id, args) if self.confirmation(id, &args).is_some() => {
                lines.extend(self.ask_first(id, &args).unwrap_or_default());
            }
            Input::Command(id, args) => {
                lines.extend(self.command(id, &args));
                if self.settings.verbosity == crate::config::Verbosity::Verbose && id != CommandId::More {
                    lines.append(&mut self.more);
                }
            }
        }
        self.respond(lines, false)
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
    pub fn tick(&mut self, now: Timestamp) -> Response {
        self.now = now.max(self.now);
        let lines = self.clock_events();
        self.respond(lines, false)
    }

    pub(super) fn command(&mut self, id: CommandId, args: &str) -> Vec<Line> {
        match id {
            CommandId::Move => self.play_text(args),
            CommandId::Draw => self.offer(args),
            CommandId::Accept => self.answer_offer(true),
            CommandId::Decline => self.answer_offer(false),
            CommandId::Claim => self.claim(args),
            CommandId::Resign => self.resign(args),
            CommandId::Last => self.last(args),
            CommandId::Legal => self.legal(args),
            CommandId::Fen => vec![Self::print(crate::rules::to_fen(self.game.position()))],
            CommandId::Help => self.help(args),
            CommandId::New => self.new_game(args),
            CommandId::Time => self.time(args),
            CommandId::Pause => self.pause(),
            CommandId::Resume => self.resume(),
            CommandId::Advance => self.advance(args),
            CommandId::SetTime => self.set_time(args),
            CommandId::SetMoves => self.set_moves(args),
            CommandId::AddTime => self.add_time(args),
            CommandId::Illegal => self.record_illegal(args),
            CommandId::Flag => self.claim_flag(),
            CommandId::Ok => self.confirm_ok(true),
            CommandId::Relay => self.relay(args),
            CommandId::Correct => self.correct(args),
            CommandId::Board => self.board_command(args),
            CommandId::Reconcile => self.reconcile(),
            CommandId::Sheet => self.sheet(args),
            CommandId::Touched => self.touched(args),
            CommandId::CountDowntime => self.downtime_lines(),
            CommandId::Seal => self.seal(args),
            CommandId::Open => self.open_sealed(),
            CommandId::Analyse => self.analyse(),
            CommandId::Rules => self.rules(),
            CommandId::Pieces => self.pieces_query(args),
            CommandId::SquareInfo => self.square_query(args),
            CommandId::Scan => self.scan_query(args),
            CommandId::Attackers => self.attackers_query(args),
            CommandId::Defenders => self.defenders_query(args),
            CommandId::Check => self.check_query(),
            CommandId::Captured => self.captured_query(),
            CommandId::Turn => self.turn_query(),
            CommandId::More => self.more_query(),
            CommandId::Explain => self.explain(args),
            CommandId::Verbosity => self.verbosity_command(args),
            CommandId::History => self.history_command(args),
            CommandId::Adjourn
            | CommandId::Pgn
            | CommandId::Export
            | CommandId::Rate
            | CommandId::Volume
            | CommandId::Voice => unreachable!("answered in handle"),
            CommandId::Repeat | CommandId::Quit => unreachable!("answered in handle"),
        }
    }

    /// Marks the first utterance as interrupting stale speech and keeps the spoken lines for
    /// `repeat`.
    fn respond(&mut self, mut lines: Vec<Line>, quit: bool) -> Response {
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
        Response { lines, quit, finished: self.finished_pgn(), ..Response::default() }
    }

    /// The PGN of a game that has just ended, once, when finished games are kept as PGN.
    fn finished_pgn(&mut self) -> Option<crate::store::PgnGame> {
        if !self.game.is_over() || self.finished_kept || !self.settings.save_pgn {
            return None;
        }
        self.finished_kept = true;
        Some(self.pgn())
    }

    /// Answers with a command's response that carries something besides lines (an envelope, a
    /// PGN, a scoresheet, voice settings, the end of the session): the clock's `lines` first, then
    /// its own, all through `respond`.
    fn respond_with(&mut self, mut lines: Vec<Line>, out: Response) -> Response {
        let Response { lines: mut own, quit, envelope, pgn, export, voice, .. } = out;
        lines.append(&mut own);
        Response { envelope, pgn, export, voice, ..self.respond(lines, quit) }
    }

    fn repeat(&mut self) -> Response {
        if self.last_spoken.is_empty() {
            let line = self.line("repeat.none", &[]);
            return self.respond(vec![line], false);
        }
        let lines = self.last_spoken.clone();
        self.respond(lines, false)
    }

    fn quit(&mut self) -> Response {
        let mut lines = Vec::new();
        if !self.game.is_over() {
            lines.push(self.line("quit.unfinished", &[]));
        }
        lines.push(self.line("quit.bye", &[]));
        Response { lines, quit: true, ..Response::default() }
    }

    // ----- moves -----

    pub(super) fn game_over_lines(&self, outcome: Outcome) -> Vec<Line> {
        let text = self.tr("error.game_over", &[("result", &self.outcome_sentence(outcome))]);
        vec![self.say(text).with_cue(Cue::Error)]
    }

    fn play_text(&mut self, text: &str) -> Vec<Line> {
        if let Some(outcome) = self.game.outcome() {
            return self.game_over_lines(outcome);
        }
        if let Some(refusal) = self.adjournment_refusal() {
            return refusal;
        }
        let (text, offers_draw) = match text.trim().strip_suffix("(=)") {
            Some(rest) => (rest.trim(), true),
            None => (text.trim(), false),
        };
        if text.is_empty() {
            return vec![self.line("error.not_a_move_plain", &[])];
        }
        // A refused move does not use up a relay waiting for its confirmation.
        let waiting = self.table.pending().map(|p| (p, self.table.board(p.receiver).clone()));
        self.before_move();
        let pos = self.game.position().clone();
        let letters = self.settings.letters(pos.turn());
        let mv = match self.reader.read(text, &pos, letters) {
            Ok(mv) => mv,
            Err(e) => {
                if let Some(lines) = self.divergence_lines(text, letters) {
                    return lines;
                }
                self.keep_waiting(waiting);
                if let ReadError::NeedsPromotion(moves) = &e {
                    self.question = Some(Question::Promotion { moves: moves.clone() });
                }
                let mut lines = self.read_error_lines(text, &pos, letters, e);
                lines.extend(self.misexecution_question(text, letters));
                return lines;
            }
        };
        if let Some(refusal) = self.touch_refusal(mv) {
            self.keep_waiting(waiting);
            return refusal;
        }
        let mover = pos.turn();
        let mut lines = self.play_move(mv);
        if offers_draw && !self.game.is_over() && self.game.offer_draw(mover).is_ok() {
            self.offers.push(self.game.ply_count() - 1);
            lines.push(self.line("move.offer", &[("color", &self.color(mover))]));
        }
        lines
    }

    /// After a refused move: the relay that `before_move` took as confirmed waits again.
    fn keep_waiting(&mut self, waiting: Option<(crate::table::PendingRelay, crate::table::PhysicalBoard)>) {
        if let (Some((pending, board)), None) = (waiting, self.table.pending()) {
            self.table.unconfirm(pending, board);
        }
    }

    /// Plays a legal move and announces it.
    pub(super) fn play_move(&mut self, mv: shakmaty::Move) -> Vec<Line> {
        let before = self.game.position().clone();
        match self.game.play(mv) {
            Ok(report) => self.announce(&before, &report),
            Err(e) => self.game_error_lines(e),
        }
    }

    /// The announcement of a move just played, with what it did to the clock.
    fn announce(&mut self, before: &Chess, report: &MoveReport) -> Vec<Line> {
        let mut lines = self.announcement(before, report);
        let control = self.press_clock(report.mover);
        self.record_on_table(before, report);
        // The time control line belongs right after the move, before any result.
        let at = lines.len().min(1);
        for (i, line) in control.into_iter().enumerate() {
            lines.insert(at + i, line);
        }
        lines
    }

    pub(super) fn announcement(&mut self, before: &Chess, report: &MoveReport) -> Vec<Line> {
        let words = notation::spoken(before, report.mv, &self.pack, self.settings.style);
        let san = notation::san(before, report.mv, self.printed_letters(report.mover));
        let dots = if report.mover == Color::White { "." } else { "..." };
        let number = report.number.to_string();
        let text = self.tr("move.line", &[("number", &number), ("dots", dots), ("san", &san), ("words", &words)]);
        self.announced.push(Announced { text: text.clone(), words: words.clone() });
        let speech = Utterance::new(words, &self.pack.language).important();
        let cue = match report.san.suffix {
            Some(_) => Cue::Check,
            None if report.mv.is_capture() => Cue::Capture,
            None => Cue::Move,
        };
        let mut lines = vec![Line { text, speech: Some(speech), cue: Some(cue) }];
        if report.declined_offer {
            let offerer = self.color(report.mover.other());
            lines.push(self.line("move.offer_lapsed", &[("color", &offerer)]));
        }
        if let Some(outcome) = report.outcome {
            lines.extend(self.outcome_lines(outcome));
        }
        lines
    }

    pub(super) fn outcome_sentence(&self, outcome: Outcome) -> String {
        let (winner, loser) = match outcome.result {
            crate::rules::GameResult::WhiteWins => (Color::White, Color::Black),
            _ => (Color::Black, Color::White),
        };
        self.tr(reason_key(outcome.reason), &[("winner", &self.color(winner)), ("loser", &self.color(loser))])
    }

    pub(super) fn outcome_lines(&self, outcome: Outcome) -> Vec<Line> {
        let mut said = self.say(self.outcome_sentence(outcome)).with_cue(Cue::GameEnd);
        if let Some(u) = said.speech.as_mut() {
            u.important = true;
        }
        // The contract's line: `result: SCORE (reason)`, the reason in the interface language.
        let reason = self.tr(super::describe::reason_line_key(outcome.reason), &[]);
        let mut lines = vec![said, Self::print(format!("result: {} ({reason})", outcome.result.score()))];
        // 1953 §24: a game decided before a move was made is scored + and −.
        let winner = match outcome.result {
            crate::rules::GameResult::WhiteWins => Some(Color::White),
            crate::rules::GameResult::BlackWins => Some(Color::Black),
            crate::rules::GameResult::Draw => None,
        };
        let unplayed = self.settings.ruleset == crate::rules::Ruleset::Ussr1953 && self.game.ply_count() == 0;
        if let (Some(winner), true) = (winner, unplayed) {
            let (w, l) = (self.color(winner), self.color(winner.other()));
            lines.push(self.line("result.without_play", &[("winner", &w), ("loser", &l)]));
        }
        lines
    }

    pub(super) fn game_error_lines(&self, error: GameError) -> Vec<Line> {
        let key = match error {
            GameError::GameOver(outcome) => return self.game_over_lines(outcome),
            GameError::IllegalMove => "error.not_a_move_plain",
            GameError::NoOffer => "draw.no_offer",
            GameError::OwnOffer => "draw.own_offer",
            GameError::OfferStands => "draw.already",
        };
        let offerer = self.game.standing_offer().map(|c| self.color(c)).unwrap_or_default();
        vec![self.line(key, &[("color", &offerer)]).with_cue(Cue::Error)]
    }

    pub(super) fn read_error_lines(&self, text: &str, pos: &Chess, letters: LetterSet, error: ReadError) -> Vec<Line> {
        let w = self.wording();
        let cue = if matches!(error, ReadError::NotAMove(_)) { Cue::Error } else { Cue::Illegal };
        let sentence = match error {
            ReadError::NotAMove(Some(word)) if !word.is_empty() => {
                let first = text.split_whitespace().next().unwrap_or_default();
                match super::completion::nearest_commands(first).as_slice() {
                    [] => w.words("error.not_a_move", &[("word", self.typed(&word))]),
                    near => w.words(
                        "error.did_you_mean",
                        &[("word", self.typed(first)), ("commands", self.list(near).into())],
                    ),
                }
            }
            ReadError::NotAMove(_) => w.words("error.not_a_move_plain", &[]),
            ReadError::Ambiguous(moves) => {
                let candidates: Vec<Words> = moves.iter().map(|m| w.candidate(pos, *m, letters)).collect();
                w.words("error.ambiguous", &[("text", self.typed(text)), ("candidates", w.list(&candidates))])
            }
            ReadError::NeedsPromotion(moves) => {
                let candidates: Vec<Words> = moves
                    .iter()
                    .map(|m| {
                        let piece = m.promotion().map(|r| self.piece(r)).unwrap_or_default();
                        Words::new(notation::san(pos, *m, letters), piece)
                    })
                    .collect();
                w.words("error.promotion", &[("candidates", w.list(&candidates))])
            }
            ReadError::OtherLetters { set, mv } => w.words(
                "error.other_letters",
                &[
                    ("text", self.typed(text)),
                    ("letters", self.tr(letters_key(letters), &[]).into()),
                    ("other", self.tr(letters_key(set), &[]).into()),
                    ("san", w.mv(pos, mv, letters)),
                ],
            ),
            ReadError::Illegal { reason, piece } => {
                let mut sentence = self.illegal_sentence(pos, reason);
                if let Some(square) = piece {
                    let moves = self.piece_moves_sentence(pos, square, letters);
                    sentence = Words::new(
                        format!("{} {}", sentence.printed, moves.printed),
                        format!("{} {}", sentence.spoken, moves.spoken),
                    );
                }
                sentence
            }
        };
        vec![self.say_words(sentence).with_cue(cue)]
    }

    /// "Legal moves of the knight on g1: Nf3 or Nh3." (spoken in the pack's words).
    fn piece_moves_sentence(&self, pos: &Chess, square: Square, letters: LetterSet) -> Words {
        let w = self.wording();
        let Some(piece) = pos.board().piece_at(square) else {
            return Words::default();
        };
        let moves = w.moves_from(pos, square, letters);
        let args = [("piece", self.piece(piece.role).into()), ("square", w.square(square)), ("moves", w.list(&moves))];
        if moves.is_empty() {
            w.words("error.piece_no_moves", &args)
        } else {
            w.words("error.piece_moves", &args)
        }
    }

    // ----- draws, claims, resignation -----

    pub(super) fn parse_color(&self, arg: &str) -> Option<Color> {
        let folded = notation::fold(arg);
        let is = |names: &[&str]| names.iter().any(|n| notation::fold(n) == folded);
        if is(&["white", "w", "valge", "weiß", "weiss"]) || folded == notation::fold(&self.color(Color::White)) {
            Some(Color::White)
        } else if is(&["black", "b", "must", "schwarz"]) || folded == notation::fold(&self.color(Color::Black)) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The colour named by the argument, or `default` when there is none.
    pub(super) fn color_arg(&self, id: CommandId, args: &str, default: Color) -> Result<Color, Vec<Line>> {
        if args.trim().is_empty() {
            return Ok(default);
        }
        self.parse_color(args).ok_or_else(|| {
            let expected = self.list(&[self.color(Color::White), self.color(Color::Black)]);
            let spec = CommandSpec::of(id);
            vec![self
                .say(self.tr("error.bad_argument", &[("command", spec.name_in(self.lang())), ("expected", &expected)]))]
        })
    }

    fn offer(&mut self, args: &str) -> Vec<Line> {
        let pos = self.game.position();
        let just_moved = if self.game.ply_count() == 0 { pos.turn() } else { pos.turn().other() };
        let by = match self.color_arg(CommandId::Draw, args, just_moved) {
            Ok(c) => c,
            Err(lines) => return lines,
        };
        match self.game.offer_draw(by) {
            Ok(()) if self.game.ply_count() > 0 && by == self.game.position().turn().other() => {
                self.offers.push(self.game.ply_count() - 1);
                vec![self.line("draw.offered", &[("color", &self.color(by))])]
            }
            Ok(()) => vec![self.line("draw.offered", &[("color", &self.color(by))])],
            Err(e) => self.game_error_lines(e),
        }
    }

    fn answer_offer(&mut self, accept: bool) -> Vec<Line> {
        let Some(offerer) = self.game.standing_offer() else {
            return match self.game.outcome() {
                Some(outcome) => self.game_over_lines(outcome),
                None => vec![self.line("draw.no_offer", &[])],
            };
        };
        let by = offerer.other();
        if accept {
            match self.game.accept_draw(by) {
                Ok(outcome) => {
                    let mut lines = vec![self.line("draw.accepted", &[("color", &self.color(by))])];
                    lines.extend(self.outcome_lines(outcome));
                    lines
                }
                Err(e) => self.game_error_lines(e),
            }
        } else {
            match self.game.decline_draw(by) {
                Ok(_) => vec![self.line("draw.declined", &[("color", &self.color(by))])],
                Err(e) => self.game_error_lines(e),
            }
        }
    }

    fn claim(&mut self, args: &str) -> Vec<Line> {
        if let Some(outcome) = self.game.outcome() {
            return self.game_over_lines(outcome);
        }
        let pos = self.game.position().clone();
        let claimant = pos.turn();
        let letters = self.settings.letters(claimant);
        let intended = if args.trim().is_empty() {
            None
        } else {
            match self.reader.read(args, &pos, letters) {
                Ok(mv) => Some(mv),
                Err(e) => return self.read_error_lines(args, &pos, letters, e),
            }
        };
        let color = self.color(claimant);
        let mut lines = vec![match intended {
            Some(mv) => {
                let san = self.wording().mv(&pos, mv, self.printed_letters(claimant));
                self.say_words(self.wording().words("claim.intended", &[("color", color.clone().into()), ("san", san)]))
            }
            None => self.line("claim.now", &[("color", &color)]),
        }];
        let (verdict, report) = match self.game.claim(intended) {
            Ok(result) => result,
            Err(e) => return self.game_error_lines(e),
        };
        match verdict {
            ClaimResult::Upheld { .. } => {
                lines.extend(self.game.outcome().map(|o| self.outcome_lines(o)).unwrap_or_default());
            }
            ClaimResult::Refused { refusal, intended } => {
                let key = if intended.is_some() { "claim.refused" } else { "claim.refused_now" };
                let occurrences = refusal.occurrences.to_string();
                let quiet = refusal.quiet_moves.to_string();
                lines.push(self.line(key, &[("occurrences", &occurrences), ("quiet", &quiet)]));
                if let Some(outcome) = self.game.outcome() {
                    lines.extend(self.outcome_lines(outcome));
                    return lines;
                }
                lines.extend(self.claim_penalty(claimant));
                if let Some(report) = report {
                    lines.push(self.line("claim.move_played", &[]));
                    lines.extend(self.announce(&pos, &report));
                }
                if self.game.standing_offer() == Some(claimant) {
                    lines.push(self.line("claim.stands_as_offer", &[("color", &color)]));
                }
            }
        }
        lines
    }

    fn resign(&mut self, args: &str) -> Vec<Line> {
        if args.trim().is_empty() && !self.game.is_over() {
            return self.ask_who_resigns();
        }
        let by = match self.color_arg(CommandId::Resign, args, self.game.position().turn()) {
            Ok(c) => c,
            Err(lines) => return lines,
        };
        match self.game.resign(by) {
            Ok(outcome) => self.outcome_lines(outcome),
            Err(e) => self.game_error_lines(e),
        }
    }

    // ----- reading the game -----

    /// `last [N]`: the last N moves (one by default), as they were announced.
    fn last(&self, args: &str) -> Vec<Line> {
        let count = match count_arg(args, 1) {
            Ok(n) => n,
            Err(n) => return vec![self.line("last.bad_count", &[("text", n)])],
        };
        if self.announced.is_empty() {
            return vec![self.line("last.none", &[])];
        }
        let from = self.announced.len().saturating_sub(count);
        let shown = &self.announced[from..];
        let mut lines = Vec::new();
        if shown.len() > 1 {
            lines.push(self.line("last.moves", &[("count", &shown.len().to_string())]));
        }
        for (ply, a) in (from..).zip(shown) {
            if shown.len() == 1 {
                let text = self.tr("last.move", &[("line", &a.text)]);
                lines.push(Line {
                    text,
                    speech: Some(Utterance::new(a.words.clone(), &self.pack.language)),
                    cue: None,
                });
                continue;
            }
            // Several: each with its side and number in words ("Black's move 12"), then the move
            // in the announcement words.
            let label = self.say(self.ply_label(ply).spoken);
            lines.push(Line { text: a.text.clone(), ..label });
            lines.push(Line {
                text: String::new(),
                speech: Some(Utterance::new(a.words.clone(), &self.pack.language)),
                cue: None,
            });
        }
        lines
    }

    fn legal(&self, args: &str) -> Vec<Line> {
        let pos = self.game.position();
        let w = self.wording();
        let letters = self.printed_letters(pos.turn());
        let color = self.color(pos.turn());
        if args.trim().is_empty() {
            let moves: Vec<Words> = pos.legal_moves().iter().map(|m| w.mv(pos, *m, letters)).collect();
            if moves.is_empty() {
                return vec![self.line("legal.none", &[("color", &color)])];
            }
            let args = [("color", color.into()), ("count", moves.len().to_string().into()), ("moves", w.list(&moves))];
            return vec![self.say_words(w.words("legal.count", &args))];
        }
        let Some(square) = self.reader.read_square(args) else {
            return vec![self.line("legal.bad_square", &[])];
        };
        let Some(piece) = pos.board().piece_at(square) else {
            return vec![self.say_words(w.words("illegal.empty_square", &[("square", w.square(square))]))];
        };
        if piece.color != pos.turn() {
            let args =
                [("piece", self.piece(piece.role).into()), ("square", w.square(square)), ("color", color.into())];
            return vec![self.say_words(w.words("legal.not_to_move", &args))];
        }
        let moves = w.moves_from(pos, square, letters);
        let args = [("piece", self.piece(piece.role).into()), ("square", w.square(square)), ("moves", w.list(&moves))];
        let key = if moves.is_empty() { "error.piece_no_moves" } else { "legal.piece" };
        vec![self.say_words(w.words(key, &args))]
    }

    /// "time takes me, opponent, white or black": what a command takes, printed as its synopsis
    /// and spoken in words.
    pub(super) fn usage(&self, id: CommandId) -> Vec<Line> {
        let spec = CommandSpec::of(id);
        let name = Words::plain(spec.name_in(self.lang()));
        let printed = super::keywords::localized_synopsis(spec.args, self.lang());
        let expected = Words::new(printed, super::registry::spoken_args(spec, &self.catalog));
        let text = self.wording().words("error.bad_argument", &[("command", name), ("expected", expected)]);
        vec![self.say_words(text).with_cue(Cue::Error)]
    }

    fn help(&self, args: &str) -> Vec<Line> {
        let lang = self.lang();
        if args.trim().is_empty() {
            let names: Vec<&str> = REGISTRY.iter().map(|s| s.name_in(lang)).collect();
            return vec![self.line("help.intro", &[("commands", &names.join(", "))])];
        }
        let Some(spec) = super::registry::lookup(args.trim()) else {
            return vec![self.line("error.unknown_command", &[("name", args.trim())])];
        };
        let spoken_usage = match spec.args {
            "" => spec.name_in(lang).to_string(),
            _ => self.tr(
                "help.takes",
                &[("command", spec.name_in(lang)), ("expected", &super::registry::spoken_args(spec, &self.catalog))],
            ),
        };
        let usage = Words::new(spec.usage(lang), spoken_usage);
        let help = self.wording().words(spec.help, &[]);
        let mut lines = vec![self.say_words(self.wording().words("help.usage", &[("usage", usage), ("text", help)]))];
        let others: Vec<&str> = spec.names().filter(|n| *n != spec.name_in(lang)).collect();
        if !others.is_empty() {
            lines.push(self.line("help.aliases", &[("aliases", &others.join(", "))]));
        }
        lines
    }

    fn new_game(&mut self, args: &str) -> Vec<Line> {
        let fen = (!args.trim().is_empty()).then(|| args.trim().to_string());
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

    fn illegal_sentence(&self, pos: &Chess, reason: crate::rules::IllegalReason) -> Words {
        super::describe::illegal(self, pos, reason)
    }

    /// Takes the game back to its first `ply` half-moves, with everything kept per move.
    pub(super) fn retract_to(&mut self, ply: usize) {
        self.game.retract_to(ply);
        self.announced.truncate(ply);
        self.clock_after.truncate(ply);
        self.offers.retain(|&p| p < ply);
        self.comments.retain(|&p, _| p < ply);
    }

    /// "Chess960 position 518: Turm Anna eins, Springer Bella eins, …" — White's first rank, piece
    /// by piece in the announcement words.
    fn chess960_line(&self, number: u32) -> Line {
        let rank = crate::rules::back_rank(number).unwrap_or([Role::Pawn; 8]);
        let pieces: Vec<String> = rank
            .iter()
            .zip(shakmaty::File::ALL)
            .map(|(role, file)| {
                format!(
                    "{} {}",
                    self.pack.piece(*role),
                    self.pack.square(Square::from_coords(file, shakmaty::Rank::First))
                )
            })
            .collect();
        let args = [("number", number.to_string()), ("pieces", pieces.join(", "))];
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        self.line("start.chess960", &args)
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
    pub fn internal_error(&mut self) -> Response {
        let line = self.line("error.internal", &[]);
        self.respond(vec![line], false)
    }

    /// Why a file could not be written, in the interface language.
    pub fn io_reason(&self, error: &std::io::Error) -> String {
        crate::messages::io_reason(&self.catalog, error)
    }

    /// An audio problem, worded for the user.
    pub fn audio_warning_text(&self, problem: &str) -> String {
        let text = self.tr("audio.unavailable", &[("reason", problem)]);
        self.tr("warning.prefix", &[("text", &text)])
    }

    /// When the clock can next have something to say, if it keeps running.
    pub fn next_deadline(&self, now: Timestamp) -> Option<Timestamp> {
        if self.game.is_over() {
            return None;
        }
        self.watch.next_deadline(&self.clock, now)
    }

    /// A speech problem, worded for the user.
    pub fn warning_text(&self, warning: &crate::speech::Warning) -> String {
        warning.worded(&self.catalog)
    }

    pub(super) fn piece_name(&self, role: Role) -> String {
        self.piece(role)
    }

    pub(super) fn color_name(&self, color: Color) -> String {
        self.color(color)
    }
}

fn letters_key(set: LetterSet) -> &'static str {
    match set {
        LetterSet::English => "letters.en",
        LetterSet::Estonian => "letters.et",
        LetterSet::German => "letters.de",
    }
}
/// The optional count of `last [N]` and `history [N]`: `default` when none is given, else a whole
/// number above zero; what was typed when it is not one.
pub(super) fn count_arg(args: &str, default: usize) -> Result<usize, &str> {
    match args.trim() {
        "" => Ok(default),
        n => n.parse::<usize>().ok().filter(|&n| n > 0).ok_or(n),
    }
}
