//! What a player may say in each phrase pack that can be heard: the spoken commands (each with the
//! English command line the session reads, whatever the interface language), the word that
//! corrects a slip of the tongue, and how squares written as letter and digit are said.

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
};

/// The phrase packs that can be heard.
pub const VOCABULARIES: [Vocabulary; 2] = [APPENDIX_E, ENGLISH];

/// The vocabulary of the phrase pack named `pack`, if it can be heard.
pub fn vocabulary(pack: &str) -> Option<Vocabulary> {
    VOCABULARIES.iter().copied().find(|v| v.pack.eq_ignore_ascii_case(pack))
}

/// The names of the packs that can be heard.
pub fn heard_packs() -> Vec<&'static str> {
    VOCABULARIES.iter().map(|v| v.pack).collect()
}

const NUMBERS: [&str; 8] = ["one", "two", "three", "four", "five", "six", "seven", "eight"];

/// A phrase in the words a speaker says: a square written as letter and digit (`f3`) becomes the
/// letter and the number (`f three`); lower case, single spaces, no punctuation.
pub fn said(text: &str) -> String {
    let cleaned: String = text.chars().map(|c| if c.is_alphanumeric() { c } else { ' ' }).collect();
    let words: Vec<String> = cleaned.split_whitespace().map(str::to_lowercase).map(spell_square).collect();
    words.join(" ")
}

fn spell_square(word: String) -> String {
    let chars: Vec<char> = word.chars().collect();
    match chars[..] {
        [file @ 'a'..='h', rank @ '1'..='8'] => format!("{file} {}", NUMBERS[rank as usize - '1' as usize]),
        _ => word,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_said_as_letter_and_number() {
        assert_eq!(said("Knight f3"), "knight f three");
        assert_eq!(said("pawn e takes d5"), "pawn e takes d five");
        assert_eq!(said("Springer Felix drei!"), "springer felix drei");
    }

    #[test]
    fn every_spoken_command_is_a_command_in_english() {
        for vocabulary in VOCABULARIES {
            for (word, line) in vocabulary.commands {
                let input = crate::repl::parse_line(line, crate::messages::Lang::En);
                let is_colour = matches!(*line, "white" | "black");
                assert!(is_colour || matches!(input, crate::repl::Input::Command(_)), "{word}: {input:?}");
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
