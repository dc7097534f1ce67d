//! The resolved settings of a session: every value decided, from the defaults, the files and the
//! command line.

use std::time::Duration;

use shakmaty::Color;

use crate::clock::{ClockMode, FlagMode, Listeners, TimeControl};
use crate::table::RelayMode;

use crate::messages::Lang;
use crate::notation::{LetterSet, SpokenStyle};
use crate::rules::Ruleset;
use crate::speech::{SpeechMode, VoiceSettings};
use crate::wording::Verbosity;

#[derive(Debug, Clone, PartialEq)]
/// Every setting of a session, decided.
pub struct Settings {
    /// White's name (empty: none given).
    pub white: String,
    /// Black's name (empty: none given).
    pub black: String,
    /// The colour of the player at the tactile board, if any.
    pub blind: Option<Color>,
    /// Letter set for the sighted player's typed moves.
    pub sighted_letters: LetterSet,
    /// Letter set for the blind player's typed moves.
    pub blind_letters: LetterSet,
    /// The phrase pack that announces moves.
    pub pack: String,
    /// How moves are announced (pawn named, from-square said, squares as letters).
    pub style: SpokenStyle,
    /// Whether a move that reaches a new named opening is followed by its name (in practice, a
    /// review and puzzles; never at the table or online).
    pub openings: bool,
    /// The interface language.
    pub lang: Lang,
    /// How speech is made.
    pub speech: SpeechMode,
    /// Where the recorded voice clips are (`DIR/PACK/KEY.wav`); `None` looks in the usual places.
    pub clips: Option<std::path::PathBuf>,
    /// Rate, volume and voice.
    pub voice: VoiceSettings,
    /// How much is spoken.
    pub verbosity: Verbosity,
    /// The edition of the Laws in force.
    pub ruleset: Ruleset,
    /// The start position, if not the initial one.
    pub fen: Option<String>,
    /// The time control.
    pub control: TimeControl,
    /// Real or simulated time.
    pub clock: ClockMode,
    /// What happens when a flag falls.
    pub flag: FlagMode,
    /// Whose clock gives the five- and fifteen-minute cues.
    pub marks: Listeners,
    /// Whose low-time warnings are spoken.
    pub warnings: Listeners,
    /// The times left at which low-time warnings are spoken.
    pub warning_times: Vec<Duration>,
    /// After every this many moves of a player who hears their clock's warnings, their time is
    /// said (E.2.4's talking clock); 0: only when asked.
    pub time_every: u32,
    /// Audio cues on or off.
    pub cues: bool,
    /// Cue volume, 0 to 100.
    pub cue_volume: f32,
    /// Whether relayed moves are confirmed by the receiving side.
    pub relay: RelayMode,
    /// The Chess960 start position's number, when the game is Chess960.
    pub chess960: Option<u32>,
    /// Whether an action that cannot be undone (resigning, a new game, an illegal move recorded,
    /// a retracing reconcile, accepting a draw, a claim) is asked as a yes-or-no question first.
    pub confirm: bool,
    /// Whether a finished game is also saved as PGN beside its journal.
    pub save_pgn: bool,
    /// How moves said aloud are heard.
    pub listen: crate::listen::ListenSettings,
    /// The engine that analyses a game afterwards.
    pub engine: crate::engine::EngineSettings,
    /// Who plays the side not at the tactile board at home: a person, or the engine.
    pub opponent: crate::engine::OpponentSettings,
    /// The electronic board that is the sighted board, if any.
    pub eboard: Option<crate::eboard::BoardPort>,
    /// Online games: the server, the token's file, the game played.
    pub online: crate::online::OnlineSettings,
    /// The braille grade of words on braille scoresheets and the display: 0 (letter by letter),
    /// 1 or 2.
    pub braille_grade: u8,
    /// Whether a braille display run by BRLTTY shows what is said.
    pub braille_display: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            white: String::new(),
            black: String::new(),
            blind: Some(Color::White),
            sighted_letters: LetterSet::English,
            blind_letters: LetterSet::English,
            pack: "appendix-e".into(),
            style: SpokenStyle::default(),
            openings: true,
            lang: Lang::En,
            speech: SpeechMode::Auto,
            clips: None,
            voice: VoiceSettings { rate: 0.0, volume: 100.0, voice: String::new() },
            verbosity: Verbosity::Normal,
            ruleset: Ruleset::Fide2014,
            fen: None,
            control: TimeControl::none(),
            clock: ClockMode::Real,
            flag: FlagMode::Adjudicate,
            marks: Listeners::Blind,
            warnings: Listeners::Blind,
            warning_times: [300, 120, 60, 30, 10].map(Duration::from_secs).to_vec(),
            time_every: 0,
            cues: true,
            cue_volume: 50.0,
            relay: RelayMode::Trust,
            chess960: None,
            confirm: true,
            save_pgn: true,
            listen: crate::listen::ListenSettings::default(),
            engine: crate::engine::EngineSettings::default(),
            opponent: crate::engine::OpponentSettings::default(),
            online: crate::online::OnlineSettings::default(),
            eboard: None,
            braille_grade: 1,
            braille_display: true,
        }
    }
}

