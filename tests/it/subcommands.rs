//! Every subcommand that answers speaks words and, without speech, prints them: each is run with
//! `--speech text --transcript`, every utterance of its transcript is checked to be words (the
//! speakable check), and the words said stand in what it printed, in order.

use crate::support::{annabella, fresh_dir};
use annabella::speech::unspeakable;

const GAME: &str = "[Event \"?\"]\n[White \"Anna\"]\n[Black \"Bruno\"]\n[Result \"1-0\"]\n\n\
                    1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

/// Runs `annabella ARGS --speech text --lang LANG --transcript T` with `input`; returns what it
/// printed (standard output and error) and what it said.
fn run(name: &str, args: &[&str], lang: &str, input: &str) -> (String, Vec<String>) {
    let dir = fresh_dir(&format!("subcommand-{name}"));
    let transcript = dir.join("said.txt");
    let mut all = args.to_vec();
    all.extend(["--speech", "text", "--lang", lang, "--transcript", transcript.to_str().unwrap()]);
    let out = annabella(&all, &[], input);
    let printed = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let said = std::fs::read_to_string(&transcript).unwrap_or_default();
    let said: Vec<String> = said.lines().filter_map(|l| l.strip_prefix("say: ")).map(String::from).collect();
    (printed, said)
}

/// The words of a text, in lower case.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

/// Every utterance is words, and the words of all of them stand in `printed` in the order said.
fn assert_said_and_printed(name: &str, printed: &str, said: &[String]) {
    assert!(!said.is_empty(), "{name}: nothing was said; it printed:\n{printed}");
    for utterance in said {
        assert_eq!(unspeakable(utterance), None, "{name}: {utterance:?} is not words");
    }
    let shown = words(printed);
    let mut rest = shown.iter();
    for utterance in said {
        for word in words(utterance) {
            assert!(rest.any(|w| *w == word), "{name}: {word:?} of {utterance:?} was not printed:\n{printed}");
        }
    }
}

#[test]
fn every_subcommand_says_words_and_prints_them_without_speech() {
    let dir = fresh_dir("subcommands-words");
    let game = dir.join("game.pgn");
    std::fs::write(&game, GAME).unwrap();
    let game = game.to_str().unwrap();
    let sheet = dir.join("sheet.txt");
    let sheet = sheet.to_str().unwrap();
    let games = dir.join("archive");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(games.join("one.pgn"), GAME).unwrap();
    let games = games.to_str().unwrap();
    let cases: Vec<(&str, Vec<&str>, &str)> = vec![
        ("review", vec!["review", game], "next\nnext\nend\nsquare f7\nlast\nhelp\nquit\n"),
        ("games", vec!["games", "--dir", games], ""),
        ("export", vec!["export", game, "--out", sheet], ""),
        ("export-refused", vec!["export", game, "--format", "a.txt"], ""),
        ("analyse", vec!["analyse", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "8/8/8/8/8/5k2/8/4K3 w - - 0 1"], ""),
        ("analyse-refused", vec!["analyse", "not a fen"], ""),
        ("pairings", vec!["pairings", "5"], ""),
        ("say", vec!["say", "Springer Felix drei"], ""),
        ("play", vec!["play", "--clock", "simulated"], "e4\ne5\nlast 2\npieces\nfen\nquit\n"),
        ("engine", vec!["engine", "--depth", "8", game], ""),
        ("engine-position", vec!["engine", "--depth", "8", "--fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"], ""),
    ];
    for lang in ["en", "et", "de"] {
        for (name, args, input) in &cases {
            let (printed, said) = run(&format!("{name}-{lang}"), args, lang, input);
            assert_said_and_printed(&format!("{name} in {lang}"), &printed, &said);
        }
    }
}

/// Without speech, a review prints who moved and the move in words, not notation alone.
#[test]
fn a_review_without_speech_prints_the_moves_in_words() {
    let dir = fresh_dir("subcommands-review-words");
    let game = dir.join("game.pgn");
    std::fs::write(&game, GAME).unwrap();
    let (printed, _) = run("review-words", &["review", game.to_str().unwrap()], "de", "next\nnext\n");
    assert!(printed.contains("Zug 1 von Weiß: Eva vier\n"), "{printed}");
    assert!(printed.contains("Zug 1 von Schwarz: Eva fünf\n"), "{printed}");
}

/// The usual start given as a position (as `play` from a review's first move gives it) is no set
/// position to be described piece by piece; another position is.
#[test]
fn the_usual_start_given_as_a_position_is_not_described() {
    let play = |fen: &str| {
        let out =
            annabella(&["play", "--fen", fen, "--speech", "off", "--cues", "off", "--lang", "en"], &[], "quit\nyes\n");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let usual = play("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(!usual.contains("A set position") && !usual.contains("Starting from"), "{usual}");
    assert!(usual.contains("White to move."), "{usual}");
    let set = play("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert!(set.contains("A set position. White has king and pawn; Black has king."), "{set}");
}

/// A setting or a section written twice in a configuration is named, not left to "quotes and
/// brackets".
#[test]
fn a_setting_written_twice_is_named() {
    let dir = fresh_dir("config-twice");
    let config = dir.join("twice.toml");
    std::fs::write(&config, "[game]\nwhite = \"A\"\nwhite = \"B\"\n").unwrap();
    let out =
        annabella(&["play", "--config", config.to_str().unwrap(), "--speech", "off", "--lang", "en"], &[], "quit\n");
    let all = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(all.contains("line 3: game.white is written twice; it may be written only once."), "{all}");
    assert!(!all.contains("quotes, brackets"), "{all}");
}
