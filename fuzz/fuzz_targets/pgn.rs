//! Fuzzes the PGN reader: any text is refused with a reason or read into a game that, written and
//! read again, gives the same moves, clocks and offers.
#![no_main]

use annabella::store::PgnGame;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(game) = PgnGame::read(text) {
        let again = PgnGame::read(&game.write()).expect("a written game reads back");
        assert_eq!(again.moves.len(), game.moves.len());
        for (a, b) in again.moves.iter().zip(&game.moves) {
            assert_eq!((a.mv, a.offer), (b.mv, b.offer));
        }
    }
});
