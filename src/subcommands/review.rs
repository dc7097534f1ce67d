//! `annabella review FILE|N`: a game replayed by ear (a PGN file, game N of a file of several, or
//! game N of the archive) on the loop every front end runs — the line editor with history and
//! completion, F2, `--transcript` — every answer printed and spoken; `engine` there asks a real
//! engine about the position reached (the game is over), and `play` plays a new game on from it
//! in this same program.

use std::path::PathBuf;
use std::process::ExitCode;

use super::engine::{read_game, AnalysisError, GameFile};
use super::play::{failed, play_on, terminal};
use super::talk::Talk;
use crate::cli::{GlobalArgs, ReviewArgs};
use crate::front::{run, Desk, Devices, Ending, EngineView, TimeSource};
use crate::messages::Catalog;
use crate::notation::PhrasePack;
use crate::review::Review;
use crate::session::SessionError;
use crate::wording::Wording;

/// Reviews the game the arguments name; one that cannot be read is said and exits 2.
pub fn review(global: &GlobalArgs, args: &ReviewArgs) -> ExitCode {
    // The configuration is read, and a refusal said, as by every subcommand that speaks.
    let mut talk = match Talk::open(global) {
        Ok(talk) => talk,
        Err(code) => return code,
    };
    let settings = talk.settings().clone();
    let catalog = Catalog::shipped(settings.lang);
    let opened = chosen(args, catalog).and_then(|file| {
        if file.legacy {
            talk.say(&[talk.wording().file_line("pgn.legacy", &args.game, None)]);
        }
        // A file of several games: which one is reviewed is said, and how to choose another.
        if file.count > 1 && args.number.is_none() {
            let w = talk.wording();
            let args = [("path", crate::wording::file_name(&args.game)), ("count", file.count.to_string().into())];
            talk.say(&[w.say(w.words("review.first_of", &args))]);
        }
        let review = Review::new(file.game, settings.clone()).map_err(|e| match e {
            SessionError::Fen(fen) => AnalysisError::Fen(fen),
            other => AnalysisError::Unusable { path: args.game.clone(), reason: other.to_string() },
        });
        // A game that can still be played on is reviewed without the engine (11.3).
        review.map(|review| if file.in_play { review.without_engine() } else { review })
    });
    let mut review = match opened {
        Ok(review) => review,
        Err(error) => {
            let line = talk.wording().say(error.worded(talk.wording()));
            return talk.refuse(&[line]);
        }
    };
    let (source, out) = match terminal(settings.lang, review.commands()) {
        Ok(terminal) => terminal,
        Err(e) => return failed(e),
    };
    let (mut outputs, _, _) = talk.into_parts();
    outputs.out = out;
    outputs.speaker = crate::braille_display::echoed(outputs.speaker, &settings);
    let mut engine = settings.engine.clone();
    engine.depth = args.depth.unwrap_or(engine.depth);
    let pack = PhrasePack::named(&settings.pack).unwrap_or_else(|| PhrasePack::builtin().remove(0));
    let engine_view = EngineView::new(engine, Wording::new(settings.lang, pack, settings.style));
    let devices = Devices { engine: Some(engine_view), ..Devices::default() };
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
fn chosen(args: &ReviewArgs, catalog: &Catalog) -> Result<GameFile, AnalysisError> {
    let path = super::games::named_game(&PathBuf::from(&args.game))?;
    read_game(&path, args.number, catalog)
}
