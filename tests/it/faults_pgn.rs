//! The trial catalogue of faults, PGN as others write it: a byte-order mark, CRLF, Latin-1, long
//! tags and comments, variants, games without clocks or dates, evaluations already in the file,
//! moves after a dead position, and files that hold no game — each through the real binary, with
//! what must hold: one game read as one game, nothing invented, every refusal named and heard.

use std::path::Path;

use crate::support::{annabella, fresh_dir, QUIET};

/// `annabella ARGS` (quiet; a game on the simulated clock) with `input`: exit code, standard
/// output and error.
fn run(args: &[&str], input: &str) -> (Option<i32>, String) {
    let mut all = vec!["--speech", "off", "--cues", "off"];
    all.extend(args);
    if args.contains(&"play") {
        all.extend(&QUIET[4..]);
    }
    let out = annabella(&all, &[], input);
    (out.status.code(), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

const RUY_LOPEZ: &str =
    "[Event \"Club\"]\n[White \"Anna\"]\n[Black \"Bruno\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n";

/// A byte-order mark and Windows line ends make one game, which play, export and review all read.
#[test]
fn a_byte_order_mark_and_windows_line_ends_make_one_game() {
    let dir = fresh_dir("faults-bom");
    let file = dir.join("bom.pgn");
    let mut bytes = b"\xef\xbb\xbf".to_vec();
    bytes.extend(RUY_LOPEZ.replace('\n', "\r\n").bytes());
    std::fs::write(&file, bytes).unwrap();
    let f = file.to_str().unwrap();
    let (code, printed) = run(&["export", f], "");
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.contains("3. Bb5 a6") && !printed.contains("games"), "{printed}");
    let (code, printed) = run(&["play", "--pgn", f, "--journal", dir.join("g.journal").to_str().unwrap()], "fen\n");
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.contains("Game loaded from PGN: 6 half-moves played"), "{printed}");
    let (_, printed) = run(&["review", f], "end\n");
    assert!(printed.contains("Replaying Anna against Bruno, White won, 6 half-moves."), "{printed}");
}

/// A PGN is exported in the piece letters the configuration gives the players, or in those of
/// `--letters`; English only where neither says.
#[test]
fn a_pgn_is_exported_in_the_configured_letters() {
    let dir = fresh_dir("faults-letters");
    let file = dir.join("ruy.pgn");
    std::fs::write(&file, RUY_LOPEZ).unwrap();
    let config = dir.join("de.toml");
    std::fs::write(&config, "[notation]\nsighted = \"de\"\nblind = \"de\"\n").unwrap();
    let (f, c) = (file.to_str().unwrap(), config.to_str().unwrap());
    for (args, moves) in [
        (vec!["export", f], "2. Nf3 Nc6\n3. Bb5 a6"),
        (vec!["--config", c, "export", f], "2. Sf3 Sc6\n3. Lb5 a6"),
        (vec!["--config", c, "export", f, "--letters", "et"], "2. Rf3 Rc6\n3. Ob5 a6"),
    ] {
        let (code, printed) = run(&args, "");
        assert_eq!(code, Some(0), "{printed}");
        assert!(printed.contains(moves), "{args:?}: {printed}");
    }
}

/// A Latin-1 file is read as Western European text, and that is said; the names come out right.
#[test]
fn a_latin1_file_is_read_and_said_to_be() {
    let dir = fresh_dir("faults-latin1");
    let file = dir.join("alt.pgn");
    let latin: Vec<u8> = RUY_LOPEZ.replace("Anna", "Jörg Müller").chars().map(|c| c as u32 as u8).collect();
    std::fs::write(&file, latin).unwrap();
    let (code, printed) = run(&["export", file.to_str().unwrap()], "");
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.contains("alt.pgn is not in Unicode; it was read as Western European text"), "{printed}");
    assert!(printed.contains("White: Jörg Müller."), "{printed}");
    let (_, printed) = run(&["review", file.to_str().unwrap()], "");
    assert!(printed.contains("is not in Unicode") && printed.contains("Replaying Jörg Müller"), "{printed}");
}

