//! What the coach makes of an answer: a move tried in a puzzle (right, the reply announced;
//! wrong, what it allows when the engine says) or in an exercise (judged by the engine against
//! its best move); a drill's answer checked and scored; the engine's answers. A result is kept,
//! durable, before it is said.

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position, Square};

use super::drills::{Question, Said};
use super::exercises::{centipawns, Exercise};
use super::progress::Entry;
use super::puzzles::Puzzle;
use super::serve::{session_at, theme_name};
use super::solving::Attempt;
use super::{Asked, Coach, Serving, Task, Waiting};
use crate::audio::Cue;
use crate::engine::{Answer, Go, Report, Request, Strength};
use crate::messages::Lang;
use crate::notation::fold;
use crate::wording::{Line, Words};

impl Coach {
    /// A move typed in a puzzle or an exercise: read in the position (a move that is none there
    /// is refused as in a game), then tried.
    pub(super) fn try_move(&mut self, text: &str) -> Vec<Line> {
        if matches!(self.task, Task::Idle | Task::Drill(_)) {
            return vec![self.wording.line("coach.nothing_to_solve", &[]).with_cue(Cue::Error)];
        }
        match self.board.read_move(text) {
            Ok(mv) => self.move_tried(mv),
            Err(lines) => lines,
        }
    }

    /// A legal move tried.
    pub(super) fn move_tried(&mut self, mv: Move) -> Vec<Line> {
        match std::mem::replace(&mut self.task, super::Task::Idle) {
            Task::Puzzle { puzzle, mut solving, recorded, rating_before } => {
                let before = solving.position();
                let attempt = solving.attempt(mv);
                let failed = solving.has_failed();
                self.task = Task::Puzzle { puzzle, solving, recorded, rating_before };
                self.puzzle_attempt(puzzle, (&before, mv), attempt, failed)
            }
            Task::Exercise { exercise, tries } => {
                self.task = Task::Exercise { exercise: exercise.clone(), tries };
                self.exercise_attempt(&exercise, mv)
            }
            task => {
                self.task = task;
                Vec::new()
            }
        }
    }

    /// What a move tried in a puzzle made of it.
    fn puzzle_attempt(
        &mut self,
        puzzle: &'static Puzzle,
        (before, mv): (&Chess, Move),
        attempt: Attempt,
        failed: bool,
    ) -> Vec<Line> {
        let w = &self.wording;
        let letters = self.settings.letters(before.turn());
        match attempt {
            Attempt::Right { reply } => {
                let mut after = before.clone();
                after.play_unchecked(mv);
                let said = w.mv(&after, reply, self.settings.letters(after.turn()));
                let color = Words::plain(w.color(after.turn()));
                let lines = vec![
                    w.line("coach.right", &[]),
                    w.say(w.words("coach.reply", &[("color", color), ("move", said)])),
                ];
                after.play_unchecked(reply);
                if let Ok(board) = session_at(&self.settings, &after) {
                    self.set_board(board);
                }
                lines
            }
            Attempt::Solved => {
                let key = if failed { "coach.found_late" } else { "coach.solved" };
                let mut lines = vec![w.line(key, &[])];
                let (recorded, rating_before) = match self.task {
                    Task::Puzzle { recorded, rating_before, .. } => (recorded, rating_before),
                    _ => (false, self.progress.rating().points()),
                };
                lines.extend(self.puzzle_over(puzzle, recorded, !failed, rating_before));
                lines
            }
            Attempt::Wrong { again } => {
                let said = w.mv(before, mv, letters);
                let key = if again { "coach.wrong" } else { "coach.wrong_again" };
                let mut lines = vec![w.say(w.words(key, &[("move", said)])).with_cue(Cue::Error)];
                // The first wrong move fails the puzzle: kept at once.
                if let Task::Puzzle { recorded: recorded @ false, .. } = &mut self.task {
                    *recorded = true;
                    lines.extend(record(&mut self.progress, puzzle_entry(puzzle, false, self.day), &self.wording));
                }
                if self.engine {
                    let mut after = before.clone();
                    after.play_unchecked(mv);
                    self.ask_engine(&after, Waiting::Allows);
                }
                lines
            }
        }
    }

