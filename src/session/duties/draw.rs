//! Draw offers, claims (9.2, 9.3, 9.5) and resignation: who offers, accepts or claims, with the
//! intended move played when a claim is refused. Online, offers, answers and resignation go to
//! the server.

use shakmaty::{Color, Position};

use super::reports::online;
use super::{announce, clock};
use crate::clock::Timestamp;
use crate::command::IntendedMove;
use crate::config::Settings;
use crate::rules::{ClaimResult, Game};
use crate::session::event::Response;
use crate::session::parts::{Asking, OnlineWatch, Question, Timekeeper};
use crate::session::Session;
use crate::wording::{Line, Wording, Words};

/// `draw [COLOR]`: an offer by `by`, else by the side that just moved (online: to the server).
pub(crate) fn offer(game: &mut Game, settings: &Settings, w: &Wording, by: Option<Color>) -> Response {
    if settings.online.is_online() {
        return online::offer_draw(game, w);
    }
    let pos = game.position();
    let just_moved = if game.ply_count() == 0 { pos.turn() } else { pos.turn().other() };
    let by = by.unwrap_or(just_moved);
    match game.offer_draw(by) {
        Ok(()) => vec![w.line("draw.offered", &[("color", &w.color(by))])].into(),
        Err(e) => announce::game_error_lines(game, w, e).into(),
    }
}

/// `accept` or `decline`: yes or no to the standing draw offer (online: the answer to the
/// opponent's offer or takeback request, to the server).
pub(crate) fn answer(
    game: &mut Game,
    online: &mut OnlineWatch,
    settings: &Settings,
    w: &Wording,
    accept: bool,
) -> Response {
    if settings.online.is_online() {
        return online::answer(game, online, settings, w, accept);
    }
    answer_offer(game, settings, w, accept).into()
}

/// Accepting a draw ends the game: asked first, when an offer stands.
pub(crate) fn accept_question(game: &Game, w: &Wording) -> Option<Words> {
    let offerer = game.standing_offer()?;
    Some(w.words("confirm.accept", &[("color", Words::plain(w.color(offerer.other())))]))
}

fn answer_offer(game: &mut Game, settings: &Settings, w: &Wording, accept: bool) -> Vec<Line> {
    let Some(offerer) = game.standing_offer() else {
        return match game.outcome() {
            Some(outcome) => announce::game_over_lines(w, outcome),
            None => vec![w.line("draw.no_offer", &[])],
        };
    };
    let by = offerer.other();
    let answered = match accept {
        true => game.accept_draw(by).map(Some),
        false => game.decline_draw(by).map(|_| None),
    };
    match answered {
        Ok(Some(outcome)) => {
            let mut lines = vec![w.line("draw.accepted", &[("color", &w.color(by))])];
            lines.extend(announce::outcome_lines(game, settings, w, outcome));
            lines
        }
        Ok(None) => vec![w.line("draw.declined", &[("color", &w.color(by))])],
        Err(e) => announce::game_error_lines(game, w, e),
    }
}

/// `claim [MOVE]`: a draw claim now, or with the move intended (9.2, 9.3); a wrong claim is
/// penalised and the intended move played (9.5).
pub(crate) fn claim(s: &mut Session, intended: Option<IntendedMove>) -> Vec<Line> {
    if let Some(outcome) = s.game.outcome() {
        return announce::game_over_lines(&s.wording, outcome);
    }
    let pos = s.game.position().clone();
    let claimant = pos.turn();
    let letters = s.settings.letters(claimant);
    // Read when the line was (a command built otherwise is read here).
    let read = |t: &IntendedMove| t.read().cloned().unwrap_or_else(|| s.reader.read(t.text(), &pos, letters));
    let intended = match intended.as_ref().map(|t| (t.text(), read(t))) {
        None => None,
        Some((_, Ok(mv))) => Some(mv),
        Some((text, Err(e))) => {
            return announce::read_error_lines(&s.wording, &s.reader, &s.settings, (text, &pos, letters), e)
        }
    };
    let w = &s.wording;
    let color = w.color(claimant);
    let mut lines = vec![match intended {
        Some(mv) => {
            w.say(w.words("claim.intended", &[("color", color.clone().into()), ("san", w.mv(&pos, mv, letters))]))
        }
        None => w.line("claim.now", &[("color", &color)]),
    }];
    let (verdict, report) = match s.game.claim(intended) {
        Ok(result) => result,
        Err(e) => return announce::game_error_lines(&s.game, &s.wording, e),
    };
    let outcome = s.game.outcome().map(|o| announce::outcome_lines(&s.game, &s.settings, &s.wording, o));
    let ClaimResult::Refused { refusal, intended } = verdict else {
        lines.extend(outcome.unwrap_or_default());
        return lines;
    };
    let key = if intended.is_some() { "claim.refused" } else { "claim.refused_now" };
    let (occurrences, quiet) = (refusal.occurrences.to_string(), refusal.quiet_moves.to_string());
    lines.push(s.wording.line(key, &[("occurrences", &occurrences), ("quiet", &quiet)]));
    if let Some(outcome) = outcome {
        lines.extend(outcome);
        return lines;
    }
    lines.extend(clock::claim_penalty(&mut s.clock, &s.settings, &s.wording, claimant));
    if let Some(report) = report {
        lines.push(s.wording.line("claim.move_played", &[]));
        lines.extend(s.announce_played(&pos, &report));
    }
    if s.game.standing_offer() == Some(claimant) {
        lines.push(s.wording.line("claim.stands_as_offer", &[("color", &color)]));
    }
    lines
}

