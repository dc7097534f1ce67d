//! The events lichess's Board API streams, as newline-delimited JSON: on the account's event
//! stream a game started or finished and a challenge made, cancelled or declined; on a game's
//! stream the whole game first, then each change of its state, chat lines and an opponent gone.
//! Fields not used here are let be; an event of a type not known is `Other`.

use serde::Deserialize;
use shakmaty::Color;

/// One line of the account's event stream (`/api/stream/event`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum AccountEvent {
    /// A game started (also one in progress, when the stream opens).
    GameStart {
        /// The game.
        game: GameInfo,
    },
    /// A game finished.
    GameFinish {
        /// The game.
        game: GameInfo,
    },
    /// A challenge to this account (or from it).
    Challenge {
        /// The challenge.
        challenge: ChallengeInfo,
    },
    /// A challenge was cancelled by its challenger.
    ChallengeCanceled {
        /// The challenge.
        challenge: ChallengeInfo,
    },
    /// A challenge was declined.
    ChallengeDeclined {
        /// The challenge.
        challenge: ChallengeInfo,
    },
    /// An event of another type.
    #[serde(other)]
    Other,
}

/// A game as the event stream names it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameInfo {
    /// The game's id.
    pub game_id: String,
    /// This account's colour in it.
    #[serde(default, deserialize_with = "color_word")]
    pub color: Option<Color>,
    /// The opponent.
    #[serde(default)]
    pub opponent: Option<Opponent>,
    /// Its speed (`rapid`, `classical` …).
    #[serde(default)]
    pub speed: String,
}

/// The opponent of a game as the event stream names them.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Opponent {
    /// Their user name.
    #[serde(default)]
    pub username: String,
    /// Their rating, when they have one.
    #[serde(default)]
    pub rating: Option<u32>,
}

/// A challenge.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChallengeInfo {
    /// Its id.
    pub id: String,
    /// Who challenges.
    #[serde(default)]
    pub challenger: Option<Player>,
    /// Who is challenged.
    #[serde(default)]
    pub dest_user: Option<Player>,
    /// Rated or casual.
    #[serde(default)]
    pub rated: bool,
    /// The time control.
    #[serde(default)]
    pub time_control: Option<ChallengeClock>,
    /// `white`, `black` or `random`: the challenger's colour.
    #[serde(default)]
    pub color: String,
    /// The variant.
    #[serde(default)]
    pub variant: Option<Variant>,
    /// Why it was declined, in the decliner's words (a declined challenge).
    #[serde(default)]
    pub decline_reason: Option<String>,
}

/// A challenge's time control.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ChallengeClock {
    /// `clock`, `correspondence` or `unlimited`.
    #[serde(rename = "type", default)]
    pub kind: String,
    /// The time for the game, in seconds.
    #[serde(default)]
    pub limit: Option<u64>,
    /// The increment, in seconds.
    #[serde(default)]
    pub increment: Option<u64>,
    /// Days a move, for correspondence.
    #[serde(default, rename = "daysPerTurn")]
    pub days_per_turn: Option<u32>,
}

/// A variant by its key (`standard`, `chess960`, `fromPosition` …).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Variant {
    /// The key.
    pub key: String,
}

/// A player as the game stream names them.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Player {
    /// The user id (lower case).
    #[serde(default)]
    pub id: String,
    /// The name as shown.
    #[serde(default)]
    pub name: String,
    /// The rating.
    #[serde(default)]
    pub rating: Option<u32>,
    /// lichess's own AI plays, at this level (it has no name).
    #[serde(default, rename = "aiLevel")]
    pub ai_level: Option<u8>,
}

/// One line of a game's stream (`/api/board/game/stream/{id}`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum GameEvent {
    /// The whole game, first on every connection.
    GameFull(Box<GameFull>),
    /// The game's state changed: a move, the clocks, an offer, the end.
    GameState(GameState),
    /// A chat line.
    ChatLine(ChatLine),
    /// The opponent left the game (or came back).
    OpponentGone(OpponentGone),
    /// An event of another type.
    #[serde(other)]
    Other,
}

