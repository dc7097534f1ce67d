//! The wider static proof: what each man could ever do, when captures are still possible. Every
//! man gets the squares it could ever stand on, grown round by round until nothing changes: a man
//! that can never move and never be captured is a wall for everyone (a king that can never move
//! too); a king never enters a square a wall guards (a pawn's, knight's or king's attack, a
//! long-range piece's next squares), nor one that a man never taken (a king on the move, say)
//! guards from every square of its set, nor one a closed group of men guards however it stands
//! (groups.rs); a man whose every move would mate the mating side stays (fatal.rs); a pawn
//! captures only where an enemy man other than the king could ever stand; two pawns facing each
//! other on a file that neither can ever leave, the one ahead never captured, never pass; men
//! whose first move could only go onto each other's squares stay put until one of them is
//! captured; castling counts only while its path holds no wall; a king never steps where it would
//! stalemate the other side (stalemate.rs); a pawn that could reach the last rank could become
//! anything anywhere. The sets that settle hold for every position the game can reach, so when no
//! square of the enemy king's could hold a mate — a man giving check, and the mating side's men,
//! each on one square of its set, with the walls and the king's own men (a different one on each
//! square) taking every flight square — the side can never mate: a proof. Where it is not, the
//! proof may be split on a man that has no move now (split.rs).

use shakmaty::attacks::king_attacks;
use shakmaty::{Bitboard, ByColor, CastlingSide, Chess, Color, EnPassantMode, Position, Role, Square};

use super::locks::{attacks_from, can_block_all};
use super::sets;

mod fatal;
mod groups;
mod split;
mod stalemate;

/// One man of the position and what it could ever do.
struct Man {
    color: Color,
    role: Role,
    start: Square,
    /// Every square it could ever stand on (so far).
    reach: Bitboard,
    /// A pawn that could reach the last rank: it could become any piece, anywhere.
    promotes: bool,
    /// For a king or a rook that may still castle: the squares that must be empty, and where the
    /// man lands.
    castling: Vec<(Bitboard, Square)>,
    /// A man of the mating side without which it would have too little material to mate: on every
    /// way to a mate it is never taken.
    spared: bool,
}

impl Man {
    /// Where it could stand, a promoting pawn anywhere.
    fn squares(&self) -> Bitboard {
        if self.promotes {
            Bitboard::FULL
        } else {
            self.reach
        }
    }

    /// The squares it attacks from where it started whatever else stands on the board: a pawn's,
    /// a knight's or a king's, and a long-range piece's next squares.
    fn guards(&self) -> Bitboard {
        attacks_from(self.role, self.color, self.start, Bitboard::FULL)
    }

    /// The squares it attacks or stands on wherever it stands in its set, whatever else stands on
    /// the board: while it is on the board, the enemy king never enters them.
    fn guards_wherever(&self) -> Bitboard {
        self.reach
            .into_iter()
            .fold(Bitboard::FULL, |acc, q| acc & attacks_from(self.role, self.color, q, Bitboard::FULL).with(q))
    }

    /// It stays on the board for good: a king, a man the mating side cannot do without, or one
    /// that stands nowhere the other side could take (`captures`).
    fn never_taken(&self, captures: &Bitboard) -> bool {
        !self.promotes && (self.role == Role::King || self.spared || (self.reach & *captures).is_empty())
    }

    fn moves(&self) -> bool {
        self.promotes || self.reach.count() > 1
    }

    /// It could leave its file (a pawn that captures or promotes).
    fn leaves_file(&self) -> bool {
        self.promotes || (self.reach & !Bitboard::from_file(self.start.file())).any()
    }
}

/// Which of the king's attacks count.
#[derive(Clone, Copy)]
enum KingPart {
    None,
    /// Squares where it could take a man.
    Takes,
    /// Squares it could attack, guarded or not.
    Covers,
}

