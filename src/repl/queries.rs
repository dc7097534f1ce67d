//! Reading the board without sight: `board`, `pieces`, `square`, `scan`, `attackers`,
//! `defenders`, `check`, `captured`, `turn` and `more`. Each answer is brief; what `more` adds is
//! kept for it. Squares are read as `e4`, `e 4` or `Eva vier`; pieces as letters of any letter set
//! or as words of any interface language.

use shakmaty::{Bitboard, Board, Color, File, Piece, Position, Rank, Role, Square};

use super::command::ScanLine;
use super::session::Session;
use super::Line;
use crate::wording::Words;
use crate::wording::{role_name, ORDER};

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

fn man_key(piece: Piece) -> String {
    format!("man.{}.{}", if piece.color.is_white() { "white" } else { "black" }, role_name(piece.role))
}

impl Session {
    /// "white rook", "weißer Turm", "valge vanker".
    pub(super) fn man(&self, piece: Piece) -> String {
        self.tr(&man_key(piece), &[])
    }

    /// "white rooks", "weiße Türme", "valged vankrid".
    pub(super) fn men(&self, piece: Piece) -> String {
        let side = if piece.color.is_white() { "white" } else { "black" };
        self.tr(&format!("men.{side}.{}", role_name(piece.role)), &[])
    }

    /// What `color` has on the board, in words: "king, queen, 2 rooks, 5 pawns".
    pub(super) fn material(&self, color: Color) -> String {
        let board = self.game.position().board();
        let items: Vec<String> = ORDER
            .into_iter()
            .filter_map(|role| match board.by_piece(role.of(color)).count() {
                0 => None,
                1 => Some(self.piece_name(role)),
                n => Some(self.tr(&format!("material.{}", role_name(role)), &[("count", &n.to_string())])),
            })
            .collect();
        self.wording().and_list(&items)
    }

    /// `pieces [white|black] [PIECE]`: where each piece stands; alone, the side to move's pieces.
    pub(super) fn pieces_query(&mut self, color: Option<Color>, role: Option<Role>) -> Vec<Line> {
        let board = self.game.position().board().clone();
        let first = color.unwrap_or_else(|| self.game.position().turn());
        let brief = self.pieces_line(&board, first, role);
        let more = if color.is_none() { vec![self.pieces_line(&board, !first, role)] } else { Vec::new() };
        self.keep_more(more);
        vec![brief]
    }

    fn pieces_line(&self, board: &Board, color: Color, only: Option<Role>) -> Line {
        let w = self.wording();
        let groups: Vec<Words> = ORDER
            .into_iter()
            .filter(|r| only.is_none_or(|o| o == *r))
            .filter_map(|role| {
                let squares = board.by_piece(role.of(color));
                (!squares.is_empty()).then(|| {
                    let name = match squares.count() {
                        1 => self.piece_name(role),
                        _ => self.tr(&format!("pieces.{}", role_name(role)), &[]),
                    };
                    let list = join(squares.into_iter().map(|s| w.square(s)), ", ");
                    Words::new(format!("{name}: {}", list.printed), format!("{name}: {}", list.spoken))
                })
            })
            .collect();
        let side = self.color(color);
        if groups.is_empty() {
            return self.line("query.no_pieces", &[("color", &side)]);
        }
        self.say_words(w.words("query.pieces", &[("color", side.into()), ("list", join(groups, "; "))]))
    }

