//! The game as documents: its PGN (`pgn [FILE]`, the finished game; tags from the settings and
//! the outcome, each move with the mover's clock and the draw offers made with it), a game read from
//! PGN set up to play on, and the scoresheet exported (`export`) as text, full notation, braille,
//! BRF or spoken into a WAV file.

use shakmaty::{ByColor, CastlingMode, Color, Position};

use super::{announce, queries, relay};
use crate::command::{ExportAsk, FileName};
use crate::config::Settings;
use crate::rules::{to_fen, Game, Reason, Ruleset};
use crate::session::event::{Document, Effect, Response, SheetContent, SheetFile};
use crate::session::parts::{Imported, Sparring, Timekeeper};
use crate::speech::spoken_sheet;
use crate::store::{start_fen, PgnGame, PgnMove, BLIND_TAG};
use crate::table::{export_sheet, Entry, RelayMode, SheetFormat, SheetHeading, Table};
use crate::wording::Wording;

/// What the game's documents are written from: the game, the scoresheets (with the clocks of each
/// move), the clock, the PGN it was read from, and the settings (names, ruleset, letters).
#[derive(Clone, Copy)]
pub(crate) struct Recorded<'a> {
    pub(crate) game: &'a Game,
    pub(crate) table: &'a Table,
    pub(crate) clock: &'a Timekeeper,
    pub(crate) imported: Option<&'a Imported>,
    pub(crate) settings: &'a Settings,
    /// The engine's side of a practice game (hints and takebacks are kept), and the words to
    /// write them in.
    pub(crate) practice: Option<(&'a Sparring, &'a Wording)>,
}

/// Tags whose Result (where there is one) is `result`, the result written after the moves.
fn agreeing(mut tags: Vec<(String, String)>, result: &str) -> Vec<(String, String)> {
    if let Some(tag) = tags.iter_mut().find(|(k, _)| k == "Result") {
        tag.1 = result.to_string();
    }
    tags
}

/// The tags of a game read from PGN, its date unknown (`????.??.??`, as the Seven Tag Roster writes
/// it) where it gave none: it is not dated the day its file is written.
fn undated_unknown(mut tags: Vec<(String, String)>) -> Vec<(String, String)> {
    if !tags.iter().any(|(k, _)| k == "Date") {
        let at = tags.iter().position(|(k, _)| k == "Site").map_or(0, |i| i + 1);
        tags.insert(at, ("Date".into(), "????.??.??".into()));
    }
    tags
}

