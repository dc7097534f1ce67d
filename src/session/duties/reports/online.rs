//! An online game at home: the opponent's moves come from the server's stream and are announced
//! and relayed to the tactile board as a sighted opponent's would be; the player's own moves, draw
//! offers and answers, resignation, abort, the claim of a win and chat lines are posted to the
//! server and count only once its stream shows them (or are refused with its reason, nothing
//! changed). The clocks are the server's. Every line of the stream is journaled before it is
//! answered, so a resumed game reads exactly what the live one read.

use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{ByColor, Color, Position};

use super::super::{announce, repair, sheets};
use crate::audio::Cue;
use crate::config::Settings;
use crate::online::{Action, ChatLine, GameEvent, GameFull, GameState, HistoryLine, OnlineReport};
use crate::rules::{Game, Outcome, Reason};
use crate::session::event::{Effect, Response};
use crate::session::parts::{OnlineWatch, Timekeeper};
use crate::session::Session;
use crate::table::Table;
use crate::wording::{Line, Wording, Words};

/// The colour of the player at home (at the tactile board).
fn me(settings: &Settings) -> Color {
    settings.blind.unwrap_or(Color::White)
}

/// `action` posted to the server, with what is said of it.
fn post(action: Action, lines: Vec<Line>) -> Response {
    Response { lines, effects: vec![Effect::Online(action)] }
}

/// What the online game's line reported.
pub(crate) fn news(s: &mut Session, report: OnlineReport) -> Response {
    let w = &s.wording;
    let lines = match report {
        OnlineReport::Line(json) => match serde_json::from_str::<GameEvent>(&json) {
            Ok(GameEvent::GameFull(full)) => {
                let mut lines = game_announced(&mut s.online, &s.settings, w, &full);
                lines.extend(game_state(s, &full.state));
                lines
            }
            Ok(GameEvent::GameState(state)) => game_state(s, &state),
            Ok(GameEvent::ChatLine(line)) if line.username.eq_ignore_ascii_case(opponent_name(&s.settings)) => {
                s.online.chat(line);
                vec![w.line("online.chat_came", &[])]
            }
            Ok(GameEvent::OpponentGone(gone)) if gone.gone => {
                let seconds = gone.claim_win_in_seconds.unwrap_or(0).to_string();
                vec![w.line("online.opponent_gone", &[("seconds", &seconds)]).with_cue(Cue::Error)]
            }
            Ok(GameEvent::OpponentGone(_)) => vec![w.line("online.opponent_back", &[])],
            Ok(GameEvent::ChatLine(_) | GameEvent::Other) | Err(_) => Vec::new(),
        },
        OnlineReport::Lost if s.online.lose() => vec![w.line("online.lost", &[]).with_cue(Cue::Error)],
        OnlineReport::Lost => Vec::new(),
        OnlineReport::Silent(silence) => {
            s.online.lose();
            let seconds = silence.as_secs().to_string();
            vec![w.line("online.silent", &[("seconds", &seconds)]).with_cue(Cue::Error)]
        }
        OnlineReport::Gone => vec![w.line("online.gone", &[]).with_cue(Cue::Error)],
        OnlineReport::ChatHistory(json) => {
            let opponent = opponent_name(&s.settings);
            let lines: Vec<ChatLine> = serde_json::from_str::<Vec<HistoryLine>>(&json)
                .unwrap_or_default()
                .into_iter()
                .filter(|l| l.user.eq_ignore_ascii_case(opponent))
                .map(|l| ChatLine { room: "player".into(), username: opponent.to_string(), text: l.text })
                .collect();
            match s.online.chat_history(lines) {
                0 => Vec::new(),
                _ => vec![w.line("online.chat_came", &[])],
            }
        }
        OnlineReport::Back if s.online.back() => vec![w.line("online.back", &[])],
        OnlineReport::Back => Vec::new(),
        OnlineReport::Wait(wait) => {
            s.online.waited();
            vec![w.line("online.wait", &[("time", &w.duration(wait))])]
        }
        OnlineReport::Unauthorized => vec![w.line("online.unauthorized", &[]).with_cue(Cue::Error)],
        OnlineReport::Done(_) => Vec::new(),
        OnlineReport::Refused(action, reason) => refused(&mut s.online, w, &action, &reason),
    };
    lines.into()
}

fn opponent_name(settings: &Settings) -> &str {
    settings.name(me(settings).other())
}

