//! Coming back after a crash: replaying a journal into a fresh session (the answers are not
//! said again), then telling the table how long the program was away and where the game stands.

use std::time::Duration;

use shakmaty::{Color, Position};

use super::session::Session;
use super::{Response, Timestamp};
use crate::store::{Event, Record};

/// Replays the journal's records; returns the session time and wall time of the last one.
pub fn replay(session: &mut Session, records: &[Record]) -> (Timestamp, u64) {
    let mut last = (Timestamp(0), 0);
    for record in records {
        match &record.event {
            Event::Start(_) => {
                session.start(record.at);
            }
            Event::Input(line) => {
                let input = session.read_input(line);
                // A defect met again while replaying is skipped, as it was when it happened.
                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| session.handle(input, record.at)));
            }
            Event::Resume(ms) => session.set_downtime(Duration::from_millis(*ms)),
            Event::Pgn(text) => {
                if let Ok(pgn) = crate::store::PgnGame::read(text) {
                    session.load_pgn(&pgn, record.at);
                }
            }
            Event::Envelope(text) => {
                if let Ok(envelope) = crate::store::Envelope::from_toml("journal", text) {
                    session.resume_envelope(&envelope, record.at);
                }
            }
        }
        last = (record.at, record.wall_ms);
    }
    last
}

impl Session {
    pub(super) fn downtime_lines(&mut self) -> Vec<super::Line> {
        let Some(down) = self.downtime.take() else {
            return vec![self.line("resume.nothing", &[])];
        };
        let Some(color) = self.clock.running() else {
            return vec![self.line("resume.nothing", &[])];
        };
        let left = self.clock.remaining(color, self.now).saturating_sub(down);
        self.clock.set_remaining(color, left, self.now);
        self.watch.reset(color, &self.clock, self.now, false);
        vec![self.line("resume.counted", &[("time", &self.duration_words(down)), ("color", &self.color(color))])]
    }

    /// The time the program was away, which the arbiter may count (`count-downtime`). A question
    /// asked before is dropped: an action that cannot be undone is not confirmed across a crash.
    pub fn set_downtime(&mut self, down: Duration) {
        self.downtime = Some(down);
        self.question = None;
    }

    /// What is said on coming back: how long the program was away and where the game stands.
    pub fn resumed(&mut self, down: Duration, now: Timestamp) -> Response {
        self.now = now;
        self.set_downtime(down);
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
        } else if self.clock.is_active() {
            let sides: Vec<String> = [Color::White, Color::Black].into_iter().map(|c| self.side_time(c)).collect();
            lines.push(self.say(sides.join(" ")));
            lines.push(self.line("resume.count_hint", &[]));
        }
        Response { lines, ..Response::default() }
    }
}
