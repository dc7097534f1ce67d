//! How annabella listens for moves said aloud: not at all, when asked (push to talk), or all the
//! time; from which input device; how sure the recogniser must be before a move is played without
//! being asked back; and the words each player speaks in. And which engine analyses a game
//! afterwards, how deep and for how long.

/// When the microphone is heard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, strum::EnumIter, strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "lowercase")]
pub enum ListenMode {
    /// Never: moves are typed.
    #[default]
    Off,
    /// One utterance each time the push-to-talk key (or the command `listen`) asks for it.
    Push,
    /// Every utterance, all the time.
    Continuous,
}

crate::choice::choice!(ListenMode, "listening mode");

/// The listening settings.
#[derive(Debug, Clone, PartialEq)]
pub struct Listening {
    /// When the microphone is heard.
    pub mode: ListenMode,
    /// The input device by name; empty: the system's default.
    pub device: String,
    /// The confidence below which a heard move is asked back before it is played.
    pub threshold: f32,
    /// The phrase pack the player at the tactile board speaks in.
    pub blind: String,
    /// The phrase pack the sighted player speaks in.
    pub sighted: String,
}

/// The chess engine used after the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSettings {
    /// The engine: a path or a program on the PATH; empty: Stockfish.
    pub path: String,
    /// The depth of each search, in half-moves.
    pub depth: u8,
    /// The longest search of one position; none: by depth alone.
    pub time: Option<std::time::Duration>,
    /// The engine's threads.
    pub threads: u16,
    /// The engine's hash table, in MB.
    pub hash: u32,
}

impl Default for EngineSettings {
    fn default() -> EngineSettings {
        EngineSettings { path: String::new(), depth: 14, time: None, threads: 1, hash: 64 }
    }
}

/// The confidence a move needs to be played without a question: measured on three whole games,
/// every move heard wrong stayed below it (BENCHMARKS.md).
pub const THRESHOLD: f32 = 3.0;

impl Default for Listening {
    fn default() -> Listening {
        Listening {
            mode: ListenMode::Off,
            device: String::new(),
            threshold: THRESHOLD,
            blind: "appendix-e".into(),
            sighted: "appendix-e".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{ConfigError, Settings, Source};

    fn apply(text: &str) -> Result<Settings, ConfigError> {
        Source { origin: "test.toml", text }.apply(&Settings::default())
    }

    #[test]
    fn listening_and_engine_values_are_read_and_bad_ones_refused_with_their_place() {
        let s = apply(
            "[listen]\nmode = \"push\"\nthreshold = 2.5\nsighted = \"en\"\n[engine]\ndepth = 20\ntime = \"5s\"\n",
        )
        .unwrap();
        assert_eq!((s.listen.mode, s.listen.threshold, s.listen.sighted.as_str()), (ListenMode::Push, 2.5, "en"));
        assert_eq!((s.engine.depth, s.engine.time), (20, Some(std::time::Duration::from_secs(5))));
        let refused = |text: &str| apply(text).unwrap_err().to_string();
        assert!(refused("[listen]\nmode = \"always\"\n").starts_with("test.toml:2: listen.mode: "));
        assert_eq!(
            refused("[listen]\nblind = \"fr\"\n"),
            "test.toml:2: listen.blind: no phrase pack that can be heard; use appendix-e, en or et"
        );
        assert_eq!(refused("[engine]\ndepth = 0\n"), "test.toml:2: engine.depth: use a whole number from 1 to 99");
        assert!(refused("[engine]\ntime = \"soon\"\n").starts_with("test.toml:2: engine.time: "));
    }
}
