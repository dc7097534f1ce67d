//! A practice game against the engine at home, which is no rated game: the engine's move asked for
//! when it is to move and played as a sighted opponent's is when it comes (its draw offers
//! answered by its evaluation, a hopeless game resigned, a draw claimed where the Laws let it);
//! and what only practice allows (Article 11.3 stands at the table and online): taking moves back,
//! a hint, the evaluation, the engine's level.

use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Color, Position};

use super::{announce, repair, sheets};
use crate::audio::Cue;
use crate::command::Level;
use crate::config::{Change, Settings};
use crate::engine::{Answer, Go, GoClock, Report, Request, Score, Strength};
use crate::openings;
use crate::rules::Game;
use crate::session::event::{Effect, Response};
use crate::session::parts::{Purpose, Sparring, Timekeeper};
use crate::session::Session;
use crate::wording::{Line, Wording};

/// The side the engine plays: the one not at the tactile board.
pub(crate) fn engine_side(settings: &Settings) -> Color {
    settings.blind.unwrap_or(Color::White).other()
}

/// How the engine searches for a hint or an evaluation: at full strength, briefly (or by the
/// count of positions the settings give, the same every time).
fn advice(settings: &Settings) -> Go {
    match settings.opponent.nodes {
        Some(nodes) => Go { nodes: Some(nodes), ..Go::default() },
        None => Go { depth: Some(18), movetime: Some(Duration::from_millis(700)), ..Go::default() },
    }
}

/// Request `id` for `purpose`, in the game as it stands: its start and moves, and how to search
/// (the engine's own move at its strength and within its clock; advice at full strength).
pub(crate) fn request(game: &Game, clock: &Timekeeper, settings: &Settings, (id, purpose): (u64, Purpose)) -> Request {
    let start = game.start();
    let mode = start.castles().mode();
    let moves = game.moves().map(|mv| UciMove::from_move(mv, mode).to_string()).collect();
    let fen = crate::rules::to_fen(start);
    let chess960 = mode == CastlingMode::Chess960;
    let (strength, go) = match purpose {
        Purpose::Move => {
            let increment = clock.clock().control().period(0).map_or(Duration::ZERO, |p| p.increment);
            let times = clock.readings();
            let on_clock = clock.is_active().then_some(GoClock {
                white: *times.get(Color::White),
                black: *times.get(Color::Black),
                white_increment: increment,
                black_increment: increment,
            });
            let strength = settings.opponent.strength;
            (strength, strength.go(on_clock, settings.opponent.nodes))
        }
        Purpose::Hint | Purpose::Eval => (Strength::Level(8), advice(settings)),
    };
    Request { id, fen, moves, chess960, strength, go }
}

/// The engine's move is asked for, when it is to move in a practice game that goes on and it is
/// not asked already.
pub(crate) fn engine_turn(
    game: &Game,
    clock: &Timekeeper,
    settings: &Settings,
    sparring: &mut Sparring,
) -> Option<Effect> {
    let engines = !game.is_over() && game.position().turn() == engine_side(settings);
    (engines && sparring.wants_move()).then(|| {
        let id = sparring.ask(Purpose::Move);
        Effect::Think(request(game, clock, settings, (id, Purpose::Move)))
    })
}

