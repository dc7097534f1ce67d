//! Practice games against the real engine (Stockfish), through the real binary: a whole game at
//! level 1 played by a script that answers each of the engine's moves as a player would, to its
//! end; the game kept in the archive naming the engine, its level and the opening; a game killed
//! part way resumed with the engine started again on the same position and level.

use std::process::Command;

use shakmaty::san::San;
use shakmaty::{Chess, Color, Move, Position};

use crate::support::running::Running;
use crate::support::{fresh_dir, QUIET};

/// The binary set to play a practice game, its data kept in `dir`.
fn practice(dir: &std::path::Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_annabella"));
    command
        .arg("play")
        .args(QUIET)
        .args(["--lang", "en", "--opponent", "engine"])
        .args(args)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"));
    command
}

/// The player at home: a second Stockfish at full strength, thinking for a fixed count of
/// positions, answers each position with its move.
struct Player {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::io::Lines<std::io::BufReader<std::process::ChildStdout>>,
}

impl Player {
    fn start() -> Player {
        use std::process::Stdio;
        let mut child = Command::new(annabella::engine::DEBIAN_STOCKFISH)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("stockfish starts");
        let input = child.stdin.take().unwrap();
        let output = std::io::BufRead::lines(std::io::BufReader::new(child.stdout.take().unwrap()));
        Player { child, input, output }
    }

