//! lichess's Board API over HTTP (ureq): the streams read line by line (newline-delimited JSON,
//! empty lines keeping them open), the actions posted, and each refusal typed: a token refused
//! (401), too many requests (429, with how long to wait), a request refused with lichess's reason,
//! the network gone. The server's address is a setting, so the tests speak to a stand-in on
//! localhost.

use std::io::{BufRead, BufReader, Read};
use std::time::Duration;

use super::token::Token;

/// Why a request to the server did not do what was asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OnlineError {
    /// The token was refused: expired, revoked, or without the `board:play` scope.
    #[error("the token was refused")]
    Unauthorized,
    /// Too many requests: wait this long before the next.
    #[error("too many requests; wait {0:?}")]
    RateLimited(Duration),
    /// The server refused the request, with its reason.
    #[error("refused: {0}")]
    Refused(String),
    /// The server has no such thing (404): a game gone or never there.
    #[error("not found: {0}")]
    NotFound(String),
    /// The server could not be reached, or the connection broke.
    #[error("the server cannot be reached: {0}")]
    Network(String),
}

/// How long lichess asks a client to wait after a 429 when it does not say (a minute).
pub const RATE_WAIT: Duration = Duration::from_secs(60);

/// An action on a game, posted to the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// A move in UCI (with a draw offered, when asked).
    Move {
        /// The move.
        uci: String,
        /// A draw is offered with it.
        offering_draw: bool,
    },
    /// Offer or accept a draw (yes), or decline one (no).
    Draw(bool),
    /// Ask for or accept a takeback (yes), or decline one (no).
    Takeback(bool),
    /// Resign.
    Resign,
    /// Abort (before both have moved).
    Abort,
    /// Claim the win when the opponent has gone.
    ClaimVictory,
    /// Claim a draw when the opponent has gone.
    ClaimDraw,
    /// Go berserk in an arena tournament's game (the clock halved, a win worth a point more).
    Berserk,
    /// A chat line to the opponent.
    Chat(String),
}

impl Action {
    /// The path of the action on game `id`, and its form, if any.
    fn request(&self, id: &str) -> (String, Vec<(&'static str, String)>) {
        let base = format!("/api/board/game/{id}");
        let yes_no = |yes: bool| if yes { "yes" } else { "no" };
        match self {
            Action::Move { uci, offering_draw: true } => (format!("{base}/move/{uci}?offeringDraw=true"), Vec::new()),
            Action::Move { uci, .. } => (format!("{base}/move/{uci}"), Vec::new()),
            Action::Draw(yes) => (format!("{base}/draw/{}", yes_no(*yes)), Vec::new()),
            Action::Takeback(yes) => (format!("{base}/takeback/{}", yes_no(*yes)), Vec::new()),
            Action::Resign => (format!("{base}/resign"), Vec::new()),
            Action::Abort => (format!("{base}/abort"), Vec::new()),
            Action::ClaimVictory => (format!("{base}/claim-victory"), Vec::new()),
            Action::ClaimDraw => (format!("{base}/claim-draw"), Vec::new()),
            Action::Berserk => (format!("{base}/berserk"), Vec::new()),
            Action::Chat(text) => (format!("{base}/chat"), vec![("room", "player".into()), ("text", text.clone())]),
        }
    }

    /// The action as one journal word or two (`move e2e4`, `draw yes`, `resign` …).
    pub fn record(&self) -> String {
        let yes_no = |yes: bool| if yes { "yes" } else { "no" };
        match self {
            Action::Move { uci, offering_draw } => format!("move {uci}{}", if *offering_draw { " =" } else { "" }),
            Action::Draw(yes) => format!("draw {}", yes_no(*yes)),
            Action::Takeback(yes) => format!("takeback {}", yes_no(*yes)),
            Action::Resign => "resign".into(),
            Action::Abort => "abort".into(),
            Action::ClaimVictory => "claim-victory".into(),
            Action::ClaimDraw => "claim-draw".into(),
            Action::Berserk => "berserk".into(),
            Action::Chat(text) => format!("chat {text}"),
        }
    }

    /// An action read back from its journal words.
    pub fn from_record(text: &str) -> Option<Action> {
        let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
        let yes = || match rest {
            "yes" => Some(true),
            "no" => Some(false),
            _ => None,
        };
        Some(match word {
            "move" => {
                let (uci, offer) = rest.split_once(' ').map_or((rest, false), |(u, o)| (u, o == "="));
                Action::Move { uci: uci.to_string(), offering_draw: offer }
            }
            "draw" => Action::Draw(yes()?),
            "takeback" => Action::Takeback(yes()?),
            "resign" => Action::Resign,
            "abort" => Action::Abort,
            "claim-victory" => Action::ClaimVictory,
            "claim-draw" => Action::ClaimDraw,
            "berserk" => Action::Berserk,
            "chat" => Action::Chat(rest.to_string()),
            _ => return None,
        })
    }
}

/// A seek for a game: minutes, increment in seconds, rated or casual.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seek {
    /// Minutes for the game.
    pub minutes: u32,
    /// Seconds added a move.
    pub increment: u32,
    /// Rated (else casual).
    pub rated: bool,
    /// The variant's key (`standard`, `chess960`).
    pub variant: String,
}