/// A 2 MB tag and a 3 MB comment are read whole and written back whole.
#[test]
fn long_tags_and_comments_are_read_whole() {
    let dir = fresh_dir("faults-long");
    let file = dir.join("long.pgn");
    let tag = "x".repeat(2_000_000);
    let comment = "word ".repeat(600_000);
    let comment = comment.trim_end();
    std::fs::write(&file, format!("[Event \"{tag}\"]\n[Result \"*\"]\n\n1. e4 {{{comment}}} e5 *\n")).unwrap();
    let (out, journal) = (dir.join("out.pgn"), dir.join("g.journal"));
    let args = ["play", "--pgn", file.to_str().unwrap(), "--journal", journal.to_str().unwrap()];
    let (code, printed) = run(&args, &format!("pgn {}\n", out.display()));
    assert_eq!(code, Some(0), "{}", &printed[..printed.len().min(500)]);
    let written = text(&out);
    assert!(written.contains(&format!("[Event \"{tag}\"]")), "the tag was not kept whole");
    assert!(written.contains(&format!("{{{comment}}}")), "the comment was not kept whole");
}

/// Crazyhouse, Atomic and Antichess games are refused by the name of their variant.
#[test]
fn a_variant_is_named_in_the_refusal() {
    let dir = fresh_dir("faults-variants");
    for (variant, moves) in [
        ("Crazyhouse", "1. e4 d5 2. exd5 Qxd5 3. P@e4"),
        ("Atomic", "1. Nf3 d5 2. Ng5 e6 3. Nxf7"),
        ("Antichess", "1. e3 b5 2. Bxb5 Nc6"),
    ] {
        let file = dir.join(format!("{variant}.pgn"));
        std::fs::write(&file, format!("[Variant \"{variant}\"]\n[Result \"*\"]\n\n{moves} *\n")).unwrap();
        let (code, printed) = run(&["export", file.to_str().unwrap()], "");
        assert_eq!(code, Some(2), "{printed}");
        assert!(
            printed.contains(&format!("the game is {variant} chess, whose rules are not those of chess")),
            "{printed}"
        );
    }
}

/// A game read without clocks or a date gets none invented; a game played here is dated.
#[test]
fn no_clock_or_date_is_invented() {
    let dir = fresh_dir("faults-invented");
    let source = dir.join("src.pgn");
    std::fs::write(&source, "[Event \"?\"]\n[Date \"????.??.??\"]\n[Result \"*\"]\n\n1. e4 e5 *\n").unwrap();
    let (out, journal) = (dir.join("out.pgn"), dir.join("g.journal"));
    let (s, j) = (source.to_str().unwrap(), journal.to_str().unwrap());
    let args = ["play", "--pgn", s, "--journal", j, "--time-control", "G/90"];
    let (code, printed) = run(&args, &format!("Nf3\npgn {}\n", out.display()));
    assert_eq!(code, Some(0), "{printed}");
    let written = text(&out);
    assert!(written.contains("[Date \"????.??.??\"]"), "{written}");
    let movetext = &written[written.find("\n\n").unwrap()..];
    assert!(movetext.starts_with("\n\n1. e4 e5 2. Nf3 {[%clk"), "{written}");
    let here = dir.join("here.pgn");
    run(&["play", "--journal", dir.join("h.journal").to_str().unwrap()], &format!("e4\npgn {}\n", here.display()));
    let written = text(&here);
    assert!(written.contains("[Date \"20") && !written.contains("????"), "{written}");
}

/// Moves played on after a dead position are on every scoresheet exported.
#[test]
fn the_scoresheet_keeps_the_moves_after_a_dead_position() {
    let dir = fresh_dir("faults-dead");
    let file = dir.join("dead.pgn");
    let fen = "4k3/8/8/8/8/8/3p4/4KB2 w - - 0 1";
    std::fs::write(
        &file,
        format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n[Result \"1/2-1/2\"]\n\n1. Kxd2 Kd7 2. Bc4 Kd6 1/2-1/2\n"),
    )
    .unwrap();
    let f = file.to_str().unwrap();
    for (format, last) in [("text", "2. Bc4 Kd6"), ("full", "2. Bf1-c4 Kd7-d6"), ("braille", "⠆ ⠃⠉⠲ ⠅⠙⠖")]
    {
        let (code, printed) = run(&["export", f, "--format", format], "");
        assert_eq!(code, Some(0), "{printed}");
        assert!(printed.contains(last), "{format}: {printed}");
    }
}