    /// A puzzle ended (solved, or the solution said): its result kept if it was not, the rating
    /// as it now stands, the themes, and how to go on.
    pub(super) fn puzzle_over(
        &mut self,
        puzzle: &'static Puzzle,
        recorded: bool,
        solved: bool,
        before: i64,
    ) -> Vec<Line> {
        let mut lines = Vec::new();
        if !recorded {
            lines.extend(record(&mut self.progress, puzzle_entry(puzzle, solved, self.day), &self.wording));
        }
        self.task = Task::Idle;
        let w = &self.wording;
        // What the rating did since the puzzle was set (a first wrong move changed it already).
        let now = self.progress.rating().points();
        let change = now - before;
        let rating = now.to_string();
        lines.push(match change {
            0 => w.line("coach.rating_same", &[("rating", &rating)]),
            up if up > 0 => w.line("coach.rating_up", &[("rating", &rating), ("points", &up.to_string())]),
            down => w.line("coach.rating_down", &[("rating", &rating), ("points", &(-down).to_string())]),
        });
        let themes: Vec<String> =
            puzzle.themes.iter().filter(|t| w.catalog().has(&format!("theme.{t}"))).map(|t| theme_name(w, t)).collect();
        if !themes.is_empty() {
            lines.push(w.line("coach.themes", &[("themes", &w.and_list(&themes))]));
        }
        lines.push(w.line("coach.say_next", &[]));
        lines
    }

    /// A move tried in an exercise: the engine's best is right at once; another is judged by the
    /// engine (where there is one) against the best.
    fn exercise_attempt(&mut self, exercise: &Exercise, mv: Move) -> Vec<Line> {
        if UciMove::from_move(mv, CastlingMode::Standard).to_string() == exercise.best {
            return self.exercise_judged(exercise, mv, true);
        }
        let Some(pos) = exercise.position() else { return Vec::new() };
        match self.engine {
            true => {
                let mut after = pos;
                after.play_unchecked(mv);
                self.ask_engine(&after, Waiting::Judge(mv));
                Vec::new()
            }
            false => self.exercise_judged(exercise, mv, false),
        }
    }

    /// An exercise's answer judged: right, kept; wrong, a second try, then the best move.
    fn exercise_judged(&mut self, exercise: &Exercise, mv: Move, right: bool) -> Vec<Line> {
        let pos = exercise.position().unwrap_or_default();
        let w = &self.wording;
        let said = w.mv(&pos, mv, self.settings.letters(pos.turn()));
        if right {
            let mut lines = vec![w.say(w.words("coach.good_enough", &[("move", said)]))];
            lines.extend(self.exercise_over(exercise, true));
            self.task = Task::Idle;
            return lines;
        }
        let tries = match &mut self.task {
            Task::Exercise { tries, .. } => {
                *tries += 1;
                *tries
            }
            _ => 1,
        };
        if tries < 2 {
            return vec![w.say(w.words("coach.not_good_enough", &[("move", said)])).with_cue(Cue::Error)];
        }
        let mut lines = vec![w.say(w.words("coach.not_good_enough_again", &[("move", said)])).with_cue(Cue::Error)];
        lines.extend(self.exercise_best(exercise));
        lines.extend(self.exercise_over(exercise, false));
        self.task = Task::Idle;
        lines
    }

    /// The engine's best move of an exercise, said.
    pub(super) fn exercise_best(&self, exercise: &Exercise) -> Vec<Line> {
        let pos = exercise.position().unwrap_or_default();
        let Some(best) = uci_move(&pos, &exercise.best) else { return Vec::new() };
        let w = &self.wording;
        vec![w.say(w.words("coach.best_was", &[("move", w.mv(&pos, best, self.settings.letters(pos.turn())))]))]
    }

    /// An exercise ended: its result kept, and when it comes back.
    pub(super) fn exercise_over(&mut self, exercise: &Exercise, solved: bool) -> Vec<Line> {
        let entry = Entry::Exercise { key: exercise.key.clone(), solved, day: self.day };
        let mut lines = record(&mut self.progress, entry, &self.wording);
        let w = &self.wording;
        let due = self.progress.due(&exercise.key).and_then(|d| d.day);
        lines.push(match due.map(|d| d.saturating_sub(self.today())) {
            Some(1) => w.line("coach.again_tomorrow", &[]),
            Some(days) => w.line("coach.again_in", &[("days", &days.to_string())]),
            None => w.line("coach.learned", &[]),
        });
        lines.push(w.line("coach.say_next", &[]));
        lines
    }

