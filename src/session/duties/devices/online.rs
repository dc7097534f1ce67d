//! An online game at home: the opponent's moves come from the server's stream and are announced
//! and relayed to the tactile board as a sighted opponent's would be; the player's own moves, draw
//! offers and answers, resignation, abort, the claim of a win and chat lines are posted to the
//! server and count only once its stream shows them (or are refused with its reason, nothing
//! changed). The clocks are the server's. Every line of the stream is journaled before it is
//! answered, so a resumed game reads exactly what the live one read.

use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{ByColor, Color, Position};

use super::super::{announce, moves, repair, sheets};
use crate::audio::Cue;
use crate::clock::Timestamp;
use crate::online::{Action, GameEvent, GameFull, GameState, OnlineReport};
use crate::rules::{Outcome, Reason};
use crate::session::{Effect, Response, Session};
use crate::wording::Line;

/// Whether the session plays an online game.
pub(crate) fn is_online(s: &Session) -> bool {
    s.settings.online.is_online()
}

/// The colour of the player at home (at the tactile board).
fn me(s: &Session) -> Color {
    s.settings.blind.unwrap_or(Color::White)
}

/// Asks the loop to post `action`.
fn post(s: &mut Session, action: Action) {
    s.outbox.push(Effect::Online(action));
}

/// What the online game's line reported, at `now`.
pub(crate) fn news(s: &mut Session, report: OnlineReport, now: Timestamp) -> Response {
    s.now = now.max(s.now);
    let lines = match report {
        OnlineReport::Line(json) => match serde_json::from_str::<GameEvent>(&json) {
            Ok(event) => game_event(s, event),
            Err(_) => Vec::new(),
        },
        OnlineReport::Lost if s.online.lose() => vec![s.wording.line("online.lost", &[]).with_cue(Cue::Error)],
        OnlineReport::Lost => Vec::new(),
        OnlineReport::Back if s.online.back() => vec![s.wording.line("online.back", &[])],
        OnlineReport::Back => Vec::new(),
        OnlineReport::Wait(wait) => {
            let seconds = wait.as_secs().to_string();
            vec![s.wording.line("online.wait", &[("seconds", &seconds)])]
        }
        OnlineReport::Unauthorized => vec![s.wording.line("online.unauthorized", &[]).with_cue(Cue::Error)],
        OnlineReport::Done(_) => Vec::new(),
        OnlineReport::Refused(action, reason) => refused(s, &action, &reason),
    };
    s.respond(lines)
}

fn game_event(s: &mut Session, event: GameEvent) -> Vec<Line> {
    match event {
        GameEvent::GameFull(full) => game_full(s, &full),
        GameEvent::GameState(state) => game_state(s, &state),
        GameEvent::ChatLine(line) if line.username.eq_ignore_ascii_case(opponent_name(s)) => {
            s.online.chat(line);
            vec![s.wording.line("online.chat_came", &[])]
        }
        GameEvent::ChatLine(_) => Vec::new(),
        GameEvent::OpponentGone(gone) if gone.gone => {
            let seconds = gone.claim_win_in_seconds.unwrap_or(0).to_string();
            vec![s.wording.line("online.opponent_gone", &[("seconds", &seconds)]).with_cue(Cue::Error)]
        }
        GameEvent::OpponentGone(_) => vec![s.wording.line("online.opponent_back", &[])],
        GameEvent::Other => Vec::new(),
    }
}

fn opponent_name(s: &Session) -> &str {
    s.settings.name(me(s).other())
}

/// The whole game: announced once (who plays whom, for what), then its state.
fn game_full(s: &mut Session, full: &GameFull) -> Vec<Line> {
    let mut lines = Vec::new();
    if !s.online.announce() {
        let opponent = match me(s) {
            Color::White => &full.black,
            Color::Black => &full.white,
        };
        let rating = opponent.rating.map_or_else(|| s.wording.text("online.unrated", &[]), |r| r.to_string());
        let kind = s.wording.text(if full.rated { "online.rated" } else { "online.casual" }, &[]);
        let args = [
            ("opponent", opponent.name.clone()),
            ("rating", rating),
            ("kind", kind),
            ("color", s.wording.color(me(s))),
        ];
        lines.push(s.wording.line_of("online.game", &args));
    }
    lines.extend(game_state(s, &full.state));
    lines
}

