//! Rule facts in the user's language: piece, colour and result keys, the sentence for how a game
//! ended, and the sentence for each reason a move is illegal.

use shakmaty::{Chess, Color, Position, Role};

use super::{Wording, Words};
use crate::rules::{CastlingProblem, IllegalReason, Outcome, Reason};

/// The catalogue key of a colour's name.
pub fn color_key(color: Color) -> &'static str {
    match color {
        Color::White => "color.white",
        Color::Black => "color.black",
    }
}

/// Pieces in the order they are listed.
pub const ORDER: [Role; 6] = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];

/// The English name of a piece kind, as the catalogue keys spell it.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}

/// The catalogue key of a piece's name.
pub fn piece_key(role: Role) -> &'static str {
    match role {
        Role::King => "piece.king",
        Role::Queen => "piece.queen",
        Role::Rook => "piece.rook",
        Role::Bishop => "piece.bishop",
        Role::Knight => "piece.knight",
        Role::Pawn => "piece.pawn",
    }
}

/// The catalogue key of the sentence for how a game ended.
pub fn reason_key(reason: Reason) -> &'static str {
    match reason {
        Reason::Checkmate => "result.checkmate",
        Reason::Resignation => "result.resignation",
        Reason::Stalemate => "result.stalemate",
        Reason::DeadPosition => "result.dead_position",
        Reason::Agreement => "result.agreement",
        Reason::ThreefoldRepetition => "result.threefold",
        Reason::FiftyMoves => "result.fifty",
        Reason::FivefoldRepetition => "result.fivefold",
        Reason::SeventyFiveMoves => "result.seventy_five",
        Reason::FlagFall => "result.flag_fall",
        Reason::FlagFallCannotMate => "result.flag_fall_cannot_mate",
        Reason::BothFlags => "result.both_flags",
        Reason::IllegalMoves => "result.illegal_moves",
        Reason::IllegalMovesCannotMate => "result.illegal_moves_cannot_mate",
        Reason::SealedMove => "result.sealed_move",
        Reason::SealedMoveCannotMate => "result.sealed_move_cannot_mate",
        Reason::BareMaterial => "result.bare_material",
        Reason::WrongClaim => "result.wrong_claim",
        Reason::Abandoned => "result.abandoned",
        Reason::AbandonedDraw => "result.abandoned_draw",
        Reason::DrawnOnServer => "result.drawn_on_server",
        Reason::Cheat => "result.cheat",
        Reason::InsufficientMaterialClaim => "result.insufficient_material_claim",
        Reason::VariantEnd => "result.variant_end",
        Reason::DecidedOnServer => "result.decided_on_server",
        Reason::UnknownFinish => "result.unknown_finish",
        Reason::Aborted => "result.aborted",
        Reason::NotStarted => "result.not_started",
    }
}

/// The reason in the `result:` line, in the interface language (English: the scripting
/// contract's words, as `Reason::key` has them).
pub fn reason_line_key(reason: Reason) -> &'static str {
    match reason {
        Reason::Checkmate => "result_line.checkmate",
        Reason::Resignation => "result_line.resignation",
        Reason::Stalemate => "result_line.stalemate",
        Reason::DeadPosition => "result_line.dead_position",
        Reason::Agreement => "result_line.agreement",
        Reason::ThreefoldRepetition => "result_line.threefold",
        Reason::FiftyMoves => "result_line.fifty",
        Reason::FivefoldRepetition => "result_line.fivefold",
        Reason::SeventyFiveMoves => "result_line.seventy_five",
        Reason::FlagFall => "result_line.flag_fall",
        Reason::FlagFallCannotMate => "result_line.flag_fall_cannot_mate",
        Reason::BothFlags => "result_line.both_flags",
        Reason::IllegalMoves => "result_line.illegal_moves",
        Reason::IllegalMovesCannotMate => "result_line.illegal_moves_cannot_mate",
        Reason::SealedMove => "result_line.sealed_move",
        Reason::SealedMoveCannotMate => "result_line.sealed_move_cannot_mate",
        Reason::BareMaterial => "result_line.bare_material",
        Reason::WrongClaim => "result_line.wrong_claim",
        Reason::Abandoned => "result_line.abandoned",
        Reason::AbandonedDraw => "result_line.abandoned_draw",
        Reason::DrawnOnServer => "result_line.drawn_on_server",
        Reason::Cheat => "result_line.cheat",
        Reason::InsufficientMaterialClaim => "result_line.insufficient_material_claim",
        Reason::VariantEnd => "result_line.variant_end",
        Reason::DecidedOnServer => "result_line.decided_on_server",
        Reason::UnknownFinish => "result_line.unknown_finish",
        Reason::Aborted => "result_line.aborted",
        Reason::NotStarted => "result_line.not_started",
    }
}

