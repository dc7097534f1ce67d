//! Moves: a typed move read in the position and the player's letters, played and announced
//! (printed in notation, spoken in the pack's words), with what it did to the clock and the table,
//! the end of the game, and why a move was refused.

use shakmaty::{Chess, Color, Position, Role, Square};

use super::session::{Announced, Question, Session};
use super::Line;
use crate::audio::Cue;
use crate::notation::{self, Diagnosis, LetterSet, ReadError};
use crate::rules::{GameError, MoveReport, Outcome};
use crate::wording::reason_key;
use crate::wording::Words;

impl Session {
    pub(super) fn game_over_lines(&self, outcome: Outcome) -> Vec<Line> {
        let text = self.tr("error.game_over", &[("result", &self.outcome_sentence(outcome))]);
        vec![self.say(text).with_cue(Cue::Error)]
    }

    pub(super) fn play_text(&mut self, text: &str) -> Vec<Line> {
        if let Some(outcome) = self.game.outcome() {
            return self.game_over_lines(outcome);
        }
        if let Some(refusal) = self.adjournment_refusal() {
            return refusal;
        }
        let (text, offers_draw) = match text.trim().strip_suffix("(=)") {
            Some(rest) => (rest.trim(), true),
            None => (text.trim(), false),
        };
        if text.is_empty() {
            return vec![self.line("error.not_a_move_plain", &[])];
        }
        // A refused move does not use up a relay waiting for its confirmation.
        let waiting = self.table.pending().map(|p| (p, self.table.board(p.receiver).clone()));
        self.before_move();
        let pos = self.game.position().clone();
        let letters = self.settings.letters(pos.turn());
        let mv = match self.reader.read(text, &pos, letters) {
            Ok(mv) => mv,
            Err(e) => {
                if let Some(lines) = self.divergence_lines(text, letters) {
                    return lines;
                }
                self.keep_waiting(waiting);
                if let ReadError::NeedsPromotion(moves) = &e {
                    self.question = Some(Question::Promotion { moves: moves.clone() });
                }
                let mut lines = self.read_error_lines(text, &pos, letters, e);
                lines.extend(self.misexecution_question(text, letters));
                return lines;
            }
        };
        self.play_read(mv, waiting, offers_draw)
    }

    /// A move said aloud and heard as the legal move `mv`: played as if it had been typed.
    pub(super) fn play_heard(&mut self, mv: shakmaty::Move) -> Vec<Line> {
        if let Some(outcome) = self.game.outcome() {
            return self.game_over_lines(outcome);
        }
        if let Some(refusal) = self.adjournment_refusal() {
            return refusal;
        }
        let waiting = self.table.pending().map(|p| (p, self.table.board(p.receiver).clone()));
        self.before_move();
        self.play_read(mv, waiting, false)
    }

    /// Plays a move read in the position (refused when a touched piece must move instead), with
    /// a draw offered when asked.
    fn play_read(
        &mut self,
        mv: shakmaty::Move,
        waiting: Option<(crate::table::PendingRelay, crate::table::PhysicalBoard)>,
        offers_draw: bool,
    ) -> Vec<Line> {
        if let Some(refusal) = self.touch_refusal(mv) {
            self.keep_waiting(waiting);
            return refusal;
        }
        let mover = self.game.position().turn();
        let mut lines = self.play_move(mv);
        if offers_draw && !self.game.is_over() && self.game.offer_draw(mover).is_ok() {
            self.offers.push(self.game.ply_count() - 1);
            lines.push(self.line("move.offer", &[("color", &self.color(mover))]));
        }
        lines
    }

    /// After a refused move: the relay that `before_move` took as confirmed waits again.
    pub(super) fn keep_waiting(&mut self, waiting: Option<(crate::table::PendingRelay, crate::table::PhysicalBoard)>) {
        if let (Some((pending, board)), None) = (waiting, self.table.pending()) {
            self.table.unconfirm(pending, board);
        }
    }

    /// Plays a legal move and announces it.
    pub(super) fn play_move(&mut self, mv: shakmaty::Move) -> Vec<Line> {
        let before = self.game.position().clone();
        match self.game.play(mv) {
            Ok(report) => self.announce(&before, &report),
            Err(e) => self.game_error_lines(e),
        }
    }

    /// The announcement of a move just played, with what it did to the clock.
    pub(super) fn announce(&mut self, before: &Chess, report: &MoveReport) -> Vec<Line> {
        let mut lines = self.announcement(before, report);
        let control = self.press_clock(report.mover);
        self.record_on_table(before, report);
        // The time control line belongs right after the move, before any result.
        let at = lines.len().min(1);
        for (i, line) in control.into_iter().enumerate() {
            lines.insert(at + i, line);
        }
        lines
    }

