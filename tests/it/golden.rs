//! Golden transcripts: each file in `tests/golden/` is a session run through the real loop with
//! the simulated clock. `#! key: value` lines set up the game, `> input` lines are typed, and
//! every other line is expected output: printed text, `cue: NAME` for each sound and `say: …`
//! for what is spoken. Run with `UPDATE_GOLDEN=1` to rewrite the files from the program's output
//! (then read the diff before committing).

use std::collections::VecDeque;
use std::io;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use annabella::audio::{Cue, CuePlayer};
use annabella::clock::ClockMode;
use annabella::clock::Timestamp;
use annabella::config::Settings;
use annabella::front::LineSource;
use annabella::front::Outputs;
use annabella::front::TimeSource;
use annabella::front::{run, Devices};
use annabella::session::Event;
use annabella::session::Session;
use annabella::speech::SpeechMode;
use annabella::speech::{Speaker, Utterance};
use annabella::table::parse_blind;

type Log = Arc<Mutex<String>>;

fn append(log: &Log, text: &str) {
    log.lock().unwrap().push_str(text);
}

/// The typed lines, each echoed into the log as `> line` when read.
struct Script {
    lines: VecDeque<String>,
    log: Log,
}

impl LineSource for Script {
    fn read_line(&mut self) -> io::Result<Option<String>> {
        let line = self.lines.pop_front();
        if let Some(l) = &line {
            append(&self.log, &format!("> {l}\n"));
        }
        Ok(line)
    }
}

struct Printed(Log);

impl io::Write for Printed {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        append(&self.0, std::str::from_utf8(buf).unwrap());
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

struct Said(Log);

impl Speaker for Said {
    fn speak(&mut self, u: &Utterance) {
        append(&self.0, &format!("say: {}\n", u.text));
    }

    fn configure(&mut self, v: &annabella::speech::VoiceSettings) {
        if *v != annabella::config::Settings::default().voice {
            append(&self.0, &format!("voice: rate {}, volume {}, voice {:?}\n", v.rate, v.volume, v.voice));
        }
    }
}

struct Sounded(Log);

impl CuePlayer for Sounded {
    fn play(&mut self, cue: Cue) {
        append(&self.0, &format!("cue: {cue}\n"));
    }
}

fn settings(header: &[(String, String)]) -> Settings {
    let mut s = Settings { speech: SpeechMode::Text, clock: ClockMode::Simulated, ..Settings::default() };
    for (key, value) in header {
        match key.as_str() {
            "fen" => s.fen = Some(value.clone()),
            "white" => s.white = value.clone(),
            "black" => s.black = value.clone(),
            "blind" => s.blind = parse_blind(value).unwrap(),
            "lang" => s.lang = value.parse().unwrap(),
            "sighted" => s.sighted_letters = value.parse().unwrap(),
            "blind_letters" => s.blind_letters = value.parse().unwrap(),
            "pack" => s.pack = value.clone(),
            "say_pawn" => s.style.say_pawn = value == "true",
            "from_square" => s.style.from_square = value == "true",
            "square_letters" => s.style.square_letters = value == "true",
            "ruleset" => s.ruleset = value.parse().unwrap(),
            "verbosity" => s.verbosity = value.parse().unwrap(),
            "time_control" => s.control = value.parse().unwrap(),
            "flag" => s.flag = value.parse().unwrap(),
            "marks" => s.marks = value.parse().unwrap(),
            "warnings" => s.warnings = value.parse().unwrap(),
            "relay" => s.relay = value.parse().unwrap(),
            "confirm" => s.confirm = value == "true",
            "chess960" => {
                let number = value.parse().unwrap();
                s.fen = annabella::rules::chess960_fen(number);
                s.chess960 = Some(number);
            }
            other => panic!("unknown golden header {other}"),
        }
    }
    s
}

/// Replays the inputs of a golden file through the loop and returns the transcript it produces.
fn replay(expected: &str) -> String {
    let header: Vec<(String, String)> = expected
        .lines()
        .filter_map(|l| l.strip_prefix("#! "))
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let log: Log = Arc::default();
    for line in expected.lines().filter(|l| l.starts_with('#')) {
        append(&log, &format!("{line}\n"));
    }
    let inputs = expected.lines().filter_map(|l| l.strip_prefix("> ")).map(String::from).collect();
    let mut session = Session::new(settings(&header)).unwrap();
    let mut outputs = Outputs {
        out: Box::new(Printed(log.clone())),
        speaker: Box::new(Said(log.clone())),
        cues: Box::new(Sounded(log.clone())),
        transcript: None,
        journal: None,
    };
    let script = Box::new(Script { lines: inputs, log: log.clone() });
    let opening = session.apply(Event::Start, Timestamp(0));
    run(&mut session, script, &mut outputs, TimeSource::Simulated(0), opening, Devices::default()).unwrap();
    let text = log.lock().unwrap().clone();
    text
}

#[test]
fn golden_transcripts() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert!(files.len() >= 16, "expected the golden games, found {}", files.len());
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut failures = Vec::new();
    for file in files {
        let expected = std::fs::read_to_string(&file).unwrap();
        let got = replay(&expected);
        if update {
            std::fs::write(&file, &got).unwrap();
        } else if got != expected {
            failures.push(format!("{}\n--- expected\n{expected}\n--- got\n{got}", file.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Every spoken line of every golden transcript is words: no notation a speech engine would read
/// letter by letter (`Nbd2`, `O-O`, `b8=Q`, `1...`, brackets, bars, `e.p.`).
#[test]
fn every_spoken_line_is_speakable() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut found = Vec::new();
    let mut spoken = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            let Some(said) = line.strip_prefix("say: ") else { continue };
            spoken += 1;
            if let Some(notation) = annabella::speech::notation_in(said) {
                found.push(format!("{}: {notation:?} in {said:?}", path.file_name().unwrap().to_string_lossy()));
            }
        }
    }
    assert!(spoken > 500, "only {spoken} spoken lines were found");
    assert!(found.is_empty(), "{} spoken lines hold notation:\n{}", found.len(), found.join("\n"));
}
