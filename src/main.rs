//! The annabella binary: command-line flags → settings (defaults, config files, flags) → the
//! real speaker and line source → the session loop → exit code. Thin by design.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use clap::{Args, Parser, Subcommand};

use annabella::audio::{CuePlayer, SilentCues};
use annabella::clock::TimeControl;
use annabella::config::{parse_blind, settings_to_toml, ClockMode, Settings, Source, SpeechMode, DEFAULT};
use annabella::messages::Catalog;
use annabella::messages::Lang;
use annabella::repl::{
    replay, run, LineSource, Outputs, PlainLines, Readline, Response, Session, TimeSource, Timestamp,
};
use annabella::speech::{SilentSpeaker, Speaker, Transcript, Utterance};
use annabella::store::{load, Envelope, Event, Journal, Loaded, Record};

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
}

#[derive(Args)]
struct ResumeArgs {
    /// An adjournment envelope to resume from.
    envelope: Option<PathBuf>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(Args)]
struct SayArgs {
    /// The text to speak.
    text: String,
    /// The language to speak it in (a voice of that language is chosen).
    #[arg(long, default_value = "de")]
    language: String,
}

/// Speaks one text with the real engine, waiting until it is spoken (at most ten seconds).
fn say(args: &SayArgs) -> ExitCode {
    println!("{}", args.text);
    let settings = Settings { speech: SpeechMode::Tts, ..Settings::default() };
    let mut speaker = speaker(&settings);
    speaker.speak(&Utterance::new(args.text.as_str(), args.language.as_str()));
    speaker.finish(std::time::Duration::from_secs(10));
    let problems = speaker.warnings();
    for w in &problems {
        println!("{w:?}");
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
    /// auto, tts, text or off.
    #[arg(long)]
    speech: Option<SpeechMode>,
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
    /// The game's journal: resumed if it holds an unfinished game, else created.
    #[arg(long, value_name = "FILE")]
    journal: Option<PathBuf>,
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
    Ok(s)
}

fn speaker(settings: &Settings) -> Box<dyn Speaker> {
    match settings.speech {
        SpeechMode::Text | SpeechMode::Off => Box::new(SilentSpeaker),
        #[cfg(feature = "speech")]
        SpeechMode::Auto | SpeechMode::Tts => Box::new(annabella::speech::TtsSpeaker::start(settings.voice.clone())),
        #[cfg(not(feature = "speech"))]
        SpeechMode::Auto | SpeechMode::Tts => Box::new(SilentSpeaker),
    }
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

fn play(args: &PlayArgs, latest: bool) -> anyhow::Result<ExitCode> {
    let settings = match settings(args) {
        Ok(s) => s,
        Err(e) => {
            refuse(&format!("{e:#}"), args.speech.unwrap_or_default());
            return Ok(ExitCode::from(2));
        }
    };
    let speech = settings.speech;
    let catalog = Catalog::new(settings.lang);
    let opened = match open_game(args, settings, latest, &catalog) {
        Ok(opened) => opened,
        Err(message) => {
            refuse(&message, speech);
            return Ok(ExitCode::from(2));
        }
    };
    run_game(args, opened)
}

/// Resumes an adjourned game from its envelope, in a new journal.
fn play_envelope(args: &PlayArgs, path: &Path) -> anyhow::Result<ExitCode> {
    let settings = match settings(args) {
        Ok(s) => s,
        Err(e) => {
            refuse(&format!("{e:#}"), args.speech.unwrap_or_default());
            return Ok(ExitCode::from(2));
        }
    };
    let speech = settings.speech;
    match open_envelope(path, &settings) {
        Ok(opened) => run_game(args, opened),
        Err(message) => {
            refuse(&message, speech);
            Ok(ExitCode::from(2))
        }
    }
}

fn open_envelope(path: &Path, now_settings: &Settings) -> Result<Opened, String> {
    let origin = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {origin}: {e}"))?;
    let envelope = Envelope::from_toml(&origin, &text)?;
    let base = Settings {
        speech: now_settings.speech,
        voice: now_settings.voice.clone(),
        cues: now_settings.cues,
        cue_volume: now_settings.cue_volume,
        ..Settings::default()
    };
    let mut settings = Source { origin: &origin, text: &envelope.settings }.apply(&base).map_err(|e| e.to_string())?;
    settings.fen = Some(envelope.fen.clone());
    settings.lang = now_settings.lang;
    let config = settings_to_toml(&settings);
    let mut session = Session::new(settings).map_err(|e| e.to_string())?;
    session.start(Timestamp(0));
    let mut opening = session.resume_envelope(&envelope, Timestamp(0));
    let journal = new_journal_path().map(|p| {
        Journal::create(&p, &config, Timestamp(0), wall_ms())
            .and_then(|mut j| j.envelope(&text, Timestamp(0), wall_ms()).map(|()| j))
    });
    let journal = match journal {
        Some(Ok(j)) => Some(j),
        Some(Err(e)) => {
            let catalog = Catalog::new(session.lang());
            let text = catalog.text("journal.unwritable", &[("reason", &e.to_string())]);
            opening.lines.insert(0, annabella::repl::Line { text, speech: None, cue: None });
            None
        }
        None => None,
    };
    let time = match session.settings().clock {
        ClockMode::Real => TimeSource::real(),
        ClockMode::Simulated => TimeSource::Simulated(0),
    };
    Ok(Opened { session, journal, opening, time })
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

/// A game ready to play: new, or rebuilt from its journal.
struct Opened {
    session: Session,
    journal: Option<Journal>,
    opening: Response,
    time: TimeSource,
}

fn wall_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}

fn games_dir() -> Option<PathBuf> {
    xdg_dir("XDG_DATA_HOME", ".local/share").map(|d| d.join("games"))
}

/// A fresh journal path in the games directory.
fn new_journal_path() -> Option<PathBuf> {
    let dir = games_dir()?;
    std::fs::create_dir_all(&dir).ok()?;
    let stamp = wall_ms() / 1000;
    (0..1000).map(|n| dir.join(format!("game-{stamp}-{n}.journal"))).find(|p| !p.exists())
}

/// Rebuilds the game of a journal: its settings (speech, cues and language as now chosen), every
/// input replayed.
fn rebuild(path: &Path, now_settings: &Settings) -> Result<(Session, Loaded, (Timestamp, u64)), String> {
    let origin = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {origin}: {e}"))?;
    let loaded = load(&origin, &text).map_err(|e| e.to_string())?;
    let Some(Record { event: Event::Start(config), .. }) = loaded.records.first() else {
        return Err(format!("{origin} holds no game"));
    };
    let base = Settings {
        speech: now_settings.speech,
        voice: now_settings.voice.clone(),
        cues: now_settings.cues,
        cue_volume: now_settings.cue_volume,
        ..Settings::default()
    };
    let mut settings = Source { origin: &origin, text: config }.apply(&base).map_err(|e| e.to_string())?;
    settings.lang = now_settings.lang;
    let mut session = Session::new(settings).map_err(|e| e.to_string())?;
    let last = replay(&mut session, &loaded.records);
    Ok((session, loaded, last))
}

/// The latest journal in the games directory whose game is not over.
fn latest_unfinished(settings: &Settings) -> Option<PathBuf> {
    let mut journals: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(games_dir()?)
        .ok()?
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "journal"))
        .filter_map(|p| Some((std::fs::metadata(&p).ok()?.modified().ok()?, p)))
        .collect();
    journals.sort();
    journals
        .into_iter()
        .rev()
        .map(|(_, p)| p)
        .find(|p| rebuild(p, settings).is_ok_and(|(s, _, _)| !s.game().is_over() && !s.is_adjourned()))
}

