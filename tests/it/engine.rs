//! A real engine, after the game: Debian's Stockfish (installed by the set-up) finds a mate at a
//! fixed depth, says a won position is won, flags a known blunder, and writes the game again with
//! its evaluations, which an independent reader (python-chess) reads back. During a game the
//! engine is refused (Art. 11.3); a missing engine is named by its package.

use std::process::Command;

use crate::support::{annabella, fresh_dir, QUIET};

fn engine(args: &[&str]) -> (String, Option<i32>) {
    let mut all = vec!["engine", "--speech", "off", "--lang", "en", "--depth", "10"];
    all.extend(args);
    let out = annabella(&all, &[], "");
    (String::from_utf8_lossy(&out.stdout).into_owned(), out.status.code())
}

/// A position the Laws have already decided is said as decided, not scored: checkmate, stalemate,
/// a dead position (where an engine says "about equal" or "winning").
#[test]
fn a_decided_position_is_said_as_decided() {
    for (fen, said) in [
        ("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "Checkmate. White wins.\n"),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "Stalemate. The game is drawn.\n"),
        ("8/8/8/4k3/8/8/8/4KB2 w - - 0 1", "Draw: dead position, neither side can checkmate.\n"),
    ] {
        let (printed, code) = engine(&["--fen", fen]);
        assert_eq!((printed.as_str(), code), (said, Some(0)), "{fen}");
    }
    // In Estonian, the winner begins the second sentence with a capital.
    let out =
        annabella(&["engine", "--speech", "off", "--lang", "et", "--fen", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"], &[], "");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "Matt. Valge võitis.\n");
}

#[test]
fn a_mate_in_one_is_found_and_said_in_words() {
    let (printed, code) = engine(&["--fen", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"]);
    assert_eq!(code, Some(0));
    // Without speech the words are printed, not the notation.
    assert_eq!(printed, "Black mates in one move.\nBest line: Dame Hector vier Matt.\n");
}

#[test]
fn a_won_position_is_said_to_be_won() {
    let (printed, _) = engine(&["--fen", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"]);
    assert!(printed.starts_with("White is winning.\n"), "{printed}");
    let german =
        ["engine", "--speech", "off", "--lang", "de", "--depth", "10", "--fen", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"];
    let printed = String::from_utf8_lossy(&annabella(&german, &[], "").stdout).into_owned();
    assert!(printed.starts_with("Weiß steht auf Gewinn.\n"), "{printed}");
}

const READER: &str = r#"
import sys, chess.pgn
game = chess.pgn.read_game(open(sys.argv[1]))
for node in game.mainline():
    e = node.eval()
    print(node.move.uci(), sorted(node.nags), "-" if e is None else e.white())
"#;

#[test]
fn a_blunder_is_flagged_and_the_game_is_written_with_its_evaluations() {
    let dir = fresh_dir("engine-game");
    let game = dir.join("scholar.pgn");
    std::fs::write(&game, "[Event \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n").unwrap();
    let (printed, code) = engine(&[game.to_str().unwrap()]);
    assert_eq!(code, Some(0));
    // Without speech the words are printed, with who moved.
    assert!(
        printed.contains("Black's move 3, Springer Felix sechs, was a blunder; better was Gustav sechs."),
        "{printed}"
    );
    let analysed = dir.join("scholar-analysed.pgn");
    assert!(printed.contains("The analysed game is saved in"), "{printed}");
    let script = dir.join("read.py");
    std::fs::write(&script, READER).unwrap();
    let read = Command::new("python3").arg(&script).arg(&analysed).output().unwrap();
    assert!(read.status.success(), "{}", String::from_utf8_lossy(&read.stderr));
    let listing = String::from_utf8_lossy(&read.stdout);
    let lines: Vec<&str> = listing.lines().collect();
    assert_eq!(lines.len(), 7, "{listing}");
    assert!(lines[5].starts_with("g8f6 [4] #+1"), "the blunder carries ?? and the mate it allows: {listing}");
    assert!(lines[0].starts_with("e2e4 [] +"), "{listing}");
    assert!(lines[6].ends_with(" -"), "no evaluation after the mate: {listing}");
}

#[test]
fn the_engine_is_refused_during_a_game() {
    let mut args = vec!["play", "--lang", "en"];
    args.extend(QUIET);
    let out = annabella(&args, &[], "e4\nengine\n");
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(printed.contains("No engine analysis while the game is in progress (Article 11.3)."), "{printed}");
}

#[test]
fn a_missing_engine_is_named_by_its_path_and_its_reason() {
    let (printed, code) = engine(&["--engine", "no-such-engine"]);
    assert_eq!(code, Some(2));
    assert!(printed.contains("There is no chess engine no-such-engine: name its program file"), "{printed}");
    let (printed, _) = engine(&["--engine", "/nonexistent/stockfish"]);
    assert!(printed.contains("There is no chess engine /nonexistent/stockfish"), "{printed}");
    let dir = fresh_dir("engine-not-a-program");
    let (printed, _) = engine(&["--engine", dir.to_str().unwrap()]);
    assert!(printed.contains("is a folder, not a chess engine"), "{printed}");
    let unmarked = dir.join("unmarked.sh");
    std::fs::write(&unmarked, "#!/bin/sh\necho uciok\n").unwrap();
    let (printed, _) = engine(&["--engine", unmarked.to_str().unwrap()]);
    assert!(
        printed.contains("cannot be started: it may not be run as a program, as it is not marked executable"),
        "{printed}"
    );
    assert!(!printed.contains("write"), "{printed}");
}

/// An engine whose answers no position allows (an illegal best move, mate in nought, a score
/// beyond any position) is not believed: that is said, and nothing of it is written.
#[test]
fn an_engine_that_answers_nonsense_is_not_believed() {
    let dir = fresh_dir("engine-nonsense");
    let game = dir.join("game.pgn");
    std::fs::write(&game, "[Event \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n").unwrap();
    for (name, on_go) in [
        ("illegal.sh", "echo 'info depth 5 score cp 20 pv e2e5'; echo 'bestmove e2e5'"),
        ("mate.sh", "echo 'info depth 5 score mate 0 pv a2a3'; echo 'bestmove a2a3'"),
        ("huge.sh", "echo 'info depth 5 score cp 2000000000 pv a2a3'; echo 'bestmove a2a3'"),
    ] {
        let path = dir.join(name);
        let text = format!(
            "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    uci) echo 'id name fake'; echo uciok ;;\n    isready) echo readyok ;;\n    go*) {on_go} ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
        );
        std::fs::write(&path, text).unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        let (printed, code) = engine(&[game.to_str().unwrap(), "--engine", path.to_str().unwrap()]);
        assert_eq!(code, Some(2), "{name}: {printed}");
        assert!(printed.contains("The chess engine's answers cannot be used"), "{name}: {printed}");
        assert!(!printed.contains("No mistakes"), "{name}: {printed}");
        assert!(!dir.join("game-analysed.pgn").exists(), "{name}");
    }
}

/// A game number the file does not have is refused by name, not replaced by the first game.
#[test]
fn a_game_the_file_does_not_have_is_refused() {
    let dir = fresh_dir("engine-no-game");
    let game = dir.join("one.pgn");
    std::fs::write(&game, "[Event \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *\n").unwrap();
    let (printed, code) = engine(&[game.to_str().unwrap(), "--number", "9"]);
    assert_eq!(code, Some(2));
    assert!(
        printed.contains("There is no game 9 in ") && printed.ends_with("one.pgn; the number of games in it is 1.\n"),
        "{printed}"
    );
    assert!(!dir.join("one-analysed.pgn").exists());
}

/// An engine that answers `go` with no move (`bestmove (none)`) is said to have stopped at once;
/// one that never answers `go` is given its time and ten seconds, then said to have stopped: no
/// wait without end (the bound here is far from either: the default wait was two minutes).
#[test]
fn an_engine_that_gives_no_move_or_never_answers_go_is_said_in_time() {
    let dir = fresh_dir("engine-silent-go");
    let script = |name: &str, on_go: &str| {
        let path = dir.join(name);
        let text = format!(
            "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    uci) echo 'id name fake'; echo uciok ;;\n    isready) echo readyok ;;\n    go*) {on_go} ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
        );
        std::fs::write(&path, text).unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    };
    let none = script("none.sh", "echo 'bestmove (none)'");
    let hangs = script("hangs.sh", ":");
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let started = std::time::Instant::now();
    let (printed, code) = engine(&["--fen", fen, "--engine", none.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{printed}");
    assert!(printed.contains("stopped answering"), "{printed}");
    assert!(started.elapsed() < std::time::Duration::from_secs(60), "{:?}", started.elapsed());
    let started = std::time::Instant::now();
    let (printed, code) = engine(&["--fen", fen, "--engine", hangs.to_str().unwrap(), "--time", "1s"]);
    assert_eq!(code, Some(2), "{printed}");
    assert!(printed.contains("stopped answering"), "{printed}");
    assert!(started.elapsed() < std::time::Duration::from_secs(60), "{:?}", started.elapsed());
}

/// The game's own marks of its moves (an annotator's `!`) are kept in the analysed copy: the
/// engine's verdict is said, never written over them.
#[test]
fn the_games_own_marks_are_not_written_over() {
    let dir = fresh_dir("engine-own-marks");
    let game = dir.join("marked.pgn");
    std::fs::write(&game, "[Event \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6! 4. Qxf7# 1-0\n").unwrap();
    let (printed, code) = engine(&[game.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.contains("Black's move 3, Springer Felix sechs, was a blunder"), "{printed}");
    let script = dir.join("read.py");
    std::fs::write(&script, READER).unwrap();
    let read = Command::new("python3").arg(&script).arg(dir.join("marked-analysed.pgn")).output().unwrap();
    let listing = String::from_utf8_lossy(&read.stdout);
    let lines: Vec<&str> = listing.lines().collect();
    assert!(lines[5].starts_with("g8f6 [1] "), "the annotator's ! stays, no ?? beside it: {listing}");
}