    /// `board`: the position rank by rank, runs of empty squares counted; `more` spells out each
    /// rank square by square.
    pub(super) fn board_query(&mut self) -> Vec<Line> {
        let board = self.game.position().board().clone();
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
                            items.push(self.empty_run(empty));
                            empty = 0;
                        }
                        items.push(self.man(piece));
                        let (square, man) = (self.wording().square(sq), self.man(piece));
                        detail
                            .push(Words::new(format!("{} {man}", square.printed), format!("{} {man}", square.spoken)));
                    }
                    None => empty += 1,
                }
            }
            if empty == 8 {
                items.push(self.tr("query.empty_rank", &[]));
            } else if empty > 0 {
                items.push(self.empty_run(empty));
            }
            let rank_name = rank.char().to_string();
            brief.push(self.line("query.rank", &[("rank", &rank_name), ("items", &items.join(", "))]));
            if !detail.is_empty() {
                let args = [("rank", rank_name.into()), ("items", join(detail, ", "))];
                more.push(self.say_words(self.wording().words("query.rank", &args)));
            }
        }
        self.keep_more(more);
        brief
    }

    /// The men of `color` attacking `square` in the current position.
    fn attackers_of(&self, square: Square, color: Color) -> Vec<(Square, Piece)> {
        let board = self.game.position().board();
        board
            .attacks_to(square, color, board.occupied())
            .into_iter()
            .filter_map(|s| board.piece_at(s).map(|p| (s, p)))
            .collect()
    }

    /// "black queen h4, white rook e1", spoken with the squares in the pack's words.
    fn men_list(&self, men: &[(Square, Piece)]) -> Words {
        let w = self.wording();
        join(
            men.iter().map(|(s, p)| {
                let (square, man) = (w.square(*s), self.man(*p));
                Words::new(format!("{man} {}", square.printed), format!("{man} {}", square.spoken))
            }),
            ", ",
        )
    }

    /// A message about `square` (and maybe a list of men), in both forms.
    fn square_line(&self, key: &str, square: Square, list: Option<Words>) -> Line {
        let w = self.wording();
        let mut args = vec![("square", w.square(square))];
        args.extend(list.map(|l| ("list", l)));
        self.say_words(w.words(key, &args))
    }

    /// The side whose men stand on or would defend `square`: its occupant's, else the side to move.
    fn owner(&self, square: Square) -> Color {
        let pos = self.game.position();
        pos.board().color_at(square).unwrap_or_else(|| pos.turn())
    }

    /// `square SQ`: what stands there, and how many attack and defend it; `more` names them.
    pub(super) fn square_query(&mut self, square: Square) -> Vec<Line> {
        let owner = self.owner(square);
        let attackers = self.attackers_of(square, !owner);
        let defenders = self.attackers_of(square, owner);
        let what = match self.game.position().board().piece_at(square) {
            Some(piece) => self.man(piece),
            None => self.tr("query.empty_square", &[]),
        };
        let counts = [
            ("square", square.to_string()),
            ("what", what),
            ("attacked", attackers.len().to_string()),
            ("defended", defenders.len().to_string()),
        ];
        let counts: Vec<(&str, &str)> = counts.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let brief = self.line("query.square", &counts);
        let more = vec![self.attackers_line(square, &attackers), self.defenders_line(square, &defenders)];
        self.keep_more(more);
        vec![brief]
    }

    fn attackers_line(&self, square: Square, men: &[(Square, Piece)]) -> Line {
        match men {
            [] => self.square_line("query.no_attackers", square, None),
            _ => self.square_line("query.attackers", square, Some(self.men_list(men))),
        }
    }

    fn defenders_line(&self, square: Square, men: &[(Square, Piece)]) -> Line {
        match men {
            [] => self.square_line("query.no_defenders", square, None),
            _ => self.square_line("query.defenders", square, Some(self.men_list(men))),
        }
    }

    /// `attackers SQ`: the men of the other side that attack the square.
    pub(super) fn attackers_query(&mut self, square: Square) -> Vec<Line> {
        self.keep_more(Vec::new());
        vec![self.attackers_line(square, &self.attackers_of(square, !self.owner(square)))]
    }

    /// `defenders SQ`: the men of the square's own side that defend it.
    pub(super) fn defenders_query(&mut self, square: Square) -> Vec<Line> {
        self.keep_more(Vec::new());
        vec![self.defenders_line(square, &self.attackers_of(square, self.owner(square)))]
    }

    /// `scan rank N | file F | diagonal SQ`: the men along the line, in order.
    pub(super) fn scan_query(&mut self, line: ScanLine) -> Vec<Line> {
        let w = self.wording();
        let lines: Vec<(Words, Bitboard)> = match line {
            ScanLine::Rank(rank) => {
                let name = w.words("query.line_rank", &[("rank", rank.char().to_string().into())]);
                vec![(name, Bitboard::from_rank(rank))]
            }
            ScanLine::File(file) => {
                let name = Words::new(file.char().to_string(), self.wording().pack().file(file).to_string());
                vec![(w.words("query.line_file", &[("file", name)]), Bitboard::from_file(file))]
            }
            ScanLine::Diagonals(square) => diagonals(square)
                .into_iter()
                .map(|(a, b, ray)| (w.words("query.line_diagonal", &[("from", w.square(a)), ("to", w.square(b))]), ray))
                .collect(),
        };
        let board = self.game.position().board().clone();
        self.keep_more(Vec::new());
        let w = self.wording();
        lines
            .into_iter()
            .map(|(name, squares)| {
                let men: Vec<(Square, Piece)> = (squares & board.occupied())
                    .into_iter()
                    .filter_map(|s| board.piece_at(s).map(|p| (s, p)))
                    .collect();
                match men.is_empty() {
                    true => self.say_words(w.words("query.line_empty", &[("line", name)])),
                    false => self.say_words(w.words("query.line", &[("line", name), ("list", self.men_list(&men))])),
                }
            })
            .collect()
    }

    /// `check`: whether the side to move is in check, and from what.
    pub(super) fn check_query(&mut self) -> Vec<Line> {
        if let Some(over) = self.over_line() {
            return over;
        }
        let pos = self.game.position();
        let side = self.color(pos.turn());
        let checkers: Vec<(Square, Piece)> =
            pos.checkers().into_iter().filter_map(|s| pos.board().piece_at(s).map(|p| (s, p))).collect();
        self.keep_more(Vec::new());
        match checkers.is_empty() {
            true => vec![self.line("query.no_check", &[("color", &side)])],
            false => {
                let args = [("color", side.into()), ("list", self.men_list(&checkers))];
                vec![self.say_words(self.wording().words("query.check", &args))]
            }
        }
    }

    /// `captured`: the material balance; `more` lists the pieces each side has taken.
    pub(super) fn captured_query(&mut self) -> Vec<Line> {
        let start = self.game.start().board().clone();
        let now = self.game.position().board().clone();
        let material = |b: &Board, c: Color| -> i32 {
            ORDER.into_iter().map(|r| points(r) * b.by_piece(r.of(c)).count() as i32).sum()
        };
        let balance = material(&now, Color::White) - material(&now, Color::Black);
        let brief = match balance {
            0 => self.line("query.material_equal", &[]),
            b => {
                let ahead = self.color(if b > 0 { Color::White } else { Color::Black });
                self.line("query.material_ahead", &[("color", &ahead), ("points", &b.abs().to_string())])
            }
        };
        let more = Color::ALL
            .into_iter()
            .map(|taker| {
                let victim = !taker;
                let lost: Vec<String> = ORDER
                    .into_iter()
                    .flat_map(|r| {
                        let gone =
                            start.by_piece(r.of(victim)).count().saturating_sub(now.by_piece(r.of(victim)).count());
                        std::iter::repeat_n(self.piece_name(r), gone)
                    })
                    .collect();
                let side = self.color(taker);
                match lost.is_empty() {
                    true => self.line("query.captured_none", &[("color", &side)]),
                    false => self.line("query.captured", &[("color", &side), ("list", &lost.join(", "))]),
                }
            })
            .collect();
        self.keep_more(more);
        vec![brief]
    }

    /// `turn`: the side to move and the move number.
    pub(super) fn turn_query(&mut self) -> Vec<Line> {
        if let Some(over) = self.over_line() {
            return over;
        }
        let pos = self.game.position();
        let args = [("color", self.color(pos.turn())), ("number", pos.fullmoves().to_string())];
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        self.keep_more(Vec::new());
        vec![self.line("query.turn", &args)]
    }

    /// After the game has ended: that it has, and how (no one is to move, no one is in check).
    fn over_line(&mut self) -> Option<Vec<Line>> {
        let outcome = self.game.outcome()?;
        self.keep_more(Vec::new());
        Some(vec![self.line("query.over", &[("result", &self.outcome_sentence(outcome))])])
    }

    /// "3 empty", "ein Feld leer": a run of empty squares.
    fn empty_run(&self, count: usize) -> String {
        match count {
            1 => self.tr("query.empty_one", &[]),
            n => self.tr("query.empty_run", &[("count", &n.to_string())]),
        }
    }

    /// `more`: the detail of the last answer.
    pub(super) fn more_query(&mut self) -> Vec<Line> {
        match self.heard.take_more() {
            lines if lines.is_empty() => vec![self.line("query.no_more", &[])],
            lines => lines,
        }
    }

    fn keep_more(&mut self, lines: Vec<Line>) {
        self.heard.keep_more(lines);
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

/// Joins words in both forms.
fn join(items: impl IntoIterator<Item = Words>, separator: &str) -> Words {
    let (printed, spoken): (Vec<String>, Vec<String>) = items.into_iter().map(|w| (w.printed, w.spoken)).unzip();
    Words::new(printed.join(separator), spoken.join(separator))
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