fn open_game(args: &PlayArgs, settings: Settings, latest: bool, catalog: &Catalog) -> Result<Opened, String> {
    let path = match (&args.journal, latest) {
        (Some(path), _) => Some(path.clone()),
        (None, true) => Some(latest_unfinished(&settings).ok_or_else(|| catalog.text("journal.none", &[]))?),
        (None, false) => new_journal_path(),
    };
    match path {
        Some(path) if path.exists() => resume_game(&path, &settings, catalog),
        path => new_game(path, settings, catalog),
    }
}

fn new_game(path: Option<PathBuf>, settings: Settings, catalog: &Catalog) -> Result<Opened, String> {
    let time = match settings.clock {
        ClockMode::Real => TimeSource::real(),
        ClockMode::Simulated => TimeSource::Simulated(0),
    };
    let text = settings_to_toml(&settings);
    let mut session = Session::new(settings).map_err(|e| e.to_string())?;
    let journal = path.as_deref().map(|p| Journal::create(p, &text, Timestamp(0), wall_ms()));
    let mut opening = session.start(Timestamp(0));
    let journal = match journal {
        Some(Ok(journal)) => Some(journal),
        Some(Err(e)) => {
            let text = catalog.text("journal.unwritable", &[("reason", &e.to_string())]);
            opening.lines.insert(0, annabella::repl::Line { text, speech: None, cue: None });
            None
        }
        None => None,
    };
    Ok(Opened { session, journal, opening, time })
}

fn resume_game(path: &Path, settings: &Settings, catalog: &Catalog) -> Result<Opened, String> {
    let (mut session, loaded, (at, wall)) = rebuild(path, settings)?;
    if let Some(outcome) = session.game().outcome() {
        let origin = path.display().to_string();
        return Err(catalog.text("journal.finished", &[("path", &origin), ("result", outcome.result.score())]));
    }
    let mut journal = Journal::reopen(path, &loaded).map_err(|e| e.to_string())?;
    let now_wall = wall_ms();
    let down = now_wall.saturating_sub(wall);
    journal.resumed(down, at, now_wall).map_err(|e| e.to_string())?;
    let mut opening = session.resumed(std::time::Duration::from_millis(down), at);
    if let Some(line) = loaded.torn {
        let text = catalog.text("journal.torn", &[("line", &line.to_string())]);
        opening.lines.insert(0, annabella::repl::Line { text, speech: None, cue: None });
    }
    let time = match session.settings().clock {
        ClockMode::Real => TimeSource::Real { start: Instant::now(), offset: at.0 },
        ClockMode::Simulated => TimeSource::Simulated(at.0),
    };
    Ok(Opened { session, journal: Some(journal), opening, time })
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
