//! The program's own voice as the speech engine tells of it: whether it still has something to
//! say, when it last fell quiet, and until when what it has begun may sound at the slowest rate
//! (a sound path may play it after the engine is done with it), shared with the ears, so that
//! what the microphone hears of the loudspeakers is not taken for a player's words however late
//! a slow engine speaks.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// At most how long `text` takes to say (a speech engine at its usual rate says 11 to 16 letters
/// a second, numbers and pauses included: 90 ms a letter is its slowest), and a pause after it.
pub fn longest(text: &str) -> Duration {
    Duration::from_millis(text.chars().count() as u64 * 90 + 500)
}

/// How long the engine's word that it still speaks is believed without news (a hand-over, a
/// begin or an end): an engine that stopped reporting must not keep the ears shut.
pub const BELIEVED_FOR: Duration = Duration::from_secs(20);

#[derive(Debug, Default)]
struct Told {
    /// Whether something handed to the engine has not ended.
    sounding: bool,
    /// When the engine last gave news.
    news: Option<Instant>,
    /// When it last fell quiet.
    quiet_since: Option<Instant>,
    /// Until when what it has begun may sound, at the slowest rate.
    begun_until: Option<Instant>,
}

/// What the engine has told of its own voice; a clone is the same voice. Nothing is known until
/// the engine has reported a begin or an end (an engine without such reports tells nothing).
#[derive(Debug, Clone, Default)]
pub struct OwnVoice(Arc<Mutex<Told>>);

impl OwnVoice {
    fn told(&self) -> MutexGuard<'_, Told> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The engine's news at `at`: whether it has anything left to say.
    pub fn news(&self, sounding: bool, at: Instant) {
        let mut told = self.told();
        if told.sounding && !sounding {
            told.quiet_since = Some(at);
        }
        told.sounding = sounding;
        told.news = Some(at);
    }

    /// The engine began at `at` an utterance that takes at most `length` to say: it sounds after
    /// what it began before, where a sound path still plays that (one that plays later than the
    /// engine speaks falls further behind with each utterance queued).
    pub fn began(&self, at: Instant, length: Duration) {
        let mut told = self.told();
        told.begun_until = Some(told.begun_until.map_or(at, |before| before.max(at)) + length);
    }

    /// The engine stopped at `at` what it was saying (a later utterance cut it off): what it had
    /// begun sounds no longer than until then.
    pub fn stopped(&self, at: Instant) {
        let mut told = self.told();
        told.begun_until = told.begun_until.map(|until| until.min(at));
    }

    /// The engine is no longer the program's voice (another speaks for it): nothing is known of
    /// it until it reports again.
    pub fn forget(&self) {
        *self.told() = Told::default();
    }

    /// Until when the program's voice sounds, as the engine has told by `now`: `now` while it
    /// still has something to say (for twenty seconds after its last news), else when it fell
    /// quiet — or, if later, until what it began may sound at the slowest rate; `None` when it
    /// has told nothing.
    pub fn sounds_until(&self, now: Instant) -> Option<Instant> {
        let told = self.told();
        let believed = told.news.is_some_and(|news| now.saturating_duration_since(news) < BELIEVED_FOR);
        let said = if told.sounding && believed { Some(now) } else { told.quiet_since };
        said.max(told.begun_until)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_is_known_before_the_engine_tells() {
        assert_eq!(OwnVoice::default().sounds_until(Instant::now()), None);
    }

    #[test]
    fn while_the_engine_speaks_its_voice_sounds_now_and_afterwards_until_it_fell_quiet() {
        let voice = OwnVoice::default();
        let start = Instant::now();
        voice.news(true, start);
        let later = start + Duration::from_secs(3);
        assert_eq!(voice.sounds_until(later), Some(later));
        let quiet = start + Duration::from_secs(4);
        voice.news(false, quiet);
        assert_eq!(voice.sounds_until(start + Duration::from_secs(9)), Some(quiet));
        // A clone is the same voice.
        let ears = voice.clone();
        voice.news(true, start + Duration::from_secs(10));
        let now = start + Duration::from_secs(11);
        assert_eq!(ears.sounds_until(now), Some(now));
    }

    #[test]
    fn an_engine_that_stops_reporting_does_not_keep_the_ears_shut() {
        let voice = OwnVoice::default();
        let start = Instant::now();
        let quiet = start + Duration::from_secs(1);
        voice.news(true, start);
        voice.news(false, quiet);
        voice.news(true, start + Duration::from_secs(2));
        let long_after = start + Duration::from_secs(2) + BELIEVED_FOR;
        assert_eq!(voice.sounds_until(long_after), Some(quiet), "the last time it was known quiet");
        let silent = OwnVoice::default();
        silent.news(true, start);
        assert_eq!(silent.sounds_until(start + BELIEVED_FOR), None, "never quiet, no longer believed");
    }

    #[test]
    fn what_the_engine_began_sounds_for_its_slowest_length_even_after_the_engine_is_done() {
        let voice = OwnVoice::default();
        let start = Instant::now();
        let length = longest("Springer Felix drei");
        assert_eq!(length, Duration::from_millis(19 * 90 + 500));
        voice.news(true, start);
        voice.began(start, length);
        // A sound path that plays it only after the engine is done: the ears wait for it.
        voice.news(false, start + Duration::from_millis(20));
        assert_eq!(voice.sounds_until(start + Duration::from_secs(1)), Some(start + length));
        // Begun at once after it, the next sounds after it.
        voice.began(start + Duration::from_millis(30), length);
        assert_eq!(voice.sounds_until(start + Duration::from_secs(1)), Some(start + length * 2));
        // An engine slower than that is believed instead.
        voice.news(true, start + Duration::from_secs(2));
        let now = start + Duration::from_secs(6);
        assert_eq!(voice.sounds_until(now), Some(now));
    }
}
