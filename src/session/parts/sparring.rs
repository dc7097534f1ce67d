//! The engine as the opponent of a practice game: the requests it works on (its own move, and a
//! hint or an evaluation asked by the player), each by its number so that an answer to a request
//! given up (a move taken back) is let go; how many of its moves in a row it thought hopeless (it
//! resigns after ten); whether it stopped answering; and the hints given and takebacks made,
//! which the game's PGN keeps.

use crate::engine::Score;

/// What the engine is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Its own move.
    Move,
    /// A move for the player (a hint).
    Hint,
    /// What it thinks of the position.
    Eval,
}

/// How many hopeless moves in a row make the engine resign.
const RESIGNS_AFTER: u32 = 10;

/// A score for the engine's side at which it thinks its game hopeless: ten pawns down, or mated.
fn hopeless(score: Score) -> bool {
    match score {
        Score::Centipawns(cp) => cp <= -1000,
        Score::Mate(m) => m <= 0,
    }
}

/// The engine's side of a practice game.
#[derive(Debug, Clone, Default)]
pub struct Sparring {
    /// The number of the next request.
    next: u64,
    /// The engine's own move, asked for: its request.
    moving: Option<u64>,
    /// A hint or an evaluation, asked for: its request and which.
    asked: Option<(u64, Purpose)>,
    /// The engine's moves in a row it thought hopeless.
    hopeless: u32,
    /// The engine stopped answering: it is asked no more.
    failed: bool,
    /// The hints given: the half-move each was given for, and the move (SAN).
    hints: Vec<(usize, String)>,
    /// How many times moves were taken back.
    takebacks: u32,
}

impl Sparring {
    /// A request for `purpose`: its number, now waited for (a new one of the same kind replaces
    /// the one before).
    pub fn ask(&mut self, purpose: Purpose) -> u64 {
        let id = self.next;
        self.next += 1;
        match purpose {
            Purpose::Move => self.moving = Some(id),
            Purpose::Hint | Purpose::Eval => self.asked = Some((id, purpose)),
        }
        id
    }

    /// The engine's own move waited for, if it is: its request.
    pub fn moving(&self) -> Option<u64> {
        self.moving
    }

    /// Whether anything is waited for from the engine.
    pub fn is_thinking(&self) -> bool {
        self.moving.is_some() || self.asked.is_some()
    }

    /// Whether the engine's own move is to be asked for: not waited for already, and the engine
    /// still answers.
    pub fn wants_move(&self) -> bool {
        self.moving.is_none() && !self.failed
    }

    /// The answer to request `id` came: what it was for, or `None` when it was given up.
    pub fn answered(&mut self, id: u64) -> Option<Purpose> {
        if self.moving == Some(id) {
            self.moving = None;
            return Some(Purpose::Move);
        }
        match self.asked {
            Some((asked, purpose)) if asked == id => {
                self.asked = None;
                Some(purpose)
            }
            _ => None,
        }
    }

    /// Every request waited for is given up (the moves were taken back, a new game began).
    pub fn give_up(&mut self) {
        (self.moving, self.asked) = (None, None);
    }

    /// The engine stopped answering.
    pub fn fail(&mut self) {
        self.failed = true;
        self.give_up();
    }

    /// Whether the engine stopped answering.
    pub fn has_failed(&self) -> bool {
        self.failed
    }

    /// The program came back: the engine is started anew, and answers again.
    pub fn restart(&mut self) {
        self.failed = false;
    }

    /// The engine's score for its own side after it chose a move: whether it resigns now (its
    /// tenth hopeless move in a row).
    pub fn resigns(&mut self, score: Option<Score>) -> bool {
        match score.is_some_and(hopeless) {
            true => self.hopeless += 1,
            false => self.hopeless = 0,
        }
        self.hopeless >= RESIGNS_AFTER
    }

    /// A hint was given for half-move `ply`: the move it named.
    pub fn hinted(&mut self, ply: usize, san: String) {
        self.hints.push((ply, san));
    }

    /// The hints given, with the half-move each was for.
    pub fn hints(&self) -> &[(usize, String)] {
        &self.hints
    }

    /// Moves were taken back.
    pub fn took_back(&mut self) {
        self.takebacks += 1;
    }

    /// How many times moves were taken back.
    pub fn takebacks(&self) -> u32 {
        self.takebacks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_to_a_request_given_up_is_let_go() {
        let mut sparring = Sparring::default();
        let first = sparring.ask(Purpose::Move);
        assert!(sparring.is_thinking() && !sparring.wants_move());
        sparring.give_up();
        let second = sparring.ask(Purpose::Move);
        assert_eq!(sparring.answered(first), None);
        assert_eq!(sparring.answered(second), Some(Purpose::Move));
        let hint = sparring.ask(Purpose::Hint);
        assert_eq!(sparring.answered(hint), Some(Purpose::Hint));
        assert!(!sparring.is_thinking() && sparring.wants_move());
    }

    #[test]
    fn the_engine_resigns_after_ten_hopeless_moves_in_a_row() {
        let mut sparring = Sparring::default();
        for _ in 0..9 {
            assert!(!sparring.resigns(Some(Score::Centipawns(-1200))));
        }
        // A better move in between starts the count again.
        assert!(!sparring.resigns(Some(Score::Centipawns(-300))));
        for _ in 0..9 {
            assert!(!sparring.resigns(Some(Score::Mate(-3))));
        }
        assert!(sparring.resigns(Some(Score::Mate(-2))));
    }

    #[test]
    fn an_engine_that_stopped_answering_is_asked_again_only_after_a_restart() {
        let mut sparring = Sparring::default();
        sparring.ask(Purpose::Move);
        sparring.fail();
        assert!(!sparring.wants_move() && !sparring.is_thinking());
        sparring.restart();
        assert!(sparring.wants_move());
    }
}
