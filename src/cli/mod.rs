//! The command line as typed: subcommands and their flags (clap derives), close to the command
//! line and free of input and output, and why one cannot be read, in words. What they ask for
//! becomes settings in `config`.

mod chosen;
mod coach;
mod localized;
mod order;
mod refused;

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, CommandFactory, Parser, Subcommand};

use chosen::Chosen;

pub use coach::{DrillArgs, PuzzleArgs};
pub use localized::command_in;
pub use order::in_place;
pub use refused::worded;

use crate::clock::ClockMode;
use crate::clock::TimeControl;
use crate::config::Flags;
use crate::messages::Lang;
use crate::notation::LetterSet;
use crate::speech::SpeechMode;
use crate::table::Seat;

#[derive(Parser)]
#[command(
    name = "annabella",
    version,
    about = "Play over-the-board chess by ear under the FIDE rules for visually handicapped players",
    long_about = None
)]
/// The command line: a subcommand, or the flags of `play`; the flags of how things are said
/// belong to every subcommand.
pub struct Cli {
    #[command(flatten)]
    /// How every subcommand speaks: speech, language, transcript, configuration, cues.
    pub global: GlobalArgs,
    #[command(subcommand)]
    /// The subcommand, if any (playing when there is none).
    pub command: Option<Command>,
    #[command(flatten)]
    /// The flags of `play`, given without the subcommand.
    pub play: PlayArgs,
}

impl Cli {
    /// The flags of how things are said in `args` (the program's name first), as far as they can
    /// be read: a command line refused for its other flags is still refused in the language and
    /// the voice it asks for.
    pub fn readable_global(args: &[OsString]) -> GlobalArgs {
        let given = |flag: &str| given_value(args, flag);
        GlobalArgs {
            speech: given("speech").and_then(|v| v.parse().ok()),
            lang: given("lang").and_then(|v| v.parse().ok()),
            transcript: given("transcript").map(PathBuf::from),
            config: given("config").map(PathBuf::from),
            cues: given("cues").filter(|v| v == "on" || v == "off"),
        }
    }

    /// The command `args` name, as typed: `annabella` and the subcommand, if one is named.
    pub fn named_command(args: &[OsString]) -> String {
        let command = Cli::command();
        let named = args.iter().skip(1).filter_map(|a| a.to_str()).find_map(|a| {
            command.get_subcommands().find(|s| s.get_name() == a || s.get_all_aliases().any(|alias| alias == a))
        });
        match named {
            Some(sub) => format!("annabella {}", sub.get_name()),
            None => "annabella".to_string(),
        }
    }
}

/// The value given to `--flag` in `args` (`--flag VALUE` or `--flag=VALUE`; none after `--`).
fn given_value(args: &[OsString], flag: &str) -> Option<String> {
    let (long, joined) = (format!("--{flag}"), format!("--{flag}="));
    let mut words = args.iter().skip(1).map(|a| a.to_string_lossy()).take_while(|a| a != "--");
    while let Some(word) = words.next() {
        if word == long {
            return words.next().map(|v| v.into_owned());
        }
        if let Some(value) = word.strip_prefix(&joined) {
            return Some(value.to_string());
        }
    }
    None
}

#[derive(Args, Default, Clone, Debug)]
/// How every subcommand that speaks speaks: each overrides the configuration files.
pub struct GlobalArgs {
    /// How answers are said: auto, tts, clips, text or off.
    #[arg(long, global = true, value_parser = Chosen::<SpeechMode>::new())]
    pub speech: Option<SpeechMode>,
    /// Language of messages: en, et or de.
    #[arg(long, global = true, value_parser = Chosen::<Lang>::new())]
    pub lang: Option<Lang>,
    /// Append every utterance to FILE as `say:` lines, and every cue as `cue:` lines.
    #[arg(long, value_name = "FILE", global = true)]
    pub transcript: Option<PathBuf>,
    /// A configuration file that overrides the user's.
    #[arg(long, value_name = "FILE", global = true)]
    pub config: Option<PathBuf>,
    /// Audio cues: on or off.
    #[arg(long, value_parser = ["on", "off"], global = true)]
    pub cues: Option<String>,
}

