//! The ears: a thread that owns the microphone and the recogniser, cuts utterances out of the
//! sound with the voice-activity detector and hears each against the grammar of the position. In
//! continuous mode every utterance is heard; in push-to-talk mode only those that end while a
//! window opened by `push` is open; what begins while the program itself speaks (and a short tail
//! after) is its own voice from the loudspeakers and is not heard — the program speaks as long as
//! the speech engine says (what it began sounds for its slowest length, what it cut off no
//! longer), or where the engine tells nothing, as long as its words take at their slowest; its
//! cues as long as they last. The speech so far is heard as
//! soon as a few quiet frames follow it, while the rest of the closing silence is waited for, so
//! that the answer is ready when the utterance is cut (where others talk on after the voice has
//! paused, it is cut there if it says something). After a report of words it waits for the
//! grammar of the position that follows (the session's answer), so that the next utterance is
//! heard in it.

use std::collections::VecDeque;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant};

use super::early::EarlyHearing;
use super::grammar::MoveGrammar;
use super::microphone::Microphone;
use super::recognizer::{Recognizer, RATE};
use super::report::{Hearing, ListenProblem, Report};
use super::vad::{Segmenter, Utterance};
use crate::listen::{ListenMode, ListenSettings};

/// How long a push-to-talk window stays open.
const PUSH_WINDOW: Duration = Duration::from_secs(8);
/// The longest wait for the grammar of the next position.
const GRAMMAR_WAIT: Duration = Duration::from_secs(5);

/// How long after the program stops speaking the room may still carry its voice.
const ECHO_TAIL: Duration = Duration::from_millis(1000);

enum Control {
    Grammar(Box<MoveGrammar>),
    Push,
    /// The program speaks until then, by its words' length: what begins before it is its own voice.
    Speaking(Instant),
    /// Its cues sound until then, whatever the speech engine tells.
    Cueing(Instant),
    /// The program's voice as the speech engine tells of it.
    OwnVoice(crate::speech::OwnVoice),
}

/// The ears, running on a thread of their own.
pub struct Listener {
    control: Sender<Control>,
}

impl Listener {
    /// Starts hearing the device the `settings` name (empty: the default) in their mode, against
    /// `grammar`, acting at their threshold; every report goes to `reports`. Returns at once: a
    /// missing recogniser or microphone is reported, once.
    pub fn start(settings: &ListenSettings, grammar: MoveGrammar, reports: Sender<Report>) -> Listener {
        let (control, inbox) = mpsc::channel();
        let (mode, device, threshold) = (settings.mode, settings.device.clone(), settings.threshold);
        let spawned = thread::Builder::new().name("listen".into()).spawn(move || {
            let mut ears = match Ears::open(mode, &device, threshold, grammar) {
                Ok(ears) => ears,
                Err(problem) => {
                    let _ = reports.send(Report::Problem(problem));
                    return;
                }
            };
            ears.run(&inbox, &reports);
        });
        if spawned.is_err() {
            let (fallback, _) = mpsc::channel();
            return Listener { control: fallback };
        }
        Listener { control }
    }

    /// The grammar of the position now: the next utterance is heard in it.
    pub fn follow(&self, grammar: MoveGrammar) {
        let _ = self.control.send(Control::Grammar(Box::new(grammar)));
    }

    /// Push to talk: the next utterance is heard.
    pub fn push(&self) {
        let _ = self.control.send(Control::Push);
    }

    /// The program speaks until `until`: an utterance that begins before then (or within a short
    /// tail after) is its own voice from the loudspeakers, and is not heard.
    pub fn speaking(&self, until: Instant) {
        let _ = self.control.send(Control::Speaking(until));
    }

    /// The program's cues sound until `until`: heeded even where the speech engine tells of its
    /// voice.
    pub fn cueing(&self, until: Instant) {
        let _ = self.control.send(Control::Cueing(until));
    }

    /// The program's voice as the speech engine tells of it: while the engine still speaks (and a
    /// short tail after it falls quiet) nothing is heard; once it has told anything, its word is
    /// taken over `speaking`'s estimate (what it cut off no longer sounds), and `cueing` beside it.
    pub fn own_voice(&self, voice: crate::speech::OwnVoice) {
        let _ = self.control.send(Control::OwnVoice(voice));
    }
}

/// Until when the program sounds: what the engine has told by `now` of its voice, with the cues
/// (`cued`) beside it; where the engine has told nothing, its words' and cues' estimated time.
fn speaking_until(
    estimated: Option<Instant>,
    engine: Option<&crate::speech::OwnVoice>,
    cued: Option<Instant>,
    now: Instant,
) -> Option<Instant> {
    match engine.and_then(|voice| voice.sounds_until(now)) {
        Some(told) => Some(told).max(cued),
        None => estimated,
    }
}

