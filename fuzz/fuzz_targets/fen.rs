//! Fuzzes the FEN reader: any text is refused with a reason or read into a position whose FEN reads
//! back to the same position.
#![no_main]

use annabella::rules::{parse_fen, to_fen};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(pos) = parse_fen(text) {
        let again = parse_fen(&to_fen(&pos)).expect("a written FEN reads back");
        assert_eq!(to_fen(&again), to_fen(&pos));
    }
});
