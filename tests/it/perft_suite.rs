//! Perft over the shared suites: shallow depths here, every depth in the ignored test.

use annabella::rules::{parse_fen_permissive, perft};

use crate::support::perft_suite;

const SUITES: [&str; 3] = ["tricky.perft", "tricky-deep.perft", "chess960.perft"];

fn run(max_nodes: u64) -> usize {
    let mut checked = 0;
    for suite in SUITES {
        for case in perft_suite(suite) {
            let pos = parse_fen_permissive(&case.fen).unwrap_or_else(|e| panic!("{suite} {}: {e}", case.id));
            for &(depth, nodes) in case.counts.iter().filter(|(_, n)| *n <= max_nodes) {
                assert_eq!(perft(&pos, depth), nodes, "{suite} id {} depth {depth}", case.id);
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn perft_shallow() {
    // Depth 1 and 2 of every position, and deeper ones while they stay small.
    assert!(run(20_000) > 960 * 2);
}

#[test]
#[ignore = "deep perft: run with --ignored in a release build"]
fn perft_deep() {
    run(u64::MAX);
}

#[test]
fn chess960_depths_one_to_three_for_all_960() {
    let cases = perft_suite("chess960.perft");
    assert_eq!(cases.len(), 960);
    for case in cases {
        let pos = parse_fen_permissive(&case.fen).unwrap_or_else(|e| panic!("chess960 {}: {e}", case.id));
        for &(depth, nodes) in case.counts.iter().filter(|(d, _)| *d <= 3) {
            assert_eq!(perft(&pos, depth), nodes, "chess960 id {} depth {depth}", case.id);
        }
        assert!(case.counts.iter().any(|(d, _)| *d == 3), "id {} has a depth-3 count", case.id);
    }
}