    pub(super) fn announcement(&mut self, before: &Chess, report: &MoveReport) -> Vec<Line> {
        let words = notation::spoken(before, report.mv, self.wording().pack(), self.settings.style);
        let san = notation::san(before, report.mv, self.printed_letters(report.mover));
        let dots = if report.mover == Color::White { "." } else { "..." };
        let number = report.number.to_string();
        let text = self.tr("move.line", &[("number", &number), ("dots", dots), ("san", &san), ("words", &words)]);
        self.announced.push(Announced { text: text.clone(), words: words.clone() });
        let cue = match report.san.suffix {
            Some(_) => Cue::Check,
            None if report.mv.is_capture() => Cue::Capture,
            None => Cue::Move,
        };
        let mut announced = self.wording().announce(text, words).with_cue(cue);
        announced.speech = announced.speech.map(crate::speech::Utterance::important);
        let mut lines = vec![announced];
        if report.declined_offer {
            let offerer = self.color(report.mover.other());
            lines.push(self.line("move.offer_lapsed", &[("color", &offerer)]));
        }
        if let Some(outcome) = report.outcome {
            lines.extend(self.outcome_lines(outcome));
        }
        lines
    }

    pub(super) fn outcome_sentence(&self, outcome: Outcome) -> String {
        let (winner, loser) = match outcome.result {
            crate::rules::GameResult::WhiteWins => (Color::White, Color::Black),
            _ => (Color::Black, Color::White),
        };
        self.tr(reason_key(outcome.reason), &[("winner", &self.color(winner)), ("loser", &self.color(loser))])
    }

    pub(super) fn outcome_lines(&self, outcome: Outcome) -> Vec<Line> {
        let mut said = self.say(self.outcome_sentence(outcome)).with_cue(Cue::GameEnd);
        if let Some(u) = said.speech.as_mut() {
            u.important = true;
        }
        // The contract's line: `result: SCORE (reason)`, the reason in the interface language.
        let reason = self.tr(crate::wording::reason_line_key(outcome.reason), &[]);
        let mut lines = vec![said, Self::print(format!("result: {} ({reason})", outcome.result.score()))];
        // 1953 §24: a game decided before a move was made is scored + and −.
        let winner = match outcome.result {
            crate::rules::GameResult::WhiteWins => Some(Color::White),
            crate::rules::GameResult::BlackWins => Some(Color::Black),
            crate::rules::GameResult::Draw => None,
        };
        let unplayed = self.settings.ruleset == crate::rules::Ruleset::Ussr1953 && self.game.ply_count() == 0;
        if let (Some(winner), true) = (winner, unplayed) {
            let (w, l) = (self.color(winner), self.color(winner.other()));
            lines.push(self.line("result.without_play", &[("winner", &w), ("loser", &l)]));
        }
        lines
    }

    pub(super) fn game_error_lines(&self, error: GameError) -> Vec<Line> {
        let key = match error {
            GameError::GameOver(outcome) => return self.game_over_lines(outcome),
            GameError::IllegalMove => "error.not_a_move_plain",
            GameError::NoOffer => "draw.no_offer",
            GameError::OwnOffer => "draw.own_offer",
            GameError::OfferStands => "draw.already",
        };
        let offerer = self.game.standing_offer().map(|c| self.color(c)).unwrap_or_default();
        vec![self.line(key, &[("color", &offerer)]).with_cue(Cue::Error)]
    }

    pub(super) fn read_error_lines(&self, text: &str, pos: &Chess, letters: LetterSet, error: ReadError) -> Vec<Line> {
        let w = self.wording();
        let cue = if matches!(error, ReadError::NotAMove(_)) { Cue::Error } else { Cue::Illegal };
        let sentence = match error {
            ReadError::NotAMove(word) => self.not_a_move(text, word.as_deref(), letters),
            ReadError::Ambiguous(moves) => {
                let candidates: Vec<Words> = moves.iter().map(|m| w.candidate(pos, *m, letters)).collect();
                w.words("error.ambiguous", &[("text", self.typed(text)), ("candidates", w.list(&candidates))])
            }
            ReadError::NeedsPromotion(moves) => {
                let candidates: Vec<Words> = moves
                    .iter()
                    .map(|m| {
                        let piece = m.promotion().map(|r| self.piece(r)).unwrap_or_default();
                        Words::new(notation::san(pos, *m, letters), piece)
                    })
                    .collect();
                w.words("error.promotion", &[("candidates", w.list(&candidates))])
            }
            ReadError::OtherLetters { set, mv } => w.words(
                "error.other_letters",
                &[
                    ("text", self.typed(text)),
                    ("letters", self.tr(letters_key(letters), &[]).into()),
                    ("other", self.tr(letters_key(set), &[]).into()),
                    ("san", w.mv(pos, mv, letters)),
                ],
            ),
            ReadError::Illegal { reason, piece } => {
                let mut sentence = self.illegal_sentence(pos, reason);
                if let Some(square) = piece {
                    let moves = self.piece_moves_sentence(pos, square, letters);
                    sentence = Words::new(
                        format!("{} {}", sentence.printed, moves.printed),
                        format!("{} {}", sentence.spoken, moves.spoken),
                    );
                }
                sentence
            }
        };
        vec![self.say_words(sentence).with_cue(cue)]
    }

