//! One configuration file as written: every key optional, unknown keys refused, each value kept
//! with its place so that a bad value is reported with file, line and key.

use serde::Deserialize;

use super::settings::Settings;
use super::source::{Accepted, ConfigError, Source, Value, MAX_CONFIG};
use crate::clock::{parse_duration, TIME_EVERY_MOST};
use crate::messages::Lang;
use crate::notation::{LetterSet, PhrasePack};
use crate::table::{parse_blind, Seat};

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSection {
    white: Value<String>,
    black: Value<String>,
    blind: Value<String>,
    fen: Value<String>,
    ruleset: Value<String>,
    save_pgn: Value<bool>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NotationSection {
    sighted: Value<String>,
    blind: Value<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnnounceSection {
    pack: Value<String>,
    say_pawn: Value<bool>,
    from_square: Value<bool>,
    square_letters: Value<bool>,
    openings: Value<bool>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpeechSection {
    mode: Value<String>,
    clips: Value<String>,
    verbosity: Value<String>,
    rate: Value<i64>,
    volume: Value<i64>,
    voice: Value<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockSection {
    control: Value<String>,
    mode: Value<String>,
    flag: Value<String>,
    marks: Value<String>,
    warnings: Value<String>,
    warning_times: Value<Vec<String>>,
    time_every: Value<i64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AudioSection {
    cues: Value<bool>,
    volume: Value<i64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSection {
    relay: Value<String>,
    eboard: Value<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BrailleSection {
    grade: Value<i64>,
    display: Value<bool>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UiSection {
    lang: Value<String>,
    confirm: Value<bool>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile {
    #[serde(default)]
    game: GameSection,
    #[serde(default)]
    notation: NotationSection,
    #[serde(default)]
    announce: AnnounceSection,
    #[serde(default)]
    speech: SpeechSection,
    #[serde(default)]
    clock: ClockSection,
    #[serde(default)]
    audio: AudioSection,
    #[serde(default)]
    table: TableSection,
    #[serde(default)]
    ui: UiSection,
    #[serde(default)]
    braille: BrailleSection,
    #[serde(default)]
    listen: super::sections::ListenSection,
    #[serde(default)]
    engine: super::sections::EngineSection,
    #[serde(default)]
    opponent: super::sections::OpponentSection,
    #[serde(default)]
    online: super::sections::OnlineSection,
}

impl Source<'_> {
    /// Parses the file and applies every value it sets to `settings`; on error nothing of this
    /// file is applied.
    pub fn apply(&self, settings: &Settings) -> Result<Settings, ConfigError> {
        if self.text.len() > MAX_CONFIG {
            return Err(ConfigError::TooLarge { origin: self.origin.to_string(), bytes: self.text.len() });
        }
        let file: ConfigFile =
            toml::from_str(self.text).map_err(|e| crate::messages::TomlError::new(self.origin, self.text, &e))?;
        let mut s = settings.clone();
        self.apply_game(&file.game, &mut s)?;
        self.apply_notation(&file.notation, &mut s)?;
        self.apply_announce(&file.announce, &mut s)?;
        self.apply_speech(&file.speech, &mut s)?;
        self.apply_clock(&file.clock, &mut s)?;
        self.apply_audio(&file.audio, &mut s)?;
        self.apply_listen(&file.listen, &mut s)?;
        self.apply_engine(&file.engine, &mut s)?;
        self.apply_opponent(&file.opponent, &mut s)?;
        self.apply_online(&file.online, &mut s)?;
        if let Some(v) = self.parsed("table.relay", &file.table.relay)? {
            s.relay = v;
        }
        if let Some(v) = &file.braille.grade {
            s.braille_grade = match *v.get_ref() {
                g @ 0..=2 => g as u8,
                _ => return Err(self.error("braille.grade", v, Accepted::Range(0, 2))),
            };
        }
        if let Some(v) = &file.braille.display {
            s.braille_display = *v.get_ref();
        }
        if let Some(v) = &file.table.eboard {
            s.eboard = match v.get_ref().trim() {
                "" => None,
                port => Some(port.parse().map_err(|e| self.error("table.eboard", v, e))?),
            };
        }
        if let Some(v) = &file.ui.confirm {
            s.confirm = *v.get_ref();
        }
        if let Some(v) = &file.ui.lang {
            if !v.get_ref().trim().is_empty() {
                s.lang = v.get_ref().parse::<Lang>().map_err(|e| self.error("ui.lang", v, e))?;
            }
        }
        Ok(s)
    }

    fn apply_game(&self, g: &GameSection, s: &mut Settings) -> Result<(), ConfigError> {
        if let Some(v) = &g.white {
            s.white = v.get_ref().clone();
        }
        if let Some(v) = &g.black {
            s.black = v.get_ref().clone();
        }
        if let Some(v) = &g.save_pgn {
            s.save_pgn = *v.get_ref();
        }
        if let Some(v) = &g.blind {
            s.blind = parse_blind(v.get_ref()).map_err(|e| self.error("game.blind", v, e))?;
        }
        if let Some(v) = &g.fen {
            s.fen = (!v.get_ref().trim().is_empty()).then(|| v.get_ref().trim().to_string());
        }
        if let Some(v) = self.parsed("game.ruleset", &g.ruleset)? {
            s.ruleset = v;
        }
        Ok(())
    }

    fn apply_notation(&self, n: &NotationSection, s: &mut Settings) -> Result<(), ConfigError> {
        if let Some(v) = &n.sighted {
            s.sighted_letters = v.get_ref().parse::<LetterSet>().map_err(|e| self.error("notation.sighted", v, e))?;
        }
        if let Some(v) = &n.blind {
            s.blind_letters = v.get_ref().parse::<LetterSet>().map_err(|e| self.error("notation.blind", v, e))?;
        }
        Ok(())
    }

    fn apply_announce(&self, a: &AnnounceSection, s: &mut Settings) -> Result<(), ConfigError> {
        if let Some(v) = &a.pack {
            if PhrasePack::named(v.get_ref()).is_none() {
                let packs = PhrasePack::builtin().into_iter().map(|p| p.name).collect();
                return Err(self.error("announce.pack", v, Accepted::OneOf(packs)));
            }
            s.pack = v.get_ref().to_ascii_lowercase();
        }
        if let Some(v) = &a.say_pawn {
            s.style.say_pawn = *v.get_ref();
        }
        if let Some(v) = &a.from_square {
            s.style.from_square = *v.get_ref();
        }
        if let Some(v) = &a.square_letters {
            s.style.square_letters = *v.get_ref();
        }
        if let Some(v) = &a.openings {
            s.openings = *v.get_ref();
        }
        Ok(())
    }

    fn apply_speech(&self, sp: &SpeechSection, s: &mut Settings) -> Result<(), ConfigError> {
        if let Some(v) = &sp.mode {
            s.speech =
                v.get_ref().parse().map_err(|e: crate::choice::UnknownChoice| self.error("speech.mode", v, e))?;
        }
        if let Some(v) = &sp.clips {
            s.clips = Some(self.relative(v.get_ref()));
        }
        if let Some(v) = &sp.rate {
            let rate = *v.get_ref();
            if !(-100..=100).contains(&rate) {
                return Err(self.error("speech.rate", v, Accepted::Range(-100, 100)));
            }
            s.voice.rate = rate as f32;
        }
        if let Some(v) = &sp.volume {
            let volume = *v.get_ref();
            if !(0..=100).contains(&volume) {
                return Err(self.error("speech.volume", v, Accepted::Range(0, 100)));
            }
            s.voice.volume = volume as f32;
        }
        if let Some(v) = &sp.voice {
            s.voice.voice = v.get_ref().clone();
        }
        if let Some(v) = &sp.verbosity {
            s.verbosity =
                v.get_ref().parse().map_err(|e: crate::choice::UnknownChoice| self.error("speech.verbosity", v, e))?;
        }
        Ok(())
    }
}

impl Source<'_> {
    /// A text value parsed with `FromStr`, its error reported at its place.
    fn apply_clock(&self, c: &ClockSection, s: &mut Settings) -> Result<(), ConfigError> {
        if let Some(v) = self.parsed("clock.control", &c.control)? {
            s.control = v;
        }
        if let Some(v) = self.parsed("clock.mode", &c.mode)? {
            s.clock = v;
        }
        if let Some(v) = self.parsed("clock.flag", &c.flag)? {
            s.flag = v;
        }
        if let Some(v) = self.parsed("clock.marks", &c.marks)? {
            s.marks = v;
        }
        if let Some(v) = self.parsed("clock.warnings", &c.warnings)? {
            s.warnings = v;
        }
        if let Some(v) = &c.warning_times {
            s.warning_times = v
                .get_ref()
                .iter()
                .map(|t| parse_duration(t).map_err(|e| self.error("clock.warning_times", v, e)))
                .collect::<Result<_, _>>()?;
        }
        if let Some(v) = &c.time_every {
            let moves = *v.get_ref();
            if !(0..=TIME_EVERY_MOST).contains(&moves) {
                return Err(self.error("clock.time_every", v, Accepted::Range(0, TIME_EVERY_MOST)));
            }
            s.time_every = moves as u32;
        }
        Ok(())
    }

    fn apply_audio(&self, a: &AudioSection, s: &mut Settings) -> Result<(), ConfigError> {
        if let Some(v) = &a.cues {
            s.cues = *v.get_ref();
        }
        if let Some(v) = &a.volume {
            let volume = *v.get_ref();
            if !(0..=100).contains(&volume) {
                return Err(self.error("audio.volume", v, Accepted::Range(0, 100)));
            }
            s.cue_volume = volume as f32;
        }
        Ok(())
    }
}

fn quoted(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// The settings of a game as a configuration file that gives them back (kept in the journal).
pub fn settings_to_toml(s: &Settings) -> String {
    let times: Vec<String> = s.warning_times.iter().map(|d| quoted(&format!("{}s", d.as_secs()))).collect();
    let seat = match s.blind {
        Some(shakmaty::Color::White) => Seat::White,
        Some(shakmaty::Color::Black) => Seat::Black,
        None => Seat::None,
    };
    let word = |choice: &dyn std::fmt::Display| quoted(&choice.to_string());
    [
        "[game]".to_string(),
        format!("white = {}", quoted(&s.white)),
        format!("black = {}", quoted(&s.black)),
        format!("blind = {}", word(&seat)),
        format!("fen = {}", quoted(s.fen.as_deref().unwrap_or(""))),
        format!("ruleset = {}", word(&s.ruleset)),
        format!("save_pgn = {}", s.save_pgn),
        "[notation]".into(),
        format!("sighted = {}", word(&s.sighted_letters)),
        format!("blind = {}", word(&s.blind_letters)),
        "[announce]".into(),
        format!("pack = {}", quoted(&s.pack)),
        format!("say_pawn = {}", s.style.say_pawn),
        format!("from_square = {}", s.style.from_square),
        format!("square_letters = {}", s.style.square_letters),
        format!("openings = {}", s.openings),
        "[clock]".into(),
        format!("control = {}", quoted(&s.control.to_string())),
        format!("mode = {}", word(&s.clock)),
        format!("flag = {}", word(&s.flag)),
        format!("marks = {}", word(&s.marks)),
        format!("warnings = {}", word(&s.warnings)),
        format!("warning_times = [{}]", times.join(", ")),
        format!("time_every = {}", s.time_every),
        "[table]".into(),
        format!("relay = {}", word(&s.relay)),
        format!("eboard = {}", quoted(&s.eboard.as_ref().map_or(String::new(), ToString::to_string))),
        "[braille]".into(),
        format!("grade = {}", s.braille_grade),
        format!("display = {}", s.braille_display),
        "[ui]".into(),
        format!("lang = {}", word(&s.lang)),
        format!("confirm = {}", s.confirm),
        "[listen]".into(),
        format!("mode = {}", word(&s.listen.mode)),
        format!("device = {}", quoted(&s.listen.device)),
        format!("threshold = {:?}", f64::from(s.listen.threshold)),
        format!("blind = {}", quoted(&s.listen.blind)),
        format!("sighted = {}", quoted(&s.listen.sighted)),
        "[opponent]".into(),
        format!("kind = {}", word(&s.opponent.kind)),
        format!(
            "level = {}",
            match s.opponent.strength {
                crate::engine::Strength::Level(level) => level,
                crate::engine::Strength::Elo(_) => crate::engine::Strength::default_level(),
            }
        ),
        format!(
            "elo = {}",
            match s.opponent.strength {
                crate::engine::Strength::Elo(elo) => elo,
                crate::engine::Strength::Level(_) => 0,
            }
        ),
        format!("engine = {}", quoted(&s.opponent.path)),
        format!("nodes = {}", s.opponent.nodes.unwrap_or(0)),
        "[online]".into(),
        format!("server = {}", quoted(&s.online.server)),
        format!("game = {}", quoted(&s.online.game)),
        String::new(),
    ]
    .join("\n")
}

/// The built-in defaults file.
pub const DEFAULT: &str = include_str!("../../config/default.toml");

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Color;

    fn apply(text: &str) -> Result<Settings, ConfigError> {
        Source { origin: "test.toml", text }.apply(&Settings::default())
    }

    /// The refusal of `text`, printed and spoken in `lang`.
    fn refused_in(lang: Lang, text: &str) -> (String, String) {
        let words = apply(text).unwrap_err().worded(&crate::wording::Wording::in_language(lang));
        (words.printed, words.spoken)
    }

    fn refused(text: &str) -> String {
        refused_in(Lang::En, text).0
    }

    #[test]
    fn the_braille_grade_is_0_1_or_2() {
        assert_eq!(apply("[braille]\ngrade = 2\n").unwrap().braille_grade, 2);
        let said = refused("[braille]\ngrade = 3\n");
        assert_eq!(said, "test.toml, line 2: braille.grade cannot be 3; use a whole number from 0 to 2.");
    }

    #[test]
    fn a_file_too_large_is_refused_before_it_is_read() {
        let text = format!("# {}\n", "x".repeat(MAX_CONFIG));
        let error = apply(&text).unwrap_err();
        assert!(matches!(error, ConfigError::TooLarge { bytes, .. } if bytes > MAX_CONFIG), "{error}");
    }

    #[test]
    fn the_defaults_file_gives_the_default_settings() {
        let s = Source { origin: "default.toml", text: DEFAULT }.apply(&Settings::default()).unwrap();
        assert_eq!(s, Settings::default());
    }

    #[test]
    fn values_apply() {
        let s =
            apply("[game]\nwhite = \"Anna\"\nblind = \"black\"\n[notation]\nsighted = \"et\"\n[ui]\nlang = \"de\"\n")
                .unwrap();
        assert_eq!(s.white, "Anna");
        assert_eq!(s.blind, Some(Color::Black));
        assert_eq!(s.letters(Color::White), LetterSet::Estonian);
        assert_eq!(s.letters(Color::Black), LetterSet::English);
        assert_eq!(s.lang, Lang::De);
    }

    #[test]
    fn unknown_keys_name_file_line_and_key() {
        assert_eq!(
            refused("[game]\nwhite = \"A\"\ncolour = \"x\"\n"),
            "test.toml, line 3: there is no setting game.colour; the settings there are white, black, blind, fen, \
             ruleset, save_pgn."
        );
        let (printed, spoken) = refused_in(Lang::De, "[sound]\n");
        assert!(
            printed.starts_with("test.toml, Zeile 1: Einen Abschnitt sound gibt es nicht; die Abschnitte sind game,")
        );
        // Spoken: the file's name alone, the keys in words.
        assert!(spoken.starts_with("test, Zeile 1: Einen Abschnitt sound gibt es nicht"), "{spoken}");
    }

    #[test]
    fn settings_round_trip_through_their_file() {
        let s = Settings {
            white: "Anna \"the\" Blind".into(),
            fen: Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1".into()),
            control: "40/90+30,G/30+30".parse().unwrap(),
            relay: crate::table::RelayMode::Confirm,
            ruleset: crate::rules::Ruleset::Fide2008,
            lang: Lang::Et,
            time_every: 10,
            ..Settings::default()
        };
        let text = settings_to_toml(&s);
        let back = Source { origin: "journal", text: &text }.apply(&Settings::default()).unwrap();
        assert_eq!(back, s);
    }

    #[test]
    fn clock_settings() {
        let s =
            apply("[clock]\ncontrol = \"90+30\"\nmode = \"simulated\"\nflag = \"claim\"\nwarning_times = [\"1m\"]\n")
                .unwrap();
        assert_eq!(s.control.to_string(), "G/90+30");
        assert_eq!(s.clock, crate::clock::ClockMode::Simulated);
        assert_eq!(s.warning_times, vec![std::time::Duration::from_secs(60)]);
        let said = refused("[clock]\n\ncontrol = \"90+\"\n");
        assert!(
            said.starts_with(
                "test.toml, line 3: clock.control cannot be 90+; a number is missing; use a time control such as"
            ),
            "{said}"
        );
        // What is wrong with a time control is said before what it takes.
        let said = refused("[clock]\ncontrol = \"90+99999\"\n");
        assert!(
            said.starts_with("test.toml, line 2: clock.control cannot be 90+99999; a move adds at most one hour; use"),
            "{said}"
        );
        assert_eq!(apply("[clock]\ntime_every = 10\n").unwrap().time_every, 10);
        let said = refused("[clock]\ntime_every = 101\n");
        assert_eq!(said, "test.toml, line 2: clock.time_every cannot be 101; use a whole number from 0 to 100.");
        let said = refused("[clock]\nwarning_times = [\"soon\"]\n");
        assert_eq!(said, "test.toml, line 2: clock.warning_times cannot be soon; use a time such as 5m, 90s or 1h30m.");
    }

    #[test]
    fn bad_values_name_file_line_and_key() {
        let (printed, spoken) = refused_in(Lang::En, "[speech]\n\nrate = 500\n");
        assert_eq!(printed, "test.toml, line 3: speech.rate cannot be 500; use a whole number from -100 to 100.");
        assert_eq!(spoken, "test, line 3: speech rate cannot be 500; use a whole number from minus 100 to 100.");
        assert_eq!(
            refused_in(Lang::Et, "[notation]\nblind = \"fr\"\n").0,
            "test.toml, rida 2: notation.blind ei saa olla fr; sobib en, et või de."
        );
        // A value of the wrong kind names its key and the kind it takes.
        assert_eq!(refused("[game]\nwhite = 3\n"), "test.toml, line 2: game.white takes a text in quotes.");
        assert_eq!(refused("[audio]\ncues = \"yes\"\n"), "test.toml, line 2: audio.cues takes true or false.");
        assert_eq!(
            refused_in(Lang::De, "[speech]\nrate = \"fast\"\n").0,
            "test.toml, Zeile 2: speech.rate erwartet eine ganze Zahl."
        );
        let said = refused("[game\n");
        assert!(said.starts_with("test.toml, line 1: this is not TOML: "), "{said}");
    }
}
