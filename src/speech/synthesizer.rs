//! The speech engines behind the worker: speech-dispatcher spoken to directly on Linux (the
//! language is switched with one command; the `tts` crate's voice switching lists every voice of
//! espeak-ng each time, seconds of delay), and the `tts` crate's native backends elsewhere.

use super::pending::{lock, scale, Shared};
use super::VoiceSettings;

/// Why the engine could not be reached or would not speak.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SynthesizerError {
    /// No connection to the engine.
    #[error("{0}")]
    Connect(String),
    /// The engine failed while speaking.
    #[error("{0}")]
    Speak(String),
    /// The engine refused the message (speech-dispatcher's answer; the other engines say why).
    #[error("the message was refused")]
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    Refused,
}

/// What the worker needs of an engine.
pub(super) trait Synthesizer {
    fn speak(&mut self, text: &str, interrupt: bool) -> Result<(), SynthesizerError>;
    /// Speaks what follows in `language` (an ISO code such as `de`).
    fn set_language(&mut self, language: &str);
    /// Whether the engine reports the end of each utterance.
    fn has_callbacks(&self) -> bool;
    /// Whether it is speaking, where it can tell.
    fn is_speaking(&self) -> Option<bool>;
    /// Applies rate, volume and voice (a voice the engine lacks is ignored).
    fn configure(&mut self, settings: &VoiceSettings);
    /// The voices the engine has.
    fn voices(&self) -> Vec<super::Voice>;
    /// Where listing the voices is slow (libspeechd reads espeak-ng's thousands of voices a byte
    /// at a time, a second or more), a way to list them on a connection of their own, in the
    /// background, so that no words are held up.
    fn voice_lister(&self) -> Option<VoiceLister> {
        None
    }
}

/// Lists the engine's voices away from the speaking connection.
pub(super) type VoiceLister = Box<dyn FnOnce() -> Vec<super::Voice> + Send>;

/// Connects to the platform's engine; callbacks update `pending`.
pub(super) fn connect(settings: &VoiceSettings, pending: &Shared) -> Result<Box<dyn Synthesizer>, SynthesizerError> {
    #[cfg(target_os = "linux")]
    {
        spd::Spd::connect(settings, pending).map(|e| Box::new(e) as Box<dyn Synthesizer>)
    }
    #[cfg(not(target_os = "linux"))]
    {
        native::Native::connect(settings, pending).map(|e| Box::new(e) as Box<dyn Synthesizer>)
    }
}

/// Says `u` at once on a connection of its own where the engine allows it (speech-dispatcher,
/// already running, in its protocol: one write and the answers, where libspeechd's start asks a
/// dozen questions one by one); whether it was taken.
pub(super) fn say_at_once(settings: &VoiceSettings, u: &super::Utterance) -> bool {
    #[cfg(target_os = "linux")]
    return super::ssip::say(&u.text, &u.language, settings);
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (settings, u);
        false
    }
}

#[cfg(target_os = "linux")]
mod spd {
    use speech_dispatcher::{Connection, Mode, Priority};

    use super::{lock, scale, Shared, Synthesizer, SynthesizerError, VoiceLister, VoiceSettings};

    pub struct Spd {
        connection: Connection,
    }

    impl Spd {
        pub fn connect(settings: &VoiceSettings, pending: &Shared) -> Result<Spd, SynthesizerError> {
            let connection = Connection::open("annabella", "annabella", "annabella", Mode::Threaded)
                .map_err(|e| SynthesizerError::Connect(format!("speech-dispatcher: {e}")))?;
            let mut spd = Spd { connection };
            spd.configure(settings);
            let connection = &spd.connection;
            let p = pending.clone();
            connection.on_end(Some(Box::new(move |_, _| lock(&p).ended())));
            let p = pending.clone();
            connection.on_cancel(Some(Box::new(move |_, _| lock(&p).stopped())));
            let p = pending.clone();
            connection.on_begin(Some(Box::new(move |_, _| lock(&p).begun())));
            Ok(spd)
        }
    }

    impl Synthesizer for Spd {
        fn configure(&mut self, settings: &VoiceSettings) {
            // Rate and volume are refinements: a daemon that refuses them still speaks.
            let _ = self.connection.set_voice_rate(scale(settings.rate, -100.0, 0.0, 100.0) as i32);
            let _ = self.connection.set_volume((settings.volume.clamp(0.0, 100.0) * 2.0 - 100.0) as i32);
            if !settings.voice.is_empty() {
                let _ = self.connection.set_synthesis_voice(&speech_dispatcher::Voice {
                    name: settings.voice.clone(),
                    language: String::new(),
                    variant: None,
                });
            }
        }