/// What all the men could ever do, grown until nothing changes.
struct Mobility {
    men: Vec<Man>,
    /// Men that can never move and never be captured (a king that can never move, too).
    walls: Bitboard,
    /// Squares a king of each colour can never enter: guarded by a wall of the other colour.
    forbidden: ByColor<Bitboard>,
    /// Of each colour, the men packed together (see `packed`): their squares, and the squares of
    /// those that can be taken.
    packing: ByColor<(Bitboard, Bitboard)>,
    /// Of each colour, the pawns that never leave their file and are never captured: an enemy
    /// pawn in front of one on its file, itself never leaving the file, never passes it.
    facing: ByColor<Bitboard>,
    /// For the king of each colour, when the other side can move nothing but its king: what the
    /// stalemate rule needs (stalemate.rs); this round's.
    quiet: ByColor<Option<stalemate::Quiet>>,
    /// The sets did not settle within `ROUNDS` rounds, or a pawn of the mating side could
    /// promote: nothing is proven.
    unsettled: bool,
    /// The side whose mate is in question.
    winner: Color,
    /// The squares the mating side's lone piece never stands on (fatal.rs); this round's.
    shunned: Bitboard,
    /// A case of the split on one man (split.rs), or none.
    case: Option<split::Case>,
}

/// At most this many rounds of growing the sets.
const ROUNDS: usize = 64;

impl Mobility {
    /// The sets for `pos`, grown until nothing changes or a pawn of `winner` could promote (a
    /// queen could then check and cover anything: nothing is proven).
    fn new(pos: &Chess, winner: Color) -> Mobility {
        Mobility::in_case(pos, winner, None)
    }

