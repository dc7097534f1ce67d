//! The session's duties: each file the handlers of one duty, each handler a free function of the
//! parts it reads and changes (the game, the table, the clock, the arbiter's record, the question
//! waiting, the words …). A few routers take the whole session: a move typed or picked, a slip
//! corrected, the sheets reconciled, an illegal move recorded, a claim, the sealed move opened and
//! the news of the devices. They form layers: each uses only the ones listed before it.
//!
//! - `announce`: a move announced, how a game ended, and why a move or an action was refused;
//! - `clock`: the clock's talk, the press after a move, time given, the clock commands;
//! - `repair`: the physical boards checked, reported and repaired step by step;
//! - `relay`: each move on both boards and sheets, relays confirmed or corrected, slips of the
//!   tongue, divergences found from typed moves;
//! - `sheets`: the scoresheets read, written and reconciled; an illegal move taken back;
//! - `moves`: a move typed, picked or heard, played, or refused (online: sent); touch-move;
//! - `reports`: what the devices report: moves and commands said aloud, the electronic board, an
//!   online game's server;
//! - `draw`, `adjourn`: draw offers, claims and resignation; adjournment;
//! - `practice`: a practice game against the engine: its moves, takebacks, hints, its level;
//! - `queries`, `help`, `voice`, `pgn`: questions about the position and about the program and
//!   the rules; how things are said; the game as PGN and scoresheet files;
//! - `in_force`: every setting in force, in one answer (`settings`).

pub(super) mod adjourn;
pub(super) mod announce;
pub(super) mod clock;
pub(super) mod draw;
pub(super) mod help;
pub(super) mod in_force;
pub(super) mod moves;
pub(super) mod pgn;
pub(super) mod practice;
pub(super) mod queries;
pub(super) mod relay;
pub(super) mod repair;
pub(super) mod reports;
pub(super) mod sheets;
pub(super) mod voice;
