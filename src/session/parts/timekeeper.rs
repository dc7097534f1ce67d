//! The session's clock: the chess clock and the watch over its marks, warnings and flags, kept in
//! step whenever the clock is changed; the time of the event being answered (set by
//! `Session::apply` alone, so that every reading and every change is at that time); the clock as
//! it stood after each move (for a slip of the tongue, E.2.6); and the time the program was away
//! after a crash, not yet counted.

use std::time::Duration;

use shakmaty::{ByColor, Color};

use crate::clock::{Clock, ClockEvent, Press, TimeControl, Timestamp, Watch, WatchSettings};

/// The clock part of a session.
#[derive(Debug, Clone)]
pub struct Timekeeper {
    clock: Clock,
    watch: Watch,
    after_moves: Vec<Clock>,
    downtime: Option<Duration>,
    /// The time of the event being answered.
    now: Timestamp,
    /// When each player's time was last said unasked (a warning, a mark in words).
    time_said: ByColor<Option<Timestamp>>,
}

impl Timekeeper {
    /// A clock set to `control`, stopped, with `watch` over it from `now`.
    pub fn new(control: TimeControl, watch: WatchSettings, now: Timestamp) -> Timekeeper {
        let clock = Clock::new(control);
        let watch = Watch::new(watch, &clock, now);
        Timekeeper { clock, watch, after_moves: Vec::new(), downtime: None, now, time_said: ByColor::default() }
    }

    /// A fresh clock set to `control` at the time now, running for `to_move` when the game goes
    /// on.
    pub fn restart(&mut self, control: TimeControl, watch: WatchSettings, to_move: Option<Color>) {
        let mut clock = Clock::new(control);
        if let Some(color) = to_move {
            clock.start(color, self.now);
        }
        let watch = Watch::new(watch, &clock, self.now);
        let time_said = ByColor::default();
        *self = Timekeeper { clock, watch, after_moves: Vec::new(), downtime: None, now: self.now, time_said };
    }

    /// The time of the event being answered.
    pub fn now(&self) -> Timestamp {
        self.now
    }

    /// The event being answered happens at `now` (never before the last one).
    pub fn advance_to(&mut self, now: Timestamp) {
        self.now = now.max(self.now);
    }

    /// The session starts, or comes back, at `now`.
    pub fn set_now(&mut self, now: Timestamp) {
        self.now = now;
    }

    /// The chess clock, to read.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Whether the game is played with a clock.
    pub fn is_active(&self) -> bool {
        self.clock.is_active()
    }

    /// The time `color` has left now.
    pub fn remaining(&self, color: Color) -> Duration {
        self.clock.remaining(color, self.now)
    }

    /// The time `color` has used now.
    pub fn used(&self, color: Color) -> Duration {
        self.clock.used(color, self.now)
    }

    /// Both players' times left now.
    pub fn readings(&self) -> ByColor<Duration> {
        self.clock.readings(self.now)
    }

    /// Whose flags are down now.
    pub fn fallen(&self) -> Vec<Color> {
        self.clock.fallen(self.now)
    }

    /// What the clock has to say from its last look up to now: marks, warnings, a fallen flag.
    pub fn events(&mut self) -> Vec<ClockEvent> {
        self.watch.observe(&self.clock, self.now)
    }

    /// `color`'s time was said unasked now (a warning, a mark in words).
    pub fn time_said(&mut self, color: Color) {
        *self.time_said.get_mut(color) = Some(self.now);
    }

    /// Whether `color`'s time was said unasked at the time now: the talking clock need not say
    /// it again.
    pub fn time_said_now(&self, color: Color) -> bool {
        *self.time_said.get(color) == Some(self.now)
    }

    /// When the clock can next have something to say, if it keeps running.
    pub fn next_deadline(&self, now: Timestamp) -> Option<Timestamp> {
        self.watch.next_deadline(&self.clock, now)
    }

    /// The mover presses the clock: the opponent's runs (E.2.3: on the announcement).
    pub fn press(&mut self, mover: Color) -> Option<Press> {
        let press = self.clock.press(self.now)?;
        self.watch.reset(mover, &self.clock, self.now, press.control_reached.is_some());
        Some(press)
    }

    /// The clock of half-move `ply` as it stood right after it was announced: kept.
    pub fn moved(&mut self, ply: usize) {
        self.after_moves.truncate(ply);
        self.after_moves.push(self.clock.clone());
    }

    /// The clock as it stood right after half-move `ply` was announced.
    pub fn after_move(&self, ply: usize) -> Option<Clock> {
        self.after_moves.get(ply).cloned()
    }

    /// Takes the clocks kept per move back to the first `ply` half-moves.
    pub fn retract_to(&mut self, ply: usize) {
        self.after_moves.truncate(ply);
    }

    /// The arbiter stops the clock.
    pub fn pause(&mut self) {
        self.clock.pause(self.now);
    }

    /// The clock goes on.
    pub fn resume(&mut self) {
        self.clock.resume(self.now);
    }

    /// The game is over: the clock stops (when it runs).
    pub fn stop(&mut self) {
        if self.clock.running().is_some() {
            self.clock.stop(self.now);
        }
    }

    /// `time` more for `to` (a penalty's two minutes, the arbiter's): a warning already said in
    /// this period is not said again when the time comes down to it once more.
    pub fn give(&mut self, to: Color, time: Duration) {
        self.clock.add(to, time, self.now);
        self.watch.reset(to, &self.clock, self.now, false);
    }

    /// `color` has `time` left (the arbiter sets the clock): the warnings said in this period
    /// stay said.
    pub fn set_remaining(&mut self, color: Color, time: Duration) {
        self.clock.set_remaining(color, time, self.now);
        self.watch.reset(color, &self.clock, self.now, false);
    }

