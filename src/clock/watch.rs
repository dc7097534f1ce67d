//! Watching the clock for what a blind player should hear: a cue each time a player's time
//! crosses a multiple of five minutes (a double cue at fifteen: the dots of the tactile dial,
//! E.2.4), low-time warnings at thresholds, once each per period, and the fall of a flag.

use std::time::Duration;

use shakmaty::{ByColor, Color};

use super::chess_clock::Clock;
use super::Timestamp;

const FIVE_MINUTES: u64 = 5 * 60 * 1000;
const FIFTEEN_MINUTES: u64 = 15 * 60 * 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// Something the clock has to say between inputs.
pub enum ClockEvent {
    /// The time came down to a multiple of five minutes (`fifteen`: of fifteen).
    Mark {
        /// Whose time.
        color: Color,
        /// The time left.
        left: Duration,
        /// Whether the mark is a multiple of fifteen minutes.
        fifteen: bool,
    },
    /// The time came down to a warning threshold.
    LowTime {
        /// Whose time.
        color: Color,
        /// The time left.
        left: Duration,
    },
    /// The time ran out.
    Flag {
        /// Whose flag fell.
        color: Color,
    },
}

/// Who hears what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WatchSettings {
    /// Whose clock gives the five- and fifteen-minute cues.
    pub marks: ByColor<bool>,
    /// Whose low-time warnings are spoken.
    pub warnings: ByColor<bool>,
    /// Warning thresholds, any order.
    pub thresholds: Vec<Duration>,
}

#[derive(Debug, Clone)]
/// Watches the clock for marks, warnings and falling flags, each said once.
pub struct Watch {
    settings: WatchSettings,
    /// Each side's time when last observed, in milliseconds.
    last: ByColor<u64>,
    /// Thresholds already warned of in the current period, per side.
    warned: ByColor<Vec<bool>>,
    flagged: ByColor<bool>,
}

fn ms(d: Duration) -> u64 {
    d.as_millis() as u64
}

impl Watch {
    /// A watch over `clock` from `now`.
    pub fn new(settings: WatchSettings, clock: &Clock, now: Timestamp) -> Watch {
        let mut thresholds = settings.thresholds.clone();
        thresholds.sort_unstable_by(|a, b| b.cmp(a));
        thresholds.dedup();
        let settings = WatchSettings { thresholds, ..settings };
        let n = settings.thresholds.len();
        Watch {
            last: ByColor::new_with(|c| ms(clock.remaining(c, now))),
            warned: ByColor::new_with(|_| vec![false; n]),
            flagged: ByColor::new_with(|_| false),
            settings,
        }
    }

    /// The events since the last observation, in the order they happened.
    pub fn observe(&mut self, clock: &Clock, now: Timestamp) -> Vec<ClockEvent> {
        let mut events: Vec<(u64, ClockEvent)> = Vec::new();
        for color in Color::ALL {
            let before = *self.last.get(color);
            let after = ms(clock.remaining(color, now));
            if after < before {
                self.crossings(color, before, after, &mut events);
            }
            if after == 0 && clock.is_active() && !*self.flagged.get(color) {
                *self.flagged.get_mut(color) = true;
                events.push((0, ClockEvent::Flag { color }));
            }
            *self.last.get_mut(color) = after;
        }
        // Higher remaining times came first; the flag, at zero, last.
        events.sort_by_key(|e| std::cmp::Reverse(e.0));
        events.into_iter().map(|(_, e)| e).collect()
    }

    fn crossings(&mut self, color: Color, before: u64, after: u64, events: &mut Vec<(u64, ClockEvent)>) {
        if *self.settings.marks.get(color) {
            // Every multiple of five minutes m with after <= m < before, above zero.
            let mut mark = (before - 1) / FIVE_MINUTES * FIVE_MINUTES;
            while mark >= after && mark > 0 {
                let left = Duration::from_millis(mark);
                events.push((mark, ClockEvent::Mark { color, left, fifteen: mark.is_multiple_of(FIFTEEN_MINUTES) }));
                mark -= FIVE_MINUTES;
            }
        }
        if *self.settings.warnings.get(color) {
            for (i, threshold) in self.settings.thresholds.iter().enumerate() {
                let t = ms(*threshold);
                let warned = &mut self.warned.get_mut(color)[i];
                if after <= t && t < before && !*warned && t > 0 {
                    *warned = true;
                    events.push((t, ClockEvent::LowTime { color, left: *threshold }));
                }
            }
        }
    }

    /// After time was added to `color` (increment, new period, penalty, the arbiter): no cue for
    /// going up; with `rearm`, thresholds above the new time may be warned of again.
    pub fn reset(&mut self, color: Color, clock: &Clock, now: Timestamp, rearm: bool) {
        let now_left = ms(clock.remaining(color, now));
        *self.last.get_mut(color) = now_left;
        if now_left > 0 {
            *self.flagged.get_mut(color) = false;
        }
        if rearm {
            for (i, threshold) in self.settings.thresholds.iter().enumerate() {
                if ms(*threshold) < now_left {
                    self.warned.get_mut(color)[i] = false;
                }
            }
        }
    }

