//! The clock: time controls, the running clock under Art. 6, and what a blind player hears of it
//! (five- and fifteen-minute cues, low-time warnings, the flag). Time always comes in as a value.

mod chess_clock;
mod control;
mod settings;
mod wall;
mod watch;
mod words;

pub use chess_clock::{Clock, ControlReached, Press};
pub use control::{ControlError, ControlFault, Period, TimeControl, PRESETS};
pub use settings::{ClockMode, FlagMode, Listeners, TIME_EVERY_MOST};
pub use wall::{pgn_date, wall_ms};
pub use watch::{ClockEvent, Watch, WatchSettings};
pub use words::{parse_duration, DurationError};

/// Milliseconds on the session's clock (wall clock or simulated), handed in by the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Timestamp(pub u64);
