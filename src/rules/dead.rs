//! Whether a side can still checkmate. This is the seam for the full dead-position analysis: for
//! now it is the material test (a lone king, or king and one minor piece, cannot mate; bishops
//! all on one colour against a bare king or bishops of that colour cannot either).

use shakmaty::{Chess, Color, Position};

/// Can `color` still checkmate by some series of legal moves? (Material test for now.)
pub fn can_checkmate(pos: &Chess, color: Color) -> bool {
    !pos.has_insufficient_material(color)
}

/// 5.2b / 9.6: neither side can checkmate by any series of legal moves.
pub fn is_dead_position(pos: &Chess) -> bool {
    !can_checkmate(pos, Color::White) && !can_checkmate(pos, Color::Black)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen;

    #[test]
    fn bare_kings_and_minor_pieces() {
        assert!(is_dead_position(&parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap()));
        assert!(is_dead_position(&parse_fen("4k3/8/8/8/8/8/8/4KN2 w - - 0 1").unwrap()));
        let rook = parse_fen("4k3/8/8/8/8/8/8/4KR2 w - - 0 1").unwrap();
        assert!(!is_dead_position(&rook));
        assert!(can_checkmate(&rook, Color::White));
        assert!(!can_checkmate(&rook, Color::Black));
    }
}
