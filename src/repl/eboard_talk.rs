//! The electronic board at the table: the sighted board read, not believed. A move made on it is
//! played as if it had been typed; the blind player's announced move executed there confirms the
//! relay by itself; a placement that stays neither is a divergence, said square by square in the
//! announcement words with its repair, and cleared when the board is right again. At the start,
//! after a reconnection and with `eboard`, the board's placement is compared with the game's.

use shakmaty::{Board, Chess, Color, Piece, Position, Square};

use super::session::Session;
use super::{Line, Response, Timestamp};
use crate::audio::Cue;
use crate::eboard::{differences, BoardMessage, BoardReport, Observed, Observer, PortProblem};
use crate::wording::Words;

impl Session {
    /// What the electronic board's line reported, at `now`.
    pub(super) fn board_news(&mut self, report: BoardReport, now: Timestamp) -> Response {
        self.now = now.max(self.now);
        let mut lines = self.clock_events();
        lines.extend(match report {
            BoardReport::Connected => self.board_connected(),
            BoardReport::Lost => self.board_lost(),
            BoardReport::Unavailable(problem) => vec![self.port_problem(problem)],
            BoardReport::Garbled => vec![self.line("eboard.garbled", &[]).with_cue(Cue::Error)],
            BoardReport::Settled => self.board_settled(now),
            BoardReport::Message(BoardMessage::Dump(placed)) => self.board_dump(placed.into_iter().collect(), now),
            BoardReport::Message(BoardMessage::Field(square, piece)) => self.board_field(square, piece, now),
            BoardReport::Message(BoardMessage::Other(_)) => Vec::new(),
        });
        self.respond(lines)
    }

    /// When the board's placement is next to be judged (a rook move that may be half of castling,
    /// a placement that is not the game's), if it waits for that.
    pub fn board_deadline(&self) -> Option<Timestamp> {
        let observer = self.eboard.observer.as_ref()?;
        observer.deadline(self.game.position()).map(Timestamp)
    }

    /// The colour of the electronic (sighted) board.
    fn eboard_color(&self) -> Color {
        self.settings.blind.unwrap_or(Color::White).other()
    }

    fn port_words(&self) -> String {
        self.settings.eboard.as_ref().map_or_else(String::new, |p| p.path.clone())
    }

    fn board_connected(&mut self) -> Vec<Line> {
        self.eboard.connected = true;
        let key = if std::mem::take(&mut self.eboard.lost) { "eboard.back" } else { "eboard.connected" };
        vec![self.line(key, &[("port", &self.port_words())])]
    }

    fn board_lost(&mut self) -> Vec<Line> {
        self.eboard.connected = false;
        self.eboard.lost = true;
        vec![self.line("eboard.lost", &[]).with_cue(Cue::Error)]
    }

    fn port_problem(&self, problem: PortProblem) -> Line {
        let key = match problem {
            PortProblem::Missing => "eboard.missing",
            PortProblem::Busy => "eboard.busy",
            PortProblem::Forbidden => "eboard.forbidden",
            PortProblem::Unusable => "eboard.unusable",
        };
        self.line(key, &[("port", &self.port_words())]).with_cue(Cue::Error)
    }

    /// The whole placement (at the start, on reconnection): a move made meanwhile is played, and
    /// otherwise the placement is compared with the game.
    fn board_dump(&mut self, board: Board, now: Timestamp) -> Vec<Line> {
        let start = self.game.position().board().clone();
        self.eboard.observer.get_or_insert_with(|| Observer::new(start));
        let mut compare = false;
        let mut lines = self.observe(now, |observer, game| {
            let observed = observer.dump(board, game, now.0);
            compare = observed == Observed::Nothing;
            observed
        });
        if compare {
            lines.extend(self.board_setup_check());
        }
        lines
    }

    fn board_field(&mut self, square: Square, piece: Option<Piece>, now: Timestamp) -> Vec<Line> {
        self.observe(now, |observer, game| observer.field(square, piece, game, now.0))
    }

    fn board_settled(&mut self, now: Timestamp) -> Vec<Line> {
        self.observe(now, |observer, game| observer.tick(game, now.0))
    }

    /// What the observer makes of a report, for the game. Before the board's first placement a
    /// report means nothing: the placement is on its way.
    fn observe(&mut self, now: Timestamp, act: impl FnOnce(&mut Observer, &Chess) -> Observed) -> Vec<Line> {
        let game = self.game.position().clone();
        let Some(observer) = self.eboard.observer.as_mut() else { return Vec::new() };
        let was_diverged = observer.diverged();
        let lines = match act(observer, &game) {
            Observed::Nothing => Vec::new(),
            Observed::Move(mv) => self.board_move(mv, now),
            Observed::Agrees => self.board_agrees(was_diverged),
            Observed::Divergence(differences) => self.board_divergence(&differences),
        };
        self.sync_sighted_board();
        lines
    }

