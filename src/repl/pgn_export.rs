//! The game as PGN (`pgn [FILE]`): tags from the settings and the outcome (a Chess960 game with
//! `Variant` and its start FEN), each move with the mover's clock from the scoresheet and the draw
//! offers made with it.

use shakmaty::{CastlingMode, Color, Position};

use super::session::Session;
use super::{Document, Effect, Response};
use crate::rules::{to_fen, Reason};
use crate::store::{start_fen, PgnGame, PgnMove};

fn termination(reason: Reason) -> &'static str {
    match reason {
        Reason::FlagFall | Reason::FlagFallCannotMate | Reason::BothFlags => "time forfeit",
        Reason::IllegalMoves | Reason::IllegalMovesCannotMate | Reason::WrongClaim => "rules infraction",
        Reason::SealedMove | Reason::SealedMoveCannotMate => "adjudication",
        _ => "normal",
    }
}

impl Session {
    /// The game so far as a PGN game (the date is filled in where the file is written, when the
    /// game has none). A game read from PGN and not played on is written back as it was read;
    /// played on, it keeps every tag, mark and variation it had, with the new moves and the new
    /// result.
    pub fn pgn(&self) -> PgnGame {
        let played: Vec<shakmaty::Move> = self.game.moves().collect();
        let unchanged = self.imported.as_ref().filter(|i| i.unchanged(&played));
        let result = match unchanged {
            Some(i) if i.game.result != "*" => i.game.result.clone(),
            _ => self.game.outcome().map_or("*", |o| o.result.score()).to_string(),
        };
        let (chess960, start) = self.start_fen();
        let tags = match unchanged {
            Some(i) => i.game.tags.clone(),
            None => self.tags(&result, chess960, start.clone()),
        };
        let mut moves: Vec<PgnMove> = played.iter().enumerate().map(|(ply, &mv)| self.pgn_move(ply, mv)).collect();
        if let Some(i) = unchanged {
            // Moves recorded after the end of the game, kept as they were.
            moves.extend(i.game.moves[i.played..].iter().cloned());
        }
        let intro = self.imported.as_ref().and_then(|i| i.game.intro.clone());
        PgnGame { tags, start, moves, result, intro }
    }

    /// The tags of the game: those of the PGN it was read from, in their order, with the result
    /// and the termination of the game now; the seven-tag roster and the time control where they
    /// are missing.
    fn tags(&self, result: &str, chess960: bool, fen: Option<String>) -> Vec<(String, String)> {
        let name = |c: Color| match self.settings.name(c) {
            "" => "?".to_string(),
            n => n.to_string(),
        };
        let end = self.game.outcome().map_or("unterminated", |o| termination(o.reason));
        let mut tags: Vec<(String, String)> = self.imported.as_ref().map(|i| i.game.tags.clone()).unwrap_or_default();
        let counts_plies = tags.iter().any(|(n, _)| n == "PlyCount");
        let mut set = |name: &str, value: String, replace: bool| match tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) if replace => tag.1 = value,
            Some(_) => {}
            None => tags.push((name.to_string(), value)),
        };
        set("Event", "?".into(), false);
        set("Site", "?".into(), false);
        set("Date", "????.??.??".into(), false);
        set("Round", "-".into(), false);
        set("White", name(Color::White), false);
        set("Black", name(Color::Black), false);
        set("Result", result.to_string(), true);
        set("TimeControl", self.timing.clock.control().pgn_tag(), false);
        set("Termination", end.into(), true);
        if let Some(blind) = self.settings.blind {
            let color = if blind.is_white() { "White" } else { "Black" };
            set(crate::archive::BLIND_TAG, color.into(), false);
        }
        if counts_plies {
            set("PlyCount", self.game.ply_count().to_string(), true);
        }
        if chess960 {
            set("Variant", "Chess960".into(), false);
        }
        if let Some(fen) = fen {
            set("SetUp", "1".into(), false);
            set("FEN", fen, true);
        }
        tags
    }

    /// Whether the game is Chess960, and its start as FEN when it needs one (a Chess960 game
    /// always, any other when it did not start from the initial position).
    fn start_fen(&self) -> (bool, Option<String>) {
        let chess960 = self.settings.chess960.is_some() || self.game.start().castles().mode() == CastlingMode::Chess960;
        let fen = if chess960 { Some(to_fen(self.game.start())) } else { start_fen(self.game.start()) };
        (chess960, fen)
    }

    /// Half-move `ply` as PGN: the mover's clock from the scoresheet, the draw offer and the
    /// comment, and (for a move read from PGN) its marks and variations.
    fn pgn_move(&self, ply: usize, mv: shakmaty::Move) -> PgnMove {
        let read = self
            .imported
            .as_ref()
            .and_then(|i| i.game.moves.get(ply))
            .filter(|m| m.mv == mv && ply < self.imported_played());
        let base = read.cloned().unwrap_or_else(|| PgnMove::new(mv));
        let mover = self.game.position_before(ply).turn();
        let active = self.timing.clock.is_active();
        let clock = self.table.sheet(Color::White).entry(ply).filter(|_| active).map(|e| *e.clocks.get(mover));
        PgnMove {
            clock: clock.or(base.clock),
            offer: self.offers.contains(&ply),
            comment: self.comments.get(&ply).cloned(),
            ..base
        }
    }

    /// How many moves of the PGN read were played.
    fn imported_played(&self) -> usize {
        self.imported.as_ref().map_or(0, |i| i.played)
    }

    /// `pgn [FILE]`: the PGN goes to FILE (or beside the journal) where the file is written.
    pub(super) fn pgn_command(&mut self, path: Option<String>) -> Response {
        Response { lines: Vec::new(), effects: vec![Effect::Write(Box::new(Document::Pgn { game: self.pgn(), path }))] }
    }
}
