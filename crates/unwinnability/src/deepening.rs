//! A depth-first helpmate search by iterative deepening in which moves of progress cost no depth:
//! the mating side's captures, pawn moves and king or knight steps towards the corner where the
//! other king is to be mated, and that king's (and its knights') steps towards it. A mate near at
//! hand is found by a few cheap straight lines rather than by weighing every child, as the guided
//! search does. The idea is Ambrona's (chasolver); the code and the choice of corner are ours.

use shakmaty::attacks::{bishop_attacks, rook_attacks};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Bitboard, CastlingSide, Chess, Color, Move, Position, Role, Square};

use super::keys::{child_key, position_key, KeyMap};
use super::material::too_little_material;
use super::stop::Stop;

mod bishops;

/// What a move does for the mate, and so what it costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Progress: costs nothing, nor does the next move.
    Progress,
    /// An ordinary move: one ply of depth.
    Plain,
    /// A move that throws the position away (the losing side's captures and pawn moves): four.
    Waste,
}

/// The squares the men head for: the corner for the losing king, its neighbour on the edge for the
/// losing side's knights, the square diagonally in from the corner for the mating king and one
/// three squares in for the mating side's knights.
#[derive(Debug, Clone, Copy)]
struct Targets {
    corner: Square,
    edge: Square,
    king: Square,
    knight: Square,
}

impl Targets {
    /// The corner on the losing side's back rank of the colour of the mating side's bishops (the
    /// colour they can give check on), else of the colour the losing side's bishops cannot guard,
    /// else the nearer to the losing king (the farther with `far`).
    fn new(pos: &Chess, winner: Color, far: bool) -> Targets {
        let board = pos.board();
        // Where the losing side has nothing but pawns and must promote one for a blocker, its king
        // heads for the promotion rank.
        let pawns_only = (board.by_color(!winner) & !board.kings() & !board.pawns()).is_empty();
        let flip = pawns_only && must_promote(board, winner);
        let back = if winner.is_white() != flip { 7 } else { 0 };
        let corners = [
            Square::from_coords(shakmaty::File::A, shakmaty::Rank::new(back)),
            Square::from_coords(shakmaty::File::H, shakmaty::Rank::new(back)),
        ];
        let ours = board.by_color(winner) & board.bishops();
        let theirs = board.by_color(!winner) & board.bishops();
        let of_colour = |bishops: Bitboard, corner: Square| {
            let same = if corner.is_dark() { Bitboard::DARK_SQUARES } else { Bitboard::LIGHT_SQUARES };
            (bishops & same).any()
        };
        let corner = if ours.any() {
            if of_colour(ours, corners[0]) {
                corners[0]
            } else {
                corners[1]
            }
        } else if theirs.any() {
            if of_colour(theirs, corners[0]) {
                corners[1]
            } else {
                corners[0]
            }
        } else {
            let king = board.king_of(!winner).unwrap_or(corners[1]);
            if (king.distance(corners[0]) < king.distance(corners[1])) != far {
                corners[0]
            } else {
                corners[1]
            }
        };
        let inward = |files: i32, ranks: i32| {
            let file = if corner.file() == shakmaty::File::A { files } else { 7 - files };
            let rank = if back == 7 { 7 - ranks } else { ranks };
            Square::from_coords(shakmaty::File::new(file as u32), shakmaty::Rank::new(rank as u32))
        };
        Targets { corner, edge: inward(1, 0), king: inward(1, 1), knight: inward(3, 3) }
    }
}

/// How far each square is from each target: king steps for the kings, knight moves for knights.
struct Distances {
    corner: [u8; 64],
    edge: [u8; 64],
    king: [u8; 64],
    knight: [u8; 64],
}

impl Distances {
    fn new(targets: Targets) -> Distances {
        let king = |target: Square| std::array::from_fn(|sq| target.distance(Square::new(sq as u32)) as u8);
        let knight = |target: Square| KNIGHT_DISTANCE[target as usize];
        Distances {
            corner: king(targets.corner),
            edge: knight(targets.edge),
            king: king(targets.king),
            knight: knight(targets.knight),
        }
    }
}

