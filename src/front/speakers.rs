//! The speaker and the cue player the settings ask for: silence for `text` and `off`, the speech
//! engine, the recorded voice clips, or (the default) the engine with the clips as its fallback;
//! tones through the sound device, or silence; and whether a speaker started early still serves
//! the game as opened.

use crate::audio::{CuePlayer, SilentCues};
use crate::config::Settings;
use crate::speech::{
    default_clips_dir, FallbackSpeaker, MissingSpeaker, SilentSpeaker, Speaker, SpeechMode, Utterance,
};

/// The speaker for these settings; one that cannot speak says why as a warning.
pub fn speaker_for(settings: &Settings) -> Box<dyn Speaker> {
    match settings.speech {
        SpeechMode::Text | SpeechMode::Off => Box::new(SilentSpeaker),
        SpeechMode::Clips => clips(settings).unwrap_or_else(|why| Box::new(MissingSpeaker::new(why.to_string()))),
        SpeechMode::Tts | SpeechMode::Auto => with_backup(settings, engine(settings, None)),
    }
}

/// The speaker for these settings, `first` handed to it before anything else is set up: to the
/// engine as soon as it is started (the clips behind it are set up after).
pub fn speaker_saying(settings: &Settings, first: &Utterance) -> Box<dyn Speaker> {
    if let SpeechMode::Tts | SpeechMode::Auto = settings.speech {
        return with_backup(settings, engine(settings, Some(first)));
    }
    let mut speaker = speaker_for(settings);
    speaker.speak(first);
    speaker
}

/// The engine alone (`tts`), or with the clips behind it (`auto`, when there are clips).
fn with_backup(settings: &Settings, engine: Box<dyn Speaker>) -> Box<dyn Speaker> {
    if settings.speech != SpeechMode::Auto {
        return engine;
    }
    let Ok(backup) = clips(settings) else { return engine };
    let speaker = FallbackSpeaker::new(engine, backup);
    match crate::notation::PhrasePack::named(&settings.pack) {
        Some(pack) if !pack.stalled.is_empty() => {
            let alert = Utterance::new(pack.stalled, pack.language).important();
            Box::new(speaker.with_alert(alert))
        }
        _ => Box::new(speaker),
    }
}

/// Whether a speaker started for `before` serves `after` as well: the same kind of speech, clips
/// and phrase pack, and the same braille display settings (rate, volume and voice are
/// configured on the way).
pub fn same_speaker(before: &Settings, after: &Settings) -> bool {
    before.speech == after.speech
        && before.clips == after.clips
        && before.pack == after.pack
        && before.braille_display == after.braille_display
        && before.braille_grade == after.braille_grade
}

/// The cue player the settings ask for: tones through the sound device, or silence.
pub fn cue_player_for(settings: &Settings) -> Box<dyn CuePlayer> {
    #[cfg(feature = "audio")]
    if settings.cues {
        return Box::new(crate::audio::CpalPlayer::start(settings.cue_volume));
    }
    let _ = settings;
    Box::new(SilentCues)
}

/// The speech engine (saying `first` before anything else), or silence in a build without it.
fn engine(settings: &Settings, first: Option<&Utterance>) -> Box<dyn Speaker> {
    #[cfg(feature = "speech")]
    return match first {
        Some(first) => Box::new(crate::speech::TtsSpeaker::start_saying(settings.voice.clone(), first)),
        None => Box::new(crate::speech::TtsSpeaker::start(settings.voice.clone())),
    };
    #[cfg(not(feature = "speech"))]
    {
        let _ = settings;
        let mut missing = MissingSpeaker::new("this build has no speech engine".into());
        if let Some(first) = first {
            missing.speak(first);
        }
        Box::new(missing)
    }
}

/// The recorded voice clips through the sound device, or why they cannot be used.
fn clips(settings: &Settings) -> Result<Box<dyn Speaker>, NoClips> {
    let dir = settings.clips.clone().or_else(default_clips_dir).ok_or(NoClips::NotFound)?;
    if !dir.is_dir() {
        return Err(NoClips::NoFolder(dir));
    }
    #[cfg(feature = "audio")]
    return Ok(Box::new(crate::speech::ClipsSpeaker::start(dir, &settings.pack, settings.voice.volume)));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_speaker_started_early_serves_a_game_that_speaks_as_it_does() {
        let early = Settings::default();
        // Rate, volume and voice are configured on the way.
        let voice =
            Settings { voice: crate::speech::VoiceSettings { rate: 40.0, ..early.voice.clone() }, ..early.clone() };
        assert!(same_speaker(&early, &voice));
        let silent = Settings { speech: SpeechMode::Text, ..early.clone() };
        assert!(!same_speaker(&early, &silent));
        let other_pack = Settings { pack: "et".into(), ..early.clone() };
        assert!(!same_speaker(&early, &other_pack));
        let no_display = Settings { braille_display: !early.braille_display, ..early.clone() };
        assert!(!same_speaker(&early, &no_display));
    }
}
