//! Relay at the table: each move recorded on both boards and both scoresheets, relays confirmed or
//! corrected, slips of the tongue (E.2.6), and divergences found from typed moves (E.2.7).

use shakmaty::{CastlingMode, Chess, Color, FromSetup, Move, Position, PositionError};

use super::{announce, repair};
use crate::audio::Cue;
use crate::command::MoveText;
use crate::notation::{self, LetterSet};
use crate::rules::MoveReport;
use crate::session::Session;
use crate::table::Entry;
use crate::wording::Line;
use crate::wording::Words;

/// A move as the scoresheet has it: full notation under the 1953 code, SAN otherwise, in the
/// mover's letters.
pub(crate) fn sheet_notation(s: &Session, before: &Chess, mv: shakmaty::Move, mover: shakmaty::Color) -> String {
    let letters = s.settings.letters(mover);
    match s.settings.ruleset {
        crate::rules::Ruleset::Ussr1953 => notation::full(before, mv, letters),
        _ => notation::san(before, mv, letters),
    }
}

/// After a move is announced: both boards and both scoresheets learn of it.
pub(crate) fn record_on_table(s: &mut Session, before: &Chess, report: &MoveReport) {
    let ply = s.game.ply_count() - 1;
    let written = sheet_notation(s, before, report.mv, report.mover);
    let entry = Entry { written, mv: Some(report.mv), clocks: s.clock.clock().readings(s.now) };
    s.table.moved(ply, report.mv, report.mover, entry, s.settings.relay);
    s.clock.moved(ply);
    s.touched = None;
}

/// A move typed by the receiver of a pending relay confirms it; any move closes the window
/// for correcting the last announcement.
pub(crate) fn before_move(s: &mut Session) {
    if s.table.pending().is_some_and(|p| p.receiver == s.game.position().turn()) {
        s.table.confirm();
    }
    s.table.close_slip();
}

/// `ok`: the relay was executed as announced, or a repair step was done.
pub(crate) fn ok(s: &mut Session) -> Vec<Line> {
    confirm_ok(s, true)
}

/// An empty line or `ok`: the relay was executed as announced, or a repair was done.
pub(crate) fn confirm_ok(s: &mut Session, explicit: bool) -> Vec<Line> {
    if let Some(pending) = s.table.confirm() {
        let name = repair::board_name(s, pending.receiver);
        return vec![s.wording.line("table.confirmed", &[("board", &name)])];
    }
    if let Some(board) = s.table.repairing() {
        return repair::repair_step_done(s, board);
    }
    if explicit {
        vec![s.wording.line("table.nothing_pending", &[])]
    } else {
        Vec::new()
    }
}

/// The position on `color`'s board as the app believes it, with the game's side to move.
fn believed_position(s: &Session, color: Color) -> Option<Chess> {
    let mut setup = s.game.position().to_setup(shakmaty::EnPassantMode::Legal);
    setup.board = s.table.board(color).placement().clone();
    Chess::from_setup(setup, CastlingMode::Standard)
        .or_else(PositionError::ignore_invalid_castling_rights)
        .or_else(PositionError::ignore_invalid_ep_square)
        .ok()
}

/// A move illegal in the game but legal on a board as it is believed to stand: evidence that
/// the board differs from the game, reported with its repair.
pub(crate) fn divergence_lines(s: &mut Session, text: &str, letters: LetterSet) -> Option<Vec<Line>> {
    let mover = s.game.position().turn();
    let pos = believed_position(s, mover)?;
    s.reader.read(text, &pos, letters).ok()?;
    let name = Words::plain(repair::board_name(s, mover));
    let said = s.wording.words("table.divergence", &[("text", s.wording.typed(text)), ("board", name)]);
    let mut lines = vec![s.wording.say(said)];
    lines.extend(repair::repair_lines(s, mover));
    Some(lines)
}

/// A guess, never an instruction: when an illegal move would be legal had the last announced
/// move been executed a little differently (a misheard file or rank), the players are asked
/// whether it was; only `yes` makes the board believed so and asks for its repair.
pub(crate) fn misexecution_question(s: &mut Session, text: &str, letters: LetterSet) -> Vec<Line> {
    let mover = s.game.position().turn();
    let Some(last) = s.game.ply_count().checked_sub(1) else { return Vec::new() };
    let before = s.game.position_before(last).clone();
    let Some(played) = s.game.moves().nth(last) else { return Vec::new() };
    // A plausible wrong execution: the same piece to a square on the announced file or rank
    // (a misheard word), and the typed move goes to where that piece stands or should stand.
    let guess = before.legal_moves().into_iter().filter(|&m| m != played && m.from() == played.from()).find(|&m| {
        let misheard = m.to().file() == played.to().file() || m.to().rank() == played.to().rank();
        let mut alt = before.clone();
        alt.play_unchecked(m);
        misheard
            && s.reader.read(text, &alt, letters).is_ok_and(|typed| typed.to() == m.to() || typed.to() == played.to())
    });
    let Some(executed) = guess else { return Vec::new() };
    let w = &s.wording;
    let args = [
        ("board", Words::plain(repair::board_name(s, mover))),
        ("executed", w.mv(&before, executed, s.settings.letters(before.turn()))),
        ("announced", w.mv(&before, played, s.settings.letters(before.turn()))),
    ];
    let line = s.wording.say(w.words("table.ask_executed", &args));
    vec![s.ask(crate::session::Question::Executed { board: mover, ply: last, executed }, line)]
}

