//! What the speech worker and the engines' callbacks share: the utterances handed to the engine
//! and not yet finished, and the scale from the settings' rate to an engine's.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::own_voice::OwnVoice;

/// `value` (-100 to 100, 0 normal) on an engine's scale from `low` through `normal` to `high`.
pub(super) fn scale(value: f32, low: f32, normal: f32, high: f32) -> f32 {
    if value >= 0.0 {
        normal + (high - normal) * value.min(100.0) / 100.0
    } else {
        normal + (normal - low) * value.max(-100.0) / 100.0
    }
}

/// The utterances handed to the engine and not yet finished, oldest first, each marked whether it
/// is important. The engine speaks in order, so each end (or stop) callback finishes the oldest.
#[derive(Debug, Default)]
pub(super) struct Pending {
    /// Each utterance: whether it is important, and at most how long it takes to say.
    queue: VecDeque<(bool, Duration)>,
    /// How many of the oldest have begun.
    begun: usize,
    /// A begin reported before its utterance was recorded, and when.
    early_begin: Option<Instant>,
    /// Ends reported before their utterance was recorded (the callback won the race).
    early_ends: usize,
    /// Whether the engine has ever reported an end: without callbacks nothing can be tracked.
    pub(super) callbacks_seen: bool,
    /// What the ears are told of the program's voice, once the engine reports.
    voice: OwnVoice,
}

impl Pending {
    /// An utterance handed to the engine, important or not, that takes at most `length` to say.
    pub(super) fn sent(&mut self, important: bool, length: Duration) {
        let begun_early = self.early_begin.take();
        if let Some(at) = begun_early {
            self.voice.began(at, length);
        }
        if self.early_ends > 0 {
            self.early_ends -= 1;
        } else {
            self.queue.push_back((important, length));
            self.begun += usize::from(begun_early.is_some());
        }
        self.tell();
    }

    /// The engine began the oldest utterance not yet begun: it may sound for its length from now.
    pub(super) fn begun(&mut self) {
        self.callbacks_seen = true;
        let now = Instant::now();
        match self.queue.get(self.begun) {
            Some(&(_, length)) => {
                self.begun += 1;
                self.voice.began(now, length);
            }
            None => self.early_begin = Some(now),
        }
        self.tell();
    }

    /// The engine ended (or stopped) the oldest utterance.
    pub(super) fn ended(&mut self) {
        self.callbacks_seen = true;
        if self.queue.pop_front().is_none() {
            self.early_ends += 1;
        }
        self.begun = self.begun.saturating_sub(1);
        self.tell();
    }

    /// The engine stopped the oldest utterance (cut off by a later one): what it had begun no
    /// longer sounds, unless it has begun another since (news that came late).
    pub(super) fn stopped(&mut self) {
        self.ended();
        if self.begun == 0 {
            self.voice.stopped(Instant::now());
        }
    }

    /// The program's voice as this list tells of it.
    pub(super) fn voice(&self) -> OwnVoice {
        self.voice.clone()
    }

    /// Tells the voice whether anything is left to say: only once the engine has reported, since
    /// without its reports nothing ever leaves the list.
    fn tell(&self) {
        if self.callbacks_seen {
            self.voice.news(!self.queue.is_empty(), Instant::now());
        }
    }

    pub(super) fn important_pending(&self) -> bool {
        self.queue.iter().any(|&(important, _)| important)
    }

    pub(super) fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }
}

pub(super) type Shared = Arc<Mutex<Pending>>;

/// The pending list stays usable even if a callback panicked while holding it.
pub(super) fn lock(pending: &Shared) -> std::sync::MutexGuard<'_, Pending> {
    pending.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_utterance_sounds_for_its_length_from_when_the_engine_begins_it() {
        let mut pending = Pending::default();
        let voice = pending.voice();
        let second = Duration::from_secs(1);
        pending.sent(true, 3 * second);
        pending.sent(false, 5 * second);
        assert_eq!(voice.sounds_until(Instant::now()), None, "nothing told before the engine reports");
        let first = Instant::now();
        pending.begun();
        let until = voice.sounds_until(first).unwrap();
        assert!(until >= first + 3 * second && until < first + 4 * second, "the first, for its three seconds");
        pending.ended();
        pending.begun();
        let until = voice.sounds_until(Instant::now()).unwrap();
        assert!(until >= first + 5 * second, "the second, for its five");
        // A begin reported before its utterance was recorded counts from when it came.
        pending.ended();
        pending.begun();
        pending.sent(false, 9 * second);
        assert!(voice.sounds_until(Instant::now()).unwrap() >= first + 9 * second);
        assert!(pending.is_empty() || pending.begun == 1);
    }

    #[test]
    fn what_the_engine_stopped_no_longer_sounds() {
        let mut pending = Pending::default();
        let voice = pending.voice();
        let minute = Duration::from_secs(60);
        pending.sent(false, minute);
        pending.begun();
        let start = Instant::now();
        assert!(voice.sounds_until(start).unwrap() >= start + minute - Duration::from_secs(1));
        pending.stopped();
        let after = Instant::now();
        assert!(voice.sounds_until(after).unwrap() <= after, "cut off, it sounds no more");
        // The next one sounds for its own length from when it begins.
        pending.sent(true, minute);
        pending.begun();
        assert!(voice.sounds_until(Instant::now()).unwrap() >= after + minute - Duration::from_secs(1));
        // A stop that comes after another utterance has begun does not cut that one off.
        pending.sent(false, minute);
        pending.begun();
        pending.stopped();
        assert!(voice.sounds_until(Instant::now()).unwrap() >= after + minute);
    }
}
