//! Listening comfort: `rate`, `volume`, `voice` and `verbosity` change how things are spoken for
//! the rest of the game (the speaker is told through the response), and `history` reads back what
//! was said.

use super::arguments::LEVELS;
use super::command::VoiceChoice;
use super::session::Session;
use super::{Effect, Line, Response};
use crate::wording::Verbosity;

impl Session {
    /// `rate [N]` (-100 to 100): the rate in force, or a new one.
    pub(super) fn rate_command(&mut self, rate: Option<i64>) -> Response {
        let Some(n) = rate else {
            return Response::lines(vec![
                self.line("voice.rate_is", &[("rate", &self.settings.voice.rate.to_string())])
            ]);
        };
        self.settings.voice.rate = n as f32;
        let lines = vec![self.line("voice.rate_set", &[("rate", &n.to_string())])];
        Response { lines, effects: vec![Effect::Voice(self.settings.voice.clone())] }
    }

    /// `volume [N]` (0 to 100): the volume in force, or a new one.
    pub(super) fn volume_command(&mut self, volume: Option<i64>) -> Response {
        let Some(n) = volume else {
            let volume = self.settings.voice.volume.to_string();
            return Response::lines(vec![self.line("voice.volume_is", &[("volume", &volume)])]);
        };
        self.settings.voice.volume = n as f32;
        let lines = vec![self.line("voice.volume_set", &[("volume", &n.to_string())])];
        Response { lines, effects: vec![Effect::Voice(self.settings.voice.clone())] }
    }

    /// `voice [NAME|auto]`: the voice in force, or a new one (one the engine has).
    pub(super) fn voice_command(&mut self, choice: Option<VoiceChoice>) -> Response {
        let lines = match choice {
            None => match self.settings.voice.voice.as_str() {
                "" => vec![self.line("voice.is_auto", &[])],
                voice => vec![self.line("voice.is", &[("voice", voice)])],
            },
            Some(VoiceChoice::Auto) => {
                self.settings.voice.voice.clear();
                vec![self.line("voice.auto", &[])]
            }
            Some(VoiceChoice::Named(name)) => match self.engine_voice(&name) {
                Ok(name) => {
                    self.settings.voice.voice = name.clone();
                    vec![self.line("voice.set", &[("voice", &name)])]
                }
                Err(lines) => return Response::lines(lines),
            },
        };
        Response { lines, effects: vec![Effect::Voice(self.settings.voice.clone())] }
    }

    /// The engine's voice named `name` (any case), or the refusal naming the voices of the
    /// languages in use (all of them printed, the first ten spoken). While the engine has not
    /// said which voices it has, any name is taken.
    fn engine_voice(&self, name: &str) -> Result<String, Vec<Line>> {
        let known = self.heard.voices();
        if known.is_empty() {
            return Ok(name.to_string());
        }
        if let Some(v) = known.iter().find(|v| v.name.eq_ignore_ascii_case(name)) {
            return Ok(v.name.clone());
        }
        let languages = [self.lang().code(), self.wording().pack().language.as_str()];
        let in_use = |v: &&crate::speech::EngineVoice| languages.iter().any(|l| v.language.starts_with(l));
        let mut names: Vec<String> = known.iter().filter(in_use).map(|v| v.name.clone()).collect();
        if names.is_empty() {
            names = known.iter().map(|v| v.name.clone()).collect();
        }
        names.dedup();
        let spoken = match names.len() {
            n if n > 10 => {
                let more = self.tr("voice.more", &[("count", &(n - 10).to_string())]);
                format!("{}, {more}", names[..10].join(", "))
            }
            _ => self.list(&names),
        };
        let voices = crate::wording::Words::new(self.list(&names), spoken);
        let said = self.wording().words("voice.unknown", &[("voice", name.into()), ("voices", voices)]);
        Err(vec![self.say_words(said).with_cue(crate::audio::Cue::Error)])
    }

    /// `verbosity [brief|normal|verbose]`.
    pub(super) fn verbosity_command(&mut self, level: Option<Verbosity>) -> Vec<Line> {
        let lang = self.lang();
        let word = |level: Verbosity| LEVELS.iter().find(|(v, _)| *v == level).map_or("", |(_, k)| k.word(lang));
        match level {
            None => vec![self.line("verbosity.is", &[("level", word(self.settings.verbosity))])],
            Some(level) => {
                self.settings.verbosity = level;
                vec![self.line("verbosity.set", &[("level", word(level))])]
            }
        }
    }

    /// `history [N]`: the last N spoken lines (ten by default), oldest first, printed only.
    pub(super) fn history_command(&self, count: usize) -> Vec<Line> {
        let texts: Vec<&str> = self.heard.history(count).collect();
        if texts.is_empty() {
            return vec![self.line("history.none", &[])];
        }
        let mut lines = vec![self.line("history.title", &[("count", &texts.len().to_string())])];
        lines.extend(texts.iter().enumerate().map(|(i, text)| Session::print(format!("{}. {text}", i + 1))));
        lines
    }
}