/// The game's state: moves not yet played here are played in order (the opponent's announced and
/// relayed, the player's own confirmed), the clocks set as the server has them, an offer said,
/// and the end as the server decided it.
fn game_state(s: &mut Session, state: &GameState) -> Vec<Line> {
    let mut lines = Vec::new();
    let played = s.game.ply_count();
    let server = state.uci_moves();
    if server.len() < played {
        lines.extend(taken_back(s, server.len()));
    }
    for uci in server.into_iter().skip(played) {
        let pos = s.game.position().clone();
        let Some(mv) = UciMove::from_ascii(uci.as_bytes()).ok().and_then(|u| u.to_move(&pos).ok()) else {
            lines.push(s.wording.line("online.unreadable_move", &[("move", uci)]).with_cue(Cue::Error));
            break;
        };
        let mine = pos.turn() == me(s);
        if mine && s.online.sent().is_some() {
            s.online.settle();
            if let Some(lag) = s.online.lag(s.now.0) {
                let seconds = (lag / 1000).to_string();
                lines.push(s.wording.line("online.lag", &[("seconds", &seconds)]));
            }
        }
        lines.extend(moves::play_move(s, mv));
        if mine {
            // The server has the move: the opponent's side of the table needs no relay.
            s.table.confirm();
        }
    }
    set_clocks(s, state);
    let opponent = me(s).other();
    if s.online.draw_offered(state.offers_draw(opponent)) && !s.game.is_over() {
        let _ = s.game.offer_draw(opponent);
        lines.push(s.wording.line("online.draw_offered", &[("color", &s.wording.color(opponent))]));
    }
    if s.online.takeback_asked(state.asks_takeback(opponent)) && !s.game.is_over() {
        lines.push(s.wording.line("online.takeback_asked", &[]));
    }
    lines.extend(decided(s, state));
    lines
}

/// A takeback the server granted: the record and both boards go back to its first `ply` moves,
/// and the tactile board is repaired step by step.
fn taken_back(s: &mut Session, ply: usize) -> Vec<Line> {
    let mut lines = vec![sheets::taken_back(s, ply)];
    s.retract_to(ply);
    s.table.retrace(ply, None);
    s.online.settle();
    lines.extend(repair::repair_next(s));
    lines
}

/// The clocks as the server has them (a game without a clock has none).
fn set_clocks(s: &mut Session, state: &GameState) {
    if !s.clock.clock().is_active() || s.game.is_over() {
        return;
    }
    let times = ByColor { white: Duration::from_millis(state.wtime), black: Duration::from_millis(state.btime) };
    let plies = s.game.ply_count();
    // The last move's clocks on the scoresheets (and in the PGN) are the server's.
    if let Some(last) = plies.checked_sub(1) {
        s.table.set_clocks_at(last, times);
    }
    let moves = ByColor::new_with(|c| (0..plies).filter(|&i| s.game.position_before(i).turn() == c).count() as u32);
    let to_move = s.game.position().turn();
    s.clock.restore(times, moves, to_move, s.now);
}

/// The end of the game as the server decided it, when the moves did not decide it already.
fn decided(s: &mut Session, state: &GameState) -> Vec<Line> {
    if s.game.is_over() {
        return Vec::new();
    }
    let outcome = match (state.status.as_str(), state.winner) {
        ("resign", Some(winner)) => Outcome::win(winner, Reason::Resignation),
        ("outoftime", Some(winner)) => Outcome::win(winner, Reason::FlagFall),
        ("outoftime", None) => Outcome::draw(Reason::FlagFallCannotMate),
        ("timeout", Some(winner)) => Outcome::win(winner, Reason::Abandoned),
        ("draw", _) | ("timeout", None) => Outcome::draw(Reason::Agreement),
        ("stalemate", _) => Outcome::draw(Reason::Stalemate),
        ("mate", Some(winner)) => Outcome::win(winner, Reason::Checkmate),
        ("aborted" | "noStart", _) => return vec![s.wording.line("online.aborted", &[])],
        _ => return Vec::new(),
    };
    match s.game.decided(outcome) {
        Ok(outcome) => announce::outcome_lines(s, outcome),
        Err(e) => announce::game_error_lines(s, e),
    }
}

/// An action the server refused: said with its reason; nothing here changed.
fn refused(s: &mut Session, action: &Action, reason: &str) -> Vec<Line> {
    if matches!(action, Action::Move { .. }) {
        s.online.settle();
    }
    let what = s.wording.text(action_key(action), &[]);
    vec![s.wording.line("online.refused", &[("action", &what), ("reason", reason)]).with_cue(Cue::Error)]
}