/// The whole game, announced once: who plays whom, for what.
fn game_announced(online: &mut OnlineWatch, settings: &Settings, w: &Wording, full: &GameFull) -> Vec<Line> {
    if online.announce() {
        return Vec::new();
    }
    let opponent = match me(settings) {
        Color::White => &full.black,
        Color::Black => &full.white,
    };
    let rating = opponent.rating.map_or_else(|| w.text("online.unrated", &[]), |r| r.to_string());
    let kind = w.text(if full.rated { "online.rated" } else { "online.casual" }, &[]);
    // The name as the game's settings have it (lichess's AI by its level).
    let name = opponent_name(settings).to_string();
    let args = [("opponent", name), ("rating", rating), ("kind", kind), ("color", w.color(me(settings)))];
    let mut lines = vec![w.line_of("online.game", &args)];
    if let Some(days) = full.days_per_turn {
        lines.push(w.line("online.correspondence", &[("days", &days.to_string())]));
    }
    lines
}

/// The game's state: a takeback the server granted is taken back here too (the tactile board
/// repaired step by step); moves not yet played here are played in order (the opponent's
/// announced and relayed, the player's own confirmed); the clocks set as the server has them; an
/// offer said; and the end as the server decided it.
fn game_state(s: &mut Session, state: &GameState) -> Vec<Line> {
    let mut lines = Vec::new();
    let played = s.game.ply_count();
    let server = state.uci_moves();
    if let Some(ply) = first_difference(&s.game, &server) {
        // The server's history is not this game's: said once, nothing played from it.
        if s.online.diverge() {
            lines.push(diverged_line(&s.wording, &s.settings, "online.rewritten", &(ply + 1).to_string()));
        }
    } else if server.len() < played {
        lines.push(sheets::taken_back(&s.game, &s.settings, &s.wording, server.len()));
        s.retract_to(server.len(), None);
        s.online.settle();
        lines.extend(repair::repair_next(&mut s.table, &s.game, &s.settings, &s.wording));
    }
    for uci in server.into_iter().skip(played) {
        if s.online.has_diverged() {
            break;
        }
        let pos = s.game.position();
        let Some(mv) = UciMove::from_ascii(uci.as_bytes()).ok().and_then(|u| u.to_move(pos).ok()) else {
            if s.online.diverge() {
                lines.push(diverged_line(&s.wording, &s.settings, "online.unreadable_move", uci).with_cue(Cue::Error));
            }
            break;
        };
        let mine = pos.turn() == me(&s.settings);
        if mine && s.online.sent().is_some() {
            s.online.settle();
            if let Some(lag) = s.online.lag(s.clock.now().0) {
                lines.push(s.wording.line("online.lag", &[("seconds", &(lag / 1000).to_string())]));
            }
        } else if mine {
            // Not sent from here: made on the server's own board, which the tactile board does
            // not show.
            lines.push(s.wording.line("online.made_elsewhere", &[]));
        }
        lines.extend(s.play(mv));
        if mine {
            // The server has the move: the opponent's side of the table needs no relay.
            s.table.confirm();
        }
    }
    let caught_up = s.game.ply_count().saturating_sub(played);
    set_clocks(&mut s.clock, &mut s.table, &s.game, state, caught_up);
    // The first move has a deadline, after which the server aborts the game: said once.
    let first_move = s.game.moves_made(me(&s.settings)) == 0 && s.game.position().turn() == me(&s.settings);
    if let Some(expiration) = state.expiration.filter(|_| first_move && !s.game.is_over()) {
        if s.online.deadline_seen() {
            let seconds = expiration.seconds_left().to_string();
            lines.push(s.wording.line("online.first_move_deadline", &[("seconds", &seconds)]));
        }
    }
    let opponent = me(&s.settings).other();
    if s.online.draw_offered(state.offers_draw(opponent)) && !s.game.is_over() {
        let _ = s.game.offer_draw(opponent);
        lines.push(s.wording.line("online.draw_offered", &[("color", &s.wording.color(opponent))]));
    }
    if s.online.takeback_asked(state.asks_takeback(opponent)) && !s.game.is_over() {
        lines.push(s.wording.line("online.takeback_asked", &[]));
    }
    lines.extend(decided(&mut s.game, &s.settings, &s.wording, state));
    lines
}