/// Knight moves between any two squares (on an empty board).
static KNIGHT_DISTANCE: [[u8; 64]; 64] = {
    let mut table = [[u8::MAX; 64]; 64];
    let jumps: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    let mut from = 0;
    while from < 64 {
        table[from][from] = 0;
        let mut d = 0;
        let mut changed = true;
        while changed {
            changed = false;
            let mut sq = 0;
            while sq < 64 {
                if table[from][sq] == d {
                    let mut j = 0;
                    while j < 8 {
                        let (f, r) = ((sq % 8) as i32 + jumps[j].0, (sq / 8) as i32 + jumps[j].1);
                        if f >= 0 && f < 8 && r >= 0 && r < 8 && table[from][(r * 8 + f) as usize] == u8::MAX {
                            table[from][(r * 8 + f) as usize] = d + 1;
                            changed = true;
                        }
                        j += 1;
                    }
                }
                sq += 1;
            }
            d += 1;
        }
        from += 1;
    }
    table
};

/// Where the side to move could give check from: the squares each kind of man checks the other
/// king from, and the men of its own that stand alone between one of its long-range pieces and that
/// king (moving off the line uncovers a check).
struct Checks {
    king: Square,
    knight: Bitboard,
    pawn: Bitboard,
    diagonal: Bitboard,
    straight: Bitboard,
    uncovering: Bitboard,
}

impl Checks {
    fn new(pos: &Chess) -> Option<Checks> {
        let board = pos.board();
        let us = pos.turn();
        let king = board.king_of(!us)?;
        let occupied = board.occupied();
        let ours = board.by_color(us);
        let snipers = (bishop_attacks(king, Bitboard::EMPTY) & ours & board.bishops_and_queens())
            | (rook_attacks(king, Bitboard::EMPTY) & ours & board.rooks_and_queens());
        let mut uncovering = Bitboard::EMPTY;
        for sniper in snipers {
            let between = shakmaty::attacks::between(sniper, king) & occupied;
            if between.count() == 1 && (between & ours).any() {
                uncovering |= between;
            }
        }
        Some(Checks {
            king,
            knight: shakmaty::attacks::knight_attacks(king),
            pawn: shakmaty::attacks::pawn_attacks(!us, king),
            diagonal: bishop_attacks(king, occupied),
            straight: rook_attacks(king, occupied),
            uncovering,
        })
    }

    /// Whether `mv` gives check (castling, en passant and promotions are played to see).
    fn given_by(&self, pos: &Chess, mv: Move) -> bool {
        let Move::Normal { role, from, to, promotion: None, .. } = mv else {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            return child.is_check();
        };
        let direct = match role {
            Role::Knight => self.knight,
            Role::Pawn => self.pawn,
            Role::Bishop => self.diagonal,
            Role::Rook => self.straight,
            Role::Queen => self.diagonal | self.straight,
            Role::King => Bitboard::EMPTY,
        };
        direct.contains(to) || (self.uncovering.contains(from) && !shakmaty::attacks::aligned(from, to, self.king))
    }
}

/// The longest line searched: free moves cannot go on for ever, and the stack stays small.
const MAX_LINE: usize = 128;

/// How far a deepening search goes: its depths (in plies that cost), the positions each depth may
/// visit per ply of depth, the positions all depths together may visit, and whether positions
/// already searched as deeply are skipped (worth it for long searches only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deepening {
    /// The first depth searched, in costly plies.
    pub first: u32,
    /// The last depth searched.
    pub last: u32,
    /// The positions each depth may visit per ply of depth.
    pub per_depth: u64,
    /// The positions all depths together may visit.
    pub total: u64,
    /// Whether positions already searched as deeply are skipped.
    pub table: bool,
    /// Whether bishops are guided to the corner round the men that never move (see bishops.rs).
    pub bishops: bool,
    /// Whether the losing king is driven to the farther corner where no bishop picks one.
    pub far: bool,
    /// Whether the moves are tried in the order they come rather than those of progress first, and
    /// the losing side's pawn pushes cost a plain ply, not four (chasolver's own weighting).
    pub as_generated: bool,
}

impl Deepening {
    /// A glance: one to three costly plies, a few hundred positions each.
    pub const GLANCE: Deepening = Deepening {
        first: 1,
        last: 3,
        per_depth: 300,
        total: 3_000,
        table: false,
        bishops: false,
        far: false,
        as_generated: false,
    };

