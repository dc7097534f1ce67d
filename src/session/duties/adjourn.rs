//! Adjournment (the rules for adjourned games; 1953 §21–23): the player to move seals a move,
//! never said or shown; `adjourn` stops the clock and hands out the envelope; a game set up from
//! an envelope waits until the sealed move is opened in the replying player's presence, and a
//! sealed move that is ambiguous, unreadable or illegal loses, unless it is an obvious slip.

use std::time::Duration;

use shakmaty::{ByColor, Color, Position};

use super::{announce, clock, moves};
use crate::audio::Cue;
use crate::clock::Timestamp;
use crate::command::{MoveText, Resumption};
use crate::config::settings_to_toml;
use crate::notation::{read_sealed, SealedReading};
use crate::rules::Forfeit;
use crate::session::Document;
use crate::session::Effect;
use crate::session::Response;
use crate::session::Session;
use crate::store::Envelope;
use crate::wording::Line;
use crate::wording::Words;

/// `seal MOVE`: the player to move writes the sealed move; it can be changed until `adjourn`.
pub(crate) fn seal(s: &mut Session, written: Option<MoveText>) -> Vec<Line> {
    let written = written.map(|w| w.0).unwrap_or_default();
    if let Some(outcome) = s.game.outcome() {
        return announce::game_over_lines(s, outcome);
    }
    let text = written.trim();
    if text.is_empty() {
        return vec![s.wording.say(s.wording.words("adjourn.need_seal", &[])).with_cue(Cue::Error)];
    }
    let pos = s.game.position().clone();
    let sealer = pos.turn();
    s.adjournment.seal(sealer, text);
    let reading = read_sealed(&s.reader, text, &pos, s.settings.letters(sealer));
    let clear = matches!(reading, SealedReading::Exact(_) | SealedReading::OtherLetters(..));
    let mut lines = vec![s.wording.line("adjourn.sealed", &[("color", &s.wording.color(sealer))])];
    if !clear {
        lines.push(s.wording.line("adjourn.sealed_unclear", &[]));
    }
    lines
}

/// `adjourn [RESUMPTION]`: with a sealed move, the clock stops without starting the
/// opponent's, and the envelope is made.
pub(crate) fn adjourn(s: &mut Session, resumption: Option<Resumption>) -> Response {
    let resumption = resumption.map(|r| r.0).unwrap_or_default();
    let turn = s.game.position().turn();
    let Some((sealer, sealed)) = s.adjournment.sealed_by(turn) else {
        return Response {
            lines: vec![s.wording.say(s.wording.words("adjourn.need_seal", &[])).with_cue(Cue::Error)],
            ..Response::default()
        };
    };
    s.clock.pause(s.now);
    s.adjournment.adjourn();
    let envelope = sealed_envelope(s, sealer, sealed, resumption.to_string());
    let args = [("number", envelope.move_number.to_string()), ("color", s.wording.color(sealer))];
    let lines = vec![s.wording.line_of("adjourn.done", &args)];
    Response { lines, effects: vec![Effect::Write(Box::new(Document::Envelope(envelope)))] }
}

/// The envelope of the game as it stands: the position, each side's time and moves, the sealed
/// move and its sealer, the move number and a standing offer.
fn sealed_envelope(s: &Session, sealer: Color, sealed: String, resumption: String) -> Envelope {
    let side =
        |c: Color| (s.clock.clock().remaining(c, s.now), s.clock.clock().used(c, s.now), s.clock.clock().moves(c));
    let ((wl, wu, wm), (bl, bu, bm)) = (side(Color::White), side(Color::Black));
    Envelope {
        white: s.settings.white.clone(),
        black: s.settings.black.clone(),
        fen: crate::rules::to_fen(s.game.position()),
        white_left_ms: wl.as_millis() as u64,
        black_left_ms: bl.as_millis() as u64,
        white_used_ms: wu.as_millis() as u64,
        black_used_ms: bu.as_millis() as u64,
        white_moves: wm,
        black_moves: bm,
        sealed_by: color_name(sealer).into(),
        move_number: s.game.position().fullmoves().get(),
        sealed,
        draw_offer: s.game.standing_offer().map_or("", color_name).into(),
        resumption,
        settings: settings_to_toml(&s.settings),
        journal: String::new(),
        resumed_in: String::new(),
    }
}

/// The envelope to go on from, and the words for where the envelope read differs from what is
/// known: the game's own journal wins over the envelope; without it, the position in the envelope
/// wins over its move number and its sealer.
fn trusted_envelope(s: &Session, read: &Envelope) -> (Envelope, Vec<&'static str>) {
    let turn = s.game.position().turn();
    if s.adjournment.is_adjourned() {
        if let Some((sealer, sealed)) = s.adjournment.sealed_by(turn) {
            let own = sealed_envelope(s, sealer, sealed, read.resumption.clone());
            let same_position = crate::rules::parse_fen(&read.fen).ok().as_ref() == Some(s.game.position());
            let differs = [
                (read.sealed.trim() != own.sealed.trim(), "adjourn.field.sealed"),
                (read.sealed_by != own.sealed_by, "adjourn.field.sealer"),
                (!same_position, "adjourn.field.position"),
                (read.move_number != own.move_number, "adjourn.field.move_number"),
                (
                    (read.white_left_ms, read.black_left_ms, read.white_used_ms, read.black_used_ms)
                        != (own.white_left_ms, own.black_left_ms, own.white_used_ms, own.black_used_ms),
                    "adjourn.field.times",
                ),
                ((read.white_moves, read.black_moves) != (own.white_moves, own.black_moves), "adjourn.field.moves"),
                (read.draw_offer != own.draw_offer, "adjourn.field.draw_offer"),
            ];
            return (own, differs.into_iter().filter(|(d, _)| *d).map(|(_, k)| k).collect());
        }
    }
    let mut own = read.clone();
    let mut differs = Vec::new();
    if read.sealed_by != color_name(turn) {
        own.sealed_by = color_name(turn).into();
        differs.push("adjourn.field.sealer");
    }
    let number = s.game.position().fullmoves().get();
    if read.move_number != number {
        own.move_number = number;
        differs.push("adjourn.field.move_number");
    }
    (own, differs)
}

