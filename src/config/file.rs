//! One configuration file as written: every key optional, unknown keys refused, each value kept
//! with its place so that a bad value is reported with file, line and key.

use super::settings::Settings;
use super::source::{ConfigError, Source, MAX_CONFIG};
use super::table::ConfigFile;

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
        self.apply_file(&file, &mut s)?;
        Ok(s)
    }
}

/// The built-in defaults file.
pub const DEFAULT: &str = include_str!("../../config/default.toml");

#[cfg(test)]
mod tests {
    use super::super::table::settings_to_toml;
    use super::*;
    use crate::messages::Lang;
    use crate::notation::LetterSet;
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
