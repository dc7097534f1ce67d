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
use crate::front::{engine_problem, evaluation, line_words, POSITION_LIMIT};
use crate::messages::Catalog;
use crate::store::PgnGame;
use crate::wording::{Wording, Words};

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
    /// The archive has no game of that number.
    #[error("there is no game {number}; {count} games are kept")]
    NoGame {
        /// The number asked for.
        number: usize,
        /// How many games there are.
        count: usize,
    },
}

impl AnalysisError {
    /// The problem in `catalog`'s language.
    pub fn worded(&self, catalog: &Catalog) -> String {
        match self {
            AnalysisError::Engine(e) => engine_problem(e, catalog),
            AnalysisError::NoSuchGame { path, number, count } => catalog.text(
                "engine.no_such_game",
                &[("path", path), ("number", &number.to_string()), ("count", &count.to_string())],
            ),
            AnalysisError::Unusable { path, reason } => {
                catalog.text("engine.unreadable", &[("path", path), ("reason", reason)])
            }
            AnalysisError::Fen(e) => catalog.text("error.bad_fen", &[("reason", &catalog.text(e.reason().key(), &[]))]),
            AnalysisError::NoGame { number, count } => {
                catalog.text("review.no_game", &[("number", &number.to_string()), ("count", &count.to_string())])
            }
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
            let line = talk.wording().say_text(error.worded(talk.wording().catalog()));
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
    find_engine(named.as_deref())?;
    let game = match &args.game {
        Some(file) => Some(read_game(file, args.number, talk.wording().catalog())?),
        None => None,
    };
    let mut engine = start_engine(named.as_deref(), limits)?;
    match game {
        Some((game, out)) => whole_game(&mut engine, &game, &limits, args.out.clone().unwrap_or(out), talk),
        None => position(&mut engine, args, &limits, talk),
    }
}

/// The game numbered `number` of the file, and where its analysis goes by default.
pub fn read_game(
    file: &PathBuf,
    number: Option<usize>,
    catalog: &Catalog,
) -> Result<(PgnGame, PathBuf), AnalysisError> {
    let unusable = |reason: String| AnalysisError::Unusable { path: file.display().to_string(), reason };
    let text = std::fs::read_to_string(file).map_err(|e| unusable(crate::messages::io_reason(catalog, &e)))?;
    let games = crate::store::games(&text);
    let number = number.unwrap_or(1);
    let chunk = match number.checked_sub(1).and_then(|i| games.get(i)) {
        Some(chunk) => *chunk,
        None if games.is_empty() && number == 1 => text.as_str(),
        None => return Err(AnalysisError::NoSuchGame { path: file.display().to_string(), number, count: games.len() }),
    };
    let game = PgnGame::read(chunk).map_err(|e| unusable(e.to_string()))?;
    let stem = file.file_stem().map_or("game".into(), |s| s.to_string_lossy().into_owned());
    Ok((game, file.with_file_name(format!("{stem}-analysed.pgn"))))
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
    let mut before = engine.evaluate(&pos, limits, POSITION_LIMIT)?;
    let mut annotated = game.clone();
    let mut found = 0;
    for (ply, m) in game.moves.iter().enumerate() {
        let mover = pos.turn();
        let start = pos.clone();
        pos.play_unchecked(m.mv);
        let after = engine.evaluate(&pos, limits, POSITION_LIMIT)?;
        let written = &mut annotated.moves[ply];
        if !pos.is_checkmate() {
            let eval = format!("[%eval {}]", after.score.pgn());
            written.comment = Some(match written.comment.take() {
                Some(c) => format!("{eval} {c}"),
                None => eval,
            });
        }
        if let Some(judgement) = judge(before.score, after.score, mover) {
            written.nags.retain(|n| !(1..=6).contains(n));
            written.nags.push(judgement.nag());
            found += 1;
            let line = talk.wording().say(verdict(&start, m.mv, &before, judgement, talk.wording()));
            talk.say(&[line]);
        }
        if (ply + 1) % 20 == 0 && ply + 1 < total {
            let args = [("done", (ply + 1).to_string()), ("total", total.to_string())];
            let line = talk.wording().line_of("engine.progress", &args);
            talk.say(&[line]);
        }
        before = after;
    }
    if found == 0 {
        let line = talk.wording().line("engine.no_errors", &[]);
        talk.say(&[line]);
    }
    std::fs::write(&out, annotated.write()).map_err(|e| AnalysisError::Unusable {
        path: out.display().to_string(),
        reason: crate::messages::io_reason(talk.wording().catalog(), &e),
    })?;
    let line = talk.wording().file_line("engine.saved", &out.display().to_string(), None);
    talk.say(&[line]);
    Ok(())
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
