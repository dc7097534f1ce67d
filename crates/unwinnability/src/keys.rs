//! Keys of positions for the searches' tables: Zobrist hashes, the child's reckoned from its
//! parent's and the men the move changed, and a map that uses them as they are.

use shakmaty::zobrist::ZobristValue;
use shakmaty::{Chess, EnPassantMode, Move, Position, Role, Square};

/// Hashes of positions are already evenly spread (Zobrist keys): the maps use them as they are.
#[derive(Default, Clone, Copy)]
pub(crate) struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 ^= n;
    }

    fn write_u128(&mut self, n: u128) {
        self.0 ^= (n as u64) ^ ((n >> 64) as u64);
    }
}

/// A map keyed by Zobrist hashes.
pub(crate) type KeyMap<K, V> = std::collections::HashMap<K, V, std::hash::BuildHasherDefault<KeyHasher>>;

/// A set of Zobrist hashes.
pub(crate) type KeySet<K> = std::collections::HashSet<K, std::hash::BuildHasherDefault<KeyHasher>>;

/// The key of the position `mv` leads to from `parent` (whose key is `parent_key`), without
/// playing it, for a move that changes no castling right and gives no en passant chance: the moved,
/// taken and promoted men, the turn and the parent's en passant file changed.
pub(crate) fn move_key<V: ZobristValue>(parent: &Chess, parent_key: V, mv: Move) -> Option<V> {
    let turn = parent.turn();
    let rights = parent.castles().castling_rights();
    let mut key = parent_key;
    match mv {
        Move::Normal { role, from, capture, to, promotion } => {
            let double_step = role == Role::Pawn && from.rank().distance(to.rank()) == 2;
            let castling_king = role == Role::King && parent.castles().has_color(turn);
            if double_step || castling_king || rights.contains(from) || rights.contains(to) {
                return None;
            }
            key ^= V::zobrist_for_piece(from, role.of(turn));
            key ^= V::zobrist_for_piece(to, promotion.unwrap_or(role).of(turn));
            if let Some(taken) = capture {
                key ^= V::zobrist_for_piece(to, taken.of(!turn));
            }
        }
        Move::EnPassant { from, to } => {
            key ^= V::zobrist_for_piece(from, Role::Pawn.of(turn));
            key ^= V::zobrist_for_piece(to, Role::Pawn.of(turn));
            key ^= V::zobrist_for_piece(Square::from_coords(to.file(), from.rank()), Role::Pawn.of(!turn));
        }
        _ => return None,
    }
    key ^= V::zobrist_for_white_turn();
    if let Some(sq) = parent.ep_square(EnPassantMode::Legal) {
        key ^= V::zobrist_for_en_passant_file(sq.file());
    }
    Some(key)
}

/// The 64-bit key of a position, as the searches' tables use it.
pub(crate) fn position_key(pos: &Chess) -> u64 {
    let key: shakmaty::zobrist::Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
    key.0
}

/// The key of `child`, reached from `parent` (whose key is `parent_key`) by `mv`: reckoned as
/// `move_key` does where it can, else hashed afresh. The same as
/// `child.zobrist_hash(EnPassantMode::Legal)`.
pub(crate) fn child_key<V: ZobristValue>(parent: &Chess, parent_key: V, mv: Move, child: &Chess) -> V {
    move_key(parent, parent_key, mv).unwrap_or_else(|| child.zobrist_hash(EnPassantMode::Legal))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::zobrist::{Zobrist128, Zobrist64};

    /// Plays the first, then the last, then the middle legal move and so on from each start,
    /// comparing every child's key with one hashed afresh; most are reckoned without hashing.
    #[test]
    fn a_reckoned_key_is_the_hashed_key() {
        let starts = [
            "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "8/2P5/8/3pP3/8/8/5p2/4K2k w - d6 0 1",
            "rk2r3/8/8/8/8/8/8/RK2R3 w AEae - 0 1",
        ];
        let (mut compared, mut reckoned) = (0, 0);
        for fen in starts {
            let start = crate::testing::parse_fen_permissive(fen).expect("a valid FEN");
            for pick in 0..7usize {
                let mut pos = start.clone();
                for ply in 0..40 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    // Every move of this position is compared; one of them is played on.
                    for &mv in &moves {
                        let child = pos.clone().play(mv).expect("legal");
                        let hashed: Zobrist64 = child.zobrist_hash(EnPassantMode::Legal);
                        let parent: Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
                        assert_eq!(child_key(&pos, parent, mv, &child).0, hashed.0, "{mv} after {fen}");
                        reckoned += usize::from(move_key(&pos, parent, mv).is_some());
                        let wide: Zobrist128 = child.zobrist_hash(EnPassantMode::Legal);
                        let parent: Zobrist128 = pos.zobrist_hash(EnPassantMode::Legal);
                        assert_eq!(child_key(&pos, parent, mv, &child).0, wide.0);
                        compared += 1;
                    }
                    let at = (pick * 7 + ply * 13) % moves.len();
                    pos = pos.play(moves[at]).expect("legal");
                }
            }
        }
        assert!(compared > 5_000 && reckoned > compared / 2, "{reckoned} of {compared}");
    }
}
