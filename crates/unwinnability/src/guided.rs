//! A guided helpmate search: both sides cooperate so that one side mates, so finding a mate is a
//! path search over positions. Positions are expanded best first by an estimate of how far the
//! mate is — the mating side's pieces far from the other king, that king with room around it,
//! away from the edge, no mating material yet — each position once, within a node budget (a search
//! stopped at its budget can be taken up again with a larger one). A child's key is reckoned from
//! its parent's, so a child seen before is not even played.

use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::BinaryHeap;

use shakmaty::attacks::{king_attacks, knight_attacks};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Bitboard, Chess, Color, Move, Position, Role, Square};

use super::keys::{child_key, move_key, position_key, KeyMap};
use super::material::too_little_material;
use super::sets;
use super::stop::Stop;

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

/// The squares on the king's lines with no man, one man and two men in the way to it, diagonal
/// and straight: a long-range piece gives check from the first, one move clears the way from the
/// second.
struct KingLines {
    diagonal: [Bitboard; 3],
    straight: [Bitboard; 3],
}

impl KingLines {
    fn new(king: Square, occupied: Bitboard) -> KingLines {
        let levels = |role: Role| {
            let mut seen = Bitboard::EMPTY;
            [0; 3].map(|_| {
                let rays = shakmaty::attacks::attacks(king, role.of(Color::White), occupied & !seen);
                seen |= rays;
                rays
            })
        };
        KingLines { diagonal: levels(Role::Bishop), straight: levels(Role::Rook) }
    }

    fn level(&self, role: Role, blockers: usize) -> Bitboard {
        match role {
            Role::Bishop => self.diagonal[blockers],
            Role::Rook => self.straight[blockers],
            _ => self.diagonal[blockers] | self.straight[blockers],
        }
    }
}

/// How far a piece of `winner` on `from` is from giving check: the men in its way when it is on
/// a line with the king, else one more than the fewest men in the way from a square it can move to
/// now.
fn check_distance(
    board: &shakmaty::Board,
    from: Square,
    king: Square,
    role: Role,
    lines: &mut Option<KingLines>,
) -> i32 {
    if role == Role::Knight {
        let checks = knight_attacks(king);
        if checks.contains(from) {
            return 0;
        }
        return if (knight_attacks(from) & checks).any() { 1 } else { 3 };
    }
    let now = blockers_on_line(board, from, king, role).map_or(4, |b| b as i32);
    if now <= 1 {
        return now;
    }
    let occupied = board.occupied();
    let mover = board.color_at(from).unwrap_or(Color::White);
    let reach = shakmaty::attacks::attacks(from, role.of(mover), occupied) & !board.by_color(mover);
    let lines = lines.get_or_insert_with(|| KingLines::new(king, occupied));
    for blockers in 0..now.min(3) {
        if (reach & lines.level(role, blockers as usize)).any() {
            return blockers + 1;
        }
    }
    now.min(4)
}

/// The squares at most `ring` king moves from `sq`.
fn near(sq: Square, ring: usize) -> Bitboard {
    Bitboard(NEAR[sq as usize][ring])
}

const NEAR: [[u64; 8]; 64] = {
    let mut table = [[0u64; 8]; 64];
    let mut from: usize = 0;
    while from < 64 {
        let mut to: usize = 0;
        while to < 64 {
            let files = (from % 8) as i32 - (to % 8) as i32;
            let ranks = (from / 8) as i32 - (to / 8) as i32;
            let d = if files.abs() > ranks.abs() { files.abs() } else { ranks.abs() } as usize;
            let mut ring = d;
            while ring < 8 {
                table[from][ring] |= 1u64 << to;
                ring += 1;
            }
            to += 1;
        }
        from += 1;
    }
    table
};

