//! What the electronic board shows, compared with the game: a placement that is the game's
//! position after one of its legal moves is that move (captures in either order, castling king
//! first or rook first, en passant, a promotion with the new piece placed); a piece lifted and put
//! back is nothing; the game's own position reached again after a difference agrees (the relay of
//! an announced move executed there). Only the moves of the side that plays on the board are
//! taken as made there: the other side's moves are announced, and the board only executes them.
//! The first placement a board reports is compared with the game, never taken for a move. A
//! placement that stays neither for a while is a divergence, reported square by square (once).
//! Pure: each change and each tick comes with the time, in ms.

use shakmaty::{Board, Chess, Color, Move, Piece, Position, Role, Square};

/// How long a placement must stay (ms) before it is a divergence, or before a rook move that
/// could be the first half of castling is taken as a rook move.
pub const SETTLE: u64 = 1500;

/// How long pieces may be held in the hand (the board only lacks pieces it had) before the board
/// is a divergence.
pub const HELD: u64 = 5000;

/// What a change of the board means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Observed {
    /// Nothing yet: a move in progress, or no change.
    Nothing,
    /// A legal move of the game was made on the board.
    Move(Move),
    /// The board shows the game's position again after it differed.
    Agrees,
    /// The board settled on a placement that is not the game's: each square that differs, with
    /// what should stand there and what does.
    Divergence(Vec<(Square, Option<Piece>, Option<Piece>)>),
}

/// The board as last reported, and what has been said about it.
#[derive(Debug, Clone)]
pub struct Observer {
    placement: Board,
    /// When the placement last changed.
    changed: u64,
    /// Whether it differs from the game and that was said.
    reported: bool,
    /// Whether a divergence was said since the board last agreed with the game.
    diverged: bool,
    /// The game's placement the board last agreed with.
    agreed: Board,
    /// A rook move waiting to be sure it is not the first half of castling.
    waiting: Option<Move>,
    /// The side whose moves are made on this board (`None`: either side's).
    makes: Option<Color>,
}

impl Observer {
    /// An observer of a board that shows `placement`.
    pub fn new(placement: Board) -> Observer {
        let agreed = placement.clone();
        Observer { agreed, placement, changed: 0, reported: false, diverged: false, waiting: None, makes: None }
    }

    /// The observer of a board on which only `color`'s moves are made (the other side's are
    /// announced and executed there).
    pub fn making(self, color: Color) -> Observer {
        Observer { makes: Some(color), ..self }
    }

    /// The board's first placement, at its connection: compared with the game as it stands and
    /// never taken for a move made (a board that connects one move away differs).
    pub fn first(&mut self, placement: Board, game: &Chess, now: u64) -> Observed {
        self.placement = placement;
        self.changed = now;
        self.reported = false;
        if self.placement == *game.board() {
            self.agreed = self.placement.clone();
        }
        Observed::Nothing
    }

    /// That the board differs from the game was said (at its connection, or when asked): it is
    /// not said again until the board changes.
    pub fn said_to_differ(&mut self, game: &Chess) {
        if self.placement != *game.board() {
            self.reported = true;
            self.diverged = true;
        }
    }

    /// What the board shows now.
    pub fn placement(&self) -> &Board {
        &self.placement
    }

    /// The whole board was reported (at the start, on demand, after a reconnection).
    pub fn dump(&mut self, placement: Board, game: &Chess, now: u64) -> Observed {
        self.placement = placement;
        self.changed = now;
        self.reported = false;
        self.judge(game)
    }

    /// The whole board was reported with a placement no game can have (said as such, not as a
    /// divergence): what it shows is kept, and its agreeing with the game again will be said.
    pub fn impossible(&mut self, placement: Board, now: u64) {
        self.placement = placement;
        self.changed = now;
        self.reported = true;
        self.diverged = true;
    }

    /// One square changed.
    pub fn field(&mut self, square: Square, piece: Option<Piece>, game: &Chess, now: u64) -> Observed {
        match piece {
            Some(p) => self.placement.set_piece_at(square, p),
            None => {
                self.placement.discard_piece_at(square);
            }
        }
        self.changed = now;
        self.reported = false;
        self.waiting = None;
        self.judge(game)
    }

    /// When what the board shows is to be judged, if it is waiting for that: a rook move that may
    /// be half of castling, or a placement that is not the game's (a board still showing the
    /// position before the last move waits for its relay, and is not judged).
    pub fn deadline(&self, game: &Chess) -> Option<u64> {
        if self.waiting.is_some() {
            return Some(self.changed + SETTLE);
        }
        if self.reported || self.placement == *game.board() || self.placement == self.agreed {
            return None;
        }
        let held = self.placement.occupied().into_iter().all(|sq| {
            let found = self.placement.piece_at(sq);
            found == game.board().piece_at(sq) || found == self.agreed.piece_at(sq)
        });
        Some(self.changed + if held { HELD } else { SETTLE })
    }

