//! The coach's speed. A puzzle chosen from the set near the rating and said (who plays, both
//! sides' pieces through a session set up at its start, the opponent's move): `next` typed and
//! answered, 300 times, in process; p50, p90 and the worst. Then exercises made from 100 games
//! with the engine at the depth `puzzle --mine` uses: each game a named opening of the shipped set
//! played on with pseudo-random legal moves to 60 half-moves (the player White), the total time
//! and the exercises found. `cargo bench --bench coach` (`COACH_GAMES=0` leaves out the engine);
//! figures go in BENCHMARKS.md.

use std::time::{Duration, Instant};

use annabella::clock::Timestamp;
use annabella::coach::exercises::from_game;
use annabella::coach::progress::Progress;
use annabella::coach::puzzles::Choice;
use annabella::coach::{Coach, Serving};
use annabella::config::Settings;
use annabella::engine::Limits;
use annabella::front::Desk;
use annabella::speech::SpeechMode;
use annabella::store::PgnGame;
use shakmaty::san::San;
use shakmaty::{Chess, Color, Position};

fn percentile(mut samples: Vec<Duration>, p: f64) -> Duration {
    samples.sort();
    samples[((samples.len() as f64 - 1.0) * p).round() as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

fn choose_and_say() {
    let settings = Settings { speech: SpeechMode::Off, cues: false, ..Settings::default() };
    let serving = Serving::Puzzles { choice: Choice::default(), id: None };
    let mut coach = Coach::new(settings, Progress::in_memory(), serving, (false, 7, 0)).unwrap();
    coach.opening(Timestamp(0));
    let mut times = Vec::new();
    for i in 0..300 {
        let started = Instant::now();
        let read = Desk::read(&coach, "next");
        let answer = Desk::answer(&mut coach, read, Timestamp(i));
        times.push(started.elapsed());
        assert!(answer.lines.len() > 4, "a puzzle is said");
    }
    println!(
        "a puzzle chosen and said, 300 times: p50 {}, p90 {}, worst {}",
        ms(percentile(times.clone(), 0.5)),
        ms(percentile(times.clone(), 0.9)),
        ms(percentile(times, 1.0))
    );
}

/// Game `n`: a named opening played on with pseudo-random legal moves to 60 half-moves.
fn game(n: usize) -> PgnGame {
    let lines = annabella::openings::lines();
    let opening = lines[(n * 37) % lines.len()];
    let mut pos = Chess::default();
    let mut sans = Vec::new();
    let mut rng = fastrand::Rng::with_seed(n as u64);
    let words: Vec<&str> = opening.split_whitespace().filter(|w| !w.ends_with('.')).collect();
    for ply in 0..60 {
        let mv = match words.get(ply).and_then(|w| w.parse::<San>().ok()).and_then(|s| s.to_move(&pos).ok()) {
            Some(mv) => mv,
            None => {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                moves[rng.usize(0..moves.len())]
            }
        };
        sans.push(San::from_move(&pos, mv).to_string());
        pos.play_unchecked(mv);
    }
    let movetext: Vec<String> =
        sans.chunks(2).enumerate().map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" "))).collect();
    PgnGame::read(&format!("[White \"Me\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\n{} *\n", movetext.join(" "))).unwrap()
}

fn mining(games: usize) {
    let depth = annabella::subcommands::MINING_DEPTH;
    let limits = Limits { depth, threads: 1, hash: 64, ..Limits::default() };
    let mut engine = annabella::front::start_engine(None, limits).expect("Stockfish is installed");
    let started = Instant::now();
    let mut found = 0;
    for n in 0..games {
        found += from_game(&mut engine, &game(n), ("bench", Color::White, "Bob"), &limits).unwrap().len();
    }
    let took = started.elapsed();
    println!(
        "exercises from {games} games of 60 half-moves at depth {depth}: {:.1} s ({:.2} s a game), {found} exercises",
        took.as_secs_f64(),
        took.as_secs_f64() / games as f64
    );
}

fn main() {
    choose_and_say();
    let games: usize = std::env::var("COACH_GAMES").ok().and_then(|g| g.parse().ok()).unwrap_or(100);
    if games > 0 {
        mining(games);
    }
}
