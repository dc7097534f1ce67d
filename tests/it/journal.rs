//! The journal through the real binary: a game resumed exactly, a torn last line dropped, damage
//! refused with its line, a finished game not resumed, and the fault test — the program killed
//! with SIGKILL at random points of a scripted game loses no acknowledged move or clock reading.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::support::{annabella, QUIET};

/// A journal's path in a directory of its own, removed when the test is done with it.
fn journal(name: &str) -> (crate::support::Scratch, PathBuf) {
    let dir = crate::support::fresh_dir(&format!("journal-it-{name}"));
    let path = dir.join(name);
    (dir, path)
}

fn play(path: &Path, input: &str) -> (Option<i32>, String) {
    let p = path.to_str().unwrap();
    let mut args = vec!["play", "--time-control", "G/10", "--journal", p];
    args.extend(QUIET);
    let out = annabella(&args, &[], input);
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

/// The FEN line the `fen` command prints.
fn fen_of(printed: &str) -> String {
    printed.lines().find(|l| l.matches('/').count() == 7).unwrap_or_default().to_string()
}

#[test]
fn a_game_resumes_exactly() {
    let (_dir, path) = journal("resume.journal");
    let (code, _) = play(&path, "e4\nadvance 1m\ne5\nadvance 2m\nNf3\nfen\ntime\n");
    assert_eq!(code, Some(0));
    let (_, before) = play(&path, "fen\ntime\n");
    assert!(before.contains("Game resumed after"), "{before}");
    assert!(before.contains("3 half-moves played, Black to move"), "{before}");
    assert!(before.contains("White: 8 minutes, moves made: 2. Black: 9 minutes, moves made: 1."), "{before}");
    assert_eq!(fen_of(&before), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    let (_, after) = play(&path, "Nc6\nfen\n");
    assert!(after.contains("2... Nc6: Springer Cesar sechs"), "{after}");
}

#[test]
fn a_torn_last_line_is_dropped_with_a_message() {
    let (_dir, path) = journal("torn.journal");
    play(&path, "e4\ne5\n");
    let mut f = std::fs::OpenOptions::new().append(true).open(&path).unwrap();
    f.write_all(b"3\t0\t0\tinput\tNf").unwrap();
    drop(f);
    let (code, printed) = play(&path, "fen\n");
    assert_eq!(code, Some(0));
    assert!(printed.contains("line 5, was cut off"), "{printed}");
    assert!(printed.contains("2 half-moves played, White to move"), "{printed}");
}

#[test]
fn a_damaged_journal_is_refused_with_the_line() {
    let (_dir, path) = journal("damaged.journal");
    play(&path, "e4\ne5\nNf3\n");
    let text = std::fs::read_to_string(&path).unwrap().replace("\te5\t", "\te6\t");
    std::fs::write(&path, text).unwrap();
    let (code, printed) = play(&path, "fen\n");
    assert_eq!(code, Some(2));
    assert!(printed.contains("line 4, is damaged: its checksum does not fit its text."), "{printed}");
    assert!(printed.contains("resumed up to line 3"), "the way to go on is named: {printed}");
    assert!(!std::fs::read_to_string(&path).unwrap().contains("resume"), "the journal was changed");
}

/// A journal named in a folder that is not there is refused before the game begins (a slip in
/// the name, most likely), for a new game and for one set up from a PGN; nothing is made.
#[test]
fn a_journal_named_in_no_folder_is_refused_before_the_game() {
    let (dir, _) = journal("no-folder.journal");
    let path = dir.join("no-such-folder").join("game.journal");
    let (code, printed) = play(&path, "e4\n");
    assert_eq!(code, Some(2));
    let said =
        format!("There is no folder for the journal {}: name a journal in a folder that is there.", path.display());
    assert!(printed.contains(&said), "{printed}");
    assert!(!printed.contains("e4"), "{printed}");
    let pgn = dir.join("game.pgn");
    std::fs::write(&pgn, "1. e4 e5 *\n").unwrap();
    let mut args = vec!["play", "--pgn", pgn.to_str().unwrap(), "--journal", path.to_str().unwrap()];
    args.extend(QUIET);
    let out = annabella(&args, &[], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).contains("There is no folder for the journal"));
    assert!(!dir.join("no-such-folder").exists());
}

#[test]
fn a_finished_game_is_not_resumed() {
    let (_dir, path) = journal("finished.journal");
    play(&path, "f3\ne5\ng4\nQh4#\n");
    let (code, printed) = play(&path, "e4\n");
    assert_eq!(code, Some(2));
    assert!(printed.contains("is over: Black won."), "{printed}");
}

#[test]
fn not_a_journal_is_refused() {
    let (_dir, path) = journal("text.journal");
    std::fs::write(&path, "hello\n").unwrap();
    let (code, printed) = play(&path, "");
    assert_eq!(code, Some(2));
    assert!(printed.contains("is not an annabella journal"), "{printed}");
}

/// A scripted game of moves, each with time used before it.
const GAME: [&str; 24] = [
    "e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "Be2", "e5", "Nb3", "Be7", "O-O", "O-O", "Be3",
    "Be6", "Qd2", "Nbd7", "a4", "Rc8", "f3", "Qc7",
];

/// Plays the game line by line, waiting for each announcement, and kills the program after
/// `acknowledged` moves were announced, having sent `extra` more lines. Returns how many moves
/// were announced.
fn play_and_kill(path: &Path, acknowledged: usize, extra: usize) -> usize {
    let mut child = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["play", "--speech", "off", "--cues", "off", "--clock", "simulated", "--time-control", "G/30"])
        .arg("--journal")
        .arg(path)
        .env("XDG_CONFIG_HOME", std::env::temp_dir().join("annabella-no-user-config"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut announced = 0;
    let mut line = String::new();
    for (i, mv) in GAME.iter().enumerate() {
        if i >= acknowledged + extra {
            break;
        }
        writeln!(stdin, "advance 7s\n{mv}").unwrap();
        stdin.flush().unwrap();
        if i >= acknowledged {
            continue;
        }
        loop {
            line.clear();
            if stdout.read_line(&mut line).unwrap() == 0 {
                panic!("the program ended early");
            }
            if line.contains(&format!(" {mv}")) && line.contains(':') {
                announced += 1;
                break;
            }
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    announced
}

#[test]
fn killed_at_random_points_nothing_acknowledged_is_lost() {
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    for trial in 0..100 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let acknowledged = (seed % GAME.len() as u64) as usize;
        let extra = (seed >> 20) as usize % 3;
        let (_dir, path) = journal(&format!("fault-{trial}.journal"));
        let announced = play_and_kill(&path, acknowledged, extra);
        assert_eq!(announced, acknowledged);
        let p = path.to_str().unwrap();
        let mut args = vec!["play", "--time-control", "G/30", "--journal", p];
        args.extend(QUIET);
        let out = annabella(&args, &[], "time\n");
        let printed = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(0), "trial {trial}: {printed}");
        // At least every acknowledged move is back, and at most the ones that were sent. Killed
        // before the journal existed, the game starts afresh: nothing had been acknowledged.
        let restored: usize = match printed.split("Game resumed after").nth(1) {
            None => 0,
            Some(rest) => rest
                .split(": ")
                .nth(1)
                .and_then(|rest| rest.split(' ').next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("trial {trial}: {printed}")),
        };
        assert!(
            restored >= acknowledged && restored <= acknowledged + extra,
            "trial {trial}: {restored} of {acknowledged}+{extra}"
        );
        // Each side's clock shows exactly 7 seconds per move it made, and the side to move's
        // clock the 7 seconds it used before the move that was cut off, if its advance got in.
        let white_moves = restored.div_ceil(2);
        let black_moves = restored / 2;
        let time_line = printed.lines().find(|l| l.starts_with("White: ")).unwrap_or_default().to_string();
        let white_used = 7 * white_moves;
        let black_used = 7 * black_moves;
        let words = |used: usize| {
            let left = 30 * 60 - used;
            let (m, s) = (left / 60, left % 60);
            if s == 0 {
                format!("{m} minutes")
            } else {
                format!("{m} minutes {s} seconds")
            }
        };
        let white_ok = time_line.contains(&format!("White: {},", words(white_used)))
            || time_line.contains(&format!("White: {},", words(white_used + 7)));
        let black_ok = time_line.contains(&format!("Black: {},", words(black_used)))
            || time_line.contains(&format!("Black: {},", words(black_used + 7)));
        assert!(white_ok && black_ok, "trial {trial}, {restored} moves: {time_line}");
        let _ = std::fs::remove_file(&path);
    }
}

#[test]
fn the_confirmation_setting_is_the_games_own() {
    let (_dir, path) = journal("confirm.journal");
    let p = path.to_str().unwrap();
    let mut args = vec!["play", "--journal", p, "--confirm", "off"];
    args.extend(QUIET);
    annabella(&args, &[], "e4\n");
    // Resumed without the flag: the game keeps its setting, so resigning needs no yes.
    let (_, printed) = play(&path, "resign white\n");
    assert!(printed.contains("result: 0-1 (resignation)"), "{printed}");
    assert!(!printed.contains("Say yes or no"), "{printed}");
}

#[test]
fn a_journal_in_use_is_refused() {
    let (_dir, path) = journal("in-use.journal");
    let mut first = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["play", "--speech", "off", "--cues", "off", "--clock", "simulated", "--journal"])
        .arg(&path)
        .env("XDG_CONFIG_HOME", std::env::temp_dir().join("annabella-no-user-config"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = first.stdin.take().unwrap();
    let mut stdout = BufReader::new(first.stdout.take().unwrap());
    writeln!(stdin, "e4").unwrap();
    stdin.flush().unwrap();
    let mut line = String::new();
    while !line.contains("Eva vier") {
        line.clear();
        assert_ne!(stdout.read_line(&mut line).unwrap(), 0, "the first program ended early");
    }
    let (code, printed) = play(&path, "e5\n");
    assert_eq!(code, Some(2), "{printed}");
    assert!(printed.contains("is open in another annabella"), "{printed}");
    drop(stdin);
    first.wait().unwrap();
    let journal = std::fs::read_to_string(&path).unwrap();
    assert!(!journal.contains("\tinput\te5\t"), "the refused program wrote to the journal: {journal}");
    // Once the first program has ended, the game goes on.
    let (_, printed) = play(&path, "e5\n");
    assert!(printed.contains("1... e5: Eva fünf"), "{printed}");
}

#[test]
fn a_finished_game_is_kept_as_pgn_beside_its_journal_and_its_journal_exports() {
    let (_dir, path) = journal("finished-exported.journal");
    let pgn = path.with_extension("pgn");
    let _ = std::fs::remove_file(&pgn);
    let (_, printed) = play(&path, "f3\ne5\ng4\nQh4#\n");
    assert!(printed.contains(&format!("The game is saved as PGN in {}.", pgn.display())), "{printed}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[Result \"0-1\"]") && text.contains("Qh4# {[%clk 0:10:00]} 0-1"), "{text}");
    // The finished game's journal exports, with its result, in any letters and form.
    let out = annabella(&["export", "--letters", "de", path.to_str().unwrap()], &[], "");
    let sheet = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{sheet}");
    assert_eq!(sheet, "Scoresheet.\n\n1. f3 e5\n2. g4 Dh4#\n0-1\n");
}

#[test]
fn an_unfinished_journal_exports_without_a_result_and_no_pgn_is_kept() {
    let (_dir, path) = journal("unfinished.journal");
    let pgn = path.with_extension("pgn");
    let _ = std::fs::remove_file(&pgn);
    let p = path.to_str().unwrap();
    let mut args = vec!["play", "--journal", p, "--black", "Kaja"];
    args.extend(QUIET);
    annabella(&args, &[], "e4\nNf6\n");
    assert!(!pgn.exists(), "an unfinished game is not kept as PGN");
    let out = annabella(&["export", "--format", "full", p], &[], "");
    let sheet = String::from_utf8(out.stdout).unwrap();
    assert_eq!(sheet, "White: not named. Black: Kaja.\n\n1. e2-e4 Ng8-f6\n");
}

#[test]
fn keeping_finished_games_as_pgn_can_be_turned_off() {
    let (_dir, path) = journal("no-pgn.journal");
    let pgn = path.with_extension("pgn");
    let _ = std::fs::remove_file(&pgn);
    let config = path.with_extension("toml");
    std::fs::write(&config, "[game]\nsave_pgn = false\n").unwrap();
    let mut args = vec!["play", "--journal", path.to_str().unwrap(), "--config", config.to_str().unwrap()];
    args.extend(QUIET);
    let out = annabella(&args, &[], "f3\ne5\ng4\nQh4#\n");
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains("result: 0-1 (checkmate)"), "{printed}");
    assert!(!pgn.exists() && !printed.contains("saved as PGN"), "{printed}");
}

/// A question waiting when the program went away is asked again on coming back, and answered
/// then; replayed again, the answer holds.
#[test]
fn a_question_asked_before_a_crash_is_asked_again_after_it() {
    let (_dir, path) = journal("question.journal");
    play(&path, "e4\nresign white\n");
    let (_, printed) = play(&path, "yes\n");
    let asked = printed.find("This question still waits for its answer:").expect(&printed);
    let question = printed.find("White resigns").expect(&printed);
    let answer = printed.rfind("White resigns").unwrap();
    assert!(asked < question && question < answer, "{printed}");
    assert!(printed.contains("0-1"), "{printed}");
    assert!(!printed.contains("There is no question or draw offer to answer."), "{printed}");
    // The journal holds the game as it ended.
    let (code, again) = play(&path, "");
    assert_eq!(code, Some(2), "{again}");
    assert!(again.contains("is over"), "{again}");
}

/// What was pending when the program went away is said on coming back: a draw offer standing, a
/// sealed move written, the game adjourned.
#[test]
fn what_was_pending_is_said_on_coming_back() {
    let (_dir, path) = journal("offer.journal");
    play(&path, "e4\ndraw\n");
    let (_, printed) = play(&path, "");
    assert!(printed.contains("White's draw offer stands: accept or decline."), "{printed}");
    let (_dir, path) = journal("sealed.journal");
    play(&path, "e4\ne5\nseal Nf3\n");
    let (_, printed) = play(&path, "");
    assert!(printed.contains("White has written a sealed move; adjourn puts the game in its envelope."), "{printed}");
    let (_dir, path) = journal("adjourned.journal");
    play(&path, "e4\ne5\nseal Nf3\nadjourn\n");
    let (_, printed) = play(&path, "");
    assert!(printed.contains("The game is adjourned; it goes on from its envelope"), "{printed}");
    // Without anything pending, nothing of it is said.
    let (_dir, path) = journal("plain.journal");
    play(&path, "e4\n");
    let (_, printed) = play(&path, "");
    assert!(
        !printed.contains("stands") && !printed.contains("still waits") && !printed.contains("sealed"),
        "{printed}"
    );
}

/// Letters changed at the table are the game's: the game goes on after a restart reading moves
/// with them.
#[test]
fn letters_changed_at_the_table_hold_after_a_restart() {
    let (_dir, path) = journal("letters.journal");
    let (_, printed) = play(&path, "letters de\nSf3\n");
    assert!(printed.contains("1. Sf3: Springer Felix drei"), "{printed}");
    let (_, again) = play(&path, "Sc6\nletters\n");
    assert!(again.contains("1... Sc6: Springer Cesar sechs"), "{again}");
    assert!(again.contains("Moves are read with German letters: K king, D queen, T rook, L bishop and S knight."));
}

/// A journal an editor saved with a byte-order mark is still the game's journal (and goes on
/// being written whole); a journal named to `resume`, which wants an envelope, is said to be one,
/// with the way on with it.
#[test]
fn a_journal_with_a_byte_order_mark_resumes_and_one_given_to_resume_is_named() {
    let (_dir, path) = journal("bom.journal");
    play(&path, "e4\n");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("\u{feff}{text}")).unwrap();
    let (code, printed) = play(&path, "e5\n");
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.contains("1... e5"), "{printed}");
    let (code, printed) = play(&path, "fen\n");
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.contains("2 half-moves played"), "{printed}");
    let mut args = vec!["resume", path.to_str().unwrap()];
    args.extend(QUIET);
    let out = annabella(&args, &[], "");
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("is a game's journal, not an envelope"), "{said}");
}
