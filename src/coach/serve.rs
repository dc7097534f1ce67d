//! What the coach sets before the player, and how it is said: a puzzle (who plays, the pieces
//! as `pieces` says them, the opponent's move), an exercise from one of the player's games, a
//! drill's question; and the report of the progress.

use shakmaty::{Chess, Position};

use super::drills::{Question, RecallAsk};
use super::progress::Progress;
use super::puzzles::{self, Puzzle};
use super::solving::Solving;
use super::{Coach, Round, Serving, Task};
use crate::audio::Cue;
use crate::command::{PiecesAsk, Whose};
use crate::config::Settings;
use crate::session::{Command, Event, Input, Session, SessionError};
use crate::wording::{Line, Wording, Words};

/// A session at `pos`, for the questions about the board and for reading moves there.
pub(super) fn session_at(settings: &Settings, pos: &Chess) -> Result<Session, SessionError> {
    let settings = Settings {
        fen: Some(crate::rules::to_fen(pos)),
        chess960: None,
        blind: Some(pos.turn()),
        opponent: Default::default(),
        ..settings.clone()
    };
    let mut session = Session::new(settings)?;
    session.apply(Event::Start, crate::clock::Timestamp(0));
    session.forget_said();
    Ok(session)
}

impl Coach {
    /// The next thing to serve, set and said; that nothing is left, when nothing is.
    pub(super) fn serve_next(&mut self) -> Vec<Line> {
        match self.serving.clone() {
            Serving::Puzzles { choice, id } => {
                let asked = id.and_then(|id| puzzles::by_id(&id));
                if let Serving::Puzzles { id, .. } = &mut self.serving {
                    *id = None;
                }
                let progress = &self.progress;
                let rng = &mut self.rng;
                let puzzle = asked.or_else(|| {
                    puzzles::choose(&choice, progress.rating().value(), &|id| progress.has_solved(id), &mut |n| {
                        rng.usize(0..n)
                    })
                });
                match puzzle {
                    Some(puzzle) => self.start_puzzle(puzzle),
                    None => vec![self.wording.line("coach.no_puzzles", &[])],
                }
            }
            Serving::Exercises(mut due) => {
                if due.is_empty() {
                    self.task = Task::Idle;
                    return vec![self.wording.line("coach.no_exercises_left", &[])];
                }
                let exercise = due.remove(0);
                self.serving = Serving::Exercises(due);
                self.start_exercise(exercise)
            }
            Serving::Drill { kind, .. } => {
                if self.round.is_none() {
                    self.round = Some(Round { asked: 0, right: 0, started: self.now });
                }
                let question = kind.question(&mut self.rng);
                self.task = Task::Drill(question);
                self.say_task()
            }
        }
    }

    /// A puzzle set: the board at its position, then said.
    fn start_puzzle(&mut self, puzzle: &'static Puzzle) -> Vec<Line> {
        let solving = Solving::new(puzzle.start(), puzzle.line(), 1);
        if let Ok(board) = session_at(&self.settings, &solving.position()) {
            self.set_board(board);
        }
        let rating_before = self.progress.rating().points();
        self.task = Task::Puzzle { puzzle, solving, recorded: false, rating_before };
        self.say_task()
    }

    /// An exercise set: the board at its position, then said.
    fn start_exercise(&mut self, exercise: super::Exercise) -> Vec<Line> {
        let Some(pos) = exercise.position() else {
            return vec![self.wording.line("coach.no_exercises_left", &[])];
        };
        if let Ok(board) = session_at(&self.settings, &pos) {
            self.set_board(board);
        }
        self.task = Task::Exercise { exercise, tries: 0 };
        self.say_task()
    }

    /// The board's session replaced by `board`, what was said carried over.
    pub(super) fn set_board(&mut self, mut board: Session) {
        board.carry_said_from(&mut self.board);
        self.board = board;
    }

    /// What is asked now, said from its start.
    pub(super) fn say_task(&mut self) -> Vec<Line> {
        let w = &self.wording;
        match &self.task {
            Task::Puzzle { puzzle, solving, .. } => {
                let (before, last) = solving.last().expect("a puzzle starts with the opponent's move");
                let player = before.turn().other();
                let printed = w.text("coach.puzzle", &[("id", puzzle.id), ("rating", &puzzle.rating.to_string())]);
                let spoken = w.text("coach.puzzle.spoken", &[("rating", &puzzle.rating.to_string())]);
                let mut lines =
                    vec![w.say(Words::new(printed, spoken)), w.line("coach.you_play", &[("color", &w.color(player))])];
                lines.extend(pieces(&self.settings, &before, player));
                let mv = w.mv(&before, last, self.settings.letters(before.turn()));
                lines.push(
                    w.say(w.words("coach.last_move", &[("color", Words::plain(w.color(before.turn()))), ("move", mv)])),
                );
                lines.push(w.line("coach.find", &[]));
                lines
            }
            Task::Exercise { exercise, .. } => {
                let pos = exercise.position().unwrap_or_default();
                let args = [("name", exercise.label.clone()), ("number", exercise.number.to_string())];
                let mut lines = vec![
                    w.line_of("coach.exercise", &args),
                    w.line("coach.you_play", &[("color", &w.color(pos.turn()))]),
                ];
                lines.extend(pieces(&self.settings, &pos, pos.turn()));
                lines.push(w.line("coach.find_better", &[]));
                lines
            }
            Task::Drill(question) => question_lines(w, &self.settings, question),
            Task::Idle => vec![w.line("coach.nothing_to_solve", &[]).with_cue(Cue::Error)],
        }
    }
}

