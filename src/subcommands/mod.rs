//! The subcommands, each in its own file, each answering through the same outputs as a game
//! (printed, spoken, `--transcript`): `play` and `resume` (a game at the table), `review` (a game
//! replayed by ear, on the same loop), `engine` (a position or a game analysed by a chess engine),
//! `games` (the games kept), `analyse` (can each side still mate?), `export` (a scoresheet as a
//! file), `online` (a game on lichess from the tactile board), `pairings` (a round-robin table), `listen` (a check of the microphone and recogniser),
//! `say` (a check of the speech setup), `clips` (the voice clips each pack needs) and `manual`
//! (the manual pages and completions). `talk`: how a subcommand that answers once speaks.

mod analyse;
mod clips;
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
mod say;
mod talk;

pub use analyse::{analyse, OutputError};
pub use clips::clips;
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
pub use say::say;
pub use talk::Talk;