/// What the engine answered: its own move (or a draw accepted, a resignation, a claim), a hint,
/// or the evaluation; an answer to a request given up is let go.
pub(crate) fn news(s: &mut Session, report: Report) -> Response {
    let Some(purpose) = s.sparring.answered(report.id) else { return Response::default() };
    let pos = s.game.position().clone();
    let chosen = match report.answer {
        Answer::Chose { best, score } => {
            UciMove::from_ascii(best.as_bytes()).ok().and_then(|uci| uci.to_move(&pos).ok()).map(|mv| (mv, score))
        }
        Answer::Failed => None,
    };
    let Some((mv, score)) = chosen else {
        s.sparring.fail();
        return vec![s.wording.line("practice.failed", &[]).with_cue(Cue::Error)].into();
    };
    match purpose {
        Purpose::Move => {
            // The engine's move: it resigns a hopeless game, answers the player's draw offer by
            // its evaluation (it accepts only when it is level or worse), claims a draw the Laws
            // let it claim when it is no better, and otherwise plays, announced as a sighted
            // opponent's move is.
            let engine = pos.turn();
            // The score is the engine's own (for the side to move), as UCI gives it.
            let no_better = score.is_some_and(|score| score.pawns_for(Color::White) <= 0.0);
            let mut lines = match s.sparring.resigns(score) {
                true => decided(&mut s.game, &s.settings, &s.wording, Decision::Resigns),
                false => match (s.game.standing_offer() == Some(engine.other()), no_better) {
                    (true, true) => decided(&mut s.game, &s.settings, &s.wording, Decision::AcceptsDraw),
                    (true, false) => {
                        let _ = s.game.decline_draw(engine);
                        vec![s.wording.line("practice.declines_draw", &[])]
                    }
                    (false, _) => Vec::new(),
                },
            };
            if s.game.is_over() {
                return lines.into();
            }
            let claim = [None, Some(mv)].into_iter().find(|intended| no_better && s.game.claim_holds(*intended));
            match claim {
                Some(intended) => {
                    lines.extend(decided(&mut s.game, &s.settings, &s.wording, Decision::Claims(intended)))
                }
                None => lines.extend(s.play(mv)),
            }
            lines.into()
        }
        Purpose::Hint => {
            let w = &s.wording;
            let said = w.mv(&pos, mv, s.settings.letters(pos.turn()));
            s.sparring.hinted(s.game.ply_count(), crate::notation::san(&pos, mv, crate::notation::LetterSet::English));
            vec![w.say(w.words("practice.hint", &[("move", said)]))].into()
        }
        Purpose::Eval => {
            let score = score.unwrap_or(Score::Centipawns(0)).for_white(pos.turn());
            vec![s.wording.evaluation(score)].into()
        }
    }
}

/// What the engine decided instead of moving on.
enum Decision {
    /// It resigns.
    Resigns,
    /// It accepts the player's draw offer.
    AcceptsDraw,
    /// It claims a draw, now or with the move it intends.
    Claims(Option<shakmaty::Move>),
}

/// The engine's decision carried out and said, with how the game ended.
fn decided(game: &mut Game, settings: &Settings, w: &Wording, decision: Decision) -> Vec<Line> {
    let engine = game.position().turn();
    let (key, outcome) = match decision {
        Decision::Resigns => ("practice.resigns", game.resign(engine).ok()),
        Decision::AcceptsDraw => ("practice.accepts_draw", game.accept_draw(engine).ok()),
        Decision::Claims(intended) => ("practice.claims", game.claim(intended).ok().and_then(|_| game.outcome())),
    };
    let mut lines = vec![w.line(key, &[])];
    lines.extend(outcome.map(|o| announce::outcome_lines(game, settings, w, o)).unwrap_or_default());
    lines
}

/// `takeback`: the player's last move is taken back, with the engine's answer to it if it came
/// (and the engine's search given up if it did not); the tactile board is repaired to the game,
/// the engine's (which no one sets up by hand) set to it.
pub(crate) fn takeback(s: &mut Session) -> Vec<Line> {
    let player = engine_side(&s.settings).other();
    let Some(ply) = s.game.last_move_of(player) else {
        return vec![s.wording.line("practice.nothing_to_take_back", &[]).with_cue(Cue::Error)];
    };
    let taken_back = sheets::taken_back(&s.game, &s.settings, &s.wording, ply);
    let earlier = ply.checked_sub(1).and_then(|last| s.clock.after_move(last));
    let undone = s.game.ply_count() - ply;
    s.retract_to(ply, None);
    s.sparring.give_up();
    s.sparring.took_back();
    match earlier {
        // The clocks as they stood after the engine's move before, the player's running.
        Some(clock) => s.clock.restore_from(clock, player.other()),
        None => s.clock.hand_back(player, undone),
    }
    // The engine's board is the game's own: only the tactile board is put back, step by step.
    s.table.board_mut(player.other()).set(s.game.position().board().clone());
    let mut lines = vec![taken_back];
    lines.extend(repair::repair_next(&mut s.table, &s.game, &s.settings, &s.wording));
    lines
}

