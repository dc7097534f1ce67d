//! Questions about the game without sight: `last`, `legal`, `board`, `pieces`, `square`, `scan`,
//! `attackers`, `defenders`, `check`, `captured`, `turn`, `status`, `more` and `analyse`. Each answer is
//! brief; what `more` adds is kept for it. Squares are read as `e4`, `e 4` or `Eva vier`; pieces as
//! letters of any letter set or as words of any interface language.

use shakmaty::{Bitboard, Board, CastlingSide, Color, EnPassantMode, File, Piece, Position, Rank, Role, Square};

use super::{announce, repair, sheets};
use crate::command::{BoardCommand, PiecesAsk, ScanLine, Whose};
use crate::config::Settings;
use crate::rules::Game;
use crate::session::parts::{Said, Timekeeper};
use crate::table::Table;
use crate::wording::Wording;
use crate::wording::{role_name, ORDER};
use crate::wording::{Line, Words};

/// `last [N]`: the last N moves (one by default), as they were announced.
pub(crate) fn last(game: &Game, settings: &Settings, w: &Wording, count: Option<usize>) -> Vec<Line> {
    let plies = game.ply_count();
    if plies == 0 {
        return vec![w.line("last.none", &[])];
    }
    let from = plies.saturating_sub(count.unwrap_or(1));
    let shown: Vec<(String, String)> =
        (from..plies).filter_map(|ply| announce::announced(game, settings, w, ply)).collect();
    let mut lines = Vec::new();
    if shown.len() > 1 {
        lines.push(w.line("last.moves", &[("count", &shown.len().to_string())]));
    }
    // Each with its side and number ("Black's move 12:"), then the move as it was announced.
    for (ply, (text, words)) in (from..).zip(shown.iter().cloned()) {
        let text = if plies - from == 1 { w.text("last.move", &[("line", &text)]) } else { text };
        lines.push(w.labelled(text, &sheets::ply_label(game, w, ply), words));
    }
    lines
}

/// `legal [SQUARE]`: every legal move, or those of the piece on the square.
pub(crate) fn legal(game: &Game, settings: &Settings, w: &Wording, square: Option<Square>) -> Vec<Line> {
    // After the end no move is legal any more; the board questions still answer.
    if let Some(outcome) = game.outcome() {
        return announce::game_over_lines(w, outcome);
    }
    let pos = game.position();
    let letters = settings.letters(pos.turn());
    let color = w.color(pos.turn());
    let Some(square) = square else {
        let moves: Vec<Words> = pos.legal_moves().iter().map(|m| w.mv(pos, *m, letters)).collect();
        if moves.is_empty() {
            return vec![w.line("legal.none", &[("color", &color)])];
        }
        let args = [("color", color.into()), ("count", moves.len().to_string().into()), ("moves", w.list(&moves))];
        return vec![w.say(w.words("legal.count", &args))];
    };
    let Some(piece) = pos.board().piece_at(square) else {
        return vec![w.say(w.words("illegal.empty_square", &[("square", w.square(square))]))];
    };
    if piece.color != pos.turn() {
        let args = [("piece", w.piece(piece.role).into()), ("square", w.square(square)), ("color", color.into())];
        return vec![w.say(w.words("legal.not_to_move", &args))];
    }
    let moves = w.moves_from(pos, square, letters);
    let args = [("piece", w.piece(piece.role).into()), ("square", w.square(square)), ("moves", w.list(&moves))];
    let key = if moves.is_empty() { "error.piece_no_moves" } else { "legal.piece" };
    vec![w.say(w.words(key, &args))]
}

/// What `color` has on the board, in words: "king, queen, 2 rooks, 5 pawns".
pub(crate) fn material(game: &Game, w: &Wording, color: Color) -> String {
    let board = game.position().board();
    let items: Vec<String> = ORDER
        .into_iter()
        .filter_map(|role| match board.by_piece(role.of(color)).count() {
            0 => None,
            1 => Some(w.piece(role)),
            n => Some(w.text(&format!("material.{}", role_name(role)), &[("count", &n.to_string())])),
        })
        .collect();
    w.and_list(&items)
}

