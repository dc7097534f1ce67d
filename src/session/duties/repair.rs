//! The physical boards checked, reported and repaired: `board check` reads a board out as the
//! game has it, `board report` says what a player found on a square of it; when a board is known
//! to differ from the game (a relay executed otherwise, a board report, moves taken back), its
//! repair is given one hand movement at a time in the announcement words, each confirmed with
//! `ok`; then the next board that differs, the tactile one first.

use shakmaty::{Color, Piece, Position, Role, Square};

use crate::audio::Cue;
use crate::command::BoardSide;
use crate::config::Settings;
use crate::rules::Game;
use crate::table::{Step, Table};
use crate::wording::{Line, Wording, Words};

/// One hand movement in the interface language, the squares in the announcement words: "knight
/// from Felix sechs to Hector sechs", "Springer von Felix sechs nach Hector sechs".
pub(crate) fn step_words(w: &Wording, step: Step) -> String {
    let pack = w.pack();
    match step {
        Step::Move { piece, from, to } => w.text(
            "repair.move",
            &[("piece", &w.piece(piece.role)), ("from", &pack.square(from)), ("to", &pack.square(to))],
        ),
        // A piece put on or taken off is named with its colour.
        Step::Remove { piece, square } => {
            w.text("repair.remove", &[("piece", &w.man(piece)), ("square", &pack.square(square))])
        }
        Step::Place { piece, square } => {
            w.text("repair.place", &[("piece", &w.man(piece)), ("square", &pack.square(square))])
        }
    }
}

/// The hand movements that bring `board` to the game position.
fn steps_of(table: &Table, game: &Game, board: Color) -> Vec<Step> {
    table.board(board).steps_to(game.position().board())
}

/// The repair of `board` to the game position, from its first step, or that it agrees.
pub(crate) fn repair_lines(table: &mut Table, game: &Game, w: &Wording, board: Color) -> Vec<Line> {
    if steps_of(table, game, board).is_empty() {
        let name = board_name(table, w, board);
        return vec![w.line("table.in_sync", &[("board", &name)])];
    }
    table.set_repairing(Some(board));
    repair_step_line(table, game, w, board)
}

/// The repair of the next board that differs from the game (the tactile one first; not a
/// board still waiting for a relayed move); nothing when both agree.
pub(crate) fn repair_next(table: &mut Table, game: &Game, settings: &Settings, w: &Wording) -> Vec<Line> {
    let tactile = settings.blind.unwrap_or(Color::White);
    let waiting = table.pending().map(|p| p.receiver);
    let next = [tactile, tactile.other()]
        .into_iter()
        .find(|&board| Some(board) != waiting && !steps_of(table, game, board).is_empty());
    match next {
        Some(board) => repair_lines(table, game, w, board),
        None => Vec::new(),
    }
}

/// "To repair the tactile board, step 2 of 3: …. Then say ok."
pub(crate) fn repair_step_line(table: &Table, game: &Game, w: &Wording, board: Color) -> Vec<Line> {
    let steps = steps_of(table, game, board);
    let Some(&step) = steps.first() else { return Vec::new() };
    let done = table.repair_done();
    let args = [
        ("board", board_name(table, w, board)),
        ("step", step_words(w, step)),
        ("number", (done + 1).to_string()),
        ("count", (done + steps.len()).to_string()),
    ];
    let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let key = match (done, steps.len()) {
        (0, 1) => "table.fix_one",
        (0, _) => "table.fix",
        _ => "table.fix_next",
    };
    vec![w.line(key, &args).with_cue(Cue::Illegal)]
}

/// `ok` while a board is repaired: that step is done; the next one, or the board is repaired
/// (and the next board that differs is taken up).
pub(crate) fn repair_step_done(
    table: &mut Table,
    game: &Game,
    settings: &Settings,
    w: &Wording,
    board: Color,
) -> Vec<Line> {
    if let Some(&step) = steps_of(table, game, board).first() {
        table.repair_step(board, step);
    }
    if !steps_of(table, game, board).is_empty() {
        return repair_step_line(table, game, w, board);
    }
    table.set_repairing(None);
    let name = board_name(table, w, board);
    let mut lines = vec![w.line("table.repaired", &[("board", &name)])];
    lines.extend(repair_next(table, game, settings, w));
    lines
}