    /// A legal move made on the board: played as if typed. Refused (a touched piece, the game
    /// over), the board now differs, and is judged so once it settles.
    fn board_move(&mut self, mv: shakmaty::Move, now: Timestamp) -> Vec<Line> {
        let played = self.game.ply_count();
        let lines = self.play_heard(mv);
        let game = self.game.position().clone();
        let sighted = self.eboard_color();
        if let Some(observer) = self.eboard.observer.as_mut() {
            if self.game.ply_count() == played {
                observer.refused(&game, now.0);
            } else if observer.placement() == game.board()
                && self.table.pending().is_some_and(|p| p.receiver == sighted)
            {
                // The blind player's move made on the electronic board: it is relayed already.
                self.table.confirm();
            }
        }
        lines
    }

    /// The board shows the game's position again: the relay executed, or a divergence repaired.
    fn board_agrees(&mut self, was_diverged: bool) -> Vec<Line> {
        let sighted = self.eboard_color();
        if self.table.pending().is_some_and(|p| p.receiver == sighted) {
            return self.confirm_ok(false);
        }
        if self.table.repairing() == Some(sighted) {
            self.table.set_repairing(None);
        }
        if was_diverged {
            vec![self.line("eboard.agrees", &[])]
        } else {
            Vec::new()
        }
    }

    /// The board settled on a placement that is not the game's: each square, then the repair.
    fn board_divergence(&mut self, differences: &[(Square, Option<Piece>, Option<Piece>)]) -> Vec<Line> {
        let count = differences.len().to_string();
        let mut lines = vec![self.line("eboard.differs", &[("count", &count)]).with_cue(Cue::Error)];
        lines.extend(differences.iter().map(|&(square, wanted, found)| self.difference_line(square, wanted, found)));
        let found = self.eboard.observer.as_ref().map(|o| o.placement().clone());
        if let Some(found) = found {
            let steps = crate::table::PhysicalBoard::new(found).steps_to(self.game.position().board());
            let steps: Vec<String> = steps.into_iter().map(|s| self.step_words(s)).collect();
            if !steps.is_empty() {
                lines.push(self.say_words(Words::plain(self.tr("eboard.repair", &[("steps", &steps.join("; "))]))));
            }
        }
        lines
    }

    /// "Gustav drei: white knight, should be nothing": the square in the announcement words.
    fn difference_line(&self, square: Square, wanted: Option<Piece>, found: Option<Piece>) -> Line {
        let man = |piece: Option<Piece>| match piece {
            Some(p) => self.man(p),
            None => self.tr("table.nothing", &[]),
        };
        let args = [("square", self.wording().pack().square(square)), ("found", man(found)), ("wanted", man(wanted))];
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        self.line("eboard.difference", &args)
    }

    /// `eboard`, and the check at the start and on reconnection: the board's placement compared
    /// with the game's, square by square.
    pub(super) fn board_setup_check(&mut self) -> Vec<Line> {
        if self.settings.eboard.is_none() {
            return vec![self.line("eboard.not_named", &[]).with_cue(Cue::Error)];
        }
        let Some(observer) = self.eboard.observer.as_ref().filter(|_| self.eboard.connected) else {
            return vec![self.line("eboard.none", &[]).with_cue(Cue::Error)];
        };
        let game = self.game.position().board().clone();
        let found = observer.placement().clone();
        let sighted = self.eboard_color();
        if found == game {
            return vec![self.line("eboard.agrees", &[])];
        }
        if found == *self.table.board(sighted).placement()
            && self.table.pending().is_some_and(|p| p.receiver == sighted)
        {
            // Only the announced move is missing: the relay is still to be executed.
            return vec![self.line("eboard.relay_waiting", &[])];
        }
        self.board_divergence(&differences(&game, &found))
    }

    /// The table's sighted board is what the electronic board shows.
    fn sync_sighted_board(&mut self) {
        let sighted = self.eboard_color();
        let pending = self.table.pending().is_some_and(|p| p.receiver == sighted);
        if let Some(observer) = self.eboard.observer.as_ref().filter(|_| !pending) {
            self.table.board_mut(sighted).set(observer.placement().clone());
        }
    }
}
