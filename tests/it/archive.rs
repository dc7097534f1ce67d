//! The archive: a game played to its end is kept in the games folder, and `annabella games` lists
//! the games there, newest first, from the side of the player at the tactile board.

use crate::support::{annabella, fresh_dir, QUIET};

/// A game played to its end is kept in the games folder, and `annabella games` lists it with the
/// others, newest first, from the side of the player at the tactile board.
#[test]
fn finished_games_are_kept_and_listed_newest_first() {
    let dir = fresh_dir("archive");
    let data = dir.join("data");
    let env = vec![("XDG_DATA_HOME".to_string(), data.display().to_string())];
    let games = data.join("annabella").join("games");
    std::fs::create_dir_all(&games).unwrap();
    let old = "[Event \"?\"]\n[Date \"2020.05.17\"]\n[White \"Anna\"]\n[Black \"Bruno\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n";
    std::fs::write(games.join("old.pgn"), old).unwrap();
    let mut args = vec!["play", "--lang", "en", "--blind", "white", "--black", "Carla"];
    args.extend(QUIET);
    annabella(&args, &env, "f3\ne5\ng4\nQh4#\n");
    let out = annabella(&["games", "--speech", "off", "--lang", "en"], &env, "");
    let printed = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines.len(), 3, "{printed}");
    assert_eq!(lines[0], "2 games, the newest first.");
    assert!(lines[1].starts_with("1. ") && lines[1].ends_with(": with White against Carla, lost."), "{printed}");
    assert_eq!(lines[2], "2. 17 May 2020: Anna against Bruno, drawn.");
}

/// A folder named with `--dir` that is not there is said so (exit 2), not listed as an empty
/// archive; its name alone is said, and the option as a word.
#[test]
fn a_games_folder_that_is_not_there_is_said_so() {
    let dir = fresh_dir("archive-missing");
    let missing = dir.join("no-such-folder");
    let transcript = dir.join("said.txt");
    let args = ["--speech", "off", "--transcript", transcript.to_str().unwrap(), "games", "--dir"];
    let out = annabella(&[&args[..], &[missing.to_str().unwrap()]].concat(), &[], "");
    assert_eq!(out.status.code(), Some(2));
    let said = "There is no folder no such folder; the option dir of games takes a folder of PGN files.";
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("{said}\n"));
    assert_eq!(std::fs::read_to_string(&transcript).unwrap(), format!("say: {said}\n"));
}
