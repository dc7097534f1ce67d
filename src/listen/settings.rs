//! How annabella listens for moves said aloud: not at all, when asked (push to talk), or all the
//! time; from which input device; how sure the recogniser must be before a move is played without
//! being asked back; and the words each player speaks in.

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
pub struct ListenSettings {
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

impl Default for ListenSettings {
    fn default() -> ListenSettings {
        ListenSettings {
            mode: ListenMode::Off,
            device: String::new(),
            threshold: THRESHOLD,
            blind: "appendix-e".into(),
            sighted: "appendix-e".into(),
        }
    }
}

/// The confidence a move needs to be played without a question. Measured on 2,376 moves said by
/// nine voices in quiet and noisy rooms, a threshold of 3.0 let five moves heard wrong through (all
/// below 4.5 but one), 4.5 one, for a few percent more questions (BENCHMARKS.md).
pub const THRESHOLD: f32 = 4.5;