    /// The sets for `pos` in `case` of the split on one man (split.rs).
    fn in_case(pos: &Chess, winner: Color, case: Option<split::Case>) -> Mobility {
        let board = pos.board();
        let mut men: Vec<Man> = board
            .clone()
            .into_iter()
            .map(|(sq, piece)| Man {
                color: piece.color,
                role: piece.role,
                start: sq,
                reach: Bitboard::from_square(sq),
                promotes: false,
                castling: Vec::new(),
                spared: piece.color == winner && piece.role != Role::King && indispensable(board, winner, sq),
            })
            .collect();
        // Castling moves the king and the rook in one move, over squares that must be empty.
        for color in Color::ALL {
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                let Some(rook) = pos.castles().rook(color, side) else { continue };
                let path = pos.castles().path(color, side);
                for man in men.iter_mut().filter(|m| m.color == color) {
                    if man.role == Role::King {
                        man.castling.push((path, side.king_to(color)));
                    } else if man.start == rook {
                        man.castling.push((path, side.rook_to(color)));
                    }
                }
            }
        }
        // Growing from "nothing moves": every man a wall, guarding its squares for ever.
        let walls = men.iter().fold(Bitboard::EMPTY, |acc, m| acc.with(m.start));
        let mut forbidden = ByColor::<Bitboard>::default();
        for man in &men {
            *forbidden.get_mut(!man.color) |= man.guards();
        }
        let mut mobility = Mobility {
            men,
            walls,
            forbidden,
            packing: ByColor::default(),
            facing: ByColor::default(),
            quiet: ByColor::default(),
            unsettled: false,
            winner,
            shunned: Bitboard::EMPTY,
            case,
        };
        mobility.saturate();
        mobility
    }

    /// Squares the men of `color` could ever attack through anything but the walls, with or
    /// without the king's.
    fn attack_reach(&self, color: Color, king: KingPart) -> Bitboard {
        let mut reach = Bitboard::EMPTY;
        for man in self.men.iter().filter(|m| m.color == color) {
            if man.promotes {
                return Bitboard::FULL;
            }
            if man.role == Role::King {
                // The king can take only where it could step; it covers squares regardless.
                reach |= match king {
                    KingPart::None => Bitboard::EMPTY,
                    KingPart::Takes => self.king_step_set(color, man.reach),
                    KingPart::Covers => sets::steps(Role::King, color, man.reach),
                };
                continue;
            }
            // The sets are closed under the men's moves once they settle (see sets.rs). The lone
            // piece takes nothing on the squares it never stands on.
            let steps = sets::steps(man.role, color, man.reach);
            reach |= if man.spared { steps & !self.shunned } else { steps };
        }
        reach
    }

    /// Where the king of `color` could step from some square of `set` (see `king_steps`).
    fn king_step_set(&self, color: Color, set: Bitboard) -> Bitboard {
        if self.quiet.get(color).is_some() {
            set.into_iter().fold(Bitboard::EMPTY, |acc, sq| acc | self.king_steps(color, sq))
        } else {
            sets::steps(Role::King, color, set) & !*self.forbidden.get(color)
        }
    }

    /// Where the king of `color` could step from `sq` if nothing of its own stood there: not onto
    /// a square a wall guards, nor where it would stalemate the other side.
    fn king_steps(&self, color: Color, sq: Square) -> Bitboard {
        let steps = king_attacks(sq) & !*self.forbidden.get(color);
        steps & !self.stalemating(color, sq, steps)
    }

    /// What `man` can never pass: the walls, and the men packed beside it.
    fn blockers(&self, man: &Man) -> Bitboard {
        let (squares, takeable) = *self.packing.get(man.color);
        let here = Bitboard::from_square(man.start);
        if (takeable & !here).any() {
            self.walls
        } else {
            self.walls | (squares & !here)
        }
    }

    /// The king of `color`.
    fn king(&self, color: Color) -> Option<&Man> {
        self.men.iter().find(|m| m.color == color && m.role == Role::King)
    }

    /// Squares some man of `color` other than the king that could be taken could ever stand on.
    fn men_reach(&self, color: Color) -> Bitboard {
        self.men
            .iter()
            .filter(|m| m.color == color && m.role != Role::King && !m.spared)
            .fold(Bitboard::EMPTY, |acc, m| acc | m.squares())
    }

    /// Grows every set until nothing changes.
    fn saturate(&mut self) {
        let winner = self.winner;
        for _ in 0..ROUNDS {
            self.quiet = ByColor { white: self.quiet(Color::White), black: self.quiet(Color::Black) };
            let captures = ByColor {
                white: self.attack_reach(Color::White, KingPart::Takes),
                black: self.attack_reach(Color::Black, KingPart::Takes),
            };
            let mut walls = Bitboard::EMPTY;
            let mut forbidden = ByColor::<Bitboard>::default();
            for man in &self.men {
                let taken = man.role != Role::King
                    && !man.spared
                    && captures.get(!man.color).contains(man.start)
                    && !self.stays_unless_moved(man);
                if !man.moves() && !taken {
                    walls.add(man.start);
                    *forbidden.get_mut(!man.color) |= man.guards();
                } else if man.never_taken(captures.get(!man.color)) {
                    *forbidden.get_mut(!man.color) |= man.guards_wherever();
                }
            }
            for color in Color::ALL {
                *forbidden.get_mut(!color) |= self.group_guards(color, &captures);
            }
            let mut changed = walls != self.walls || forbidden != self.forbidden;
            self.walls = walls;
            self.forbidden = forbidden;
            let shunned = self.shunned_squares();
            changed |= shunned != self.shunned;
            self.shunned = shunned;
            self.facing =
                ByColor { white: self.facing(Color::White, &captures), black: self.facing(Color::Black, &captures) };
            let targets = ByColor { white: self.men_reach(Color::White), black: self.men_reach(Color::Black) };
            let packing = ByColor {
                white: self.pack(Color::White, &targets, &captures),
                black: self.pack(Color::Black, &targets, &captures),
            };
            changed |= packing != self.packing;
            self.packing = packing;
            for i in 0..self.men.len() {
                let (reach, promotes) = self.grow(i, &targets);
                let man = &mut self.men[i];
                if reach != man.reach || promotes != man.promotes {
                    man.reach = reach;
                    man.promotes = promotes;
                    changed = true;
                }
            }
            if !changed {
                return;
            }
            if self.men.iter().any(|m| m.color == winner && m.promotes) {
                break;
            }
        }
        self.unsettled = true;
    }

    /// The squares man `i` could reach from where it could stand so far.
    fn grow(&self, i: usize, targets: &ByColor<Bitboard>) -> (Bitboard, bool) {
        let man = &self.men[i];
        if man.promotes {
            return (man.reach, true);
        }
        if man.reach.count() == 1 && (self.frozen(i) || self.never_moves(man)) {
            return (man.reach, false);
        }
        let start = man.reach | self.castlings(man);
        let mut blocked = self.blockers(man);
        if man.spared {
            blocked |= self.shunned;
        }
        let reached = match man.role {
            Role::Pawn => sets::spread(start, !blocked, |set| self.pawn_steps(i, set, blocked, targets)),
            Role::King => sets::spread(start, !blocked, |set| self.king_step_set(man.color, set)),
            role => sets::flood(role, man.color, start, !blocked),
        };
        let last = Bitboard::from_rank(man.color.fold_wb(shakmaty::Rank::Eighth, shakmaty::Rank::First));
        (reached, man.role == Role::Pawn && (reached & last).any())
    }

    /// Where pawn `i` could go in one move from some square of `from`: a step (two from its first
    /// rank) onto squares that are not walls and not past a facing pawn, or a capture where an
    /// enemy man could stand.
    fn pawn_steps(&self, i: usize, from: Bitboard, blocked: Bitboard, targets: &ByColor<Bitboard>) -> Bitboard {
        let man = &self.men[i];
        let mut open = !blocked;
        // It never steps onto a square where an enemy pawn started on its file when neither can
        // ever leave the file nor the enemy pawn ever be captured.
        if !man.leaves_file() {
            open &= !*self.facing.get(!man.color);
        }
        let ahead = |b: Bitboard| b.shift(man.color.fold_wb(8, -8));
        let first = Bitboard::from_rank(man.color.fold_wb(shakmaty::Rank::Second, shakmaty::Rank::Seventh));
        let one = ahead(from) & open;
        let two = ahead(ahead(from & first) & open) & open;
        (sets::pawn_set_attacks(man.color, from) & *targets.get(!man.color)) | one | two
    }

    /// The men of `color` whose first move could only go onto each other's squares (a king, a
    /// rook and a bishop packed in a corner, say): none of them can move until one is taken, so
    /// for a man of the colour their squares stay full while none of them but itself can be
    /// taken. Their squares, and those of the ones that can be taken.
    fn pack(&self, color: Color, targets: &ByColor<Bitboard>, captures: &ByColor<Bitboard>) -> (Bitboard, Bitboard) {
        // The members by their squares (each man has its own).
        let mut members = self
            .men
            .iter()
            .filter(|m| m.color == color && !m.promotes && !self.walls.contains(m.start))
            .fold(Bitboard::EMPTY, |acc, m| acc.with(m.start));
        loop {
            let stay = (0..self.men.len())
                .filter(|&j| members.contains(self.men[j].start))
                .filter(|&j| (self.first_moves(j, members, targets) & !members).is_empty())
                .fold(Bitboard::EMPTY, |acc, j| acc.with(self.men[j].start));
            if stay == members {
                break;
            }
            members = stay;
        }
        let takeable = self
            .men
            .iter()
            .filter(|m| members.contains(m.start) && m.role != Role::King && !m.spared)
            .filter(|m| captures.get(!m.color).contains(m.start))
            .fold(Bitboard::EMPTY, |acc, m| acc.with(m.start));
        (members, takeable)
    }

    /// Where `man` lands by castling, on each side whose path holds no wall.
    fn castlings(&self, man: &Man) -> Bitboard {
        man.castling
            .iter()
            .filter(|(path, _)| (*path & self.walls).is_empty())
            .fold(Bitboard::EMPTY, |acc, &(_, to)| acc.with(to))
    }

    /// Where man `j` could go in its first move from where it stands, with the walls and
    /// `full` occupied.
    fn first_moves(&self, j: usize, full: Bitboard, targets: &ByColor<Bitboard>) -> Bitboard {
        let man = &self.men[j];
        let moves = match man.role {
            Role::King => king_attacks(man.start) & !*self.forbidden.get(man.color),
            Role::Pawn => self.pawn_steps(j, Bitboard::from_square(man.start), self.walls, targets),
            role => attacks_from(role, man.color, man.start, self.walls | full),
        } & !self.walls;
        moves | self.castlings(man)
    }

    /// The squares of the pawns of `color` that never leave their file and are never captured.
    fn facing(&self, color: Color, captures: &ByColor<Bitboard>) -> Bitboard {
        self.men
            .iter()
            .filter(|m| m.color == color && m.role == Role::Pawn && !m.leaves_file())
            .filter(|m| m.spared || (m.reach & *captures.get(!color)).is_empty())
            .fold(Bitboard::EMPTY, |acc, m| acc.with(m.start))
    }
}

