//! `annabella analyse`: sentences or chasolver's code per FEN, FENs from the arguments or from
//! standard input, a refused FEN said without stopping the others; what is said goes to the
//! transcript too, and beside the codes it goes to standard error.

use crate::support::{annabella, fresh_dir};

#[test]
fn analyse_answers_for_each_fen_in_both_formats() {
    let wall = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -";
    let rook = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
    let out = annabella(&["analyse", "--format", "code", "--speech", "off", wall, rook], &[], "");
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), format!("-- {wall}\nW- {rook}\n"));

    let dir = fresh_dir("analyse");
    let transcript = dir.join("said.txt");
    let args = ["analyse", "--lang", "en", "--speech", "text", "--transcript", transcript.to_str().unwrap()];
    let out = annabella(&args, &[], &format!("{rook}\n\nnot a fen\n"));
    assert_eq!(out.status.code(), Some(2), "a refused FEN makes the exit code 2");
    let printed = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines[0], rook);
    // The printed answer holds the words said, the line of moves beside them for the eye.
    assert!(lines[1].starts_with("White can still checkmate, for example: 1. "), "{printed}");
    assert_eq!(lines[2], "Black cannot checkmate by any series of legal moves.");
    assert_eq!(lines[3], "not a fen");
    assert!(lines[4].starts_with("That FEN was refused:"), "{printed}");
    let said = std::fs::read_to_string(&transcript).unwrap();
    assert_eq!(said.lines().count(), 3, "{said}");
    assert!(said.lines().all(|l| l.starts_with("say: ") && !l.contains('/')), "{said}");
    assert!(said.starts_with("say: White can still checkmate.\n"), "the line of moves is not read out: {said}");

    // Beside the codes, a refusal goes to standard error.
    let out = annabella(&["analyse", "--format", "code", "--speech", "off", "not a fen"], &[], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("That FEN was refused"));
}

#[test]
fn a_refused_fen_is_told_what_is_wrong_with_it() {
    // A whole FEN keeps its own reason: the counters added for four-field FENs do not turn it into
    // a syntax error.
    for fen in ["P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "P3k3/8/8/8/8/8/8/4K3 w - -"] {
        let out = annabella(&["analyse", "--speech", "off", "--lang", "en", fen], &[], "");
        assert_eq!(out.status.code(), Some(2));
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(said.contains("pawns on the first or last rank") && !said.contains("cannot be read"), "{said}");
    }
}
