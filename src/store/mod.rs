//! What is kept on disk: the crash-safe journal of a game.

mod crc;
mod journal;

pub use journal::{load, Event, Journal, JournalError, Loaded, Record, MAGIC, VERSION};