    /// Time passed: a rook move that stayed is a rook move; a placement that stayed wrong is a
    /// divergence (said once).
    pub fn tick(&mut self, game: &Chess, now: u64) -> Observed {
        if self.deadline(game).is_none_or(|due| now < due) {
            return Observed::Nothing;
        }
        if let Some(mv) = self.waiting.take() {
            self.agreed = self.placement.clone();
            return Observed::Move(mv);
        }
        self.reported = true;
        self.diverged = true;
        Observed::Divergence(differences(game.board(), &self.placement))
    }

    /// The move the board showed was refused by the game (a touched piece must move, the game is
    /// over): the board differs, and is judged so once it settles.
    pub fn refused(&mut self, game: &Chess, now: u64) {
        self.agreed = game.board().clone();
        self.changed = now;
        self.reported = false;
    }

    /// Whether the board was said to differ and has not agreed since.
    pub fn diverged(&self) -> bool {
        self.diverged
    }

    fn judge(&mut self, game: &Chess) -> Observed {
        if self.placement == *game.board() {
            // News only when the game moved on without the board (a relay executed) or a
            // divergence was said (a repair done); a piece put back is nothing.
            let news = self.agreed != self.placement || std::mem::take(&mut self.diverged);
            self.agreed = self.placement.clone();
            return if news { Observed::Agrees } else { Observed::Nothing };
        }
        // The other side's move is announced first: made on this board unannounced, it differs.
        if self.makes.is_some_and(|color| color != game.turn()) {
            return Observed::Nothing;
        }
        let made = game.legal_moves().into_iter().find(|&m| {
            let mut after = game.clone();
            after.play_unchecked(m);
            *after.board() == self.placement
        });
        match made {
            Some(mv) if half_of_castling(game, mv) => {
                self.waiting = Some(mv);
                Observed::Nothing
            }
            Some(mv) => {
                // The game will play it: the board agrees with the game that follows.
                self.agreed = self.placement.clone();
                Observed::Move(mv)
            }
            None => Observed::Nothing,
        }
    }
}

/// Whether `mv` (a rook move) leaves the board as the first half of a castling that is legal.
fn half_of_castling(game: &Chess, mv: Move) -> bool {
    let Move::Normal { role: Role::Rook, from, to, capture: None, .. } = mv else { return false };
    game.legal_moves().iter().any(|m| match m {
        Move::Castle { king, rook } => {
            let side = if king.file() < rook.file() {
                shakmaty::CastlingSide::KingSide
            } else {
                shakmaty::CastlingSide::QueenSide
            };
            *rook == from && side.rook_to(game.turn()) == to
        }
        _ => false,
    })
}

