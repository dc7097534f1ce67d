//! PGN through the binary, checked by an independent reader (python-chess): the same moves, the
//! same clock readings, the draw offer, the tags.

use std::process::Command;

use crate::support::{annabella, fresh_dir, QUIET};

const READER: &str = r#"
import re, sys, chess.pgn
game = chess.pgn.read_game(open(sys.argv[1]))
print(game.headers["White"], game.headers["Result"], game.headers["TimeControl"], game.headers["Termination"])
for node in game.mainline():
    comment = re.sub(r"\[%clk [^\]]*\]", "", node.comment).strip()
    print(node.move.uci(), int(node.clock()) if node.clock() is not None else "-", comment)
"#;

#[test]
fn an_exported_game_is_read_alike_by_python_chess() {
    let dir = fresh_dir("pgn");
    let pgn = dir.join("game.pgn");
    let out = annabella(
        &[
            &[
                "play",
                "--time-control",
                "90+30",
                "--white",
                "Anna",
                "--journal",
                dir.join("g.journal").to_str().unwrap(),
            ][..],
            &QUIET[..],
        ]
        .concat(),
        &[],
        &format!(
            "advance 1m\ne4\nadvance 2m\ne5 (=)\ndecline\nadvance 3m\nNf3\nresign black\nyes\npgn {}\n",
            pgn.display()
        ),
    );
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains("The game is saved as PGN in"), "{printed}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[White \"Anna\"]") && text.contains("[TimeControl \"5400+30\"]"), "{text}");
    let script = dir.join("read.py");
    std::fs::write(&script, READER).unwrap();
    let read = Command::new("python3").arg(&script).arg(&pgn).output().expect("python3 runs");
    let listing = String::from_utf8(read.stdout).unwrap();
    assert!(read.status.success(), "python-chess failed: {}", String::from_utf8_lossy(&read.stderr));
    let expected = "Anna 1-0 5400+30 normal\n\
                    e2e4 5370 \n\
                    e7e5 5310 (=)\n\
                    g1f3 5220 \n";
    assert_eq!(listing, expected, "{text}");
}

#[test]
fn a_game_saved_loaded_and_saved_again_is_the_same() {
    let dir = fresh_dir("pgn-again");
    let (first, second) = (dir.join("first.pgn"), dir.join("second.pgn"));
    let env = vec![("XDG_DATA_HOME".to_string(), dir.join("data").to_str().unwrap().to_string())];
    let common = QUIET;
    let mut args = vec!["play", "--time-control", "40/90+30,G/30+30", "--black", "Bruno"];
    args.extend(common);
    let input = format!("advance 1m\nd4\nadvance 2m\nNf6\nc4 (=)\nadvance 10s\ne6\npgn {}\n", first.display());
    annabella(&args, &env, &input);
    let mut args = vec!["play", "--pgn", first.to_str().unwrap()];
    args.extend(common);
    let out = annabella(&args, &env, &format!("time\npgn {}\n", second.display()));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains("Game loaded from PGN: 4 half-moves played, White to move."), "{printed}");
    assert!(
        printed
            .contains("White: 1 hour 30 minutes, moves made: 2. Black: 1 hour 28 minutes 50 seconds, moves made: 2."),
        "{printed}"
    );
    let (a, b) = (std::fs::read_to_string(&first).unwrap(), std::fs::read_to_string(&second).unwrap());
    assert!(a.contains("[Black \"Bruno\"]") && a.contains("2. c4 {[%clk 1:30:00] (=)}"), "{a}");
    assert_eq!(a, b);
}