/// The first half-move (from 0) where the server's moves differ from the game's, if any.
fn first_difference(game: &Game, server: &[&str]) -> Option<usize> {
    let ours: Vec<_> = game.moves().collect();
    server.iter().zip(&ours).enumerate().find_map(|(ply, (uci, mv))| {
        let pos = game.position_before(ply);
        let theirs = UciMove::from_ascii(uci.as_bytes()).ok().and_then(|u| u.to_move(pos).ok());
        (theirs.as_ref() != Some(mv)).then_some(ply)
    })
}

/// The server's moves do not fit the game: what is wrong (`key`, about `what`), and the way to
/// read the game again from the server.
fn diverged_line(w: &Wording, settings: &Settings, key: &str, what: &str) -> Line {
    let again = w.words("online.read_again", &[("id", Words::plain(&settings.online.game))]);
    w.say(w.words(key, &[("move", Words::plain(what)), ("ply", Words::plain(what)), ("again", again)]))
}

/// The clocks as the server has them (a game without a clock has none); `caught_up`: how many
/// half-moves this state brought.
fn set_clocks(clock: &mut Timekeeper, table: &mut Table, game: &Game, state: &GameState, caught_up: usize) {
    if !clock.is_active() || game.is_over() {
        return;
    }
    let times = ByColor { white: Duration::from_millis(state.wtime), black: Duration::from_millis(state.btime) };
    // The last move's clocks on the scoresheets (and in the PGN) are the server's.
    if let Some(last) = game.ply_count().checked_sub(1) {
        table.set_clocks_at(last, times);
        // Two moves brought at once (a line back after a break): the earlier mover's clock has
        // not run since that move, so the server's reading of it is that move's too.
        if let Some(earlier) = last.checked_sub(1).filter(|_| caught_up >= 2) {
            let mover = game.position_before(earlier).turn();
            if let Some(mut clocks) = table.clocks_at(mover, earlier) {
                clocks[mover] = times[mover];
                table.set_clocks_at(earlier, clocks);
            }
        }
    }
    clock.restore(times, ByColor::new_with(|c| game.moves_made(c)), game.position().turn());
}

/// The end of the game as the server decided it, when the moves did not decide it already; a
/// game that ends without a result (aborted, never started) is over too, and archived so.
fn decided(game: &mut Game, settings: &Settings, w: &Wording, state: &GameState) -> Vec<Line> {
    if game.is_over() {
        return Vec::new();
    }
    let offered = game.standing_offer().is_some() || state.wdraw || state.bdraw;
    let Some(outcome) = server_outcome(game, &state.status, state.winner, offered) else {
        return Vec::new();
    };
    match game.decided(outcome) {
        Ok(outcome) => announce::outcome_lines(game, settings, w, outcome),
        Err(e) => announce::game_error_lines(game, w, e),
    }
}

/// The outcome a status of lichess's `GameStatusName` gives the game, with the winner the
/// server names; none while the game goes on (`created`, `started`, or a status unknown here).
/// A draw is named by what the position shows (repetition, fifty moves, a dead position), else
/// by agreement when an offer was seen (`offered`), else as the server's.
pub(crate) fn server_outcome(game: &Game, status: &str, winner: Option<Color>, offered: bool) -> Option<Outcome> {
    let either = |reason: Reason, drawn: Reason| match winner {
        Some(winner) => Outcome::win(winner, reason),
        None => Outcome::draw(drawn),
    };
    let outcome = match (status, winner) {
        ("mate", Some(winner)) => Outcome::win(winner, Reason::Checkmate),
        ("resign", Some(winner)) => Outcome::win(winner, Reason::Resignation),
        ("outoftime", _) => either(Reason::FlagFall, Reason::FlagFallCannotMate),
        ("timeout", _) => either(Reason::Abandoned, Reason::AbandonedDraw),
        ("stalemate", _) => Outcome::draw(Reason::Stalemate),
        ("draw", _) => Outcome::draw(drawn_because(game, offered)),
        ("cheat", Some(winner)) => Outcome::win(winner, Reason::Cheat),
        ("insufficientMaterialClaim", _) => either(Reason::DecidedOnServer, Reason::InsufficientMaterialClaim),
        ("variantEnd", _) => either(Reason::VariantEnd, Reason::DrawnOnServer),
        ("unknownFinish", Some(winner)) => Outcome::win(winner, Reason::DecidedOnServer),
        ("mate" | "resign" | "cheat" | "unknownFinish", None) => Outcome::none(Reason::UnknownFinish),
        ("aborted", _) => Outcome::none(Reason::Aborted),
        ("noStart", _) => Outcome::none(Reason::NotStarted),
        _ => return None,
    };
    Some(outcome)
}