    /// A long search for long helpmates: two to sixty costly plies, `total` positions in all, with
    /// the table of positions already searched.
    pub const fn long(total: u64) -> Deepening {
        Deepening {
            first: 2,
            last: 60,
            per_depth: 30_000,
            total,
            table: true,
            bishops: false,
            far: false,
            as_generated: false,
        }
    }

    /// The search as chasolver weighs it: two to 128 costly plies, 7,000 positions per ply of
    /// depth, `total` positions in all, the moves in the order they come.
    pub const fn as_generated(total: u64) -> Deepening {
        Deepening { first: 2, last: MAX_LINE as u32, per_depth: 7_000, as_generated: true, ..Deepening::long(total) }
    }

    /// The long search driving the losing king to the farther corner.
    pub const fn farther(total: u64) -> Deepening {
        Deepening { far: true, ..Deepening::long(total) }
    }

    /// A long search guiding bishops round pawn walls: depths without a limit of their own, up to
    /// the longest line, `total` positions in all.
    pub const fn bishops(total: u64) -> Deepening {
        Deepening { first: 2, last: MAX_LINE as u32, per_depth: u64::MAX, bishops: true, ..Deepening::long(total) }
    }

    /// Whether the search can find anything the plain long search would not: guiding bishops needs
    /// a bishop of the mating side or nothing but pawns (whose captures it guides), and the farther
    /// corner a position without bishops (else the bishops pick the corner).
    pub fn differs(&self, board: &shakmaty::Board, winner: Color) -> bool {
        let ours = board.by_color(winner) & !board.kings();
        let guided = (ours & board.bishops()).any() || (ours & !board.pawns()).is_empty();
        (!self.bishops || guided) && (!self.far || board.bishops().is_empty())
    }
}

/// The limits and the tables of one search.
struct Search {
    winner: Color,
    distances: Distances,
    max_depth: u32,
    nodes: u64,
    /// The positions this depth may visit.
    limit: u64,
    line: Vec<Move>,
    /// The plain moves and the wasteful ones of the positions on the line, put off until the moves
    /// of progress have been tried.
    put_off: Vec<(Kind, Move)>,
    /// Positions already searched, with the depth left when they were.
    table: Option<KeyMap<u64, u32>>,
    bishops: Option<bishops::Bishops>,
    /// The moves in the order they come, and the losing side's pawn pushes plain.
    as_generated: bool,
    /// Looked at every `STOP_EVERY` moves: once set, the search gives up.
    stop: Stop,
    stopped: bool,
}

/// How many moves the search tries between two looks at its stop flag.
const STOP_EVERY: u64 = 1 << 10;

impl Search {
    /// What `mv` by `mover` does for the mate; `promote` when the losing side must promote a pawn
    /// to give the mating side a blocker (see `must_promote`).
    fn kind(&self, board: &shakmaty::Board, mover: Color, mv: Move, promote: bool) -> Kind {
        if let Some(kind) = self.bishops.as_ref().and_then(|b| b.kind(board, mover, self.winner, mv)) {
            return kind;
        }
        let (role, from, to, capture) = match mv {
            Move::Normal { role, from, capture, to, .. } => (role, from, to, capture.is_some()),
            Move::EnPassant { from, to } => (Role::Pawn, from, to, true),
            Move::Castle { king, rook } => {
                (Role::King, king, CastlingSide::from_king_side(king < rook).king_to(mover), false)
            }
            Move::Put { .. } => return Kind::Plain,
        };
        let (from, to) = (from as usize, to as usize);
        let d = &self.distances;
        if mover == self.winner {
            let closer = match role {
                Role::Pawn => return Kind::Progress,
                Role::King => d.king[to] < d.king[from],
                Role::Knight => d.knight[to] < d.knight[from],
                _ => false,
            };
            return if closer || capture { Kind::Progress } else { Kind::Plain };
        }
        let closer = match role {
            Role::King => d.corner[to] < d.corner[from],
            Role::Knight => d.edge[to] < d.edge[from],
            _ => false,
        };
        let light_promotion = !matches!(mv.promotion(), Some(Role::Queen | Role::Rook));
        if closer || (promote && role == Role::Pawn && light_promotion) {
            Kind::Progress
        } else if capture || (role == Role::Pawn && !self.as_generated) || promote {
            Kind::Waste
        } else {
            Kind::Plain
        }
    }

