//! The exhaustive part of the dead-position analysis: a walk over every position reachable by
//! any legal moves, each once, not going on from positions the static proofs (material, what the
//! men could ever do) already show to lead to no mate. When it ends without the side mating, the
//! side cannot mate — proven; when it meets a mate, the path there is a witness.

use std::collections::VecDeque;

use shakmaty::zobrist::Zobrist128;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position};

use super::keys::{move_key, KeySet};
use super::material::too_little_material;
use super::mobility::out_of_reach;
use super::stop::Stop;

/// The key of a position: 128 bits, so that two positions never share one in practice.
fn wide_key(pos: &Chess) -> u128 {
    let z: Zobrist128 = pos.zobrist_hash(EnPassantMode::Legal);
    z.0
}

/// Is the side to move mated, and is it `loser`?
fn mated(pos: &Chess, loser: Color) -> bool {
    pos.turn() == loser && pos.is_checkmate()
}

/// The result of walking every reachable position.
pub enum Exploration {
    /// A line to a position where the side is mated.
    Mate(Vec<Move>),
    /// Every reachable position was seen, with no mate.
    Exhausted,
    /// More positions than the budget allowed.
    TooLarge,
}

/// Walks every position reachable from `pos` by legal moves (breadth first, each position once),
/// looking for one where `!winner` is mated. Positions where `winner` has too little material to
/// mate, or (with pawns blocking each other) cannot reach a mate by what its men could ever do
/// (the mobility proof, which includes the locked structures), lead nowhere and are not expanded.
pub fn explore(pos: &Chess, winner: Color, budget: usize) -> Exploration {
    Walk::new(pos, winner).walk(budget)
}

/// A walk that can be taken up again with a larger budget: it goes on from where it stopped.
pub struct Walk {
    winner: Color,
    /// Every position seen, by key; by number the position and move it came from (the numbers,
    /// not the positions, are kept: only those waiting in the queue are whole).
    seen: KeySet<(u64, u64)>,
    from: Vec<(u32, Option<Move>)>,
    /// Positions waiting to be expanded: the position, its key, its number, and whether the
    /// proofs are asked of it.
    queue: VecDeque<(Chess, u128, u32, bool)>,
    proofs: Proofs,
    /// Once set, the walk gives up (too large, not exhausted).
    stop: Stop,
}

impl Walk {
    /// A walk from `pos` looking for a mate by `winner`, nothing walked yet.
    pub fn new(pos: &Chess, winner: Color) -> Walk {
        let mut walk = Walk {
            winner,
            seen: KeySet::default(),
            from: vec![(0, None)],
            queue: VecDeque::new(),
            proofs: Proofs::default(),
            stop: Stop::default(),
        };
        let root = wide_key(pos);
        walk.seen.insert(split(root));
        walk.queue.push_back((pos.clone(), root, 0u32, true));
        walk
    }

    /// Walks on until a mate is met, every reachable position has been seen, or `budget`
    /// positions in all (each question to the mobility proof counting as a few) have been found.
    pub fn walk(&mut self, budget: usize) -> Exploration {
        // Room for the whole walk at once: growing the table step by step costs a quarter of the
        // time.
        let room = budget.min(MOST_AT_ONCE).saturating_sub(self.from.len()) + 1;
        self.from.reserve(room);
        self.seen.reserve(room);
        let winner = self.winner;
        while let Some((current, key, number, changed)) = self.queue.pop_front() {
            if self.stop.is_set() {
                self.queue.push_front((current, key, number, changed));
                return Exploration::TooLarge;
            }
            if mated(&current, !winner) {
                return Exploration::Mate(line_to(&self.from, number));
            }
            // After a piece's quiet move the proofs are not asked again (they seldom answer
            // otherwise than for the position before, which was expanded): only after a capture, a
            // pawn move, a check or an en passant chance.
            if changed && too_little_material(current.board(), winner) {
                continue;
            }
            // The mobility proof stands on pawns blocking each other or a king shut in (see
            // `winnability`).
            if changed
                && super::proof_may_answer(current.board(), winner)
                && self.proofs.ask()
                && out_of_reach(&current, winner)
            {
                self.proofs.hits += 1;
                continue;
            }
            if !self.expand(&current, key, number, budget) {
                // Out of budget: the position is expanded again, whole, when the walk goes on (the
                // children already found are seen and not found twice).
                self.queue.push_front((current, key, number, changed));
                return Exploration::TooLarge;
            }
        }
        Exploration::Exhausted
    }

    /// From now on the walk gives up, as too large, once `stop` is set.
    pub(crate) fn stop_on(&mut self, stop: Stop) {
        self.stop = stop;
    }

