//! The coach, by ear, on the loop every front end runs: puzzles from the shipped set chosen near
//! the player's rating, exercises from the player's own games (a better move to find where the
//! engine found a mistake), and blindfold drills. A puzzle or an exercise is said so that it can
//! be set up on the tactile board or held in the head; every question about the board is answered
//! by a session set up at the position; the engine (where there is one) says what a wrong move
//! allows and judges an exercise's answer. Every result is kept, durable before it is said.
//!
//! - this file: [`Coach`], its front end ([`Desk`]) and its commands' handlers;
//! - `serve`: a puzzle, an exercise or a drill's question set and said;
//! - `answer`: a move tried, a drill's answer, the engine's answer;
//! - `commands`: the coach's commands, one record each;
//! - `puzzles`, `rating`, `progress`, `solving`, `exercises`, `drills`: the parts, pure but for
//!   the progress file.

mod answer;
mod commands;
pub mod drills;
pub mod exercises;
pub mod progress;
pub mod puzzles;
pub mod rating;
mod serve;
pub mod solving;

pub use commands::CoachCommand;

use std::path::Path;

use crate::audio::Cue;
use crate::clock::Timestamp;
use crate::command::{names_command, parse_line, CommandSet, CommandWord, Input, Key, Place, Record};
use crate::config::Settings;
use crate::front::Desk;
use crate::messages::Lang;
use crate::notation::PhrasePack;
use crate::session::{Command, Effect, Event, Problems, Response, Session, SessionError, Written};
use crate::speech::VoiceSettings;
use crate::wording::{Line, Wording};

use drills::{DrillKind, Question};
use exercises::Exercise;
use progress::Progress;
use puzzles::{Choice, Puzzle};
use solving::Solving;

/// What the coach serves, one after another.
#[derive(Debug, Clone)]
pub enum Serving {
    /// Puzzles: one by its id, else chosen near the rating.
    Puzzles {
        /// What they are chosen by.
        choice: Choice,
        /// One puzzle asked for by its id (given first).
        id: Option<String>,
    },
    /// Exercises from the player's games, those due first.
    Exercises(Vec<Exercise>),
    /// A drill of so many questions.
    Drill {
        /// Its kind.
        kind: DrillKind,
        /// How many questions a round has.
        count: u32,
    },
}

/// What is asked now.
#[derive(Debug, Clone)]
enum Task {
    /// A puzzle, its line being found; `recorded` once its result is kept; the rating before it.
    Puzzle { puzzle: &'static Puzzle, solving: Solving, recorded: bool, rating_before: i64 },
    /// An exercise: the position, the wrong tries made.
    Exercise { exercise: Exercise, tries: u8 },
    /// A drill's question.
    Drill(Question),
    /// Nothing: the round is over, or nothing is left to serve.
    Idle,
}

/// What the engine is asked about and not answered yet: the request, why, and the position.
#[derive(Debug, Clone)]
struct Asked {
    id: u64,
    why: Waiting,
    pos: shakmaty::Chess,
}

/// Why the engine is asked.
#[derive(Debug, Clone, Copy)]
enum Waiting {
    /// What a wrong move of a puzzle allows: the position after it is the engine's to move.
    Allows,
    /// Whether an exercise's answer is good enough.
    Judge(shakmaty::Move),
}

/// A drill round's score and start.
#[derive(Debug, Clone, Copy)]
struct Round {
    asked: u32,
    right: u32,
    started: Timestamp,
}

/// A line with the coach, read once.
pub enum CoachRead {
    /// A command of the coach's own (or why its arguments do not fit it).
    Own(Input<CoachCommand>),
    /// An answer to a drill's question.
    Answer(String),
    /// An input of the board at the position (a move, a question about the board).
    Board(crate::session::Input),
}

/// The coach at work.
pub struct Coach {
    settings: Settings,
    wording: Wording,
    progress: Progress,
    serving: Serving,
    task: Task,
    /// A session at the position, for the questions about the board and for reading moves.
    board: Session,
    rng: fastrand::Rng,
    /// Whether an engine answers (what a wrong move allows, an exercise's answer judged).
    engine: bool,
    waiting: Option<Asked>,
    /// The engine's request made while answering, handed to the loop with the answer.
    request: Option<crate::engine::Request>,
    asked: u64,
    round: Option<Round>,
    /// Today, in days since 1970: what is due is due on it.
    day: u64,
    /// The time of the line being answered.
    now: Timestamp,
}

impl Coach {
    /// The coach serving `serving` with `settings`, keeping `progress`; `engine` when an engine
    /// answers its requests; `seed` draws the puzzles and the drills' questions; `day` is today.
    pub fn new(
        settings: Settings,
        progress: Progress,
        serving: Serving,
        (engine, seed, day): (bool, u64, u64),
    ) -> Result<Coach, SessionError> {
        let pack = PhrasePack::named(&settings.pack).ok_or_else(|| SessionError::Pack(settings.pack.clone()))?;
        let wording = Wording::new(settings.lang, pack, settings.style);
        let board = serve::session_at(&settings, &shakmaty::Chess::default())?;
        let rng = fastrand::Rng::with_seed(seed);
        Ok(Coach {
            settings,
            wording,
            progress,
            serving,
            task: Task::Idle,
            board,
            rng,
            engine,
            waiting: None,
            request: None,
            asked: 0,
            round: None,
            day,
            now: Timestamp(0),
        })
    }