/// The engine writes one evaluation a move in place of the game's own, says its progress before
/// its verdicts, never blames a move it would have played, and writes beside an earlier analysis.
#[test]
fn the_engine_writes_one_evaluation_a_move_and_its_verdicts_together() {
    let dir = fresh_dir("faults-engine");
    let file = dir.join("eng.pgn");
    let moves = "1. e4 {[%eval 0.30]} e5 {[%eval 0.25] [%eval 0.2]} 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 \
        6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 \
        14. Ng3 g6 15. Bg5 h6 16. Bxh6 Qe7 17. Bxf8 Qxf8";
    std::fs::write(&file, format!("[White \"Anna\"]\n[Black \"Bruno\"]\n[Result \"*\"]\n\n{moves} *\n")).unwrap();
    let (code, printed) = run(&["engine", file.to_str().unwrap(), "--depth", "8"], "");
    assert_eq!(code, Some(0), "{printed}");
    let analysed = text(&dir.join("eng-analysed.pgn"));
    assert_eq!(analysed.matches("[%eval").count(), 34, "{analysed}");
    let lines: Vec<&str> = printed.lines().collect();
    let first_verdict = lines.iter().position(|l| l.contains(" was a ")).unwrap_or(lines.len());
    let last_progress = lines.iter().rposition(|l| l.starts_with("Analysed ")).unwrap();
    assert!(last_progress < first_verdict, "{printed}");
    for verdict in lines.iter().filter(|l| l.contains(" was a ")) {
        let (played, better) = verdict.split_once(" was a ").unwrap();
        let better = better.split_once("better was ").unwrap().1.trim_end_matches('.');
        assert!(!played.ends_with(&format!(", {better},")), "{verdict}");
    }
    let (_, printed) = run(&["engine", file.to_str().unwrap(), "--depth", "4"], "");
    assert!(printed.contains("eng-analysed.pgn was there already and is kept as it was."), "{printed}");
    assert!(text(&dir.join("eng-analysed-2.pgn")).contains("[%eval"));
}

/// `games` says how many files of the folder it left out.
#[test]
fn games_counts_the_files_it_cannot_read() {
    let dir = fresh_dir("faults-games-skipped");
    std::fs::write(dir.join("good.pgn"), RUY_LOPEZ).unwrap();
    std::fs::write(dir.join("bad1.pgn"), "not a game at all").unwrap();
    std::fs::write(dir.join("bad2.pgn"), "[White \"A\"]\n\n1. e4 e5 2. Ke3 *\n").unwrap();
    let (code, printed) = run(&["games", "--dir", dir.to_str().unwrap()], "");
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.contains("One game."), "{printed}");
    assert!(
        printed.contains("2 PGN files in the folder hold no game that can be read; they are left out."),
        "{printed}"
    );
}

/// A PGN refused at the start is heard in the interface language: the move in words, the file by
/// its name, no path and no notation read out.
#[test]
fn a_refused_pgn_is_heard_in_words() {
    let dir = fresh_dir("faults-pgn-heard");
    let file = dir.join("falsch.pgn");
    std::fs::write(&file, "[White \"A\"]\n\n1. e4 e5 2. Ke3 *\n").unwrap();
    let transcript = dir.join("t.txt");
    let args = ["--lang", "de", "--transcript", transcript.to_str().unwrap(), "play", "--pgn", file.to_str().unwrap()];
    let (code, _) = run(&args, "");
    assert_eq!(code, Some(2));
    let heard = text(&transcript);
    let refusal = heard.lines().last().unwrap();
    assert!(refusal.starts_with("say: falsch ist nicht zu gebrauchen: "), "{heard}");
    assert!(refusal.contains("König Eva drei") && !refusal.contains("Ke3"), "{heard}");
    assert!(!refusal.contains(dir.to_str().unwrap()), "{heard}");
}

/// A time control beyond any game's clock is refused, not wrapped.
#[test]
fn a_time_control_beyond_sense_is_refused() {
    let (code, printed) = run(&["play", "--time-control", "G/99999999999999999"], "");
    assert_eq!(code, Some(2), "{printed}");
    assert!(printed.contains("a period lasts at most 24 hours"), "{printed}");
}

