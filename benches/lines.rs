//! Answer time against line length: lines of 1 KB to 4 MB (moves, ambiguous letters, a command
//! with a long argument, a PGN-like run of moves, words of the phrase packs) answered by a
//! session, to show the time grows no faster than the line. `cargo bench --bench lines`;
//! figures go in BENCHMARKS.md.

use std::time::{Duration, Instant};

use annabella::clock::Timestamp;
use annabella::config::Settings;
use annabella::session::Event;
use annabella::session::Session;
use annabella::speech::SpeechMode;

/// What a line is made of, repeated to the length wanted.
const KINDS: [(&str, &str); 5] = [
    ("moves", "e4 "),
    ("ambiguous letters", "b"),
    ("legal + text", "legal e4"),
    ("movetext", "1. e4 e5 2. Nf3 Nc6 "),
    ("pack words", "Springer Felix drei "),
];

fn line(kind: &str, unit: &str, length: usize) -> String {
    let body: String = unit.chars().cycle().take(length).collect();
    match kind {
        "legal + text" => format!("legal {body}"),
        "movetext" => format!("sheet white {body}"),
        _ => body,
    }
}

/// The median time to read and answer `text` (five runs).
fn answer_time(text: &str) -> Duration {
    let mut times: Vec<Duration> = (0..5)
        .map(|_| {
            let settings = Settings { speech: SpeechMode::Off, cues: false, ..Settings::default() };
            let mut session = Session::new(settings).unwrap();
            session.apply(Event::Start, Timestamp(0));
            let started = Instant::now();
            let input = session.read(text);
            let response = session.apply(Event::Input(input), Timestamp(1));
            assert!(!response.lines.is_empty());
            started.elapsed()
        })
        .collect();
    times.sort();
    times[2]
}

fn main() {
    let lengths = [1 << 10, 4 << 10, 64 << 10, 1 << 20, 4 << 20];
    println!("| line | {} |", lengths.map(|l| format!("{} KB", l >> 10)).join(" | "));
    println!("|---|{}", "---|".repeat(lengths.len()));
    for (kind, unit) in KINDS {
        let row: Vec<String> = lengths
            .iter()
            .map(|&n| {
                let t = answer_time(&line(kind, unit, n));
                format!("{:.3} ms", t.as_secs_f64() * 1000.0)
            })
            .collect();
        println!("| {kind} | {} |", row.join(" | "));
    }
}
