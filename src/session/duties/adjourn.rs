//! Adjournment (the rules for adjourned games; 1953 §21–23): the player to move seals a move,
//! never said or shown; `adjourn` stops the clock and hands out the envelope; a game set up from
//! an envelope waits until the sealed move is opened in the replying player's presence, and a
//! sealed move that is ambiguous, unreadable or illegal loses, unless it is an obvious slip.

use std::time::Duration;

use shakmaty::{ByColor, Color, Position};

use super::{announce, clock};
use crate::audio::Cue;
use crate::command::{MoveText, Resumption};
use crate::config::{settings_to_toml, Settings};
use crate::notation::{read_sealed, MoveReader, SealedReading};
use crate::rules::{Forfeit, Game};
use crate::session::event::{Document, Effect, Response};
use crate::session::parts::{Adjournment, Timekeeper};
use crate::session::Session;
use crate::store::Envelope;
use crate::wording::{Line, Wording, Words};

/// `seal MOVE`: the player to move writes the sealed move; it can be changed until `adjourn`.
pub(crate) fn seal(
    game: &Game,
    adjournment: &mut Adjournment,
    reader: &MoveReader,
    settings: &Settings,
    w: &Wording,
    written: Option<MoveText>,
) -> Vec<Line> {
    let written = written.map(|w| w.0).unwrap_or_default();
    if let Some(outcome) = game.outcome() {
        return announce::game_over_lines(w, outcome);
    }
    let text = written.trim();
    if text.is_empty() {
        return vec![w.say(w.words("adjourn.need_seal", &[])).with_cue(Cue::Error)];
    }
    let pos = game.position();
    let sealer = pos.turn();
    adjournment.seal(sealer, text);
    let reading = read_sealed(reader, text, pos, settings.letters(sealer));
    let clear = matches!(reading, SealedReading::Exact(_) | SealedReading::OtherLetters(..));
    let mut lines = vec![w.line("adjourn.sealed", &[("color", &w.color(sealer))])];
    if !clear {
        lines.push(w.line("adjourn.sealed_unclear", &[]));
    }
    lines
}

/// `adjourn [RESUMPTION]`: with a sealed move, the clock stops without starting the
/// opponent's, and the envelope is made.
pub(crate) fn adjourn(
    game: &Game,
    clock: &mut Timekeeper,
    adjournment: &mut Adjournment,
    settings: &Settings,
    w: &Wording,
    resumption: Option<Resumption>,
) -> Response {
    let resumption = resumption.map(|r| r.0).unwrap_or_default();
    let Some((sealer, sealed)) = adjournment.sealed_by(game.position().turn()) else {
        return vec![w.say(w.words("adjourn.need_seal", &[])).with_cue(Cue::Error)].into();
    };
    clock.pause();
    adjournment.adjourn();
    let envelope = sealed_envelope(game, clock, settings, (sealer, sealed, resumption));
    let args = [("number", envelope.move_number.to_string()), ("color", w.color(sealer))];
    let lines = vec![w.line_of("adjourn.done", &args)];
    Response { lines, effects: vec![Effect::Write(Box::new(Document::Envelope(envelope)))] }
}

/// The envelope of the game as it stands: the position, each side's time and moves, the sealed
/// move and its sealer, the move number and a standing offer.
fn sealed_envelope(
    game: &Game,
    clock: &Timekeeper,
    settings: &Settings,
    (sealer, sealed, resumption): (Color, String, String),
) -> Envelope {
    let ms = |d: Duration| d.as_millis() as u64;
    Envelope {
        names: ByColor { white: settings.white.clone(), black: settings.black.clone() },
        fen: crate::rules::to_fen(game.position()),
        left_ms: ByColor::new_with(|c| ms(clock.remaining(c))),
        used_ms: ByColor::new_with(|c| ms(clock.used(c))),
        moves: ByColor::new_with(|c| clock.clock().moves(c)),
        sealed_by: sealer,
        move_number: game.position().fullmoves().get(),
        sealed,
        draw_offer: game.standing_offer(),
        resumption,
        settings: settings_to_toml(settings),
        journal: String::new(),
        resumed_in: String::new(),
    }
}

/// The envelope to go on from, and the words for where the envelope read differs from what is
/// known: the game's own journal wins over the envelope; without it, the position in the envelope
/// wins over its move number and its sealer.
fn trusted_envelope(
    game: &Game,
    clock: &Timekeeper,
    adjournment: &Adjournment,
    settings: &Settings,
    read: &Envelope,
) -> (Envelope, Vec<&'static str>) {
    let turn = game.position().turn();
    let sealed = adjournment.sealed_by(turn).filter(|_| adjournment.is_adjourned());
    if let Some((sealer, sealed)) = sealed {
        let own = sealed_envelope(game, clock, settings, (sealer, sealed, read.resumption.clone()));
        let same_position = crate::rules::parse_fen(&read.fen).ok().as_ref() == Some(game.position());
        let differs = [
            (read.sealed.trim() != own.sealed.trim(), "adjourn.field.sealed"),
            (read.sealed_by != own.sealed_by, "adjourn.field.sealer"),
            (!same_position, "adjourn.field.position"),
            (read.move_number != own.move_number, "adjourn.field.move_number"),
            ((read.left_ms, read.used_ms) != (own.left_ms, own.used_ms), "adjourn.field.times"),
            (read.moves != own.moves, "adjourn.field.moves"),
            (read.draw_offer != own.draw_offer, "adjourn.field.draw_offer"),
        ];
        return (own, differs.into_iter().filter(|(d, _)| *d).map(|(_, k)| k).collect());
    }
    let mut own = read.clone();
    let mut differs = Vec::new();
    if read.sealed_by != turn {
        own.sealed_by = turn;
        differs.push("adjourn.field.sealer");
    }
    let number = game.position().fullmoves().get();
    if read.move_number != number {
        own.move_number = number;
        differs.push("adjourn.field.move_number");
    }
    (own, differs)
}

