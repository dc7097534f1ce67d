//! How a game ended: the result (Art. 11 scoring) and the rule that ended it.

use shakmaty::{Chess, Color, Position};
use unwinnability::{is_dead_position, ussr_1953_material_draw};

use super::ruleset::Ruleset;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// The result of a game.
pub enum GameResult {
    /// 1-0.
    WhiteWins,
    /// 0-1.
    BlackWins,
    /// ½-½.
    Draw,
    /// No result: the game was called off before it was played (online: aborted, or the first
    /// move was never made), or ended on the server without saying how. PGN writes `*`.
    NoResult,
}

impl GameResult {
    /// A win for `color`.
    pub fn win_for(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The score as PGN and the scripting contract write it.
    pub fn score(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::NoResult => "*",
        }
    }

    /// The result a score written in PGN stands for; `*` (or anything else) is none.
    pub fn from_score(score: &str) -> Option<GameResult> {
        match score.trim() {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            _ => None,
        }
    }

    /// Who won; none in a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw | GameResult::NoResult => None,
        }
    }
}

/// The rule that ended the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// 5.1a
    Checkmate,
    /// 5.1b
    Resignation,
    /// 5.2a
    Stalemate,
    /// 5.2b, 9.6 (2008)
    DeadPosition,
    /// 5.2c
    Agreement,
    /// 9.2
    ThreefoldRepetition,
    /// 9.3
    FiftyMoves,
    /// 9.6a (2014)
    FivefoldRepetition,
    /// 9.6b (2014)
    SeventyFiveMoves,
    /// 6.9: the flag fell and the opponent can still mate.
    FlagFall,
    /// 6.9: the flag fell, but the opponent cannot mate by any series of legal moves.
    FlagFallCannotMate,
    /// Both flags fell (A.4d in rapid and blitz, 6.11).
    BothFlags,
    /// 7.4b (2008), 7.5b (2014): the last permitted illegal move was exceeded.
    IllegalMoves,
    /// The same, but the opponent cannot mate: a draw.
    IllegalMovesCannotMate,
    /// Adjournment rule 8: the sealed move was ambiguous, unreadable or illegal.
    SealedMove,
    /// 1953 §18a–b: only the material that cannot mate is left.
    BareMaterial,
    /// 1953 §18g: a wrong claim of repetition loses.
    WrongClaim,
    /// The same, but the opponent cannot mate: a draw.
    SealedMoveCannotMate,
    /// Online: the opponent left the game and the win was claimed.
    Abandoned,
    /// Online: the opponent left the game and a draw was claimed.
    AbandonedDraw,
    /// Online: a draw the server declared without an offer seen here, by a claim or a rule of
    /// its own.
    DrawnOnServer,
    /// Online: the server found a player cheating; the other wins.
    Cheat,
    /// Online: the server granted a claim that the material left cannot win.
    InsufficientMaterialClaim,
    /// Online: a variant's own rule ended the game.
    VariantEnd,
    /// Online: the server ended the game for a reason it does not give, with a winner.
    DecidedOnServer,
    /// Online: the server ended the game without saying how, and without a result.
    UnknownFinish,
    /// Online: the game was aborted; it has no result.
    Aborted,
    /// Online: the first move was not made in time; the game has no result.
    NotStarted,
}

impl Reason {
    /// A stable key, used for messages and the `result:` line.
    pub fn key(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Resignation => "resignation",
            Reason::Stalemate => "stalemate",
            Reason::DeadPosition => "dead position",
            Reason::Agreement => "agreement",
            Reason::ThreefoldRepetition => "threefold repetition",
            Reason::FiftyMoves => "50-move rule",
            Reason::FivefoldRepetition => "fivefold repetition",
            Reason::SeventyFiveMoves => "75-move rule",
            Reason::FlagFall => "time forfeit",
            Reason::FlagFallCannotMate => "flag fell, opponent cannot checkmate",
            Reason::BothFlags => "both flags fell",
            Reason::IllegalMoves => "illegal moves",
            Reason::IllegalMovesCannotMate => "illegal moves, opponent cannot checkmate",
            Reason::SealedMove => "invalid sealed move",
            Reason::BareMaterial => "insufficient material",
            Reason::WrongClaim => "wrong claim",
            Reason::SealedMoveCannotMate => "invalid sealed move, opponent cannot checkmate",
            Reason::Abandoned => "abandoned",
            Reason::AbandonedDraw => "opponent left, draw claimed",
            Reason::DrawnOnServer => "drawn on the server",
            Reason::Cheat => "cheat detected",
            Reason::InsufficientMaterialClaim => "insufficient material claim",
            Reason::VariantEnd => "variant end",
            Reason::DecidedOnServer => "decided on the server",
            Reason::UnknownFinish => "unknown finish",
            Reason::Aborted => "aborted",
            Reason::NotStarted => "not started",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// How a game ended: the result and why.
pub struct Outcome {
    /// The result.
    pub result: GameResult,
    /// Why.
    pub reason: Reason,
}

impl Outcome {
    /// A draw for `reason`.
    pub fn draw(reason: Reason) -> Outcome {
        Outcome { result: GameResult::Draw, reason }
    }

    /// A win for `color` for `reason`.
    pub fn win(color: Color, reason: Reason) -> Outcome {
        Outcome { result: GameResult::win_for(color), reason }
    }

    /// No result, for `reason` (a game called off).
    pub fn none(reason: Reason) -> Outcome {
        Outcome { result: GameResult::NoResult, reason }
    }

    /// The outcome the position alone imposes under `ruleset`, without a claim: checkmate,
    /// stalemate, a dead position (or, under the 1953 code, bare material).
    pub fn of_position(pos: &Chess, ruleset: Ruleset) -> Option<Outcome> {
        if pos.is_checkmate() {
            return Some(Outcome::win(pos.turn().other(), Reason::Checkmate));
        }
        if pos.is_stalemate() {
            return Some(Outcome::draw(Reason::Stalemate));
        }
        if ruleset.dead_position_draws() && is_dead_position(pos) {
            return Some(Outcome::draw(Reason::DeadPosition));
        }
        if !ruleset.dead_position_draws() && ussr_1953_material_draw(pos.board()) {
            return Some(Outcome::draw(Reason::BareMaterial));
        }
        None
    }

    /// The line the scripting contract promises, e.g. `result: 1/2-1/2 (fivefold repetition)`.
    pub fn result_line(&self) -> String {
        format!("result: {} ({})", self.result.score(), self.reason.key())
    }
}
