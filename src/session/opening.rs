//! A game's opening and closing: what is said when a game starts or `new` starts another (the
//! players, who is at the tactile board, a Chess960 start or a set position, the rules, the time
//! control, whose move it is), on coming back after a crash, and on `quit`.

use std::time::Duration;

use shakmaty::{ByColor, Color, Position, Role, Square};

use super::duties::{announce, clock, help, queries};
use super::parts::Timekeeper;
use super::{start_position, Effect, Response, Session};
use crate::clock::Timestamp;
use crate::command::Fen;
use crate::rules::Game;
use crate::table::Table;
use crate::wording::{Line, Verbosity, Words};

/// What is said when the session starts at `now`; the clock of the side to move starts (6.5).
pub(super) fn start(s: &mut Session, now: Timestamp) -> Response {
    s.now = now;
    start_clock(s);
    // (The program's name was said before the game was opened: see the greeting.)
    let mut lines = vec![s.wording.line("start.welcome", &[])];
    lines.extend(game_intro(s));
    lines.push(s.wording.line("start.help", &[]));
    if s.settings.verbosity == Verbosity::Brief {
        // Printed in full; spoken, only who is to move.
        let to_move = s.wording.text("start.to_move", &[("color", &s.wording.color(s.game.position().turn()))]);
        lines.iter_mut().filter(|l| l.text != to_move).for_each(|l| l.speech.clear());
    }
    s.respond(lines)
}

/// A fresh clock, table and record for the current game.
fn start_clock(s: &mut Session) {
    let to_move = (!s.game.is_over()).then(|| s.game.position().turn());
    s.clock = Timekeeper::started(s.settings.control.clone(), s.settings.watch_settings(), to_move, s.now);
    s.illegal = ByColor::new_with(|_| 0);
    s.table = Table::new(s.game.position().board(), s.settings.blind);
    s.touched = None;
    s.finished_kept = false;
    s.imported = None;
}

/// `new [FEN]`: a new game (the one in progress is abandoned, when asked and answered yes).
pub(super) fn new_game(s: &mut Session, fen: Option<Fen>) -> Vec<Line> {
    let fen = fen.map(|f| f.0);
    let start = match start_position(fen.as_deref()) {
        Ok(pos) => pos,
        Err(e) => {
            let reason = s.wording.text(e.reason().key(), &[]);
            return vec![s.wording.line("error.bad_fen", &[("reason", &reason)])];
        }
    };
    s.settings.fen = fen;
    s.settings.chess960 = None;
    s.game = Game::new(start, s.settings.ruleset);
    s.begun += 1;
    start_clock(s);
    let mut lines = vec![s.wording.line("new.started", &[])];
    lines.extend(game_intro(s));
    lines
}

/// `new` abandons a game in progress: asked first, when the new start position reads.
pub(super) fn new_question(s: &Session, fen: &Option<Fen>) -> Option<Words> {
    let abandons = s.game.ply_count() > 0 && !s.game.is_over();
    let readable = start_position(fen.as_ref().map(|f| f.0.as_str())).is_ok();
    (abandons && readable).then(|| s.wording.words("confirm.new", &[]))
}

/// The players, the tactile board, the start, the rules, the time control, whose move it is.
fn game_intro(s: &Session) -> Vec<Line> {
    let settings = &s.settings;
    let mut lines = Vec::new();
    // The players named; a side without a name is not said to play itself ("Black has Black").
    match (settings.white.is_empty(), settings.black.is_empty()) {
        (false, false) => {
            let (white, black) = (player(s, Color::White), player(s, Color::Black));
            lines.push(s.wording.line("start.players", &[("white", &white), ("black", &black)]));
        }
        (false, true) => lines.push(s.wording.line("start.plays_white", &[("name", &player(s, Color::White))])),
        (true, false) => lines.push(s.wording.line("start.plays_black", &[("name", &player(s, Color::Black))])),
        (true, true) => {}
    }
    if let Some(blind) = settings.blind {
        lines.push(s.wording.line("start.blind", &[("name", &player(s, blind))]));
    }
    match (settings.chess960, &settings.fen) {
        (Some(number), _) => lines.push(chess960_line(s, number)),
        (None, Some(fen)) => {
            lines.push(Line::printed(s.wording.text("start.position", &[("fen", fen)])));
            let (white, black) = (queries::material(s, Color::White), queries::material(s, Color::Black));
            lines.push(s.wording.line("start.material", &[("white", &white), ("black", &black)]));
        }
        (None, None) => {}
    }
    lines.push(s.wording.line("start.rules", &[("rules", &help::ruleset_name(s))]));
    lines.extend(s.wording.time_control(s.clock.clock().control()));
    match s.game.outcome() {
        Some(outcome) => lines.extend(announce::outcome_lines(s, outcome)),
        None => lines.push(s.wording.line("start.to_move", &[("color", &s.wording.color(s.game.position().turn()))])),
    }
    lines
}

