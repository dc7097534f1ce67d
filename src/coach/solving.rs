//! A line to be found, move by move: the player's move is right when it is the line's (or, where
//! the line mates, any move that mates); the opponent's reply follows; the first wrong move fails
//! the puzzle (a second try is allowed, then the solution is there to be asked for). Pure.

use shakmaty::{Chess, Move, Position};

/// What a move tried made of the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Attempt {
    /// Right, and the opponent replies with this move; the line goes on.
    Right {
        /// The opponent's reply.
        reply: Move,
    },
    /// Right, and the line is found.
    Solved,
    /// Wrong; `again` when a second try is left.
    Wrong {
        /// Whether the player may try again.
        again: bool,
    },
}

/// A line being found.
#[derive(Debug, Clone)]
pub struct Solving {
    start: Chess,
    line: Vec<Move>,
    /// How many of the line's moves stand.
    done: usize,
    /// Wrong tries at the move now asked.
    tries: u8,
    /// A wrong move was made on the way.
    failed: bool,
}

impl Solving {
    /// The line `line` from `start`, its first `given` moves already made (the opponent's move
    /// of a puzzle; none for an exercise).
    pub fn new(start: Chess, line: Vec<Move>, given: usize) -> Solving {
        Solving { start, line, done: given, tries: 0, failed: false }
    }

    /// The position now.
    pub fn position(&self) -> Chess {
        let mut pos = self.start.clone();
        for mv in &self.line[..self.done] {
            pos.play_unchecked(*mv);
        }
        pos
    }

    /// The move made last, and the position before it (the opponent's move the player answers).
    pub fn last(&self) -> Option<(Chess, Move)> {
        let last = self.done.checked_sub(1)?;
        let mut pos = self.start.clone();
        for mv in &self.line[..last] {
            pos.play_unchecked(*mv);
        }
        Some((pos, self.line[last]))
    }

    /// The player's move `mv` tried.
    pub fn attempt(&mut self, mv: Move) -> Attempt {
        let pos = self.position();
        let Some(&wanted) = self.line.get(self.done) else { return Attempt::Solved };
        let mut after = pos.clone();
        after.play_unchecked(mv);
        // The line's last move mates: any mate is as good.
        let mates_as_well = after.is_checkmate() && self.done + 1 == self.line.len();
        if mv != wanted && !mates_as_well {
            self.tries += 1;
            self.failed = true;
            return Attempt::Wrong { again: self.tries < 2 };
        }
        self.tries = 0;
        if mv != wanted {
            // Another mate: the line ends with it.
            self.line.truncate(self.done);
            self.line.push(mv);
        }
        self.done += 1;
        match self.line.get(self.done) {
            Some(&reply) => {
                self.done += 1;
                Attempt::Right { reply }
            }
            None => Attempt::Solved,
        }
    }

    /// Whether the line is found to its end.
    pub fn is_over(&self) -> bool {
        self.done >= self.line.len()
    }

    /// Whether a wrong move was made on the way.
    pub fn has_failed(&self) -> bool {
        self.failed
    }

    /// The rest of the line from the position now, and the position it starts from; the line is
    /// then played out (a solution said is a puzzle failed).
    pub fn give_up(&mut self) -> (Chess, Vec<Move>) {
        let from = self.position();
        let rest = self.line[self.done..].to_vec();
        self.done = self.line.len();
        self.failed = true;
        (from, rest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coach::puzzles::by_id;

    fn uci(pos: &Chess, text: &str) -> Move {
        text.parse::<shakmaty::uci::UciMove>().unwrap().to_move(pos).unwrap()
    }

    #[test]
    fn a_mate_in_one_is_found_and_a_wrong_move_fails_it() {
        let p = by_id("000rZ").unwrap();
        let mut solving = Solving::new(p.start(), p.line(), 1);
        let pos = solving.position();
        assert_eq!(solving.attempt(uci(&pos, "d6d5")), Attempt::Wrong { again: true });
        assert_eq!(solving.attempt(uci(&pos, "d6d5")), Attempt::Wrong { again: false });
        assert_eq!(solving.attempt(uci(&pos, "d6h2")), Attempt::Solved);
        assert!(solving.is_over() && solving.has_failed());
    }

    #[test]
    fn a_longer_line_goes_on_with_the_replies_and_the_solution_is_the_rest() {
        let p = by_id("002X3").unwrap(); // b3a3 g2a8 c7b8 a8b8: the player's move, a reply, the mate
        let mut solving = Solving::new(p.start(), p.line(), 1);
        let pos = solving.position();
        let reply = uci(
            &{
                let mut a = pos.clone();
                a.play_unchecked(uci(&pos, "g2a8"));
                a
            },
            "c7b8",
        );
        assert_eq!(solving.attempt(uci(&pos, "g2a8")), Attempt::Right { reply });
        assert!(!solving.has_failed());
        let (from, rest) = solving.give_up();
        assert_eq!(rest, vec![uci(&from, "a8b8")]);
        assert!(solving.is_over() && solving.has_failed());
    }
}
