//! Questions and answers said as a sentence rather than a command's name ("whose move", "ich gebe
//! auf", "kui palju aega", and about a square: "was greift e4 an"): a whole line, its case, accents
//! and closing ?, ! or . set aside, that stands for one command line. Only whole lines are taken,
//! so a move or a command with its arguments is never changed.

use crate::notation::fold;

/// Each sentence, in every language, and the command line it stands for.
const PHRASES: &[(&[&str], &str)] = &[
    (&["last move", "the last move", "letzter zug", "der letzte zug", "viimane käik"], "last"),
    (
        &[
            "whose move",
            "whose turn",
            "who is to move",
            "who moves",
            "wer ist am zug",
            "wer zieht",
            "kes on käigul",
            "kelle käik",
        ],
        "turn",
    ),
    (
        &[
            "accept the draw",
            "accept draw",
            "draw accepted",
            "i accept",
            "remis annehmen",
            "remis angenommen",
            "ich nehme an",
            "ich nehme remis an",
            "võtan viigi vastu",
            "viik vastu võetud",
            "nõustun",
        ],
        "accept",
    ),
    (
        &[
            "decline the draw",
            "decline draw",
            "draw declined",
            "no draw",
            "i decline",
            "remis ablehnen",
            "remis abgelehnt",
            "kein remis",
            "ich lehne ab",
            "ei võta viiki vastu",
            "viigist keeldun",
        ],
        "decline",
    ),
    (&["i resign", "ich gebe auf", "ma alistun", "annan alla"], "resign"),
    (&["offer a draw", "offer draw", "i offer a draw", "remis anbieten", "ich biete remis an", "pakun viiki"], "draw"),
    (&["where are we", "what is the status", "wo stehen wir", "kus me oleme"], "status"),
    (
        &[
            "what are the settings",
            "my settings",
            "welche einstellungen",
            "meine einstellungen",
            "millised on seaded",
            "minu seaded",
        ],
        "settings",
    ),
    (&["good bye", "see you", "auf wiedersehen", "bis dann", "head aega", "nägemiseni", "ma lõpetan"], "quit"),
    (&["how much time", "time left", "wie viel zeit", "wieviel zeit", "restzeit", "kui palju aega"], "time"),
    (
        &[
            "how much time do i have",
            "my time",
            "wie viel zeit habe ich",
            "meine zeit",
            "kui palju mul aega on",
            "minu aeg",
        ],
        "time me",
    ),
    (
        &["what", "say again", "say that again", "pardon", "wie bitte", "noch einmal", "nochmal", "mida", "veel kord"],
        "repeat",
    ),
    (
        &["brief", "be brief", "less detail", "kürzer", "weniger ausführlich", "lühemalt", "vähem üksikasju"],
        "verbosity brief",
    ),
    (
        &["verbose", "more detail", "in detail", "ausführlich", "ausführlicher", "pikemalt", "põhjalikult"],
        "verbosity verbose",
    ),
];

/// Questions about a square, in every language, with `_` where the square is said, and the
/// command that takes the square.
const SQUARE_QUESTIONS: &[(&[&str], &str)] = &[
    (
        &[
            "what attacks _",
            "who attacks _",
            "was greift _ an",
            "wer greift _ an",
            "was bedroht _",
            "wer bedroht _",
            "mis ründab _",
            "kes ründab _",
        ],
        "attackers",
    ),
    (
        &[
            "what defends _",
            "who defends _",
            "what protects _",
            "was deckt _",
            "wer deckt _",
            "was verteidigt _",
            "wer verteidigt _",
            "mis kaitseb _",
            "kes kaitseb _",
        ],
        "defenders",
    ),
    (
        &[
            "what is on _",
            "what's on _",
            "whats on _",
            "was steht auf _",
            "was ist auf _",
            "mis on väljal _",
            "mis seisab väljal _",
        ],
        "square",
    ),
];

/// The command line `line` stands for when it is one of the sentences, else `None`.
pub fn sentence(line: &str) -> Option<String> {
    let folded = fold(line.trim().trim_end_matches(['?', '!', '.']).trim());
    let folded: Vec<&str> = folded.split_whitespace().collect();
    let whole = PHRASES.iter().find_map(|(said, command)| {
        said.iter().any(|s| fold(s).split_whitespace().eq(folded.iter().copied())).then_some(*command)
    });
    whole.map(String::from).or_else(|| square_question(&folded))
}

