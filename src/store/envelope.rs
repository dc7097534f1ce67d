//! The adjournment envelope (the rules for adjourned games, 2; 1953 §21): everything needed to
//! resume — the names, the position before the sealed move, each player's time, who sealed, the
//! move number, the sealed move as written, a standing draw offer, and the date, time and place
//! of resumption — kept as a small TOML file beside the game's journal, with that journal's path
//! (the game goes on there) and, once it was resumed, where it went on (it resumes only once).

use crate::messages::TomlError;
use serde::Deserialize;
use shakmaty::{ByColor, Color};

/// Why an envelope cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EnvelopeError {
    /// The file is not TOML of the envelope's form.
    #[error(transparent)]
    Toml(#[from] TomlError),
    /// `sealed_by` names no player.
    #[error("{0}: sealed_by must be white or black")]
    SealedBy(String),
    /// The file is larger than an envelope can be (1 MB).
    #[error("{0} is too large to be an envelope (at most 1 MB)")]
    TooLarge(String),
}

/// The sealed envelope of an adjourned game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    /// The players' names.
    pub names: ByColor<String>,
    /// The position immediately before the sealed move (FEN).
    pub fen: String,
    /// Each player's time left, in milliseconds.
    pub left_ms: ByColor<u64>,
    /// Each player's time used, in milliseconds.
    pub used_ms: ByColor<u64>,
    /// Each player's moves made.
    pub moves: ByColor<u32>,
    /// Who sealed the move.
    pub sealed_by: Color,
    /// The number of the sealed move.
    pub move_number: u32,
    /// The sealed move exactly as written.
    pub sealed: String,
    /// Whose draw offer still stands, if any.
    pub draw_offer: Option<Color>,
    /// Date, time and place of resumption, as the arbiter gave them.
    pub resumption: String,
    /// The game's settings, as a configuration file.
    pub settings: String,
    /// The journal of the game before it was adjourned, where it goes on (empty: none).
    pub journal: String,
    /// The journal the game went on in once the envelope was resumed (empty: not yet).
    pub resumed_in: String,
}

/// The envelope as its file spells it: a colour as `white` or `black` (a draw offer also empty),
/// each player's time and moves as a field of its own.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Written {
    white: String,
    black: String,
    fen: String,
    white_left_ms: u64,
    black_left_ms: u64,
    white_used_ms: u64,
    black_used_ms: u64,
    white_moves: u32,
    black_moves: u32,
    sealed_by: String,
    move_number: u32,
    sealed: String,
    draw_offer: String,
    resumption: String,
    settings: String,
    #[serde(default)]
    journal: String,
    #[serde(default)]
    resumed_in: String,
}

fn quoted(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// A colour as the envelope writes it.
fn color_word(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A colour the envelope wrote.
fn color_of(word: &str) -> Option<Color> {
    match word {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

impl Envelope {
    /// The envelope as TOML.
    pub fn to_toml(&self) -> String {
        let text = |k: &str, v: &str| format!("{k} = {}\n", quoted(v));
        let number = |k: &str, v: u64| format!("{k} = {v}\n");
        [
            "# annabella adjournment envelope: open only in the presence of the player who replies.\n".to_string(),
            text("white", &self.names.white),
            text("black", &self.names.black),
            text("fen", &self.fen),
            number("white_left_ms", self.left_ms.white),
            number("black_left_ms", self.left_ms.black),
            number("white_used_ms", self.used_ms.white),
            number("black_used_ms", self.used_ms.black),
            number("white_moves", self.moves.white.into()),
            number("black_moves", self.moves.black.into()),
            text("sealed_by", color_word(self.sealed_by)),
            number("move_number", self.move_number.into()),
            text("sealed", &self.sealed),
            text("draw_offer", self.draw_offer.map_or("", color_word)),
            text("resumption", &self.resumption),
            text("settings", &self.settings),
            text("journal", &self.journal),
            text("resumed_in", &self.resumed_in),
        ]
        .concat()
    }

    /// Reads an envelope; `origin` names the file in errors.
    pub fn from_toml(origin: &str, text: &str) -> Result<Envelope, EnvelopeError> {
        if text.len() > 1 << 20 {
            return Err(EnvelopeError::TooLarge(origin.to_string()));
        }
        let w: Written = toml::from_str(text).map_err(|e| TomlError::new(origin, text, &e))?;
        let sealed_by = color_of(&w.sealed_by).ok_or_else(|| EnvelopeError::SealedBy(origin.to_string()))?;
        Ok(Envelope {
            names: ByColor { white: w.white, black: w.black },
            fen: w.fen,
            left_ms: ByColor { white: w.white_left_ms, black: w.black_left_ms },
            used_ms: ByColor { white: w.white_used_ms, black: w.black_used_ms },
            moves: ByColor { white: w.white_moves, black: w.black_moves },
            sealed_by,
            move_number: w.move_number,
            sealed: w.sealed,
            draw_offer: color_of(&w.draw_offer),
            resumption: w.resumption,
            settings: w.settings,
            journal: w.journal,
            resumed_in: w.resumed_in,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_errors() {
        let e = Envelope {
            names: ByColor { white: "Anna".into(), black: "Bruno \"B\"".into() },
            fen: "4k3/8/8/8/8/8/8/4K2R w K - 0 41".into(),
            left_ms: ByColor { white: 600_000, black: 420_000 },
            used_ms: ByColor { white: 5_400_000, black: 5_580_000 },
            moves: ByColor { white: 40, black: 40 },
            sealed_by: Color::White,
            move_number: 41,
            sealed: "Rh1—h8".into(),
            draw_offer: Some(Color::Black),
            resumption: "2026-11-22 10:00, Tallinn".into(),
            settings: "[game]\nwhite = \"Anna\"\n".into(),
            journal: "/games/g.journal".into(),
            resumed_in: String::new(),
        };
        assert_eq!(Envelope::from_toml("e", &e.to_toml()), Ok(e.clone()));
        assert!(Envelope::from_toml("e", "white = 1\n").unwrap_err().to_string().starts_with("e:1:"));
        let sealed_by = e.to_toml().replace("sealed_by = \"white\"", "sealed_by = \"both\"");
        assert_eq!(Envelope::from_toml("e", &sealed_by), Err(EnvelopeError::SealedBy("e".into())));
    }
}
