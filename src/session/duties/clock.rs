//! The clock at the table: what the clock does between inputs (marks, warnings, the flag), the
//! press after each move, time given, and the clock commands (`time`, `time-every`, `pause`,
//! `resume`, `advance`, the arbiter's corrections, `flag`, `count-downtime`). Every reading is at
//! the time of the event answered, which the clock part holds.

use std::time::Duration;

use shakmaty::{Color, Position};

use super::announce;
use crate::audio::Cue;
use crate::clock::{ClockEvent, ClockMode, FlagMode};
use crate::command::{EveryMoves, Whose};
use crate::config::{Change, Settings};
use crate::rules::{Forfeit, Game};
use crate::session::parts::{Said, Timekeeper};
use crate::wording::{Line, Wording};

/// `count-downtime`: the time the program was away is taken off the running clock.
pub(crate) fn count_downtime(clock: &mut Timekeeper, w: &Wording) -> Vec<Line> {
    match clock.count_downtime() {
        Some((color, down)) => {
            let args = [("time", w.duration(down)), ("color", w.color(color))];
            vec![w.line_of("resume.counted", &args)]
        }
        None => vec![w.line("resume.nothing", &[])],
    }
}

/// What the clock did up to now: the marks (a tick, or words where no cue is heard), the
/// warnings, and a fallen flag with what it decides.
pub(crate) fn clock_events(
    clock: &mut Timekeeper,
    game: &mut Game,
    settings: &Settings,
    said: &Said,
    w: &Wording,
) -> Vec<Line> {
    if game.is_over() || !clock.is_active() {
        return Vec::new();
    }
    let events = clock.events();
    let warned = |color, left| events.contains(&ClockEvent::LowTime { color, left });
    let mut lines = Vec::new();
    for &event in &events {
        match event {
            // The dial's raised dots as a tick; where no cue sounds, in words (unless the warning
            // at the same time says it).
            ClockEvent::Mark { color, left, fifteen } => match settings.cues && said.cues_heard() {
                true => lines.push(Line::cue_alone(if fifteen { Cue::Tick15 } else { Cue::Tick5 })),
                false if warned(color, left) => {}
                false => {
                    let args = [("color", addressed(settings, w, color)), ("time", w.duration(left))];
                    lines.push(w.line_of("time.low", &args));
                    clock.time_said(color);
                }
            },
            ClockEvent::LowTime { color, left } => {
                let args = [("color", addressed(settings, w, color)), ("time", w.duration(left))];
                lines.push(w.line_of("time.low", &args).with_cue(Cue::LowTime));
                clock.time_said(color);
            }
            ClockEvent::Flag { color } => lines.extend(flag_fell(clock, game, settings, w, color)),
        }
        if game.is_over() {
            break;
        }
    }
    lines
}

/// The player at the tactile board is spoken to as "you"; the other by colour.
fn addressed(settings: &Settings, w: &Wording, color: Color) -> String {
    match settings.blind == Some(color) {
        true => w.text("time.you", &[]),
        false => w.color(color),
    }
}

fn flag_fell(clock: &Timekeeper, game: &mut Game, settings: &Settings, w: &Wording, color: Color) -> Vec<Line> {
    let said = match settings.blind == Some(color) {
        true => w.line("time.your_flag", &[]),
        false => w.line("time.flag", &[("color", &w.color(color))]),
    };
    let mut lines = vec![said.with_cue(Cue::Flag).important()];
    match settings.flag {
        FlagMode::Adjudicate => lines.extend(adjudicate_flags(clock, game, settings, w)),
        FlagMode::Claim => lines.push(w.line("time.flag_claim", &[("color", &w.color(color.other()))])),
    }
    lines
}

/// 6.9 for the flags down now: one flag loses (or draws when the opponent cannot mate), two
/// draw (A.4d, 6.11).
fn adjudicate_flags(clock: &Timekeeper, game: &mut Game, settings: &Settings, w: &Wording) -> Vec<Line> {
    let outcome = match clock.fallen()[..] {
        [] => return vec![w.line("time.no_flag", &[])],
        [color] => game.forfeit(color, Forfeit::Time),
        _ => game.both_flags(),
    };
    match outcome {
        Ok(outcome) => announce::outcome_lines(game, settings, w, outcome),
        Err(_) => Vec::new(),
    }
}

/// `flag`: the opponent (or the assistant, E.2.9e) claims a fallen flag.
pub(crate) fn claim_flag(clock: &Timekeeper, game: &mut Game, settings: &Settings, w: &Wording) -> Vec<Line> {
    if let Some(outcome) = game.outcome() {
        return announce::game_over_lines(w, outcome);
    }
    if !clock.is_active() {
        return vec![w.line("time.no_clock", &[])];
    }
    adjudicate_flags(clock, game, settings, w)
}

