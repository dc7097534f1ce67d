//! Scoresheets read and written (`sheet`), and the arbiter's reconciliation (`reconcile`,
//! E.2.7–E.2.8): agreeing sheets repair the boards, differing sheets take the game back to where
//! they last agree, with the clocks recorded there; an illegal move taken back (7.4a, 7.5a).

use shakmaty::{ByColor, Chess, Color, Position};

use super::{announce, clock, repair};
use crate::audio::Cue;
use crate::command::SheetCommand;
use crate::rules::Forfeit;
use crate::session::Session;
use crate::table::Entry;
use crate::wording::Line;
use crate::wording::Words;

/// `sheet [white|black] [from N]` reads a sheet; `sheet white|black N. MOVE …` writes on it.
pub(crate) fn sheet(s: &mut Session, asked: SheetCommand) -> Vec<Line> {
    let default = s.settings.blind.unwrap_or(Color::White);
    match asked {
        SheetCommand::Read { color, from } => read_sheet(s, color.unwrap_or(default), from),
        SheetCommand::Write { color, moves } => write_sheet(s, color.unwrap_or(default), &moves),
    }
}

fn read_sheet(s: &Session, color: Color, from: usize) -> Vec<Line> {
    let entries = sheet_words(s, color);
    let (mut printed, mut spoken) = (Vec::new(), Vec::new());
    for (ply, entry) in entries.iter().enumerate().skip((from - 1) * 2) {
        let label = ply_label(s, ply);
        if !label.printed.ends_with("...") || printed.is_empty() {
            // A whole move (White's half and Black's) is "move 12".
            let number = label.printed.trim_end_matches('.');
            let heading = s.wording.text("ply.whole", &[("number", number)]);
            printed.push(format!("{} {}", label.printed, entry.printed));
            spoken.push(format!("{heading}: {}", entry.spoken));
        } else {
            printed.push(entry.printed.clone());
            if let Some(last) = spoken.last_mut() {
                last.push_str(&format!(", {}", entry.spoken));
            }
        }
    }
    let name = s.wording.color(color);
    if printed.is_empty() {
        return vec![s.wording.line("table.sheet_empty", &[("color", &name)])];
    }
    let moves = Words::new(printed.join(" "), spoken.join("; "));
    vec![s.wording.say(s.wording.words("table.sheet", &[("color", name.into()), ("moves", moves)]))]
}

/// Every entry of a sheet in both forms: printed as written, spoken as the pack announces the
/// move it was read as (as written, when it is words; "nothing" for a gap).
fn sheet_words(s: &Session, color: Color) -> Vec<Words> {
    let w = &s.wording;
    let mut pos: Option<Chess> = Some(s.game.start().clone());
    let mut out = Vec::new();
    for entry in s.table.sheet(color).entries() {
        let words = match (entry, pos.as_ref()) {
            (Some(Entry { written, mv: Some(mv), .. }), Some(p)) => {
                Words::new(written.clone(), w.mv(p, *mv, s.settings.letters(color)).spoken)
            }
            (Some(Entry { written, .. }), _) => match w.written(written, s.settings.letters(color)) {
                Some(spoken) => Words::new(written.clone(), spoken),
                None => s.wording.typed(written),
            },
            (None, _) => Words::new("…", s.wording.text("table.nothing", &[])),
        };
        pos = match (pos, entry.as_ref().and_then(|e| e.mv)) {
            (Some(mut p), Some(m)) => {
                p.play_unchecked(m);
                Some(p)
            }
            _ => None,
        };
        out.push(words);
    }
    out
}

/// A half-move's number: printed `12.` or `12...`, spoken "move 12" or "Black's move 12".
/// Counted from the game's start position, which may have Black to move or a later number.
pub(crate) fn ply_label(s: &Session, ply: usize) -> Words {
    let start = s.game.start();
    let offset = ply + usize::from(start.turn() == Color::Black);
    let number = start.fullmoves().get() + (offset / 2) as u32;
    let color = if offset.is_multiple_of(2) { Color::White } else { Color::Black };
    s.wording.ply(number, color)
}

