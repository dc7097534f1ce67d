//! `annabella play` and `annabella resume`: the settings resolved, the speaker started and the
//! program's name said before the game is opened (new, from its journal, an envelope or a PGN),
//! then the game played on the loop every front end runs, reading the terminal's line editor or
//! plain lines. A game can also be played on from a review, on the same outputs and input.

use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use super::talk::Talk;
use crate::audio::SilentCues;
use crate::cli::{GlobalArgs, PlayArgs};
use crate::config::{resolve, Settings};
use crate::front::{
    cue_player_for, open_envelope, open_game, open_game_up_to, open_pgn, opponent_for, run, Desk, Devices, Greeted,
    LineSource, Mending, OpenError, Opened, OpponentLine, Outputs, PlainLines, Readline,
};
use crate::messages::Lang;
use crate::places::{games_dir, history_file, user_config};
use crate::session::Keeping;
use crate::speech::Transcript;
use crate::wording::{Line, Wording};

/// Starts a game, or goes on with the game of `--journal` (or, `latest`, the latest unfinished).
pub fn play(global: &GlobalArgs, args: &PlayArgs, latest: bool) -> ExitCode {
    let games = games_dir();
    match &args.pgn {
        Some(pgn) => start(global, args, |s| open_pgn(pgn, args.game, games.as_deref(), args.journal.as_deref(), s)),
        None => start(global, args, |s| {
            let mending = match (args.up_to_line, args.new_settings) {
                (Some(line), _) => Some(Mending::UpToLine(line)),
                (None, true) => Some(Mending::NewSettings),
                (None, false) => None,
            };
            open_game_up_to(args.journal.as_deref(), games.as_deref(), s, latest, mending)
        }),
    }
}

/// Goes on with an adjourned game from its envelope.
pub fn resume_envelope(global: &GlobalArgs, args: &PlayArgs, path: &Path) -> ExitCode {
    start(global, args, |s| open_envelope(path, games_dir().as_deref(), &s))
}

/// Resolves the settings, opens the game with `open`, and plays it; a refusal is said and exits
/// 2. The speaker is started, and the program's name said, before the game is opened.
fn start(global: &GlobalArgs, args: &PlayArgs, open: impl FnOnce(Settings) -> Result<Opened, OpenError>) -> ExitCode {
    let (mut settings, greeted) = match greet(global, args) {
        Ok(greeted) => greeted,
        Err(code) => return code,
    };
    let lang = settings.lang;
    // A practice game's engine is started first: its name is the engine side's in the game.
    let opponent = match engine_for(&mut settings) {
        Ok(opponent) => opponent,
        Err(e) => {
            let Greeted { speaker, transcript, .. } = greeted;
            let mut outputs =
                Outputs { out: Box::new(io::stdout()), speaker, cues: Box::new(SilentCues), transcript, journal: None };
            let w = Wording::in_language(lang);
            return refuse(&mut outputs, w.say_text(crate::front::engine_problem(&e, w.catalog())));
        }
    };
    match open(settings) {
        Ok(opened) => {
            let (speaker, transcript) = greeted.speaker_for(opened.session.settings());
            let cues = cue_player_for(opened.session.settings());
            let (source, out) = match terminal(opened.session.lang(), Desk::commands(&opened.session)) {
                Ok(terminal) => terminal,
                Err(e) => return failed(e),
            };
            let mut outputs = Outputs { out, speaker, cues, transcript, journal: None };
            play_opened(opened, &mut outputs, source, opponent)
        }
        Err(e) => {
            // Said like any answer: printed, spoken, written to the transcript.
            let Greeted { speaker, transcript, .. } = greeted;
            let mut outputs =
                Outputs { out: Box::new(io::stdout()), speaker, cues: Box::new(SilentCues), transcript, journal: None };
            let w = Wording::in_language(lang);
            refuse(&mut outputs, w.say(e.worded(&w)))
        }
    }
}

/// The start of every game: the settings resolved (a refusal said), the transcript opened, and
/// the program's name said.
pub(super) fn greet(global: &GlobalArgs, args: &PlayArgs) -> Result<(Settings, Greeted), ExitCode> {
    let settings = match resolve(&args.flags(global), user_config().as_deref()) {
        Ok(s) => s,
        Err(e) => return Err(Talk::refuse_configuration(global, Box::new(io::stdout()), &e)),
    };
    let transcript = transcript(global, &settings)?;
    let greeted = Greeted::start(&settings, transcript, &mut io::stdout()).map_err(failed)?;
    Ok((settings, greeted))
}

/// The transcript the global flags name, opened to append to.
pub(super) fn transcript(global: &GlobalArgs, settings: &Settings) -> Result<Option<Transcript>, ExitCode> {
    match &global.transcript {
        Some(path) => Transcript::open(path)
            .map(Some)
            .map_err(|e| Talk::refuse_transcript(settings.clone(), path, &e, Box::new(io::stdout()))),
        None => Ok(None),
    }
}

