//! The program never hears itself: its announcements, spoken by a real speech-dispatcher with
//! espeak-ng (`../shared/tools/headless-audio.sh`), travel through the air to its own microphone —
//! a loudspeaker that plays what the daemon plays as fast as it sounds (the daemon's ALSA `file`
//! plugin writes into a named pipe that the air reads in real time, so that the daemon, as with a
//! sound card, is done with an utterance when it has sounded), and a microphone that hears the
//! air (ALSA's `file` plugin reading another named pipe) — and nothing of them is heard; a
//! player's move said after them, through the same air, is (asked back when unsure, and answered
//! yes).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::headless::Daemon;
use crate::support::room::{say, Voice};

/// The air between the loudspeaker and the microphone: a thread that writes 16 kHz samples into
/// the pipe the capture device reads, in real time — silence, and whatever the daemon plays (read
/// from the named pipe it plays into, 22050 Hz, only as fast as it sounds: the daemon's writes
/// wait for the air, as a sound card's do, so that it tells the end of an utterance when the
/// utterance has sounded), and whatever a player says.
struct Air {
    /// Samples still to sound, queued by the player.
    said: Arc<Mutex<Vec<i16>>>,
    /// Samples of the program's own voice carried to the microphone so far.
    carried: Arc<Mutex<usize>>,
    /// When the loudspeaker last played something (`None`: not yet).
    played: Arc<Mutex<Option<Instant>>>,
    stop: Arc<AtomicBool>,
}

/// The loudspeaker: the named pipe the daemon plays into, read as fast as it sounds.
struct Loudspeaker {
    pipe: std::fs::File,
    /// Bytes read and not yet resampled (22050 Hz).
    raw: Vec<u8>,
    /// Samples resampled to 16 kHz and not yet sounded.
    voice: Vec<i16>,
}

/// A tenth of a second at the loudspeaker's rate, in bytes: resampled a block at a time.
const BLOCK: usize = 2 * 2_205;

impl Loudspeaker {
    /// Opens the pipe `path` (made here) without waiting for the daemon, with room for a page
    /// (about 0.1 s of sound) in it.
    fn open(path: &Path) -> Loudspeaker {
        use std::os::unix::fs::OpenOptionsExt;
        assert!(std::process::Command::new("mkfifo").arg(path).status().unwrap().success());
        let pipe = std::fs::OpenOptions::new().read(true).custom_flags(nix::libc::O_NONBLOCK).open(path).unwrap();
        let _ = nix::fcntl::fcntl(&pipe, nix::fcntl::FcntlArg::F_SETPIPE_SZ(4096));
        Loudspeaker { pipe, raw: Vec::new(), voice: Vec::new() }
    }

    /// The next `n` samples it sounds (fewer if it is quiet), and whether it played anything new.
    fn sound(&mut self, n: usize) -> (Vec<i16>, bool) {
        use std::io::Read;
        let mut played = false;
        while self.voice.len() < n {
            let mut buffer = vec![0u8; BLOCK - self.raw.len()];
            let got = self.pipe.read(&mut buffer).unwrap_or(0);
            played |= got > 0;
            self.raw.extend_from_slice(&buffer[..got]);
            if self.raw.len() < BLOCK && got > 0 {
                continue;
            }
            // A whole block, or the end of what was played.
            let whole = self.raw.len() / 2 * 2;
            let block: Vec<i16> = self
                .raw
                .drain(..whole)
                .collect::<Vec<u8>>()
                .chunks_exact(2)
                .map(|b| i16::from_le_bytes([b[0], b[1]]))
                .collect();
            self.voice.extend(annabella::listen::to_rate(&block, 22_050));
            if got == 0 {
                break;
            }
        }
        (self.voice.drain(..self.voice.len().min(n)).collect(), played)
    }
}

impl Air {
    fn start(pipe_path: PathBuf, speaker: PathBuf) -> Air {
        let said = Arc::new(Mutex::new(Vec::new()));
        let carried = Arc::new(Mutex::new(0));
        let played = Arc::new(Mutex::new(None));
        let stop = Arc::new(AtomicBool::new(false));
        let (queued, count, halt, last) = (said.clone(), carried.clone(), stop.clone(), played.clone());
        let mut loudspeaker = Loudspeaker::open(&speaker);
        std::thread::spawn(move || {
            // The room sounds from the start; the microphone hears it once the program opens it.
            let mut pipe: Option<std::fs::File> = None;
            let started = Instant::now();
            let mut sent = 0usize;
            while !halt.load(Ordering::Relaxed) {
                let mut chunk = vec![0i16; 320];
                let (from_voice, new) = loudspeaker.sound(chunk.len());
                if new || !from_voice.is_empty() {
                    *last.lock().unwrap() = Some(Instant::now());
                }
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
        Air { said, carried, played, stop }
    }

    /// Waits until the program has spoken and then been silent in the room for `quiet` (at most
    /// a minute).
    fn until_silent(&self, quiet: Duration) {
        let deadline = Instant::now() + Duration::from_secs(60);
        let loud = || self.played.lock().unwrap().is_none_or(|last| last.elapsed() < quiet);
        while Instant::now() < deadline && loud() {
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
    // The first move cuts the greeting off; the program goes by the speech engine's word of when
    // its voice ends (each utterance for its slowest length from when the engine began it), not
    // by the greeting's whole length: a player who waits a few seconds after it is heard.
    air.until_silent(Duration::from_secs(4));
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