impl GlobalArgs {
    /// What these flags ask of the settings (of a subcommand that starts no game).
    pub fn flags(&self) -> Flags {
        Flags {
            speech: self.speech,
            lang: self.lang,
            cues: self.cues.as_deref().map(|v| v == "on"),
            config: self.config.clone(),
            ..Flags::default()
        }
    }
}

#[derive(Subcommand)]
/// The subcommands.
pub enum Command {
    /// Start a game, or go on with the game of --journal FILE (the default).
    Play(PlayArgs),
    /// Go on with the latest unfinished game, or with an adjourned game from its envelope.
    Resume(ResumeArgs),
    /// Speak a text through the speech engine and exit: a check of the speech setup.
    Say(SayArgs),
    /// List the voice clips each phrase pack needs, one per line: pack, language, file name
    /// (without .wav) and the words to record, separated by tabs (scripts/render-clips.sh).
    Clips(ClipsArgs),
    /// Print and speak the round-robin schedule for N players (3 to 20), round by round.
    Pairings(PairingsArgs),
    /// Write the scoresheet of a game (its journal, or a PGN) as text, full notation, Unicode
    /// braille, BRF, or spoken into a WAV file.
    Export(ExportArgs),
    /// Say for each position (FENs as arguments, else one per line on standard input) whether
    /// each side can still checkmate.
    Analyse(AnalyseArgs),
    /// Hear a move said aloud (a WAV recording, or one utterance from the microphone) in the
    /// Appendix E or English words, in a position (the start position unless --fen), and print
    /// and speak what was understood: a check of the microphone and the recogniser.
    Listen(ListenArgs),
    /// Analyse a finished game (a PGN file) or a position (--fen) with a real chess engine
    /// (Stockfish by default): the evaluation in words, mistakes and blunders, and the game
    /// written again with the engine's evaluations. Never during a game (Art. 11.3).
    Engine(EngineArgs),
    /// List the games kept in the games folder, newest first: date, opponent, colour and result,
    /// printed and spoken.
    Games(GamesArgs),
    /// Replay a game by ear: a PGN file, or game N of the games kept (annabella games); next,
    /// back, first, end, goto N, variation, mainline, every question about the board, and engine.
    Review(ReviewArgs),
    /// Play an online game on lichess from the tactile board, through its Board API: seek a game
    /// (--seek 15+10), challenge a player, accept a challenge, or join a game in progress. The
    /// token (scope board:play) is read from LICHESS_TOKEN or the file online.token_file.
    Online(OnlineArgs),
    /// Puzzles by ear: a position set up in words, the opponent's move announced, your move in
    /// any notation; the rating moves with each puzzle and is kept. --mine makes exercises from
    /// your own games.
    Puzzle(PuzzleArgs),
    /// A blindfold drill: colour (light or dark squares), knight (the knight's shortest route),
    /// reach (does a bishop or queen reach a square), recall (a short game read aloud, then a
    /// question about it).
    Drill(DrillArgs),
    /// Write the manual pages (DIR/man1) and the shell completions (DIR/completions), generated
    /// from these definitions.
    #[command(hide = true)]
    Manual(ManualArgs),
}

#[derive(Args)]
/// The arguments of `manual`.
pub struct ManualArgs {
    /// The folder to write into.
    pub dir: PathBuf,
}

#[derive(Args)]
/// The arguments of `review`.
pub struct ReviewArgs {
    /// The game: a PGN file, or the number of a game kept (as annabella games lists them).
    pub game: String,
    /// Which game of the file (from 1), when it holds several.
    #[arg(long = "game", value_name = "N")]
    pub number: Option<usize>,
    /// The depth of the engine's search, for engine (engine.depth; 14).
    #[arg(long, value_parser = depth)]
    pub depth: Option<u8>,
}

