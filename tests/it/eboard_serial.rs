//! The real binary with an emulated DGT board on a pseudo-terminal pair (made by the serial
//! crate): the board answers "send board" with its placement and reports each lift and placement
//! as the protocol does. Moves of every kind made on it, a wrong placement and its repair, a cable
//! pulled and put back (the port's name is a link, as /dev/serial/by-id is, pointed at a new
//! pseudo-terminal), a board that answers garbage, a port missing or held by another program.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::support::running::Running;
use annabella::eboard::{dump_bytes, field_bytes};
use serialport::TTYPort;
use shakmaty::{Board, Color, Piece, Role, Square};

/// A DGT board on the master side of a pseudo-terminal.
struct EmulatedBoard {
    master: TTYPort,
    placement: Arc<Mutex<Board>>,
    /// Set when the cable is pulled: the board's thread ends and lets go of the line.
    pulled: Arc<AtomicBool>,
    answering: Option<std::thread::JoinHandle<()>>,
    /// The link the program opens: gone with the board, as a USB port's device is when its cable
    /// is pulled (left behind, it would name a pseudo-terminal number that another test's board
    /// may be given next).
    link: PathBuf,
}

impl EmulatedBoard {
    /// A board showing `placement`, reachable through the link `port`.
    fn new(port: &Path, placement: Board) -> EmulatedBoard {
        EmulatedBoard::answering_after(port, placement, Duration::ZERO)
    }

    /// A board that answers "send board" only once `wait` has passed (switched on late; never,
    /// with a wait longer than the test).
    fn answering_after(port: &Path, placement: Board, wait: Duration) -> EmulatedBoard {
        let on = Instant::now() + wait;
        let (master, name) = crate::support::pseudo_terminal();
        let _ = std::fs::remove_file(port);
        std::os::unix::fs::symlink(name, port).unwrap();
        let placement = Arc::new(Mutex::new(placement));
        let mut reader = master.try_clone_native().unwrap();
        let mut writer = master.try_clone_native().unwrap();
        let shown = Arc::clone(&placement);
        let pulled = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&pulled);
        // Answers the program's commands: 0x42 (send board) with the whole placement.
        let answering = std::thread::spawn(move || {
            let mut byte = [0u8; 1];
            while !stop.load(Ordering::SeqCst) {
                match reader.read(&mut byte) {
                    Ok(1) if byte[0] == 0x42 && Instant::now() >= on => {
                        let dump = dump_bytes(&shown.lock().unwrap());
                        if writer.write_all(&dump).is_err() {
                            return;
                        }
                    }
                    Ok(_) => {}
                    // Nobody has the other end open yet (or any more): wait for the program.
                    Err(_) => std::thread::sleep(Duration::from_millis(20)),
                }
            }
        });
        EmulatedBoard { master, placement, pulled, answering: Some(answering), link: port.to_path_buf() }
    }

    /// A piece put on `square` (none: lifted from it), reported as the board does.
    fn set(&mut self, square: Square, piece: Option<Piece>) {
        match piece {
            Some(p) => self.placement.lock().unwrap().set_piece_at(square, p),
            None => {
                self.placement.lock().unwrap().discard_piece_at(square);
            }
        }
        self.master.write_all(&field_bytes(square, piece)).unwrap();
        std::thread::sleep(Duration::from_millis(30));
    }

    fn lift(&mut self, square: Square) {
        self.set(square, None);
    }

    fn put(&mut self, square: Square, color: Color, role: Role) {
        self.set(square, Some(Piece { color, role }));
    }
}

/// The program playing with the board named.
struct Program(Running);

impl Program {
    fn start(dir: &Path, port: &str, extra: &[&str]) -> Program {
        let eboard = format!("dgt:{port}");
        let mut args = vec!["play", "--speech", "off", "--cues", "off", "--lang", "en", "--eboard", &eboard];
        args.extend_from_slice(extra);
        let mut command = Command::new(env!("CARGO_BIN_EXE_annabella"));
        command.args(&args).env("XDG_CONFIG_HOME", dir.join("config")).env("XDG_DATA_HOME", dir.join("data"));
        Program(Running::spawn(command))
    }