/// `resign [COLOR]`: without a colour, who resigns is asked (once the game is over, the side
/// to move is meant); online, the resignation goes to the server.
pub(crate) fn resign(
    game: &mut Game,
    asking: &mut Asking,
    settings: &Settings,
    w: &Wording,
    (by, now): (Option<Color>, Timestamp),
) -> Response {
    if settings.online.is_online() {
        return online::resign(game, w);
    }
    if by.is_none() && !game.is_over() {
        let said =
            w.line("confirm.who_resigns", &[("white", &w.color(Color::White)), ("black", &w.color(Color::Black))]);
        return vec![asking.ask(Question::WhoResigns, said, now)].into();
    }
    let by = by.unwrap_or(game.position().turn());
    match game.resign(by) {
        Ok(outcome) => announce::outcome_lines(game, settings, w, outcome).into(),
        Err(e) => announce::game_error_lines(game, w, e).into(),
    }
}

/// Resigning ends the game: asked first, when the one who resigns is named.
pub(crate) fn resign_question(settings: &Settings, w: &Wording, by: Option<Color>) -> Option<Words> {
    // Online only the player at home can resign.
    let online = settings.online.is_online().then(|| settings.blind.unwrap_or(Color::White));
    let by = online.or(by)?;
    let color = |c: Color| Words::plain(w.color(c));
    Some(w.words("confirm.resign", &[("color", color(by)), ("winner", color(by.other()))]))
}

/// "White claims a draw now …" or "… with the intended move …", when the move was read as a
/// legal one (else no question: the claim says what was wrong with the move).
pub(crate) fn claim_question(
    game: &Game,
    clock: &Timekeeper,
    settings: &Settings,
    w: &Wording,
    intended: Option<&IntendedMove>,
) -> Option<Words> {
    let pos = game.position();
    let claimant = pos.turn();
    let color = Words::plain(w.color(claimant));
    let cost = claim_cost(clock, settings, w, claimant);
    let Some(intended) = intended else {
        return Some(w.words("confirm.claim", &[("color", color), ("cost", cost)]));
    };
    let Some(Ok(mv)) = intended.read() else { return None };
    let san = w.mv(pos, *mv, settings.letters(claimant));
    Some(w.words("confirm.claim_move", &[("color", color), ("san", san), ("cost", cost)]))
}

/// What a wrong claim by `claimant` costs under the rules in force: the game (1953, §18g), time
/// for the opponent (9.5, with a clock), and otherwise only that it stands as a draw offer (9.1).
fn claim_cost(clock: &Timekeeper, settings: &Settings, w: &Wording, claimant: Color) -> Words {
    let penalty = settings.ruleset.claim_penalty(clock::is_blitz(clock, settings));
    if settings.ruleset.wrong_claim_loses() {
        w.words("claim.cost_loses", &[])
    } else if clock.is_active() && !penalty.is_zero() {
        let args = [("color", Words::plain(w.color(claimant.other()))), ("time", Words::plain(w.duration(penalty)))];
        w.words("claim.cost_time", &args)
    } else {
        w.words("claim.cost_offer", &[])
    }
}
