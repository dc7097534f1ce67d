//! The practice levels against each other: each level plays the next one up, engine against
//! engine, as a practice game asks the engine for its moves (the levels' own skill, depth and
//! time, within a fast clock of 5 seconds and 0.05 seconds a move for each side, measured as it
//! runs); openings from the shipped set, each with both colours. A game ends by the rules as
//! shakmaty counts them (mate, stalemate, too little material, threefold repetition, fifty
//! moves), by a flag fall, or drawn at 200 moves. `cargo bench --bench practice` (games per pair:
//! `PRACTICE_GAMES`, 20 unless given); figures go in BENCHMARKS.md.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use annabella::engine::{find_engine, Answer, Engine, GoClock, Limits, Request, Strength, Thinker};
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, KnownOutcome, Outcome, Position};

/// Ten openings of the shipped set, a few moves deep, each played with both colours.
const OPENINGS: [&str; 10] = [
    "e4 c5 Nf3 d6",
    "e4 e5 Nf3 Nc6 Bb5",
    "d4 d5 c4 e6 Nc3",
    "e4 e6 d4 d5",
    "d4 Nf6 c4 g6 Nc3 Bg7",
    "c4 e5 Nc3 Nf6",
    "e4 c6 d4 d5",
    "d4 Nf6 c4 e6 Nc3 Bb4",
    "e4 e5 Nf3 Nc6 Bc4 Bc5",
    "Nf3 d5 g3 Nf6 Bg2",
];

const BASE: Duration = Duration::from_secs(5);
const INCREMENT: Duration = Duration::from_millis(50);

/// One engine, thinking on its own thread as in a practice game.
struct Side {
    thinker: Thinker,
    answers: mpsc::Receiver<annabella::engine::Report>,
    level: u8,
}

impl Side {
    fn start(level: u8) -> Side {
        let path = find_engine(None).expect("Stockfish is installed (scripts/setup.sh)");
        let engine = Engine::start(&path, Limits { threads: 1, hash: 16, ..Limits::default() }).unwrap();
        let (to, answers) = mpsc::channel();
        Side { thinker: Thinker::start(engine, to), answers, level }
    }
}

/// A game's result for White: 1, ½ or 0.
fn play(white: &Side, black: &Side, opening: &str, id: &mut u64) -> f32 {
    let mut pos = Chess::default();
    let mut moves: Vec<String> = Vec::new();
    for san in opening.split_whitespace() {
        let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
        moves.push(UciMove::from_move(mv, CastlingMode::Standard).to_string());
        pos.play_unchecked(mv);
    }
    let mut clocks = [BASE, BASE];
    let mut seen: Vec<Zobrist64> = vec![pos.zobrist_hash(EnPassantMode::Legal)];
    while moves.len() < 400 {
        if let Outcome::Known(outcome) = pos.outcome() {
            return match outcome {
                KnownOutcome::Decisive { winner: Color::White } => 1.0,
                KnownOutcome::Decisive { winner: Color::Black } => 0.0,
                KnownOutcome::Draw => 0.5,
            };
        }
        if pos.halfmoves() >= 100 || pos.is_insufficient_material() {
            return 0.5;
        }
        let key = pos.zobrist_hash(EnPassantMode::Legal);
        if seen.iter().filter(|k| **k == key).count() >= 3 {
            return 0.5;
        }
        let turn = pos.turn();
        let side = if turn.is_white() { white } else { black };
        let strength = Strength::Level(side.level);
        let clock =
            GoClock { white: clocks[0], black: clocks[1], white_increment: INCREMENT, black_increment: INCREMENT };
        *id += 1;
        let request = Request {
            id: *id,
            fen: shakmaty::fen::Fen::from_position(&Chess::default(), EnPassantMode::Legal).to_string(),
            moves: moves.clone(),
            chess960: false,
            strength,
            go: strength.go(Some(clock), None),
        };
        let asked = Instant::now();
        side.thinker.ask(request);
        let report = side.answers.recv().expect("the engine answers");
        let spent = asked.elapsed();
        let index = usize::from(turn.is_black());
        match clocks[index].checked_sub(spent) {
            Some(left) => clocks[index] = left + INCREMENT,
            // The flag fell: the other side wins.
            None => return if turn.is_white() { 0.0 } else { 1.0 },
        }
        let Answer::Chose { best, .. } = report.answer else { panic!("the engine failed") };
        let mv = best.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        moves.push(best);
        pos.play_unchecked(mv);
        seen.push(pos.zobrist_hash(EnPassantMode::Legal));
    }
    0.5
}

/// The upper level's score against the lower over `games` games (half with each colour), two
/// games at a time (one engine of each game thinks at a time: two cores).
fn pair(lower: u8, games: usize) -> (f32, Duration) {
    let started = Instant::now();
    let upper = lower + 1;
    let halves: Vec<Vec<usize>> = vec![(0..games).step_by(2).collect(), (1..games).step_by(2).collect()];
    let scores: Vec<f32> = std::thread::scope(|scope| {
        let runs: Vec<_> = halves
            .into_iter()
            .map(|numbers| {
                scope.spawn(move || {
                    let (low, high) = (Side::start(lower), Side::start(upper));
                    let mut id = 0;
                    numbers
                        .into_iter()
                        .map(|n| {
                            let opening = OPENINGS[(n / 2) % OPENINGS.len()];
                            match n % 2 {
                                0 => play(&high, &low, opening, &mut id),
                                _ => 1.0 - play(&low, &high, opening, &mut id),
                            }
                        })
                        .collect::<Vec<f32>>()
                })
            })
            .collect();
        runs.into_iter().flat_map(|run| run.join().unwrap()).collect()
    });
    (scores.iter().sum(), started.elapsed())
}

fn main() {
    let games: usize = std::env::var("PRACTICE_GAMES").ok().and_then(|g| g.parse().ok()).unwrap_or(20);
    println!("each level against the next, {games} games a pair, 5 s + 0.05 s a move each");
    let mut all_better = true;
    for lower in 1..8 {
        let (score, took) = pair(lower, games);
        let better = score > games as f32 / 2.0;
        all_better &= better;
        println!(
            "level {} against level {lower}: {score} of {games} ({:.0} %){}, {:.0} s",
            lower + 1,
            100.0 * score / games as f32,
            if better { "" } else { " — NOT BETTER" },
            took.as_secs_f64()
        );
    }
    println!("every level scores better than the one below: {}", if all_better { "yes" } else { "no" });
}
