//! The material test: positions where a side cannot mate whatever happens, by material alone —
//! a lone king; a king and one knight against a lone king; and kings with bishops that all stand
//! on squares of one colour, with nothing else on the board. (A rook, queen, knight, pawn or
//! bishop of the other colour on the other side could serve as a blocker, so those are left to the
//! search.)

use shakmaty::{Bitboard, Board, Color};

/// `color` can never mate, by material alone. Only losing material can follow, so this stays
/// true in every position reachable from here.
pub fn too_little_material(board: &Board, color: Color) -> bool {
    let ours = board.by_color(color) & !board.kings();
    let theirs = board.by_color(!color) & !board.kings();
    if ours.is_empty() {
        return true;
    }
    if ours.count() == 1 && (ours & board.knights()).any() {
        return theirs.is_empty();
    }
    let others = board.occupied() & !board.kings() & !board.bishops();
    let bishops = board.bishops();
    others.is_empty()
        && ((bishops & Bitboard::DARK_SQUARES).is_empty() || (bishops & Bitboard::LIGHT_SQUARES).is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen_permissive;
    use shakmaty::Position;

    fn board(fen: &str) -> Board {
        parse_fen_permissive(fen).unwrap().board().clone()
    }

    #[test]
    fn blockers_keep_a_bishop_or_knight_alive() {
        assert!(too_little_material(&board("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), Color::White));
        assert!(too_little_material(&board("4k3/8/8/8/8/8/8/3NK3 w - - 0 1"), Color::White));
        assert!(!too_little_material(&board("4k3/8/8/8/8/8/4p3/3NK3 w - - 0 1"), Color::White));
        assert!(too_little_material(&board("4k3/8/8/8/3b4/8/8/2B1K3 w - - 0 1"), Color::White));
        // Rooks can block their own king: two bishops of one colour mate (chasolver's set).
        assert!(!too_little_material(&board("8/8/8/8/8/2b1k1b1/8/3RKR2 w - - 0 1"), Color::Black));
        assert!(!too_little_material(&board("8/8/8/8/8/2b1k1b1/8/3RKR2 w - - 0 1"), Color::White));
    }
}
