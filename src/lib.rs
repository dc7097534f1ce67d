#![deny(missing_docs)]
//! annabella: play over-the-board chess by ear under the FIDE rules for visually handicapped
//! players. This is the map of the library, in layers; each module uses only modules of the
//! layers above it (a test reads every `crate::` path of every file and refuses a circle).
//!
//! **Foundation**: [`choice`] — the enums named by one word in files and on the command line;
//! [`messages`] — the interface catalogues (English, Estonian, German); [`places`] — the folders
//! of the configuration, the games and the history.
//!
//! **Chess, pure** (no input, output or files; the wall clock is read only by `clock::wall_ms`, at
//! the edge):
//! - [`rules`]: the FIDE layer over shakmaty — the game, outcomes, claims, why a move is illegal,
//!   rulesets, dead positions (from the `unwinnability` crate beside this one).
//! - [`clock`]: time controls, the chess clock, the watch for marks, warnings and flags.
//! - [`notation`]: reading moves in every notation; writing SAN, full notation, braille and the
//!   spoken words of a phrase pack.
//! - [`table`]: the two physical boards, the scoresheets and their exports.
//! - [`openings`]: the named openings, a position named whatever the order of its moves.
//!
//! **Devices** (each behind a small trait or as plain data; what they hear and say is data):
//! - [`audio`]: the cues and the sound device; [`speech`]: speakers (speech-dispatcher, voice
//!   clips, silence), the transcript, the audio scoresheet.
//! - [`listen`]: moves said aloud, heard by PocketSphinx against the grammar of the position.
//! - [`eboard`]: the DGT electronic board; [`engine`]: a chess engine over UCI.
//! - [`store`]: the crash-safe journal, adjournment envelopes, PGN.
//!
//! **Words, pure**: [`wording`] — the one wording layer: every utterance printed and spoken.
//!
//! **Settings**: [`config`] — the settings each module owns, composed and resolved in layers
//! (defaults, the user's file, `--config`, flags).
//!
//! **Commands, pure**: [`command`] — the command language: one record per command, typed
//! arguments, reading a line, usage, completion; it knows no session.
//!
//! **The session, pure**: [`session`] — one game at the table, in parts that own their state,
//! answering each event with lines and effects; its commands and their duties.
//!
//! **Front ends** (the terminal and files; the devices above run threads of their own):
//! - [`front`]: the loop every front end runs, its line sources and outputs, the devices started,
//!   the documents written, where a game is opened from.
//! - [`review`]: a game replayed by ear, on that same loop.
//! - [`coach`]: puzzles, exercises from the player's games and blindfold drills, on that same
//!   loop, the progress kept as a game is.
//! - [`braille_display`]: the braille display through BRLTTY: what was said, and the board.
//!
//! **The command line**: [`cli`] — the subcommands and flags as typed; [`subcommands`] — each
//! subcommand wired to its front end and outputs.

pub mod audio;
pub mod braille_display;
pub mod choice;
pub mod cli;
pub mod clock;
pub mod coach;
pub mod command;
pub mod config;
pub mod eboard;
pub mod engine;
pub mod front;
pub mod listen;
pub mod messages;
pub mod notation;
pub mod online;
pub mod openings;
pub mod places;
pub mod review;
pub mod rules;
pub mod session;
pub mod speech;
pub mod store;
pub mod subcommands;
pub mod table;
pub mod wording;
