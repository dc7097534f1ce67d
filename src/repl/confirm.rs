//! Actions that cannot be undone — resigning, abandoning a game in progress, recording an illegal
//! move, a reconcile that takes moves back, accepting a draw, a claim — are asked as a yes-or-no
//! question first (unless the `ui.confirm` setting is off); `resign` without a colour asks who
//! resigns. Only an action that would really change the game is asked about: one that is refused
//! anyway (no offer to accept, a bad argument, a game already over) answers at once.

use shakmaty::{Color, Position};

use super::registry::{CommandId, Input};
use super::session::{start_position, Question, Session};
use super::wording::Words;
use super::Line;

impl Session {
    /// The question to ask before command `id` with `args` is carried out, when it would do
    /// something that cannot be undone; `None` lets it go ahead (or refuse) at once.
    pub(super) fn confirmation(&self, id: CommandId, args: &str) -> Option<Words> {
        if !self.settings.confirm || (self.game.is_over() && id != CommandId::New) {
            return None;
        }
        let w = self.wording();
        let color = |c: Color| Words::plain(self.color_name(c));
        match id {
            CommandId::Resign => {
                let by = self.parse_color(args)?;
                Some(w.words("confirm.resign", &[("color", color(by)), ("winner", color(by.other()))]))
            }
            CommandId::New => {
                let abandons = self.game.ply_count() > 0 && !self.game.is_over();
                let fen = (!args.trim().is_empty()).then_some(args.trim());
                (abandons && start_position(fen).is_ok()).then(|| w.words("confirm.new", &[]))
            }
            CommandId::Illegal => {
                let offender = self.color_arg(id, args, self.game.position().turn().other()).ok()?;
                Some(w.words("confirm.illegal", &[("color", color(offender))]))
            }
            CommandId::Reconcile => {
                let ply = self.sheets_differ_at().filter(|&p| p < self.game.ply_count())?;
                Some(match ply {
                    0 => w.words("confirm.reconcile_start", &[]),
                    _ => w.words("confirm.reconcile", &[("number", self.ply_label(ply - 1))]),
                })
            }
            CommandId::Accept => {
                let offerer = self.game.standing_offer()?;
                Some(w.words("confirm.accept", &[("color", color(offerer.other()))]))
            }
            CommandId::Claim => self.claim_question(args),
            _ => None,
        }
    }

    /// "White claims a draw now …" or "… with the intended move …", when the move can be read.
    fn claim_question(&self, args: &str) -> Option<Words> {
        let w = self.wording();
        let pos = self.game.position();
        let claimant = pos.turn();
        let color = Words::plain(self.color_name(claimant));
        if args.trim().is_empty() {
            return Some(w.words("confirm.claim", &[("color", color)]));
        }
        let mv = self.reader.read(args, pos, self.settings.letters(claimant)).ok()?;
        let san = w.mv(pos, mv, self.printed_letters(claimant));
        Some(w.words("confirm.claim_move", &[("color", color), ("san", san)]))
    }

    /// Asks before `id` when it needs asking: the question, now waiting for its answer.
    pub(super) fn ask_first(&mut self, id: CommandId, args: &str) -> Option<Vec<Line>> {
        let question = self.confirmation(id, args)?;
        self.question = Some(Question::Confirm { id, args: args.to_string() });
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
    pub(super) fn answer_confirmation(&mut self, question: Option<&Question>, input: &Input) -> Option<Vec<Line>> {
        match (question?, input) {
            (Question::Confirm { id, args }, Input::Command(CommandId::Accept, _)) => Some(self.command(*id, args)),
            (Question::Confirm { .. } | Question::WhoResigns, Input::Command(CommandId::Decline, _)) => {
                Some(self.not_done())
            }
            (Question::WhoResigns, Input::Command(CommandId::Resign, args)) if self.parse_color(args).is_some() => {
                Some(self.command(CommandId::Resign, args))
            }
            _ => None,
        }
    }
}
