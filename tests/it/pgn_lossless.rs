//! PGN without loss: games as chess servers and tournament bulletins publish them (every tag,
//! clocks and evaluations in comments, move marks, nested variations, a result decided off the
//! board, a record that goes on past the end of the game) are set up with `--pgn` and written back
//! with `pgn`; an independent reader (python-chess) finds the two files the same, tag for tag, move
//! for move, mark for mark, variation for variation.

use std::process::Command;

use crate::support::{annabella, fresh_dir, QUIET};

/// Compares two PGN files with python-chess; prints what differs and exits 1 when anything does.
const COMPARE: &str = r#"
import sys, chess.pgn

def tree(node):
    out = []
    for i, child in enumerate(node.variations):
        out.append((i, child.move.uci(), sorted(child.nags), child.comment.strip(), tree(child)))
    return out

def describe(path):
    game = chess.pgn.read_game(open(path, encoding="utf-8"))
    return dict(game.headers), game.comment.strip(), tree(game)

a, b = describe(sys.argv[1]), describe(sys.argv[2])
for name, x, y in zip(["headers", "intro", "moves"], a, b):
    if x != y:
        print(name, "differ:", x, "against", y)
        sys.exit(1)
print("same")
"#;

/// A blitz game as a chess server publishes it: clocks, evaluations, marks, a resignation.
const SERVER: &str = r#"[Event "Rated Blitz game"]
[Site "https://example.org/abcdefgh"]
[Date "2024.03.17"]
[Round "-"]
[White "Anna"]
[Black "Bruno"]
[Result "1-0"]
[UTCDate "2024.03.17"]
[UTCTime "18:02:11"]
[WhiteElo "1850"]
[BlackElo "1798"]
[ECO "C50"]
[Opening "Italian Game"]
[TimeControl "300+3"]
[Termination "Normal"]

1. e4 { [%eval 0.2] [%clk 0:05:00] } 1... e5 { [%eval 0.25] [%clk 0:05:00] } 2. Nf3 { [%eval 0.18] [%clk 0:04:59] } 2... Nc6 { [%eval 0.3] [%clk 0:05:01] } 3. Bc4 { [%eval 0.22] [%clk 0:05:00] } 3... Nd4?! { [%eval 0.9] [%clk 0:04:58] } 4. Nxe5 { [%eval 0.6] [%clk 0:04:55] } 4... Qg5?? { [%eval 5.1] [%clk 0:04:40] } 5. Nxf7 $1 { [%eval 5.4] [%clk 0:04:50] } 1-0
"#;

/// A bulletin game: an annotator's comments, nested variations, NAGs, a draw by agreement.
const BULLETIN: &str = r#"[Event "Club Championship"]
[Site "Tallinn EST"]
[Date "2025.10.05"]
[Round "3.2"]
[White "Kask, Mari"]
[Black "Tamm, Jaan"]
[Result "1/2-1/2"]
[ECO "D37"]
[Annotator "Saar"]
[PlyCount "12"]

