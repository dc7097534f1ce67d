//! The trial catalogue of faults: what a user does in ordinary use (or what goes wrong around
//! them) that once lost a game, said what was not so, or fell silent — each run through the real
//! binary, with what must hold afterwards: no file written over, nothing said that is not known,
//! every refusal heard.

use std::path::{Path, PathBuf};

use crate::support::{annabella, fresh_dir, QUIET};

/// `annabella ARGS` (quiet, simulated clock) with `input`: exit code, standard output.
fn run(args: &[&str], input: &str) -> (Option<i32>, String) {
    let mut all = args.to_vec();
    all.extend(QUIET);
    let out = annabella(&all, &[], input);
    (out.status.code(), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

const FOOLS_MATE: &str = "f3\ne5\ng4\nQh4#\n";

/// A second game in the same journal gets a PGN of its own, numbered; the first game's stays, and
/// is not spoken of as a file that was there already.
#[test]
fn a_new_game_after_a_finished_one_keeps_both_games() {
    let dir = fresh_dir("faults-two-games");
    let journal = dir.join("g1.journal");
    let input = format!("{FOOLS_MATE}new\nyes\ne4\ne5\nresign white\nyes\n");
    let (code, printed) = run(&["play", "--journal", journal.to_str().unwrap()], &input);
    assert_eq!(code, Some(0), "{printed}");
    let (first, second) = (dir.join("g1.pgn"), dir.join("g1-2.pgn"));
    assert!(text(&first).contains("Qh4#") && text(&first).contains("0-1"), "{}", text(&first));
    assert!(text(&second).contains("1. e4 e5") && text(&second).contains("0-1"), "{}", text(&second));
    assert!(!printed.contains("there already"), "{printed}");
    let listed = annabella(&["games", "--dir", dir.to_str().unwrap(), "--speech", "off"], &[], "");
    let listed = String::from_utf8_lossy(&listed.stdout);
    assert!(listed.starts_with("2 games, the newest first."), "{listed}");
}

/// A game set up from a PGN beside its journal ends without touching that PGN.
#[test]
fn the_pgn_a_game_was_set_up_from_is_not_written_over() {
    let dir = fresh_dir("faults-source-pgn");
    let source = dir.join("g.pgn");
    let original = "[Event \"?\"]\n[Result \"*\"]\n\n1. f3 e5 *\n";
    std::fs::write(&source, original).unwrap();
    let journal = dir.join("g.journal");
    let args = ["play", "--pgn", source.to_str().unwrap(), "--journal", journal.to_str().unwrap()];
    let (code, printed) = run(&args, "g4\nQh4#\n");
    assert_eq!(code, Some(0), "{printed}");
    assert_eq!(text(&source), original, "the source PGN was changed");
    assert!(text(&dir.join("g-2.pgn")).contains("0-1"));
}

/// `export` and `pgn` to a file that exists write beside it.
#[test]
fn a_named_file_that_exists_is_kept() {
    let dir = fresh_dir("faults-named-file");
    let sheet = dir.join("sheet.txt");
    std::fs::write(&sheet, "mine").unwrap();
    let input = format!("e4\nexport text {}\npgn {}\n", sheet.display(), sheet.display());
    let (_, printed) = run(&["play"], &input);
    assert_eq!(text(&sheet), "mine");
    assert!(text(&dir.join("sheet-2.txt")).contains("1. e4"));
    assert!(text(&dir.join("sheet-3.txt")).contains("[Event"));
    assert!(printed.contains("sheet.txt was there already and is kept as it was."), "{printed}");
}

/// A journal cut inside its first record is kept as a copy before a new game starts in it.
#[test]
fn a_journal_cut_in_its_first_record_is_kept() {
    let dir = fresh_dir("faults-cut-journal");
    let journal = dir.join("cut.journal");
    std::fs::write(&journal, "annabella-journal 1\n0\t0\t0\tstart\t[game").unwrap();
    let (code, printed) = run(&["play", "--journal", journal.to_str().unwrap()], "e4\n");
    assert_eq!(code, Some(0), "{printed}");
    assert_eq!(text(&dir.join("cut.journal.damaged")), "annabella-journal 1\n0\t0\t0\tstart\t[game");
    assert!(printed.contains("is kept as"), "{printed}");
    assert!(text(&journal).contains("e4"));
}

/// A PGN set up into a journal that holds a game is refused, with the way to that game; the
/// journal stays as it was.
#[test]
fn a_pgn_onto_a_journal_with_a_game_is_refused_with_the_way_back() {
    let dir = fresh_dir("faults-occupied-journal");
    let journal = dir.join("j.journal");
    run(&["play", "--journal", journal.to_str().unwrap()], "e4\n");
    let before = text(&journal);
    let source = dir.join("other.pgn");
    std::fs::write(&source, "[Event \"?\"]\n[Result \"*\"]\n\n1. d4 *\n").unwrap();
    let args = ["play", "--pgn", source.to_str().unwrap(), "--journal", journal.to_str().unwrap()];
    let (code, printed) = run(&args, "d5\n");
    assert_eq!(code, Some(2), "{printed}");
    assert!(printed.contains("holds a game already and is not written over"), "{printed}");
    assert_eq!(text(&journal), before);
}

/// A journal damaged in the middle is refused with the line, and resumed up to the line before
/// by the command named, the whole journal kept as a copy.
#[test]
fn a_damaged_journal_is_resumed_up_to_the_line_named() {
    let dir = fresh_dir("faults-damaged-journal");
    let journal = dir.join("d.journal");
    run(&["play", "--journal", journal.to_str().unwrap()], "e4\ne5\nNf3\n");
    let damaged = text(&journal).replace("\te5\t", "\te6\t");
    std::fs::write(&journal, &damaged).unwrap();
    let (code, printed) = run(&["play", "--journal", journal.to_str().unwrap()], "");
    assert_eq!(code, Some(2));
    assert!(printed.contains("resumed up to line 3"), "{printed}");
    let (code, printed) = run(&["play", "--journal", journal.to_str().unwrap(), "--up-to-line", "3"], "fen\n");
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.contains("1 half-moves played, Black to move") || printed.contains("Black to move"), "{printed}");
    let cut = "d.journal is resumed up to line 3; lines left out after it: 2. The whole journal is kept as";
    assert!(printed.contains(cut) && printed.contains("d.journal.whole."), "{printed}");
    assert_eq!(text(&PathBuf::from(format!("{}.whole", journal.display()))), damaged);
}

/// `--up-to-line` on a journal another annabella is playing is refused before anything of it is
/// copied or cut: the game in play goes on whole.
#[test]
fn a_journal_in_play_elsewhere_is_not_cut() {
    let dir = fresh_dir("faults-cut-live");
    let journal = dir.join("live.journal");
    // A game in play: it holds the journal until its input ends.
    let script = format!(
        "(printf 'e4\\ne5\\nNf3\\n'; until [ -e {stop} ]; do sleep 0.05; done; printf 'Nc6\\n') | {bin} play --journal {j} --speech off --cues off --clock simulated",
        j = journal.display(),
        stop = dir.join("stop").display(),
        bin = env!("CARGO_BIN_EXE_annabella"),
    );
    let live =
        std::process::Command::new("bash").args(["-c", &script]).stdout(std::process::Stdio::piped()).spawn().unwrap();
    while !std::fs::read_to_string(&journal).is_ok_and(|t| t.contains("input\tNf3")) {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let before = text(&journal);
    let (code, printed) = run(&["play", "--journal", journal.to_str().unwrap(), "--up-to-line", "3"], "fen\n");
    assert_eq!(code, Some(2), "{printed}");
    assert!(printed.contains("is open in another annabella"), "{printed}");
    assert_eq!(text(&journal), before, "the journal in play is not cut");
    assert!(!dir.join("live.journal.whole").exists());
    std::fs::write(dir.join("stop"), "").unwrap();
    let out = live.wait_with_output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("2... Nc6"));
    let (_, resumed) = run(&["play", "--journal", journal.to_str().unwrap()], "");
    assert!(resumed.contains("4 half-moves played"), "{resumed}");
}

/// A disk that fills up (here the file size limit of `ulimit -f`) refuses what cannot be made
/// durable, says so, and the game goes on; the journal stays whole and resumes with every move
/// that was taken.
#[test]
fn a_full_disk_refuses_what_cannot_be_saved_and_the_game_goes_on() {
    let dir = fresh_dir("faults-full-disk");
    let journal = dir.join("full.journal");
    let mut input = String::from("e4\n");
    input.push_str(&"time\n".repeat(120));
    // A record no shorter than the refused `time`'s: it cannot fit either; the questions about
    // the clock and the position are answered all the same, and the player can leave.
    input.push_str("e7-e5\nfen\ntime\nquit\nyes\n");
    let script = format!(
        "ulimit -f 3; trap '' XFSZ; exec {} play --journal {} --speech off --cues off --clock simulated",
        env!("CARGO_BIN_EXE_annabella"),
        journal.display()
    );
    let mut child = std::process::Command::new("bash")
        .args(["-c", &script])
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let printed = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{printed}{}", String::from_utf8_lossy(&out.stderr));
    let refused = "The game cannot be saved: the file may grow no larger. That was not taken";
    assert_eq!(printed.matches(refused).count(), 1, "only the move is refused: {printed}");
    // What was refused did not happen: e5 came after the disk was full.
    assert!(!printed.contains("1... e5"), "{printed}");
    let after = &printed[printed.find(refused).unwrap()..];
    assert!(after.contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq"), "fen answered: {after}");
    assert!(after.contains("Moves made: White 1, Black 0"), "time answered: {after}");
    assert!(after.contains("The game is unfinished and kept in"), "quit leaves: {after}");
    // The journal is whole: it resumes, and the game goes on from where it was saved.
    let (code, resumed) = run(&["play", "--journal", journal.to_str().unwrap()], "e5\nfen\n");
    assert_eq!(code, Some(0), "{resumed}");
    assert!(resumed.contains("1 half-move played, Black to move"), "{resumed}");
    assert!(resumed.contains("1... e5: Eva fünf"), "{resumed}");
}

/// A transcript that cannot be written is closed with a word, and the game goes on.
#[test]
fn a_transcript_that_cannot_be_written_is_said_and_the_game_goes_on() {
    let (code, printed) = run(&["play", "--transcript", "/dev/full"], "e4\ne5\n");
    assert_eq!(code, Some(0), "{printed}");
    assert_eq!(printed.matches("The transcript cannot be written").count(), 1, "{printed}");
    assert!(printed.contains("1... e5: Eva fünf"), "{printed}");
}

/// An edited envelope does not decide the game against its journal: the journal's sealed move,
/// position and move number are followed, and the difference is said.
#[test]
fn an_edited_envelope_is_checked_against_the_journal() {
    let dir = fresh_dir("faults-envelope");
    let journal = dir.join("game.journal");
    let (code, printed) = run(&["play", "--journal", journal.to_str().unwrap()], "e4\ne5\nNf3\nseal Nc6\nadjourn\n");
    assert_eq!(code, Some(0), "{printed}");
    let envelope = dir.join("game.envelope");
    let edited = text(&envelope)
        .replace("sealed = \"Nc6\"", "sealed = \"Nz9\"")
        .replace("move_number = 2", "move_number = 0")
        .replace("rnbqkbnr/pppp1ppp", "rnbqkbnr/ppp2ppp");
    std::fs::write(&envelope, &edited).unwrap();
    let (code, printed) = run(&["resume", envelope.to_str().unwrap()], "open\n");
    assert_eq!(code, Some(0), "{printed}");
    assert!(
        printed.contains(
            "The envelope differs from the game's journal in the sealed move, the position and the move number; the journal is followed."
        ),
        "{printed}"
    );
    assert!(printed.contains("2... Nc6"), "the journal's sealed move was not played: {printed}");
}

/// An envelope without its journal that contradicts its own position: the position is followed,
/// and that is said.
#[test]
fn an_envelope_alone_that_contradicts_its_position_is_said() {
    let dir = fresh_dir("faults-envelope-alone");
    let journal = dir.join("game.journal");
    run(&["play", "--journal", journal.to_str().unwrap()], "e4\ne5\nNf3\nseal Nc6\nadjourn\n");
    std::fs::remove_file(&journal).unwrap();
    let envelope = dir.join("game.envelope");
    std::fs::write(&envelope, text(&envelope).replace("move_number = 2", "move_number = 0")).unwrap();
    let (code, printed) = run(&["resume", envelope.to_str().unwrap()], "");
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.contains("The envelope contradicts its own position in the move number"), "{printed}");
    assert!(printed.contains("Adjourned game resumed at move 2"), "{printed}");
}

/// The way back said at `quit` is one that works: a journal outside the games folder is named,
/// and the command it names goes on with the game.
#[test]
fn the_way_back_said_at_quit_works() {
    let dir = fresh_dir("faults-way-back");
    let journal = dir.join("mine.journal");
    let transcript = dir.join("said.txt");
    let args = ["play", "--journal", journal.to_str().unwrap(), "--transcript", transcript.to_str().unwrap()];
    let (_, printed) = run(&args, "e4\nquit\nyes\n");
    // Said with its folder; printed with its path, and the command itself, to be typed or copied.
    let folder = dir.file_name().unwrap().to_string_lossy().replace('-', " ");
    let said = format!(
        "say: The game is unfinished and kept in mine in the folder {folder}: annabella play with the option journal and that file goes on with it.\n"
    );
    assert!(text(&transcript).contains(&said), "{}", text(&transcript));
    assert!(printed.contains(&said[5..]), "without speech, the words are printed: {printed}");
    let command = printed.lines().find(|l| l.starts_with("annabella play --journal ")).expect("the command printed");
    assert_eq!(command, format!("annabella play --journal {}", journal.display()));
    let (code, printed) = run(&["play", "--journal", command.rsplit(' ').next().unwrap()], "e5\n");
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.contains("1... e5: Eva fünf"), "{printed}");
    // In the games folder, `resume` finds it.
    let data = dir.join("data");
    let env = [("XDG_DATA_HOME".to_string(), data.display().to_string())];
    let mut args = vec!["play"];
    args.extend(QUIET);
    let out = annabella(&args, &env, "d4\nquit\nyes\n");
    assert!(String::from_utf8_lossy(&out.stdout).contains("annabella resume goes on with it."));
    let mut args = vec!["resume"];
    args.extend(&QUIET[..4]);
    let out = annabella(&args, &env, "d5\n");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("1... d5"));
}

