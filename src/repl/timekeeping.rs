//! The session's clock talk: the time control at the start, what the clock does between inputs
//! (marks, warnings, the flag), the press after each move, penalties, and the clock commands
//! (`time`, `pause`, `resume`, `advance`, the arbiter's corrections, `illegal`, `flag`).

use std::time::Duration;

use shakmaty::{Color, Position};

use super::command::TimeOf;
use super::session::Session;
use super::Line;
use crate::audio::Cue;
use crate::clock::ClockMode;
use crate::clock::FlagMode;
use crate::clock::{ClockEvent, Period};
use crate::rules::Forfeit;

impl Session {
    /// A duration in words: "1 hour 12 minutes 5 seconds", never "1:12:05".
    pub(super) fn duration_words(&self, d: Duration) -> String {
        let total = d.as_secs();
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60);
        let unit = |n: u64, one: &str, many: &str| self.tr(if n == 1 { one } else { many }, &[("n", &n.to_string())]);
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

    fn period_words(&self, p: &Period, only: bool) -> String {
        let time = self.duration_words(p.base);
        let mut text = match p.moves {
            Some(moves) => self.tr("time.period_moves", &[("moves", &moves.to_string()), ("time", &time)]),
            None if only => self.tr("time.period_game", &[("time", &time)]),
            None => self.tr("time.period_rest", &[("time", &time)]),
        };
        if !p.increment.is_zero() {
            text.push_str(&self.tr("time.increment", &[("time", &self.duration_words(p.increment))]));
        }
        if !p.delay.is_zero() {
            text.push_str(&self.tr("time.delay", &[("time", &self.duration_words(p.delay))]));
        }
        text
    }

    /// The time control, said at the start of a game.
    pub(super) fn control_lines(&self) -> Vec<Line> {
        let periods = &self.timing.clock.control().periods;
        if periods.is_empty() {
            return Vec::new();
        }
        let mut parts: Vec<String> = periods.iter().map(|p| self.period_words(p, periods.len() == 1)).collect();
        if periods.last().is_some_and(|p| p.moves.is_some()) {
            parts.push(self.tr("time.repeating", &[]));
        }
        let then = self.tr("time.then", &[]);
        vec![self.line("time.control", &[("periods", &parts.join(&then))])]
    }

    /// What the clock did up to now.
    pub(super) fn clock_events(&mut self) -> Vec<Line> {
        if self.game.is_over() || !self.timing.clock.is_active() {
            return Vec::new();
        }
        let events = self.timing.watch.observe(&self.timing.clock, self.now);
        let mut lines = Vec::new();
        for event in events {
            match event {
                ClockEvent::Mark { fifteen, .. } => {
                    let cue = if fifteen { Cue::Tick15 } else { Cue::Tick5 };
                    lines.push(Line { text: String::new(), speech: None, cue: Some(cue) });
                }
                ClockEvent::LowTime { color, left } => {
                    let text =
                        self.tr("time.low", &[("color", &self.color(color)), ("time", &self.duration_words(left))]);
                    lines.push(self.say(text).with_cue(Cue::LowTime));
                }
                ClockEvent::Flag { color } => lines.extend(self.flag_fell(color)),
            }
            if self.game.is_over() {
                break;
            }
        }
        lines
    }

    fn flag_fell(&mut self, color: Color) -> Vec<Line> {
        let mut said = self.line("time.flag", &[("color", &self.color(color))]).with_cue(Cue::Flag);
        if let Some(u) = said.speech.as_mut() {
            u.important = true;
        }
        let mut lines = vec![said];
        match self.settings.flag {
            FlagMode::Adjudicate => lines.extend(self.adjudicate_flags()),
            FlagMode::Claim => {
                let claimant = self.color(color.other());
                lines.push(self.line("time.flag_claim", &[("color", &claimant)]));
            }
        }
        lines
    }

