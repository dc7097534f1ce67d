//! The archive: a game played to its end is kept in the games folder, and `annabella games` lists
//! the games there (the unfinished ones from their journals), newest first, from the side of the
//! player at the tactile board.

use crate::support::{annabella, fresh_dir, Scratch, QUIET};
use std::path::PathBuf;

type Env = Vec<(String, String)>;

/// A game played in a fresh data folder of its own, removed when the test is done with it.
struct Played {
    env: Env,
    data: PathBuf,
    said: String,
    _scratch: Scratch,
}

/// A fresh data folder named `name` (its environment and its folder) where a game was played
/// with `play_args` (quiet) and `input`, and what the game printed.
fn played(name: &str, play_args: &[&str], input: &str) -> Played {
    let scratch = fresh_dir(name);
    let data = scratch.join("data");
    let env = vec![("XDG_DATA_HOME".to_string(), data.display().to_string())];
    let mut args = [&["play"], play_args].concat();
    args.extend(QUIET);
    let out = annabella(&args, &env, input);
    Played { env, data, said: String::from_utf8_lossy(&out.stdout).into_owned(), _scratch: scratch }
}

/// What `annabella games` printed in `lang`, line by line.
fn listed(env: &Env, lang: &str) -> Vec<String> {
    let out = annabella(&["games", "--speech", "off", "--lang", lang], env, "");
    String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect()
}

const AS_WHITE: [&str; 6] = ["--lang", "en", "--blind", "white", "--black", "Carla"];

/// A game played to its end is kept in the games folder, and `annabella games` lists it with the
/// others, newest first, from the side of the player at the tactile board.
#[test]
fn finished_games_are_kept_and_listed_newest_first() {
    let Played { env, data, .. } = &played("archive", &AS_WHITE, "f3\ne5\ng4\nQh4#\n");
    let games = data.join("annabella").join("games");
    let old = "[Event \"?\"]\n[Date \"2020.05.17\"]\n[White \"Anna\"]\n[Black \"Bruno\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n";
    std::fs::write(games.join("old.pgn"), old).unwrap();
    let lines = listed(env, "en");
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0], "2 games, the newest first.");
    assert!(
        lines[1].starts_with("1. ")
            && lines[1].ends_with(": with White against Carla, lost. Moves: 2. Opening: Barnes Opening: Fool's Mate."),
        "{lines:?}"
    );
    assert_eq!(lines[2], "2. 17 May 2020: Anna against Bruno, drawn. Moves: 1. Opening: King's Pawn Game.");
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

/// A game left unfinished is kept in its journal and listed with the others as not finished (the
/// program said it was kept); `review` and its number replay it as far as it was played, and the
/// journal itself can be named; a journal whose game cannot be replayed is counted, not listed.
#[test]
fn an_unfinished_game_is_listed_and_reviewed() {
    let as_black = ["--lang", "en", "--blind", "black", "--white", "Dana"];
    let Played { env, data, said, .. } = &played("archive-unfinished", &as_black, "e4\ne5\nNf3\nquit\nyes\n");
    assert!(said.contains("unfinished and kept"), "{said}");
    let games = data.join("annabella").join("games");
    std::fs::write(games.join("torn.journal"), "annabella-journal 1\nnot a record\n").unwrap();
    let lines = listed(env, "de");
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0], "Eine Partie.");
    assert!(
        lines[1].starts_with("1. ")
            && lines[1].ends_with(": mit Schwarz gegen Dana, nicht beendet. Züge: 2. Eröffnung: Königsspringerspiel."),
        "{lines:?}"
    );
    assert_eq!(lines[2], "Ein Partieprotokoll im Ordner lässt sich nicht nachspielen; es wird ausgelassen.");

    let reviewed = annabella(&["review", "1", "--speech", "off", "--lang", "en"], env, "end\nquit\n");
    let reviewed = String::from_utf8_lossy(&reviewed.stdout);
    assert!(reviewed.contains("Replaying Dana against an unnamed player, not finished, 3 half-moves."), "{reviewed}");
    assert!(reviewed.contains("White's move 2: Springer Felix drei"), "{reviewed}");

    let journal = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "journal") && !p.ends_with("torn.journal"))
        .unwrap();
    let named = annabella(&["review", journal.to_str().unwrap(), "--speech", "off"], env, "first\nquit\n");
    assert!(String::from_utf8_lossy(&named.stdout).contains("3 half-moves"));
    let second = annabella(&["review", journal.to_str().unwrap(), "--game", "2", "--speech", "off"], env, "");
    assert_eq!(second.status.code(), Some(2));
    let said = String::from_utf8_lossy(&second.stdout);
    assert!(
        said.starts_with("There is no game 2 in ") && said.ends_with("; the number of games in it is 1.\n"),
        "{said}"
    );
}