/// "Chess960 position 518: Turm Anna eins, Springer Bella eins, …" — White's first rank, piece
/// by piece in the announcement words.
fn chess960_line(s: &Session, number: u32) -> Line {
    let rank = crate::rules::back_rank(number).unwrap_or([Role::Pawn; 8]);
    let pack = s.wording.pack();
    let pieces: Vec<String> = rank
        .iter()
        .zip(shakmaty::File::ALL)
        .map(|(role, file)| {
            format!("{} {}", pack.piece(*role), pack.square(Square::from_coords(file, shakmaty::Rank::First)))
        })
        .collect();
    s.wording.line_of("start.chess960", &[("number", number.to_string()), ("pieces", pieces.join(", "))])
}

/// What is said on coming back: how long the program was away and where the game stands.
pub(super) fn resumed(s: &mut Session, down: Duration, now: Timestamp) -> Response {
    s.now = now;
    // A question asked before is dropped: an action that cannot be undone is not confirmed
    // across a crash.
    s.clock.was_away(down);
    s.forget_question();
    let pos = s.game.position();
    let args = [
        ("time", s.wording.duration(down)),
        ("moves", s.game.ply_count().to_string()),
        ("half_moves", s.wording.half_moves(s.game.ply_count())),
        ("color", s.wording.color(pos.turn())),
    ];
    let mut lines = vec![s.wording.line_of("resume.back", &args)];
    // Where the game stands is the last move, with who made it.
    if s.game.ply_count() > 0 {
        lines.extend(super::duties::queries::last(s, None));
    }
    if let Some(outcome) = s.game.outcome() {
        lines.extend(announce::outcome_lines(s, outcome));
    } else if s.clock.clock().is_active() {
        let sides: Vec<String> = Color::ALL.into_iter().map(|c| clock::side_time(s, c)).collect();
        lines.push(s.wording.say_text(sides.join(" ")));
        lines.push(s.wording.line("resume.count_hint", &[]));
    }
    Response::lines(lines)
}

/// The player's name, or the colour when no name was given.
fn player(s: &Session, color: Color) -> String {
    match s.settings.name(color) {
        "" => s.wording.color(color),
        name => name.to_string(),
    }
}

/// Before `quit` leaves a game in progress (moves made, not over, not adjourned): a stray `q`
/// or `Q` does not end the session at the table.
pub(super) fn quit_question(s: &Session) -> Option<Words> {
    let in_progress = s.game.ply_count() > 0 && !s.game.is_over() && !s.is_adjourned();
    let key = match s.keeping {
        super::Keeping::Nowhere => "confirm.quit_unsaved",
        _ => "confirm.quit",
    };
    in_progress.then(|| s.wording.words(key, &[]))
}

/// `quit`: the session ends; an unfinished game is kept, and the way back to it is said: the
/// command that finds it where it is kept.
pub(super) fn quit(s: &mut Session) -> Response {
    let mut lines = Vec::new();
    if s.is_adjourned() {
        lines.push(s.wording.say(s.wording.words("adjourn.is_adjourned", &[])));
    } else if !s.game.is_over() {
        lines.push(match &s.keeping {
            super::Keeping::Nowhere => s.wording.line("quit.unsaved", &[]),
            super::Keeping::Archive => s.wording.line("quit.unfinished", &[]),
            super::Keeping::Journal(path) => s.wording.file_line("quit.unfinished_in", path, None),
        });
    }
    lines.push(s.wording.line("quit.bye", &[]));
    Response { lines, effects: vec![Effect::Quit] }
}
