//! Speed of the dead-position analyser over chasolver's 3,414 labelled positions (both sides of
//! each), or with `SET=lichess` over the 65,536 labelled positions from real games: total,
//! median, 90th percentile and worst time per analysis, and how many answers were undetermined
//! or wrong; `BUDGET=forfeit` asks with the forfeit budget instead of the thorough one, `SLOWEST=N`
//! lists the N slowest analyses. `BUDGET=flagfall` times the check on a forfeit instead
//! (`forfeit_winnability`), and counts apart the sides that cannot mate but were not proven so
//! (a forfeit that should be a draw). `THREADS=1` keeps the forfeit budget on one thread.
//! `cargo bench -p unwinnability`; figures go in BENCHMARKS.md.

use std::time::{Duration, Instant};

use shakmaty::fen::Fen;
use shakmaty::Color;
use shakmaty::{CastlingMode, Chess, FromSetup, PositionError};
use unwinnability::{forfeit_winnability, is_dead_position, winnability, Budget, Winnability};

fn main() {
    let set = match std::env::var("SET").as_deref() {
        Ok("lichess") => "lichess.txt",
        _ => "positions.txt",
    };
    let flag_fall = std::env::var("BUDGET").as_deref() == Ok("flagfall");
    let budget = match std::env::var("BUDGET").as_deref() {
        Ok("forfeit" | "flagfall") => Budget::FORFEIT,
        _ => Budget::THOROUGH,
    };
    // `THREADS=1`: the budget on one thread (the forfeit budget uses two).
    let budget = Budget { two_threads: budget.two_threads && std::env::var("THREADS").as_deref() != Ok("1"), ..budget };
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/unwinnability").join(set);
    let text = std::fs::read_to_string(&path).expect("the labelled positions beside the project");
    let verbose = std::env::var_os("VERBOSE").is_some();
    let mut times: Vec<(Duration, String)> = Vec::new();
    let mut after_move: Vec<Duration> = Vec::new();
    let (mut undetermined, mut wrong, mut unproven) = (0, 0, 0);
    let sample: usize = std::env::var("SAMPLE").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    for line in text.lines().filter(|l| !l.starts_with('#') && l.len() > 3).step_by(sample) {
        let (label, fen) = (&line[..2], line[3..].trim());
        // The labelled set gives four fields of FEN, the real games all six.
        let full = if fen.split_whitespace().count() == 4 { format!("{fen} 0 1") } else { fen.to_string() };
        let pos = parse_fen_permissive(&full).expect("a valid FEN");
        let start = Instant::now();
        let _ = is_dead_position(&pos);
        after_move.push(start.elapsed());
        for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
            let start = Instant::now();
            let verdict = if flag_fall { forfeit_winnability(&pos, color) } else { winnability(&pos, color, budget) };
            let took = start.elapsed();
            let expected = label.as_bytes()[i] != b'-';
            let answer = match verdict {
                Winnability::Winnable(_) => Some(true),
                Winnability::Unwinnable => Some(false),
                Winnability::Undetermined => None,
            };
            unproven += usize::from(answer.is_none() && !expected);
            match answer {
                None => undetermined += 1,
                Some(a) if a != expected => wrong += 1,
                Some(_) => {}
            }
            if verbose && answer != Some(expected) {
                println!(
                    "{} {label} {fen} ({color:?}) {took:?}",
                    if answer.is_none() { "undetermined" } else { "WRONG" }
                );
            }
            times.push((took, format!("{label} {fen} ({color:?})")));
        }
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize].0;
    println!(
        "set: {set}, budget: {}",
        if flag_fall { "the check on a forfeit".to_string() } else { format!("{} nodes", budget.nodes) }
    );
    println!("analyses: {}", times.len());
    println!("total: {:?}", times.iter().map(|(t, _)| *t).sum::<Duration>());
    println!("median: {:?}", at(0.5));
    let fast = times.iter().filter(|(t, _)| *t < Duration::from_micros(50)).count();
    println!("under 50 µs: {fast} (the median is under 50 µs when this is at least half)");
    println!("p90: {:?}", at(0.9));
    println!("p99: {:?}", at(0.99));
    println!("worst: {:?} ({})", times.last().unwrap().0, times.last().unwrap().1);
    println!("undetermined: {undetermined}, of which the side cannot mate: {unproven}");
    after_move.sort();
    println!(
        "dead-position check after a move: median {:?}, worst {:?}",
        after_move[after_move.len() / 2],
        after_move.last().unwrap()
    );
    println!("wrong: {wrong}");
    let slowest: usize = std::env::var("SLOWEST").ok().and_then(|s| s.parse().ok()).unwrap_or(0);
    for (took, what) in times.iter().rev().take(slowest) {
        println!("slow: {took:?} {what}");
    }
}

/// A position from a test suite's FEN (their checks and material need not arise in a game).
fn parse_fen_permissive(text: &str) -> Result<Chess, String> {
    let setup = Fen::from_ascii(text.as_bytes()).map_err(|e| e.to_string())?.into_setup();
    let mode = CastlingMode::detect(&setup);
    Chess::from_setup(setup, mode)
        .or_else(PositionError::ignore_impossible_check)
        .or_else(PositionError::ignore_too_much_material)
        .map_err(|e| e.to_string())
}
