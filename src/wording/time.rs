//! Time in words: a duration as "1 hour 12 minutes 5 seconds" (never "1:12:05"), and a time
//! control period by period.

use std::time::Duration;

use super::{Line, Wording};
use crate::clock::{Period, TimeControl};

impl Wording {
    /// A duration in words: "1 hour 12 minutes 5 seconds".
    pub fn duration(&self, d: Duration) -> String {
        let total = d.as_secs();
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60);
        let unit = |n: u64, one: &str, many: &str| self.text(if n == 1 { one } else { many }, &[("n", &n.to_string())]);
        let mut parts = Vec::new();
        if h > 0 {
            parts.push(unit(h, "time.hour", "time.hours"));
        }
        if m > 0 {
            parts.push(unit(m, "time.minute", "time.minutes"));
        }
        if s > 0 || parts.is_empty() {
            parts.push(unit(s, "time.second", "time.seconds"));
        }
        parts.join(" ")
    }

    fn period(&self, p: &Period, only: bool) -> String {
        let time = self.duration(p.base);
        let mut text = match p.moves {
            Some(moves) => self.text("time.period_moves", &[("moves", &moves.to_string()), ("time", &time)]),
            None if only => self.text("time.period_game", &[("time", &time)]),
            None => self.text("time.period_rest", &[("time", &time)]),
        };
        if !p.increment.is_zero() {
            text.push_str(&self.text("time.increment", &[("time", &self.duration(p.increment))]));
        }
        if !p.delay.is_zero() {
            text.push_str(&self.text("time.delay", &[("time", &self.duration(p.delay))]));
        }
        text
    }

    /// The time control, said at the start of a game (nothing when there is none).
    pub fn time_control(&self, control: &TimeControl) -> Option<Line> {
        let periods = &control.periods;
        if periods.is_empty() {
            return None;
        }
        let mut parts: Vec<String> = periods.iter().map(|p| self.period(p, periods.len() == 1)).collect();
        if periods.last().is_some_and(|p| p.moves.is_some()) {
            parts.push(self.text("time.repeating", &[]));
        }
        let then = self.text("time.then", &[]);
        Some(self.line("time.control", &[("periods", &parts.join(&then))]))
    }
}