    /// What is said first: the first puzzle, exercise or question.
    pub fn opening(&mut self, now: Timestamp) -> Response {
        self.now = now;
        let lines = self.serve_next();
        self.own(Response::lines(lines))
    }

    /// The progress kept.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// `report`: the puzzle rating, solved and failed in all and by theme, the exercises, the
    /// drills.
    pub fn report(&mut self) -> Vec<Line> {
        serve::report(&self.progress, &self.wording, self.day)
    }

    /// `solution`: the rest of the puzzle's line (the puzzle failed), or the exercise's best move.
    fn solution(&mut self) -> Vec<Line> {
        let w = &self.wording;
        match std::mem::replace(&mut self.task, Task::Idle) {
            Task::Puzzle { puzzle, mut solving, recorded, rating_before } if !solving.is_over() => {
                let (from, rest) = solving.give_up();
                let moves = crate::front::line_words(&from, &rest, w.pack());
                let mut lines = vec![w.say(w.words("coach.solution", &[("moves", moves)]))];
                self.waiting = None;
                lines.extend(self.puzzle_over(puzzle, recorded, false, rating_before));
                lines
            }
            Task::Exercise { exercise, .. } => {
                self.waiting = None;
                let mut lines = self.exercise_best(&exercise);
                lines.extend(self.exercise_over(&exercise, false));
                lines
            }
            task => {
                self.task = task;
                vec![w.line("coach.nothing_to_solve", &[]).with_cue(Cue::Error)]
            }
        }
    }

    /// `next`: the next puzzle, exercise or question; one left part way counts as failed.
    fn next(&mut self) -> Vec<Line> {
        let mut lines = Vec::new();
        self.waiting = None;
        match std::mem::replace(&mut self.task, Task::Idle) {
            Task::Puzzle { puzzle, solving, recorded, rating_before } if !solving.is_over() && solving.has_failed() => {
                lines.extend(self.puzzle_over(puzzle, recorded, false, rating_before));
            }
            Task::Exercise { exercise, tries } if tries > 0 => lines.extend(self.exercise_over(&exercise, false)),
            _ => {}
        }
        lines.extend(self.serve_next());
        lines
    }

    /// `time`: how long the drill has taken so far.
    fn time(&mut self) -> Vec<Line> {
        let w = &self.wording;
        match self.round {
            Some(round) => {
                let took = w.duration(std::time::Duration::from_millis(self.now.0.saturating_sub(round.started.0)));
                vec![w.line("drill.time", &[("time", &took)])]
            }
            None => vec![w.line("drill.no_time", &[])],
        }
    }

    /// `again`: what is asked now, said again from its start.
    fn again(&mut self) -> Vec<Line> {
        self.say_task()
    }

    /// `quit`: the coach ends; every result is kept already.
    fn quit(&mut self) -> Response {
        Response { lines: vec![self.wording.line("quit.bye", &[])], effects: vec![Effect::Quit] }
    }

    /// `help [GROUP|COMMAND]`: the coach's commands and the questions that work here.
    fn help(&mut self, about: Option<CommandWord>) -> Vec<Line> {
        let about = about.as_ref().map(|CommandWord(word)| word.as_str());
        crate::command::help(&self.wording, &offered(), about)
    }

    /// A line read once: a command of the coach, a drill's answer, or an input of the board.
    fn read(&self, line: &str) -> CoachRead {
        // In a drill, a line heard as an answer to the question is one (`p` is a black pawn
        // there, not `pieces`; a yes is an answer).
        if let Task::Drill(question) = &self.task {
            if answer::heard(question, line, self.board.read(line)).is_some() {
                return CoachRead::Answer(line.to_string());
            }
        }
        if names_command::<CoachCommand>(line) {
            return CoachRead::Own(parse_line::<CoachCommand>(line, self.wording.lang()));
        }
        let input = self.board.read(line);
        match (&self.task, &input) {
            // Any other line of a drill that is no command is an answer it cannot take.
            (Task::Drill(_), crate::session::Input::Command(_)) => CoachRead::Board(input),
            (Task::Drill(_), _) => CoachRead::Answer(line.to_string()),
            _ => CoachRead::Board(input),
        }
    }

