//! `annabella puzzle` and `annabella drill`: the coach on the loop every front end runs, its
//! progress kept in the data folder; the engine (where there is one) started beside it to say
//! what a wrong move allows and to judge exercises. `puzzle --mine` first makes exercises from
//! the kept games not yet analysed, saying how far it is; `puzzle --report` says the progress.

use std::process::ExitCode;

use super::play::{failed, terminal};
use super::talk::Talk;
use crate::cli::{DrillArgs, GlobalArgs, PuzzleArgs};
use crate::coach::exercises::{from_game, Exercise};
use crate::coach::progress::{Entry, Progress, ProgressError};
use crate::coach::puzzles::{self, Choice};
use crate::coach::{Coach, Serving};
use crate::engine::{Limits, Thinker};
use crate::front::{run, Desk, Devices, OpponentLine, TimeSource};
use crate::wording::{Line, Words};

/// The depth the engine searches each position of a game for exercises.
pub const MINING_DEPTH: u8 = 10;

/// `annabella puzzle`: puzzles (or, `--mine`, exercises from the player's games) until quit.
pub fn puzzle(global: &GlobalArgs, args: &PuzzleArgs) -> ExitCode {
    let mut talk = match Talk::open(global) {
        Ok(talk) => talk,
        Err(code) => return code,
    };
    let mut progress = match open_progress(&mut talk) {
        Ok(progress) => progress,
        Err(code) => return code,
    };
    if args.report {
        let day = today();
        let lines = crate::coach::report_lines(&progress, talk.wording(), day);
        talk.say(&lines);
        return talk.finish_speaking();
    }
    let serving = match args.mine {
        true => match mine(&mut talk, &mut progress) {
            Ok(due) => Serving::Exercises(due),
            Err(code) => return code,
        },
        false => match choice(args, &talk) {
            Ok(choice) => Serving::Puzzles { choice, id: args.id.clone() },
            Err(line) => return talk.refuse(&[line]),
        },
    };
    coach_on(talk, progress, serving, args.seed)
}

/// `annabella drill KIND`: rounds of a drill until quit.
pub fn drill(global: &GlobalArgs, args: &DrillArgs) -> ExitCode {
    let mut talk = match Talk::open(global) {
        Ok(talk) => talk,
        Err(code) => return code,
    };
    let progress = match open_progress(&mut talk) {
        Ok(progress) => progress,
        Err(code) => return code,
    };
    coach_on(talk, progress, Serving::Drill { kind: args.kind, count: args.count }, args.seed)
}

/// The progress file of the data folder (only this session's when there is no data folder);
/// one that cannot be read is said and exits 2.
fn open_progress(talk: &mut Talk) -> Result<Progress, ExitCode> {
    let Some(path) = crate::places::progress_file() else { return Ok(Progress::in_memory()) };
    Progress::open(&path).map_err(|e| {
        let w = talk.wording();
        let reason = match &e {
            ProgressError::Io { source, .. } => crate::messages::io_reason(w.catalog(), source),
            ProgressError::Foreign(_) => w.text("coach.not_progress", &[]),
        };
        let line = w.file_line("coach.progress_unreadable", &path.display().to_string(), Some(&reason));
        talk.refuse(&[line])
    })
}

/// What the puzzles are chosen by, from the flags; a flag that names nothing there is said.
fn choice(args: &PuzzleArgs, talk: &Talk) -> Result<Choice, Line> {
    let w = talk.wording();
    if let Some(id) = &args.id {
        if puzzles::by_id(id).is_none() {
            return Err(w.line("coach.no_puzzle_id", &[("id", id)]));
        }
    }
    if let Some(theme) = &args.theme {
        if !puzzles::themes().iter().any(|t| t.eq_ignore_ascii_case(theme)) {
            return Err(w.line("coach.no_theme", &[("theme", theme)]));
        }
    }
    let rating = match &args.rating {
        Some(text) => Some(puzzles::rating_range(text).ok_or_else(|| w.line("coach.bad_rating", &[("rating", text)]))?),
        None => None,
    };
    Ok(Choice { theme: args.theme.clone(), rating })
}

