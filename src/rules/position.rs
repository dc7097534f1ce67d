//! Reading and writing positions as FEN (standard, X-FEN and Shredder-FEN castling), with errors
//! short enough to speak.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, FromSetup, PositionError};

/// Why a FEN was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("the text is not a FEN ({0})")]
    Syntax(String),
    #[error("the FEN describes an impossible position ({0})")]
    Position(String),
}

fn read(text: &str) -> Result<shakmaty::Setup, FenError> {
    let fen = Fen::from_ascii(text.trim().as_bytes()).map_err(|e| FenError::Syntax(e.to_string()))?;
    Ok(fen.into_setup())
}

fn mode_for(setup: &shakmaty::Setup) -> CastlingMode {
    CastlingMode::detect(setup)
}

fn describe(err: &PositionError<Chess>) -> String {
    err.to_string().trim_start_matches("illegal position: ").to_string()
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
        assert!(matches!(parse_fen("hello"), Err(FenError::Syntax(_))));
        let two_white_kings = "4k3/8/8/8/8/8/8/K3K3 w - - 0 1";
        match parse_fen(two_white_kings) {
            Err(FenError::Position(why)) => assert!(why.contains("king"), "{why}"),
            other => panic!("expected a position error, got {other:?}"),
        }
    }
}
