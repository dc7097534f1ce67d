//! `annabella analyse`: sentences or chasolver's code per FEN, FENs from the arguments or from
//! standard input, a refused FEN reported without stopping the others.

use crate::support::annabella;

#[test]
fn analyse_answers_for_each_fen_in_both_formats() {
    let wall = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -";
    let rook = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
    let out = annabella(&["analyse", "--format", "code", wall, rook], &[], "");
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), format!("-- {wall}\nW- {rook}\n"));

    let out = annabella(&["analyse", "--lang", "en"], &[], &format!("{rook}\n\nnot a fen\n"));
    assert_eq!(out.status.code(), Some(2), "a refused FEN makes the exit code 2");
    let printed = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines[0], rook);
    assert!(lines[1].starts_with("White can still checkmate, for example: 1. "), "{printed}");
    assert!(lines[1].ends_with("#."), "{printed}");
    assert_eq!(lines[2], "Black cannot checkmate by any series of legal moves.");
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a fen"));
}

#[test]
fn a_refused_fen_is_told_what_is_wrong_with_it() {
    // A whole FEN keeps its own reason: the counters added for four-field FENs do not turn it into
    // a syntax error.
    for fen in ["P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "P3k3/8/8/8/8/8/8/4K3 w - -"] {
        let out = annabella(&["analyse", fen], &[], "");
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("pawns on the first or last rank") && !err.contains("cannot be read"), "{err}");
    }
}
