//! Blindfold drills, the board held in the head: the colour of a square; the knight's shortest
//! route between two squares; whether a bishop or a queen on one square reaches another; and
//! recall — a short game read aloud move by move, then what stands on a square or where a piece
//! stands. Each question is drawn from a seeded generator (the same seed, the same drill) and
//! checked against the answer said in any language. Pure: the words come from the wording.

use shakmaty::attacks::{bishop_attacks, queen_attacks};
use shakmaty::san::San;
use shakmaty::{Bitboard, Chess, Color, Move, Piece, Position, Role, Square};

/// The kinds of drill.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumIter, strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "lowercase")]
pub enum DrillKind {
    /// The colour of a square.
    Colour,
    /// The knight's shortest route between two squares.
    Knight,
    /// Whether a bishop or a queen reaches a square.
    Reach,
    /// A short game read aloud, then a question about the position it reached.
    Recall,
}

crate::choice::choice!(DrillKind, "drill");

/// What recall asks about the position reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecallAsk {
    /// What stands on this square.
    On(Square),
    /// Where this piece (one of its kind on the board) stands.
    Where(Piece),
}

/// A question of a drill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Question {
    /// Light or dark?
    Colour(Square),
    /// In how many moves does a knight go from one square to the other?
    Knight {
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// Does this piece on one square reach the other in one move, on an empty board?
    Reach {
        /// A bishop or a queen.
        role: Role,
        /// Where it stands.
        from: Square,
        /// The square asked about.
        to: Square,
    },
    /// A game from the start, then a question about the position it reached.
    Recall {
        /// The game's moves.
        moves: Vec<Move>,
        /// The question.
        ask: RecallAsk,
    },
}

/// What an answer is heard as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// A light square, or a dark one (`true`: light).
    Light(bool),
    /// A number of moves.
    Number(u32),
    /// Yes or no.
    Yes(bool),
    /// A square (or squares: a route).
    Squares(Vec<Square>),
    /// A piece, or nothing (an empty square).
    Man(Option<Piece>),
}

/// The truth of a question, said when the answer was wrong (and with a right one where it tells
/// more: the route).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Truth {
    /// Light (`true`) or dark.
    Light(bool),
    /// The knight's shortest route, its squares from the first.
    Route(Vec<Square>),
    /// It reaches the square, or not.
    Reaches(bool),
    /// What stands on the square.
    On(Option<Piece>),
    /// Where the piece stands.
    At(Square),
}

impl DrillKind {
    /// A question of this kind, drawn from `rng`.
    pub fn question(self, rng: &mut fastrand::Rng) -> Question {
        let square = |rng: &mut fastrand::Rng| Square::new(rng.u32(0..64));
        match self {
            DrillKind::Colour => Question::Colour(square(rng)),
            DrillKind::Knight => {
                let from = square(rng);
                let to = loop {
                    let to = square(rng);
                    if to != from {
                        break to;
                    }
                };
                Question::Knight { from, to }
            }
            DrillKind::Reach => {
                let role = if rng.bool() { Role::Bishop } else { Role::Queen };
                let from = square(rng);
                // Half the time a square it reaches, else any other.
                let reached: Vec<Square> = reach(role, from).into_iter().collect();
                let to = match rng.bool() {
                    true => reached[rng.usize(0..reached.len())],
                    false => loop {
                        let to = square(rng);
                        if to != from {
                            break to;
                        }
                    },
                };
                Question::Reach { role, from, to }
            }
            DrillKind::Recall => recall(rng),
        }
    }
}

/// The squares a piece reaches in one move on an empty board.
fn reach(role: Role, from: Square) -> Bitboard {
    match role {
        Role::Bishop => bishop_attacks(from, Bitboard::EMPTY),
        _ => queen_attacks(from, Bitboard::EMPTY),
    }
}

/// A short game (the moves of a named opening, four to ten half-moves) and a question about it.
fn recall(rng: &mut fastrand::Rng) -> Question {
    let lines: Vec<Vec<Move>> = crate::openings::lines()
        .iter()
        .filter_map(|pgn| moves_of(pgn))
        .filter(|moves| (4..=10).contains(&moves.len()))
        .collect();
    let moves = lines[rng.usize(0..lines.len())].clone();
    let mut pos = Chess::default();
    for mv in &moves {
        pos.play_unchecked(*mv);
    }
    let board = pos.board();
    // A piece that moved and is the only one of its kind: where is it?
    let single: Vec<Piece> = moves
        .iter()
        .filter_map(|mv| board.piece_at(mv.to()))
        .filter(|piece| board.by_piece(*piece).count() == 1)
        .collect();
    let touched: Vec<Square> = moves.iter().flat_map(|mv| [mv.from().unwrap_or(mv.to()), mv.to()]).collect();
    let ask = match (rng.bool(), single.is_empty()) {
        (true, false) => RecallAsk::Where(single[rng.usize(0..single.len())]),
        _ => RecallAsk::On(touched[rng.usize(0..touched.len())]),
    };
    Question::Recall { moves, ask }
}

