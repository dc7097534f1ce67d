//! What the session knows of its online game beyond the moves: whether the game was announced,
//! the move sent and not yet seen on the stream, the offers of the opponent already said, the chat
//! lines not yet read out, and whether the connection is open.

use crate::online::ChatLine;

/// What the session knows of its online game.
#[derive(Debug, Clone, Default)]
pub struct OnlineWatch {
    announced: bool,
    sent: Option<String>,
    /// When the move was sent (session time, ms).
    sent_at: u64,
    /// The longest wait for a move's echo said so far (ms).
    lag_said: u64,
    draw_said: bool,
    takeback_said: bool,
    chat: Vec<ChatLine>,
    unread: usize,
    lost: bool,
    /// The server asked to wait, or the connection was lost, since the move was sent: a late
    /// echo is no sign of a slow connection.
    excused: bool,
    /// The server's moves no longer fit the game here (a rewrite, or a move not legal here):
    /// said once, and no more of its moves played.
    diverged: bool,
    /// The first move's deadline was said.
    deadline_said: bool,
}

impl OnlineWatch {
    /// Whether the game was announced; it is from now on.
    pub fn announce(&mut self) -> bool {
        std::mem::replace(&mut self.announced, true)
    }

    /// A move (UCI) was sent at `at` (session time, ms); the stream will show it.
    pub fn send(&mut self, uci: &str, at: u64) {
        self.sent = Some(uci.to_string());
        self.sent_at = at;
        self.excused = false;
    }

    /// The first move's deadline is on the stream: whether that is news (said once a game).
    pub fn deadline_seen(&mut self) -> bool {
        !std::mem::replace(&mut self.deadline_said, true)
    }

    /// The server's moves no longer fit the game: whether that is news (said once).
    pub fn diverge(&mut self) -> bool {
        !std::mem::replace(&mut self.diverged, true)
    }

    /// Whether the server's moves no longer fit the game.
    pub fn has_diverged(&self) -> bool {
        self.diverged
    }

    /// The server asked to wait: a move shown late is not the connection's fault.
    pub fn waited(&mut self) {
        self.excused = true;
    }

    /// The move sent was seen at `now`: how long the server took, when that is news (two
    /// seconds or more, and twice what was said before).
    pub fn lag(&mut self, now: u64) -> Option<u64> {
        let lag = now.saturating_sub(self.sent_at);
        if std::mem::take(&mut self.excused) {
            return None;
        }
        if lag < 1000 {
            self.lag_said = 0;
            return None;
        }
        (lag >= 2000 && lag >= 2 * self.lag_said).then(|| {
            self.lag_said = lag;
            lag
        })
    }

    /// The move sent and not yet seen, if any.
    pub fn sent(&self) -> Option<&str> {
        self.sent.as_deref()
    }

    /// The move sent was seen, or refused.
    pub fn settle(&mut self) {
        self.sent = None;
    }

    /// The opponent's draw offer is on the stream (`offers`): whether it is new.
    pub fn draw_offered(&mut self, offers: bool) -> bool {
        let new = offers && !self.draw_said;
        self.draw_said = offers;
        new
    }

    /// The opponent's takeback request is on the stream (`asks`): whether it is new.
    pub fn takeback_asked(&mut self, asks: bool) -> bool {
        let new = asks && !self.takeback_said;
        self.takeback_said = asks;
        new
    }

    /// Whether the opponent asks to take back now.
    pub fn takeback_pending(&self) -> bool {
        self.takeback_said
    }

    /// The takeback request was answered.
    pub fn takeback_answered(&mut self) {
        self.takeback_said = false;
    }

    /// A chat line came.
    pub fn chat(&mut self, line: ChatLine) {
        self.chat.push(line);
        self.unread += 1;
    }

    /// The lines of the chat's history (`lines`, the opponent's) not heard yet, taken in as
    /// new: how many.
    pub fn chat_history(&mut self, lines: Vec<ChatLine>) -> usize {
        let known = self.chat.len();
        let new = lines.len().saturating_sub(known);
        for line in lines.into_iter().skip(known) {
            self.chat(line);
        }
        new
    }

    /// The chat lines not yet read out, now read.
    pub fn unread_chat(&mut self) -> Vec<ChatLine> {
        let from = self.chat.len() - std::mem::take(&mut self.unread);
        self.chat[from..].to_vec()
    }

    /// The connection broke: whether that is news.
    pub fn lose(&mut self) -> bool {
        self.excused = true;
        !std::mem::replace(&mut self.lost, true)
    }

    /// The connection is back: whether it had been lost.
    pub fn back(&mut self) -> bool {
        std::mem::take(&mut self.lost)
    }
}

#[cfg(test)]
mod tests {
    use super::OnlineWatch;

    /// A move shown late is blamed on the connection only when the server did not ask to wait
    /// and the connection was not lost meanwhile.
    #[test]
    fn a_late_move_is_blamed_on_the_connection_only_without_an_excuse() {
        let mut watch = OnlineWatch::default();
        watch.send("e2e4", 0);
        assert_eq!(watch.lag(3000), Some(3000));
        watch.send("g1f3", 10_000);
        watch.waited();
        assert_eq!(watch.lag(20_000), None);
        watch.send("f1c4", 30_000);
        watch.lose();
        assert_eq!(watch.lag(40_000), None);
        watch.send("d2d4", 50_000);
        assert_eq!(watch.lag(57_000), Some(7000));
    }
}
