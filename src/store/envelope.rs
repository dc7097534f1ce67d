//! The adjournment envelope (the rules for adjourned games, 2; 1953 §21): everything needed to
//! resume — the names, the position before the sealed move, each player's time, who sealed, the
//! move number, the sealed move as written, a standing draw offer, and the date, time and place
//! of resumption — kept as a small TOML file beside the game's journal, with that journal's path
//! (the game goes on there) and, once it was resumed, where it went on (it resumes only once).

use crate::messages::TomlError;
use serde::Deserialize;

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

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
/// The sealed envelope of an adjourned game.
pub struct Envelope {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The position immediately before the sealed move (FEN).
    pub fen: String,
    /// Each player's time left and time used, in milliseconds, and moves made.
    pub white_left_ms: u64,
    /// Black's time left.
    pub black_left_ms: u64,
    /// White's time used.
    pub white_used_ms: u64,
    /// Black's time used.
    pub black_used_ms: u64,
    /// White's moves made.
    pub white_moves: u32,
    /// Black's moves made.
    pub black_moves: u32,
    /// `white` or `black`.
    pub sealed_by: String,
    /// The number of the sealed move.
    pub move_number: u32,
    /// The sealed move exactly as written.
    pub sealed: String,
    /// `white`, `black`, or empty: a draw offer still standing.
    pub draw_offer: String,
    /// Date, time and place of resumption, as the arbiter gave them.
    pub resumption: String,
    /// The game's settings, as a configuration file.
    pub settings: String,
    /// The journal of the game before it was adjourned, where it goes on (empty: none).
    #[serde(default)]
    pub journal: String,
    /// The journal the game went on in once the envelope was resumed (empty: not yet).
    #[serde(default)]
    pub resumed_in: String,
}

fn quoted(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

impl Envelope {
    /// The envelope as TOML.
    pub fn to_toml(&self) -> String {
        let text = |k: &str, v: &str| format!("{k} = {}\n", quoted(v));
        let number = |k: &str, v: u64| format!("{k} = {v}\n");
        [
            "# annabella adjournment envelope: open only in the presence of the player who replies.\n".to_string(),
            text("white", &self.white),
            text("black", &self.black),
            text("fen", &self.fen),
            number("white_left_ms", self.white_left_ms),
            number("black_left_ms", self.black_left_ms),
            number("white_used_ms", self.white_used_ms),
            number("black_used_ms", self.black_used_ms),
            number("white_moves", self.white_moves.into()),
            number("black_moves", self.black_moves.into()),
            text("sealed_by", &self.sealed_by),
            number("move_number", self.move_number.into()),
            text("sealed", &self.sealed),
            text("draw_offer", &self.draw_offer),
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
        let envelope: Envelope = toml::from_str(text).map_err(|e| TomlError::new(origin, text, &e))?;
        if !["white", "black"].contains(&envelope.sealed_by.as_str()) {
            return Err(EnvelopeError::SealedBy(origin.to_string()));
        }
        Ok(envelope)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_errors() {
        let e = Envelope {
            white: "Anna".into(),
            black: "Bruno \"B\"".into(),
            fen: "4k3/8/8/8/8/8/8/4K2R w K - 0 41".into(),
            white_left_ms: 600_000,
            black_left_ms: 420_000,
            white_used_ms: 5_400_000,
            black_used_ms: 5_580_000,
            white_moves: 40,
            black_moves: 40,
            sealed_by: "white".into(),
            move_number: 41,
            sealed: "Rh1—h8".into(),
            draw_offer: "black".into(),
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