/// The mover's clock stops and the opponent's starts (E.2.3: on the announcement): the time
/// control reached and the talking clock, said to whoever hears their clock.
pub(crate) fn press_clock(
    clock: &mut Timekeeper,
    game: &Game,
    settings: &Settings,
    w: &Wording,
    mover: Color,
) -> Vec<Line> {
    if game.is_over() || clock.clock().running() != Some(mover) {
        return Vec::new();
    }
    let Some(press) = clock.press(mover) else { return Vec::new() };
    // Like the low-time warnings, the control is announced only to whoever hears their clock.
    let listened = *settings.watch_settings().warnings.get(mover);
    let mut lines = match press.control_reached.filter(|_| listened) {
        Some(reached) => {
            let args =
                [("color", w.color(mover)), ("moves", reached.moves.to_string()), ("time", w.duration(reached.added))];
            vec![w.line_of("time.control_reached", &args)]
        }
        None => Vec::new(),
    };
    lines.extend(said_every(clock, settings, w, mover).filter(|_| listened));
    // A move made while the arbiter has the clocks stopped is played, as on a board, and the
    // clocks stay stopped: whoever moved is told so.
    if clock.clock().is_paused() {
        lines.push(w.line("time.still_paused", &[]));
    }
    lines
}

/// The talking clock (E.2.4): after every `time_every`-th move of a player, their time and moves
/// made; not when a warning or a mark has just said that player's time.
fn said_every(clock: &Timekeeper, settings: &Settings, w: &Wording, mover: Color) -> Option<Line> {
    let every = settings.time_every;
    let moves = clock.clock().moves(mover);
    let due = every > 0 && moves > 0 && moves.is_multiple_of(every) && !clock.time_said_now(mover);
    due.then(|| w.say_text(side_time_as(clock, w, mover, &addressed(settings, w, mover))))
}

/// `time-every [N]`: how often the time is said, or a new how often (0: only when asked).
pub(crate) fn time_every(
    clock: &Timekeeper,
    game: &Game,
    settings: &mut Settings,
    w: &Wording,
    moves: Option<EveryMoves>,
) -> Vec<Line> {
    if let Some(lines) = no_clock(clock, game, w) {
        return lines;
    }
    if let Some(EveryMoves(n)) = moves {
        // The parameter is read within 0 to the most.
        settings.change(Change::TimeEvery(u32::try_from(n).unwrap_or_default()));
    }
    vec![time_every_line(settings, w)]
}

/// How often the time is said, and to whom.
pub(crate) fn time_every_line(settings: &Settings, w: &Wording) -> Line {
    let every = settings.time_every;
    let listeners = settings.watch_settings().warnings;
    let heard: Vec<Color> = Color::ALL.into_iter().filter(|c| *listeners.get(*c)).collect();
    let key = match heard[..] {
        _ if every == 0 => "time.every_off",
        [] => "time.every_nobody",
        [one] if settings.blind == Some(one) => "time.every_you",
        [Color::White] => "time.every_white",
        [_] => "time.every_black",
        _ => "time.every_both",
    };
    // After each move, it is said as such ("after each of your moves").
    match every {
        1 if key != "time.every_nobody" => w.line(&format!("{key}_one"), &[]),
        _ => w.line(key, &[("moves", &every.to_string())]),
    }
}

/// Whether the game is blitz under the rules in force (for its penalties).
pub(crate) fn is_blitz(clock: &Timekeeper, settings: &Settings) -> bool {
    settings.ruleset.is_blitz(clock.clock().control().game_minutes())
}

/// Time given to `to`, said aloud.
pub(crate) fn give(clock: &mut Timekeeper, w: &Wording, to: Color, time: Duration) -> Vec<Line> {
    if time.is_zero() || !clock.is_active() {
        return Vec::new();
    }
    clock.give(to, time);
    vec![w.line("time.added", &[("color", &w.color(to)), ("time", &w.duration(time))])]
}

/// 9.5: a wrong claim gives the opponent time.
pub(crate) fn claim_penalty(clock: &mut Timekeeper, settings: &Settings, w: &Wording, claimant: Color) -> Vec<Line> {
    let penalty = settings.ruleset.claim_penalty(is_blitz(clock, settings));
    give(clock, w, claimant.other(), penalty)
}

/// Why the clock cannot be stopped, started or corrected: the game is over (its clock no longer
/// counts), or it is played without a clock.
fn no_clock(clock: &Timekeeper, game: &Game, w: &Wording) -> Option<Vec<Line>> {
    if let Some(outcome) = game.outcome() {
        return Some(announce::game_over_lines(w, outcome));
    }
    (!clock.is_active()).then(|| vec![w.line("time.no_clock", &[]).with_cue(Cue::Error)])
}

/// `color`'s time and moves, the side called by its colour.
pub(crate) fn side_time(clock: &Timekeeper, w: &Wording, color: Color) -> String {
    side_time_as(clock, w, color, &w.color(color))
}

