//! A physical board: the pieces as they really stand on the tactile or the sighted board, which
//! may differ from the game. Moves are executed on it by hand, so they are applied as hand
//! movements (lift, place, remove), whatever the position; and the steps that bring it back to a
//! position are worked out square by square.

use shakmaty::{Bitboard, Board, CastlingSide, Color, Move, Piece, Square};

/// One hand movement that repairs a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Take the piece from one square to another.
    Move {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        from: Square,
        /// Where it goes.
        to: Square,
    },
    /// Take a piece off the board.
    Remove {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// Put a piece on the board.
    Place {
        /// The piece.
        piece: Piece,
        /// Where it goes.
        square: Square,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
/// A physical board as it stands, which may differ from the game's position.
pub struct PhysicalBoard {
    placement: Board,
    /// The moves executed on this board, as executed.
    executed: Vec<Move>,
}

impl PhysicalBoard {
    /// A board with `placement`.
    pub fn new(placement: Board) -> PhysicalBoard {
        PhysicalBoard { placement, executed: Vec::new() }
    }

    /// What stands on it.
    pub fn placement(&self) -> &Board {
        &self.placement
    }

    /// The moves executed on it.
    pub fn executed(&self) -> &[Move] {
        &self.executed
    }

    /// Executes a move by hand: the piece on the departure square goes to the arrival square
    /// (promoted if the move promotes), whatever stood there is taken off; castling moves king and
    /// rook; en passant removes the passed pawn.
    pub fn execute(&mut self, mv: Move, mover: Color) {
        let board = &mut self.placement;
        match mv {
            Move::Normal { from, to, promotion, .. } => {
                if let Some(piece) = board.remove_piece_at(from) {
                    let role = promotion.unwrap_or(piece.role);
                    board.set_piece_at(to, Piece { color: piece.color, role });
                }
            }
            Move::EnPassant { from, to } => {
                if let Some(piece) = board.remove_piece_at(from) {
                    board.discard_piece_at(Square::from_coords(to.file(), from.rank()));
                    board.set_piece_at(to, piece);
                }
            }
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_king_side(king < rook);
                let k = board.remove_piece_at(king);
                let r = board.remove_piece_at(rook);
                if let Some(k) = k {
                    board.set_piece_at(side.king_to(mover), k);
                }
                if let Some(r) = r {
                    board.set_piece_at(side.rook_to(mover), r);
                }
            }
            Move::Put { role, to } => board.set_piece_at(to, Piece { color: mover, role }),
        }
        self.executed.push(mv);
    }

    /// One hand movement of a repair.
    pub fn apply(&mut self, step: Step) {
        let board = &mut self.placement;
        match step {
            Step::Move { piece, from, to } => {
                board.discard_piece_at(from);
                board.set_piece_at(to, piece);
            }
            Step::Remove { square, .. } => board.discard_piece_at(square),
            Step::Place { piece, square } => board.set_piece_at(square, piece),
        }
    }

    /// Sets the board to a position (after a repair).
    pub fn set(&mut self, placement: Board) {
        self.placement = placement;
    }

    /// Records what a square really shows.
    pub fn report(&mut self, square: Square, piece: Option<Piece>) {
        match piece {
            Some(p) => self.placement.set_piece_at(square, p),
            None => self.placement.discard_piece_at(square),
        }
    }

    /// The squares where this board and `want` differ.
    pub fn differences(&self, want: &Board) -> Bitboard {
        Square::ALL.into_iter().filter(|&sq| self.placement.piece_at(sq) != want.piece_at(sq)).collect()
    }

    /// The hand movements that turn this board into `want`: first the pieces to take off, then the
    /// pieces to move (each to the nearest square that needs one of its kind), then the pieces to
    /// put on.
    pub fn steps_to(&self, want: &Board) -> Vec<Step> {
        let diff = self.differences(want);
        let mut extra: Vec<(Square, Piece)> =
            diff.into_iter().filter_map(|sq| self.placement.piece_at(sq).map(|p| (sq, p))).collect();
        let mut missing: Vec<(Square, Piece)> =
            diff.into_iter().filter_map(|sq| want.piece_at(sq).map(|p| (sq, p))).collect();
        let mut moves = Vec::new();
        extra.retain(|&(from, piece)| {
            let nearest = missing
                .iter()
                .enumerate()
                .filter(|(_, (_, p))| *p == piece)
                .min_by_key(|(_, (to, _))| from.distance(*to))
                .map(|(i, _)| i);
            match nearest {
                Some(i) => {
                    let (to, _) = missing.remove(i);
                    moves.push(Step::Move { piece, from, to });
                    false
                }
                None => true,
            }
        });
        // A piece moved onto a square that still holds a wrong piece: that piece comes off first.
        let mut steps: Vec<Step> = extra.into_iter().map(|(square, piece)| Step::Remove { piece, square }).collect();
        steps.extend(moves);
        steps.extend(missing.into_iter().map(|(square, piece)| Step::Place { piece, square }));
        steps
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen;
    use shakmaty::{Chess, Position, Role};

    fn uci(pos: &Chess, text: &str) -> Move {
        shakmaty::uci::UciMove::from_ascii(text.as_bytes()).unwrap().to_move(pos).unwrap()
    }

    #[test]
    fn executing_legal_moves_matches_the_game() {
        let mut pos = parse_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1").unwrap();
        let mut board = PhysicalBoard::new(pos.board().clone());
        for text in ["e5d6", "e8c8", "e1g1"] {
            let mv = uci(&pos, text);
            board.execute(mv, pos.turn());
            pos.play_unchecked(mv);
            assert_eq!(board.placement(), pos.board(), "{text}");
        }
        assert_eq!(board.executed().len(), 3);
    }

    #[test]
    fn repair_steps() {
        let start = Chess::default();
        let knight_f3 = uci(&start, "g1f3");
        let knight_h3 = uci(&start, "g1h3");
        let mut want = start.clone();
        want.play_unchecked(knight_f3);
        let mut board = PhysicalBoard::new(start.board().clone());
        board.execute(knight_h3, Color::White);
        let knight = Piece { color: Color::White, role: Role::Knight };
        assert_eq!(board.steps_to(want.board()), vec![Step::Move { piece: knight, from: Square::H3, to: Square::F3 }]);
        // A pawn that should have been captured, and one missing.
        let mut b = PhysicalBoard::new(want.board().clone());
        b.report(Square::D5, Some(Piece { color: Color::Black, role: Role::Pawn }));
        b.report(Square::A2, None);
        let steps = b.steps_to(want.board());
        assert_eq!(
            steps,
            vec![
                Step::Remove { piece: Piece { color: Color::Black, role: Role::Pawn }, square: Square::D5 },
                Step::Place { piece: Piece { color: Color::White, role: Role::Pawn }, square: Square::A2 },
            ]
        );
        let mut fixed = b.clone();
        fixed.set(want.board().clone());
        assert!(fixed.steps_to(want.board()).is_empty());
    }
}
