//! The real clock, measured: over a stretch of real time, how far the time the clock reports
//! differs from the monotonic clock, and how late the five-minute-mark cue is handed to the cue
//! player. `cargo bench --bench clock` runs ten minutes; `-- --quick` runs a few seconds.
//! The figures are recorded in BENCHMARKS.md.

use std::io;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use annabella::audio::{Cue, CuePlayer};
use annabella::clock::{Clock, Period, TimeControl, Timestamp};
use annabella::config::Settings;
use annabella::front::LineSource;
use annabella::front::Outputs;
use annabella::front::TimeSource;
use annabella::front::{run, Devices};
use annabella::session::Event;
use annabella::session::Session;
use annabella::speech::SilentSpeaker;
use annabella::speech::SpeechMode;
use shakmaty::Color;

/// Gives no input until `until`, then ends the input.
struct Idle {
    until: Instant,
}

impl LineSource for Idle {
    fn read_line(&mut self) -> io::Result<Option<String>> {
        thread::sleep(self.until.saturating_duration_since(Instant::now()));
        Ok(None)
    }
}

/// Notes when each cue arrives.
struct Timed(Arc<Mutex<Vec<(Cue, Instant)>>>);

impl CuePlayer for Timed {
    fn play(&mut self, cue: Cue) {
        self.0.lock().unwrap().push((cue, Instant::now()));
    }
}

fn control(base: Duration) -> TimeControl {
    TimeControl { periods: vec![Period { moves: None, base, increment: Duration::ZERO, delay: Duration::ZERO }] }
}

/// Samples the clock against the monotonic clock every 10 ms; the largest difference.
fn drift(length: Duration, base: Duration) -> Duration {
    let start = Instant::now();
    let time = TimeSource::Real { start, offset: 0 };
    let mut clock = Clock::new(control(base));
    clock.start(Color::White, Timestamp(0));
    let mut worst = Duration::ZERO;
    while start.elapsed() < length {
        let reported = clock.remaining(Color::White, time.now());
        let expected = base.saturating_sub(start.elapsed());
        worst = worst.max(reported.abs_diff(expected));
        thread::sleep(Duration::from_millis(10));
    }
    worst
}

/// Runs the real loop with White's clock `before_mark` above a five-minute mark; how late the
/// tick cues come after their marks.
fn mark_latency(length: Duration, before_mark: Duration) -> Vec<Duration> {
    let base = Duration::from_secs(300) + before_mark;
    let settings = Settings { control: control(base), speech: SpeechMode::Off, ..Settings::default() };
    let mut session = Session::new(settings).unwrap();
    let cues = Arc::new(Mutex::new(Vec::new()));
    let mut outputs = Outputs {
        out: Box::new(io::sink()),
        speaker: Box::new(SilentSpeaker),
        cues: Box::new(Timed(Arc::clone(&cues))),
        transcript: None,
        journal: None,
    };
    let start = Instant::now();
    let source = Box::new(Idle { until: start + length });
    let opening = session.apply(Event::Start, Timestamp(0));
    let time = TimeSource::Real { start, offset: 0 };
    run(&mut session, source, &mut outputs, time, opening, Devices::default()).unwrap();
    let ticks = cues
        .lock()
        .unwrap()
        .iter()
        .filter(|(c, _)| matches!(c, Cue::Tick5 | Cue::Tick15))
        .map(|(_, at)| *at)
        .collect::<Vec<_>>();
    ticks
        .into_iter()
        .enumerate()
        .map(|(i, at)| at.saturating_duration_since(start + before_mark + Duration::from_secs(300) * i as u32))
        .collect()
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let (length, before_mark) = if quick {
        (Duration::from_secs(5), Duration::from_secs(2))
    } else {
        (Duration::from_secs(600), Duration::from_secs(300))
    };
    println!("real clock over {} s", length.as_secs());
    let sampler = thread::spawn(move || drift(length, Duration::from_secs(900)));
    let latencies = mark_latency(length, before_mark);
    let worst_drift = sampler.join().unwrap();
    println!("largest difference between the clock and the monotonic clock: {:.3} ms", worst_drift.as_secs_f64() * 1e3);
    for (i, l) in latencies.iter().enumerate() {
        println!("mark cue {}: {:.3} ms after the mark", i + 1, l.as_secs_f64() * 1e3);
    }
    let worst = latencies.iter().max().copied().unwrap_or_default();
    println!("budget: difference < 5 ms, cue < 50 ms after the mark");
    let ok = worst_drift < Duration::from_millis(5) && !latencies.is_empty() && worst < Duration::from_millis(50);
    println!("{}", if ok { "within budget" } else { "OVER BUDGET" });
}
