//! The resolved settings of a session: every value decided, from the defaults, the files and the
//! command line.

use shakmaty::Color;

use crate::messages::Lang;
use crate::notation::{LetterSet, SpokenStyle};
use crate::rules::Ruleset;
use crate::speech::VoiceSettings;

/// How speech is produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SpeechMode {
    /// The speech engine if it starts, else text.
    #[default]
    Auto,
    /// The speech engine; a warning if it cannot start.
    Tts,
    /// No speech: the printed lines are the output, for a screen reader or braille display.
    Text,
    /// No speech at all (the same output as `text`).
    Off,
}

impl std::str::FromStr for SpeechMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "auto" => Ok(SpeechMode::Auto),
            "tts" => Ok(SpeechMode::Tts),
            "text" => Ok(SpeechMode::Text),
            "off" => Ok(SpeechMode::Off),
            _ => Err(format!(
                "unknown speech mode {s:?}; use auto, tts, text or off"
            )),
        }
    }
}

/// Who sits at the tactile board.
pub fn parse_blind(s: &str) -> Result<Option<Color>, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "white" => Ok(Some(Color::White)),
        "black" => Ok(Some(Color::Black)),
        "none" => Ok(None),
        _ => Err(format!("unknown player {s:?}; use white, black or none")),
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// White's name (empty: none given).
    pub white: String,
    /// Black's name (empty: none given).
    pub black: String,
    /// The colour of the player at the tactile board, if any.
    pub blind: Option<Color>,
    /// Letter set for the sighted player's typed moves.
    pub sighted_letters: LetterSet,
    /// Letter set for the blind player's typed moves.
    pub blind_letters: LetterSet,
    /// The phrase pack that announces moves.
    pub pack: String,
    pub style: SpokenStyle,
    pub lang: Lang,
    pub speech: SpeechMode,
    pub voice: VoiceSettings,
    pub ruleset: Ruleset,
    /// The start position, if not the initial one.
    pub fen: Option<String>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            white: String::new(),
            black: String::new(),
            blind: Some(Color::White),
            sighted_letters: LetterSet::English,
            blind_letters: LetterSet::English,
            pack: "appendix-e".into(),
            style: SpokenStyle::default(),
            lang: Lang::En,
            speech: SpeechMode::Auto,
            voice: VoiceSettings {
                rate: 0.0,
                volume: 100.0,
                voice: String::new(),
            },
            ruleset: Ruleset::Fide2014,
            fen: None,
        }
    }
}

impl Settings {
    /// The letter set the player of `color` types moves in.
    pub fn letters(&self, color: Color) -> LetterSet {
        if self.blind == Some(color) {
            self.blind_letters
        } else {
            self.sighted_letters
        }
    }

    /// The player's name; empty when none was given.
    pub fn name(&self, color: Color) -> &str {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}