    /// `color` has made `moves` moves (6.13).
    pub fn set_moves(&mut self, color: Color, moves: u32) {
        self.clock.set_moves(color, moves);
    }

    /// `color` has used `used` in all.
    pub fn set_used(&mut self, color: Color, used: Duration) {
        self.clock.set_used(color, used);
    }

    /// The clock of `color` runs now (the other's stops), as after a move taken back; `undone`
    /// half-moves taken back are taken off the moves made.
    pub fn hand_back(&mut self, color: Color, undone: usize) {
        self.clock.hand_to(color, self.now);
        for (side, count) in [(color, undone.div_ceil(2)), (color.other(), undone / 2)] {
            let moves = self.clock.moves(side).saturating_sub(count as u32);
            self.clock.set_moves(side, moves);
        }
    }

    /// The clocks set to `times` and `moves`, `to_move`'s running (a game taken back to where the
    /// scoresheets agree, the server's readings): a warning already said in this period is not
    /// said again when the time comes down to it once more.
    pub fn restore(&mut self, times: ByColor<Duration>, moves: ByColor<u32>, to_move: Color) {
        self.clock.restore(times, moves, to_move, self.now);
        for color in Color::ALL {
            self.watch.reset(color, &self.clock, self.now, false);
        }
    }

    /// The clocks as `earlier` had them (the moment a move was first announced), the opponent of
    /// `mover` running now.
    pub fn restore_from(&mut self, mut earlier: Clock, mover: Color) {
        earlier.resume(self.now);
        let times = earlier.readings(self.now);
        self.clock.restore(times, ByColor::new_with(|c| earlier.moves(c)), mover.other(), self.now);
    }

    /// The program was away this long; the arbiter may count it.
    pub fn was_away(&mut self, down: Duration) {
        self.downtime = Some(down);
    }

    /// The time the program was away, taken off the running clock: whose, and how much.
    pub fn count_downtime(&mut self) -> Option<(Color, Duration)> {
        let down = self.downtime.take()?;
        let color = self.clock.running()?;
        let left = self.clock.remaining(color, self.now).saturating_sub(down);
        self.clock.set_remaining(color, left, self.now);
        self.watch.reset(color, &self.clock, self.now, false);
        Some((color, down))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn started(control: &str) -> Timekeeper {
        let mut t = Timekeeper::new(
            control.parse().unwrap(),
            crate::config::Settings::default().watch_settings(),
            Timestamp(0),
        );
        t.restart(control.parse().unwrap(), crate::config::Settings::default().watch_settings(), Some(Color::White));
        t
    }

    #[test]
    fn every_reading_and_change_is_at_the_time_of_the_event() {
        let mut t = started("G/10");
        t.advance_to(Timestamp(60_000));
        assert_eq!(t.remaining(Color::White), Duration::from_secs(540));
        // The time never goes back.
        t.advance_to(Timestamp(30_000));
        assert_eq!(t.now(), Timestamp(60_000));
        t.press(Color::White);
        t.advance_to(Timestamp(90_000));
        assert_eq!(t.remaining(Color::Black), Duration::from_secs(570));
        assert_eq!(t.clock().moves(Color::White), 1);
    }

    #[test]
    fn a_move_taken_back_hands_the_clock_back_and_uncounts_the_moves() {
        let mut t = started("G/10");
        for (at, mover) in [(1_000, Color::White), (2_000, Color::Black), (3_000, Color::White)] {
            t.advance_to(Timestamp(at));
            t.press(mover);
        }
        // White's last move and nothing after it: White's clock runs again.
        t.hand_back(Color::White, 1);
        assert_eq!(t.clock().running(), Some(Color::White));
        assert_eq!((t.clock().moves(Color::White), t.clock().moves(Color::Black)), (1, 1));
    }

    #[test]
    fn a_warning_is_said_once_a_period_however_the_clock_is_set_back() {
        let watch = WatchSettings {
            marks: ByColor::new_with(|_| false),
            warnings: ByColor::new_with(|_| true),
            thresholds: vec![Duration::from_secs(300)],
        };
        let mut t = Timekeeper::new("G/10+10".parse().unwrap(), watch.clone(), Timestamp(0));
        t.restart("G/10+10".parse().unwrap(), watch, Some(Color::White));
        let warned = |t: &mut Timekeeper| t.events().iter().any(|e| matches!(e, ClockEvent::LowTime { .. }));
        t.advance_to(Timestamp(301_000));
        assert!(warned(&mut t), "5 minutes left");
        // The increment lifts the time over 5 minutes; it comes down again.
        t.press(Color::White);
        t.press(Color::Black);
        t.advance_to(Timestamp(320_000));
        assert!(!warned(&mut t), "said once in the period");
        // The clocks set back to readings over 5 minutes (where the scoresheets agreed).
        let times = ByColor { white: Duration::from_secs(330), black: Duration::from_secs(600) };
        t.restore(times, ByColor::new_with(|_| 1), Color::White);
        t.advance_to(Timestamp(360_000));
        assert!(!warned(&mut t), "not again after the clocks were set back");
        // Two minutes given for the opponent's wrong claim.
        t.give(Color::White, Duration::from_secs(120));
        t.advance_to(Timestamp(500_000));
        assert!(!warned(&mut t), "not again after time was given");
    }

    #[test]
    fn the_time_away_is_counted_once_against_the_running_clock() {
        let mut t = started("G/10");
        t.was_away(Duration::from_secs(60));
        assert_eq!(t.count_downtime(), Some((Color::White, Duration::from_secs(60))));
        assert_eq!(t.remaining(Color::White), Duration::from_secs(540));
        assert_eq!(t.count_downtime(), None);
    }
}
