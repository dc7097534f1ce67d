//! A game read from PGN, set up to play on: its moves on the record, both boards and both
//! scoresheets (with the clock readings of the PGN), its draw offers and comments, and the clocks
//! at their last readings. What the session does not keep itself (every tag, move marks,
//! variations, the result decided off the board, moves recorded after the end of the game) is
//! kept as read, to be written back.

use shakmaty::{ByColor, Color, Position};

use super::imported::Imported;
use super::session::Session;
use super::{Response, Timestamp};
use crate::store::PgnGame;
use crate::table::{Entry, RelayMode};

impl Session {
    /// Plays the PGN's moves into this (new) session; their announcements are not said.
    pub(super) fn load_pgn(&mut self, pgn: &PgnGame, now: Timestamp) -> Response {
        self.now = now;
        let mut last = self.timing.clock.readings(now);
        let mut played = 0;
        for (ply, m) in pgn.moves.iter().enumerate() {
            let before = self.game.position().clone();
            let Ok(report) = self.game.play(m.mv) else { break };
            played += 1;
            let _ = self.announcement(&before, &report);
            if let Some(c) = m.clock {
                *last.get_mut(report.mover) = c;
            }
            let written = self.sheet_notation(&before, m.mv, report.mover);
            self.table.moved(
                ply,
                m.mv,
                report.mover,
                Entry { written, mv: Some(m.mv), clocks: last },
                RelayMode::Trust,
            );
            if m.offer {
                self.offers.push(ply);
            }
            if let Some(c) = &m.comment {
                self.comments.insert(ply, c.clone());
            }
        }
        let to_move = self.game.position().turn();
        let plies = self.game.ply_count();
        let moves =
            ByColor::new_with(|c| (0..plies).filter(|&i| self.game.position_before(i).turn() == c).count() as u32);
        self.timing.clock.restore(last, moves, to_move, now);
        self.timing.watch.reset(Color::White, &self.timing.clock, now, true);
        self.timing.watch.reset(Color::Black, &self.timing.clock, now, true);
        let args = [("moves", plies.to_string()), ("color", self.color(to_move))];
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let mut lines = vec![self.line("pgn.loaded", &args)];
        if pgn.result != "*" && !self.game.is_over() {
            lines.push(self.line("pgn.recorded_result", &[("result", &pgn.result)]));
        }
        if played < pgn.moves.len() {
            // Moves recorded after the end of the game are not played, but kept.
            let count = (pgn.moves.len() - played).to_string();
            lines.push(self.line("pgn.after_the_end", &[("count", &count), ("moves", &plies.to_string())]));
        }
        self.imported = Some(Imported { game: pgn.clone(), played });
        if let Some(outcome) = self.game.outcome() {
            lines.extend(self.outcome_lines(outcome));
        }
        Response::lines(lines)
    }
}