    /// Searches on from `pos` (reached `depth` plies deep); true when the line ends in a mate.
    fn go(&mut self, pos: &Chess, key: u64, depth: u32, progress: bool) -> bool {
        if self.line.len() >= MAX_LINE {
            return false;
        }
        let left = self.max_depth.saturating_sub(depth);
        if let Some(table) = &mut self.table {
            match table.get(&key) {
                Some(&seen) if seen >= left => return false,
                _ => {
                    table.insert(key, left);
                }
            }
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return pos.turn() != self.winner && pos.is_check();
        }
        let mover = pos.turn();
        if mover == self.winner && self.mate_in_one(pos, &moves) {
            return true;
        }
        let promote = mover != self.winner && must_promote(pos.board(), self.winner);
        if self.as_generated {
            return self.in_turn(pos, key, &moves, depth, progress, promote);
        }
        // The moves of progress first, then the plain ones, then those that throw the game away
        // (put off on a stack shared by the whole line).
        let base = self.put_off.len();
        let mut forward = false;
        let mut found = false;
        for &mv in &moves {
            match self.kind(pos.board(), mover, mv, promote) {
                Kind::Progress => {
                    forward = true;
                    if self.try_move(pos, key, mv, depth, Kind::Progress) {
                        found = true;
                        break;
                    }
                }
                kind => self.put_off.push((kind, mv)),
            }
        }
        // Wasteful moves cost dearly only when there is something else to do.
        let plain_depth = depth + u32::from(!progress);
        let only_waste = !forward && self.put_off[base..].iter().all(|&(kind, _)| kind == Kind::Waste);
        let waste_depth = if only_waste { plain_depth } else { depth + 4 };
        for (pass, child_depth) in [(Kind::Plain, plain_depth), (Kind::Waste, waste_depth)] {
            let mut i = base;
            while !found && i < self.put_off.len() {
                let (kind, mv) = self.put_off[i];
                found = kind == pass && self.try_move(pos, key, mv, child_depth, kind);
                i += 1;
            }
        }
        self.put_off.truncate(base);
        found
    }

    /// Tries `moves` in the order they come, each at the depth its kind costs.
    fn in_turn(&mut self, pos: &Chess, key: u64, moves: &[Move], depth: u32, progress: bool, promote: bool) -> bool {
        moves.iter().any(|&mv| {
            let kind = self.kind(pos.board(), pos.turn(), mv, promote);
            let cost = match kind {
                Kind::Progress => 0,
                Kind::Plain => u32::from(!progress),
                Kind::Waste => 4,
            };
            self.try_move(pos, key, mv, depth + cost, kind)
        })
    }

    /// A move of `moves` that mates at once, put on the line.
    fn mate_in_one(&mut self, pos: &Chess, moves: &[Move]) -> bool {
        let Some(checks) = Checks::new(pos) else { return false };
        let mate = moves.iter().find(|&&mv| {
            checks.given_by(pos, mv) && {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                child.is_checkmate()
            }
        });
        if let Some(&mv) = mate {
            self.line.push(mv);
        }
        mate.is_some()
    }

    /// Counts `mv` against the limit and searches it (`depth` is the child's); false past the limit.
    fn try_move(&mut self, pos: &Chess, key: u64, mv: Move, depth: u32, kind: Kind) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(STOP_EVERY) && self.stop.is_set() {
            // Every move from here on is past the limit: the search unwinds at once.
            self.stopped = true;
            self.limit = 0;
        }
        self.nodes <= self.limit && self.step(pos, key, mv, depth, kind == Kind::Progress)
    }

    /// Plays `mv` from `pos` and searches on; at the last depth only a mate by the move counts.
    fn step(&mut self, pos: &Chess, key: u64, mv: Move, depth: u32, progress: bool) -> bool {
        let last = depth >= self.max_depth;
        if last {
            // A mate by this move was looked for before any move was tried.
            return false;
        }
        let mut child = pos.clone();
        child.play_unchecked(mv);
        if (mv.is_capture() || mv.is_promotion()) && too_little_material(child.board(), self.winner) {
            return false;
        }
        let child_key = if self.table.is_some() { child_key(pos, Zobrist64(key), mv, &child).0 } else { 0 };
        self.line.push(mv);
        if self.go(&child, child_key, depth, progress) {
            return true;
        }
        self.line.pop();
        false
    }
}

