//! The session's clock: the chess clock and the watch over its marks, warnings and flags, kept in
//! step whenever the clock is changed; the clock as it stood after each move (for a slip of the
//! tongue, E.2.6); and the time the program was away after a crash, not yet counted.

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
}

impl Timekeeper {
    /// A clock set to `control`, stopped, with `watch` over it from `now`.
    pub fn new(control: TimeControl, watch: WatchSettings, now: Timestamp) -> Timekeeper {
        let clock = Clock::new(control);
        let watch = Watch::new(watch, &clock, now);
        Timekeeper { clock, watch, after_moves: Vec::new(), downtime: None }
    }

    /// A fresh clock set to `control` at `now`, running for `to_move` when the game goes on.
    pub fn started(control: TimeControl, watch: WatchSettings, to_move: Option<Color>, now: Timestamp) -> Timekeeper {
        let mut clock = Clock::new(control);
        if let Some(color) = to_move {
            clock.start(color, now);
        }
        let watch = Watch::new(watch, &clock, now);
        Timekeeper { clock, watch, after_moves: Vec::new(), downtime: None }
    }

    /// The chess clock, to read.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// What the clock has to say from its last look up to `now`: marks, warnings, a fallen flag.
    pub fn events(&mut self, now: Timestamp) -> Vec<ClockEvent> {
        self.watch.observe(&self.clock, now)
    }

    /// When the clock can next have something to say, if it keeps running.
    pub fn next_deadline(&self, now: Timestamp) -> Option<Timestamp> {
        self.watch.next_deadline(&self.clock, now)
    }

    /// The mover presses the clock: the opponent's runs (E.2.3: on the announcement).
    pub fn press(&mut self, mover: Color, now: Timestamp) -> Option<Press> {
        let press = self.clock.press(now)?;
        self.watch.reset(mover, &self.clock, now, press.control_reached.is_some());
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
    pub fn pause(&mut self, now: Timestamp) {
        self.clock.pause(now);
    }

    /// The clock goes on.
    pub fn resume(&mut self, now: Timestamp) {
        self.clock.resume(now);
    }

    /// The game is over: the clock stops.
    pub fn stop(&mut self, now: Timestamp) {
        self.clock.stop(now);
    }

    /// `time` more for `to`; its warnings are armed again.
    pub fn give(&mut self, to: Color, time: Duration, now: Timestamp) {
        self.clock.add(to, time, now);
        self.watch.reset(to, &self.clock, now, true);
    }

    /// `color` has `time` left; its warnings are armed again.
    pub fn set_remaining(&mut self, color: Color, time: Duration, now: Timestamp) {
        self.clock.set_remaining(color, time, now);
        self.watch.reset(color, &self.clock, now, true);
    }

    /// `color` has made `moves` moves (6.13).
    pub fn set_moves(&mut self, color: Color, moves: u32) {
        self.clock.set_moves(color, moves);
    }

    /// `color` has used `used` in all.
    pub fn set_used(&mut self, color: Color, used: Duration) {
        self.clock.set_used(color, used);
    }

    /// The clock of `color` runs now (the other's stops), as after a move taken back.
    pub fn hand_to(&mut self, color: Color, now: Timestamp) {
        self.clock.hand_to(color, now);
    }

    /// The clocks set to `times` and `moves`, `to_move`'s running; every warning armed again.
    pub fn restore(&mut self, times: ByColor<Duration>, moves: ByColor<u32>, to_move: Color, now: Timestamp) {
        self.clock.restore(times, moves, to_move, now);
        for color in Color::ALL {
            self.watch.reset(color, &self.clock, now, true);
        }
    }

    /// The clocks as `earlier` had them (the moment a move was first announced), the opponent of
    /// `mover` running now.
    pub fn restore_from(&mut self, mut earlier: Clock, mover: Color, now: Timestamp) {
        earlier.resume(now);
        let times = earlier.readings(now);
        self.clock.restore(times, ByColor::new_with(|c| earlier.moves(c)), mover.other(), now);
    }

    /// The program was away this long; the arbiter may count it.
    pub fn was_away(&mut self, down: Duration) {
        self.downtime = Some(down);
    }

    /// The time the program was away, taken off the running clock: whose, and how much.
    pub fn count_downtime(&mut self, now: Timestamp) -> Option<(Color, Duration)> {
        let down = self.downtime.take()?;
        let color = self.clock.running()?;
        let left = self.clock.remaining(color, now).saturating_sub(down);
        self.clock.set_remaining(color, left, now);
        self.watch.reset(color, &self.clock, now, false);
        Some((color, down))
    }
}
