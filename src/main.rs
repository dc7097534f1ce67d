//! The annabella binary: command-line flags → settings (defaults, config files, flags) → the
//! real speaker and line source → the session loop → exit code. Thin by design.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, Parser, Subcommand};

use annabella::audio::{CuePlayer, SilentCues};
use annabella::clock::TimeControl;
use annabella::config::{parse_blind, ClockMode, Settings, Source, SpeechMode, DEFAULT};
use annabella::games::{export_game, open_envelope, open_game, open_pgn, Opened};
use annabella::messages::{Catalog, Lang};
use annabella::notation::LetterSet;
use annabella::repl::{run, verdict_code, verdict_sentences, verdicts, LineSource, Outputs, PlainLines, Readline};
use annabella::rules::{chess960_fen, parse_fen, random_number, Budget};
use annabella::speech::{
    default_clips_dir, FallbackSpeaker, MissingSpeaker, SilentSpeaker, Speaker, Transcript, Utterance,
};
use annabella::table::SheetFormat;

#[derive(Parser)]
#[command(
    name = "annabella",
    version,
    about = "Play over-the-board chess by ear under the FIDE rules for visually handicapped players"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(Subcommand)]
enum Command {
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
    /// Write the scoresheet of a PGN game as text, full notation, Unicode braille, BRF, or spoken
    /// into a WAV file.
    Export(ExportArgs),
    /// Say for each position (FENs as arguments, else one per line on standard input) whether
    /// each side can still checkmate.
    Analyse(AnalyseArgs),
}

#[derive(Clone, Copy, Default, clap::ValueEnum)]
enum AnalyseFormat {
    /// Sentences, with a line of moves ending in mate for a side that can mate.
    #[default]
    Text,
    /// `XY FEN`: X is W, - or ? (White can, cannot, undecided), Y is B, - or ?.
    Code,
}

#[derive(Args)]
#[command(visible_alias = "analyze")]
struct AnalyseArgs {
    /// Positions as FEN (the move counters may be left out).
    fens: Vec<String>,
    #[arg(long, value_enum, default_value_t)]
    format: AnalyseFormat,
    /// Language of the sentences: en, et or de.
    #[arg(long)]
    lang: Option<Lang>,
}

/// Analyses each FEN; a refused FEN is reported on standard error and makes the exit code 2.
fn analyse(args: &AnalyseArgs) -> anyhow::Result<ExitCode> {
    let lang = args.lang.unwrap_or_else(locale_lang);
    let fens: Vec<String> = if args.fens.is_empty() {
        io::stdin().lines().collect::<Result<Vec<_>, _>>()?.into_iter().filter(|l| !l.trim().is_empty()).collect()
    } else {
        args.fens.clone()
    };
    let mut refused = false;
    let mut out = io::stdout().lock();
    for fen in fens {
        let fen = fen.trim();
        // A FEN of four fields (as test suites write them) gets the move counters; any other keeps
        // its own error, so that the message says what is wrong with it.
        let four_fields = fen.split_whitespace().count() == 4;
        let parsed = parse_fen(fen).or_else(|e| if four_fields { parse_fen(&format!("{fen} 0 1")) } else { Err(e) });
        let pos = match parsed {
            Ok(pos) => pos,
            Err(e) => {
                let reason = Catalog::shipped(lang).text(e.reason().key(), &[]);
                eprintln!("annabella: {fen}: {}", Catalog::shipped(lang).text("error.bad_fen", &[("reason", &reason)]));
                refused = true;
                continue;
            }
        };
        let verdicts = verdicts(&pos, Budget::THOROUGH);
        match args.format {
            AnalyseFormat::Code => writeln!(out, "{} {fen}", verdict_code(&verdicts))?,
            AnalyseFormat::Text => {
                writeln!(out, "{fen}")?;
                for sentence in verdict_sentences(&pos, &verdicts, lang) {
                    writeln!(out, "{sentence}")?;
                }
            }
        }
        out.flush()?;
    }
    Ok(if refused { ExitCode::from(2) } else { ExitCode::SUCCESS })
}

