//! Reading a line in a game, and the questions the session asks and keeps until they are
//! answered: was a move executed otherwise on a board, which piece a pawn becomes, which of two
//! pieces moves, an action that cannot be undone (the question its command's record asks), who
//! resigns, whether words were heard right, and which command a slip meant. Every input comes
//! in here and is routed to the question waiting or to its duty. An answer that is none is asked
//! again, once; a question about the board, the time or the commands is answered and the question
//! asked again; a new move or a command that does something answers no, and that is said.

use shakmaty::{Color, Move, Position};

use super::duties::devices::{heard, online};
use super::duties::{clock, moves, relay};
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
    /// Was this heard right? (what the words mean, played or done on yes; the other reading,
    /// asked next on no)
    Heard { meaning: crate::listen::Meaning, other: Option<crate::listen::Meaning> },
    /// Which of these moves? (the square, file or rank its piece leaves from)
    Which { moves: Vec<Move> },
    /// Did a slip mean this command? (yes takes it as if typed; anything else goes its own way,
    /// without a word about the question)
    Meant(Input),
    /// Play `mv`, typed in the letters `set` rather than the mover's? (yes plays it; `letters`
    /// giving the mover `set` plays it too; anything else goes its own way)
    OtherLetters { mv: Move, set: crate::notation::LetterSet },
    /// Did a slip mean one of these commands (by name)? (yes is asked which)
    MeantWhich(Vec<String>),
}

/// A question waiting: what it asks, how it was said, and whether it was asked again.
#[derive(Debug, Clone)]
pub(super) struct Asked {
    question: Question,
    said: Line,
    again: bool,
    /// When it was asked (or last asked again).
    at: Timestamp,
}

/// How long after a question a yes or no said aloud answers it: later, it may be talk at the
/// table rather than an answer, and the question is asked again.
const SPOKEN_ANSWER_WINDOW: u64 = 30_000;

