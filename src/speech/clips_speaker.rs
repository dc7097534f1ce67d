//! The clips backend: speaks announcements by playing the recorded clips of their words through
//! the sound device, on a worker thread, in order, none dropped. Text with words no clip holds
//! (messages rather than moves) stays printed only. The clips are read when there is first
//! something to say, or after a second: a speech engine starting beside them has the machine.

use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::Duration;

use std::path::PathBuf;

use super::clips::{resample, ClipBook, ClipError, Spoken, CLIP_RATE};
use super::{Speaker, Utterance, VoiceSettings, Warning};
use crate::audio::Device;
use crate::notation::PhrasePack;

enum Request {
    Speak(Utterance),
    Volume(f32),
    Finish(Sender<()>),
}

/// Plays clips through cpal.
pub struct ClipsSpeaker {
    requests: Sender<Request>,
    problems: Receiver<Warning>,
}

impl ClipsSpeaker {
    /// Starts the worker, which reads the clips of the phrase pack `pack` from `dir` (in the
    /// background, so the prompt does not wait); returns at once. `volume` is 0–100.
    pub fn start(dir: PathBuf, pack: &str, volume: f32) -> ClipsSpeaker {
        let (requests, inbox) = mpsc::channel();
        let (report, problems) = mpsc::channel();
        let pack = pack.to_string();
        let work = move || {
            let mut volume = volume;
            let first = match idle(&inbox, &mut volume) {
                Idle::Gone => return,
                Idle::Words(u) => Some(u),
                Idle::Waited => None,
            };
            let book = match PhrasePack::named(&pack) {
                Some(pack) => ClipBook::load(&dir, &pack),
                None => Err(ClipError::NoClips),
            };
            let books = match book {
                Ok(book) => vec![book],
                Err(why) => {
                    let _ = report.send(Warning::Unavailable(why.to_string()));
                    Vec::new()
                }
            };
            run(&books, first, &inbox, &report, volume);
        };
        let _ = thread::Builder::new().name("clips".into()).spawn(work);
        ClipsSpeaker { requests, problems }
    }
}

/// The samples (−1 to 1, at `rate`) that say `u`, if a book speaks its language and holds every
/// word of it.
pub fn phrase(books: &[ClipBook], u: &Utterance, rate: u32, volume: f32) -> Option<Vec<f32>> {
    let book = books.iter().find(|b| b.language == u.language)?;
    let samples = book.render(&[Spoken::Words(u.text.clone())]).ok()?;
    let scaled: Vec<f32> = samples.iter().map(|&s| s as f32 / 32768.0 * volume).collect();
    Some(resample(&scaled, CLIP_RATE, rate))
}

/// How the wait before reading the clips ended.
enum Idle {
    /// The first thing to say.
    Words(Utterance),
    /// Nothing to say for a while.
    Waited,
    /// The speaker was dropped.
    Gone,
}

/// How long the clips wait to be read when there is nothing to say.
const READ_AFTER: Duration = Duration::from_secs(1);

/// Waits for something to say, at most `READ_AFTER`; a change of volume is kept, a finish is
/// answered at once (nothing is queued yet).
fn idle(inbox: &Receiver<Request>, volume: &mut f32) -> Idle {
    let until = std::time::Instant::now() + READ_AFTER;
    loop {
        match inbox.recv_timeout(until.saturating_duration_since(std::time::Instant::now())) {
            Ok(Request::Speak(u)) => return Idle::Words(u),
            Ok(Request::Volume(v)) => *volume = v,
            Ok(Request::Finish(done)) => {
                let _ = done.send(());
            }
            Err(mpsc::RecvTimeoutError::Timeout) => return Idle::Waited,
            Err(mpsc::RecvTimeoutError::Disconnected) => return Idle::Gone,
        }
    }
}

fn run(books: &[ClipBook], first: Option<Utterance>, inbox: &Receiver<Request>, report: &Sender<Warning>, volume: f32) {
    let mut volume = volume.clamp(0.0, 100.0) / 100.0;
    let mut device = Device::opened();
    let mut warned = false;
    for request in first.map(Request::Speak).into_iter().chain(inbox) {
        match request {
            Request::Speak(u) => {
                if let Err(why) = device.play(|rate| phrase(books, &u, rate, volume)) {
                    if !std::mem::replace(&mut warned, true) {
                        let _ = report.send(Warning::Failed(why.to_string()));
                    }
                }
            }
            Request::Volume(v) => volume = v.clamp(0.0, 100.0) / 100.0,
            Request::Finish(done) => {
                let _ = done.send(());
            }
        }
    }
}

impl Speaker for ClipsSpeaker {
    fn speak(&mut self, utterance: &Utterance) {
        let _ = self.requests.send(Request::Speak(utterance.clone()));
    }

    fn configure(&mut self, settings: &VoiceSettings) {
        let _ = self.requests.send(Request::Volume(settings.volume));
    }

    fn warnings(&mut self) -> Vec<Warning> {
        self.problems.try_iter().collect()
    }

    // Only moves have clips: the rest must be read.
    fn voiced(&self) -> bool {
        false
    }

    fn finish(&mut self, limit: Duration) {
        let (done, wait) = mpsc::channel();
        if self.requests.send(Request::Finish(done)).is_ok() {
            let _ = wait.recv_timeout(limit);
        }
    }
}
