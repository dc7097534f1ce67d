//! Adjournment (the rules for adjourned games; 1953 §21–23): the player to move seals a move,
//! never said or shown; `adjourn` stops the clock and hands out the envelope; a game set up from
//! an envelope waits until the sealed move is opened in the replying player's presence, and a
//! sealed move that is ambiguous, unreadable or illegal loses, unless it is an obvious slip.

use std::time::Duration;

use shakmaty::{ByColor, Color, Position};

use super::adjournment::Waiting;
use super::session::Session;
use super::{Document, Effect, Line, Response, Timestamp};
use crate::audio::Cue;
use crate::config::settings_to_toml;
use crate::notation::{read_sealed, SealedReading};
use crate::rules::Forfeit;
use crate::store::Envelope;
use crate::wording::Words;

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

impl Session {
    /// `seal MOVE`: the player to move writes the sealed move; it can be changed until `adjourn`.
    pub(super) fn seal(&mut self, written: &str) -> Vec<Line> {
        if let Some(outcome) = self.game.outcome() {
            return self.game_over_lines(outcome);
        }
        let text = written.trim();
        if text.is_empty() {
            return vec![self.say_words(self.wording().words("adjourn.need_seal", &[])).with_cue(Cue::Error)];
        }
        let pos = self.game.position().clone();
        let sealer = pos.turn();
        self.adjournment.seal(sealer, text);
        let clear =
            matches!(read_sealed(&self.reader, text, &pos, self.settings.letters(sealer)), SealedReading::Exact(_));
        let mut lines = vec![self.line("adjourn.sealed", &[("color", &self.color(sealer))])];
        if !clear {
            lines.push(self.line("adjourn.sealed_unclear", &[]));
        }
        lines
    }

    /// `adjourn [RESUMPTION]`: with a sealed move, the clock stops without starting the
    /// opponent's, and the envelope is made.
    pub(super) fn adjourn(&mut self, resumption: &str) -> Response {
        let turn = self.game.position().turn();
        let Some((sealer, sealed)) = self.adjournment.sealed_by(turn) else {
            return Response {
                lines: vec![self.say_words(self.wording().words("adjourn.need_seal", &[])).with_cue(Cue::Error)],
                ..Response::default()
            };
        };
        self.timing.clock.pause(self.now);
        self.adjournment.adjourn();
        let side = |c: Color| {
            (self.timing.clock.remaining(c, self.now), self.timing.clock.used(c, self.now), self.timing.clock.moves(c))
        };
        let ((wl, wu, wm), (bl, bu, bm)) = (side(Color::White), side(Color::Black));
        let envelope = Envelope {
            white: self.settings.white.clone(),
            black: self.settings.black.clone(),
            fen: crate::rules::to_fen(self.game.position()),
            white_left_ms: wl.as_millis() as u64,
            black_left_ms: bl.as_millis() as u64,
            white_used_ms: wu.as_millis() as u64,
            black_used_ms: bu.as_millis() as u64,
            white_moves: wm,
            black_moves: bm,
            sealed_by: color_name(sealer).into(),
            move_number: self.game.position().fullmoves().get(),
            sealed,
            draw_offer: self.game.standing_offer().map_or("", color_name).into(),
            resumption: resumption.to_string(),
            settings: settings_to_toml(&self.settings),
            journal: String::new(),
            resumed_in: String::new(),
        };
        let args = [("number", envelope.move_number.to_string()), ("color", self.color(sealer))];
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let lines = vec![self.line("adjourn.done", &args)];
        Response { lines, effects: vec![Effect::Write(Box::new(Document::Envelope(envelope)))] }
    }