/// The server, spoken to with a token.
#[derive(Clone)]
pub struct Lichess {
    agent: ureq::Agent,
    server: String,
    token: Token,
}

impl Lichess {
    /// The server at `server` (`https://lichess.org`), with `token`.
    pub fn new(server: &str, token: Token) -> Lichess {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_connect(Some(Duration::from_secs(10)))
            .user_agent(concat!("annabella/", env!("CARGO_PKG_VERSION")))
            .build()
            .into();
        Lichess { agent, server: server.trim_end_matches('/').to_string(), token }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.server)
    }

    fn bearer(&self) -> String {
        format!("Bearer {}", self.token.secret())
    }

    /// The account's user id (lower case), to know one's colour in a game.
    pub fn account(&self) -> Result<String, OnlineError> {
        let response = self.agent.get(self.url("/api/account")).header("Authorization", self.bearer()).call();
        let text = body_text(checked(response)?)?;
        #[derive(serde::Deserialize)]
        struct Account {
            id: String,
        }
        let account: Account = serde_json::from_str(&text).map_err(|e| OnlineError::Refused(e.to_string()))?;
        Ok(account.id)
    }

    /// The account's event stream, a line at a time.
    pub fn events(&self) -> Result<Lines, OnlineError> {
        self.stream("/api/stream/event")
    }

    /// Game `id`'s stream, a line at a time.
    pub fn game(&self, id: &str) -> Result<Lines, OnlineError> {
        self.stream(&format!("/api/board/game/stream/{id}"))
    }

    /// Game `id`'s chat so far (`GET /api/board/game/{id}/chat`), as the server sends it.
    pub fn chat_history(&self, id: &str) -> Result<String, OnlineError> {
        let path = format!("/api/board/game/{id}/chat");
        let response = self.agent.get(self.url(&path)).header("Authorization", self.bearer()).call();
        body_text(checked(response)?)
    }

    fn stream(&self, path: &str) -> Result<Lines, OnlineError> {
        let response = self.agent.get(self.url(path)).header("Authorization", self.bearer()).call();
        let response = checked(response)?;
        Ok(Lines { reader: BufReader::new(Box::new(response.into_body().into_reader())), beats: false })
    }

    /// Posts `action` on game `id`.
    pub fn act(&self, id: &str, action: &Action) -> Result<(), OnlineError> {
        let (path, form) = action.request(id);
        let request = self.agent.post(self.url(&path)).header("Authorization", self.bearer());
        let response = match form.is_empty() {
            true => request.send_empty(),
            false => request.send_form(form.iter().map(|(k, v)| (*k, v.as_str()))),
        };
        checked(response).map(|_| ())
    }

    /// Seeks a game; the request stays open until one starts (then it is on the event stream).
    pub fn seek(&self, seek: &Seek) -> Result<(), OnlineError> {
        let form = [
            ("time", seek.minutes.to_string()),
            ("increment", seek.increment.to_string()),
            ("rated", seek.rated.to_string()),
            ("variant", seek.variant.clone()),
        ];
        let request = self.agent.post(self.url("/api/board/seek")).header("Authorization", self.bearer());
        let response = checked(request.send_form(form.iter().map(|(k, v)| (*k, v.as_str()))))?;
        // Read to its end: the seek is over when the server closes it.
        let mut sink = Vec::new();
        let _ = response.into_body().into_reader().take(1 << 20).read_to_end(&mut sink);
        Ok(())
    }

    /// The games in progress on the account (`/api/account/playing`).
    pub fn playing(&self) -> Result<Vec<super::GameInfo>, OnlineError> {
        let response = self.agent.get(self.url("/api/account/playing")).header("Authorization", self.bearer()).call();
        let text = body_text(checked(response)?)?;
        #[derive(serde::Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Playing {
            #[serde(default)]
            now_playing: Vec<super::GameInfo>,
        }
        let playing: Playing = serde_json::from_str(&text).map_err(|e| OnlineError::Refused(e.to_string()))?;
        Ok(playing.now_playing)
    }

    /// Starts a game against lichess's AI at `level` (1 to 8) with `seek`'s clock: the game's id.
    pub fn challenge_ai(&self, level: u8, seek: &Seek) -> Result<String, OnlineError> {
        let form = [
            ("level", level.to_string()),
            ("clock.limit", (seek.minutes * 60).to_string()),
            ("clock.increment", seek.increment.to_string()),
            ("variant", seek.variant.clone()),
        ];
        let request = self.agent.post(self.url("/api/challenge/ai")).header("Authorization", self.bearer());
        let text = body_text(checked(request.send_form(form.iter().map(|(k, v)| (*k, v.as_str()))))?)?;
        id_in(&text).ok_or_else(|| OnlineError::Refused(text.trim().to_string()))
    }

    /// Challenges `user` to a game of `seek`'s clock, kept alive while the answer is awaited
    /// (lichess drops a challenge after 20 s otherwise): the stream whose first line holds the
    /// challenge's id (the game's when it is accepted) and whose last says how it ended
    /// (`{"done":"accepted"}`, `declined` or `canceled`).
    pub fn challenge(&self, user: &str, seek: &Seek) -> Result<Lines, OnlineError> {
        let form = [
            ("clock.limit", (seek.minutes * 60).to_string()),
            ("clock.increment", seek.increment.to_string()),
            ("rated", seek.rated.to_string()),
            ("variant", seek.variant.clone()),
            ("keepAliveStream", "true".into()),
        ];
        let request =
            self.agent.post(self.url(&format!("/api/challenge/{user}"))).header("Authorization", self.bearer());
        let response = checked(request.send_form(form.iter().map(|(k, v)| (*k, v.as_str()))))?;
        Ok(Lines { reader: BufReader::new(Box::new(response.into_body().into_reader())), beats: false })
    }

    /// Accepts (yes) or declines (no) challenge `id`.
    pub fn answer_challenge(&self, id: &str, yes: bool) -> Result<(), OnlineError> {
        let path = format!("/api/challenge/{id}/{}", if yes { "accept" } else { "decline" });
        let response = self.agent.post(self.url(&path)).header("Authorization", self.bearer()).send_empty();
        checked(response).map(|_| ())
    }
}