/// Each square where `found` differs from `wanted`, with what should stand there and what does.
pub fn differences(wanted: &Board, found: &Board) -> Vec<(Square, Option<Piece>, Option<Piece>)> {
    Square::ALL
        .into_iter()
        .filter(|&sq| wanted.piece_at(sq) != found.piece_at(sq))
        .map(|sq| (sq, wanted.piece_at(sq), found.piece_at(sq)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen;
    use shakmaty::Color;

    fn piece(color: Color, role: Role) -> Option<Piece> {
        Some(Piece { color, role })
    }

    /// Feeds `changes` (square, piece) one a second apart; the last thing observed.
    fn feed(game: &Chess, changes: &[(Square, Option<Piece>)]) -> (Observer, Vec<Observed>) {
        let mut o = Observer::new(game.board().clone());
        let seen = changes.iter().enumerate().map(|(i, &(sq, p))| o.field(sq, p, game, i as u64 * 100)).collect();
        (o, seen)
    }

    #[test]
    fn a_move_is_seen_when_the_piece_lands() {
        let game = Chess::default();
        let (_, seen) = feed(&game, &[(Square::G1, None), (Square::F3, piece(Color::White, Role::Knight))]);
        assert_eq!(seen[0], Observed::Nothing);
        assert_eq!(seen[1].clone(), Observed::Move(find(&game, "Ng1-f3")));
    }

    fn find(game: &Chess, text: &str) -> Move {
        game.legal_moves().into_iter().find(|m| m.to_string() == text).unwrap()
    }

    #[test]
    fn captures_in_either_order() {
        let game = parse_fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").unwrap();
        let white = piece(Color::White, Role::Pawn);
        let (_, first) = feed(&game, &[(Square::E4, None), (Square::D5, None), (Square::D5, white)]);
        let (_, second) = feed(&game, &[(Square::D5, None), (Square::E4, None), (Square::D5, white)]);
        let capture = Observed::Move(find(&game, "e4xd5"));
        assert_eq!(first.last(), Some(&capture));
        assert_eq!(second.last(), Some(&capture));
    }

    #[test]
    fn castling_king_first_or_rook_first() {
        let game = parse_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let (king, rook) = (piece(Color::White, Role::King), piece(Color::White, Role::Rook));
        let (_, seen) = feed(&game, &[(Square::E1, None), (Square::G1, king), (Square::H1, None), (Square::F1, rook)]);
        assert!(matches!(seen.last(), Some(Observed::Move(Move::Castle { .. }))), "{seen:?}");
        // Rook first: the rook move waits, and the king makes it castling.
        let (mut o, seen) = feed(&game, &[(Square::H1, None), (Square::F1, rook)]);
        assert_eq!(seen.last(), Some(&Observed::Nothing), "a rook move that may be half of castling waits");
        o.field(Square::E1, None, &game, 300);
        let done = o.field(Square::G1, king, &game, 400);
        assert!(matches!(done, Observed::Move(Move::Castle { .. })), "{done:?}");
        // A rook move that stays is a rook move.
        let (mut o, _) = feed(&game, &[(Square::H1, None), (Square::F1, rook)]);
        assert!(matches!(o.tick(&game, 100 + SETTLE), Observed::Move(Move::Normal { role: Role::Rook, .. })));
    }

    #[test]
    fn en_passant_and_promotion_with_the_new_piece() {
        let game = parse_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
        let pawn = piece(Color::White, Role::Pawn);
        let (_, seen) = feed(&game, &[(Square::E5, None), (Square::D6, pawn), (Square::D5, None)]);
        assert!(matches!(seen.last(), Some(Observed::Move(Move::EnPassant { .. }))), "{seen:?}");
        let game = parse_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
        let queen = piece(Color::White, Role::Queen);
        let (_, seen) = feed(&game, &[(Square::E7, None), (Square::E8, pawn), (Square::E8, queen)]);
        assert_eq!(seen[1], Observed::Nothing, "a pawn on the last rank is no move yet");
        assert!(matches!(seen[2], Observed::Move(Move::Normal { promotion: Some(Role::Queen), .. })));
    }

    #[test]
    fn a_piece_lifted_and_put_back_is_nothing_and_a_wrong_placement_is_reported_once() {
        let game = Chess::default();
        let knight = piece(Color::White, Role::Knight);
        let (mut o, seen) = feed(&game, &[(Square::G1, None), (Square::G1, knight)]);
        assert_eq!(seen, [Observed::Nothing, Observed::Nothing]);
        assert_eq!(o.tick(&game, 5000), Observed::Nothing);
        let (mut o, _) = feed(&game, &[(Square::G1, None), (Square::G3, knight)]);
        assert_eq!(o.tick(&game, 200), Observed::Nothing, "not yet settled");
        let wrong = o.tick(&game, 100 + SETTLE);
        assert_eq!(wrong, Observed::Divergence(vec![(Square::G1, knight, None), (Square::G3, None, knight)]));
        assert_eq!(o.tick(&game, 10_000), Observed::Nothing, "said once");
        o.field(Square::G3, None, &game, 10_100);
        assert_eq!(o.field(Square::G1, knight, &game, 10_200), Observed::Agrees);
    }

    #[test]
    fn a_piece_in_the_hand_waits_longer_and_a_board_waiting_for_its_relay_is_not_judged() {
        let game = Chess::default();
        let mut o = Observer::new(game.board().clone());
        o.field(Square::G1, None, &game, 0);
        assert_eq!(o.deadline(&game), Some(HELD));
        assert_eq!(o.tick(&game, SETTLE), Observed::Nothing, "a knight held in the hand");
        assert!(matches!(o.tick(&game, HELD), Observed::Divergence(_)));
        // The game moved on by a typed move; the board still shows the position before it.
        let before = Chess::default();
        let mut game = before.clone();
        game.play_unchecked(find(&before, "e2-e4"));
        let o = Observer::new(before.board().clone());
        assert_eq!(o.deadline(&game), None);
    }

    #[test]
    fn after_a_move_a_piece_lifted_and_put_back_is_still_nothing() {
        let mut game = Chess::default();
        let knight = piece(Color::White, Role::Knight);
        let (mut o, seen) = feed(&game, &[(Square::G1, None), (Square::F3, knight)]);
        let Some(Observed::Move(mv)) = seen.last().cloned() else { panic!("{seen:?}") };
        game.play_unchecked(mv);
        assert_eq!(o.field(Square::F3, None, &game, 500), Observed::Nothing);
        assert_eq!(o.field(Square::F3, knight, &game, 600), Observed::Nothing);
    }

    #[test]
    fn the_relay_of_an_announced_move_agrees_when_executed() {
        // The blind player's move e5 is already in the game; the board still shows it before.
        let before = parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
        let mut game = before.clone();
        game.play_unchecked(find(&before, "e7-e5"));
        let mut o = Observer::new(before.board().clone());
        assert_eq!(o.field(Square::E7, None, &game, 0), Observed::Nothing);
        assert_eq!(o.field(Square::E5, piece(Color::Black, Role::Pawn), &game, 100), Observed::Agrees);
    }
}
