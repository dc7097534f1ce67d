//! Relay at the table: each move recorded on both boards and both scoresheets, relays confirmed or
//! corrected, slips of the tongue (E.2.6), and divergences found from typed moves (E.2.7).

use shakmaty::{CastlingMode, Chess, Color, FromSetup, Move, Position, PositionError};

use super::{announce, repair};
use crate::audio::Cue;
use crate::config::Settings;
use crate::notation::{self, MoveReader, TypedMove};
use crate::rules::{Game, MoveReport};
use crate::session::parts::{Arbiter, Question, Timekeeper};
use crate::session::Session;
use crate::table::{Entry, Table};
use crate::wording::{Line, Wording, Words};

/// A move as the scoresheet has it: full notation under the 1953 code, SAN otherwise, in the
/// mover's letters.
pub(crate) fn sheet_notation(settings: &Settings, before: &Chess, mv: Move, mover: Color) -> String {
    let letters = settings.letters(mover);
    match settings.ruleset {
        crate::rules::Ruleset::Ussr1953 => notation::full(before, mv, letters),
        _ => notation::san(before, mv, letters),
    }
}

/// After half-move `ply` is announced: both boards and both scoresheets learn of it, with the
/// clocks as they stand; the clock is kept as it stood, and no piece is touched any more.
pub(crate) fn record_on_table(
    table: &mut Table,
    clock: &mut Timekeeper,
    arbiter: &mut Arbiter,
    settings: &Settings,
    (ply, before): (usize, &Chess),
    report: &MoveReport,
) {
    let written = sheet_notation(settings, before, report.mv, report.mover);
    let entry = Entry { written, mv: Some(report.mv), clocks: clock.readings() };
    table.moved(ply, report.mv, report.mover, entry, settings.relay);
    clock.moved(ply);
    arbiter.moved();
}

/// A move typed by the receiver of a pending relay confirms it; any move closes the window
/// for correcting the last announcement.
pub(crate) fn before_move(table: &mut Table, game: &Game) {
    if table.pending().is_some_and(|p| p.receiver == game.position().turn()) {
        table.confirm();
    }
    table.close_slip();
}

/// An empty line or `ok`: the relay was executed as announced, or a repair step was done;
/// `explicit` when `ok` was said (an empty line with nothing waiting says nothing).
pub(crate) fn confirm_ok(
    table: &mut Table,
    game: &Game,
    settings: &Settings,
    w: &Wording,
    explicit: bool,
) -> Vec<Line> {
    if let Some(pending) = table.confirm() {
        let name = repair::board_name(table, w, pending.receiver);
        return vec![w.line("table.confirmed", &[("board", &name)])];
    }
    if let Some(board) = table.repairing() {
        return repair::repair_step_done(table, game, settings, w, board);
    }
    if explicit {
        vec![w.line("table.nothing_pending", &[])]
    } else {
        Vec::new()
    }
}

/// The position on `color`'s board as the app believes it, with the game's side to move.
fn believed_position(game: &Game, table: &Table, color: Color) -> Option<Chess> {
    let mut setup = game.position().to_setup(shakmaty::EnPassantMode::Legal);
    setup.board = table.board(color).placement().clone();
    Chess::from_setup(setup, CastlingMode::Standard)
        .or_else(PositionError::ignore_invalid_castling_rights)
        .or_else(PositionError::ignore_invalid_ep_square)
        .ok()
}

/// A move illegal in the game but legal on a board as it is believed to stand: evidence that
/// the board differs from the game, reported with its repair.
pub(crate) fn divergence_lines(
    table: &mut Table,
    game: &Game,
    typed: &TypedMove,
    w: &Wording,
    text: &str,
) -> Option<Vec<Line>> {
    let mover = game.position().turn();
    let pos = believed_position(game, table, mover)?;
    typed.to_move(&pos).ok()?;
    let name = Words::plain(repair::board_name(table, w, mover));
    let said = w.words("table.divergence", &[("text", w.typed(text)), ("board", name)]);
    let mut lines = vec![w.say(said)];
    lines.extend(repair::repair_lines(table, game, w, mover));
    Some(lines)
}

