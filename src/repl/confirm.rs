//! Actions that cannot be undone — resigning, abandoning a game in progress, recording an illegal
//! move, a reconcile that takes moves back, accepting a draw, a claim — are asked as a yes-or-no
//! question first (unless the `ui.confirm` setting is off); `resign` without a colour asks who
//! resigns. Only an action that would really change the game is asked about: one that is refused
//! anyway (no offer to accept, a bad argument, a game already over) answers at once.

use shakmaty::{Color, Position};

use super::arguments::Input;
use super::command::Command;
use super::session::{start_position, Question, Session};
use super::{Line, Response};
use crate::wording::Words;

impl Session {
    /// The question to ask before `command` is carried out, when it would do something that
    /// cannot be undone; `None` lets it go ahead (or refuse) at once.
    pub(super) fn confirmation(&self, command: &Command) -> Option<Words> {
        if !self.settings.confirm || (self.game.is_over() && !matches!(command, Command::New(_))) {
            return None;
        }
        let w = self.wording();
        let color = |c: Color| Words::plain(self.color_name(c));
        match command {
            Command::Resign(by) => {
                let by = (*by)?;
                Some(w.words("confirm.resign", &[("color", color(by)), ("winner", color(by.other()))]))
            }
            Command::New(fen) => {
                let abandons = self.game.ply_count() > 0 && !self.game.is_over();
                (abandons && start_position(fen.as_deref()).is_ok()).then(|| w.words("confirm.new", &[]))
            }
            Command::Illegal(by) => {
                let offender = by.unwrap_or(self.game.position().turn().other());
                Some(w.words("confirm.illegal", &[("color", color(offender))]))
            }
            Command::Reconcile => {
                let ply = self.sheets_differ_at().filter(|&p| p < self.game.ply_count())?;
                Some(match ply {
                    0 => w.words("confirm.reconcile_start", &[]),
                    _ => w.words("confirm.reconcile", &[("number", self.ply_label(ply - 1))]),
                })
            }
            Command::Accept => {
                let offerer = self.game.standing_offer()?;
                Some(w.words("confirm.accept", &[("color", color(offerer.other()))]))
            }
            Command::Claim(intended) => self.claim_question(intended.as_deref()),
            _ => None,
        }
    }

    /// "White claims a draw now …" or "… with the intended move …", when the move can be read.
    fn claim_question(&self, intended: Option<&str>) -> Option<Words> {
        let w = self.wording();
        let pos = self.game.position();
        let claimant = pos.turn();
        let color = Words::plain(self.color_name(claimant));
        let Some(text) = intended else {
            return Some(w.words("confirm.claim", &[("color", color)]));
        };
        let mv = self.reader.read(text, pos, self.settings.letters(claimant)).ok()?;
        let san = w.mv(pos, mv, self.printed_letters(claimant));
        Some(w.words("confirm.claim_move", &[("color", color), ("san", san)]))
    }

    /// Asks before `command` when it needs asking: the question, now waiting for its answer.
    pub(super) fn ask_first(&mut self, command: &Command) -> Option<Vec<Line>> {
        let question = self.confirmation(command)?;
        self.question = Some(Question::Confirm(command.clone()));
        Some(vec![self.say_words(question)])
    }

    /// `resign` without a colour: who resigns?
    pub(super) fn ask_who_resigns(&mut self) -> Vec<Line> {
        self.question = Some(Question::WhoResigns);
        let (white, black) = (self.color_name(Color::White), self.color_name(Color::Black));
        vec![self.line("confirm.who_resigns", &[("white", &white), ("black", &black)])]
    }

    /// The answer no (or decline) to a confirmation: nothing is done.
    pub(super) fn not_done(&self) -> Vec<Line> {
        vec![self.line("confirm.not_done", &[])]
    }

    /// The answer to a confirmation or to "who resigns?", when `input` is one: yes carries the
    /// action out, no leaves everything as it was. Anything else drops the question.
    pub(super) fn answer_confirmation(&mut self, question: Option<&Question>, input: &Input) -> Option<Response> {
        match (question?, input) {
            (Question::Confirm(command), Input::Command(Command::Accept)) => Some(self.command(command.clone())),
            (Question::Confirm(_) | Question::WhoResigns, Input::Command(Command::Decline)) => {
                Some(Response::lines(self.not_done()))
            }
            (Question::WhoResigns, Input::Command(resign @ Command::Resign(Some(_)))) => {
                Some(self.command(resign.clone()))
            }
            _ => None,
        }
    }
}
