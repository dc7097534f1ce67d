//! The game as documents: its PGN (`pgn [FILE]`, the finished game; tags from the settings and
//! the outcome, each move with the mover's clock and the draw offers made with it), a game read from
//! PGN set up to play on, and the scoresheet exported (`export`) as text, full notation, braille,
//! BRF or spoken into a WAV file.

use shakmaty::{ByColor, CastlingMode, Color, Position};

use super::{announce, relay};
use crate::clock::Timestamp;
use crate::command::{ExportAsk, FileName};
use crate::rules::Ruleset;
use crate::rules::{to_fen, Reason};
use crate::session::parts::Imported;
use crate::session::Document;
use crate::session::Effect;
use crate::session::Response;
use crate::session::Session;
use crate::session::SheetContent;
use crate::session::SheetFile;
use crate::speech::spoken_sheet;
use crate::store::{start_fen, PgnGame, PgnMove, BLIND_TAG};
use crate::table::{export_sheet, SheetFormat, SheetHeading};
use crate::table::{Entry, RelayMode};

/// The game so far as a PGN game (a game played here has no `Date` tag: the date is filled in
/// where the file is written). A game read from PGN and not played on is written back as it was read;
/// played on, it keeps every tag, mark and variation it had, with the new moves and the new
/// result.
pub(crate) fn pgn(s: &Session) -> PgnGame {
    let played: Vec<shakmaty::Move> = s.game.moves().collect();
    let unchanged = s.imported.as_ref().filter(|i| i.unchanged(&played));
    let result = match unchanged {
        Some(i) if i.game().result != "*" => i.game().result.clone(),
        _ => s.game.outcome().map_or("*", |o| o.result.score()).to_string(),
    };
    let (chess960, start) = start_of(s);
    let tags = match unchanged {
        Some(i) => i.game().tags.clone(),
        None => tags(s, &result, chess960, start.clone()),
    };
    let mut moves: Vec<PgnMove> = played.iter().enumerate().map(|(ply, &mv)| pgn_move(s, ply, mv)).collect();
    if let Some(i) = unchanged {
        // Moves recorded after the end of the game, kept as they were.
        moves.extend(i.game().moves[i.played()..].iter().cloned());
    }
    let intro = s.imported.as_ref().and_then(|i| i.game().intro.clone());
    PgnGame { tags, start, moves, result, intro }
}