/// Where lines come from and where they are printed: the line editor on a terminal (completing
/// `records`), plain lines from standard input otherwise.
pub(super) fn terminal(
    lang: Lang,
    records: Vec<&'static crate::command::Record>,
) -> io::Result<(Box<dyn LineSource + Send>, Box<dyn Write>)> {
    if io::stdin().is_terminal() {
        let mut editor = Readline::new(lang, records, history_file()).map_err(io::Error::other)?;
        let out: Box<dyn Write> = match editor.printer() {
            Some(printer) => Box::new(printer),
            None => Box::new(io::stdout()),
        };
        return Ok((Box::new(editor), out));
    }
    Ok((Box::new(PlainLines::new(io::BufReader::new(io::stdin()))), Box::new(io::stdout())))
}

/// The engine of a practice game the settings ask for, started, with its name given to the side it
/// plays when that side has none.
fn engine_for(settings: &mut Settings) -> Result<Option<OpponentLine>, crate::engine::EngineError> {
    let opponent = opponent_for(settings)?;
    if let Some(line) = &opponent {
        let side = match settings.blind.unwrap_or(shakmaty::Color::White) {
            shakmaty::Color::White => &mut settings.black,
            shakmaty::Color::Black => &mut settings.white,
        };
        if side.is_empty() {
            *side = line.thinker.name().to_string();
        }
    }
    Ok(opponent)
}

/// Plays an opened game on `outputs`, reading `source`; its journal goes with it. A practice
/// game's engine is `opponent`, else started here (a game resumed from its journal).
pub(super) fn play_opened(
    opened: Opened,
    outputs: &mut Outputs,
    source: Box<dyn LineSource + Send>,
    opponent: Option<OpponentLine>,
) -> ExitCode {
    let Opened { mut session, journal, opening, time } = opened;
    session.keep_in(keeping(journal.as_ref().map(|j| j.path())));
    outputs.journal = journal;
    let mut devices = Devices::for_settings(session.settings(), || session.listening_grammar());
    devices.opponent = match opponent {
        Some(line) => Some(line),
        None => match opponent_for(session.settings()) {
            Ok(line) => line,
            Err(e) => {
                let w = Wording::in_language(session.lang());
                return refuse(outputs, w.say_text(crate::front::engine_problem(&e, w.catalog())));
            }
        },
    };
    if session.settings().online.is_online() {
        // An online game (also one resumed from its journal) goes on with its server.
        match crate::front::lichess_for(session.settings()) {
            Ok(lichess) => devices.online = crate::front::online_for(session.settings(), Some(lichess)),
            Err(e) => {
                let w = Wording::in_language(session.lang());
                let line = w.say(crate::front::token_words(&e, &w));
                if let Err(e) = outputs.say(&[line]) {
                    return failed(e);
                }
            }
        }
    }
    match run(&mut session, source, outputs, time, opening, devices) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => failed(e),
    }
}

/// Where a game with the journal `journal` is kept: in the games folder (where `resume` finds
/// it), elsewhere, or nowhere.
fn keeping(journal: Option<&Path>) -> Keeping {
    let Some(journal) = journal else { return Keeping::Nowhere };
    let folder = |p: &Path| p.parent().and_then(|d| std::fs::canonicalize(d).ok());
    let archive = games_dir().and_then(|d| std::fs::canonicalize(d).ok());
    match folder(journal).is_some_and(|f| Some(f) == archive) {
        true => Keeping::Archive,
        false => Keeping::Journal(journal.display().to_string()),
    }
}

/// A new game played on from `fen` (from a review), with `settings`, on the same outputs and
/// input.
pub(super) fn play_on(
    fen: String,
    settings: Settings,
    outputs: &mut Outputs,
    source: Box<dyn LineSource + Send>,
) -> ExitCode {
    let settings = Settings { fen: Some(fen), chess960: None, ..settings };
    match open_game(None, games_dir().as_deref(), settings, false) {
        Ok(opened) => play_opened(opened, outputs, source, None),
        Err(e) => {
            let lang = Lang::from_environment();
            let w = Wording::in_language(lang);
            refuse(outputs, w.say(e.worded(&w)))
        }
    }
}

/// Says a refusal that stops the program before a session runs, on `outputs` (printed, spoken,
/// written to the transcript); exit code 2.
pub(super) fn refuse(outputs: &mut Outputs, line: Line) -> ExitCode {
    if let Err(e) = outputs.say(&[line]) {
        return failed(e);
    }
    outputs.finish(std::time::Duration::from_secs(3));
    ExitCode::from(2)
}

/// The program itself failed (the terminal, a thread): said on standard error, exit code 1.
pub(super) fn failed(e: io::Error) -> ExitCode {
    eprintln!("annabella: {e}");
    ExitCode::from(1)
}
