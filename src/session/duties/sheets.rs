//! Scoresheets read and written (`sheet`), and the arbiter's reconciliation (`reconcile`,
//! E.2.7–E.2.8): agreeing sheets repair the boards, differing sheets take the game back to where
//! they last agree, with the clocks recorded there; an illegal move recorded and taken back (7.4a,
//! 7.5a), with what it costs under the rules in force.

use std::time::Duration;

use shakmaty::{ByColor, Chess, Color, Position};

use super::{announce, clock, repair};
use crate::audio::Cue;
use crate::command::SheetCommand;
use crate::config::Settings;
use crate::notation::MoveReader;
use crate::rules::{Forfeit, Game};
use crate::session::parts::{Arbiter, Timekeeper};
use crate::session::Session;
use crate::table::{Entry, Table};
use crate::wording::{Line, Wording, Words};

/// `sheet [white|black] [from N]` reads a sheet; `sheet white|black N. MOVE …` writes on it.
pub(crate) fn sheet(
    table: &mut Table,
    game: &Game,
    clock: &Timekeeper,
    reader: &MoveReader,
    settings: &Settings,
    w: &Wording,
    asked: SheetCommand,
) -> Vec<Line> {
    let default = settings.blind.unwrap_or(Color::White);
    match asked {
        SheetCommand::Read { color, from } => read_sheet(table, game, settings, w, (color.unwrap_or(default), from)),
        SheetCommand::Write { color, moves } => {
            let written = Written { color: color.unwrap_or(default), moves: &moves, clocks: clock.readings() };
            write_sheet(table, game, reader, settings, w, written)
        }
    }
}

/// How many moves `sheet` reads without a move to read from: its last ten (a minute to hear).
const LAST_MOVES: usize = 10;

fn read_sheet(
    table: &Table,
    game: &Game,
    settings: &Settings,
    w: &Wording,
    (color, from): (Color, Option<usize>),
) -> Vec<Line> {
    let entries = sheet_words(table, game, settings, w, color);
    // A long sheet is read from its last moves; that is said, with how to hear the rest.
    let moves = entries.len().div_ceil(2);
    let mut lines = Vec::new();
    let from = match from {
        Some(from) => from,
        None if moves > LAST_MOVES => {
            let from = moves - LAST_MOVES + 1;
            let args = [("count", LAST_MOVES.to_string()), ("from", from.to_string())];
            lines.push(w.line_of("table.sheet_last", &args));
            from
        }
        None => 1,
    };
    let (mut printed, mut spoken) = (Vec::new(), Vec::new());
    for (ply, entry) in entries.iter().enumerate().skip((from - 1) * 2) {
        let label = ply_label(game, w, ply);
        if !label.printed.ends_with("...") || printed.is_empty() {
            // A whole move (White's half and Black's) is "move 12".
            let number = label.printed.trim_end_matches('.');
            let heading = w.text("ply.whole", &[("number", number)]);
            printed.push(format!("{} {}", label.printed, entry.printed));
            spoken.push(format!("{heading}: {}", entry.spoken));
        } else {
            printed.push(entry.printed.clone());
            if let Some(last) = spoken.last_mut() {
                last.push_str(&format!(", {}", entry.spoken));
            }
        }
    }
    let name = w.color(color);
    if printed.is_empty() && !entries.is_empty() {
        // The sheet holds moves, none from the move asked for.
        let args = [("color", name), ("from", from.to_string()), ("last", entries.len().div_ceil(2).to_string())];
        return vec![w.line_of("table.sheet_not_so_far", &args).with_cue(crate::audio::Cue::Error)];
    }
    if printed.is_empty() {
        return vec![w.line("table.sheet_empty", &[("color", &name)])];
    }
    let moves = Words::new(printed.join(" "), spoken.join("; "));
    lines.push(w.say(w.words("table.sheet", &[("color", name.into()), ("moves", moves)])));
    lines
}