    /// The move it plays after `moves` (UCI) from the start.
    fn choose(&mut self, pos: &Chess, moves: &[String]) -> Move {
        use std::io::Write;
        writeln!(self.input, "position startpos moves {}\ngo nodes 30000", moves.join(" ")).unwrap();
        let best = self
            .output
            .by_ref()
            .map_while(Result::ok)
            .find_map(|l| l.strip_prefix("bestmove ").map(|rest| rest.split_whitespace().next().unwrap().to_string()))
            .expect("a best move");
        let uci: shakmaty::uci::UciMove = best.parse().unwrap();
        uci.to_move(pos).unwrap()
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The move a printed announcement names (`12... Qxd4+: …`), with its number's side.
fn announced(line: &str) -> Option<(Color, &str)> {
    let (head, _) = line.split_once(": ")?;
    let (number, san) = head.split_once(' ')?;
    let side = if number.ends_with("...") { Color::Black } else { Color::White };
    number.trim_end_matches('.').parse::<u32>().ok()?;
    Some((side, san))
}

/// A whole game at level 1, the script with White typing its moves (a second engine at full
/// strength chooses them) and answering each of the engine's as it is announced, to the end: a
/// mate, or the engine's resignation; the game is then in the archive with the engine and its level named, the
/// opening, and the result.
#[test]
fn a_whole_game_against_level_one_is_played_by_script_to_its_end() {
    let dir = fresh_dir("practice-whole-game");
    let mut running = Running::spawn(practice(&dir, &["--level", "1"]));
    running.wait_for("inviting a move", |l| l.starts_with("Type a move"));
    let mut player = Player::start();
    let (mut pos, mut moves) = (Chess::default(), Vec::new());
    let mut result = None;
    while result.is_none() && pos.fullmoves().get() < 200 {
        if pos.is_game_over() {
            let line = running.wait_for("with the result", |l| l.starts_with("result: "));
            result = Some(line.trim_start_matches("result: ").to_string());
            break;
        }
        let mv = player.choose(&pos, &moves);
        let san = San::from_move(&pos, mv).to_string();
        running.type_line(&san);
        moves.push(shakmaty::uci::UciMove::from_standard(mv).to_string());
        pos.play_unchecked(mv);
        // The player's move is announced; then the engine's, or the end of the game.
        loop {
            let line =
                running.wait_for("with a move or the result", |l| l.starts_with("result: ") || announced(l).is_some());
            if let Some(rest) = line.strip_prefix("result: ") {
                result = Some(rest.to_string());
                break;
            }
            let (side, said) = announced(&line).unwrap();
            if side == Color::Black {
                let mv = said.parse::<San>().unwrap().to_move(&pos).unwrap();
                moves.push(shakmaty::uci::UciMove::from_standard(mv).to_string());
                pos.play_unchecked(mv);
                break;
            }
        }
    }
    let result = result.unwrap_or_else(|| panic!("the game did not end:\n{}", running.seen.join("\n")));
    let seen = running.seen.join("\n");
    assert!(["1-0 (checkmate)", "1-0 (resignation)"].contains(&result.as_str()), "{result}\n{seen}");
    // The engine's moves were announced in words, as a sighted opponent's are.
    assert!(seen.lines().any(|l| announced(l).is_some_and(|(side, _)| side == Color::Black)), "{seen}");
    let saved = running.wait_for("saying where the game is kept", |l| l.starts_with("The game is saved as PGN in "));
    let path = saved.trim_start_matches("The game is saved as PGN in ").trim_end_matches('.');
    let pgn = std::fs::read_to_string(path).unwrap();
    assert!(pgn.contains("[Event \"Practice game\"]"), "{pgn}");
    assert!(pgn.lines().any(|l| l.starts_with("[Black \"Stockfish") && l.ends_with(", level 1\"]")), "{pgn}");
    assert!(pgn.contains("[ECO \"") && pgn.contains("[Opening \""), "{pgn}");
    assert!(pgn.contains("[Hints \"0\"]") && pgn.contains("[Takebacks \"0\"]"), "{pgn}");
    let score = result.split_whitespace().next().unwrap();
    assert!(pgn.contains(&format!("[Result \"{score}\"]")), "{pgn}");
    assert_eq!(running.finish(), Some(0));
}

/// A hint and a takeback are kept in the game's PGN: the hint as a comment on the move it was
/// for, counted in a tag, and the takeback counted.
#[test]
fn hints_and_takebacks_are_kept_in_the_pgn() {
    let dir = fresh_dir("practice-pgn");
    let args = ["--level", "8"];
    let mut running = Running::spawn(practice(&dir, &args));
    running.wait_for("inviting a move", |l| l.starts_with("Type a move"));
    running.type_line("e4");
    running.wait_for("with the engine's move", |l| l.starts_with("1... "));
    running.type_line("hint");
    let hint = running.wait_for("with the hint", |l| l.starts_with("Hint: "));
    let hinted = hint.trim_start_matches("Hint: ").trim_end_matches('.').to_string();
    running.type_line("takeback");
    running.wait_for("with what was taken back", |l| l.starts_with("Taken back: "));
    running.type_line("d4");
    running.wait_for("with the engine's move", |l| l.starts_with("1... "));
    running.type_line("pgn");
    let written = running.wait_for("with the file", |l| l.contains(".pgn"));
    let path = written.split(" in ").last().unwrap().trim_end_matches('.').to_string();
    let pgn = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{written}: {e}"));
    assert!(pgn.contains("[Hints \"1\"]") && pgn.contains("[Takebacks \"1\"]"), "{pgn}");
    assert!(pgn.contains("1. d4"), "the taken back move is gone: {pgn}");
    assert!(!hinted.is_empty());
    running.type_line("quit");
    running.type_line("yes");
    assert_eq!(running.finish(), Some(0));
}

/// A practice game killed part way resumes from its journal with the engine started again on the
/// same position and at the same level: the engine's move that was not yet made is asked for
/// anew, and the game goes on.
#[test]
fn a_practice_game_killed_part_way_resumes_with_the_engine() {
    let dir = fresh_dir("practice-resume");
    let journal = dir.join("practice.journal");
    let args = ["--level", "3", "--journal", journal.to_str().unwrap()];
    let mut running = Running::spawn(practice(&dir, &args));
    running.wait_for("inviting a move", |l| l.starts_with("Type a move"));
    running.type_line("e4");
    running.wait_for("with the engine's move", |l| l.starts_with("1... "));
    running.type_line("fen");
    let fen = running.wait_for("with the position", |l| l.contains(" w KQ"));
    running.type_line("level 5");
    running.wait_for("with the new level", |l| l.contains("level 5 of 8"));
    drop(running); // killed, as by a crash

    let mut resumed = Command::new(env!("CARGO_BIN_EXE_annabella"));
    resumed
        .args(["play", "--journal", journal.to_str().unwrap()])
        .args(QUIET)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"));
    let mut running = Running::spawn(resumed);
    running.type_line("level");
    running.wait_for("with the level kept", |l| l == "The engine plays at level 5 of 8.");
    running.type_line("fen");
    running.wait_for("with the same position", |l| l == fen);
    running.type_line("d4");
    running.wait_for("with the engine's answer", |l| l.starts_with("2... "));
    running.type_line("quit");
    running.type_line("yes");
    assert_eq!(running.finish(), Some(0));
}

/// With a clock, the engine is asked within its own time (the clocks as they stand, with the
/// increment), its clock runs while it thinks, and the player's starts when its move is
/// announced: the times the events come at decide, as in every game.
#[test]
fn with_a_clock_the_engine_thinks_on_its_own_time() {
    use annabella::clock::Timestamp;
    use annabella::engine::{Answer, OpponentKind, Report};
    use annabella::session::{Effect, Event};

    use crate::support::session::{printed, quiet, started, typed};

    let mut settings = quiet();
    settings.control = "5+2".parse().unwrap();
    settings.opponent.kind = OpponentKind::Engine;
    let mut s = started(settings);
    let answer = typed(&mut s, "e4", 1_000);
    let request = answer
        .effects
        .iter()
        .find_map(|e| match e {
            Effect::Think(request) => Some(request.clone()),
            _ => None,
        })
        .expect("the engine is asked for its move");
    let clock = request.go.clock.expect("asked within the clock");
    // White thought for a second and got two back; Black's clock is whole.
    assert_eq!(clock.white, std::time::Duration::from_secs(301));
    assert_eq!(clock.black, std::time::Duration::from_secs(300));
    assert_eq!(clock.black_increment, std::time::Duration::from_secs(2));
    assert_eq!(request.moves, ["e2e4"]);
    // The engine answers ten seconds later: its clock ran meanwhile, and the player's runs from then.
    let report = Report { id: request.id, answer: Answer::Chose { best: "e7e5".into(), score: None } };
    let said = s.apply(Event::Opponent(report), Timestamp(11_000));
    assert!(printed(&said).iter().any(|l| l.starts_with("1... e5")), "{:?}", printed(&said));
    let time = printed(&typed(&mut s, "time", 14_000)).join(" ");
    assert!(time.contains("White: 4 minutes 58 seconds"), "{time}");
    assert!(time.contains("Black: 4 minutes 52 seconds"), "{time}");
}
