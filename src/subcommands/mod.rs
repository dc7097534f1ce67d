//! The subcommands, each answering through the same outputs as a game (printed, spoken,
//! `--transcript`): `play` and `resume` (a game at the table, or against the engine), `review` (a
//! game replayed by ear, on the same loop), `puzzle` and `drill` (the coach, on the same loop),
//! `engine` (a position or a game analysed by a chess engine), `games` (the games kept), `analyse`
//! (can each side still mate?), `export` (a scoresheet as a file), `online` (a game on lichess
//! from the tactile board), `pairings` (a round-robin table), `listen` (a check of the microphone
//! and recogniser), `say` and `clips` (the speech checks, in `voice`) and `manual` (the manual
//! pages and completions). `talk`: how a subcommand that answers once speaks.

mod analyse;
mod coach;
mod engine;
mod enrol;
mod export;
mod games;
mod listen;
mod manual;
mod online;
mod pairings;
mod play;
mod review;
mod talk;
mod voice;

pub use analyse::{analyse, OutputError};
pub use coach::{drill, puzzle, MINING_DEPTH};
pub use engine::{engine, AnalysisError};
pub use enrol::enrol;
pub use export::export;
pub use games::{archive, games, ArchivedGame};
pub use listen::{listen, HearError};
pub use manual::{manual, write_manual, ManualError};
pub use online::online;
pub use pairings::{pairings, schedule};
pub use play::{play, resume_envelope};
pub use review::review;
pub use talk::Talk;
pub use voice::{clips, say};