/// Why the server drew the game, as far as the game here shows it.
fn drawn_because(game: &Game, offered: bool) -> Reason {
    let pos = game.position();
    if game.occurrences() >= 3 {
        Reason::ThreefoldRepetition
    } else if pos.halfmoves() >= 100 {
        Reason::FiftyMoves
    } else if let Some(outcome) = Outcome::of_position(pos, game.ruleset()) {
        outcome.reason
    } else if offered {
        Reason::Agreement
    } else {
        Reason::DrawnOnServer
    }
}

/// An action the server refused: said with its reason; nothing here changed.
fn refused(online: &mut OnlineWatch, w: &Wording, action: &Action, reason: &str) -> Vec<Line> {
    if matches!(action, Action::Move { .. }) {
        online.settle();
    }
    let what = w.text(action_key(action), &[]);
    vec![w.line("online.refused", &[("action", &what), ("reason", reason)]).with_cue(Cue::Error)]
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
        Action::ClaimDraw => "online.action.claim_draw",
        Action::Berserk => "online.action.berserk",
        Action::Chat(_) => "online.action.chat",
    }
}

/// `draw` online: the player offers a draw (to the server).
pub(crate) fn offer_draw(game: &Game, w: &Wording) -> Response {
    match game.outcome() {
        Some(outcome) => announce::game_over_lines(w, outcome).into(),
        None => post(Action::Draw(true), vec![w.line("online.draw_sent", &[])]),
    }
}

/// `accept` or `decline` online: the answer to the opponent's takeback request or draw offer.
pub(crate) fn answer(
    game: &mut Game,
    online: &mut OnlineWatch,
    settings: &Settings,
    w: &Wording,
    yes: bool,
) -> Response {
    if online.takeback_pending() {
        online.takeback_answered();
        let key = if yes { "online.takeback_accepted" } else { "online.takeback_declined" };
        return post(Action::Takeback(yes), vec![w.line(key, &[])]);
    }
    let Some(offerer) = game.standing_offer().filter(|&c| c != me(settings)) else {
        return vec![w.line("online.nothing_to_answer", &[]).with_cue(Cue::Error)].into();
    };
    if !yes {
        let _ = game.decline_draw(offerer.other());
    }
    post(Action::Draw(yes), vec![w.line(if yes { "online.draw_accepted" } else { "online.draw_declined" }, &[])])
}

/// `resign` online (asked first, as at the table): posted; the game ends when the server says.
pub(crate) fn resign(game: &Game, w: &Wording) -> Response {
    match game.outcome() {
        Some(outcome) => announce::game_over_lines(w, outcome).into(),
        None => post(Action::Resign, Vec::new()),
    }
}

/// `abort`: before both sides have moved, the game is called off.
pub(crate) fn abort() -> Response {
    post(Action::Abort, Vec::new())
}

/// Aborting ends the game without a result: asked first.
pub(crate) fn abort_question(w: &Wording) -> Option<Words> {
    Some(w.words("online.confirm_abort", &[]))
}

/// Claiming the win ends the game: asked first.
pub(crate) fn claim_question(w: &Wording) -> Option<Words> {
    Some(w.words("online.confirm_claim", &[]))
}

/// Claiming a draw ends the game: asked first.
pub(crate) fn claim_draw_question(w: &Wording) -> Option<Words> {
    Some(w.words("online.confirm_claim_draw", &[]))
}

/// `claim-draw`: the opponent has gone; a draw is claimed.
pub(crate) fn claim_draw() -> Response {
    post(Action::ClaimDraw, Vec::new())
}

/// Going berserk halves the player's clock for good: asked first.
pub(crate) fn berserk_question(w: &Wording) -> Option<Words> {
    Some(w.words("online.confirm_berserk", &[]))
}

/// `berserk`: in an arena tournament's game, before the player's first move, the player goes
/// berserk (the server refuses it elsewhere, with its reason).
pub(crate) fn berserk(w: &Wording) -> Response {
    post(Action::Berserk, vec![w.line("online.berserk_sent", &[])])
}

/// `claim-win`: the opponent has gone; the win is claimed.
pub(crate) fn claim_victory() -> Response {
    post(Action::ClaimVictory, Vec::new())
}

