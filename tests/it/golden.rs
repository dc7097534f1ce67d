//! Golden transcripts: each file in `tests/golden/` is a session. `#! key: value` lines set up
//! the game, `> input` lines are typed, and every other line is expected output: printed text,
//! followed by `say: …` for what is spoken. Run with `UPDATE_GOLDEN=1` to rewrite the files
//! from the program's output (then read the diff before committing).

use std::fmt::Write as _;
use std::path::PathBuf;

use annabella::config::{parse_blind, Settings, SpeechMode};
use annabella::repl::{parse_line, Response, Session, Timestamp};

fn settings(header: &[(String, String)]) -> Settings {
    let mut s = Settings {
        speech: SpeechMode::Text,
        ..Settings::default()
    };
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
            "ruleset" => s.ruleset = value.parse().unwrap(),
            other => panic!("unknown golden header {other}"),
        }
    }
    s
}

fn render(out: &mut String, response: &Response) {
    for line in &response.lines {
        writeln!(out, "{}", line.text).unwrap();
        if let Some(u) = &line.speech {
            writeln!(out, "say: {}", u.text).unwrap();
        }
    }
}

/// Replays the inputs of a golden file and returns the transcript the program produces.
fn replay(expected: &str) -> String {
    let header: Vec<(String, String)> = expected
        .lines()
        .filter_map(|l| l.strip_prefix("#! "))
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let mut out = String::new();
    for line in expected.lines().filter(|l| l.starts_with('#')) {
        writeln!(out, "{line}").unwrap();
    }
    let mut session = Session::new(settings(&header)).unwrap();
    render(&mut out, &session.start());
    for (i, input) in expected
        .lines()
        .filter_map(|l| l.strip_prefix("> "))
        .enumerate()
    {
        writeln!(out, "> {input}").unwrap();
        let response = session.handle(parse_line(input), Timestamp(i as u64 * 1000));
        render(&mut out, &response);
    }
    out
}

#[test]
fn golden_transcripts() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(
        files.len() >= 12,
        "expected the golden games, found {}",
        files.len()
    );
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut failures = Vec::new();
    for file in files {
        let expected = std::fs::read_to_string(&file).unwrap();
        let got = replay(&expected);
        if update {
            std::fs::write(&file, &got).unwrap();
        } else if got != expected {
            failures.push(format!(
                "{}\n--- expected\n{expected}\n--- got\n{got}",
                file.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
