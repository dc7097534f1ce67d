//! Draw claims by the player to move (9.2 threefold repetition, 9.3 fifty moves), on the current
//! position or on a declared intended move, and why a claim was refused.

use shakmaty::{Chess, Move, Position};

use super::identity::PositionId;

/// The ground on which a correct claim was upheld.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimGround {
    /// The same position for the third time (9.2).
    Threefold,
    /// Fifty moves by each side without a capture or pawn move (9.3).
    FiftyMoves,
}

/// The facts behind a refused claim, so the arbiter and players hear the evidence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClaimRefusal {
    /// How often the position (current or after the intended move) has stood on the board.
    pub occurrences: usize,
    /// Moves by each player without a capture or pawn move (whole moves, rounded down).
    pub quiet_moves: u32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
/// What a draw claim came to.
pub enum ClaimResult {
    /// The claim is correct: the game is drawn.
    Upheld {
        /// On which ground.
        ground: ClaimGround,
        /// The move written with the claim, played.
        intended: Option<Move>,
    },
    /// The claim is wrong: the game goes on.
    Refused {
        /// The facts that refute it.
        refusal: ClaimRefusal,
        /// The move written with the claim, played.
        intended: Option<Move>,
    },
}

/// Judges a claim. `history` holds the identity of every position that has stood on the board,
/// the current one last; `placement_only` compares positions as the 1953 code does.
pub fn judge(history: &[PositionId], current: &Chess, intended: Option<Move>, placement_only: bool) -> ClaimResult {
    let same = |a: &PositionId, b: &PositionId| if placement_only { a.same_placement(b) } else { a == b };
    let (occurrences, halfmoves) = match intended {
        None => {
            let now = PositionId::of(current);
            (history.iter().filter(|p| same(p, &now)).count(), current.halfmoves())
        }
        Some(m) => {
            let mut after = current.clone();
            after.play_unchecked(m);
            let then = PositionId::of(&after);
            (history.iter().filter(|p| same(p, &then)).count() + 1, after.halfmoves())
        }
    };
    if occurrences >= 3 {
        ClaimResult::Upheld { ground: ClaimGround::Threefold, intended }
    } else if halfmoves >= 100 {
        ClaimResult::Upheld { ground: ClaimGround::FiftyMoves, intended }
    } else {
        ClaimResult::Refused { refusal: ClaimRefusal { occurrences, quiet_moves: halfmoves / 2 }, intended }
    }
}
