//! `annabella review FILE|N`: a game replayed by ear (a PGN file, game N of a file of several, or
//! game N of the archive), line by line from the terminal or standard input, every answer printed
//! and spoken; `engine` there asks a real engine about the position reached — the game is over.

use std::io::{self, IsTerminal};
use std::process::ExitCode;
use std::time::Duration;

use shakmaty::Chess;

use crate::analysis::{configuration, evaluation_lines, pack_of, read_game, start_engine, AnalysisError};
use crate::cli::ReviewArgs;
use crate::config::Settings;
use crate::engine::EngineSettings;
use crate::engine::{Engine, Limits};
use crate::front::speaker_for;
use crate::messages::{Catalog, Lang};
use crate::notation::PhrasePack;
use crate::repl::{parse_line, Command, Input, Response, Review, SessionError};
use crate::speech::{Speaker, Utterance};
use crate::store::PgnGame;

/// Reviews the game the arguments name; one that cannot be read is said and exits 2.
pub fn review(args: &ReviewArgs) -> ExitCode {
    let lang = args.lang.unwrap_or_else(Lang::from_environment);
    let catalog = Catalog::shipped(lang);
    let mut speaker = speaker_for(&Settings { speech: args.speech.unwrap_or_default(), ..Settings::default() });
    let opened = configuration().and_then(|configured| {
        let settings = Settings { speech: args.speech.unwrap_or_default(), lang, ..configured };
        let review = Review::new(chosen(args, catalog)?, settings.clone()).map_err(|e| match e {
            SessionError::Fen(fen) => AnalysisError::Fen(fen),
            other => AnalysisError::Unusable { path: args.game.clone(), reason: other.to_string() },
        })?;
        Ok((review, settings))
    });
    let (mut review, settings) = match opened {
        Ok(opened) => opened,
        Err(error) => {
            let text = error.worded(catalog);
            println!("{text}");
            speaker.speak(&Utterance::new(text.as_str(), lang.code()));
            speaker.finish(Duration::from_secs(10));
            return ExitCode::from(2);
        }
    };
    say(&review.opening(), speaker.as_mut());
    let asking = Asking { settings: &settings.engine, pack: pack_of(&settings), depth: args.depth, catalog };
    let mut engine: Option<(Engine, Limits)> = None;
    if io::stdin().is_terminal() {
        print!("> ");
    }
    let mut input = Unbuffered::stdin();
    while let Some(line) = input.as_mut().and_then(Unbuffered::line) {
        let command = parse_line(&line, lang);
        if matches!(command, Input::Command(Command::Engine)) {
            asking.ask(&mut engine, review.position(), speaker.as_mut());
            continue;
        }
        let response = review.answer(&line);
        say(&response, speaker.as_mut());
        if matches!(command, Input::Command(Command::PlayHere)) {
            speaker.finish(Duration::from_secs(10));
            return play_on(&review.fen(), args);
        }
        if response.quits() {
            break;
        }
    }
    speaker.finish(Duration::from_secs(10));
    ExitCode::SUCCESS
}

/// The game named: a file (game `--game N` of several), or number N of the archive.
fn chosen(args: &ReviewArgs, catalog: &Catalog) -> Result<PgnGame, AnalysisError> {
    let path = match args.game.parse::<usize>() {
        Ok(number) => {
            let games = crate::places::games_dir().map(|d| crate::archive::archive(&d)).unwrap_or_default();
            let count = games.len();
            games.get(number.wrapping_sub(1)).ok_or(AnalysisError::NoGame { number, count })?.path.clone()
        }
        Err(_) => std::path::PathBuf::from(&args.game),
    };
    Ok(read_game(&path, args.number, catalog)?.0)
}

/// What the engine is asked with in a review: the configured engine, the depth asked for, the
/// announcing pack and the interface language.
struct Asking<'a> {
    settings: &'a EngineSettings,
    pack: PhrasePack,
    depth: Option<u8>,
    catalog: &'static Catalog,
}

impl Asking<'_> {
    /// The engine's view of `pos`, printed and spoken; the engine is started on first use.
    fn ask(&self, engine: &mut Option<(Engine, Limits)>, pos: &Chess, speaker: &mut dyn Speaker) {
        let answer = match engine {
            Some((e, limits)) => evaluation_lines(e, pos, limits, &self.pack, self.catalog),
            None => {
                let c = self.settings;
                let limits =
                    Limits { depth: self.depth.unwrap_or(c.depth), time: c.time, threads: c.threads, hash: c.hash };
                start_engine(Some(c.path.as_str()).filter(|p| !p.is_empty()), limits).and_then(|mut e| {
                    let lines = evaluation_lines(&mut e, pos, &limits, &self.pack, self.catalog);
                    *engine = Some((e, limits));
                    lines
                })
            }
        };
        let lines = answer.unwrap_or_else(|error| {
            let text = error.worded(self.catalog);
            vec![(text.clone(), text)]
        });
        for (printed, said) in lines {
            println!("{printed}");
            speaker.speak(&Utterance::new(said.as_str(), self.catalog.lang().code()));
        }
    }
}

/// A new game from `fen`, played by this program with the review's language and speech; the
/// review ends with it.
fn play_on(fen: &str, args: &ReviewArgs) -> ExitCode {
    let Ok(program) = std::env::current_exe() else { return ExitCode::from(1) };
    let mut command = std::process::Command::new(program);
    command.args(["play", "--fen", fen]);
    if let Some(lang) = args.lang {
        command.args(["--lang", lang.code()]);
    }
    if let Some(speech) = args.speech {
        command.args(["--speech", &speech.to_string()]);
    }
    match command.status() {
        Ok(status) if status.success() => ExitCode::SUCCESS,
        _ => ExitCode::from(1),
    }
}

/// Standard input read a byte at a time, so that what follows a line is left for a game played
/// on from the review (a new process reading the same input).
struct Unbuffered(std::fs::File);

impl Unbuffered {
    #[cfg(unix)]
    fn stdin() -> Option<Unbuffered> {
        use std::os::fd::AsFd;
        io::stdin().as_fd().try_clone_to_owned().ok().map(|fd| Unbuffered(std::fs::File::from(fd)))
    }

    #[cfg(windows)]
    fn stdin() -> Option<Unbuffered> {
        use std::os::windows::io::AsHandle;
        io::stdin().as_handle().try_clone_to_owned().ok().map(|h| Unbuffered(std::fs::File::from(h)))
    }

    /// The next line, without its end; `None` at the end of input.
    fn line(&mut self) -> Option<String> {
        use std::io::Read;
        let mut bytes = Vec::new();
        let mut byte = [0u8; 1];
        loop {
            match self.0.read(&mut byte) {
                Ok(0) | Err(_) if bytes.is_empty() => return None,
                Ok(0) | Err(_) => break,
                Ok(_) if byte[0] == b'\n' => break,
                Ok(_) => bytes.push(byte[0]),
            }
        }
        Some(String::from_utf8_lossy(&bytes).trim_end_matches('\r').to_string())
    }
}

/// Prints and speaks a response.
fn say(response: &Response, speaker: &mut dyn Speaker) {
    for line in &response.lines {
        if !line.text.is_empty() {
            println!("{}", line.text);
        }
        if let Some(u) = &line.speech {
            speaker.speak(u);
        }
    }
}