    /// Waits for a line that starts with `start`; that line.
    fn expect(&mut self, start: &str) -> String {
        self.0.wait_for(&format!("starting {start:?}"), |line| line.starts_with(start))
    }

    /// Everything said within `wait`.
    fn said_within(&mut self, wait: Duration) -> Vec<String> {
        self.0.said_within(wait)
    }

    fn type_line(&mut self, line: &str) {
        self.0.type_line(line);
    }
}

impl Drop for EmulatedBoard {
    fn drop(&mut self) {
        self.pulled.store(true, Ordering::SeqCst);
        let _ = std::fs::remove_file(&self.link);
        if let Some(thread) = self.answering.take() {
            let _ = thread.join();
        }
    }
}

fn setup(name: &str) -> (crate::support::Scratch, PathBuf) {
    let dir = crate::support::fresh_dir(name);
    let port = dir.join("board");
    (dir, port)
}

/// A game begun with 1. e4 made on the board too, and Black's knight then put on a square it
/// cannot reach (g8 to g5).
fn knight_out_of_reach(name: &str, extra: &[&str]) -> (crate::support::Scratch, EmulatedBoard, Program) {
    let (dir, port) = setup(name);
    let mut board = EmulatedBoard::new(&port, Board::default());
    let mut program = Program::start(&dir, port.to_str().unwrap(), extra);
    program.expect("The electronic board on");
    program.expect("The electronic board shows the game's position.");
    program.type_line("e4");
    program.expect("1. e4: Eva vier");
    board.lift(Square::E2);
    board.put(Square::E4, Color::White, Role::Pawn);
    board.lift(Square::G8);
    board.put(Square::G5, Color::Black, Role::Knight);
    (dir, board, program)
}

