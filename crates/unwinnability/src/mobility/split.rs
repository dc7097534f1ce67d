//! The split on one man that has no move now but could be taken where it stands (as chasolver
//! splits), or whose every move now would mate the mating side: on every line either it is not
//! taken before it first moves — and where it can then never move it is a wall for good — or it
//! is taken before it ever moves, and so never moves at all. The two cases hold for any man; the
//! split is worth trying on these. Where neither case leaves a mate, there is none: a proof the
//! plain sets miss, since they count such a man both as gone (no wall) and as free to move once
//! the men round it are gone.

use shakmaty::{Bitboard, Chess, Color, Position, Role, Square};

use super::{attacks_from, no_mate, Man, Mobility};

/// One case of the split on the man that started on the square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Case {
    /// It is not taken before it first moves.
    NotTakenBeforeMoving(Square),
    /// It is taken before it ever moves: it never moves.
    TakenBeforeMoving(Square),
}

/// At most this many men are split on, one at a time (a split costs two settlings of the sets).
const MOST_MEN: usize = 16;

impl Mobility {
    /// In this case `man` is never taken while it has not moved: where it cannot move, never.
    pub(super) fn stays_unless_moved(&self, man: &Man) -> bool {
        self.case == Some(Case::NotTakenBeforeMoving(man.start)) && !man.moves()
    }

    /// In this case `man` never moves.
    pub(super) fn never_moves(&self, man: &Man) -> bool {
        self.case == Some(Case::TakenBeforeMoving(man.start))
    }
}

/// Whether, for some man that has no move now, neither case of the split on it leaves a mate
/// (`plain`: the sets without a split, for the men and the mating side).
pub(super) fn no_mate_either_way(pos: &Chess, plain: &Mobility) -> bool {
    let winner = plain.winner;
    let holds = |case| no_mate(&Mobility::in_case(pos, winner, Some(case)));
    let mating = only_mates(pos, winner);
    plain
        .men
        .iter()
        .filter(|m| m.role != Role::King && !m.spared && (stuck(pos, m.start) || mating.contains(m.start)))
        .take(MOST_MEN)
        .any(|m| holds(Case::NotTakenBeforeMoving(m.start)) && holds(Case::TakenBeforeMoving(m.start)))
}

/// The man on `sq` has no move now: a pawn with nothing to step onto or to take, a piece hemmed
/// in by its own men.
fn stuck(pos: &Chess, sq: Square) -> bool {
    let board = pos.board();
    let Some(piece) = board.piece_at(sq) else { return false };
    match piece.role {
        Role::Pawn => {
            let ahead = sq.offset(piece.color.fold_wb(8, -8));
            let takes = shakmaty::attacks::pawn_attacks(piece.color, sq) & board.by_color(!piece.color);
            takes.is_empty() && ahead.is_none_or(|a| board.occupied().contains(a))
        }
        role => (attacks_from(role, piece.color, sq, board.occupied()) & !board.by_color(piece.color)).is_empty(),
    }
}

/// The squares of the men of the side to move, when the other side is the mating one, whose every
/// move now mates it: on a line to the mate they do not move now either.
fn only_mates(pos: &Chess, winner: Color) -> Bitboard {
    if pos.turn() == winner {
        return Bitboard::EMPTY;
    }
    let mut mating = pos.board().by_color(pos.turn());
    let mut moved = Bitboard::EMPTY;
    for m in pos.legal_moves() {
        let Some(from) = m.from() else { continue };
        moved.add(from);
        let mut after = pos.clone();
        after.play_unchecked(m);
        if !after.is_checkmate() {
            mating.discard(from);
        }
    }
    mating & moved
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::parse_fen_permissive;
    use crate::{out_of_reach, out_of_reach_split};

    /// White's rook on g1 has no move, and only Black's king can take it. If it is never taken it
    /// shuts the king in for good; if it is taken, it never moved and Black's king has only the
    /// corner beyond it: neither side can mate (chasolver's label), which the sets without the
    /// split do not show (they let the rook both go and sweep the first rank).
    const ROOK_IN_THE_CORNER: &str = "8/7B/7b/8/3p1p1p/b1pP1PpP/B1PpBkP1/3K1BRB w - - 0 1";

    #[test]
    fn a_man_that_cannot_move_is_either_never_taken_or_taken_where_it_stands() {
        let pos = parse_fen_permissive(ROOK_IN_THE_CORNER).unwrap();
        for color in Color::ALL {
            assert!(!out_of_reach(&pos, color));
            assert!(out_of_reach_split(&pos, color), "{color:?}");
        }
        assert!(stuck(&pos, Square::G1) && stuck(&pos, Square::C2) && !stuck(&pos, Square::A2));
    }

    #[test]
    fn a_man_whose_every_move_mates_the_other_side_is_split_on() {
        // White's knight on g1 has one move, to h3, and it mates Black's king (which could take
        // the knight): Black cannot mate (chasolver's label), which without the split only a walk
        // of half a million positions shows.
        let pos = parse_fen_permissive("8/5BbB/7b/8/3p1p2/2pPpPp1/2PpBkP1/3K1BN1 w - - 0 1").unwrap();
        assert!(!stuck(&pos, Square::G1) && only_mates(&pos, Color::Black).contains(Square::G1));
        assert!(
            !only_mates(&pos, Color::White).contains(Square::G1)
                && !only_mates(&pos, Color::Black).contains(Square::F1)
        );
        assert!(!out_of_reach(&pos, Color::Black));
        assert!(out_of_reach_split(&pos, Color::Black));
        // If it is not taken before it moves, it never moves: its king's neighbours stay shut.
        let stays = Mobility::in_case(&pos, Color::Black, Some(Case::NotTakenBeforeMoving(Square::G1)));
        assert!(stays.walls.contains(Square::G1) && stays.walls.contains(Square::F2));
    }

    #[test]
    fn each_case_alone_leaves_a_mate_where_the_other_is_needed() {
        // The proof needs both cases of the rook's split to hold: each one alone describes only
        // some of the lines, so neither may be taken as the answer by itself.
        let pos = parse_fen_permissive(ROOK_IN_THE_CORNER).unwrap();
        let plain = Mobility::new(&pos, Color::White);
        assert!(plain.unsettled, "without the split a white pawn could promote");
        let stays = Mobility::in_case(&pos, Color::White, Some(Case::NotTakenBeforeMoving(Square::G1)));
        assert!(stays.walls.contains(Square::G1));
        let taken = Mobility::in_case(&pos, Color::White, Some(Case::TakenBeforeMoving(Square::G1)));
        assert!(!taken.walls.contains(Square::G1));
        assert!(taken.king(Color::Black).unwrap().reach.contains(Square::G1));
    }

    #[test]
    fn the_split_never_contradicts_a_label() {
        let proven = crate::testing::proofs_checked_against_labels(|pos, color| {
            !out_of_reach(pos, color) && out_of_reach_split(pos, color)
        });
        assert!(proven >= 4, "{proven} proofs only the split gives");
    }
}