fn action_key(action: &Action) -> &'static str {
    match action {
        Action::Move { .. } => "online.action.move",
        Action::Draw(true) => "online.action.draw",
        Action::Draw(false) => "online.action.decline",
        Action::Takeback(_) => "online.action.takeback",
        Action::Resign => "online.action.resign",
        Action::Abort => "online.action.abort",
        Action::ClaimVictory => "online.action.claim",
        Action::Chat(_) => "online.action.chat",
    }
}

/// `draw` online: the player offers a draw (to the server).
pub(crate) fn offer_draw(s: &mut Session) -> Vec<Line> {
    if let Some(outcome) = s.game.outcome() {
        return announce::game_over_lines(s, outcome);
    }
    post(s, Action::Draw(true));
    vec![s.wording.line("online.draw_sent", &[])]
}

/// `accept` or `decline` online: the answer to the opponent's takeback request or draw offer.
pub(crate) fn answer(s: &mut Session, yes: bool) -> Vec<Line> {
    if s.online.takeback_pending() {
        s.online.takeback_answered();
        post(s, Action::Takeback(yes));
        return vec![s.wording.line(if yes { "online.takeback_accepted" } else { "online.takeback_declined" }, &[])];
    }
    let Some(offerer) = s.game.standing_offer().filter(|&c| c != me(s)) else {
        return vec![s.wording.line("online.nothing_to_answer", &[]).with_cue(Cue::Error)];
    };
    if !yes {
        let _ = s.game.decline_draw(offerer.other());
    }
    post(s, Action::Draw(yes));
    vec![s.wording.line(if yes { "online.draw_accepted" } else { "online.draw_declined" }, &[])]
}

/// `resign` online (asked first, as at the table): posted; the game ends when the server says.
pub(crate) fn resign(s: &mut Session) -> Vec<Line> {
    if let Some(outcome) = s.game.outcome() {
        return announce::game_over_lines(s, outcome);
    }
    post(s, Action::Resign);
    Vec::new()
}

/// `abort`: before both sides have moved, the game is called off.
pub(crate) fn abort(s: &mut Session) -> Vec<Line> {
    if !is_online(s) {
        return vec![s.wording.line("online.only_online", &[]).with_cue(Cue::Error)];
    }
    post(s, Action::Abort);
    Vec::new()
}

/// Aborting ends the game without a result: asked first.
pub(crate) fn abort_question(s: &Session) -> Option<crate::wording::Words> {
    is_online(s).then(|| s.wording.words("online.confirm_abort", &[]))
}

/// Claiming the win ends the game: asked first.
pub(crate) fn claim_question(s: &Session) -> Option<crate::wording::Words> {
    is_online(s).then(|| s.wording.words("online.confirm_claim", &[]))
}

/// `claim-win`: the opponent has gone; the win is claimed.
pub(crate) fn claim_victory(s: &mut Session) -> Vec<Line> {
    if !is_online(s) {
        return vec![s.wording.line("online.only_online", &[]).with_cue(Cue::Error)];
    }
    post(s, Action::ClaimVictory);
    Vec::new()
}

/// `takeback`: the player asks to take back their last move.
pub(crate) fn takeback(s: &mut Session) -> Vec<Line> {
    if !is_online(s) {
        return vec![s.wording.say(announce::no_taking_back(s)).with_cue(Cue::Error)];
    }
    post(s, Action::Takeback(true));
    vec![s.wording.line("online.takeback_sent", &[])]
}

/// `chat [TEXT]`: the opponent's chat lines not yet heard, read out; with a text, sent.
pub(crate) fn chat(s: &mut Session, text: Option<crate::command::ChatText>) -> Vec<Line> {
    if !is_online(s) {
        return vec![s.wording.line("online.only_online", &[]).with_cue(Cue::Error)];
    }
    if let Some(text) = text.map(|t| t.0).filter(|t| !t.trim().is_empty()) {
        post(s, Action::Chat(text.trim().to_string()));
        return vec![s.wording.line("online.chat_sent", &[])];
    }
    let unread = s.online.unread_chat();
    if unread.is_empty() {
        return vec![s.wording.line("online.no_chat", &[])];
    }
    unread
        .into_iter()
        .map(|line| s.wording.line("online.chat_line", &[("name", &line.username), ("text", &line.text)]))
        .collect()
}

/// What a command of the arbiter at the table (the clock, a new game, adjournment) does online:
/// refused, since the server keeps the game.
pub(crate) fn refusal(s: &Session) -> Option<Vec<Line>> {
    is_online(s).then(|| vec![s.wording.line("online.server_decides", &[]).with_cue(Cue::Error)])
}
