//! A game's opening and closing: what is said when a game starts or `new` starts another (the
//! players, who is at the tactile board, a Chess960 start or a set position, the rules, the time
//! control, whose move it is), on coming back after a crash, and on `quit`.

use std::time::Duration;

use shakmaty::{Color, Position, Role, Square};

use super::duties::{announce, clock, help, queries, repair};
use super::parts::{Adjournment, Archive, Asking, Keeping, OnlineWatch, Timekeeper};
use super::{start_position, Effect, Response, Session};
use crate::clock::Timestamp;
use crate::command::Fen;
use crate::config::{Change, Settings};
use crate::rules::Game;
use crate::table::Table;
use crate::wording::{Line, Verbosity, Wording, Words};

/// What is said when the session starts: the welcome, the game, and how to get help. With brief
/// speech, all of it is printed, and only who is to move spoken.
pub(super) fn start(game: &Game, clock: &Timekeeper, settings: &Settings, w: &Wording) -> Vec<Line> {
    // (The program's name was said before the game was opened: see the greeting.)
    let mut lines = vec![w.line("start.welcome", &[])];
    lines.extend(game_intro(game, clock, settings, w));
    lines.push(w.line("start.help", &[]));
    if settings.verbosity == Verbosity::Brief {
        let to_move = w.text("start.to_move", &[("color", &w.color(game.position().turn()))]);
        lines.iter_mut().filter(|l| l.text != to_move).for_each(|l| l.speech.clear());
    }
    lines
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
    s.settings.change(Change::Start(fen));
    s.game = Game::new(start, s.settings.ruleset);
    s.archive.begin();
    s.set_up_table();
    let mut lines = vec![s.wording.line("new.started", &[])];
    lines.extend(game_intro(&s.game, &s.clock, &s.settings, &s.wording));
    lines
}

/// `new` abandons a game in progress: asked first, when the new start position reads.
pub(super) fn new_question(game: &Game, w: &Wording, fen: Option<&Fen>) -> Option<Words> {
    let abandons = game.ply_count() > 0 && !game.is_over();
    let readable = start_position(fen.map(|f| f.0.as_str())).is_ok();
    (abandons && readable).then(|| w.words("confirm.new", &[]))
}

/// The players, the tactile board, the start, the rules, the time control, whose move it is.
/// Whether `fen` is the usual start position, whatever its move counters.
fn is_usual_start(fen: &str) -> bool {
    let fields: Vec<&str> = fen.split_whitespace().take(4).collect();
    fields == ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-"]
}

fn game_intro(game: &Game, clock: &Timekeeper, settings: &Settings, w: &Wording) -> Vec<Line> {
    let mut lines = Vec::new();
    let player = |color| player(settings, w, color);
    // The players named; a side without a name is not said to play itself ("Black has Black").
    match (settings.white.is_empty(), settings.black.is_empty()) {
        (false, false) => {
            let (white, black) = (player(Color::White), player(Color::Black));
            lines.push(w.line("start.players", &[("white", &white), ("black", &black)]));
        }
        (false, true) => lines.push(w.line("start.plays_white", &[("name", &player(Color::White))])),
        (true, false) => lines.push(w.line("start.plays_black", &[("name", &player(Color::Black))])),
        (true, true) => {}
    }
    if let Some(blind) = settings.blind {
        lines.push(w.line("start.blind", &[("name", &player(blind))]));
    }
    if settings.opponent.is_engine() {
        lines.push(super::duties::practice::strength_line(settings, w));
    }
    match (settings.chess960, &settings.fen) {
        (Some(number), _) => lines.push(chess960_line(w, number)),
        // The usual start given as a position (`play` from a review's first move) is said as none.
        (None, Some(fen)) if is_usual_start(fen) => {}
        (None, Some(fen)) => {
            lines.push(Line::printed(w.text("start.position", &[("fen", fen)])));
            let (white, black) = (queries::material(game, w, Color::White), queries::material(game, w, Color::Black));
            lines.push(w.line("start.material", &[("white", &white), ("black", &black)]));
        }
        (None, None) => {}
    }
    lines.push(w.line("start.rules", &[("rules", &help::ruleset_name(settings, w))]));
    lines.extend(w.time_control(clock.clock().control()));
    match game.outcome() {
        Some(outcome) => lines.extend(announce::outcome_lines(game, settings, w, outcome)),
        None => lines.push(w.line("start.to_move", &[("color", &w.color(game.position().turn()))])),
    }
    lines
}

/// "Chess960 position 518: Turm Anna eins, Springer Bella eins, …" — White's first rank, piece
/// by piece in the announcement words.
fn chess960_line(w: &Wording, number: u32) -> Line {
    let rank = crate::rules::back_rank(number).unwrap_or([Role::Pawn; 8]);
    let pack = w.pack();
    let pieces: Vec<String> = rank
        .iter()
        .zip(shakmaty::File::ALL)
        .map(|(role, file)| {
            format!("{} {}", pack.piece(*role), pack.square(Square::from_coords(file, shakmaty::Rank::First)))
        })
        .collect();
    w.line_of("start.chess960", &[("number", number.to_string()), ("pieces", pieces.join(", "))])
}