/// A journal that went on with a new game after one kept as PGN lists that game too while it is
/// unfinished, and `review` reaches it; a PGN written part way through a game (`pgn`) gives way
/// to the game as its journal has it now, so the game is listed once, as far as it was played.
#[test]
fn a_second_game_in_a_journal_and_a_game_written_part_way_are_listed_as_they_stand() {
    let Played { env, data, .. } = &played("archive-second", &AS_WHITE, "f3\ne5\ng4\nQh4#\nnew\nd4\nd5\nquit\nyes\n");
    let lines = listed(env, "en");
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0], "2 games, the newest first.");
    assert!(
        lines[1].ends_with(": with White against Carla, not finished. Moves: 1. Opening: Queen's Pawn Game."),
        "{lines:?}"
    );
    assert!(
        lines[2].ends_with(": with White against Carla, lost. Moves: 2. Opening: Barnes Opening: Fool's Mate."),
        "{lines:?}"
    );
    let reviewed = annabella(&["review", "1", "--speech", "off", "--lang", "en"], env, "end\nquit\n");
    let reviewed = String::from_utf8_lossy(&reviewed.stdout);
    assert!(reviewed.contains("Replaying an unnamed player against Carla, not finished, 2 half-moves."), "{reviewed}");
    assert!(reviewed.contains("Black's move 1: David fünf"), "{reviewed}");
    // The game can still be played on: no engine is asked about it, here or in its review (11.3).
    let refused = "That game is not finished and can still be played on: no engine analysis until it is over";
    let engine = annabella(&["engine", "1", "--speech", "off", "--lang", "en"], env, "");
    assert_eq!(engine.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&engine.stdout).starts_with(refused), "{engine:?}");
    let reviewed = annabella(&["review", "1", "--speech", "off", "--lang", "en"], env, "end\nengine\nquit\n");
    assert!(String::from_utf8_lossy(&reviewed.stdout).contains(refused), "{reviewed:?}");
    // The numbers of the list name the games for export too; an analysis kept beside a game,
    // however numbered, is not a game of the list.
    let games = data.join("annabella").join("games");
    let finished = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "pgn"))
        .unwrap();
    let analysis =
        finished.with_file_name(format!("{}-analysed-2.pgn", finished.file_stem().unwrap().to_string_lossy()));
    std::fs::copy(&finished, analysis).unwrap();
    let exported = annabella(&["export", "2", "--speech", "off"], env, "");
    assert!(String::from_utf8_lossy(&exported.stdout).contains("1. f3 e5"), "{exported:?}");
    let missing = annabella(&["export", "3", "--speech", "off", "--lang", "en"], env, "");
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&missing.stderr).contains("There is no game 3; the number of games kept is 2."),
        "{missing:?}"
    );

    let Played { env, .. } = &played("archive-part-way", &AS_WHITE, "e4\npgn\ne5\nquit\nyes\n");
    let lines = listed(env, "en");
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0] == "One game." && lines[1].ends_with("not finished. Moves: 1. Opening: King's Pawn Game."),
        "{lines:?}"
    );
    let reviewed = annabella(&["review", "1", "--speech", "off", "--lang", "en"], env, "quit\n");
    assert!(String::from_utf8_lossy(&reviewed.stdout).contains("not finished, 2 half-moves."));
}

