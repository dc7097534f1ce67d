//! A real chess engine: for analysis after the game, never during one at the table or online
//! (Art. 11.3), and as the opponent of a practice game at home. The UCI conversation with the
//! engine's process (Debian's Stockfish, or any UCI engine named in the configuration), the
//! strength it plays at (eight levels, or a rating), the engine as a player on a thread of its
//! own, and what its numbers mean in words — the evaluation, mistakes and blunders.

mod evaluation;
mod settings;
mod strength;
mod thinker;
mod uci;

pub use evaluation::{judge, Evaluation, Judgement, Score};
pub use settings::{EngineSettings, OpponentKind, OpponentSettings};
pub use strength::{level_search, LevelSearch, Strength, LEVELS, RATINGS};
pub use thinker::{Answer, Report, Request, Thinker};
pub use uci::{find_engine, Chosen, Engine, EngineError, Go, GoClock, Limits, DEBIAN_STOCKFISH};
