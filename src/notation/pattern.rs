//! A move as written, before it meets a position: which piece, what is known of its departure
//! square, the arrival square (or castling), capture and en passant marks, promotion piece.

use shakmaty::{CastlingSide, File, Rank, Role, Square};

use super::tokens::Token;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// Where a move goes.
pub enum Target {
    /// To a square.
    Square(Square),
    /// Castling to that side, or to either (the one that is legal).
    Castle(Option<CastlingSide>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// A move as read, before it is matched with the legal moves.
pub struct MovePattern {
    /// The piece named, if any.
    pub role: Option<Role>,
    /// The file it comes from, where given.
    pub from_file: Option<File>,
    /// The rank it comes from, where given.
    pub from_rank: Option<Rank>,
    /// Where it goes.
    pub target: Target,
    /// A capture was written (x, :, a capture word).
    pub capture: bool,
    /// Whether en passant was said.
    pub en_passant: bool,
    /// The piece a pawn becomes, where given.
    pub promotion: Option<Role>,
}

impl MovePattern {
    /// The departure square, when written in full.
    pub fn from_square(&self) -> Option<Square> {
        Some(Square::from_coords(self.from_file?, self.from_rank?))
    }

    /// The piece meant: the one named; else, without a full departure square, a pawn (C.4);
    /// with one (`e2e4`, `g1-f3`), whatever stands there (`None`).
    pub fn implied_role(&self) -> Option<Role> {
        match (self.role, self.from_square()) {
            (Some(role), _) => Some(role),
            (None, Some(_)) => None,
            (None, None) => Some(Role::Pawn),
        }
    }
}

/// Why tokens do not make a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Malformed;

/// Assembles tokens into a pattern:
/// `[piece] [departure] [capture|dash] arrival [[=] promotion] [e.p.] [+|#]`, or castling.
pub fn assemble(tokens: &[Token]) -> Result<MovePattern, Malformed> {
    let mut en_passant = false;
    let mut t: Vec<Token> = Vec::with_capacity(tokens.len());
    for &tok in tokens {
        match tok {
            Token::Filler | Token::Check | Token::Mate => {}
            Token::EnPassant => en_passant = true,
            other => t.push(other),
        }
    }
    if let [Token::Castle(side)] = t[..] {
        return Ok(MovePattern {
            role: None,
            from_file: None,
            from_rank: None,
            target: Target::Castle(side),
            capture: false,
            en_passant: false,
            promotion: None,
        });
    }
    let mut promotion = None;
    if let (Some(Token::Piece(role)), true) = (t.last(), t.len() >= 2) {
        if matches!(t[t.len() - 2], Token::Square(_) | Token::Promote) {
            promotion = Some(*role);
            t.pop();
            if t.last() == Some(&Token::Promote) {
                t.pop();
            }
        }
    }
    let Some(Token::Square(to)) = t.pop() else {
        return Err(Malformed);
    };
    let capture = match t.last() {
        Some(Token::Capture) => {
            t.pop();
            true
        }
        Some(Token::Dash) => {
            t.pop();
            false
        }
        _ => false,
    };
    let (from_file, from_rank) = match t.last() {
        Some(Token::File(f)) => (Some(*f), None),
        Some(Token::Rank(r)) => (None, Some(*r)),
        Some(Token::Square(s)) => (Some(s.file()), Some(s.rank())),
        _ => (None, None),
    };
    if from_file.is_some() || from_rank.is_some() {
        t.pop();
    }
    let role = match t.last() {
        Some(Token::Piece(role)) => {
            let role = *role;
            t.pop();
            Some(role)
        }
        _ => None,
    };
    if !t.is_empty() {
        return Err(Malformed);
    }
    Ok(MovePattern { role, from_file, from_rank, target: Target::Square(to), capture, en_passant, promotion })
}
