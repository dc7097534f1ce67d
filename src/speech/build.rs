//! The speaker the settings ask for: silence for `text` and `off`, the speech engine, the recorded
//! voice clips, or (the default) the engine with the clips as its fallback.

use super::{default_clips_dir, FallbackSpeaker, MissingSpeaker, SilentSpeaker, Speaker};
use crate::config::{Settings, SpeechMode};

/// The speaker for these settings; one that cannot speak says why as a warning.
pub fn speaker_for(settings: &Settings) -> Box<dyn Speaker> {
    match settings.speech {
        SpeechMode::Text | SpeechMode::Off => Box::new(SilentSpeaker),
        SpeechMode::Tts => engine(settings),
        SpeechMode::Clips => clips(settings).unwrap_or_else(|why| Box::new(MissingSpeaker::new(why.to_string()))),
        SpeechMode::Auto => match clips(settings) {
            Ok(backup) => {
                let speaker = FallbackSpeaker::new(engine(settings), backup);
                match crate::notation::PhrasePack::named(&settings.pack) {
                    Some(pack) if !pack.stalled.is_empty() => {
                        let alert = super::Utterance::new(pack.stalled, pack.language).important();
                        Box::new(speaker.with_alert(alert))
                    }
                    _ => Box::new(speaker),
                }
            }
            Err(_) => engine(settings),
        },
    }
}

/// The speech engine, or silence in a build without it.
fn engine(settings: &Settings) -> Box<dyn Speaker> {
    #[cfg(feature = "speech")]
    return Box::new(super::TtsSpeaker::start(settings.voice.clone()));
    #[cfg(not(feature = "speech"))]
    {
        let _ = settings;
        Box::new(MissingSpeaker::new("this build has no speech engine".into()))
    }
}

/// The recorded voice clips through the sound device, or why they cannot be used.
fn clips(settings: &Settings) -> Result<Box<dyn Speaker>, NoClips> {
    let dir = settings.clips.clone().or_else(default_clips_dir).ok_or(NoClips::NotFound)?;
    if !dir.is_dir() {
        return Err(NoClips::NoFolder(dir));
    }
    #[cfg(feature = "audio")]
    return Ok(Box::new(super::ClipsSpeaker::start(dir, &settings.pack, settings.voice.volume)));
    #[cfg(not(feature = "audio"))]
    Err(NoClips::NoSound)
}

/// Why the voice clips cannot speak.
#[derive(Debug, thiserror::Error)]
enum NoClips {
    #[error("no voice clips were found")]
    NotFound,
    #[error("there is no folder {}", .0.display())]
    NoFolder(std::path::PathBuf),
    #[cfg_attr(feature = "audio", allow(dead_code))]
    #[error("this build has no sound output")]
    NoSound,
}