/// A pipe or a device given as a PGN is refused by kind at once, never read (a pipe would block
/// for ever, `/dev/zero` never ends); among the games of a folder it is left out and counted.
#[test]
fn a_pipe_or_a_device_is_refused_by_kind_and_never_read() {
    let dir = fresh_dir("faults-fifo");
    let fifo = dir.join("pipe.pgn");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let zero = dir.join("zero.pgn");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    for file in [&fifo, &zero] {
        let f = file.to_str().unwrap();
        for args in [vec!["play", "--pgn", f], vec!["export", f], vec!["review", f]] {
            let (code, printed) = run(&args, "");
            assert_eq!(code, Some(2), "{args:?}: {printed}");
            assert!(
                printed.contains("it is no ordinary file but a pipe or a device, which is never read"),
                "{printed}"
            );
        }
    }
    std::fs::write(dir.join("good.pgn"), RUY_LOPEZ).unwrap();
    let (code, printed) = run(&["games", "--dir", dir.to_str().unwrap()], "");
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.contains("One game."), "{printed}");
}

/// A NUL inside a move of a PGN is never echoed raw: spoken as "that" (printed by its picture, ␀,
/// where the printed form is shown).
#[test]
fn a_nul_inside_a_move_is_never_echoed_raw() {
    let dir = fresh_dir("faults-nul");
    let file = dir.join("nul.pgn");
    std::fs::write(&file, "[White \"A\"]\n\n1. e4 e5 2. N\u{0}f3 *\n").unwrap();
    let transcript = dir.join("t.txt");
    let args = ["--lang", "en", "--transcript", transcript.to_str().unwrap(), "play", "--pgn", file.to_str().unwrap()];
    let (code, printed) = run(&args, "");
    assert_eq!(code, Some(2), "{printed}");
    assert!(!printed.contains('\u{0}') && printed.contains("White's move 2, that, is not legal"), "{printed:?}");
    let heard = text(&transcript);
    assert!(!heard.contains('\u{0}') && heard.contains("move 2, that,"), "{heard:?}");
}

/// PGN as other tools write it (the forms python-chess reads), through the real binary: each is
/// loaded and written back in the standard's form, nothing invented, nothing dropped.
#[test]
fn pgn_as_other_tools_write_it_is_read() {
    let dir = fresh_dir("faults-pgn-forms");
    let cases = [
        // A line inside a comment that begins with a bracket (chess-results.com).
        ("[Event \"E\"]\n\n1. e4 {\n[%emt 0:00:05]} e5 *\n", "1. e4 {[%emt 0:00:05]} 1... e5 *"),
        ("1. e4 e5 1/2\n", "1. e4 e5 1/2-1/2"),
        ("1 e4 e5 2 Nf3 *\n", "1. e4 e5 2. Nf3 *"),
        ("1. e4 1. ... e5 *\n", "1. e4 e5 *"),
        ("% an escape line\n[Event \"E\"]\n\n1. e4 e5\n% another\n2. Nf3 *\n", "1. e4 e5 2. Nf3 *"),
        ("1. e4 e5 1–0\n", "1. e4 e5 1-0"),
        ("1. e4 e5 2. Nf3 ⩱ *\n", "1. e4 e5 2. Nf3 $15 *"),
        // The Result tag and the result after the moves agree in what is written.
        ("[Result \"0-1\"]\n\n1. e4 e5\n", "1. e4 e5 0-1"),
        ("[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4# *\n", "2. g4 Qh4# 0-1"),
    ];
    for (number, (source, moves)) in cases.iter().enumerate() {
        let (file, out) = (dir.join(format!("{number}.pgn")), dir.join(format!("{number}-out.pgn")));
        std::fs::write(&file, source).unwrap();
        let args = ["play", "--pgn", file.to_str().unwrap()];
        let (code, printed) = run(&args, &format!("pgn {}\n", out.display()));
        assert_eq!(code, Some(0), "{source}: {printed}");
        let written = text(&out);
        assert!(written.contains(moves), "{source}: {written}");
        // No date invented: a game that gave none has its date unknown.
        assert!(!written.contains("[Date \"20"), "{source}: {written}");
        if let Some(result) = ["1-0", "0-1", "1/2-1/2"].into_iter().find(|r| moves.ends_with(r)) {
            assert!(written.contains(&format!("[Result \"{result}\"]")) || !written.contains("[Result"), "{written}");
        }
    }
    // Tags with two spaces or a tab before their value are kept.
    let file = dir.join("tags.pgn");
    std::fs::write(&file, "[Event \"E\"]\n[Annotator  \"Krush, I\"]\n[Source\t\"Tab\"]\n\n1. e4 *\n").unwrap();
    let out = dir.join("tags-out.pgn");
    run(&["play", "--pgn", file.to_str().unwrap()], &format!("pgn {}\n", out.display()));
    let written = text(&out);
    assert!(written.contains("[Annotator \"Krush, I\"]") && written.contains("[Source \"Tab\"]"), "{written}");
}