{A quiet Queen's Gambit.} 1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Nf3 Be7 (4... c5 5. cxd5 (5. e3 Nc6) 5... Nxd5 $10) 5. Bf4 O-O 6. e3 c5 $5 {The main line.} 7. dxc5 Bxc5 8. Qc2 Nc6 $14 1/2-1/2
"#;

/// A game whose record goes on after a dead position (bishop and king against king).
const PAST_THE_END: &str = r#"[Event "Casual"]
[Site "?"]
[Date "2023.01.01"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1/2-1/2"]
[SetUp "1"]
[FEN "8/8/8/4k3/8/8/3p4/4K1B1 w - - 0 1"]

1. Kxd2 Kd5 2. Kd3 Ke5 3. Bd4+ Kd5 1/2-1/2
"#;

fn round_trip(name: &str, text: &str) -> (String, String) {
    let dir = fresh_dir(&format!("pgn-lossless-{name}"));
    let (original, written) = (dir.join("original.pgn"), dir.join("written.pgn"));
    std::fs::write(&original, text).unwrap();
    let journal = dir.join("game.journal");
    let args = [
        &["play", "--lang", "en", "--pgn", original.to_str().unwrap(), "--journal", journal.to_str().unwrap()][..],
        &QUIET[..],
    ]
    .concat();
    let out = annabella(&args, &[], &format!("pgn {}\nquit\n", written.display()));
    let printed = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(written.is_file(), "{printed}");
    let script = dir.join("compare.py");
    std::fs::write(&script, COMPARE).unwrap();
    let compared = Command::new("python3").arg(&script).arg(&original).arg(&written).output().expect("python3 runs");
    let verdict = String::from_utf8_lossy(&compared.stdout).into_owned();
    let kept = std::fs::read_to_string(&written).unwrap();
    assert!(compared.status.success(), "{verdict}{}\n{kept}", String::from_utf8_lossy(&compared.stderr));
    assert!(journal.is_file(), "--pgn with --journal keeps the game in that journal");
    (printed, kept)
}

#[test]
fn a_server_game_comes_back_whole_with_its_result_decided_off_the_board() {
    let (printed, kept) = round_trip("server", SERVER);
    assert!(kept.contains("[TimeControl \"300+3\"]") && kept.contains("[Date \"2024.03.17\"]"), "{kept}");
    assert!(kept.contains("[Result \"1-0\"]") && kept.trim_end().ends_with("1-0"), "{kept}");
    assert!(printed.contains("The PGN records the result 1-0"), "{printed}");
}

#[test]
fn a_bulletin_game_keeps_its_comments_marks_and_variations() {
    let (_, kept) = round_trip("bulletin", BULLETIN);
    let kept = kept.replace('\n', " ");
    assert!(kept.contains("(4... c5 5. cxd5 (5. e3 Nc6) 5... Nxd5 $10)"), "{kept}");
}

#[test]
fn moves_recorded_after_the_end_are_kept_and_said() {
    let (printed, kept) = round_trip("past-the-end", PAST_THE_END);
    assert!(
        printed.contains("The record goes on after the end of the game at half-move 1, for 5 half-moves more;"),
        "{printed}"
    );
    assert!(kept.contains("Bd4+"), "{kept}");
}

/// The PGN tag's numbers are seconds: `300+3` is five minutes, not five hours.
#[test]
fn the_time_control_tag_is_read_in_seconds() {
    let dir = fresh_dir("pgn-seconds");
    let original = dir.join("original.pgn");
    std::fs::write(&original, SERVER.replace(" 1-0\n", " *\n").replace("[Result \"1-0\"]", "[Result \"*\"]")).unwrap();
    let args = [&["play", "--lang", "en", "--pgn", original.to_str().unwrap()][..], &QUIET[..]].concat();
    let out = annabella(&args, &[], "time white\nquit\n");
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(printed.contains("4 minutes 50 seconds"), "{printed}");
}

/// The scoresheet exported from a game decided off the board carries its result.
#[test]
fn the_exported_scoresheet_carries_the_result() {
    let dir = fresh_dir("pgn-sheet");
    let original = dir.join("original.pgn");
    std::fs::write(&original, SERVER).unwrap();
    let sheet = dir.join("sheet.txt");
    let out = annabella(
        &["export", original.to_str().unwrap(), "--format", "text", "--out", sheet.to_str().unwrap(), "--lang", "en"],
        &[],
        "",
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    let text = std::fs::read_to_string(&sheet).unwrap();
    assert!(text.trim_end().ends_with("1-0"), "{text}");
}

/// A game played on from a PGN keeps what it had and adds what was played: the new moves and the
/// new result, with every tag, comment, mark and variation of the record.
#[test]
fn a_game_played_on_keeps_its_record_and_adds_the_new_moves() {
    let dir = fresh_dir("pgn-played-on");
    let (original, written) = (dir.join("original.pgn"), dir.join("written.pgn"));
    std::fs::write(&original, BULLETIN.replace("1/2-1/2\n", "*\n").replace("[Result \"1/2-1/2\"]", "[Result \"*\"]"))
        .unwrap();
    let args = [&["play", "--lang", "en", "--pgn", original.to_str().unwrap()][..], &QUIET[..]].concat();
    annabella(&args, &[], &format!("Rd1\nresign black\nyes\npgn {}\n", written.display()));
    let kept = std::fs::read_to_string(&written).unwrap().replace('\n', " ");
    for wanted in
        ["[Annotator \"Saar\"]", "[Round \"3.2\"]", "[Result \"1-0\"]", "{A quiet Queen's Gambit.}", "$5", "9. Rd1"]
    {
        assert!(kept.contains(wanted), "{wanted} is missing:\n{kept}");
    }
    assert!(kept.contains("(4... c5 5. cxd5"), "{kept}");
    assert!(kept.trim_end().ends_with("1-0"), "{kept}");
}