    /// The engine asked about `pos` (the side to move is the player's opponent), for `why`.
    fn ask_engine(&mut self, pos: &Chess, why: Waiting) {
        if pos.is_game_over() {
            return;
        }
        self.asked += 1;
        let go = match self.settings.opponent.nodes {
            Some(nodes) => Go { nodes: Some(nodes), ..Go::default() },
            None => Go { depth: Some(12), movetime: Some(std::time::Duration::from_millis(500)), ..Go::default() },
        };
        let request = Request {
            id: self.asked,
            fen: crate::rules::to_fen(pos),
            moves: Vec::new(),
            chess960: false,
            strength: Strength::Level(8),
            go,
        };
        self.waiting = Some(Asked { id: self.asked, why, pos: pos.clone() });
        self.request = Some(request);
    }

    /// The request made while answering, for the loop.
    pub(super) fn take_request(&mut self) -> Option<Request> {
        self.request.take()
    }

    /// What the engine answered: what a wrong move allows, or an exercise's answer judged. An
    /// answer to a request given up is let go.
    pub(super) fn engine_answered(&mut self, report: Report) -> Vec<Line> {
        let Some(asked) = self.waiting.take_if(|asked| asked.id == report.id) else { return Vec::new() };
        let Answer::Chose { best, score } = report.answer else { return Vec::new() };
        let pos = asked.pos;
        match (asked.why, &self.task) {
            (Waiting::Allows, Task::Puzzle { .. }) => {
                let w = &self.wording;
                // The position after the wrong move: the engine's move answers it.
                let Some(reply) = uci_move(&pos, &best) else { return Vec::new() };
                let said = w.mv(&pos, reply, self.settings.letters(pos.turn()));
                let mut lines = vec![w.say(w.words("coach.allows", &[("move", said)]))];
                if let Some(score) = score {
                    lines.push(w.evaluation(score.for_white(pos.turn())));
                }
                lines
            }
            (Waiting::Judge(mv), Task::Exercise { exercise, .. }) => {
                let exercise = exercise.clone();
                // The engine's score is its side's, to move after the answer: the player's is
                // the other way round.
                let after = score.map_or(i64::MIN / 2, |s| -centipawns(s));
                self.exercise_judged(&exercise, mv, exercise.accepts(after))
            }
            _ => Vec::new(),
        }
    }

    /// A drill's answer: checked, scored and said; the next question, or the round's end.
    pub(super) fn drill_answer(&mut self, text: &str) -> Vec<Line> {
        let Task::Drill(question) = &self.task else { return Vec::new() };
        let question = question.clone();
        let Some(said) = heard(&question, text, self.board.read(text)) else {
            return vec![self.wording.line(expected_key(&question), &[]).with_cue(Cue::Error)];
        };
        let Some(right) = question.is_right(&said) else {
            return vec![self.wording.line(expected_key(&question), &[]).with_cue(Cue::Error)];
        };
        let mut lines = super::serve::truth_lines(&self.wording, &question, right);
        let Some(round) = self.round.as_mut() else { return lines };
        round.asked += 1;
        round.right += u32::from(right);
        let (asked, right_so_far) = (round.asked, round.right);
        let Serving::Drill { kind, count } = self.serving.clone() else { return lines };
        if asked < count {
            lines.extend(self.serve_next());
            return lines;
        }
        let seconds = self.now.0.saturating_sub(round.started.0) / 1000;
        let entry = Entry::Drill { kind: kind.to_string(), right: right_so_far, asked, seconds, day: self.day };
        lines.extend(record(&mut self.progress, entry, &self.wording));
        let w = &self.wording;
        let took = w.duration(std::time::Duration::from_secs(seconds));
        let args = [("right", right_so_far.to_string()), ("asked", asked.to_string()), ("time", took)];
        lines.push(w.line_of("drill.over", &args));
        self.round = None;
        self.task = Task::Idle;
        lines
    }
}