fn position(fen: &str) -> Board {
    fen.split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn moves_of_every_kind_made_on_the_board_are_played() {
    use Color::White as W;
    // The sighted player is White (the blind player Black types): each line a position and the
    // lifts and placements of one move on the board.
    type Script = fn(&mut EmulatedBoard);
    let cases: [(&str, Script, &str); 6] = [
        (
            "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
            |b| {
                b.lift(Square::D5);
                b.lift(Square::E4);
                b.put(Square::D5, W, Role::Pawn);
            },
            "1. exd5: Eva schlägt David fünf",
        ),
        (
            "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
            |b| {
                b.lift(Square::E4);
                b.lift(Square::D5);
                b.put(Square::D5, W, Role::Pawn);
            },
            "1. exd5: Eva schlägt David fünf",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            |b| {
                b.lift(Square::E1);
                b.put(Square::G1, W, Role::King);
                b.lift(Square::H1);
                b.put(Square::F1, W, Role::Rook);
            },
            "1. O-O: Kurze Rochade",
        ),
        (
            "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
            |b| {
                b.lift(Square::A1);
                b.put(Square::D1, W, Role::Rook);
                b.lift(Square::E1);
                b.put(Square::C1, W, Role::King);
            },
            "1. O-O-O: Lange Rochade",
        ),
        (
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
            |b| {
                b.lift(Square::E5);
                b.put(Square::D6, W, Role::Pawn);
                b.lift(Square::D5);
            },
            "2. exd6: Eva schlägt David sechs en passant",
        ),
        (
            "8/4P3/8/8/8/8/k7/4K3 w - - 0 1",
            |b| {
                b.lift(Square::E7);
                b.put(Square::E8, W, Role::Queen);
            },
            "1. e8=Q: Eva acht Dame",
        ),
    ];
    let mut wrong = Vec::new();
    for (i, (fen, script, announced)) in cases.into_iter().enumerate() {
        let (dir, port) = setup(&format!("eboard-moves-{i}"));
        let mut board = EmulatedBoard::new(&port, position(fen));
        let mut program = Program::start(&dir, port.to_str().unwrap(), &["--blind", "black", "--fen", fen]);
        program.expect("The electronic board shows the game's position.");
        script(&mut board);
        let line = program.expect(&announced[..announced.find(':').unwrap()]);
        if line != announced {
            wrong.push(format!("{fen}: {line}"));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn a_relay_executed_on_the_board_confirms_it_and_a_wrong_placement_is_caught_and_repaired() {
    // Black's knight to a square it cannot reach: said once it stays there.
    let (_dir, mut board, mut program) = knight_out_of_reach("eboard-relay", &[]);
    program.expect("Squares where the electronic board differs from the game: 2.");
    program.expect("Gustav fünf: black knight, should be nothing.");
    program.expect("Gustav acht: nothing, should be black knight.");
    program.expect("To repair: knight from Gustav fünf to Gustav acht.");
    board.lift(Square::G5);
    board.put(Square::G8, Color::Black, Role::Knight);
    program.expect("The electronic board shows the game's position.");
    board.lift(Square::G8);
    board.put(Square::F6, Color::Black, Role::Knight);
    program.expect("1... Nf6: Springer Felix sechs");
    // Typing still works beside the board.
    program.type_line("eboard");
    program.expect("The electronic board shows the game's position.");
}

/// With the simulated clock, time passes only with `advance`: a wrong placement is judged once
/// the time advanced past its settling, as the real clock judges it when its time comes.
#[test]
fn with_the_simulated_clock_a_wrong_placement_is_judged_when_time_is_advanced() {
    let (_dir, _board, mut program) = knight_out_of_reach("eboard-simulated", &["--clock", "simulated"]);
    // More than the settling time passes on the wall, none on the game's clock.
    let early = program.said_within(Duration::from_millis(2500));
    assert!(!early.iter().any(|l| l.contains("differs")), "judged before its time: {early:#?}");
    program.type_line("advance 1s");
    let soon = program.said_within(Duration::from_millis(500));
    assert!(!soon.iter().any(|l| l.contains("differs")), "judged before it settled: {soon:#?}");
    program.type_line("advance 1s");
    program.expect("Squares where the electronic board differs from the game: 2.");
    program.expect("Gustav fünf: black knight, should be nothing.");
}

#[test]
fn a_pulled_cable_is_one_warning_and_the_board_is_read_again_when_it_is_back() {
    let (dir, port) = setup("eboard-cable");
    let board = EmulatedBoard::new(&port, Board::default());
    let mut program = Program::start(&dir, port.to_str().unwrap(), &[]);
    program.expect("The electronic board shows the game's position.");
    program.type_line("e4");
    program.expect("1. e4: Eva vier");
    drop(board);
    program.expect("The electronic board is disconnected.");
    // While it is away, the relay and Black's answer are made on it; then it is plugged in again.
    std::thread::sleep(Duration::from_millis(1200));
    let after = position("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let _board = EmulatedBoard::new(&port, after);
    program.expect("The electronic board is back; its placement is asked for again.");
    program.expect("1... c5: Cesar fünf");
    let said = program.said_within(Duration::from_millis(1500));
    assert!(!said.iter().any(|l| l.contains("disconnected")), "one warning: {said:?}");
}

/// A board that never answers is said not to answer, once, and is never said to be read; the game
/// goes on by keyboard.
#[test]
fn a_board_that_never_answers_is_said_so_once_and_never_read() {
    let (dir, port) = setup("eboard-silent");
    let _board = EmulatedBoard::answering_after(&port, Board::default(), Duration::from_secs(3600));
    let mut program = Program::start(&dir, port.to_str().unwrap(), &[]);
    program.expect("The electronic board on");
    program.expect("The electronic board does not answer; it is asked again");
    program.type_line("eboard");
    program.expect("The electronic board has not sent its placement yet");
    program.type_line("e4");
    program.expect("1. e4: Eva vier");
    let said = program.said_within(Duration::from_millis(4500));
    let all = program.0.seen.join("\n");
    assert_eq!(all.matches("does not answer").count(), 1, "{all}");
    assert!(!all.contains("placement is read") && !all.contains("shows the game's position"), "{all}");
    assert!(!said.iter().any(|l| l.contains("differ")), "{all}");
}

/// A board switched on three seconds late is asked again, and read when it answers.
#[test]
fn a_board_switched_on_late_is_asked_again_and_read_when_it_answers() {
    let (dir, port) = setup("eboard-late");
    let _board = EmulatedBoard::answering_after(&port, Board::default(), Duration::from_secs(3));
    let mut program = Program::start(&dir, port.to_str().unwrap(), &[]);
    program.expect("The electronic board does not answer");
    program.expect("The electronic board answers now; its placement is read.");
    program.expect("The electronic board shows the game's position.");
}

/// A reconnected board that does not answer is not compared with what it showed before.
#[test]
fn a_reconnected_board_that_does_not_answer_is_not_judged_on_old_news() {
    let (dir, port) = setup("eboard-reconnect-silent");
    let board = EmulatedBoard::new(&port, Board::default());
    let mut program = Program::start(&dir, port.to_str().unwrap(), &[]);
    program.expect("The electronic board shows the game's position.");
    drop(board);
    program.expect("The electronic board is disconnected.");
    program.type_line("e4");
    program.expect("1. e4: Eva vier");
    let _board = EmulatedBoard::answering_after(&port, Board::default(), Duration::from_secs(3600));
    program.expect("The electronic board is back; its placement is asked for again.");
    program.expect("The electronic board does not answer");
    let said = program.said_within(Duration::from_millis(2500));
    let all = program.0.seen.join("\n");
    assert!(!said.iter().any(|l| l.contains("differ") || l.contains("shows")), "{all}");
}

/// A placement no game can have (two white kings, no black king) is named as such, not repaired
/// square by square; once the board is right, that is said.
#[test]
fn an_impossible_placement_is_named_as_such() {
    let (dir, port) = setup("eboard-impossible");
    let impossible = position("rnbqKbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
    let mut board = EmulatedBoard::new(&port, impossible);
    let mut program = Program::start(&dir, port.to_str().unwrap(), &[]);
    let line = program.expect("The electronic board shows a placement no game can have");
    assert!(
        line.contains("White has more than one king; White has more than sixteen men; Black has no king."),
        "{line}"
    );
    // Asked about, the board is named so again, not listed square by square.
    program.type_line("eboard");
    let again = program.expect("The electronic board shows a placement no game can have");
    assert!(again.contains("Black has no king."), "{again}");
    board.put(Square::E8, Color::Black, Role::King);
    program.expect("The electronic board shows the game's position.");
    let all = program.0.seen.join("\n");
    assert!(!all.contains("differs"), "{all}");
}

#[test]
fn a_board_that_answers_garbage_is_said_once_and_not_believed() {
    let (dir, port) = setup("eboard-garbage");
    let mut board = EmulatedBoard::new(&port, Board::default());
    let mut program = Program::start(&dir, port.to_str().unwrap(), &["--blind", "black"]);
    program.expect("The electronic board shows the game's position.");
    // Bytes that make no message, and a field update with a piece code that does not exist.
    board.master.write_all(&[0x01, 0x7f, 0x13, 0x8e, 0x00, 0x05, 52, 99]).unwrap();
    program.expect("The electronic board sends what cannot be read");
    board.master.write_all(&[0x55, 0x8e, 0x00, 0x05, 52, 99]).unwrap();
    board.lift(Square::E2);
    board.put(Square::E4, Color::White, Role::Pawn);
    let line = program.expect("1. e4");
    assert_eq!(line, "1. e4: Eva vier");
    let all = program.0.seen.join("\n");
    assert_eq!(all.matches("cannot be read").count(), 1, "{all}");
}

#[test]
fn a_missing_port_and_a_port_held_by_another_program_are_said_plainly() {
    let (dir, port) = setup("eboard-missing");
    let mut program = Program::start(&dir, port.to_str().unwrap(), &[]);
    // Without speech the words are printed: the port's path is for the eye of a sighted helper.
    program.expect("The electronic board's port does not exist");
    program.type_line("e4");
    program.expect("1. e4: Eva vier");
    drop(program);

    let (dir, port) = setup("eboard-busy");
    let _board = EmulatedBoard::new(&port, Board::default());
    let _other = serialport::new(port.to_str().unwrap(), 9600).open_native().expect("another program opens the port");
    let mut program = Program::start(&dir, port.to_str().unwrap(), &[]);
    program.expect("The electronic board's port is in use by another program");
}