/// The exercises due today, after the kept games not analysed yet have been (progress said).
fn mine(talk: &mut Talk, progress: &mut Progress) -> Result<Vec<Exercise>, ExitCode> {
    let games = crate::places::games_dir().map(|dir| super::archive(&dir).games).unwrap_or_default();
    let finished: Vec<_> = games.into_iter().filter(|g| g.result != "*" && g.blind.is_some()).collect();
    if finished.is_empty() {
        let line = talk.wording().line("coach.no_games", &[]);
        return Err(talk.refuse(&[line]));
    }
    let fresh: Vec<_> = finished.iter().filter(|g| !progress.has_mined(&key_of(&g.path))).collect();
    if !fresh.is_empty() {
        let limits = Limits { depth: MINING_DEPTH, threads: 1, hash: 64, ..Limits::default() };
        let mut engine = match crate::front::start_engine(None, limits) {
            Ok(engine) => engine,
            Err(e) => {
                let line = talk.wording().say_text(crate::front::engine_problem(&e, talk.wording().catalog()));
                return Err(talk.refuse(&[line]));
            }
        };
        for (done, game) in fresh.iter().enumerate() {
            let Some(pgn) = std::fs::read_to_string(&game.path).ok().and_then(|t| crate::store::PgnGame::read(&t).ok())
            else {
                continue;
            };
            let player = game.blind.unwrap_or(shakmaty::Color::White);
            let opponent = if player.is_white() { &game.black } else { &game.white };
            let key = key_of(&game.path);
            let made = from_game(&mut engine, &pgn, (&key, player, opponent), &limits).unwrap_or_default();
            for exercise in made {
                let _ = progress.record(Entry::Made(exercise));
            }
            let _ = progress.record(Entry::Mined { game: key });
            let args = [("done", (done + 1).to_string()), ("total", fresh.len().to_string())];
            let line = talk.wording().line_of("coach.mining", &args);
            talk.say(&[line]);
        }
    }
    let due: Vec<Exercise> = progress.due_on(today()).into_iter().cloned().collect();
    let args = [("count", progress.exercises().to_string()), ("due", due.len().to_string())];
    let line = talk.wording().line_of("coach.mined", &args);
    talk.say(&[line]);
    Ok(due)
}

/// A kept game's key among the exercises: its file's name.
fn key_of(path: &std::path::Path) -> String {
    path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// Days since 1970, today.
fn today() -> u64 {
    crate::clock::wall_ms() / 86_400_000
}

/// The coach run on the loop, with the engine beside it where there is one.
fn coach_on(talk: Talk, progress: Progress, serving: Serving, seed: Option<u64>) -> ExitCode {
    let settings = talk.settings().clone();
    let opponent =
        crate::front::start_engine(None, Limits { threads: 1, hash: 16, ..Limits::default() }).ok().map(|engine| {
            let (to, reports) = std::sync::mpsc::channel();
            OpponentLine { thinker: Thinker::start(engine, to), reports }
        });
    let seed = seed.unwrap_or_else(crate::clock::wall_ms);
    let mut coach = match Coach::new(settings.clone(), progress, serving, (opponent.is_some(), seed, today())) {
        Ok(coach) => coach,
        Err(e) => {
            let mut talk = talk;
            let line = talk.wording().say(Words::plain(e.to_string()));
            return talk.refuse(&[line]);
        }
    };
    let (source, out) = match terminal(settings.lang, coach.commands()) {
        Ok(terminal) => terminal,
        Err(e) => return failed(e),
    };
    let (mut outputs, _, _) = talk.into_parts();
    outputs.out = out;
    outputs.speaker = crate::braille_display::echoed(outputs.speaker, &settings);
    let devices = Devices { opponent, ..Devices::default() };
    let opening = coach.opening(crate::clock::Timestamp(0));
    match run(&mut coach, source, &mut outputs, TimeSource::real(), opening, devices) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => failed(e),
    }
}
