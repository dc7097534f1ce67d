//! Listening comfort: `rate`, `volume`, `voice` and `verbosity` change how things are spoken for
//! the rest of the game (the speaker is told through the response), and `history` reads back what
//! was said.

use super::answers::count_arg;
use super::session::Session;
use super::{CommandId, Effect, Line, Response};
use crate::config::Verbosity;

/// How many spoken lines `history` keeps.
pub const HISTORY: usize = 50;

impl Session {
    fn number_arg(&self, id: CommandId, args: &str, low: i64, high: i64) -> Result<i64, Vec<Line>> {
        match args.trim().parse::<i64>() {
            Ok(n) if (low..=high).contains(&n) => Ok(n),
            _ => {
                let (low, high) = (low.to_string(), high.to_string());
                let name = super::CommandSpec::of(id).name_in(self.lang());
                Err(vec![self.line("voice.bad_number", &[("command", name), ("low", &low), ("high", &high)])])
            }
        }
    }

    /// `rate N` (-100 to 100), `volume N` (0 to 100), `voice NAME|auto`.
    pub(super) fn voice_command(&mut self, id: CommandId, args: &str) -> Response {
        let args = args.trim();
        let lines = match id {
            CommandId::Rate if args.is_empty() => {
                vec![self.line("voice.rate_is", &[("rate", &self.settings.voice.rate.to_string())])]
            }
            CommandId::Volume if args.is_empty() => {
                vec![self.line("voice.volume_is", &[("volume", &self.settings.voice.volume.to_string())])]
            }
            CommandId::Rate => match self.number_arg(id, args, -100, 100) {
                Ok(n) => {
                    self.settings.voice.rate = n as f32;
                    vec![self.line("voice.rate_set", &[("rate", &n.to_string())])]
                }
                Err(lines) => return Response::lines(lines),
            },
            CommandId::Volume => match self.number_arg(id, args, 0, 100) {
                Ok(n) => {
                    self.settings.voice.volume = n as f32;
                    vec![self.line("voice.volume_set", &[("volume", &n.to_string())])]
                }
                Err(lines) => return Response::lines(lines),
            },
            _ if args.is_empty() => match self.settings.voice.voice.as_str() {
                "" => vec![self.line("voice.is_auto", &[])],
                voice => vec![self.line("voice.is", &[("voice", voice)])],
            },
            _ if super::keywords::Keyword::read(args, &[super::keywords::Keyword::Auto]).is_some() => {
                self.settings.voice.voice.clear();
                vec![self.line("voice.auto", &[])]
            }
            _ => match self.engine_voice(args) {
                Ok(name) => {
                    self.settings.voice.voice = name.clone();
                    vec![self.line("voice.set", &[("voice", &name)])]
                }
                Err(lines) => return Response::lines(lines),
            },
        };
        Response { lines, effects: vec![Effect::Voice(self.settings.voice.clone())] }
    }

    /// The speech engine's voices, as it reports them (empty while it has not said).
    pub(super) fn know_voices(&mut self, voices: Vec<crate::speech::EngineVoice>) {
        if !voices.is_empty() {
            self.voices = voices;
        }
    }

    /// The engine's voice named `name` (any case), or the refusal naming the voices of the
    /// languages in use (all of them printed, the first ten spoken). While the engine has not
    /// said which voices it has, any name is taken.
    fn engine_voice(&self, name: &str) -> Result<String, Vec<Line>> {
        if self.voices.is_empty() {
            return Ok(name.to_string());
        }
        if let Some(v) = self.voices.iter().find(|v| v.name.eq_ignore_ascii_case(name)) {
            return Ok(v.name.clone());
        }
        let languages = [self.lang().code(), self.pack.language.as_str()];
        let in_use = |v: &&crate::speech::EngineVoice| languages.iter().any(|l| v.language.starts_with(l));
        let mut names: Vec<String> = self.voices.iter().filter(in_use).map(|v| v.name.clone()).collect();
        if names.is_empty() {
            names = self.voices.iter().map(|v| v.name.clone()).collect();
        }
        names.dedup();
        let spoken = match names.len() {
            n if n > 10 => {
                let more = self.tr("voice.more", &[("count", &(n - 10).to_string())]);
                format!("{}, {more}", names[..10].join(", "))
            }
            _ => self.list(&names),
        };
        let voices = super::wording::Words::new(self.list(&names), spoken);
        let said = self.wording().words("voice.unknown", &[("voice", name.into()), ("voices", voices)]);
        Err(vec![self.say_words(said).with_cue(crate::audio::Cue::Error)])
    }

    /// `verbosity [brief|normal|verbose]`.
    pub(super) fn verbosity_command(&mut self, args: &str) -> Vec<Line> {
        use super::keywords::Keyword;
        // Each level and the word that names it, in every language.
        const LEVELS: [(Verbosity, Keyword); 3] = [
            (Verbosity::Brief, Keyword::Brief),
            (Verbosity::Normal, Keyword::Normal),
            (Verbosity::Verbose, Keyword::Verbose),
        ];
        let lang = self.lang();
        let word = |level: Verbosity| LEVELS.iter().find(|(v, _)| *v == level).map_or("", |(_, k)| k.word(lang));
        if args.trim().is_empty() {
            return vec![self.line("verbosity.is", &[("level", word(self.settings.verbosity))])];
        }
        let keywords = LEVELS.map(|(_, k)| k);
        let level = Keyword::read(args.trim(), &keywords).and_then(|k| LEVELS.iter().find(|(_, w)| *w == k));
        match level {
            Some(&(level, _)) => {
                self.settings.verbosity = level;
                vec![self.line("verbosity.set", &[("level", word(level))])]
            }
            None => vec![self.line("verbosity.bad", &[("level", args.trim())])],
        }
    }

    /// `history [N]`: the last N spoken lines (ten by default), oldest first, printed only.
    pub(super) fn history_command(&self, args: &str) -> Vec<Line> {
        let count = match count_arg(args, 10) {
            Ok(n) => n,
            Err(n) => return vec![self.line("history.bad_count", &[("text", n)])],
        };
        if self.history.is_empty() {
            return vec![self.line("history.none", &[])];
        }
        let from = self.history.len().saturating_sub(count);
        let mut lines = vec![self.line("history.title", &[("count", &(self.history.len() - from).to_string())])];
        lines.extend(
            self.history.iter().skip(from).enumerate().map(|(i, text)| Session::print(format!("{}. {text}", i + 1))),
        );
        lines
    }

    /// Remembers what was spoken, for `history`.
    pub(super) fn remember_spoken(&mut self, lines: &[Line]) {
        for line in lines {
            if let Some(u) = &line.speech {
                self.history.push_back(u.text.clone());
            }
        }
        while self.history.len() > HISTORY {
            self.history.pop_front();
        }
    }
}
