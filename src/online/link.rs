//! The online game's line, the one effect of an online game: a thread that reads the game's
//! stream and reports each line, opening it again with back-off when it breaks (the whole game
//! comes again, so moves made meanwhile are not lost) and at once when it falls silent (no
//! keep-alive line for `SILENCE`); a game the server no longer has is reported and not asked
//! for again; and a thread that posts the actions the
//! game asks for, one at a time, waiting as long as the server asks after too many requests.

use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::Duration;

use super::client::{Action, Lichess, OnlineError};
use super::report::OnlineReport;

/// The longest wait between two attempts to open the stream again.
const LONGEST_BACK_OFF: Duration = Duration::from_secs(30);

/// lichess sends an empty line every 7 seconds; silence of two such periods and a little more
/// means the connection is dead, though no error says so (a network gone without a reset).
pub const SILENCE: Duration = Duration::from_secs(15);

/// The line to one online game; dropped, its threads end.
pub struct Link {
    actions: Sender<Action>,
}

impl Link {
    /// Reads game `id` from `lichess` and posts its actions, reporting to `to`.
    pub fn start(lichess: Lichess, id: String, to: Sender<OnlineReport>) -> Link {
        let (actions, asked) = mpsc::channel();
        let (reader, poster) = (lichess.clone(), lichess);
        let (id_read, report_read) = (id.clone(), to.clone());
        let _ =
            thread::Builder::new().name("online-stream".into()).spawn(move || read(&reader, &id_read, &report_read));
        let _ = thread::Builder::new().name("online-post".into()).spawn(move || post(&poster, &id, &asked, &to));
        Link { actions }
    }

    /// Posts `action` (its outcome is reported).
    pub fn send(&self, action: Action) {
        let _ = self.actions.send(action);
    }
}

/// Whether a game-stream line ends the game (its state's status is no longer `started`).
fn ends_game(line: &str) -> bool {
    let Ok(event) = serde_json::from_str::<super::events::GameEvent>(line) else { return false };
    let state = match event {
        super::events::GameEvent::GameFull(full) => full.state,
        super::events::GameEvent::GameState(state) => state,
        _ => return false,
    };
    !matches!(state.status.as_str(), "" | "created" | "started")
}

/// What one opening of a stream came to.
pub enum Reading {
    /// The game is over, or nobody listens any more.
    Done,
    /// The stream broke.
    Broke,
    /// The stream fell silent for `SILENCE`.
    Silent,
}

/// Reads the opened stream `lines`, each line handed to `heard` (which says whether to stop),
/// watched for silence: a thread reads, and this one waits for its lines at most `SILENCE` at a
/// time (a silent stream's thread is left to end on its own when its connection finally does).
pub fn watch(lines: super::client::Lines, mut heard_line: impl FnMut(String) -> bool) -> Reading {
    let (heard, lines_heard) = mpsc::channel();
    let _ = thread::Builder::new().name("online-lines".into()).spawn(move || {
        for line in lines.with_beats() {
            if heard.send(line).is_err() {
                return;
            }
        }
    });
    loop {
        match lines_heard.recv_timeout(SILENCE) {
            Ok(Ok(line)) if line.is_empty() => {}
            Ok(Ok(line)) => {
                if heard_line(line) {
                    return Reading::Done;
                }
            }
            Ok(Err(_)) | Err(mpsc::RecvTimeoutError::Disconnected) => return Reading::Broke,
            Err(mpsc::RecvTimeoutError::Timeout) => return Reading::Silent,
        }
    }
}

fn read(lichess: &Lichess, id: &str, to: &Sender<OnlineReport>) {
    let mut back_off = Duration::from_secs(1);
    let mut lost = false;
    loop {
        match lichess.game(id) {
            Ok(lines) => {
                back_off = Duration::from_secs(1);
                if lost {
                    lost = false;
                    if to.send(OnlineReport::Back).is_err() {
                        return;
                    }
                    // Chat lines written while the line was down come only from the history.
                    if let Ok(history) = lichess.chat_history(id) {
                        if to.send(OnlineReport::ChatHistory(history)).is_err() {
                            return;
                        }
                    }
                }
                let reported = |line: String| {
                    let over = ends_game(&line);
                    to.send(OnlineReport::Line(line)).is_err() || over
                };
                match watch(lines, reported) {
                    Reading::Done => return,
                    Reading::Broke => {}
                    Reading::Silent => {
                        // Said at once, and the stream opened again without waiting.
                        lost = true;
                        if to.send(OnlineReport::Silent(SILENCE)).is_err() {
                            return;
                        }
                        continue;
                    }
                }
            }
            Err(OnlineError::NotFound(_)) => {
                let _ = to.send(OnlineReport::Gone);
                return;
            }
            Err(OnlineError::Unauthorized) => {
                let _ = to.send(OnlineReport::Unauthorized);
                return;
            }
            Err(OnlineError::RateLimited(wait)) => {
                if to.send(OnlineReport::Wait(wait)).is_err() {
                    return;
                }
                thread::sleep(wait);
                continue;
            }
            Err(_) => {}
        }
        // The stream broke (or could not be opened): said once, tried again ever more slowly.
        if !lost {
            lost = true;
            if to.send(OnlineReport::Lost).is_err() {
                return;
            }
        }
        thread::sleep(back_off);
        back_off = (back_off * 2).min(LONGEST_BACK_OFF);
    }
}

fn post(lichess: &Lichess, id: &str, asked: &Receiver<Action>, to: &Sender<OnlineReport>) {
    for action in asked {
        let report = loop {
            match lichess.act(id, &action) {
                Ok(()) => break OnlineReport::Done(action),
                Err(OnlineError::RateLimited(wait)) => {
                    if to.send(OnlineReport::Wait(wait)).is_err() {
                        return;
                    }
                    thread::sleep(wait);
                }
                Err(OnlineError::Unauthorized) => break OnlineReport::Unauthorized,
                Err(OnlineError::Refused(reason) | OnlineError::NotFound(reason) | OnlineError::Network(reason)) => {
                    break OnlineReport::Refused(action, reason)
                }
            }
        };
        if to.send(report).is_err() {
            return;
        }
    }
}
