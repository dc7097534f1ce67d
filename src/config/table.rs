//! The settings table: every setting of the configuration once, as one row — its section and key,
//! the type it is written in, how a value is checked and taken into the settings, how the
//! settings write it back (for a game's journal; the device's own preferences are not kept
//! there), and the command-line flag that sets it too. From the rows come the file's sections
//! (unknown keys refused), reading them, writing them, and the list of keys and flags the tests
//! hold against `config/default.toml` and the command line.

use std::ops::RangeInclusive;

use serde::Deserialize;

use super::settings::Settings;
use super::source::{Accepted, ConfigError, OutOfRange, Source, Value, ENGINE_DEPTHS, ENGINE_HASH, ENGINE_THREADS};
use crate::clock::{parse_duration, TIME_EVERY_MOST};
use crate::messages::Lang;
use crate::notation::{LetterSet, PhrasePack};
use crate::table::{parse_blind, Seat};

/// One setting as the table has it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row {
    /// `section.key`.
    pub key: &'static str,
    /// Whether a game's journal keeps it.
    pub kept: bool,
    /// The command-line flag that sets it too, if any (without `--`).
    pub flag: Option<&'static str>,
    /// Whether `settings` says it, and as which line.
    pub said: Option<Spoken>,
}

/// A line `settings` says, each as the setting's own command says it (the session words them).
/// Said in this order, whatever the order of the rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Spoken {
    /// The rules in force.
    Ruleset,
    /// The engine's level or rating (a practice game).
    Strength,
    /// The time control, or that there is no clock.
    TimeControl,
    /// How often the time is said (with a clock).
    TimeEvery,
    /// The letters typed moves are read with.
    Letters,
    /// The words moves are announced in.
    Words,
    /// How much is spoken.
    Verbosity,
    /// How fast.
    Rate,
    /// How loud.
    Volume,
    /// In which voice.
    Voice,
    /// Whether the cues sound.
    Cues,
    /// Whether an action that cannot be undone is asked first.
    Confirm,
    /// How an announced move reaches the other board.
    Relay,
    /// Whether openings are named (a practice game).
    Openings,
}

impl Spoken {
    /// Every line, in the order `settings` says them.
    pub const ALL: [Spoken; 14] = [
        Spoken::Ruleset,
        Spoken::Strength,
        Spoken::TimeControl,
        Spoken::TimeEvery,
        Spoken::Letters,
        Spoken::Words,
        Spoken::Verbosity,
        Spoken::Rate,
        Spoken::Volume,
        Spoken::Voice,
        Spoken::Cues,
        Spoken::Confirm,
        Spoken::Relay,
        Spoken::Openings,
    ];
}

/// The lines `settings` says, in their order: one for each row that is said.
pub fn spoken() -> Vec<Spoken> {
    let mut said: Vec<Spoken> = ROWS.iter().filter_map(|row| row.said).collect();
    said.sort();
    said
}

