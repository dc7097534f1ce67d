//! The front ends' edge: the loop, the terminal and files (the devices run threads of their own,
//! each in its module: the ears, the board's line, the online link, the speech engine):
//!
//! - `run`: the loop every front end runs over a [`Desk`] (the session of a game, a review): it
//!   reads each typed line once, makes it durable in the journal, and sends each response to its
//!   [`Outputs`] (stdout, speaker, cues, transcript), with what the devices report in between;
//! - `desk`: what the loop needs of a front end; `line_source`, `readline`: plain lines and the
//!   terminal's line editor; `devices`: the ears and the electronic board; `engine_view`: the
//!   chess engine asked after the game;
//! - `speakers`, `greeting`: the speaker and cue player the settings ask for, started early;
//! - `documents`: the files a session hands out, written; `open`: where a game is opened from
//!   (new, its journal, an envelope, a PGN).

mod desk;
mod devices;
mod documents;
mod engine_view;
mod greeting;
mod line_source;
mod mend;
mod open;
mod open_error;
mod outputs;
mod readline;
mod run;
mod sounding;
mod speakers;

pub use desk::Desk;
pub use devices::{
    board_for, ears_for, lichess_for, online_for, opponent_for, token_words, BoardLine, Devices, Ears, Listen,
    OnlineLine, OpponentLine,
};
pub use documents::{sheet_bytes, write as write_document, write_fresh};
pub use engine_view::{evaluation, line_words, start as start_engine, worded as engine_problem, EngineView};
pub use greeting::Greeted;
pub use line_source::{LineSource, PlainLines, Prompter, Typed};
pub use mend::Mending;
pub use open::{export_game, journal_pgn, open_envelope, open_game, open_game_up_to, open_pgn, OpenError, Opened};
pub use open_error::pgn_words;
pub use outputs::Outputs;
pub use readline::{Readline, TerminalPrinter, PUSH_TO_TALK};
pub use run::{run, Ending, TimeSource};
pub use speakers::{cue_player_for, same_speaker, speaker_for, speaker_saying};
