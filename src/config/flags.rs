//! The settings of a session, resolved in layers: the built-in defaults, the user's file, a file
//! named with `--config`, then the command line's flags.

use std::path::{Path, PathBuf};

use shakmaty::Color;

use super::{ConfigError, Settings, Source, DEFAULT};
use crate::clock::ClockMode;
use crate::clock::TimeControl;
use crate::messages::Lang;
use crate::rules::Ruleset;
use crate::speech::SpeechMode;

/// What the command line asks of the settings; `None` leaves the files' value.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Flags {
    /// White's name.
    pub white: Option<String>,
    /// Black's name.
    pub black: Option<String>,
    /// Who sits at the tactile board (`Some(None)`: nobody).
    pub blind: Option<Option<Color>>,
    /// The start position.
    pub fen: Option<String>,
    /// The folder of the voice clips.
    pub clips: Option<PathBuf>,
    /// How speech is made.
    pub speech: Option<SpeechMode>,
    /// The interface language.
    pub lang: Option<Lang>,
    /// The time control.
    pub control: Option<TimeControl>,
    /// Real or simulated time.
    pub clock: Option<ClockMode>,
    /// Whether cues sound.
    pub cues: Option<bool>,
    /// Whether actions that cannot be undone are confirmed first.
    pub confirm: Option<bool>,
    /// The edition of the Laws.
    pub ruleset: Option<Ruleset>,
    /// A Chess960 start position: its number (0 to 959) or `random`.
    pub chess960: Option<String>,
    /// The seed for a random Chess960 position.
    pub seed: Option<u64>,
    /// A configuration file over the user's.
    pub config: Option<PathBuf>,
    /// When moves said aloud are heard.
    pub listen: Option<crate::listen::ListenMode>,
    /// The microphone.
    pub listen_device: Option<String>,
    /// The electronic board.
    pub eboard: Option<crate::eboard::BoardPort>,
    /// Who plays the side not at the tactile board.
    pub opponent: Option<crate::engine::OpponentKind>,
    /// How strongly the engine plays.
    pub strength: Option<crate::engine::Strength>,
    /// The engine of a practice game.
    pub engine: Option<String>,
}

/// Defaults, then `user` (the user's file, if any), then `--config`, then the flags.
pub fn resolve(flags: &Flags, user: Option<&Path>) -> Result<Settings, ConfigError> {
    let mut files = Vec::new();
    for path in user.into_iter().chain(flags.config.as_deref()) {
        let origin = path.display().to_string();
        let text =
            std::fs::read_to_string(path).map_err(|source| ConfigError::Read { path: origin.clone(), source })?;
        files.push((origin, text));
    }
    let mut sources = vec![Source { origin: "default.toml", text: DEFAULT }];
    sources.extend(files.iter().map(|(origin, text)| Source { origin, text }));
    let base = Settings { lang: Lang::from_environment(), ..Settings::default() };
    settle(base, &sources, flags)
}

/// The interface language the configuration files name (`ui.lang`, the last file's where both
/// do), read even where another of their values is refused: the language that refusal is said in.
pub fn configured_lang(flags: &Flags, user: Option<&Path>) -> Option<Lang> {
    let named = |path: &Path| -> Option<Lang> {
        let table: toml::Table = std::fs::read_to_string(path).ok()?.parse().ok()?;
        table.get("ui")?.get("lang")?.as_str()?.parse().ok()
    };
    user.into_iter().chain(flags.config.as_deref()).rev().find_map(named)
}

