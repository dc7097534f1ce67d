//! Writing a move: SAN in any letter set, full notation (`Ng1-f3`, `Rf3:e5`), UCI, and the
//! spoken words of a phrase pack (`Springer Felix drei`, `Kurze Rochade`).

use shakmaty::san::{San, Suffix};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingSide, Chess, Move, Position, Role};

use super::letters::LetterSet;
use super::pack::PhrasePack;

fn letter(role: Role, letters: LetterSet) -> String {
    letters.letter(role).map(String::from).unwrap_or_default()
}

fn suffix(pos: &Chess, mv: Move) -> Option<Suffix> {
    let mut after = pos.clone();
    after.play_unchecked(mv);
    Suffix::from_position(&after)
}

fn castle(side: CastlingSide, zeros: bool) -> &'static str {
    match (side, zeros) {
        (CastlingSide::KingSide, false) => "O-O",
        (CastlingSide::QueenSide, false) => "O-O-O",
        (CastlingSide::KingSide, true) => "0-0",
        (CastlingSide::QueenSide, true) => "0-0-0",
    }
}

/// SAN with the piece letters of `letters`; English writes `e8=Q`, the others `e8L` (C.12).
pub fn san(pos: &Chess, mv: Move, letters: LetterSet) -> String {
    let mut out = match San::from_move(pos, mv) {
        San::Normal { role, file, rank, capture, to, promotion } => {
            let mut s = letter(role, letters);
            s.extend(file.map(|f| f.char()));
            s.extend(rank.map(|r| r.char()));
            if capture {
                s.push('x');
            }
            s.push_str(&to.to_string());
            if let Some(p) = promotion {
                if letters == LetterSet::English {
                    s.push('=');
                }
                s.push_str(&letter(p, letters));
            }
            s
        }
        San::Castle(side) => castle(side, false).to_string(),
        San::Put { .. } | San::Null => mv.to_string(),
    };
    out.extend(suffix(pos, mv).map(Suffix::char));
    out
}

/// Full notation (1953 code): piece letter, departure, `-` or `:` for a capture, arrival.
pub fn full(pos: &Chess, mv: Move, letters: LetterSet) -> String {
    let mut out = match (mv.castling_side(), mv.from()) {
        (Some(side), _) => castle(side, true).to_string(),
        (None, Some(from)) => {
            let mut s = letter(mv.role(), letters);
            s.push_str(&from.to_string());
            s.push(if mv.is_capture() { ':' } else { '-' });
            s.push_str(&mv.to().to_string());
            if let Some(p) = mv.promotion() {
                s.push_str(&letter(p, letters));
            }
            s
        }
        (None, None) => mv.to_string(),
    };
    out.extend(suffix(pos, mv).map(Suffix::char));
    out
}

/// UCI (`g1f3`, `e7e8q`; castling as the king's move, or onto the rook in Chess960).
pub fn uci(pos: &Chess, mv: Move) -> String {
    UciMove::from_move(mv, pos.castles().mode()).to_string()
}

/// How moves are spoken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SpokenStyle {
    /// Say "Bauer" before pawn moves.
    pub say_pawn: bool,
    /// Say the departure square of every move ("Springer Gustav eins Felix drei").
    pub from_square: bool,
    /// In answers about the board, say squares as letter and digit (`e4`) rather than in the
    /// pack's words (`Eva vier`).
    pub square_letters: bool,
}

/// The words of a move in a phrase pack, as Appendix E.2.1 asks.
pub fn spoken(pos: &Chess, mv: Move, pack: &PhrasePack, style: SpokenStyle) -> String {
    let mut words: Vec<String> = Vec::new();
    match San::from_move(pos, mv) {
        San::Castle(CastlingSide::KingSide) => words.push(pack.castle_short.clone()),
        San::Castle(CastlingSide::QueenSide) => words.push(pack.castle_long.clone()),
        San::Normal { role, file, rank, capture, to, promotion } => {
            if role != Role::Pawn || style.say_pawn {
                words.push(pack.piece(role).to_string());
            }
            match (style.from_square, mv.from(), file, rank) {
                (true, Some(from), _, _) | (false, Some(from), Some(_), Some(_)) => words.push(pack.square(from)),
                (false, _, Some(f), None) => words.push(pack.file(f).to_string()),
                (false, _, None, Some(r)) => words.push(pack.rank(r).to_string()),
                _ => {}
            }
            if capture {
                words.push(pack.capture.clone());
            }
            words.push(pack.square(to));
            if let Some(p) = promotion {
                words.push(pack.piece(p).to_string());
            }
            if mv.is_en_passant() {
                words.push(pack.en_passant.clone());
            }
        }
        San::Put { .. } | San::Null => words.push(mv.to_string()),
    }
    match suffix(pos, mv) {
        Some(Suffix::Check) => words.push(pack.check.clone()),
        Some(Suffix::Checkmate) => words.push(pack.mate.clone()),
        None => {}
    }
    words.join(" ")
}
