//! The material test: positions where a side cannot mate whatever happens, by material alone —
//! a lone king; a king and one knight against a king with nothing but queens; a king and bishops
//! of one colour against a king with nothing but rooks, queens and bishops of that colour (not in
//! double check already); and kings with bishops that all stand on squares of one colour, with
//! nothing else on the board.
//! (Other men on the other side could serve as blockers, so those are left to the search.)

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
        // A blocking queen can always take the knight or the king escapes (as in shakmaty).
        return (theirs & !board.queens()).is_empty();
    }
    if (ours & !board.bishops()).is_empty() && bishops_cannot_mate(board, color, ours, theirs) {
        return true;
    }
    let others = board.occupied() & !board.kings() & !board.bishops();
    let bishops = board.bishops();
    others.is_empty()
        && ((bishops & Bitboard::DARK_SQUARES).is_empty() || (bishops & Bitboard::LIGHT_SQUARES).is_empty())
}

/// Bishops of one colour (`ours`, nothing else) against a king whose other men (`theirs`) are
/// rooks, queens and bishops of that colour. A bishop checks along a diagonal; of the two flight
/// squares beside the square the check passes (or the bishop stands on), the king covers at most
/// one (it would have to stand next to the other king or on the line of the check), so a man of
/// the other side must stand on the other. Those two squares are of the other colour, so no bishop
/// of that colour can; a rook or queen could, and from there it takes the bishop or blocks the
/// check (a bishop pins nothing on squares of the other colour). A double check would need a
/// bishop to step from one diagonal through the king onto the other, which no bishop move does, or
/// a pawn: only one already on the board counts.
fn bishops_cannot_mate(board: &Board, color: Color, ours: Bitboard, theirs: Bitboard) -> bool {
    let colour = if (ours & Bitboard::DARK_SQUARES).any() { Bitboard::DARK_SQUARES } else { Bitboard::LIGHT_SQUARES };
    let harmless = board.rooks_and_queens() | (board.bishops() & colour);
    if (ours & !colour).any() || (theirs & !harmless).any() {
        return false;
    }
    let Some(king) = board.king_of(!color) else { return false };
    let checkers = ours.into_iter().filter(|&b| shakmaty::attacks::bishop_attacks(b, board.occupied()).contains(king));
    checkers.count() < 2
}

/// The 1953 code's automatic draws by material (§18a–b): king against king, king against king
/// and one minor piece, and king and bishop against king and bishop on squares of one colour.
pub fn ussr_1953_material_draw(board: &Board) -> bool {
    let men = board.occupied() & !board.kings();
    let minors = board.knights() | board.bishops();
    match men.count() {
        0 => true,
        1 => (men & minors).any(),
        2 => {
            let bishops = board.bishops();
            bishops.count() == 2
                && (board.white() & bishops).count() == 1
                && ((bishops & Bitboard::DARK_SQUARES).count() != 1)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::parse_fen_permissive;
    use shakmaty::Position;

    fn board(fen: &str) -> Board {
        parse_fen_permissive(fen).unwrap().board().clone()
    }

    #[test]
    fn the_1953_material_draws() {
        assert!(ussr_1953_material_draw(&board("4k3/8/8/8/8/8/8/4K3 w - - 0 1")));
        assert!(ussr_1953_material_draw(&board("4k3/8/8/8/8/8/8/3NK3 w - - 0 1")));
        assert!(ussr_1953_material_draw(&board("4k3/8/8/8/3b4/8/8/2B1K3 w - - 0 1")));
        assert!(!ussr_1953_material_draw(&board("4k3/8/8/8/2b5/8/8/2B1K3 w - - 0 1")));
        assert!(!ussr_1953_material_draw(&board("4k3/8/8/8/8/8/8/2BBK3 w - - 0 1")));
        assert!(!ussr_1953_material_draw(&board("4k3/4p3/8/8/8/8/8/3NK3 w - - 0 1")));
    }

    #[test]
    fn blockers_keep_a_bishop_or_knight_alive() {
        assert!(too_little_material(&board("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), Color::White));
        assert!(too_little_material(&board("4k3/8/8/8/8/8/8/3NK3 w - - 0 1"), Color::White));
        assert!(too_little_material(&board("2kq4/8/8/8/8/8/2KN4/8 w - - 0 1"), Color::White));
        assert!(!too_little_material(&board("2kr4/8/8/8/8/8/2KN4/8 w - - 0 1"), Color::White));
        assert!(too_little_material(&board("rr1r4/rk1r4/rr6/8/8/2K5/2B5/8 b - - 0 1"), Color::White));
        assert!(!too_little_material(&board("3kb3/8/8/8/8/3KB3/8/8 b - - 0 1"), Color::White));
        // A bishop of the lone bishop's colour can never stand on a flight square beside the check.
        assert!(too_little_material(&board("3kqb2/8/8/8/8/3KB3/8/8 w - - 0 1"), Color::White));
        assert!(too_little_material(&board("1b1kqb2/1r6/8/8/8/3KB3/8/8 w - - 0 1"), Color::White));
        assert!(!too_little_material(&board("2bkqb2/8/8/8/8/3KB3/8/8 w - - 0 1"), Color::White));
        assert!(!too_little_material(&board("4k3/8/8/8/8/8/4p3/3NK3 w - - 0 1"), Color::White));
        assert!(too_little_material(&board("4k3/8/8/8/3b4/8/8/2B1K3 w - - 0 1"), Color::White));
        // Bishops of one colour against rooks, queens and bishops of their colour: no mate, as
        // no bishop move gives double check (chasolver's set)...
        assert!(too_little_material(&board("4k3/qqqqqqqq/1rrrr3/8/8/8/B1B1B1B1/4K3 b - - 0 1"), Color::White));
        // ...but a king already in double check is left to the search.
        assert!(!too_little_material(&board("8/8/8/8/8/2b1k1b1/8/3RK3 w - - 0 1"), Color::Black));
        assert!(too_little_material(&board("8/k7/8/3b4/4b3/8/8/2KQ4 w - - 0 1"), Color::Black));
        assert!(too_little_material(&board("6q1/5k2/3B4/4BK2/8/8/8/8 w - - 0 1"), Color::White));
        assert!(!too_little_material(&board("6n1/5k2/3B4/4BK2/8/8/8/8 w - - 0 1"), Color::White));
        assert!(!too_little_material(&board("6q1/5k2/3B4/4BK2/8/8/8/1B6 w - - 0 1"), Color::White));
        // A king in double check already, its rooks on its flight squares: mated (chasolver's set).
        assert!(!too_little_material(&board("8/8/8/8/8/2b1k1b1/8/3RKR2 w - - 0 1"), Color::Black));
        assert!(!too_little_material(&board("8/8/8/8/8/2b1k1b1/8/3RKR2 w - - 0 1"), Color::White));
    }
}
