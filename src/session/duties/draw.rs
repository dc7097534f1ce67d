//! Draw offers, claims (9.2, 9.3, 9.5) and resignation: who offers, accepts or claims, with the
//! intended move played when a claim is refused.

use shakmaty::{Color, Position};

use super::devices::online;
use super::{announce, clock, moves};
use crate::command::MoveText;
use crate::rules::ClaimResult;
use crate::session::Question;
use crate::session::Session;
use crate::wording::{Line, Words};

/// `draw [COLOR]`: an offer by `by`, else by the side that just moved.
pub(crate) fn offer(s: &mut Session, by: Option<Color>) -> Vec<Line> {
    if online::is_online(s) {
        return online::offer_draw(s);
    }
    let pos = s.game.position();
    let just_moved = if s.game.ply_count() == 0 { pos.turn() } else { pos.turn().other() };
    let by = by.unwrap_or(just_moved);
    match s.game.offer_draw(by) {
        Ok(()) => vec![s.wording.line("draw.offered", &[("color", &s.wording.color(by))])],
        Err(e) => announce::game_error_lines(s, e),
    }
}

/// `accept`: yes to the standing draw offer.
pub(crate) fn accept(s: &mut Session) -> Vec<Line> {
    if online::is_online(s) {
        return online::answer(s, true);
    }
    answer_offer(s, true)
}

/// `decline`: no to the standing draw offer.
pub(crate) fn decline(s: &mut Session) -> Vec<Line> {
    if online::is_online(s) {
        return online::answer(s, false);
    }
    answer_offer(s, false)
}

/// Accepting a draw ends the game: asked first, when an offer stands.
pub(crate) fn accept_question(s: &Session) -> Option<Words> {
    let offerer = s.game.standing_offer()?;
    Some(s.wording.words("confirm.accept", &[("color", Words::plain(s.wording.color(offerer.other())))]))
}

fn answer_offer(s: &mut Session, accept: bool) -> Vec<Line> {
    let Some(offerer) = s.game.standing_offer() else {
        return match s.game.outcome() {
            Some(outcome) => announce::game_over_lines(s, outcome),
            None => vec![s.wording.line("draw.no_offer", &[])],
        };
    };
    let by = offerer.other();
    if accept {
        match s.game.accept_draw(by) {
            Ok(outcome) => {
                let mut lines = vec![s.wording.line("draw.accepted", &[("color", &s.wording.color(by))])];
                lines.extend(announce::outcome_lines(s, outcome));
                lines
            }
            Err(e) => announce::game_error_lines(s, e),
        }
    } else {
        match s.game.decline_draw(by) {
            Ok(_) => vec![s.wording.line("draw.declined", &[("color", &s.wording.color(by))])],
            Err(e) => announce::game_error_lines(s, e),
        }
    }
}

/// `claim [MOVE]`: a draw claim now, or with the move intended (9.2, 9.3); a wrong claim is
/// penalised and the intended move played (9.5).
pub(crate) fn claim(s: &mut Session, intended: Option<MoveText>) -> Vec<Line> {
    let intended = intended.as_ref().map(|t| t.0.as_str());
    if let Some(outcome) = s.game.outcome() {
        return announce::game_over_lines(s, outcome);
    }
    let pos = s.game.position().clone();
    let claimant = pos.turn();
    let letters = s.settings.letters(claimant);
    let intended = match intended.map(|text| (text, s.reader.read(text, &pos, letters))) {
        None => None,
        Some((_, Ok(mv))) => Some(mv),
        Some((text, Err(e))) => return announce::read_error_lines(s, text, &pos, letters, e),
    };
    let color = s.wording.color(claimant);
    let mut lines = vec![match intended {
        Some(mv) => {
            let san = s.wording.mv(&pos, mv, s.settings.letters(claimant));
            s.wording.say(s.wording.words("claim.intended", &[("color", color.clone().into()), ("san", san)]))
        }
        None => s.wording.line("claim.now", &[("color", &color)]),
    }];
    let (verdict, report) = match s.game.claim(intended) {
        Ok(result) => result,
        Err(e) => return announce::game_error_lines(s, e),
    };
    match verdict {
        ClaimResult::Upheld { .. } => {
            lines.extend(s.game.outcome().map(|o| announce::outcome_lines(s, o)).unwrap_or_default());
        }
        ClaimResult::Refused { refusal, intended } => {
            let key = if intended.is_some() { "claim.refused" } else { "claim.refused_now" };
            let occurrences = refusal.occurrences.to_string();
            let quiet = refusal.quiet_moves.to_string();
            lines.push(s.wording.line(key, &[("occurrences", &occurrences), ("quiet", &quiet)]));
            if let Some(outcome) = s.game.outcome() {
                lines.extend(announce::outcome_lines(s, outcome));
                return lines;
            }
            lines.extend(clock::claim_penalty(s, claimant));
            if let Some(report) = report {
                lines.push(s.wording.line("claim.move_played", &[]));
                lines.extend(moves::announce(s, &pos, &report));
            }
            if s.game.standing_offer() == Some(claimant) {
                lines.push(s.wording.line("claim.stands_as_offer", &[("color", &color)]));
            }
        }
    }
    lines
}

