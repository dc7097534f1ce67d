//! The static part of the dead-position analysis: locked pawn structures. When every pawn on the
//! board is frozen for good — it can never advance, capture or be captured — each piece is
//! confined to the squares it can reach around the pawns, and a side can only ever checkmate if
//! one of its pieces could attack a square the enemy king can reach. The frozen set is found as a
//! fixpoint and checked for consistency, so a "cannot mate" from here is a proof.

use shakmaty::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks};
use shakmaty::{Bitboard, Board, Chess, Color, EnPassantMode, Position, Role, Square};

/// Where each piece of the position could ever stand, with the frozen pawns as walls.
struct Regions {
    walls: Bitboard,
    /// (colour, role, region) of every piece that is not a pawn.
    pieces: Vec<(Color, Role, Bitboard)>,
}

/// The squares a piece of `role` attacks from `sq` with the walls as the only blockers.
fn attacks_from(role: Role, color: Color, sq: Square, walls: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, walls),
        Role::Rook => rook_attacks(sq, walls),
        Role::Queen => queen_attacks(sq, walls),
        Role::King => king_attacks(sq),
    }
}

/// Every square the piece could reach from `from`, never entering a wall or a forbidden square.
fn region(role: Role, color: Color, from: Square, walls: Bitboard, forbidden: Bitboard) -> Bitboard {
    let mut reached = Bitboard::from_square(from);
    let mut frontier = reached;
    while let Some(sq) = frontier.pop_front() {
        let next = attacks_from(role, color, sq, walls) & !walls & !forbidden & !reached;
        reached |= next;
        frontier |= next;
    }
    reached
}

/// Squares attacked by the given pawns of `color`.
fn pawn_cover(pawns: Bitboard, color: Color) -> Bitboard {
    pawns.into_iter().fold(Bitboard::EMPTY, |acc, sq| acc | pawn_attacks(color, sq))
}

impl Regions {
    fn compute(board: &Board, frozen: Bitboard) -> Regions {
        let mut pieces = Vec::new();
        for (sq, piece) in board.clone() {
            if piece.role == Role::Pawn {
                continue;
            }
            let forbidden = match piece.role {
                Role::King => pawn_cover(frozen & board.by_color(!piece.color), !piece.color),
                _ => Bitboard::EMPTY,
            };
            pieces.push((piece.color, piece.role, region(piece.role, piece.color, sq, frozen, forbidden)));
        }
        Regions { walls: frozen, pieces }
    }

    /// Squares some piece of `color` other than the king could ever attack.
    fn attack_reach(&self, color: Color) -> Bitboard {
        let mut reach = Bitboard::EMPTY;
        for &(c, role, region) in self.pieces.iter().filter(|(c, r, _)| *c == color && *r != Role::King) {
            for sq in region {
                reach |= attacks_from(role, c, sq, self.walls);
            }
        }
        reach
    }

    /// Squares the king of `color` could ever stand on or attack.
    fn king_reach(&self, color: Color) -> (Bitboard, Bitboard) {
        let region =
            self.pieces.iter().find(|(c, r, _)| *c == color && *r == Role::King).map_or(Bitboard::EMPTY, |p| p.2);
        let attacks = region.into_iter().fold(Bitboard::EMPTY, |acc, sq| acc | king_attacks(sq));
        (region, attacks)
    }

    /// Squares a piece of `color` other than the king could ever stand on.
    fn men_reach(&self, color: Color) -> Bitboard {
        self.pieces.iter().filter(|(c, r, _)| *c == color && *r != Role::King).fold(Bitboard::EMPTY, |acc, p| acc | p.2)
    }
}

/// The regions of the pieces when every pawn on the board is frozen for good; `None` when some
/// pawn may still advance, capture or be captured. (Assuming all pawns are walls, a pawn that
/// could move or be taken refutes the assumption; if none can, no pawn ever moves — the first
/// pawn to move or be taken would need a piece outside its region — and the regions hold.)
fn all_pawns_frozen(board: &Board) -> Option<Regions> {
    let frozen = board.pawns();
    let regions = Regions::compute(board, frozen);
    for sq in frozen {
        let color = board.color_at(sq)?;
        let enemy = !color;
        let ahead = sq.offset(if color.is_white() { 8 } else { -8 })?;
        let (_, enemy_king_attacks) = regions.king_reach(enemy);
        let enemy_men = regions.men_reach(enemy) | (board.by_color(enemy) & frozen);
        let defended = (pawn_attacks(enemy, sq) & frozen & board.by_color(color)).any();
        let stuck = frozen.contains(ahead);
        let never_captures = (pawn_attacks(color, sq) & enemy_men).is_empty();
        let never_captured =
            !regions.attack_reach(enemy).contains(sq) && (defended || !enemy_king_attacks.contains(sq));
        if !(stuck && never_captures && never_captured) {
            return None;
        }
    }
    Some(regions)
}

/// Proven: `winner` can never checkmate, because every pawn is frozen and on every square the enemy
/// king can reach either no piece of `winner` could ever give check, or some flight square could
/// never be taken (no wall, pawn, attacker, king or blocker could ever cover it). `false` means
/// "not proven".
pub fn locked_out(pos: &Chess, winner: Color) -> bool {
    let board = pos.board();
    let Some(regions) = all_pawns_frozen(board) else {
        return false;
    };
    let loser = !winner;
    let (king_region, _) = regions.king_reach(loser);
    let Some(king) = board.king_of(loser) else {
        return false;
    };
    // A king in check now (say by a pawn), or an en passant capture open now, is outside what the
    // regions describe.
    if pos.is_check()
        || board.attacks_to(king, winner, board.occupied()).any()
        || pos.ep_square(EnPassantMode::Legal).is_some()
    {
        return false;
    }
    let checks = regions.attack_reach(winner);
    // A flight square of a mated king is taken: a wall, a square an enemy pawn holds for good,
    // one the mating side's men or king could attack, or one the king's own men could block.
    let walls = regions.walls;
    let held = pawn_cover(walls & board.by_color(winner), winner);
    let (_, winner_king_reach) = regions.king_reach(winner);
    let blockers = regions.men_reach(loser);
    let covered = walls | held | checks | winner_king_reach | blockers;
    !(king_region & checks).into_iter().any(|k| (king_attacks(k) & !covered).is_empty())
}
