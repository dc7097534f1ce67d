//! Reading and writing positions as FEN (standard, X-FEN and Shredder-FEN castling), with errors
//! short enough to speak.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, FromSetup, PositionError};

/// Why a FEN was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("the text is not a FEN ({0})")]
    /// The text is not FEN.
    Syntax(FenReason),
    #[error("the FEN describes an impossible position ({0})")]
    /// The position cannot stand on a board.
    Position(FenReason),
}

impl FenError {
    /// What is wrong, for the catalogue to word.
    pub fn reason(&self) -> FenReason {
        match self {
            FenError::Syntax(r) | FenError::Position(r) => *r,
        }
    }
}

/// What is wrong with a FEN: a field that cannot be read, or a position that cannot stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum FenReason {
    #[error("not a FEN")]
    /// The text is not FEN at all.
    Text,
    #[error("invalid board part")]
    /// The piece placement.
    Board,
    #[error("invalid side to move")]
    /// The side to move.
    Turn,
    #[error("invalid castling part")]
    /// The castling rights.
    Castling,
    #[error("invalid en passant square")]
    /// The en passant square.
    EnPassant,
    #[error("invalid move counters")]
    /// The move counters.
    Counters,
    #[error("empty board")]
    /// The board is empty.
    Empty,
    #[error("a king is missing")]
    /// A king is missing.
    MissingKing,
    #[error("too many kings")]
    /// A side has more than one king.
    TooManyKings,
    #[error("pawns on the first or last rank")]
    /// A pawn stands on the first or last rank.
    PawnsOnBackrank,
    #[error("castling rights that do not fit the position")]
    /// A castling right without its king and rook in place.
    CastlingRights,
    #[error("the side not to move is in check")]
    /// The side not to move is in check.
    OppositeCheck,
    #[error("an impossible check")]
    /// The check cannot have come from the last move.
    ImpossibleCheck,
    #[error("too much material")]
    /// More pieces than a game can have.
    TooMuchMaterial,
}

impl FenReason {
    /// The catalogue key that words it.
    pub fn key(self) -> &'static str {
        match self {
            FenReason::Text => "fen.text",
            FenReason::Board => "fen.board",
            FenReason::Turn => "fen.turn",
            FenReason::Castling => "fen.castling",
            FenReason::EnPassant => "fen.en_passant",
            FenReason::Counters => "fen.counters",
            FenReason::Empty => "fen.empty",
            FenReason::MissingKing => "fen.missing_king",
            FenReason::TooManyKings => "fen.too_many_kings",
            FenReason::PawnsOnBackrank => "fen.pawns_on_backrank",
            FenReason::CastlingRights => "fen.castling_rights",
            FenReason::OppositeCheck => "fen.opposite_check",
            FenReason::ImpossibleCheck => "fen.impossible_check",
            FenReason::TooMuchMaterial => "fen.too_much_material",
        }
    }
}

fn syntax(e: shakmaty::fen::ParseFenError) -> FenReason {
    use shakmaty::fen::ParseFenError::*;
    match e {
        InvalidBoard | InvalidPocket => FenReason::Board,
        InvalidTurn => FenReason::Turn,
        InvalidCastling => FenReason::Castling,
        InvalidEpSquare => FenReason::EnPassant,
        InvalidRemainingChecks | InvalidHalfmoveClock | InvalidFullmoves => FenReason::Counters,
        _ => FenReason::Text,
    }
}

fn read(text: &str) -> Result<shakmaty::Setup, FenError> {
    let fen = Fen::from_ascii(text.trim().as_bytes()).map_err(|e| FenError::Syntax(syntax(e)))?;
    Ok(fen.into_setup())
}

fn mode_for(setup: &shakmaty::Setup) -> CastlingMode {
    CastlingMode::detect(setup)
}

fn describe(err: &PositionError<Chess>) -> FenReason {
    use shakmaty::PositionErrorKinds as K;
    let kinds = err.kinds();
    [
        (K::EMPTY_BOARD, FenReason::Empty),
        (K::MISSING_KING, FenReason::MissingKing),
        (K::TOO_MANY_KINGS, FenReason::TooManyKings),
        (K::PAWNS_ON_BACKRANK, FenReason::PawnsOnBackrank),
        (K::INVALID_CASTLING_RIGHTS, FenReason::CastlingRights),
        (K::INVALID_EP_SQUARE, FenReason::EnPassant),
        (K::OPPOSITE_CHECK, FenReason::OppositeCheck),
        (K::IMPOSSIBLE_CHECK, FenReason::ImpossibleCheck),
        (K::TOO_MUCH_MATERIAL, FenReason::TooMuchMaterial),
    ]
    .into_iter()
    .find(|(kind, _)| kinds.contains(*kind))
    .map_or(FenReason::Text, |(_, reason)| reason)
}

/// A position from a FEN, checked strictly.
pub fn parse_fen(text: &str) -> Result<Chess, FenError> {
    let setup = read(text)?;
    let mode = mode_for(&setup);
    Chess::from_setup(setup, mode).map_err(|e| FenError::Position(describe(&e)))
}

/// A position from a FEN, accepting checker alignments and amounts of material that cannot arise
/// in a game (some test suites use them).
pub fn parse_fen_permissive(text: &str) -> Result<Chess, FenError> {
    let setup = read(text)?;
    let mode = mode_for(&setup);
    Chess::from_setup(setup, mode)
        .or_else(PositionError::ignore_impossible_check)
        .or_else(PositionError::ignore_too_much_material)
        .map_err(|e| FenError::Position(describe(&e)))
}

/// The FEN of a position (en passant square only when a capture is legal).
pub fn to_fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_start() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(to_fen(&parse_fen(start).unwrap()), start);
    }

    #[test]
    fn broken_fens_are_refused_with_a_reason() {
        assert_eq!(parse_fen("hello"), Err(FenError::Syntax(FenReason::Board)));
        assert_eq!(parse_fen("8/8/8/8/8/8/8/8 x - - 0 1"), Err(FenError::Syntax(FenReason::Turn)));
        assert_eq!(parse_fen("8/8/8 w - - 0 1"), Err(FenError::Syntax(FenReason::Board)));
        let two_white_kings = "4k3/8/8/8/8/8/8/K3K3 w - - 0 1";
        assert_eq!(parse_fen(two_white_kings), Err(FenError::Position(FenReason::TooManyKings)));
        assert_eq!(parse_fen("8/8/8/8/8/8/8/K7 w - - 0 1"), Err(FenError::Position(FenReason::MissingKing)));
        assert_eq!(parse_fen("4k3/8/8/8/8/8/8/4K2P w - - 0 1"), Err(FenError::Position(FenReason::PawnsOnBackrank)));
    }
}
