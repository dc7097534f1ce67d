//! The stalemate rule of the wider static proof: a king never steps where it would leave the other
//! side without a move. When the other side's men other than its king can never move, and wherever
//! its king could stand it would have no square left beside the king that arrived (and no line
//! opened for a check), the step ends the game at once in stalemate: no mate ever follows it, so
//! the proof may leave that square out of the king's set.

use shakmaty::attacks::{between, bishop_attacks, king_attacks, queen_attacks, ray, rook_attacks};
use shakmaty::{Bitboard, Color, Role, Square};

use super::Mobility;

/// What the rule needs for a king of one colour, worked out once a round.
#[derive(Clone, Copy)]
pub(super) struct Quiet {
    /// Where the other king could stand.
    region: Bitboard,
    /// Where the other king could step but for our king: not onto its own walls, not where our
    /// walls other than the king guard.
    open: Bitboard,
    /// Where our men moving along diagonals, and along ranks and files, could stand.
    diagonal: Bitboard,
    straight: Bitboard,
}

impl Mobility {
    /// For the king of `color`: what the rule needs, when the other side's men other than its king
    /// can never move and no man of `color` could promote; else nothing.
    pub(super) fn quiet(&self, color: Color) -> Option<Quiet> {
        let mut quiet = Quiet {
            region: Bitboard::EMPTY,
            open: Bitboard::FULL,
            diagonal: Bitboard::EMPTY,
            straight: Bitboard::EMPTY,
        };
        for man in &self.men {
            let wall = self.walls.contains(man.start);
            if man.color == color {
                if man.promotes {
                    return None;
                }
                if wall && man.role != Role::King {
                    quiet.open &= !man.guards();
                }
                if matches!(man.role, Role::Bishop | Role::Queen) {
                    quiet.diagonal |= man.reach;
                }
                if matches!(man.role, Role::Rook | Role::Queen) {
                    quiet.straight |= man.reach;
                }
            } else if man.role == Role::King {
                quiet.region = man.reach;
            } else if man.moves() {
                return None;
            } else if wall {
                quiet.open.discard(man.start);
            }
        }
        quiet.region.any().then_some(quiet)
    }

    /// The squares among `steps` where the king of `color`, stepping from `from`, would stalemate
    /// the other side.
    pub(super) fn stalemating(&self, color: Color, from: Square, steps: Bitboard) -> Bitboard {
        let Some(quiet) = *self.quiet.get(color) else { return Bitboard::EMPTY };
        // The other king stands somewhere in its region, not next to ours.
        let region = quiet.region & !king_attacks(from);
        if self.opens_a_line(&quiet, from, region) {
            return Bitboard::EMPTY;
        }
        steps
            .into_iter()
            .filter(|&t| {
                let covered = king_attacks(t).with(t);
                (region & !covered).into_iter().all(|k| (king_attacks(k) & quiet.open & !covered).is_empty())
            })
            .collect()
    }

    /// A man that moves in straight lines could stand behind `from` on a line to a square of the
    /// other king's `region`, with no wall between: moving the king off `from` might give check.
    fn opens_a_line(&self, quiet: &Quiet, from: Square, region: Bitboard) -> bool {
        (queen_attacks(from, self.walls) & region).into_iter().any(|k| {
            let diagonal = k.file() != from.file() && k.rank() != from.rank();
            let blockers = self.walls.with(k);
            let (reach, sliders) = if diagonal {
                (bishop_attacks(from, blockers), quiet.diagonal)
            } else {
                (rook_attacks(from, blockers), quiet.straight)
            };
            let beyond = reach & ray(k, from) & !between(k, from) & !Bitboard::from_square(k);
            (sliders & beyond).any()
        })
    }
}