#[derive(Args, Default, Clone)]
/// The arguments of `online`.
pub struct OnlineArgs {
    /// Seek a game of this clock: minutes and seconds added a move, such as 15+10.
    #[arg(long, value_name = "MINUTES+SECONDS", value_parser = parse_seek)]
    pub seek: Option<(u32, u32)>,
    /// Challenge this player (with the clock of --seek, else 15+10).
    #[arg(long, value_name = "USER")]
    pub challenge: Option<String>,
    /// Wait for a challenge and answer it (announced: who, rating, clock, colour).
    #[arg(long)]
    pub accept: bool,
    /// A rated game (else casual).
    #[arg(long)]
    pub rated: bool,
    /// The variant sought or offered: standard or chess960.
    #[arg(long, value_parser = ["standard", "chess960"], default_value = "standard")]
    pub variant: String,
    /// Join this game, already in progress.
    #[arg(long, visible_alias = "join", value_name = "ID")]
    pub game: Option<String>,
    /// Play lichess's AI at this level, 1 to 8 (with the clock of --seek, else 15+10).
    #[arg(long, value_name = "LEVEL", value_parser = clap::value_parser!(u8).range(1..=8))]
    pub ai: Option<u8>,
    /// Moves said aloud are heard: off, push or continuous.
    #[arg(long, value_parser = Chosen::<crate::listen::ListenMode>::new())]
    pub listen: Option<crate::listen::ListenMode>,
    /// The tactile board's moves read from a DGT electronic board: dgt:PORT.
    #[arg(long, value_name = "dgt:PORT")]
    pub eboard: Option<crate::eboard::BoardPort>,
    /// Ask yes or no before an action that cannot be undone: on or off.
    #[arg(long, value_parser = ["on", "off"])]
    pub confirm: Option<String>,
}

/// A clock for `online --seek` that is none lichess takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("write minutes and seconds added a move, such as 15+10: 1 to 180 minutes, up to 180 seconds")]
pub struct SeekError;

/// `15+10`: minutes and seconds added a move, each within what lichess takes.
pub fn parse_seek(text: &str) -> Result<(u32, u32), SeekError> {
    let (minutes, increment) = text.trim().split_once('+').ok_or(SeekError)?;
    let minutes: u32 = minutes.trim().parse().map_err(|_| SeekError)?;
    let increment: u32 = increment.trim().parse().map_err(|_| SeekError)?;
    if !(1..=180).contains(&minutes) || increment > 180 {
        return Err(SeekError);
    }
    Ok((minutes, increment))
}

impl OnlineArgs {
    /// The flags of a game played online.
    pub fn play_args(&self) -> PlayArgs {
        PlayArgs {
            listen: self.listen,
            eboard: self.eboard.clone(),
            confirm: self.confirm.clone(),
            ..PlayArgs::default()
        }
    }
}

#[derive(Args)]
/// The arguments of `games`.
pub struct GamesArgs {
    /// The folder of the games (the games folder of annabella when not given).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// List every game, not only the newest twenty.
    #[arg(long)]
    pub all: bool,
}

#[derive(Args)]
/// The arguments of `engine`.
pub struct EngineArgs {
    /// The game to analyse (PGN, a finished game's journal, or the number of a game kept); without
    /// it, the position of --fen.
    pub game: Option<PathBuf>,
    /// Which game of the file (from 1).
    #[arg(long, value_name = "N")]
    pub number: Option<usize>,
    /// The position to evaluate (FEN); the start position when neither a game nor a FEN is given.
    #[arg(long, conflicts_with = "game")]
    pub fen: Option<String>,
    /// Where the analysed game is written (PGN); beside the game, ending -analysed.pgn, by default.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// The engine: a path or a program on the PATH (Stockfish when not given).
    #[arg(long, value_name = "PROGRAM")]
    pub engine: Option<String>,
    /// The depth of the search, in half-moves (engine.depth; 14).
    #[arg(long, value_parser = depth)]
    pub depth: Option<u8>,
    /// The longest search of one position, such as 5s (engine.time; by depth alone).
    #[arg(long, value_name = "DURATION", value_parser = crate::clock::parse_duration)]
    pub time: Option<std::time::Duration>,
    /// The engine's threads (engine.threads; 1).
    #[arg(long, value_parser = threads)]
    pub threads: Option<u16>,
    /// The engine's hash table, in MB (engine.hash; 64).
    #[arg(long, value_parser = hash)]
    pub hash: Option<u32>,
}

