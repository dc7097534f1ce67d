//! Moves of whole sets of squares at once, by shifting bitboards: the squares a man of a role
//! attacks from any square of a set one step away (a long-range piece's next squares), and every
//! square it could reach from a set moving through allowed squares only. A long-range piece can
//! stop on any square of its way, so what it reaches through the allowed squares is what single
//! steps reach; and what it attacks from a set closed that way is one step from the set.

use shakmaty::{Bitboard, Color, Role};

const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_AB: u64 = !0x0303_0303_0303_0303;
const NOT_H: u64 = !0x8080_8080_8080_8080;
const NOT_GH: u64 = !0xc0c0_c0c0_c0c0_c0c0;

fn straight(b: u64) -> u64 {
    ((b << 1) & NOT_A) | ((b >> 1) & NOT_H) | (b << 8) | (b >> 8)
}

fn diagonal(b: u64) -> u64 {
    ((b << 9) & NOT_A) | ((b << 7) & NOT_H) | ((b >> 7) & NOT_A) | ((b >> 9) & NOT_H)
}

fn knight(b: u64) -> u64 {
    let one = ((b >> 1) & NOT_H) | ((b << 1) & NOT_A);
    let two = ((b >> 2) & NOT_GH) | ((b << 2) & NOT_AB);
    (one << 16) | (one >> 16) | (two << 8) | (two >> 8)
}

/// The squares pawns of `color` on `pawns` attack.
pub(super) fn pawn_set_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    let b = pawns.0;
    Bitboard(match color {
        Color::White => ((b << 7) & NOT_H) | ((b << 9) & NOT_A),
        Color::Black => ((b >> 9) & NOT_H) | ((b >> 7) & NOT_A),
    })
}

/// The squares one move of a man of `role` away from some square of `set`, whatever stands there
/// (a pawn's attacks; for a long-range piece, the next square along each of its lines).
pub(super) fn steps(role: Role, color: Color, set: Bitboard) -> Bitboard {
    let b = set.0;
    match role {
        Role::Pawn => pawn_set_attacks(color, set),
        Role::Knight => Bitboard(knight(b)),
        Role::Bishop => Bitboard(diagonal(b)),
        Role::Rook => Bitboard(straight(b)),
        Role::Queen | Role::King => Bitboard(straight(b) | diagonal(b)),
    }
}

/// Every square a piece of `role` (not a pawn) could reach from the squares of `start`, never
/// entering a square outside `allowed`.
pub(super) fn flood(role: Role, color: Color, start: Bitboard, allowed: Bitboard) -> Bitboard {
    spread(start, allowed, |set| steps(role, color, set))
}

/// Every square reached from the squares of `start` by moves `next` gives from a set, never
/// entering a square outside `allowed`.
pub(super) fn spread(start: Bitboard, allowed: Bitboard, next: impl Fn(Bitboard) -> Bitboard) -> Bitboard {
    let mut reached = start;
    let mut frontier = start;
    loop {
        let new = next(frontier) & allowed & !reached;
        if new.is_empty() {
            return reached;
        }
        reached |= new;
        frontier = new;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locks::attacks_from;
    use shakmaty::Square;

    #[test]
    fn steps_match_each_square_s_attacks() {
        // One step from a set is the union of the attacks from its squares with every square
        // occupied (so long-range pieces stop after one step).
        let set =
            Bitboard::from_square(Square::A1) | Bitboard::from_square(Square::H8) | Bitboard::from_square(Square::D4);
        for role in Role::ALL {
            for color in Color::ALL {
                let each = set
                    .into_iter()
                    .fold(Bitboard::EMPTY, |acc, sq| acc | attacks_from(role, color, sq, Bitboard::FULL));
                assert_eq!(steps(role, color, set), each, "{role:?} {color:?}");
            }
        }
    }

    #[test]
    fn a_flood_stops_at_what_is_not_allowed() {
        // A bishop on c1 behind pawns on b2 and d2 goes nowhere; take d2 away and it reaches the
        // whole long diagonal side of its colour that is open.
        let walls = Bitboard::from_square(Square::B2) | Bitboard::from_square(Square::D2);
        let start = Bitboard::from_square(Square::C1);
        assert_eq!(flood(Role::Bishop, Color::White, start, !walls), start);
        let open = flood(Role::Bishop, Color::White, start, !Bitboard::from_square(Square::B2));
        assert!(open.contains(Square::H6) && open.contains(Square::A5) && !open.contains(Square::B2));
        assert!(open.into_iter().all(|sq| sq.is_dark()));
        // A knight jumps over everything.
        let knight = flood(Role::Knight, Color::White, Bitboard::from_square(Square::B1), !walls);
        assert_eq!(knight.count(), 62);
    }
}
