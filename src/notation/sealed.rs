//! Reading a sealed move at resumption (the adjournment rules, 8; 1953 code §23): a move that
//! reads as exactly one legal move stands; an obvious slip with only one possible meaning stands
//! ("Re7—f4" read as Ne7–f5 when no knight can reach f4; "Ld7—f4" for "Lc7—f4" when only one
//! such piece can reach f4); a move the sealer's letters cannot read but those of one other
//! language can, with one meaning ("Sf3" of a German player whose letters are English; a player
//! may use the letters of their own language, Appendix C.3), stands; anything ambiguous,
//! unreadable or illegal loses.

use shakmaty::{Chess, Move, Position};

use super::letters::LetterSet;
use super::pattern::{assemble, MovePattern, Target};
use super::read::{resolve, MoveReader};

/// What a sealed move means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SealedReading {
    /// It reads as exactly this legal move.
    Exact(Move),
    /// Not as written, but an obvious slip with only this meaning.
    Slip(Move),
    /// Not with the sealer's letters, but as exactly this legal move with those of `1`.
    OtherLetters(Move, LetterSet),
    /// Ambiguous, unreadable or illegal: it loses.
    Invalid,
}

fn slip(pos: &Chess, p: &MovePattern) -> Option<Move> {
    let Target::Square(to) = p.target else { return None };
    let role = p.implied_role().or_else(|| p.from_square().and_then(|sq| pos.board().role_at(sq)))?;
    let legal = pos.legal_moves();
    let same_role = || legal.iter().copied().filter(move |m| m.role() == role && !m.is_castle());
    // The arrival square right, the departure wrong: only one such piece can go there.
    let to_square: Vec<Move> = same_role().filter(|m| m.to() == to).collect();
    if let [only] = to_square[..] {
        return Some(only);
    }
    if !to_square.is_empty() {
        return None;
    }
    // The departure right, the arrival on the right file or rank: only one such square.
    let from = p.from_square()?;
    let near: Vec<Move> = same_role()
        .filter(|m| m.from() == Some(from) && (m.to().file() == to.file() || m.to().rank() == to.rank()))
        .collect();
    match near[..] {
        [only] => Some(only),
        _ => None,
    }
}

/// The one legal move `text`, which the sealer's `letters` cannot read, is with the letters of
/// the other languages: none where none reads it, or two read it as different moves.
fn in_other_letters(reader: &MoveReader, text: &str, pos: &Chess, letters: LetterSet) -> Option<(Move, LetterSet)> {
    let read: Vec<(Move, LetterSet)> = LetterSet::ALL
        .into_iter()
        .filter(|&set| set != letters)
        .filter_map(|set| reader.read(text, pos, set).ok().map(|mv| (mv, set)))
        .collect();
    match read[..] {
        [(mv, set), ref rest @ ..] if rest.iter().all(|(other, _)| *other == mv) => Some((mv, set)),
        _ => None,
    }
}

/// Reads the sealed move `text` in `pos` with the sealer's letters.
pub fn read_sealed(reader: &MoveReader, text: &str, pos: &Chess, letters: LetterSet) -> SealedReading {
    if let Ok(mv) = reader.read(text, pos, letters) {
        return SealedReading::Exact(mv);
    }
    let Ok(readings) = reader.readings(text, letters) else {
        return in_other_letters(reader, text, pos, letters)
            .map_or(SealedReading::Invalid, |(mv, set)| SealedReading::OtherLetters(mv, set));
    };
    let Some(pattern) = readings.iter().find_map(|r| assemble(&r.tokens).ok()) else { return SealedReading::Invalid };
    if resolve(pos, &pattern).is_ok() {
        return SealedReading::Invalid;
    }
    slip(pos, &pattern).map_or(SealedReading::Invalid, SealedReading::Slip)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::PhrasePack;
    use crate::rules::parse_fen;

    fn read(text: &str, fen: &str, letters: LetterSet) -> SealedReading {
        let reader = MoveReader::new(&PhrasePack::builtin()).unwrap();
        read_sealed(&reader, text, &parse_fen(fen).unwrap(), letters)
    }

    fn uci(r: SealedReading) -> String {
        match r {
            SealedReading::Exact(m) | SealedReading::Slip(m) | SealedReading::OtherLetters(m, _) => m.to_string(),
            SealedReading::Invalid => "invalid".into(),
        }
    }

    #[test]
    fn the_examples_of_the_1953_code() {
        // A knight on e7 reaches only f5 on the f-file, and no knight reaches f4: it stands.
        let r = read("Re7—f4", "6k1/4n3/8/8/8/8/8/4K3 b - - 0 40", LetterSet::Estonian);
        assert!(matches!(r, SealedReading::Slip(_)), "{r:?}");
        assert_eq!(uci(r), "Ne7-f5");
        // The queen is on c7, not d7, and only it reaches f4: it stands.
        let r = read("Ld7—f4", "6k1/2q5/8/8/8/8/8/4K3 b - - 0 40", LetterSet::Estonian);
        assert_eq!(uci(r), "Qc7-f4");
        // The bishop on b1 could mean g6 or h7: ambiguous, it loses.
        let r = read("Ob1—g7", "6k1/8/8/8/8/8/8/1B2K3 w - - 0 40", LetterSet::Estonian);
        assert_eq!(r, SealedReading::Invalid);
    }

    #[test]
    fn exact_ambiguous_and_unreadable() {
        assert!(matches!(
            read("Nf3", crate::rules::to_fen(&Chess::default()).as_str(), LetterSet::English),
            SealedReading::Exact(_)
        ));
        let two_knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
        assert_eq!(read("Nd2", two_knights, LetterSet::English), SealedReading::Invalid);
        assert_eq!(read("scribble", two_knights, LetterSet::English), SealedReading::Invalid);
    }

    #[test]
    fn a_move_in_the_letters_of_one_other_language_stands() {
        let start = crate::rules::to_fen(&Chess::default());
        let r = read("Sf3", &start, LetterSet::English);
        assert!(matches!(r, SealedReading::OtherLetters(_, LetterSet::German)), "{r:?}");
        assert_eq!(uci(r), "Ng1-f3");
        // Readable with the sealer's letters, though illegal: it is not read with others' (R is
        // a rook in English, a knight in Estonian).
        assert_eq!(read("Rf3", &start, LetterSet::English), SealedReading::Invalid);
        // Two other languages, two meanings: the bishop in German, the queen in Estonian.
        let both = "4k3/8/8/8/8/8/7Q/2B1K3 w - - 0 1";
        assert_eq!(read("Lf4", both, LetterSet::English), SealedReading::Invalid);
        let r = read("Lg5", both, LetterSet::English);
        assert!(matches!(r, SealedReading::OtherLetters(_, LetterSet::German)), "{r:?}");
    }
}
