//! What the arbiter records at the table beside the moves: the illegal moves each player has
//! completed (7.4, 7.5) and the piece the side to move touched and must move (4.3, E.2.2).

use shakmaty::{ByColor, Color, Move, Square};

/// The arbiter's record of a game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Arbiter {
    illegal: ByColor<u32>,
    touched: Option<Square>,
}

impl Arbiter {
    /// How many illegal moves `color` has completed.
    pub fn illegal_moves(&self, color: Color) -> u32 {
        *self.illegal.get(color)
    }

    /// `color` completed one more illegal move: how many now.
    pub fn record_illegal(&mut self, color: Color) -> u32 {
        let count = self.illegal.get_mut(color);
        *count += 1;
        *count
    }

    /// The side to move touched the piece on `square`, and must move it.
    pub fn touch(&mut self, square: Square) {
        self.touched = Some(square);
    }

    /// Whether `mv` breaks the touch-move claim: the square of the piece that must move instead.
    pub fn breaks_touch(&self, mv: Move) -> Option<Square> {
        self.touched.filter(|&square| mv.from() != Some(square))
    }

    /// A move was made (or the moves taken back): no piece is touched any more.
    pub fn moved(&mut self) {
        self.touched = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Role;

    #[test]
    fn illegal_moves_are_counted_per_player_and_a_touched_piece_must_move() {
        let mut arbiter = Arbiter::default();
        assert_eq!(arbiter.record_illegal(Color::Black), 1);
        assert_eq!(arbiter.record_illegal(Color::Black), 2);
        assert_eq!((arbiter.illegal_moves(Color::White), arbiter.illegal_moves(Color::Black)), (0, 2));
        arbiter.touch(Square::G1);
        let knight =
            Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
        let pawn = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None };
        assert_eq!(arbiter.breaks_touch(knight), None);
        assert_eq!(arbiter.breaks_touch(pawn), Some(Square::G1));
        arbiter.moved();
        assert_eq!(arbiter.breaks_touch(pawn), None);
    }
}
