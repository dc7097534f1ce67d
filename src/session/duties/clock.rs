//! The clock at the table: the time control at the start, what the clock does between inputs
//! (marks, warnings, the flag), the press after each move, penalties, and the clock commands
//! (`time`, `pause`, `resume`, `advance`, the arbiter's corrections, `illegal`, `flag`,
//! `count-downtime`).

use std::time::Duration;

use shakmaty::{Color, Position};

use super::announce;
use crate::audio::Cue;
use crate::clock::{ClockEvent, ClockMode, FlagMode};
use crate::command::{EveryMoves, Whose};
use crate::rules::Forfeit;
use crate::session::Session;
use crate::wording::Line;

/// `count-downtime`: the time the program was away is taken off the running clock.
pub(crate) fn count_downtime(s: &mut Session) -> Vec<Line> {
    match s.clock.count_downtime(s.now) {
        Some((color, down)) => {
            let args = [("time", s.wording.duration(down)), ("color", s.wording.color(color))];
            vec![s.wording.line_of("resume.counted", &args)]
        }
        None => vec![s.wording.line("resume.nothing", &[])],
    }
}

/// What the clock did up to now.
pub(crate) fn clock_events(s: &mut Session) -> Vec<Line> {
    if s.game.is_over() || !s.clock.clock().is_active() {
        return Vec::new();
    }
    let events = s.clock.events(s.now);
    let warned = |color, left| events.contains(&ClockEvent::LowTime { color, left });
    let mut lines = Vec::new();
    for &event in &events {
        match event {
            // The dial's raised dots as a tick; where no cue sounds, in words (unless the warning
            // at the same time says it).
            ClockEvent::Mark { color, left, fifteen } => match s.settings.cues && !s.cues_unheard {
                true => lines.push(Line::cue_alone(if fifteen { Cue::Tick15 } else { Cue::Tick5 })),
                false if warned(color, left) => {}
                false => {
                    let args = [("color", addressed(s, color)), ("time", s.wording.duration(left))];
                    lines.push(s.wording.line_of("time.low", &args));
                }
            },
            ClockEvent::LowTime { color, left } => {
                let args = [("color", addressed(s, color)), ("time", s.wording.duration(left))];
                lines.push(s.wording.line_of("time.low", &args).with_cue(Cue::LowTime));
            }
            ClockEvent::Flag { color } => lines.extend(flag_fell(s, color)),
        }
        if s.game.is_over() {
            break;
        }
    }
    lines
}

/// The player at the tactile board is spoken to as "you"; the other by colour.
fn addressed(s: &Session, color: Color) -> String {
    match s.settings.blind == Some(color) {
        true => s.wording.text("time.you", &[]),
        false => s.wording.color(color),
    }
}

fn flag_fell(s: &mut Session, color: Color) -> Vec<Line> {
    let said = match s.settings.blind == Some(color) {
        true => s.wording.line("time.your_flag", &[]),
        false => s.wording.line("time.flag", &[("color", &s.wording.color(color))]),
    };
    let said = said.with_cue(Cue::Flag);
    let mut lines = vec![said.important()];
    match s.settings.flag {
        FlagMode::Adjudicate => lines.extend(adjudicate_flags(s)),
        FlagMode::Claim => {
            let claimant = s.wording.color(color.other());
            lines.push(s.wording.line("time.flag_claim", &[("color", &claimant)]));
        }
    }
    lines
}

/// 6.9 for the flags down now: one flag loses (or draws when the opponent cannot mate), two
/// draw (A.4d, 6.11).
fn adjudicate_flags(s: &mut Session) -> Vec<Line> {
    let fallen = s.clock.clock().fallen(s.now);
    let outcome = match fallen[..] {
        [] => return vec![s.wording.line("time.no_flag", &[])],
        [color] => s.game.forfeit(color, Forfeit::Time),
        _ => s.game.both_flags(),
    };
    match outcome {
        Ok(outcome) => announce::outcome_lines(s, outcome),
        Err(_) => Vec::new(),
    }
}

/// `flag`: the opponent (or the assistant, E.2.9e) claims a fallen flag.
pub(crate) fn claim_flag(s: &mut Session) -> Vec<Line> {
    if let Some(outcome) = s.game.outcome() {
        return announce::game_over_lines(s, outcome);
    }
    if !s.clock.clock().is_active() {
        return vec![s.wording.line("time.no_clock", &[])];
    }
    adjudicate_flags(s)
}