/// Declares the table: for each section its rows, each `key: Type => read, write, flag, said`.
macro_rules! settings_table {
    ($(
        [$section:ident] $Section:ident {
            $( $key:ident : $T:ty => read $read:expr $(, write $write:expr)? $(, flag $flag:literal)? $(, said $said:ident)? ; )*
        }
    )*) => {
        $(
            #[derive(Debug, Default, Deserialize)]
            #[serde(deny_unknown_fields)]
            pub struct $Section { $( $key: Value<$T>, )* }
        )*

        /// A configuration file as written: every section and key optional.
        #[derive(Debug, Default, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct ConfigFile { $( #[serde(default)] $section: $Section, )* }

        impl Source<'_> {
            /// Every value `file` sets, checked and taken into `s`, in the table's order.
            pub(super) fn apply_file(&self, file: &ConfigFile, s: &mut Settings) -> Result<(), ConfigError> {
                $( $(
                    if let Some(v) = &file.$section.$key {
                        let read: fn(&Source<'_>, &$T, &mut Settings) -> Result<(), Accepted> = $read;
                        let key = concat!(stringify!($section), ".", stringify!($key));
                        read(self, v.get_ref(), s).map_err(|accepted| self.error(key, v, accepted))?;
                    }
                )* )*
                Ok(())
            }
        }

        /// The value a command-line flag gives the setting `key`, checked and taken into `s` as
        /// the file's would be.
        pub(super) fn apply_flag_value(key: &str, value: toml::Value, s: &mut Settings) -> Result<(), Accepted> {
            let source = Source { origin: "", text: "" };
            match key {
                $( $(
                    concat!(stringify!($section), ".", stringify!($key)) => {
                        let value: $T = <$T>::deserialize(value).map_err(|_| Accepted::OneOf(Vec::new()))?;
                        let read: fn(&Source<'_>, &$T, &mut Settings) -> Result<(), Accepted> = $read;
                        read(&source, &value, s)
                    }
                )* )*
                _ => Err(Accepted::OneOf(Vec::new())),
            }
        }

        /// The settings of a game as a configuration file that gives them back (kept in the
        /// journal): the rows a journal keeps, section by section.
        pub fn settings_to_toml(s: &Settings) -> String {
            let mut lines: Vec<String> = Vec::new();
            $(
                // A section the journal keeps none of is left out.
                #[allow(unused_mut)]
                let mut rows: Vec<String> = Vec::new();
                $( $(
                    let write: fn(&Settings) -> String = $write;
                    rows.push(format!("{} = {}", stringify!($key), write(s)));
                )? )*
                if !rows.is_empty() {
                    lines.push(concat!("[", stringify!($section), "]").to_string());
                    lines.extend(rows);
                }
            )*
            lines.push(String::new());
            lines.join("\n")
        }

        /// Every row of the table, in order.
        pub const ROWS: &[Row] = &[ $( $(
            Row {
                key: concat!(stringify!($section), ".", stringify!($key)),
                kept: settings_table!(@kept $($write)?),
                flag: settings_table!(@flag $($flag)?),
                said: settings_table!(@said $($said)?),
            },
        )* )* ];
    };
    (@kept) => { false };
    (@kept $write:expr) => { true };
    (@flag) => { None };
    (@flag $flag:literal) => { Some($flag) };
    (@said) => { None };
    (@said $said:ident) => { Some(Spoken::$said) };
}

/// A text as TOML writes it.
fn quoted(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// A choice as TOML writes it (`"fide-2014"`).
fn word(choice: &dyn std::fmt::Display) -> String {
    quoted(&choice.to_string())
}

/// A whole number within `range`.
fn within(n: i64, range: RangeInclusive<i64>) -> Result<i64, Accepted> {
    match range.contains(&n) {
        true => Ok(n),
        false => Err(OutOfRange(range).into()),
    }
}

/// A word read with `FromStr` (a choice, a time control, a language).
fn chosen<T>(text: &str) -> Result<T, Accepted>
where
    T: std::str::FromStr,
    T::Err: Into<Accepted>,
{
    text.trim().parse::<T>().map_err(Into::into)
}

/// A phrase pack by its name.
fn pack(text: &str) -> Result<String, Accepted> {
    match PhrasePack::named(text) {
        Some(_) => Ok(text.to_ascii_lowercase()),
        None => Err(Accepted::OneOf(PhrasePack::builtin().into_iter().map(|p| p.name).collect())),
    }
}

/// The words a player's moves are heard in, by their pack's name.
fn heard_pack(text: &str) -> Result<String, Accepted> {
    let pack = text.trim().to_ascii_lowercase();
    match crate::listen::vocabulary(&pack) {
        Some(_) => Ok(pack),
        None => Err(Accepted::OneOf(crate::listen::heard_packs().iter().map(|p| p.to_string()).collect())),
    }
}

/// Who sits at the tactile board, as the file writes it.
pub(super) fn seat(blind: Option<shakmaty::Color>) -> Seat {
    match blind {
        Some(shakmaty::Color::White) => Seat::White,
        Some(shakmaty::Color::Black) => Seat::Black,
        None => Seat::None,
    }
}

settings_table! {
    [game] GameSection {
        white: String => read |_, v, s| { s.white = v.clone(); Ok(()) },
            write |s| quoted(&s.white), flag "white";
        black: String => read |_, v, s| { s.black = v.clone(); Ok(()) },
            write |s| quoted(&s.black), flag "black";
        blind: String => read |_, v, s| { s.blind = parse_blind(v)?; Ok(()) },
            write |s| word(&seat(s.blind)), flag "blind";
        fen: String => read |_, v, s| { s.fen = Some(v.trim().to_string()).filter(|f| !f.is_empty()); Ok(()) },
            write |s| quoted(s.fen.as_deref().unwrap_or("")), flag "fen";
        ruleset: String => read |_, v, s| { s.ruleset = chosen(v)?; Ok(()) },
            write |s| word(&s.ruleset), flag "ruleset", said Ruleset;
        save_pgn: bool => read |_, v, s| { s.save_pgn = *v; Ok(()) },
            write |s| s.save_pgn.to_string();
    }
    [notation] NotationSection {
        sighted: String => read |_, v, s| { s.sighted_letters = chosen::<LetterSet>(v)?; Ok(()) },
            write |s| word(&s.sighted_letters), said Letters;
        blind: String => read |_, v, s| { s.blind_letters = chosen::<LetterSet>(v)?; Ok(()) },
            write |s| word(&s.blind_letters);
    }
    [announce] AnnounceSection {
        pack: String => read |_, v, s| { s.pack = pack(v)?; Ok(()) },
            write |s| quoted(&s.pack), said Words;
        say_pawn: bool => read |_, v, s| { s.style.say_pawn = *v; Ok(()) },
            write |s| s.style.say_pawn.to_string();
        from_square: bool => read |_, v, s| { s.style.from_square = *v; Ok(()) },
            write |s| s.style.from_square.to_string();
        square_letters: bool => read |_, v, s| { s.style.square_letters = *v; Ok(()) },
            write |s| s.style.square_letters.to_string();
        openings: bool => read |_, v, s| { s.openings = *v; Ok(()) },
            write |s| s.openings.to_string(), said Openings;
    }
    [speech] SpeechSection {
        mode: String => read |_, v, s| { s.speech = chosen(v)?; Ok(()) }, flag "speech";
        clips: String => read |src, v, s| { s.clips = Some(src.relative(v)); Ok(()) }, flag "clips";
        verbosity: String => read |_, v, s| { s.verbosity = chosen(v)?; Ok(()) }, said Verbosity;
        rate: i64 => read |_, v, s| { s.voice.rate = within(*v, -100..=100)? as f32; Ok(()) }, said Rate;
        volume: i64 => read |_, v, s| { s.voice.volume = within(*v, 0..=100)? as f32; Ok(()) }, said Volume;
        voice: String => read |_, v, s| { s.voice.voice = v.clone(); Ok(()) }, said Voice;
    }
    [clock] ClockSection {
        control: String => read |_, v, s| { s.control = chosen(v)?; Ok(()) },
            write |s| quoted(&s.control.to_string()), flag "time-control", said TimeControl;
        mode: String => read |_, v, s| { s.clock = chosen(v)?; Ok(()) },
            write |s| word(&s.clock), flag "clock";
        flag: String => read |_, v, s| { s.flag = chosen(v)?; Ok(()) },
            write |s| word(&s.flag);
        marks: String => read |_, v, s| { s.marks = chosen(v)?; Ok(()) },
            write |s| word(&s.marks);
        warnings: String => read |_, v, s| { s.warnings = chosen(v)?; Ok(()) },
            write |s| word(&s.warnings);
        warning_times: Vec<String> => read |_, v, s| {
                s.warning_times = v.iter().map(|t| parse_duration(t)).collect::<Result<_, _>>()?;
                Ok(())
            },
            write |s| {
                let times: Vec<String> = s.warning_times.iter().map(|d| quoted(&format!("{}s", d.as_secs()))).collect();
                format!("[{}]", times.join(", "))
            };
        time_every: i64 => read |_, v, s| { s.time_every = within(*v, 0..=TIME_EVERY_MOST)? as u32; Ok(()) },
            write |s| s.time_every.to_string(), said TimeEvery;
    }
    [audio] AudioSection {
        cues: bool => read |_, v, s| { s.cues = *v; Ok(()) }, flag "cues", said Cues;
        volume: i64 => read |_, v, s| { s.cue_volume = within(*v, 0..=100)? as f32; Ok(()) };
    }
    [table] TableSection {
        relay: String => read |_, v, s| { s.relay = chosen(v)?; Ok(()) },
            write |s| word(&s.relay), said Relay;
        eboard: String => read |_, v, s| {
                s.eboard = match v.trim() {
                    "" => None,
                    port => Some(port.parse()?),
                };
                Ok(())
            },
            write |s| quoted(&s.eboard.as_ref().map_or(String::new(), ToString::to_string)), flag "eboard";
    }
    [braille] BrailleSection {
        grade: i64 => read |_, v, s| { s.braille_grade = within(*v, 0..=2)? as u8; Ok(()) },
            write |s| s.braille_grade.to_string();
        display: bool => read |_, v, s| { s.braille_display = *v; Ok(()) },
            write |s| s.braille_display.to_string();
    }
    [ui] UiSection {
        lang: String => read |_, v, s| {
                if !v.trim().is_empty() {
                    s.lang = chosen::<Lang>(v)?;
                }
                Ok(())
            },
            write |s| word(&s.lang), flag "lang";
        confirm: bool => read |_, v, s| { s.confirm = *v; Ok(()) },
            write |s| s.confirm.to_string(), flag "confirm", said Confirm;
    }
    [listen] ListenSection {
        mode: String => read |_, v, s| { s.listen.mode = chosen(v)?; Ok(()) },
            write |s| word(&s.listen.mode), flag "listen";
        device: String => read |_, v, s| { s.listen.device = v.trim().to_string(); Ok(()) },
            write |s| quoted(&s.listen.device), flag "listen-device";
        threshold: f64 => read |_, v, s| {
                if !(-10.0..=100.0).contains(v) {
                    return Err(Accepted::Range(-10, 100));
                }
                s.listen.threshold = *v as f32;
                Ok(())
            },
            write |s| format!("{:?}", f64::from(s.listen.threshold));
        blind: String => read |_, v, s| { s.listen.blind = heard_pack(v)?; Ok(()) },
            write |s| quoted(&s.listen.blind);
        sighted: String => read |_, v, s| { s.listen.sighted = heard_pack(v)?; Ok(()) },
            write |s| quoted(&s.listen.sighted);
    }
    [engine] EngineSection {
        path: String => read |_, v, s| { s.engine.path = v.trim().to_string(); Ok(()) };
        depth: i64 => read |_, v, s| { s.engine.depth = within(*v, ENGINE_DEPTHS)? as u8; Ok(()) };
        time: String => read |_, v, s| {
                s.engine.time = match v.trim() {
                    "" | "0" | "none" => None,
                    t => Some(parse_duration(t)?),
                };
                Ok(())
            };
        threads: i64 => read |_, v, s| { s.engine.threads = within(*v, ENGINE_THREADS)? as u16; Ok(()) };
        hash: i64 => read |_, v, s| { s.engine.hash = within(*v, ENGINE_HASH)? as u32; Ok(()) };
    }
    [opponent] OpponentSection {
        kind: String => read |_, v, s| { s.opponent.kind = chosen(v)?; Ok(()) },
            write |s| word(&s.opponent.kind), flag "opponent";
        level: i64 => read |_, v, s| {
                use crate::engine::{Strength, LEVELS};
                let levels = i64::from(*LEVELS.start())..=i64::from(*LEVELS.end());
                s.opponent.strength = Strength::Level(within(*v, levels)? as u8);
                Ok(())
            },
            write |s| match s.opponent.strength {
                crate::engine::Strength::Level(level) => level.to_string(),
                crate::engine::Strength::Elo(_) => crate::engine::Strength::default_level().to_string(),
            },
            flag "level", said Strength;
        elo: i64 => read |_, v, s| {
                use crate::engine::{Strength, RATINGS};
                // 0: the level decides.
                if *v != 0 {
                    let ratings = i64::from(*RATINGS.start())..=i64::from(*RATINGS.end());
                    s.opponent.strength = Strength::Elo(within(*v, ratings)? as u16);
                }
                Ok(())
            },
            write |s| match s.opponent.strength {
                crate::engine::Strength::Elo(elo) => elo.to_string(),
                crate::engine::Strength::Level(_) => "0".into(),
            },
            flag "elo";
        engine: String => read |_, v, s| { s.opponent.path = v.trim().to_string(); Ok(()) },
            write |s| quoted(&s.opponent.path), flag "engine";
        nodes: i64 => read |_, v, s| {
                let nodes = within(*v, 0..=100_000_000)?;
                s.opponent.nodes = (nodes > 0).then_some(nodes as u64);
                Ok(())
            },
            write |s| s.opponent.nodes.unwrap_or(0).to_string();
    }
    [online] OnlineSection {
        server: String => read |_, v, s| {
                let server = v.trim();
                if !(server.starts_with("https://") || server.starts_with("http://")) {
                    return Err(Accepted::Address);
                }
                s.online.server = server.to_string();
                Ok(())
            },
            write |s| quoted(&s.online.server);
        token_file: String => read |_, v, s| { s.online.token_file = v.trim().to_string(); Ok(()) };
        game: String => read |_, v, s| {
                let game = v.trim();
                if !game.chars().all(|c| c.is_ascii_alphanumeric()) {
                    return Err(Accepted::GameId);
                }
                s.online.game = game.to_string();
                Ok(())
            },
            write |s| quoted(&s.online.game);
    }
}

#[cfg(test)]
mod tests {
    use super::{settings_to_toml, spoken, Spoken, ROWS};
    use crate::config::{ConfigError, Settings, Source, DEFAULT};
    use crate::listen::ListenMode;

    /// The defaults file documents every setting of the table, and nothing else.
    #[test]
    fn every_row_is_in_the_defaults_file_and_every_key_there_is_a_row() {
        let table: toml::Table = DEFAULT.parse().unwrap();
        let mut keys: Vec<String> = table
            .iter()
            .flat_map(|(section, keys)| keys.as_table().unwrap().keys().map(move |k| format!("{section}.{k}")))
            .collect();
        // The clips' folder has no default: the file shows it commented out.
        assert!(DEFAULT.contains("# clips = "));
        keys.push("speech.clips".into());
        keys.sort();
        let mut rows: Vec<String> = ROWS.iter().map(|r| r.key.to_string()).collect();
        rows.sort();
        assert_eq!(keys, rows);
    }

    /// Each line `settings` says belongs to one row, and is said once, in its order.
    #[test]
    fn every_line_settings_says_is_one_rows() {
        assert_eq!(spoken(), Spoken::ALL.to_vec());
        let speech = ROWS.iter().filter(|r| r.key.starts_with("speech.") && r.said.is_some()).count();
        assert_eq!(speech, 4, "verbosity, rate, volume and voice");
        assert_eq!(ROWS.iter().find(|r| r.key == "opponent.level").and_then(|r| r.said), Some(Spoken::Strength));
    }

    /// A row's flag is an option of `play`; what a journal keeps is written and read back.
    #[test]
    fn every_rows_flag_is_an_option_of_play_and_what_is_kept_is_written() {
        use clap::CommandFactory;
        let cli = crate::cli::Cli::command();
        let play = cli.find_subcommand("play").unwrap();
        let longs: Vec<&str> = play.get_arguments().chain(cli.get_arguments()).filter_map(|a| a.get_long()).collect();
        for row in ROWS {
            if let Some(flag) = row.flag {
                assert!(longs.contains(&flag), "--{flag} of {} is no option of play: {longs:?}", row.key);
            }
        }
        let written: toml::Table = settings_to_toml(&Settings::default()).parse().unwrap();
        for row in ROWS {
            let (section, key) = row.key.split_once('.').unwrap();
            let there = written.get(section).and_then(|s| s.get(key)).is_some();
            assert_eq!(there, row.kept, "{}", row.key);
        }
    }

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
