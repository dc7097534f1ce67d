//! The coach through the real binary: a puzzle (lichess's `000rZ`, a mate in one) solved by
//! script in each language with the rating moving; a wrong answer said wrong, with what it allows
//! (the real engine), and the solution given; questions about the board in a puzzle; the progress
//! kept through a crash; `--mine` turning a kept game with a blunder into an exercise that takes a
//! good answer; each drill asking, checking and scoring, repeatable by its seed.

use annabella::coach::drills::{DrillKind, Question, Truth};

use crate::support::running::Running;
use crate::support::{annabella, fresh_dir, Scratch};

/// The environment of a player whose data is kept in `dir`.
fn home(dir: &Scratch) -> Vec<(String, String)> {
    vec![
        ("XDG_DATA_HOME".into(), dir.join("data").display().to_string()),
        ("XDG_CONFIG_HOME".into(), dir.join("config").display().to_string()),
    ]
}

/// What the binary printed for `args` and `input`, with the player's data in `dir`.
fn said(dir: &Scratch, args: &[&str], input: &str) -> String {
    let args: Vec<&str> = args.iter().copied().chain(["--speech", "off", "--cues", "off"]).collect();
    let out = annabella(&args, &home(dir), input);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_mate_in_one_is_solved_in_each_language_and_the_rating_rises() {
    let cases = [
        ("en", "Qxh2", "Solved.", "Your puzzle rating rises by", "Puzzles solved: 1; failed: 0."),
        ("de", "Dxh2", "Gelöst.", "Deine Aufgabenwertung steigt um", "Gelöste Aufgaben: 1; nicht gelöste: 0."),
        ("et", "Lxh2", "Lahendatud.", "Sinu ülesannete reiting tõusis", "Lahendatud ülesandeid: 1; lahendamata: 0."),
    ];
    for (lang, answer, solved, rises, report) in cases {
        let dir = fresh_dir(&format!("coach-solved-{lang}"));
        let printed = said(&dir, &["puzzle", "--id", "000rZ", "--lang", lang], &format!("{answer}\nquit\n"));
        assert!(printed.contains(solved) && printed.contains(rises), "{lang}: {printed}");
        // The position was said to be set up: who plays, the pieces of both sides, the last move.
        assert!(printed.lines().filter(|l| l.contains("Gustav eins")).count() >= 1, "{printed}");
        let report_said = said(&dir, &["puzzle", "--report", "--lang", lang], "");
        assert!(report_said.contains(report), "{lang}: {report_said}");
    }
}

#[test]
fn a_wrong_answer_is_said_wrong_with_what_it_allows_and_the_solution_is_given() {
    let dir = fresh_dir("coach-wrong");
    let printed = said(&dir, &["puzzle", "--id", "000rZ", "--lang", "en"], "Qd5\nQd5\nsolution\nquit\n");
    assert!(printed.contains("Dame David fünf is not the move. Try once more."), "{printed}");
    // The engine says what the wrong move allows.
    assert!(printed.contains("It allows Springer schlägt David fünf."), "{printed}");
    assert!(printed.contains("Dame David fünf is not the move either."), "{printed}");
    assert!(printed.contains("The solution: Dame schlägt Hector zwei Matt."), "{printed}");
    assert!(printed.contains("Your puzzle rating falls by"), "{printed}");
    let report = said(&dir, &["puzzle", "--report", "--lang", "en"], "");
    assert!(
        report.contains("Puzzles solved: 0; failed: 1.") && report.contains("mate in one: solved 0, failed 1."),
        "{report}"
    );
}

#[test]
fn the_board_is_asked_about_in_a_puzzle_and_a_games_command_is_refused() {
    let dir = fresh_dir("coach-board");
    let printed =
        said(&dir, &["puzzle", "--id", "000rZ", "--lang", "en"], "square h2\ncheck\ndraw\nhelp\nsolution\nquit\n");
    assert!(printed.contains("Hector zwei: white pawn"), "{printed}");
    assert!(printed.contains("draw is for a game; here say a move, a question about the board, or help."), "{printed}");
    // Help names only what works here: the coach's commands and the questions.
    assert!(printed.contains("training") && !printed.contains("clock"), "{printed}");
}

#[test]
fn the_progress_survives_a_crash() {
    let dir = fresh_dir("coach-crash");
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_annabella"));
    command.args(["puzzle", "--id", "000rZ", "--lang", "en", "--speech", "off", "--cues", "off"]).envs(home(&dir));
    let mut running = Running::spawn(command);
    running.wait_for("the puzzle", |l| l == "Find the best move.");
    running.type_line("Qxh2");
    running.wait_for("the puzzle solved", |l| l == "Solved.");
    drop(running); // killed
    let report = said(&dir, &["puzzle", "--report", "--lang", "en"], "");
    assert!(report.contains("Puzzles solved: 1; failed: 0."), "{report}");
    assert!(!report.contains("rating: 1500."), "the rating moved: {report}");
}

#[test]
fn a_kept_game_with_a_blunder_becomes_an_exercise_that_takes_a_good_answer() {
    let dir = fresh_dir("coach-mine");
    // The fool's mate, lost with White at the tactile board: 2. g4 allowed mate.
    said(&dir, &["play", "--black", "Bob", "--lang", "en"], "f3\ne5\ng4\nQh4#\n");
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_annabella"));
    command.args(["puzzle", "--mine", "--lang", "en", "--speech", "off", "--cues", "off"]).envs(home(&dir));
    let mut running = Running::spawn(command);
    running.wait_for("the games analysed", |l| l.starts_with("Looking for exercises in your games: 1 of 1"));
    let mut saw_the_blunder = false;
    loop {
        let line =
            running.wait_for("an exercise", |l| l.starts_with("Your game against Bob") || l.starts_with("No exercise"));
        if line.starts_with("No exercise") {
            break;
        }
        running.wait_for("the question", |l| l == "Find a better move than the one you played.");
        if line.ends_with("your move 2.") {
            saw_the_blunder = true;
            // The blunder again is not good enough; a sound move is.
            running.type_line("g4");
            running.wait_for("the answer judged", |l| l.starts_with("Gustav vier is not good enough."));
            running.type_line("Nc3");
        } else {
            running.type_line("e4");
        }
        running.wait_for("the answer judged right", |l| l.starts_with("Right: "));
        running.type_line("next");
    }
    assert!(saw_the_blunder, "{}", running.seen.join("\n"));
    running.type_line("quit");
    assert_eq!(running.finish(), Some(0));
    let report = said(&dir, &["puzzle", "--report", "--lang", "en"], "");
    assert!(report.contains("Exercises from your games: "), "{report}");
}

/// The answer a script gives to a drill's question: right, from the question the library draws
/// with the same seed.
fn answer(question: &Question) -> String {
    match question.truth() {
        Truth::Light(light) => if light { "light" } else { "dark" }.into(),
        Truth::Route(route) => (route.len() - 1).to_string(),
        Truth::Reaches(yes) => if yes { "yes" } else { "no" }.into(),
        Truth::On(None) => "empty".into(),
        Truth::On(Some(piece)) => piece.char().to_string(),
        Truth::At(square) => square.to_string(),
    }
}

#[test]
fn each_drill_asks_checks_and_scores_and_its_seed_repeats_it() {
    for kind in [DrillKind::Colour, DrillKind::Knight, DrillKind::Reach, DrillKind::Recall] {
        let dir = fresh_dir(&format!("coach-drill-{kind}"));
        let mut rng = fastrand::Rng::with_seed(42);
        let questions: Vec<Question> = (0..3).map(|_| kind.question(&mut rng)).collect();
        // Two right, then the third wrong on purpose (a wrong answer that is still an answer).
        let mut answers: Vec<String> = questions.iter().map(answer).collect();
        answers[2] = match questions[2].truth() {
            Truth::Light(light) => if light { "dark" } else { "light" }.into(),
            Truth::Route(route) => (route.len() + 2).to_string(),
            Truth::Reaches(yes) => if yes { "no" } else { "yes" }.into(),
            Truth::On(None) => "white queen".into(),
            Truth::On(Some(_)) => "empty".into(),
            Truth::At(square) => if square == shakmaty::Square::A1 { "h8" } else { "a1" }.into(),
        };
        let input = format!("{}\nquit\n", answers.join("\n"));
        let printed = said(&dir, &["drill", &kind.to_string(), "--count", "3", "--seed", "42", "--lang", "en"], &input);
        assert_eq!(printed.matches("Right: ").count(), 2, "{kind}: {printed}");
        assert_eq!(printed.matches("No: ").count(), 1, "{kind}: {printed}");
        assert!(printed.contains("Drill over: 2 of 3 right"), "{kind}: {printed}");
        let report = said(&dir, &["puzzle", "--report", "--lang", "en"], "");
        assert!(report.contains(&format!("Drill {kind}: 2 of 3 answers right.")), "{kind}: {report}");
    }
}

#[test]
fn a_drill_answer_that_is_no_answer_says_what_is_expected_and_the_board_is_in_the_head() {
    let dir = fresh_dir("coach-drill-words");
    let printed = said(
        &dir,
        &["drill", "colour", "--count", "1", "--seed", "1", "--lang", "de"],
        "blau\nbrett\nzeit\nhell\nbeenden\n",
    );
    assert!(printed.contains("Sag hell oder dunkel."), "{printed}");
    assert!(printed.contains("Im Training ist das Brett in deinem Kopf"), "{printed}");
    assert!(printed.contains("Lass dir Zeit."), "{printed}");
    assert!(printed.contains("Training beendet:"), "{printed}");
}

#[test]
fn a_puzzle_flag_that_names_nothing_is_said_and_exits_2() {
    let dir = fresh_dir("coach-flags");
    for (args, expected) in [
        (&["puzzle", "--id", "zzzzz"][..], "There is no such puzzle in the set"),
        (&["puzzle", "--theme", "knitting"][..], "No puzzle has that theme"),
        (&["puzzle", "--rating", "high"][..], "That is no rating range"),
    ] {
        let args: Vec<&str> = args.iter().copied().chain(["--lang", "en", "--speech", "off"]).collect();
        let out = annabella(&args, &home(&dir), "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stdout).contains(expected), "{args:?}: {out:?}");
    }
}
