//! Moves: a typed or heard move read in the position and the player's letters (which `letters`
//! says and sets), played and announced (printed in notation, spoken in the pack's words), with
//! what it did to the clock and the table, the end of the game, and why a move was refused.

use shakmaty::{Chess, Color, Move, Position, Square};

use super::{announce, clock, relay};
use crate::audio::Cue;
use crate::command::{LettersAsk, MoveText};
use crate::notation::ReadError;
use crate::rules::MoveReport;
use crate::session::Session;
use crate::session::{Input, Question};
use crate::wording::Line;
use crate::wording::Words;

/// `letters [COLOR] [SET]`: the piece letters typed moves are read with from now on (that
/// player's, else both players'), or those in force; said as they then stand.
pub(crate) fn letters(s: &mut Session, asked: LettersAsk) -> Vec<Line> {
    if let Some(set) = asked.set {
        match asked.color {
            Some(color) if s.settings.blind == Some(color) => s.settings.blind_letters = set,
            Some(_) => s.settings.sighted_letters = set,
            None => (s.settings.sighted_letters, s.settings.blind_letters) = (set, set),
        }
    }
    let (white, black) = (s.settings.letters(Color::White), s.settings.letters(Color::Black));
    let w = &s.wording;
    let said = match white == black {
        true => w.words(
            "letters.read_both",
            &[("letters", announce::set_name(s, white)), ("pieces", announce::letter_pieces(s, white))],
        ),
        false => w.words(
            "letters.read_each",
            &[("white_letters", announce::set_name(s, white)), ("black_letters", announce::set_name(s, black))],
        ),
    };
    vec![w.say(said)]
}

/// `move MOVE`: what follows is a move, whatever it looks like.
pub(crate) fn play_typed(s: &mut Session, text: MoveText) -> Vec<Line> {
    play_text(s, &text.0)
}

/// A move typed: read, played and announced, or refused with why.
pub(crate) fn play_text(s: &mut Session, text: &str) -> Vec<Line> {
    if let Some(outcome) = s.game.outcome() {
        return announce::game_over_lines(s, outcome);
    }
    if let Some(refusal) = announce::adjournment_refusal(s) {
        return refusal;
    }
    let (text, offers_draw) = match text.trim().strip_suffix("(=)") {
        Some(rest) => (rest.trim(), true),
        None => (text.trim(), false),
    };
    if text.is_empty() {
        return vec![s.wording.line("error.not_a_move_plain", &[])];
    }
    let waiting = BeforeMove::take(s);
    let pos = s.game.position().clone();
    let letters = s.settings.letters(pos.turn());
    let mv = match s.reader.read(text, &pos, letters) {
        Ok(mv) => mv,
        Err(e) => {
            if let Some(lines) = relay::divergence_lines(s, text, letters) {
                return lines;
            }
            keep_waiting(s, waiting);
            let question = match &e {
                ReadError::NeedsPromotion(moves) => Some(Question::Promotion { moves: moves.clone() }),
                ReadError::Ambiguous(moves) => Some(Question::Which { moves: moves.clone() }),
                ReadError::NotAMove(word) => {
                    announce::meant(s, text, word.as_deref(), letters).map(|slip| match slip {
                        announce::Slip::One(command) => Question::Meant(Input::Command(command)),
                        announce::Slip::Several(names) => Question::MeantWhich(names),
                    })
                }
                // The move in the other letters is played on a yes, written in the mover's own.
                ReadError::OtherLetters { mv, set } => Some(Question::OtherLetters { mv: *mv, set: *set }),
                _ => None,
            };
            let mut lines = match e {
                ReadError::OtherLetters { set, mv } => {
                    vec![announce::other_letters_question(s, text, &pos, letters, (set, mv))]
                }
                e => announce::read_error_lines(s, text, &pos, letters, e),
            };
            if let (Some(question), Some(first)) = (question, lines.first_mut()) {
                *first = s.ask(question, first.clone());
            }
            lines.extend(relay::misexecution_question(s, text, letters));
            return lines;
        }
    };
    play_read(s, mv, waiting, offers_draw)
}

/// A move said aloud and heard as the legal move `mv`: played as if it had been typed.
pub(crate) fn play_heard(s: &mut Session, mv: shakmaty::Move) -> Vec<Line> {
    if let Some(outcome) = s.game.outcome() {
        return announce::game_over_lines(s, outcome);
    }
    if let Some(refusal) = announce::adjournment_refusal(s) {
        return refusal;
    }
    let waiting = BeforeMove::take(s);
    play_read(s, mv, waiting, false)
}

/// Plays a move read in the position (refused when a touched piece must move instead), with
/// a draw offered when asked.
fn play_read(s: &mut Session, mv: shakmaty::Move, waiting: BeforeMove, offers_draw: bool) -> Vec<Line> {
    if let Some(refusal) = touch_refusal(s, mv) {
        keep_waiting(s, waiting);
        return refusal;
    }
    if s.settings.online.is_online() {
        let lines = send_online(s, mv, offers_draw);
        if !lines.is_empty() {
            keep_waiting(s, waiting);
        }
        return lines;
    }
    let mover = s.game.position().turn();
    let mut lines = play_move(s, mv);
    if offers_draw && !s.game.is_over() && s.game.offer_draw(mover).is_ok() {
        lines.push(s.wording.line("move.offer", &[("color", &s.wording.color(mover))]));
    }
    lines
}

