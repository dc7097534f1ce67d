//! An online game's speed, against the stand-in of lichess's Board API on localhost (the one the
//! tests use): the opponent's move sent by the server → the session's announcement handed to the
//! speaker, and a move typed → the server has the request; then the memory of a six-hour game's
//! stream (keep-alive lines every six seconds and a state every minute) read through the client.
//! `cargo bench --bench online`; figures go in BENCHMARKS.md.

// The benchmark uses the stand-in's timings, not its log.
#[allow(dead_code)]
#[path = "../tests/it/support/lichess.rs"]
mod lichess;

use std::io::Write;
use std::net::TcpListener;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use annabella::clock::Timestamp;
use annabella::config::Settings;
use annabella::online::{Lichess, Link, OnlineReport, Token};
use annabella::session::{Effect, Event, Session};
use annabella::speech::SpeechMode;
use lichess::{Reply, Script, StandIn};

const TOKEN: &str = "lip_bench";
/// The Ruy Lopez, Breyer Variation: 24 half-moves.
const WHITE: [&str; 12] = ["e4", "Nf3", "Bb5", "Ba4", "O-O", "Re1", "Bb3", "c3", "h3", "d4", "Nbd2", "Bc2"];
const BLACK: [&str; 12] =
    ["e7e5", "b8c6", "a7a6", "g8f6", "f8e7", "b7b5", "d7d6", "e8g8", "c6b8", "b8d7", "c8b7", "f8e8"];

fn percentile(mut samples: Vec<Duration>, p: f64) -> Duration {
    samples.sort();
    samples[((samples.len() as f64 - 1.0) * p).round() as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

fn latencies() {
    let replies = BLACK.iter().map(|uci| Reply { uci, offers_draw: false }).collect();
    let server = StandIn::start(TOKEN, Script { replies, ..Script::default() });
    let mut settings = Settings { speech: SpeechMode::Off, cues: false, ..Settings::default() };
    settings.online.game = "g1game".into();
    let mut session = Session::new(settings).unwrap();
    let start = Instant::now();
    let now = || Timestamp(start.elapsed().as_millis() as u64);
    session.apply(Event::Start, now());
    let (to, reports) = mpsc::channel();
    let link = Link::start(Lichess::new(&server.url, Token::new(TOKEN)), "g1game".into(), to);
    let (mut received, mut typed) = (Vec::new(), Vec::new());
    let next = |session: &mut Session| -> (OnlineReport, Instant) {
        let report = reports.recv_timeout(Duration::from_secs(10)).expect("the stream reports");
        let answered = session.apply(Event::Online(report.clone()), now());
        let _ = answered;
        (report, Instant::now())
    };
    next(&mut session); // the whole game
    for (i, mv) in WHITE.iter().enumerate() {
        let input = session.read(mv);
        let sent_at = Instant::now();
        let response = session.apply(Event::Input(input), now());
        for effect in response.effects {
            if let Effect::Online(action) = effect {
                link.send(action);
            }
        }
        // Own move shown, then the opponent's.
        let mut seen = 0;
        while seen < 2 {
            let (report, at) = next(&mut session);
            if let OnlineReport::Line(_) = report {
                seen += 1;
                if seen == 2 {
                    let plies = 2 * (i + 1);
                    let times = server.times();
                    let sent = times.iter().find(|(what, _)| *what == format!("state {plies}")).unwrap().1;
                    received.push(at.duration_since(sent));
                    let posted = times.iter().filter(|(what, _)| what.contains("/move/")).nth(i).unwrap().1;
                    typed.push(posted.duration_since(sent_at));
                }
            }
        }
    }
    println!(
        "| opponent's move sent by the server → announcement handed to the speaker | {} | {} | {} |",
        ms(percentile(received.clone(), 0.5)),
        ms(percentile(received.clone(), 0.9)),
        ms(percentile(received, 1.0))
    );
    println!(
        "| move typed → the server has the request | {} | {} | {} |",
        ms(percentile(typed.clone(), 0.5)),
        ms(percentile(typed.clone(), 0.9)),
        ms(percentile(typed, 1.0))
    );
}

/// The resident memory of this process, in KB.
fn resident_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// Six hours of a game's stream, served as fast as it can be read.
fn memory() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        let (mut stream, _) = listener.accept().unwrap();
        let mut request = [0u8; 1024];
        let _ = std::io::Read::read(&mut stream, &mut request);
        let _ = stream.write_all(b"HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nConnection: close\r\n\r\n");
        for second in (0..6 * 3600).step_by(6) {
            let line = match second % 60 {
                0 => format!(
                    "{{\"type\":\"gameState\",\"moves\":\"\",\"wtime\":{},\"btime\":900000,\"status\":\"started\"}}\n",
                    900_000 - second
                ),
                _ => "\n".to_string(),
            };
            if stream.write_all(line.as_bytes()).is_err() {
                return;
            }
        }
    });
    let lines = Lichess::new(&url, Token::new(TOKEN)).game("g1game").unwrap();
    let mut settings = Settings { speech: SpeechMode::Off, cues: false, ..Settings::default() };
    settings.online.game = "g1game".into();
    let mut session = Session::new(settings).unwrap();
    session.apply(Event::Start, Timestamp(0));
    let (mut count, mut first) = (0u64, 0u64);
    for (i, line) in lines.enumerate() {
        session.apply(Event::Online(OnlineReport::Line(line.unwrap())), Timestamp(i as u64 * 60_000));
        count += 1;
        if count == 36 {
            first = resident_kb();
        }
    }
    println!("| six hours of stream: {count} states and {} keep-alive lines | {first} KB after 36 states | {} KB after {count} |", 6 * 600 - count, resident_kb());
}

fn main() {
    println!("| online | p50 | p90 | max |");
    println!("|---|---|---|---|");
    latencies();
    println!();
    memory();
}
