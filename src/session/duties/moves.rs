//! Moves: a typed move read in the position and the player's letters (which `letters` says and
//! sets), or a move picked by an answer or heard, played and announced, or refused with why
//! (online: sent to the server); touch-move.

use shakmaty::{Color, Move, Position, Square};

use super::{announce, relay};
use crate::audio::Cue;
use crate::command::LettersAsk;
use crate::config::{Change, Settings};
use crate::notation::{LetterSet, MoveReader, ReadError};
use crate::rules::Game;
use crate::session::event::{Effect, Response};
use crate::session::parts::{Adjournment, Arbiter, OnlineWatch, Question, Timekeeper};
use crate::session::Session;
use crate::table::{PendingRelay, PhysicalBoard, Table};
use crate::wording::{Line, Wording, Words};

/// `letters [COLOR] [SET]`: the piece letters typed moves are read with from now on (that
/// player's, else both players'), or those in force; said as they then stand.
pub(crate) fn letters(settings: &mut Settings, w: &Wording, asked: LettersAsk) -> Vec<Line> {
    if let Some(set) = asked.set {
        settings.change(Change::Letters { color: asked.color, set });
    }
    vec![letters_line(settings, w)]
}

/// The piece letters typed moves are read with, said: both players', or each player's.
pub(crate) fn letters_line(settings: &Settings, w: &Wording) -> Line {
    let (white, black) = (settings.letters(Color::White), settings.letters(Color::Black));
    let said = match white == black {
        true => w.words(
            "letters.read_both",
            &[("letters", announce::set_name(w, white)), ("pieces", announce::letter_pieces(w, white))],
        ),
        false => w.words(
            "letters.read_each",
            &[("white_letters", announce::set_name(w, white)), ("black_letters", announce::set_name(w, black))],
        ),
    };
    w.say(said)
}

/// A move typed: read, played and announced, or refused with why (and, where a question can
/// settle it, asked: which piece, which move, a slip of a command, other letters).
pub(crate) fn play_text(s: &mut Session, text: &str) -> Response {
    if let Some(refusal) = no_move_now(&s.game, &s.adjournment, &s.wording) {
        return refusal.into();
    }
    if let Some(refusal) = engines_move(s) {
        return vec![refusal].into();
    }
    let (text, offers_draw) = match text.trim().strip_suffix("(=)") {
        Some(rest) => (rest.trim(), true),
        None => (text.trim(), false),
    };
    if text.is_empty() {
        return vec![s.wording.line("error.not_a_move_plain", &[])].into();
    }
    let waiting = BeforeMove::take(&mut s.table, &s.game);
    let pos = s.game.position().clone();
    let letters = s.settings.letters(pos.turn());
    // Read once in the mover's letters; its patterns are met with the position, and with the
    // boards as they are believed to stand when it is no move here.
    let parsed = s.reader.parse(text, letters);
    let error = match s.reader.read_parsed(&parsed, text, &pos, letters) {
        Ok(mv) => return s.play_checked(mv, waiting, offers_draw),
        Err(error) => error,
    };
    let typed = parsed.as_ref().ok();
    if let Some(lines) = typed.and_then(|t| relay::divergence_lines(&mut s.table, &s.game, t, &s.wording, text)) {
        return lines.into();
    }
    waiting.keep(&mut s.table);
    let w = &s.wording;
    let said = (text, &pos, letters);
    let (mut lines, question) = match error {
        ReadError::NotAMove(word) => {
            let why = announce::no_move(w, (&s.reader, &s.settings), text, word.as_deref(), letters);
            let question = announce::meant(w, &why, text).map(Question::Meant);
            (vec![announce::no_move_line(w, &s.settings, why, (text, pos.turn(), letters))], question)
        }
        // The move in the other letters is played on a yes, written in the mover's own.
        ReadError::OtherLetters { set, mv } => {
            let line = announce::other_letters_question(w, &s.settings, said, (set, mv));
            (vec![line], Some(Question::OtherLetters { mv, set }))
        }
        e => {
            let question = match &e {
                ReadError::NeedsPromotion(moves) => Some(Question::Promotion { moves: moves.clone() }),
                ReadError::Ambiguous(moves) => Some(Question::Which { moves: moves.clone() }),
                _ => None,
            };
            (announce::read_error_lines(w, &s.reader, &s.settings, said, e), question)
        }
    };
    if let (Some(question), Some(first)) = (question, lines.first_mut()) {
        *first = s.asking.ask(question, first.clone(), s.clock.now());
    }
    let guess = typed.and_then(|t| relay::misexecution_question(&s.game, &s.table, t, &s.settings, w));
    if let Some((question, line)) = guess {
        lines.push(s.asking.ask(question, line, s.clock.now()));
    }
    lines.into()
}

