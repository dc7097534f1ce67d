//! The dead-position analyser, as the program uses it, against a sample of the labelled positions
//! of chasolver's test set (every 40th): no answer may contradict a label, and every "can mate"
//! comes with a line of legal moves that really ends in that side mating. The whole set, and the
//! positions of real games, are the analyser crate's own tests, run in release by
//! scripts/test.sh (crates/unwinnability/tests/labelled_positions.rs).

#[path = "../../crates/unwinnability/tests/labelled/judged.rs"]
mod judged;
#[path = "../../crates/unwinnability/tests/labelled/mod.rs"]
mod labelled;

use annabella::rules::Budget;
use judged::check;

fn positions() -> Vec<(String, String)> {
    labelled::labelled("positions.txt")
}

#[test]
fn a_sample_of_the_labelled_positions_in_any_build() {
    // Every 40th position, small enough for a debug build.
    let cases: Vec<_> = positions().into_iter().step_by(40).collect();
    let (wrong, _) = check(&cases, Budget::THOROUGH);
    assert!(wrong.is_empty(), "answers that contradict the label:\n{}", wrong.join("\n"));
}
