//! Moves and commands said aloud (E.2.1): what the ears heard is handled exactly as if it had been
//! typed. A move heard surely is played and announced (the announcement is the repetition); one
//! heard unsurely is asked back and played only on yes (on no, the best other reading is asked
//! next, when it is another move); the last move said again by the opponent confirms the relay
//! when it agrees and is a divergence when it does not; a correction within the slip-of-the-tongue
//! window is asked first and corrects on yes. A command heard unsurely is not carried out: it is
//! asked to be said again. Words not understood, and why nothing can be heard, are news.

use shakmaty::{Chess, Position};

use super::super::{moves, relay};
use crate::audio::Cue;
use crate::clock::Timestamp;
use crate::command::CommandSet;
use crate::config::Settings;
use crate::listen::{Hearing, ListenProblem, Meaning, MoveGrammar, Report};
use crate::rules::Game;
use crate::session::parts::{Asking, Listening, Question};
use crate::session::{Command, Effect, Input, Response, Session};
use crate::table::Table;
use crate::wording::{Line, Wording};

/// What the ears' report comes to: news to say (words not understood, a loud room, why nothing
/// can be heard), or words understood, to act on.
pub(crate) enum Heard {
    /// Said, not acted on and not kept for `repeat`.
    News(Vec<Line>),
    /// Words with a meaning in the position.
    Understood(Understood),
}

/// Words understood: what they mean, whether surely enough to act on unasked, the other reading
/// to ask next if the player says no, and whether the player confirmed them already.
pub(crate) struct Understood {
    meaning: Meaning,
    sure: bool,
    other: Option<Meaning>,
    confirmed: bool,
}

impl Understood {
    /// Words the player confirmed with yes: done as they are.
    pub(crate) fn confirmed(meaning: Meaning) -> Understood {
        Understood { meaning, sure: true, other: None, confirmed: true }
    }
}

/// What the ears reported, in the grammar of the position.
pub(crate) fn understand(listening: &mut Listening, grammar: &MoveGrammar, w: &Wording, report: Report) -> Heard {
    let not_understood = || Heard::News(vec![w.line("listen.not_understood", &[])]);
    match report {
        Report::Heard(hearing) => {
            listening.heard();
            understood(listening, grammar, &hearing).map_or_else(not_understood, Heard::Understood)
        }
        Report::Nothing => {
            listening.heard();
            not_understood()
        }
        Report::LoudRoom => Heard::News(vec![w.line("listen.loud_room", &[])]),
        Report::Problem(problem) => {
            let line = listen_problem(w, &problem).with_cue(Cue::Error);
            listening.cannot_hear(problem);
            Heard::News(vec![line])
        }
    }
}

/// The meaning of words heard, how sure, and the other reading; none when they mean nothing
/// here, or are a command heard unsurely (to be said again).
fn understood(listening: &Listening, grammar: &MoveGrammar, hearing: &Hearing) -> Option<Understood> {
    let meaning = grammar.meaning(&hearing.words)?;
    // A margin that is no number, or beyond any the recogniser gives, is no certainty.
    let margin = if hearing.margin.is_finite() && hearing.margin < 1.0e6 { hearing.margin } else { 0.0 };
    let sure = listening.sure(grammar, &hearing.words, margin);
    if !meaning.names_a_move() && !sure {
        return None;
    }
    let other = other_move(grammar, meaning, hearing.rival.as_deref());
    Some(Understood { meaning, sure, other, confirmed: false })
}

/// Why nothing can be heard: said once, and typing goes on.
fn listen_problem(w: &Wording, problem: &ListenProblem) -> Line {
    match problem {
        ListenProblem::NoRecogniser => w.line("listen.no_recogniser", &[]),
        ListenProblem::NoMicrophone(device) if device.is_empty() => w.line("listen.no_microphone", &[]),
        ListenProblem::NoMicrophone(device) => w.line("listen.no_microphone_named", &[("device", device)]),
        ListenProblem::MicrophoneLost => w.line("listen.microphone_lost", &[]),
        ListenProblem::NotHere => w.line("listen.not_here", &[]),
    }
}

/// The other reading of a move heard, where it is another move of the position: what is asked
/// next when the player says the move was not heard right.
fn other_move(grammar: &MoveGrammar, meaning: Meaning, rival: Option<&str>) -> Option<Meaning> {
    let other = grammar.meaning(rival?)?;
    let moves = matches!((meaning, other), (Meaning::Move(_), Meaning::Move(_)));
    (moves && other != meaning).then_some(other)
}

/// What words understood came to: done (or asked back), or a command to be carried out as if it
/// had been typed (the router of lines does that).
pub(crate) enum Acted {
    /// The answer.
    Done(Response),
    /// The input the words stand for.
    Typed(Input),
}

