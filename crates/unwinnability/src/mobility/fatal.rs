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
        if man.color == self.winner || matches!(man.role, Role::King | Role::Pawn) || !man.castling.is_empty() {
            return false;
        }
        let Some(ours) = self.king(self.winner) else { return false };
        let king = ours.start;
        if !self.walls.contains(king) {
            return false;
        }
        // With the man gone from its square, the king still has nowhere to step.
        let guarded = self.guards_of(!self.winner, |m| m.start != man.start);
        if (king_attacks(king) & !guarded & !self.walls_of(self.winner)).any() {
            return false;
        }
        let moves = attacks_from(man.role, man.color, man.start, self.walls) & !self.walls_of(man.color);
        if moves.is_empty() {
            return false;
        }
        let answers = Answers {
            king,
            guarded,
            reach: self.attack_reach(self.winner, KingPart::None),
            sliders: self.sliders_reach(),
            anywhere: self.men.iter().fold(Bitboard::EMPTY, |acc, m| acc | m.squares()),
        };
        moves.into_iter().all(|t| self.mates(man, t, &answers))
    }

    /// After `man` moves to `t`, the king is in check and nothing can take the checking man or
    /// step between.
    fn mates(&self, man: &super::Man, t: Square, answers: &Answers) -> bool {
        // Beside the king, the man would be taken unless guarded.
        if king_attacks(answers.king).contains(t) && !answers.guarded.contains(t) {
            return false;
        }
        // A long-range man of the mating side could come through the square the man leaves,
        // along its line, to take it.
        let through = if man.role == Role::Knight { Bitboard::EMPTY } else { ray(man.start, t) };
        let direct = attacks_from(man.role, man.color, t, Bitboard::FULL).contains(answers.king)
            && !answers.reach.contains(t)
            && (through & answers.sliders).is_empty();
        direct || self.uncovers(man.start, t, answers)
    }

    /// Where the mating side's long-range men could ever stand.
    fn sliders_reach(&self) -> Bitboard {
        self.men
            .iter()
            .filter(|m| m.color == self.winner && matches!(m.role, Role::Bishop | Role::Rook | Role::Queen))
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
    /// Where its long-range men could ever stand.
    sliders: Bitboard,
    /// Where any man could ever stand.
    anywhere: Bitboard,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::parse_fen_permissive;
    use shakmaty::Position;

    fn mobility(fen: &str, winner: Color) -> Mobility {
        Mobility::new(&parse_fen_permissive(&format!("{fen} 0 1")).unwrap(), winner)
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
        let open = mobility("8/6pp/8/8/ppp5/1kp4Q/qnp5/n1K5 b - -", Color::White);
        let knight = open.men.iter().position(|man| man.start == Square::B2).unwrap();
        assert!(!open.frozen(knight));
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