    /// Sets the game up from an envelope: the position, the clocks (stopped), the standing offer;
    /// the sealed move waits for `open`.
    pub(super) fn resume_envelope(&mut self, envelope: &Envelope, now: Timestamp) -> Response {
        self.now = now;
        // The game as journaled up to its adjournment goes on: it is no longer waiting.
        let sealer = if envelope.sealed_by == "white" { Color::White } else { Color::Black };
        let times = ByColor {
            white: Duration::from_millis(envelope.white_left_ms),
            black: Duration::from_millis(envelope.black_left_ms),
        };
        let moves = ByColor { white: envelope.white_moves, black: envelope.black_moves };
        self.timing.clock.restore(times, moves, sealer, now);
        self.timing.clock.set_used(Color::White, Duration::from_millis(envelope.white_used_ms));
        self.timing.clock.set_used(Color::Black, Duration::from_millis(envelope.black_used_ms));
        self.timing.clock.pause(now);
        self.timing.watch.reset(Color::White, &self.timing.clock, now, true);
        self.timing.watch.reset(Color::Black, &self.timing.clock, now, true);
        match envelope.draw_offer.as_str() {
            "white" => {
                let _ = self.game.offer_draw(Color::White);
            }
            "black" => {
                let _ = self.game.offer_draw(Color::Black);
            }
            _ => {}
        }
        self.adjournment.resume(sealer, &envelope.sealed);
        let args = [
            ("number", envelope.move_number.to_string()),
            ("color", self.color(sealer)),
            ("opponent", self.color(sealer.other())),
        ];
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let mut lines = vec![self.line("adjourn.resumed", &args)];
        if !envelope.resumption.is_empty() {
            lines.push(Self::print(self.tr("adjourn.resumption", &[("text", &envelope.resumption)])));
        }
        if let Some(offerer) = self.game.standing_offer() {
            lines.push(self.line("draw.offered", &[("color", &self.color(offerer))]));
        }
        if self.timing.clock.is_active() {
            let sides: Vec<String> = [Color::White, Color::Black].into_iter().map(|c| self.side_time(c)).collect();
            lines.push(self.say(sides.join(" ")));
        }
        Response::lines(lines)
    }

    /// Whether the game waits in an envelope.
    pub fn is_adjourned(&self) -> bool {
        self.adjournment.is_adjourned()
    }

    /// Refuses moves while the game is adjourned or its sealed move is unopened.
    pub(super) fn adjournment_refusal(&self) -> Option<Vec<Line>> {
        let key = match self.adjournment.waiting()? {
            Waiting::Adjourned => "adjourn.is_adjourned",
            Waiting::Unopened => "adjourn.open_first",
        };
        Some(vec![self.line(key, &[]).with_cue(Cue::Error)])
    }

    /// `open`: the sealed move is revealed and played (or loses), and the replier's clock starts.
    pub(super) fn open_sealed(&mut self) -> Vec<Line> {
        let Some((sealer, written)) = self.adjournment.open() else {
            return vec![self.line("adjourn.nothing_sealed", &[]).with_cue(Cue::Error)];
        };
        if let Some(outcome) = self.game.outcome() {
            return self.game_over_lines(outcome);
        }
        let pos = self.game.position().clone();
        self.timing.clock.resume(self.now);
        let letters = self.settings.letters(sealer);
        let (mv, key) = match read_sealed(&self.reader, &written, &pos, letters) {
            SealedReading::Exact(mv) => (mv, "adjourn.opened"),
            SealedReading::Slip(mv) => (mv, "adjourn.slip"),
            SealedReading::Invalid => {
                let mut lines =
                    vec![self.say_words(self.wording().words("adjourn.invalid", &[("written", self.typed(&written))]))];
                if let Ok(outcome) = self.game.forfeit(sealer, Forfeit::SealedMove) {
                    lines.extend(self.outcome_lines(outcome));
                }
                return lines;
            }
        };
        let w = self.wording();
        let said = w.mv(&pos, mv, self.printed_letters(sealer));
        let written = Words::new(written, said.spoken.clone());
        let mut lines = vec![self.say_words(w.words(key, &[("written", written), ("san", said)]))];
        lines.extend(self.play_move(mv));
        lines
    }
}
