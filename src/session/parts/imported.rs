//! A game read from PGN as it was read, kept beside the session: what the session does not keep
//! itself (every tag, move marks, variations, comments, the result decided off the board, moves
//! recorded after the end of the game) is written back from here.

use std::collections::BTreeMap;

use crate::store::PgnGame;

/// A game read from PGN, as read, and how many of its moves were played.
#[derive(Debug, Clone)]
pub struct Imported {
    game: PgnGame,
    played: usize,
    comments: BTreeMap<usize, String>,
}

impl Imported {
    /// `game` as read, of which the first `played` moves were played.
    pub fn new(game: PgnGame, played: usize) -> Imported {
        let comments =
            game.moves.iter().take(played).enumerate().filter_map(|(i, m)| Some((i, m.comment.clone()?))).collect();
        Imported { game, played, comments }
    }

    /// The game as read.
    pub fn game(&self) -> &PgnGame {
        &self.game
    }

    /// How many of its moves were played (those after the end of the game were not).
    pub fn played(&self) -> usize {
        self.played
    }

    /// The comment on half-move `ply`, unless it was taken back.
    pub fn comment(&self, ply: usize) -> Option<&String> {
        self.comments.get(&ply)
    }

    /// The moves from half-move `ply` on were taken back: their comments go.
    pub fn retract_to(&mut self, ply: usize) {
        self.comments.retain(|&p, _| p < ply);
    }

    /// Whether the game is still the PGN's: nothing played on, nothing taken back.
    pub fn unchanged(&self, moves: &[shakmaty::Move]) -> bool {
        moves.len() == self.played && moves.iter().zip(&self.game.moves).all(|(a, b)| *a == b.mv)
    }
}
