//! Coming back after a crash: replaying a journal into a fresh session (the answers are not
//! said again), then telling the table how long the program was away and where the game stands.

use std::time::Duration;

use shakmaty::{Color, Position};

use super::session::Session;
use super::{Event as SessionEvent, Response, Timestamp};
use crate::store::{Event, Record};

/// Replays the journal's records through `Session::apply`, as they happened live (what was said
/// is not said again); returns the session time and wall time of the last one. A PGN or an
/// envelope that no longer reads is skipped.
pub fn replay(session: &mut Session, records: &[Record]) -> (Timestamp, u64) {
    let mut last = (Timestamp(0), 0);
    for record in records {
        let event = match &record.event {
            Event::Start(_) => Some(SessionEvent::Start),
            Event::Input(line) => Some(SessionEvent::Input(session.read_input(line))),
            Event::Resume(ms) => Some(SessionEvent::Resumed(Duration::from_millis(*ms))),
            Event::Pgn(text) => crate::store::PgnGame::read(text).ok().map(SessionEvent::Pgn),
            Event::Heard(text) => {
                crate::listen::Hearing::from_record(text).map(|h| SessionEvent::Heard(crate::listen::Report::Heard(h)))
            }
            Event::Board(text) => crate::eboard::BoardReport::from_record(text).map(SessionEvent::Board),
            Event::Envelope(text) => {
                crate::store::Envelope::from_toml("journal", text).ok().map(SessionEvent::Envelope)
            }
        };
        if let Some(event) = event {
            session.apply(event, record.at);
        }
        last = (record.at, record.wall_ms);
    }
    last
}

impl Session {
    pub(super) fn downtime_lines(&mut self) -> Vec<super::Line> {
        let Some(down) = self.timing.downtime.take() else {
            return vec![self.line("resume.nothing", &[])];
        };
        let Some(color) = self.timing.clock.running() else {
            return vec![self.line("resume.nothing", &[])];
        };
        let left = self.timing.clock.remaining(color, self.now).saturating_sub(down);
        self.timing.clock.set_remaining(color, left, self.now);
        self.timing.watch.reset(color, &self.timing.clock, self.now, false);
        vec![self.line("resume.counted", &[("time", &self.duration_words(down)), ("color", &self.color(color))])]
    }

    /// What is said on coming back: how long the program was away and where the game stands.
    pub(super) fn resumed(&mut self, down: Duration, now: Timestamp) -> Response {
        self.now = now;
        // A question asked before is dropped: an action that cannot be undone is not confirmed
        // across a crash.
        self.timing.downtime = Some(down);
        self.question = None;
        let pos = self.game.position();
        let args = [
            ("time", self.duration_words(down)),
            ("moves", self.game.ply_count().to_string()),
            ("color", self.color(pos.turn())),
        ];
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let mut lines = vec![self.line("resume.back", &args)];
        if let Some(outcome) = self.game.outcome() {
            lines.extend(self.outcome_lines(outcome));
        } else if self.timing.clock.is_active() {
            let sides: Vec<String> = [Color::White, Color::Black].into_iter().map(|c| self.side_time(c)).collect();
            lines.push(self.say(sides.join(" ")));
            lines.push(self.line("resume.count_hint", &[]));
        }
        Response::lines(lines)
    }
}