/// A setting changed during a game: the one way the settings in force change once the game has
/// begun (the command that changes it says so; the journal replays it).
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// The piece letters of the player of `color`, or of both players.
    Letters {
        /// Whose letters; both players' when none.
        color: Option<Color>,
        /// The letters from now on.
        set: LetterSet,
    },
    /// The speech rate, -100 to 100.
    Rate(f32),
    /// The speech volume, 0 to 100.
    Volume(f32),
    /// The voice; empty: the engine's own choice.
    Voice(String),
    /// How much is spoken.
    Verbosity(Verbosity),
    /// After every this many moves the time is said; 0: only when asked.
    TimeEvery(u32),
    /// A new game starts from `fen` (the initial position when none), not Chess960.
    Start(Option<String>),
    /// The engine plays at this strength from now on (a practice game).
    Strength(crate::engine::Strength),
}

impl Settings {
    /// Where a game with these settings is played: online, at home against the engine, or at
    /// the table.
    pub fn place(&self) -> crate::command::Place {
        use crate::command::Place;
        match (self.online.is_online(), self.opponent.is_engine()) {
            (true, _) => Place::Online,
            (false, true) => Place::Practice,
            (false, false) => Place::Table,
        }
    }

    /// Changes one setting in force.
    pub fn change(&mut self, change: Change) {
        match change {
            Change::Letters { color: Some(color), set } if self.blind == Some(color) => self.blind_letters = set,
            Change::Letters { color: Some(_), set } => self.sighted_letters = set,
            Change::Letters { color: None, set } => (self.sighted_letters, self.blind_letters) = (set, set),
            Change::Rate(rate) => self.voice.rate = rate,
            Change::Volume(volume) => self.voice.volume = volume,
            Change::Voice(voice) => self.voice.voice = voice,
            Change::Verbosity(level) => self.verbosity = level,
            Change::TimeEvery(moves) => self.time_every = moves,
            Change::Start(fen) => (self.fen, self.chess960) = (fen, None),
            Change::Strength(strength) => self.opponent.strength = strength,
        }
    }

    /// Who hears which clock: the marks and warnings of each side, and the warning times.
    pub fn watch_settings(&self) -> crate::clock::WatchSettings {
        crate::clock::WatchSettings {
            marks: self.marks.resolve(self.blind),
            warnings: self.warnings.resolve(self.blind),
            thresholds: self.warning_times.clone(),
        }
    }

    /// The letter set the player of `color` types moves in.
    pub fn letters(&self, color: Color) -> LetterSet {
        if self.blind == Some(color) {
            self.blind_letters
        } else {
            self.sighted_letters
        }
    }

    /// The player's name; empty when none was given.
    pub fn name(&self, color: Color) -> &str {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}
