//! The dead-position analyser against the labelled positions of chasolver's test set
//! (../shared/data/unwinnability/positions.txt, 3,414 positions, both sides of each) and of real
//! games (lichess.txt, 65,536 positions): no answer may contradict a label, and every "can mate"
//! comes with a line of legal moves that really ends in that side mating; the check on a forfeit
//! never says a side that can mate cannot. Slow in a debug build: scripts/test.sh runs them in
//! release (`cargo test --release -p unwinnability`), which builds this crate alone.

#[path = "labelled/judged.rs"]
mod judged;
mod labelled;

use judged::{check, tally};
use labelled::labelled;
use unwinnability::{can_checkmate, Budget};

fn positions() -> Vec<(String, String)> {
    labelled("positions.txt")
}

/// (wrong answers, sides that cannot mate left unproven) of the check on a forfeit.
fn check_on_forfeit(cases: &[(String, String)]) -> (Vec<String>, usize) {
    tally(cases, |pos, color, expected| match (can_checkmate(pos, color), expected) {
        (true, false) => None,
        (can, expected) => Some(can == expected),
    })
}

/// `check` over all the cases, half of them on a second thread.
fn check_on_two_threads(
    cases: &[(String, String)],
    check: impl Fn(&[(String, String)]) -> (Vec<String>, usize) + Sync,
) -> (Vec<String>, usize) {
    let half = cases.len() / 2;
    let (a, b) = std::thread::scope(|s| {
        let first = s.spawn(|| check(&cases[..half]));
        let second = check(&cases[half..]);
        (first.join().unwrap(), second)
    });
    (a.0.into_iter().chain(b.0).collect(), a.1 + b.1)
}

#[test]
#[ignore = "slow in a debug build; scripts/test.sh runs them with --release"]
fn the_labelled_positions_get_no_wrong_answer() {
    let cases = positions();
    assert!(cases.len() > 3400, "the whole labelled set");
    let (wrong, undetermined) = check_on_two_threads(&cases, |c| check(c, Budget::THOROUGH));
    assert!(wrong.is_empty(), "answers that contradict the label:\n{}", wrong.join("\n"));
    assert_eq!(undetermined, 0, "undetermined analyses of the labelled set");
}

#[test]
#[ignore = "slow in a debug build; scripts/test.sh runs them with --release"]
fn the_forfeit_budget_decides_every_labelled_position() {
    // The searches and the walk beside them on two threads (how long each takes: BENCHMARKS.md).
    let cases = positions();
    let (wrong, undetermined) = check_on_two_threads(&cases, |c| check(c, Budget::FORFEIT));
    assert!(wrong.is_empty(), "answers that contradict the label:\n{}", wrong.join("\n"));
    assert_eq!(undetermined, 0, "undetermined analyses of the labelled set with the forfeit budget");
}

#[test]
#[ignore = "slow in a debug build; scripts/test.sh runs them with --release"]
fn the_real_games_get_no_wrong_answer_and_none_undetermined() {
    let cases = labelled("lichess.txt");
    assert!(cases.len() >= 65_536, "the whole real-game set");
    for budget in [Budget::THOROUGH, Budget::FORFEIT] {
        let (wrong, undetermined) = check_on_two_threads(&cases, |c| check(c, budget));
        assert!(wrong.is_empty(), "answers that contradict the label:\n{}", wrong.join("\n"));
        assert_eq!(undetermined, 0, "undetermined analyses of real games with {budget:?}");
    }
    let (wrong, unproven) = check_on_two_threads(&cases, check_on_forfeit);
    assert!(wrong.is_empty(), "said unable to mate, but can:\n{}", wrong.join("\n"));
    assert_eq!(unproven, 0, "real games where a side cannot mate but the check on a forfeit says it can");
}

#[test]
#[ignore = "slow in a debug build; scripts/test.sh runs them with --release"]
fn the_check_on_a_forfeit_never_takes_a_win_away() {
    let cases = positions();
    let (wrong, unproven) = check_on_two_threads(&cases, check_on_forfeit);
    assert!(wrong.is_empty(), "said unable to mate, but can:\n{}", wrong.join("\n"));
    // Every side that cannot mate is proven so: a flag fall against it is a draw (6.9).
    assert_eq!(unproven, 0, "sides that cannot mate, not proven so by the check on a forfeit");
}
