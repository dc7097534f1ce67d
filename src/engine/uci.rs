//! The engine's process and the UCI conversation with it (messages written and parsed by
//! shakmaty-uci): the handshake, the options (threads, hash), a position searched to a depth or
//! for a time, the last evaluation and best line it reported. Every wait has a limit: an engine
//! that stops answering is an error, never a hang.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};
use shakmaty_uci::{UciInfoScore, UciMessage, UciSearchControl, UciTimeControl};

use super::evaluation::{Evaluation, Score};

/// Where Debian puts Stockfish (in the games directory, off root's PATH).
pub const DEBIAN_STOCKFISH: &str = "/usr/games/stockfish";

/// Why the engine cannot analyse.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// No engine is installed where it was looked for.
    #[error("there is no chess engine (the Debian package stockfish installs one)")]
    Missing,
    /// The engine named is not there: no file by that path, or no program by that name.
    #[error("there is no chess engine {0}")]
    NotThere(String),
    /// The engine named is a folder, not a program.
    #[error("the chess engine {0} is a folder")]
    Folder(String),
    /// The engine's program could not be started.
    #[error("the engine {path} cannot be started: {source}")]
    Start {
        /// The program.
        path: String,
        /// Why not.
        source: std::io::Error,
    },
    /// The engine stopped answering, or answered what UCI does not allow.
    #[error("the engine stopped answering ({0})")]
    Silent(&'static str),
    /// The engine answered what the position does not allow (an illegal move, a mate where there
    /// is none, a score beyond any position): its answers are not used.
    #[error("the engine answered what the position does not allow ({0})")]
    Nonsense(&'static str),
}

/// How far the engine searches each position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The depth in half-moves.
    pub depth: u8,
    /// The longest search of one position, if limited by time as well.
    pub time: Option<Duration>,
    /// The engine's threads.
    pub threads: u16,
    /// The engine's hash table in MB.
    pub hash: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { depth: 14, time: None, threads: 1, hash: 64 }
    }
}

/// How long past its time an engine may take to answer before it counts as silent.
const GRACE: Duration = Duration::from_secs(10);

/// How long a search limited by depth alone may take (a deep search on a slow machine).
const DEPTH_DEADLINE: Duration = Duration::from_secs(120);

impl Limits {
    /// How long the engine may take to answer one position: its time and a grace of ten seconds
    /// when the time is limited, else two minutes.
    pub fn deadline(&self) -> Duration {
        self.time.map_or(DEPTH_DEADLINE, |time| time + GRACE)
    }
}

/// The engine named (a path, or a program on the PATH), else Stockfish on the PATH, else
/// Debian's.
pub fn find_engine(named: Option<&str>) -> Result<PathBuf, EngineError> {
    let on_path = |program: &str| {
        std::env::var_os("PATH")
            .and_then(|paths| std::env::split_paths(&paths).map(|d| d.join(program)).find(|p| p.is_file()))
    };
    match named.filter(|n| !n.trim().is_empty()) {
        Some(name) if name.contains('/') || name.contains(std::path::MAIN_SEPARATOR) => {
            let path = PathBuf::from(name);
            match () {
                _ if path.is_dir() => Err(EngineError::Folder(name.to_string())),
                _ if path.is_file() => Ok(path),
                _ => Err(EngineError::NotThere(name.to_string())),
            }
        }
        Some(name) => on_path(name).ok_or_else(|| EngineError::NotThere(name.to_string())),
        None => on_path("stockfish")
            .or_else(|| Some(PathBuf::from(DEBIAN_STOCKFISH)).filter(|p| p.is_file()))
            .ok_or(EngineError::Missing),
    }
}

/// A running engine.
pub struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    /// What the engine calls itself (`id name`).
    name: String,
    /// The options it offers, by name, with their least and greatest values where it says.
    options: Vec<(String, Option<(i64, i64)>)>,
}

/// How a move is searched for in a game: as far as a level allows, within the game's clock.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Go {
    /// Search at most this deep (half-moves).
    pub depth: Option<u8>,
    /// Search at most this many positions (a search the same every time: for tests).
    pub nodes: Option<u64>,
    /// Think this long (without a clock).
    pub movetime: Option<Duration>,
    /// The clocks: White's and Black's time left and increments; the engine keeps within them.
    pub clock: Option<GoClock>,
}

/// The clocks as the engine is told them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GoClock {
    /// White's time left.
    pub white: Duration,
    /// Black's time left.
    pub black: Duration,
    /// White's increment.
    pub white_increment: Duration,
    /// Black's increment.
    pub black_increment: Duration,
}

