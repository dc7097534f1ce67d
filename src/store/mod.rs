//! What is kept on disk: the crash-safe journal of a game, and adjournment envelopes.

mod crc;
mod envelope;
mod journal;

pub use envelope::Envelope;
pub use journal::{load, Event, Journal, JournalError, Loaded, Record, MAGIC, VERSION};
