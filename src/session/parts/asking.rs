//! The question the session asked and waits for an answer to: what it asks, how it was said (to
//! say it again), whether it was asked again already, and when it was asked (a yes or no said
//! aloud long after is talk at the table, not an answer).

use shakmaty::{Color, Move};

use crate::clock::Timestamp;
use crate::command::Slip;
use crate::listen::Meaning;
use crate::notation::LetterSet;
use crate::session::Command;
use crate::wording::Line;

/// A question the session asked and waits for an answer to.
#[derive(Debug, Clone, PartialEq)]
pub enum Question {
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
    Heard { meaning: Meaning, other: Option<Meaning> },
    /// Which of these moves? (the square, file or rank its piece leaves from)
    Which { moves: Vec<Move> },
    /// Did a slip mean this command, or one of these (by name)? (yes carries the one out, or asks
    /// which of several; anything else goes its own way, without a word about the question)
    Meant(Slip<Command>),
    /// Play `mv`, typed in the letters `set` rather than the mover's? (yes plays it; `letters`
    /// giving the mover `set` plays it too; anything else goes its own way)
    OtherLetters { mv: Move, set: LetterSet },
}

impl Question {
    /// Whether the question is only a suggestion (a slip, other letters), which anything else
    /// passes by without a word.
    pub fn is_suggestion(&self) -> bool {
        matches!(self, Question::Meant(_) | Question::OtherLetters { .. })
    }

    /// Whether another try at a move answers it by going its own way (a promotion piece or the
    /// piece meant, asked about a move typed).
    pub fn is_about_a_move(&self) -> bool {
        matches!(self, Question::Promotion { .. } | Question::Which { .. })
    }

    /// The catalogue key of what is said when an answer is none: which answers it takes.
    pub fn again_key(&self) -> &'static str {
        match self {
            Question::Promotion { .. } => "question.again_piece",
            Question::Which { moves } if moves.iter().all(|m| m.is_castle()) => "question.again_castling",
            Question::Which { .. } => "question.again_which",
            Question::WhoResigns => "question.again_colour",
            _ => "question.again",
        }
    }
}

/// A question waiting: what it asks, how it was said, and whether it was asked again.
#[derive(Debug, Clone)]
pub struct Asked {
    question: Question,
    said: Line,
    again: bool,
    /// When it was asked (or last asked again).
    at: Timestamp,
}

impl Asked {
    /// What it asks.
    pub fn question(&self) -> &Question {
        &self.question
    }

    /// How it was said.
    pub fn said(&self) -> &Line {
        &self.said
    }

    /// Whether it was asked again already.
    pub fn was_asked_again(&self) -> bool {
        self.again
    }
}

/// How long after a question a yes or no said aloud answers it: later, it may be talk at the
/// table rather than an answer, and the question is asked again.
const SPOKEN_ANSWER_WINDOW: u64 = 30_000;

/// The question waiting, if any.
#[derive(Debug, Clone, Default)]
pub struct Asking {
    asked: Option<Asked>,
}

impl Asking {
    /// Asks `question`, said as `said`, at `at`: it waits for its answer, and `said` is what is
    /// said.
    pub fn ask(&mut self, question: Question, said: Line, at: Timestamp) -> Line {
        self.asked = Some(Asked { question, said: said.clone(), again: false, at });
        said
    }

    /// The question waiting for its answer, if any.
    pub fn waiting(&self) -> Option<&Question> {
        self.asked.as_ref().map(|a| &a.question)
    }

    /// The question waiting, taken to be answered (put back with `keep` if it still waits).
    pub fn take(&mut self) -> Option<Asked> {
        self.asked.take()
    }

    /// The question still waits, as it was.
    pub fn keep(&mut self, asked: Asked) {
        self.asked = Some(asked);
    }

    /// The question still waits, asked again once: how it is said.
    pub fn ask_again(&mut self, asked: Asked) -> Line {
        let said = asked.said.clone();
        self.asked = Some(Asked { again: true, ..asked });
        said
    }

    /// The question waiting when the program went away, asked again from `now` as it was said.
    pub fn after_break(&mut self, now: Timestamp) -> Option<Line> {
        let asked = self.asked.as_mut()?;
        asked.at = now;
        Some(asked.said.clone())
    }

    /// The question waiting, said again, where a yes or no said aloud at `now` comes too long
    /// after it was asked to be taken for its answer; it is then asked from `now`.
    pub fn lapsed(&mut self, now: Timestamp) -> Option<Line> {
        let asked = self.asked.as_mut()?;
        if now.0.saturating_sub(asked.at.0) <= SPOKEN_ANSWER_WINDOW {
            return None;
        }
        asked.at = now;
        Some(asked.said.clone())
    }

    /// Forgets the question waiting (the game it was about is gone, or it was answered
    /// otherwise).
    pub fn forget(&mut self) {
        self.asked = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_waits_until_taken_and_a_late_spoken_answer_asks_it_again() {
        let mut asking = Asking::default();
        let said = asking.ask(Question::WhoResigns, Line::printed("Who resigns?"), Timestamp(1_000));
        assert_eq!(said.text, "Who resigns?");
        assert_eq!(asking.waiting(), Some(&Question::WhoResigns));
        assert!(asking.lapsed(Timestamp(20_000)).is_none());
        assert_eq!(asking.lapsed(Timestamp(40_000)).map(|l| l.text), Some("Who resigns?".into()));
        // Asked again from then: a yes right after answers it.
        assert!(asking.lapsed(Timestamp(41_000)).is_none());
        let asked = asking.take().unwrap();
        assert!(asking.waiting().is_none());
        assert!(!asked.was_asked_again());
        asking.ask_again(asked);
        assert!(asking.take().unwrap().was_asked_again());
    }
}
