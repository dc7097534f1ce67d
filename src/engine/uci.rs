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

/// The engine named (a path, or a program on the PATH), else Stockfish on the PATH, else
/// Debian's.
pub fn find_engine(named: Option<&str>) -> Result<PathBuf, EngineError> {
    let on_path = |program: &str| {
        std::env::var_os("PATH")
            .and_then(|paths| std::env::split_paths(&paths).map(|d| d.join(program)).find(|p| p.is_file()))
    };
    let found = match named.filter(|n| !n.trim().is_empty()) {
        Some(name) if name.contains('/') => Some(PathBuf::from(name)).filter(|p| p.is_file()),
        Some(name) => on_path(name),
        None => on_path("stockfish").or_else(|| Some(PathBuf::from(DEBIAN_STOCKFISH)).filter(|p| p.is_file())),
    };
    found.ok_or(EngineError::Missing)
}

/// A running engine.
pub struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
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
        let mut engine = Engine { child, input, lines };
        engine.send(&UciMessage::Uci)?;
        engine.wait_for(HANDSHAKE, |m| matches!(m, UciMessage::UciOk))?;
        for (name, value) in [("Threads", limits.threads.to_string()), ("Hash", limits.hash.to_string())] {
            engine.send(&UciMessage::SetOption { name: name.into(), value: Some(value) })?;
        }
        engine.ready()?;
        Ok(engine)
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
        Ok(Evaluation { score: score.for_white(pos.turn()), line, depth: reached })
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