/// The mover's clock stops and the opponent's starts (E.2.3: on the announcement).
pub(crate) fn press_clock(s: &mut Session, mover: Color) -> Vec<Line> {
    if s.game.is_over() || s.clock.clock().running() != Some(mover) {
        return Vec::new();
    }
    let Some(press) = s.clock.press(mover, s.now) else { return Vec::new() };
    // Like the low-time warnings, the control is announced only to whoever hears their clock.
    let listened = *s.settings.watch_settings().warnings.get(mover);
    let mut lines = match press.control_reached.filter(|_| listened) {
        Some(reached) => {
            let args = [
                ("color", s.wording.color(mover)),
                ("moves", reached.moves.to_string()),
                ("time", s.wording.duration(reached.added)),
            ];
            vec![s.wording.line_of("time.control_reached", &args)]
        }
        None => Vec::new(),
    };
    lines.extend(said_every(s, mover, listened));
    // A move made while the arbiter has the clocks stopped is played, as on a board, and the
    // clocks stay stopped: whoever moved is told so.
    if s.clock.clock().is_paused() {
        lines.push(s.wording.line("time.still_paused", &[]));
    }
    lines
}

/// The talking clock (E.2.4): after every `time_every`-th move of a player who hears their
/// clock, their time and moves made.
fn said_every(s: &Session, mover: Color, listened: bool) -> Option<Line> {
    let every = s.settings.time_every;
    let moves = s.clock.clock().moves(mover);
    let due = listened && every > 0 && moves > 0 && moves.is_multiple_of(every);
    due.then(|| s.wording.say_text(side_time_as(s, mover, &addressed(s, mover))))
}

/// `time-every [N]`: how often the time is said, or a new how often (0: only when asked).
pub(crate) fn time_every(s: &mut Session, moves: Option<EveryMoves>) -> Vec<Line> {
    if let Some(lines) = no_clock(s) {
        return lines;
    }
    if let Some(EveryMoves(n)) = moves {
        // The parameter is read within 0 to the most.
        s.settings.time_every = u32::try_from(n).unwrap_or_default();
    }
    vec![time_every_line(s)]
}

/// How often the time is said, and to whom.
pub(crate) fn time_every_line(s: &Session) -> Line {
    let every = s.settings.time_every;
    let listeners = s.settings.watch_settings().warnings;
    let heard: Vec<Color> = Color::ALL.into_iter().filter(|c| *listeners.get(*c)).collect();
    let moves = every.to_string();
    let key = match heard[..] {
        _ if every == 0 => "time.every_off",
        [] => "time.every_nobody",
        [one] if s.settings.blind == Some(one) => "time.every_you",
        [Color::White] => "time.every_white",
        [_] => "time.every_black",
        _ => "time.every_both",
    };
    // After each move, it is said as such ("after each of your moves").
    match every {
        1 if key != "time.every_nobody" => s.wording.line(&format!("{key}_one"), &[]),
        _ => s.wording.line(key, &[("moves", &moves)]),
    }
}

pub(crate) fn is_blitz(s: &Session) -> bool {
    s.settings.ruleset.is_blitz(s.clock.clock().control().game_minutes())
}

/// Time given to `to`, said aloud.
pub(crate) fn give(s: &mut Session, to: Color, time: Duration) -> Vec<Line> {
    if time.is_zero() || !s.clock.clock().is_active() {
        return Vec::new();
    }
    s.clock.give(to, time, s.now);
    vec![s.wording.line("time.added", &[("color", &s.wording.color(to)), ("time", &s.wording.duration(time))])]
}

/// 9.5: a wrong claim gives the opponent time.
pub(crate) fn claim_penalty(s: &mut Session, claimant: Color) -> Vec<Line> {
    let penalty = s.settings.ruleset.claim_penalty(is_blitz(s));
    give(s, claimant.other(), penalty)
}

/// Why the clock cannot be stopped, started or corrected: the game is over (its clock no longer
/// counts), or it is played without a clock.
fn no_clock(s: &Session) -> Option<Vec<Line>> {
    if let Some(outcome) = s.game.outcome() {
        return Some(announce::game_over_lines(s, outcome));
    }
    (!s.clock.clock().is_active()).then(|| vec![s.wording.line("time.no_clock", &[]).with_cue(Cue::Error)])
}

