//! The game as PGN (`pgn [FILE]`): tags from the settings and the outcome (a Chess960 game with
//! `Variant` and its start FEN), each move with the mover's clock from the scoresheet and the draw
//! offers made with it.

use shakmaty::{CastlingMode, Color, Position};

use super::session::Session;
use super::{Document, Effect, Response};
use crate::clock::TimeControl;
use crate::rules::{to_fen, Reason};
use crate::store::{start_fen, PgnGame, PgnMove};

/// The `TimeControl` tag: `5400+30`, `40/5400+30:1800+30`, `-`.
pub fn time_control_tag(control: &TimeControl) -> String {
    if control.is_none() {
        return "-".into();
    }
    let parts: Vec<String> = control
        .periods
        .iter()
        .map(|p| {
            let mut s = match p.moves {
                Some(m) => format!("{m}/{}", p.base.as_secs()),
                None => p.base.as_secs().to_string(),
            };
            if !p.increment.is_zero() {
                s.push_str(&format!("+{}", p.increment.as_secs()));
            }
            if !p.delay.is_zero() {
                s.push_str(&format!("d{}", p.delay.as_secs()));
            }
            s
        })
        .collect();
    parts.join(":")
}

fn termination(reason: Reason) -> &'static str {
    match reason {
        Reason::FlagFall | Reason::FlagFallCannotMate | Reason::BothFlags => "time forfeit",
        Reason::IllegalMoves | Reason::IllegalMovesCannotMate | Reason::WrongClaim => "rules infraction",
        Reason::SealedMove | Reason::SealedMoveCannotMate => "adjudication",
        _ => "normal",
    }
}

impl Session {
    /// The game so far as a PGN game (the date is filled in where the file is written).
    pub fn pgn(&self) -> PgnGame {
        let name = |c: Color| match self.settings.name(c) {
            "" => "?".to_string(),
            n => n.to_string(),
        };
        let result = self.game.outcome().map_or("*", |o| o.result.score()).to_string();
        let mut tags: Vec<(String, String)> = [
            ("Event", "?".to_string()),
            ("Site", "?".to_string()),
            ("Date", "????.??.??".to_string()),
            ("Round", "-".to_string()),
            ("White", name(Color::White)),
            ("Black", name(Color::Black)),
            ("Result", result.clone()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        tags.push(("TimeControl".into(), time_control_tag(self.timing.clock.control())));
        let end = self.game.outcome().map_or("unterminated", |o| termination(o.reason));
        tags.push(("Termination".into(), end.into()));
        let chess960 = self.settings.chess960.is_some() || self.game.start().castles().mode() == CastlingMode::Chess960;
        let start = if chess960 { Some(to_fen(self.game.start())) } else { start_fen(self.game.start()) };
        if chess960 {
            tags.push(("Variant".into(), "Chess960".into()));
        }
        if let Some(fen) = &start {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), fen.clone()));
        }
        let active = self.timing.clock.is_active();
        let moves = self
            .game
            .moves()
            .enumerate()
            .map(|(ply, mv)| {
                let mover = self.game.position_before(ply).turn();
                let clock = self.table.sheet(Color::White).entry(ply).filter(|_| active).map(|e| *e.clocks.get(mover));
                PgnMove { mv, clock, offer: self.offers.contains(&ply), comment: self.comments.get(&ply).cloned() }
            })
            .collect();
        PgnGame { tags, start, moves, result }
    }

    /// `pgn [FILE]`: the PGN goes to FILE (or beside the journal) where the file is written.
    pub(super) fn pgn_command(&mut self, path: Option<String>) -> Response {
        Response { lines: Vec::new(), effects: vec![Effect::Write(Box::new(Document::Pgn { game: self.pgn(), path }))] }
    }
}
