//! The coach's own commands, one record each; every other line is an answer (a move in a puzzle
//! or an exercise, words in a drill) or, in a puzzle or an exercise, a question about the board
//! asked of a session set up at the position (the game's records say which work with the coach).

use crate::command::commands;
use crate::session::Response;

use super::Coach;

commands! {
    /// A command of the coach, with its arguments read.
    pub enum CoachCommand for Coach => Response;

    /// `solution`: the rest of the puzzle's line, or the exercise's best move (the puzzle is then
    /// failed).
    Solution {} = "solution" | "solve", et "lahendus", de "lösung",
        help "help.solution", group Training, at Coach, run Coach::solution;
    /// `next`: the next puzzle, exercise or question (one left unsolved counts as failed).
    Next {} = "next" | "skip", et "järgmine", de "nächste",
        help "help.next_task", group Training, at Coach, run Coach::next;
    /// `report`: the puzzle rating, puzzles solved and failed by theme, the exercises, the drills.
    Report {} = "report" | "progress", et "aruanne", de "bericht",
        help "help.report", group Training (asks), at Coach, run Coach::report;
    /// `time`: how long the drill has taken (never pressing).
    Time {} = "time" | "t", et "aeg", de "zeit",
        help "help.drill_time", group Training (asks), at Coach, run Coach::time;
    /// `again`: the question or the puzzle said again from its start.
    Again {} = "again" | "question", et "uuesti", de "nochmal",
        help "help.again", group Training (asks), at Coach, run Coach::again;
    /// `quit`: the coach ends (the progress is kept with every answer).
    Quit {} = "quit" | "exit" | "q" | "bye" | "goodbye" | "tschüss" | "lahku" | "lõpeta", et "välju", de "beenden",
        help "help.quit", group Training, at Coach, run Coach::quit;
}