/// A move picked as a legal move (by an answer to a question, said aloud, made on the electronic
/// board): played as if it had been typed.
pub(crate) fn play_picked(s: &mut Session, mv: Move) -> Response {
    if let Some(refusal) = no_move_now(&s.game, &s.adjournment, &s.wording) {
        return refusal.into();
    }
    if let Some(refusal) = engines_move(s) {
        return vec![refusal].into();
    }
    let waiting = BeforeMove::take(&mut s.table, &s.game);
    s.play_checked(mv, waiting, false)
}

/// In a practice game, a move typed for the engine's side while it is to move: refused.
fn engines_move(s: &Session) -> Option<Line> {
    let practice = s.place() == crate::command::Place::Practice;
    practice.then(|| super::practice::engine_to_move(&s.game, &s.sparring, &s.settings, &s.wording)).flatten()
}

/// Why no move can be made now: the game is over, adjourned, or its sealed move unopened.
fn no_move_now(game: &Game, adjournment: &Adjournment, w: &Wording) -> Option<Vec<Line>> {
    match game.outcome() {
        Some(outcome) => Some(announce::game_over_lines(w, outcome)),
        None => announce::adjournment_refusal(adjournment, w),
    }
}

/// Online, the player's own move, read and legal, is sent to the server (nothing said: it is
/// announced when the stream shows it); a move of the opponent's side, or a second one before the
/// first is seen, is refused with why.
pub(crate) fn send_online(
    game: &Game,
    online: &mut OnlineWatch,
    (settings, clock): (&Settings, &Timekeeper),
    w: &Wording,
    (mv, offering_draw): (Move, bool),
) -> Response {
    let me = settings.blind.unwrap_or(Color::White);
    if game.position().turn() != me {
        return vec![w.line("online.not_your_move", &[]).with_cue(Cue::Error)].into();
    }
    if let Some(sent) = online.sent() {
        return vec![w.line("online.already_sent", &[("move", sent)])].into();
    }
    let uci = online_uci(mv, game.position(), settings);
    online.send(&uci, clock.now().0);
    Response { lines: Vec::new(), effects: vec![Effect::Online(crate::online::Action::Move { uci, offering_draw })] }
}

/// A move as the server takes it: castling as king takes rook in a Chess960 game (the standard
/// array, position 518, too) and in a game from a set-up position, which lichess plays as
/// Chess960 (its Board API writes castling king to rook); else as the position's own mode.
fn online_uci(mv: Move, pos: &shakmaty::Chess, settings: &Settings) -> String {
    let mode = match settings.chess960.is_some() || settings.fen.is_some() {
        true => shakmaty::CastlingMode::Chess960,
        false => pos.castles().mode(),
    };
    shakmaty::uci::UciMove::from_move(mv, mode).to_string()
}

/// What a move typed changes before it is read, kept so that a refused move changes nothing: the
/// relay waiting for its confirmation (with its board), and whether the last announcement could
/// still be corrected (a typo is not the opponent acting, E.2.6).
pub(crate) struct BeforeMove {
    relay: Option<(PendingRelay, PhysicalBoard)>,
    slip_open: bool,
}

impl BeforeMove {
    /// What waits now; then the move is taken as the opponent acting (`relay::before_move`).
    pub(crate) fn take(table: &mut Table, game: &Game) -> BeforeMove {
        let relay = table.pending().map(|p| (p, table.board(p.receiver).clone()));
        let slip_open = table.slip_open();
        relay::before_move(table, game);
        BeforeMove { relay, slip_open }
    }

