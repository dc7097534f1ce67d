//! The real speech engine, run on a worker thread so that a missing, dying or hanging engine
//! never blocks the prompt: requests go through a channel, problems come back as warnings. The
//! language follows each utterance (German for Appendix E). The engine's end-of-utterance
//! callbacks tell which utterances are still queued, so that a new response cuts off stale
//! chatter but never a move or a result.

use std::collections::VecDeque;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::pending::{lock, Shared};
use super::synthesizer::{Synthesizer, SynthesizerError};
use super::{Speaker, Utterance, VoiceSettings, Warning};

enum Request {
    /// An utterance, its number, and the epoch it was sent in.
    Speak(Utterance, u64, u64),
    Configure(VoiceSettings),
    Finish(Sender<()>, Duration),
}

enum Status {
    Ready,
    Voices(Vec<super::Voice>),
    Unavailable(String),
    Failed(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Starting(Instant),
    Ready,
    Down,
}

/// What the worker is doing with the engine, watched from the speaker's side.
#[derive(Debug, Default)]
struct Busy {
    /// Since when the engine has been given an utterance that it has not taken yet.
    since: Option<Instant>,
    /// The number of the last utterance the engine took.
    taken: u64,
    /// Utterances sent in an earlier epoch are dropped: they were given up when the engine
    /// stalled.
    epoch: u64,
}

type Watched = Arc<Mutex<Busy>>;

fn watched(busy: &Watched) -> std::sync::MutexGuard<'_, Busy> {
    busy.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Speaks through the platform's engine (speech-dispatcher with espeak-ng on Linux; SAPI, WinRT
/// and screen readers on Windows; AVFoundation on macOS). A watchdog sees an engine that stops
/// taking what it is given.
pub struct TtsSpeaker {
    requests: Sender<Request>,
    status: Receiver<Status>,
    state: State,
    warned_no_answer: bool,
    warned_failure: bool,
    voices: Vec<super::Voice>,
    busy: Watched,
    /// The number of the last utterance sent.
    sent: u64,
    /// Important utterances sent and perhaps not yet taken, with their numbers.
    important: VecDeque<(u64, Utterance)>,
    /// The engine stopped taking utterances.
    stalled: bool,
    /// Warnings found while finishing, for the next look.
    held: Vec<Warning>,
    /// The program's voice as the engine's reports tell of it.
    voice: super::OwnVoice,
}

/// How long the engine may take to start before the user is told it does not answer.
const START_PATIENCE: Duration = Duration::from_secs(3);
/// How long the engine may take to take one utterance before it counts as stalled.
pub const STALL: Duration = Duration::from_millis(500);

impl TtsSpeaker {
    /// Starts the engine in the background; returns at once.
    pub fn start(settings: VoiceSettings) -> TtsSpeaker {
        TtsSpeaker::launch(settings, None)
    }

    /// Starts the engine in the background with `first` to say before anything else; returns at
    /// once.
    pub fn start_saying(settings: VoiceSettings, first: &Utterance) -> TtsSpeaker {
        let mut speaker = TtsSpeaker::launch(settings, Some((first.clone(), 1)));
        speaker.number(first);
        speaker
    }

    /// Counts `utterance` as sent, kept for giving back if it is important: its number.
    fn number(&mut self, utterance: &Utterance) -> u64 {
        self.sent += 1;
        if utterance.important {
            self.important.push_back((self.sent, utterance.clone()));
        }
        self.sent
    }

