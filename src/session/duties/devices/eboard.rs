//! The electronic board at the table: the sighted board read, not believed. A move made on it is
//! played as if it had been typed; the blind player's announced move executed there confirms the
//! relay by itself; a placement that stays neither is a divergence, said square by square in the
//! announcement words with its repair, and cleared when the board is right again.

use shakmaty::{Bitboard, Board, Chess, Color, Piece, Position, Rank, Square};

use super::super::{clock, moves, relay, repair};
use crate::audio::Cue;
use crate::clock::Timestamp;
use crate::eboard::{differences, BoardMessage, BoardReport, Observed, Observer, PortProblem};
use crate::session::Response;
use crate::session::Session;
use crate::wording::Line;
use crate::wording::Words;

/// What the electronic board's line reported, at `now`.
pub(crate) fn board_news(s: &mut Session, report: BoardReport, now: Timestamp) -> Response {
    s.now = now.max(s.now);
    let mut lines = clock::clock_events(s);
    lines.extend(match report {
        BoardReport::Connected => board_connected(s),
        BoardReport::Lost => board_lost(s),
        BoardReport::Unavailable(problem) => vec![port_problem(s, problem)],
        BoardReport::Garbled => vec![s.wording.line("eboard.garbled", &[]).with_cue(Cue::Error)],
        BoardReport::Silent => {
            s.eboard.silence();
            vec![s.wording.line("eboard.silent", &[]).with_cue(Cue::Error)]
        }
        BoardReport::Settled => board_settled(s, now),
        BoardReport::Message(BoardMessage::Dump(placed)) => board_dump(s, placed.into_iter().collect(), now),
        BoardReport::Message(BoardMessage::Field(square, piece)) => board_field(s, square, piece, now),
        BoardReport::Message(BoardMessage::Other(_)) => Vec::new(),
    });
    s.respond(lines)
}

/// When the board's placement is next to be judged (a rook move that may be half of castling,
/// a placement that is not the game's), if it waits for that.
pub(crate) fn board_deadline(s: &Session) -> Option<Timestamp> {
    let observer = s.eboard.believed_observer()?;
    observer.deadline(s.game.position()).map(Timestamp)
}

/// The colour of the electronic (sighted) board.
fn eboard_color(s: &Session) -> Color {
    s.settings.blind.unwrap_or(Color::White).other()
}

fn port_words(s: &Session) -> String {
    s.settings.eboard.as_ref().map_or_else(String::new, |p| p.path.clone())
}

fn board_connected(s: &mut Session) -> Vec<Line> {
    let key = if s.eboard.connect() { "eboard.back" } else { "eboard.connected" };
    vec![s.wording.line(key, &[("port", &port_words(s))])]
}

fn board_lost(s: &mut Session) -> Vec<Line> {
    s.eboard.lose();
    vec![s.wording.line("eboard.lost", &[]).with_cue(Cue::Error)]
}

fn port_problem(s: &Session, problem: PortProblem) -> Line {
    let key = match problem {
        PortProblem::Missing => "eboard.missing",
        PortProblem::Busy => "eboard.busy",
        PortProblem::Forbidden => "eboard.forbidden",
        PortProblem::Unusable => "eboard.unusable",
    };
    s.wording.line(key, &[("port", &port_words(s))]).with_cue(Cue::Error)
}

/// The whole placement (at the start, on reconnection): a placement no game can have is named
/// as such; a move made meanwhile is played, and otherwise the placement is compared with the
/// game.
fn board_dump(s: &mut Session, board: Board, now: Timestamp) -> Vec<Line> {
    let start = s.game.position().board().clone();
    s.eboard.observe_from(start);
    let mut lines = Vec::new();
    if s.eboard.placement_read() {
        lines.push(s.wording.line("eboard.answers", &[]));
    }
    let why = impossible(s, &board);
    if !why.is_empty() {
        let why = why.join("; ");
        lines.push(s.wording.line("eboard.impossible", &[("why", &why)]).with_cue(Cue::Error));
        if let Some(observer) = s.eboard.observer_mut() {
            observer.impossible(board, now.0);
        }
        sync_sighted_board(s);
        return lines;
    }
    let mut compare = false;
    lines.extend(observe(s, now, |observer, game| {
        let observed = observer.dump(board, game, now.0);
        compare = observed == Observed::Nothing;
        observed
    }));
    if compare {
        lines.extend(board_setup_check(s));
    }
    lines
}

/// Why a placement is no position of a game, each reason in words: a side without its king or
/// with more than one, more than sixteen men of a side, a pawn on the first or last rank.
fn impossible(s: &Session, board: &Board) -> Vec<String> {
    let mut why = Vec::new();
    for color in Color::ALL {
        let name = s.wording.color(color);
        let color_words = [("color", name.as_str())];
        let kings = (board.kings() & board.by_color(color)).count();
        match kings {
            0 => why.push(s.wording.text("eboard.no_king", &color_words)),
            1 => {}
            _ => why.push(s.wording.text("eboard.kings", &color_words)),
        }
        if board.by_color(color).count() > 16 {
            why.push(s.wording.text("eboard.too_many", &color_words));
        }
    }
    let back_ranks = Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth);
    if (board.pawns() & back_ranks).any() {
        why.push(s.wording.text("eboard.pawn_on_back_rank", &[]));
    }
    why
}

fn board_field(s: &mut Session, square: Square, piece: Option<Piece>, now: Timestamp) -> Vec<Line> {
    observe(s, now, |observer, game| observer.field(square, piece, game, now.0))
}