#[derive(Args)]
struct ExportArgs {
    /// The game: its journal (finished or not), or a PGN (moves in any notation).
    game: PathBuf,
    /// text, full, braille, brf, or wav (the moves spoken from the voice clips).
    #[arg(long, default_value = "text")]
    format: String,
    /// The phrase pack whose words the wav form speaks: appendix-e, et or en.
    #[arg(long, default_value = "appendix-e")]
    pack: String,
    /// Where the voice clips are, for the wav form.
    #[arg(long, value_name = "DIR")]
    clips: Option<PathBuf>,
    /// The piece letters of the text forms: en, et or de.
    #[arg(long)]
    letters: Option<LetterSet>,
    /// Language of the heading: en, et or de.
    #[arg(long)]
    lang: Option<Lang>,
    /// Write to FILE instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// Writes the scoresheet; an unreadable game or an unknown format exits 2.
fn export(args: &ExportArgs) -> anyhow::Result<ExitCode> {
    let lang = args.lang.unwrap_or_else(locale_lang);
    let Ok(format) = args.format.parse::<SheetFormat>() else {
        let catalog = Catalog::shipped(lang);
        let why = catalog.text("export.bad_format", &[("format", &args.format), ("formats", SheetFormat::NAMES)]);
        eprintln!("annabella: {why}");
        return Ok(ExitCode::from(2));
    };
    if format == SheetFormat::Wav && args.out.is_none() && io::stdout().is_terminal() {
        eprintln!("annabella: {}", Catalog::shipped(lang).text("export.wav_needs_file", &[]));
        return Ok(ExitCode::from(2));
    }
    let letters = args.letters.unwrap_or(LetterSet::English);
    let settings = Settings {
        speech: annabella::config::SpeechMode::Off,
        lang,
        sighted_letters: letters,
        blind_letters: letters,
        pack: args.pack.clone(),
        clips: args.clips.clone(),
        ..Settings::default()
    };
    let sheet = match export_game(&args.game, settings, args.letters, format) {
        Ok(sheet) => sheet,
        Err(why) => {
            eprintln!("annabella: {why}");
            return Ok(ExitCode::from(2));
        }
    };
    match &args.out {
        Some(path) => std::fs::write(path, sheet).with_context(|| format!("cannot write {}", path.display()))?,
        None => io::stdout().write_all(&sheet)?,
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Args)]
struct PairingsArgs {
    /// The number of players.
    players: usize,
    /// auto, tts, clips, text or off.
    #[arg(long)]
    speech: Option<SpeechMode>,
    /// Language: en, et or de.
    #[arg(long)]
    lang: Option<Lang>,
}

/// Prints and speaks the schedule; a field size without a table exits 2.
fn pairings(args: &PairingsArgs) -> ExitCode {
    let lang = args.lang.unwrap_or_else(locale_lang);
    let response = annabella::repl::pairings(lang, args.players);
    let settings = Settings { speech: args.speech.unwrap_or_default(), ..Settings::default() };
    let mut speaker = speaker(&settings);
    for line in &response.lines {
        println!("{}", line.text);
        if let Some(u) = &line.speech {
            speaker.speak(u);
        }
    }
    speaker.finish(std::time::Duration::from_secs(30));
    if (3..=20).contains(&args.players) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}

#[derive(Args)]
struct ResumeArgs {
    /// An adjournment envelope to resume from.
    envelope: Option<PathBuf>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(Args)]
struct ClipsArgs {
    /// Only these packs (appendix-e, et, en); all when none is named.
    packs: Vec<String>,
}

fn list_clips(args: &ClipsArgs) -> ExitCode {
    let packs = annabella::notation::PhrasePack::builtin();
    if let Some(unknown) = args.packs.iter().find(|n| !packs.iter().any(|p| p.name.eq_ignore_ascii_case(n))) {
        let why = Catalog::shipped(locale_lang()).text("clips.no_pack", &[("pack", unknown)]);
        eprintln!("annabella: {why}");
        return ExitCode::from(2);
    }
    for pack in
        packs.iter().filter(|p| args.packs.is_empty() || args.packs.iter().any(|n| p.name.eq_ignore_ascii_case(n)))
    {
        for entry in annabella::speech::clip_list(pack) {
            println!("{}\t{}\t{}\t{}", pack.name, pack.language, entry.key, entry.text);
        }
    }
    ExitCode::SUCCESS
}

#[derive(Args)]
struct SayArgs {
    /// The text to speak.
    text: String,
    /// The language to speak it in (a voice of that language is chosen).
    #[arg(long, default_value = "de")]
    language: String,
    /// tts (the default) or clips.
    #[arg(long, default_value = "tts")]
    speech: SpeechMode,
    /// Where the voice clips are (for --speech clips).
    #[arg(long, value_name = "DIR")]
    clips: Option<PathBuf>,
}

/// Speaks one text with the real engine, waiting until it is spoken (at most ten seconds).
fn say(args: &SayArgs) -> ExitCode {
    println!("{}", args.text);
    // The clips of the pack that speaks this language.
    let pack = annabella::notation::PhrasePack::builtin().into_iter().find(|p| p.language == args.language);
    let settings = Settings {
        speech: args.speech,
        clips: args.clips.clone(),
        pack: pack.map_or_else(|| Settings::default().pack, |p| p.name),
        ..Settings::default()
    };
    let mut speaker = speaker(&settings);
    speaker.speak(&Utterance::new(args.text.as_str(), args.language.as_str()).important());
    speaker.finish(std::time::Duration::from_secs(10));
    let problems = speaker.warnings();
    let catalog = Catalog::shipped(locale_lang());
    for w in &problems {
        println!("{}", w.worded(catalog));
    }
    if problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

#[derive(Args, Default, Clone)]
struct PlayArgs {
    /// White's name.
    #[arg(long)]
    white: Option<String>,
    /// Black's name.
    #[arg(long)]
    black: Option<String>,
    /// Who plays at the tactile board: white, black or none.
    #[arg(long, value_parser = parse_blind_arg)]
    blind: Option<String>,
    /// Start from this position (FEN).
    #[arg(long)]
    fen: Option<String>,
    /// auto, tts, clips, text or off.
    #[arg(long)]
    speech: Option<SpeechMode>,
    /// Where the recorded voice clips are (`DIR/PACK/KEY.wav`), for --speech clips and as the
    /// fallback of --speech auto.
    #[arg(long, value_name = "DIR")]
    clips: Option<PathBuf>,
    /// Append every utterance to FILE as `say:` lines.
    #[arg(long, value_name = "FILE")]
    transcript: Option<PathBuf>,
    /// Language of messages: en, et or de.
    #[arg(long)]
    lang: Option<Lang>,
    /// A configuration file that overrides the user's.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// The time control: G/90, 90+30, 90d5, 40/120,20/60,G/30, 5400+30, none, fide-classical, …
    #[arg(long, value_name = "TC")]
    time_control: Option<TimeControl>,
    /// real, or simulated (time passes only with the command advance).
    #[arg(long)]
    clock: Option<ClockMode>,
    /// Audio cues: on or off.
    #[arg(long, value_parser = ["on", "off"])]
    cues: Option<String>,
    /// Ask yes or no before an action that cannot be undone (resign, new, illegal, …): on or off.
    #[arg(long, value_parser = ["on", "off"])]
    confirm: Option<String>,
    /// The game's journal: resumed if it holds an unfinished game, else created.
    #[arg(long, value_name = "FILE")]
    journal: Option<PathBuf>,
    /// The rules in force: fide-2014, fide-2008 or ussr-1953.
    #[arg(long)]
    ruleset: Option<annabella::rules::Ruleset>,
    /// Chess960: the start position's number (0-959; 518 is the classical setup) or random.
    #[arg(long, value_name = "N|random", conflicts_with = "fen")]
    chess960: Option<String>,
    /// The seed for --chess960 random (the same seed, the same position).
    #[arg(long)]
    seed: Option<u64>,
    /// Set the game up from a PGN file and play on from its last position.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["journal", "fen"])]
    pgn: Option<PathBuf>,
}

fn parse_blind_arg(s: &str) -> Result<String, String> {
    parse_blind(s).map(|_| s.to_string())
}

fn xdg_dir(var: &str, fallback: &str) -> Option<PathBuf> {
    let base = std::env::var_os(var)
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(fallback)))?;
    Some(base.join("annabella"))
}