/// An adjourned game's way back names its envelope where it was written, and the printed
/// command goes on with it.
#[test]
fn the_way_back_to_an_adjourned_game_names_its_envelope() {
    let dir = fresh_dir("faults-way-back-envelope");
    let journal = dir.join("club").join("round.journal");
    std::fs::create_dir_all(journal.parent().unwrap()).unwrap();
    let input = "e4\ne5\nseal Nf3\nadjourn\nquit\n";
    let transcript = dir.join("said.txt");
    let args = ["play", "--journal", journal.to_str().unwrap(), "--transcript", transcript.to_str().unwrap()];
    let (code, printed) = run(&args, input);
    assert_eq!(code, Some(0), "{printed}");
    let said = text(&transcript);
    assert!(said.contains("say: The envelope is saved in round envelope in the folder club.\n"), "{said}");
    let way_back =
        "say: The game is adjourned; it goes on with annabella resume and the envelope round in the folder club.\n";
    assert!(said.contains(way_back), "{said}");
    let envelope = dir.join("club").join("round.envelope");
    assert!(printed.contains("The envelope is saved in round envelope in the folder club."), "{printed}");
    let command = format!("annabella resume {}", envelope.display());
    assert!(printed.lines().any(|l| l == command), "{printed}");
    let (code, printed) = run(&["resume", envelope.to_str().unwrap()], "");
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.contains("Adjourned game resumed at move 2"), "{printed}");
}