fn write_sheet(s: &mut Session, color: Color, moves: &[(usize, String)]) -> Vec<Line> {
    let readings = s.clock.clock().readings(s.now);
    for (ply, written) in moves {
        let clocks = s.table.sheet(color).entry(*ply).map_or(readings, |e| e.clocks);
        s.table.sheet_mut(color).write(*ply, Entry { written: written.clone(), mv: None, clocks });
    }
    let unreadable = resolve_sheet(s, color);
    let name = s.wording.color(color);
    let mut lines = Vec::new();
    let entries = sheet_words(s, color);
    for (ply, written) in moves {
        let key = if unreadable.contains(ply) { "table.sheet_unreadable" } else { "table.sheet_set" };
        let written = entries.get(*ply).cloned().unwrap_or_else(|| s.wording.typed(written));
        let args = [("color", name.clone().into()), ("number", ply_label(s, *ply)), ("written", written)];
        lines.push(s.wording.say(s.wording.words(key, &args)));
    }
    lines
}

/// Reads every entry of a sheet in the position its earlier entries reach; returns the
/// half-moves that cannot be read as a legal move (they stay as written).
fn resolve_sheet(s: &mut Session, color: Color) -> Vec<usize> {
    let letters = s.settings.letters(color);
    let mut pos: Option<Chess> = Some(s.game.start().clone());
    let mut unreadable = Vec::new();
    let count = s.table.sheet(color).len();
    for ply in 0..count {
        let Some(entry) = s.table.sheet(color).entry(ply).cloned() else {
            pos = None;
            continue;
        };
        let mv = pos.as_ref().and_then(|p| s.reader.read(&entry.written, p, letters).ok());
        if mv.is_none() {
            unreadable.push(ply);
        }
        pos = match (pos, mv) {
            (Some(mut p), Some(m)) => {
                p.play_unchecked(m);
                Some(p)
            }
            _ => None,
        };
        s.table.sheet_mut(color).write(ply, Entry { mv, ..entry });
    }
    unreadable
}

/// `reconcile` (E.2.7, E.2.8), for the arbiter.
/// The first half-move where the scoresheets differ; sheets that agree but cannot be read, or
/// that describe another game than the record, count as differing where that begins.
pub(crate) fn sheets_differ_at(s: &Session) -> Option<usize> {
    s.table.sheets_differ_at().or_else(|| {
        let sheet = s.table.sheet(Color::White);
        (0..sheet.len()).find(|&ply| sheet.entry(ply).and_then(|e| e.mv) != s.game.moves().nth(ply))
    })
}

pub(crate) fn reconcile(s: &mut Session) -> Vec<Line> {
    let mut lines = Vec::new();
    match sheets_differ_at(s) {
        None => {
            let moves = s.table.sheet(Color::White).len();
            let args = [("moves", moves.to_string()), ("half_moves", s.wording.half_moves(moves))];
            lines.push(s.wording.line_of("table.reconcile_agree", &args));
            lines.push(Line::printed(s.wording.text("table.report_rule_agree", &[])));
            let repairs = repair::repair_next(s);
            if repairs.is_empty() {
                lines.push(s.wording.line("table.reconcile_boards_ok", &[]));
            }
            lines.extend(repairs);
        }
        Some(ply) => lines.extend(retrace_to(s, ply)),
    }
    lines
}

fn written_at(s: &Session, color: Color, ply: usize) -> Words {
    sheet_words(s, color).get(ply).cloned().unwrap_or_else(|| s.wording.text("table.nothing", &[]).into())
}

