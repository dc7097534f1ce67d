//! `annabella engine`: a position or a whole game analysed by a real chess engine, after the game
//! (Art. 11.3 forbids it during one). A position: its evaluation in words and the engine's best
//! line in the announcing pack's words. A game: progress as it goes, every mistake and blunder
//! with the better move, and the game written as PGN with `[%eval]` comments and `?`/`??` marks
//! that other chess programs read. Printed and spoken in the interface language.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use shakmaty::{Chess, Color, Position};

use crate::cli::EngineArgs;
use crate::config::Settings;
use crate::engine::EngineSettings;
use crate::engine::{find_engine, judge, Engine, EngineError, Evaluation, Judgement, Limits};
use crate::front::speaker_for;
use crate::messages::{Catalog, Lang};
use crate::notation::{san, spoken, LetterSet, PhrasePack, SpokenStyle};
use crate::speech::{Speaker, Utterance};
use crate::store::PgnGame;

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
    /// The configuration is refused.
    #[error(transparent)]
    Config(#[from] crate::config::ConfigError),
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
            AnalysisError::Engine(EngineError::Missing) => catalog.text("engine.missing", &[]),
            AnalysisError::Engine(EngineError::Start { path, source }) => catalog.text(
                "engine.cannot_start",
                &[("path", path), ("reason", &crate::messages::io_reason(catalog, source))],
            ),
            AnalysisError::Engine(EngineError::Silent(_)) => catalog.text("engine.silent", &[]),
            AnalysisError::NoSuchGame { path, number, count } => catalog.text(
                "engine.no_such_game",
                &[("path", path), ("number", &number.to_string()), ("count", &count.to_string())],
            ),
            AnalysisError::Unusable { path, reason } => {
                catalog.text("engine.unreadable", &[("path", path), ("reason", reason)])
            }
            AnalysisError::Fen(e) => catalog.text("error.bad_fen", &[("reason", &catalog.text(e.reason().key(), &[]))]),
            AnalysisError::Config(e) => e.worded(),
            AnalysisError::NoGame { number, count } => {
                catalog.text("review.no_game", &[("number", &number.to_string()), ("count", &count.to_string())])
            }
        }
    }
}

/// The longest a single position may take at any depth.
const POSITION_LIMIT: Duration = Duration::from_secs(120);

/// Prints and speaks one line; its spoken form may differ.
struct Voice {
    catalog: &'static Catalog,
    speaker: Box<dyn Speaker>,
    lang: Lang,
    /// The announcing pack of the configuration: lines are said in its words.
    pack: PhrasePack,
}

impl Voice {
    fn say(&mut self, printed: &str, said: &str) {
        println!("{printed}");
        self.speaker.speak(&Utterance::new(said, self.lang.code()));
    }

    fn text(&self, key: &str, args: &[(&str, String)]) -> String {
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        self.catalog.text(key, &args)
    }
}

/// Analyses the position or the game the arguments name; a missing engine or an unreadable game
/// is said and exits 2.
pub fn engine(args: &EngineArgs) -> ExitCode {
    let lang = args.lang.unwrap_or_else(Lang::from_environment);
    let catalog = Catalog::shipped(lang);
    let configured = configuration();
    let speech = Settings { speech: args.speech.unwrap_or_default(), ..Settings::default() };
    let pack = configured.as_ref().map_or_else(|_| default_pack(), pack_of);
    let mut voice = Voice { catalog, speaker: speaker_for(&speech), lang, pack };
    let code = match configured.and_then(|settings| run(args, &settings.engine, &mut voice)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            let text = error.worded(voice.catalog);
            voice.say(&text, &text);
            ExitCode::from(2)
        }
    };
    voice.speaker.finish(Duration::from_secs(30));
    code
}