/// `--depth`, in the range a configuration file takes.
fn depth(text: &str) -> Result<u8, crate::config::OutOfRange> {
    crate::config::whole_in(text, crate::config::ENGINE_DEPTHS).map(|n| n as u8)
}

/// `--threads`, in the range a configuration file takes.
fn threads(text: &str) -> Result<u16, crate::config::OutOfRange> {
    crate::config::whole_in(text, crate::config::ENGINE_THREADS).map(|n| n as u16)
}

/// `listen --seconds`: a wait of at least a second, at most ten minutes.
fn seconds(text: &str) -> Result<u64, crate::config::OutOfRange> {
    crate::config::whole_in(text, 1..=600).map(|n| n as u64)
}

/// `--level`: one of the engine's eight levels.
fn level(text: &str) -> Result<u8, crate::config::OutOfRange> {
    let levels = crate::engine::LEVELS;
    crate::config::whole_in(text, i64::from(*levels.start())..=i64::from(*levels.end())).map(|n| n as u8)
}

/// `--elo`: a rating the engine plays at.
fn elo(text: &str) -> Result<u16, crate::config::OutOfRange> {
    let ratings = crate::engine::RATINGS;
    crate::config::whole_in(text, i64::from(*ratings.start())..=i64::from(*ratings.end())).map(|n| n as u16)
}

/// `--hash`, in the range a configuration file takes.
fn hash(text: &str) -> Result<u32, crate::config::OutOfRange> {
    crate::config::whole_in(text, crate::config::ENGINE_HASH).map(|n| n as u32)
}

#[derive(Clone, Copy, Default, clap::ValueEnum)]
/// How `analyse` writes its verdicts.
pub enum AnalyseFormat {
    /// Sentences, with a line of moves ending in mate for a side that can mate.
    #[default]
    Text,
    /// `XY FEN`: X is W, - or ? (White can, cannot, undecided), Y is B, - or ?.
    Code,
}

#[derive(Args)]
#[command(alias = "analyze")]
/// The arguments of `analyse`.
pub struct AnalyseArgs {
    /// Positions as FEN (the move counters may be left out).
    pub fens: Vec<String>,
    #[arg(long, value_enum, default_value_t, hide_possible_values = true)]
    /// How the verdicts are written.
    pub format: AnalyseFormat,
}

#[derive(Args)]
/// The arguments of `export`.
pub struct ExportArgs {
    /// The game: its journal (finished or not), a PGN (moves in any notation), or the number of a
    /// game kept.
    pub game: PathBuf,
    /// The form, as with --format, named after the game (`annabella export 3 braille`).
    #[arg(value_name = "FORMAT", conflicts_with = "format")]
    pub form: Option<String>,
    /// text, full, braille, brf, or wav (the moves spoken from the voice clips).
    #[arg(long)]
    pub format: Option<String>,
    /// The phrase pack whose words the wav form speaks: appendix-e, et or en.
    #[arg(long, default_value = "appendix-e")]
    pub pack: String,
    /// Where the voice clips are, for the wav form.
    #[arg(long, value_name = "DIR")]
    pub clips: Option<PathBuf>,
    /// The piece letters of the text forms: en, et or de.
    #[arg(long, value_parser = Chosen::<LetterSet>::new())]
    pub letters: Option<LetterSet>,
    /// Write to FILE instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Which game of a PGN file (from 1); the first when not given.
    #[arg(long, value_name = "N")]
    pub number: Option<usize>,
}

#[derive(Args)]
/// The arguments of `pairings`.
pub struct PairingsArgs {
    /// The number of players.
    pub players: usize,
}

#[derive(Args)]
/// The arguments of `resume`.
pub struct ResumeArgs {
    /// An adjournment envelope to resume from.
    pub envelope: Option<PathBuf>,
    #[command(flatten)]
    /// The flags of the game played on.
    pub play: PlayArgs,
}

#[derive(Args)]
/// The arguments of `clips`.
pub struct ClipsArgs {
    /// Only these packs (appendix-e, et, en); all when none is named.
    pub packs: Vec<String>,
}