/// A stream's lines, the empty ones (kept open) left out, or given as empty lines (`beats`), so
/// that a watchdog can tell a quiet stream from a dead one.
pub struct Lines {
    reader: BufReader<Box<dyn Read + Send>>,
    beats: bool,
}

impl Lines {
    /// The same stream, its keep-alive lines given as empty lines.
    pub fn with_beats(self) -> Lines {
        Lines { beats: true, ..self }
    }
}

impl Iterator for Lines {
    type Item = Result<String, OnlineError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let mut line = String::new();
            match self.reader.read_line(&mut line) {
                Ok(0) => return None,
                Ok(_) if line.trim().is_empty() && self.beats => return Some(Ok(String::new())),
                Ok(_) if line.trim().is_empty() => continue,
                Ok(_) => return Some(Ok(line.trim().to_string())),
                Err(e) => return Some(Err(OnlineError::Network(e.to_string()))),
            }
        }
    }
}

type Answer = Result<ureq::http::Response<ureq::Body>, ureq::Error>;

/// The response, or what its status says went wrong.
fn checked(response: Answer) -> Result<ureq::http::Response<ureq::Body>, OnlineError> {
    let mut response = response.map_err(|e| OnlineError::Network(e.to_string()))?;
    match response.status().as_u16() {
        200..=299 => Ok(response),
        401 | 403 => Err(OnlineError::Unauthorized),
        429 => {
            let wait = response
                .headers()
                .get("retry-after")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<u64>().ok())
                .map_or(RATE_WAIT, Duration::from_secs);
            Err(OnlineError::RateLimited(wait))
        }
        status => {
            let text = response.body_mut().read_to_string().unwrap_or_default();
            let reason = reason(&text).unwrap_or_else(|| format!("HTTP {status}"));
            match status {
                404 => Err(OnlineError::NotFound(reason)),
                _ => Err(OnlineError::Refused(reason)),
            }
        }
    }
}

