//! The physical boards checked, reported and repaired: `board check` reads a board out as the
//! game has it, `board report` says what a player found on a square of it; when a board is known
//! to differ from the game (a relay executed otherwise, a board report, moves taken back), its
//! repair is given one hand movement at a time in the announcement words, each confirmed with
//! `ok`; then the next board that differs, the tactile one first.

use shakmaty::{Color, Piece, Position, Role, Square};

use crate::audio::Cue;
use crate::command::BoardSide;
use crate::session::Session;
use crate::table::Step;
use crate::wording::{Line, Words};

/// One hand movement in the interface language, the squares in the announcement words: "knight
/// from Felix sechs to Hector sechs", "Springer von Felix sechs nach Hector sechs".
pub(crate) fn step_words(s: &Session, step: Step) -> String {
    let (w, pack) = (&s.wording, s.wording.pack());
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
fn steps_of(s: &Session, board: Color) -> Vec<Step> {
    s.table.board(board).steps_to(s.game.position().board())
}

/// The repair of `board` to the game position, from its first step, or that it agrees.
pub(crate) fn repair_lines(s: &mut Session, board: Color) -> Vec<Line> {
    if steps_of(s, board).is_empty() {
        let name = board_name(s, board);
        return vec![s.wording.line("table.in_sync", &[("board", &name)])];
    }
    s.table.set_repairing(Some(board));
    repair_step_line(s, board)
}

/// The repair of the next board that differs from the game (the tactile one first; not a
/// board still waiting for a relayed move); nothing when both agree.
pub(crate) fn repair_next(s: &mut Session) -> Vec<Line> {
    let tactile = s.settings.blind.unwrap_or(Color::White);
    let waiting = s.table.pending().map(|p| p.receiver);
    let next =
        [tactile, tactile.other()].into_iter().find(|&board| Some(board) != waiting && !steps_of(s, board).is_empty());
    match next {
        Some(board) => repair_lines(s, board),
        None => Vec::new(),
    }
}

/// "To repair the tactile board, step 2 of 3: …. Then say ok."
fn repair_step_line(s: &Session, board: Color) -> Vec<Line> {
    let steps = steps_of(s, board);
    let Some(&step) = steps.first() else { return Vec::new() };
    let done = s.table.repair_done();
    let args = [
        ("board", board_name(s, board)),
        ("step", step_words(s, step)),
        ("number", (done + 1).to_string()),
        ("count", (done + steps.len()).to_string()),
    ];
    let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let key = match (done, steps.len()) {
        (0, 1) => "table.fix_one",
        (0, _) => "table.fix",
        _ => "table.fix_next",
    };
    vec![s.wording.line(key, &args).with_cue(Cue::Illegal)]
}

/// `ok` while a board is repaired: that step is done; the next one, or the board is repaired
/// (and the next board that differs is taken up).
pub(crate) fn repair_step_done(s: &mut Session, board: Color) -> Vec<Line> {
    if let Some(&step) = steps_of(s, board).first() {
        s.table.repair_step(board, step);
    }
    if !steps_of(s, board).is_empty() {
        return repair_step_line(s, board);
    }
    s.table.set_repairing(None);
    let name = board_name(s, board);
    let mut lines = vec![s.wording.line("table.repaired", &[("board", &name)])];
    lines.extend(repair_next(s));
    lines
}

pub(crate) fn board_name(s: &Session, color: Color) -> String {
    let key = if s.table.is_tactile(color) { "table.tactile" } else { "table.sighted" };
    s.wording.text(key, &[])
}

/// The board named (`tactile`, `sighted`), else the tactile one: the blind player's colour
/// (White's when nobody is blind).
pub(crate) fn board_of(s: &Session, side: Option<BoardSide>) -> Color {
    let tactile = s.settings.blind.unwrap_or(Color::White);
    match side {
        Some(BoardSide::Sighted) => tactile.other(),
        _ => tactile,
    }
}

pub(crate) fn board_check(s: &Session, board: Color, by_piece: bool) -> Vec<Line> {
    let want = s.game.position().board().clone();
    let name = board_name(s, board);
    let mut lines = vec![s.wording.line("table.check", &[("board", &name)])];
    let w = &s.wording;
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

fn piece_or_nothing(s: &Session, piece: Option<Piece>) -> String {
    match piece {
        Some(p) => s.wording.man(p),
        None => s.wording.text("table.nothing", &[]),
    }
}

pub(crate) fn board_report(s: &mut Session, board: Color, square: Square, piece: Option<Piece>) -> Vec<Line> {
    s.table.board_mut(board).report(square, piece);
    let expected = s.game.position().board().piece_at(square);
    let name = board_name(s, board);
    if expected == piece {
        let mut lines = vec![s.wording.line("table.report_same", &[("square", &square.to_string()), ("board", &name)])];
        // What is left to repair on that board, as it now stands; or that it agrees.
        let repairing = s.table.repairing() == Some(board);
        let differs = !s.table.board(board).steps_to(s.game.position().board()).is_empty();
        if differs || repairing {
            lines.extend(repair_lines(s, board));
        }
        if !differs && repairing {
            s.table.set_repairing(None);
            lines.extend(repair_next(s));
        }
        return lines;
    }
    let args = [
        ("board", name),
        ("square", square.to_string()),
        ("reported", piece_or_nothing(s, piece)),
        ("expected", piece_or_nothing(s, expected)),
    ];
    let mut lines = vec![s.wording.line_of("table.report_differs", &args)];
    lines.extend(repair_lines(s, board));
    lines
}
