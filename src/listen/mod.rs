//! Hearing moves said aloud, offline (Appendix E.2.1: the players announce their moves): the
//! grammar of each position in the words of a phrase pack, and the recogniser that hears nothing
//! but a legal move of it.

mod grammar;
#[cfg(feature = "listen")]
mod recognizer;

pub use grammar::{MoveGrammar, SPOKEN_COMMANDS};
#[cfg(feature = "listen")]
pub use recognizer::{to_rate, ListenError, Recognizer, Understood, MODEL, RATE};
