//! The session's duties: each file the handlers of one duty, as free functions of the session
//! (its parts are its private fields, which these read and change through the parts' methods).
//! They form layers: each uses only the ones listed before it.
//!
//! - `announce`: a move announced, how a game ended, and why a move or an action was refused;
//! - `clock`: the clock's talk, the press after a move, time given, the clock commands;
//! - `repair`: the physical boards checked, reported and repaired step by step;
//! - `relay`: each move on both boards and sheets, relays confirmed or corrected, slips of the
//!   tongue, divergences found from typed moves;
//! - `sheets`: the scoresheets read, written and reconciled; an illegal move taken back;
//! - `moves`: a move typed or heard, played, or refused (online: sent); touch-move;
//! - `devices`: moves and commands said aloud, the electronic board, an online game's server;
//! - `draw`, `adjourn`: draw offers, claims and resignation; adjournment;
//! - `queries`, `help`, `voice`, `pgn`: questions about the position and about the program and
//!   the rules; how things are said; the game as PGN and scoresheet files;
//! - `settings`: every setting in force, in one answer.

pub(super) mod adjourn;
pub(super) mod announce;
pub(super) mod clock;
pub(super) mod devices;
pub(super) mod draw;
pub(super) mod help;
pub(super) mod moves;
pub(super) mod pgn;
pub(super) mod queries;
pub(super) mod relay;
pub(super) mod repair;
pub(super) mod settings;
pub(super) mod sheets;
pub(super) mod voice;
