//! Enter → utterance handed to the speech backend, in process: for games of pseudo-random legal
//! moves, the time from taking a typed move (journaled and synced first, as the loop does) to the
//! moment the first utterance of its answer reaches the speaker. `cargo bench --bench session`;
//! figures go in BENCHMARKS.md.

use std::time::{Duration, Instant};

use annabella::audio::SilentCues;
use annabella::clock::Timestamp;
use annabella::command::parse_line;
use annabella::config::{settings_to_toml, Settings};
use annabella::front::Outputs;
use annabella::messages::Lang;
use annabella::notation::{san, LetterSet};
use annabella::session::Event;
use annabella::session::Session;
use annabella::speech::SpeechMode;
use annabella::speech::{Speaker, Utterance};
use annabella::store::Journal;
use shakmaty::Position;

/// Notes when the first utterance of an answer arrives (shared with the speaker handed over).
#[derive(Default, Clone)]
struct Stamp(std::sync::Arc<std::sync::Mutex<Option<Instant>>>);

impl Stamp {
    fn clear(&self) {
        *self.0.lock().unwrap() = None;
    }

    fn at(&self) -> Option<Instant> {
        *self.0.lock().unwrap()
    }
}

impl Speaker for Stamp {
    fn speak(&mut self, _u: &Utterance) {
        self.0.lock().unwrap().get_or_insert_with(Instant::now);
    }
}

fn measure(games: usize, journaled: bool) -> Vec<Duration> {
    let dir = std::env::temp_dir().join(format!("annabella-bench-session-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut times = Vec::new();
    for game in 0..games {
        let settings = Settings { speech: SpeechMode::Off, cues: false, ..Settings::default() };
        let mut session = Session::new(settings.clone()).unwrap();
        let mut journal = journaled.then(|| {
            let path = dir.join(format!("{game}.journal"));
            let _ = std::fs::remove_file(&path);
            Journal::create(&path, &settings_to_toml(&settings), Timestamp(0), 0).unwrap()
        });
        let opening = session.apply(Event::Start, Timestamp(0));
        let stamp = Stamp::default();
        let mut outputs = Outputs {
            out: Box::new(std::io::sink()),
            speaker: Box::new(stamp.clone()),
            cues: Box::new(SilentCues),
            transcript: None,
            journal: None,
        };
        outputs.emit(&opening).unwrap();
        for ply in 0..200u64 {
            let pos = session.game().position().clone();
            let moves = pos.legal_moves();
            if moves.is_empty() || session.game().is_over() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let text = san(&pos, moves[(seed % moves.len() as u64) as usize], LetterSet::English);
            let now = Timestamp(ply * 1000);
            stamp.clear();
            let start = Instant::now();
            if let Some(j) = journal.as_mut() {
                j.input(&text, now, 0).unwrap();
            }
            let response = session.apply(Event::Input(parse_line(&text, Lang::En)), now);
            outputs.emit(&response).unwrap();
            if let Some(at) = stamp.at() {
                times.push(at - start);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    times.sort();
    times
}

fn main() {
    let games = std::env::var("GAMES").ok().and_then(|g| g.parse().ok()).unwrap_or(20);
    for journaled in [false, true] {
        let times = measure(games, journaled);
        let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
        println!(
            "Enter -> utterance handed over ({}): {} moves, p50 {:?}, p99 {:?}, worst {:?}",
            if journaled { "journal synced first" } else { "no journal" },
            times.len(),
            at(0.5),
            at(0.99),
            times.last().unwrap()
        );
    }
}