/// `pieces [me|opponent|white|black] [PIECE]`: where each piece stands; alone, the side to
/// move's pieces.
pub(crate) fn pieces(game: &Game, settings: &Settings, w: &Wording, said: &mut Said, asked: PiecesAsk) -> Vec<Line> {
    let PiecesAsk { whose, role } = asked;
    let me = settings.blind.unwrap_or(game.position().turn());
    let color = whose.map(|whose| match whose {
        Whose::Me => me,
        Whose::Opponent => me.other(),
        Whose::Side(color) => color,
    });
    let board = game.position().board();
    let first = color.unwrap_or_else(|| game.position().turn());
    let brief = pieces_line(w, board, first, role);
    let more = if color.is_none() { vec![pieces_line(w, board, !first, role)] } else { Vec::new() };
    said.keep_more(more);
    vec![brief]
}

fn pieces_line(w: &Wording, board: &Board, color: Color, only: Option<Role>) -> Line {
    let groups: Vec<Words> = ORDER
        .into_iter()
        .filter(|r| only.is_none_or(|o| o == *r))
        .filter_map(|role| {
            let squares = board.by_piece(role.of(color));
            (!squares.is_empty()).then(|| {
                let name = match squares.count() {
                    1 => w.piece(role),
                    _ => w.text(&format!("pieces.{}", role_name(role)), &[]),
                };
                let list = Words::join(squares.into_iter().map(|s| w.square(s)), ", ");
                Words::new(format!("{name}: {}", list.printed), format!("{name}: {}", list.spoken))
            })
        })
        .collect();
    let side = w.color(color);
    if groups.is_empty() {
        return w.line("query.no_pieces", &[("color", &side)]);
    }
    w.say(w.words("query.pieces", &[("color", side.into()), ("list", Words::join(groups, "; "))]))
}

/// `board`: the position rank by rank, runs of empty squares counted; `more` spells out each
/// rank square by square.
pub(crate) fn board_query(game: &Game, w: &Wording, said: &mut Said) -> Vec<Line> {
    let board = game.position().board();
    let mut brief = Vec::new();
    let mut more = Vec::new();
    for rank in Rank::ALL.into_iter().rev() {
        let mut items: Vec<String> = Vec::new();
        let mut detail: Vec<Words> = Vec::new();
        let mut empty = 0;
        for file in File::ALL {
            let sq = Square::from_coords(file, rank);
            match board.piece_at(sq) {
                Some(piece) => {
                    if empty > 0 {
                        items.push(empty_run(w, empty));
                        empty = 0;
                    }
                    items.push(w.man(piece));
                    let (square, man) = (w.square(sq), w.man(piece));
                    detail.push(Words::new(format!("{} {man}", square.printed), format!("{} {man}", square.spoken)));
                }
                None => empty += 1,
            }
        }
        if empty == 8 {
            items.push(w.text("query.empty_rank", &[]));
        } else if empty > 0 {
            items.push(empty_run(w, empty));
        }
        let rank_name = rank.char().to_string();
        brief.push(w.line("query.rank", &[("rank", &rank_name), ("items", &items.join(", "))]));
        if !detail.is_empty() {
            let args = [("rank", rank_name.into()), ("items", Words::join(detail, ", "))];
            more.push(w.say(w.words("query.rank", &args)));
        }
    }
    said.keep_more(more);
    brief
}

/// The men of `color` attacking `square` in the current position.
fn attackers_of(game: &Game, square: Square, color: Color) -> Vec<(Square, Piece)> {
    let board = game.position().board();
    board
        .attacks_to(square, color, board.occupied())
        .into_iter()
        .filter_map(|s| board.piece_at(s).map(|p| (s, p)))
        .collect()
}

/// "black queen h4, white rook e1", spoken with the squares in the pack's words.
fn men_list(w: &Wording, men: &[(Square, Piece)]) -> Words {
    Words::join(
        men.iter().map(|(sq, p)| {
            let (square, man) = (w.square(*sq), w.man(*p));
            Words::new(format!("{man} {}", square.printed), format!("{man} {}", square.spoken))
        }),
        ", ",
    )
}