#[test]
fn a_chess960_game_leaves_with_its_variant_and_comes_back() {
    let dir = fresh_dir("pgn-960");
    let env = vec![("XDG_DATA_HOME".to_string(), dir.join("data").to_str().unwrap().to_string())];
    let pgn = dir.join("960.pgn");
    let mut args = vec!["play", "--chess960", "0"];
    args.extend(QUIET);
    annabella(&args, &env, &format!("Nf3\nNf6\ng3\ng6\npgn {}\n", pgn.display()));
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[Variant \"Chess960\"]"), "{text}");
    assert!(text.contains("[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w"), "{text}");
    let script = dir.join("read.py");
    std::fs::write(&script, READER).unwrap();
    let read = Command::new("python3").arg(&script).arg(&pgn).output().expect("python3 runs");
    assert!(read.status.success(), "python-chess failed: {}", String::from_utf8_lossy(&read.stderr));
    let listing = String::from_utf8(read.stdout).unwrap();
    assert!(listing.ends_with("e1f3 - \ne8f6 - \ng2g3 - \ng7g6 - \n"), "{listing}");
    let mut args = vec!["play", "--pgn", pgn.to_str().unwrap()];
    args.extend(QUIET);
    let again = dir.join("again.pgn");
    let out = annabella(&args, &env, &format!("O-O\npgn {}\n", again.display()));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains("Castling is blocked: a piece stands on Felix eins."), "{printed}");
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);
    assert!(printed.contains("Game loaded from PGN: 4 half-moves played, White to move."), "{printed}");
}

/// A stray or unclosed brace is reported with its place, at once, by `--pgn` and by `export`.
#[test]
fn a_stray_brace_is_reported_where_it_is_and_nothing_hangs() {
    let dir = crate::support::fresh_dir("pgn-brace");
    let stray = dir.join("stray.pgn");
    std::fs::write(&stray, "[White \"A\"]\n[Black \"B\"]\n\n1. e4 } e5 *\n").unwrap();
    let unclosed = dir.join("unclosed.pgn");
    std::fs::write(&unclosed, "[White \"A\"]\n\n1. e4 e5 (1... c5 2. Nf3 *\n").unwrap();
    let env = [("XDG_DATA_HOME".to_string(), dir.display().to_string())];
    let started = std::time::Instant::now();
    let out = annabella(&["play", "--pgn", stray.to_str().unwrap(), "--speech", "off"], &env, "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .contains("stray cannot be used: a bracket at line 4, column 7 closes nothing."),
        "{out:?}"
    );
    let out = annabella(&["export", unclosed.to_str().unwrap()], &[], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the ( at line 3, column 10 is never closed"), "{out:?}");
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
}

/// A file of several games: `--pgn` lists them and asks for one, `--game N` plays that one, and
/// `export` says that it took the first.
#[test]
fn a_file_of_several_games_asks_which() {
    let dir = crate::support::fresh_dir("pgn-many");
    let pgn = dir.join("many.pgn");
    let game = |white: &str, moves: &str, result: &str| {
        format!("[White \"{white}\"]\n[Black \"Mari\"]\n[Result \"{result}\"]\n\n{moves} {result}\n\n")
    };
    let text = [
        game("Anna", "1. e4 e5", "*"),
        game("Bruno", "1. d4 d5 2. c4", "*"),
        game("Carl", "1. f3 e5 2. g4 Qh4#", "1-0"),
    ];
    std::fs::write(&pgn, text.concat()).unwrap();
    let env = [("XDG_DATA_HOME".to_string(), dir.display().to_string())];
    let p = pgn.to_str().unwrap();
    let out = annabella(&["play", "--pgn", p, "--speech", "off"], &env, "");
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains(
            "holds 3 games; choose one with the option game and its number: 1: Anna against Mari, not finished; 2: Bruno against Mari, not finished; 3: Carl against Mari, White won."
        ),
        "{said}"
    );
    let out =
        annabella(&["play", "--pgn", p, "--game", "2", "--speech", "off", "--clock", "simulated"], &env, "fen\nquit\n");
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(said.contains("rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2"), "{said}");
    // The third game's result is contradicted by its moves: Black mated White.
    let out =
        annabella(&["play", "--pgn", p, "--game", "3", "--speech", "off", "--clock", "simulated"], &env, "quit\n");
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(said.contains("The PGN gives the result 1-0, but its moves end the game 0-1."), "{said}");
    let out = annabella(&["play", "--pgn", p, "--game", "4", "--speech", "off"], &env, "");
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("cannot be used: there is no game 4; it holds 3."),
        "{out:?}"
    );
    let out = annabella(&["export", p], &[], "");
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("The file holds 3 games; the first is exported"));
    assert!(String::from_utf8_lossy(&out.stdout).contains("1. e4 e5"));
    let out = annabella(&["export", p, "--number", "2"], &[], "");
    assert!(String::from_utf8_lossy(&out.stdout).contains("1. d4 d5"), "{out:?}");
}