/// E.2.8: back to the first `ply` half-moves, where the sheets last agree.
fn retrace_to(s: &mut Session, ply: usize) -> Vec<Line> {
    let (white, black) = (written_at(s, Color::White, ply), written_at(s, Color::Black, ply));
    let args = [("number", ply_label(s, ply)), ("white", white), ("black", black)];
    let mut lines = vec![s.wording.say(s.wording.words("table.reconcile_differ", &args))];
    let readings = ply.checked_sub(1).and_then(|last| s.table.clocks_at(Color::White, last));
    let undone = s.game.ply_count().saturating_sub(ply);
    let taken_back = taken_back(s, ply);
    s.retract_to(ply);
    s.table.retrace(ply, None);
    s.touched = None;
    let to_move = s.game.position().turn();
    let times = readings.unwrap_or_else(|| crate::clock::Clock::new(s.settings.control.clone()).readings(s.now));
    let moves = ByColor::new_with(|c| (0..ply).filter(|&i| s.game.position_before(i).turn() == c).count() as u32);
    s.clock.restore(times, moves, to_move, s.now);
    let retraced = if ply == 0 {
        s.wording.text("table.reconcile_start", &[]).into()
    } else {
        s.wording.words("table.reconcile_retrace", &[("number", ply_label(s, ply - 1))])
    };
    lines.push(s.wording.say(retraced));
    lines.push(Line::printed(
        s.wording.text("table.reconcile_position", &[("fen", &crate::rules::to_fen(s.game.position()))]),
    ));
    lines.push(s.wording.line("start.to_move", &[("color", &s.wording.color(to_move))]));
    if s.clock.clock().is_active() {
        let (w, b) = (s.wording.duration(*times.get(Color::White)), s.wording.duration(*times.get(Color::Black)));
        lines.push(s.wording.line("table.reconcile_clocks", &[("white", &w), ("black", &b)]));
    }
    lines.push(Line::printed(s.wording.text("table.report_rule_differ", &[("undone", &undone.to_string())])));
    lines.push(taken_back);
    lines.extend(repair::repair_next(s));
    lines
}

/// `illegal`: the position before the offender's last move is restored on the record and both
/// boards (7.4a, 7.5a); the offender must move again.
pub(crate) fn restore_before_illegal(s: &mut Session, offender: Color) -> Vec<Line> {
    // The offender's last move, and the reply after it if there was one (7.5.1: the position
    // immediately before the irregularity is reinstated).
    let Some(ply) = offenders_last_move(s, offender) else { return Vec::new() };
    let taken_back = taken_back(s, ply);
    let undone = s.game.ply_count() - ply;
    s.retract_to(ply);
    s.table.retrace(ply, None);
    s.clock.hand_to(offender, s.now);
    for (color, count) in [(offender, undone.div_ceil(2)), (offender.other(), undone / 2)] {
        let moves = s.clock.clock().moves(color).saturating_sub(count as u32);
        s.clock.set_moves(color, moves);
    }
    let mut lines = vec![s.wording.line("time.illegal_restored", &[("color", &s.wording.color(offender))]), taken_back];
    lines.extend(repair::repair_next(s));
    lines
}

/// "Taken back: Black's move 3, Springer Cesar sechs; move 4, …": the moves from half-move
/// `ply` on, before they are taken back.
pub(crate) fn taken_back(s: &Session, ply: usize) -> Line {
    let w = &s.wording;
    let moves: Vec<Words> = (ply..s.game.ply_count())
        .filter_map(|i| {
            let before = s.game.position_before(i);
            let mv = s.game.moves().nth(i)?;
            let said = w.mv(before, mv, s.settings.letters(before.turn()));
            let label = ply_label(s, i);
            Some(Words::new(
                format!("{} {}", label.printed, said.printed),
                format!("{}, {}", label.spoken, said.spoken),
            ))
        })
        .collect();
    let join = |f: fn(&Words) -> &str| moves.iter().map(f).collect::<Vec<_>>().join("; ");
    let list = Words::new(join(|m| &m.printed), join(|m| &m.spoken));
    s.wording.say(w.words("table.taken_back", &[("moves", list)]))
}

/// A reconciliation that takes moves back is asked first.
pub(crate) fn reconcile_question(s: &Session) -> Option<Words> {
    let ply = sheets_differ_at(s).filter(|&p| p < s.game.ply_count())?;
    Some(match ply {
        0 => s.wording.words("confirm.reconcile_start", &[]),
        _ => s.wording.words("confirm.reconcile", &[("number", ply_label(s, ply - 1))]),
    })
}

