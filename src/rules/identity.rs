//! FIDE position identity (9.2b): the same player to move, the same pieces of the same kind and
//! colour on the same squares, and the same possible moves — castling rights count, and an en
//! passant capture counts only when it is legal.

use shakmaty::{Bitboard, Board, Chess, Color, EnPassantMode, Position, Square};

/// What makes two positions "the same" for repetition claims and automatic draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionId {
    board: Board,
    turn: Color,
    castling: Bitboard,
    en_passant: Option<Square>,
}

impl PositionId {
    /// The 1953 code's repetition (§18g): the same placement of the pieces with the same side to
    /// move, castling rights and en passant left out.
    pub fn same_placement(&self, other: &PositionId) -> bool {
        self.board == other.board && self.turn == other.turn
    }

    /// The identity of `pos`.
    pub fn of(pos: &Chess) -> PositionId {
        PositionId {
            board: pos.board().clone(),
            turn: pos.turn(),
            castling: pos.castles().castling_rights(),
            en_passant: pos.ep_square(EnPassantMode::Legal),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen;

    #[test]
    fn en_passant_counts_only_when_legal() {
        // Black just played d7-d5, but no white pawn can take en passant: same as without ep.
        let with = parse_fen("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1").unwrap();
        let without = parse_fen("4k3/8/8/3p4/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(PositionId::of(&with), PositionId::of(&without));
        // With a white pawn on e5 the capture is legal and the positions differ.
        let with = parse_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
        let without = parse_fen("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1").unwrap();
        assert_ne!(PositionId::of(&with), PositionId::of(&without));
    }

    #[test]
    fn castling_rights_count() {
        let with = parse_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let without = parse_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1").unwrap();
        assert_ne!(PositionId::of(&with), PositionId::of(&without));
    }

    #[test]
    fn side_to_move_counts() {
        let w = parse_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1").unwrap();
        let b = parse_fen("4k3/8/8/8/8/8/8/4K2R b - - 0 1").unwrap();
        assert_ne!(PositionId::of(&w), PositionId::of(&b));
    }
}