impl Recorded<'_> {
    /// The game so far as a PGN game (a game played here has no `Date` tag: the date is filled in
    /// where the file is written). A game read from PGN and not played on is written back as it
    /// was read; played on, it keeps every tag, mark and variation it had, with the new moves and
    /// the new result.
    pub(crate) fn pgn(&self) -> PgnGame {
        let played: Vec<shakmaty::Move> = self.game.moves().collect();
        let unchanged = self.imported.filter(|i| i.unchanged(&played));
        // A game read and not played on keeps its result (after its moves, else its Result
        // tag's), else what the position decides; the Result tag is written to agree.
        let result = match unchanged {
            Some(i) if i.game().result != "*" => i.game().result.clone(),
            _ => self.game.outcome().map_or("*", |o| o.result.score()).to_string(),
        };
        let (chess960, start) = self.start();
        let tags = match unchanged {
            Some(i) => agreeing(undated_unknown(i.game().tags.clone()), &result),
            None => self.tags(&result, chess960, start.clone()),
        };
        let mut moves: Vec<PgnMove> = played.iter().enumerate().map(|(ply, &mv)| self.pgn_move(ply, mv)).collect();
        if let Some(i) = unchanged {
            // Moves recorded after the end of the game, kept as they were.
            moves.extend(i.game().moves[i.played()..].iter().cloned());
        }
        let intro = self.imported.and_then(|i| i.game().intro.clone());
        PgnGame { tags, start, moves, result, intro }
    }

    /// The tags of the game: those of the PGN it was read from, in their order, with the result
    /// and the termination of the game now; the seven-tag roster and the time control where they
    /// are missing.
    fn tags(&self, result: &str, chess960: bool, fen: Option<String>) -> Vec<(String, String)> {
        let settings = self.settings;
        let name = |c: Color| match settings.name(c) {
            "" => "?".to_string(),
            n => n.to_string(),
        };
        let end = self.game.outcome().map_or("unterminated", |o| termination(o.reason));
        let mut tags: Vec<(String, String)> = self.imported.map(|i| i.game().tags.clone()).unwrap_or_default();
        let counts_plies = tags.iter().any(|(n, _)| n == "PlyCount");
        let mut set = |name: &str, value: String, replace: bool| match tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) if replace => tag.1 = value,
            Some(_) => {}
            None => tags.push((name.to_string(), value)),
        };
        if let Some((sparring, _)) = self.practice {
            // A practice game names the engine with its strength, and keeps the help it gave.
            let engine = super::practice::engine_side(settings);
            let strength = practice_strength(settings.opponent.strength);
            set("Event", "Practice game".into(), false);
            set(if engine.is_white() { "White" } else { "Black" }, format!("{}, {strength}", name(engine)), true);
            set("Hints", sparring.hints().len().to_string(), true);
            set("Takebacks", sparring.takebacks().to_string(), true);
        }
        if settings.online.is_online() {
            // An online game's address on its server: the game can be found there again.
            let server = settings.online.server.trim_end_matches('/');
            set("Site", format!("{server}/{}", settings.online.game), false);
        }
        set("Event", "?".into(), false);
        set("Site", "?".into(), false);
        // A game played here is dated where its file is written; a game read keeps its own date,
        // unknown as it may be.
        if self.imported.is_some() {
            set("Date", "????.??.??".into(), false);
        }
        set("Round", "-".into(), false);
        set("White", name(Color::White), false);
        set("Black", name(Color::Black), false);
        set("Result", result.to_string(), true);
        set("TimeControl", self.clock.clock().control().pgn_tag(), false);
        set("Termination", end.into(), true);
        if let Some(blind) = settings.blind {
            let color = if blind.is_white() { "White" } else { "Black" };
            set(BLIND_TAG, color.into(), false);
        }
        // A finished game, or one played against the engine, is named by its opening.
        if self.game.is_over() || self.practice.is_some() {
            let positions = (0..=self.game.ply_count()).map(|ply| self.game.position_before(ply));
            if let Some(opening) = crate::openings::of_game(positions) {
                set("ECO", opening.eco.into(), true);
                set("Opening", opening.name.into(), true);
            }
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
    fn start(&self) -> (bool, Option<String>) {
        let start = self.game.start();
        let chess960 = self.settings.chess960.is_some() || start.castles().mode() == CastlingMode::Chess960;
        let fen = if chess960 { Some(to_fen(start)) } else { start_fen(start) };
        (chess960, fen)
    }

    /// Half-move `ply` as PGN: the mover's clock from the scoresheet, the draw offer and the
    /// comment, and (for a move read from PGN) its marks and variations.
    fn pgn_move(&self, ply: usize, mv: shakmaty::Move) -> PgnMove {
        let played = self.imported.map_or(0, |i| i.played());
        let read = self.imported.and_then(|i| i.game().moves.get(ply)).filter(|m| m.mv == mv && ply < played);
        let base = read.cloned().unwrap_or_else(|| PgnMove::new(mv));
        let mover = self.game.mover_of(ply);
        // A move read keeps the clock it was read with (none, when it had none).
        let own = read.is_none() && self.clock.is_active();
        let clock = self.table.sheet(Color::White).entry(ply).filter(|_| own).map(|e| *e.clocks.get(mover));
        let hint = self.practice.and_then(|(sparring, w)| super::practice::hint_comment(sparring, ply, w));
        PgnMove {
            clock: clock.or(base.clock),
            offer: self.game.offered_with(ply),
            comment: hint.or_else(|| self.imported.and_then(|i| i.comment(ply)).cloned()),
            ..base
        }
    }

    /// Every move of the record: those played, and those a PGN read records after the end of the
    /// game (players sometimes play on past a dead position), while the game is as read.
    fn moves(&self) -> Vec<shakmaty::Move> {
        let mut moves: Vec<shakmaty::Move> = self.game.moves().collect();
        if let Some(imported) = self.imported.filter(|i| i.unchanged(&moves)) {
            moves.extend(imported.game().moves[imported.played()..].iter().map(|m| m.mv));
        }
        moves
    }

    /// The scoresheet of the game so far in `format`, headed by the players and closed by the
    /// result.
    pub(crate) fn scoresheet(&self, w: &Wording, format: SheetFormat) -> String {
        let settings = self.settings;
        let name = |c: Color| match settings.name(c) {
            "" => w.text("export.unnamed", &[]),
            name => name.to_string(),
        };
        let title = match (settings.white.is_empty(), settings.black.is_empty()) {
            (true, true) => w.text("export.title_unnamed", &[]),
            _ => w.text("export.title", &[("white", &name(Color::White)), ("black", &name(Color::Black))]),
        };
        let braille_table = crate::notation::louis_table(w.lang().code(), settings.braille_grade).into();
        let heading = SheetHeading { title, result: self.pgn().result, braille_table };
        let reader = settings.blind.unwrap_or(Color::White);
        export_sheet(self.game.start(), &self.moves(), &heading, format, settings.letters(reader))
    }

    /// The audio scoresheet: the moves in the words that announce them, with move numbers.
    pub(crate) fn spoken_scoresheet(&self, w: &Wording) -> SheetContent {
        let parts = spoken_sheet(self.game.start(), &self.moves(), w.pack(), self.settings.style);
        SheetContent::Spoken { pack: w.pack().name.clone(), parts }
    }
}

