//! Offline voice clips: rendered with espeak-ng by `scripts/render-clips.sh`, played through cpal
//! into the headless ALSA capture (`../shared/tools/headless-audio.sh`) when the user picks them or
//! when no speech engine answers.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::headless::{measure, measure_sound, Daemon};
use crate::support::{annabella, clips};

/// The daemon's environment with this test's own capture file for what the program plays.
fn env_with_capture(daemon: &Daemon, name: &str) -> (Vec<(String, String)>, PathBuf) {
    let capture = daemon.dir.join(format!("capture/{name}.raw"));
    let mut env = daemon.env.clone();
    env.retain(|(k, _)| k != "ALSA_CAPTURE_FILE");
    env.push(("ALSA_CAPTURE_FILE".into(), capture.to_str().unwrap().into()));
    (env, capture)
}

#[test]
fn every_pack_has_its_clips_rendered() {
    let listed = annabella(&["clips"], &[], "");
    let listed = String::from_utf8(listed.stdout).unwrap();
    assert!(listed.contains("appendix-e\tde\tknight\tSpringer\n"), "{listed}");
    assert!(listed.contains("et\tet\tnumber-kakskummend\tkakskümmend\n"), "{listed}");
    let unknown = annabella(&["clips", "fr", "--speech", "off"], &[("LC_ALL".into(), "en_GB.UTF-8".into())], "");
    assert_eq!(unknown.status.code(), Some(2));
    let said = String::from_utf8(unknown.stderr).unwrap();
    assert_eq!(said, "There is no phrase pack fr. The packs are appendix-e, et and en.\n");
    assert!(unknown.stdout.is_empty());
    // In the interface language asked for, not the environment's.
    let unknown =
        annabella(&["clips", "fr", "--speech", "off", "--lang", "et"], &[("LC_ALL".into(), "en_GB.UTF-8".into())], "");
    assert_eq!(String::from_utf8(unknown.stderr).unwrap(), "Sõnapaketti fr ei ole. Paketid on appendix-e, et ja en.\n");
    for line in listed.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let file = clips().join(fields[0]).join(format!("{}.wav", fields[2]));
        let (seconds, rms) = measure_wav(&file);
        // A word or two, or the one sentence said when the speech engine stalls.
        let longest = if fields[2].starts_with("alert-") { 8.0 } else { 3.0 };
        assert!((0.1..longest).contains(&seconds), "{}: {seconds} s", file.display());
        assert!(rms > 0.01, "{} is silent", file.display());
    }
}

/// Length and loudness of a WAV file, through the same measuring tool as the captures.
fn measure_wav(file: &Path) -> (f64, f64) {
    let raw = file.with_extension("raw");
    let ok = Command::new("sox")
        .arg(file)
        .args(["-t", "raw", "-r", "22050", "-e", "signed", "-b", "16", "-c", "1"])
        .arg(&raw)
        .status()
        .unwrap();
    assert!(ok.success());
    let measured = measure(&raw);
    std::fs::remove_file(raw).unwrap();
    measured
}

#[test]
fn a_move_is_spoken_with_clips_into_the_capture() {
    let daemon = Daemon::start("clips");
    let (env, capture) = env_with_capture(&daemon, "clips");
    let dir = clips().to_str().unwrap();
    let out = annabella(&["play", "--speech", "clips", "--clips", dir, "--cues", "off", "--lang", "en"], &env, "Nf3\n");
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains("1. Nf3: Springer Felix drei"), "{printed}");
    assert!(!printed.contains("Warning"), "{printed}");
    // Three words of about 0.4 s each with short gaps between them.
    assert_one_move_phrase(&capture);
}

/// The capture holds one phrase of a move's three words, loud enough to hear.
fn assert_one_move_phrase(capture: &Path) {
    let (seconds, rms) = measure_sound(capture);
    assert!((0.8..2.5).contains(&seconds), "{seconds} s of sound");
    assert!(rms > 0.05, "the clips are too quiet (RMS {rms})");
}

#[test]
fn without_an_engine_moves_fall_back_to_clips() {
    let daemon = Daemon::start("fallback");
    let (mut env, capture) = env_with_capture(&daemon, "fallback");
    env.retain(|(k, _)| k != "SPEECHD_ADDRESS");
    env.push(("SPEECHD_ADDRESS".into(), "unix_socket:/nonexistent/annabella/speechd.sock".into()));
    let dir = clips().to_str().unwrap();
    let out =
        annabella(&["play", "--speech", "auto", "--clips", dir, "--cues", "off", "--lang", "en"], &env, "e4\nNf6\n");
    let printed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(printed.matches("Moves are spoken with recorded voice clips").count(), 1, "{printed}");
    // The last phrase played is Black's knight move: "Springer Felix sechs".
    assert_one_move_phrase(&capture);
}

#[test]
fn say_speaks_with_clips_and_a_missing_folder_is_one_clear_problem() {
    let daemon = Daemon::start("clipsay");
    let (env, capture) = env_with_capture(&daemon, "clipsay");
    let dir = clips().to_str().unwrap();
    let out = annabella(&["say", "Dame Hector fünf Schach", "--speech", "clips", "--clips", dir], &env, "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    let (long, _) = measure(&capture);
    assert!(long > 1.0, "{long} s");
    // A missing folder is one clear problem, not a crash.
    let out = annabella(&["say", "Dame", "--speech", "clips", "--clips", "/nonexistent/clips"], &env, "");
    assert_eq!(out.status.code(), Some(1));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains("there is no folder /nonexistent/clips"), "{printed}");
}
