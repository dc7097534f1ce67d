//! Hearing moves said aloud, offline (Appendix E.2.1: the players announce their moves): the
//! words each phrase pack can be heard in, the grammar of each position, the voice-activity
//! detector that cuts speech out of a stream of samples, and (with the `listen` feature) the
//! recogniser that hears nothing but a phrase of the grammar and the microphone that feeds it.

#[cfg(feature = "listen")]
mod confidence;
#[cfg(feature = "listen")]
mod denoise;
#[cfg(feature = "listen")]
mod early;
#[cfg(feature = "listen")]
mod enrol;
mod grammar;
#[cfg(feature = "listen")]
mod listener;
#[cfg(feature = "listen")]
mod microphone;
#[cfg(feature = "listen")]
mod phone_loop;
#[cfg(feature = "listen")]
mod recognizer;
mod report;
mod settings;
mod vad;
mod vocabulary;
mod voice;

#[cfg(feature = "listen")]
pub use confidence::Evidence;
#[cfg(feature = "listen")]
pub use early::{EarlyHearing, EARLY_AFTER};
#[cfg(feature = "listen")]
pub use enrol::{fit_voice, prompts, WARPS};
pub use grammar::{Meaning, MoveGrammar};
#[cfg(feature = "listen")]
pub use listener::Listener;
#[cfg(feature = "listen")]
pub use microphone::{devices, Microphone, MicrophoneError};
#[cfg(feature = "listen")]
pub use recognizer::{to_rate, ListenError, Recognizer, Understood, MODEL, RATE};
pub use report::{Hearing, ListenProblem, Report};
pub use settings::{ListenMode, ListenSettings, THRESHOLD};
pub use vad::{room_swell, surroundings, Segmenter, Surroundings, Utterance, END_FRAMES, FRAME};
pub use vocabulary::{heard_packs, vocabulary, Vocabulary, VOCABULARIES};
pub use voice::{enrolled, keep, load, VoiceFit};
