//! Perft: counting the leaf nodes of the legal move tree, the standard check of move generation.

use shakmaty::{Chess, Position};

/// The number of legal move sequences of length `depth` from `pos`.
pub fn perft(pos: &Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(*m);
            perft(&next, depth - 1)
        })
        .sum()
}
