//! The argument words of commands — `check`, `report`, `from`, `rank`, `me`, `brief` … — in every
//! interface language, with the older spellings still accepted: the one list the handlers read
//! them with and the synopses and completion show them from.

use crate::messages::Lang;
use crate::notation::fold;

/// An argument word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
    (Keyword::Check, ["check", "kontroll", "prüfen"], &[]),
    (Keyword::Report, ["report", "teade", "melden"], &[]),
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
    (Keyword::White, ["white", "valge", "weiß"], &["w", "weiss"]),
    (Keyword::Black, ["black", "must", "schwarz"], &["b"]),
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
    #[cfg(test)]
    pub fn spellings(self) -> Vec<&'static str> {
        WORDS
            .iter()
            .filter(|(k, _, _)| *k == self)
            .flat_map(|(_, words, others)| words.iter().chain(*others))
            .copied()
            .collect()
    }

    /// The keywords a synopsis names (`[check [tactile|sighted] …]`).
    #[cfg(test)]
    pub fn in_synopsis(synopsis: &str) -> Vec<Keyword> {
        synopsis.split(|c: char| !c.is_alphanumeric()).filter_map(Keyword::english).collect()
    }

    /// The keyword whose English word is `english` (as a synopsis writes it).
    pub fn english(english: &str) -> Option<Keyword> {
        WORDS.iter().find(|(_, words, _)| words[0] == english).map(|(k, _, _)| *k)
    }
}

/// A synopsis (`[white|black] [from N] SQUARE`) with its words in `lang` (`[weiß|schwarz] [ab N]
/// FELD`): literal words from the keyword list, placeholders from the catalogue.
pub fn localized_synopsis(args: &str, lang: Lang) -> String {
    let catalog = crate::messages::Catalog::shipped(lang);
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let placeholder = format!("placeholder.{}", word.to_lowercase());
        let localized = match Keyword::english(word) {
            Some(k) => k.word(lang).to_string(),
            None if !word.is_empty() && word.chars().all(|c| c.is_ascii_uppercase()) && catalog.has(&placeholder) => {
                catalog.text(&placeholder, &[])
            }
            None => word.clone(),
        };
        out.push_str(&localized);
        word.clear();
    };
    for c in args.chars() {
        if c.is_ascii_alphabetic() || c == '-' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// The argument synopsis in words, for speech: no brackets or bars ("white or black"; "a move"),
/// or the catalogue's own wording (`usage.NAME`) where the synopsis is too knotted to read out.
pub fn spoken_args(name: &str, synopsis: &str, catalog: &crate::messages::Catalog) -> String {
    let own = format!("usage.{name}");
    if catalog.has(&own) {
        return catalog.text(&own, &[]);
    }
    let or = catalog.text("word.or", &[]);
    let alternatives = |group: &str| -> String {
        let parts: Vec<String> = group.split('|').filter(|p| !p.is_empty()).map(|p| spoken_arg(p, catalog)).collect();
        crate::wording::joined(&parts, &catalog.text("word.or", &[]))
    };
    let flat = synopsis.replace(['[', ']'], " ");
    let groups: Vec<String> =
        flat.split(" | ").map(|g| g.split_whitespace().map(alternatives).collect::<Vec<_>>().join(", ")).collect();
    groups.join(&format!(" {or} "))
}

/// One word of a synopsis: a placeholder (`MOVE`, `N`, `0..100`) in words, a literal as it is.
fn spoken_arg(word: &str, catalog: &crate::messages::Catalog) -> String {
    let word = word.trim_end_matches('.');
    if let Some((low, high)) = word.split_once("..") {
        return catalog.text("arg.range", &[("low", low), ("high", high)]);
    }
    if word.chars().all(|c| c.is_ascii_uppercase()) {
        return catalog.text(&format!("arg.{}", word.to_lowercase()), &[]);
    }
    Keyword::english(word).map_or(word.to_string(), |k| k.word(catalog.lang()).to_string())
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
        let levels = [Keyword::Brief, Keyword::Normal, Keyword::Verbose];
        assert_eq!(Keyword::read("tavaline", &levels), Some(Keyword::Normal));
        assert_eq!(Keyword::read("ausfuhrlich", &levels), Some(Keyword::Verbose));
        assert_eq!(Keyword::read("check", &levels), None);
    }

    #[test]
    fn synopses_are_shown_in_the_interface_language() {
        assert_eq!(localized_synopsis("[white|black] [from N]", Lang::De), "[weiß|schwarz] [ab N]");
        assert_eq!(
            localized_synopsis("rank N | file F | diagonal SQUARE", Lang::Et),
            "rida N | liin T | diagonaal VÄLI"
        );
        assert_eq!(localized_synopsis("[text|full] [FILE]", Lang::De), "[text|full] [DATEI]");
        assert_eq!(localized_synopsis("[-100..100]", Lang::De), "[-100..100]");
        assert_eq!(localized_synopsis("white|black DURATION", Lang::En), "white|black DURATION");
    }
}
