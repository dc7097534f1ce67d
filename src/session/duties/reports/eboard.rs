//! The electronic board at the table: the sighted board read, not believed. A move made on it is
//! played as if it had been typed; the blind player's announced move executed there confirms the
//! relay by itself; a placement that stays neither is a divergence, said square by square in the
//! announcement words with its repair, and cleared when the board is right again.

use shakmaty::{Bitboard, Board, Chess, Color, Piece, Position, Rank, Square};

use super::super::{moves, relay, repair};
use crate::audio::Cue;
use crate::clock::Timestamp;
use crate::config::Settings;
use crate::eboard::{differences, BoardMessage, BoardReport, Observed, Observer, PortProblem};
use crate::rules::Game;
use crate::session::event::Response;
use crate::session::parts::{BoardWatch, Question};
use crate::session::Session;
use crate::table::Table;
use crate::wording::{Line, Wording, Words};

/// What the observer is told of a report.
type Act = Box<dyn FnOnce(&mut Observer, &Chess) -> Observed>;

/// What the electronic board's line reported.
pub(crate) fn news(s: &mut Session, report: BoardReport) -> Response {
    let now = s.clock.now().0;
    let (eboard, w) = (&mut s.eboard, &s.wording);
    let act: Act = match report {
        BoardReport::Connected => return board_connected(eboard, &s.settings, w).into(),
        BoardReport::Lost => {
            eboard.lose();
            return vec![w.line("eboard.lost", &[]).with_cue(Cue::Error)].into();
        }
        BoardReport::Unavailable(problem) => return vec![port_problem(&s.settings, w, problem)].into(),
        BoardReport::Garbled => return vec![w.line("eboard.garbled", &[]).with_cue(Cue::Error)].into(),
        BoardReport::Silent => {
            eboard.silence();
            return vec![w.line("eboard.silent", &[]).with_cue(Cue::Error)].into();
        }
        BoardReport::Message(BoardMessage::Other(_)) => return Response::default(),
        BoardReport::Settled => Box::new(move |observer, game| observer.tick(game, now)),
        BoardReport::Message(BoardMessage::Field(square, piece)) => {
            Box::new(move |observer, game| observer.field(square, piece, game, now))
        }
        BoardReport::Message(BoardMessage::Dump(placed)) => {
            let board: Board = placed.into_iter().collect();
            // The board's first placement is compared with the game, never taken for a move.
            let first = eboard.observer().is_none();
            match dumped(eboard, &mut s.table, &s.game, (&s.settings, w), (&board, now)) {
                Err(impossible) => return impossible.into(),
                Ok(read) => {
                    let mut lines = read;
                    let (observed, more) = observe(s, |observer, game| match first {
                        true => observer.first(board, game, now),
                        false => observer.dump(board, game, now),
                    });
                    lines.extend(more);
                    if observed == Some(Observed::Nothing) {
                        lines.extend(board_setup_check(&s.eboard, &s.table, &s.game, &s.settings, &s.wording));
                        let game = s.game.position().clone();
                        // Said once: not again when the board settles as it is.
                        if let Some(observer) = s.eboard.observer_mut() {
                            observer.said_to_differ(&game);
                        }
                    }
                    return lines.into();
                }
            }
        }
    };
    observe(s, act).1.into()
}

/// What the observer makes of a report, for the game, and what is said of it. Before the board's
/// first placement a report means nothing: the placement is on its way.
fn observe(s: &mut Session, act: impl FnOnce(&mut Observer, &Chess) -> Observed) -> (Option<Observed>, Vec<Line>) {
    let game = s.game.position().clone();
    let Some(observer) = s.eboard.observer_mut() else { return (None, Vec::new()) };
    let was_diverged = observer.diverged();
    let observed = act(observer, &game);
    let lines = match observed.clone() {
        Observed::Nothing => Vec::new(),
        // A legal move made on the board: played as if typed. Refused (a touched piece, the game
        // over), the board now differs, and is judged so once it settles.
        Observed::Move(mv) => {
            let played = s.game.ply_count();
            // A move made on the board while a heard move waits for yes or no answers it as no.
            let mut lines = Vec::new();
            if matches!(s.asking.waiting(), Some(Question::Heard { .. })) {
                s.asking.forget();
                lines.push(s.wording.line("question.taken_as_no", &[]));
            }
            lines.extend(moves::play_picked(s, mv).lines);
            after_board_move(&mut s.eboard, &mut s.table, &s.game, &s.settings, (played, Timestamp(s.clock.now().0)));
            lines
        }
        Observed::Agrees => board_agrees(&mut s.table, &s.game, &s.settings, &s.wording, was_diverged),
        Observed::Divergence(differences) => board_divergence(&s.eboard, &s.game, &s.wording, &differences),
    };
    sync_sighted_board(&s.eboard, &mut s.table, &s.settings);
    (Some(observed), lines)
}

