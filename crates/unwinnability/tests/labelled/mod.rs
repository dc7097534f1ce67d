//! The labelled positions beside the project (chasolver's test set, and positions of real
//! games): their labels and positions, read permissively (a test suite's checks and material
//! need not arise in a game). Shared by the tests (the analyser's and the program's) and the
//! benchmark.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, FromSetup, PositionError};

/// The lines of a set (`positions.txt`, `lichess.txt`): its label (`--`, `w-`, `-b`, `wb`) and its
/// FEN, made six fields long where the set gives four.
pub fn labelled(set: &str) -> Vec<(String, String)> {
    // Beside the project: above the analyser's crate, or above the program that includes this.
    let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = manifest.ancestors().map(|d| d.join("../shared/data/unwinnability")).find(|d| d.is_dir());
    let text = std::fs::read_to_string(dir.expect("the labelled positions beside the project").join(set))
        .expect("the labelled positions beside the project");
    text.lines()
        .filter(|l| !l.starts_with('#') && l.len() > 3)
        .map(|l| (l[..2].to_string(), l[3..].trim().to_string()))
        .map(|(label, fen)| {
            let fen = if fen.split_whitespace().count() == 4 { format!("{fen} 0 1") } else { fen };
            (label, fen)
        })
        .collect()
}

/// A position from a test suite's FEN.
pub fn parse_fen_permissive(text: &str) -> Result<Chess, String> {
    let setup = Fen::from_ascii(text.as_bytes()).map_err(|e| e.to_string())?.into_setup();
    let mode = CastlingMode::detect(&setup);
    Chess::from_setup(setup, mode)
        .or_else(PositionError::ignore_impossible_check)
        .or_else(PositionError::ignore_too_much_material)
        .map_err(|e| e.to_string())
}