/// Sets the game up from an envelope: the position, the clocks (stopped), the standing offer;
/// the sealed move waits for `open`. Where the game's journal is there, it wins over the
/// envelope, and any difference is said.
pub(crate) fn resume_envelope(
    game: &mut Game,
    clock: &mut Timekeeper,
    adjournment: &mut Adjournment,
    settings: &Settings,
    w: &Wording,
    read: &Envelope,
) -> Response {
    let own_journal = adjournment.is_adjourned();
    let (envelope, differs) = trusted_envelope(game, clock, adjournment, settings, read);
    // The game as journaled up to its adjournment goes on: it is no longer waiting.
    let sealer = envelope.sealed_by;
    let ms = |m: &ByColor<u64>| ByColor::new_with(|c| Duration::from_millis(*m.get(c)));
    clock.restore(ms(&envelope.left_ms), envelope.moves, sealer);
    let used = ms(&envelope.used_ms);
    for color in Color::ALL {
        clock.set_used(color, *used.get(color));
    }
    clock.pause();
    if let Some(offerer) = envelope.draw_offer {
        let _ = game.offer_draw(offerer);
    }
    adjournment.resume(sealer, &envelope.sealed);
    let mut lines = Vec::new();
    if !differs.is_empty() {
        let fields: Vec<String> = differs.iter().map(|k| w.text(k, &[])).collect();
        let key = if own_journal { "adjourn.differs" } else { "adjourn.inconsistent" };
        lines.push(w.line(key, &[("fields", &w.and_list(&fields))]).with_cue(Cue::Error));
    }
    let args = [
        ("number", envelope.move_number.to_string()),
        ("color", w.color(sealer)),
        ("opponent", w.color(sealer.other())),
    ];
    lines.push(w.line_of("adjourn.resumed", &args));
    if !envelope.resumption.is_empty() {
        // Said as well when it is words ("2 December 10:00, the club"); only printed otherwise.
        let text = w.typed(&envelope.resumption);
        lines.push(match text.spoken == text.printed {
            true => w.say(w.words("adjourn.resumption", &[("text", text)])),
            false => Line::printed(w.text("adjourn.resumption", &[("text", &envelope.resumption)])),
        });
    }
    if let Some(offerer) = game.standing_offer() {
        lines.push(w.line("draw.offered", &[("color", &w.color(offerer))]));
    }
    if clock.is_active() {
        lines.push(clock::both_times(clock, w));
    }
    Response::lines(lines)
}

/// `open`: the sealed move is revealed and played (or loses), and the replier's clock starts.
pub(crate) fn open_sealed(s: &mut Session) -> Vec<Line> {
    let Some((sealer, written)) = s.adjournment.open() else {
        return vec![s.wording.line("adjourn.nothing_sealed", &[]).with_cue(Cue::Error)];
    };
    if let Some(outcome) = s.game.outcome() {
        return announce::game_over_lines(&s.wording, outcome);
    }
    let pos = s.game.position().clone();
    s.clock.resume();
    let w = &s.wording;
    let letters = s.settings.letters(sealer);
    let (mv, key, set) = match read_sealed(&s.reader, &written, &pos, letters) {
        SealedReading::Exact(mv) => (mv, "adjourn.opened", None),
        SealedReading::Slip(mv) => (mv, "adjourn.slip", None),
        SealedReading::OtherLetters(mv, other) => (mv, "adjourn.other_letters", Some(other)),
        SealedReading::Invalid => {
            let mut lines = vec![w.say(w.words("adjourn.invalid", &[("written", w.typed(&written))]))];
            if let Ok(outcome) = s.game.forfeit(sealer, Forfeit::SealedMove) {
                lines.extend(announce::outcome_lines(&s.game, &s.settings, &s.wording, outcome));
            }
            return lines;
        }
    };
    let said = w.mv(&pos, mv, letters);
    let written = Words::new(written, said.spoken.clone());
    let set = set.map(|set| w.text(announce::letters_key(set), &[])).unwrap_or_default();
    let args = [("written", written), ("san", said), ("letters", set.into())];
    let mut lines = vec![w.say(w.words(key, &args))];
    lines.extend(s.play(mv));
    lines
}