/// `resume` with no game to go on with is heard and written to the transcript, like any answer.
#[test]
fn resume_without_a_game_is_heard() {
    let dir = fresh_dir("faults-resume-none");
    let transcript = dir.join("t.txt");
    let env = [("XDG_DATA_HOME".to_string(), dir.join("empty").display().to_string())];
    let out = annabella(&["--transcript", transcript.to_str().unwrap(), "resume", "--speech", "off"], &env, "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&transcript).contains("say: There is no unfinished game to resume."), "{}", text(&transcript));
}

/// The journal's folder removed in the middle of a game: the game so far is written again where
/// it was (its folder made again), that is said, no later move is lost, and `quit` names the way
/// back truthfully. A file put in the journal's place is not written over.
#[test]
fn a_journal_whose_folder_goes_away_is_written_again_and_nothing_is_lost() {
    let dir = fresh_dir("faults-journal-gone");
    let folder = dir.join("inner");
    std::fs::create_dir_all(&folder).unwrap();
    let journal = folder.join("j.journal");
    // The folder is removed once the journal holds e5, then the game goes on.
    let script = format!(
        "(printf 'e4\\ne5\\n'; until grep -q 'input\te5' {j} 2>/dev/null; do sleep 0.05; done; rm -rf {f}; \
         printf 'Nf3\\nNc6\\nquit\\nyes\\n') | {bin} play --journal {j} --speech off --cues off --clock simulated",
        j = journal.display(),
        f = folder.display(),
        bin = env!("CARGO_BIN_EXE_annabella"),
    );
    let out = std::process::Command::new("bash")
        .args(["-c", &script])
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{printed}{}", String::from_utf8_lossy(&out.stderr));
    let moved =
        "The journal's file or its folder was removed: the game so far is written again in j in the folder inner";
    assert_eq!(printed.matches(moved).count(), 1, "{printed}");
    assert!(printed.contains("2... Nc6"), "{printed}");
    let after = &printed[printed.find(moved).unwrap()..];
    assert!(after.contains(&format!("annabella play --journal {}\n", journal.display())), "{after}");
    // Every move is there.
    let (code, resumed) = run(&["play", "--journal", journal.to_str().unwrap()], "Bb5\n");
    assert_eq!(code, Some(0), "{resumed}");
    assert!(resumed.contains("4 half-moves played"), "{resumed}");
    assert!(resumed.contains("3. Bb5"), "{resumed}");
}

/// With no sound device, the cues' warning is said with the greeting, before the first move is
/// announced, not after the first cue.
#[test]
fn a_missing_sound_device_is_said_before_the_first_move() {
    let dir = fresh_dir("faults-no-sound");
    let empty = dir.join("alsa.conf");
    std::fs::write(&empty, "").unwrap();
    let env = [("ALSA_CONFIG_PATH".to_string(), empty.display().to_string())];
    let out = annabella(&["play", "--speech", "off", "--clock", "simulated"], &env, "e4\n");
    let printed = String::from_utf8_lossy(&out.stdout);
    let warning = printed.find("Warning: Audio cues are unavailable").expect(&printed);
    let first_move = printed.find("1. e4").expect(&printed);
    assert!(warning < first_move, "{printed}");
    assert_eq!(printed.matches("Audio cues are unavailable").count(), 1, "{printed}");
}

/// A journal whose settings line is damaged is refused with a way on that works: its moves are
/// replayed under the settings given now (`--new-settings`), the whole journal kept as a copy.
#[test]
fn a_damaged_settings_line_is_mended_with_new_settings() {
    let dir = fresh_dir("faults-damaged-settings");
    let journal = dir.join("s.journal");
    let j = journal.to_str().unwrap();
    run(&["play", "--journal", j], "e4\ne5\nNf3\n");
    let whole = text(&journal);
    let mut lines: Vec<&str> = whole.split('\n').collect();
    let damaged_line = lines[1].replacen("[", "{", 1);
    lines[1] = &damaged_line;
    let damaged = lines.join("\n");
    std::fs::write(&journal, &damaged).unwrap();
    let (code, printed) = run(&["play", "--journal", j], "");
    assert_eq!(code, Some(2), "{printed}");
    assert!(printed.contains("line 2, the game's settings, is damaged"), "{printed}");
    assert!(printed.contains("the option new settings"), "{printed}");
    let (code, printed) = run(&["play", "--journal", j, "--new-settings"], "fen\n");
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.contains("3 half-moves played, Black to move"), "{printed}");
    assert_eq!(text(&dir.join("s.journal.whole")), damaged);
    // Mended, it resumes as any journal does.
    let (code, printed) = run(&["play", "--journal", j], "Nc6\n");
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.contains("2... Nc6"), "{printed}");
}

