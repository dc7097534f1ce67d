//! Cues through cpal on a worker thread: the default device is looked up when the worker starts
//! (not at each cue); each cue opens a short output stream on it, plays its samples and closes it.
//! A missing device gives one warning, never a crash.

use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::Duration;

use super::output::Output;
use super::{samples, Cue, CuePlayer};

enum Request {
    Play(Cue),
    Finish(Sender<()>),
}

pub struct CpalPlayer {
    requests: Sender<Request>,
    problems: Receiver<String>,
}

impl CpalPlayer {
    /// Starts the worker; returns at once. `volume` is 0–100.
    pub fn start(volume: f32) -> CpalPlayer {
        let (requests, inbox) = mpsc::channel();
        let (report, problems) = mpsc::channel();
        let volume = volume.clamp(0.0, 100.0) / 100.0;
        let _ = thread::Builder::new().name("cues".into()).spawn(move || run(&inbox, &report, volume));
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

fn run(inbox: &Receiver<Request>, report: &Sender<String>, volume: f32) {
    let mut warned = false;
    // Looked up before the first cue, so that the first cue is as quick as the others.
    let mut output = Output::open().ok();
    for request in inbox {
        match request {
            Request::Play(cue) => {
                if let Err(problem) = play(&mut output, cue, volume) {
                    if !warned {
                        warned = true;
                        let _ = report.send(problem);
                    }
                }
            }
            Request::Finish(done) => {
                let _ = done.send(());
            }
        }
    }
}

fn play(output: &mut Option<Output>, cue: Cue, volume: f32) -> Result<(), String> {
    if output.is_none() {
        *output = Some(Output::open()?);
    }
    let Some(device) = output.as_ref() else { return Ok(()) };
    let result = device.play(samples(cue, device.rate(), volume));
    if result.is_err() {
        // The device may have gone away: look it up again next time.
        *output = None;
    }
    result
}