/// lichess's reason in an error body: `{"error": "…"}`.
fn reason(body: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(body).ok()?;
    match value.get("error")? {
        serde_json::Value::String(text) => Some(text.clone()),
        other => Some(other.to_string()),
    }
}

/// The `id` of a game or challenge as the server answers it (at the top, or inside `challenge`).
pub fn id_in(body: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(body).ok()?;
    let id = value.get("id").or_else(|| value.get("challenge")?.get("id"))?;
    id.as_str().map(str::to_string)
}

fn body_text(response: ureq::http::Response<ureq::Body>) -> Result<String, OnlineError> {
    response.into_body().read_to_string().map_err(|e| OnlineError::Network(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_go_to_their_documented_paths_and_round_trip_through_the_journal() {
        let cases = [
            (Action::Move { uci: "e2e4".into(), offering_draw: false }, "/api/board/game/g1/move/e2e4"),
            (
                Action::Move { uci: "e7e8q".into(), offering_draw: true },
                "/api/board/game/g1/move/e7e8q?offeringDraw=true",
            ),
            (Action::Draw(false), "/api/board/game/g1/draw/no"),
            (Action::Takeback(true), "/api/board/game/g1/takeback/yes"),
            (Action::Resign, "/api/board/game/g1/resign"),
            (Action::Abort, "/api/board/game/g1/abort"),
            (Action::ClaimVictory, "/api/board/game/g1/claim-victory"),
            (Action::ClaimDraw, "/api/board/game/g1/claim-draw"),
            (Action::Berserk, "/api/board/game/g1/berserk"),
            (Action::Chat("good luck".into()), "/api/board/game/g1/chat"),
        ];
        for (action, path) in cases {
            assert_eq!(action.request("g1").0, path);
            assert_eq!(Action::from_record(&action.record()), Some(action));
        }
        assert_eq!(id_in(r#"{"id":"q7ZvsdUF","variant":{"key":"standard"}}"#).as_deref(), Some("q7ZvsdUF"));
        assert_eq!(id_in(r#"{"challenge":{"id":"H9fIRZUk"}}"#).as_deref(), Some("H9fIRZUk"));
        assert_eq!(id_in(r#"{"done":"accepted"}"#), None);
        assert_eq!(
            reason(r#"{"error":"Not your turn, or game already over"}"#).unwrap(),
            "Not your turn, or game already over"
        );
    }
}
