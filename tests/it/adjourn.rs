//! Adjournment through the binary: a sealed move kept in an envelope, never said; the game resumed
//! from it and the move opened only on command; a losing ambiguous sealed move, a harmless slip,
//! a move sealed in another language's letters, and a draw agreed before the envelope is opened.

use std::path::{Path, PathBuf};

use crate::support::{annabella, fresh_dir, Scratch, QUIET};

fn dir(name: &str) -> Scratch {
    fresh_dir(&format!("adjourn-{name}"))
}

fn env(d: &Path) -> Vec<(String, String)> {
    vec![("XDG_DATA_HOME".into(), d.join("data").to_str().unwrap().into())]
}

/// Plays `input` in a new game journaled in `d`; returns what was printed and the envelope's path.
fn adjourned(d: &Path, extra: &[&str], input: &str) -> (String, PathBuf) {
    let journal = d.join("game.journal");
    let mut args = vec!["play", "--journal", journal.to_str().unwrap()];
    args.extend(QUIET);
    args.extend_from_slice(extra);
    let out = annabella(&args, &env(d), input);
    (String::from_utf8(out.stdout).unwrap(), d.join("game.envelope"))
}

fn resume(d: &Path, envelope: &Path, extra: &[&str], input: &str) -> (Option<i32>, String) {
    let mut args = vec!["resume", envelope.to_str().unwrap(), "--speech", "off", "--cues", "off"];
    args.extend_from_slice(extra);
    let out = annabella(&args, &env(d), input);
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn a_sealed_move_is_kept_and_opened_on_command() {
    let d = dir("open");
    let (printed, envelope) = adjourned(
        &d,
        &["--time-control", "G/30"],
        "e4\nadvance 1m\ne5\nadvance 2m\nNf3\nadvance 3m\nseal Nc6\ndraw\nadjourn 22 November 2026, 10:00, Tallinn\nNc6\n",
    );
    assert!(printed.contains("Game adjourned at move 2: Black has sealed a move"), "{printed}");
    assert!(printed.contains("The game is adjourned"), "{printed}");
    assert!(!printed.contains("Nc6:"), "the sealed move was shown: {printed}");
    let text = std::fs::read_to_string(&envelope).unwrap();
    for field in [
        "sealed = \"Nc6\"",
        "sealed_by = \"black\"",
        "move_number = 2",
        "draw_offer = \"white\"",
        "black_left_ms = 1560000",
        "white_left_ms = 1680000",
        "black_used_ms = 240000",
        "Tallinn",
    ] {
        assert!(text.contains(field), "{field} missing from {text}");
    }
    let (code, printed) = resume(&d, &envelope, &[], "Nf6\ntime\nopen\ntime\n");
    assert_eq!(code, Some(0));
    assert!(
        printed.contains("Adjourned game resumed at move 2: Black has sealed a move. Say open when White is present."),
        "{printed}"
    );
    assert!(printed.contains("The sealed move must be opened first"), "{printed}");
    assert!(printed.contains("White: 28 minutes, moves made: 2. Black: 26 minutes, moves made: 1."), "{printed}");
    assert!(printed.contains("The sealed move is Springer Cesar sechs.\n2... Nc6: Springer Cesar sechs"), "{printed}");
    assert!(printed.contains("Black: 26 minutes, moves made: 2."), "{printed}");
}

#[test]
fn an_ambiguous_sealed_move_loses() {
    let d = dir("ambiguous");
    let (_, envelope) = adjourned(&d, &["--fen", "4k3/pp6/8/8/8/8/P7/1N2KN2 w - - 0 30"], "seal Nd2\nadjourn\n");
    let (_, printed) = resume(&d, &envelope, &[], "open\n");
    assert!(printed.contains("The sealed move Nd2 is ambiguous, unreadable or illegal"), "{printed}");
    assert!(printed.contains("result: 0-1 (invalid sealed move)"), "{printed}");
}

#[test]
fn an_obvious_slip_stands() {
    let d = dir("slip");
    let config = d.join("et.toml");
    std::fs::write(&config, "[notation]\nsighted = \"et\"\n").unwrap();
    let c = config.to_str().unwrap();
    let (_, envelope) =
        adjourned(&d, &["--config", c, "--fen", "6k1/4n1p1/8/8/8/8/6P1/4K3 b - - 0 40"], "seal Re7—f4\nadjourn\n");
    let (_, printed) = resume(&d, &envelope, &[], "open\n");
    // Read in the sealer's own letters (Estonian: R is the knight), not the interface's; without
    // speech the words are printed.
    assert!(printed.contains("The sealed move is read as Springer Felix fünf: an obvious slip"), "{printed}");
    assert!(printed.contains("40... Rf5: Springer Felix fünf"), "{printed}");
}

/// A move sealed in the letters of another language than the sealer's, with one meaning there
/// (`Sf3` of a German player whose letters are English), is not said to lose when sealed and
/// stands when opened.
#[test]
fn a_move_sealed_in_another_languages_letters_stands() {
    let d = dir("other-letters");
    let (printed, envelope) = adjourned(&d, &["--lang", "de"], "e4\ne5\nseal Sf3\nadjourn\n");
    assert!(!printed.contains("Partieverlust"), "{printed}");
    let (_, printed) = resume(&d, &envelope, &["--lang", "de"], "open\n");
    assert!(
        printed.contains(
            "Der Abgabezug ist mit deutschen Buchstaben geschrieben und hat nur eine Bedeutung: Springer Felix drei."
        ),
        "{printed}"
    );
    assert!(printed.contains("2. Nf3: Springer Felix drei"), "{printed}");
}

#[test]
fn a_draw_agreed_before_opening_ends_the_game() {
    let d = dir("draw");
    let (_, envelope) = adjourned(&d, &[], "e4\nseal e5\ndraw\nadjourn\n");
    let (_, printed) = resume(&d, &envelope, &[], "accept\nyes\nopen\n");
    assert!(printed.contains("Draw by agreement.\nresult: 1/2-1/2 (agreement)"), "{printed}");
    assert!(printed.contains("The game is over"), "{printed}");
}

#[test]
fn a_broken_envelope_is_refused() {
    let d = dir("broken");
    let envelope = d.join("bad.envelope");
    std::fs::write(&envelope, "white = \"A\"\nsealed = 5\n").unwrap();
    let (code, printed) = resume(&d, &envelope, &[], "");
    assert_eq!(code, Some(2));
    assert!(printed.contains("bad.envelope, line 2: sealed takes a text in quotes."), "{printed}");
}

#[test]
fn a_resumed_envelope_goes_on_in_the_same_game_and_resumes_only_once() {
    let d = dir("once");
    let (_, envelope) =
        adjourned(&d, &["--time-control", "G/30"], "e4\nadvance 1m\ne5\nadvance 2m\nNf3\nseal Nc6\nadjourn\n");
    let journal = std::fs::canonicalize(d.join("game.journal")).unwrap();
    let text = std::fs::read_to_string(&envelope).unwrap();
    assert!(text.contains(&format!("journal = \"{}\"", journal.display())), "{text}");
    let (code, printed) = resume(&d, &envelope, &[], "open\nsheet white\nBb5\n");
    assert_eq!(code, Some(0), "{printed}");
    // The whole game, from its first move: the scoresheet and the journal hold it all.
    assert!(
        printed.contains(
            "White's scoresheet: move 1: Eva vier, Eva fünf; move 2: Springer Felix drei, Springer Cesar sechs."
        ),
        "{printed}"
    );
    assert!(printed.contains("3. Bb5: Läufer Bella fünf"), "{printed}");
    let out = annabella(&["export", journal.to_str().unwrap()], &[], "");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "Scoresheet.\n\n1. e4 e5\n2. Nf3 Nc6\n3. Bb5\n");
    // Once only: the envelope now names the journal the game went on in.
    let (code, again) = resume(&d, &envelope, &[], "open\n");
    assert_eq!(code, Some(2), "{again}");
    assert!(again.contains("was opened already; the game goes on in"), "{again}");
    assert!(again.contains(&journal.display().to_string()), "{again}");
    // And the game goes on from its journal, as any other.
    let mut args = vec!["play", "--journal", journal.to_str().unwrap()];
    args.extend(QUIET);
    let out = annabella(&args, &env(&d), "Nf6\n");
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains("3... Nf6: Springer Felix sechs"), "{printed}");
}

