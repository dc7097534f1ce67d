//! Moves after which no mate can follow, for the wider static proof; neither is ever made on a
//! line to the mate, so the proof leaves them out.
//! - A lone mating piece (a queen or rook beside its king) never takes a man next to the other
//!   king where it would check it, when that king can never move, the man never moves and the
//!   mating king could never take it, and the piece could never be guarded there or a wall of the
//!   other side guards the square: the check could only be answered by taking the piece, the last
//!   of the material. The man then stays for ever, so the piece never passes its square either.
//! - A man of the other side never moves when every move of it would check the mating side's king,
//!   which can never move, in a way nothing can answer: that would be mate the other way round.

use shakmaty::attacks::{between, king_attacks, ray};
use shakmaty::{Bitboard, Color, Role, Square};

use super::{attacks_from, sets, KingPart, Mobility};

impl Mobility {
    /// The mating side's only man besides its king, when it is a queen or a rook it cannot do
    /// without.
    fn lone_piece(&self) -> Option<usize> {
        let mut ours =
            (0..self.men.len()).filter(|&i| self.men[i].color == self.winner && self.men[i].role != Role::King);
        let lone = ours.next()?;
        let man = &self.men[lone];
        (ours.next().is_none() && man.spared && matches!(man.role, Role::Queen | Role::Rook)).then_some(lone)
    }

    /// The squares the lone mating piece never stands on (see the module text); this round's.
    pub(super) fn shunned_squares(&self) -> Bitboard {
        let (Some(lone), Some(king), Some(ours)) = (self.lone_piece(), self.king(!self.winner), self.king(self.winner))
        else {
            return Bitboard::EMPTY;
        };
        let k = king.start;
        if !self.walls.contains(k) {
            return Bitboard::EMPTY;
        }
        let ring = king_attacks(k);
        // Every other square beside the king stays shut: its own wall, or guarded by a wall.
        let shut = self.walls_of(!self.winner) | *self.forbidden.get(!self.winner);
        let guarded_by_ours = sets::steps(Role::King, self.winner, ours.reach);
        let guarded_by_theirs = self.guards_of(!self.winner, |m| m.role != Role::King);
        // Only squares a man stands on for ever, one the king could never take: the lone piece
        // never passes through them either.
        let king_takes = self.king_step_set(self.winner, ours.reach);
        let held = self
            .men
            .iter()
            .filter(|m| m.color != self.winner && m.reach.count() == 1)
            .fold(Bitboard::EMPTY, |acc, m| acc | m.reach)
            & !king_takes;
        let checking = attacks_from(self.men[lone].role, self.winner, k, Bitboard::FULL) & ring & held;
        checking
            .into_iter()
            .filter(|&t| (ring.without(t) & !shut).is_empty())
            .filter(|&t| !guarded_by_ours.contains(t) || guarded_by_theirs.contains(t))
            .collect()
    }

    /// The squares of the walls of `color`.
    fn walls_of(&self, color: Color) -> Bitboard {
        self.men
            .iter()
            .filter(|m| m.color == color && self.walls.contains(m.start))
            .fold(Bitboard::EMPTY, |acc, m| acc.with(m.start))
    }

    /// The squares guarded by the walls of `color` that `counts` accepts.
    fn guards_of(&self, color: Color, counts: impl Fn(&super::Man) -> bool) -> Bitboard {
        self.men
            .iter()
            .filter(|m| m.color == color && self.walls.contains(m.start) && counts(m))
            .fold(Bitboard::EMPTY, |acc, m| acc | m.guards())
    }

    /// Man `i` of the losing side can never move: every move it could make from where it stands
    /// would mate the mating side's king (see the module text).
    pub(super) fn frozen(&self, i: usize) -> bool {
        let man = &self.men[i];
        if man.color == self.winner || man.role == Role::King || !man.castling.is_empty() {
            return false;
        }
        let Some(ours) = self.king(self.winner) else { return false };
        let king = ours.start;
        if !self.walls.contains(king) {
            return false;
        }
        // With the man gone from its square, the king has nowhere to step but where the man
        // guards from the square it moves to.
        let guarded = self.guards_of(!self.winner, |m| m.start != man.start);
        let free = king_attacks(king) & !guarded & !self.walls_of(self.winner);
        let moves = match man.role {
            Role::Pawn => match self.pawn_moves(man) {
                Some(moves) => moves,
                None => return false,
            },
            role => attacks_from(role, man.color, man.start, self.walls) & !self.walls_of(man.color),
        };
        // Every move must check, directly or by uncovering a wall's line (asked cheaply first).
        let uncovering = self.on_a_wall_line(man.start, king);
        let checks = |t: Square| uncovering || attacks_from(man.role, man.color, t, Bitboard::FULL).contains(king);
        if moves.is_empty() || !moves.into_iter().all(checks) {
            return false;
        }
        let answers = Answers {
            king,
            guarded,
            reach: self.attack_reach(self.winner, KingPart::None),
            diagonal: self.sliders_reach(&[Role::Bishop, Role::Queen]),
            straight: self.sliders_reach(&[Role::Rook, Role::Queen]),
            anywhere: self.men.iter().fold(Bitboard::EMPTY, |acc, m| acc | m.squares()),
            pawns: self
                .men
                .iter()
                .filter(|m| m.color == self.winner && m.role == Role::Pawn)
                .fold(Bitboard::EMPTY, |acc, m| acc | m.squares()),
        };
        moves.into_iter().all(|t| self.shuts_in(man, t, free) && self.mates(man, t, &answers))
    }

