//! Reading a line in a game, and the questions the session asks and keeps until they are
//! answered: was a move executed otherwise on a board, which piece a pawn becomes, an action that
//! cannot be undone (the question its command's record asks), who resigns, and whether words were
//! heard right. Every input comes in here and is routed to the question waiting or to its duty.

use shakmaty::{Color, Move, Position};

use super::duties::{clock, heard, moves, relay};
use super::{Command, Input, Response, Session};
use crate::audio::Cue;
use crate::clock::Timestamp;
use crate::command::{color, line_problem, parse_line, Key};
use crate::wording::{Line, Verbosity};

/// A question the session asked and waits for an answer to.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Question {
    /// Was the move of half-move `ply` executed on `board` as `executed` instead?
    Executed { board: Color, ply: usize, executed: Move },
    /// Which piece does the pawn become? (one of `moves`)
    Promotion { moves: Vec<Move> },
    /// Carry out this command, which cannot be undone? (yes or no)
    Confirm(Command),
    /// Who resigns? (a colour, or no)
    WhoResigns,
    /// Was this heard right? (what the words mean, played or done on yes)
    Heard(crate::listen::Meaning),
}

/// The command a key stands for.
pub(super) fn key_input(key: Key) -> Input {
    match key {
        Key::PushToTalk => Input::Command(Command::Listen {}),
        Key::Interrupt => Input::Command(Command::Quit {}),
    }
}

impl Session {
    /// The input a typed line is: a command, a move, or the answer to the question waiting (a
    /// promotion piece named alone, such as `N`, `knight` or `Springer`, is never a command).
    pub fn read_input(&self, line: &str) -> Input {
        if let Some(problem) = line_problem(line) {
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
                if let Some(color) = color(line.trim()) {
                    return Input::Command(Command::Resign { by: Some(color) });
                }
            }
            _ => {}
        }
        match parse_line(line, self.lang()) {
            Input::Command(Command::Move { text }) => Input::Move(text.0),
            input => input,
        }
    }

    /// Answers one input. `now` is the session clock's reading: what the clock did up to then
    /// (marks, warnings, a fallen flag) comes first.
    pub(super) fn handle(&mut self, input: Input, now: Timestamp) -> Response {
        self.now = now.max(self.now);
        let mut lines = clock::clock_events(self);
        let question = self.question.take();
        if let Some(answer) = self.answer(question, &input) {
            return self.respond_with(lines, answer);
        }
        match input {
            Input::Empty => lines.extend(relay::confirm_ok(self, false)),
            Input::Move(text) => lines.extend(moves::play_text(self, &text)),
            Input::Refused(refusal) => lines.extend(refusal.lines(&self.wording)),
            Input::Unreadable(problem) => lines.extend(problem.lines(&self.wording)),
            // The clock spoke since: that is what is said, not the answer before.
            Input::Command(Command::Repeat {}) if !lines.is_empty() => {}
            Input::Command(command) => {
                if let Some(question) = self.ask_first(&command) {
                    lines.extend(question);
                    return self.respond(lines);
                }
                let more = self.settings.verbosity == Verbosity::Verbose && command != Command::More {};
                let mut out = command.run(self);
                if more {
                    out.lines.append(&mut self.said.take_more());
                }
                return self.respond_with(lines, out);
            }
        }
        self.respond(lines)
    }

    /// The answer to the question that waited, when `input` is one; else the question is
    /// dropped, except that `repeat` says it again and it still waits.
    fn answer(&mut self, question: Option<Question>, input: &Input) -> Option<Response> {
        let yes = match input {
            Input::Command(Command::Accept {}) => Some(true),
            Input::Command(Command::Decline {}) => Some(false),
            _ => None,
        };
        match (question, input, yes) {
            (Some(Question::Executed { board, ply, executed }), _, Some(yes)) => {
                Some(relay::answer_executed(self, yes, board, ply, executed).into())
            }
            (Some(Question::Heard(meaning)), _, Some(yes)) => Some(heard::answer_heard(self, meaning, yes)),
            (Some(Question::Confirm(command)), _, Some(true)) => Some(command.run(self)),
            (Some(Question::Confirm(_) | Question::WhoResigns), _, Some(false)) => {
                Some(vec![self.wording.line("confirm.not_done", &[])].into())
            }
            (Some(Question::WhoResigns), Input::Command(resign @ Command::Resign { by: Some(_) }), _) => {
                Some(resign.clone().run(self))
            }
            (Some(Question::Promotion { moves }), Input::Move(text), _) => self.promotion_answer(&moves, text),
            (Some(question), Input::Command(Command::Repeat {}), _) => {
                // The question still waits after it is said again.
                self.question = Some(question);
                None
            }
            _ => None,
        }
    }

    /// A promotion piece named alone after "name the promotion piece": the move with it is played
    /// (a king is refused and the question stays). `None` when the text names no piece.
    fn promotion_answer(&mut self, moves: &[Move], text: &str) -> Option<Response> {
        let letters = self.settings.letters(self.game.position().turn());
        let role = self.reader.read_piece(text, letters)?;
        let lines = match moves.iter().find(|m| m.promotion() == Some(role)) {
            Some(&mv) => match moves::touch_refusal(self, mv) {
                Some(refusal) => refusal,
                None => {
                    relay::before_move(self);
                    moves::play_move(self, mv)
                }
            },
            None => {
                self.question = Some(Question::Promotion { moves: moves.to_vec() });
                let piece = self.wording.piece(role);
                vec![self.wording.line("illegal.bad_promotion", &[("piece", &piece)]).with_cue(Cue::Illegal)]
            }
        };
        Some(lines.into())
    }

    /// Asks before `command` when it would do something that cannot be undone (and confirmations
    /// are on): the question, now waiting for its answer. `None` lets it go ahead (or refuse) at
    /// once.
    fn ask_first(&mut self, command: &Command) -> Option<Vec<Line>> {
        let over = self.game.is_over() && !matches!(command, Command::New { .. });
        if !self.settings.confirm || over {
            return None;
        }
        let question = command.question(self)?;
        self.question = Some(Question::Confirm(command.clone()));
        Some(vec![self.wording.say(question)])
    }
}