/// A puzzle's result as the progress keeps it.
fn puzzle_entry(puzzle: &Puzzle, solved: bool, day: u64) -> Entry {
    Entry::Puzzle {
        id: puzzle.id.to_string(),
        solved,
        rating: puzzle.rating,
        deviation: puzzle.deviation,
        themes: puzzle.themes.iter().map(|t| t.to_string()).collect(),
        day,
    }
}

/// `entry` kept; nothing said when it was, why not when it could not be (it is then not taken).
fn record(progress: &mut super::Progress, entry: Entry, w: &crate::wording::Wording) -> Vec<Line> {
    match progress.record(entry) {
        Ok(()) => Vec::new(),
        Err(e) => {
            let reason = crate::messages::io_reason(w.catalog(), &e);
            vec![w.line("coach.not_kept", &[("reason", &reason)]).with_cue(Cue::Error)]
        }
    }
}

/// The move `uci` names in `pos`.
fn uci_move(pos: &Chess, uci: &str) -> Option<Move> {
    uci.parse::<UciMove>().ok()?.to_move(pos).ok()
}

/// The catalogue key that says what an answer to `question` looks like.
fn expected_key(question: &Question) -> &'static str {
    match question {
        Question::Colour(_) => "drill.expect_colour",
        Question::Knight { .. } => "drill.expect_number",
        Question::Reach { .. } => "drill.expect_yes",
        Question::Recall { ask: super::drills::RecallAsk::On(_), .. } => "drill.expect_piece",
        Question::Recall { .. } => "drill.expect_square",
    }
}

/// What an answer to `question` is heard as, in any language; `None` when it is none of what it
/// could be. `input` is the line as the board reads it (a yes or a no).
pub(super) fn heard(question: &Question, text: &str, input: crate::session::Input) -> Option<Said> {
    use crate::session::{Command, Input};
    let words = |key: &str| -> Vec<String> {
        Lang::ALL
            .into_iter()
            .flat_map(|lang| {
                let text = crate::messages::Catalog::shipped(lang).text(key, &[]);
                text.split('|').map(fold).collect::<Vec<_>>()
            })
            .collect()
    };
    let folded = fold(text.trim().trim_end_matches(['?', '.', '!']));
    match question {
        Question::Colour(_) if words("drill.words.light").contains(&folded) => Some(Said::Light(true)),
        Question::Colour(_) if words("drill.words.dark").contains(&folded) => Some(Said::Light(false)),
        Question::Colour(_) => None,
        Question::Knight { .. } => {
            if let Ok(n) = folded.parse::<u32>() {
                return Some(Said::Number(n));
            }
            // Each language's number words, from nought.
            let number = Lang::ALL.into_iter().find_map(|lang| {
                let list = crate::messages::Catalog::shipped(lang).text("drill.words.numbers", &[]);
                list.split('|').map(fold).position(|w| w == folded)
            });
            if let Some(n) = number {
                return Some(Said::Number(n as u32));
            }
            squares(text).map(Said::Squares)
        }
        Question::Reach { .. } => match input {
            Input::Command(Command::Accept {}) => Some(Said::Yes(true)),
            Input::Command(Command::Decline {}) => Some(Said::Yes(false)),
            _ => None,
        },
        Question::Recall { ask: super::drills::RecallAsk::On(_), .. } => {
            if words("drill.words.empty").contains(&folded) {
                return Some(Said::Man(None));
            }
            crate::command::read_man(text).map(Said::Man)
        }
        Question::Recall { .. } => squares(text).filter(|s| s.len() == 1).map(Said::Squares),
    }
}

/// Squares said one after another (`c3 d5`, `Cesar drei, David fünf`, `b1-c3-d5`).
fn squares(text: &str) -> Option<Vec<Square>> {
    let cleaned = text.replace([',', '-', ';'], " ");
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    let mut squares = Vec::new();
    let mut i = 0;
    while i < words.len() {
        // A square is one word (`c3`) or two (`Cesar drei`).
        if let Some(s) = crate::command::read_square(words[i]) {
            squares.push(s);
            i += 1;
        } else if let Some(s) =
            words.get(i + 1).and_then(|next| crate::command::read_square(&format!("{} {next}", words[i])))
        {
            squares.push(s);
            i += 2;
        } else {
            return None;
        }
    }
    (!squares.is_empty()).then_some(squares)
}
