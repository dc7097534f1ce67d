//! The dead-position analyser and chasolver side by side: each labelled position of a set, both
//! sides of each, asked of both in turn in one process on one thread, with the time of each
//! analysis; totals, median, 99th percentile and worst time, and the undetermined and wrong
//! answers of each. `cargo run --release -- [positions|lichess|PATH] [thorough|forfeit]` from this
//! folder; the figures go in BENCHMARKS.md.

use std::str::FromStr;
use std::time::{Duration, Instant};

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, FromSetup, PositionError};
use unwinnability::{winnability, Budget, Winnability};

/// The times and the answers of one analyser over the set.
#[derive(Default)]
struct Tally {
    times: Vec<(Duration, String)>,
    undetermined: usize,
    wrong: usize,
}

impl Tally {
    fn add(&mut self, took: Duration, answer: Option<bool>, expected: bool, what: String) {
        match answer {
            None => self.undetermined += 1,
            Some(a) if a != expected => self.wrong += 1,
            Some(_) => {}
        }
        self.times.push((took, what));
    }

    fn report(&mut self, name: &str) {
        self.times.sort();
        let at = |q: f64| self.times[((self.times.len() - 1) as f64 * q) as usize].0;
        let total: Duration = self.times.iter().map(|(t, _)| *t).sum();
        let (worst, what) = self.times.last().cloned().unwrap_or_default();
        println!(
            "{name}: total {total:.2?}, median {:.2?}, p99 {:.2?}, worst {worst:.2?} ({what}), undetermined {}, wrong {}",
            at(0.5),
            at(0.99),
            self.undetermined,
            self.wrong
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let set = args.get(1).map(String::as_str).unwrap_or("lichess");
    let budget = match args.get(2).map(String::as_str) {
        Some("forfeit") => Budget::FORFEIT,
        _ => Budget::THOROUGH,
    };
    // A set named by a path (with a slash) is read from there: a few positions looked at alone.
    let path = if set.contains('/') {
        std::path::PathBuf::from(set)
    } else {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("../../../../shared/data/unwinnability/{set}.txt"))
    };
    let text = std::fs::read_to_string(&path).expect("the labelled positions beside the project");
    let (mut ours, mut theirs) = (Tally::default(), Tally::default());
    for line in text.lines().filter(|l| !l.starts_with('#') && l.len() > 3) {
        let (label, fen) = (&line[..2], line[3..].trim());
        let full = if fen.split_whitespace().count() == 4 { format!("{fen} 0 1") } else { fen.to_string() };
        let pos = parse_fen_permissive(&full);
        let board = chess::Board::from_str(&full).ok();
        for (i, color) in [shakmaty::Color::White, shakmaty::Color::Black].into_iter().enumerate() {
            let expected = label.as_bytes()[i] != b'-';
            let what = format!("{label} {fen} ({color:?})");
            let start = Instant::now();
            let answer = match winnability(&pos, color, budget) {
                Winnability::Winnable(_) => Some(true),
                Winnability::Unwinnable => Some(false),
                Winnability::Undetermined => None,
            };
            ours.add(start.elapsed(), answer, expected, what.clone());
            // chasolver refuses some crafted positions its board cannot hold: left out of its tally.
            let Some(board) = board else { continue };
            let side = if i == 0 { chess::Color::White } else { chess::Color::Black };
            let start = Instant::now();
            let answer =
                chasolver::winnability(&board, side).map(|w| matches!(w, chasolver::Winnability::Winnable { .. }));
            theirs.add(start.elapsed(), answer, expected, what);
        }
    }
    println!("set: {set}, budget: {} nodes, analyses: {}", budget.nodes, ours.times.len());
    ours.report("annabella");
    theirs.report("chasolver");
}

/// A position from a test suite's FEN (their checks and material need not arise in a game).
fn parse_fen_permissive(text: &str) -> Chess {
    let setup = Fen::from_ascii(text.as_bytes()).expect("a valid FEN").into_setup();
    let mode = CastlingMode::detect(&setup);
    Chess::from_setup(setup, mode)
        .or_else(PositionError::ignore_impossible_check)
        .or_else(PositionError::ignore_too_much_material)
        .expect("a position")
}
