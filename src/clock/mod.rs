//! The clock: time controls, the running clock under Art. 6, and what a blind player hears of it
//! (five- and fifteen-minute cues, low-time warnings, the flag). Time always comes in as a value.

mod chess_clock;
mod control;
mod duration;
mod settings;
mod wall;
mod watch;

pub use chess_clock::{Clock, ControlReached, Press};
pub use control::{ControlError, ControlFault, Period, TimeControl, PRESETS};
pub use duration::{parse_duration, DurationError};
pub use settings::{ClockMode, FlagMode, Listeners, TIME_EVERY_MOST};
pub use wall::{pgn_date, wall_ms};
pub use watch::{ClockEvent, Watch, WatchSettings};

/// Milliseconds on the session's clock (wall clock or simulated), handed in by the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Timestamp(pub u64);