/// The tags of the game: those of the PGN it was read from, in their order, with the result
/// and the termination of the game now; the seven-tag roster and the time control where they
/// are missing.
fn tags(s: &Session, result: &str, chess960: bool, fen: Option<String>) -> Vec<(String, String)> {
    let name = |c: Color| match s.settings.name(c) {
        "" => "?".to_string(),
        n => n.to_string(),
    };
    let end = s.game.outcome().map_or("unterminated", |o| termination(o.reason));
    let mut tags: Vec<(String, String)> = s.imported.as_ref().map(|i| i.game().tags.clone()).unwrap_or_default();
    let counts_plies = tags.iter().any(|(n, _)| n == "PlyCount");
    let mut set = |name: &str, value: String, replace: bool| match tags.iter_mut().find(|(n, _)| n == name) {
        Some(tag) if replace => tag.1 = value,
        Some(_) => {}
        None => tags.push((name.to_string(), value)),
    };
    set("Event", "?".into(), false);
    set("Site", "?".into(), false);
    // A game played here is dated where its file is written; a game read keeps its own date,
    // unknown as it may be.
    if s.imported.is_some() {
        set("Date", "????.??.??".into(), false);
    }
    set("Round", "-".into(), false);
    set("White", name(Color::White), false);
    set("Black", name(Color::Black), false);
    set("Result", result.to_string(), true);
    set("TimeControl", s.clock.clock().control().pgn_tag(), false);
    set("Termination", end.into(), true);
    if let Some(blind) = s.settings.blind {
        let color = if blind.is_white() { "White" } else { "Black" };
        set(BLIND_TAG, color.into(), false);
    }
    if counts_plies {
        set("PlyCount", s.game.ply_count().to_string(), true);
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
fn start_of(s: &Session) -> (bool, Option<String>) {
    let chess960 = s.settings.chess960.is_some() || s.game.start().castles().mode() == CastlingMode::Chess960;
    let fen = if chess960 { Some(to_fen(s.game.start())) } else { start_fen(s.game.start()) };
    (chess960, fen)
}

/// Half-move `ply` as PGN: the mover's clock from the scoresheet, the draw offer and the
/// comment, and (for a move read from PGN) its marks and variations.
fn pgn_move(s: &Session, ply: usize, mv: shakmaty::Move) -> PgnMove {
    let imported = s.imported.as_ref();
    let read = imported.and_then(|i| i.game().moves.get(ply)).filter(|m| m.mv == mv && ply < imported_played(s));
    let base = read.cloned().unwrap_or_else(|| PgnMove::new(mv));
    let mover = s.game.position_before(ply).turn();
    let active = s.clock.clock().is_active();
    // A move read keeps the clock it was read with (none, when it had none).
    let own = read.is_none() && active;
    let clock = s.table.sheet(Color::White).entry(ply).filter(|_| own).map(|e| *e.clocks.get(mover));
    PgnMove {
        clock: clock.or(base.clock),
        offer: s.game.offered_with(ply),
        comment: imported.and_then(|i| i.comment(ply)).cloned(),
        ..base
    }
}

/// How many moves of the PGN read were played.
fn imported_played(s: &Session) -> usize {
    s.imported.as_ref().map_or(0, |i| i.played())
}

/// `pgn [FILE]`: the PGN goes to FILE (or beside the journal) where the file is written.
pub(crate) fn pgn_command(s: &mut Session, path: Option<FileName>) -> Response {
    let path = path.map(|p| p.0);
    Response { lines: Vec::new(), effects: vec![Effect::Write(Box::new(Document::Pgn { game: pgn(s), path }))] }
}

/// Plays the PGN's moves into this (new) session; their announcements are not said.
pub(crate) fn load_pgn(s: &mut Session, pgn: &PgnGame, now: Timestamp) -> Response {
    s.now = now;
    let mut last = s.clock.clock().readings(now);
    let mut played = 0;
    for (ply, m) in pgn.moves.iter().enumerate() {
        let before = s.game.position().clone();
        let Ok(report) = s.game.play(m.mv) else { break };
        played += 1;
        if let Some(c) = m.clock {
            *last.get_mut(report.mover) = c;
        }
        let written = relay::sheet_notation(s, &before, m.mv, report.mover);
        s.table.moved(ply, m.mv, report.mover, Entry { written, mv: Some(m.mv), clocks: last }, RelayMode::Trust);
        if m.offer {
            s.game.note_offer_with(ply);
        }
    }
    let to_move = s.game.position().turn();
    let plies = s.game.ply_count();
    let moves = ByColor::new_with(|c| (0..plies).filter(|&i| s.game.position_before(i).turn() == c).count() as u32);
    s.clock.restore(last, moves, to_move, now);
    let args = [
        ("moves", plies.to_string()),
        ("half_moves", s.wording.half_moves(plies)),
        ("color", s.wording.color(to_move)),
    ];
    let mut lines = vec![s.wording.line_of("pgn.loaded", &args)];
    if plies > 0 {
        lines.extend(super::queries::last(s, None));
    }
    if pgn.result != "*" && !s.game.is_over() {
        lines.push(s.wording.line("pgn.recorded_result", &[("result", &pgn.result)]));
    }
    if played < pgn.moves.len() {
        // Moves recorded after the end of the game are not played, but kept.
        let more = pgn.moves.len() - played;
        let args =
            [("count", more.to_string()), ("half_moves", s.wording.half_moves(more)), ("moves", plies.to_string())];
        lines.push(s.wording.line_of("pgn.after_the_end", &args));
    }
    s.imported = Some(Imported::new(pgn.clone(), played));
    if let Some(outcome) = s.game.outcome() {
        lines.extend(announce::outcome_lines(s, outcome));
    }
    Response::lines(lines)
}

/// The scoresheet of the game so far in `format`, headed by the players and closed by the result.
pub(crate) fn scoresheet(s: &Session, format: SheetFormat) -> String {
    let name = |c: Color| match s.settings.name(c) {
        "" => s.wording.text("export.unnamed", &[]),
        name => name.to_string(),
    };
    let title = match (s.settings.white.is_empty(), s.settings.black.is_empty()) {
        (true, true) => s.wording.text("export.title_unnamed", &[]),
        _ => s.wording.text("export.title", &[("white", &name(Color::White)), ("black", &name(Color::Black))]),
    };
    let braille_table = crate::notation::louis_table(s.wording.lang().code(), s.settings.braille_grade).into();
    let heading = SheetHeading { title, result: pgn(s).result, braille_table };
    let reader = s.settings.blind.unwrap_or(Color::White);
    let moves = recorded_moves(s);
    export_sheet(s.game.start(), &moves, &heading, format, s.settings.letters(reader))
}

/// Every move of the record: those played, and those a PGN read records after the end of the game
/// (players sometimes play on past a dead position), while the game is as read.
fn recorded_moves(s: &Session) -> Vec<shakmaty::Move> {
    let mut moves: Vec<shakmaty::Move> = s.game.moves().collect();
    if let Some(imported) = s.imported.as_ref().filter(|i| i.unchanged(&moves)) {
        moves.extend(imported.game().moves[imported.played()..].iter().map(|m| m.mv));
    }
    moves
}

/// The audio scoresheet: the moves in the words that announce them, with move numbers.
pub(crate) fn spoken_scoresheet(s: &Session) -> SheetContent {
    let moves = recorded_moves(s);
    let parts = spoken_sheet(s.game.start(), &moves, s.wording.pack(), s.settings.style);
    SheetContent::Spoken { pack: s.wording.pack().name.clone(), parts }
}

/// The form used when none is named: the full notation under the 1953 code, else text.
fn default_sheet_format(s: &Session) -> SheetFormat {
    match s.settings.ruleset {
        Ruleset::Ussr1953 => SheetFormat::Full,
        _ => SheetFormat::Text,
    }
}

/// `export [FORMAT] [FILE]`: the scoresheet, to be written (beside the journal unless a file
/// is named).
pub(crate) fn export(s: &mut Session, asked: ExportAsk) -> Response {
    let ExportAsk { format, path } = asked;
    let format = format.unwrap_or_else(|| default_sheet_format(s));
    let content = match format {
        SheetFormat::Wav => spoken_scoresheet(s),
        _ => SheetContent::Text(scoresheet(s, format)),
    };
    let file = SheetFile { content, extension: format.extension(), path };
    Response { lines: Vec::new(), effects: vec![Effect::Write(Box::new(Document::Sheet(file)))] }
}

// from pgn_export.rs
fn termination(reason: Reason) -> &'static str {
    match reason {
        Reason::FlagFall | Reason::FlagFallCannotMate | Reason::BothFlags => "time forfeit",
        Reason::IllegalMoves | Reason::IllegalMovesCannotMate | Reason::WrongClaim => "rules infraction",
        Reason::Abandoned => "abandoned",
        Reason::SealedMove | Reason::SealedMoveCannotMate => "adjudication",
        _ => "normal",
    }
}
