//! The adjournment's state (the rules for adjourned games; 1953 §21): the sealed move as
//! written and by whom, whether the game waits in its envelope, and the sealed move of a game
//! resumed from one, not yet opened.

use shakmaty::Color;

/// Where the game stands with adjournment.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Adjournment {
    /// The sealed move written so far, by whom (before `adjourn`).
    sealed: Option<(Color, String)>,
    /// The game is adjourned: no more moves here.
    adjourned: bool,
    /// From an envelope: the sealed move not yet opened, and who sealed it.
    unopened: Option<(Color, String)>,
}

/// Why no move can be made now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Waiting {
    /// The game is adjourned.
    Adjourned,
    /// The sealed move of the resumed game must be opened first.
    Unopened,
}

impl Adjournment {
    /// `by` writes `text` as the sealed move (it can be changed until the game is adjourned).
    pub fn seal(&mut self, by: Color, text: &str) {
        self.sealed = Some((by, text.to_string()));
    }

    /// The sealed move written by `turn`, the player to move, if there is one.
    pub fn sealed_by(&self, turn: Color) -> Option<(Color, String)> {
        self.sealed.clone().filter(|(c, _)| *c == turn)
    }

    /// Who sealed the move of a game resumed from its envelope, while it waits to be opened.
    pub fn unopened_by(&self) -> Option<Color> {
        self.unopened.as_ref().map(|(c, _)| *c)
    }

    /// `mover` played a move on the board: a move they had sealed (not yet adjourned) is set
    /// aside; whether there was one.
    pub fn set_aside(&mut self, mover: Color) -> bool {
        let had = self.sealed.as_ref().is_some_and(|(c, _)| *c == mover) && !self.adjourned;
        if had {
            self.sealed = None;
        }
        had
    }

    /// The game goes into its envelope.
    pub fn adjourn(&mut self) {
        self.adjourned = true;
    }

    /// The game goes on from its envelope: the sealed move `text` of `sealer` waits for `open`.
    pub fn resume(&mut self, sealer: Color, text: &str) {
        *self = Adjournment { unopened: Some((sealer, text.to_string())), ..Adjournment::default() };
    }

    /// The sealed move to open, taken out of the envelope.
    pub fn open(&mut self) -> Option<(Color, String)> {
        self.unopened.take()
    }

    /// Whether the game waits in its envelope.
    pub fn is_adjourned(&self) -> bool {
        self.adjourned
    }

    /// Why no move can be made now, if that is so.
    pub fn waiting(&self) -> Option<Waiting> {
        match (self.adjourned, &self.unopened) {
            (true, _) => Some(Waiting::Adjourned),
            (false, Some(_)) => Some(Waiting::Unopened),
            (false, None) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_move_counts_only_for_the_player_to_move_and_opens_once() {
        let mut a = Adjournment::default();
        a.seal(Color::White, "Rh8");
        assert_eq!(a.sealed_by(Color::Black), None);
        assert_eq!(a.sealed_by(Color::White), Some((Color::White, "Rh8".into())));
        a.adjourn();
        assert_eq!(a.waiting(), Some(Waiting::Adjourned));
        a.resume(Color::White, "Rh8");
        assert_eq!(a.waiting(), Some(Waiting::Unopened));
        assert_eq!(a.sealed_by(Color::White), None);
        assert_eq!(a.open(), Some((Color::White, "Rh8".into())));
        assert_eq!(a.open(), None);
        assert_eq!(a.waiting(), None);
    }
}
