//! Online games through lichess's Board API, played from the tactile board: the documented events
//! (serde), a client that streams and posts (ureq), the token kept out of sight, and the line to
//! one game (a device like the electronic board) whose reports the session journals and answers.

mod client;
mod events;
mod link;
mod report;
mod settings;
mod token;

pub use client::{id_in, Action, Lichess, Lines, OnlineError, Seek, RATE_WAIT};
pub use events::{
    AccountEvent, ChallengeInfo, ChatLine, GameEvent, GameFull, GameInfo, GameState, HistoryLine, OpponentGone, Player,
};
pub use link::{watch, Link, Reading, SILENCE};
pub use report::OnlineReport;
pub use settings::{OnlineSettings, LICHESS};
pub use token::{Token, TokenError, TOKEN_VARIABLE};
