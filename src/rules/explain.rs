//! Why a move is illegal, in chess terms a player understands: no such piece, it cannot reach the
//! square, it is pinned, the king is in check, castling through an attacked square, and so on.

use shakmaty::attacks;
use shakmaty::{Bitboard, CastlingSide, Chess, Color, Piece, Position, Role, Square};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// Why castling is illegal.
pub enum CastlingProblem {
    /// The king or that rook has moved (3.8): the right is lost for good.
    NoRight,
    /// The king is in check now.
    InCheck,
    /// A piece stands between king and rook (or on a square they need).
    Blocked(Square),
    /// The king would pass a square attacked by the opponent.
    ThroughAttack(Square),
    /// The king would land on an attacked square.
    IntoCheck(Square),
}

/// Why a move from `from` (or by some piece) to `to` is not legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalReason {
    /// The player has no piece of that kind.
    NoPiece(Role),
    /// No piece stands on the departure square.
    EmptySquare(Square),
    /// The piece on the departure square belongs to the opponent.
    OpponentPiece(Square),
    /// The departure square holds another kind of piece.
    WrongPiece {
        /// The square named.
        square: Square,
        /// The piece found there.
        found: Role,
    },
    /// None of the player's pieces of that kind can move there.
    CannotReach {
        /// The piece named.
        role: Role,
        /// Where it was to go.
        to: Square,
    },
    /// One of the player's own pieces stands on the target square.
    OwnPiece {
        /// Where it was to go.
        to: Square,
        /// The own piece standing there.
        role: Role,
    },
    /// A capture was written but there is nothing to capture there.
    NothingToCapture(Square),
    /// The piece is pinned against its king.
    Pinned {
        /// Where the pinned piece stands.
        from: Square,
        /// The pinned piece.
        role: Role,
        /// Where the pinning piece stands.
        by: Square,
        /// The pinning piece.
        by_role: Role,
    },
    /// The king is in check and the move does not answer it.
    InCheck,
    /// The king would stand in check on the target square.
    KingIntoCheck(Square),
    /// Castling is illegal for this reason.
    Castling(CastlingProblem),
    /// A promotion piece was named for a move that is not a promotion.
    NotPromotion,
    /// A king cannot be chosen as promotion piece, nor a pawn.
    BadPromotion(Role),
    /// "e.p." was written for a move that is not an en passant capture.
    NotEnPassant,
}

/// Whether `piece` on `from` could move to `to` by its own movement (3.2–3.7), ignoring whether
/// its king would then be in check.
fn reaches(pos: &Chess, piece: Piece, from: Square, to: Square) -> bool {
    let board = pos.board();
    let occupied = board.occupied();
    if board.by_color(piece.color).contains(to) {
        return false;
    }
    if piece.role != Role::Pawn {
        return attacks::attacks(from, piece, occupied).contains(to);
    }
    let forward = if piece.color == Color::White { 8 } else { -8 };
    let capture_targets =
        board.by_color(piece.color.other()) | pos.maybe_ep_square().map_or(Bitboard::EMPTY, Bitboard::from_square);
    if attacks::pawn_attacks(piece.color, from).contains(to) {
        return capture_targets.contains(to);
    }
    let one = from.offset(forward);
    if one == Some(to) {
        return !occupied.contains(to);
    }
    let start_rank = piece.color.fold_wb(shakmaty::Rank::Second, shakmaty::Rank::Seventh);
    let two = one.and_then(|s| s.offset(forward));
    from.rank() == start_rank && two == Some(to) && one.is_some_and(|s| !occupied.contains(s)) && !occupied.contains(to)
}

/// The opponent's piece that pins `from` against the king, if any.
fn pinner(pos: &Chess, from: Square) -> Option<(Square, Role)> {
    let us = pos.turn();
    let king = pos.board().king_of(us)?;
    let board = pos.board();
    let sliders = board.by_color(us.other()) & (board.bishops() | board.rooks() | board.queens());
    sliders.into_iter().find_map(|s| {
        let piece = board.piece_at(s)?;
        let line_attack = attacks::attacks(s, piece, Bitboard::EMPTY).contains(king);
        let between = attacks::between(s, king) & board.occupied();
        (line_attack && attacks::aligned(s, from, king) && between == Bitboard::from_square(from))
            .then_some((s, piece.role))
    })
}