fn board_settled(s: &mut Session, now: Timestamp) -> Vec<Line> {
    observe(s, now, |observer, game| observer.tick(game, now.0))
}

/// What the observer makes of a report, for the game. Before the board's first placement a
/// report means nothing: the placement is on its way.
fn observe(s: &mut Session, now: Timestamp, act: impl FnOnce(&mut Observer, &Chess) -> Observed) -> Vec<Line> {
    let game = s.game.position().clone();
    let Some(observer) = s.eboard.observer_mut() else { return Vec::new() };
    let was_diverged = observer.diverged();
    let lines = match act(observer, &game) {
        Observed::Nothing => Vec::new(),
        Observed::Move(mv) => board_move(s, mv, now),
        Observed::Agrees => board_agrees(s, was_diverged),
        Observed::Divergence(differences) => board_divergence(s, &differences),
    };
    sync_sighted_board(s);
    lines
}

/// A legal move made on the board: played as if typed. Refused (a touched piece, the game
/// over), the board now differs, and is judged so once it settles.
fn board_move(s: &mut Session, mv: shakmaty::Move, now: Timestamp) -> Vec<Line> {
    let played = s.game.ply_count();
    // A move made on the board while a heard move waits for yes or no answers it as no.
    let mut lines = Vec::new();
    if matches!(s.waiting(), Some(crate::session::questions::Question::Heard { .. })) {
        s.forget_question();
        lines.push(s.wording.line("question.taken_as_no", &[]));
    }
    lines.extend(moves::play_heard(s, mv));
    let game = s.game.position().clone();
    let sighted = eboard_color(s);
    if let Some(observer) = s.eboard.observer_mut() {
        if s.game.ply_count() == played {
            observer.refused(&game, now.0);
        } else if observer.placement() == game.board() && s.table.pending().is_some_and(|p| p.receiver == sighted) {
            // The blind player's move made on the electronic board: it is relayed already.
            s.table.confirm();
        }
    }
    lines
}

/// The board shows the game's position again: the relay executed, or a divergence repaired.
fn board_agrees(s: &mut Session, was_diverged: bool) -> Vec<Line> {
    let sighted = eboard_color(s);
    if s.table.pending().is_some_and(|p| p.receiver == sighted) {
        return relay::confirm_ok(s, false);
    }
    if s.table.repairing() == Some(sighted) {
        s.table.set_repairing(None);
    }
    if was_diverged {
        vec![s.wording.line("eboard.agrees", &[])]
    } else {
        Vec::new()
    }
}

/// The board settled on a placement that is not the game's: each square, then the repair.
fn board_divergence(s: &mut Session, differences: &[(Square, Option<Piece>, Option<Piece>)]) -> Vec<Line> {
    let count = differences.len().to_string();
    let mut lines = vec![s.wording.line("eboard.differs", &[("count", &count)]).with_cue(Cue::Error)];
    lines.extend(differences.iter().map(|&(square, wanted, found)| difference_line(s, square, wanted, found)));
    let found = s.eboard.observer().map(|o| o.placement().clone());
    if let Some(found) = found {
        let steps = crate::table::PhysicalBoard::new(found).steps_to(s.game.position().board());
        let steps: Vec<String> = steps.into_iter().map(|step| repair::step_words(s, step)).collect();
        if !steps.is_empty() {
            lines.push(s.wording.say(Words::plain(s.wording.text("eboard.repair", &[("steps", &steps.join("; "))]))));
        }
    }
    lines
}

/// "Gustav drei: white knight, should be nothing": the square in the announcement words.
fn difference_line(s: &Session, square: Square, wanted: Option<Piece>, found: Option<Piece>) -> Line {
    let man = |piece: Option<Piece>| match piece {
        Some(p) => s.wording.man(p),
        None => s.wording.text("table.nothing", &[]),
    };
    let args = [("square", s.wording.pack().square(square)), ("found", man(found)), ("wanted", man(wanted))];
    s.wording.line_of("eboard.difference", &args)
}

/// `eboard`, and the check at the start and on reconnection: the board's placement compared
/// with the game's, square by square.
pub(crate) fn board_setup_check(s: &mut Session) -> Vec<Line> {
    if s.settings.eboard.is_none() {
        return vec![s.wording.line("eboard.not_named", &[]).with_cue(Cue::Error)];
    }
    let Some(observer) = s.eboard.connected_observer() else {
        let key = if s.eboard.is_connected() { "eboard.unread" } else { "eboard.none" };
        return vec![s.wording.line(key, &[]).with_cue(Cue::Error)];
    };
    let game = s.game.position().board().clone();
    let found = observer.placement().clone();
    let sighted = eboard_color(s);
    if found == game {
        return vec![s.wording.line("eboard.agrees", &[])];
    }
    if found == *s.table.board(sighted).placement() && s.table.pending().is_some_and(|p| p.receiver == sighted) {
        // Only the announced move is missing: the relay is still to be executed.
        return vec![s.wording.line("eboard.relay_waiting", &[])];
    }
    board_divergence(s, &differences(&game, &found))
}

/// The table's sighted board is what the electronic board shows.
fn sync_sighted_board(s: &mut Session) {
    let sighted = eboard_color(s);
    let pending = s.table.pending().is_some_and(|p| p.receiver == sighted);
    if let Some(observer) = s.eboard.believed_observer().filter(|_| !pending) {
        s.table.board_mut(sighted).set(observer.placement().clone());
    }
}