/// Without the man on `sq`, `winner` would have too little material to mate (a lone queen, say):
/// a line where it is taken leads to no mate, so the proof may count it as never taken.
fn indispensable(board: &shakmaty::Board, winner: Color, sq: Square) -> bool {
    let mut rest = board.clone();
    rest.discard_piece_at(sq);
    super::material::too_little_material(&rest, winner)
}

/// The squares of the men that never move nor are taken, as far as the sets settled: for
/// guiding searches (when a pawn of `winner` could promote they did not settle, and this is no
/// proof).
pub(crate) fn steady(pos: &Chess, winner: Color) -> Bitboard {
    Mobility::new(pos, winner).walls
}

/// Proven: `winner` can never checkmate, by what each man could ever do (see the module text).
/// `false` means "not proven". An en passant capture open now is outside what it describes.
pub fn out_of_reach(pos: &Chess, winner: Color) -> bool {
    if pos.ep_square(EnPassantMode::Legal).is_some() {
        return false;
    }
    no_mate(&Mobility::new(pos, winner))
}

/// Proven as `out_of_reach` is, or by splitting on a man that cannot move now but could be taken
/// where it stands (split.rs): a few times as long where it fails.
pub fn out_of_reach_split(pos: &Chess, winner: Color) -> bool {
    if pos.ep_square(EnPassantMode::Legal).is_some() {
        return false;
    }
    let mobility = Mobility::new(pos, winner);
    no_mate(&mobility) || split::no_mate_either_way(pos, &mobility)
}

