//! Speech: the `Speaker` trait the front end hands utterances to, and its adapters — the real
//! engine through the `tts` crate (speech-dispatcher on Linux, SAPI/WinRT/Tolk on Windows,
//! AVFoundation on macOS), recorded voice clips played through the sound device, a silent one for
//! text-only use, and a recording one for tests — plus the transcript file of the scripting
//! contract.

mod clips;
#[cfg(feature = "audio")]
mod clips_speaker;
mod fallback;
mod mode;
mod numbers;
mod own_voice;
#[cfg(feature = "speech")]
mod pending;
mod speakable;
#[cfg(all(feature = "speech", target_os = "linux"))]
mod ssip;
#[cfg(feature = "speech")]
mod synthesizer;
mod transcript;
#[cfg(feature = "speech")]
mod tts_speaker;

pub use clips::{
    clip_list, default_clips_dir, read_wav, resample, sheet_wav, spoken_sheet, wav_bytes, ClipBook, ClipEntry,
    ClipError, Spoken, CLIP_RATE,
};
#[cfg(feature = "audio")]
pub use clips_speaker::ClipsSpeaker;
pub use fallback::FallbackSpeaker;
pub use mode::SpeechMode;
pub use numbers::{number_parts, number_words};
pub use own_voice::{longest, OwnVoice};
pub use speakable::unspeakable;
pub use transcript::Transcript;
#[cfg(feature = "speech")]
pub use tts_speaker::TtsSpeaker;

/// Something to say: the exact text, the language to say it in, whether it may cut off stale
/// chatter still being spoken, and whether it is itself too important to be cut off (a move, a
/// result).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Utterance {
    /// The words.
    pub text: String,
    /// A language code such as `de`, `et`, `en`.
    pub language: String,
    /// Cut off what is still being said, unless that is important.
    pub interrupt: bool,
    /// Never cut off: moves and results.
    pub important: bool,
}

impl Utterance {
    /// An ordinary utterance: neither interrupting nor important.
    pub fn new(text: impl Into<String>, language: impl Into<String>) -> Utterance {
        Utterance { text: text.into(), language: language.into(), interrupt: false, important: false }
    }

    /// The same, marked important.
    pub fn important(mut self) -> Utterance {
        self.important = true;
        self
    }
}

/// Voice settings handed to the engine.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct VoiceSettings {
    /// -100 (slowest) to 100 (fastest); 0 is the engine's normal rate.
    pub rate: f32,
    /// 0 to 100.
    pub volume: f32,
    /// A voice name; empty chooses a voice by language.
    pub voice: String,
}

/// Where utterances go. Implementations never block the caller for long: a slow or hanging
/// engine is the adapter's problem, not the prompt's.
pub trait Speaker {
    /// Queues `utterance`; returns at once.
    fn speak(&mut self, utterance: &Utterance);

    /// Applies new rate, volume and voice to what is spoken from now on.
    fn configure(&mut self, _settings: &VoiceSettings) {}

    /// Problems to tell the user once each (engine missing, hanging, failing).
    fn warnings(&mut self) -> Vec<Warning> {
        Vec::new()
    }

    /// Lets queued speech finish before the program exits, waiting at most `limit`.
    fn finish(&mut self, _limit: std::time::Duration) {}

    /// Waits, at most `limit`, until the engine has said whether it started: a speech engine
    /// that cannot start is then said before the first move, not after it.
    fn settle(&mut self, _limit: std::time::Duration) {}

    /// Whether the engine has said that it works.
    fn is_ready(&self) -> bool {
        true
    }

    /// Whether every utterance is heard: false where nothing (`text`, `off`, a missing engine)
    /// or only the moves (voice clips) are spoken, so that the printed lines must carry the words.
    fn voiced(&self) -> bool {
        true
    }

    /// Whether what it speaks is heard in the room (a microphone may pick it up): false where
    /// nothing is sounded (`text`, `off`, a missing engine).
    fn sounds(&self) -> bool {
        true
    }

    /// The voices the engine has, once it has said (empty: not known).
    fn voices(&self) -> Vec<Voice> {
        Vec::new()
    }