    /// 6.9 for the flags down now: one flag loses (or draws when the opponent cannot mate), two
    /// draw (A.4d, 6.11).
    fn adjudicate_flags(&mut self) -> Vec<Line> {
        let fallen = self.timing.clock.fallen(self.now);
        let outcome = match fallen[..] {
            [] => return vec![self.line("time.no_flag", &[])],
            [color] => self.game.forfeit(color, Forfeit::Time),
            _ => self.game.both_flags(),
        };
        match outcome {
            Ok(outcome) => self.outcome_lines(outcome),
            Err(_) => Vec::new(),
        }
    }

    /// `flag`: the opponent (or the assistant, E.2.9e) claims a fallen flag.
    pub(super) fn claim_flag(&mut self) -> Vec<Line> {
        if let Some(outcome) = self.game.outcome() {
            return self.game_over_lines(outcome);
        }
        if !self.timing.clock.is_active() {
            return vec![self.line("time.no_clock", &[])];
        }
        self.adjudicate_flags()
    }

    /// The mover's clock stops and the opponent's starts (E.2.3: on the announcement).
    pub(super) fn press_clock(&mut self, mover: Color) -> Vec<Line> {
        if self.game.is_over() || self.timing.clock.running() != Some(mover) {
            return Vec::new();
        }
        let Some(press) = self.timing.clock.press(self.now) else { return Vec::new() };
        self.timing.watch.reset(mover, &self.timing.clock, self.now, press.control_reached.is_some());
        // Like the low-time warnings, the control is announced only to whoever hears their clock.
        let listened = *self.settings.watch_settings().warnings.get(mover);
        match press.control_reached.filter(|_| listened) {
            Some(reached) => {
                let args = [
                    ("color", self.color(mover)),
                    ("moves", reached.moves.to_string()),
                    ("time", self.duration_words(reached.added)),
                ];
                let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
                vec![self.line("time.control_reached", &args)]
            }
            None => Vec::new(),
        }
    }

    fn is_blitz(&self) -> bool {
        self.settings.ruleset.is_blitz(self.timing.clock.control().game_minutes())
    }

    /// Time given to `to`, said aloud.
    fn give(&mut self, to: Color, time: Duration) -> Vec<Line> {
        if time.is_zero() || !self.timing.clock.is_active() {
            return Vec::new();
        }
        self.timing.clock.add(to, time, self.now);
        self.timing.watch.reset(to, &self.timing.clock, self.now, true);
        vec![self.line("time.added", &[("color", &self.color(to)), ("time", &self.duration_words(time))])]
    }

    /// 9.5: a wrong claim gives the opponent time.
    pub(super) fn claim_penalty(&mut self, claimant: Color) -> Vec<Line> {
        let penalty = self.settings.ruleset.claim_penalty(self.is_blitz());
        self.give(claimant.other(), penalty)
    }

    /// `illegal [COLOR]`: the arbiter records a completed illegal move (7.4, 7.5): time for the
    /// opponent, and the loss at the last one the ruleset allows.
    pub(super) fn record_illegal(&mut self, by: Option<Color>) -> Vec<Line> {
        if let Some(outcome) = self.game.outcome() {
            return self.game_over_lines(outcome);
        }
        let offender = by.unwrap_or(self.game.position().turn().other());
        let count = self.illegal.get(offender) + 1;
        *self.illegal.get_mut(offender) = count;
        let text = self.tr("time.illegal", &[("color", &self.color(offender)), ("count", &count.to_string())]);
        let mut lines = vec![self.say(text).with_cue(Cue::Illegal)];
        lines.extend(self.restore_before_illegal(offender));
        if self.settings.ruleset.losing_illegal_move().is_some_and(|n| count >= n) {
            if let Ok(outcome) = self.game.forfeit(offender, Forfeit::IllegalMoves) {
                lines.extend(self.outcome_lines(outcome));
            }
            return lines;
        }
        let penalty = self.settings.ruleset.illegal_penalty(self.is_blitz());
        lines.extend(self.give(offender.other(), penalty));
        lines
    }

    fn no_clock(&self) -> Option<Vec<Line>> {
        (!self.timing.clock.is_active()).then(|| vec![self.line("time.no_clock", &[]).with_cue(Cue::Error)])
    }

