//! What is kept on disk: the crash-safe journal of a game, adjournment envelopes, and PGN.

mod crc;
mod envelope;
mod journal;
mod ordinary;
mod pgn;
mod pgn_games;
mod pgn_text;
mod refuge;

pub use envelope::{Envelope, EnvelopeError};
pub use journal::{in_use, load, load_bytes, Damage, Journal, JournalError, Kept, Loaded, Record, MAGIC, VERSION};
pub use ordinary::{read_ordinary, LARGEST_READ};
pub use pgn::{start_fen, PgnError, PgnGame, PgnMove, BLIND_TAG, MAX_PGN};
pub use pgn_games::{games, Listed};
pub use pgn_text::PgnText;
