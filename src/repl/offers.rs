//! Draw offers, claims (9.2, 9.3, 9.5) and resignation: who offers, accepts or claims, with the
//! intended move played when a claim is refused.

use shakmaty::{Color, Position};

use super::keywords::Keyword;
use super::registry::{CommandId, CommandSpec};
use super::session::Session;
use super::Line;
use crate::rules::ClaimResult;

impl Session {
    pub(super) fn parse_color(&self, arg: &str) -> Option<Color> {
        match Keyword::read(arg, &[Keyword::White, Keyword::Black])? {
            Keyword::White => Some(Color::White),
            _ => Some(Color::Black),
        }
    }

    /// The colour named by the argument, or `default` when there is none.
    pub(super) fn color_arg(&self, id: CommandId, args: &str, default: Color) -> Result<Color, Vec<Line>> {
        if args.trim().is_empty() {
            return Ok(default);
        }
        self.parse_color(args).ok_or_else(|| {
            let expected = self.list(&[self.color(Color::White), self.color(Color::Black)]);
            let spec = CommandSpec::of(id);
            vec![self
                .say(self.tr("error.bad_argument", &[("command", spec.name_in(self.lang())), ("expected", &expected)]))]
        })
    }

    pub(super) fn offer(&mut self, args: &str) -> Vec<Line> {
        let pos = self.game.position();
        let just_moved = if self.game.ply_count() == 0 { pos.turn() } else { pos.turn().other() };
        let by = match self.color_arg(CommandId::Draw, args, just_moved) {
            Ok(c) => c,
            Err(lines) => return lines,
        };
        match self.game.offer_draw(by) {
            Ok(()) if self.game.ply_count() > 0 && by == self.game.position().turn().other() => {
                self.offers.push(self.game.ply_count() - 1);
                vec![self.line("draw.offered", &[("color", &self.color(by))])]
            }
            Ok(()) => vec![self.line("draw.offered", &[("color", &self.color(by))])],
            Err(e) => self.game_error_lines(e),
        }
    }

    pub(super) fn answer_offer(&mut self, accept: bool) -> Vec<Line> {
        let Some(offerer) = self.game.standing_offer() else {
            return match self.game.outcome() {
                Some(outcome) => self.game_over_lines(outcome),
                None => vec![self.line("draw.no_offer", &[])],
            };
        };
        let by = offerer.other();
        if accept {
            match self.game.accept_draw(by) {
                Ok(outcome) => {
                    let mut lines = vec![self.line("draw.accepted", &[("color", &self.color(by))])];
                    lines.extend(self.outcome_lines(outcome));
                    lines
                }
                Err(e) => self.game_error_lines(e),
            }
        } else {
            match self.game.decline_draw(by) {
                Ok(_) => vec![self.line("draw.declined", &[("color", &self.color(by))])],
                Err(e) => self.game_error_lines(e),
            }
        }
    }

    pub(super) fn claim(&mut self, args: &str) -> Vec<Line> {
        if let Some(outcome) = self.game.outcome() {
            return self.game_over_lines(outcome);
        }
        let pos = self.game.position().clone();
        let claimant = pos.turn();
        let letters = self.settings.letters(claimant);
        let intended = if args.trim().is_empty() {
            None
        } else {
            match self.reader.read(args, &pos, letters) {
                Ok(mv) => Some(mv),
                Err(e) => return self.read_error_lines(args, &pos, letters, e),
            }
        };
        let color = self.color(claimant);
        let mut lines = vec![match intended {
            Some(mv) => {
                let san = self.wording().mv(&pos, mv, self.printed_letters(claimant));
                self.say_words(self.wording().words("claim.intended", &[("color", color.clone().into()), ("san", san)]))
            }
            None => self.line("claim.now", &[("color", &color)]),
        }];
        let (verdict, report) = match self.game.claim(intended) {
            Ok(result) => result,
            Err(e) => return self.game_error_lines(e),
        };
        match verdict {
            ClaimResult::Upheld { .. } => {
                lines.extend(self.game.outcome().map(|o| self.outcome_lines(o)).unwrap_or_default());
            }
            ClaimResult::Refused { refusal, intended } => {
                let key = if intended.is_some() { "claim.refused" } else { "claim.refused_now" };
                let occurrences = refusal.occurrences.to_string();
                let quiet = refusal.quiet_moves.to_string();
                lines.push(self.line(key, &[("occurrences", &occurrences), ("quiet", &quiet)]));
                if let Some(outcome) = self.game.outcome() {
                    lines.extend(self.outcome_lines(outcome));
                    return lines;
                }
                lines.extend(self.claim_penalty(claimant));
                if let Some(report) = report {
                    lines.push(self.line("claim.move_played", &[]));
                    lines.extend(self.announce(&pos, &report));
                }
                if self.game.standing_offer() == Some(claimant) {
                    lines.push(self.line("claim.stands_as_offer", &[("color", &color)]));
                }
            }
        }
        lines
    }

    pub(super) fn resign(&mut self, args: &str) -> Vec<Line> {
        if args.trim().is_empty() && !self.game.is_over() {
            return self.ask_who_resigns();
        }
        let by = match self.color_arg(CommandId::Resign, args, self.game.position().turn()) {
            Ok(c) => c,
            Err(lines) => return lines,
        };
        match self.game.resign(by) {
            Ok(outcome) => self.outcome_lines(outcome),
            Err(e) => self.game_error_lines(e),
        }
    }
}
