//! Chess960 start positions (Appendix F) by their standard number 0–959 (Scharnagl's numbering;
//! 518 is the classical setup), or drawn from a seed.

use shakmaty::Role;

/// The eight pieces of White's first rank, from the a-file to the h-file.
pub fn back_rank(number: u32) -> Option<[Role; 8]> {
    if number > 959 {
        return None;
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let n = number as usize;
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    let n = n / 4;
    rank[2 * (n % 4)] = Some(Role::Bishop);
    let n = n / 4;
    let empty = |rank: &[Option<Role>; 8]| (0..8).filter(|&i| rank[i].is_none()).collect::<Vec<_>>();
    rank[empty(&rank)[n % 6]] = Some(Role::Queen);
    const KNIGHTS: [(usize, usize); 10] =
        [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];
    let (a, b) = KNIGHTS[n / 6];
    let free = empty(&rank);
    rank[free[a]] = Some(Role::Knight);
    rank[free[b]] = Some(Role::Knight);
    for (slot, role) in empty(&rank).into_iter().zip([Role::Rook, Role::King, Role::Rook]) {
        rank[slot] = Some(role);
    }
    let mut out = [Role::Pawn; 8];
    for (o, r) in out.iter_mut().zip(rank) {
        *o = r?;
    }
    Some(out)
}

/// The start position's FEN, castling rights written by the rooks' files (Shredder-FEN).
pub fn chess960_fen(number: u32) -> Option<String> {
    let rank = back_rank(number)?;
    let white: String = rank.iter().map(|r| r.upper_char()).collect();
    let rooks: Vec<char> = (0..8).filter(|&i| rank[i] == Role::Rook).map(|i| (b'a' + i as u8) as char).collect();
    let castling: String =
        rooks.iter().rev().map(|c| c.to_ascii_uppercase()).chain(rooks.iter().rev().copied()).collect();
    Some(format!("{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {castling} - 0 1", white.to_ascii_lowercase()))
}

/// A number drawn from `seed` (the same seed, the same position).
pub fn random_number(seed: u64) -> u32 {
    let mut x = seed ^ 0x9E37_79B9_7F4A_7C15;
    x ^= x >> 33;
    x = x.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    x ^= x >> 33;
    (x % 960) as u32
}

/// The Chess960 number of a start position given as FEN, if it is one of the 960.
pub fn chess960_number(fen: &str) -> Option<u32> {
    let placement = |f: &str| f.split_whitespace().next().map(str::to_string);
    let wanted = placement(fen)?;
    (0..960).find(|&n| chess960_fen(n).and_then(|f| placement(&f)).as_deref() == Some(&wanted))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen;

    #[test]
    fn the_classical_setup_is_518() {
        assert_eq!(chess960_fen(518).unwrap(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
        assert_eq!(chess960_fen(0).unwrap().rsplit('/').next().unwrap(), "BBQNNRKR w HFhf - 0 1");
        assert!(chess960_fen(960).is_none());
    }

    #[test]
    fn all_960_are_distinct_legal_and_by_the_rules() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let rank = back_rank(n).unwrap();
            assert!(seen.insert(rank), "{n} repeats");
            let bishops: Vec<usize> = (0..8).filter(|&i| rank[i] == Role::Bishop).collect();
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{n}: bishops on one colour");
            let pos = |r: Role| (0..8).filter(|&i| rank[i] == r).collect::<Vec<_>>();
            let (rooks, king) = (pos(Role::Rook), pos(Role::King)[0]);
            assert!(rooks[0] < king && king < rooks[1], "{n}: king not between the rooks");
            parse_fen(&chess960_fen(n).unwrap()).unwrap();
        }
        assert_eq!(random_number(7), random_number(7));
    }
}