/// Whether an utterance `length` long that ended at `ended` began while the program was speaking
/// (until `quiet_until`, the echo's tail added).
fn own_voice(ended: Instant, length: Duration, quiet_until: Option<Instant>) -> bool {
    let Some(until) = quiet_until else { return false };
    let began = ended.checked_sub(length).unwrap_or(ended);
    began <= until + ECHO_TAIL
}

struct Ears {
    mode: ListenMode,
    microphone: Microphone,
    recognizer: Recognizer,
    grammar: MoveGrammar,
    segmenter: Segmenter,
    heard: VecDeque<Utterance>,
    /// Until when a push-to-talk window is open.
    window: Option<Instant>,
    /// Since when the grammar of the next position has been awaited.
    awaiting: Option<Instant>,
    /// Until when the program speaks, by its words' length.
    speaking: Option<Instant>,
    /// Until when its cues sound.
    cued: Option<Instant>,
    /// The program's voice as the engine tells of it.
    engine_voice: Option<crate::speech::OwnVoice>,
    /// The speech so far, heard early.
    early: EarlyHearing,
    /// When the stream's first sample sounded: the sound's own clock, which a busy thread's
    /// lateness does not move (what began while the program spoke is judged by it), moved earlier
    /// when more sound comes than time has passed (a backlog delivered at once), since no sample
    /// sounded after it was read.
    stream_start: Option<Instant>,
    /// Whether the session has been told that the room is loud.
    told_loud: bool,
    /// That the recogniser cannot listen in this position was said.
    told_not_here: bool,
}

/// The start of a stream of which `seen` samples have been read by now: `start`, or earlier if
/// with it the last of them would sound after now.
fn not_ahead_of_now(start: Instant, seen: u64) -> Instant {
    let heard = Duration::from_secs_f64(seen as f64 / f64::from(RATE));
    match (start + heard).checked_duration_since(Instant::now()) {
        Some(ahead) => start.checked_sub(ahead).unwrap_or(start),
        None => start,
    }
}

/// Whether an utterance of this mode and window, that began `length` before `now`, is to be heard.
fn wanted(mode: ListenMode, window: Option<Instant>, now: Instant, length: usize, speaking: Option<Instant>) -> bool {
    (mode == ListenMode::Continuous || window.is_some())
        && !own_voice(now, Duration::from_secs_f64(length as f64 / f64::from(RATE)), speaking)
}

/// The utterances cut out (each with when it ended) that are to be heard, in this mode and window
/// and while the program speaks until `speaking`. The program's own voice is not heard, nor
/// counted as another player's talk by the `segmenter` that cut it out.
fn take_in(
    segmenter: &mut Segmenter,
    cut: impl Iterator<Item = (Utterance, Instant)>,
    (mode, window, speaking): (ListenMode, Option<Instant>, Option<Instant>),
) -> Vec<Utterance> {
    let mut heard = Vec::new();
    for (utterance, ended) in cut {
        let length = Duration::from_secs_f64(utterance.samples.len() as f64 / f64::from(RATE));
        if own_voice(ended, length, speaking) {
            segmenter.not_others_talk(&utterance);
        } else if wanted(mode, window, ended, utterance.samples.len(), speaking) {
            heard.push(utterance);
        }
    }
    heard
}

impl Ears {
    fn open(mode: ListenMode, device: &str, threshold: f32, grammar: MoveGrammar) -> Result<Ears, ListenProblem> {
        let microphone = Microphone::open(device).map_err(|_| ListenProblem::NoMicrophone(device.to_string()))?;
        let mut recognizer = Recognizer::for_player().map_err(|_| ListenProblem::NoRecogniser)?;
        recognizer.acting_at(threshold);
        recognizer.ready_for(&grammar);
        Ok(Ears {
            mode,
            microphone,
            recognizer,
            grammar,
            segmenter: Segmenter::default(),
            heard: VecDeque::new(),
            window: None,
            awaiting: None,
            speaking: None,
            cued: None,
            engine_voice: None,
            early: EarlyHearing::default(),
            stream_start: None,
            told_loud: false,
            told_not_here: false,
        })
    }

