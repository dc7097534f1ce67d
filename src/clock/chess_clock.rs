//! The chess clock (Art. 6): both players' times, who is running, the move counters and periods,
//! increment and delay, pause, and the arbiter's corrections. Time comes in as a value; nothing
//! here reads a wall clock.

use std::time::Duration;

use shakmaty::{ByColor, Color};

use super::control::TimeControl;
use super::Timestamp;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Side {
    remaining: u64,
    /// Delay still to use on the current move (delay mode), in milliseconds.
    delay_left: u64,
    /// Periods completed.
    period: usize,
    moves_in_period: u32,
    moves: u32,
    /// Time the clock ran for this side, delays included, in milliseconds.
    used: u64,
}

/// What completing a move did to the mover's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Press {
    /// The side that pressed.
    pub color: Color,
    /// The mover's time after the increment and any new period.
    pub remaining: Duration,
    /// The time control was reached with this move: the next period's time was added.
    pub control_reached: Option<ControlReached>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// A period's move count reached: its time is added (a 40-move control).
pub struct ControlReached {
    /// Moves completed by the player so far.
    pub moves: u32,
    /// Time added for the new period.
    pub added: Duration,
}

#[derive(Debug, Clone, PartialEq, Eq)]
/// The chess clock: both sides' remaining time, moves made, and which one runs.
pub struct Clock {
    control: TimeControl,
    sides: ByColor<Side>,
    running: Option<Color>,
    /// When the running side's time was last accounted.
    since: Timestamp,
    paused: bool,
}

fn ms(d: Duration) -> u64 {
    d.as_millis() as u64
}

impl Clock {
    /// A stopped clock set to `control`.
    pub fn new(control: TimeControl) -> Clock {
        let first = control.period(0).copied();
        let side = Side {
            remaining: first.map_or(0, |p| ms(p.base)),
            delay_left: first.map_or(0, |p| ms(p.delay)),
            ..Side::default()
        };
        Clock { control, sides: ByColor::new_with(|_| side), running: None, since: Timestamp(0), paused: false }
    }

    /// The time control it was set to.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// Whether there is a clock at all.
    pub fn is_active(&self) -> bool {
        !self.control.is_none()
    }

    /// The side whose clock runs (or would run, while paused).
    pub fn running(&self) -> Option<Color> {
        self.running
    }

    /// Whether the arbiter paused it.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// The moves `color` has completed on this clock.
    pub fn moves(&self, color: Color) -> u32 {
        self.sides.get(color).moves
    }

    /// Starts `color`'s clock (6.5: White's, at the start of the game).
    pub fn start(&mut self, color: Color, now: Timestamp) {
        if self.is_active() {
            self.running = Some(color);
            self.since = now;
        }
    }

    /// Charges the running side for the time since it was last accounted, delay first.
    fn account(&mut self, now: Timestamp) {
        let Some(color) = self.running else { return };
        if self.paused {
            return;
        }
        let elapsed = now.0.saturating_sub(self.since.0);
        let side = self.sides.get_mut(color);
        side.used += elapsed;
        let from_delay = elapsed.min(side.delay_left);
        side.delay_left -= from_delay;
        side.remaining = side.remaining.saturating_sub(elapsed - from_delay);
        self.since = Timestamp(now.0.max(self.since.0));
    }

    /// `color`'s time at `now`.
    pub fn remaining(&self, color: Color, now: Timestamp) -> Duration {
        let mut copy = self.clone();
        copy.account(now);
        Duration::from_millis(copy.sides.get(color).remaining)
    }

    /// How long until `color`'s time, running from `now`, comes down to `target`; `None` when
    /// its clock is not running or the time is already there.
    pub fn time_until(&self, color: Color, target: Duration, now: Timestamp) -> Option<Duration> {
        if self.running != Some(color) || self.paused {
            return None;
        }
        let mut copy = self.clone();
        copy.account(now);
        let side = copy.sides.get(color);
        let to_go = side.remaining.checked_sub(ms(target)).filter(|&d| d > 0)?;
        Some(Duration::from_millis(side.delay_left + to_go))
    }

    /// Whose time has run out at `now`.
    pub fn fallen(&self, now: Timestamp) -> Vec<Color> {
        Color::ALL.into_iter().filter(|&c| self.is_active() && self.remaining(c, now).is_zero()).collect()
    }

