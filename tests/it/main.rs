//! The one integration test binary: data-driven suites (perft, notation round trips), golden
//! transcripts through the session, the real binary's scripting contract, and real speech.

mod adjourn;
mod analyse;
mod architecture;
mod archive;
#[cfg(feature = "audio")]
mod audio;
mod bad_input;
mod binary;
#[cfg(target_os = "linux")]
mod braille_display;
#[cfg(feature = "audio")]
mod clips;
mod coach;
mod eboard;
#[cfg(unix)]
mod eboard_serial;
mod engine;
#[cfg(feature = "listen")]
mod enrol;
mod faults;
mod faults_pgn;
mod golden;
#[cfg(any(feature = "speech", feature = "audio"))]
mod headless;
mod hearing;
mod journal;
#[cfg(feature = "listen")]
mod listen;
mod online;
mod pairings;
mod perft_suite;
mod pgn;
mod pgn_lossless;
mod pgn_python_chess;
mod practice;
mod review;
#[cfg(feature = "listen")]
mod rooms;
mod roundtrip;
mod scoresheet;
#[cfg(all(feature = "listen", feature = "speech"))]
mod self_hearing;
#[cfg(feature = "speech")]
mod speech;
mod subcommands;
mod support;
mod table_property;
#[cfg(feature = "listen")]
mod talk;
mod terminal;
mod unwinnability;
