//! Moves said aloud and heard: three whole games announced move by move in the Appendix E words by
//! the German MBROLA voice de6 (scripts/test-voices.sh installs it), each heard by PocketSphinx
//! against the grammar of its position. Prints moves heard right, wrong and missed, and the time
//! from the end of the speech to the move (the recogniser's work on the whole utterance).
//! `cargo bench --bench listen`; figures go in BENCHMARKS.md.

use std::process::Command;
use std::time::{Duration, Instant};

use annabella::listen::{to_rate, MoveGrammar, Recognizer};
use annabella::notation::{spoken, PhrasePack, SpokenStyle};
use shakmaty::{san::San, Chess, Position};

const GAMES: [&str; 3] = [
    // A Ruy Lopez.
    "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 \
     Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 Nbd2 Nxd6 Nc4 Nxc4 Bxc4 Nb6 Ne5 Rae8 Bxf7+ Rxf7 Nxf7 Rxe1+ \
     Qxe1 Kxf7 Qe3 Qg5 Qxg5 hxg5 b3 Ke6 a3 Kd6",
    // The Opera Game.
    "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 \
     Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#",
    // A Queen's Gambit Declined.
    "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 h6 Bh4 b6 cxd5 Nxd5 Bxe7 Qxe7 Nxd5 exd5 Rc1 Be6 Qa4 c5 Qa3 Rc8 \
     Bb5 a6 dxc5 bxc5 O-O Ra7 Be2 Nd7 Nd4 Qf8 Nxe6 fxe6 e4 d4 f4 Qe7 e5 Rb8 Bc4 Kh8 Qh3 Nf8 b3 a5",
];

fn say_de6(text: &str) -> Vec<i16> {
    let wav = std::env::temp_dir().join(format!("annabella-bench-listen-{}.wav", std::process::id()));
    let ok = Command::new("espeak-ng").args(["-v", "mb-de6", "-w"]).arg(&wav).arg(text).status().unwrap();
    assert!(ok.success(), "the mb-de6 voice is missing: scripts/test-voices.sh installs it");
    to_rate(&annabella::speech::read_wav(&wav).unwrap(), annabella::speech::CLIP_RATE)
}

fn main() {
    let pack = PhrasePack::named("appendix-e").unwrap();
    let mut recognizer = Recognizer::new("appendix-e", None).unwrap();
    let (mut right, mut wrong, mut missed, mut times) = (0, 0, 0, Vec::<Duration>::new());
    for game in GAMES {
        let mut pos = Chess::default();
        for san in game.split_whitespace() {
            let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
            let samples = say_de6(&spoken(&pos, mv, &pack, SpokenStyle::default()));
            let started = Instant::now();
            let grammar = MoveGrammar::for_position(&pos, &pack);
            let heard = recognizer.hear(&grammar, &samples).unwrap();
            times.push(started.elapsed());
            match heard {
                Some(h) if h.mv == Some(mv) => right += 1,
                Some(_) => wrong += 1,
                None => missed += 1,
            }
            pos.play_unchecked(mv);
        }
    }
    let total = right + wrong + missed;
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize].as_secs_f64() * 1000.0;
    println!(
        "moves: {total}; heard right {right} ({:.1} %), wrong {wrong}, missed {missed}",
        right as f64 * 100.0 / total as f64
    );
    println!("end of speech -> move: p50 {:.0} ms, p90 {:.0} ms, worst {:.0} ms", at(0.5), at(0.9), at(1.0));
}
