//! The argument words of commands — `check`, `report`, `from`, `rank`, `me`, `brief` … — in every
//! interface language, with the older spellings still accepted: the one list arguments are read
//! with, and signatures are shown, said and completed from.

use crate::messages::Lang;
use crate::notation::fold;

/// An argument word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Keyword {
    Check,
    Report,
    Pieces,
    Empty,
    Tactile,
    Sighted,
    From,
    Rank,
    File,
    Diagonal,
    Me,
    Opponent,
    White,
    Black,
    Brief,
    Normal,
    Verbose,
    Auto,
}

/// Each word: English, Estonian, German, then other spellings that are accepted.
const WORDS: [(Keyword, [&str; 3], &[&str]); 18] = [
    (Keyword::Check, ["check", "kontroll", "prüfen"], &["kontrolli", "prüfe"]),
    (Keyword::Report, ["report", "teade", "melden"], &["teata", "melde"]),
    (Keyword::Pieces, ["pieces", "nupud", "figuren"], &[]),
    (Keyword::Empty, ["empty", "tühi", "leer"], &[]),
    (Keyword::Tactile, ["tactile", "kombatav", "steckbrett"], &["kombitav", "tastbrett"]),
    (Keyword::Sighted, ["sighted", "tavaline", "sehend"], &["normal"]),
    (Keyword::From, ["from", "alates", "ab"], &[]),
    (Keyword::Rank, ["rank", "rida", "reihe"], &[]),
    (Keyword::File, ["file", "liin", "linie"], &[]),
    (Keyword::Diagonal, ["diagonal", "diagonaal", "diagonale"], &[]),
    (Keyword::Me, ["me", "mina", "ich"], &[]),
    (Keyword::Opponent, ["opponent", "vastane", "gegner"], &[]),
    // With the forms a colour takes before a piece ("der schwarze König", "musta lipp").
    (Keyword::White, ["white", "valge", "weiß"], &["w", "weiss", "weiße", "weißen", "weißer", "valged"]),
    (Keyword::Black, ["black", "must", "schwarz"], &["b", "schwarze", "schwarzen", "schwarzer", "musta", "mustad"]),
    (Keyword::Brief, ["brief", "lühike", "kurz"], &[]),
    (Keyword::Normal, ["normal", "tavaline", "normal"], &[]),
    (Keyword::Verbose, ["verbose", "põhjalik", "ausführlich"], &[]),
    (Keyword::Auto, ["auto", "auto", "auto"], &[]),
];

fn index(lang: Lang) -> usize {
    match lang {
        Lang::En => 0,
        Lang::Et => 1,
        Lang::De => 2,
    }
}

impl Keyword {
    /// The word in `lang`.
    pub fn word(self, lang: Lang) -> &'static str {
        WORDS.iter().find(|(k, _, _)| *k == self).map_or("", |(_, words, _)| words[index(lang)])
    }

    /// The keyword `word` is in any language, if it is one of `wanted` (the words of one command:
    /// `tavaline` is `sighted` for `board` and `normal` for `verbosity`).
    pub fn read(word: &str, wanted: &[Keyword]) -> Option<Keyword> {
        let folded = fold(word);
        let is = |w: &&str| fold(w) == folded;
        WORDS
            .iter()
            .filter(|(k, _, _)| wanted.contains(k))
            .find(|(_, words, others)| words.iter().any(&is) || others.iter().any(&is))
            .map(|(k, _, _)| *k)
    }

    /// Every spelling read as this word, in every language.
    pub fn spellings(self) -> Vec<&'static str> {
        WORDS
            .iter()
            .filter(|(k, _, _)| *k == self)
            .flat_map(|(_, words, others)| words.iter().chain(*others))
            .copied()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_read_in_every_language_and_only_among_those_wanted() {
        let board = [Keyword::Check, Keyword::Report, Keyword::Tactile, Keyword::Sighted];
        assert_eq!(Keyword::read("Prüfen", &board), Some(Keyword::Check));
        assert_eq!(Keyword::read("teade", &board), Some(Keyword::Report));
        assert_eq!(Keyword::read("tastbrett", &board), Some(Keyword::Tactile));
        assert_eq!(Keyword::read("tavaline", &board), Some(Keyword::Sighted));
        // The imperative a player says: "laud kontrolli", "brett prüfe".
        assert_eq!(Keyword::read("kontrolli", &board), Some(Keyword::Check));
        assert_eq!(Keyword::read("prüfe", &board), Some(Keyword::Check));
        assert_eq!(Keyword::read("teata", &board), Some(Keyword::Report));
        let levels = [Keyword::Brief, Keyword::Normal, Keyword::Verbose];
        assert_eq!(Keyword::read("tavaline", &levels), Some(Keyword::Normal));
        assert_eq!(Keyword::read("ausfuhrlich", &levels), Some(Keyword::Verbose));
        assert_eq!(Keyword::read("check", &levels), None);
    }
}