    /// The running side completes a move (6.7, E.2.3): its clock stops, the increment and any new
    /// period's time are added, and the opponent's clock starts.
    pub fn press(&mut self, now: Timestamp) -> Option<Press> {
        let color = self.running?;
        self.account(now);
        let control = self.control.clone();
        let side = self.sides.get_mut(color);
        let period = *control.period(side.period)?;
        side.moves = side.moves.saturating_add(1);
        side.moves_in_period += 1;
        // A fallen flag is not raised again by the increment.
        if side.remaining > 0 {
            side.remaining += ms(period.increment);
        }
        let mut control_reached = None;
        if period.moves == Some(side.moves_in_period) {
            side.period += 1;
            side.moves_in_period = 0;
            let next = control.period(side.period).copied().unwrap_or(period);
            side.remaining += ms(next.base);
            control_reached = Some(ControlReached { moves: side.moves, added: next.base });
        }
        let remaining = Duration::from_millis(side.remaining);
        let opponent = self.sides.get_mut(color.other());
        opponent.delay_left = control.period(opponent.period).map_or(0, |p| ms(p.delay));
        self.running = Some(color.other());
        self.since = now;
        Some(Press { color, remaining, control_reached })
    }

    /// Stops both clocks for good (the game is over).
    pub fn stop(&mut self, now: Timestamp) {
        self.account(now);
        self.running = None;
    }

    /// 6.12: the arbiter pauses both clocks.
    pub fn pause(&mut self, now: Timestamp) {
        self.account(now);
        self.paused = true;
    }

    /// Starts again after a pause; the side that was running runs.
    pub fn resume(&mut self, now: Timestamp) {
        self.paused = false;
        self.since = now;
    }

    /// 6.10, 6.13: the arbiter sets a player's time.
    pub fn set_remaining(&mut self, color: Color, time: Duration, now: Timestamp) {
        self.account(now);
        self.sides.get_mut(color).remaining = ms(time);
    }

    /// 6.13: the arbiter sets a player's move counter; the period follows the count.
    pub fn set_moves(&mut self, color: Color, moves: u32) {
        let mut period = 0;
        let mut left = moves;
        while let Some(count) = self.control.period(period).and_then(|p| p.moves) {
            if left < count {
                break;
            }
            left -= count;
            period += 1;
        }
        let side = self.sides.get_mut(color);
        side.moves = moves;
        side.period = period;
        side.moves_in_period = left;
    }

    /// Hands the move to `color` without a move being completed (the position before an illegal
    /// move restored, a slip corrected): `color`'s clock runs from `now`.
    pub fn hand_to(&mut self, color: Color, now: Timestamp) {
        if !self.is_active() {
            return;
        }
        self.account(now);
        self.running = Some(color);
        self.since = now;
        let delay = self.control.period(self.sides.get(color).period).map_or(0, |p| ms(p.delay));
        self.sides.get_mut(color).delay_left = delay;
    }

    /// E.2.8: both clocks set to recorded readings and move counters, `to_move`'s running from `now`.
    pub fn restore(&mut self, times: ByColor<Duration>, moves: ByColor<u32>, to_move: Color, now: Timestamp) {
        for color in Color::ALL {
            self.sides.get_mut(color).remaining = ms(*times.get(color));
            self.set_moves(color, *moves.get(color));
        }
        self.paused = false;
        self.running = None;
        self.hand_to(to_move, now);
    }

    /// How long `color`'s clock has run, up to `now`.
    pub fn used(&self, color: Color, now: Timestamp) -> Duration {
        let mut copy = self.clone();
        copy.account(now);
        Duration::from_millis(copy.sides.get(color).used)
    }

    /// Sets how long `color`'s clock has run (from an envelope).
    pub fn set_used(&mut self, color: Color, used: Duration) {
        self.sides.get_mut(color).used = ms(used);
    }

    /// Both players' times at `now`.
    pub fn readings(&self, now: Timestamp) -> ByColor<Duration> {
        ByColor::new_with(|c| self.remaining(c, now))
    }