/// Words understood: done when sure or confirmed; asked back when not. A correction takes an
/// announced move back, and a repetition that differs from the move announced would assert a
/// divergence: each is always asked first. A yes or no said long after its question is asked
/// again.
pub(crate) fn act(s: &mut Session, words: Understood) -> Acted {
    let Understood { meaning, sure, other, confirmed } = words;
    let now = s.clock.now();
    let differs = |mv| s.game.moves().last().is_some_and(|last| last != mv);
    let asked = match meaning {
        _ if confirmed => None,
        Meaning::Command("accept" | "decline") => {
            if let Some(again) = s.asking.lapsed(now) {
                return Acted::Done(vec![s.wording.line("listen.asked_again", &[]), again].into());
            }
            None
        }
        Meaning::Command(_) | Meaning::Colour(_) => None,
        Meaning::Corrected(_) => Some(None),
        Meaning::Repeated(mv) if differs(mv) => Some(None),
        _ if !sure => Some(other),
        _ => None,
    };
    if let Some(other) = asked {
        let parts = (&mut s.asking, &s.game, &s.settings);
        return Acted::Done(vec![ask_heard(parts, &s.wording, now, ("listen.ask", meaning, other))].into());
    }
    let done = match meaning {
        Meaning::Command(_) | Meaning::Colour(_) => match spoken_input(s.asking.waiting(), meaning, s.wording.lang()) {
            Some(input) => return Acted::Typed(input),
            None => vec![s.wording.line("listen.not_understood", &[])].into(),
        },
        Meaning::Move(mv) => {
            s.asking.forget();
            moves::play_picked(s, mv)
        }
        Meaning::Repeated(mv) => {
            s.asking.forget();
            repeated(&mut s.table, &s.game, &s.settings, &s.wording, mv).into()
        }
        Meaning::Corrected(mv) => {
            s.asking.forget();
            s.correct_to(mv).into()
        }
    };
    Acted::Done(done)
}

/// Asks whether `meaning` was said (`key` says a move's question: "Springer Felix drei? Say yes
/// or no."), with `other` to ask next on no.
pub(crate) fn ask_heard(
    (asking, game, settings): (&mut Asking, &Game, &Settings),
    w: &Wording,
    now: Timestamp,
    (key, meaning, other): (&str, Meaning, Option<Meaning>),
) -> Line {
    let (key, pos, mv) = match meaning {
        Meaning::Move(mv) => (key, game.position(), mv),
        Meaning::Repeated(mv) => ("listen.ask_repeated", game.before_last(), mv),
        Meaning::Corrected(mv) => ("listen.ask_corrected", game.before_last(), mv),
        // Commands heard unsurely are said again, never asked.
        Meaning::Command(_) | Meaning::Colour(_) => return w.line("listen.not_understood", &[]),
    };
    let said = w.say(w.words(key, &[("move", w.mv(pos, mv, settings.letters(pos.turn())))]));
    asking.ask(Question::Heard { meaning, other }, said, now)
}

/// The last move said again by the receiving side: it confirms a relay waiting when it is the
/// move announced, and is a divergence with its repair when it is another.
fn repeated(table: &mut Table, game: &Game, settings: &Settings, w: &Wording, mv: shakmaty::Move) -> Vec<Line> {
    let last = game.ply_count().checked_sub(1);
    let target = table.relay_target().filter(|t| Some(t.ply) == last);
    match target {
        Some(target) if target.mv != mv => relay::relay_move(table, game, settings, w, mv),
        Some(_) if table.pending().is_some() => relay::confirm_ok(table, game, settings, w, true),
        _ => {
            let pos: &Chess = game.before_last();
            let said = w.mv(pos, mv, settings.letters(pos.turn()));
            // Printed for the record; not spoken over the game.
            vec![w.say(w.words("listen.repeated", &[("move", said)])).unspoken()]
        }
    }
}

/// `listen`: push to talk, when listening is on.
pub(crate) fn listen_command(listening: &Listening, w: &Wording) -> Response {
    if !listening.is_on() {
        return vec![w.line("listen.off", &[]).with_cue(Cue::Error)].into();
    }
    // Nothing can be heard: that is said at once, not a silent wait.
    if let Some(problem) = listening.why_deaf() {
        return vec![listen_problem(w, problem).with_cue(Cue::Error)].into();
    }
    // Printed only: what is spoken now would be heard.
    let line = w.line("listen.now", &[]).unspoken();
    Response { lines: vec![line], effects: vec![Effect::Listen] }
}

/// The command a spoken command stands for (its record's, without arguments); a colour only
/// answers "who resigns?".
fn spoken_input(waiting: Option<&Question>, meaning: Meaning, lang: crate::messages::Lang) -> Option<Input> {
    match meaning {
        Meaning::Command(name) => {
            let record = crate::command::lookup(Command::records(), name)?;
            Some(crate::command::read_command(record, "", lang))
        }
        Meaning::Colour(by) if waiting == Some(&Question::WhoResigns) => {
            Some(Input::Command(Command::Resign { by: Some(by) }))
        }
        _ => None,
    }
}