        fn speak(&mut self, text: &str, interrupt: bool) -> Result<(), SynthesizerError> {
            if interrupt {
                self.connection.cancel().map_err(|e| SynthesizerError::Speak(format!("{e:?}")))?;
            }
            self.connection.say(Priority::Important, text).map(|_| ()).ok_or(SynthesizerError::Refused)
        }

        fn set_language(&mut self, language: &str) {
            let _ = self.connection.set_language(language);
        }

        fn voices(&self) -> Vec<crate::speech::Voice> {
            list(&self.connection)
        }

        fn voice_lister(&self) -> Option<VoiceLister> {
            Some(Box::new(|| crate::speech::ssip::list().unwrap_or_default()))
        }

        fn has_callbacks(&self) -> bool {
            true
        }

        fn is_speaking(&self) -> Option<bool> {
            None
        }
    }

    /// The voices the daemon has.
    fn list(connection: &Connection) -> Vec<crate::speech::Voice> {
        let voices = connection.list_synthesis_voices().unwrap_or_default();
        voices.into_iter().map(|v| crate::speech::Voice { name: v.name, language: v.language }).collect()
    }
}

#[cfg(not(target_os = "linux"))]
mod native {
    use super::{lock, scale, Shared, Synthesizer, SynthesizerError, VoiceSettings};

    pub struct Native {
        tts: tts::Tts,
        voices: Vec<tts::Voice>,
        voice: String,
    }

    impl Native {
        pub fn connect(settings: &VoiceSettings, pending: &Shared) -> Result<Native, SynthesizerError> {
            let tts = tts::Tts::default().map_err(|e| SynthesizerError::Connect(e.to_string()))?;
            if tts.supported_features().utterance_callbacks {
                let p = pending.clone();
                let _ = tts.on_utterance_end(Some(Box::new(move |_| lock(&p).ended())));
                let p = pending.clone();
                let _ = tts.on_utterance_stop(Some(Box::new(move |_| lock(&p).stopped())));
                let p = pending.clone();
                let _ = tts.on_utterance_begin(Some(Box::new(move |_| lock(&p).begun())));
            }
            let voices = if tts.supported_features().voice { tts.voices().unwrap_or_default() } else { Vec::new() };
            let mut native = Native { tts, voices, voice: String::new() };
            native.configure(settings);
            Ok(native)
        }
    }

    impl Synthesizer for Native {
        fn configure(&mut self, settings: &VoiceSettings) {
            let tts = &mut self.tts;
            let rate = scale(settings.rate, tts.min_rate(), tts.normal_rate(), tts.max_rate());
            let volume =
                tts.min_volume() + (tts.max_volume() - tts.min_volume()) * settings.volume.clamp(0.0, 100.0) / 100.0;
            let _ = tts.set_rate(rate);
            let _ = tts.set_volume(volume);
            self.voice = settings.voice.clone();
        }

        fn speak(&mut self, text: &str, interrupt: bool) -> Result<(), SynthesizerError> {
            self.tts.speak(text, interrupt).map(|_| ()).map_err(|e| SynthesizerError::Speak(e.to_string()))
        }

        fn set_language(&mut self, language: &str) {
            let voice = if self.voice.is_empty() {
                self.voices.iter().find(|v| v.language().primary_language().eq_ignore_ascii_case(language))
            } else {
                self.voices.iter().find(|v| v.name().eq_ignore_ascii_case(&self.voice))
            };
            if let Some(voice) = voice.cloned() {
                let _ = self.tts.set_voice(&voice);
            }
        }

        fn has_callbacks(&self) -> bool {
            self.tts.supported_features().utterance_callbacks
        }

        fn voices(&self) -> Vec<crate::speech::Voice> {
            let voice = |v: &tts::Voice| crate::speech::Voice {
                name: v.name(),
                language: v.language().primary_language().to_string(),
            };
            self.voices.iter().map(voice).collect()
        }

        fn is_speaking(&self) -> Option<bool> {
            self.tts.supported_features().is_speaking.then(|| self.tts.is_speaking().unwrap_or(false))
        }
    }
}
