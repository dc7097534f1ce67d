//! Moves and commands said aloud (E.2.1): what the ears heard is handled exactly as if it had been
//! typed. A move heard surely is played and announced (the announcement is the repetition); one
//! heard unsurely is asked back ("Springer Felix drei?") and played only on yes; the last move
//! said again by the opponent confirms the relay when it agrees and is a divergence when it does
//! not; a correction within the slip-of-the-tongue window is asked first (it takes an announced
//! move back) and corrects on yes. A command heard unsurely is not carried out: it is asked to be
//! said again.

use shakmaty::Position;

use super::session::{Question, Session};
use super::{Effect, Line, Response, Timestamp};
use crate::audio::Cue;
use crate::listen::ListenMode;
use crate::listen::{Hearing, ListenProblem, Meaning, MoveGrammar, Report};
use crate::notation::PhrasePack;

impl Session {
    /// The grammar the ears hear the position in: the moves of the side to move in that player's
    /// words, the last move said again or corrected, and the spoken commands.
    pub fn listening_grammar(&self) -> MoveGrammar {
        let pos = self.game.position();
        let pack =
            PhrasePack::named(self.settings.listen_pack(pos.turn())).unwrap_or_else(|| self.wording().pack().clone());
        let grammar = MoveGrammar::for_position(pos, &pack);
        match self.game.ply_count().checked_sub(1) {
            Some(last) => grammar.with_previous(self.game.position_before(last), &pack),
            None => grammar,
        }
    }

    /// What the ears reported, at `now`.
    pub(super) fn heard_report(&mut self, report: Report, now: Timestamp) -> Response {
        match report {
            Report::Heard(hearing) => self.hearing(hearing, now),
            Report::Nothing => Response::lines(vec![self.line("listen.not_understood", &[])]),
            Report::Problem(problem) => Response::lines(vec![self.listen_problem(&problem)]),
        }
    }

    /// Why nothing can be heard: said once, and typing goes on.
    fn listen_problem(&self, problem: &ListenProblem) -> Line {
        match problem {
            ListenProblem::NoRecogniser => self.line("listen.no_recogniser", &[]),
            ListenProblem::NoMicrophone(device) if device.is_empty() => self.line("listen.no_microphone", &[]),
            ListenProblem::NoMicrophone(device) => self.line("listen.no_microphone_named", &[("device", device)]),
            ListenProblem::MicrophoneLost => self.line("listen.microphone_lost", &[]),
        }
    }

    /// Words heard: done when sure, asked back when not (a command heard unsurely is to be said
    /// again).
    fn hearing(&mut self, hearing: Hearing, now: Timestamp) -> Response {
        let grammar = self.listening_grammar();
        let Some(meaning) = grammar.meaning(&hearing.words) else {
            return Response::lines(vec![self.line("listen.not_understood", &[])]);
        };
        let sure = grammar.sure(&hearing.words, hearing.margin, self.settings.listen.threshold);
        match meaning {
            Meaning::Command(_) if !sure => Response::lines(vec![self.line("listen.not_understood", &[])]),
            Meaning::Command(_) => self.act_on(meaning, now),
            // A correction takes an announced move back: it is always asked first.
            Meaning::Corrected(_) => self.ask_heard(meaning, now),
            _ if !sure => self.ask_heard(meaning, now),
            _ => self.act_on(meaning, now),
        }
    }

    /// "Springer Felix drei? Say yes or no."
    fn ask_heard(&mut self, meaning: Meaning, now: Timestamp) -> Response {
        self.now = now.max(self.now);
        let mut lines = self.clock_events();
        let (key, pos, mv) = match meaning {
            Meaning::Move(mv) => ("listen.ask", self.game.position().clone(), mv),
            Meaning::Repeated(mv) => ("listen.ask_repeated", self.last_position(), mv),
            Meaning::Corrected(mv) => ("listen.ask_corrected", self.last_position(), mv),
            Meaning::Command(_) => return self.act_on(meaning, now),
        };
        let said = self.wording().mv(&pos, mv, self.settings.letters(pos.turn()));
        lines.push(self.say_words(self.wording().words(key, &[("move", said)])));
        self.question = Some(Question::Heard(meaning));
        self.respond(lines)
    }

    /// The position before the last move (the start position when there is none).
    fn last_position(&self) -> shakmaty::Chess {
        match self.game.ply_count().checked_sub(1) {
            Some(last) => self.game.position_before(last).clone(),
            None => self.game.position().clone(),
        }
    }

    /// The answer to "was this heard right?": yes does it, no leaves everything as it was.
    pub(super) fn answer_heard(&mut self, meaning: Meaning, yes: bool) -> Response {
        if yes {
            let now = self.now;
            self.act_on(meaning, now)
        } else {
            Response::lines(vec![self.line("listen.not_played", &[])])
        }
    }

    /// Does what the words mean, as the typed line would.
    fn act_on(&mut self, meaning: Meaning, now: Timestamp) -> Response {
        let said = match meaning {
            Meaning::Command(line) => {
                let input = self.read_input(line);
                return self.handle(input, now);
            }
            Meaning::Move(mv) => Said::Move(mv),
            Meaning::Repeated(mv) => Said::Repeated(mv),
            Meaning::Corrected(mv) => Said::Corrected(mv),
        };
        self.now = now.max(self.now);
        let mut lines = self.clock_events();
        self.question = None;
        lines.extend(match said {
            Said::Move(mv) => self.play_heard(mv),
            Said::Repeated(mv) => self.repeated(mv),
            Said::Corrected(mv) => self.correct_move(mv),
        });
        self.respond(lines)
    }

    /// The last move said again by the receiving side: it confirms a relay waiting when it is the
    /// move announced, and is a divergence with its repair when it is another.
    fn repeated(&mut self, mv: shakmaty::Move) -> Vec<Line> {
        let last = self.game.ply_count().checked_sub(1);
        let target = self.table.relay_target().filter(|t| Some(t.ply) == last);
        match target {
            Some(target) if target.mv != mv => self.relay_move(mv),
            Some(_) if self.table.pending().is_some() => self.confirm_ok(true),
            _ => {
                let pos = self.last_position();
                let said = self.wording().mv(&pos, mv, self.settings.letters(pos.turn()));
                let line = self.say_words(self.wording().words("listen.repeated", &[("move", said)]));
                // Printed for the record; not spoken over the game.
                vec![Line { speech: None, ..line }]
            }
        }
    }

    /// `listen`: push to talk, when listening is on.
    pub(super) fn listen_command(&mut self) -> Response {
        if self.settings.listen.mode == ListenMode::Off {
            return Response::lines(vec![self.line("listen.off", &[]).with_cue(Cue::Error)]);
        }
        // Printed only: what is spoken now would be heard.
        let line = Line { speech: None, ..self.line("listen.now", &[]) };
        Response { lines: vec![line], effects: vec![Effect::Listen] }
    }
}

/// What words heard ask of the game (a command goes the typed way).
enum Said {
    Move(shakmaty::Move),
    Repeated(shakmaty::Move),
    Corrected(shakmaty::Move),
}
