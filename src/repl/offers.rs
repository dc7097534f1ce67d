//! Draw offers, claims (9.2, 9.3, 9.5) and resignation: who offers, accepts or claims, with the
//! intended move played when a claim is refused.

use shakmaty::{Color, Position};

use super::session::Session;
use super::Line;
use crate::rules::ClaimResult;

impl Session {
    /// `draw [COLOR]`: an offer by `by`, else by the side that just moved.
    pub(super) fn offer(&mut self, by: Option<Color>) -> Vec<Line> {
        let pos = self.game.position();
        let just_moved = if self.game.ply_count() == 0 { pos.turn() } else { pos.turn().other() };
        let by = by.unwrap_or(just_moved);
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

    pub(super) fn claim(&mut self, intended: Option<&str>) -> Vec<Line> {
        if let Some(outcome) = self.game.outcome() {
            return self.game_over_lines(outcome);
        }
        let pos = self.game.position().clone();
        let claimant = pos.turn();
        let letters = self.settings.letters(claimant);
        let intended = match intended.map(|text| (text, self.reader.read(text, &pos, letters))) {
            None => None,
            Some((_, Ok(mv))) => Some(mv),
            Some((text, Err(e))) => return self.read_error_lines(text, &pos, letters, e),
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

    /// `resign [COLOR]`: without a colour, who resigns is asked (once the game is over, the side
    /// to move is meant).
    pub(super) fn resign(&mut self, by: Option<Color>) -> Vec<Line> {
        if by.is_none() && !self.game.is_over() {
            return self.ask_who_resigns();
        }
        let by = by.unwrap_or(self.game.position().turn());
        match self.game.resign(by) {
            Ok(outcome) => self.outcome_lines(outcome),
            Err(e) => self.game_error_lines(e),
        }
    }
}
