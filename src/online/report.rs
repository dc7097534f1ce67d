//! What the online game's line tells the game: a line of the game's stream as the server sent it
//! (parsed by the session, so that replay reads exactly what was read live), the connection lost
//! or back, a wait the server asked for, the token refused, and each action done or refused with
//! the server's reason. Each report is kept in the journal as one line of text and read back.

use std::time::Duration;

use super::client::Action;

/// One thing the online game's line reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OnlineReport {
    /// A line of the game's stream (JSON).
    Line(String),
    /// The connection broke; it is tried again.
    Lost,
    /// The connection is back (the whole game follows).
    Back,
    /// The stream was silent this long (not even a keep-alive line): it is opened again.
    Silent(Duration),
    /// The server no longer has the game (404): it is not asked for again.
    Gone,
    /// The game's chat so far (JSON, as the server sent it), read after a reconnection.
    ChatHistory(String),
    /// The server asked to wait this long before the next request.
    Wait(Duration),
    /// The token was refused.
    Unauthorized,
    /// An action was done.
    Done(Action),
    /// An action was refused, with the server's reason.
    Refused(Action, String),
}

impl OnlineReport {
    /// The report as one journal line.
    pub fn record(&self) -> String {
        match self {
            OnlineReport::Line(json) => format!("line {json}"),
            OnlineReport::Lost => "lost".into(),
            OnlineReport::Back => "back".into(),
            OnlineReport::Silent(d) => format!("silent {}", d.as_secs()),
            OnlineReport::Gone => "gone".into(),
            OnlineReport::ChatHistory(json) => format!("chat-history {json}"),
            OnlineReport::Wait(d) => format!("wait {}", d.as_secs()),
            OnlineReport::Unauthorized => "unauthorized".into(),
            OnlineReport::Done(action) => format!("done {}", action.record()),
            OnlineReport::Refused(action, reason) => format!("refused {}\t{reason}", action.record()),
        }
    }

    /// A journal line read back; `None` when it is not one.
    pub fn from_record(text: &str) -> Option<OnlineReport> {
        let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
        Some(match word {
            "line" => OnlineReport::Line(rest.to_string()),
            "lost" => OnlineReport::Lost,
            "back" => OnlineReport::Back,
            "silent" => OnlineReport::Silent(Duration::from_secs(rest.parse().ok()?)),
            "gone" => OnlineReport::Gone,
            "chat-history" => OnlineReport::ChatHistory(rest.to_string()),
            "wait" => OnlineReport::Wait(Duration::from_secs(rest.parse().ok()?)),
            "unauthorized" => OnlineReport::Unauthorized,
            "done" => OnlineReport::Done(Action::from_record(rest)?),
            "refused" => {
                let (action, reason) = rest.split_once('\t')?;
                OnlineReport::Refused(Action::from_record(action)?, reason.to_string())
            }
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_report_round_trips_through_its_journal_line() {
        let reports = [
            OnlineReport::Line(r#"{"type":"gameState","moves":"e2e4"}"#.into()),
            OnlineReport::Lost,
            OnlineReport::Back,
            OnlineReport::Silent(Duration::from_secs(15)),
            OnlineReport::Gone,
            OnlineReport::ChatHistory(r#"[{"text":"good luck","user":"bruno"}]"#.into()),
            OnlineReport::Wait(Duration::from_secs(60)),
            OnlineReport::Unauthorized,
            OnlineReport::Done(Action::Draw(false)),
            OnlineReport::Refused(Action::Move { uci: "e2e5".into(), offering_draw: false }, "Not your turn".into()),
        ];
        for report in reports {
            assert_eq!(OnlineReport::from_record(&report.record()), Some(report));
        }
    }
}