/// The moves of a line of play written in SAN (`1. e4 c5 2. Nf3`).
fn moves_of(pgn: &str) -> Option<Vec<Move>> {
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    for word in pgn.split_whitespace().filter(|w| !w.ends_with('.')) {
        let mv = word.parse::<San>().ok()?.to_move(&pos).ok()?;
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    Some(moves)
}

/// The knight's shortest route from one square to another, both included.
pub fn knight_route(from: Square, to: Square) -> Vec<Square> {
    let mut came_from: [Option<Square>; 64] = [None; 64];
    let mut queue = std::collections::VecDeque::from([from]);
    came_from[usize::from(from)] = Some(from);
    while let Some(at) = queue.pop_front() {
        if at == to {
            break;
        }
        for next in shakmaty::attacks::knight_attacks(at) {
            if came_from[usize::from(next)].is_none() {
                came_from[usize::from(next)] = Some(at);
                queue.push_back(next);
            }
        }
    }
    let mut route = vec![to];
    while let Some(&last) = route.last() {
        match came_from[usize::from(last)] {
            Some(before) if before != last => route.push(before),
            _ => break,
        }
    }
    route.reverse();
    route
}

impl Question {
    /// The position a recall question asks about (the start for the others).
    pub fn position(&self) -> Chess {
        let mut pos = Chess::default();
        if let Question::Recall { moves, .. } = self {
            for mv in moves {
                pos.play_unchecked(*mv);
            }
        }
        pos
    }

    /// The truth of the question.
    pub fn truth(&self) -> Truth {
        match self {
            Question::Colour(square) => Truth::Light(square.is_light()),
            Question::Knight { from, to } => Truth::Route(knight_route(*from, *to)),
            Question::Reach { role, from, to } => Truth::Reaches(reach(*role, *from).contains(*to)),
            Question::Recall { ask: RecallAsk::On(square), .. } => Truth::On(self.position().board().piece_at(*square)),
            Question::Recall { ask: RecallAsk::Where(piece), .. } => {
                Truth::At(self.position().board().by_piece(*piece).first().unwrap_or(Square::A1))
            }
        }
    }

    /// Whether `said` answers the question rightly; `None` when it is no answer to it (a yes to
    /// the colour of a square).
    pub fn is_right(&self, said: &Said) -> Option<bool> {
        match (self.truth(), said) {
            (Truth::Light(light), Said::Light(said)) => Some(light == *said),
            (Truth::Route(route), Said::Number(n)) => Some(route.len() as u32 - 1 == *n),
            // A route said square by square: legal knight's moves, as short as the shortest.
            (Truth::Route(route), Said::Squares(said)) => {
                let from = route[0];
                let said: Vec<Square> = match said.first() == Some(&from) {
                    true => said.clone(),
                    false => std::iter::once(from).chain(said.iter().copied()).collect(),
                };
                let hops = said.windows(2).all(|w| shakmaty::attacks::knight_attacks(w[0]).contains(w[1]));
                Some(hops && said.last() == route.last() && said.len() == route.len())
            }
            (Truth::Reaches(reaches), Said::Yes(yes)) => Some(reaches == *yes),
            (Truth::On(on), Said::Man(man)) => Some(on == *man),
            (Truth::At(at), Said::Squares(said)) if said.len() == 1 => Some(said[0] == at),
            _ => None,
        }
    }
}

/// A colour's piece as a drill names it: a white knight.
pub fn man_of(color: Color, role: Role) -> Piece {
    Piece { color, role }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_makes_the_same_drill() {
        for kind in [DrillKind::Colour, DrillKind::Knight, DrillKind::Reach, DrillKind::Recall] {
            let (mut a, mut b) = (fastrand::Rng::with_seed(7), fastrand::Rng::with_seed(7));
            let first: Vec<Question> = (0..5).map(|_| kind.question(&mut a)).collect();
            let again: Vec<Question> = (0..5).map(|_| kind.question(&mut b)).collect();
            assert_eq!(first, again, "{kind:?}");
        }
    }

    #[test]
    fn answers_are_checked_against_the_board() {
        assert_eq!(Question::Colour(Square::A1).is_right(&Said::Light(false)), Some(true));
        assert_eq!(Question::Colour(Square::H1).is_right(&Said::Light(false)), Some(false));
        assert_eq!(Question::Colour(Square::H1).is_right(&Said::Yes(true)), None);
        let corner = Question::Knight { from: Square::A1, to: Square::B2 };
        assert_eq!(corner.is_right(&Said::Number(4)), Some(true));
        assert_eq!(knight_route(Square::B1, Square::C3), vec![Square::B1, Square::C3]);
        let route = Said::Squares(vec![Square::C3, Square::D5]);
        assert_eq!(Question::Knight { from: Square::B1, to: Square::D5 }.is_right(&route), Some(true));
        let bishop = Question::Reach { role: Role::Bishop, from: Square::C1, to: Square::H6 };
        assert_eq!(bishop.is_right(&Said::Yes(true)), Some(true));
        let queen = Question::Reach { role: Role::Queen, from: Square::D1, to: Square::E3 };
        assert_eq!(queen.is_right(&Said::Yes(false)), Some(true));
        let pos_moves = moves_of("1. e4 e5 2. Qh5").unwrap();
        let on = Question::Recall { moves: pos_moves.clone(), ask: RecallAsk::On(Square::E2) };
        assert_eq!(on.is_right(&Said::Man(None)), Some(true));
        let queen = man_of(Color::White, Role::Queen);
        let at = Question::Recall { moves: pos_moves, ask: RecallAsk::Where(queen) };
        assert_eq!(at.is_right(&Said::Squares(vec![Square::H5])), Some(true));
        assert_eq!(at.truth(), Truth::At(Square::H5));
    }
}