/// `illegal [COLOR]`: the arbiter records a completed illegal move (7.4, 7.5): time for the
/// opponent, and the loss at the last one the ruleset allows.
pub(crate) fn record_illegal(s: &mut Session, by: Option<Color>) -> Vec<Line> {
    if let Some(outcome) = s.game.outcome() {
        return announce::game_over_lines(s, outcome);
    }
    let offender = by.unwrap_or(s.game.position().turn().other());
    let (count, cost) = illegal_cost(s, offender);
    *s.illegal.get_mut(offender) = count;
    let text = s.wording.text("time.illegal", &[("color", &s.wording.color(offender)), ("count", &count.to_string())]);
    let mut lines = vec![s.wording.say_text(text).with_cue(Cue::Illegal)];
    lines.extend(restore_before_illegal(s, offender));
    match cost {
        IllegalCost::Loses => {
            if let Ok(outcome) = s.game.forfeit(offender, Forfeit::IllegalMoves) {
                lines.extend(announce::outcome_lines(s, outcome));
            }
        }
        IllegalCost::Time(penalty) => lines.extend(clock::give(s, offender.other(), penalty)),
        IllegalCost::Counted => {}
    }
    lines
}

/// What an illegal move recorded now costs its player under the rules in force.
enum IllegalCost {
    /// The last one allowed: the game (7.5.5 2014, 7.4b 2008: drawn if the opponent cannot mate).
    Loses,
    /// This time for the opponent (with a clock).
    Time(std::time::Duration),
    /// Only that it is counted (no clock, or the 1953 code).
    Counted,
}

/// The number an illegal move by `offender` recorded now would have, and what it costs: decided
/// here once, for the question asked first and for the recording.
fn illegal_cost(s: &Session, offender: Color) -> (u32, IllegalCost) {
    let count = s.illegal.get(offender) + 1;
    let penalty = s.settings.ruleset.illegal_penalty(clock::is_blitz(s));
    let cost = match () {
        _ if s.settings.ruleset.losing_illegal_move().is_some_and(|n| count >= n) => IllegalCost::Loses,
        _ if s.clock.clock().is_active() && !penalty.is_zero() => IllegalCost::Time(penalty),
        _ => IllegalCost::Counted,
    };
    (count, cost)
}

/// What recording an illegal move by `offender` costs, in words for its question.
fn illegal_cost_words(s: &Session, offender: Color) -> Words {
    let w = &s.wording;
    let (count, cost) = illegal_cost(s, offender);
    let (key, time) = match cost {
        IllegalCost::Loses => ("illegal.cost_loses", String::new()),
        IllegalCost::Time(penalty) => ("illegal.cost_time", w.duration(penalty)),
        IllegalCost::Counted => ("illegal.cost_count", String::new()),
    };
    let args = [
        ("color", w.color(offender)),
        ("opponent", w.color(offender.other())),
        ("count", count.to_string()),
        ("time", time),
    ];
    w.words(key, &args.map(|(k, v)| (k, Words::plain(v))))
}

/// The half-move of `offender`'s last move, if it has made one.
fn offenders_last_move(s: &Session, offender: Color) -> Option<usize> {
    (0..s.game.ply_count()).rev().find(|&ply| s.game.position_before(ply).turn() == offender)
}

/// Recording an illegal move gives time away and takes the move back: asked first, naming the
/// move and what else is taken back with it.
pub(crate) fn illegal_question(s: &Session, by: &Option<Color>) -> Option<Words> {
    let offender = by.unwrap_or(s.game.position().turn().other());
    let color = Words::plain(s.wording.color(offender));
    let cost = illegal_cost_words(s, offender);
    let Some(ply) = offenders_last_move(s, offender) else {
        return Some(s.wording.words("confirm.illegal", &[("color", color), ("cost", cost)]));
    };
    let before = s.game.position_before(ply);
    let mv = s.game.moves().nth(ply)?;
    let args = [
        ("number", ply_label(s, ply)),
        ("move", s.wording.mv(before, mv, s.settings.letters(offender))),
        ("cost", cost),
    ];
    let key = if ply + 1 == s.game.ply_count() { "confirm.illegal_last" } else { "confirm.illegal_with_reply" };
    Some(s.wording.words(key, &args))
}