    fn run(&mut self, inbox: &Receiver<Control>, reports: &Sender<Report>) {
        loop {
            loop {
                match inbox.try_recv() {
                    Ok(Control::Grammar(grammar)) => {
                        self.grammar = *grammar;
                        self.told_not_here = false;
                        self.awaiting = None;
                        self.early.forget();
                    }
                    Ok(Control::Push) => self.window = Some(Instant::now() + PUSH_WINDOW),
                    Ok(Control::Speaking(until)) => {
                        self.speaking = Some(self.speaking.map_or(until, |before| before.max(until)))
                    }
                    Ok(Control::Cueing(until)) => self.cued = self.cued.max(Some(until)),
                    Ok(Control::OwnVoice(voice)) => self.engine_voice = Some(voice),
                    Err(mpsc::TryRecvError::Empty) => break,
                    // The session has ended.
                    Err(mpsc::TryRecvError::Disconnected) => return,
                }
            }
            if self.window.is_some_and(|until| Instant::now() > until) && !self.segmenter.in_speech() {
                self.window = None;
                if reports.send(Report::Nothing).is_err() {
                    return;
                }
            }
            let Some(samples) = self.microphone.next(Duration::from_millis(50)) else {
                let _ = reports.send(Report::Problem(ListenProblem::MicrophoneLost));
                return;
            };
            if self.stream_start.is_none() && !samples.is_empty() {
                let took = Duration::from_secs_f64(samples.len() as f64 / f64::from(RATE));
                self.stream_start = Instant::now().checked_sub(took);
            }
            let speaking = self.speaking_until().is_some_and(|until| Instant::now() <= until + ECHO_TAIL);
            self.segmenter.program_speaks(speaking);
            let utterances = self.segmenter.push(&samples);
            self.stream_start = self.stream_start.map(|start| not_ahead_of_now(start, self.segmenter.samples_seen()));
            // Now, by the sound's clock: when the last sample taken sounded.
            let now = self.sounded(self.segmenter.samples_seen());
            let (mode, window, speaking) = (self.mode, self.window, self.speaking_until());
            let ended: Vec<Instant> = utterances.iter().map(|u| self.sounded(u.cut_at)).collect();
            let wanted = take_in(&mut self.segmenter, utterances.into_iter().zip(ended), (mode, window, speaking));
            self.heard.extend(wanted);
            if self.awaiting.is_some_and(|since| since.elapsed() < GRAMMAR_WAIT) {
                continue;
            }
            self.hear_early(now);
            if let Some(utterance) = self.heard.pop_front() {
                for report in self.hear(&utterance) {
                    if reports.send(report).is_err() {
                        return;
                    }
                }
            }
        }
    }

    /// Until when the program speaks, as far as is known now.
    fn speaking_until(&self) -> Option<Instant> {
        speaking_until(self.speaking, self.engine_voice.as_ref(), self.cued, Instant::now())
    }

    /// When the sample `at` (counted from the stream's start) sounded.
    fn sounded(&self, at: u64) -> Instant {
        let start = self.stream_start.unwrap_or_else(Instant::now);
        start + Duration::from_secs_f64(at as f64 / f64::from(RATE))
    }

    /// The speech so far heard while the closing silence is still being waited for.
    fn hear_early(&mut self, now: Instant) {
        let (mode, window, speaking) = (self.mode, self.window, self.speaking_until());
        let waiting = !self.heard.is_empty();
        let wanted = |length: usize| wanted(mode, window, now, length, speaking);
        self.early.follow(&self.segmenter, &mut self.recognizer, &self.grammar, waiting, wanted);
        self.heard.extend(self.early.cut(&mut self.segmenter));
    }

