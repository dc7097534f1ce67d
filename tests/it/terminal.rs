//! The real binary in a real terminal: tmux runs it, keys are sent as a player types them, and
//! the screen is read back — the prompt, Tab completing a command name, and the answer.

use std::process::Command;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// One test at a time talks to tmux: two first sessions started at once on a machine with no tmux
/// server yet can race each other, and one of them never appears.
static TMUX: Mutex<()> = Mutex::new(());

fn one_at_a_time() -> MutexGuard<'static, ()> {
    TMUX.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// What tmux printed: its output, or where it failed its complaint (a session that is gone, say).
fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux").args(args).output().expect("tmux runs (scripts/setup.sh installs it)");
    let printed = if out.status.success() { &out.stdout } else { &out.stderr };
    String::from_utf8_lossy(printed).into_owned()
}

/// Waits until the screen shows `text` (at most thirty seconds: the other tests may keep every core
/// busy) and returns the screen.
fn screen_with(session: &str, text: &str) -> String {
    let start = Instant::now();
    loop {
        let screen = tmux(&["capture-pane", "-p", "-t", session]);
        if screen.contains(text) || start.elapsed() > Duration::from_secs(30) {
            return screen;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

struct Session(String);

impl Session {
    /// A detached session named `name` of `width` by `height` running `command`; tried again when
    /// tmux fails to start it (a server that is just starting or ending may refuse a session).
    fn start(name: String, width: &str, height: &str, command: &str) -> Session {
        for _ in 0..5 {
            let started = Command::new("tmux")
                .args(["new-session", "-d", "-s", &name, "-x", width, "-y", height, command])
                .status()
                .expect("tmux runs (scripts/setup.sh installs it)");
            if started.success() {
                break;
            }
            std::thread::sleep(Duration::from_millis(300));
        }
        Session(name)
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        tmux(&["kill-session", "-t", &self.0]);
    }
}

#[test]
fn prompt_completion_and_an_answer_in_a_real_terminal() {
    let _turn = one_at_a_time();
    let name = format!("annabella-test-{}", std::process::id());
    let home = std::env::temp_dir().join(format!("annabella-tmux-{}", std::process::id()));
    // A fresh home: a game left there by an earlier run under the same process number would be
    // resumed, with another prompt.
    let _ = std::fs::remove_dir_all(&home);
    // The shell keeps the pane open if the program ends, so that a failure shows its last words.
    let command = format!(
        "env XDG_CONFIG_HOME={0}/config XDG_DATA_HOME={0}/data {1} play --speech off --cues off --clock simulated; \
         echo exit=$?; sleep 30",
        home.display(),
        env!("CARGO_BIN_EXE_annabella")
    );
    let session = Session::start(name, "120", "40", &command);
    let screen = screen_with(&session.0, "1. White>");
    assert!(screen.contains("1. White>"), "the prompt:\n{screen}");
    tmux(&["send-keys", "-t", &session.0, "cap", "Tab"]);
    let screen = screen_with(&session.0, "1. White> captured");
    assert!(screen.contains("1. White> captured"), "Tab completes the command name:\n{screen}");
    tmux(&["send-keys", "-t", &session.0, "Enter"]);
    let screen = screen_with(&session.0, "Material is equal.");
    assert!(screen.contains("Material is equal."), "the answer:\n{screen}");
    tmux(&["send-keys", "-t", &session.0, "e4", "Enter"]);
    let screen = screen_with(&session.0, "1. Black>");
    assert!(
        screen.contains("1. e4: Eva vier") && screen.contains("1. Black>"),
        "a move and the next prompt:\n{screen}"
    );
    // Several candidates are listed, for a screen reader to read; arguments complete too.
    tmux(&["send-keys", "-t", &session.0, "re", "Tab", "Tab"]);
    let screen = screen_with(&session.0, "reconcile");
    assert!(screen.contains("reconcile") && screen.contains("resign"), "Tab lists the candidates:\n{screen}");
    tmux(&["send-keys", "-t", &session.0, "C-u", "export br", "Tab", "Tab"]);
    let screen = screen_with(&session.0, "brf");
    assert!(screen.contains("braille") && screen.contains("brf"), "Tab completes arguments:\n{screen}");
    drop(session);
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn a_wav_scoresheet_is_not_written_onto_a_terminal() {
    let _turn = one_at_a_time();
    let name = format!("annabella-wav-{}", std::process::id());
    let pgn = std::env::temp_dir().join(format!("annabella-wav-{}.pgn", std::process::id()));
    std::fs::write(&pgn, "1. e4 e5 *\n").unwrap();
    // The shell keeps the pane open after the program ends, so that its words can be read.
    let command = format!(
        "{} export {} --format wav --lang en; echo exit=$?; sleep 30",
        env!("CARGO_BIN_EXE_annabella"),
        pgn.display()
    );
    let session = Session::start(name, "120", "20", &command);
    let screen = screen_with(&session.0, "exit=");
    assert!(screen.contains("name the file to write with --out FILE"), "{screen}");
    assert!(screen.contains("exit=2"), "{screen}");
    let _ = std::fs::remove_file(&pgn);
}

/// A review goes on answering while the engine thinks: with an engine that never answers `go`,
/// `next` is answered at once at the terminal, and the engine's silence is said later.
#[test]
fn a_review_answers_while_the_engine_thinks() {
    let _turn = one_at_a_time();
    let name = format!("annabella-review-engine-{}", std::process::id());
    let home = std::env::temp_dir().join(format!("annabella-tmux-engine-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let engine = home.join("hangs.sh");
    std::fs::write(
        &engine,
        "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    uci) echo uciok ;;\n    isready) echo readyok ;;\n    quit) exit 0 ;;\n  esac\ndone\n",
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755)).unwrap();
    let config = home.join("c.toml");
    std::fs::write(&config, format!("[engine]\npath = \"{}\"\ntime = \"1s\"\n", engine.display())).unwrap();
    let game = home.join("g.pgn");
    std::fs::write(&game, "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n").unwrap();
    let command = format!(
        "env XDG_CONFIG_HOME={0}/config XDG_DATA_HOME={0}/data {1} review {2} --config {3} --speech off --cues off; \
         echo exit=$?; sleep 30",
        home.display(),
        env!("CARGO_BIN_EXE_annabella"),
        game.display(),
        config.display()
    );
    let session = Session::start(name, "160", "40", &command);
    let screen = screen_with(&session.0, "Replaying");
    assert!(screen.contains("Replaying"), "{screen}");
    tmux(&["send-keys", "-t", &session.0, "engine", "Enter"]);
    tmux(&["send-keys", "-t", &session.0, "next", "Enter"]);
    let screen = screen_with(&session.0, "White's move 1");
    assert!(screen.contains("White's move 1"), "next is answered while the engine thinks:\n{screen}");
    // Answered before the engine gave up (its time and ten seconds): the engine had not answered.
    assert!(!screen.contains("stopped answering"), "next waited for the engine:\n{screen}");
    let screen = screen_with(&session.0, "stopped answering");
    assert!(screen.contains("stopped answering"), "the engine's silence is said:\n{screen}");
    drop(session);
    let _ = std::fs::remove_dir_all(&home);
}

/// In the online lobby a challenge is asked about at the terminal's prompt while the server is
/// still heard, and Ctrl+C there stops the wait: said, and the program ends well.
#[test]
fn ctrl_c_at_the_lobbys_question_stops_the_wait() {
    use crate::support::lichess::{Script, StandIn};
    let _turn = one_at_a_time();
    let server = StandIn::start("lip_tmux_token", Script { challenge: true, ..Script::default() });
    let name = format!("annabella-lobby-{}", std::process::id());
    let home = std::env::temp_dir().join(format!("annabella-tmux-lobby-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let config = home.join("c.toml");
    std::fs::write(&config, format!("[online]\nserver = \"{}\"\n", server.url)).unwrap();
    let command = format!(
        "env XDG_CONFIG_HOME={0}/config XDG_DATA_HOME={0}/data LICHESS_TOKEN=lip_tmux_token {1} online --accept \
         --config {2} --speech off --cues off --lang en; echo exit=$?; sleep 30",
        home.display(),
        env!("CARGO_BIN_EXE_annabella"),
        config.display()
    );
    let session = Session::start(name, "160", "40", &command);
    let screen = screen_with(&session.0, "Accept: yes or no?");
    assert!(screen.contains("challenges you"), "the question:\n{screen}");
    tmux(&["send-keys", "-t", &session.0, "maybe", "Enter"]);
    let screen = screen_with(&session.0, "That is neither yes nor no.");
    assert!(screen.contains("That is neither yes nor no."), "no answer, asked again:\n{screen}");
    tmux(&["send-keys", "-t", &session.0, "C-c"]);
    let screen = screen_with(&session.0, "exit=");
    assert!(screen.contains("You stopped waiting; no game was started."), "{screen}");
    assert!(screen.contains("exit=0"), "{screen}");
    assert!(!server.log().iter().any(|l| l.contains("/accept") || l.contains("/decline")), "{:?}", server.log());
    drop(session);
    let _ = std::fs::remove_dir_all(&home);
}
