//! The real binary running beside a test: its input kept open, its lines read as they come, and
//! what it said waited for (by the start of a line or anything in it), so a test can answer the
//! program as a person at the table would.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// A running program.
pub struct Running {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far.
    pub seen: Vec<String>,
}

impl Running {
    /// Starts `command` with its input and output piped (its errors let be).
    pub fn spawn(mut command: Command) -> Running {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the annabella binary starts");
        let input = child.stdin.take();
        let output = child.stdout.take().unwrap();
        let (to, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if to.send(line).is_err() {
                    return;
                }
            }
        });
        Running { child, input, lines, seen: Vec::new() }
    }

    /// Waits (up to 20 s) for a line that `fits`; that line. Panics with all that was said.
    pub fn wait_for(&mut self, what: &str, fits: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if fits(&line) {
                        return line;
                    }
                }
                Err(_) => break,
            }
        }
        panic!("no line {what}; the program said:\n{}", self.seen.join("\n"));
    }

    /// Everything said within `wait`.
    pub fn said_within(&mut self, wait: Duration) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut said = Vec::new();
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) => said.push(line),
                Err(_) => break,
            }
        }
        self.seen.extend(said.iter().cloned());
        said
    }

    /// Types `line`.
    pub fn type_line(&mut self, line: &str) {
        writeln!(self.input.as_mut().expect("the input is open"), "{line}").unwrap();
    }

    /// Ends the input; the exit code once the program ends (none if it does not within 15 s).
    pub fn finish(mut self) -> Option<i32> {
        drop(self.input.take());
        let deadline = Instant::now() + Duration::from_secs(15);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        None
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
