//! What a player may say in each phrase pack that can be heard: the colours (the answer to "who
//! resigns?"), the word that corrects a slip of the tongue, and how squares written as letter and
//! digit are said, for the Appendix E words, English and Estonian. The words said for a command
//! are its record's (the session hands them to the grammar).

/// The words of one phrase pack as the recogniser hears them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Vocabulary {
    /// The phrase pack's name.
    pub pack: &'static str,
    /// The colours, White's and Black's, as the answer to "who resigns?".
    pub colours: [&'static str; 2],
    /// The word before a move that corrects the last announcement (E.2.6).
    pub correct: &'static str,
    /// The pronunciations of every word, in the acoustic model's phones.
    pub dictionary: &'static str,
    /// How a square written as letter and digit is said: the letters' names and the numbers.
    pub squares: ([&'static str; 8], [&'static str; 8]),
    /// Other ways players say a part of the pack's phrase: each part and what may stand for it
    /// ("takes" and "captures", "short castle" and "castles kingside").
    pub also: &'static [(&'static str, &'static str)],
    /// The word a player may put before the square a piece goes to ("knight to f three").
    pub to: Option<&'static str>,
    /// Whether a voice in a quiet room is heard as it comes, without the recogniser's own noise
    /// removal. In Appendix E it is: its moves are heard right more often and asked back less.
    /// In English and Estonian it is not: so heard, "d takes e five" said where it cannot be
    /// played was heard surely as "d two d four" and played, and Estonian "korras" surely as
    /// "korda" and done; their moves gained little or lost.
    pub heard_as_it_comes: bool,
}

/// Appendix E: the German words.
const APPENDIX_E: Vocabulary = Vocabulary {
    pack: "appendix-e",
    colours: ["weiß", "schwarz"],
    correct: "korrigieren",
    dictionary: include_str!("../../voices/listen/appendix-e.dict"),
    // Appendix E says squares in words; a square in letters is said as in German.
    squares: (
        ["anna", "bella", "cesar", "david", "eva", "felix", "gustav", "hector"],
        ["eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht"],
    ),
    also: &[
        ("schlägt", "nimmt"),
        ("kurze rochade", "kleine rochade"),
        ("lange rochade", "große rochade"),
        ("matt", "schachmatt"),
    ],
    to: Some("nach"),
    heard_as_it_comes: true,
};

/// English: squares said as letter and number ("knight f three").
const ENGLISH: Vocabulary = Vocabulary {
    pack: "en",
    colours: ["white", "black"],
    correct: "correct",
    dictionary: include_str!("../../voices/listen/en.dict"),
    squares: (
        ["a", "b", "c", "d", "e", "f", "g", "h"],
        ["one", "two", "three", "four", "five", "six", "seven", "eight"],
    ),
    also: &[
        ("takes", "captures"),
        ("short castle", "castles kingside"),
        ("short castle", "castle kingside"),
        ("short castle", "castles short"),
        ("short castle", "kingside castle"),
        ("long castle", "castles queenside"),
        ("long castle", "castle queenside"),
        ("long castle", "castles long"),
        ("long castle", "queenside castle"),
        ("mate", "checkmate"),
    ],
    to: Some("to"),
    heard_as_it_comes: false,
};

/// Estonian: squares said as the letter's Estonian name and number ("ratsu eff kolm").
const ESTONIAN: Vocabulary = Vocabulary {
    pack: "et",
    colours: ["valge", "must"],
    correct: "paranda",
    dictionary: include_str!("../../voices/listen/et.dict"),
    squares: (
        ["aa", "bee", "tsee", "dee", "ee", "eff", "gee", "haa"],
        ["üks", "kaks", "kolm", "neli", "viis", "kuus", "seitse", "kaheksa"],
    ),
    also: &[("lööb", "võtab"), ("lühike vangerdus", "lühike"), ("pikk vangerdus", "pikk"), ("tuli", "šahh")],
    to: None,
    heard_as_it_comes: false,
};

/// The phrase packs that can be heard.
pub const VOCABULARIES: [Vocabulary; 3] = [APPENDIX_E, ENGLISH, ESTONIAN];

/// The vocabulary of the phrase pack named `pack`, if it can be heard.
pub fn vocabulary(pack: &str) -> Option<Vocabulary> {
    VOCABULARIES.iter().copied().find(|v| v.pack.eq_ignore_ascii_case(pack))
}

/// The names of the packs that can be heard.
pub fn heard_packs() -> Vec<&'static str> {
    VOCABULARIES.iter().map(|v| v.pack).collect()
}

