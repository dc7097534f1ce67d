//! Golden transcripts: each file under `tests/golden/` (in folders by subject) is a session run
//! through the real loop with the simulated clock. Its header sets the game up, spelled as a user
//! spells it: `#! section.key = value` as in the configuration file (`#! game.white = "Anna"`),
//! `#! --flag value` as on the command line (`#! --chess960 518`); `#! greeting` keeps what is
//! said when the game opens in the transcript (without it the transcript starts at the first
//! input); a practice game's header names the engine (`#! --opponent engine`) and a count of
//! positions for each of its searches (`#! opponent.nodes = 20000`), so that it plays the same
//! moves every time. `> input` lines are typed, and every other line is expected output: printed text,
//! `cue: NAME` for each sound and `say: …` for what is spoken. Run with `UPDATE_GOLDEN=1` to
//! rewrite the files from the program's output (then read the diff before committing).

use std::path::{Path, PathBuf};

use annabella::cli::Cli;
use annabella::clock::{ClockMode, Timestamp};
use annabella::config::{settle, Settings, Source};
use annabella::front::{opponent_for, run, Devices, TimeSource};
use annabella::session::{Event, Response, Session};
use annabella::speech::SpeechMode;
use clap::Parser;

use crate::support::recorded::{append, outputs, Log, Script};

/// The golden files, in folders by subject, in a stable order.
fn goldens() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "txt") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden"), &mut files);
    files.sort();
    files
}

/// The settings a golden's header asks for, over those of a silent game on the simulated clock.
fn settings(file: &Path, header: &[&str]) -> Settings {
    let mut sections: std::collections::BTreeMap<&str, String> = Default::default();
    let mut flags = vec!["annabella".to_string()];
    for line in header {
        if let Some(flag) = line.strip_prefix("--") {
            let (name, value) = flag.split_once(' ').unwrap_or((flag, ""));
            flags.extend([format!("--{name}"), value.to_string()].into_iter().filter(|f| !f.is_empty()));
        } else if let Some((key, value)) = line.split_once(" = ") {
            let (section, name) =
                key.split_once('.').unwrap_or_else(|| panic!("{}: {key} names no section", file.display()));
            sections.entry(section).or_default().push_str(&format!("{name} = {value}\n"));
        } else if *line != "greeting" {
            panic!("{}: cannot read the header line {line:?}", file.display());
        }
    }
    let toml: String = sections.iter().map(|(section, keys)| format!("[{section}]\n{keys}")).collect();
    let cli = Cli::try_parse_from(&flags).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let base = Settings { speech: SpeechMode::Text, clock: ClockMode::Simulated, ..Settings::default() };
    let origin = file.display().to_string();
    settle(base, &[Source { origin: &origin, text: &toml }], &cli.play.flags(&cli.global))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Replays the inputs of a golden file through the loop and returns the transcript it produces.
fn replay(file: &Path, expected: &str) -> String {
    let header: Vec<&str> = expected.lines().filter_map(|l| l.strip_prefix("#! ")).collect();
    let log: Log = Log::default();
    for line in expected.lines().filter(|l| l.starts_with('#')) {
        append(&log, &format!("{line}\n"));
    }
    let inputs = expected.lines().filter_map(|l| l.strip_prefix("> ")).map(String::from);
    let settings = settings(file, &header);
    // A practice game's engine (Stockfish) really plays: each search a fixed count of positions.
    let opponent = opponent_for(&settings).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    assert!(opponent.is_none() || settings.opponent.nodes.is_some(), "{}: opponent.nodes", file.display());
    let mut session = Session::new(settings).unwrap();
    let mut outputs = outputs(&log);
    let opening = session.apply(Event::Start, Timestamp(0));
    let opening = if header.contains(&"greeting") { opening } else { Response::default() };
    let script = Box::new(Script::new(inputs, &log));
    let devices = Devices { opponent, ..Devices::default() };
    run(&mut session, script, &mut outputs, TimeSource::Simulated(0), opening, devices).unwrap();
    let text = log.lock().unwrap().clone();
    text
}

#[test]
fn golden_transcripts() {
    let files = goldens();
    assert!(files.len() >= 60, "expected the golden games, found {}", files.len());
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut failures = Vec::new();
    for file in files {
        let expected = std::fs::read_to_string(&file).unwrap();
        let got = replay(&file, &expected);
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
    let mut found = Vec::new();
    let mut spoken = 0;
    for path in goldens() {
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            let Some(said) = line.strip_prefix("say: ") else { continue };
            spoken += 1;
            if let Some(notation) = annabella::speech::unspeakable(said) {
                found.push(format!("{}: {notation:?} in {said:?}", path.display()));
            }
        }
    }
    assert!(spoken > 300, "only {spoken} spoken lines were found");
    assert!(found.is_empty(), "{} spoken lines hold notation:\n{}", found.len(), found.join("\n"));
}