/// Whether `winner` can mate only with a blocker that the other side has yet to promote: it has
/// one knight and nothing else against queens and pawns, or bishops of one colour against no
/// knight and no bishop of the other colour. (Other blockers may exist; then this only orders
/// the search.)
fn must_promote(board: &shakmaty::Board, winner: Color) -> bool {
    let ours = board.by_color(winner) & !board.kings();
    let theirs = board.by_color(!winner) & !board.kings();
    if (theirs & board.pawns()).is_empty() {
        return false;
    }
    if ours.count() == 1 && (ours & board.knights()).any() {
        return (theirs & (board.knights() | board.bishops() | board.rooks())).is_empty();
    }
    if ours.is_empty() || (ours & !board.bishops()).any() {
        return false;
    }
    let colour = if (ours & Bitboard::DARK_SQUARES).any() { Bitboard::DARK_SQUARES } else { Bitboard::LIGHT_SQUARES };
    (board.bishops() & !colour).is_empty() && (theirs & board.knights()).is_empty()
}

/// A line of legal moves from `pos` ending with `winner` mating, searched depth by depth within
/// `limits`.
pub fn deepening_helpmate(pos: &Chess, winner: Color, limits: Deepening) -> Option<Vec<Move>> {
    DeepeningSearch::new(pos, winner, limits).search(limits.total)
}

/// A deepening search that can be taken up again with a larger budget: it goes on from the depth
/// where it stopped (the depth it was cut short in is searched again whole, since each depth starts
/// with an empty table) instead of searching the shallower depths again.
pub struct DeepeningSearch {
    start: Chess,
    key: u64,
    limits: Deepening,
    search: Search,
    /// The depth to search next.
    depth: u32,
    /// The moves tried so far in the depths searched whole.
    spent: u64,
    /// The largest total asked for so far.
    asked: u64,
}

impl DeepeningSearch {
    /// A search from `pos` for a mate by `winner` by the depths and positions per depth of
    /// `limits` (its total is given to each call of `search`), nothing searched yet.
    pub fn new(pos: &Chess, winner: Color, limits: Deepening) -> DeepeningSearch {
        let targets = Targets::new(pos, winner, limits.far);
        let search = Search {
            winner,
            distances: Distances::new(targets),
            max_depth: 0,
            nodes: 0,
            limit: 0,
            line: Vec::new(),
            put_off: Vec::with_capacity(256),
            table: limits.table.then(KeyMap::default),
            bishops: limits.bishops.then(|| bishops::Bishops::new(pos, winner, targets.corner)),
            as_generated: limits.as_generated,
            stop: Stop::default(),
            stopped: false,
        };
        DeepeningSearch {
            start: pos.clone(),
            key: position_key(pos),
            limits,
            search,
            depth: limits.first,
            spent: 0,
            asked: 0,
        }
    }

    /// Searches on until a mate is found, the last depth has been searched, or `total` moves in
    /// all (over every call) have been tried. Asked again for no more than before, it does nothing
    /// (it would only search again the depth it was cut short in, as far as before).
    pub fn search(&mut self, total: u64) -> Option<Vec<Move>> {
        if total <= self.asked || self.search.stopped {
            return None;
        }
        self.asked = total;
        let search = &mut self.search;
        while self.depth <= self.limits.last && self.spent < total {
            search.max_depth = self.depth;
            search.nodes = 0;
            let room = total - self.spent;
            let per_depth = u64::from(self.depth).saturating_mul(self.limits.per_depth);
            search.limit = room.min(per_depth);
            if let Some(table) = &mut search.table {
                table.clear();
            }
            if search.go(&self.start, self.key, 0, false) {
                return Some(std::mem::take(&mut search.line));
            }
            search.line.clear();
            if search.stopped {
                return None;
            }
            // Cut short by the total: this depth is searched again, whole, when the search goes
            // on, and only then counted (a search taken up again may so try up to twice its
            // budget, as a search started again would).
            if search.nodes > search.limit && room <= per_depth {
                return None;
            }
            self.spent += search.nodes.min(search.limit);
            self.depth += 1;
        }
        None
    }

    /// From now on the search gives up, finding nothing, once `stop` is set.
    pub(crate) fn stop_on(&mut self, stop: Stop) {
        self.search.stop = stop;
    }
}

#[cfg(test)]
mod tests;
