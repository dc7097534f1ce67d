//! Moves said aloud, heard: a whole game announced move by move in the Appendix E words by a
//! natural-sounding German test voice (MBROLA de6 through espeak-ng, installed for the tests by
//! scripts/test-voices.sh), each announcement heard by PocketSphinx against the grammar of its
//! position. Nothing but a legal move is ever heard, and nearly every move is heard right.

use std::process::Command;

use annabella::listen::{to_rate, MoveGrammar, Recognizer};
use annabella::notation::{spoken, PhrasePack, SpokenStyle};
use shakmaty::{san::San, Chess, Position};

/// A Ruy Lopez of sixty half-moves.
const GAME: &str = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5 \
    Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 Nbd2 Nxd6 Nc4 Nxc4 Bxc4 Nb6 Ne5 Rae8 Bxf7+ \
    Rxf7 Nxf7 Rxe1+ Qxe1 Kxf7 Qe3 Qg5 Qxg5 hxg5 b3 Ke6 a3 Kd6";

/// `text` said by the German MBROLA voice, as 16 kHz samples.
fn say_de6(text: &str, dir: &std::path::Path) -> Vec<i16> {
    let wav = dir.join("said.wav");
    let out = Command::new("espeak-ng").args(["-v", "mb-de6", "-w"]).arg(&wav).arg(text).output().unwrap();
    assert!(
        out.status.success() && wav.is_file(),
        "the mb-de6 voice is missing: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let samples = annabella::speech::read_wav(&wav).unwrap();
    to_rate(&samples, annabella::speech::CLIP_RATE)
}

#[test]
fn a_whole_game_said_aloud_is_heard_move_by_move() {
    let dir = crate::support::fresh_dir("listen-game");
    let pack = PhrasePack::named("appendix-e").unwrap();
    let mut recognizer = Recognizer::new("appendix-e", None).expect("PocketSphinx and its model are installed");
    let mut pos = Chess::default();
    let (mut right, mut wrong, mut missed) = (0, Vec::new(), Vec::new());
    for san in GAME.split_whitespace() {
        let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
        let words = spoken(&pos, mv, &pack, SpokenStyle::default());
        let grammar = MoveGrammar::for_position(&pos, &pack);
        match recognizer.hear(&grammar, &say_de6(&words, &dir)).unwrap() {
            Some(heard) if heard.mv == Some(mv) => right += 1,
            Some(heard) => wrong.push(format!("{words} heard as {}", heard.words)),
            None => missed.push(words),
        }
        assert!(pos.is_legal(mv));
        pos.play_unchecked(mv);
    }
    let total = GAME.split_whitespace().count();
    // The floor; the exact figures are in BENCHMARKS.md.
    assert!(right * 100 >= total * 90, "{right} of {total} right; wrong: {wrong:?}; missed: {missed:?}");
}

#[test]
fn what_is_not_a_move_of_the_position_is_not_heard_as_one() {
    let dir = crate::support::fresh_dir("listen-nothing");
    let pack = PhrasePack::named("appendix-e").unwrap();
    let mut recognizer = Recognizer::new("appendix-e", None).unwrap();
    // In the start position "Eva fünf" is no move: whatever is heard is a legal move.
    let pos = Chess::default();
    let grammar = MoveGrammar::for_position(&pos, &pack);
    if let Some(heard) = recognizer.hear(&grammar, &say_de6("Eva fünf", &dir)).unwrap() {
        assert!(heard.mv.is_none_or(|mv| pos.is_legal(mv)));
    }
    assert_eq!(recognizer.hear(&grammar, &vec![0; 16_000]).unwrap(), None, "silence is no move");
}

/// `annabella listen` hears a recording in its position and says the move; a recording of no
/// move of the position exits 2.
#[test]
fn the_listen_check_says_what_it_heard() {
    let dir = crate::support::fresh_dir("listen-check");
    let wav = dir.join("move.wav");
    let said = |text: &str| {
        let ok = Command::new("espeak-ng").args(["-v", "mb-de6", "-w"]).arg(&wav).arg(text).status().unwrap();
        assert!(ok.success());
    };
    said("Springer Felix drei");
    let out = crate::support::annabella(&["listen", wav.to_str().unwrap(), "--speech", "off", "--lang", "en"], &[], "");
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "Heard: springer felix drei (Nf3).\n");
    std::fs::write(&wav, vec![0u8; 100]).unwrap();
    let out = crate::support::annabella(&["listen", wav.to_str().unwrap(), "--speech", "off", "--lang", "en"], &[], "");
    assert_eq!(out.status.code(), Some(2));
}

/// The commands a player needs without the keyboard are heard too, as the words the session
/// reads as typed.
#[test]
fn spoken_commands_are_heard() {
    let dir = crate::support::fresh_dir("listen-commands");
    let pack = PhrasePack::named("appendix-e").unwrap();
    let mut recognizer = Recognizer::new("appendix-e", None).unwrap();
    let grammar = MoveGrammar::for_position(&Chess::default(), &pack);
    let mut right = 0;
    for word in annabella::listen::SPOKEN_COMMANDS {
        let heard = recognizer.hear(&grammar, &say_de6(word, &dir)).unwrap();
        if heard.as_ref().is_some_and(|h| h.words == word && h.mv.is_none()) {
            right += 1;
        }
    }
    assert!(right >= 10, "{right} of {} commands heard", annabella::listen::SPOKEN_COMMANDS.len());
}