    /// Starts the engine in the background, the worker handed `first` (with its number).
    fn launch(settings: VoiceSettings, first: Option<(Utterance, u64)>) -> TtsSpeaker {
        let (requests, inbox) = mpsc::channel();
        let (report, status) = mpsc::channel();
        let busy = Watched::default();
        let worker = busy.clone();
        let pending = Shared::default();
        let voice = lock(&pending).voice();
        let spawned = thread::Builder::new()
            .name("speech".into())
            .spawn(move || run(settings, first, &inbox, &report, &worker, &pending));
        let state = if spawned.is_ok() { State::Starting(Instant::now()) } else { State::Down };
        TtsSpeaker {
            requests,
            status,
            state,
            warned_no_answer: false,
            warned_failure: false,
            voices: Vec::new(),
            busy,
            sent: 0,
            important: VecDeque::new(),
            stalled: false,
            held: Vec::new(),
            voice,
        }
    }
}

fn speak(engine: &mut dyn Synthesizer, pending: &Shared, u: &Utterance) -> Result<(), SynthesizerError> {
    let mut p = lock(pending);
    // Cut off stale speech only when some is still queued and nothing important is; an engine
    // that gives no callbacks can never prove that, so there nothing is cut off. (Cancelling when
    // nothing is queued is not free: the daemon stops its synthesis module first.)
    let interrupt = u.interrupt && p.callbacks_seen && !p.is_empty() && !p.important_pending();
    drop(p);
    engine.speak(&u.text, interrupt)?;
    p = lock(pending);
    p.sent(u.important, super::own_voice::longest(&u.text));
    Ok(())
}

fn run(
    settings: VoiceSettings,
    first: Option<(Utterance, u64)>,
    inbox: &Receiver<Request>,
    report: &Sender<Status>,
    busy: &Watched,
    pending: &Shared,
) {
    // The first words go to the engine on a connection of their own where it allows, ahead of the
    // slower start of the connection that says the rest (which waits until they have been said:
    // its dozen questions would keep the daemon from them).
    let first = first.filter(|(u, number)| {
        let said = super::synthesizer::say_at_once(&settings, u);
        if said {
            watched(busy).taken = *number;
        }
        !said
    });
    let mut engine = match super::synthesizer::connect(&settings, pending) {
        Ok(engine) => engine,
        Err(why) => {
            let _ = report.send(Status::Unavailable(why.to_string()));
            return drain(inbox);
        }
    };
    let _ = report.send(Status::Ready);
    let mut language = String::new();
    if let Some((u, number)) = first {
        say(engine.as_mut(), pending, busy, report, &u, number, &mut language);
    }
    // The voices are listed once nothing is being said and nothing has come to say for a moment
    // (or after a few seconds in any case): listing them keeps the daemon busy for a tenth of a
    // second, and the first words would wait.
    let mut listed = false;
    let started = Instant::now();
    loop {
        let request = match inbox.recv_timeout(LIST_VOICES_AFTER) {
            Ok(request) => request,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if !listed && (lock(pending).is_empty() || started.elapsed() > LIST_VOICES_BY) {
                    list_voices(engine.as_ref(), report);
                    listed = true;
                }
                continue;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        };
        match request {
            Request::Speak(u, number, epoch) => {
                if epoch >= watched(busy).epoch {
                    say(engine.as_mut(), pending, busy, report, &u, number, &mut language);
                }
            }
            Request::Configure(settings) => {
                engine.configure(&settings);
                // A new voice is chosen at the next change of language.
                language.clear();
            }
            Request::Finish(done, limit) => {
                wait_until_quiet(engine.as_ref(), pending, limit);
                let _ = done.send(());
            }
        }
    }
}

/// Hands utterance `number` to the engine, switching the language first when it changes; the
/// watchdog sees how long the engine takes.
fn say(
    engine: &mut dyn Synthesizer,
    pending: &Shared,
    busy: &Watched,
    report: &Sender<Status>,
    u: &Utterance,
    number: u64,
    language: &mut String,
) {
    watched(busy).since = Some(Instant::now());
    if u.language != *language {
        engine.set_language(&u.language);
        *language = u.language.clone();
    }
    let spoken = speak(engine, pending, u);
    let mut b = watched(busy);
    (b.since, b.taken) = (None, number);
    drop(b);
    if let Err(e) = spoken {
        let _ = report.send(Status::Failed(e.to_string()));
    }
}

/// How long the worker must have had nothing to say before it lists the voices.
const LIST_VOICES_AFTER: Duration = Duration::from_millis(300);
/// After this long the voices are listed at the next pause, even with speech still going.
const LIST_VOICES_BY: Duration = Duration::from_secs(5);

/// Reports the engine's voices: listed on a connection of their own in the background where the
/// engine offers one.
fn list_voices(engine: &dyn Synthesizer, report: &Sender<Status>) {
    match engine.voice_lister() {
        Some(list) => {
            let report = report.clone();
            let _ = thread::Builder::new().name("voices".into()).spawn(move || {
                let _ = report.send(Status::Voices(list()));
            });
        }
        None => {
            let _ = report.send(Status::Voices(engine.voices()));
        }
    }
}

/// Waits until everything handed to the engine has been spoken, at most `limit`. Without end
/// callbacks, waits while the engine says it is speaking.
fn wait_until_quiet(engine: &dyn Synthesizer, pending: &Shared, limit: Duration) {
    let start = Instant::now();
    // With callbacks promised but none ever seen (audio going nowhere), give up soon.
    let patience = limit.min(Duration::from_secs(3));
    if engine.has_callbacks() {
        while start.elapsed() < limit {
            let p = lock(pending);
            if p.is_empty() || (!p.callbacks_seen && start.elapsed() > patience) {
                return;
            }
            drop(p);
            thread::sleep(Duration::from_millis(20));
        }
        return;
    }
    let mut begun = false;
    while start.elapsed() < limit {
        let Some(speaking) = engine.is_speaking() else { return };
        if speaking {
            begun = true;
        } else if begun || start.elapsed() > Duration::from_millis(500) {
            return;
        }
        thread::sleep(Duration::from_millis(20));
    }
}

/// With no engine, answers finish requests so the caller never waits for nothing.
fn drain(inbox: &Receiver<Request>) {
    for request in inbox {
        if let Request::Finish(done, _) = request {
            let _ = done.send(());
        }
    }
}

impl Speaker for TtsSpeaker {
    fn speak(&mut self, utterance: &Utterance) {
        if self.stalled {
            // Said later, it would be stale: a stalled engine is given nothing.
            return;
        }
        let number = self.number(utterance);
        let epoch = watched(&self.busy).epoch;
        if self.requests.send(Request::Speak(utterance.clone(), number, epoch)).is_err() {
            self.state = State::Down;
        }
    }