fn run(args: &EngineArgs, configured: &EngineSettings, voice: &mut Voice) -> Result<(), AnalysisError> {
    let limits = Limits {
        depth: args.depth.unwrap_or(configured.depth),
        time: args.time.or(configured.time),
        threads: args.threads.unwrap_or(configured.threads),
        hash: args.hash.unwrap_or(configured.hash),
    };
    let named = args.engine.clone().or_else(|| Some(configured.path.clone()).filter(|p| !p.is_empty()));
    find_engine(named.as_deref())?;
    let game = match &args.game {
        Some(file) => Some(read_game(file, args.number, voice.catalog)?),
        None => None,
    };
    let mut engine = start_engine(named.as_deref(), limits)?;
    match game {
        Some((game, out)) => whole_game(&mut engine, &game, &limits, args.out.clone().unwrap_or(out), voice),
        None => position(&mut engine, args, &limits, voice),
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
fn position(engine: &mut Engine, args: &EngineArgs, limits: &Limits, voice: &mut Voice) -> Result<(), AnalysisError> {
    let pos = match &args.fen {
        Some(fen) => crate::rules::parse_fen(fen)?,
        None => Chess::default(),
    };
    for (printed, said) in evaluation_lines(engine, &pos, limits, &voice.pack, voice.catalog)? {
        voice.say(&printed, &said);
    }
    Ok(())
}

/// What the engine thinks of `pos`, as printed and spoken lines: the evaluation in words and the
/// best line (SAN printed, the words of `pack` spoken).
pub fn evaluation_lines(
    engine: &mut Engine,
    pos: &Chess,
    limits: &Limits,
    pack: &PhrasePack,
    catalog: &Catalog,
) -> Result<Vec<(String, String)>, AnalysisError> {
    let evaluation = engine.evaluate(pos, limits, POSITION_LIMIT)?;
    let (key, args) = evaluation.words();
    let args: Vec<(&str, String)> = args
        .into_iter()
        .map(|(k, v)| if k == "color" { (k, catalog.text(&format!("color.{v}"), &[])) } else { (k, v) })
        .collect();
    let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let words = catalog.text(key, &args);
    let mut lines = vec![(words.clone(), words)];
    if !evaluation.line.is_empty() {
        let (printed, said) = line_words(pos, &evaluation.line, pack);
        let best = |line: &str| catalog.text("engine.best_line", &[("line", line)]);
        lines.push((best(&printed), best(&said)));
    }
    Ok(lines)
}

/// The settings of the configuration (the user's file over the defaults).
pub fn configuration() -> Result<Settings, AnalysisError> {
    Ok(crate::config::resolve(&crate::config::Flags::default(), crate::places::user_config().as_deref())?)
}

/// The announcing pack of `settings`, else the Appendix E words.
pub fn pack_of(settings: &Settings) -> PhrasePack {
    PhrasePack::named(&settings.pack).unwrap_or_else(default_pack)
}

fn default_pack() -> PhrasePack {
    PhrasePack::builtin().remove(0)
}

/// Starts the engine named (or Stockfish) with `limits`.
pub fn start_engine(named: Option<&str>, limits: Limits) -> Result<Engine, AnalysisError> {
    let path = find_engine(named)?;
    Ok(Engine::start(&path, limits)?)
}

/// The line in SAN, and in the words of `pack`.
fn line_words(pos: &Chess, line: &[shakmaty::Move], pack: &PhrasePack) -> (String, String) {
    let mut pos = pos.clone();
    let (mut printed, mut said) = (Vec::new(), Vec::new());
    for &mv in line.iter().take(6) {
        printed.push(san(&pos, mv, LetterSet::English));
        said.push(spoken(&pos, mv, pack, SpokenStyle::default()));
        pos.play_unchecked(mv);
    }
    (printed.join(" "), said.join(", "))
}

/// A whole game: every position evaluated, the mistakes and blunders said, the annotated game
/// written to `out`.
fn whole_game(
    engine: &mut Engine,
    game: &PgnGame,
    limits: &Limits,
    out: PathBuf,
    voice: &mut Voice,
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
            let (printed, said) = verdict(&start, m.mv, &before, judgement, voice);
            voice.say(&printed, &said);
        }
        if (ply + 1) % 20 == 0 && ply + 1 < total {
            let text = voice.text("engine.progress", &[("done", (ply + 1).to_string()), ("total", total.to_string())]);
            voice.say(&text, &text);
        }
        before = after;
    }
    if found == 0 {
        let text = voice.text("engine.no_errors", &[]);
        voice.say(&text, &text);
    }
    std::fs::write(&out, annotated.write()).map_err(|e| AnalysisError::Unusable {
        path: out.display().to_string(),
        reason: crate::messages::io_reason(voice.catalog, &e),
    })?;
    let name = out.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned());
    voice.say(
        &voice.text("engine.saved", &[("path", out.display().to_string())]),
        &voice.text("engine.saved", &[("path", name)]),
    );
    Ok(())
}

/// "White's move 3, Springer Felix sechs, was a blunder; better was …"
fn verdict(
    pos: &Chess,
    mv: shakmaty::Move,
    best: &Evaluation,
    judgement: Judgement,
    voice: &Voice,
) -> (String, String) {
    let number = pos.fullmoves().to_string();
    let (label_key, dots) = match pos.turn() {
        Color::White => ("ply.white", "."),
        Color::Black => ("ply.black", "..."),
    };
    let label = voice.text(label_key, &[("number", number.clone())]);
    let key = match judgement {
        Judgement::Mistake => "engine.mistake",
        Judgement::Blunder => "engine.blunder",
    };
    let (played, played_said) = line_words(pos, &[mv], &voice.pack);
    let (better, better_said) = line_words(pos, &best.line[..best.line.len().min(1)], &voice.pack);
    let printed = voice.text(key, &[("number", format!("{number}{dots}")), ("move", played), ("better", better)]);
    let said = voice.text(key, &[("number", label), ("move", played_said), ("better", better_said)]);
    (printed, said)
}