    /// The coach's answer to a line read.
    fn answer_read(&mut self, read: CoachRead, now: Timestamp) -> Response {
        self.now = now;
        let response = match read {
            CoachRead::Own(Input::Command(command)) => command.run(self),
            CoachRead::Own(Input::Refused(refusal)) => refusal.lines(&self.wording).into(),
            CoachRead::Own(Input::Unreadable(problem)) => problem.lines(&self.wording).into(),
            CoachRead::Own(_) => Response::default(),
            CoachRead::Answer(text) => Response::lines(self.drill_answer(&text)),
            CoachRead::Board(input) => return self.board_input(input, now),
        };
        let response = self.with_request(response);
        self.own(response)
    }

    /// An input of the board: a move tried, `help`, or a question about the board asked of the
    /// session at the position (none in a drill: the board is in the head there).
    fn board_input(&mut self, input: crate::session::Input, now: Timestamp) -> Response {
        use crate::session::Input as I;
        let in_drill = matches!(self.task, Task::Drill(_));
        let lines = match input {
            I::Move(text) => self.try_move(&text),
            I::Picked(mv) => self.move_tried(mv),
            I::Command(Command::Help { about }) => self.help(about),
            I::Command(Command::Accept {} | Command::Decline {}) => {
                vec![self.wording.line("review.no_question", &[]).with_cue(Cue::Error)]
            }
            I::Command(command) if !command.record().works_in(Place::Coach) => {
                let name = command.record().name_in(self.wording.lang());
                vec![self.wording.line("coach.not_here", &[("command", name)]).with_cue(Cue::Error)]
            }
            I::Command(command) if in_drill && command.record().group == crate::command::Group::Board => {
                vec![self.wording.line("drill.no_board", &[]).with_cue(Cue::Error)]
            }
            input => return self.board.apply(Event::Input(input), now),
        };
        let response = self.with_request(Response::lines(lines));
        self.own(response)
    }

    /// The answer with the engine's request, if one was made on the way.
    fn with_request(&mut self, mut response: Response) -> Response {
        if let Some(request) = self.take_request() {
            response.effects.push(Effect::Think(request));
        }
        response
    }

    /// The coach's own answer, kept with the board's for `repeat` and `history`.
    fn own(&mut self, answer: Response) -> Response {
        self.board.said_elsewhere(&answer.lines);
        answer
    }

    /// Today, in days since 1970.
    fn today(&self) -> u64 {
        self.day
    }
}

impl Desk for Coach {
    type Input = CoachRead;

    fn read(&self, line: &str) -> CoachRead {
        Coach::read(self, line)
    }

    fn lang(&self) -> Lang {
        self.wording.lang()
    }

    fn commands(&self) -> Vec<&'static Record> {
        offered()
    }

    fn answer(&mut self, read: CoachRead, now: Timestamp) -> Response {
        self.answer_read(read, now)
    }

    fn key(&mut self, key: Key, _now: Timestamp) -> Response {
        match key {
            Key::Interrupt => self.quit(),
            Key::PushToTalk => vec![self.wording.line("listen.off", &[]).with_cue(Cue::Error)].into(),
        }
    }

    fn opponent(&mut self, report: crate::engine::Report, _now: Timestamp) -> Response {
        let lines = self.engine_answered(report);
        self.own(Response::lines(lines))
    }

    fn waits(&self) -> bool {
        self.waiting.is_some()
    }

    fn written(&mut self, written: Written, now: Timestamp) -> Response {
        self.board.apply(Event::Written(written), now)
    }

    fn problems(&mut self, problems: Problems, now: Timestamp) -> Response {
        self.board.apply(Event::Problems(problems), now)
    }

    fn voice(&self) -> &VoiceSettings {
        self.board.voice()
    }

    fn clips_dir(&self) -> Option<&Path> {
        self.board.clips_dir()
    }
}

/// The progress, said as `report` says it.
pub fn report_lines(progress: &Progress, w: &Wording, day: u64) -> Vec<Line> {
    serve::report(progress, w, day)
}

/// The commands with the coach: its own, then the program's that work here.
fn offered() -> Vec<&'static Record> {
    let game = Command::records().iter().filter(|r| r.works_in(Place::Coach));
    CoachCommand::records().iter().chain(game).collect()
}
