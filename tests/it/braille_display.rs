//! The braille display through a real BRLTTY: its `tt` driver on a pseudo-terminal is the
//! display (it draws the cells it is given as Unicode braille on that terminal), its BrlAPI server
//! on a private port; the program runs with `BRLAPI_HOST` pointing there. The cells written for a
//! move said and for the board's ranks are read back from the terminal and compared with what
//! liblouis and the braille chess code make of them; the display's own down key, typed on the
//! terminal, moves to the next rank. BRLTTY is a test-only package (`scripts/test-tools.sh`).

use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use annabella::notation::{braille_ranks, braille_words, louis_table};

/// A process killed when the test ends, however it ends.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits until the terminal has shown `cells` (blank cells as the display draws them).
fn shown(terminal: &Arc<Mutex<Vec<u8>>>, cells: &str) {
    let wanted = cells.replace(' ', "\u{2800}");
    let deadline = Instant::now() + Duration::from_secs(15);
    while Instant::now() < deadline {
        if String::from_utf8_lossy(&terminal.lock().unwrap()).contains(&wanted) {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let drawn = String::from_utf8_lossy(&terminal.lock().unwrap()).into_owned();
    let rows: Vec<&str> =
        drawn.split(|c: char| !('\u{2800}'..='\u{28ff}').contains(&c)).filter(|r| r.len() > 3).collect();
    panic!("the display never showed {wanted}; it showed:\n{}", rows.join("\n"));
}

#[test]
fn what_is_said_and_the_board_reach_a_braille_display_run_by_brltty() {
    let (mut master, name) = crate::support::pseudo_terminal();
    let terminal = Arc::new(Mutex::new(Vec::new()));
    let mut reader = master.try_clone_native().unwrap();
    let drawn = Arc::clone(&terminal);
    std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        loop {
            match reader.read(&mut buffer) {
                Ok(n) if n > 0 => drawn.lock().unwrap().extend_from_slice(&buffer[..n]),
                Ok(_) => std::thread::sleep(Duration::from_millis(20)),
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
                Err(_) => std::thread::sleep(Duration::from_millis(20)),
            }
        }
    });
    let host = format!("127.0.0.1:{}", 20 + std::process::id() % 70);
    let device = format!("serial:{}", name.trim_start_matches("/dev/"));
    let brltty = Command::new("brltty")
        .args(["-n", "-e", "-q", "-b", "tt", "-d", &device, "-x", "no", "-s", "no"])
        .args(["-A", &format!("host={host},auth=none")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("brltty runs (scripts/test-tools.sh installs it)");
    let _brltty = Killed(brltty);
    // The display says it has "no screen" (its cursor on the first cell) until a program writes.
    shown(&terminal, &braille_words("screen", "en-ueb-g1.ctb"));

    let dir = crate::support::fresh_dir("braille-display");
    let mut program = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["play", "--speech", "off", "--cues", "off", "--lang", "en"])
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("BRLAPI_HOST", &host)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the annabella binary starts");
    let mut input = program.stdin.take().unwrap();
    let _program = Killed(program);

    // A move: what was said ("Eva vier"), by liblouis in German, the language it is said in.
    writeln!(input, "e4").unwrap();
    shown(&terminal, &braille_words("Eva vier", louis_table("de", 1)));
    // The board, rank by rank, in the braille chess code; the display's down key goes on.
    writeln!(input, "braille").unwrap();
    let mut board = shakmaty::Board::default();
    board.discard_piece_at(shakmaty::Square::E2);
    board.set_piece_at(
        shakmaty::Square::E4,
        shakmaty::Piece { color: shakmaty::Color::White, role: shakmaty::Role::Pawn },
    );
    let ranks = braille_ranks(&board);
    shown(&terminal, &ranks[0]);
    // The terminal's cursor keys are in application mode: down is ESC O B.
    master.write_all(b"\x1bOB").unwrap();
    shown(&terminal, &ranks[1]);
}
