//! A private speech-dispatcher and ALSA capture for tests of real sound
//! (`../shared/tools/headless-audio.sh`): start, measure, stop.

use std::path::{Path, PathBuf};
use std::process::Command;

fn tool() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/tools/headless-audio.sh")
}

/// A running private daemon; stopped when dropped.
pub struct Daemon {
    pub dir: PathBuf,
    pub env: Vec<(String, String)>,
}

impl Daemon {
    pub fn start(name: &str) -> Daemon {
        let dir = std::env::temp_dir().join(format!("annabella-speech-{name}-{}", std::process::id()));
        let out = Command::new("bash").arg(tool()).arg("start").arg(&dir).output().expect("run headless-audio.sh");
        assert!(out.status.success(), "speech-dispatcher did not start: {}", String::from_utf8_lossy(&out.stderr));
        let env = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .filter_map(|l| l.strip_prefix("export "))
            .filter_map(|l| l.split_once('='))
            .map(|(k, v)| (k.to_string(), v.trim_matches('\'').to_string()))
            .collect();
        Daemon { dir, env }
    }

    /// The daemon's process id, once its pid file names a live process: the script returns when
    /// the socket is there, and the pid file may come a moment later (or still be an earlier
    /// run's).
    pub fn pid(&self) -> String {
        let file = self.dir.join("run/speechd.pid");
        for _ in 0..100 {
            if let Ok(text) = std::fs::read_to_string(&file) {
                let pid = text.trim().to_string();
                let alive =
                    !pid.is_empty() && Command::new("kill").args(["-0", &pid]).status().is_ok_and(|s| s.success());
                if alive {
                    return pid;
                }
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        panic!("speech-dispatcher never wrote a live pid to {}", file.display());
    }

    pub fn capture(&self) -> PathBuf {
        self.dir.join("capture/speechd.raw")
    }

    pub fn command(&self) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_annabella"));
        cmd.envs(self.env.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        cmd
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = Command::new("bash").arg(tool()).arg("stop").arg(&self.dir).status();
        // Its captured audio is kept where the test failed, to be listened to.
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// Seconds of non-silent audio and its RMS amplitude.
pub fn measure(file: &Path) -> (f64, f64) {
    let out = Command::new("bash").arg(tool()).arg("measure").arg(file).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let mut parts = text.split_whitespace().map(|p| p.parse::<f64>().unwrap_or(0.0));
    (parts.next().unwrap_or(0.0), parts.next().unwrap_or(0.0))
}

/// Seconds of non-silent audio and the RMS amplitude of that part alone (the silence an output
/// stream writes around a sound does not count).
pub fn measure_sound(file: &Path) -> (f64, f64) {
    let out = Command::new("sox")
        .args(["-t", "raw", "-r", "22050", "-e", "signed", "-b", "16", "-c", "1"])
        .arg(file)
        .args(["-n", "silence", "1", "0.01", "1%", "reverse", "silence", "1", "0.01", "1%", "reverse", "stat"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stderr);
    let field = |name: &str| {
        text.lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.rsplit(' ').next())
            .and_then(|v| v.trim().parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (field("Length (seconds)"), field("RMS     amplitude"))
}

/// Waits (up to thirty seconds) until the capture file has stopped growing for a second: under
/// load the daemon may pause longer between two utterances than between two reads.
pub fn settled(file: &Path) {
    let (mut last, mut still) = (0, 0);
    for _ in 0..150 {
        std::thread::sleep(std::time::Duration::from_millis(200));
        let size = std::fs::metadata(file).map(|m| m.len()).unwrap_or(0);
        still = if size > 0 && size == last { still + 1 } else { 0 };
        if still == 5 {
            return;
        }
        last = size;
    }
}