/// What the question waiting makes of an input.
enum Answered {
    /// The input answered it: this is the answer.
    Done(Response),
    /// The input is something else: these lines first, then it goes its own way.
    Passed(Vec<Line>),
    /// The answer stands for this input, which goes its own way as if it had been typed.
    Instead(Input),
    /// The input only asks: it is answered, and then the question, which still waits, is said
    /// again.
    Aside(Line),
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
        match self.waiting() {
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
            Some(Question::Which { moves }) => {
                let pos = self.game.position();
                let picked = self.reader.pick_by_origin(line, moves);
                if let Some(mv) = picked.or_else(|| self.reader.pick_castling(line, moves)) {
                    return Input::Move(crate::notation::san(pos, mv, self.settings.letters(pos.turn())));
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
        if let (Input::Command(Command::Advance { by }), false) = (&input, online::is_online(self)) {
            // The time `advance` moved is said before what the clock did in it; a question
            // waiting still waits. (Online, the server keeps the time: it is refused below.)
            let mut advanced = clock::advance(self, *by);
            advanced.append(&mut lines);
            return self.respond(advanced);
        }
        let asked = self.question.take();
        let mut still_asked = None;
        let input = match self.answer(asked, &input) {
            Answered::Done(answer) => return self.respond_with(lines, answer),
            Answered::Passed(first) => {
                lines.extend(first);
                input
            }
            Answered::Instead(instead) => instead,
            Answered::Aside(question) => {
                still_asked = Some(question);
                input
            }
        };
        match input {
            Input::Empty => lines.extend(relay::confirm_ok(self, false)),
            Input::Move(text) => lines.extend(moves::play_text(self, &text)),
            Input::Refused(refusal) => lines.extend(refusal.lines(&self.wording)),
            Input::Unreadable(problem) => lines.extend(problem.lines(&self.wording)),
            // The clock spoke since: that is what is said, not the answer before.
            Input::Command(Command::Repeat {}) if !lines.is_empty() => {}
            Input::Command(command) if command.at_the_table_only() && online::is_online(self) => {
                lines.extend(online::refusal(self).unwrap_or_default());
            }
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
                out.lines.extend(still_asked);
                return self.respond_with(lines, out);
            }
        }
        self.respond(lines)
    }

    /// Asks `question`, said as `said`: it waits for its answer, and `said` is what is said.
    pub(super) fn ask(&mut self, question: Question, said: Line) -> Line {
        self.question = Some(Asked { question, said: said.clone(), again: false, at: self.now });
        said
    }

    /// The question waiting, said again, where a yes or no said aloud at `now` comes too long
    /// after it was asked to be taken for its answer; it is then asked from `now`.
    pub(super) fn lapsed_question(&mut self, now: Timestamp) -> Option<Line> {
        let asked = self.question.as_mut()?;
        if now.0.saturating_sub(asked.at.0) <= SPOKEN_ANSWER_WINDOW {
            return None;
        }
        asked.at = now;
        Some(asked.said.clone())
    }

    /// The question waiting for its answer, if any.
    pub(super) fn waiting(&self) -> Option<&Question> {
        self.question.as_ref().map(|a| &a.question)
    }

    /// Forgets the question waiting (the game it was about is gone).
    pub(super) fn forget_question(&mut self) {
        self.question = None;
    }

    /// What the question that waited makes of `input`: its answer; or, for `repeat`, nothing (it
    /// still waits); for a new move or command, that this answers no; for anything else, the
    /// question again, once, and then that nothing is done.
    fn answer(&mut self, asked: Option<Asked>, input: &Input) -> Answered {
        let Some(asked) = asked else { return Answered::Passed(Vec::new()) };
        let yes = match input {
            Input::Command(Command::Accept {}) => Some(true),
            Input::Command(Command::Decline {}) => Some(false),
            _ => None,
        };
        let done = |response: Response| Answered::Done(response);
        match (asked.question.clone(), input, yes) {
            (Question::Executed { board, ply, executed }, _, Some(yes)) => {
                done(relay::answer_executed(self, yes, board, ply, executed).into())
            }
            (Question::Heard { meaning, other }, _, Some(yes)) => done(heard::answer_heard(self, meaning, other, yes)),
            (Question::Confirm(command), _, Some(true)) => done(command.run(self)),
            // Leaving asked twice (a second interrupt, or `quit` again) is a yes.
            (Question::Confirm(quit @ Command::Quit {}), Input::Command(Command::Quit {}), _) => done(quit.run(self)),
            (Question::Meant(meant), _, Some(true)) => Answered::Instead(meant),
            (Question::OtherLetters { mv, .. }, _, Some(true)) => Answered::Instead(Input::Move(self.move_text(mv))),
            // The letters the move was typed in, taken from now on: the move is played in them.
            (Question::OtherLetters { mv, set }, Input::Command(Command::Letters { asked }), _)
                if asked.set.is_some() =>
            {
                done(self.letters_answer(*asked, mv, set))
            }
            (Question::MeantWhich(names), _, Some(true)) => {
                let names = crate::wording::Words::plain(self.wording.or_list(&names));
                done(
                    vec![self.wording.say(self.wording.words("question.which_command", &[("commands", names)]))].into(),
                )
            }
            (_, _, Some(false)) => done(vec![self.wording.line("confirm.not_done", &[])].into()),
            // Who resigns is named: that is asked as `resign COLOR` is.
            (Question::WhoResigns, Input::Command(resign @ Command::Resign { by: Some(_) }), _) => {
                match self.ask_first(resign) {
                    Some(question) => done(question.into()),
                    None => done(resign.clone().run(self)),
                }
            }
            (Question::Promotion { moves }, Input::Move(text), _) if self.names_piece(text) => {
                done(self.promotion_answer(&moves, text))
            }
            (_, Input::Command(Command::Repeat {}), _) => {
                // The question still waits after it is said again.
                self.question = Some(asked);
                Answered::Passed(Vec::new())
            }
            // The slip's suggestion is no question to insist on.
            (Question::Meant(_) | Question::MeantWhich(_) | Question::OtherLetters { .. }, _, None) => {
                Answered::Passed(Vec::new())
            }
            // A question about the board, the time or the commands is answered, and the question
            // still waits.
            (_, Input::Command(command), _) if command.only_asks() => {
                let said = asked.said.clone();
                self.question = Some(asked);
                Answered::Aside(said)
            }
            // Another try at the move asked about goes its own way; any other move or command
            // answers no, and that is said.
            _ if self.is_new_action(input) => match asked.question {
                Question::Promotion { .. } | Question::Which { .. } if matches!(input, Input::Move(_)) => {
                    Answered::Passed(Vec::new())
                }
                _ => Answered::Passed(vec![self.wording.line("question.taken_as_no", &[])]),
            },
            _ if !asked.again => {
                let key = match &asked.question {
                    Question::Promotion { .. } => "question.again_piece",
                    Question::Which { moves } if moves.iter().all(|m| m.is_castle()) => "question.again_castling",
                    Question::Which { .. } => "question.again_which",
                    Question::WhoResigns => "question.again_colour",
                    _ => "question.again",
                };
                let again = self.wording.line(key, &[]);
                let said = asked.said.clone();
                self.question = Some(Asked { again: true, ..asked });
                done(vec![again.with_cue(Cue::Error), said].into())
            }
            _ => done(vec![self.wording.line("question.dropped", &[])].into()),
        }
    }

    /// Whether `input` is a move or a command of its own rather than an answer: a command other
    /// than yes, no and repeat, or a move (legal or not) rather than words that are no move.
    fn is_new_action(&self, input: &Input) -> bool {
        match input {
            Input::Command(Command::Accept {} | Command::Decline {} | Command::Repeat {}) => false,
            Input::Command(_) => true,
            Input::Move(text) => {
                let pos = self.game.position();
                let read = self.reader.read(text, pos, self.settings.letters(pos.turn()));
                !matches!(read, Err(crate::notation::ReadError::NotAMove(_)))
            }
            _ => false,
        }
    }

    /// `letters …` while a move in other letters (`mv`, in `set`) is asked about: the letters are
    /// taken, and when the mover's are now `set`, the move is played in them.
    fn letters_answer(
        &mut self,
        asked: crate::command::LettersAsk,
        mv: Move,
        set: crate::notation::LetterSet,
    ) -> Response {
        let mut lines = moves::letters(self, asked);
        if self.settings.letters(self.game.position().turn()) == set {
            let text = self.move_text(mv);
            lines.extend(moves::play_text(self, &text));
        }
        lines.into()
    }

    /// `mv` written in the mover's letters, as if typed.
    fn move_text(&self, mv: Move) -> String {
        let pos = self.game.position();
        crate::notation::san(pos, mv, self.settings.letters(pos.turn()))
    }

    /// Whether `text` names a promotion piece alone.
    fn names_piece(&self, text: &str) -> bool {
        let letters = self.settings.letters(self.game.position().turn());
        self.reader.read_piece(text, letters).is_some()
    }

    /// A promotion piece named alone after "name the promotion piece": the move with it is played
    /// (a king is refused and the question stays).
    fn promotion_answer(&mut self, moves: &[Move], text: &str) -> Response {
        let letters = self.settings.letters(self.game.position().turn());
        let Some(role) = self.reader.read_piece(text, letters) else { return Response::default() };
        let lines = match moves.iter().find(|m| m.promotion() == Some(role)) {
            Some(&mv) => match moves::touch_refusal(self, mv) {
                Some(refusal) => refusal,
                None => {
                    relay::before_move(self);
                    moves::play_move(self, mv)
                }
            },
            None => {
                let piece = self.wording.piece(role);
                let line = self.wording.line("illegal.bad_promotion", &[("piece", &piece)]).with_cue(Cue::Illegal);
                vec![self.ask(Question::Promotion { moves: moves.to_vec() }, line)]
            }
        };
        lines.into()
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
        let said = self.wording.say(question);
        Some(vec![self.ask(Question::Confirm(command.clone()), said)])
    }
}
