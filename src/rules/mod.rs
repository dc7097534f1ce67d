//! The rules core: a game under the FIDE Laws over shakmaty's move generation. It owns legality,
//! the end of the game (mate, stalemate, dead position, automatic draws), claims, draw offers,
//! resignation, the ruleset in force and the explanation of why a move is illegal.

mod chess960;
mod claim;
mod explain;
mod game;
mod identity;
mod outcome;
mod pairings;
mod perft;
mod position;
mod ruleset;
mod verdicts;

pub use chess960::{back_rank, chess960_fen, chess960_number, random_number};
pub use claim::{ClaimGround, ClaimRefusal, ClaimResult};
pub use explain::{explain_castling, explain_move, CastlingProblem, IllegalReason};
pub use game::{Forfeit, Game, GameError, MoveReport};
pub use identity::PositionId;
pub use outcome::{GameResult, Outcome, Reason};
pub use pairings::{berger, Pairing, PairingError};
pub use perft::perft;
pub use position::{parse_fen, parse_fen_permissive, to_fen, FenError, FenReason};
pub use ruleset::Ruleset;
pub use unwinnability::{
    can_checkmate, forfeit_winnability, is_dead_position, ussr_1953_material_draw, winnability, Budget, Winnability,
};
pub use verdicts::{forfeit_verdicts, verdicts};
