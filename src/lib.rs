//! annabella: play over-the-board chess by ear under the FIDE rules for visually handicapped
//! players. This is the map of the library: pure logic (rules, notation) apart from effects
//! (speech, terminal, files).

pub mod audio;
pub mod clock;
pub mod config;
pub mod games;
pub mod messages;
pub mod notation;
pub mod repl;
pub mod rules;
pub mod speech;
pub mod store;
pub mod table;
