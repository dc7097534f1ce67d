//! Fuzzes the move reader and the session with arbitrary input lines: no panic (the fuzzer's
//! panic hook aborts even where the session would refuse the input and go on), no input that
//! takes long, and any move read is legal in the position it was read in.
#![no_main]

use annabella::config::Settings;
use annabella::speech::SpeechMode;
use annabella::notation::{LetterSet, MoveReader, PhrasePack};
use annabella::session::Event;
use annabella::session::Session;
use annabella::clock::Timestamp;
use annabella::rules::parse_fen;
use libfuzzer_sys::fuzz_target;
use shakmaty::Position;

const FENS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
    "8/2PP1k2/8/8/7p/8/6K1/8 w - - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let pos = parse_fen(FENS[choice as usize % FENS.len()]).unwrap();
    let letters = LetterSet::ALL[(choice as usize / 4) % 3];
    let reader = MoveReader::new(&PhrasePack::builtin()).unwrap();
    if let Ok(mv) = reader.read(text, &pos, letters) {
        assert!(pos.is_legal(mv));
    }
    let settings = Settings { speech: SpeechMode::Off, fen: Some(FENS[choice as usize % FENS.len()].into()), ..Settings::default() };
    let mut session = Session::new(settings).unwrap();
    session.apply(Event::Start, Timestamp(0));
    for line in text.lines() {
        let input = session.read(line);
        session.apply(Event::Input(input), Timestamp(0));
    }
});
