//! The stalemate rule of the wider static proof: a king never steps where it would leave the other
//! side without a move. When the other side's men other than its king can never move, and wherever
//! its king could stand it would have no square left beside the king that arrived (and no line
//! opened for a check), the step ends the game at once in stalemate: no mate ever follows it, so
//! the proof may leave that square out of the king's set.

use shakmaty::attacks::{between, bishop_attacks, king_attacks, ray, rook_attacks};
use shakmaty::{Bitboard, Color, Role, Square};

use super::Mobility;

impl Mobility {
    /// The squares among `steps` where the king of `color`, stepping from `from`, would stalemate
    /// the other side.
    pub(super) fn stalemating(&self, color: Color, from: Square, steps: Bitboard) -> Bitboard {
        let enemy = !color;
        let mut king = None;
        for man in self.men.iter().filter(|m| m.color == enemy) {
            if man.role == Role::King {
                king = Some(man.reach);
            } else if man.moves() {
                return Bitboard::EMPTY;
            }
        }
        // The enemy king stands somewhere in its region, not next to ours.
        let Some(region) = king.map(|r| r & !king_attacks(from)) else { return Bitboard::EMPTY };
        if self.men.iter().any(|m| m.color == color && m.promotes) || self.opens_a_line(color, from, region) {
            return Bitboard::EMPTY;
        }
        // The enemy king could step anywhere but onto its own walls and the squares our walls other
        // than the king guard (the king has just left its square).
        let guarded = self
            .men
            .iter()
            .filter(|m| m.color == color && m.role != Role::King && self.walls.contains(m.start))
            .fold(Bitboard::EMPTY, |acc, m| acc | m.guards());
        let own = self.men.iter().filter(|m| m.color == enemy && self.walls.contains(m.start));
        let open = !guarded & !own.fold(Bitboard::EMPTY, |acc, m| acc.with(m.start));
        steps
            .into_iter()
            .filter(|&t| {
                let covered = king_attacks(t).with(t);
                region.into_iter().filter(|k| k.distance(t) > 1).all(|k| (king_attacks(k) & open & !covered).is_empty())
            })
            .collect()
    }

    /// A man of `color` that moves in straight lines could stand behind `from` on a line to some
    /// square of the enemy king's `region`, with no wall between: moving the king off `from`
    /// might give check.
    fn opens_a_line(&self, color: Color, from: Square, region: Bitboard) -> bool {
        region.into_iter().any(|k| {
            let line = ray(k, from);
            if line.is_empty() || (between(k, from) & self.walls).any() {
                return false;
            }
            let diagonal = k.file() != from.file() && k.rank() != from.rank();
            let blockers = self.walls.with(k);
            let beyond = if diagonal { bishop_attacks(from, blockers) } else { rook_attacks(from, blockers) }
                & line
                & !between(k, from)
                & !Bitboard::from_square(k);
            self.men.iter().filter(|m| m.color == color).any(|m| {
                let slides = match m.role {
                    Role::Queen => true,
                    Role::Bishop => diagonal,
                    Role::Rook => !diagonal,
                    _ => false,
                };
                slides && (m.squares() & beyond).any()
            })
        })
    }
}