/// The words people use: `save` (`speichern`, `salvesta`) writes the game as PGN at once, a hint
/// or an evaluation is refused at the table, where no help is allowed (Article 11.3), and `bye` leaves,
/// the unfinished game kept.
#[test]
fn save_hint_and_bye_are_understood() {
    let Played { data, said, .. } =
        &played("archive-words", &AS_WHITE, "e4\nsave\nhint\nBewertung\nHinweis\nbye\nyes\n");
    let games = data.join("annabella").join("games");
    let pgn = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "pgn"));
    let pgn = pgn.expect("save wrote a PGN");
    assert!(said.contains(&format!("The game is saved as PGN in {}.", pgn.display())), "{said}");
    assert!(std::fs::read_to_string(&pgn).unwrap().contains("1. e4"));
    for command in ["hint", "eval", "hint"] {
        let refused = format!("{command} is for a practice game against the engine; in a game at the table or online no help is allowed (Article 11.3).");
        assert!(said.contains(&refused), "{said}");
    }
    assert_eq!(said.matches("no help is allowed (Article 11.3)").count(), 3, "{said}");
    assert!(said.contains("The game is unfinished and kept") && said.ends_with("Goodbye.\n"), "{said}");
}

/// The words that leave a review leave a game too (`välju`, `beenden`), the game kept.
#[test]
fn the_reviews_words_for_leaving_leave_a_game() {
    for word in ["välju", "beenden", "lahku"] {
        let Played { said, .. } = &played(&format!("archive-leave-{word}"), &AS_WHITE, &format!("e4\n{word}\nyes\n"));
        assert!(said.contains("The game is unfinished and kept") && said.ends_with("Goodbye.\n"), "{word}: {said}");
    }
}

/// A game asked for by number where none is kept yet says that, not "the number of games kept
/// is 0".
#[test]
fn a_number_with_no_games_kept_says_none_are_kept() {
    let dir = fresh_dir("archive-none");
    let env = vec![("XDG_DATA_HOME".to_string(), dir.join("data").display().to_string())];
    for (command, lang, said) in [
        ("review", "en", "There is no game 3: no games are kept yet."),
        ("export", "de", "Es gibt keine Partie 3: Es sind noch keine Partien gespeichert."),
        ("engine", "et", "Partiid 3 pole: partiisid pole veel salvestatud."),
    ] {
        let out = annabella(&[command, "3", "--speech", "off", "--lang", lang], &env, "");
        assert_eq!(out.status.code(), Some(2), "{command}");
        let text = [out.stdout, out.stderr].concat();
        assert!(String::from_utf8_lossy(&text).contains(said), "{command}: {}", String::from_utf8_lossy(&text));
    }
}

/// A folder of many games lists the newest twenty and says how to hear them all; `--all` lists
/// every one.
#[test]
fn many_games_are_listed_twenty_at_a_time() {
    let dir = crate::support::fresh_dir("archive-many");
    for n in 1..=25 {
        let game =
            format!("[Date \"2026.11.{n:02}\"]\n[White \"A{n}\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n");
        std::fs::write(dir.join(format!("g{n}.pgn")), game).unwrap();
    }
    let run = |all: bool| {
        let mut args = vec!["games", "--dir", dir.to_str().unwrap(), "--speech", "off"];
        if all {
            args.push("--all");
        }
        String::from_utf8_lossy(&annabella(&args, &[], "").stdout).into_owned()
    };
    let some = run(false);
    assert!(some.contains("25 games, the newest first."), "{some}");
    assert!(some.contains("20. 6 November 2026") && !some.contains("21. "), "{some}");
    assert!(some.contains("Those were the newest 20; annabella games with the option all lists every one."), "{some}");
    let all = run(true);
    assert!(all.contains("25. 1 November 2026") && !all.contains("Those were"), "{all}");
}