/// A file of games whose players have no names lists them in words, never by a message's key.
#[test]
fn unnamed_players_are_listed_in_words() {
    let dir = fresh_dir("faults-pgn-unnamed");
    let file = dir.join("two.pgn");
    std::fs::write(&file, "[Event \"A\"]\n[White \"?\"]\n[Black \"Bob\"]\n\n1. e4 *\n\n[Event \"B\"]\n\n1. d4 *\n")
        .unwrap();
    let (code, printed) = run(&["play", "--pgn", file.to_str().unwrap()], "");
    assert_eq!(code, Some(2), "{printed}");
    assert!(printed.contains("1: an unnamed player against Bob, not finished"), "{printed}");
    assert!(!printed.contains("[games."), "{printed}");
}

/// A time control the PGN gives that cannot be read is said, not dropped without a word.
#[test]
fn a_time_control_that_cannot_be_read_is_said() {
    let dir = fresh_dir("faults-pgn-banana");
    let file = dir.join("banana.pgn");
    std::fs::write(&file, "[TimeControl \"banana\"]\n\n1. e4 *\n").unwrap();
    let (code, printed) = run(&["play", "--pgn", file.to_str().unwrap()], "");
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.contains("The game's time control, banana, cannot be read"), "{printed}");
    std::fs::write(&file, "[TimeControl \"-\"]\n\n1. e4 *\n").unwrap();
    let (_, printed) = run(&["play", "--pgn", file.to_str().unwrap()], "");
    assert!(!printed.contains("cannot be read"), "{printed}");
}

/// A tag given twice (`[Event "A"]` and `[Event "B"]`) is said, and the game keeps the last once,
/// as the saved PGN shows.
#[test]
fn a_tag_given_twice_is_said_and_kept_once() {
    let dir = fresh_dir("faults-pgn-tag-twice");
    let file = dir.join("twice.pgn");
    std::fs::write(&file, "[Event \"A\"]\n[Event \"B\"]\n[White \"X\"]\n\n1. e4 e5 *\n").unwrap();
    let saved = dir.join("saved.pgn");
    let (code, printed) = run(&["play", "--pgn", file.to_str().unwrap()], &format!("pgn {}\n", saved.display()));
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.contains("The game gives its Event tag more than once; the last, B, is kept."), "{printed}");
    let pgn = text(&saved);
    assert!(pgn.contains("[Event \"B\"]") && !pgn.contains("[Event \"A\"]"), "{pgn}");
    std::fs::write(&file, "[Event \"A\"]\n\n1. e4 *\n").unwrap();
    let (_, printed) = run(&["play", "--pgn", file.to_str().unwrap()], "");
    assert!(!printed.contains("more than once"), "{printed}");
}

/// A null move in a game's own moves is refused by name (never as "that"); marks of no standard
/// glyph are kept as a comment.
#[test]
fn a_null_move_in_the_game_is_named_and_odd_marks_are_kept() {
    let dir = fresh_dir("faults-pgn-null");
    let file = dir.join("null.pgn");
    for null in ["--", "Z0"] {
        std::fs::write(&file, format!("1. e4 {null} 2. d4 *\n")).unwrap();
        let (code, printed) = run(&["play", "--pgn", file.to_str().unwrap()], "");
        assert_eq!(code, Some(2), "{printed}");
        assert!(printed.contains("Black's move 1 is a null move"), "{printed}");
        assert!(!printed.contains("that"), "{printed}");
    }
    std::fs::write(&file, "1. e4 e5 2. Nf3 !!?? *\n").unwrap();
    let out = dir.join("out.pgn");
    let (code, printed) = run(&["play", "--pgn", file.to_str().unwrap()], &format!("pgn {}\n", out.display()));
    assert_eq!(code, Some(0), "{printed}");
    assert!(text(&out).contains("2. Nf3 {!!??}"), "{}", text(&out));
}
