//! What a player may say in each phrase pack that can be heard: the spoken commands (each with the
//! English command line the session reads, whatever the interface language), the word that
//! corrects a slip of the tongue, and how squares written as letter and digit are said, for the
//! Appendix E words, English and Estonian.

/// The words of one phrase pack as the recogniser hears them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Vocabulary {
    /// The phrase pack's name.
    pub pack: &'static str,
    /// Each spoken command and the command line it stands for.
    pub commands: &'static [(&'static str, &'static str)],
    /// The word before a move that corrects the last announcement (E.2.6).
    pub correct: &'static str,
    /// The pronunciations of every word, in the acoustic model's phones.
    pub dictionary: &'static str,
    /// How a square written as letter and digit is said: the letters' names and the numbers.
    pub squares: ([&'static str; 8], [&'static str; 8]),
}

/// Appendix E: the German words.
const APPENDIX_E: Vocabulary = Vocabulary {
    pack: "appendix-e",
    commands: &[
        ("zeit", "time"),
        ("letzter", "last"),
        ("wiederholen", "repeat"),
        ("brett", "board"),
        ("erledigt", "ok"),
        ("ja", "yes"),
        ("nein", "no"),
        ("remis", "draw"),
        ("aufgeben", "resign"),
        ("reklamieren", "claim"),
        ("weiß", "white"),
        ("schwarz", "black"),
    ],
    correct: "korrigieren",
    dictionary: include_str!("../../voices/listen/appendix-e.dict"),
    // Appendix E says squares in words; a square in letters is said as in German.
    squares: (
        ["anna", "bella", "cesar", "david", "eva", "felix", "gustav", "hector"],
        ["eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht"],
    ),
};

/// English: squares said as letter and number ("knight f three").
const ENGLISH: Vocabulary = Vocabulary {
    pack: "en",
    commands: &[
        ("time", "time"),
        ("last", "last"),
        ("repeat", "repeat"),
        ("board", "board"),
        ("okay", "ok"),
        ("yes", "yes"),
        ("no", "no"),
        ("draw", "draw"),
        ("resign", "resign"),
        ("claim", "claim"),
        ("white", "white"),
        ("black", "black"),
    ],
    correct: "correct",
    dictionary: include_str!("../../voices/listen/en.dict"),
    squares: (
        ["a", "b", "c", "d", "e", "f", "g", "h"],
        ["one", "two", "three", "four", "five", "six", "seven", "eight"],
    ),
};

/// Estonian: squares said as the letter's Estonian name and number ("ratsu eff kolm").
const ESTONIAN: Vocabulary = Vocabulary {
    pack: "et",
    commands: &[
        ("aeg", "time"),
        ("viimane", "last"),
        ("korda", "repeat"),
        ("laud", "board"),
        ("korras", "ok"),
        ("jah", "yes"),
        ("ei", "no"),
        ("viik", "draw"),
        ("alistun", "resign"),
        ("nõue", "claim"),
        ("valge", "white"),
        ("must", "black"),
    ],
    correct: "paranda",
    dictionary: include_str!("../../voices/listen/et.dict"),
    squares: (
        ["aa", "bee", "tsee", "dee", "ee", "eff", "gee", "haa"],
        ["üks", "kaks", "kolm", "neli", "viis", "kuus", "seitse", "kaheksa"],
    ),
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

    fn spell_square(&self, word: String) -> String {
        let chars: Vec<char> = word.chars().collect();
        let (letters, numbers) = self.squares;
        match chars[..] {
            [file @ 'a'..='h', rank @ '1'..='8'] => {
                format!("{} {}", letters[file as usize - 'a' as usize], numbers[rank as usize - '1' as usize])
            }
            // A file alone ("ettur e lööb d5").
            [file @ 'a'..='h'] => letters[file as usize - 'a' as usize].to_string(),
            _ => word,
        }
    }
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
    fn every_spoken_command_is_a_command_in_english() {
        for vocabulary in VOCABULARIES {
            for (word, line) in vocabulary.commands {
                let input = crate::command::parse_line(line, crate::messages::Lang::En);
                let is_colour = matches!(*line, "white" | "black");
                assert!(is_colour || matches!(input, crate::session::Input::Command(_)), "{word}: {input:?}");
            }
        }
    }

    #[test]
    fn every_word_has_a_pronunciation() {
        for vocabulary in VOCABULARIES {
            let known: Vec<&str> = vocabulary.dictionary.lines().filter_map(|l| l.split(' ').next()).collect();
            let words = vocabulary.commands.iter().map(|(w, _)| *w).chain([vocabulary.correct]);
            for word in words {
                assert!(known.contains(&word), "{}: {word} has no pronunciation", vocabulary.pack);
            }
        }
    }
}
