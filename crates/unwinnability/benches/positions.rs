//! Speed of the dead-position analyser over chasolver's 3,414 labelled positions (both sides of
//! each), or with `SET=lichess` over the 65,536 labelled positions from real games: total,
//! median, 90th percentile and worst time per analysis, and how many answers were undetermined
//! or wrong; `BUDGET=forfeit` asks with the forfeit budget instead of the thorough one, `SLOWEST=N`
//! lists the N slowest analyses. `BUDGET=flagfall` times the check on a forfeit instead
//! (`forfeit_winnability`), and counts apart the sides that cannot mate but were not proven so
//! (a forfeit that should be a draw). `THREADS=1` keeps the forfeit budget on one thread.
//! `cargo bench -p unwinnability`; figures go in BENCHMARKS.md.

use std::time::{Duration, Instant};

#[path = "../tests/labelled/mod.rs"]
mod labelled;

use labelled::{labelled, parse_fen_permissive};
use shakmaty::Color;
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
    let verbose = std::env::var_os("VERBOSE").is_some();
    let mut times: Vec<(Duration, String)> = Vec::new();
    let mut after_move: Vec<Duration> = Vec::new();
    let (mut undetermined, mut wrong, mut unproven) = (0, 0, 0);
    let sample: usize = std::env::var("SAMPLE").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    for (label, fen) in labelled(set).into_iter().step_by(sample) {
        let (label, fen) = (label.as_str(), fen.as_str());
        let pos = parse_fen_permissive(fen).expect("a valid FEN");
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
