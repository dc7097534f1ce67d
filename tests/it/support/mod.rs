//! Helpers shared by the integration tests: reading `.perft` suites, running the binary, the
//! voice clips rendered once per run, a pseudo-terminal; a session as the tests drive it
//! (`session`), and outputs that record everything said into one log (`recorded`).

pub mod lichess;
pub mod recorded;
#[cfg(feature = "listen")]
pub mod room;
pub mod running;
pub mod session;

#[allow(unused_imports)]
pub use session::{assert_speakable, printed, quiet, spoken, started, typed};

use std::path::PathBuf;

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

/// Flags for a silent game on the simulated clock.
pub const QUIET: [&str; 6] = ["--speech", "off", "--cues", "off", "--clock", "simulated"];

/// An empty directory of this name for this test run: anything an earlier run with the same
/// process id left there is removed first, and the directory itself when the test is done with
/// it (kept where the test failed, to be looked at).
pub fn fresh_dir(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("annabella-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// A test's own directory, removed when dropped unless the test is failing.
#[derive(Debug)]
pub struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = PathBuf;
    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// Runs the real binary with `args` and extra environment, feeds `input` on standard input and
/// returns its output. The user's own configuration is kept out of the way.
pub fn annabella(args: &[&str], env: &[(String, String)], input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(args)
        .env("XDG_CONFIG_HOME", std::env::temp_dir().join("annabella-no-user-config"))
        .env("XDG_DATA_HOME", run_dir("test-data"))
        .envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the annabella binary starts");
    // A program that refuses to start may close its input before reading it.
    let _ = child.stdin.take().expect("piped").write_all(input.as_bytes());
    child.wait_with_output().expect("the annabella binary ends")
}

/// A folder the whole test run shares (`annabella-NAME-PID` in the temporary folder). Nothing
/// removes it when the run ends, so the first use removes those of earlier runs whose process
/// is gone (on Linux).
pub fn run_dir(name: &str) -> PathBuf {
    static SWEPT: std::sync::Once = std::sync::Once::new();
    let temp = std::env::temp_dir();
    SWEPT.call_once(|| {
        // Whether a process is gone is known from /proc.
        if !cfg!(target_os = "linux") {
            return;
        }
        for entry in std::fs::read_dir(&temp).into_iter().flatten().flatten() {
            let file_name = entry.file_name();
            let file_name = file_name.to_string_lossy();
            let Some(pid) = ["test-data", "clips"]
                .iter()
                .find_map(|shared| file_name.strip_prefix(&format!("annabella-{shared}-")))
                .and_then(|pid| pid.parse::<u32>().ok())
            else {
                continue;
            };
            if pid != std::process::id() && !std::path::Path::new(&format!("/proc/{pid}")).exists() {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
    });
    temp.join(format!("annabella-{name}-{}", std::process::id()))
}

/// The clips of every pack, rendered once per test run into a folder of their own.
pub fn clips() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = run_dir("clips");
        let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scripts/render-clips.sh");
        let out = std::process::Command::new("bash")
            .arg(script)
            .arg(env!("CARGO_BIN_EXE_annabella"))
            .arg(&dir)
            .output()
            .expect("run render-clips.sh");
        assert!(out.status.success(), "render-clips.sh: {}", String::from_utf8_lossy(&out.stderr));
        dir
    })
}

#[cfg(unix)]
/// The master end of a new pseudo-terminal, closed on exec (a program started by another test
/// must not hold it open), and the name of its other end.
pub fn pseudo_terminal() -> (serialport::TTYPort, String) {
    use nix::fcntl::OFlag;
    use std::os::fd::IntoRawFd;
    use std::os::unix::io::FromRawFd;
    let master = nix::pty::posix_openpt(OFlag::O_RDWR | OFlag::O_NOCTTY | OFlag::O_CLOEXEC).unwrap();
    nix::pty::grantpt(&master).unwrap();
    nix::pty::unlockpt(&master).unwrap();
    let name = nix::pty::ptsname_r(&master).unwrap();
    let fd: std::os::fd::OwnedFd = master.into();
    // SAFETY: the descriptor was just opened and is owned by nothing else.
    let mut port = unsafe { serialport::TTYPort::from_raw_fd(fd.into_raw_fd()) };
    serialport::SerialPort::set_timeout(&mut port, std::time::Duration::from_millis(50)).unwrap();
    (port, name)
}
