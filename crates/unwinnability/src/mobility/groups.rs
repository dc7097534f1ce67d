//! Squares a closed group guards for ever, for the wider static proof: men of one colour and one
//! kind whose squares overlap (bishops shuffling in a pocket, say), that nothing can take and onto
//! whose squares no other man can ever come. However they stand on those squares — every way of
//! putting the men on them is tried, with every square another man could stand on counted as in
//! the way — some of them attack a square: the other king never enters it, though no single man
//! guards it for ever.

use shakmaty::{Bitboard, ByColor, Color, Role};

use super::{attacks_from, Mobility};

/// At most this many empty squares among a group's squares (the ways of standing grow fast).
const MOST_HOLES: usize = 2;

/// At most this many squares in a group.
const MOST_SQUARES: usize = 16;

impl Mobility {
    /// The squares the closed groups of `color` guard for ever, with `captures` the squares the
    /// other side could take on.
    pub(super) fn group_guards(&self, color: Color, captures: &ByColor<Bitboard>) -> Bitboard {
        let mut guarded = Bitboard::EMPTY;
        for role in [Role::Bishop, Role::Knight, Role::Rook, Role::Queen] {
            let mut left: Vec<usize> = (0..self.men.len())
                .filter(|&i| self.men[i].color == color && self.men[i].role == role && !self.men[i].promotes)
                .collect();
            while let Some(first) = left.pop() {
                let (members, squares) = self.grow_group(first, &mut left);
                if members.len() > 1 {
                    guarded |= self.guarded_by(color, role, &members, squares, captures);
                }
            }
        }
        guarded
    }

    /// The men of `left` whose squares overlap those of man `first`, one after the other, taken
    /// out of `left`: their numbers and all their squares.
    fn grow_group(&self, first: usize, left: &mut Vec<usize>) -> (Vec<usize>, Bitboard) {
        let mut members = vec![first];
        let mut squares = self.men[first].reach;
        while let Some(at) = left.iter().position(|&j| (self.men[j].reach & squares).any()) {
            let j = left.swap_remove(at);
            squares |= self.men[j].reach;
            members.push(j);
        }
        (members, squares)
    }

    /// What the group `members` on `squares` guards however it stands, when it is closed (see
    /// the module text); nothing otherwise.
    fn guarded_by(
        &self,
        color: Color,
        role: Role,
        members: &[usize],
        squares: Bitboard,
        captures: &ByColor<Bitboard>,
    ) -> Bitboard {
        let holes = squares.count() - members.len();
        if holes > MOST_HOLES || squares.count() > MOST_SQUARES || (squares & *captures.get(!color)).any() {
            return Bitboard::EMPTY;
        }
        let others = (0..self.men.len())
            .filter(|i| !members.contains(i))
            .fold(Bitboard::EMPTY, |acc, i| acc | self.men[i].squares());
        if (others & squares).any() {
            return Bitboard::EMPTY;
        }
        let cells: Vec<_> = squares.into_iter().collect();
        let mut guarded = Bitboard::FULL;
        for empty in arrangements(cells.len(), holes) {
            let standing: Bitboard =
                cells.iter().enumerate().filter(|(i, _)| !empty.contains(i)).map(|(_, &sq)| sq).collect();
            let attacked = standing
                .into_iter()
                .fold(Bitboard::EMPTY, |acc, sq| acc | attacks_from(role, color, sq, standing | others));
            guarded &= attacked;
        }
        guarded
    }
}

/// Every way of choosing `holes` of `n` places (as their indices).
fn arrangements(n: usize, holes: usize) -> Vec<Vec<usize>> {
    match holes {
        0 => vec![Vec::new()],
        1 => (0..n).map(|a| vec![a]).collect(),
        _ => (0..n).flat_map(|a| (a + 1..n).map(move |b| vec![a, b])).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::parse_fen_permissive;
    use shakmaty::Square;

    #[test]
    fn seven_bishops_in_eight_squares_guard_what_each_arrangement_guards() {
        // White's seven light bishops shuffle among a8, c8, e8, g8, b7, d7, f7 and h7: one square
        // is always empty. a6 is guarded from b7, or from c8 through b7 when b7 is the empty one;
        // so Black's king never takes a pawn on the sixth rank, and neither side can ever mate
        // (chasolver's label).
        let fen = "B1B1B1B1/pBpBpBp1/P1P1P1P1/4b3/5b2/8/8/k1K5 w - - 0 1";
        let pos = parse_fen_permissive(fen).unwrap();
        let m = Mobility::new(&pos, Color::White);
        assert!(m.forbidden.black.contains(Square::A6) && m.forbidden.black.contains(Square::G6));
        assert!(super::super::out_of_reach(&pos, Color::White));
        assert!(super::super::out_of_reach(&pos, Color::Black));
        // With two squares empty (no bishop on g8) b7 and c8 may both be empty: a6 falls.
        let fen = "B1B1B3/pBpBpBp1/P1P1P1P1/4b3/5b2/8/8/k1K5 w - - 0 1";
        let m = Mobility::new(&parse_fen_permissive(fen).unwrap(), Color::White);
        assert!(!m.forbidden.black.contains(Square::A6));
    }

    #[test]
    fn the_ways_of_leaving_squares_empty_are_all_there() {
        assert_eq!(arrangements(8, 0).len(), 1);
        assert_eq!(arrangements(8, 1).len(), 8);
        assert_eq!(arrangements(8, 2).len(), 28);
    }
}