#[derive(Args)]
/// The arguments of `say`.
pub struct SayArgs {
    /// The text to speak.
    pub text: String,
    /// The language to speak it in (a voice of that language is chosen).
    #[arg(long, default_value = "de")]
    pub language: String,
    /// Where the voice clips are (for --speech clips).
    #[arg(long, value_name = "DIR")]
    pub clips: Option<PathBuf>,
}

#[derive(Args)]
/// The arguments of `listen`.
pub struct ListenArgs {
    /// The recording: a WAV file of any rate, mono or stereo; without it, one utterance from the
    /// microphone.
    pub recording: Option<PathBuf>,
    /// The microphone by name (the default when not given).
    #[arg(long)]
    pub device: Option<String>,
    /// List the microphones and exit.
    #[arg(long)]
    pub devices: bool,
    /// How long to wait for speech from the microphone, in seconds (1 to 600).
    #[arg(long, default_value_t = 10, value_parser = seconds)]
    pub seconds: u64,
    /// The words the move is said in: appendix-e, en or et.
    #[arg(long, default_value = "appendix-e")]
    pub pack: String,
    /// The position the move is said in (FEN); the start position when not given.
    #[arg(long)]
    pub fen: Option<String>,
    /// Measure a folder of recordings: DIR/index.tsv names each file, its position (FEN, or
    /// startpos) and the move said (SAN), one recording a line; the table of how each was heard
    /// is printed, and its sums said.
    #[arg(long, value_name = "DIR", conflicts_with = "recording")]
    pub report: Option<PathBuf>,
    /// Fit the recogniser to your voice, kept for every game: say the moves asked for, one after
    /// another (or give DIR, whose index.tsv names each recording and the words said in it,
    /// separated by a tab).
    #[arg(long, value_name = "DIR", num_args = 0..=1, conflicts_with_all = ["recording", "report"])]
    pub enrol: Option<Option<PathBuf>>,
}

#[derive(Args, Default, Clone)]
/// The flags of `play` (and of `resume`): each overrides the configuration files.
pub struct PlayArgs {
    /// White's name.
    #[arg(long)]
    pub white: Option<String>,
    /// Black's name.
    #[arg(long)]
    pub black: Option<String>,
    /// Who plays at the tactile board: white, black or none.
    #[arg(long, value_parser = Chosen::<Seat>::new())]
    pub blind: Option<Seat>,
    /// Start from this position (FEN).
    #[arg(long)]
    pub fen: Option<String>,
    /// Where the recorded voice clips are (`DIR/PACK/KEY.wav`), for --speech clips and as the
    /// fallback of --speech auto.
    #[arg(long, value_name = "DIR")]
    pub clips: Option<PathBuf>,
    /// The time control: G/90, 90+30, 90d5, 40/120,20/60,G/30, 5400+30, none, fide-classical, …
    #[arg(long, value_name = "TC")]
    pub time_control: Option<TimeControl>,
    /// real, or simulated (time passes only with the command advance).
    #[arg(long, value_parser = Chosen::<ClockMode>::new())]
    pub clock: Option<ClockMode>,
    /// Ask yes or no before an action that cannot be undone (resign, new, illegal, …): on or off.
    #[arg(long, value_parser = ["on", "off"])]
    pub confirm: Option<String>,
    /// The game's journal: resumed if it holds an unfinished game, else created.
    #[arg(long, value_name = "FILE")]
    pub journal: Option<PathBuf>,
    /// The rules in force: fide-2014, fide-2008 or ussr-1953.
    #[arg(long, value_parser = Chosen::<crate::rules::Ruleset>::new())]
    pub ruleset: Option<crate::rules::Ruleset>,
    /// Chess960: the start position's number (0-959; 518 is the classical setup) or random.
    #[arg(long, value_name = "N|random", conflicts_with = "fen")]
    pub chess960: Option<String>,
    /// The seed for --chess960 random (the same seed, the same position).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Set the game up from a PGN file and play on from its last position (its journal is
    /// --journal FILE when given).
    #[arg(long, value_name = "FILE", conflicts_with = "fen")]
    pub pgn: Option<PathBuf>,
    /// Which game of the PGN file (from 1), when it holds several.
    #[arg(long, value_name = "N", requires = "pgn")]
    pub game: Option<usize>,
    /// Moves said aloud are heard: off, push (the key F2 or the command listen) or continuous.
    #[arg(long, value_parser = Chosen::<crate::listen::ListenMode>::new())]
    pub listen: Option<crate::listen::ListenMode>,
    /// The microphone by name (annabella listen --devices lists them).
    #[arg(long, value_name = "NAME")]
    pub listen_device: Option<String>,
    /// The sighted board is a DGT electronic board on this serial port: dgt:PORT, for example
    /// dgt:/dev/ttyUSB0.
    #[arg(long, value_name = "dgt:PORT")]
    pub eboard: Option<crate::eboard::BoardPort>,
    /// Resume the journal only up to this line, when a line after it is damaged: the whole
    /// journal is kept as a copy first (FILE.whole).
    #[arg(long, value_name = "LINE", requires = "journal")]
    pub up_to_line: Option<usize>,
    /// Resume a journal whose settings line (line 2) is damaged, with the settings given now in
    /// its place: the whole journal is kept as a copy first (FILE.whole).
    #[arg(long, requires = "journal", conflicts_with = "up_to_line")]
    pub new_settings: bool,
    /// Who plays the side not at the tactile board: person, or engine (a practice game).
    #[arg(long, value_parser = Chosen::<crate::engine::OpponentKind>::new())]
    pub opponent: Option<crate::engine::OpponentKind>,
    /// How strongly the engine plays, from 1 (a beginner) to 8 (full strength).
    #[arg(long, value_name = "1-8", value_parser = level, conflicts_with = "elo")]
    pub level: Option<u8>,
    /// A rating for the engine to play at, where it offers one (Stockfish: 1350 to 2850).
    #[arg(long, value_name = "N", value_parser = elo)]
    pub elo: Option<u16>,
    /// The engine of a practice game: a path or a program on the PATH that speaks UCI.
    #[arg(long, value_name = "PATH")]
    pub engine: Option<String>,
}

