//! One game: the start position, the moves played, every position's identity, the standing draw
//! offer and the outcome. Every change goes through a method that checks the Laws first and
//! leaves the game unchanged when it refuses.

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move, Position};

use super::claim::{self, ClaimGround, ClaimResult};
use super::identity::PositionId;
use super::outcome::{Outcome, Reason};
use super::ruleset::Ruleset;
use unwinnability::can_checkmate;

/// Why the game refused an action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("the game is over")]
    /// The game is over.
    GameOver(Outcome),
    #[error("that move is not legal")]
    /// The move is not legal.
    IllegalMove,
    #[error("there is no draw offer to answer")]
    /// No draw offer stands.
    NoOffer,
    #[error("a player cannot answer their own draw offer")]
    /// A player cannot accept their own offer.
    OwnOffer,
    #[error("that player's draw offer already stands")]
    /// That player's draw offer already stands.
    OfferStands,
}

/// Why a player forfeits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Forfeit {
    /// 6.9: the flag fell.
    Time,
    /// 7.4b, 7.5b: one illegal move too many.
    IllegalMoves,
    /// Adjournment rule 8, 1953 §23: the sealed move is ambiguous, unreadable or illegal.
    SealedMove,
}

/// What playing one move did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveReport {
    /// The move.
    pub mv: Move,
    /// The move in SAN, with check or mate.
    pub san: SanPlus,
    /// Who made it.
    pub mover: Color,
    /// The move number of this move (White's and Black's first move are both 1).
    pub number: u32,
    /// A draw offer by the opponent that this move declined (9.1).
    pub declined_offer: bool,
    /// How the game ended with it, if it did.
    pub outcome: Option<Outcome>,
}

#[derive(Debug, Clone)]
struct Ply {
    mv: Move,
    after: Chess,
    /// A draw was offered with this move (9.1: made, then offered).
    offered: bool,
}

#[derive(Debug, Clone)]
/// A game under the Laws: the moves, the positions they passed through, draw offers, and the outcome.
pub struct Game {
    start: Chess,
    plies: Vec<Ply>,
    history: Vec<PositionId>,
    ruleset: Ruleset,
    offer: Option<Color>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A game from `start` under `ruleset`.
    pub fn new(start: Chess, ruleset: Ruleset) -> Game {
        let history = vec![PositionId::of(&start)];
        let mut game = Game { start, plies: Vec::new(), history, ruleset, offer: None, outcome: None };
        game.outcome = game.automatic_outcome();
        game
    }

    /// The start position.
    pub fn start(&self) -> &Chess {
        &self.start
    }

    /// The position now.
    pub fn position(&self) -> &Chess {
        self.plies.last().map_or(&self.start, |p| &p.after)
    }

