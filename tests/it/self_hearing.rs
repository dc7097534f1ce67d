//! The program never hears itself: its announcements, spoken by a real speech-dispatcher with
//! espeak-ng (`../shared/tools/headless-audio.sh`), travel through the air to its own microphone —
//! a loopback that carries everything the daemon plays, in real time, into the capture device
//! (ALSA's `file` plugin reading a named pipe) — and nothing of them is heard; a player's move
//! said after them, through the same air, is (asked back when unsure, and answered yes).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::headless::Daemon;
use crate::support::room::{say, Voice};

/// The air between the loudspeaker and the microphone: a thread that writes 16 kHz samples into
/// the pipe the capture device reads, in real time — silence, and whatever the daemon has played
/// since (its capture file, 22050 Hz), and whatever a player says.
struct Air {
    /// Samples still to sound, queued by the player.
    said: Arc<Mutex<Vec<i16>>>,
    /// Samples of the program's own voice carried to the microphone so far.
    carried: Arc<Mutex<usize>>,
    /// Samples of the program's own voice still to sound.
    backlog: Arc<Mutex<usize>>,
    stop: Arc<AtomicBool>,
}

impl Air {
    fn start(pipe_path: PathBuf, speaker: PathBuf) -> Air {
        let said = Arc::new(Mutex::new(Vec::new()));
        let carried = Arc::new(Mutex::new(0));
        let backlog = Arc::new(Mutex::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let (queued, count, halt, waiting) = (said.clone(), carried.clone(), stop.clone(), backlog.clone());
        std::thread::spawn(move || {
            // The room sounds from the start; the microphone hears it once the program opens it.
            let mut pipe: Option<std::fs::File> = None;
            let started = Instant::now();
            let (mut read, mut sent) = (0usize, 0usize);
            let mut voice: Vec<i16> = Vec::new();
            while !halt.load(Ordering::Relaxed) {
                let raw = std::fs::read(&speaker).unwrap_or_default();
                if raw.len() > read {
                    let new: Vec<i16> = raw[read..raw.len() / 2 * 2]
                        .chunks_exact(2)
                        .map(|b| i16::from_le_bytes([b[0], b[1]]))
                        .collect();
                    read = raw.len() / 2 * 2;
                    voice.extend(annabella::listen::to_rate(&new, 22_050));
                }
                let mut chunk = vec![0i16; 320];
                let from_voice: Vec<i16> = voice.drain(..voice.len().min(320)).collect();
                *waiting.lock().unwrap() = voice.len();
                let mut player = queued.lock().unwrap();
                let take = player.len().min(320);
                let from_player: Vec<i16> = player.drain(..take).collect();
                drop(player);
                for (i, s) in chunk.iter_mut().enumerate() {
                    *s = from_voice
                        .get(i)
                        .copied()
                        .unwrap_or(0)
                        .saturating_add(from_player.get(i).copied().unwrap_or(0));
                }
                if pipe.is_none() {
                    pipe = listening(&pipe_path);
                }
                let bytes: Vec<u8> = chunk.iter().flat_map(|s| s.to_le_bytes()).collect();
                if let Some(p) = pipe.as_mut() {
                    if p.write_all(&bytes).is_err() {
                        return;
                    }
                    // The program's voice the microphone heard.
                    *count.lock().unwrap() += from_voice.len();
                }
                sent += chunk.len();
                let due = Duration::from_secs_f64(sent as f64 / 16_000.0);
                if let Some(ahead) = due.checked_sub(started.elapsed()) {
                    std::thread::sleep(ahead);
                }
            }
        });
        Air { said, carried, backlog, stop }
    }

    /// Waits until the program has been silent in the room for `quiet` (at most a minute).
    fn until_silent(&self, quiet: Duration) {
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut silent_since = Instant::now();
        while Instant::now() < deadline {
            if *self.backlog.lock().unwrap() > 0 {
                silent_since = Instant::now();
            } else if silent_since.elapsed() >= quiet {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// A player says `samples` into the room.
    fn player_says(&self, samples: Vec<i16>) {
        self.said.lock().unwrap().extend(samples);
    }

    /// Seconds of the program's own voice carried to the microphone so far.
    fn carried(&self) -> f64 {
        *self.carried.lock().unwrap() as f64 / 16_000.0
    }
}

impl Drop for Air {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The pipe the microphone reads, once the program has opened it (`None` before): a pipe of a
/// page (about 0.13 s of sound; the default 2 s would make the air lag the room).
fn listening(path: &Path) -> Option<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    let pipe = std::fs::OpenOptions::new().write(true).custom_flags(nix::libc::O_NONBLOCK).open(path).ok()?;
    nix::fcntl::fcntl(&pipe, nix::fcntl::FcntlArg::F_SETFL(nix::fcntl::OFlag::empty())).ok()?;
    let _ = nix::fcntl::fcntl(&pipe, nix::fcntl::FcntlArg::F_SETPIPE_SZ(4096));
    Some(pipe)
}

#[test]
fn the_programs_own_announcements_reach_its_microphone_and_nothing_is_heard_from_them() {
    let daemon = Daemon::start("self-hearing");
    let dir = crate::support::fresh_dir("self-hearing");
    let pipe = dir.join("air.pipe");
    assert!(std::process::Command::new("mkfifo").arg(&pipe).status().unwrap().success());
    let air = Air::start(pipe.clone(), daemon.capture());
    let journal = dir.join("game.journal");
    // The daemon plays into its own capture file; the program hears the air through its home's
    // ALSA configuration (not the daemon's).
    let env: Vec<(String, String)> = daemon.env.iter().filter(|(k, _)| k != "ALSA_CONFIG_PATH").cloned().collect();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["play", "--listen", "continuous", "--lang", "en", "--speech", "tts", "--cues", "off"])
        .args(["--clock", "simulated", "--journal", journal.to_str().unwrap()])
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        // The named pipe is the default capture device, as a recording is.
        .envs(crate::listen::microphone_from(&pipe, &dir))
        .envs(env)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    std::thread::sleep(Duration::from_secs(2));
    // Three moves typed at once, each announced aloud in the very words the ears listen for,
    // one after another behind the greeting.
    for mv in ["e4", "e5", "Nf3"] {
        writeln!(stdin, "{mv}").unwrap();
    }
    std::thread::sleep(Duration::from_secs(2));
    // The program allows for its slowest speech (it counts the greeting and the three moves, 16 s
    // of sound, as 21 s, and a second after): the player waits until it has long been quiet.
    air.until_silent(Duration::from_secs(8));
    let own_voice = air.carried();
    // Then Black says a move into the same air, while the program is quiet.
    air.player_says(say(Voice::new("mb-de6"), "Springer Cesar sechs", false));
    std::thread::sleep(Duration::from_secs(3));
    air.until_silent(Duration::from_millis(1500));
    writeln!(stdin, "yes").unwrap();
    std::thread::sleep(Duration::from_secs(2));
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    drop(air);
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(
        own_voice > 2.0,
        "the announcements reached the microphone: {own_voice:.1} s of the program's voice\n{printed}"
    );
    let kept = std::fs::read_to_string(&journal).unwrap();
    let heard: Vec<&str> = kept.lines().filter(|l| l.contains("\theard\t")).collect();
    assert_eq!(heard.len(), 1, "only the player was heard, not the program's own voice: {heard:?}\n{printed}");
    // What was heard is the player's phrase (said after the program's last word), whatever the
    // recogniser made of it, and a move of Black's: the program's own words were the moves typed.
    assert!(printed.contains("1. e4: Eva vier\n1... e5: Eva fünf\n2. Nf3: Springer Felix drei\n"), "{printed}");
    assert!(printed.contains("\n2... "), "the player's move was heard and played after a yes: {printed}");
}
