//! A game read from PGN as it was read, kept beside the session: what the session does not keep
//! itself (every tag, move marks, variations, the result decided off the board, moves recorded
//! after the end of the game) is written back from here.

use crate::store::PgnGame;

/// A game read from PGN, as read, and how many of its moves were played.
#[derive(Debug, Clone)]
pub(super) struct Imported {
    /// The game as read.
    pub(super) game: PgnGame,
    /// How many of its moves were played (those after the end of the game were not).
    pub(super) played: usize,
}

impl Imported {
    /// Whether the game is still the PGN's: nothing played on, nothing taken back.
    pub(super) fn unchanged(&self, moves: &[shakmaty::Move]) -> bool {
        moves.len() == self.played && moves.iter().zip(&self.game.moves).all(|(a, b)| *a == b.mv)
    }
}
