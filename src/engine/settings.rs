//! Which engine analyses a game afterwards, how deep and for how long.

/// The chess engine used after the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSettings {
    /// The engine: a path or a program on the PATH; empty: Stockfish.
    pub path: String,
    /// The depth of each search, in half-moves.
    pub depth: u8,
    /// The longest search of one position; none: by depth alone.
    pub time: Option<std::time::Duration>,
    /// The engine's threads.
    pub threads: u16,
    /// The engine's hash table, in MB.
    pub hash: u32,
}

impl Default for EngineSettings {
    fn default() -> EngineSettings {
        EngineSettings { path: String::new(), depth: 14, time: None, threads: 1, hash: 64 }
    }
}