/// `base`, then each of `sources` in turn, then the flags.
pub fn settle(base: Settings, sources: &[Source<'_>], flags: &Flags) -> Result<Settings, ConfigError> {
    let mut s = base;
    for source in sources {
        s = source.apply(&s)?;
    }
    apply_flags(flags, &mut s);
    if let Some(choice) = &flags.chess960 {
        let number = chess960_number(choice, flags.seed)
            .ok_or_else(|| ConfigError::Chess960 { value: choice.clone(), lang: s.lang })?;
        s.fen = crate::rules::chess960_fen(number);
        s.chess960 = Some(number);
    }
    Ok(s)
}

/// The flags given, each by its name with its value as the configuration file writes it: the
/// settings table's row of that flag takes it, as it takes the file's.
fn apply_flags(flags: &Flags, s: &mut Settings) {
    for (flag, value) in flags.values() {
        let Some(row) = super::ROWS.iter().find(|row| row.flag == Some(flag)) else { continue };
        // The command line checked the value already.
        let _ = super::table::apply_flag_value(row.key, value, s);
    }
}

impl Flags {
    /// Each flag given, by name, with its value as the configuration file writes it.
    fn values(&self) -> Vec<(&'static str, toml::Value)> {
        use toml::Value as V;
        let text = |v: &dyn std::fmt::Display| V::String(v.to_string());
        let mut values: Vec<(&'static str, toml::Value)> = Vec::new();
        let mut add = |flag: &'static str, value: Option<toml::Value>| values.extend(value.map(|v| (flag, v)));
        add("white", self.white.as_deref().map(|v| text(&v)));
        add("black", self.black.as_deref().map(|v| text(&v)));
        add("blind", self.blind.map(|b| text(&super::table::seat(b))));
        add("fen", self.fen.as_deref().map(|v| text(&v)));
        add("clips", self.clips.as_ref().map(|p| text(&p.display())));
        add("speech", self.speech.map(|v| text(&v)));
        add("lang", self.lang.map(|v| text(&v)));
        add("time-control", self.control.as_ref().map(|v| text(v)));
        add("clock", self.clock.map(|v| text(&v)));
        add("cues", self.cues.map(V::Boolean));
        add("confirm", self.confirm.map(V::Boolean));
        add("ruleset", self.ruleset.map(|v| text(&v)));
        add("listen", self.listen.map(|v| text(&v)));
        add("listen-device", self.listen_device.as_deref().map(|v| text(&v)));
        add("eboard", self.eboard.as_ref().map(|v| text(v)));
        add("opponent", self.opponent.map(|v| text(&v)));
        match self.strength {
            Some(crate::engine::Strength::Level(level)) => add("level", Some(V::Integer(i64::from(level)))),
            Some(crate::engine::Strength::Elo(elo)) => add("elo", Some(V::Integer(i64::from(elo)))),
            None => {}
        }
        add("engine", self.engine.as_deref().map(|v| text(&v)));
        values
    }
}

/// The Chess960 position `choice` names: a number from 0 to 959, or `random` (from `seed`, else
/// the clock).
fn chess960_number(choice: &str, seed: Option<u64>) -> Option<u32> {
    match choice.trim() {
        "random" => Some(crate::rules::random_number(seed.unwrap_or_else(crate::clock::wall_ms))),
        n => n.parse::<u32>().ok().filter(|n| *n < 960),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_win_over_the_files_and_chess960_is_checked() {
        let flags = Flags {
            white: Some("Anna".into()),
            cues: Some(false),
            confirm: Some(false),
            chess960: Some("518".into()),
            lang: Some(Lang::En),
            ..Flags::default()
        };
        let s = resolve(&flags, None).unwrap();
        assert_eq!((s.white.as_str(), s.cues, s.confirm, s.chess960), ("Anna", false, false, Some(518)));
        assert_eq!(s.fen.as_deref(), Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"));
        let bad = Flags { chess960: Some("960".into()), lang: Some(Lang::De), ..Flags::default() };
        let e = resolve(&bad, None).unwrap_err();
        // Worded in the language the flags chose, whatever the language asked for the rest.
        let worded = e.worded(&crate::wording::Wording::in_language(Lang::En)).printed;
        assert!(worded.contains("960") && worded.contains("0 bis 959"), "{worded}");
        let random = Flags { chess960: Some("random".into()), seed: Some(7), ..Flags::default() };
        assert_eq!(resolve(&random, None).unwrap().chess960, resolve(&random, None).unwrap().chess960);
    }
}