#[test]
fn without_its_journal_an_envelope_still_resumes_from_its_position() {
    let d = dir("no-journal");
    let (_, envelope) = adjourned(&d, &[], "e4\ne5\nseal Nf3\nadjourn 3 December 10:00, the club\n");
    std::fs::remove_file(d.join("game.journal")).unwrap();
    let transcript = d.join("said.txt");
    let (code, printed) = resume(&d, &envelope, &["--transcript", transcript.to_str().unwrap()], "open\n");
    assert_eq!(code, Some(0), "{printed}");
    // What is missing is said; and when and where the game resumes, in words.
    let said = std::fs::read_to_string(&transcript).unwrap();
    assert!(said.contains("is not there: the game goes on from the envelope's position, without the moves"), "{said}");
    assert!(said.contains("say: Resumption: 3 December 10:00, the club"), "{said}");
    assert!(printed.contains("2. Nf3: Springer Felix drei"), "{printed}");
    let text = std::fs::read_to_string(&envelope).unwrap();
    assert!(text.contains("resumed_in = \"/"), "{text}");
}

/// A move played after sealing one, instead of adjourning, sets the sealed move aside (said): it
/// is not taken for a later adjournment.
#[test]
fn a_move_played_after_sealing_sets_the_sealed_move_aside() {
    let d = dir("adjourn-set-aside");
    let mut args = vec!["play"];
    args.extend(QUIET);
    let out = annabella(&args, &env(&d), "e4\ne5\nseal Bb5\nBc4\nNc6\nadjourn\n");
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(printed.contains("White played a move instead of adjourning: the sealed move is set aside."), "{printed}");
    // White's old sealed move does not count when White is to move again.
    assert!(printed.contains("First the player to move seals a move"), "{printed}");
}