/// The whole game.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameFull {
    /// The game's id.
    pub id: String,
    /// Its variant.
    pub variant: Variant,
    /// Its clock, in milliseconds (none for correspondence).
    #[serde(default)]
    pub clock: Option<GameClock>,
    /// Rated or casual.
    #[serde(default)]
    pub rated: bool,
    /// White.
    pub white: Player,
    /// Black.
    pub black: Player,
    /// `startpos` or a FEN.
    #[serde(default)]
    pub initial_fen: String,
    /// Days a move, in a correspondence game.
    #[serde(default)]
    pub days_per_turn: Option<u32>,
    /// The state now.
    pub state: GameState,
}

/// A game's clock.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct GameClock {
    /// The time for the game, in milliseconds.
    pub initial: u64,
    /// The increment, in milliseconds.
    pub increment: u64,
}

/// A game's state.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct GameState {
    /// Every move so far in UCI, separated by spaces.
    #[serde(default)]
    pub moves: String,
    /// White's time left, in milliseconds.
    #[serde(default)]
    pub wtime: u64,
    /// Black's time left.
    #[serde(default)]
    pub btime: u64,
    /// `started`, `mate`, `resign`, `draw`, `outoftime`, `aborted` …
    #[serde(default)]
    pub status: String,
    /// The winner, when there is one.
    #[serde(default, deserialize_with = "color_word")]
    pub winner: Option<Color>,
    /// White offers a draw.
    #[serde(default)]
    pub wdraw: bool,
    /// Black offers a draw.
    #[serde(default)]
    pub bdraw: bool,
    /// White asks to take back.
    #[serde(default)]
    pub wtakeback: bool,
    /// Black asks to take back.
    #[serde(default)]
    pub btakeback: bool,
    /// The first move's deadline: the game is aborted when it passes.
    #[serde(default)]
    pub expiration: Option<Expiration>,
}

/// How long a player has for their first move before the game is aborted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Expiration {
    /// Milliseconds since the last move, or since the game started.
    pub idle_millis: u64,
    /// The time each player has for their first move.
    pub millis_to_move: u64,
}

impl Expiration {
    /// The whole seconds left for the first move.
    pub fn seconds_left(&self) -> u64 {
        self.millis_to_move.saturating_sub(self.idle_millis) / 1000
    }
}

impl GameState {
    /// The moves, one UCI word each.
    pub fn uci_moves(&self) -> Vec<&str> {
        self.moves.split_whitespace().collect()
    }

    /// Whether `color` offers a draw.
    pub fn offers_draw(&self, color: Color) -> bool {
        if color.is_white() {
            self.wdraw
        } else {
            self.bdraw
        }
    }

    /// Whether `color` asks to take back.
    pub fn asks_takeback(&self, color: Color) -> bool {
        if color.is_white() {
            self.wtakeback
        } else {
            self.btakeback
        }
    }
}

/// A chat line.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ChatLine {
    /// `player` or `spectator`.
    #[serde(default)]
    pub room: String,
    /// Who wrote it.
    #[serde(default)]
    pub username: String,
    /// What they wrote.
    #[serde(default)]
    pub text: String,
}

/// A line of a game's chat history (`GET /api/board/game/{id}/chat`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct HistoryLine {
    /// What was written.
    #[serde(default)]
    pub text: String,
    /// Who wrote it (`lichess` for the server's own notes).
    #[serde(default)]
    pub user: String,
}

/// The opponent left or came back.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpponentGone {
    /// Gone (true) or back (false).
    pub gone: bool,
    /// In how many seconds victory can be claimed.
    #[serde(default)]
    pub claim_win_in_seconds: Option<u64>,
}