/// Explains why no legal move takes one of `movers` (the player's pieces that fit what was
/// written, all of kind `role`) to `to`. `capture` says whether a capture was written.
pub fn explain_move(pos: &Chess, role: Role, movers: Bitboard, to: Square, capture: bool) -> IllegalReason {
    let us = pos.turn();
    if let Some(own) = pos.board().piece_at(to).filter(|p| p.color == us) {
        return IllegalReason::OwnPiece { to, role: own.role };
    }
    let target_empty = pos.board().piece_at(to).is_none();
    let ep_target = role == Role::Pawn && pos.maybe_ep_square() == Some(to);
    if capture && target_empty && !ep_target {
        return IllegalReason::NothingToCapture(to);
    }
    let piece = Piece { color: us, role };
    let Some(from) = movers.into_iter().find(|&from| reaches(pos, piece, from, to)) else {
        return IllegalReason::CannotReach { role, to };
    };
    if role == Role::King {
        return IllegalReason::KingIntoCheck(to);
    }
    if pos.is_check() {
        return IllegalReason::InCheck;
    }
    match pinner(pos, from) {
        Some((by, by_role)) => IllegalReason::Pinned { from, role, by, by_role },
        // A rare case: en passant exposing the king along the rank.
        None => IllegalReason::InCheck,
    }
}

/// Explains why castling on `side` is not legal for the side to move.
pub fn explain_castling(pos: &Chess, side: CastlingSide) -> CastlingProblem {
    let us = pos.turn();
    let castles = pos.castles();
    let (Some(rook), Some(king)) = (castles.rook(us, side), pos.board().king_of(us)) else {
        return CastlingProblem::NoRight;
    };
    if pos.is_check() {
        return CastlingProblem::InCheck;
    }
    let movers = Bitboard::from_square(king) | Bitboard::from_square(rook);
    let blocked = castles.path(us, side) & pos.board().occupied() & !movers;
    if let Some(square) = blocked.first() {
        return CastlingProblem::Blocked(square);
    }
    let king_to = side.king_to(us);
    let occupied = pos.board().occupied() & !movers;
    let path = attacks::between(king, king_to) | Bitboard::from_square(king_to);
    let ordered: Vec<Square> =
        if king < king_to { path.into_iter().collect() } else { path.into_iter().rev().collect() };
    for square in ordered {
        if pos.board().attacks_to(square, us.other(), occupied).any() {
            return if square == king_to {
                CastlingProblem::IntoCheck(square)
            } else {
                CastlingProblem::ThroughAttack(square)
            };
        }
    }
    CastlingProblem::NoRight
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen;

    fn own(pos: &Chess, role: Role) -> Bitboard {
        pos.our(role)
    }

    #[test]
    fn pinned_knight() {
        let pos = parse_fen("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1").unwrap();
        let why = explain_move(&pos, Role::Knight, own(&pos, Role::Knight), Square::F4, false);
        assert_eq!(
            why,
            IllegalReason::Pinned { from: Square::E2, role: Role::Knight, by: Square::E7, by_role: Role::Rook }
        );
    }

    #[test]
    fn king_into_check_and_unreachable() {
        let pos = parse_fen("4k3/8/8/8/8/8/5r2/4K3 w - - 0 1").unwrap();
        assert_eq!(
            explain_move(&pos, Role::King, own(&pos, Role::King), Square::E2, false),
            IllegalReason::KingIntoCheck(Square::E2)
        );
        assert_eq!(
            explain_move(&pos, Role::King, own(&pos, Role::King), Square::E3, false),
            IllegalReason::CannotReach { role: Role::King, to: Square::E3 }
        );
    }

    #[test]
    fn check_not_answered() {
        let pos = parse_fen("4k3/8/8/8/8/8/P7/4K2r w - - 0 1").unwrap();
        assert_eq!(explain_move(&pos, Role::Pawn, own(&pos, Role::Pawn), Square::A3, false), IllegalReason::InCheck);
    }

    #[test]
    fn capture_of_nothing() {
        let pos = Chess::default();
        assert_eq!(
            explain_move(&pos, Role::Knight, own(&pos, Role::Knight), Square::F3, true),
            IllegalReason::NothingToCapture(Square::F3)
        );
    }

    #[test]
    fn castling_problems() {
        let pos = Chess::default();
        assert_eq!(explain_castling(&pos, CastlingSide::KingSide), CastlingProblem::Blocked(Square::F1));
        let through = parse_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        assert_eq!(explain_castling(&through, CastlingSide::QueenSide), CastlingProblem::NoRight);
        let attacked = parse_fen("4k3/8/8/8/8/8/5r2/4K2R w K - 0 1").unwrap();
        assert_eq!(explain_castling(&attacked, CastlingSide::KingSide), CastlingProblem::ThroughAttack(Square::F1));
        let landing = parse_fen("4k3/8/8/8/8/8/6r1/4K2R w K - 0 1").unwrap();
        assert_eq!(explain_castling(&landing, CastlingSide::KingSide), CastlingProblem::IntoCheck(Square::G1));
        let check = parse_fen("4k3/8/8/8/8/8/4r3/4K2R w K - 0 1").unwrap();
        assert_eq!(explain_castling(&check, CastlingSide::KingSide), CastlingProblem::InCheck);
    }
}