pub(crate) fn side_time(s: &Session, color: Color) -> String {
    side_time_as(s, color, &s.wording.color(color))
}

/// `color`'s time and moves, the side called `name` ("White", "you").
fn side_time_as(s: &Session, color: Color, name: &str) -> String {
    let args = [
        ("color", name.to_string()),
        ("time", s.wording.duration(s.clock.clock().remaining(color, s.now))),
        ("moves", s.clock.clock().moves(color).to_string()),
    ];
    let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
    s.wording.text("time.side", &args)
}

/// `time [me|opponent|white|black]`: the remaining times and moves made (D.2.6.1, E.2.9d).
pub(crate) fn time(s: &Session, of: Option<Whose>) -> Vec<Line> {
    let me = s.settings.blind.unwrap_or(s.game.position().turn());
    // Asked by "me" or "opponent", the answer says "you" and "your opponent".
    let who: Vec<(Color, String)> = match of {
        None => vec![(Color::White, s.wording.color(Color::White)), (Color::Black, s.wording.color(Color::Black))],
        Some(Whose::Me) => vec![(me, s.wording.text("time.you", &[]))],
        Some(Whose::Opponent) => vec![(me.other(), s.wording.text("time.your_opponent", &[]))],
        Some(Whose::Side(c)) => vec![(c, s.wording.color(c))],
    };
    if !s.clock.clock().is_active() {
        let moves = |c: Color| s.game.moves().enumerate().filter(|(i, _)| mover_of(s, *i) == c).count();
        let text = s.wording.text(
            "time.none",
            &[("white", &moves(Color::White).to_string()), ("black", &moves(Color::Black).to_string())],
        );
        return vec![s.wording.say_text(text)];
    }
    let mut text: Vec<String> = who.into_iter().map(|(c, name)| side_time_as(s, c, &name)).collect();
    if s.clock.clock().is_paused() {
        text.push(s.wording.text("time.is_paused", &[]));
    }
    vec![s.wording.say_text(text.join(" "))]
}

/// The colour that made ply `index` of the game.
fn mover_of(s: &Session, index: usize) -> Color {
    s.game.position_before(index).turn()
}

pub(crate) fn pause(s: &mut Session) -> Vec<Line> {
    if let Some(lines) = no_clock(s) {
        return lines;
    }
    s.clock.pause(s.now);
    vec![s.wording.line("time.paused", &[])]
}

pub(crate) fn resume(s: &mut Session) -> Vec<Line> {
    if let Some(lines) = no_clock(s) {
        return lines;
    }
    s.clock.resume(s.now);
    vec![s.wording.line("time.resumed", &[])]
}

/// `advance DURATION`: with the simulated clock, the caller has already moved the time on.
pub(crate) fn advance(s: &Session, by: Duration) -> Vec<Line> {
    if s.settings.clock != ClockMode::Simulated {
        return vec![s.wording.line("time.advance_real", &[]).with_cue(Cue::Error)];
    }
    vec![Line::printed(s.wording.text("time.advanced", &[("time", &s.wording.duration(by))]))]
}

/// 6.10, 6.13: `set-time COLOR DURATION`.
pub(crate) fn set_time(s: &mut Session, color: Color, time: Duration) -> Vec<Line> {
    if let Some(lines) = no_clock(s) {
        return lines;
    }
    s.clock.set_remaining(color, time, s.now);
    vec![s.wording.line("time.set", &[("color", &s.wording.color(color)), ("time", &s.wording.duration(time))])]
}

/// 6.13: `set-moves COLOR N`.
pub(crate) fn set_moves(s: &mut Session, color: Color, moves: u32) -> Vec<Line> {
    if let Some(lines) = no_clock(s) {
        return lines;
    }
    s.clock.set_moves(color, moves);
    vec![s.wording.line("time.moves_set", &[("color", &s.wording.color(color)), ("moves", &moves.to_string())])]
}

/// 13.5: `add-time COLOR DURATION`.
pub(crate) fn add_time(s: &mut Session, color: Color, time: Duration) -> Vec<Line> {
    match no_clock(s) {
        Some(lines) => lines,
        None => give(s, color, time),
    }
}
