//! Coming back after a crash: a journal's records replayed through `Session::apply` as they
//! happened live (what was said is not said again).

use std::time::Duration;

use super::{Event, Session};
use crate::clock::Timestamp;
use crate::store::{Kept, Record};

/// Replays the journal's records through `Session::apply`, as they happened live; returns the
/// session time and wall time of the last one. A PGN or an envelope that no longer reads is
/// skipped.
pub fn replay(session: &mut Session, records: &[Record]) -> (Timestamp, u64) {
    let mut last = (Timestamp(0), 0);
    for record in records {
        let event = match &record.kept {
            Kept::Start(_) => Some(Event::Start),
            Kept::Input(line) => Some(Event::Input(session.read_input(line))),
            Kept::Resume(ms) => Some(Event::Resumed(Duration::from_millis(*ms))),
            Kept::Pgn(text) => crate::store::PgnGame::read(text).ok().map(Event::Pgn),
            Kept::Heard(text) => {
                crate::listen::Hearing::from_record(text).map(|h| Event::Heard(crate::listen::Report::Heard(h)))
            }
            Kept::Board(text) => crate::eboard::BoardReport::from_record(text).map(Event::Board),
            Kept::Online(text) => crate::online::OnlineReport::from_record(text).map(Event::Online),
            Kept::Envelope(text) => crate::store::Envelope::from_toml("journal", text).ok().map(Event::Envelope),
        };
        if let Some(event) = event {
            session.apply(event, record.at);
        }
        last = (record.at, record.wall_ms);
    }
    last
}

/// `replay`, with the wall time of the record the game now in play began with, when `new` began
/// it after an earlier game (`None` while the session's first game goes on).
pub fn replay_noting_new(session: &mut Session, records: &[Record]) -> ((Timestamp, u64), Option<u64>) {
    let (mut last, mut began) = ((Timestamp(0), 0), None);
    for record in records {
        let before = session.games_begun();
        last = replay(session, std::slice::from_ref(record));
        if session.games_begun() != before {
            began = Some(record.wall_ms);
        }
    }
    (last, began)
}
