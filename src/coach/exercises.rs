//! Exercises from the player's own games: the positions where the engine finds that the player
//! made a mistake or a blunder become positions to find a better move in ("Your game against Bob,
//! your move 17"). Any move the engine rates within a small margin of its best counts as right.

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Position};

use crate::engine::{judge, Engine, EngineError, Limits, Score};
use crate::store::PgnGame;

/// How far below the engine's best move (in centipawns, for the player) an answer may be and
/// still count as right.
pub const MARGIN: i64 = 50;

/// How long one position may take the engine before it has failed.
const POSITION_LIMIT: std::time::Duration = std::time::Duration::from_secs(30);

/// A position from one of the player's games where a better move was there to be found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exercise {
    /// Which: the game's key and the half-move (`game-17….pgn:33`).
    pub key: String,
    /// The position, the player to move (FEN).
    pub fen: String,
    /// The engine's best move there (UCI).
    pub best: String,
    /// Its score for the player, in centipawns (a mate as ±100,000 less the moves to it).
    pub score: i64,
    /// The number of the player's move in the game.
    pub number: u32,
    /// The opponent's name, as the game has it.
    pub label: String,
}

impl Exercise {
    /// The position.
    pub fn position(&self) -> Option<Chess> {
        let fen: shakmaty::fen::Fen = self.fen.parse().ok()?;
        fen.into_position(CastlingMode::Standard).ok()
    }

    /// Whether an answer the engine scores `after` (for the player, after the answer) is right:
    /// within the margin of the best, or a mate as good.
    pub fn accepts(&self, after: i64) -> bool {
        after >= self.score - MARGIN || (self.score >= MATE_FLOOR && after >= MATE_FLOOR)
    }
}

/// Scores at or beyond this are mates.
const MATE_FLOOR: i64 = 90_000;

/// A score as centipawns for the side whose score it is (a mate as ±100,000 less its moves).
pub fn centipawns(score: Score) -> i64 {
    match score {
        Score::Centipawns(cp) => i64::from(cp),
        Score::Mate(m) if m > 0 => 100_000 - i64::from(m),
        Score::Mate(m) => -100_000 - i64::from(m),
    }
}

/// The exercises of `game` (keyed `key`) for the player of `player`: every position where the
/// engine judges the player's move a mistake or a blunder and knows a move other than it.
pub fn from_game(
    engine: &mut Engine,
    game: &PgnGame,
    (key, player, opponent): (&str, Color, &str),
    limits: &Limits,
) -> Result<Vec<Exercise>, EngineError> {
    let mut pos: Chess = game.start.as_deref().and_then(|f| crate::rules::parse_fen(f).ok()).unwrap_or_default();
    let mut exercises = Vec::new();
    // The engine's scores are White's: the player's are turned round for Black.
    let sign = if player.is_white() { 1 } else { -1 };
    for (ply, m) in game.moves.iter().enumerate() {
        let mover = pos.turn();
        if mover != player {
            pos.play_unchecked(m.mv);
            continue;
        }
        let evaluated = engine.evaluate(&pos, limits, POSITION_LIMIT)?;
        let start = pos.clone();
        pos.play_unchecked(m.mv);
        let after = engine.evaluate(&pos, limits, POSITION_LIMIT)?;
        let best = evaluated.line.first().copied();
        let judged = judge(evaluated.score, after.score, mover);
        if let (Some(_), Some(best)) = (judged, best.filter(|b| *b != m.mv)) {
            exercises.push(Exercise {
                key: format!("{key}:{ply}"),
                fen: crate::rules::to_fen(&start),
                best: UciMove::from_move(best, CastlingMode::Standard).to_string(),
                score: centipawns(evaluated.score) * sign,
                number: start.fullmoves().get(),
                label: opponent.to_string(),
            });
        }
    }
    Ok(exercises)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_within_the_margin_or_a_mate_as_good_is_right() {
        let e = Exercise {
            key: "g:3".into(),
            fen: "8/8/8/8/8/8/8/K1k5 w - - 0 1".into(),
            best: "a1a2".into(),
            score: 120,
            number: 2,
            label: "Bob".into(),
        };
        assert!(e.accepts(120) && e.accepts(75) && !e.accepts(60));
        let mate = Exercise { score: centipawns(Score::Mate(2)), ..e };
        assert!(mate.accepts(centipawns(Score::Mate(3))) && !mate.accepts(900));
        assert!(centipawns(Score::Mate(-1)) < -90_000);
    }
}
