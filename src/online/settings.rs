//! The online settings: the server (lichess, or a stand-in in the tests), the file the token is
//! kept in, and the game a session plays (kept in its journal, so a resumed game goes on with the
//! same online game).

/// How online games are played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OnlineSettings {
    /// The server's address.
    pub server: String,
    /// The file the personal token is kept in (mode 600); empty: the environment only.
    pub token_file: String,
    /// The online game this session plays; empty: a game at the table.
    pub game: String,
}

/// lichess.
pub const LICHESS: &str = "https://lichess.org";

impl Default for OnlineSettings {
    fn default() -> OnlineSettings {
        OnlineSettings { server: LICHESS.into(), token_file: String::new(), game: String::new() }
    }
}

impl OnlineSettings {
    /// Whether the session plays an online game.
    pub fn is_online(&self) -> bool {
        !self.game.is_empty()
    }
}