    /// Why `text` is no move: what exactly is wrong where that can be said, a command given
    /// words it does not take, the command meant, or the word that could not be read.
    fn not_a_move(&self, text: &str, word: Option<&str>, letters: LetterSet) -> Words {
        let w = self.wording();
        let first = text.split_whitespace().next().unwrap_or_default();
        if let Some(diagnosis) = self.reader.diagnose(text, letters) {
            return self.diagnosis_words(diagnosis, text, letters);
        }
        if let Some(spec) = super::registry::lookup(first).filter(|s| s.args.is_empty()) {
            return w.words("error.no_arguments", &[("command", spec.name_in(self.lang()).into())]);
        }
        match word.filter(|w| !w.is_empty()) {
            Some(word) => match super::completion::nearest_commands(first).as_slice() {
                [] => w.words("error.not_a_move", &[("word", self.typed(word))]),
                near => {
                    w.words("error.did_you_mean", &[("word", self.typed(first)), ("commands", self.list(near).into())])
                }
            },
            None => w.words("error.not_a_move_plain", &[]),
        }
    }

    /// A diagnosis in words.
    fn diagnosis_words(&self, diagnosis: Diagnosis, text: &str, letters: LetterSet) -> Words {
        let w = self.wording();
        let set_name = |set: LetterSet| Words::plain(self.tr(letters_key(set), &[]));
        match diagnosis {
            Diagnosis::NoSuchSquare(square) => {
                // Spoken letter by letter and number by number, never as one word.
                let spoken = square.chars().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
                let spoken = if square.contains(' ') { square.clone() } else { spoken };
                w.words("error.no_such_square", &[("square", Words::new(square, spoken))])
            }
            Diagnosis::NoSuchPiece(letter) => {
                let pieces: Vec<String> = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
                    .into_iter()
                    .filter_map(|r| letters.letter(r).map(|l| format!("{l} {}", self.piece(r))))
                    .collect();
                let args = [
                    ("letter", letter.to_string().into()),
                    ("letters", set_name(letters)),
                    ("pieces", self.list(&pieces).into()),
                ];
                w.words("error.no_such_piece", &args)
            }
            Diagnosis::ForeignLetter { letter, meanings } => {
                let meanings: Vec<String> = meanings
                    .into_iter()
                    .map(|(set, role)| {
                        self.tr(
                            "error.foreign_meaning",
                            &[("piece", &self.piece(role)), ("letters", &set_name(set).printed)],
                        )
                    })
                    .collect();
                let args = [
                    ("letter", letter.to_string().into()),
                    ("letters", set_name(letters)),
                    ("meanings", self.list(&meanings).into()),
                ];
                w.words("error.foreign_letter", &args)
            }
            Diagnosis::NoSquare => w.words("error.no_square", &[("text", self.typed(text))]),
            Diagnosis::NoPromotionPiece => w.words("error.no_promotion_piece", &[]),
            Diagnosis::MoveNumber(number) => w.words("error.move_number", &[("number", self.typed(&number))]),
        }
    }

    /// "Legal moves of the knight on g1: Nf3 or Nh3." (spoken in the pack's words).
    pub(super) fn piece_moves_sentence(&self, pos: &Chess, square: Square, letters: LetterSet) -> Words {
        let w = self.wording();
        let Some(piece) = pos.board().piece_at(square) else {
            return Words::default();
        };
        let moves = w.moves_from(pos, square, letters);
        let args = [("piece", self.piece(piece.role).into()), ("square", w.square(square)), ("moves", w.list(&moves))];
        if moves.is_empty() {
            w.words("error.piece_no_moves", &args)
        } else {
            w.words("error.piece_moves", &args)
        }
    }
}

fn letters_key(set: LetterSet) -> &'static str {
    match set {
        LetterSet::English => "letters.en",
        LetterSet::Estonian => "letters.et",
        LetterSet::German => "letters.de",
    }
}