    /// From `t`, `man` guards every square of `free` (beside the king, unguarded by the walls)
    /// but its own, whatever stands in its way (a long-range man only the next square along
    /// each line).
    fn shuts_in(&self, man: &super::Man, t: Square, free: Bitboard) -> bool {
        (free.without(t) & !attacks_from(man.role, man.color, t, Bitboard::FULL)).is_empty()
    }

    /// Every square a pawn of the losing side could move to from where it stands: a step or two
    /// onto squares that are not walls, a capture where a man of the mating side could stand, and
    /// from the rank where it could take en passant, both squares ahead to the sides. `None` when
    /// a move could promote (the new piece is not looked at).
    fn pawn_moves(&self, man: &super::Man) -> Option<Bitboard> {
        let ahead = |b: Bitboard| b.shift(man.color.fold_wb(8, -8));
        let here = Bitboard::from_square(man.start);
        let first = Bitboard::from_rank(man.color.fold_wb(shakmaty::Rank::Second, shakmaty::Rank::Seventh));
        let passant = Bitboard::from_rank(man.color.fold_wb(shakmaty::Rank::Fifth, shakmaty::Rank::Fourth));
        let one = ahead(here) & !self.walls;
        let two = ahead(one & ahead(first)) & !self.walls;
        let diagonal = shakmaty::attacks::pawn_attacks(man.color, man.start);
        let takes = if (here & passant).any() { diagonal } else { diagonal & self.men_reach(self.winner) };
        let moves = one | two | takes;
        let last = Bitboard::from_rank(man.color.fold_wb(shakmaty::Rank::Eighth, shakmaty::Rank::First));
        (moves & last).is_empty().then_some(moves)
    }

    /// After `man` moves to `t`, the king is in check and nothing can take the checking man or
    /// step between.
    fn mates(&self, man: &super::Man, t: Square, answers: &Answers) -> bool {
        // Beside the king, the man would be taken unless guarded.
        if king_attacks(answers.king).contains(t) && !answers.guarded.contains(t) {
            return false;
        }
        // A long-range man of the mating side moving along the line of the move could come
        // through the square the man leaves to take it.
        let through = ray(man.start, t);
        let sliders = if man.role == Role::Knight || through.is_empty() {
            Bitboard::EMPTY
        } else if man.start.file() == t.file() || man.start.rank() == t.rank() {
            answers.straight
        } else {
            answers.diagonal
        };
        // A pawn's double step could be taken en passant by a pawn beside it.
        let double = man.role == Role::Pawn && man.start.distance(t) == 2;
        let beside = shakmaty::attacks::king_attacks(t) & Bitboard::from_rank(t.rank());
        let direct = attacks_from(man.role, man.color, t, Bitboard::FULL).contains(answers.king)
            && !answers.reach.contains(t)
            && (through & sliders).is_empty()
            && !(double && (beside & answers.pawns).any());
        direct || self.uncovers(man.start, t, answers)
    }

    /// `from` stands between the mating side's king and a long-range wall of the other side.
    fn on_a_wall_line(&self, from: Square, king: Square) -> bool {
        self.men.iter().any(|m| {
            m.color != self.winner
                && matches!(m.role, Role::Bishop | Role::Rook | Role::Queen)
                && self.walls.contains(m.start)
                && between(m.start, king).contains(from)
        })
    }

    /// Where the mating side's long-range men of `roles` could ever stand.
    fn sliders_reach(&self, roles: &[Role]) -> Bitboard {
        self.men
            .iter()
            .filter(|m| m.color == self.winner && roles.contains(&m.role))
            .fold(Bitboard::EMPTY, |acc, m| acc | m.squares())
    }

