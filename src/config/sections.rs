//! The configuration file's `[listen]`, `[engine]`, `[opponent]` and `[online]` sections: how
//! moves said aloud are heard, which engine analyses a game afterwards, who plays the side not at
//! the tactile board at home, and where online games are played, each value checked with the file
//! and line named.

use serde::Deserialize;
use toml::Spanned;

use super::source::{Accepted, ConfigError, OutOfRange, ENGINE_DEPTHS, ENGINE_HASH, ENGINE_THREADS};
use super::source::{Source, Value};
use super::Settings;
use crate::clock::parse_duration;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListenSection {
    mode: Value<String>,
    device: Value<String>,
    threshold: Value<f64>,
    blind: Value<String>,
    sighted: Value<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineSection {
    path: Value<String>,
    depth: Value<i64>,
    time: Value<String>,
    threads: Value<i64>,
    hash: Value<i64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpponentSection {
    kind: Value<String>,
    level: Value<i64>,
    elo: Value<i64>,
    engine: Value<String>,
    nodes: Value<i64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OnlineSection {
    server: Value<String>,
    token_file: Value<String>,
    game: Value<String>,
}

impl Source<'_> {
    pub(super) fn apply_online(&self, o: &OnlineSection, s: &mut Settings) -> Result<(), ConfigError> {
        if let Some(v) = &o.server {
            let server = v.get_ref().trim();
            if !(server.starts_with("https://") || server.starts_with("http://")) {
                return Err(self.error("online.server", v, Accepted::Address));
            }
            s.online.server = server.to_string();
        }
        if let Some(v) = &o.token_file {
            s.online.token_file = v.get_ref().trim().to_string();
        }
        if let Some(v) = &o.game {
            let game = v.get_ref().trim();
            if !game.chars().all(|c| c.is_ascii_alphanumeric()) {
                return Err(self.error("online.game", v, Accepted::GameId));
            }
            s.online.game = game.to_string();
        }
        Ok(())
    }
}

impl Source<'_> {
    pub(super) fn apply_opponent(&self, o: &OpponentSection, s: &mut Settings) -> Result<(), ConfigError> {
        use crate::engine::{Strength, LEVELS, RATINGS};
        if let Some(v) = self.parsed("opponent.kind", &o.kind)? {
            s.opponent.kind = v;
        }
        let within = |key: &str, v: &Spanned<i64>, low: i64, high: i64| match (low..=high).contains(v.get_ref()) {
            true => Ok(*v.get_ref()),
            false => Err(self.error(key, v, Accepted::Range(low, high))),
        };
        if let Some(v) = &o.level {
            let (low, high) = (i64::from(*LEVELS.start()), i64::from(*LEVELS.end()));
            s.opponent.strength = Strength::Level(within("opponent.level", v, low, high)? as u8);
        }
        if let Some(v) = &o.elo {
            // 0: the level decides.
            if *v.get_ref() != 0 {
                let (low, high) = (i64::from(*RATINGS.start()), i64::from(*RATINGS.end()));
                s.opponent.strength = Strength::Elo(within("opponent.elo", v, low, high)? as u16);
            }
        }
        if let Some(v) = &o.engine {
            s.opponent.path = v.get_ref().trim().to_string();
        }
        if let Some(v) = &o.nodes {
            let nodes = within("opponent.nodes", v, 0, 100_000_000)?;
            s.opponent.nodes = (nodes > 0).then_some(nodes as u64);
        }
        Ok(())
    }

    pub(super) fn apply_listen(&self, l: &ListenSection, s: &mut Settings) -> Result<(), ConfigError> {
        if let Some(v) = self.parsed("listen.mode", &l.mode)? {
            s.listen.mode = v;
        }
        if let Some(v) = &l.device {
            s.listen.device = v.get_ref().trim().to_string();
        }
        if let Some(v) = &l.threshold {
            let threshold = *v.get_ref();
            if !(-10.0..=100.0).contains(&threshold) {
                return Err(self.error("listen.threshold", v, Accepted::Range(-10, 100)));
            }
            s.listen.threshold = threshold as f32;
        }
        for (key, value, target) in
            [("listen.blind", &l.blind, &mut s.listen.blind), ("listen.sighted", &l.sighted, &mut s.listen.sighted)]
        {
            if let Some(v) = value {
                let pack = v.get_ref().trim().to_ascii_lowercase();
                if crate::listen::vocabulary(&pack).is_none() {
                    let packs = crate::listen::heard_packs().iter().map(|p| p.to_string()).collect();
                    return Err(self.error(key, v, Accepted::OneOf(packs)));
                }
                *target = pack;
            }
        }
        Ok(())
    }
}

impl Source<'_> {
    pub(super) fn apply_engine(&self, e: &EngineSection, s: &mut Settings) -> Result<(), ConfigError> {
        if let Some(v) = &e.path {
            s.engine.path = v.get_ref().trim().to_string();
        }
        let ranged = |key: &str, v: &Spanned<i64>, range: std::ops::RangeInclusive<i64>| {
            let n = *v.get_ref();
            match range.contains(&n) {
                true => Ok(n),
                false => Err(self.error(key, v, Accepted::from(OutOfRange(range)))),
            }
        };
        if let Some(v) = &e.depth {
            s.engine.depth = ranged("engine.depth", v, ENGINE_DEPTHS)? as u8;
        }
        if let Some(v) = &e.threads {
            s.engine.threads = ranged("engine.threads", v, ENGINE_THREADS)? as u16;
        }
        if let Some(v) = &e.hash {
            s.engine.hash = ranged("engine.hash", v, ENGINE_HASH)? as u32;
        }
        if let Some(v) = &e.time {
            s.engine.time = match v.get_ref().trim() {
                "" | "0" | "none" => None,
                t => Some(parse_duration(t).map_err(|e| self.error("engine.time", v, e))?),
            };
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::config::{ConfigError, Settings, Source};
    use crate::listen::ListenMode;

    fn apply(text: &str) -> Result<Settings, ConfigError> {
        Source { origin: "test.toml", text }.apply(&Settings::default())
    }

    #[test]
    fn listening_and_engine_values_are_read_and_bad_ones_refused_with_their_place() {
        let s = apply(
            "[listen]\nmode = \"push\"\nthreshold = 2.5\nsighted = \"en\"\n[engine]\ndepth = 20\ntime = \"5s\"\n",
        )
        .unwrap();
        assert_eq!((s.listen.mode, s.listen.threshold, s.listen.sighted.as_str()), (ListenMode::Push, 2.5, "en"));
        assert_eq!((s.engine.depth, s.engine.time), (20, Some(std::time::Duration::from_secs(5))));
        let w = crate::wording::Wording::in_language(crate::messages::Lang::En);
        let refused = |text: &str| apply(text).unwrap_err().worded(&w).printed;
        assert!(
            refused("[listen]\nmode = \"always\"\n").starts_with("test.toml, line 2: listen.mode cannot be always; ")
        );
        assert_eq!(
            refused("[listen]\nblind = \"fr\"\n"),
            "test.toml, line 2: listen.blind cannot be fr; use appendix-e, en or et."
        );
        assert_eq!(
            refused("[engine]\ndepth = 0\n"),
            "test.toml, line 2: engine.depth cannot be 0; use a whole number from 1 to 99."
        );
        assert!(refused("[engine]\ntime = \"soon\"\n").starts_with("test.toml, line 2: engine.time cannot be soon"));
    }
}
