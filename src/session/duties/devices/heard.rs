//! Moves and commands said aloud (E.2.1): what the ears heard is handled exactly as if it had been
//! typed. A move heard surely is played and announced (the announcement is the repetition); one
//! heard unsurely is asked back and played only on yes (on no, the best other reading is asked
//! next, when it is another move); the last move said again by the opponent
//! confirms the relay when it agrees and is a divergence when it does not; a correction within the
//! slip-of-the-tongue window is asked first and corrects on yes. A command heard unsurely is not
//! carried out: it is asked to be said again.

use shakmaty::{Color, Position};

use super::super::{clock, moves, relay};
use crate::audio::Cue;
use crate::clock::Timestamp;
use crate::listen::{Hearing, ListenProblem, Meaning, MoveGrammar, Report, SpokenCommand};
use crate::session::{Command, Effect, Input, Question, Response, Session};
use crate::wording::Line;

/// The grammar the ears hear the position in: the moves of the side to move in that player's
/// words, the last move said again or corrected, and the spoken commands.
pub(crate) fn listening_grammar(s: &Session) -> MoveGrammar {
    s.listening.grammar(&s.game, s.wording.pack())
}

/// What the ears reported, at `now`.
pub(crate) fn heard_report(s: &mut Session, report: Report, now: Timestamp) -> Response {
    match report {
        Report::Heard(hearing) => {
            s.listening.heard();
            heard_words(s, hearing, now)
        }
        Report::Nothing => {
            s.listening.heard();
            Response::lines(vec![s.wording.line("listen.not_understood", &[])])
        }
        Report::LoudRoom => Response::lines(vec![s.wording.line("listen.loud_room", &[])]),
        Report::Problem(problem) => {
            let line = listen_problem(s, &problem).with_cue(Cue::Error);
            s.listening.cannot_hear(problem);
            Response::lines(vec![line])
        }
    }
}

/// Why nothing can be heard: said once, and typing goes on.
fn listen_problem(s: &Session, problem: &ListenProblem) -> Line {
    match problem {
        ListenProblem::NoRecogniser => s.wording.line("listen.no_recogniser", &[]),
        ListenProblem::NoMicrophone(device) if device.is_empty() => s.wording.line("listen.no_microphone", &[]),
        ListenProblem::NoMicrophone(device) => s.wording.line("listen.no_microphone_named", &[("device", device)]),
        ListenProblem::MicrophoneLost => s.wording.line("listen.microphone_lost", &[]),
    }
}

/// Words heard: done when sure, asked back when not (a command heard unsurely is to be said
/// again).
fn heard_words(s: &mut Session, hearing: Hearing, now: Timestamp) -> Response {
    let grammar = listening_grammar(s);
    let Some(meaning) = grammar.meaning(&hearing.words) else {
        return Response::lines(vec![s.wording.line("listen.not_understood", &[])]);
    };
    // A margin that is no number, or beyond any the recogniser gives, is no certainty.
    let margin = if hearing.margin.is_finite() && hearing.margin < 1.0e6 { hearing.margin } else { 0.0 };
    let sure = s.listening.sure(&grammar, &hearing.words, margin);
    let other = other_move(&grammar, meaning, hearing.rival.as_deref());
    match meaning {
        Meaning::Command(_) if !sure => Response::lines(vec![s.wording.line("listen.not_understood", &[])]),
        Meaning::Command(SpokenCommand::Yes | SpokenCommand::No) => match s.lapsed_question(now) {
            Some(again) => Response::lines(vec![s.wording.line("listen.asked_again", &[]), again]),
            None => act_on(s, meaning, now),
        },
        Meaning::Command(_) => act_on(s, meaning, now),
        // A correction takes an announced move back, and a repetition that differs from the move
        // announced would assert a divergence: each is always asked first.
        Meaning::Corrected(_) => ask_heard(s, meaning, None, now),
        Meaning::Repeated(mv) if differs_from_announced(s, mv) => ask_heard(s, meaning, None, now),
        _ if !sure => ask_heard(s, meaning, other, now),
        _ => act_on(s, meaning, now),
    }
}

/// The other reading of a move heard, where it is another move of the position: what is asked
/// next when the player says the move was not heard right.
fn other_move(grammar: &MoveGrammar, meaning: Meaning, rival: Option<&str>) -> Option<Meaning> {
    let other = grammar.meaning(rival?)?;
    let moves = matches!((meaning, other), (Meaning::Move(_), Meaning::Move(_)));
    (moves && other != meaning).then_some(other)
}

/// Whether `mv`, heard as the last move said again, is not the move announced.
fn differs_from_announced(s: &Session, mv: shakmaty::Move) -> bool {
    s.game.moves().last().is_some_and(|last| last != mv)
}

/// "Springer Felix drei? Say yes or no.", with the other reading to ask next on no.
fn ask_heard(s: &mut Session, meaning: Meaning, other: Option<Meaning>, now: Timestamp) -> Response {
    s.now = now.max(s.now);
    let mut lines = clock::clock_events(s);
    lines.push(asked_heard(s, "listen.ask", meaning, other));
    s.respond(lines)
}

