//! Audio cues: the `Cue` names, their tones (synthesized, no files), the `CuePlayer` trait and its
//! adapters — cpal on a worker thread, a silent one, a recording one for tests. The transcript
//! writes a cue as `cue: NAME`.

#[cfg(feature = "audio")]
mod cpal_player;
#[cfg(feature = "audio")]
mod output;
#[cfg(any(feature = "audio", feature = "listen"))]
mod quiet;
mod tones;

#[cfg(feature = "audio")]
pub use cpal_player::CpalPlayer;
#[cfg(feature = "audio")]
pub use output::Device;
#[cfg(any(feature = "audio", feature = "listen"))]
pub use quiet::quiet_alsa;
pub use tones::{samples, Tone};

use std::fmt;

/// Every sound the program makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cue {
    /// A move was made.
    Move,
    /// A capture was made.
    Capture,
    /// A move gave check.
    Check,
    /// An illegal move was refused or recorded.
    Illegal,
    /// An input was refused.
    Error,
    /// A player's time crossed a multiple of five minutes (one dot of the tactile dial).
    Tick5,
    /// A multiple of fifteen minutes (two dots).
    Tick15,
    /// A player's time came down to a warning threshold.
    LowTime,
    /// A flag fell.
    Flag,
    /// The game ended.
    GameEnd,
}

impl Cue {
    /// Every cue, in the order they are listed.
    pub const ALL: [Cue; 10] = [
        Cue::Move,
        Cue::Capture,
        Cue::Check,
        Cue::Illegal,
        Cue::Error,
        Cue::Tick5,
        Cue::Tick15,
        Cue::LowTime,
        Cue::Flag,
        Cue::GameEnd,
    ];

    /// How long its tones last.
    pub fn length(self) -> std::time::Duration {
        std::time::Duration::from_millis(self.tones().iter().map(|t| u64::from(t.ms)).sum())
    }

    /// The name written after `cue: ` in the transcript.
    pub fn name(self) -> &'static str {
        match self {
            Cue::Move => "move",
            Cue::Capture => "capture",
            Cue::Check => "check",
            Cue::Illegal => "illegal",
            Cue::Error => "error",
            Cue::Tick5 => "tick5",
            Cue::Tick15 => "tick15",
            Cue::LowTime => "low-time",
            Cue::Flag => "flag",
            Cue::GameEnd => "game-end",
        }
    }
}

impl fmt::Display for Cue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where cues go. Never blocks the caller for long.
pub trait CuePlayer {
    /// Sounds `cue` without waiting for it to finish.
    fn play(&mut self, cue: Cue);

    /// Problems to tell the user once (no audio device).
    fn warnings(&mut self) -> Vec<String> {
        Vec::new()
    }

    /// Lets queued cues finish before the program exits, waiting at most `limit`.
    fn finish(&mut self, _limit: std::time::Duration) {}

    /// Whether its cues are heard in the room (a microphone may pick them up).
    fn sounds(&self) -> bool {
        true
    }
}

/// Plays nothing (cues off, or built without audio).
#[derive(Debug, Default)]
pub struct SilentCues;

impl CuePlayer for SilentCues {
    fn play(&mut self, _cue: Cue) {}

    fn sounds(&self) -> bool {
        false
    }
}

/// Keeps every cue, for tests.
#[derive(Debug, Default)]
pub struct RecordingCues {
    /// The cues asked for, in order.
    pub played: Vec<Cue>,
}

impl CuePlayer for RecordingCues {
    fn play(&mut self, cue: Cue) {
        self.played.push(cue);
    }
}