/// The answer to "was it executed so?": yes makes the board believed so and asks for its
/// repair; no keeps it as the game has it.
pub(crate) fn answer_executed(s: &mut Session, yes: bool, board: Color, ply: usize, executed: Move) -> Vec<Line> {
    let name = repair::board_name(s, board);
    if !yes || ply + 1 != s.game.ply_count() {
        return vec![s.wording.line("table.kept", &[("board", &name)])];
    }
    let before = s.game.position_before(ply).clone();
    let mut physical = crate::table::PhysicalBoard::new(before.board().clone());
    physical.execute(executed, before.turn());
    s.table.board_mut(board).set(physical.placement().clone());
    repair::repair_lines(s, board)
}

/// `relay MOVE`: the pending move was repeated and executed as MOVE on the receiving board.
pub(crate) fn relay(s: &mut Session, text: MoveText) -> Vec<Line> {
    let args = text.0.as_str();
    let Some(pending) = s.table.relay_target() else {
        return vec![s.wording.line("table.nothing_to_relay", &[])];
    };
    let before = s.game.position_before(pending.ply).clone();
    let letters = s.settings.letters(pending.receiver);
    match s.reader.read(args, &before, letters) {
        Ok(actual) => relay_move(s, actual),
        Err(e) => announce::read_error_lines(s, args, &before, letters, e),
    }
}

/// The move waiting for its relay was repeated and executed as `actual` on the receiving
/// board: confirmed when it is the move announced, else the divergence and its repair.
pub(crate) fn relay_move(s: &mut Session, actual: Move) -> Vec<Line> {
    let Some(pending) = s.table.relay_target() else {
        return vec![s.wording.line("table.nothing_to_relay", &[])];
    };
    let before = s.game.position_before(pending.ply).clone();
    s.table.relayed(actual);
    let name = repair::board_name(s, pending.receiver);
    if actual == pending.mv {
        return vec![s.wording.line("table.confirmed", &[("board", &name)])];
    }
    let announced = notation::spoken(&before, pending.mv, s.wording.pack(), s.settings.style);
    let executed = notation::spoken(&before, actual, s.wording.pack(), s.settings.style);
    let args = [("announced", announced), ("executed", executed), ("board", name)];
    let mut lines = vec![s.wording.line_of("table.relay_differs", &args)];
    lines.extend(repair::repair_lines(s, pending.receiver));
    lines
}

/// `correct MOVE` (E.2.6): the announcer corrects a slip of the tongue before the opponent's
/// clock counts as started; the clocks go back to the moment of the announcement.
pub(crate) fn correct(s: &mut Session, text: MoveText) -> Vec<Line> {
    let args = text.0.as_str();
    let (_, before) = match slip_window(s) {
        Ok(open) => open,
        Err(refusal) => return refusal,
    };
    let letters = s.settings.letters(before.turn());
    match s.reader.read(args, &before, letters) {
        Ok(mv) => correct_move(s, mv),
        Err(e) => announce::read_error_lines(s, args, &before, letters, e),
    }
}

/// The last half-move and the position before it, while its announcement may still be
/// corrected; else why not.
fn slip_window(s: &Session) -> Result<(usize, Chess), Vec<Line>> {
    let Some(last) = s.game.ply_count().checked_sub(1) else {
        return Err(vec![s.wording.line("table.slip_nothing", &[])]);
    };
    let before = s.game.position_before(last).clone();
    if !s.table.slip_open() || s.game.is_over() {
        let color = s.wording.color(before.turn().other());
        return Err(vec![s.wording.line("table.slip_too_late", &[("color", &color)]).with_cue(Cue::Error)]);
    }
    Ok((last, before))
}

/// The last announcement corrected to `mv`, a move of the position before it (E.2.6).
pub(crate) fn correct_move(s: &mut Session, mv: Move) -> Vec<Line> {
    let (last, before) = match slip_window(s) {
        Ok(open) => open,
        Err(refusal) => return refusal,
    };
    let mover = before.turn();
    let clock = s.clock.after_move(last);
    s.retract_to(last);
    s.table.retrace(last, Some(before.board()));
    let report = match s.game.play(mv) {
        Ok(report) => report,
        Err(e) => return announce::game_error_lines(s, e),
    };
    let words = notation::spoken(&before, mv, s.wording.pack(), s.settings.style);
    let mut lines = vec![s.wording.line("table.slip_corrected", &[("words", &words)])];
    lines.extend(announce::announcement(s, &before, &report));
    if let Some(clock) = clock {
        // The clocks as they stood when the move was first announced; the opponent's runs now.
        s.clock.restore_from(clock, mover, s.now);
    }
    record_on_table(s, &before, &report);
    lines
}
