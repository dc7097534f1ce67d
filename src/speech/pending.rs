//! What the speech worker and the engines' callbacks share: the utterances handed to the engine
//! and not yet finished, and the scale from the settings' rate to an engine's.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Instant;

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
    queue: VecDeque<bool>,
    /// Ends reported before their utterance was recorded (the callback won the race).
    early_ends: usize,
    /// Whether the engine has ever reported an end: without callbacks nothing can be tracked.
    pub(super) callbacks_seen: bool,
    /// What the ears are told of the program's voice, once the engine reports.
    voice: OwnVoice,
}

impl Pending {
    pub(super) fn sent(&mut self, important: bool) {
        if self.early_ends > 0 {
            self.early_ends -= 1;
        } else {
            self.queue.push_back(important);
        }
        self.tell();
    }

    /// The engine began an utterance.
    pub(super) fn begun(&mut self) {
        self.callbacks_seen = true;
        self.tell();
    }

    /// The engine ended (or stopped) the oldest utterance.
    pub(super) fn ended(&mut self) {
        self.callbacks_seen = true;
        if self.queue.pop_front().is_none() {
            self.early_ends += 1;
        }
        self.tell();
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
        self.queue.iter().any(|&important| important)
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