/// The move the engine chose and what it thought of the position (for the side to move).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chosen {
    /// The move, as UCI writes it.
    pub best: UciMove,
    /// The last score it reported, for the side to move (none when it reported none).
    pub score: Option<Score>,
}

/// The longest wait for the handshake.
const HANDSHAKE: Duration = Duration::from_secs(10);

impl Engine {
    /// Starts the engine at `path` and sets it up with `limits`.
    pub fn start(path: &Path, limits: Limits) -> Result<Engine, EngineError> {
        let start = |source| EngineError::Start { path: path.display().to_string(), source };
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(start)?;
        let (input, output) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => return Err(EngineError::Silent("no pipes")),
        };
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine { child, input, lines, name: String::new(), options: Vec::new() };
        engine.send(&UciMessage::Uci)?;
        let said = engine.wait_for(HANDSHAKE, |m| matches!(m, UciMessage::UciOk))?;
        for message in said {
            match message {
                UciMessage::Id { name: Some(name), .. } => engine.name = name,
                UciMessage::Option(option) => engine.options.push(offered(&option)),
                _ => {}
            }
        }
        for (name, value) in [("Threads", limits.threads.to_string()), ("Hash", limits.hash.to_string())] {
            engine.send(&UciMessage::SetOption { name: name.into(), value: Some(value) })?;
        }
        engine.ready()?;
        Ok(engine)
    }

    /// What the engine calls itself.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The least and greatest value of the option `name`, when the engine offers it (`Some(None)`
    /// for an option without a range).
    pub fn offers(&self, name: &str) -> Option<Option<(i64, i64)>> {
        self.options.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, range)| *range)
    }

    /// Sets the option `name` to `value`; the engine is ready again after it.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        self.send(&UciMessage::SetOption { name: name.into(), value: Some(value.into()) })?;
        self.ready()
    }

    /// The move the engine chooses after `moves` from `start` (the game's moves, so that it sees
    /// repetitions), searched as `go` says; the engine that has not answered within `limit` has
    /// failed.
    pub fn choose(
        &mut self,
        start: &Chess,
        moves: &[UciMove],
        go: &Go,
        limit: Duration,
    ) -> Result<Chosen, EngineError> {
        let fen = shakmaty::fen::Fen::from_position(start, shakmaty::EnPassantMode::Legal);
        self.send(&UciMessage::Position { startpos: false, fen: Some(fen), moves: moves.to_vec() })?;
        let time_control = match (go.clock, go.movetime) {
            (Some(c), _) => Some(UciTimeControl::TimeLeft {
                white_time: Some(c.white),
                black_time: Some(c.black),
                white_increment: Some(c.white_increment),
                black_increment: Some(c.black_increment),
                moves_to_go: None,
            }),
            (None, Some(time)) => Some(UciTimeControl::MoveTime(time)),
            (None, None) => None,
        };
        let search_control =
            UciSearchControl { search_moves: Vec::new(), mate: None, depth: go.depth, nodes: go.nodes };
        self.send(&UciMessage::Go { time_control, search_control: Some(search_control) })?;
        let messages = self.wait_for(limit, |m| matches!(m, UciMessage::BestMove { .. }))?;
        let mut score = None;
        let mut best = None;
        for message in messages {
            match message {
                UciMessage::Info(info) if info.multi_pv.is_none_or(|n| n == 1) => {
                    score = info.score.as_ref().map(convert).or(score);
                }
                UciMessage::BestMove { best_move, .. } => best = Some(best_move),
                _ => {}
            }
        }
        let best = best.ok_or(EngineError::Silent("no move"))?;
        Ok(Chosen { best, score })
    }

    fn send(&mut self, message: &UciMessage) -> Result<(), EngineError> {
        writeln!(self.input, "{message}").and_then(|()| self.input.flush()).map_err(|_| EngineError::Silent("closed"))
    }

    fn ready(&mut self) -> Result<(), EngineError> {
        self.send(&UciMessage::IsReady)?;
        self.wait_for(HANDSHAKE, |m| matches!(m, UciMessage::ReadyOk)).map(|_| ())
    }

    /// The engine's messages until one `done` accepts, at most `limit` from now.
    fn wait_for(
        &mut self,
        limit: Duration,
        done: impl Fn(&UciMessage) -> bool,
    ) -> Result<Vec<UciMessage>, EngineError> {
        let deadline = Instant::now() + limit;
        let mut seen = Vec::new();
        loop {
            let left = deadline.checked_duration_since(Instant::now()).ok_or(EngineError::Silent("time-out"))?;
            let line = self.lines.recv_timeout(left).map_err(|_| EngineError::Silent("time-out"))?;
            // `bestmove (none)` (or any best move that is none): the engine has no move to give.
            if line.split_whitespace().next() == Some("bestmove") && line.parse::<UciMessage>().is_err() {
                return Err(EngineError::Silent("no move"));
            }
            let Ok(message) = line.parse::<UciMessage>() else { continue };
            let finished = done(&message);
            seen.push(message);
            if finished {
                return Ok(seen);
            }
        }
    }

    /// The evaluation of `pos` searched as far as `limits` say, and the best line from it; the
    /// engine that has not answered within `limit` has failed.
    pub fn evaluate(&mut self, pos: &Chess, limits: &Limits, limit: Duration) -> Result<Evaluation, EngineError> {
        if pos.is_game_over() {
            return Ok(Evaluation::of_finished(pos));
        }
        let fen = shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal);
        self.send(&UciMessage::Position { startpos: false, fen: Some(fen), moves: Vec::new() })?;
        let time_control = limits.time.map(UciTimeControl::MoveTime);
        self.send(&UciMessage::Go { time_control, search_control: Some(UciSearchControl::depth(limits.depth)) })?;
        let messages = self.wait_for(limit, |m| matches!(m, UciMessage::BestMove { .. }))?;
        let mut score = None;
        let mut pv: Vec<UciMove> = Vec::new();
        let mut reached = 0;
        for message in &messages {
            if let UciMessage::Info(info) = message {
                if let (Some(s), false) = (info.score.as_ref(), info.pv.is_empty()) {
                    if info.multi_pv.is_none_or(|n| n == 1) {
                        score = Some(convert(s));
                        pv = info.pv.clone();
                        reached = info.depth.unwrap_or(reached);
                    }
                }
            }
        }
        let score = score.ok_or(EngineError::Silent("no evaluation"))?;
        let line = legal_line(pos, &pv);
        believable(pos, &messages, score, line.len() < pv.len().min(1))?;
        Ok(Evaluation { score: score.for_white(pos.turn()), line, depth: reached })
    }
}