/// When the board's placement is next to be judged (a rook move that may be half of castling,
/// a placement that is not the game's), if it waits for that.
pub(crate) fn board_deadline(eboard: &BoardWatch, game: &Game) -> Option<Timestamp> {
    let observer = eboard.believed_observer()?;
    observer.deadline(game.position()).map(Timestamp)
}

/// The colour of the electronic (sighted) board.
fn eboard_color(settings: &Settings) -> Color {
    settings.blind.unwrap_or(Color::White).other()
}

fn port_words(settings: &Settings) -> String {
    settings.eboard.as_ref().map_or_else(String::new, |p| p.path.clone())
}

fn board_connected(eboard: &mut BoardWatch, settings: &Settings, w: &Wording) -> Vec<Line> {
    let key = if eboard.connect() { "eboard.back" } else { "eboard.connected" };
    vec![w.line(key, &[("port", &port_words(settings))])]
}

fn port_problem(settings: &Settings, w: &Wording, problem: PortProblem) -> Line {
    let key = match problem {
        PortProblem::Missing => "eboard.missing",
        PortProblem::Busy => "eboard.busy",
        PortProblem::Forbidden => "eboard.forbidden",
        PortProblem::Unusable => "eboard.unusable",
    };
    w.line(key, &[("port", &port_words(settings))]).with_cue(Cue::Error)
}

/// The whole placement (at the start, on reconnection): said when the board answers at last; a
/// placement no game can have is named as such (`Err`: that is all); otherwise what was said so
/// far, and the placement goes to the observer (a move made meanwhile is played, and otherwise
/// the placement is compared with the game).
fn dumped(
    eboard: &mut BoardWatch,
    table: &mut Table,
    game: &Game,
    (settings, w): (&Settings, &Wording),
    (board, now): (&Board, u64),
) -> Result<Vec<Line>, Vec<Line>> {
    // With a blind player, the board's side moves there; the blind player's moves are announced.
    eboard.observe_from(game.position().board().clone(), settings.blind.map(Color::other));
    let mut lines = Vec::new();
    if eboard.placement_read() {
        lines.push(w.line("eboard.answers", &[]));
    }
    let why = impossible(w, board);
    if why.is_empty() {
        return Ok(lines);
    }
    lines.push(w.line("eboard.impossible", &[("why", &why.join("; "))]).with_cue(Cue::Error));
    if let Some(observer) = eboard.observer_mut() {
        observer.impossible(board.clone(), now);
    }
    sync_sighted_board(eboard, table, settings);
    Err(lines)
}

/// Why a placement is no position of a game, each reason in words: a side without its king or
/// with more than one, more than sixteen men of a side, a pawn on the first or last rank.
fn impossible(w: &Wording, board: &Board) -> Vec<String> {
    let mut why = Vec::new();
    for color in Color::ALL {
        let name = w.color(color);
        let color_words = [("color", name.as_str())];
        match (board.kings() & board.by_color(color)).count() {
            0 => why.push(w.text("eboard.no_king", &color_words)),
            1 => {}
            _ => why.push(w.text("eboard.kings", &color_words)),
        }
        if board.by_color(color).count() > 16 {
            why.push(w.text("eboard.too_many", &color_words));
        }
    }
    let back_ranks = Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth);
    if (board.pawns() & back_ranks).any() {
        why.push(w.text("eboard.pawn_on_back_rank", &[]));
    }
    why
}