/// `color`'s time and moves, the side called `name` ("White", "you").
fn side_time_as(clock: &Timekeeper, w: &Wording, color: Color, name: &str) -> String {
    let time = w.duration(clock.remaining(color));
    let moves = clock.clock().moves(color).to_string();
    w.text("time.side", &[("color", name), ("time", &time), ("moves", &moves)])
}

/// Both sides' times, in one sentence.
pub(crate) fn both_times(clock: &Timekeeper, w: &Wording) -> Line {
    let sides: Vec<String> = Color::ALL.into_iter().map(|c| side_time(clock, w, c)).collect();
    w.say_text(sides.join(" "))
}

/// `time [me|opponent|white|black]`: the remaining times and moves made (D.2.6.1, E.2.9d).
pub(crate) fn time(clock: &Timekeeper, game: &Game, settings: &Settings, w: &Wording, of: Option<Whose>) -> Vec<Line> {
    let me = settings.blind.unwrap_or(game.position().turn());
    // Asked by "me" or "opponent", the answer says "you" and "your opponent".
    let who: Vec<(Color, String)> = match of {
        None => vec![(Color::White, w.color(Color::White)), (Color::Black, w.color(Color::Black))],
        Some(Whose::Me) => vec![(me, w.text("time.you", &[]))],
        Some(Whose::Opponent) => vec![(me.other(), w.text("time.your_opponent", &[]))],
        Some(Whose::Side(c)) => vec![(c, w.color(c))],
    };
    if !clock.is_active() {
        let moves = |c: Color| (0..game.ply_count()).filter(|&i| game.mover_of(i) == c).count().to_string();
        let text = w.text("time.none", &[("white", &moves(Color::White)), ("black", &moves(Color::Black))]);
        return vec![w.say_text(text)];
    }
    let mut text: Vec<String> = who.into_iter().map(|(c, name)| side_time_as(clock, w, c, &name)).collect();
    if clock.clock().is_paused() {
        text.push(w.text("time.is_paused", &[]));
    }
    vec![w.say_text(text.join(" "))]
}

/// `pause`: the arbiter stops the clock.
pub(crate) fn pause(clock: &mut Timekeeper, game: &Game, w: &Wording) -> Vec<Line> {
    if let Some(lines) = no_clock(clock, game, w) {
        return lines;
    }
    clock.pause();
    vec![w.line("time.paused", &[])]
}

/// `resume`: the clock goes on.
pub(crate) fn resume(clock: &mut Timekeeper, game: &Game, w: &Wording) -> Vec<Line> {
    if let Some(lines) = no_clock(clock, game, w) {
        return lines;
    }
    clock.resume();
    vec![w.line("time.resumed", &[])]
}

/// `advance DURATION`: with the simulated clock, the time has already moved on when this is said
/// (the loop moves it before the line is answered).
pub(crate) fn advanced(settings: &Settings, w: &Wording, by: Duration) -> Vec<Line> {
    if settings.clock != ClockMode::Simulated {
        return vec![w.line("time.advance_real", &[]).with_cue(Cue::Error)];
    }
    vec![Line::printed(w.text("time.advanced", &[("time", &w.duration(by))]))]
}

/// 6.10, 6.13: `set-time COLOR DURATION`.
pub(crate) fn set_time(clock: &mut Timekeeper, game: &Game, w: &Wording, color: Color, time: Duration) -> Vec<Line> {
    if let Some(lines) = no_clock(clock, game, w) {
        return lines;
    }
    clock.set_remaining(color, time);
    vec![w.line("time.set", &[("color", &w.color(color)), ("time", &w.duration(time))])]
}

/// More moves than a game of chess can have (the fifty-move rule ends every game by move 6,000).
const MOST_MOVES: u32 = 6000;

/// 6.13: `set-moves COLOR N`: at most `MOST_MOVES`.
pub(crate) fn set_moves(clock: &mut Timekeeper, game: &Game, w: &Wording, color: Color, moves: u32) -> Vec<Line> {
    if let Some(lines) = no_clock(clock, game, w) {
        return lines;
    }
    if moves > MOST_MOVES {
        let args = [("moves", moves.to_string()), ("most", MOST_MOVES.to_string())];
        return vec![w.line_of("time.moves_too_many", &args).with_cue(Cue::Error)];
    }
    clock.set_moves(color, moves);
    vec![w.line("time.moves_set", &[("color", &w.color(color)), ("moves", &moves.to_string())])]
}

/// 13.5: `add-time COLOR DURATION`; no time at all is said to change nothing.
pub(crate) fn add_time(clock: &mut Timekeeper, game: &Game, w: &Wording, color: Color, time: Duration) -> Vec<Line> {
    match no_clock(clock, game, w) {
        Some(lines) => lines,
        None if time.is_zero() => vec![w.line("time.add_nothing", &[("color", &w.color(color))]).with_cue(Cue::Error)],
        None => give(clock, w, color, time),
    }
}