/// `resign [COLOR]`: without a colour, who resigns is asked (once the game is over, the side
/// to move is meant).
pub(crate) fn resign(s: &mut Session, by: Option<Color>) -> Vec<Line> {
    if online::is_online(s) {
        return online::resign(s);
    }
    if by.is_none() && !s.game.is_over() {
        return ask_who_resigns(s);
    }
    let by = by.unwrap_or(s.game.position().turn());
    match s.game.resign(by) {
        Ok(outcome) => announce::outcome_lines(s, outcome),
        Err(e) => announce::game_error_lines(s, e),
    }
}

/// `resign` without a colour: who resigns?
fn ask_who_resigns(s: &mut Session) -> Vec<Line> {
    let (white, black) = (s.wording.color(Color::White), s.wording.color(Color::Black));
    let said = s.wording.line("confirm.who_resigns", &[("white", &white), ("black", &black)]);
    vec![s.ask(Question::WhoResigns, said)]
}

/// Resigning ends the game: asked first, when the one who resigns is named.
pub(crate) fn resign_question(s: &Session, by: &Option<Color>) -> Option<Words> {
    // Online only the player at home can resign.
    let online = online::is_online(s).then(|| s.settings.blind.unwrap_or(Color::White));
    let by = online.or(*by)?;
    let color = |c: Color| Words::plain(s.wording.color(c));
    Some(s.wording.words("confirm.resign", &[("color", color(by)), ("winner", color(by.other()))]))
}

/// "White claims a draw now …" or "… with the intended move …", when the move can be read.
pub(crate) fn claim_question(s: &Session, intended: &Option<MoveText>) -> Option<Words> {
    let w = &s.wording;
    let pos = s.game.position();
    let claimant = pos.turn();
    let color = Words::plain(w.color(claimant));
    let cost = claim_cost(s, claimant);
    let Some(text) = intended else {
        return Some(w.words("confirm.claim", &[("color", color), ("cost", cost)]));
    };
    let mv = s.reader.read(&text.0, pos, s.settings.letters(claimant)).ok()?;
    let san = w.mv(pos, mv, s.settings.letters(claimant));
    Some(w.words("confirm.claim_move", &[("color", color), ("san", san), ("cost", cost)]))
}

/// What a wrong claim by `claimant` costs under the rules in force: the game (1953, §18g), time
/// for the opponent (9.5, with a clock), and otherwise only that it stands as a draw offer (9.1).
fn claim_cost(s: &Session, claimant: Color) -> Words {
    let w = &s.wording;
    let penalty = s.settings.ruleset.claim_penalty(clock::is_blitz(s));
    if s.settings.ruleset.wrong_claim_loses() {
        w.words("claim.cost_loses", &[])
    } else if s.clock.clock().is_active() && !penalty.is_zero() {
        let args = [("color", Words::plain(w.color(claimant.other()))), ("time", Words::plain(w.duration(penalty)))];
        w.words("claim.cost_time", &args)
    } else {
        w.words("claim.cost_offer", &[])
    }
}