    /// Leaving `from` for `t` opens the line of a wall of the same side to the king, on which no
    /// man could ever stand but on `from`, where none of the mating side could ever move.
    fn uncovers(&self, from: Square, t: Square, answers: &Answers) -> bool {
        if answers.reach.contains(from) {
            return false;
        }
        self.men
            .iter()
            .filter(|m| m.color != self.winner && m.start != from && self.walls.contains(m.start))
            .filter(|m| matches!(m.role, Role::Bishop | Role::Rook | Role::Queen))
            .any(|m| {
                let line = between(m.start, answers.king);
                line.contains(from)
                    && !line.contains(t)
                    && (line & answers.anywhere).without(from).is_empty()
                    && attacks_from(m.role, m.color, m.start, Bitboard::from_square(answers.king))
                        .contains(answers.king)
            })
    }
}

/// What the mating side could do against a check to its frozen king.
struct Answers {
    /// The king's square.
    king: Square,
    /// Squares beside it guarded by walls of the other side (not the man that moves).
    guarded: Bitboard,
    /// Where its men other than the king could ever move or take.
    reach: Bitboard,
    /// Where its men moving along diagonals, and along ranks and files, could ever stand.
    diagonal: Bitboard,
    straight: Bitboard,
    /// Where any man could ever stand.
    anywhere: Bitboard,
    /// Where its pawns could ever stand.
    pawns: Bitboard,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::parse_fen_permissive;
    use shakmaty::Position;

    fn mobility(fen: &str, winner: Color) -> Mobility {
        Mobility::new(&parse_fen_permissive(&format!("{fen} 0 1")).unwrap(), winner)
    }

    /// Whether the man on `sq` of `fen` never moves, by the rule of moves that would mate.
    fn frozen_at(fen: &str, sq: Square) -> bool {
        let m = mobility(fen, Color::White);
        m.frozen(m.men.iter().position(|man| man.start == sq).unwrap())
    }

    /// Black's king on b3 is shut in by its own men; White's king on c1 can never move (b1 and d1
    /// are the c2 pawn's, b2 and d2 the c3 pawn's) and its queen is all it has (chasolver's label:
    /// only Black can mate).
    pub(super) const CAGE: &str = "8/6pp/8/8/ppp5/bkp4Q/qnp5/n1K5 b - -";

    #[test]
    fn a_lone_queen_never_takes_a_man_beside_a_king_shut_in() {
        let m = mobility(CAGE, Color::White);
        // Taking any man beside the king checks it, and the queen is taken back: by the king
        // where White's king can never come near (all but b2 and c2), and on b2 and c2, which
        // White's king guards, by the pawn on c3, the bishop on a3 or the knight on a1.
        let cage: Bitboard =
            [Square::A4, Square::B4, Square::C4, Square::A3, Square::C3, Square::A2, Square::B2, Square::C2]
                .into_iter()
                .collect();
        assert_eq!(m.shunned, cage);
        assert!(super::super::out_of_reach(&parse_fen_permissive(&format!("{CAGE} 0 1")).unwrap(), Color::White));
    }

    #[test]
    fn a_lone_queen_guarded_by_its_king_may_take_beside_the_king() {
        // A bishop on a1 instead of the knight: nothing of Black's guards c2 any more, and there
        // White's king guards the queen — Qh2 and Qxc2 mate. c2 is not left out (and once the
        // pawn there can be taken, Black's king is no longer shut in for good: nothing is).
        let fen = "8/6pp/8/8/ppp5/bkp4Q/qnp5/b1K5 b - -";
        let m = mobility(fen, Color::White);
        assert!(m.shunned.is_empty());
        let pos = parse_fen_permissive(&format!("{fen} 0 1")).unwrap();
        assert!(!super::super::out_of_reach(&pos, Color::White));
        let line =
            crate::deepening_helpmate(&pos, Color::White, crate::Deepening::long(20_000)).expect("Qh2 and Qxc2 mate");
        let mut at = pos;
        for mv in line {
            at.play_unchecked(mv);
        }
        assert!(at.is_checkmate());
    }

    #[test]
    fn a_man_whose_every_move_mates_the_other_king_stays() {
        let m = mobility(CAGE, Color::White);
        let at = |sq: Square| m.men.iter().position(|man| man.start == sq).unwrap();
        // The knight on b2 uncovers the bishop's check from a3; the queen's one move, to b1,
        // checks where nothing of White's can take it: both would mate White.
        assert!(m.frozen(at(Square::B2)) && m.frozen(at(Square::A2)));
        assert_eq!(m.men[at(Square::B2)].reach.count(), 1);
        // Without the bishop on a3 the knight's moves check nothing: it moves.
        assert!(!frozen_at("8/6pp/8/8/ppp5/1kp4Q/qnp5/n1K5 b - -", Square::B2));
    }