    /// When the next event can happen, if the clock keeps running.
    pub fn next_deadline(&self, clock: &Clock, now: Timestamp) -> Option<Timestamp> {
        let color = clock.running()?;
        let left = ms(clock.remaining(color, now));
        let mut targets = vec![0];
        if *self.settings.marks.get(color) && left > 0 {
            targets.push((left - 1) / FIVE_MINUTES * FIVE_MINUTES);
        }
        if *self.settings.warnings.get(color) {
            let warned = self.warned.get(color);
            targets.extend(
                self.settings
                    .thresholds
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !warned[*i])
                    .map(|(_, t)| ms(*t))
                    .filter(|&t| t < left),
            );
        }
        targets
            .into_iter()
            .filter_map(|t| clock.time_until(color, Duration::from_millis(t), now))
            .min()
            .map(|d| Timestamp(now.0 + ms(d)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(white_only: bool) -> WatchSettings {
        WatchSettings {
            marks: ByColor { white: true, black: !white_only },
            warnings: ByColor { white: true, black: !white_only },
            thresholds: [300, 120, 60, 30, 10].map(Duration::from_secs).to_vec(),
        }
    }

    fn minutes(m: u64) -> Timestamp {
        Timestamp(m * 60_000)
    }

    #[test]
    fn marks_every_five_minutes_double_at_fifteen() {
        let mut clock = Clock::new("G/30".parse().unwrap());
        clock.start(Color::White, Timestamp(0));
        let mut watch = Watch::new(settings(true), &clock, Timestamp(0));
        let events = watch.observe(&clock, minutes(16));
        assert_eq!(
            events,
            vec![
                ClockEvent::Mark { color: Color::White, left: Duration::from_secs(25 * 60), fifteen: false },
                ClockEvent::Mark { color: Color::White, left: Duration::from_secs(20 * 60), fifteen: false },
                ClockEvent::Mark { color: Color::White, left: Duration::from_secs(15 * 60), fifteen: true },
            ]
        );
        assert!(watch.observe(&clock, minutes(16)).is_empty());
    }

    #[test]
    fn only_the_configured_player_hears_marks() {
        let mut clock = Clock::new("G/30".parse().unwrap());
        clock.start(Color::Black, Timestamp(0));
        let mut watch = Watch::new(settings(true), &clock, Timestamp(0));
        assert!(watch.observe(&clock, minutes(20)).is_empty());
    }

    #[test]
    fn warnings_once_each_then_the_flag() {
        let mut clock = Clock::new("G/6".parse().unwrap());
        clock.start(Color::White, Timestamp(0));
        let mut watch =
            Watch::new(WatchSettings { marks: ByColor::new_with(|_| false), ..settings(true) }, &clock, Timestamp(0));
        let events = watch.observe(&clock, minutes(6));
        let kinds: Vec<String> = events.iter().map(|e| format!("{e:?}")).collect();
        assert_eq!(events.len(), 6, "{kinds:?}");
        assert_eq!(events[0], ClockEvent::LowTime { color: Color::White, left: Duration::from_secs(300) });
        assert_eq!(events[4], ClockEvent::LowTime { color: Color::White, left: Duration::from_secs(10) });
        assert_eq!(events[5], ClockEvent::Flag { color: Color::White });
        assert!(watch.observe(&clock, minutes(7)).is_empty());
    }

    #[test]
    fn a_warning_is_not_repeated_after_an_increment_but_is_after_a_new_period() {
        let mut clock = Clock::new("1/6,G/6".parse().unwrap());
        clock.start(Color::White, Timestamp(0));
        let mut watch = Watch::new(settings(true), &clock, Timestamp(0));
        assert_eq!(watch.observe(&clock, Timestamp(61_000)).len(), 2); // 5-minute mark and warning
        clock.press(Timestamp(61_000)).unwrap(); // a new period: 6 minutes added
        watch.reset(Color::White, &clock, Timestamp(61_000), true);
        clock.press(Timestamp(61_000)).unwrap();
        let again = watch.observe(&clock, Timestamp(61_000 + 7 * 60_000 + 1000));
        assert!(again.contains(&ClockEvent::LowTime { color: Color::White, left: Duration::from_secs(300) }));
    }

    #[test]
    fn the_next_deadline_is_the_next_mark() {
        let mut clock = Clock::new("G/30".parse().unwrap());
        clock.start(Color::White, Timestamp(0));
        let watch = Watch::new(settings(true), &clock, Timestamp(0));
        assert_eq!(watch.next_deadline(&clock, Timestamp(1000)), Some(minutes(5)));
    }
}