    /// What one utterance said, if there is anything to report: heard early if its speech ended
    /// where the early hearing's did, else now. The first words heard in a loud room come after
    /// word that the room is loud.
    fn hear(&mut self, utterance: &Utterance) -> Vec<Report> {
        let pushed = self.window.take().is_some();
        let understood = match self.early.take_for(utterance) {
            Some(understood) => Ok(understood),
            None => self.recognizer.hear_utterance(&self.grammar, utterance),
        };
        match understood {
            Ok(Some(understood)) => {
                self.awaiting = Some(Instant::now());
                let loud = !self.told_loud && understood.evidence.loud_room();
                self.told_loud |= loud;
                let (words, margin, rival) = (understood.words, understood.margin, understood.evidence.rival);
                let heard = Report::Heard(Hearing { words, margin, rival });
                if loud {
                    vec![Report::LoudRoom, heard]
                } else {
                    vec![heard]
                }
            }
            // The grammar of this position refused: said once, and the moves are typed.
            Err(_) if !std::mem::replace(&mut self.told_not_here, true) => {
                vec![Report::Problem(ListenProblem::NotHere)]
            }
            Ok(None) | Err(_) => pushed.then_some(Report::Nothing).into_iter().collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_programs_own_voice_is_not_heard_nor_counted_as_others_talk() {
        // The player's words after quiet, the program's voice, and the player's again, as loud.
        let tone = |ms: usize| (0..ms * 16).map(|i| ((i as f32 * 0.1).sin() * 8000.0) as i16).collect::<Vec<_>>();
        let quiet = |ms: usize| vec![0i16; ms * 16];
        let stream = [quiet(4500), tone(600), quiet(1200), tone(800), quiet(1200), tone(600), quiet(600)].concat();
        for program_speaking in [false, true] {
            let (mut segmenter, mut heard, mut cut_before) = (Segmenter::default(), Vec::new(), 0);
            for chunk in stream.chunks(480) {
                let cut: Vec<Utterance> = segmenter.push(chunk);
                // The second utterance began while the program spoke, if it did.
                let now = Instant::now();
                let speaking = (program_speaking && cut_before == 1).then_some(now);
                cut_before += cut.len();
                let cut = cut.into_iter().map(|u| (u, now));
                heard.extend(take_in(&mut segmenter, cut, (ListenMode::Continuous, None, speaking)));
            }
            let talk: Vec<f32> = heard.iter().map(|u| u.room.talk_under_voice).collect();
            match program_speaking {
                true => assert!(talk.len() == 2 && talk[1].is_infinite(), "the player's alone: {talk:?}"),
                false => assert!(talk.len() == 3 && talk[2] < 3.0, "a voice as loud before it: {talk:?}"),
            }
        }
    }

    #[test]
    fn what_begins_while_the_program_speaks_is_its_own_voice() {
        let now = Instant::now();
        let second = Duration::from_secs(1);
        // Nothing said: everything is heard.
        assert!(!own_voice(now, second, None));
        // An utterance of a second that ended now began a second ago.
        assert!(own_voice(now, second, Some(now - Duration::from_millis(800))));
        assert!(own_voice(now, second, Some(now - Duration::from_millis(1900))), "within the echo's tail");
        assert!(!own_voice(now, second, Some(now - Duration::from_millis(2100))), "after the tail: a player");
    }

    #[test]
    fn a_backlog_delivered_at_once_does_not_put_the_sound_ahead_of_now() {
        let start = Instant::now() - Duration::from_secs(1);
        // Three seconds of sound read one second after the first: it began two seconds earlier.
        let moved = not_ahead_of_now(start, u64::from(RATE) * 3);
        assert!(moved <= start - Duration::from_millis(1900) && moved >= start - Duration::from_secs(2));
        // Half a second read in the same second: as it was.
        assert_eq!(not_ahead_of_now(start, u64::from(RATE) / 2), start);
    }

    #[test]
    fn a_slow_engine_that_still_speaks_outlasts_the_words_estimate() {
        let start = Instant::now();
        let estimated = Some(start + Duration::from_secs(2));
        // No engine that reports: the estimate alone.
        assert_eq!(speaking_until(estimated, None, None, start + Duration::from_secs(5)), estimated);
        let engine = crate::speech::OwnVoice::default();
        assert_eq!(speaking_until(estimated, Some(&engine), None, start), estimated, "the engine has told nothing");
        // The engine began late and still speaks five seconds in: what began meanwhile is its own.
        engine.news(true, start + Duration::from_secs(1));
        let now = start + Duration::from_secs(5);
        let until = speaking_until(estimated, Some(&engine), None, now);
        assert_eq!(until, Some(now));
        assert!(own_voice(now, Duration::from_secs(1), until));
        // Quiet since six seconds in: a player who begins more than the tail after is heard.
        engine.news(false, start + Duration::from_secs(6));
        let later = start + Duration::from_secs(9);
        let until = speaking_until(estimated, Some(&engine), None, later);
        assert_eq!(until, Some(start + Duration::from_secs(6)));
        assert!(!own_voice(later, Duration::from_secs(1), until));
    }

    #[test]
    fn the_engines_word_is_taken_over_the_estimate_and_the_cues_beside_it() {
        let start = Instant::now();
        let second = Duration::from_secs(1);
        // A greeting estimated at twenty seconds, cut off by a move two seconds in.
        let estimated = Some(start + 20 * second);
        let engine = crate::speech::OwnVoice::default();
        engine.news(true, start);
        engine.began(start, 20 * second);
        engine.stopped(start + 2 * second);
        engine.news(false, start + 2 * second);
        let later = start + 5 * second;
        let until = speaking_until(estimated, Some(&engine), None, later);
        assert_eq!(until, Some(start + 2 * second));
        assert!(!own_voice(later, second, until), "a player after what was cut off is heard");
        // A cue still sounding keeps the ears shut whatever the engine says.
        let cued = Some(start + 6 * second);
        assert_eq!(speaking_until(estimated, Some(&engine), cued, later), cued);
        // An engine done at once with what it began: what it began sounds for its slowest length.
        let quick = crate::speech::OwnVoice::default();
        quick.news(true, start);
        quick.began(start, 3 * second);
        quick.news(false, start + Duration::from_millis(20));
        assert_eq!(speaking_until(estimated, Some(&quick), None, start + second), Some(start + 3 * second));
    }
}