/// `white` or `black` as a colour; anything else is none.
fn color_word<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Color>, D::Error> {
    let word: Option<String> = Option::deserialize(d)?;
    Ok(match word.as_deref() {
        Some("white") => Some(Color::White),
        Some("black") => Some(Color::Black),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_events_are_read() {
        let full = r#"{"type":"gameFull","id":"5IrD6Gzz","rated":true,"variant":{"key":"standard","name":"Standard","short":"Std"},"clock":{"initial":1200000,"increment":10000},"speed":"classical","perf":{"name":"Classical"},"createdAt":1523825103562,"white":{"id":"lovlas","name":"Lovlas","provisional":false,"rating":2500,"title":"IM"},"black":{"id":"leela","name":"Leela","rating":2390,"title":null},"initialFen":"startpos","state":{"type":"gameState","moves":"e2e4 c7c5 f2f4","wtime":7598040,"btime":8395220,"winc":10000,"binc":10000,"wdraw":false,"bdraw":true,"status":"started"}}"#;
        let GameEvent::GameFull(full) = serde_json::from_str(full).unwrap() else { panic!() };
        assert_eq!((full.id.as_str(), full.white.rating, full.black.name.as_str()), ("5IrD6Gzz", Some(2500), "Leela"));
        assert_eq!(full.state.uci_moves(), ["e2e4", "c7c5", "f2f4"]);
        assert!(full.state.offers_draw(Color::Black) && !full.state.offers_draw(Color::White));
        let state = r#"{"type":"gameState","moves":"e2e4","wtime":1,"btime":2,"winc":0,"binc":0,"status":"resign","winner":"black"}"#;
        let GameEvent::GameState(state) = serde_json::from_str(state).unwrap() else { panic!() };
        assert_eq!((state.status.as_str(), state.winner), ("resign", Some(Color::Black)));
        let chat: GameEvent =
            serde_json::from_str(r#"{"type":"chatLine","room":"player","username":"leela","text":"gl"}"#).unwrap();
        assert!(matches!(chat, GameEvent::ChatLine(ChatLine { ref text, .. }) if text == "gl"));
        let gone: GameEvent =
            serde_json::from_str(r#"{"type":"opponentGone","gone":true,"claimWinInSeconds":8}"#).unwrap();
        assert_eq!(gone, GameEvent::OpponentGone(OpponentGone { gone: true, claim_win_in_seconds: Some(8) }));
        let other: GameEvent = serde_json::from_str(r#"{"type":"somethingNew","x":1}"#).unwrap();
        assert_eq!(other, GameEvent::Other);
    }

    #[test]
    fn the_account_events_are_read() {
        let start = r#"{"type":"gameStart","game":{"gameId":"rCRw1AuO","fullId":"rCRw1AuOvonq","color":"black","fen":"r1bqkbnr/pppp2pp/2n1pp2/8/8/3PP3/PPPB1PPP/RN1QKBNR w KQkq - 2 4","hasMoved":true,"isMyTurn":false,"lastMove":"b8c6","opponent":{"id":"philippe","rating":1790,"username":"Philippe"},"perf":"correspondence","rated":false,"secondsLeft":1209600,"source":"friend","speed":"correspondence","variant":{"key":"standard","name":"Standard"},"compat":{"bot":false,"board":true}}}"#;
        let AccountEvent::GameStart { game } = serde_json::from_str(start).unwrap() else { panic!() };
        assert_eq!((game.game_id.as_str(), game.color), ("rCRw1AuO", Some(Color::Black)));
        assert_eq!(game.opponent.unwrap().rating, Some(1790));
        let challenge = r##"{"type":"challenge","challenge":{"id":"7pGLxJ4F","url":"https://lichess.org/7pGLxJ4F","status":"created","challenger":{"id":"lovlas","name":"Lovlas","rating":2506,"title":"IM"},"destUser":{"id":"thibot","name":"thibot","rating":1500},"variant":{"key":"standard","name":"Standard","short":"Std"},"rated":true,"speed":"rapid","timeControl":{"type":"clock","limit":600,"increment":5,"show":"10+5"},"color":"random","perf":{"icon":"#","name":"Rapid"}}}"##;
        let AccountEvent::Challenge { challenge } = serde_json::from_str(challenge).unwrap() else { panic!() };
        assert_eq!(challenge.challenger.unwrap().rating, Some(2506));
        assert_eq!(challenge.time_control.unwrap().limit, Some(600));
    }
}