/// `pgn [FILE]`: the PGN goes to FILE (or beside the journal) where the file is written.
pub(crate) fn pgn_command(recorded: Recorded<'_>, path: Option<FileName>) -> Response {
    let document = Document::Pgn { game: recorded.pgn(), path: path.map(|p| p.0) };
    Response { lines: Vec::new(), effects: vec![Effect::Write(Box::new(document))] }
}

/// `export [FORMAT] [FILE]`: the scoresheet, to be written (beside the journal unless a file
/// is named); the form used when none is named is the full notation under the 1953 code, else
/// text.
pub(crate) fn export(recorded: Recorded<'_>, w: &Wording, asked: ExportAsk) -> Response {
    let ExportAsk { format, path } = asked;
    let format = format.unwrap_or(match recorded.settings.ruleset {
        Ruleset::Ussr1953 => SheetFormat::Full,
        _ => SheetFormat::Text,
    });
    let content = match format {
        SheetFormat::Wav => recorded.spoken_scoresheet(w),
        _ => SheetContent::Text(recorded.scoresheet(w, format)),
    };
    let file = SheetFile { content, extension: format.extension(), path };
    Response { lines: Vec::new(), effects: vec![Effect::Write(Box::new(Document::Sheet(file)))] }
}

/// Plays the PGN's moves into this (new) game; their announcements are not said. What the game
/// read does not keep itself is kept as read (`imported`).
pub(crate) fn load_pgn(
    game: &mut Game,
    table: &mut Table,
    clock: &mut Timekeeper,
    settings: &Settings,
    w: &Wording,
    pgn: &PgnGame,
) -> (Imported, Response) {
    let mut last = clock.readings();
    let mut played = 0;
    for (ply, m) in pgn.moves.iter().enumerate() {
        let before = game.position().clone();
        let Ok(report) = game.play(m.mv) else { break };
        played += 1;
        if let Some(c) = m.clock {
            *last.get_mut(report.mover) = c;
        }
        let written = relay::sheet_notation(settings, &before, m.mv, report.mover);
        table.moved(ply, m.mv, report.mover, Entry { written, mv: Some(m.mv), clocks: last }, RelayMode::Trust);
        if m.offer {
            game.note_offer_with(ply);
        }
    }
    let to_move = game.position().turn();
    let plies = game.ply_count();
    clock.restore(last, ByColor::new_with(|c| game.moves_made(c)), to_move);
    let args = [("moves", plies.to_string()), ("half_moves", w.half_moves(plies)), ("color", w.color(to_move))];
    let mut lines = vec![w.line_of("pgn.loaded", &args)];
    if plies > 0 {
        lines.extend(queries::last(game, settings, w, None));
    }
    if pgn.result != "*" && !game.is_over() {
        lines.push(w.line("pgn.recorded_result", &[("result", &pgn.result)]));
    }
    if played < pgn.moves.len() {
        // Moves recorded after the end of the game are not played, but kept.
        let more = pgn.moves.len() - played;
        let args = [("count", more.to_string()), ("half_moves", w.half_moves(more)), ("moves", plies.to_string())];
        lines.push(w.line_of("pgn.after_the_end", &args));
    }
    if let Some(outcome) = game.outcome() {
        lines.extend(announce::outcome_lines(game, settings, w, outcome));
    }
    (Imported::new(pgn.clone(), played), Response::lines(lines))
}

/// The engine's strength as a PGN tag writes it beside its name.
fn practice_strength(strength: crate::engine::Strength) -> String {
    match strength {
        crate::engine::Strength::Level(level) => format!("level {level}"),
        crate::engine::Strength::Elo(elo) => format!("Elo {elo}"),
    }
}

/// The PGN `Termination` tag of a game ended for `reason`.
fn termination(reason: Reason) -> &'static str {
    match reason {
        Reason::FlagFall | Reason::FlagFallCannotMate | Reason::BothFlags => "time forfeit",
        Reason::IllegalMoves | Reason::IllegalMovesCannotMate | Reason::WrongClaim => "rules infraction",
        Reason::Abandoned | Reason::AbandonedDraw | Reason::Aborted | Reason::NotStarted => "abandoned",
        Reason::Cheat => "rules infraction",
        Reason::UnknownFinish => "unterminated",
        Reason::SealedMove | Reason::SealedMoveCannotMate => "adjudication",
        _ => "normal",
    }
}