/// The greatest score in centipawns any engine gives short of a mate (Stockfish: about 32,000).
const LARGEST_SCORE: i32 = 100_000;

/// Refuses an engine's answer about `pos` that no position allows: an illegal best move, a line
/// whose first move is illegal (`bad_line`), a mate in nought where the game goes on, a score
/// beyond any position's.
fn believable(pos: &Chess, messages: &[UciMessage], score: Score, bad_line: bool) -> Result<(), EngineError> {
    let best = messages.iter().find_map(|m| match m {
        UciMessage::BestMove { best_move, .. } => Some(best_move),
        _ => None,
    });
    match score {
        _ if best.is_some_and(|b| b.to_move(pos).is_err()) => Err(EngineError::Nonsense("an illegal best move")),
        _ if bad_line => Err(EngineError::Nonsense("an illegal line")),
        Score::Mate(0) => Err(EngineError::Nonsense("mate where the game goes on")),
        Score::Centipawns(cp) if cp.unsigned_abs() > LARGEST_SCORE as u32 => {
            Err(EngineError::Nonsense("a score beyond any position"))
        }
        _ => Ok(()),
    }
}

/// An option the engine offers: its name, and its range where it has one.
fn offered(option: &shakmaty_uci::UciOptionConfig) -> (String, Option<(i64, i64)>) {
    match option {
        shakmaty_uci::UciOptionConfig::Spin { name, min, max, .. } => (name.clone(), min.zip(*max)),
        other => (other.get_name().to_string(), None),
    }
}

/// The score as the side to move has it.
fn convert(score: &UciInfoScore) -> Score {
    match (score.mate, score.cp) {
        (Some(m), _) => Score::Mate(i32::from(m)),
        (None, Some(cp)) => Score::Centipawns(cp),
        (None, None) => Score::Centipawns(0),
    }
}

/// The engine's line as legal moves, as far as they are legal.
fn legal_line(pos: &Chess, pv: &[UciMove]) -> Vec<shakmaty::Move> {
    let mut pos = pos.clone();
    let mut line = Vec::new();
    for uci in pv {
        let Ok(mv) = uci.to_move(&pos) else { break };
        line.push(mv);
        pos.play_unchecked(mv);
    }
    line
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send(&UciMessage::Quit);
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
