//! The arguments of the coach's subcommands: `puzzle` (one by id, by theme or rating, exercises
//! from the player's games, the report) and `drill` (its kind, how many questions, its seed).

use clap::Args;

#[derive(Args, Default)]
/// The arguments of `puzzle`.
pub struct PuzzleArgs {
    /// One puzzle, by its lichess id (such as 000rZ).
    #[arg(long, value_name = "PUZZLE")]
    pub id: Option<String>,
    /// Only puzzles of this theme, by lichess's name (fork, pin, mateIn2 …).
    #[arg(long, value_name = "THEME")]
    pub theme: Option<String>,
    /// Only puzzles of this rating (1400: within 100 of it) or range (1200-1500).
    #[arg(long, value_name = "RATING")]
    pub rating: Option<String>,
    /// Exercises from your own kept games: where the engine finds a mistake of yours, find a
    /// better move (games not yet analysed are analysed first).
    #[arg(long)]
    pub mine: bool,
    /// Say your puzzle rating and progress, and exit.
    #[arg(long)]
    pub report: bool,
    /// The number that draws the puzzles: the same number, the same puzzles.
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,
}

#[derive(Args)]
/// The arguments of `drill`.
pub struct DrillArgs {
    /// The drill: colour, knight, reach or recall.
    pub kind: crate::coach::drills::DrillKind,
    /// How many questions a round has (10).
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub count: u32,
    /// The number that draws the questions: the same number, the same drill.
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,
}