    fn configure(&mut self, settings: &VoiceSettings) {
        if self.requests.send(Request::Configure(settings.clone())).is_err() {
            self.state = State::Down;
        }
    }

    fn voices(&self) -> Vec<super::Voice> {
        self.voices.clone()
    }

    fn own_voice(&self) -> Option<super::OwnVoice> {
        Some(self.voice.clone())
    }

    fn warnings(&mut self) -> Vec<Warning> {
        let mut out = std::mem::take(&mut self.held);
        out.extend(self.news());
        out
    }
    fn unspoken(&mut self) -> Vec<Utterance> {
        let taken = watched(&self.busy).taken;
        self.important.drain(..).filter(|(n, _)| *n > taken).map(|(_, u)| u).collect()
    }

    fn is_ready(&self) -> bool {
        self.state == State::Ready && !self.stalled
    }

    fn settle(&mut self, limit: Duration) {
        let until = Instant::now() + limit;
        while matches!(self.state, State::Starting(_)) && Instant::now() < until {
            match self.status.recv_timeout(Duration::from_millis(20)) {
                Ok(Status::Ready) => self.state = State::Ready,
                Ok(Status::Voices(voices)) => self.voices = voices,
                Ok(Status::Unavailable(why)) => {
                    self.state = State::Down;
                    self.held.push(Warning::Unavailable(why));
                }
                Ok(Status::Failed(why)) => {
                    if !self.warned_failure {
                        self.warned_failure = true;
                        self.held.push(Warning::Failed(why));
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => return,
            }
        }
    }

    fn finish(&mut self, limit: Duration) {
        // Nothing was handed to the engine: there is nothing to wait for, nor to warn of.
        if self.sent == 0 {
            return;
        }
        let (done, wait) = mpsc::channel();
        if self.stalled || self.requests.send(Request::Finish(done, limit)).is_err() {
            return;
        }
        // Quitting never waits on a stalled engine: the wait ends when the engine stops taking.
        let until = Instant::now() + limit + Duration::from_millis(200);
        while Instant::now() < until {
            match wait.recv_timeout(Duration::from_millis(50)) {
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let news = self.news();
                    self.held.extend(news);
                    // Nor on one that never started or stopped taking what it is given.
                    if self.stalled || self.is_stuck() || self.not_answering() {
                        return;
                    }
                }
                _ => return,
            }
        }
    }
}

impl TtsSpeaker {
    /// What the engine reported since the last look, and the watchdog's findings.
    fn news(&mut self) -> Vec<Warning> {
        let mut out = Vec::new();
        while let Ok(status) = self.status.try_recv() {
            match status {
                Status::Ready => self.state = State::Ready,
                Status::Voices(voices) => self.voices = voices,
                Status::Unavailable(why) => {
                    self.state = State::Down;
                    out.push(Warning::Unavailable(why));
                }
                Status::Failed(why) if !self.warned_failure => {
                    self.warned_failure = true;
                    out.push(Warning::Failed(why));
                }
                Status::Failed(_) => {}
            }
        }
        if let State::Starting(since) = self.state {
            if since.elapsed() > START_PATIENCE && !self.warned_no_answer {
                self.warned_no_answer = true;
                out.push(Warning::NoAnswer);
            }
        }
        out.extend(self.watchdog());
        out
    }

