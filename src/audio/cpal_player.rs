//! Cues through cpal on a worker thread: the default device is looked up when the worker starts
//! (not at each cue); each cue opens a short output stream on it, plays its samples and closes it.
//! A missing device gives one warning, never a crash.

use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::Duration;

use super::output::Device;
use super::{samples, Cue, CuePlayer};

enum Request {
    Play(Cue),
    Finish(Sender<()>),
}

/// Plays cues as synthesized tones through the default sound device, on a worker thread.
pub struct CpalPlayer {
    requests: Sender<Request>,
    problems: Receiver<String>,
}

impl CpalPlayer {
    /// Starts the worker and waits (briefly) until it has looked the device up, so that a
    /// missing device is said with the greeting, not after the first cue. `volume` is 0–100.
    pub fn start(volume: f32) -> CpalPlayer {
        let (requests, inbox) = mpsc::channel();
        let (report, problems) = mpsc::channel();
        let (looked_up, looking) = mpsc::channel();
        let volume = volume.clamp(0.0, 100.0) / 100.0;
        let _ = thread::Builder::new().name("cues".into()).spawn(move || run(&inbox, &report, looked_up, volume));
        let _ = looking.recv_timeout(LOOK_UP);
        CpalPlayer { requests, problems }
    }
}

impl CuePlayer for CpalPlayer {
    fn play(&mut self, cue: Cue) {
        let _ = self.requests.send(Request::Play(cue));
    }

    fn warnings(&mut self) -> Vec<String> {
        self.problems.try_iter().collect()
    }

    fn finish(&mut self, limit: Duration) {
        let (done, wait) = mpsc::channel();
        if self.requests.send(Request::Finish(done)).is_ok() {
            let _ = wait.recv_timeout(limit);
        }
    }
}

/// The longest wait for the device to be looked up when the player starts.
const LOOK_UP: Duration = Duration::from_secs(2);

fn run(inbox: &Receiver<Request>, report: &Sender<String>, looked_up: Sender<()>, volume: f32) {
    let (mut device, missing) = Device::looked_up();
    // A device missing from the start is said at once, once.
    let mut warned = missing.is_some();
    if let Some(problem) = missing {
        let _ = report.send(problem.to_string());
    }
    let _ = looked_up.send(());
    for request in inbox {
        match request {
            Request::Play(cue) => {
                if let Err(problem) = device.play(|rate| Some(samples(cue, rate, volume))) {
                    if !warned {
                        warned = true;
                        let _ = report.send(problem.to_string());
                    }
                }
            }
            Request::Finish(done) => {
                let _ = done.send(());
            }
        }
    }
}
