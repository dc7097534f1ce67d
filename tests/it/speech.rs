//! Real speech: a private speech-dispatcher with espeak-ng whose audio lands in a file
//! (`../shared/tools/headless-audio.sh`); the program speaks through it and the captured audio
//! must be long enough, not silent, and not the dummy module's canned 29-second message.

use std::process::Command;

use crate::headless::{measure, settled, Daemon};
use crate::support::annabella;

#[test]
fn a_move_is_spoken_through_speech_dispatcher() {
    let daemon = Daemon::start("say");
    let out = daemon.command().args(["say", "Springer Felix drei", "--language", "de"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    settled(&daemon.capture());
    let (seconds, rms) = measure(&daemon.capture());
    assert!((0.7..6.0).contains(&seconds), "spoke {seconds} s of audio");
    assert!(rms > 0.01, "the audio is silent (RMS {rms})");
}

#[test]
fn a_game_is_spoken_through_speech_dispatcher() {
    let daemon = Daemon::start("play");
    let transcript = daemon.dir.join("transcript.txt");
    let t = transcript.to_str().unwrap();
    let out = annabella(&["play", "--speech", "tts", "--lang", "en", "--transcript", t], &daemon.env, "Nf3\nquit\n");
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains("1. Nf3: Springer Felix drei"), "{printed}");
    assert!(!printed.contains("Warning"), "{printed}");
    let said = std::fs::read_to_string(&transcript).unwrap();
    assert!(said.contains("say: Springer Felix drei\n"), "{said}");
    settled(&daemon.capture());
    let (seconds, rms) = measure(&daemon.capture());
    // Six short utterances: several seconds, far less than the dummy module's 29 s per message.
    assert!((1.0..25.0).contains(&seconds), "spoke {seconds} s of audio");
    assert!(rms > 0.01, "the audio is silent (RMS {rms})");
}

/// Runs the binary on a short script and returns what it printed and how long it took.
fn play_script(daemon_env: &[(String, String)]) -> (String, std::time::Duration) {
    let started = std::time::Instant::now();
    let out = annabella(&["play", "--speech", "tts", "--lang", "en"], daemon_env, "e4\ne5\nquit\n");
    assert_eq!(out.status.code(), Some(0));
    (String::from_utf8(out.stdout).unwrap(), started.elapsed())
}

#[test]
fn a_missing_engine_gives_one_warning_and_the_game_goes_on() {
    let env = vec![("SPEECHD_ADDRESS".to_string(), "unix_socket:/nonexistent/annabella/speechd.sock".to_string())];
    let (printed, took) = play_script(&env);
    assert!(printed.contains("1... e5: Eva fünf"), "{printed}");
    assert_eq!(printed.matches("Warning: Speech is unavailable").count(), 1, "{printed}");
    assert!(took < std::time::Duration::from_secs(10), "took {took:?}");
}

#[test]
fn a_hanging_engine_never_blocks_the_game() {
    let daemon = Daemon::start("hang");
    let pid = std::fs::read_to_string(daemon.dir.join("run/speechd.pid")).unwrap();
    let pid = pid.trim();
    assert!(Command::new("kill").args(["-STOP", pid]).status().unwrap().success());
    let (printed, took) = play_script(&daemon.env);
    let _ = Command::new("kill").args(["-CONT", pid]).status();
    assert!(printed.contains("1... e5: Eva fünf\nThe game is unfinished.\nGoodbye.\n"), "{printed}");
    assert!(printed.contains("Warning: The speech engine does not answer"), "{printed}");
    // Only the final wait for queued speech is bounded (five seconds); no line waited on speech.
    assert!(took < std::time::Duration::from_secs(12), "took {took:?}");
}