/// The command line a question about a square stands for ("was greift e4 an" is `attackers
/// e4`). The square is one word of a letter and a number, so that a square that is none is
/// still refused by name ("e9 is not a square").
fn square_question(folded: &[&str]) -> Option<String> {
    SQUARE_QUESTIONS.iter().find_map(|(said, command)| {
        said.iter().find_map(|pattern| {
            let pattern = fold(pattern);
            let words: Vec<&str> = pattern.split_whitespace().collect();
            let slot = words.iter().position(|w| *w == "_")?;
            let fits = folded.len() == words.len()
                && words.iter().zip(folded).all(|(w, f)| w == f || *w == "_")
                && looks_like_square(folded[slot]);
            fits.then(|| format!("{command} {}", folded[slot]))
        })
    })
}

/// A letter followed by a number: a square, or a word meant as one.
fn looks_like_square(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.as_str().len() <= 2
        && !chars.as_str().is_empty()
        && chars.all(|c| c.is_ascii_digit())
}

/// `line` without a closing ?, ! or . after a command's name or its arguments ("time?", "wo ist
/// der König?"), when `is_command` says its first word, so bared, is a command; a move keeps its
/// marks (`e4!?`).
pub fn bared(line: &str, is_command: impl Fn(&str) -> bool) -> &str {
    let trimmed = line.trim_end_matches(['?', '!', '.']).trim_end();
    let first = trimmed.split_whitespace().next().unwrap_or("");
    match trimmed.len() < line.len() && is_command(first) {
        true => trimmed,
        false => line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_stands_for_its_command_in_every_language() {
        assert_eq!(sentence("Whose move?").as_deref(), Some("turn"));
        assert_eq!(sentence("  wer ist am Zug ").as_deref(), Some("turn"));
        assert_eq!(sentence("Ich gebe auf.").as_deref(), Some("resign"));
        assert_eq!(sentence("kui palju aega").as_deref(), Some("time"));
        assert_eq!(sentence("Wie viel Zeit habe ich?").as_deref(), Some("time me"));
        assert_eq!(sentence("võtan viigi vastu").as_deref(), Some("accept"));
        assert_eq!(sentence("Kein Remis!").as_deref(), Some("decline"));
        assert_eq!(sentence("what?").as_deref(), Some("repeat"));
        assert_eq!(sentence("Verbose.").as_deref(), Some("verbosity verbose"));
        assert_eq!(sentence("kürzer").as_deref(), Some("verbosity brief"));
        assert_eq!(sentence("pikemalt").as_deref(), Some("verbosity verbose"));
        assert_eq!(sentence("Head aega!").as_deref(), Some("quit"));
        assert_eq!(sentence("Auf Wiedersehen.").as_deref(), Some("quit"));
        assert_eq!(sentence("Welche Einstellungen?").as_deref(), Some("settings"));
        assert_eq!(sentence("millised on seaded").as_deref(), Some("settings"));
        // Only whole lines: a longer or other line is left as it is.
        assert_eq!(sentence("last move e4"), None);
        assert_eq!(sentence("e4"), None);
        assert_eq!(sentence("whose"), None);
    }

    #[test]
    fn a_question_about_a_square_stands_for_its_command() {
        assert_eq!(sentence("What attacks e4?").as_deref(), Some("attackers e4"));
        assert_eq!(sentence("Was greift E4 an?").as_deref(), Some("attackers e4"));
        assert_eq!(sentence("kes kaitseb d5").as_deref(), Some("defenders d5"));
        assert_eq!(sentence("wer deckt f7").as_deref(), Some("defenders f7"));
        assert_eq!(sentence("Was steht auf h8?").as_deref(), Some("square h8"));
        assert_eq!(sentence("mis on väljal a1").as_deref(), Some("square a1"));
        // A square that is none is passed on, to be refused by name.
        assert_eq!(sentence("what is on e9").as_deref(), Some("square e9"));
        // Other words in the square's place, or more words, are no such question.
        assert_eq!(sentence("what attacks the king"), None);
        assert_eq!(sentence("what attacks e4 now"), None);
        assert_eq!(sentence("what is on"), None);
    }

    #[test]
    fn a_closing_mark_is_set_aside_after_a_command_only() {
        let command = |w: &str| ["time", "wo", "check"].contains(&w);
        assert_eq!(bared("time?", command), "time");
        assert_eq!(bared("wo ist der König?", command), "wo ist der König");
        assert_eq!(bared("check!", command), "check");
        assert_eq!(bared("e4!?", command), "e4!?");
        assert_eq!(bared("Qh4#", command), "Qh4#");
        assert_eq!(bared("time", command), "time");
    }
}