/// Whether the sets of `mobility`, settled, leave no square where the king could be mated.
fn no_mate(mobility: &Mobility) -> bool {
    if mobility.unsettled {
        return false;
    }
    let winner = mobility.winner;
    let loser = !winner;
    let Some(king) = mobility.king(loser) else {
        return false;
    };
    let checks = mobility.attack_reach(winner, KingPart::None);
    let covered = mobility.walls | mobility.attack_reach(winner, KingPart::Covers);
    let blockers: Vec<Bitboard> =
        mobility.men.iter().filter(|m| m.color == loser && m.role != Role::King).map(Man::squares).collect();
    !(king.reach & checks)
        .into_iter()
        .any(|k| can_block_all(king_attacks(k) & !covered, &blockers) && mate_fits(mobility, winner, k, &blockers))
}

/// Whether the mating side's men could stand at once so that one checks the king on `k` and,
/// with the walls and the king's own men (one per square), every flight square is taken: each man
/// on one square of its reach, the king not next to the other king.
fn mate_fits(mobility: &Mobility, winner: Color, k: Square, blockers: &[Bitboard]) -> bool {
    let flights: Vec<Square> = (king_attacks(k) & !mobility.walls).into_iter().collect();
    let check = 1u16 << flights.len();
    let mut seen = [false; 512];
    let mut states = vec![0u16];
    seen[0] = true;
    let mut options = Vec::new();
    for man in mobility.men.iter().filter(|m| m.color == winner) {
        options.clear();
        if man.promotes {
            options.push(check | (check - 1));
        } else {
            for q in man.reach {
                let (attacks, checks) = if man.role == Role::King {
                    if q.distance(k) < 2 {
                        continue;
                    }
                    (king_attacks(q), false)
                } else {
                    let a = attacks_from(man.role, winner, q, mobility.blockers(man));
                    (a, a.contains(k))
                };
                let mut bits = if checks { check } else { 0 };
                for (i, f) in flights.iter().enumerate() {
                    if attacks.contains(*f) {
                        bits |= 1 << i;
                    }
                }
                if bits != 0 && !options.contains(&bits) {
                    options.push(bits);
                }
            }
        }
        for i in 0..states.len() {
            for &o in &options {
                let next = states[i] | o;
                if !seen[next as usize] {
                    seen[next as usize] = true;
                    states.push(next);
                }
            }
        }
        if seen[(check | (check - 1)) as usize] {
            return true;
        }
    }
    states.iter().filter(|&&s| s & check != 0).any(|&s| {
        let open =
            flights.iter().enumerate().filter(|(i, _)| s & (1 << i) == 0).fold(Bitboard::EMPTY, |b, (_, f)| b.with(*f));
        can_block_all(open, blockers)
    })
}

#[cfg(test)]
mod tests;