/// `takeback`: the player asks to take back their last move.
pub(crate) fn takeback(w: &Wording) -> Response {
    post(Action::Takeback(true), vec![w.line("online.takeback_sent", &[])])
}

/// `chat [TEXT]`: the opponent's chat lines not yet heard, read out; with a text, sent.
pub(crate) fn chat(online: &mut OnlineWatch, w: &Wording, text: Option<crate::command::ChatText>) -> Response {
    if let Some(text) = text.map(|t| t.0).filter(|t| !t.trim().is_empty()) {
        return post(Action::Chat(text.trim().to_string()), vec![w.line("online.chat_sent", &[])]);
    }
    let unread = online.unread_chat();
    if unread.is_empty() {
        return vec![w.line("online.no_chat", &[])].into();
    }
    let lines: Vec<Line> = unread
        .into_iter()
        .map(|line| w.line("online.chat_line", &[("name", &line.username), ("text", &line.text)]))
        .collect();
    lines.into()
}

#[cfg(test)]
mod tests {
    use super::server_outcome;
    use crate::rules::{Game, GameResult, Outcome, Reason, Ruleset};
    use shakmaty::uci::UciMove;
    use shakmaty::{Chess, Color};

    fn game(moves: &str) -> Game {
        let mut game = Game::new(Chess::default(), Ruleset::default());
        for uci in moves.split_whitespace() {
            let mv = UciMove::from_ascii(uci.as_bytes()).unwrap().to_move(game.position()).unwrap();
            game.play(mv).unwrap();
        }
        game
    }

    /// Every status of `GameStatusName` (lichess's spec) ends the game with its own reason, or
    /// (while it goes on) not at all.
    #[test]
    fn every_status_of_the_spec_ends_the_game_with_its_reason() {
        let g = game("e2e4 e7e5");
        let (white, black) = (Some(Color::White), Some(Color::Black));
        let cases = [
            ("created", None, None),
            ("started", None, None),
            ("aborted", None, Some(Outcome::none(Reason::Aborted))),
            ("noStart", white, Some(Outcome::none(Reason::NotStarted))),
            ("mate", black, Some(Outcome::win(Color::Black, Reason::Checkmate))),
            ("resign", white, Some(Outcome::win(Color::White, Reason::Resignation))),
            ("stalemate", None, Some(Outcome::draw(Reason::Stalemate))),
            ("timeout", white, Some(Outcome::win(Color::White, Reason::Abandoned))),
            ("timeout", None, Some(Outcome::draw(Reason::AbandonedDraw))),
            ("draw", None, Some(Outcome::draw(Reason::DrawnOnServer))),
            ("outoftime", black, Some(Outcome::win(Color::Black, Reason::FlagFall))),
            ("outoftime", None, Some(Outcome::draw(Reason::FlagFallCannotMate))),
            ("cheat", white, Some(Outcome::win(Color::White, Reason::Cheat))),
            ("unknownFinish", None, Some(Outcome::none(Reason::UnknownFinish))),
            ("unknownFinish", black, Some(Outcome::win(Color::Black, Reason::DecidedOnServer))),
            ("insufficientMaterialClaim", black, Some(Outcome::win(Color::Black, Reason::DecidedOnServer))),
            ("insufficientMaterialClaim", None, Some(Outcome::draw(Reason::InsufficientMaterialClaim))),
            ("variantEnd", white, Some(Outcome::win(Color::White, Reason::VariantEnd))),
            ("variantEnd", None, Some(Outcome::draw(Reason::DrawnOnServer))),
        ];
        for (status, winner, expected) in cases {
            assert_eq!(server_outcome(&g, status, winner, false), expected, "{status} {winner:?}");
        }
        assert_eq!(Outcome::none(Reason::Aborted).result, GameResult::NoResult);
    }

    /// A draw is named by what the game shows: an offer seen, a repetition, else the server's.
    #[test]
    fn a_draw_is_named_by_what_the_game_shows() {
        let g = game("e2e4 e7e5");
        assert_eq!(server_outcome(&g, "draw", None, true), Some(Outcome::draw(Reason::Agreement)));
        let repeated = game("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
        let expected = Some(Outcome::draw(Reason::ThreefoldRepetition));
        assert_eq!(server_outcome(&repeated, "draw", None, true), expected);
    }
}
