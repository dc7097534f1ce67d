//! Listening comfort: `rate`, `volume`, `voice` and `verbosity` change how things are spoken for
//! the rest of the game (the speaker is told through the response), and `history` reads back what
//! was said.

use super::session::{count_arg, Session};
use super::{CommandId, Line, Response};
use crate::config::Verbosity;

/// How many spoken lines `history` keeps.
pub const HISTORY: usize = 50;

impl Session {
    fn number_arg(&self, id: CommandId, args: &str, low: i64, high: i64) -> Result<i64, Vec<Line>> {
        match args.trim().parse::<i64>() {
            Ok(n) if (low..=high).contains(&n) => Ok(n),
            _ => {
                let (low, high) = (low.to_string(), high.to_string());
                let name = super::CommandSpec::of(id).name;
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
                Err(lines) => return Response { lines, ..Response::default() },
            },
            CommandId::Volume => match self.number_arg(id, args, 0, 100) {
                Ok(n) => {
                    self.settings.voice.volume = n as f32;
                    vec![self.line("voice.volume_set", &[("volume", &n.to_string())])]
                }
                Err(lines) => return Response { lines, ..Response::default() },
            },
            _ => {
                let auto = args.is_empty() || args.eq_ignore_ascii_case("auto");
                self.settings.voice.voice = if auto { String::new() } else { args.to_string() };
                match auto {
                    true => vec![self.line("voice.auto", &[])],
                    false => vec![self.line("voice.set", &[("voice", args)])],
                }
            }
        };
        Response { lines, voice: Some(self.settings.voice.clone()), ..Response::default() }
    }

    /// `verbosity [brief|normal|verbose]`.
    pub(super) fn verbosity_command(&mut self, args: &str) -> Vec<Line> {
        if args.trim().is_empty() {
            return vec![self.line("verbosity.is", &[("level", self.settings.verbosity.name())])];
        }
        match args.trim().parse::<Verbosity>() {
            Ok(level) => {
                self.settings.verbosity = level;
                vec![self.line("verbosity.set", &[("level", level.name())])]
            }
            Err(_) => vec![self.line("verbosity.bad", &[("level", args.trim())])],
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