    /// 13.5 and the penalties of Art. 7 and 9: time added to a player.
    pub fn add(&mut self, color: Color, time: Duration, now: Timestamp) {
        self.account(now);
        self.sides.get_mut(color).remaining += ms(time);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(control: &str) -> Clock {
        let mut c = Clock::new(control.parse().unwrap());
        c.start(Color::White, Timestamp(0));
        c
    }

    fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    fn at(secs: u64) -> Timestamp {
        Timestamp(secs * 1000)
    }

    #[test]
    fn sudden_death_runs_only_for_the_side_to_move() {
        let mut c = clock("G/90");
        assert_eq!(c.remaining(Color::White, at(60)), s(89 * 60));
        assert_eq!(c.remaining(Color::Black, at(60)), s(90 * 60));
        c.press(at(60)).unwrap();
        assert_eq!(c.remaining(Color::White, at(100)), s(89 * 60));
        assert_eq!(c.remaining(Color::Black, at(100)), s(90 * 60 - 40));
        assert_eq!(c.moves(Color::White), 1);
        assert_eq!(c.moves(Color::Black), 0);
    }

    #[test]
    fn increment_after_every_move() {
        let mut c = clock("90+30");
        let press = c.press(at(10)).unwrap();
        assert_eq!(press.remaining, s(90 * 60 - 10 + 30));
    }

    #[test]
    fn delay_inside_and_outside() {
        let mut c = clock("90d5");
        // Inside the delay: the main time does not move.
        c.press(at(3)).unwrap();
        assert_eq!(c.remaining(Color::White, at(3)), s(90 * 60));
        // Black uses 12 seconds: 5 from the delay, 7 from the main time.
        c.press(at(15)).unwrap();
        assert_eq!(c.remaining(Color::Black, at(15)), s(90 * 60 - 7));
        // Saved delay does not carry over: White again has exactly 5 seconds of delay.
        assert_eq!(c.remaining(Color::White, at(20)), s(90 * 60));
        assert_eq!(c.remaining(Color::White, at(21)), s(90 * 60 - 1));
    }

    #[test]
    fn periods_carry_time_over() {
        let mut c = clock("2/10,G/5");
        c.press(at(60)).unwrap(); // White 1 (9 min left)
        c.press(at(61)).unwrap(); // Black 1
        let press = c.press(at(121)).unwrap(); // White 2: control reached
        assert_eq!(press.control_reached, Some(ControlReached { moves: 2, added: s(300) }));
        assert_eq!(press.remaining, s(8 * 60 + 5 * 60));
    }

    #[test]
    fn the_last_counted_period_repeats() {
        let mut c = clock("1/10,1/1");
        c.press(at(0)).unwrap();
        c.press(at(0)).unwrap();
        let second = c.press(at(0)).unwrap();
        assert_eq!(second.control_reached.map(|r| r.added), Some(s(60)));
        assert_eq!(second.remaining, s(600 + 60 + 60));
    }

    #[test]
    fn flag_fall_and_no_increment_after_it() {
        let mut c = clock("1+5");
        assert!(c.fallen(at(59)).is_empty());
        assert_eq!(c.fallen(at(60)), vec![Color::White]);
        let press = c.press(at(70)).unwrap();
        assert_eq!(press.remaining, s(0));
        assert_eq!(c.fallen(at(70)), vec![Color::White]);
    }

    #[test]
    fn pause_and_arbiter_corrections() {
        let mut c = clock("G/10");
        c.pause(at(60));
        assert_eq!(c.remaining(Color::White, at(600)), s(540));
        c.resume(at(600));
        assert_eq!(c.remaining(Color::White, at(660)), s(480));
        c.add(Color::Black, s(120), at(660));
        assert_eq!(c.remaining(Color::Black, at(660)), s(720));
        c.set_remaining(Color::White, s(300), at(660));
        assert_eq!(c.remaining(Color::White, at(670)), s(290));
        c.set_moves(Color::White, 12);
        assert_eq!(c.moves(Color::White), 12);
    }

    #[test]
    fn move_counter_sets_the_period() {
        let mut c = clock("40/90,G/30");
        c.set_moves(Color::White, 39);
        assert_eq!(c.sides.get(Color::White).period, 0);
        let press = c.press(at(1)).unwrap();
        assert!(press.control_reached.is_some());
    }

    #[test]
    fn time_until_counts_the_delay() {
        let c = clock("10d5");
        assert_eq!(c.time_until(Color::White, s(300), at(0)), Some(s(305)));
        assert_eq!(c.time_until(Color::Black, s(300), at(0)), None);
    }

    #[test]
    fn restore_recorded_readings() {
        let mut c = clock("40/90,G/30");
        c.press(at(100)).unwrap();
        let times = ByColor { white: s(3000), black: s(2000) };
        c.restore(times, ByColor { white: 12, black: 11 }, Color::Black, at(200));
        assert_eq!(c.remaining(Color::Black, at(210)), s(1990));
        assert_eq!(c.remaining(Color::White, at(210)), s(3000));
        assert_eq!(c.moves(Color::White), 12);
        assert_eq!(c.running(), Some(Color::Black));
    }

    #[test]
    fn no_control_no_clock() {
        let mut c = clock("none");
        assert_eq!(c.running(), None);
        assert!(c.press(at(5)).is_none());
        assert!(c.fallen(at(5)).is_empty());
    }
}
