//! Wording of rule facts in the user's language: piece, colour and result keys, and the
//! sentence for each reason a move is illegal.

use shakmaty::{Chess, Color, Position, Role};

use super::session::Session;
use crate::rules::{CastlingProblem, IllegalReason, Reason};

pub fn color_key(color: Color) -> &'static str {
    match color {
        Color::White => "color.white",
        Color::Black => "color.black",
    }
}

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
    }
}

fn castling(s: &Session, problem: CastlingProblem) -> String {
    let (key, square) = match problem {
        CastlingProblem::NoRight => ("castling.no_right", None),
        CastlingProblem::InCheck => ("castling.in_check", None),
        CastlingProblem::Blocked(sq) => ("castling.blocked", Some(sq)),
        CastlingProblem::ThroughAttack(sq) => ("castling.through_attack", Some(sq)),
        CastlingProblem::IntoCheck(sq) => ("castling.into_check", Some(sq)),
    };
    let square = square.map(|s| s.to_string()).unwrap_or_default();
    s.text(key, &[("square", &square)])
}

/// The sentence for why a move is illegal in `pos`.
pub fn illegal(s: &Session, pos: &Chess, reason: IllegalReason) -> String {
    let us = s.color_name(pos.turn());
    let them = s.color_name(pos.turn().other());
    let sq = |q: shakmaty::Square| q.to_string();
    match reason {
        IllegalReason::NoPiece(role) => s.text("illegal.no_piece", &[("color", &us), ("piece", &s.piece_name(role))]),
        IllegalReason::EmptySquare(q) => s.text("illegal.empty_square", &[("square", &sq(q))]),
        IllegalReason::OpponentPiece(q) => s.text("illegal.opponent_piece", &[("square", &sq(q)), ("color", &them)]),
        IllegalReason::WrongPiece { square, found } => {
            s.text("illegal.wrong_piece", &[("square", &sq(square)), ("found", &s.piece_name(found))])
        }
        IllegalReason::CannotReach { role, to } => {
            s.text("illegal.cannot_reach", &[("piece", &s.piece_name(role)), ("color", &us), ("square", &sq(to))])
        }
        IllegalReason::OwnPiece { to, role } => {
            s.text("illegal.own_piece", &[("color", &us), ("piece", &s.piece_name(role)), ("square", &sq(to))])
        }
        IllegalReason::NothingToCapture(q) => s.text("illegal.nothing_to_capture", &[("square", &sq(q))]),
        IllegalReason::Pinned { from, role, by, by_role } => s.text(
            "illegal.pinned",
            &[
                ("piece", &s.piece_name(role)),
                ("from", &sq(from)),
                ("by_piece", &s.piece_name(by_role)),
                ("by", &sq(by)),
            ],
        ),
        IllegalReason::InCheck => s.text("illegal.in_check", &[]),
        IllegalReason::KingIntoCheck(q) => s.text("illegal.king_into_check", &[("square", &sq(q))]),
        IllegalReason::Castling(problem) => castling(s, problem),
        IllegalReason::NotPromotion => s.text("illegal.not_promotion", &[]),
        IllegalReason::BadPromotion(role) => s.text("illegal.bad_promotion", &[("piece", &s.piece_name(role))]),
        IllegalReason::NotEnPassant => s.text("illegal.not_en_passant", &[]),
    }
}
