//! A guided helpmate search: both sides cooperate so that one side mates, so finding a mate is a
//! path search over positions. Positions are expanded best first by an estimate of how far the
//! mate is — the mating side's pieces far from the other king, that king with room around it,
//! away from the edge, no mating material yet — each position once, within a node budget.

use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::BinaryHeap;

use shakmaty::attacks::{king_attacks, knight_attacks};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Bitboard, Chess, Color, EnPassantMode, Move, Position, Role, Square};

use super::material::too_little_material;
use super::KeyMap;

fn key(pos: &Chess) -> u64 {
    let z: Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
    z.0
}

fn distance(a: Square, b: Square) -> i32 {
    a.distance(b) as i32
}

fn edge_distance(sq: Square) -> i32 {
    let (f, r) = (sq.file() as i32, sq.rank() as i32);
    f.min(7 - f).min(r).min(7 - r)
}

/// Pieces standing between a slider of `winner` on `from` and the king on `king`, when the slider
/// is on a line with the king (its kind of line); `None` when it is not.
fn blockers_on_line(board: &shakmaty::Board, from: Square, king: Square, role: Role) -> Option<u32> {
    let (df, dr) = (king.file() as i32 - from.file() as i32, king.rank() as i32 - from.rank() as i32);
    let straight = df == 0 || dr == 0;
    let diagonal = df.abs() == dr.abs();
    let fits = match role {
        Role::Queen => straight || diagonal,
        Role::Rook => straight,
        Role::Bishop => diagonal,
        _ => false,
    };
    fits.then(|| (shakmaty::attacks::between(from, king) & board.occupied()).count() as u32)
}

/// How far a piece of `winner` on `from` is from giving check: the men in its way when it is on
/// a line with the king, else one more than the best square it can move to now.
fn check_distance(board: &shakmaty::Board, from: Square, king: Square, role: Role, winner: Color) -> i32 {
    if role == Role::Knight {
        let checks = knight_attacks(king);
        if checks.contains(from) {
            return 0;
        }
        return if (knight_attacks(from) & checks).any() { 1 } else { 3 };
    }
    let now = blockers_on_line(board, from, king, role).map_or(4, |b| b as i32);
    if now == 0 {
        return 0;
    }
    let reach = shakmaty::attacks::attacks(from, role.of(winner), board.occupied()) & !board.by_color(winner);
    let mut best = 4;
    for s in reach {
        if let Some(b) = blockers_on_line(board, s, king, role) {
            best = best.min(b as i32 + 1);
            if best == 1 {
                break;
            }
        }
    }
    now.min(best)
}

/// An estimate, in rough plies, of how far `winner` is from mating in `pos` (lower is nearer):
/// the other king's free squares, how far the mating side is from giving check (sliders count the
/// men in their way), its pieces' distance, and pawns' distance from promotion when it has no
/// piece yet.
fn estimate(pos: &Chess, winner: Color, style: Style) -> i32 {
    let board = pos.board();
    let Some(king) = board.king_of(!winner) else { return 0 };
    let occupied = board.occupied();
    let mut h = 0;
    let mut pieces = 0;
    let mut check_cost = 4;
    for sq in board.by_color(winner) & !board.kings() & !board.pawns() {
        pieces += 1;
        let role = board.role_at(sq).unwrap_or(Role::Pawn);
        h += match role {
            Role::Knight => (distance(sq, king) - 2).abs(),
            _ => (distance(sq, king) - 2).max(0) / 2,
        };
        check_cost = check_cost.min(check_distance(board, sq, king, role, winner));
    }
    if pieces == 0 {
        let nearest = (board.by_color(winner) & board.pawns())
            .into_iter()
            .map(|sq| if winner.is_white() { 7 - sq.rank() as i32 } else { sq.rank() as i32 })
            .min()
            .unwrap_or(8);
        h += 3 * nearest + 10;
    }
    // The other side's men help only as blockers next to their king; far away they just multiply
    // the positions to look at.
    for sq in board.by_color(!winner) & !board.kings() & !board.pawns() {
        h += (distance(sq, king) - 1) / 2;
    }
    if let Some(own) = board.king_of(winner) {
        h += (distance(own, king) - 2).max(0) / 2;
    }
    let mut free = 0;
    for sq in king_attacks(king) & !board.by_color(!winner) {
        if board.attacks_to(sq, winner, occupied ^ Bitboard::from_square(king)).is_empty() {
            free += 1;
        }
    }
    if pos.is_check() {
        check_cost = 0;
    }
    h + style.free * free + 2 * check_cost + style.edge * edge_distance(king)
}