/// A message about `square` (and maybe a list of men), in both forms.
fn square_line(w: &Wording, key: &str, square: Square, list: Option<Words>) -> Line {
    let mut args = vec![("square", w.square(square))];
    args.extend(list.map(|l| ("list", l)));
    w.say(w.words(key, &args))
}

/// The side whose men stand on or would defend `square`: its occupant's, else the side to move.
fn owner(game: &Game, square: Square) -> Color {
    let pos = game.position();
    pos.board().color_at(square).unwrap_or_else(|| pos.turn())
}

/// `square SQ`: what stands there, and how many attack and defend it; `more` names them.
pub(crate) fn square(game: &Game, w: &Wording, said: &mut Said, square: Square) -> Vec<Line> {
    let owner = owner(game, square);
    let attackers = attackers_of(game, square, !owner);
    let defenders = attackers_of(game, square, owner);
    let what = match game.position().board().piece_at(square) {
        Some(piece) => w.man(piece),
        None => w.text("query.empty_square", &[]),
    };
    // The square printed as letter and digit, spoken in the announcing words.
    let counts = [
        ("square", w.square(square)),
        ("what", Words::plain(what)),
        ("attacked", Words::plain(attackers.len().to_string())),
        ("defended", Words::plain(defenders.len().to_string())),
    ];
    let brief = w.say(w.words("query.square", &counts));
    let more = vec![attackers_line(w, square, &attackers), defenders_line(w, square, &defenders)];
    said.keep_more(more);
    vec![brief]
}

fn attackers_line(w: &Wording, square: Square, men: &[(Square, Piece)]) -> Line {
    match men {
        [] => square_line(w, "query.no_attackers", square, None),
        _ => square_line(w, "query.attackers", square, Some(men_list(w, men))),
    }
}

fn defenders_line(w: &Wording, square: Square, men: &[(Square, Piece)]) -> Line {
    match men {
        [] => square_line(w, "query.no_defenders", square, None),
        _ => square_line(w, "query.defenders", square, Some(men_list(w, men))),
    }
}

/// `attackers SQ`: the men of the other side that attack the square.
pub(crate) fn attackers(game: &Game, w: &Wording, said: &mut Said, square: Square) -> Vec<Line> {
    said.keep_more(Vec::new());
    vec![attackers_line(w, square, &attackers_of(game, square, !owner(game, square)))]
}

/// `defenders SQ`: the men of the square's own side that defend it.
pub(crate) fn defenders(game: &Game, w: &Wording, said: &mut Said, square: Square) -> Vec<Line> {
    said.keep_more(Vec::new());
    vec![defenders_line(w, square, &attackers_of(game, square, owner(game, square)))]
}

/// `scan rank N | file F | diagonal SQ`: the men along the line, in order.
pub(crate) fn scan(game: &Game, w: &Wording, said: &mut Said, line: ScanLine) -> Vec<Line> {
    let lines: Vec<(Words, Bitboard)> = match line {
        ScanLine::Rank(rank) => {
            let name = w.words("query.line_rank", &[("rank", rank.char().to_string().into())]);
            vec![(name, Bitboard::from_rank(rank))]
        }
        ScanLine::File(file) => {
            let name = Words::new(file.char().to_string(), w.pack().file(file).to_string());
            vec![(w.words("query.line_file", &[("file", name)]), Bitboard::from_file(file))]
        }
        ScanLine::Diagonals(square) => diagonals(square)
            .into_iter()
            .map(|(a, b, ray)| (w.words("query.line_diagonal", &[("from", w.square(a)), ("to", w.square(b))]), ray))
            .collect(),
    };
    let board = game.position().board();
    said.keep_more(Vec::new());
    lines
        .into_iter()
        .map(|(name, squares)| {
            let men: Vec<(Square, Piece)> =
                (squares & board.occupied()).into_iter().filter_map(|s| board.piece_at(s).map(|p| (s, p))).collect();
            match men.is_empty() {
                true => w.say(w.words("query.line_empty", &[("line", name)])),
                false => w.say(w.words("query.line", &[("line", name), ("list", men_list(w, &men))])),
            }
        })
        .collect()
}

