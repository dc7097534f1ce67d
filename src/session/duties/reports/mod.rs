//! What the devices beside the keyboard report: moves and commands said aloud (`heard`), the
//! electronic board (`eboard`), and an online game's server (`online`). Each answers what its
//! line reported and uses only the duties of the table (the clock, moves, relays, repairs and
//! announcements).

pub(in crate::session) mod eboard;
pub(in crate::session) mod heard;
pub(in crate::session) mod online;