/// A guess, never an instruction: when an illegal move would be legal had the last announced
/// move been executed a little differently (a misheard file or rank), the question whether it
/// was, for the players; only `yes` makes the board believed so and asks for its repair.
pub(crate) fn misexecution_question(
    game: &Game,
    table: &Table,
    typed: &TypedMove,
    settings: &Settings,
    w: &Wording,
) -> Option<(Question, Line)> {
    let mover = game.position().turn();
    let last = game.ply_count().checked_sub(1)?;
    let before = game.position_before(last);
    let played = game.moves().nth(last)?;
    // A plausible wrong execution: the same piece to a square on the announced file or rank
    // (a misheard word), and the typed move goes to where that piece stands or should stand.
    let executed =
        before.legal_moves().into_iter().filter(|&m| m != played && m.from() == played.from()).find(|&m| {
            let misheard = m.to().file() == played.to().file() || m.to().rank() == played.to().rank();
            let mut alt = before.clone();
            alt.play_unchecked(m);
            misheard && typed.to_move(&alt).is_ok_and(|typed| typed.to() == m.to() || typed.to() == played.to())
        })?;
    let letters = settings.letters(before.turn());
    let args = [
        ("board", Words::plain(repair::board_name(table, w, mover))),
        ("executed", w.mv(before, executed, letters)),
        ("announced", w.mv(before, played, letters)),
    ];
    let line = w.say(w.words("table.ask_executed", &args));
    Some((Question::Executed { board: mover, ply: last, executed }, line))
}

/// The answer to "was it executed so?": yes makes the board believed so and asks for its
/// repair; no keeps it as the game has it.
pub(crate) fn answer_executed(
    table: &mut Table,
    game: &Game,
    w: &Wording,
    yes: bool,
    (board, ply, executed): (Color, usize, Move),
) -> Vec<Line> {
    let name = repair::board_name(table, w, board);
    if !yes || ply + 1 != game.ply_count() {
        return vec![w.line("table.kept", &[("board", &name)])];
    }
    let before = game.position_before(ply);
    let mut physical = crate::table::PhysicalBoard::new(before.board().clone());
    physical.execute(executed, before.turn());
    table.board_mut(board).set(physical.placement().clone());
    repair::repair_lines(table, game, w, board)
}

/// `relay MOVE`: the pending move was repeated and executed as MOVE on the receiving board.
pub(crate) fn relay(
    table: &mut Table,
    game: &Game,
    reader: &MoveReader,
    settings: &Settings,
    w: &Wording,
    text: &str,
) -> Vec<Line> {
    let Some(pending) = table.relay_target() else {
        return vec![w.line("table.nothing_to_relay", &[])];
    };
    let before = game.position_before(pending.ply);
    let letters = settings.letters(pending.receiver);
    match reader.read(text, before, letters) {
        Ok(actual) => relay_move(table, game, settings, w, actual),
        Err(e) => announce::read_error_lines(w, reader, settings, (text, before, letters), e),
    }
}

/// The move waiting for its relay was repeated and executed as `actual` on the receiving
/// board: confirmed when it is the move announced, else the divergence and its repair.
pub(crate) fn relay_move(table: &mut Table, game: &Game, settings: &Settings, w: &Wording, actual: Move) -> Vec<Line> {
    let Some(pending) = table.relay_target() else {
        return vec![w.line("table.nothing_to_relay", &[])];
    };
    let before = game.position_before(pending.ply);
    table.relayed(actual);
    let name = repair::board_name(table, w, pending.receiver);
    if actual == pending.mv {
        return vec![w.line("table.confirmed", &[("board", &name)])];
    }
    let announced = notation::spoken(before, pending.mv, w.pack(), settings.style);
    let executed = notation::spoken(before, actual, w.pack(), settings.style);
    let args = [("announced", announced), ("executed", executed), ("board", name)];
    let mut lines = vec![w.line_of("table.relay_differs", &args)];
    lines.extend(repair::repair_lines(table, game, w, pending.receiver));
    lines
}

/// The last half-move and the position before it, while its announcement may still be
/// corrected; else why not.
pub(crate) fn slip_window(game: &Game, table: &Table, w: &Wording) -> Result<(usize, Chess), Vec<Line>> {
    let Some(last) = game.ply_count().checked_sub(1) else {
        return Err(vec![w.line("table.slip_nothing", &[])]);
    };
    let before = game.position_before(last).clone();
    if !table.slip_open() || game.is_over() {
        let color = w.color(before.turn().other());
        return Err(vec![w.line("table.slip_too_late", &[("color", &color)]).with_cue(Cue::Error)]);
    }
    Ok((last, before))
}

/// `correct MOVE` (E.2.6): the announcer corrects a slip of the tongue before the opponent's
/// clock counts as started; the clocks go back to the moment of the announcement.
pub(crate) fn correct(s: &mut Session, text: &str) -> Vec<Line> {
    let (_, before) = match slip_window(&s.game, &s.table, &s.wording) {
        Ok(open) => open,
        Err(refusal) => return refusal,
    };
    let letters = s.settings.letters(before.turn());
    match s.reader.read(text, &before, letters) {
        Ok(mv) => s.correct_to(mv),
        Err(e) => announce::read_error_lines(&s.wording, &s.reader, &s.settings, (text, &before, letters), e),
    }
}