/// Asks whether `meaning` was said (`key` says a move's question), with `other` to ask next.
fn asked_heard(s: &mut Session, key: &str, meaning: Meaning, other: Option<Meaning>) -> Line {
    let (key, pos, mv) = match meaning {
        Meaning::Move(mv) => (key, s.game.position().clone(), mv),
        Meaning::Repeated(mv) => ("listen.ask_repeated", last_position(s), mv),
        Meaning::Corrected(mv) => ("listen.ask_corrected", last_position(s), mv),
        // Commands heard unsurely are said again, never asked.
        Meaning::Command(_) => return s.wording.line("listen.not_understood", &[]),
    };
    let said = s.wording.mv(&pos, mv, s.settings.letters(pos.turn()));
    let said = s.wording.say(s.wording.words(key, &[("move", said)]));
    s.ask(Question::Heard { meaning, other }, said)
}

/// The position before the last move (the start position when there is none).
fn last_position(s: &Session) -> shakmaty::Chess {
    match s.game.ply_count().checked_sub(1) {
        Some(last) => s.game.position_before(last).clone(),
        None => s.game.position().clone(),
    }
}

/// The answer to "was this heard right?": yes does it; no asks the other reading where there is
/// one, and otherwise leaves everything as it was.
pub(crate) fn answer_heard(s: &mut Session, meaning: Meaning, other: Option<Meaning>, yes: bool) -> Response {
    match (yes, other) {
        (true, _) => {
            let now = s.now;
            act_on(s, meaning, now)
        }
        (false, Some(other)) => {
            let line = asked_heard(s, "listen.ask_other", other, None);
            s.respond(vec![line])
        }
        (false, None) => Response::lines(vec![s.wording.line("listen.not_played", &[])]),
    }
}

/// Does what the words mean, as the typed line would.
fn act_on(s: &mut Session, meaning: Meaning, now: Timestamp) -> Response {
    let said = match meaning {
        Meaning::Command(said) => match spoken_input(s, said) {
            Some(input) => return s.handle(input, now),
            None => return Response::lines(vec![s.wording.line("listen.not_understood", &[])]),
        },
        Meaning::Move(mv) => Said::Move(mv),
        Meaning::Repeated(mv) => Said::Repeated(mv),
        Meaning::Corrected(mv) => Said::Corrected(mv),
    };
    s.now = now.max(s.now);
    let mut lines = clock::clock_events(s);
    s.forget_question();
    lines.extend(match said {
        Said::Move(mv) => moves::play_heard(s, mv),
        Said::Repeated(mv) => repeated(s, mv),
        Said::Corrected(mv) => relay::correct_move(s, mv),
    });
    s.respond(lines)
}

/// The last move said again by the receiving side: it confirms a relay waiting when it is the
/// move announced, and is a divergence with its repair when it is another.
fn repeated(s: &mut Session, mv: shakmaty::Move) -> Vec<Line> {
    let last = s.game.ply_count().checked_sub(1);
    let target = s.table.relay_target().filter(|t| Some(t.ply) == last);
    match target {
        Some(target) if target.mv != mv => relay::relay_move(s, mv),
        Some(_) if s.table.pending().is_some() => relay::confirm_ok(s, true),
        _ => {
            let pos = last_position(s);
            let said = s.wording.mv(&pos, mv, s.settings.letters(pos.turn()));
            let line = s.wording.say(s.wording.words("listen.repeated", &[("move", said)]));
            // Printed for the record; not spoken over the game.
            vec![line.unspoken()]
        }
    }
}

/// `listen`: push to talk, when listening is on.
pub(crate) fn listen_command(s: &mut Session) -> Response {
    if !s.listening.is_on() {
        return Response::lines(vec![s.wording.line("listen.off", &[]).with_cue(Cue::Error)]);
    }
    // Nothing can be heard: that is said at once, not a silent wait.
    if let Some(problem) = s.listening.why_deaf() {
        return Response::lines(vec![listen_problem(s, problem).with_cue(Cue::Error)]);
    }
    // Printed only: what is spoken now would be heard.
    let line = s.wording.line("listen.now", &[]).unspoken();
    Response { lines: vec![line], effects: vec![Effect::Listen] }
}

// from hearing.rs
/// What words heard ask of the game (a command goes the typed way).
enum Said {
    Move(shakmaty::Move),
    Repeated(shakmaty::Move),
    Corrected(shakmaty::Move),
}

/// The command a spoken command stands for; a colour only answers "who resigns?".
fn spoken_input(s: &Session, said: SpokenCommand) -> Option<Input> {
    use SpokenCommand as Said;
    let command = match said {
        Said::Time => Command::Time { of: None },
        Said::Last => Command::Last { count: None },
        Said::Repeat => Command::Repeat {},
        Said::Board => Command::Board { asked: None },
        Said::Ok => Command::Ok {},
        Said::Yes => Command::Accept {},
        Said::No => Command::Decline {},
        Said::Draw => Command::Draw { by: None },
        Said::Resign => Command::Resign { by: None },
        Said::Claim => Command::Claim { intended: None },
        Said::White | Said::Black if s.waiting() == Some(&Question::WhoResigns) => {
            let by = if said == Said::White { Color::White } else { Color::Black };
            Command::Resign { by: Some(by) }
        }
        Said::White | Said::Black => return None,
    };
    Some(Input::Command(command))
}
