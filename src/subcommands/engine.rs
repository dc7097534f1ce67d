//! `annabella engine`: a position or a whole game analysed by a real chess engine, after the game
//! (Art. 11.3 forbids it during one). A position: its evaluation in words and the engine's best
//! line in the announcing pack's words. A game: progress as it goes, every mistake and blunder
//! with the better move, and the game written as PGN with `[%eval]` comments and `?`/`??` marks
//! that other chess programs read. Printed and spoken in the interface language.

use std::path::PathBuf;
use std::process::ExitCode;

use shakmaty::{Chess, Position};

use super::talk::Talk;
use crate::cli::{EngineArgs, GlobalArgs};
use crate::engine::{find_engine, judge, Engine, EngineError, EngineSettings, Evaluation, Judgement, Limits};
use crate::front::{engine_problem, evaluation, line_words};
use crate::messages::Catalog;
use crate::store::PgnGame;
use crate::wording::{file_name, Line, Wording, Words};

/// Why an analysis or a review cannot be done.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    /// The engine is missing, would not start or stopped answering.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// A file cannot be read or written, or holds no game.
    #[error("{path} cannot be used: {reason}")]
    Unusable {
        /// The file.
        path: String,
        /// Why, in the interface language.
        reason: String,
    },
    /// The PGN is refused.
    #[error("{path}: {source}")]
    Pgn {
        /// The file.
        path: String,
        /// Why.
        source: crate::store::PgnError,
    },
    /// The position is refused.
    #[error(transparent)]
    Fen(#[from] crate::rules::FenError),
    /// The file has no game of that number.
    #[error("{path} holds {count} games; there is no game {number}")]
    NoSuchGame {
        /// The file.
        path: String,
        /// The number asked for.
        number: usize,
        /// How many games it holds.
        count: usize,
    },
    /// A journal whose game cannot be replayed.
    #[error(transparent)]
    Journal(Box<crate::front::OpenError>),
    /// The game is kept in its journal unfinished: it can still be played on (11.3).
    #[error("the game is not finished and can still be played on")]
    InPlay,
    /// The archive has no game of that number.
    #[error(transparent)]
    NotKept(#[from] super::games::NotKept),
}

impl AnalysisError {
    /// The problem in `w`'s language: printed with paths, spoken with the files' names alone.
    pub fn worded(&self, w: &Wording) -> Words {
        let catalog = w.catalog();
        match self {
            AnalysisError::Engine(e) => Words::plain(engine_problem(e, catalog)),
            AnalysisError::NoSuchGame { path, number, count } => w.words(
                "engine.no_such_game",
                &[
                    ("path", file_name(path)),
                    ("number", number.to_string().into()),
                    ("count", count.to_string().into()),
                ],
            ),
            AnalysisError::Unusable { path, reason } => {
                w.words("engine.unreadable", &[("path", file_name(path)), ("reason", Words::plain(reason))])
            }
            AnalysisError::Pgn { path, source } => {
                w.words("pgn.unusable", &[("path", file_name(path)), ("reason", crate::front::pgn_words(source, w))])
            }
            AnalysisError::Fen(e) => {
                w.words("error.bad_fen", &[("reason", catalog.text(e.reason().key(), &[]).into())])
            }
            AnalysisError::Journal(e) => e.worded(w),
            AnalysisError::InPlay => w.words("engine.in_play", &[]),
            AnalysisError::NotKept(e) => e.worded(w),
        }
    }
}

/// Analyses the position or the game the arguments name; a missing engine or an unreadable game
/// is said and exits 2.
pub fn engine(global: &GlobalArgs, args: &EngineArgs) -> ExitCode {
    let mut talk = match Talk::open(global) {
        Ok(talk) => talk,
        Err(code) => return code,
    };
    let configured = talk.settings().engine.clone();
    match run(args, &configured, &mut talk) {
        Ok(()) => talk.finish(ExitCode::SUCCESS),
        Err(error) => {
            let line = talk.wording().say(error.worded(talk.wording()));
            talk.refuse(&[line])
        }
    }
}

fn run(args: &EngineArgs, configured: &EngineSettings, talk: &mut Talk) -> Result<(), AnalysisError> {
    let limits = Limits {
        depth: args.depth.unwrap_or(configured.depth),
        time: args.time.or(configured.time),
        threads: args.threads.unwrap_or(configured.threads),
        hash: args.hash.unwrap_or(configured.hash),
    };
    let named = args.engine.clone().or_else(|| Some(configured.path.clone()).filter(|p| !p.is_empty()));
    let game = match &args.game {
        Some(named) => Some(read_game(&super::games::named_game(named)?, args.number, talk.wording().catalog())?),
        None => None,
    };
    if game.as_ref().is_some_and(|file| file.in_play) {
        return Err(AnalysisError::InPlay);
    }
    find_engine(named.as_deref())?;
    let mut engine = start_engine(named.as_deref(), limits)?;
    match game {
        Some(file) => {
            if file.legacy {
                let line = talk.wording().file_line(
                    "pgn.legacy",
                    &args.game.as_ref().map_or(String::new(), |g| g.display().to_string()),
                    None,
                );
                talk.say(&[line]);
            }
            whole_game(&mut engine, &file.game, &limits, args.out.clone().unwrap_or(file.analysed), talk)
        }
        None => position(&mut engine, args, &limits, talk),
    }
}

/// A game read from a PGN file: the game, where its analysis goes by default, and whether the
/// file was read as Windows-1252 (which is said).
pub struct GameFile {
    /// The game.
    pub game: PgnGame,
    /// `NAME-analysed.pgn` beside the file.
    pub analysed: PathBuf,
    /// The file was not UTF-8.
    pub legacy: bool,
    /// The game is a journal's, not finished: it can still be played on, and no engine is asked
    /// about it (11.3).
    pub in_play: bool,
    /// How many games the file holds.
    pub count: usize,
}

/// The game numbered `number` of the file (a PGN file, or a journal's one game), and where its
/// analysis goes by default.
pub fn read_game(file: &std::path::Path, number: Option<usize>, catalog: &Catalog) -> Result<GameFile, AnalysisError> {
    let path = file.display().to_string();
    let decoded = crate::store::PgnText::read(file).map_err(|e| AnalysisError::Unusable {
        path: path.clone(),
        reason: crate::messages::io_read_reason(catalog, &e),
    })?;
    let stem = file.file_stem().map_or("game".into(), |s| s.to_string_lossy().into_owned());
    let analysed = file.with_file_name(format!("{stem}-analysed.pgn"));
    // A journal holds one game, finished or not: its moves so far.
    if decoded.text.starts_with(crate::store::MAGIC) {
        if let Some(number @ 2..) = number {
            return Err(AnalysisError::NoSuchGame { path, number, count: 1 });
        }
        let game = crate::front::journal_pgn(file).map_err(|e| AnalysisError::Journal(Box::new(e)))?;
        let in_play = game.result == "*";
        return Ok(GameFile { game, analysed, legacy: false, in_play, count: 1 });
    }
    let games = crate::store::games(&decoded.text);
    let number = number.unwrap_or(1);
    let chunk = match number.checked_sub(1).and_then(|i| games.get(i)) {
        Some(chunk) => *chunk,
        None if games.is_empty() && number == 1 => decoded.text.as_str(),
        None => return Err(AnalysisError::NoSuchGame { path, number, count: games.len() }),
    };
    let game = PgnGame::read(chunk).map_err(|source| AnalysisError::Pgn { path: path.clone(), source })?;
    Ok(GameFile { game, analysed, legacy: decoded.legacy, in_play: false, count: games.len().max(1) })
}

/// One position: the evaluation and the best line.
fn position(engine: &mut Engine, args: &EngineArgs, limits: &Limits, talk: &mut Talk) -> Result<(), AnalysisError> {
    let pos = match &args.fen {
        Some(fen) => crate::rules::parse_fen(fen)?,
        None => Chess::default(),
    };
    let lines = evaluation(engine, &pos, limits, talk.wording())?;
    talk.say(&lines);
    Ok(())
}

/// Starts the engine named (or Stockfish) with `limits`.
fn start_engine(named: Option<&str>, limits: Limits) -> Result<Engine, AnalysisError> {
    Ok(crate::front::start_engine(named, limits)?)
}

/// A whole game: every position evaluated, the mistakes and blunders said, the annotated game
/// written to `out`.
fn whole_game(
    engine: &mut Engine,
    game: &PgnGame,
    limits: &Limits,
    out: PathBuf,
    talk: &mut Talk,
) -> Result<(), AnalysisError> {
    let mut pos: Chess = game.start.as_deref().and_then(|f| crate::rules::parse_fen(f).ok()).unwrap_or_default();
    let total = game.moves.len();
    let mut before = engine.evaluate(&pos, limits, limits.deadline())?;
    let mut annotated = game.clone();
    let mut verdicts = Vec::new();
    for (ply, m) in game.moves.iter().enumerate() {
        let mover = pos.turn();
        let start = pos.clone();
        pos.play_unchecked(m.mv);
        let after = engine.evaluate(&pos, limits, limits.deadline())?;
        let written = &mut annotated.moves[ply];
        if !pos.is_checkmate() {
            written.comment = Some(with_eval(written.comment.take(), &after.score.pgn()));
        }
        // A move the engine would have played itself is never called a mistake.
        let best = before.line.first() == Some(&m.mv);
        if let Some(judgement) = judge(before.score, after.score, mover).filter(|_| !best) {
            // The game's own mark of the move (an annotator's `!`, `?!` …) is kept, never
            // written over; the engine's verdict is said all the same.
            if !written.nags.iter().any(|n| (1..=6).contains(n)) {
                written.nags.push(judgement.nag());
            }
            verdicts.push(verdict(&start, m.mv, &before, judgement, talk.wording()));
        }
        if (ply + 1) % 20 == 0 && ply + 1 < total {
            let args = [("done", (ply + 1).to_string()), ("total", total.to_string())];
            let line = talk.wording().line_of("engine.progress", &args);
            talk.say(&[line]);
        }
        before = after;
    }
    // The verdicts together, after the progress: a list heard as one.
    let lines: Vec<Line> = match verdicts.is_empty() {
        true => vec![talk.wording().line("engine.no_errors", &[])],
        false => verdicts.into_iter().map(|v| talk.wording().say(v)).collect(),
    };
    talk.say(&lines);
    let (written, kept) =
        crate::front::write_fresh(&out, annotated.write().as_bytes()).map_err(|e| AnalysisError::Unusable {
            path: out.display().to_string(),
            reason: crate::messages::io_reason(talk.wording().catalog(), &e),
        })?;
    if let Some(kept) = kept {
        let line = talk.wording().file_line("file.kept", &kept.display().to_string(), None);
        talk.say(&[line]);
    }
    let line = talk.wording().file_line("engine.saved", &written.display().to_string(), None);
    talk.say(&[line]);
    Ok(())
}

/// A move's comment with the engine's evaluation first, in place of any it had.
fn with_eval(comment: Option<String>, score: &str) -> String {
    let eval = format!("[%eval {score}]");
    let mut rest = comment.unwrap_or_default();
    while let Some(start) = rest.find("[%eval") {
        let end = rest[start..].find(']').map_or(rest.len(), |e| start + e + 1);
        rest.replace_range(start..end, "");
    }
    let rest = rest.split_whitespace().collect::<Vec<_>>().join(" ");
    if rest.is_empty() {
        eval
    } else {
        format!("{eval} {rest}")
    }
}

/// "White's move 3, Springer Felix sechs, was a blunder; better was …"
fn verdict(pos: &Chess, mv: shakmaty::Move, best: &Evaluation, judgement: Judgement, w: &Wording) -> Words {
    let number = w.ply(pos.fullmoves().get(), pos.turn());
    let key = match judgement {
        Judgement::Mistake => "engine.mistake",
        Judgement::Blunder => "engine.blunder",
    };
    let played = line_words(pos, &[mv], w.pack());
    let better = line_words(pos, &best.line[..best.line.len().min(1)], w.pack());
    w.words(key, &[("number", number), ("move", played), ("better", better)])
}
