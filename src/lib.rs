#![deny(missing_docs)]
//! annabella: play over-the-board chess by ear under the FIDE rules for visually handicapped
//! players. This is the map of the library, in layers; each layer uses only the ones above it.
//!
//! **Foundation**: [`choice`] — the enums named by one word in files and on the command line.
//!
//! **Chess, pure** (no input, output, clock or files):
//! - [`rules`]: the FIDE layer over shakmaty — the game, outcomes, claims, why a move is illegal,
//!   rulesets; dead positions come from the `unwinnability` crate beside this one.
//! - [`notation`]: reading moves in every notation, writing SAN, full notation, braille and the
//!   spoken words of a phrase pack.
//! - [`clock`]: time controls, the chess clock, and the watch for marks, warnings and flags.
//! - [`table`]: the two physical boards, the scoresheets and their exports.
//!
//! **Words and settings, pure**:
//! - [`messages`]: the interface catalogues (English, Estonian, German).
//! - [`config`]: the settings and their layers (defaults, user file, flags).
//!
//! **The session, pure**: [`repl`] — the command registry, the session that answers each input
//! with lines to print and speak (and files to write, as data), the wording layer; and the loop
//! that performs those effects.
//!
//! **Effects**:
//! - [`speech`]: speakers (speech-dispatcher, voice clips, text), the transcript.
//! - [`listen`]: moves said aloud, heard by PocketSphinx against the grammar of the position.
//! - [`eboard`]: the DGT electronic board's protocol, and its placements turned into moves.
//! - [`engine`]: a real chess engine over UCI, for analysis after the game, and its numbers in
//!   words.
//! - [`audio`]: the cues and the sound device.
//! - [`braille_display`]: the braille display through BRLTTY: what was said, and the board.
//! - [`store`]: the crash-safe journal, adjournment envelopes, PGN.
//! - [`games`]: where a game comes from — new, resumed from its journal or envelope, from a PGN.
//! - [`greeting`]: the speaker started and the program's name said before a game is opened.
//! - [`places`]: the folders of the configuration, the games and the history.
//!
//! **The command line**: [`cli`] — the subcommands and flags as typed; [`commands`] — the
//! subcommands other than playing (`analyse`, `export`, `pairings`, `say`, `clips`); [`manual`] —
//! the manual pages and shell completions, generated from `cli`;
//! [`analysis`] — `engine`, a position or a game analysed by a real engine; [`archive`] — `games`,
//! the games kept, newest first; [`reviewing`] — `review`, a game replayed by ear.

pub mod analysis;
pub mod archive;
pub mod audio;
pub mod braille_display;
pub mod choice;
pub mod cli;
pub mod clock;
pub mod commands;
pub mod config;
pub mod eboard;
pub mod engine;
pub mod front;
pub mod games;
pub mod greeting;
pub mod listen;
pub mod manual;
pub mod messages;
pub mod notation;
pub mod places;
pub mod repl;
pub mod reviewing;
pub mod rules;
pub mod speech;
pub mod store;
pub mod table;
pub mod wording;