/// The same game's documents are told apart by ear: each is named with its extension.
#[test]
fn exported_files_are_told_apart_by_their_names() {
    let dir = fresh_dir("faults-export-names");
    let (journal, transcript) = (dir.join("en.journal"), dir.join("said.txt"));
    let args = ["play", "--journal", journal.to_str().unwrap(), "--transcript", transcript.to_str().unwrap()];
    run(&args, "e4\nexport braille\nexport brf\nexport\n");
    let said = text(&transcript);
    for name in ["en braille txt", "en brf", "en txt"] {
        assert!(said.contains(&format!("say: The scoresheet is saved in {name}.\n")), "{said}");
    }
}

/// A speech engine that cannot start is said before the first move is announced, and the
/// transcript keeps the warning.
#[test]
fn a_speech_engine_that_cannot_start_is_said_before_the_first_move() {
    let dir = fresh_dir("faults-no-speech");
    let transcript = dir.join("said.txt");
    let env = [("SPEECHD_ADDRESS".to_string(), format!("unix_socket:{}", dir.join("none.sock").display()))];
    let args = ["play", "--clock", "simulated", "--cues", "off", "--transcript", transcript.to_str().unwrap()];
    let out = annabella(&args, &env, "e4\n");
    let printed = String::from_utf8_lossy(&out.stdout);
    // With voice clips beside the program the moves are still spoken by them; without, everything
    // is printed only: either way the warning comes first.
    let warning = printed.find("is unavailable: speech-dispatcher").expect(&printed);
    assert!(warning < printed.find("1. e4").expect(&printed), "{printed}");
    assert!(!printed.contains(".."), "{printed}");
    let said = text(&transcript);
    assert!(said.lines().any(|l| l.starts_with("say: Warning: ") && l.contains("is unavailable")), "{said}");
}