/// What is said on coming back after being away for `down`: how long the program was away and
/// where the game stands. A question asked before is dropped: an action that cannot be undone is
/// not confirmed across a crash.
/// Online, a move sent before the program went away is left for the server's stream to settle.
pub(super) fn resumed(
    (game, clock, asking, online): (&Game, &mut Timekeeper, &mut Asking, &mut OnlineWatch),
    settings: &Settings,
    w: &Wording,
    down: Duration,
) -> Response {
    clock.was_away(down);
    // Online, the server's game is read again: a question about the game as it was is dropped.
    if settings.online.is_online() {
        asking.forget();
    }
    online.settle();
    let args = [
        ("time", w.duration(down)),
        ("moves", game.ply_count().to_string()),
        ("half_moves", w.half_moves(game.ply_count())),
        ("color", w.color(game.position().turn())),
    ];
    let mut lines = vec![w.line_of("resume.back", &args)];
    // Where the game stands is the last move, with who made it.
    if game.ply_count() > 0 {
        lines.extend(queries::last(game, settings, w, None));
    }
    if let Some(outcome) = game.outcome() {
        lines.extend(announce::outcome_lines(game, settings, w, outcome));
    } else if settings.online.is_online() {
        // The server's clocks ran meanwhile; its times come with the game read again.
        lines.push(w.line("resume.online", &[]));
    } else if clock.is_active() {
        lines.push(clock::both_times(clock, w));
        lines.push(w.line("resume.count_hint", &[]));
    }
    Response::lines(lines)
}

/// What was pending when the program went away, said after the greeting: a draw offer standing,
/// a move still to be confirmed as executed, a repair under way, a sealed move written or waiting
/// to be opened, the game adjourned; and last the question that waited, asked again.
pub(super) fn pending(
    (game, table, adjournment): (&Game, &Table, &Adjournment),
    asking: &mut Asking,
    w: &Wording,
    now: Timestamp,
) -> Vec<Line> {
    let color = |c: Color| w.color(c);
    let turn = game.position().turn();
    let mut lines = Vec::new();
    if let Some(offerer) = game.standing_offer().filter(|_| !game.is_over()) {
        lines.push(w.line("resume.offer", &[("color", &color(offerer))]));
    }
    if table.pending().is_some() {
        lines.push(w.line("resume.relay", &[]));
    }
    if let Some(board) = table.repairing() {
        lines.extend(repair::repair_step_line(table, game, w, board));
    }
    if adjournment.is_adjourned() {
        lines.push(w.say(w.words("adjourn.is_adjourned", &[])));
    } else if let Some(sealer) = adjournment.unopened_by() {
        lines.push(w.line("resume.unopened", &[("color", &color(sealer)), ("opponent", &color(sealer.other()))]));
    } else if let Some((sealer, _)) = adjournment.sealed_by(turn) {
        lines.push(w.line("resume.sealed", &[("color", &color(sealer))]));
    }
    if let Some(question) = asking.after_break(now) {
        lines.push(w.line("resume.asked", &[]));
        lines.push(question);
    }
    lines
}

/// The player's name, or the colour when no name was given.
fn player(settings: &Settings, w: &Wording, color: Color) -> String {
    match settings.name(color) {
        "" => w.color(color),
        name => name.to_string(),
    }
}

/// Before `quit` leaves a game in progress (moves made, not over, not adjourned): a stray `q`
/// or `Q` does not end the session at the table.
/// Online, the question says that the server's clock runs on.
pub(super) fn quit_question(
    game: &Game,
    adjournment: &Adjournment,
    (archive, online): (&Archive, bool),
    w: &Wording,
) -> Option<Words> {
    let in_progress = game.ply_count() > 0 && !game.is_over() && !adjournment.is_adjourned();
    let key = match archive.keeping() {
        Keeping::Nowhere => "confirm.quit_unsaved",
        _ if online => "confirm.quit_online",
        _ => "confirm.quit",
    };
    in_progress.then(|| w.words(key, &[]))
}

/// `quit`: the session ends; an unfinished game is kept, and the way back to it is said: the
/// command that finds it where it is kept (online, with the word that the server's clock runs on).
pub(super) fn quit(
    game: &Game,
    adjournment: &Adjournment,
    (archive, online): (&Archive, bool),
    w: &Wording,
) -> Response {
    let mut lines = Vec::new();
    if adjournment.is_adjourned() {
        match archive.envelope() {
            Some(path) => {
                lines.push(w.kept_line("adjourn.is_adjourned_in", path));
                lines.push(w.command_line(&["annabella", "resume"], path));
            }
            None => lines.push(w.say(w.words("adjourn.is_adjourned", &[]))),
        }
    } else if !game.is_over() {
        match archive.keeping() {
            Keeping::Nowhere => lines.push(w.line("quit.unsaved", &[])),
            Keeping::Archive if online => lines.push(w.line("quit.unfinished_online", &[])),
            Keeping::Archive => lines.push(w.line("quit.unfinished", &[])),
            Keeping::Journal(path) => {
                lines.push(w.kept_line("quit.unfinished_in", path));
                lines.push(w.command_line(&["annabella", "play", "--journal"], path));
            }
        }
    }
    lines.push(w.line("quit.bye", &[]));
    Response { lines, effects: vec![Effect::Quit] }
}