impl Vocabulary {
    /// A phrase in the words a speaker says: a square written as letter and digit (`f3`) becomes
    /// the letter's name and the number (`f three`, `eff kolm`), a file alone its name; lower
    /// case, single spaces, no punctuation.
    pub fn said(&self, text: &str) -> String {
        let cleaned: String = text.chars().map(|c| if c.is_alphanumeric() { c } else { ' ' }).collect();
        let words: Vec<String> = cleaned.split_whitespace().map(|w| self.spell_square(w.to_lowercase())).collect();
        words.join(" ")
    }

    /// The other ways a player says `phrase` (a phrase as [`Vocabulary::said`] makes it): each
    /// part of it said otherwise, one at a time, and, for a piece that goes to a square without
    /// taking, the word before that square (`quiet_to`: the square's words).
    pub fn also_said(&self, phrase: &str, quiet_to: Option<&str>) -> Vec<String> {
        let padded = format!(" {phrase} ");
        let mut out: Vec<String> = self
            .also
            .iter()
            .filter(|(part, _)| padded.contains(&format!(" {part} ")))
            .map(|(part, other)| padded.replacen(&format!(" {part} "), &format!(" {other} "), 1).trim().to_string())
            .collect();
        let before = quiet_to.and_then(|square| Some((phrase.strip_suffix(square)?, square)));
        if let (Some(word), Some((before, square))) = (self.to, before) {
            let first = before.split(' ').next().unwrap_or_default();
            if !first.is_empty() && !self.squares.0.contains(&first) {
                out.push(format!("{before}{word} {square}"));
            }
        }
        out
    }

    fn spell_square(&self, word: String) -> String {
        let chars: Vec<char> = word.chars().collect();
        let (letters, numbers) = self.squares;
        match chars[..] {
            [file @ 'a'..='h', rank @ '1'..='8'] => {
                format!("{} {}", letters[file as usize - 'a' as usize], numbers[rank as usize - '1' as usize])
            }
            // A file alone ("ettur e lööb d5").
            [file @ 'a'..='h'] => letters[file as usize - 'a' as usize].to_string(),
            // A rank alone (the knight of the first rank: "knight 1 a2").
            [rank @ '1'..='8'] => numbers[rank as usize - '1' as usize].to_string(),
            _ => word,
        }
    }
}

/// The first pronunciation of each word of a dictionary.
pub(super) struct Phones<'a> {
    words: std::collections::HashMap<&'a str, Vec<&'a str>>,
}

impl<'a> Phones<'a> {
    pub(super) fn new(dictionary: &'a str) -> Phones<'a> {
        let mut words = std::collections::HashMap::new();
        for line in dictionary.lines() {
            let mut parts = line.split_whitespace();
            if let Some(word) = parts.next().filter(|w| !w.contains('(')) {
                words.entry(word).or_insert_with(|| parts.collect());
            }
        }
        Phones { words }
    }

    /// The phones of a phrase, word after word.
    pub(super) fn of(&self, phrase: &str) -> Vec<&'a str> {
        phrase.split(' ').flat_map(|w| self.words.get(w).cloned().unwrap_or_default()).collect()
    }
}

/// Whether two phone sequences differ by at most one phone inserted, removed or replaced.
pub(super) fn near(a: &[&str], b: &[&str]) -> bool {
    if a.len().abs_diff(b.len()) > 1 {
        return false;
    }
    let start = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let end = a[start..].iter().rev().zip(b[start..].iter().rev()).take_while(|(x, y)| x == y).count();
    a.len() - start - end <= 1 && b.len() - start - end <= 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_said_as_letter_and_number() {
        assert_eq!(ENGLISH.said("Knight f3"), "knight f three");
        assert_eq!(ENGLISH.said("pawn e takes d5"), "pawn e takes d five");
        assert_eq!(APPENDIX_E.said("Springer Felix drei!"), "springer felix drei");
        assert_eq!(ESTONIAN.said("ratsu f3"), "ratsu eff kolm");
        assert_eq!(ESTONIAN.said("ettur e lööb d5"), "ettur ee lööb dee viis");
    }

    #[test]
    fn every_word_has_a_pronunciation() {
        for vocabulary in VOCABULARIES {
            let known: Vec<&str> = vocabulary.dictionary.lines().filter_map(|l| l.split(' ').next()).collect();
            let words = vocabulary.colours.into_iter().chain([vocabulary.correct]);
            for word in words {
                assert!(known.contains(&word), "{}: {word} has no pronunciation", vocabulary.pack);
            }
        }
    }
}