    /// Puts the children of `current` not seen before into the queue; false when the budget ran
    /// out first.
    fn expand(&mut self, current: &Chess, key: u128, number: u32, budget: usize) -> bool {
        // The mobility proof refuses a position with an en passant capture open, and a check
        // changes what can follow: after such a position the proofs are asked again.
        let special = current.is_check() || current.ep_square(EnPassantMode::Legal).is_some();
        for mv in current.legal_moves() {
            if self.from.len() + (self.proofs.asked * PROOF_COST) as usize >= budget {
                return false;
            }
            // A position seen before is not played again; a new one is marked seen at once (one
            // look into the table per move, where the key can be reckoned without playing it).
            let known = move_key(current, Zobrist128(key), mv).map(|z| z.0);
            if known.is_some_and(|k| !self.seen.insert(split(k))) {
                continue;
            }
            let mut child = current.clone();
            child.play_unchecked(mv);
            let new_key = match known {
                Some(k) => k,
                None => {
                    let k = wide_key(&child);
                    if !self.seen.insert(split(k)) {
                        continue;
                    }
                    k
                }
            };
            let child_number = self.from.len() as u32;
            self.from.push((number, Some(mv)));
            let changes = special || mv.is_capture() || mv.role() == shakmaty::Role::Pawn;
            self.queue.push_back((child, new_key, child_number, changes));
        }
        true
    }
}

/// How often the walk has asked the mobility proof, and how often it answered. Where it seldom
/// answers (a walk that ends by itself, or one too large), asking every position costs most of the
/// walk's time for nothing: then only one position in `SAMPLE` is asked, enough to notice when the
/// proof starts answering. Asking less is always sound; the walk just goes on further.
#[derive(Default)]
struct Proofs {
    eligible: u64,
    asked: u64,
    hits: u64,
}

/// The proof is asked every time for this many positions, and then while it answers for at least
/// one in `RARE` (a question takes as long as walking ten to fifteen positions).
const ALWAYS: u64 = 1_000;
const RARE: u64 = 10;
const SAMPLE: u64 = 16;

/// The most positions room is made for before the walk starts.
const MOST_AT_ONCE: usize = 1 << 20;

/// Asking the proof costs about as much time as walking four to six positions: each question
/// counts as four positions of the budget, so that a walk that asks often stops sooner.
const PROOF_COST: u64 = 4;

impl Proofs {
    fn ask(&mut self) -> bool {
        self.eligible += 1;
        let ask = self.asked < ALWAYS || self.hits * RARE >= self.asked || self.eligible.is_multiple_of(SAMPLE);
        self.asked += u64::from(ask);
        ask
    }
}

/// A 128-bit key as two halves (an entry of the set then needs no 16-byte alignment).
fn split(key: u128) -> (u64, u64) {
    (key as u64, (key >> 64) as u64)
}

/// The moves from the start to position `number`.
fn line_to(from: &[(u32, Option<Move>)], mut number: u32) -> Vec<Move> {
    let mut line = Vec::new();
    while let (parent, Some(mv)) = from[number as usize] {
        line.push(mv);
        number = parent;
    }
    line.reverse();
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proof_that_seldom_answers_is_asked_seldom() {
        let mut silent = Proofs::default();
        let asked = (0..17_000).filter(|_| silent.ask()).count() as u64;
        // Every one of the first thousand, then one in sixteen of the other sixteen thousand.
        assert_eq!(asked, ALWAYS + 16_000 / SAMPLE);
        // A proof that answers one time in ten is asked every time.
        let mut useful = Proofs::default();
        for i in 0..17_000 {
            assert!(useful.ask(), "asked at {i}");
            useful.hits += u64::from(i % 10 == 0);
        }
    }

    #[test]
    fn a_walk_taken_up_again_goes_on_where_it_stopped() {
        // A rook mates in a few moves; a walk stopped at 200 positions and taken up again finds
        // the same mate as one walk with the whole budget (the position it stopped in is expanded
        // again, its children already found not twice).
        let rook = crate::testing::parse_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        let mut walk = Walk::new(&rook, Color::White);
        assert!(matches!(walk.walk(200), Exploration::TooLarge));
        let Exploration::Mate(resumed) = walk.walk(1_000_000) else { panic!("the rook mates") };
        let Exploration::Mate(whole) = explore(&rook, Color::White, 1_000_000) else { panic!("the rook mates") };
        assert_eq!(resumed, whole);
        assert!(crate::ends_in_mate(&rook, &resumed, Color::White));
    }

    #[test]
    fn a_walk_stopped_proves_nothing() {
        // Walked whole, the locked wall is proven; stopped, the walk only says it is too large.
        let wall = crate::testing::parse_fen("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1").unwrap();
        let stop = Stop::new();
        let mut walk = Walk::new(&wall, Color::White);
        walk.stop_on(stop.clone());
        stop.set();
        assert!(matches!(walk.walk(10_000), Exploration::TooLarge));
        assert!(matches!(explore(&wall, Color::White, 10_000), Exploration::Exhausted));
    }

    #[test]
    fn the_walk_proves_a_blocked_ending_and_finds_a_short_mate() {
        // Every pawn is blocked and the bishops are of one colour: nothing can ever happen.
        let wall = crate::testing::parse_fen("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1").unwrap();
        assert!(matches!(explore(&wall, Color::White, 10_000), Exploration::Exhausted));
        // A rook mates in one: the walk's line is that move.
        let rook = crate::testing::parse_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        let Exploration::Mate(line) = explore(&rook, Color::White, 10_000) else { panic!("a mate in one") };
        assert_eq!(line.len(), 1);
    }
}