impl Wording {
    /// How the game ended, in a sentence: "Checkmate. Black wins."
    pub fn outcome(&self, outcome: Outcome) -> String {
        // A draw names no winner: its sentences name none.
        let winner = outcome.result.winner().unwrap_or(Color::White);
        let (winner, loser) = (self.color(winner), self.color(winner.other()));
        self.text(reason_key(outcome.reason), &[("winner", &winner), ("loser", &loser)])
    }

    fn castling(&self, problem: CastlingProblem) -> Words {
        let (key, square) = match problem {
            CastlingProblem::NoRight => ("castling.no_right", None),
            CastlingProblem::InCheck => ("castling.in_check", None),
            CastlingProblem::Blocked(sq) => ("castling.blocked", Some(sq)),
            CastlingProblem::ThroughAttack(sq) => ("castling.through_attack", Some(sq)),
            CastlingProblem::IntoCheck(sq) => ("castling.into_check", Some(sq)),
        };
        let square = square.map(|q| self.square(q)).unwrap_or_default();
        self.words(key, &[("square", square)])
    }

    /// The sentence for why a move is illegal in `pos`, printed and spoken.
    pub fn illegal(&self, pos: &Chess, reason: IllegalReason) -> Words {
        let w = self;
        let us = || Words::plain(w.color(pos.turn()));
        let them = || Words::plain(w.color(pos.turn().other()));
        let piece = |role: Role| Words::plain(w.piece(role));
        let sq = |q: shakmaty::Square| w.square(q);
        match reason {
            IllegalReason::NoPiece(role) => w.words("illegal.no_piece", &[("color", us()), ("piece", piece(role))]),
            IllegalReason::EmptySquare(q) => w.words("illegal.empty_square", &[("square", sq(q))]),
            IllegalReason::OpponentPiece(q) => {
                w.words("illegal.opponent_piece", &[("square", sq(q)), ("color", them())])
            }
            IllegalReason::WrongPiece { square, found } => {
                w.words("illegal.wrong_piece", &[("square", sq(square)), ("found", piece(found))])
            }
            IllegalReason::CannotReach { role, to } => {
                w.words("illegal.cannot_reach", &[("piece", piece(role)), ("color", us()), ("square", sq(to))])
            }
            IllegalReason::OwnPiece { to, role } => {
                w.words("illegal.own_piece", &[("color", us()), ("piece", piece(role)), ("square", sq(to))])
            }
            IllegalReason::NothingToCapture(q) => w.words("illegal.nothing_to_capture", &[("square", sq(q))]),
            IllegalReason::Pinned { from, role, by, by_role } => w.words(
                "illegal.pinned",
                &[("piece", piece(role)), ("from", sq(from)), ("by_piece", piece(by_role)), ("by", sq(by))],
            ),
            IllegalReason::InCheck => w.words("illegal.in_check", &[]),
            IllegalReason::KingIntoCheck(q) => w.words("illegal.king_into_check", &[("square", sq(q))]),
            IllegalReason::Castling(problem) => w.castling(problem),
            IllegalReason::NotPromotion => w.words("illegal.not_promotion", &[]),
            IllegalReason::BadPromotion(role) => w.words("illegal.bad_promotion", &[("piece", piece(role))]),
            IllegalReason::NotEnPassant => w.words("illegal.not_en_passant", &[]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::{Catalog, Lang};

    const ALL: [Reason; 28] = [
        Reason::DecidedOnServer,
        Reason::Abandoned,
        Reason::AbandonedDraw,
        Reason::DrawnOnServer,
        Reason::Cheat,
        Reason::InsufficientMaterialClaim,
        Reason::VariantEnd,
        Reason::UnknownFinish,
        Reason::Aborted,
        Reason::NotStarted,
        Reason::Checkmate,
        Reason::Resignation,
        Reason::Stalemate,
        Reason::DeadPosition,
        Reason::Agreement,
        Reason::ThreefoldRepetition,
        Reason::FiftyMoves,
        Reason::FivefoldRepetition,
        Reason::SeventyFiveMoves,
        Reason::FlagFall,
        Reason::FlagFallCannotMate,
        Reason::BothFlags,
        Reason::IllegalMoves,
        Reason::IllegalMovesCannotMate,
        Reason::SealedMove,
        Reason::SealedMoveCannotMate,
        Reason::BareMaterial,
        Reason::WrongClaim,
    ];

    #[test]
    fn the_result_line_keeps_the_contracts_words_in_english_and_is_translated_elsewhere() {
        let (en, et, de) = (Catalog::shipped(Lang::En), Catalog::shipped(Lang::Et), Catalog::shipped(Lang::De));
        for reason in ALL {
            let key = reason_line_key(reason);
            assert_eq!(en.text(key, &[]), reason.key(), "{key}");
            assert_ne!(et.text(key, &[]), reason.key(), "{key} is English in Estonian");
            assert_ne!(de.text(key, &[]), reason.key(), "{key} is English in German");
        }
    }
}