/// Online, the player's own move, read and legal, is sent to the server (nothing said: it is
/// announced when the stream shows it); a move of the opponent's side, or a second one before the
/// first is seen, is refused with why.
fn send_online(s: &mut Session, mv: shakmaty::Move, offering_draw: bool) -> Vec<Line> {
    let me = s.settings.blind.unwrap_or(shakmaty::Color::White);
    if s.game.position().turn() != me {
        return vec![s.wording.line("online.not_your_move", &[]).with_cue(Cue::Error)];
    }
    if let Some(sent) = s.online.sent() {
        let sent = sent.to_string();
        return vec![s.wording.line("online.already_sent", &[("move", &sent)])];
    }
    // Castling as the game's mode writes it (king to its square, or king takes rook in Chess960).
    let mode = s.game.position().castles().mode();
    let uci = shakmaty::uci::UciMove::from_move(mv, mode).to_string();
    s.online.send(&uci, s.now.0);
    s.outbox.push(crate::session::Effect::Online(crate::online::Action::Move { uci, offering_draw }));
    Vec::new()
}

/// What a move typed changes before it is read, kept so that a refused move changes nothing: the
/// relay waiting for its confirmation (with its board), and whether the last announcement could
/// still be corrected (a typo is not the opponent acting, E.2.6).
struct BeforeMove {
    relay: Option<(crate::table::PendingRelay, crate::table::PhysicalBoard)>,
    slip_open: bool,
}

impl BeforeMove {
    /// What waits now; then the move is taken as the opponent acting (`relay::before_move`).
    fn take(s: &mut Session) -> BeforeMove {
        let relay = s.table.pending().map(|p| (p, s.table.board(p.receiver).clone()));
        let slip_open = s.table.slip_open();
        relay::before_move(s);
        BeforeMove { relay, slip_open }
    }
}

/// After a refused move: the relay that `before_move` took as confirmed waits again, and the last
/// announcement can still be corrected if it could.
fn keep_waiting(s: &mut Session, waiting: BeforeMove) {
    if let (Some((pending, board)), None) = (waiting.relay, s.table.pending()) {
        s.table.unconfirm(pending, board);
    }
    if waiting.slip_open {
        s.table.reopen_slip();
    }
}

/// Plays a legal move and announces it.
pub(crate) fn play_move(s: &mut Session, mv: shakmaty::Move) -> Vec<Line> {
    let before = s.game.position().clone();
    match s.game.play(mv) {
        Ok(report) => announce(s, &before, &report),
        Err(e) => announce::game_error_lines(s, e),
    }
}

/// The announcement of a move just played, with what it did to the clock.
pub(crate) fn announce(s: &mut Session, before: &Chess, report: &MoveReport) -> Vec<Line> {
    let mut lines = announce::announcement(s, before, report);
    let control = clock::press_clock(s, report.mover);
    relay::record_on_table(s, before, report);
    // The time control line belongs right after the move, before any result.
    let at = lines.len().min(1);
    for (i, line) in control.into_iter().enumerate() {
        lines.insert(at + i, line);
    }
    lines
}

// from moves.rs

/// `touched SQUARE` (4.3, E.2.2, E.2.9e): the side to move touched that piece and must move it.
pub(crate) fn touched(s: &mut Session, square: Square) -> Vec<Line> {
    if let Some(outcome) = s.game.outcome() {
        return announce::game_over_lines(s, outcome);
    }
    let pos = s.game.position().clone();
    let w = &s.wording;
    let color = Words::plain(s.wording.color(pos.turn()));
    if pos.board().color_at(square) != Some(pos.turn()) {
        let args = [("color", color), ("square", w.square(square))];
        return vec![s.wording.say(w.words("table.touch_no_piece", &args))];
    }
    let letters = s.settings.letters(pos.turn());
    let moves = w.moves_from(&pos, square, letters);
    if moves.is_empty() {
        return vec![s.wording.say(w.words("table.touch_free", &[("square", w.square(square))]))];
    }
    let line = s
        .wording
        .say(w.words("table.touched", &[("color", color), ("square", w.square(square)), ("moves", w.list(&moves))]));
    s.touched = Some(square);
    vec![line]
}

/// A move that breaks a touch-move claim is refused.
pub(crate) fn touch_refusal(s: &Session, mv: Move) -> Option<Vec<Line>> {
    let square = s.touched?;
    (mv.from() != Some(square)).then(|| {
        let w = &s.wording;
        vec![w.say(w.words("table.touch_enforced", &[("square", w.square(square))])).with_cue(Cue::Illegal)]
    })
}