    #[test]
    fn a_pawn_whose_every_move_mates_the_other_king_stays() {
        // White's king on d4 can never move while Black's pawns stand: c6-c5 and e6-e5 would each
        // check it where nothing of White's can take the pawn, mate the other way round. So they
        // stay, d6 and d5 behind them stay, and White's light bishops never get the blockers a
        // mate needs (chasolver's label: only Black can mate).
        let fen = "3b1b2/3k4/2ppp3/3p4/1p1K1p1p/bP1P1P1P/8/1B3B2 w - -";
        assert!(frozen_at(fen, Square::C6) && frozen_at(fen, Square::E6));
        let pos = parse_fen_permissive(&format!("{fen} 0 1")).unwrap();
        assert!(super::super::out_of_reach(&pos, Color::White));
        // Without the pawn on d6 White's king takes on c5 or e5: those moves do not mate.
        assert!(!frozen_at("3b1b2/3k4/2p1p3/3p4/1p1K1p1p/bP1P1P1P/8/1B3B2 w - -", Square::C6));
    }

    #[test]
    fn a_long_range_man_comes_through_only_along_its_own_lines() {
        // Black's rook on a2 has one move, Ra1, mate of the frozen king on b1. White's light
        // bishops could stand on the a-file (a6, a8) but never move along it: they cannot come
        // through a2 to take on a1, so the rook stays (chasolver's label: only Black can mate).
        let fen = "6B1/b7/2k5/p1p1p1pB/P1P1P1P1/pp6/rp6/1K2b3 b - -";
        assert!(frozen_at(fen, Square::A2));
        let pos = parse_fen_permissive(&format!("{fen} 0 1")).unwrap();
        assert!(super::super::out_of_reach(&pos, Color::White));
        // A white rook that could reach the a-file above would come through: the rook may move.
        assert!(!frozen_at("6R1/b7/2k5/p1p1p1pB/P1P1P1P1/pp6/rp6/1K2b3 b - -", Square::A2));
    }
}

#[cfg(test)]
mod witness_lines {
    use crate::{deepening_helpmate, out_of_reach, Deepening};
    use shakmaty::{CastlingMode, Chess, Color, FromSetup, Position, Setup};

    /// Every way of moving one man of the cage position to another empty square (a legal
    /// position, no pawn on the first or last rank).
    fn one_man_moved() -> Vec<Chess> {
        let fen: shakmaty::fen::Fen = super::tests::CAGE.parse().unwrap();
        let setup = fen.into_setup();
        let mut positions = Vec::new();
        for from in setup.board.occupied() {
            for to in !setup.board.occupied() {
                let mut moved: Setup = setup.clone();
                let piece = moved.board.remove_piece_at(from).unwrap();
                let edge = to.rank() == shakmaty::Rank::First || to.rank() == shakmaty::Rank::Eighth;
                if piece.role == shakmaty::Role::Pawn && edge {
                    continue;
                }
                moved.board.set_piece_at(to, piece);
                if let Ok(pos) = Chess::from_setup(moved, CastlingMode::Standard) {
                    positions.push(pos);
                }
            }
        }
        positions
    }

    #[test]
    fn no_position_on_a_line_to_a_mate_is_proven_unwinnable() {
        // Around the cage position the new rules answer often; wherever a mate is found, no
        // position of its line may be proven to lead to none.
        let (mut lines, mut proofs) = (0, 0);
        for pos in one_man_moved() {
            for winner in Color::ALL {
                let proven = out_of_reach(&pos, winner);
                proofs += usize::from(proven);
                let search = if proven { Deepening::long(20_000) } else { Deepening::GLANCE };
                let Some(line) = deepening_helpmate(&pos, winner, search) else { continue };
                lines += 1;
                let mut at = pos.clone();
                for mv in line {
                    let fen = shakmaty::fen::Fen::from_position(&at, shakmaty::EnPassantMode::Legal);
                    assert!(!out_of_reach(&at, winner), "{winner:?} mates from {fen}");
                    at.play_unchecked(mv);
                }
            }
        }
        eprintln!("{lines} lines, {proofs} proofs");
        assert!(lines > 300 && proofs > 100, "{lines} lines, {proofs} proofs");
    }
}