    /// The program's voice as the engine tells of it (whether it still speaks, when it fell
    /// quiet), where the engine reports that.
    fn own_voice(&self) -> Option<OwnVoice> {
        None
    }

    /// Shows lines of Unicode braille on the braille display, where there is one.
    fn show_braille(&mut self, _lines: &[String]) {}

    /// Shows an utterance said another way (the first word) on the braille display, where there
    /// is one, as `speak` would.
    fn echo(&mut self, _utterance: &Utterance) {}

    /// The important utterances (moves, results) handed over and not yet begun, taken back:
    /// a stalled engine gives them up for another speaker to say.
    fn unspoken(&mut self) -> Vec<Utterance> {
        Vec::new()
    }
}

/// A voice of the speech engine: its name and the language it speaks (an ISO code).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Voice {
    /// The voice's name.
    pub name: String,
    /// The language it speaks.
    pub language: String,
}

/// A speech problem, for the user's language to word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Warning {
    /// The engine cannot start; why.
    Unavailable(String),
    /// The engine did not answer in time.
    NoAnswer,
    /// The engine failed while speaking; why.
    Failed(String),
    /// The engine cannot speak; moves are spoken with recorded clips instead.
    Clips(String),
    /// The engine stopped answering in the middle of the game (nothing it was given started).
    Stalled,
    /// The engine stalled; moves are spoken with recorded clips until it answers again.
    StalledClips,
    /// The engine answers again after a stall.
    Recovered,
}

impl Warning {
    /// The warning as the user reads it, in `catalog`'s language ("Warning: …").
    pub fn worded(&self, catalog: &crate::messages::Catalog) -> String {
        // The system's reason ends where the sentence does: no second full stop.
        let reason = |why: &str| why.trim_end_matches('.').to_string();
        let text = match self {
            Warning::Unavailable(why) => catalog.text("speech.unavailable", &[("reason", &reason(why))]),
            Warning::NoAnswer => catalog.text("speech.no_answer", &[]),
            Warning::Failed(why) => catalog.text("speech.failed", &[("reason", &reason(why))]),
            Warning::Clips(why) => catalog.text("speech.clips", &[("reason", &reason(why))]),
            Warning::Stalled => catalog.text("speech.stalled", &[]),
            Warning::StalledClips => catalog.text("speech.stalled_clips", &[]),
            // Good news, not a warning.
            Warning::Recovered => return catalog.text("speech.recovered", &[]),
        };
        catalog.text("warning.prefix", &[("text", &text)])
    }
}

/// Speaks nothing: for `--speech text` and `--speech off`, where the printed lines are the output
/// (a screen reader or braille display reads them).
#[derive(Debug, Default)]
pub struct SilentSpeaker;

impl Speaker for SilentSpeaker {
    fn speak(&mut self, _utterance: &Utterance) {}

    fn voiced(&self) -> bool {
        false
    }

    fn sounds(&self) -> bool {
        false
    }
}

/// Speaks nothing and says once why: the chosen kind of speech cannot work.
#[derive(Debug)]
pub struct MissingSpeaker {
    why: Option<String>,
}

impl MissingSpeaker {
    /// A speaker that says once, as a warning, why it cannot speak.
    pub fn new(why: String) -> MissingSpeaker {
        MissingSpeaker { why: Some(why) }
    }
}

impl Speaker for MissingSpeaker {
    fn speak(&mut self, _utterance: &Utterance) {}

    fn voiced(&self) -> bool {
        false
    }

    fn sounds(&self) -> bool {
        false
    }

    fn warnings(&mut self) -> Vec<Warning> {
        self.why.take().map(Warning::Unavailable).into_iter().collect()
    }
}

/// Keeps every utterance, for tests.
#[derive(Debug, Default)]
pub struct RecordingSpeaker {
    /// What was spoken, in order.
    pub spoken: Vec<Utterance>,
}

impl Speaker for RecordingSpeaker {
    fn speak(&mut self, utterance: &Utterance) {
        self.spoken.push(utterance.clone());
    }

    fn sounds(&self) -> bool {
        false
    }
}