impl PlayArgs {
    /// What these flags, and the global ones, ask of the settings.
    pub fn flags(&self, global: &GlobalArgs) -> Flags {
        let on = |v: &Option<String>| v.as_deref().map(|v| v == "on");
        Flags {
            white: self.white.clone(),
            black: self.black.clone(),
            blind: self.blind.map(Seat::color),
            fen: self.fen.clone(),
            clips: self.clips.clone(),
            listen: self.listen,
            listen_device: self.listen_device.clone(),
            eboard: self.eboard.clone(),
            speech: global.speech,
            lang: global.lang,
            control: self.time_control.clone(),
            clock: self.clock,
            cues: on(&global.cues),
            confirm: on(&self.confirm),
            ruleset: self.ruleset,
            chess960: self.chess960.clone(),
            seed: self.seed,
            config: global.config.clone(),
            opponent: self.opponent,
            strength: self.level.map(crate::engine::Strength::Level).or(self.elo.map(crate::engine::Strength::Elo)),
            engine: self.engine.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<OsString> {
        line.split_whitespace().map(OsString::from).collect()
    }

    #[test]
    fn the_flags_of_speech_are_read_from_a_command_line_refused_for_another_flag() {
        for line in [
            "annabella play --cues maybe --speech text --lang de",
            "annabella --speech text --lang de play --cues maybe",
            "annabella --speech text play --bogus --lang de",
            "annabella --lang de --speech text pairings",
        ] {
            let global = Cli::readable_global(&args(line));
            assert_eq!((global.speech, global.lang), (Some(SpeechMode::Text), Some(Lang::De)), "{line}");
        }
        let global = Cli::readable_global(&args("annabella play --lang=et --transcript t.txt -- --lang de"));
        assert_eq!((global.lang, global.transcript), (Some(Lang::Et), Some(PathBuf::from("t.txt"))));
        let global = Cli::readable_global(&args("annabella play --lang xx"));
        assert_eq!(global.lang, None, "a language that is none is not guessed");
    }

    #[test]
    fn the_command_named_is_the_subcommand_typed() {
        assert_eq!(Cli::named_command(&args("annabella --lang de review --nope")), "annabella review");
        assert_eq!(Cli::named_command(&args("annabella --cues maybe")), "annabella");
    }
}
