//! The player's puzzle rating: Glicko-2 (the `skillratings` crate), starting at 1500, each puzzle
//! a game against the puzzle's own rating — solved a win, failed a loss. Pure.

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// A player's rating, its deviation and volatility.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating(Glicko2Rating);

impl Default for Rating {
    fn default() -> Rating {
        Rating(Glicko2Rating::new())
    }
}

impl Rating {
    /// The rating, rounded as it is said.
    pub fn points(&self) -> i64 {
        self.0.rating.round() as i64
    }

    /// The rating as a number.
    pub fn value(&self) -> f64 {
        self.0.rating
    }

    /// The rating after a puzzle rated `rating` (with `deviation`), `solved` or not.
    pub fn after(self, rating: u16, deviation: u16, solved: bool) -> Rating {
        let puzzle = Glicko2Rating { rating: f64::from(rating), deviation: f64::from(deviation), volatility: 0.06 };
        let outcome = if solved { Outcomes::WIN } else { Outcomes::LOSS };
        Rating(glicko2(&self.0, &puzzle, &outcome, &Glicko2Config::new()).0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_puzzle_solved_raises_the_rating_and_one_failed_lowers_it() {
        let start = Rating::default();
        assert_eq!(start.points(), 1500);
        let up = start.after(1500, 80, true);
        let down = start.after(1500, 80, false);
        assert!(up.points() > 1500 && down.points() < 1500, "{up:?} {down:?}");
        // An easy puzzle solved moves it less than a hard one.
        assert!(start.after(900, 80, true).points() < start.after(2100, 80, true).points());
    }
}