/// Sets the game up from an envelope: the position, the clocks (stopped), the standing offer;
/// the sealed move waits for `open`. Where the game's journal is there, it wins over the
/// envelope, and any difference is said.
pub(crate) fn resume_envelope(s: &mut Session, read: &Envelope, now: Timestamp) -> Response {
    s.now = now;
    let own_journal = s.adjournment.is_adjourned();
    let (trusted, differs) = trusted_envelope(s, read);
    let envelope = &trusted;
    // The game as journaled up to its adjournment goes on: it is no longer waiting.
    let sealer = if envelope.sealed_by == "white" { Color::White } else { Color::Black };
    let times = ByColor {
        white: Duration::from_millis(envelope.white_left_ms),
        black: Duration::from_millis(envelope.black_left_ms),
    };
    let moves = ByColor { white: envelope.white_moves, black: envelope.black_moves };
    s.clock.restore(times, moves, sealer, now);
    s.clock.set_used(Color::White, Duration::from_millis(envelope.white_used_ms));
    s.clock.set_used(Color::Black, Duration::from_millis(envelope.black_used_ms));
    s.clock.pause(now);
    match envelope.draw_offer.as_str() {
        "white" => {
            let _ = s.game.offer_draw(Color::White);
        }
        "black" => {
            let _ = s.game.offer_draw(Color::Black);
        }
        _ => {}
    }
    s.adjournment.resume(sealer, &envelope.sealed);
    let args = [
        ("number", envelope.move_number.to_string()),
        ("color", s.wording.color(sealer)),
        ("opponent", s.wording.color(sealer.other())),
    ];
    let mut lines = Vec::new();
    if !differs.is_empty() {
        let fields: Vec<String> = differs.iter().map(|k| s.wording.text(k, &[])).collect();
        let key = if own_journal { "adjourn.differs" } else { "adjourn.inconsistent" };
        lines.push(s.wording.line(key, &[("fields", &s.wording.and_list(&fields))]).with_cue(Cue::Error));
    }
    lines.push(s.wording.line_of("adjourn.resumed", &args));
    if !envelope.resumption.is_empty() {
        lines.push(Line::printed(s.wording.text("adjourn.resumption", &[("text", &envelope.resumption)])));
    }
    if let Some(offerer) = s.game.standing_offer() {
        lines.push(s.wording.line("draw.offered", &[("color", &s.wording.color(offerer))]));
    }
    if s.clock.clock().is_active() {
        let sides: Vec<String> = [Color::White, Color::Black].into_iter().map(|c| clock::side_time(s, c)).collect();
        lines.push(s.wording.say_text(sides.join(" ")));
    }
    Response::lines(lines)
}

/// `open`: the sealed move is revealed and played (or loses), and the replier's clock starts.
pub(crate) fn open_sealed(s: &mut Session) -> Vec<Line> {
    let Some((sealer, written)) = s.adjournment.open() else {
        return vec![s.wording.line("adjourn.nothing_sealed", &[]).with_cue(Cue::Error)];
    };
    if let Some(outcome) = s.game.outcome() {
        return announce::game_over_lines(s, outcome);
    }
    let pos = s.game.position().clone();
    s.clock.resume(s.now);
    let letters = s.settings.letters(sealer);
    let mut set = None;
    let (mv, key) = match read_sealed(&s.reader, &written, &pos, letters) {
        SealedReading::Exact(mv) => (mv, "adjourn.opened"),
        SealedReading::Slip(mv) => (mv, "adjourn.slip"),
        SealedReading::OtherLetters(mv, other) => {
            set = Some(other);
            (mv, "adjourn.other_letters")
        }
        SealedReading::Invalid => {
            let mut lines =
                vec![s.wording.say(s.wording.words("adjourn.invalid", &[("written", s.wording.typed(&written))]))];
            if let Ok(outcome) = s.game.forfeit(sealer, Forfeit::SealedMove) {
                lines.extend(announce::outcome_lines(s, outcome));
            }
            return lines;
        }
    };
    let w = &s.wording;
    let said = w.mv(&pos, mv, s.settings.letters(sealer));
    let written = Words::new(written, said.spoken.clone());
    let set = set.map(|set| w.text(announce::letters_key(set), &[])).unwrap_or_default();
    let args = [("written", written), ("san", said), ("letters", set.into())];
    let mut lines = vec![s.wording.say(w.words(key, &args))];
    lines.extend(moves::play_move(s, mv));
    lines
}

// from adjourn.rs
fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}