    /// After a refused move: the relay that `before_move` took as confirmed waits again, and the
    /// last announcement can still be corrected if it could.
    pub(crate) fn keep(self, table: &mut Table) {
        if let (Some((pending, board)), None) = (self.relay, table.pending()) {
            table.unconfirm(pending, board);
        }
        if self.slip_open {
            table.reopen_slip();
        }
    }
}

/// `touched SQUARE` (4.3, E.2.2, E.2.9e): the side to move touched that piece and must move it.
pub(crate) fn touched(
    game: &Game,
    arbiter: &mut Arbiter,
    settings: &Settings,
    w: &Wording,
    square: Square,
) -> Vec<Line> {
    if let Some(outcome) = game.outcome() {
        return announce::game_over_lines(w, outcome);
    }
    let pos = game.position();
    let color = Words::plain(w.color(pos.turn()));
    if pos.board().color_at(square) != Some(pos.turn()) {
        let args = [("color", color), ("square", w.square(square))];
        return vec![w.say(w.words("table.touch_no_piece", &args))];
    }
    let moves = w.moves_from(pos, square, settings.letters(pos.turn()));
    if moves.is_empty() {
        return vec![w.say(w.words("table.touch_free", &[("square", w.square(square))]))];
    }
    let args = [("color", color), ("square", w.square(square)), ("moves", w.list(&moves))];
    arbiter.touch(square);
    vec![w.say(w.words("table.touched", &args))]
}

/// A move that breaks a touch-move claim is refused.
pub(crate) fn touch_refusal(arbiter: &Arbiter, w: &Wording, mv: Move) -> Option<Vec<Line>> {
    let square = arbiter.breaks_touch(mv)?;
    Some(vec![w.say(w.words("table.touch_enforced", &[("square", w.square(square))])).with_cue(Cue::Illegal)])
}

/// The legal move `text` names in the game's position, without playing it: in the mover's
/// letters, else in another set's where it is a move only there (away from the table nobody is
/// to be told the letters apart); or why it is none, worded as a move refused in a game is.
pub(crate) fn named_move(
    (game, reader): (&Game, &MoveReader),
    settings: &Settings,
    w: &Wording,
    text: &str,
) -> Result<shakmaty::Move, Vec<Line>> {
    let pos = game.position();
    let letters = settings.letters(pos.turn());
    let read = |letters| reader.read_parsed(&reader.parse(text, letters), text, pos, letters);
    read(letters).or_else(|error| {
        let other = LetterSet::ALL.into_iter().filter(|set| *set != letters).find_map(|set| read(set).ok());
        other.ok_or_else(|| announce::read_error_lines(w, reader, settings, (text, pos, letters), error))
    })
}

#[cfg(test)]
mod tests {
    use super::online_uci;
    use crate::config::Settings;
    use shakmaty::{CastlingSide, Chess, Move, Position};

    fn castling(pos: &Chess) -> Move {
        pos.legal_moves().into_iter().find(|m| m.castling_side() == Some(CastlingSide::KingSide)).unwrap()
    }

    /// Castling goes to the server as lichess expects it: king to its square in a standard game,
    /// king takes rook in Chess960 (position 518 too) and from a set-up position.
    #[test]
    fn castling_is_sent_as_the_server_expects_it_in_every_variant() {
        let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
        let pos = crate::rules::parse_fen(fen).unwrap();
        let mv = castling(&pos);
        assert_eq!(online_uci(mv, &pos, &Settings::default()), "e1g1");
        let set_up = Settings { fen: Some(fen.into()), ..Settings::default() };
        assert_eq!(online_uci(mv, &pos, &set_up), "e1h1");
        let sp518 = Settings { chess960: Some(518), ..Settings::default() };
        assert_eq!(online_uci(mv, &pos, &sp518), "e1h1");
        // The server's castling is read back in either notation.
        for uci in ["e1h1", "e1g1"] {
            let read = shakmaty::uci::UciMove::from_ascii(uci.as_bytes()).unwrap().to_move(&pos);
            assert_eq!(read.ok(), Some(mv), "{uci}");
        }
    }
}
