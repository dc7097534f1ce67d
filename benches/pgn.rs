//! PGN at the edges, read in linear time: one game with a comment of 1 to 20 MB, one with a tag
//! of 1 to 20 MB, and a file of many short games of the same sizes, each split into games and its
//! first game read (median of three). `cargo bench --bench pgn`; figures go in BENCHMARKS.md.

use std::time::{Duration, Instant};

use annabella::store::{games, PgnGame, PgnText};

/// The median time to decode `bytes`, split them into games and read the first.
fn read_time(bytes: &[u8]) -> Duration {
    let mut times: Vec<Duration> = (0..3)
        .map(|_| {
            let started = Instant::now();
            let text = PgnText::decode(bytes).text;
            let first = games(&text).first().copied().unwrap_or("");
            let game = PgnGame::read(first).expect("the game is read");
            assert!(!game.moves.is_empty());
            started.elapsed()
        })
        .collect();
    times.sort();
    times[1]
}

fn comment(size: usize) -> Vec<u8> {
    let words = "word ".repeat(size / 5);
    format!("[Event \"?\"]\n[Result \"*\"]\n\n1. e4 {{{words}}} e5 *\n").into_bytes()
}

fn tag(size: usize) -> Vec<u8> {
    format!("[Event \"{}\"]\n[Result \"*\"]\n\n1. e4 e5 *\n", "x".repeat(size)).into_bytes()
}

fn many(size: usize) -> Vec<u8> {
    let game = "[Event \"?\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n";
    game.repeat(size / game.len()).into_bytes()
}

/// A kind of PGN and how to make one of a size.
type Kind = (&'static str, fn(usize) -> Vec<u8>);

fn main() {
    let sizes = [1 << 20, 5 << 20, 20 << 20];
    println!("| PGN | {} |", sizes.map(|s| format!("{} MB", s >> 20)).join(" | "));
    println!("|---|{}", "---|".repeat(sizes.len()));
    let kinds: [Kind; 3] = [("one comment", comment), ("one tag", tag), ("many games (split, first read)", many)];
    for (name, make) in kinds {
        let row: Vec<String> =
            sizes.iter().map(|&size| format!("{:.1} ms", read_time(&make(size)).as_secs_f64() * 1000.0)).collect();
        println!("| {name} | {} |", row.join(" | "));
    }
}