fn locale_lang() -> Lang {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|v| std::env::var(v).ok().filter(|s| !s.is_empty()))
        .find_map(|l| Lang::from_locale(&l))
        .unwrap_or_default()
}

/// Defaults, then the user's file, then `--config`, then the flags.
fn settings(args: &PlayArgs) -> anyhow::Result<Settings> {
    let mut s = Settings { lang: locale_lang(), ..Settings::default() };
    s = Source { origin: "default.toml", text: DEFAULT }.apply(&s)?;
    let user = xdg_dir("XDG_CONFIG_HOME", ".config").map(|d| d.join("config.toml"));
    for path in user.iter().filter(|p| p.exists()).chain(args.config.iter()) {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        s = Source { origin: &path.display().to_string(), text: &text }.apply(&s)?;
    }
    if let Some(v) = &args.white {
        s.white = v.clone();
    }
    if let Some(v) = &args.black {
        s.black = v.clone();
    }
    if let Some(v) = &args.blind {
        s.blind = parse_blind(v).map_err(anyhow::Error::msg)?;
    }
    if let Some(v) = &args.fen {
        s.fen = Some(v.clone());
    }
    if let Some(dir) = &args.clips {
        s.clips = Some(dir.clone());
    }
    if let Some(v) = args.speech {
        s.speech = v;
    }
    if let Some(v) = args.lang {
        s.lang = v;
    }
    if let Some(v) = &args.time_control {
        s.control = v.clone();
    }
    if let Some(v) = args.clock {
        s.clock = v;
    }
    if let Some(v) = &args.cues {
        s.cues = v == "on";
    }
    if let Some(v) = &args.confirm {
        s.confirm = v == "on";
    }
    if let Some(v) = args.ruleset {
        s.ruleset = v;
    }
    if let Some(v) = &args.chess960 {
        let number = match v.trim() {
            "random" => random_number(args.seed.unwrap_or_else(annabella::games::wall_ms)),
            n => n
                .parse::<u32>()
                .ok()
                .filter(|n| *n < 960)
                .ok_or_else(|| anyhow::anyhow!("--chess960 takes a number from 0 to 959, or random"))?,
        };
        s.fen = chess960_fen(number);
        s.chess960 = Some(number);
    }
    Ok(s)
}

