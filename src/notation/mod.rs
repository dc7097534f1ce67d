//! Notations: reading a move typed or spoken in any notation people use (SAN in English,
//! Estonian or German letters, full notation, UCI, the words of the phrase packs), and writing a
//! move in each of them, including the Appendix E announcement.

mod braille;
mod diagnose;
mod letters;
mod louis;
mod movetext;
mod pack;
mod pattern;
mod read;
mod sealed;
mod tokens;
mod vocabulary;
mod write;

pub use braille::{braille_ascii, braille_move, braille_number, braille_ranks, braille_text};
pub use diagnose::Diagnosis;
pub use letters::LetterSet;
pub use louis::{braille_words, louis_table};
pub use movetext::{standard_movetext, MovetextError, Place};
pub use pack::PhrasePack;
pub use pattern::{MovePattern, Target};
pub use read::{resolve, MoveError, MoveReader, NotAMove, ReadError, TypedMove};
pub use sealed::{read_sealed, SealedReading};
pub use tokens::castling;
pub use vocabulary::{fold, Clash};
pub use write::{full, san, spoken, uci, SpokenStyle};