/// How the estimate weighs the other king's room: a boxed-in king near the edge (the usual mates),
/// or a king that may walk out into the mating side's men (mates in the middle of the board).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    pub free: i32,
    pub edge: i32,
    /// How many children of a position with the mating side to move are kept, best first.
    pub keep_winner: usize,
    /// The same for the other side.
    pub keep_loser: usize,
    /// How many kept children may share one estimate.
    pub alike: usize,
}

impl Style {
    pub const BOX_IN: Style =
        Style { free: 3, edge: 1, keep_winner: usize::MAX, keep_loser: usize::MAX, alike: usize::MAX };
    pub const WALK_OUT: Style =
        Style { free: 1, edge: 0, keep_winner: usize::MAX, keep_loser: usize::MAX, alike: usize::MAX };
    /// Boxing in, trying only the six best moves of the mating side and the three best of the
    /// other, and of moves that look alike only one: deeper for the same work, blind to some mates.
    pub const NARROW: Style = Style { free: 3, edge: 1, keep_winner: 6, keep_loser: 3, alike: 1 };
    /// Walking out, as narrow.
    pub const NARROW_WALK: Style = Style { free: 1, edge: 0, keep_winner: 6, keep_loser: 3, alike: 1 };
}

/// A line of legal moves from `pos` ending with `winner` mating, found within `budget` positions.
pub fn guided_helpmate(pos: &Chess, winner: Color, budget: usize, style: Style) -> Option<Vec<Move>> {
    if pos.turn() == !winner && pos.is_checkmate() {
        return Some(Vec::new());
    }
    let mut nodes: Vec<(Chess, Option<(usize, Move)>)> = vec![(pos.clone(), None)];
    let mut seen: KeyMap<u64, ()> = KeyMap::default();
    seen.insert(key(pos), ());
    let mut open = BinaryHeap::new();
    open.push(Reverse((0, 0u32, 0usize)));
    let mut children: Vec<(Move, Chess)> = Vec::new();
    let mut ranked: Vec<(i32, usize)> = Vec::new();
    while let Some(Reverse((_, plies, index))) = open.pop() {
        let current = nodes[index].0.clone();
        children.clear();
        ranked.clear();
        for mv in current.legal_moves() {
            let mut child = current.clone();
            child.play_unchecked(mv);
            if current.turn() == winner && child.is_checkmate() {
                let mut line = vec![mv];
                let mut at = index;
                while let Some((parent, m)) = nodes[at].1 {
                    line.push(m);
                    at = parent;
                }
                line.reverse();
                return Some(line);
            }
            if too_little_material(child.board(), winner) {
                continue;
            }
            ranked.push((estimate(&child, winner, style), children.len()));
            children.push((mv, child));
        }
        // Only the most promising children, and of those that look alike (the same estimate) only
        // a few: most moves of a side far from the mate change nothing that matters.
        ranked.sort_unstable();
        let keep = if current.turn() == winner { style.keep_winner } else { style.keep_loser };
        let mut alike = (i32::MIN, 0);
        for &(h, at) in ranked.iter().take(keep) {
            alike = if alike.0 == h { (h, alike.1 + 1) } else { (h, 1) };
            if alike.1 > style.alike {
                continue;
            }
            let (mv, child) = &children[at];
            if let Entry::Vacant(slot) = seen.entry(key(child)) {
                slot.insert(());
                nodes.push((child.clone(), Some((index, *mv))));
                open.push(Reverse((h * 16 + plies as i32, plies + 1, nodes.len() - 1)));
                if nodes.len() >= budget {
                    return None;
                }
            }
        }
    }
    None
}