/// After a move made on the board: refused (no half-move was added to the `played` before), the
/// board now differs; played, and the blind player's announced move is what the board shows, the
/// relay is done already.
fn after_board_move(
    eboard: &mut BoardWatch,
    table: &mut Table,
    game: &Game,
    settings: &Settings,
    (played, now): (usize, Timestamp),
) {
    let sighted = eboard_color(settings);
    let Some(observer) = eboard.observer_mut() else { return };
    if game.ply_count() == played {
        observer.refused(game.position(), now.0);
    } else if observer.placement() == game.position().board() && table.pending().is_some_and(|p| p.receiver == sighted)
    {
        table.confirm();
    }
}

/// The board shows the game's position again: the relay executed, or a divergence repaired.
fn board_agrees(table: &mut Table, game: &Game, settings: &Settings, w: &Wording, was_diverged: bool) -> Vec<Line> {
    let sighted = eboard_color(settings);
    if table.pending().is_some_and(|p| p.receiver == sighted) {
        return relay::confirm_ok(table, game, settings, w, false);
    }
    if table.repairing() == Some(sighted) {
        table.set_repairing(None);
    }
    if was_diverged {
        vec![w.line("eboard.agrees", &[])]
    } else {
        Vec::new()
    }
}

/// The board settled on a placement that is not the game's: each square, then the repair.
fn board_divergence(
    eboard: &BoardWatch,
    game: &Game,
    w: &Wording,
    differences: &[(Square, Option<Piece>, Option<Piece>)],
) -> Vec<Line> {
    let count = differences.len().to_string();
    let mut lines = vec![w.line("eboard.differs", &[("count", &count)]).with_cue(Cue::Error)];
    lines.extend(differences.iter().map(|&(square, wanted, found)| difference_line(w, square, wanted, found)));
    if let Some(found) = eboard.observer().map(|o| o.placement().clone()) {
        let steps = crate::table::PhysicalBoard::new(found).steps_to(game.position().board());
        let steps: Vec<String> = steps.into_iter().map(|step| repair::step_words(w, step)).collect();
        if !steps.is_empty() {
            lines.push(w.say(Words::plain(w.text("eboard.repair", &[("steps", &steps.join("; "))]))));
        }
    }
    lines
}

/// "Gustav drei: white knight, should be nothing": the square in the announcement words.
fn difference_line(w: &Wording, square: Square, wanted: Option<Piece>, found: Option<Piece>) -> Line {
    let man = |piece: Option<Piece>| match piece {
        Some(p) => w.man(p),
        None => w.text("table.nothing", &[]),
    };
    let args = [("square", w.pack().square(square)), ("found", man(found)), ("wanted", man(wanted))];
    w.line_of("eboard.difference", &args)
}

/// `eboard`, and the check at the start and on reconnection: the board's placement compared
/// with the game's, square by square.
pub(crate) fn board_setup_check(
    eboard: &BoardWatch,
    table: &Table,
    game: &Game,
    settings: &Settings,
    w: &Wording,
) -> Vec<Line> {
    if settings.eboard.is_none() {
        return vec![w.line("eboard.not_named", &[]).with_cue(Cue::Error)];
    }
    let Some(observer) = eboard.connected_observer() else {
        let key = if eboard.is_connected() { "eboard.unread" } else { "eboard.none" };
        return vec![w.line(key, &[]).with_cue(Cue::Error)];
    };
    let want = game.position().board();
    let found = observer.placement();
    let sighted = eboard_color(settings);
    if found == want {
        return vec![w.line("eboard.agrees", &[])];
    }
    if found == table.board(sighted).placement() && table.pending().is_some_and(|p| p.receiver == sighted) {
        // Only the announced move is missing: the relay is still to be executed.
        return vec![w.line("eboard.relay_waiting", &[])];
    }
    // A placement no game can have is not compared square by square: what is wrong with it is
    // said again, as when it was first read.
    let why = impossible(w, found);
    if !why.is_empty() {
        return vec![w.line("eboard.impossible", &[("why", &why.join("; "))]).with_cue(Cue::Error)];
    }
    board_divergence(eboard, game, w, &differences(want, found))
}

/// The table's sighted board is what the electronic board shows.
fn sync_sighted_board(eboard: &BoardWatch, table: &mut Table, settings: &Settings) {
    let sighted = eboard_color(settings);
    let pending = table.pending().is_some_and(|p| p.receiver == sighted);
    if let Some(observer) = eboard.believed_observer().filter(|_| !pending) {
        table.board_mut(sighted).set(observer.placement().clone());
    }
}