/// The board of `color` by what it is: the tactile board, the sighted board.
pub(crate) fn board_name(table: &Table, w: &Wording, color: Color) -> String {
    let key = if table.is_tactile(color) { "table.tactile" } else { "table.sighted" };
    w.text(key, &[])
}

/// The board named (`tactile`, `sighted`), else the tactile one: the blind player's colour
/// (White's when nobody is blind).
pub(crate) fn board_of(settings: &Settings, side: Option<BoardSide>) -> Color {
    let tactile = settings.blind.unwrap_or(Color::White);
    match side {
        Some(BoardSide::Sighted) => tactile.other(),
        _ => tactile,
    }
}

/// `board check`: the board read out as the game has it, rank by rank or piece by piece.
pub(crate) fn board_check(game: &Game, table: &Table, w: &Wording, board: Color, by_piece: bool) -> Vec<Line> {
    let want = game.position().board();
    let name = board_name(table, w, board);
    let mut lines = vec![w.line("table.check", &[("board", &name)])];
    // Squares printed as letter and digit, spoken in the announcing words, as `board` says them.
    if by_piece {
        for color in Color::ALL {
            for role in Role::ALL {
                let squares: Vec<Words> =
                    (want.by_color(color) & want.by_role(role)).into_iter().map(|square| w.square(square)).collect();
                let men = match squares.len() {
                    0 => continue,
                    1 => w.man(Piece { color, role }),
                    _ => w.men(Piece { color, role }),
                };
                let args = [("men", Words::plain(men)), ("squares", Words::join(squares, ", "))];
                lines.push(w.say(w.words("table.check_role", &args)));
            }
        }
        return lines;
    }
    for rank in shakmaty::Rank::ALL.into_iter().rev() {
        let items: Vec<Words> = shakmaty::File::ALL
            .into_iter()
            .map(|file| Square::from_coords(file, rank))
            .filter_map(|sq| {
                let man = w.man(want.piece_at(sq)?);
                let square = w.square(sq);
                Some(Words::new(format!("{man} {}", square.printed), format!("{man} {}", square.spoken)))
            })
            .collect();
        let number = Words::plain((rank.to_usize() + 1).to_string());
        let line = if items.is_empty() {
            w.words("table.check_rank_empty", &[("rank", number)])
        } else {
            w.words("table.check_rank", &[("rank", number), ("pieces", Words::join(items, ", "))])
        };
        lines.push(w.say(line));
    }
    lines
}

fn piece_or_nothing(w: &Wording, piece: Option<Piece>) -> String {
    match piece {
        Some(p) => w.man(p),
        None => w.text("table.nothing", &[]),
    }
}

/// `board report`: what a player found on a square of a board; where it is not what the game
/// has, the board's repair.
pub(crate) fn board_report(
    table: &mut Table,
    game: &Game,
    settings: &Settings,
    w: &Wording,
    (board, square, piece): (Color, Square, Option<Piece>),
) -> Vec<Line> {
    table.board_mut(board).report(square, piece);
    let expected = game.position().board().piece_at(square);
    let name = board_name(table, w, board);
    if expected == piece {
        let args = [("square", w.square(square)), ("board", name.as_str().into())];
        let mut lines = vec![w.say(w.words("table.report_same", &args))];
        // What is left to repair on that board, as it now stands; or that it agrees.
        let repairing = table.repairing() == Some(board);
        let differs = !steps_of(table, game, board).is_empty();
        if differs || repairing {
            lines.extend(repair_lines(table, game, w, board));
        }
        if !differs && repairing {
            table.set_repairing(None);
            lines.extend(repair_next(table, game, settings, w));
        }
        return lines;
    }
    // The square in the pack's words, as the repair that follows says it.
    let args = [
        ("board", name.into()),
        ("square", w.square(square)),
        ("reported", piece_or_nothing(w, piece).into()),
        ("expected", piece_or_nothing(w, expected).into()),
    ];
    let mut lines = vec![w.say(w.words("table.report_differs", &args))];
    lines.extend(repair_lines(table, game, w, board));
    lines
}