/// Every entry of a sheet in both forms: printed as written, spoken as the pack announces the
/// move it was read as (as written, when it is words; "nothing" for a gap).
fn sheet_words(table: &Table, game: &Game, settings: &Settings, w: &Wording, color: Color) -> Vec<Words> {
    let mut pos: Option<Chess> = Some(game.start().clone());
    let mut out = Vec::new();
    for entry in table.sheet(color).entries() {
        let words = match (entry, pos.as_ref()) {
            (Some(Entry { written, mv: Some(mv), .. }), Some(p)) => {
                Words::new(written.clone(), w.mv(p, *mv, settings.letters(color)).spoken)
            }
            (Some(Entry { written, .. }), _) => match w.written(written, settings.letters(color)) {
                Some(spoken) => Words::new(written.clone(), spoken),
                None => w.typed(written),
            },
            (None, _) => Words::new("…", w.text("table.nothing", &[])),
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
pub(crate) fn ply_label(game: &Game, w: &Wording, ply: usize) -> Words {
    let start = game.start();
    let offset = ply + usize::from(start.turn() == Color::Black);
    let number = start.fullmoves().get() + (offset / 2) as u32;
    let color = if offset.is_multiple_of(2) { Color::White } else { Color::Black };
    w.ply(number, color)
}

/// Entries written on a sheet by hand: whose sheet, the half-moves with what was written, and the
/// clocks now (kept where an entry had none).
struct Written<'a> {
    color: Color,
    moves: &'a [(usize, String)],
    clocks: ByColor<Duration>,
}

fn write_sheet(
    table: &mut Table,
    game: &Game,
    reader: &MoveReader,
    settings: &Settings,
    w: &Wording,
    written: Written<'_>,
) -> Vec<Line> {
    let Written { color, moves, clocks } = written;
    for (ply, text) in moves {
        let clocks = table.sheet(color).entry(*ply).map_or(clocks, |e| e.clocks);
        table.sheet_mut(color).write(*ply, Entry { written: text.clone(), mv: None, clocks });
    }
    let unreadable = resolve_sheet(table, game, reader, settings, color);
    let name = w.color(color);
    let entries = sheet_words(table, game, settings, w, color);
    moves
        .iter()
        .map(|(ply, text)| {
            let key = if unreadable.contains(ply) { "table.sheet_unreadable" } else { "table.sheet_set" };
            let written = entries.get(*ply).cloned().unwrap_or_else(|| w.typed(text));
            let args = [("color", name.clone().into()), ("number", ply_label(game, w, *ply)), ("written", written)];
            w.say(w.words(key, &args))
        })
        .collect()
}

/// Reads every entry of a sheet in the position its earlier entries reach; returns the
/// half-moves that cannot be read as a legal move (they stay as written).
fn resolve_sheet(table: &mut Table, game: &Game, reader: &MoveReader, settings: &Settings, color: Color) -> Vec<usize> {
    let letters = settings.letters(color);
    let mut pos: Option<Chess> = Some(game.start().clone());
    let mut unreadable = Vec::new();
    for ply in 0..table.sheet(color).len() {
        let Some(entry) = table.sheet(color).entry(ply).cloned() else {
            pos = None;
            continue;
        };
        let mv = pos.as_ref().and_then(|p| reader.read(&entry.written, p, letters).ok());
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
        table.sheet_mut(color).write(ply, Entry { mv, ..entry });
    }
    unreadable
}

/// The first half-move where the scoresheets differ; sheets that agree but cannot be read, or
/// that describe another game than the record, count as differing where that begins.
pub(crate) fn sheets_differ_at(table: &Table, game: &Game) -> Option<usize> {
    table.sheets_differ_at().or_else(|| {
        let sheet = table.sheet(Color::White);
        (0..sheet.len()).find(|&ply| sheet.entry(ply).and_then(|e| e.mv) != game.moves().nth(ply))
    })
}

/// `reconcile` (E.2.7, E.2.8), for the arbiter: sheets that agree repair the boards; sheets that
/// differ take the game back to where they last agree.
pub(crate) fn reconcile(s: &mut Session) -> Vec<Line> {
    let Some(ply) = sheets_differ_at(&s.table, &s.game) else {
        return sheets_agree(&mut s.table, &s.game, &s.settings, &s.wording);
    };
    let [differ, rule, taken_back] = retrace_said(&s.table, &s.game, &s.settings, &s.wording, ply);
    let readings = ply.checked_sub(1).and_then(|last| s.table.clocks_at(Color::White, last));
    s.retract_to(ply, None);
    let times =
        readings.unwrap_or_else(|| crate::clock::Clock::new(s.settings.control.clone()).readings(s.clock.now()));
    let to_move = s.game.position().turn();
    let moves = ByColor::new_with(|c| s.game.moves_made(c));
    s.clock.restore(times, moves, to_move);
    let mut lines = vec![differ];
    lines.extend(retraced(&s.game, &s.clock, &s.wording, (ply, times)));
    lines.extend([rule, taken_back]);
    lines.extend(repair::repair_next(&mut s.table, &s.game, &s.settings, &s.wording));
    lines
}

/// The sheets agree with each other: the boards are repaired to them.
fn sheets_agree(table: &mut Table, game: &Game, settings: &Settings, w: &Wording) -> Vec<Line> {
    let moves = table.sheet(Color::White).len();
    let args = [("moves", moves.to_string()), ("half_moves", w.half_moves(moves))];
    let mut lines =
        vec![w.line_of("table.reconcile_agree", &args), Line::printed(w.text("table.report_rule_agree", &[]))];
    let repairs = repair::repair_next(table, game, settings, w);
    if repairs.is_empty() {
        lines.push(w.line("table.reconcile_boards_ok", &[]));
    }
    lines.extend(repairs);
    lines
}

fn written_at(table: &Table, game: &Game, settings: &Settings, w: &Wording, (color, ply): (Color, usize)) -> Words {
    sheet_words(table, game, settings, w, color)
        .get(ply)
        .cloned()
        .unwrap_or_else(|| w.text("table.nothing", &[]).into())
}

/// E.2.8, before the game goes back to its first `ply` half-moves: where the sheets differ, the
/// rule's note for the arbiter, and the moves taken back.
fn retrace_said(table: &Table, game: &Game, settings: &Settings, w: &Wording, ply: usize) -> [Line; 3] {
    let undone = game.ply_count().saturating_sub(ply).to_string();
    [
        w.say(differ_words(table, game, settings, w, ply)),
        Line::printed(w.text("table.report_rule_differ", &[("undone", &undone)])),
        taken_back(game, settings, w, ply),
    ]
}

/// "The scoresheets differ at White's move 2: White's has …, Black's has …".
fn differ_words(table: &Table, game: &Game, settings: &Settings, w: &Wording, ply: usize) -> Words {
    let white = written_at(table, game, settings, w, (Color::White, ply));
    let black = written_at(table, game, settings, w, (Color::Black, ply));
    let args = [("number", ply_label(game, w, ply)), ("white", white), ("black", black)];
    w.words("table.reconcile_differ", &args)
}

/// E.2.8, once the game is back at its first `ply` half-moves: where it stands, and the clocks
/// recorded there (`times`).
fn retraced(game: &Game, clock: &Timekeeper, w: &Wording, (ply, times): (usize, ByColor<Duration>)) -> Vec<Line> {
    let retraced = match ply {
        0 => w.text("table.reconcile_start", &[]).into(),
        _ => w.words("table.reconcile_retrace", &[("number", ply_label(game, w, ply - 1))]),
    };
    let to_move = game.position().turn();
    let mut lines = vec![
        w.say(retraced),
        Line::printed(w.text("table.reconcile_position", &[("fen", &crate::rules::to_fen(game.position()))])),
        w.line("start.to_move", &[("color", &w.color(to_move))]),
    ];
    if clock.is_active() {
        let (white, black) = (w.duration(*times.get(Color::White)), w.duration(*times.get(Color::Black)));
        lines.push(w.line("table.reconcile_clocks", &[("white", &white), ("black", &black)]));
    }
    lines
}

/// "Taken back: Black's move 3, Springer Cesar sechs; move 4, …": the moves from half-move
/// `ply` on, before they are taken back.
pub(crate) fn taken_back(game: &Game, settings: &Settings, w: &Wording, ply: usize) -> Line {
    let moves: Vec<Words> = (ply..game.ply_count())
        .filter_map(|i| {
            let before = game.position_before(i);
            let mv = game.moves().nth(i)?;
            let said = w.mv(before, mv, settings.letters(before.turn()));
            let label = ply_label(game, w, i);
            Some(Words::new(
                format!("{} {}", label.printed, said.printed),
                format!("{}, {}", label.spoken, said.spoken),
            ))
        })
        .collect();
    let join = |f: fn(&Words) -> &str| moves.iter().map(f).collect::<Vec<_>>().join("; ");
    let list = Words::new(join(|m| &m.printed), join(|m| &m.spoken));
    w.say(w.words("table.taken_back", &[("moves", list)]))
}

/// A reconciliation that takes moves back is asked first, after where the sheets differ is said.
pub(crate) fn reconcile_question(table: &Table, game: &Game, settings: &Settings, w: &Wording) -> Option<Words> {
    let ply = sheets_differ_at(table, game).filter(|&p| p < game.ply_count())?;
    let differ = differ_words(table, game, settings, w, ply);
    let question = match ply {
        0 => w.words("confirm.reconcile_start", &[]),
        _ => w.words("confirm.reconcile", &[("number", ply_label(game, w, ply - 1))]),
    };
    Some(Words::new(
        format!("{} {}", differ.printed, question.printed),
        format!("{} {}", differ.spoken, question.spoken),
    ))
}

/// `illegal [COLOR]`: the arbiter records a completed illegal move (7.4, 7.5): the position
/// before the offender's last move is restored on the record and both boards (7.4a, 7.5a) and the
/// offender must move again; time for the opponent, and the loss at the last one the ruleset
/// allows.
pub(crate) fn record_illegal(s: &mut Session, by: Option<Color>) -> Vec<Line> {
    if let Some(outcome) = s.game.outcome() {
        return announce::game_over_lines(&s.wording, outcome);
    }
    let offender = by.unwrap_or(s.game.position().turn().other());
    let cost = illegal_cost(&s.arbiter, &s.clock, &s.settings, offender);
    let count = s.arbiter.record_illegal(offender);
    let w = &s.wording;
    let text = w.text("time.illegal", &[("color", &w.color(offender)), ("count", &count.to_string())]);
    let mut lines = vec![w.say_text(text).with_cue(Cue::Illegal)];
    // The offender's last move, and the reply after it if there was one (7.5.1: the position
    // immediately before the irregularity is reinstated).
    if let Some(ply) = s.game.last_move_of(offender) {
        let taken_back = taken_back(&s.game, &s.settings, &s.wording, ply);
        let undone = s.game.ply_count() - ply;
        s.retract_to(ply, None);
        s.clock.hand_back(offender, undone);
        lines.push(s.wording.line("time.illegal_restored", &[("color", &s.wording.color(offender))]));
        lines.push(taken_back);
        lines.extend(repair::repair_next(&mut s.table, &s.game, &s.settings, &s.wording));
    }
    match cost {
        IllegalCost::Loses => {
            if let Ok(outcome) = s.game.forfeit(offender, Forfeit::IllegalMoves) {
                lines.extend(announce::outcome_lines(&s.game, &s.settings, &s.wording, outcome));
            }
        }
        IllegalCost::Time(penalty) => lines.extend(clock::give(&mut s.clock, &s.wording, offender.other(), penalty)),
        IllegalCost::Counted => {}
    }
    lines
}

/// What an illegal move recorded now costs its player under the rules in force.
enum IllegalCost {
    /// The last one allowed: the game (7.5.5 2014, 7.4b 2008: drawn if the opponent cannot mate).
    Loses,
    /// This time for the opponent (with a clock).
    Time(Duration),
    /// Only that it is counted (no clock, or the 1953 code).
    Counted,
}

/// What an illegal move by `offender` recorded now would cost: decided here once, for the
/// question asked first and for the recording.
fn illegal_cost(arbiter: &Arbiter, clock: &Timekeeper, settings: &Settings, offender: Color) -> IllegalCost {
    let count = arbiter.illegal_moves(offender) + 1;
    let penalty = settings.ruleset.illegal_penalty(clock::is_blitz(clock, settings));
    match () {
        _ if settings.ruleset.losing_illegal_move().is_some_and(|n| count >= n) => IllegalCost::Loses,
        _ if clock.is_active() && !penalty.is_zero() => IllegalCost::Time(penalty),
        _ => IllegalCost::Counted,
    }
}

/// What recording an illegal move by `offender` costs, in words for its question.
fn illegal_cost_words(
    arbiter: &Arbiter,
    clock: &Timekeeper,
    settings: &Settings,
    w: &Wording,
    offender: Color,
) -> Words {
    let (key, time) = match illegal_cost(arbiter, clock, settings, offender) {
        IllegalCost::Loses => ("illegal.cost_loses", String::new()),
        IllegalCost::Time(penalty) => ("illegal.cost_time", w.duration(penalty)),
        IllegalCost::Counted => ("illegal.cost_count", String::new()),
    };
    let args = [
        ("color", w.color(offender)),
        ("opponent", w.color(offender.other())),
        ("count", (arbiter.illegal_moves(offender) + 1).to_string()),
        ("time", time),
    ];
    w.words(key, &args.map(|(k, v)| (k, Words::plain(v))))
}

/// Recording an illegal move gives time away and takes the move back: asked first, naming the
/// move and what else is taken back with it.
pub(crate) fn illegal_question(
    game: &Game,
    arbiter: &Arbiter,
    clock: &Timekeeper,
    settings: &Settings,
    w: &Wording,
    by: Option<Color>,
) -> Option<Words> {
    let offender = by.unwrap_or(game.position().turn().other());
    let color = Words::plain(w.color(offender));
    let cost = illegal_cost_words(arbiter, clock, settings, w, offender);
    let Some(ply) = game.last_move_of(offender) else {
        return Some(w.words("confirm.illegal", &[("color", color), ("cost", cost)]));
    };
    let before = game.position_before(ply);
    let mv = game.moves().nth(ply)?;
    let args =
        [("number", ply_label(game, w, ply)), ("move", w.mv(before, mv, settings.letters(offender))), ("cost", cost)];
    let key = if ply + 1 == game.ply_count() { "confirm.illegal_last" } else { "confirm.illegal_with_reply" };
    Some(w.words(key, &args))
}