/// `check`: whether the side to move is in check, and from what.
pub(crate) fn check(game: &Game, w: &Wording, said: &mut Said) -> Vec<Line> {
    if let Some(over) = over_line(game, w, said) {
        return over;
    }
    let pos = game.position();
    let side = w.color(pos.turn());
    let checkers: Vec<(Square, Piece)> =
        pos.checkers().into_iter().filter_map(|s| pos.board().piece_at(s).map(|p| (s, p))).collect();
    said.keep_more(Vec::new());
    match checkers.is_empty() {
        true => vec![w.line("query.no_check", &[("color", &side)])],
        false => {
            let args = [("color", side.into()), ("list", men_list(w, &checkers))];
            vec![w.say(w.words("query.check", &args))]
        }
    }
}

/// `captured`: the material balance; `more` lists the pieces each side has taken.
pub(crate) fn captured(game: &Game, w: &Wording, said: &mut Said) -> Vec<Line> {
    let start = game.start().board();
    let now = game.position().board();
    let material = |b: &Board, c: Color| -> i32 {
        ORDER.into_iter().map(|r| points(r) * b.by_piece(r.of(c)).count() as i32).sum()
    };
    let balance = material(now, Color::White) - material(now, Color::Black);
    let brief = match balance {
        0 => w.line("query.material_equal", &[]),
        b => {
            let ahead = w.color(if b > 0 { Color::White } else { Color::Black });
            w.line("query.material_ahead", &[("color", &ahead), ("points", &b.abs().to_string())])
        }
    };
    let more = Color::ALL
        .into_iter()
        .map(|taker| {
            let victim = !taker;
            let lost: Vec<String> = ORDER
                .into_iter()
                .flat_map(|r| {
                    let gone = start.by_piece(r.of(victim)).count().saturating_sub(now.by_piece(r.of(victim)).count());
                    std::iter::repeat_n(w.piece(r), gone)
                })
                .collect();
            let side = w.color(taker);
            match lost.is_empty() {
                true => w.line("query.captured_none", &[("color", &side)]),
                false => w.line("query.captured", &[("color", &side), ("list", &lost.join(", "))]),
            }
        })
        .collect();
    said.keep_more(more);
    vec![brief]
}

/// `turn`: the side to move and the move number.
pub(crate) fn turn(game: &Game, w: &Wording, said: &mut Said) -> Vec<Line> {
    if let Some(over) = over_line(game, w, said) {
        return over;
    }
    let pos = game.position();
    let args = [("color", w.color(pos.turn())), ("number", pos.fullmoves().to_string())];
    let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
    said.keep_more(Vec::new());
    vec![w.line("query.turn", &args)]
}

/// `status`: where the game stands after a look away: whose move, the last move as it was
/// announced, and the clocks where there are any.
pub(crate) fn status(game: &Game, clock: &Timekeeper, settings: &Settings, w: &Wording, said: &mut Said) -> Vec<Line> {
    let mut lines = turn(game, w, said);
    lines.extend(last(game, settings, w, None));
    if clock.is_active() {
        lines.extend(super::clock::time(clock, game, settings, w, None));
    }
    lines
}

/// After the game has ended: that it has, and how (no one is to move, no one is in check).
fn over_line(game: &Game, w: &Wording, said: &mut Said) -> Option<Vec<Line>> {
    let outcome = game.outcome()?;
    said.keep_more(Vec::new());
    Some(vec![w.line("query.over", &[("result", &w.outcome(outcome))])])
}

/// "3 empty", "ein Feld leer": a run of empty squares.
fn empty_run(w: &Wording, count: usize) -> String {
    match count {
        1 => w.text("query.empty_one", &[]),
        n => w.text("query.empty_run", &[("count", &n.to_string())]),
    }
}

