//! How strongly the engine plays a practice game: the eight levels as lichess names them, from a
//! beginner who blunders to full strength, each made with the engine's `Skill Level`, a depth and
//! a time to think; or a rating, through `UCI_LimitStrength` and `UCI_Elo` where the engine offers
//! them. With a clock the engine thinks within its own time; a count of positions makes every
//! search the same (for tests).

use std::ops::RangeInclusive;
use std::time::Duration;

use super::uci::{Go, GoClock};

/// The levels a practice game is played at.
pub const LEVELS: RangeInclusive<u8> = 1..=8;

/// The ratings a practice game may be asked for; the engine plays within its own range of them.
pub const RATINGS: RangeInclusive<u16> = 500..=3500;

/// How strongly the engine plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strength {
    /// One of the eight levels (1: a beginner who blunders; 8: full strength).
    Level(u8),
    /// A rating, as the engine reckons it.
    Elo(u16),
}

impl Default for Strength {
    fn default() -> Strength {
        Strength::Level(Strength::default_level())
    }
}

/// What a level is made of: the engine's skill (0 to 20), how deep it searches and how long it
/// thinks without a clock. Level 8 is the engine at full strength.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelSearch {
    /// `Skill Level`, 0 to 20.
    pub skill: u8,
    /// The deepest search, in half-moves.
    pub depth: u8,
    /// How long a move is thought about without a clock.
    pub movetime: Duration,
}

/// The search of `level` (1 to 8; outside, the nearest).
pub fn level_search(level: u8) -> LevelSearch {
    const TABLE: [(u8, u8, u64); 8] =
        [(0, 1, 50), (4, 3, 100), (7, 4, 150), (10, 5, 200), (12, 7, 300), (15, 9, 400), (18, 13, 500), (20, 22, 1000)];
    let (skill, depth, ms) = TABLE[usize::from(level.clamp(1, 8) - 1)];
    LevelSearch { skill, depth, movetime: Duration::from_millis(ms) }
}

impl Strength {
    /// The level a practice game is played at unless another is asked for.
    pub const fn default_level() -> u8 {
        3
    }

    /// The engine's options that make this strength: its skill, or its rating limited to
    /// `range` (the engine's own least and greatest `UCI_Elo`) when it offers one.
    pub fn options(self, range: Option<(i64, i64)>) -> Vec<(&'static str, String)> {
        match self {
            Strength::Level(level) => {
                vec![("UCI_LimitStrength", "false".into()), ("Skill Level", level_search(level).skill.to_string())]
            }
            Strength::Elo(elo) => {
                let elo = match range {
                    Some((low, high)) => i64::from(elo).clamp(low, high),
                    None => i64::from(elo),
                };
                vec![("Skill Level", "20".into()), ("UCI_LimitStrength", "true".into()), ("UCI_Elo", elo.to_string())]
            }
        }
    }

    /// How a move is searched for: a count of positions where one is given (the same search every
    /// time); else within the clock where there is one, no deeper than the level; else for the
    /// level's time.
    pub fn go(self, clock: Option<GoClock>, nodes: Option<u64>) -> Go {
        let (depth, movetime) = match self {
            Strength::Level(level) => {
                let search = level_search(level);
                (Some(search.depth), search.movetime)
            }
            Strength::Elo(_) => (None, Duration::from_millis(500)),
        };
        match (nodes, clock) {
            (Some(nodes), _) => Go { depth, nodes: Some(nodes), movetime: None, clock: None },
            (None, Some(clock)) => Go { depth, nodes: None, movetime: None, clock: Some(clock) },
            (None, None) => Go { depth, nodes: None, movetime: Some(movetime), clock: None },
        }
    }

    /// The strength as a configuration or a journal writes it: `3`, or `elo 1500`.
    pub fn written(self) -> String {
        match self {
            Strength::Level(level) => level.to_string(),
            Strength::Elo(elo) => format!("elo {elo}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_in_skill_depth_and_time_and_eight_is_full_strength() {
        let searches: Vec<LevelSearch> = LEVELS.map(level_search).collect();
        for pair in searches.windows(2) {
            assert!(pair[0].skill < pair[1].skill && pair[0].depth < pair[1].depth, "{pair:?}");
            assert!(pair[0].movetime < pair[1].movetime);
        }
        assert_eq!(level_search(8).skill, 20);
        assert_eq!(level_search(0), level_search(1));
    }

    #[test]
    fn a_rating_is_kept_within_the_engines_own_range_and_a_count_of_positions_wins() {
        let options = Strength::Elo(900).options(Some((1350, 2850)));
        assert!(options.contains(&("UCI_Elo", "1350".to_string())), "{options:?}");
        assert!(Strength::Level(2).options(None).contains(&("Skill Level", "4".to_string())));
        let clock = GoClock {
            white: Duration::from_secs(60),
            black: Duration::from_secs(60),
            white_increment: Duration::ZERO,
            black_increment: Duration::ZERO,
        };
        let go = Strength::Level(5).go(Some(clock), None);
        assert_eq!((go.depth, go.clock, go.movetime), (Some(7), Some(clock), None));
        let go = Strength::Level(5).go(Some(clock), Some(5000));
        assert_eq!((go.nodes, go.clock, go.movetime), (Some(5000), None, None));
        assert_eq!(Strength::Level(1).go(None, None).movetime, Some(Duration::from_millis(50)));
    }
}
