//! A real chess engine, for analysis after the game, never during one (Art. 11.3): the UCI
//! conversation with the engine's process (Debian's Stockfish, or any UCI engine named in the
//! configuration), and what its numbers mean in words — the evaluation, mistakes and blunders.

mod evaluation;
mod settings;
mod uci;

pub use evaluation::{judge, Evaluation, Judgement, Score};
pub use settings::EngineSettings;
pub use uci::{find_engine, Engine, EngineError, Limits, DEBIAN_STOCKFISH};