/// The pieces of `pos` as `pieces` says them, side by side: `first`'s, then the other's.
fn pieces(settings: &Settings, pos: &Chess, first: shakmaty::Color) -> Vec<Line> {
    let Ok(mut session) = session_at(settings, pos) else { return Vec::new() };
    let mut lines = Vec::new();
    for color in [first, first.other()] {
        let asked = PiecesAsk { whose: Some(Whose::Side(color)), role: None };
        let ask = Input::Command(Command::Pieces { asked });
        lines.extend(session.apply(Event::Input(ask), crate::clock::Timestamp(0)).lines);
    }
    lines
}

/// A drill's question, said.
fn question_lines(w: &Wording, settings: &Settings, question: &Question) -> Vec<Line> {
    let square = |s| w.square(s);
    match question {
        Question::Colour(s) => vec![w.say(w.words("drill.colour", &[("square", square(*s))]))],
        Question::Knight { from, to } => {
            vec![w.say(w.words("drill.knight", &[("from", square(*from)), ("to", square(*to))]))]
        }
        Question::Reach { role, from, to } => {
            let key = if *role == shakmaty::Role::Bishop { "drill.reach_bishop" } else { "drill.reach_queen" };
            vec![w.say(w.words(key, &[("from", square(*from)), ("to", square(*to))]))]
        }
        Question::Recall { moves, ask } => {
            let mut lines = vec![w.line("drill.recall", &[])];
            let mut pos = Chess::default();
            for mv in moves {
                lines.push(w.numbered(&pos, *mv, settings.letters(pos.turn())));
                pos.play_unchecked(*mv);
            }
            lines.push(match ask {
                RecallAsk::On(s) => w.say(w.words("drill.recall_on", &[("square", square(*s))])),
                RecallAsk::Where(piece) => {
                    let key = format!("drill.where.{}", crate::wording::role_name(piece.role));
                    w.line(&key, &[("color", &w.color(piece.color))])
                }
            });
            lines
        }
    }
}

/// The progress, said: the rating, puzzles solved and failed in all and by theme, the
/// exercises, the drills.
pub(super) fn report(progress: &Progress, w: &Wording, day: u64) -> Vec<Line> {
    let tally = progress.tally();
    let rating = progress.rating().points().to_string();
    let (solved, failed) = (tally.solved.to_string(), tally.failed.to_string());
    let mut lines = vec![w.line("coach.report", &[("rating", &rating), ("solved", &solved), ("failed", &failed)])];
    let mut themes: Vec<(&String, &super::progress::Tally)> = progress.themes().iter().collect();
    themes.sort_by_key(|(_, t)| std::cmp::Reverse(t.solved + t.failed));
    for (theme, t) in themes.into_iter().take(8) {
        let args =
            [("theme", theme_name(w, theme)), ("solved", t.solved.to_string()), ("failed", t.failed.to_string())];
        lines.push(w.line_of("coach.report_theme", &args));
    }
    if progress.exercises() > 0 {
        let args = [("count", progress.exercises().to_string()), ("due", progress.due_on(day).len().to_string())];
        lines.push(w.line_of("coach.report_exercises", &args));
    }
    for (kind, (right, asked)) in progress.drills() {
        let kind_name = w.text(&format!("drill.kind.{kind}"), &[]);
        let args = [("kind", kind_name), ("right", right.to_string()), ("asked", asked.to_string())];
        lines.push(w.line_of("coach.report_drill", &args));
    }
    lines
}

/// A theme's name in the interface language (lichess's name where the catalogue has none).
pub(super) fn theme_name(w: &Wording, theme: &str) -> String {
    let key = format!("theme.{theme}");
    match w.catalog().has(&key) {
        true => w.text(&key, &[]),
        false => theme.to_string(),
    }
}

/// What is said of a drill's answer: right (with the route, for the knight), or the truth.
pub(super) fn truth_lines(w: &Wording, question: &Question, right: bool) -> Vec<Line> {
    use super::drills::Truth;
    let truth = match question.truth() {
        Truth::Light(light) => w.words(if light { "drill.is_light" } else { "drill.is_dark" }, &[]),
        Truth::Route(route) => {
            let squares = Words::join(route.iter().map(|s| w.square(*s)), ", ");
            match route.len() - 1 {
                1 => w.words("drill.route_one", &[("route", squares)]),
                n => w.words("drill.route", &[("count", Words::plain(n.to_string())), ("route", squares)]),
            }
        }
        Truth::Reaches(reaches) => w.words(if reaches { "drill.reaches" } else { "drill.reaches_not" }, &[]),
        Truth::On(None) => w.words("drill.on_empty", &[]),
        Truth::On(Some(piece)) => w.words("drill.on", &[("man", Words::plain(w.man(piece)))]),
        Truth::At(square) => w.words("drill.at", &[("square", w.square(square))]),
    };
    let key = if right { "drill.right" } else { "drill.wrong" };
    let line = w.say(w.words(key, &[("truth", truth)]));
    vec![if right { line } else { line.with_cue(Cue::Error) }]
}
