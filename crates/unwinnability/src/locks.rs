//! The static part of the dead-position analysis: locked pawn structures. When no pawn can ever
//! capture, be captured or promote — pawns may still step forward until they are blocked — the
//! pawns that cannot step are walls, each piece is confined to the squares it can reach around
//! them, and a side can mate only on a square of the enemy king's region where one of its men or
//! pawns could give check and every flight square could be covered — by an attack, or by one of
//! the king's own men, a different one on each square. The conditions are checked
//! for every square any piece or pawn could ever reach, so a "cannot mate" from here is a proof.

use shakmaty::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks};
use shakmaty::{Bitboard, Board, Chess, Color, EnPassantMode, Position, Role, Square};

use super::sets;

/// Where each piece of the position could ever stand, with the frozen pawns as walls.
struct Regions {
    walls: Bitboard,
    /// (colour, role, region) of every piece that is not a pawn.
    pieces: Vec<(Color, Role, Bitboard)>,
}

/// The squares a piece of `role` attacks from `sq` with the walls as the only blockers.
pub(super) fn attacks_from(role: Role, color: Color, sq: Square, walls: Bitboard) -> Bitboard {
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
    sets::flood(role, color, Bitboard::from_square(from), !walls & !forbidden)
}

impl Regions {
    fn compute(board: &Board, frozen: Bitboard) -> Regions {
        let mut pieces = Vec::new();
        for (sq, piece) in board.clone() {
            if piece.role == Role::Pawn {
                continue;
            }
            let forbidden = match piece.role {
                Role::King => sets::pawn_set_attacks(!piece.color, frozen & board.by_color(!piece.color)),
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
            // A region is closed under the piece's moves (see sets.rs).
            reach |= sets::steps(role, c, region);
        }
        reach
    }

    /// Squares the king of `color` could ever stand on or attack.
    fn king_reach(&self, color: Color) -> (Bitboard, Bitboard) {
        let region =
            self.pieces.iter().find(|(c, r, _)| *c == color && *r == Role::King).map_or(Bitboard::EMPTY, |p| p.2);
        (region, sets::steps(Role::King, color, region))
    }

    /// Squares a piece of `color` other than the king could ever stand on.
    fn men_reach(&self, color: Color) -> Bitboard {
        self.men(color).into_iter().fold(Bitboard::EMPTY, |acc, region| acc | region)
    }

    /// The region of each piece of `color` other than the king.
    fn men(&self, color: Color) -> Vec<Bitboard> {
        self.pieces.iter().filter(|(c, r, _)| *c == color && *r != Role::King).map(|p| p.2).collect()
    }
}

/// The pawns that can never step forward: an enemy pawn, or one of these, stands right ahead.
fn stuck_pawns(board: &Board) -> Bitboard {
    let mut stuck = Bitboard::EMPTY;
    loop {
        let before = stuck;
        for sq in board.pawns() & !stuck {
            let Some(color) = board.color_at(sq) else { continue };
            let ahead = sq.offset(if color.is_white() { 8 } else { -8 });
            if ahead.is_some_and(|a| stuck.contains(a) || (board.pawns() & board.by_color(!color)).contains(a)) {
                stuck.add(sq);
            }
        }
        if stuck == before {
            return stuck;
        }
    }
}

/// The squares a pawn could ever step to without capturing: straight ahead up to the first enemy
/// pawn or stuck pawn on its file (it can never pass it); `None` when nothing stops it before the
/// last rank.
fn pawn_path(board: &Board, sq: Square, color: Color, stuck: Bitboard) -> Option<Bitboard> {
    let step = if color.is_white() { 8 } else { -8 };
    let mut path = Bitboard::EMPTY;
    let mut at = sq;
    loop {
        let next = at.offset(step)?;
        if stuck.contains(next) || (board.pawns() & board.by_color(!color)).contains(next) {
            return Some(path);
        }
        if next.rank() == color.fold_wb(shakmaty::Rank::Eighth, shakmaty::Rank::First) {
            return None;
        }
        path.add(next);
        at = next;
    }
}

/// What the pawns can ever do, when no pawn can ever capture, be captured or promote: each pawn's
/// path, and the pawns that can never move at all (walls).
struct PawnPaths {
    /// Every square some pawn of each colour could ever stand on.
    squares: shakmaty::ByColor<Bitboard>,
    /// Every square some pawn of each colour could ever attack.
    attacks: shakmaty::ByColor<Bitboard>,
}

/// The regions of the pieces when no pawn on the board can ever capture, be captured or promote
/// (pawns may still step forward until blocked); `None` otherwise. The pawns that cannot step at
/// all are walls; the regions and the pawns' paths are supersets of where anything could go as
/// long as no pawn capture or promotion has happened — and the checks below show that none can
/// happen first, so none ever happens.
fn pawns_harmless(board: &Board) -> Option<(Regions, PawnPaths)> {
    let walls = stuck_pawns(board);
    let mut paths = Vec::new();
    for sq in board.pawns() {
        let color = board.color_at(sq)?;
        paths.push((sq, color, pawn_path(board, sq, color, walls)?));
    }
    let regions = Regions::compute(board, walls);
    let mut squares = shakmaty::ByColor::<Bitboard>::default();
    let mut attacks = shakmaty::ByColor::<Bitboard>::default();
    for &(sq, color, path) in &paths {
        let all = path | Bitboard::from_square(sq);
        *squares.get_mut(color) |= all;
        *attacks.get_mut(color) |= sets::pawn_set_attacks(color, all);
    }
    for &(sq, color, path) in &paths {
        let enemy = !color;
        let all = path | Bitboard::from_square(sq);
        let enemy_men = regions.men_reach(enemy) | *squares.get(enemy);
        if (sets::pawn_set_attacks(color, all) & enemy_men).any() {
            return None;
        }
        if (regions.attack_reach(enemy) & all).any() {
            return None;
        }
        let (_, enemy_king_attacks) = regions.king_reach(enemy);
        let defended = (pawn_attacks(enemy, sq) & walls & board.by_color(color)).any();
        let safe_here = defended && walls.contains(sq);
        if (enemy_king_attacks & all).any() && !safe_here {
            return None;
        }
        // A double step could be taken en passant by an enemy pawn that can stand beside it.
        let start_rank = color.fold_wb(shakmaty::Rank::Second, shakmaty::Rank::Seventh);
        if sq.rank() == start_rank && path.count() >= 2 {
            let two = sq.offset(if color.is_white() { 16 } else { -16 })?;
            let beside = Bitboard::from_square(two).shift(1) | Bitboard::from_square(two).shift(-1);
            if (beside & Bitboard::from_rank(two.rank()) & *squares.get(enemy)).any() {
                return None;
            }
        }
    }
    Some((regions, PawnPaths { squares, attacks }))
}

/// Proven: `winner` can never checkmate, because every pawn is frozen and on every square the enemy
/// king can reach either no piece of `winner` could ever give check, or some flight square could
/// never be taken (no wall, pawn, attacker, king or blocker could ever cover it). `false` means
/// "not proven".
pub fn locked_out(pos: &Chess, winner: Color) -> bool {
    let board = pos.board();
    let Some((regions, pawns)) = pawns_harmless(board) else {
        return false;
    };
    let loser = !winner;
    let (king_region, _) = regions.king_reach(loser);
    let Some(king) = board.king_of(loser) else {
        return false;
    };
    // A king in check now, or an en passant capture open now, is outside what the regions
    // describe.
    if pos.is_check()
        || board.attacks_to(king, winner, board.occupied()).any()
        || pos.ep_square(EnPassantMode::Legal).is_some()
    {
        return false;
    }
    let checks = regions.attack_reach(winner) | *pawns.attacks.get(winner);
    // A flight square of a mated king is taken: a wall or a pawn's square, a square the mating
    // side's pawns, men or king could attack, or else one the king's own men block — each man
    // one square.
    let (_, winner_king_reach) = regions.king_reach(winner);
    let covered = regions.walls | pawns.squares.white | pawns.squares.black | checks | winner_king_reach;
    let blockers = regions.men(loser);
    !(king_region & checks).into_iter().any(|k| can_block_all(king_attacks(k) & !covered, &blockers))
}

/// Whether every square of `open` can hold a different one of the men whose regions are
/// `blockers` (a matching of squares to men, by augmenting paths).
pub(super) fn can_block_all(open: Bitboard, blockers: &[Bitboard]) -> bool {
    if open.is_empty() {
        return true;
    }
    let union = blockers.iter().fold(Bitboard::EMPTY, |acc, b| acc | *b);
    if open.count() > blockers.len() || (open & !union).any() {
        return false;
    }
    // Which square each man holds, by index into the squares (none at first); no more men than
    // the 64 squares hold, and no more squares than that either.
    let mut squares = [Square::A1; 64];
    for (i, sq) in open.into_iter().enumerate() {
        squares[i] = sq;
    }
    let mut holder = [NOBODY; 64];
    (0..open.count()).all(|i| augment(i, &squares, blockers, &mut holder, &mut 0))
}

/// A man that holds no square yet.
const NOBODY: usize = usize::MAX;

/// Finds a man for square `i`, moving others along (Kuhn's matching); `tried` marks the men
/// tried in this round, one bit each.
fn augment(i: usize, squares: &[Square], blockers: &[Bitboard], holder: &mut [usize], tried: &mut u64) -> bool {
    for m in 0..blockers.len() {
        if *tried & (1 << m) != 0 || !blockers[m].contains(squares[i]) {
            continue;
        }
        *tried |= 1 << m;
        if holder[m] == NOBODY || augment(holder[m], squares, blockers, holder, tried) {
            holder[m] = i;
            return true;
        }
    }
    false
}
