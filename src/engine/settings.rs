//! Which engine analyses a game afterwards, how deep and for how long; and who plays the side not
//! at the tactile board at home: a person, or the engine at a strength.

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

/// Who plays the side not at the tactile board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, strum::EnumIter, strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "lowercase")]
pub enum OpponentKind {
    /// A person at the table (or online).
    #[default]
    Person,
    /// The engine: a practice game at home.
    Engine,
}
crate::choice::choice!(OpponentKind, "opponent");

/// The opponent of a game at home.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OpponentSettings {
    /// A person, or the engine.
    pub kind: OpponentKind,
    /// How strongly the engine plays.
    pub strength: super::Strength,
    /// The engine: a path or a program on the PATH; empty: Stockfish.
    pub path: String,
    /// Every search of this many positions, the same every time (for tests); none: by the level.
    pub nodes: Option<u64>,
}

impl OpponentSettings {
    /// Whether the game is a practice game against the engine.
    pub fn is_engine(&self) -> bool {
        self.kind == OpponentKind::Engine
    }
}
