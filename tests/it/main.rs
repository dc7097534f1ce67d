//! The one integration test binary: data-driven suites (perft, notation round trips), golden
//! transcripts through the session, the real binary's scripting contract, and real speech.

mod perft_suite;
mod roundtrip;
mod support;
