//! The catalogue of bad input (`tests/data/bad-inputs.tsv`): each input, typed in the start
//! position, gets its own specific answer (never the catch-all "I cannot read"), with an error or
//! illegal-move cue, spoken in words, and the position, the boards and the clock stay as they
//! were. A line too long, or holding bytes that are not text, is refused alone.

use annabella::clock::Timestamp;
use annabella::session::Event;

use crate::support::data;
use crate::support::{assert_speakable, quiet, started};

/// `\xNN` escapes as bytes, read as the line reader reads them (bytes that are not text become
/// U+FFFD).
fn decode(input: &str) -> String {
    let mut bytes = Vec::new();
    let mut rest = input.as_bytes();
    while let Some((&b, tail)) = rest.split_first() {
        if b == b'\\' && tail.first() == Some(&b'x') && tail.len() >= 3 {
            let hex = std::str::from_utf8(&tail[1..3]).unwrap();
            bytes.push(u8::from_str_radix(hex, 16).unwrap());
            rest = &tail[3..];
        } else {
            bytes.push(b);
            rest = tail;
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The first printed line of the answer to `input`, after checking that nothing changed.
fn answer(input: &str) -> String {
    let mut s = started(quiet());
    let before = (annabella::rules::to_fen(s.game().position()), format!("{:?}", s.table()));
    let response = s.apply(Event::Input(s.read(input)), Timestamp(1));
    let after = (annabella::rules::to_fen(s.game().position()), format!("{:?}", s.table()));
    assert_eq!(before.0, after.0, "{input:?} changed the position");
    assert!(before.1 == after.1, "{input:?} changed the boards or the sheets");
    let first = response.lines.iter().find(|l| !l.text.is_empty()).unwrap_or_else(|| panic!("{input:?}: silence"));
    assert!(first.cue.is_some(), "{input:?}: no cue for {}", first.text);
    assert_speakable(&response, input);
    first.text.clone()
}

#[test]
fn every_bad_input_gets_its_own_answer_and_changes_nothing() {
    let path = data("bad-inputs.tsv");
    let text = std::fs::read_to_string(&path).unwrap();
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut rewritten = String::new();
    let mut failures = Vec::new();
    let mut count = 0;
    for line in text.lines() {
        if line.starts_with('#') || line.is_empty() {
            rewritten.push_str(line);
            rewritten.push('\n');
            continue;
        }
        let (input, expected) = line.split_once('\t').unwrap_or((line, ""));
        let got = answer(&decode(input));
        count += 1;
        assert!(!got.starts_with("I cannot read"), "{input:?} got the catch-all: {got}");
        if !update && got != expected {
            failures.push(format!("{input:?}\n  expected {expected}\n  got      {got}"));
        }
        rewritten.push_str(&format!("{input}\t{got}\n"));
    }
    if update {
        std::fs::write(&path, rewritten).unwrap();
    }
    assert!(count >= 300, "the catalogue has {count} inputs");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_line_too_long_is_refused_at_once_with_its_length() {
    for (line, length) in [("b".repeat(5000), 5000), ("e4 ".repeat(400_000), 1_200_000)] {
        let started = std::time::Instant::now();
        let got = answer(&line);
        assert!(got.contains(&length.to_string()) && got.contains("4096"), "{got}");
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }
}

/// With a clock: no time added and a move counter beyond any game are refused with why (spoken
/// in words, with a cue), and the clock stays as it was.
#[test]
fn clock_corrections_beyond_sense_are_refused_with_why() {
    let settings = annabella::config::Settings {
        control: "90+30".parse().unwrap(),
        clock: annabella::clock::ClockMode::Simulated,
        ..quiet()
    };
    let mut s = started(settings);
    let said = |s: &mut annabella::session::Session, input: &str| {
        let response = s.apply(Event::Input(s.read(input)), Timestamp(1));
        assert_speakable(&response, input);
        let first = response.lines.iter().find(|l| !l.text.is_empty()).cloned().unwrap();
        (first.text, first.cue.is_some())
    };
    let before = said(&mut s, "time").0;
    let cases = [
        ("add-time black 0s", "No time is given to Black: say how much, such as 2m or 30s."),
        ("add-time white 0m", "No time is given to White: say how much, such as 2m or 30s."),
        (
            "set-moves white 4294967295",
            "4294967295 is more moves than a game can have; say a number from 0 to 6000. Nothing is changed.",
        ),
    ];
    for (input, expected) in cases {
        assert_eq!(said(&mut s, input), (expected.to_string(), true), "{input}");
    }
    assert_eq!(said(&mut s, "time").0, before);
}

/// A scoresheet asked from a move it does not reach says how far it goes, not that it is empty.
#[test]
fn a_sheet_asked_beyond_its_last_move_says_how_far_it_goes() {
    let mut s = started(quiet());
    for line in ["e4", "ok", "e5", "ok"] {
        s.apply(Event::Input(s.read(line)), Timestamp(1));
    }
    let response = s.apply(Event::Input(s.read("sheet white from 99")), Timestamp(2));
    assert_speakable(&response, "sheet white from 99");
    let first = response.lines.iter().find(|l| !l.text.is_empty()).unwrap();
    assert_eq!(first.text, "White's scoresheet does not reach move 99: its last move is move 1.");
    let response = s.apply(Event::Input(s.read("sheet white from 1")), Timestamp(3));
    assert!(response.lines.iter().any(|l| l.text.contains("e4")), "{:?}", response.lines);
}

/// A long scoresheet is read from its last ten moves, with how to hear the whole of it; `from 1`
/// reads it all.
#[test]
fn a_long_sheet_is_read_from_its_last_ten_moves() {
    let mut s = started(quiet());
    let moves = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6";
    for (at, mv) in moves.split(' ').enumerate() {
        s.apply(Event::Input(s.read(mv)), Timestamp(at as u64 + 1));
    }
    let said: Vec<String> =
        s.apply(Event::Input(s.read("sheet")), Timestamp(100)).lines.into_iter().map(|l| l.text).collect();
    assert_eq!(said[0], "The last 10 moves, from move 2; sheet from 1 reads the whole sheet.", "{said:?}");
    assert!(said[1].starts_with("White's scoresheet: 2. Nf3 Nc6"), "{said:?}");
    let all: Vec<String> =
        s.apply(Event::Input(s.read("sheet from 1")), Timestamp(101)).lines.into_iter().map(|l| l.text).collect();
    assert!(all.len() == 1 && all[0].starts_with("White's scoresheet: 1. e4 e5"), "{all:?}");
}