fn speaker(settings: &Settings) -> Box<dyn Speaker> {
    match settings.speech {
        SpeechMode::Text | SpeechMode::Off => Box::new(SilentSpeaker),
        SpeechMode::Tts => engine(settings),
        SpeechMode::Clips => clips(settings).unwrap_or_else(|why| Box::new(MissingSpeaker::new(why))),
        SpeechMode::Auto => match clips(settings) {
            Ok(backup) => Box::new(FallbackSpeaker::new(engine(settings), backup)),
            Err(_) => engine(settings),
        },
    }
}

/// The speech engine, or silence in a build without it.
fn engine(settings: &Settings) -> Box<dyn Speaker> {
    #[cfg(feature = "speech")]
    return Box::new(annabella::speech::TtsSpeaker::start(settings.voice.clone()));
    #[cfg(not(feature = "speech"))]
    {
        let _ = settings;
        Box::new(MissingSpeaker::new("this build has no speech engine".into()))
    }
}

/// The recorded voice clips through the sound device, or why they cannot be used.
fn clips(settings: &Settings) -> Result<Box<dyn Speaker>, String> {
    let dir = settings.clips.clone().or_else(default_clips_dir).ok_or("no voice clips were found")?;
    if !dir.is_dir() {
        return Err(format!("there is no folder {}", dir.display()));
    }
    #[cfg(feature = "audio")]
    return Ok(Box::new(annabella::speech::ClipsSpeaker::start(dir, &settings.pack, settings.voice.volume)));
    #[cfg(not(feature = "audio"))]
    Err("this build has no sound output".into())
}

fn cue_player(settings: &Settings) -> Box<dyn CuePlayer> {
    #[cfg(feature = "audio")]
    if settings.cues {
        return Box::new(annabella::audio::CpalPlayer::start(settings.cue_volume));
    }
    let _ = settings;
    Box::new(SilentCues)
}