    pub(super) fn side_time(&self, color: Color) -> String {
        self.side_time_as(color, &self.color(color))
    }

    /// `color`'s time and moves, the side called `name` ("White", "you").
    fn side_time_as(&self, color: Color, name: &str) -> String {
        let args = [
            ("color", name.to_string()),
            ("time", self.duration_words(self.timing.clock.remaining(color, self.now))),
            ("moves", self.timing.clock.moves(color).to_string()),
        ];
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        self.tr("time.side", &args)
    }

    /// `time [me|opponent|white|black]`: the remaining times and moves made (D.2.6.1, E.2.9d).
    pub(super) fn time(&self, of: Option<TimeOf>) -> Vec<Line> {
        let me = self.settings.blind.unwrap_or(self.game.position().turn());
        // Asked by "me" or "opponent", the answer says "you" and "your opponent".
        let who: Vec<(Color, String)> = match of {
            None => vec![(Color::White, self.color(Color::White)), (Color::Black, self.color(Color::Black))],
            Some(TimeOf::Me) => vec![(me, self.tr("time.you", &[]))],
            Some(TimeOf::Opponent) => vec![(me.other(), self.tr("time.your_opponent", &[]))],
            Some(TimeOf::Side(c)) => vec![(c, self.color(c))],
        };
        if !self.timing.clock.is_active() {
            let moves = |c: Color| self.game.moves().enumerate().filter(|(i, _)| self.mover_of(*i) == c).count();
            let text = self.tr(
                "time.none",
                &[("white", &moves(Color::White).to_string()), ("black", &moves(Color::Black).to_string())],
            );
            return vec![self.say(text)];
        }
        let mut text: Vec<String> = who.into_iter().map(|(c, name)| self.side_time_as(c, &name)).collect();
        if self.timing.clock.is_paused() {
            text.push(self.tr("time.is_paused", &[]));
        }
        vec![self.say(text.join(" "))]
    }

    /// The colour that made ply `index` of the game.
    fn mover_of(&self, index: usize) -> Color {
        self.game.position_before(index).turn()
    }

    pub(super) fn pause(&mut self) -> Vec<Line> {
        if let Some(lines) = self.no_clock() {
            return lines;
        }
        self.timing.clock.pause(self.now);
        vec![self.line("time.paused", &[])]
    }

    pub(super) fn resume(&mut self) -> Vec<Line> {
        if let Some(lines) = self.no_clock() {
            return lines;
        }
        self.timing.clock.resume(self.now);
        vec![self.line("time.resumed", &[])]
    }

    /// `advance DURATION`: with the simulated clock, the caller has already moved the time on.
    pub(super) fn advance(&self, by: Duration) -> Vec<Line> {
        if self.settings.clock != ClockMode::Simulated {
            return vec![self.line("time.advance_real", &[]).with_cue(Cue::Error)];
        }
        vec![Self::print(self.tr("time.advanced", &[("time", &self.duration_words(by))]))]
    }

    /// 6.10, 6.13: `set-time COLOR DURATION`.
    pub(super) fn set_time(&mut self, color: Color, time: Duration) -> Vec<Line> {
        if let Some(lines) = self.no_clock() {
            return lines;
        }
        self.timing.clock.set_remaining(color, time, self.now);
        self.timing.watch.reset(color, &self.timing.clock, self.now, true);
        vec![self.line("time.set", &[("color", &self.color(color)), ("time", &self.duration_words(time))])]
    }

    /// 6.13: `set-moves COLOR N`.
    pub(super) fn set_moves(&mut self, color: Color, moves: u32) -> Vec<Line> {
        if let Some(lines) = self.no_clock() {
            return lines;
        }
        self.timing.clock.set_moves(color, moves);
        vec![self.line("time.moves_set", &[("color", &self.color(color)), ("moves", &moves.to_string())])]
    }

    /// 13.5: `add-time COLOR DURATION`.
    pub(super) fn add_time(&mut self, color: Color, time: Duration) -> Vec<Line> {
        match self.no_clock() {
            Some(lines) => lines,
            None => self.give(color, time),
        }
    }
}