/// Every square the men of `color` attack, long-range pieces seeing through `occupied`.
fn attacked_by(board: &shakmaty::Board, color: Color, occupied: Bitboard) -> Bitboard {
    let ours = board.by_color(color);
    let mut attacked = sets::steps(Role::Pawn, color, ours & board.pawns())
        | sets::steps(Role::Knight, color, ours & board.knights())
        | sets::steps(Role::King, color, ours & board.kings());
    for sq in ours & board.bishops() {
        attacked |= shakmaty::attacks::bishop_attacks(sq, occupied);
    }
    for sq in ours & board.rooks() {
        attacked |= shakmaty::attacks::rook_attacks(sq, occupied);
    }
    for sq in ours & board.queens() {
        attacked |= shakmaty::attacks::queen_attacks(sq, occupied);
    }
    attacked
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
    // A check costs nothing; no piece that does not give check now costs less than one move.
    let mut check_cost = if pos.is_check() { 0 } else { 4 };
    let mut lines = None;
    let pieces = board.by_color(winner) & !board.kings() & !board.pawns();
    let knights = pieces & board.knights();
    // Knights want to be two squares away, other pieces and the king within three; the other
    // side's pieces help only as blockers next to their king (far away they just multiply the
    // positions to look at): each counted by the rings around the king it stands beyond.
    let beyond = |men: Bitboard, ring: usize| (men & !near(king, ring)).count() as i32;
    h += (knights & near(king, 1)).count() as i32;
    h += (2..7).map(|ring| beyond(knights, ring)).sum::<i32>();
    h += beyond(pieces & !knights, 3) + beyond(pieces & !knights, 5);
    let helpers = board.by_color(!winner) & !board.kings() & !board.pawns();
    h += beyond(helpers, 2) + beyond(helpers, 4) + beyond(helpers, 6);
    for sq in pieces {
        if check_cost <= 1 {
            break;
        }
        let role = board.role_at(sq).unwrap_or(Role::Pawn);
        check_cost = check_cost.min(check_distance(board, sq, king, role, &mut lines));
    }
    if pieces.is_empty() {
        let nearest = (board.by_color(winner) & board.pawns())
            .into_iter()
            .map(|sq| if winner.is_white() { 7 - sq.rank() as i32 } else { sq.rank() as i32 })
            .min()
            .unwrap_or(8);
        h += 3 * nearest + 10;
    }
    let own = board.by_color(winner) & board.kings();
    h += beyond(own, 3) + beyond(own, 5);
    let room = king_attacks(king) & !board.by_color(!winner);
    let free = if room.is_empty() {
        0
    } else {
        (room & !attacked_by(board, winner, occupied ^ Bitboard::from_square(king))).count() as i32
    };
    h + style.free * free + 2 * check_cost + style.edge * edge_distance(king)
}

/// How the estimate weighs the other king's room: a boxed-in king near the edge (the usual mates),
/// or a king that may walk out into the mating side's men (mates in the middle of the board).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// The weight of each square the other king can still reach.
    pub free: i32,
    /// The weight of the other king's distance from the edge.
    pub edge: i32,
    /// How many children of a position with the mating side to move are kept, best first.
    pub keep_winner: usize,
    /// The same for the other side.
    pub keep_loser: usize,
    /// How many kept children may share one estimate.
    pub alike: usize,
}

impl Style {
    /// Boxing the other king in near the edge.
    pub const BOX_IN: Style =
        Style { free: 3, edge: 1, keep_winner: usize::MAX, keep_loser: usize::MAX, alike: usize::MAX };
    /// Letting the other king walk out into the mating side's men.
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
    Guided::new(pos, winner, style).search(budget)
}

/// A guided helpmate search that can be taken up again with a larger budget: it goes on from
/// where it stopped instead of finding the same positions again.
pub struct Guided {
    winner: Color,
    style: Style,
    search: Search,
    /// The start is already mated by `winner`.
    mated: bool,
    /// Once set, the search gives up.
    stop: Stop,
}

impl Guided {
    /// A search from `pos` for a mate by `winner`, nothing looked at yet.
    pub fn new(pos: &Chess, winner: Color, style: Style) -> Guided {
        let root = Node { key: position_key(pos), from: None, expanded: 0 };
        let mut search = Search { nodes: vec![root], expanded: vec![pos.clone()], ..Search::default() };
        search.seen.insert(search.nodes[0].key, ());
        search.open.push(Reverse((0, 0u32, 0u32)));
        let mated = pos.turn() == !winner && pos.is_checkmate();
        Guided { winner, style, search, mated, stop: Stop::default() }
    }

    /// Searches on until a mate is found or `budget` positions in all have been found.
    pub fn search(&mut self, budget: usize) -> Option<Vec<Move>> {
        if self.mated {
            return Some(Vec::new());
        }
        let (winner, style, search) = (self.winner, self.style, &mut self.search);
        while search.nodes.len() < budget && !self.stop.is_set() {
            let Reverse((_, plies, index)) = search.open.pop()?;
            let current = search.position(index as usize);
            let outcome = if style.keep_winner == usize::MAX && style.keep_loser == usize::MAX {
                search.expand_all(&current, index, plies, winner, style)
            } else {
                search.expand_best(&current, index, plies, winner, style)
            };
            if let Step::Mate(line) = outcome {
                return Some(line);
            }
        }
        None
    }

    /// From now on the search gives up, finding nothing, once `stop` is set.
    pub(crate) fn stop_on(&mut self, stop: Stop) {
        self.stop = stop;
    }
}

/// A position of the search: its key, the position and move it was reached by, and where its
/// position is kept once it is expanded (only those are kept: most positions found are never
/// expanded, and one move from the parent gives them back).
struct Node {
    key: u64,
    from: Option<(u32, Move)>,
    expanded: u32,
}

/// Not expanded yet.
const NOT_KEPT: u32 = u32::MAX;

/// What expanding a position gave.
enum Step {
    Mate(Vec<Move>),
    Go,
}

