//! `annabella review FILE|N`: a game replayed by ear (a PGN file, game N of a file of several, or
//! game N of the archive) on the loop every front end runs — the line editor with history and
//! completion, F2, `--transcript` — every answer printed and spoken; `engine` there asks a real
//! engine about the position reached (the game is over), and `play` plays a new game on from it
//! in this same program.

use std::path::PathBuf;
use std::process::ExitCode;

use super::engine::{read_game, AnalysisError};
use super::play::{failed, play_on, refuse, terminal, transcript};
use crate::cli::{GlobalArgs, ReviewArgs};
use crate::config::{resolve, Settings};
use crate::front::{cue_player_for, run, speaker_for, Analyst, Desk, Devices, Ending, Outputs, TimeSource};
use crate::messages::{Catalog, Lang};
use crate::notation::PhrasePack;
use crate::places::user_config;
use crate::review::Review;
use crate::session::SessionError;
use crate::store::PgnGame;
use crate::wording::Wording;

/// Reviews the game the arguments name; one that cannot be read is said and exits 2.
pub fn review(global: &GlobalArgs, args: &ReviewArgs) -> ExitCode {
    let settings = match resolve(&global.flags(), user_config().as_deref()) {
        Ok(settings) => settings,
        Err(e) => {
            let settings = Settings { speech: global.speech.unwrap_or_default(), ..Settings::default() };
            return refuse(&e.worded(), speaker_for(&settings), Lang::from_environment());
        }
    };
    let catalog = Catalog::shipped(settings.lang);
    let opened = chosen(args, catalog).and_then(|game| {
        Review::new(game, settings.clone()).map_err(|e| match e {
            SessionError::Fen(fen) => AnalysisError::Fen(fen),
            other => AnalysisError::Unusable { path: args.game.clone(), reason: other.to_string() },
        })
    });
    let mut review = match opened {
        Ok(review) => review,
        Err(error) => return refuse(&error.worded(catalog), speaker_for(&settings), settings.lang),
    };
    let transcript = match transcript(global) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let (source, out) = match terminal(settings.lang, review.commands()) {
        Ok(terminal) => terminal,
        Err(e) => return failed(e),
    };
    let speaker = crate::braille_display::echoed(speaker_for(&settings), &settings);
    let mut outputs = Outputs { out, speaker, cues: cue_player_for(&settings), transcript, journal: None };
    let mut engine = settings.engine.clone();
    engine.depth = args.depth.unwrap_or(engine.depth);
    let pack = PhrasePack::named(&settings.pack).unwrap_or_else(|| PhrasePack::builtin().remove(0));
    let analyst = Analyst::new(engine, Wording::new(settings.lang, pack, settings.style));
    let devices = Devices { engine: Some(analyst), ..Devices::default() };
    let opening = review.opening();
    match run(&mut review, source, &mut outputs, TimeSource::real(), opening, devices) {
        Ok(Ending::PlayOn { fen, source: Some(source) }) => {
            play_on(fen, review.settings().clone(), &mut outputs, source)
        }
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => failed(e),
    }
}

/// The game named: a file (game `--game N` of several), or number N of the archive.
fn chosen(args: &ReviewArgs, catalog: &Catalog) -> Result<PgnGame, AnalysisError> {
    let path = match args.game.parse::<usize>() {
        Ok(number) => {
            let games = crate::places::games_dir().map(|d| super::games::archive(&d)).unwrap_or_default();
            let count = games.len();
            games.get(number.wrapping_sub(1)).ok_or(AnalysisError::NoGame { number, count })?.path.clone()
        }
        Err(_) => PathBuf::from(&args.game),
    };
    Ok(read_game(&path, args.number, catalog)?.0)
}
