//! The session's clock and what goes with it: the chess clock, the watch over its marks,
//! warnings and flags, the clock as it stood after each move (for a slip of the tongue, E.2.6),
//! and the time the program was away after a crash, not yet counted.

use std::time::Duration;

use shakmaty::Color;

use super::Timestamp;
use crate::clock::{Clock, TimeControl, Watch, WatchSettings};

/// The clock part of a session.
#[derive(Debug, Clone)]
pub struct Timing {
    /// The chess clock.
    pub clock: Clock,
    /// What the clock has said and will say.
    pub watch: Watch,
    /// The clock just after each move was announced.
    pub after_moves: Vec<Clock>,
    /// The time the program was away, which the arbiter may count.
    pub downtime: Option<Duration>,
}

impl Timing {
    /// A clock set to `control`, stopped, with `watch` over it from `now`.
    pub fn new(control: TimeControl, watch: WatchSettings, now: Timestamp) -> Timing {
        let clock = Clock::new(control);
        let watch = Watch::new(watch, &clock, now);
        Timing { clock, watch, after_moves: Vec::new(), downtime: None }
    }

    /// A fresh clock set to `control` at `now`, running for `to_move` when the game goes on.
    pub fn started(control: TimeControl, watch: WatchSettings, to_move: Option<Color>, now: Timestamp) -> Timing {
        let mut clock = Clock::new(control);
        if let Some(color) = to_move {
            clock.start(color, now);
        }
        let watch = Watch::new(watch, &clock, now);
        Timing { clock, watch, after_moves: Vec::new(), downtime: None }
    }

    /// Takes the clocks kept per move back to the first `ply` half-moves.
    pub fn retract_to(&mut self, ply: usize) {
        self.after_moves.truncate(ply);
    }
}