/// `hint` (or `eval`, as `purpose`): the engine is asked, at full strength; its answer is said
/// when it comes. A hint is for the player's own move.
pub(crate) fn advise(
    game: &Game,
    sparring: &mut Sparring,
    (clock, settings): (&Timekeeper, &Settings),
    w: &Wording,
    purpose: Purpose,
) -> Response {
    if let Some(outcome) = game.outcome() {
        return announce::game_over_lines(w, outcome).into();
    }
    if purpose == Purpose::Hint && game.position().turn() == engine_side(settings) {
        return vec![w.line("practice.engine_to_move", &[]).with_cue(Cue::Error)].into();
    }
    let id = sparring.ask(purpose);
    let effect = Effect::Think(request(game, clock, settings, (id, purpose)));
    Response { lines: Vec::new(), effects: vec![effect] }
}

/// After a move in practice: the name of a new named opening it reached, once.
pub(crate) fn opening_line(game: &Game, settings: &Settings, w: &Wording) -> Option<Line> {
    if !settings.openings {
        return None;
    }
    let positions: Vec<shakmaty::Chess> = (0..=game.ply_count()).map(|ply| game.position_before(ply).clone()).collect();
    Some(w.opening_reached(&openings::newly_reached(&positions, w.lang())?))
}

/// `opening`: the opening of the game so far, by the last named position it passed.
pub(crate) fn opening(game: &Game, w: &Wording) -> Vec<Line> {
    let positions = (0..=game.ply_count()).map(|ply| game.position_before(ply));
    vec![w.opening(openings::of_game(positions).as_ref())]
}

/// `level [N]`: the engine's level, or a new one from its next move on.
pub(crate) fn level(settings: &mut Settings, w: &Wording, level: Option<Level>) -> Vec<Line> {
    if let Some(Level(n)) = level {
        settings.change(Change::Strength(Strength::Level(n as u8)));
        return vec![w.line("practice.level_set", &[("level", &n.to_string())])];
    }
    vec![strength_line(settings, w)]
}

/// The engine's strength, said: its level, or the rating it plays at.
pub(crate) fn strength_line(settings: &Settings, w: &Wording) -> Line {
    match settings.opponent.strength {
        Strength::Level(level) => w.line("practice.level_is", &[("level", &level.to_string())]),
        Strength::Elo(elo) => w.line("practice.elo_is", &[("elo", &elo.to_string())]),
    }
}

/// A move typed for the engine's side while it is to move: refused (its move comes when it has
/// chosen it), unless it stopped answering.
pub(crate) fn engine_to_move(game: &Game, sparring: &Sparring, settings: &Settings, w: &Wording) -> Option<Line> {
    let engines = game.position().turn() == engine_side(settings) && !sparring.has_failed();
    engines.then(|| w.line("practice.engine_to_move", &[]).with_cue(Cue::Error))
}

/// The hints given in a game, as the comment on the move each was for.
pub(crate) fn hint_comment(sparring: &Sparring, ply: usize, w: &Wording) -> Option<String> {
    let hints: Vec<&str> = sparring.hints().iter().filter(|(p, _)| *p == ply).map(|(_, san)| san.as_str()).collect();
    (!hints.is_empty()).then(|| w.text("practice.hint_comment", &[("move", &hints.join(", "))]))
}