    /// The ruleset in force.
    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }

    /// How the game ended, if it did.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The colour whose draw offer stands, if any.
    pub fn standing_offer(&self) -> Option<Color> {
        self.offer
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.plies.iter().map(|p| p.mv)
    }

    /// The half-moves played.
    pub fn ply_count(&self) -> usize {
        self.plies.len()
    }

    /// The position before ply `index` (0-based) was played.
    pub fn position_before(&self, index: usize) -> &Chess {
        if index == 0 {
            &self.start
        } else {
            &self.plies[index - 1].after
        }
    }

    /// The colour that made half-move `index` (0-based).
    pub fn mover_of(&self, index: usize) -> Color {
        self.position_before(index).turn()
    }

    /// How many moves `color` has made in the game (as the clock counts them, 6.13).
    pub fn moves_made(&self, color: Color) -> u32 {
        (0..self.ply_count()).filter(|&i| self.mover_of(i) == color).count() as u32
    }

    /// The last half-move made by `color`, if it has made one.
    pub fn last_move_of(&self, color: Color) -> Option<usize> {
        (0..self.ply_count()).rev().find(|&i| self.mover_of(i) == color)
    }

    /// The position before the last half-move (the start position when there is none).
    pub fn before_last(&self) -> &Chess {
        self.position_before(self.ply_count().saturating_sub(1))
    }

    /// How often the current position has stood on the board (9.2b identity).
    pub fn occurrences(&self) -> usize {
        let now = self.history.last().expect("history always holds the start position");
        self.history.iter().filter(|p| *p == now).count()
    }

    fn check_open(&self) -> Result<(), GameError> {
        match self.outcome {
            Some(outcome) => Err(GameError::GameOver(outcome)),
            None => Ok(()),
        }
    }

    /// Plays a legal move for the side to move.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, GameError> {
        self.check_open()?;
        let pos = self.position();
        if !pos.is_legal(mv) {
            return Err(GameError::IllegalMove);
        }
        let mover = pos.turn();
        let number = pos.fullmoves().get();
        let mut after = pos.clone();
        let san = SanPlus::from_move_and_play_unchecked(&mut after, mv);
        self.history.push(PositionId::of(&after));
        self.plies.push(Ply { mv, after, offered: false });
        let declined_offer = self.offer == Some(mover.other());
        if declined_offer {
            self.offer = None;
        }
        self.outcome = self.automatic_outcome();
        Ok(MoveReport { mv, san, mover, number, declined_offer, outcome: self.outcome })
    }

    /// The outcome the Laws impose on the current position without a claim.
    fn automatic_outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        if let Some(outcome) = Outcome::of_position(pos, self.ruleset) {
            return Some(outcome);
        }
        if self.ruleset.automatic_fivefold() && self.fivefold_consecutive() {
            return Some(Outcome::draw(Reason::FivefoldRepetition));
        }
        if self.ruleset.automatic_seventy_five() && pos.halfmoves() >= 150 {
            return Some(Outcome::draw(Reason::SeventyFiveMoves));
        }
        None
    }

    /// 9.6a (2014): the position at ply n equals those at plies n−4, n−8, n−12 and n−16.
    fn fivefold_consecutive(&self) -> bool {
        let n = self.history.len() - 1;
        n >= 16 && (1..=4).all(|k| self.history[n - 4 * k] == self.history[n])
    }

    /// Whether a claim by the player to move (on the current position, or with `intended`) would
    /// be upheld: nothing changes.
    pub fn claim_holds(&self, intended: Option<Move>) -> bool {
        let placement_only = self.ruleset == Ruleset::Ussr1953;
        let legal = intended.is_none_or(|mv| self.position().is_legal(mv));
        legal
            && matches!(
                claim::judge(&self.history, self.position(), intended, placement_only),
                ClaimResult::Upheld { .. }
            )
    }

    /// A claim by the player to move (9.2, 9.3), on the current position or on the declared
    /// intended move. An upheld claim draws the game without playing the move; a refused claim
    /// stands as a draw offer (9.1) and the declared move is played (9.5).
    pub fn claim(&mut self, intended: Option<Move>) -> Result<(ClaimResult, Option<MoveReport>), GameError> {
        self.check_open()?;
        if let Some(mv) = intended {
            if !self.position().is_legal(mv) {
                return Err(GameError::IllegalMove);
            }
        }
        let claimant = self.position().turn();
        let verdict = claim::judge(&self.history, self.position(), intended, self.ruleset == Ruleset::Ussr1953);
        match verdict {
            ClaimResult::Upheld { ground, .. } => {
                let reason = match ground {
                    ClaimGround::Threefold => Reason::ThreefoldRepetition,
                    ClaimGround::FiftyMoves => Reason::FiftyMoves,
                };
                self.outcome = Some(Outcome::draw(reason));
                Ok((verdict, None))
            }
            ClaimResult::Refused { .. } if self.ruleset.wrong_claim_loses() => {
                self.outcome = Some(Outcome::win(claimant.other(), Reason::WrongClaim));
                Ok((verdict, None))
            }
            ClaimResult::Refused { intended, .. } => {
                let report = match intended {
                    Some(mv) => Some(self.play(mv)?),
                    None => None,
                };
                if !self.is_over() {
                    self.offer = Some(claimant);
                }
                Ok((verdict, report))
            }
        }
    }

    /// 9.1: a draw offer by `by`; it stands until accepted, declined or the opponent moves.
    pub fn offer_draw(&mut self, by: Color) -> Result<(), GameError> {
        self.check_open()?;
        if self.offer == Some(by) {
            return Err(GameError::OfferStands);
        }
        self.offer = Some(by);
        if by == self.position().turn().other() {
            if let Some(last) = self.plies.last_mut() {
                last.offered = true;
            }
        }
        Ok(())
    }

    /// Whether a draw was offered with half-move `ply` (by its mover, after making it).
    pub fn offered_with(&self, ply: usize) -> bool {
        self.plies.get(ply).is_some_and(|p| p.offered)
    }

    /// Notes that a draw was offered with half-move `ply`, as a game record says (a PGN's `(=)`):
    /// the offer has lapsed since, but the record keeps it.
    pub fn note_offer_with(&mut self, ply: usize) {
        if let Some(p) = self.plies.get_mut(ply) {
            p.offered = true;
        }
    }

    fn answerable_offer(&self, by: Color) -> Result<Color, GameError> {
        self.check_open()?;
        match self.offer {
            None => Err(GameError::NoOffer),
            Some(offerer) if offerer == by => Err(GameError::OwnOffer),
            Some(offerer) => Ok(offerer),
        }
    }

    /// The opponent of the offerer accepts: a draw by agreement (5.2c).
    pub fn accept_draw(&mut self, by: Color) -> Result<Outcome, GameError> {
        self.answerable_offer(by)?;
        self.offer = None;
        let outcome = Outcome::draw(Reason::Agreement);
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// The opponent of the offerer declines orally.
    pub fn decline_draw(&mut self, by: Color) -> Result<Color, GameError> {
        let offerer = self.answerable_offer(by)?;
        self.offer = None;
        Ok(offerer)
    }

    /// Takes the game back to its first `plies` moves (7.4a: the position before an illegal move;
    /// E.2.8: where the scoresheets agree). Later moves are undone, a standing offer lapses, and
    /// the outcome is what that position imposes.
    pub fn retract_to(&mut self, plies: usize) {
        self.plies.truncate(plies);
        self.history.truncate(plies + 1);
        self.offer = None;
        self.outcome = self.automatic_outcome();
    }

    /// 6.9 and 7.4b/7.5b: `loser` forfeits (on time, or for illegal moves) — a draw instead when
    /// the opponent cannot checkmate by any series of legal moves (where the ruleset says so).
    pub fn forfeit(&mut self, loser: Color, why: Forfeit) -> Result<Outcome, GameError> {
        self.check_open()?;
        let winner = loser.other();
        let drawn = self.ruleset.forfeit_drawn_when_opponent_cannot_mate() && !can_checkmate(self.position(), winner);
        let (win, draw) = match why {
            Forfeit::Time => (Reason::FlagFall, Reason::FlagFallCannotMate),
            Forfeit::IllegalMoves => (Reason::IllegalMoves, Reason::IllegalMovesCannotMate),
            Forfeit::SealedMove => (Reason::SealedMove, Reason::SealedMoveCannotMate),
        };
        let outcome = if drawn { Outcome::draw(draw) } else { Outcome::win(winner, win) };
        self.offer = None;
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// Both flags have fallen: a draw (A.4d, 6.11).
    pub fn both_flags(&mut self) -> Result<Outcome, GameError> {
        self.check_open()?;
        let outcome = Outcome::draw(Reason::BothFlags);
        self.offer = None;
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// An online game's end as its server decided it (a resignation, a flag, a draw agreed, the
    /// opponent gone): the outcome it names.
    pub fn decided(&mut self, outcome: Outcome) -> Result<Outcome, GameError> {
        self.check_open()?;
        self.offer = None;
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// 5.1b: `by` resigns.
    pub fn resign(&mut self, by: Color) -> Result<Outcome, GameError> {
        self.check_open()?;
        let outcome = Outcome::win(by.other(), Reason::Resignation);
        self.offer = None;
        self.outcome = Some(outcome);
        Ok(outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{parse_fen, GameResult};
    use shakmaty::uci::UciMove;

    fn uci(game: &Game, text: &str) -> Move {
        UciMove::from_ascii(text.as_bytes()).unwrap().to_move(game.position()).unwrap()
    }

    fn play_all(game: &mut Game, moves: &str) {
        for m in moves.split_whitespace() {
            let mv = uci(game, m);
            game.play(mv).unwrap();
        }
    }

    #[test]
    fn fools_mate() {
        let mut game = Game::new(Chess::default(), Ruleset::Fide2014);
        play_all(&mut game, "f2f3 e7e5 g2g4 d8h4");
        assert_eq!(game.outcome(), Some(Outcome::win(Color::Black, Reason::Checkmate)));
        let next = uci(&Game::new(Chess::default(), Ruleset::Fide2014), "e2e4");
        assert!(matches!(game.play(next), Err(GameError::GameOver(_))));
    }

    #[test]
    fn fivefold_needs_consecutive_repetition_in_2014_only() {
        let shuffle = "g1f3 g8f6 f3g1 f6g8 ".repeat(4);
        let mut game = Game::new(Chess::default(), Ruleset::Fide2014);
        play_all(&mut game, &shuffle);
        assert_eq!(game.outcome(), Some(Outcome::draw(Reason::FivefoldRepetition)));
        let mut old = Game::new(Chess::default(), Ruleset::Fide2008);
        play_all(&mut old, &shuffle);
        assert_eq!(old.outcome(), None);
        assert_eq!(old.occurrences(), 5);
    }

    #[test]
    fn five_scattered_occurrences_are_not_fivefold() {
        // The start position recurs five times, but a different shuffle breaks the series.
        let mut game = Game::new(Chess::default(), Ruleset::Fide2014);
        play_all(&mut game, &"g1f3 g8f6 f3g1 f6g8 ".repeat(2));
        play_all(&mut game, "g1h3 g8h6 h3g5 h6g4 g5h3 g4h6 h3g1 h6g8");
        play_all(&mut game, "g1f3 g8f6 f3g1 f6g8");
        assert_eq!(game.occurrences(), 5);
        assert_eq!(game.outcome(), None);
    }

    #[test]
    fn seventy_five_moves_but_mate_stands() {
        // Halfmove clock at 149: the next quiet move reaches 150.
        let mut game = Game::new(parse_fen("7k/8/8/8/8/8/R7/1R4K1 w - - 149 120").unwrap(), Ruleset::Fide2014);
        let quiet = uci(&game, "g1g2");
        game.play(quiet).unwrap();
        assert_eq!(game.outcome(), Some(Outcome::draw(Reason::SeventyFiveMoves)));

        let mut game = Game::new(parse_fen("7k/8/8/8/8/8/R7/1R4K1 w - - 149 120").unwrap(), Ruleset::Fide2014);
        let quiet = uci(&game, "a2a7");
        game.play(quiet).unwrap();
        let mut game = Game::new(parse_fen("7k/R7/8/8/8/8/8/1R4K1 w - - 149 120").unwrap(), Ruleset::Fide2014);
        let mate = uci(&game, "b1b8");
        let report = game.play(mate).unwrap();
        assert_eq!(report.outcome.map(|o| o.result), Some(GameResult::WhiteWins));
    }

    #[test]
    fn threefold_claim_on_intended_move() {
        let mut game = Game::new(Chess::default(), Ruleset::Fide2014);
        play_all(&mut game, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
        // Black's f6g8 would bring the start position about for the third time.
        let intended = uci(&game, "f6g8");
        let (verdict, report) = game.claim(Some(intended)).unwrap();
        assert!(matches!(verdict, ClaimResult::Upheld { ground: ClaimGround::Threefold, .. }));
        assert!(report.is_none());
        assert_eq!(game.outcome(), Some(Outcome::draw(Reason::ThreefoldRepetition)));
    }

    #[test]
    fn refused_claim_plays_the_move_and_stands_as_an_offer() {
        let mut game = Game::new(Chess::default(), Ruleset::Fide2014);
        play_all(&mut game, "g1f3 g8f6 f3g1");
        let intended = uci(&game, "f6g8");
        let (verdict, report) = game.claim(Some(intended)).unwrap();
        match verdict {
            ClaimResult::Refused { refusal, .. } => assert_eq!(refusal.occurrences, 2),
            other => panic!("expected a refusal, got {other:?}"),
        }
        assert!(report.is_some());
        assert_eq!(game.standing_offer(), Some(Color::Black));
        assert_eq!(game.accept_draw(Color::White), Ok(Outcome::draw(Reason::Agreement)));
    }

    #[test]
    fn offer_lapses_when_the_opponent_moves() {
        let mut game = Game::new(Chess::default(), Ruleset::Fide2014);
        play_all(&mut game, "e2e4");
        game.offer_draw(Color::White).unwrap();
        assert_eq!(game.accept_draw(Color::White), Err(GameError::OwnOffer));
        let report = game.play(uci(&game, "e7e5")).unwrap();
        assert!(report.declined_offer);
        assert_eq!(game.standing_offer(), None);
        assert_eq!(game.accept_draw(Color::Black), Err(GameError::NoOffer));
    }

    #[test]
    fn an_offer_made_with_a_move_is_kept_with_that_move_until_it_is_taken_back() {
        let mut game = Game::new(Chess::default(), Ruleset::Fide2014);
        game.offer_draw(Color::White).unwrap();
        assert!(!game.offered_with(0), "no move was made with it");
        play_all(&mut game, "e2e4 e7e5");
        // Black made the last move: White's offer now is not made with a move.
        game.offer_draw(Color::White).unwrap();
        assert!(!game.offered_with(1));
        game.decline_draw(Color::Black).unwrap();
        game.offer_draw(Color::Black).unwrap();
        assert!(game.offered_with(1) && !game.offered_with(0));
        game.note_offer_with(0);
        assert!(game.offered_with(0));
        game.retract_to(1);
        play_all(&mut game, "e7e5");
        assert!(game.offered_with(0) && !game.offered_with(1));
    }

    #[test]
    fn flag_fall_against_a_bare_king_is_a_draw() {
        let kr_k = || parse_fen("7k/8/8/8/8/8/R7/6K1 w - - 0 60").unwrap();
        let mut rook_side_flags = Game::new(kr_k(), Ruleset::Fide2014);
        assert_eq!(rook_side_flags.forfeit(Color::White, Forfeit::Time), Ok(Outcome::draw(Reason::FlagFallCannotMate)));
        let mut bare_king_flags = Game::new(kr_k(), Ruleset::Fide2014);
        assert_eq!(
            bare_king_flags.forfeit(Color::Black, Forfeit::Time),
            Ok(Outcome::win(Color::White, Reason::FlagFall))
        );
        let mut ussr = Game::new(kr_k(), Ruleset::Ussr1953);
        assert_eq!(ussr.forfeit(Color::White, Forfeit::Time), Ok(Outcome::win(Color::Black, Reason::FlagFall)));
    }

    #[test]
    fn the_1953_code_draws_by_its_own_material_list_not_by_dead_positions() {
        // Rook takes the last pawn: king and knight against king is drawn under every ruleset.
        let knight = || parse_fen("4k3/8/8/8/8/8/3p4/3NK3 w - - 0 1").unwrap();
        for ruleset in Ruleset::ALL {
            let mut game = Game::new(knight(), ruleset);
            play_all(&mut game, "e1d2");
            let reason = if ruleset == Ruleset::Ussr1953 { Reason::BareMaterial } else { Reason::DeadPosition };
            assert_eq!(game.outcome(), Some(Outcome::draw(reason)), "{ruleset}");
        }
        // A locked wall is a dead position under FIDE, but play goes on under the 1953 code.
        let wall = || parse_fen("2b1k3/8/7p/1p1p1p2/1P1P1P1P/8/8/2B1K3 b - - 0 1").unwrap();
        let mut fide = Game::new(wall(), Ruleset::Fide2008);
        play_all(&mut fide, "h6h5");
        assert_eq!(fide.outcome(), Some(Outcome::draw(Reason::DeadPosition)));
        let mut ussr = Game::new(wall(), Ruleset::Ussr1953);
        play_all(&mut ussr, "h6h5");
        assert_eq!(ussr.outcome(), None);
    }

    #[test]
    fn the_1953_code_counts_repetitions_by_placement_alone() {
        let moves = "g1f3 g8f6 h1g1 h8g8 g1h1 g8h8 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
        let mut fide = Game::new(Chess::default(), Ruleset::Fide2008);
        play_all(&mut fide, moves);
        assert!(matches!(fide.claim(None).unwrap().0, ClaimResult::Refused { .. }), "castling rights differ");
        let mut ussr = Game::new(Chess::default(), Ruleset::Ussr1953);
        play_all(&mut ussr, moves);
        assert!(matches!(ussr.claim(None).unwrap().0, ClaimResult::Upheld { .. }));
        assert_eq!(ussr.outcome(), Some(Outcome::draw(Reason::ThreefoldRepetition)));
    }

    #[test]
    fn a_wrong_claim_loses_under_the_1953_code() {
        let mut game = Game::new(Chess::default(), Ruleset::Ussr1953);
        play_all(&mut game, "e2e4 e7e5");
        let (verdict, report) = game.claim(None).unwrap();
        assert!(matches!(verdict, ClaimResult::Refused { .. }) && report.is_none());
        assert_eq!(game.outcome(), Some(Outcome::win(Color::Black, Reason::WrongClaim)));
    }

    #[test]
    fn retracting_restores_the_earlier_position() {
        let mut game = Game::new(Chess::default(), Ruleset::Fide2014);
        play_all(&mut game, "f2f3 e7e5 g2g4 d8h4");
        assert!(game.is_over());
        game.retract_to(2);
        assert_eq!(game.outcome(), None);
        assert_eq!(game.ply_count(), 2);
        assert_eq!(game.position(), game.position_before(2));
        play_all(&mut game, "g2g3");
        assert_eq!(game.occurrences(), 1);
    }

    #[test]
    fn fifty_move_claim() {
        let mut game = Game::new(parse_fen("7k/8/8/8/8/8/R7/6K1 w - - 99 80").unwrap(), Ruleset::Fide2014);
        let (verdict, _) = game.claim(None).unwrap();
        assert!(matches!(verdict, ClaimResult::Refused { .. }));
        // The claim stood as White's offer; White's quiet move reaches 100 plies for Black's claim.
        game.play(uci(&game, "a2a3")).unwrap();
        let (verdict, _) = game.claim(None).unwrap();
        assert!(matches!(verdict, ClaimResult::Upheld { ground: ClaimGround::FiftyMoves, .. }));
    }
}