/// Says and prints a message that stops the program before a session exists.
fn refuse(message: &str, speech: SpeechMode) {
    println!("{message}");
    let settings = Settings { speech, ..Settings::default() };
    let mut speaker = speaker(&settings);
    speaker.speak(&Utterance::new(message, "en"));
    speaker.finish(std::time::Duration::from_secs(3));
}

fn games_dir() -> Option<PathBuf> {
    xdg_dir("XDG_DATA_HOME", ".local/share").map(|d| d.join("games"))
}

/// Resolves the settings, opens the game with `open`, and plays it; a refusal is said and exits 2.
fn start(args: &PlayArgs, open: impl FnOnce(Settings) -> Result<Opened, String>) -> anyhow::Result<ExitCode> {
    let settings = match settings(args) {
        Ok(s) => s,
        Err(e) => {
            refuse(&format!("{e:#}"), args.speech.unwrap_or_default());
            return Ok(ExitCode::from(2));
        }
    };
    let speech = settings.speech;
    match open(settings) {
        Ok(opened) => run_game(args, opened),
        Err(message) => {
            refuse(&message, speech);
            Ok(ExitCode::from(2))
        }
    }
}

fn play(args: &PlayArgs, latest: bool) -> anyhow::Result<ExitCode> {
    match &args.pgn {
        Some(pgn) => start(args, |s| open_pgn(pgn, games_dir().as_deref(), s)),
        None => start(args, |s| open_game(args.journal.as_deref(), games_dir().as_deref(), s, latest)),
    }
}

/// Resumes an adjourned game from its envelope, in a new journal.
fn play_envelope(args: &PlayArgs, path: &Path) -> anyhow::Result<ExitCode> {
    start(args, |s| open_envelope(path, games_dir().as_deref(), &s))
}

fn run_game(args: &PlayArgs, opened: Opened) -> anyhow::Result<ExitCode> {
    let Opened { mut session, journal, opening, time } = opened;
    let mut speaker = speaker(session.settings());
    let transcript = match &args.transcript {
        Some(path) => Some(Transcript::open(path).with_context(|| format!("cannot open {}", path.display()))?),
        None => None,
    };
    let mut cues = cue_player(session.settings());
    let stdout = io::stdout();
    let (source, mut out): (Box<dyn LineSource + Send>, Box<dyn Write>) = if io::stdin().is_terminal() {
        let history = xdg_dir("XDG_DATA_HOME", ".local/share").map(|d| {
            let _ = std::fs::create_dir_all(&d);
            d.join("history")
        });
        let mut editor = Readline::new(session.lang(), history)?;
        let out: Box<dyn Write> = match editor.printer() {
            Some(printer) => Box::new(printer),
            None => Box::new(stdout.lock()),
        };
        (Box::new(editor), out)
    } else {
        (Box::new(PlainLines::new(io::BufReader::new(io::stdin()))), Box::new(stdout.lock()))
    };
    let mut outputs =
        Outputs { out: out.as_mut(), speaker: speaker.as_mut(), cues: cues.as_mut(), transcript, journal };
    run(&mut session, source, &mut outputs, time, opening)?;
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    std::panic::set_hook(Box::new(|info| {
        eprintln!("annabella: internal error ({info}); please report it");
    }));
    let cli = Cli::parse();
    let args = match &cli.command {
        Some(Command::Play(args)) => (args, false),
        Some(Command::Resume(args)) => match &args.envelope {
            Some(envelope) => return exit(play_envelope(&args.play, envelope)),
            None => (&args.play, true),
        },
        Some(Command::Say(args)) => return say(args),
        Some(Command::Clips(args)) => return list_clips(args),
        Some(Command::Pairings(args)) => return pairings(args),
        Some(Command::Export(args)) => return exit(export(args)),
        Some(Command::Analyse(args)) => return exit(analyse(args)),
        None => (&cli.play, false),
    };
    exit(play(args.0, args.1))
}

fn exit(result: anyhow::Result<ExitCode>) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("annabella: {e:#}");
            ExitCode::from(1)
        }
    }
}
