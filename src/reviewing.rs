//! `annabella review FILE|N`: a game replayed by ear (a PGN file, game N of a file of several, or
//! game N of the archive), line by line from the terminal or standard input, every answer printed
//! and spoken; `engine` there asks a real engine about the position reached — the game is over.

use std::io::{self, BufRead, IsTerminal};
use std::process::ExitCode;
use std::time::Duration;

use crate::analysis::{evaluation_lines, read_game, start_engine, AnalysisError};
use crate::cli::ReviewArgs;
use crate::config::Settings;
use crate::engine::{Engine, Limits};
use crate::messages::{Catalog, Lang};
use crate::repl::{parse_line, Command, Input, Response, Review};
use crate::speech::{speaker_for, Speaker, Utterance};
use crate::store::PgnGame;

/// Reviews the game the arguments name; one that cannot be read is said and exits 2.
pub fn review(args: &ReviewArgs) -> ExitCode {
    let lang = args.lang.unwrap_or_else(Lang::from_environment);
    let catalog = Catalog::shipped(lang);
    let settings = Settings { speech: args.speech.unwrap_or_default(), lang, ..Settings::default() };
    let mut speaker = speaker_for(&settings);
    let game = match chosen(args, catalog) {
        Ok(game) => game,
        Err(error) => {
            let text = error.worded(catalog);
            println!("{text}");
            speaker.speak(&Utterance::new(text.as_str(), lang.code()));
            speaker.finish(Duration::from_secs(10));
            return ExitCode::from(2);
        }
    };
    let Ok(mut review) = Review::new(game, settings) else { return ExitCode::from(2) };
    say(&review.opening(), speaker.as_mut());
    let mut engine: Option<Engine> = None;
    let stdin = io::stdin();
    if stdin.is_terminal() {
        print!("> ");
    }
    for line in stdin.lock().lines().map_while(Result::ok) {
        if matches!(parse_line(&line, lang), Input::Command(Command::Engine)) {
            ask_engine(&mut engine, &review, args.depth, catalog, speaker.as_mut());
            continue;
        }
        let response = review.answer(&line);
        say(&response, speaker.as_mut());
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

/// The engine's view of the position reached, started on first use.
fn ask_engine(engine: &mut Option<Engine>, review: &Review, depth: u8, catalog: &Catalog, speaker: &mut dyn Speaker) {
    let lang = catalog.lang();
    let answer = match engine {
        Some(e) => evaluation_lines(e, review.position(), depth, catalog),
        None => start_engine(None, Limits { depth, ..Limits::default() }).and_then(|mut e| {
            let lines = evaluation_lines(&mut e, review.position(), depth, catalog);
            *engine = Some(e);
            lines
        }),
    };
    let lines = answer.unwrap_or_else(|error| {
        let text = error.worded(catalog);
        vec![(text.clone(), text)]
    });
    for (printed, said) in lines {
        println!("{printed}");
        speaker.speak(&Utterance::new(said.as_str(), lang.code()));
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
