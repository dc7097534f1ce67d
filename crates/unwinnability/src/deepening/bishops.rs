//! Guidance for the long deepening search where bishops must come round behind pawn walls (the
//! idea is Ambrona's, chasolver's last stage; the code is ours): how many bishop moves each square
//! is from the corner where the mate is to be, going round the men that never move; and the first
//! moves after which the static proofs already show no mate can follow. A bishop of the mating
//! side coming closer from afar, or leaving the corner's squares to make room, is progress, and so
//! is the other side's bishop coming closer and, among many men, a capture by or of a pawn of the
//! other side; the hopeless first moves are waste wherever they are played.

use shakmaty::attacks::bishop_attacks;
use shakmaty::{Bitboard, Chess, Color, Move, Position, Role, Square};

use super::Kind;

/// A square no bishop can reach from the corner.
const FAR: u8 = u8::MAX;

/// What the bishop guidance knows of a search.
pub(super) struct Bishops {
    /// Bishop moves from the corner or the squares beside it on the edge, round the men that never
    /// move.
    distance: [u8; 64],
    /// Moves after which, from the start, the static proofs show no mate can follow.
    hopeless: Vec<Move>,
}

impl Bishops {
    pub(super) fn new(pos: &Chess, winner: Color, corner: Square) -> Bishops {
        let steady = crate::mobility::steady(pos, winner);
        let hopeless = pos
            .legal_moves()
            .into_iter()
            .filter(|&mv| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                crate::static_proof(&child, winner)
            })
            .collect();
        Bishops { distance: distances(corner, steady), hopeless }
    }

    /// What `mv` does for the mate by the guidance, when it says something.
    pub(super) fn kind(&self, board: &shakmaty::Board, mover: Color, winner: Color, mv: Move) -> Option<Kind> {
        if self.hopeless.contains(&mv) {
            return Some(Kind::Waste);
        }
        let Move::Normal { role, from, to, capture, .. } = mv else { return None };
        let (near, next) = (self.distance[from as usize], self.distance[to as usize]);
        if mover == winner {
            let closer =
                role == Role::Bishop && near != FAR && ((near <= 1 && near < next) || (near > 2 && near > next));
            return closer.then_some(Kind::Progress);
        }
        let pawn_taken = capture.is_some() && (role == Role::Pawn || capture == Some(Role::Pawn));
        let crowded = board.occupied().count() > 5;
        let closer = role == Role::Bishop && near > next;
        ((pawn_taken && crowded) || closer).then_some(Kind::Progress)
    }
}

/// Bishop moves from `corner` and the squares beside it on the edge to every square, never
/// through `steady`.
fn distances(corner: Square, steady: Bitboard) -> [u8; 64] {
    let mut distance = [FAR; 64];
    let beside = shakmaty::attacks::king_attacks(corner) & !shakmaty::attacks::bishop_attacks(corner, Bitboard::EMPTY);
    let mut reached = (Bitboard::from_square(corner) | beside) & !steady;
    let mut frontier = reached;
    let mut d = 0;
    while frontier.any() {
        let mut next = Bitboard::EMPTY;
        for sq in frontier {
            distance[sq as usize] = d;
            next |= bishop_attacks(sq, steady) & !steady;
        }
        frontier = next & !reached;
        reached |= frontier;
        d += 1;
    }
    distance
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_go_round_the_walls() {
        // From h8 (and g8, h7): g7 in one move, a1 in one along the long diagonal; with a wall on
        // d4 the long diagonal stops there and a1 is further.
        let open = distances(Square::H8, Bitboard::EMPTY);
        assert_eq!(open[Square::H8 as usize], 0);
        assert_eq!(open[Square::G8 as usize], 0);
        assert_eq!(open[Square::A1 as usize], 1);
        let walled = distances(Square::H8, Bitboard::from_square(Square::D4));
        assert_eq!(walled[Square::D4 as usize], FAR);
        assert!(walled[Square::A1 as usize] > 1);
    }
}