    /// Whether the engine has not started within its patience.
    fn not_answering(&self) -> bool {
        matches!(self.state, State::Starting(since) if since.elapsed() > START_PATIENCE) || self.state == State::Down
    }

    /// Whether the engine has been holding one utterance for longer than [`STALL`].
    fn is_stuck(&self) -> bool {
        watched(&self.busy).since.is_some_and(|t| t.elapsed() > STALL)
    }

    /// The watchdog: an engine that holds an utterance too long is stalled (what was queued for
    /// it is dropped, to be said elsewhere); one that takes again has recovered.
    fn watchdog(&mut self) -> Option<Warning> {
        let mut busy = watched(&self.busy);
        let stuck = busy.since.is_some_and(|t| t.elapsed() > STALL);
        match (self.stalled, stuck) {
            (false, true) => {
                self.stalled = true;
                busy.epoch += 1;
                Some(Warning::Stalled)
            }
            (true, false) => {
                self.stalled = false;
                Some(Warning::Recovered)
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{speak, Shared};
    use crate::speech::pending::{scale, Pending};
    use crate::speech::synthesizer::Synthesizer;
    use crate::speech::{Utterance, VoiceSettings};

    /// Records what the worker asks of the engine: `say TEXT` and `cancel`.
    #[derive(Default)]
    struct Log(Vec<String>);

    impl Synthesizer for Log {
        fn speak(&mut self, text: &str, interrupt: bool) -> Result<(), crate::speech::synthesizer::SynthesizerError> {
            if interrupt {
                self.0.push("cancel".into());
            }
            self.0.push(format!("say {text}"));
            Ok(())
        }
        fn set_language(&mut self, _language: &str) {}
        fn has_callbacks(&self) -> bool {
            true
        }
        fn is_speaking(&self) -> Option<bool> {
            None
        }
        fn configure(&mut self, _settings: &VoiceSettings) {}
        fn voices(&self) -> Vec<crate::speech::Voice> {
            Vec::new()
        }
    }

    fn chatter(text: &str) -> Utterance {
        Utterance { interrupt: true, ..Utterance::new(text, "en") }
    }

    #[test]
    fn chatter_is_cut_off_but_moves_never_are() {
        let (mut engine, pending) = (Log::default(), Shared::default());
        super::lock(&pending).callbacks_seen = true;
        // Nothing is being said: no cancel (it would only hold up the next message).
        speak(&mut engine, &pending, &chatter("Help: the commands are …")).unwrap();
        // Stale help is still queued: a new answer cuts it off.
        speak(&mut engine, &pending, &chatter("White to move.")).unwrap();
        // A move is queued: the next answer waits behind it instead.
        speak(&mut engine, &pending, &Utterance::new("Springer Felix drei", "de").important()).unwrap();
        speak(&mut engine, &pending, &chatter("The clock shows five minutes.")).unwrap();
        assert_eq!(
            engine.0,
            [
                "say Help: the commands are …",
                "cancel",
                "say White to move.",
                "say Springer Felix drei",
                "say The clock shows five minutes."
            ]
        );
    }

    #[test]
    fn pending_follows_the_engine_order() {
        let mut p = Pending::default();
        p.sent(true, std::time::Duration::ZERO);
        p.sent(false, std::time::Duration::ZERO);
        assert!(p.important_pending());
        p.ended();
        assert!(!p.important_pending());
        assert!(!p.is_empty());
        p.ended();
        assert!(p.is_empty());
        // An end reported before its utterance was recorded cancels it out.
        p.ended();
        p.sent(true, std::time::Duration::ZERO);
        assert!(p.is_empty());
        assert!(p.callbacks_seen);
    }

    #[test]
    fn rate_scale() {
        assert_eq!(scale(0.0, -100.0, 0.0, 100.0), 0.0);
        assert_eq!(scale(100.0, 0.1, 1.0, 10.0), 10.0);
        assert!((scale(-100.0, 0.1, 1.0, 10.0) - 0.1).abs() < 1e-6);
        assert_eq!(scale(50.0, 0.5, 1.0, 2.0), 1.5);
    }
}
