//! Piece letter sets (Appendix C.2–C.3): English K Q R B N, Estonian K L V O R, German K D T L S.
//! The same letter means different pieces in different sets (L, R), so input is read under the
//! set chosen for the player.

use shakmaty::Role;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, strum::EnumIter, strum::IntoStaticStr, strum::VariantNames)]
/// A set of piece letters.
pub enum LetterSet {
    #[default]
    #[strum(serialize = "en")]
    /// K Q R B N.
    English,
    #[strum(serialize = "et")]
    /// K L V O R.
    Estonian,
    #[strum(serialize = "de")]
    /// K D T L S.
    German,
}

impl LetterSet {
    /// The three sets.
    pub const ALL: [LetterSet; 3] = [LetterSet::English, LetterSet::Estonian, LetterSet::German];

    /// The short code used in configuration: `en`, `et`, `de`.
    pub fn code(self) -> &'static str {
        self.into()
    }

    /// The upper-case letter of a piece; pawns have none (C.4).
    pub fn letter(self, role: Role) -> Option<char> {
        let letters = match self {
            LetterSet::English => ['K', 'Q', 'R', 'B', 'N'],
            LetterSet::Estonian => ['K', 'L', 'V', 'O', 'R'],
            LetterSet::German => ['K', 'D', 'T', 'L', 'S'],
        };
        match role {
            Role::King => Some(letters[0]),
            Role::Queen => Some(letters[1]),
            Role::Rook => Some(letters[2]),
            Role::Bishop => Some(letters[3]),
            Role::Knight => Some(letters[4]),
            Role::Pawn => None,
        }
    }

    /// The piece an upper-case letter stands for in this set. English also knows P for pawn.
    pub fn role(self, letter: char) -> Option<Role> {
        let upper = letter.to_ascii_uppercase();
        if self == LetterSet::English && upper == 'P' {
            return Some(Role::Pawn);
        }
        [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
            .into_iter()
            .find(|&r| self.letter(r) == Some(upper))
    }
}

crate::choice::choice!(LetterSet, "letter set");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clashes_of_appendix_c() {
        assert_eq!(LetterSet::Estonian.role('L'), Some(Role::Queen));
        assert_eq!(LetterSet::German.role('L'), Some(Role::Bishop));
        assert_eq!(LetterSet::Estonian.role('R'), Some(Role::Knight));
        assert_eq!(LetterSet::English.role('R'), Some(Role::Rook));
        assert_eq!(LetterSet::German.role('N'), None);
    }
}
