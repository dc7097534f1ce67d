//! The front ends' edge: what the settings ask of the world outside the session (the speaker and
//! the cue player).

mod speakers;

pub use speakers::{cue_player_for, same_speaker, speaker_for, speaker_saying};
