//! The annabella binary only wires: the command line → the settings → the game (new, resumed,
//! from an envelope or a PGN) → the speaker, the cue player and the line source → the session
//! loop → the exit code. Everything it calls lives in the library.

use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::Parser;

use annabella::cli::{Cli, Command, PlayArgs};
use annabella::commands;
use annabella::config::{resolve, Settings};
use annabella::front::cue_player_for;
use annabella::front::speaker_for;
use annabella::games::{open_envelope, open_game, open_pgn, OpenError, Opened};
use annabella::greeting::Greeted;
use annabella::messages::{Catalog, Lang};
use annabella::places::{games_dir, history_file, user_config};
use annabella::repl::{run_with, Devices, LineSource, Outputs, PlainLines, Readline};
use annabella::speech::{Speaker, Transcript, Utterance};

fn main() -> ExitCode {
    std::panic::set_hook(Box::new(|info| {
        eprintln!("annabella: internal error ({info}); please report it");
    }));
    let cli = Cli::parse();
    let (args, latest) = match &cli.command {
        Some(Command::Play(args)) => (args, false),
        Some(Command::Resume(args)) => match &args.envelope {
            Some(envelope) => return exit(play_envelope(&args.play, envelope)),
            None => (&args.play, true),
        },
        Some(Command::Say(args)) => return commands::say(args),
        Some(Command::Listen(args)) => return commands::listen(args),
        Some(Command::Engine(args)) => return annabella::analysis::engine(args),
        Some(Command::Games(args)) => return annabella::archive::games(args),
        Some(Command::Review(args)) => return annabella::reviewing::review(args),
        Some(Command::Clips(args)) => return commands::clips(args),
        Some(Command::Manual(args)) => return commands::manual(args),
        Some(Command::Pairings(args)) => return commands::pairings(args),
        Some(Command::Export(args)) => return exit(commands::export(args).map_err(anyhow::Error::from)),
        Some(Command::Analyse(args)) => return exit(commands::analyse(args).map_err(anyhow::Error::from)),
        None => (&cli.play, false),
    };
    exit(play(args, latest))
}

fn exit(result: anyhow::Result<ExitCode>) -> ExitCode {
    result.unwrap_or_else(|e| {
        eprintln!("annabella: {e:#}");
        ExitCode::from(1)
    })
}

fn play(args: &PlayArgs, latest: bool) -> anyhow::Result<ExitCode> {
    let games = games_dir();
    match &args.pgn {
        Some(pgn) => start(args, |s| open_pgn(pgn, args.game, games.as_deref(), args.journal.as_deref(), s)),
        None => start(args, |s| open_game(args.journal.as_deref(), games.as_deref(), s, latest)),
    }
}

/// Goes on with an adjourned game from its envelope.
fn play_envelope(args: &PlayArgs, path: &Path) -> anyhow::Result<ExitCode> {
    start(args, |s| open_envelope(path, games_dir().as_deref(), &s))
}

/// Resolves the settings, opens the game with `open`, and plays it; a refusal is said and exits 2.
/// The speaker is started, and the program's name said, before the game is opened.
fn start(args: &PlayArgs, open: impl FnOnce(Settings) -> Result<Opened, OpenError>) -> anyhow::Result<ExitCode> {
    let settings = match resolve(&args.flags(), user_config().as_deref()) {
        Ok(s) => s,
        Err(e) => {
            let speaker = speaker_for(&Settings { speech: args.speech.unwrap_or_default(), ..Settings::default() });
            return Ok(refuse(&e.worded(), speaker, Lang::from_environment()));
        }
    };
    let transcript = match &args.transcript {
        Some(path) => Some(Transcript::open(path).map_err(|e| anyhow::anyhow!("cannot open {}: {e}", path.display()))?),
        None => None,
    };
    let greeted = Greeted::start(&settings, transcript, &mut io::stdout())?;
    let lang = settings.lang;
    match open(settings) {
        Ok(opened) => run_game(opened, greeted),
        Err(e) => Ok(refuse(&e.worded(&Catalog::new(lang)), greeted.speaker, lang)),
    }
}

/// Says and prints a message that stops the program before a session exists; exit code 2.
fn refuse(message: &str, mut speaker: Box<dyn Speaker>, lang: Lang) -> ExitCode {
    println!("{message}");
    speaker.speak(&Utterance::new(message, lang.code()));
    speaker.finish(std::time::Duration::from_secs(3));
    ExitCode::from(2)
}

fn run_game(opened: Opened, greeted: Greeted) -> anyhow::Result<ExitCode> {
    let Opened { mut session, journal, opening, time } = opened;
    let (mut speaker, transcript) = greeted.speaker_for(session.settings());
    let mut cues = cue_player_for(session.settings());
    let (source, mut out): (Box<dyn LineSource + Send>, Box<dyn Write>) = if io::stdin().is_terminal() {
        let mut editor = Readline::new(session.lang(), history_file())?;
        let out: Box<dyn Write> = match editor.printer() {
            Some(printer) => Box::new(printer),
            None => Box::new(io::stdout().lock()),
        };
        (Box::new(editor), out)
    } else {
        (Box::new(PlainLines::new(io::BufReader::new(io::stdin()))), Box::new(io::stdout().lock()))
    };
    let mut outputs =
        Outputs { out: out.as_mut(), speaker: speaker.as_mut(), cues: cues.as_mut(), transcript, journal };
    let devices = Devices::for_session(&session);
    run_with(&mut session, source, &mut outputs, time, opening, devices)?;
    Ok(ExitCode::SUCCESS)
}