/// What a move of the search leads to.
enum Child {
    /// The mating side mates.
    Mates,
    /// The mating side is left with too little material: nothing to look at further.
    Hopeless,
    Open(Chess),
}

/// `mv` played from `current`, as the search sees it.
fn played(current: &Chess, mv: Move, winner: Color) -> Child {
    let mut child = current.clone();
    child.play_unchecked(mv);
    if current.turn() == winner && child.is_checkmate() {
        Child::Mates
    } else if too_little_material(child.board(), winner) {
        Child::Hopeless
    } else {
        Child::Open(child)
    }
}

/// The positions found so far, the positions of those expanded, those not yet expanded (best
/// first), and the keys seen.
#[derive(Default)]
struct Search {
    nodes: Vec<Node>,
    expanded: Vec<Chess>,
    open: BinaryHeap<Reverse<(i32, u32, u32)>>,
    seen: KeyMap<u64, ()>,
    /// Children by estimate, then in the order the moves were generated: the estimates and the
    /// children's places in `children` (sorting small pairs moves no positions about).
    ranked: Vec<(i32, u32)>,
    children: Vec<(Move, Chess)>,
}

impl Search {
    /// The position of node `index`, about to be expanded: its parent's position and the move
    /// (the parent was expanded, so its position is kept); it is kept in turn.
    fn position(&mut self, index: usize) -> Chess {
        let node = &self.nodes[index];
        if node.expanded != NOT_KEPT {
            return self.expanded[node.expanded as usize].clone();
        }
        // Only the root has no parent, and it is kept from the start.
        let Some((parent, mv)) = node.from else { return self.expanded[0].clone() };
        let mut pos = self.expanded[self.nodes[parent as usize].expanded as usize].clone();
        pos.play_unchecked(mv);
        self.nodes[index].expanded = self.expanded.len() as u32;
        self.expanded.push(pos.clone());
        pos
    }

    /// The moves from the start to the position `at`, then `last`.
    fn line(&self, mut at: u32, last: Move) -> Vec<Move> {
        let mut line = vec![last];
        while let Some((parent, m)) = self.nodes[at as usize].from {
            line.push(m);
            at = parent;
        }
        line.reverse();
        line
    }

    fn add(&mut self, key: u64, from: (u32, Move), h: i32, plies: u32) {
        self.nodes.push(Node { key, from: Some(from), expanded: NOT_KEPT });
        self.open.push(Reverse((h * 16 + plies as i32, plies + 1, (self.nodes.len() - 1) as u32)));
    }

    /// Every new child of the position `index` goes into the open set; a position seen before is
    /// not played again.
    fn expand_all(&mut self, current: &Chess, index: u32, plies: u32, winner: Color, style: Style) -> Step {
        let parent_key = self.nodes[index as usize].key;
        for mv in current.legal_moves() {
            let known = move_key(current, Zobrist64(parent_key), mv).map(|z| z.0);
            if known.is_some_and(|k| self.seen.contains_key(&k)) {
                continue;
            }
            let child = match played(current, mv, winner) {
                Child::Mates => return Step::Mate(self.line(index, mv)),
                Child::Hopeless => continue,
                Child::Open(child) => child,
            };
            let k = known.unwrap_or_else(|| position_key(&child));
            if let Entry::Vacant(slot) = self.seen.entry(k) {
                slot.insert(());
                let h = estimate(&child, winner, style);
                self.add(k, (index, mv), h, plies);
            }
        }
        Step::Go
    }

    /// Only the most promising children of the position `index`, and of those that look alike (the
    /// same estimate) only a few: most moves of a side far from the mate change nothing that matters.
    fn expand_best(&mut self, current: &Chess, index: u32, plies: u32, winner: Color, style: Style) -> Step {
        let parent_key = self.nodes[index as usize].key;
        let mut ranked = std::mem::take(&mut self.ranked);
        let mut children = std::mem::take(&mut self.children);
        ranked.clear();
        children.clear();
        for mv in current.legal_moves() {
            let child = match played(current, mv, winner) {
                Child::Mates => return Step::Mate(self.line(index, mv)),
                Child::Hopeless => continue,
                Child::Open(child) => child,
            };
            ranked.push((estimate(&child, winner, style), children.len() as u32));
            children.push((mv, child));
        }
        ranked.sort_unstable();
        let keep = if current.turn() == winner { style.keep_winner } else { style.keep_loser };
        let mut alike = (i32::MIN, 0);
        for &(h, at) in ranked.iter().take(keep) {
            alike = if alike.0 == h { (h, alike.1 + 1) } else { (h, 1) };
            if alike.1 > style.alike {
                continue;
            }
            let (mv, child) = &children[at as usize];
            let k = child_key(current, Zobrist64(parent_key), *mv, child).0;
            if let Entry::Vacant(slot) = self.seen.entry(k) {
                slot.insert(());
                self.add(k, (index, *mv), h, plies);
            }
        }
        self.ranked = ranked;
        self.children = children;
        Step::Go
    }
}