/// `fen`: the position as FEN, printed.
pub(crate) fn fen(game: &Game, w: &Wording) -> Vec<Line> {
    let pos = game.position();
    let castling: Vec<String> = Color::ALL
        .into_iter()
        .map(|color| {
            let can = |side| pos.castles().has(color, side);
            let key = match (can(CastlingSide::KingSide), can(CastlingSide::QueenSide)) {
                (true, true) => "fen.castle_both",
                (true, false) => "fen.castle_short",
                (false, true) => "fen.castle_long",
                (false, false) => "fen.castle_none",
            };
            w.text("fen.castling_of", &[("color", &w.color(color)), ("sides", &w.text(key, &[]))])
        })
        .collect();
    let en_passant = match pos.ep_square(EnPassantMode::Legal) {
        Some(square) => w.square(square).spoken,
        None => w.text("fen.no_en_passant", &[]),
    };
    let args = [
        ("color", w.color(pos.turn())),
        ("number", pos.fullmoves().to_string()),
        ("castling", castling.join(", ")),
        ("en_passant", en_passant),
        ("halfmoves", pos.halfmoves().to_string()),
    ];
    // The FEN for the eye; its fields, but the board (which `board` reads), for the ear.
    vec![Line::printed(crate::rules::to_fen(pos)), Line { text: String::new(), ..w.line_of("fen.words", &args) }]
}

/// `analyse`: can each side still checkmate? In a game, the check a forfeit gets: the answer is
/// what the arbiter's would be on a flag fall, and the searches stay within the game's memory.
pub(crate) fn analyse(game: &Game, settings: &Settings, w: &Wording) -> Vec<Line> {
    let letters = settings.letters(settings.blind.unwrap_or(Color::White));
    let pos = game.position();
    w.verdict_lines(pos, &crate::rules::forfeit_verdicts(pos), letters)
}

/// `more`: the detail of the last answer.
pub(crate) fn more(said: &mut Said, w: &Wording) -> Vec<Line> {
    match said.take_more() {
        lines if lines.is_empty() => vec![w.line("query.no_more", &[])],
        lines => lines,
    }
}

/// Points of each piece for the material balance.
fn points(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// The two diagonals through `square`, each as its end squares and its squares.
fn diagonals(square: Square) -> Vec<(Square, Square, Bitboard)> {
    [diagonal_of(square, true), diagonal_of(square, false)]
        .into_iter()
        .filter(|d| d.count() > 1)
        .filter_map(|d| Some((d.first()?, d.last()?, d)))
        .collect()
}

/// The a1–h8-like (`rising`) or a8–h1-like diagonal through a square.
fn diagonal_of(square: Square, rising: bool) -> Bitboard {
    let (f, r) = (square.file() as i32, square.rank() as i32);
    Square::ALL
        .into_iter()
        .filter(|s| {
            let (sf, sr) = (s.file() as i32, s.rank() as i32);
            if rising {
                sf - sr == f - r
            } else {
                sf + sr == f + r
            }
        })
        .collect()
}

/// `board` alone, `board check` and `board report`.
pub(crate) fn board(
    game: &Game,
    table: &mut Table,
    settings: &Settings,
    w: &Wording,
    said: &mut Said,
    asked: Option<BoardCommand>,
) -> Vec<Line> {
    match asked {
        None => board_query(game, w, said),
        Some(BoardCommand::Check { board, by_piece }) => {
            repair::board_check(game, table, w, repair::board_of(settings, board), by_piece)
        }
        Some(BoardCommand::Report { board, square, piece }) => {
            let board = repair::board_of(settings, board);
            repair::board_report(table, game, settings, w, (board, square, piece))
        }
    }
}

/// `braille`: the board one rank per line in the braille chess code, printed and on the braille
/// display, where the display's keys move through it.
pub(crate) fn braille(game: &Game, w: &Wording) -> crate::session::event::Response {
    let ranks = crate::notation::braille_ranks(game.position().board());
    let mut lines = vec![w.line("braille.board", &[])];
    lines.extend(ranks.iter().map(|rank| Line::printed(rank.clone())));
    crate::session::event::Response { lines, effects: vec![crate::session::event::Effect::Braille(ranks)] }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonals_through_a_square() {
        let d = diagonals(Square::E4);
        assert_eq!(d.len(), 2);
        assert_eq!((d[0].0, d[0].1), (Square::B1, Square::H7));
        assert_eq!((d[1].0, d[1].1), (Square::H1, Square::A8));
        assert_eq!(diagonals(Square::A1).len(), 1, "a corner has one diagonal");
    }
}
