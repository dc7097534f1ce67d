//! Helpers shared by the integration tests: reading `.perft` suites.

use std::path::{Path, PathBuf};
use std::process::Command;

pub fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

/// One position of a perft suite with its expected node counts by depth.
pub struct PerftCase {
    pub id: String,
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
}

pub fn perft_suite(name: &str) -> Vec<PerftCase> {
    let text = std::fs::read_to_string(data(name)).expect("perft suite");
    let mut cases: Vec<PerftCase> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(id) = line.strip_prefix("id ") {
            cases.push(PerftCase { id: id.to_string(), fen: String::new(), counts: Vec::new() });
        } else if let Some(epd) = line.strip_prefix("epd ") {
            cases.last_mut().expect("id before epd").fen = epd.to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, nodes) = rest.split_once(' ').expect("perft DEPTH NODES");
            let case = cases.last_mut().expect("id before perft");
            case.counts.push((depth.parse().unwrap(), nodes.parse().unwrap()));
        }
    }
    assert!(!cases.is_empty(), "{name} has no cases");
    cases
}

/// Runs the real binary with `args` and extra environment, feeds `input` on standard input and
/// returns its output. The user's own configuration is kept out of the way.
pub fn annabella(args: &[&str], env: &[(String, String)], input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(args)
        .env("XDG_CONFIG_HOME", std::env::temp_dir().join("annabella-no-user-config"))
        .envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the annabella binary starts");
    child.stdin.take().expect("piped").write_all(input.as_bytes()).expect("input written");
    child.wait_with_output().expect("the annabella binary ends")
}

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
    }
}

/// Seconds of non-silent audio and its RMS amplitude.
pub fn measure(file: &Path) -> (f64, f64) {
    let out = Command::new("bash").arg(tool()).arg("measure").arg(file).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let mut parts = text.split_whitespace().map(|p| p.parse::<f64>().unwrap_or(0.0));
    (parts.next().unwrap_or(0.0), parts.next().unwrap_or(0.0))
}

/// Waits (up to ten seconds) until the capture file stops growing.
pub fn settled(file: &Path) {
    let mut last = 0;
    for _ in 0..50 {
        std::thread::sleep(std::time::Duration::from_millis(200));
        let size = std::fs::metadata(file).map(|m| m.len()).unwrap_or(0);
        if size > 0 && size == last {
            return;
        }
        last = size;
    }
}
