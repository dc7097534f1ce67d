//! Real audio cues: the binary plays a cue through cpal into the headless ALSA capture file
//! (`../shared/tools/headless-audio.sh`), which must hold a short, loud tone.

use crate::headless::Daemon;
use crate::support::annabella;

/// Samples of the capture file (S16_LE, mono, 22050 Hz) louder than a whisper, and the peak.
fn loud_samples(raw: &[u8]) -> (usize, f64) {
    let samples = raw.chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]]) as f64 / 32768.0);
    samples.fold((0, 0.0f64), |(n, peak), v| (n + usize::from(v.abs() > 0.03), peak.max(v.abs())))
}

#[test]
fn a_move_cue_is_played_through_the_sound_device() {
    let daemon = Daemon::start("cues");
    let capture = daemon.dir.join("capture/cues.raw");
    let mut env = daemon.env.clone();
    env.retain(|(k, _)| k != "ALSA_CAPTURE_FILE");
    env.push(("ALSA_CAPTURE_FILE".into(), capture.to_str().unwrap().into()));
    let out = annabella(&["play", "--speech", "text", "--cues", "on"], &env, "e4\n");
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(!printed.contains("Warning"), "{printed}");
    let raw = std::fs::read(&capture).expect("the cue reached the capture file");
    let (loud, peak) = loud_samples(&raw);
    // The move cue is one 70 ms tone at half volume.
    let seconds = loud as f64 / 22050.0;
    assert!((0.03..0.2).contains(&seconds), "{seconds} s of sound");
    assert!((0.3..0.7).contains(&peak), "peak {peak}");
}

#[test]
fn without_a_sound_device_cues_give_one_warning() {
    let env = vec![("ALSA_CONFIG_PATH".to_string(), "/nonexistent/asound.conf".to_string())];
    let out = annabella(&["play", "--speech", "text", "--cues", "on"], &env, "e4\ne5\nquit\n");
    assert_eq!(out.status.code(), Some(0));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains("1... e5: Eva fünf"), "{printed}");
    assert_eq!(printed.matches("Warning: Audio cues are unavailable").count(), 1, "{printed}");
}
