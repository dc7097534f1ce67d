//! Questions and answers said as a sentence rather than a command's name ("whose move", "ich gebe
//! auf", "kui palju aega", and about a square: "was greift e4 an"): a whole line, its case, accents
//! and closing ?, ! or . set aside, that stands for a command of the front end with its arguments.
//! Each command's record lists its own sentences; `_` in one is a word given as the argument. Only
//! whole lines are taken, so a move or a command with its arguments is never changed.

use super::record::Record;
use crate::notation::fold;

/// The command `line` stands for among `records` when it is one of their sentences, with the
/// arguments the sentence gives.
pub fn sentence(line: &str, records: &'static [Record]) -> Option<(&'static Record, String)> {
    let folded = fold(line.trim().trim_end_matches(['?', '!', '.']).trim());
    let folded: Vec<&str> = folded.split_whitespace().collect();
    let said = |(pattern, args): &(&str, &str)| said_as(&folded, pattern, args);
    records.iter().find_map(|record| Some((record, record.sentences.iter().find_map(said)?)))
}

/// The arguments `folded` gives when it is the sentence `pattern` (whose arguments are `args`, or
/// the word in the place of its `_`).
fn said_as(folded: &[&str], pattern: &str, args: &str) -> Option<String> {
    let pattern = fold(pattern);
    let words: Vec<&str> = pattern.split_whitespace().collect();
    let fits = folded.len() == words.len() && words.iter().zip(folded).all(|(w, f)| w == f || *w == "_");
    if !fits {
        return None;
    }
    match words.iter().position(|w| *w == "_") {
        // The square is one word of a letter and a number, so that a square that is none is
        // still refused by name ("e9 is not a square").
        Some(slot) => looks_like_square(folded[slot]).then(|| folded[slot].to_string()),
        None => Some(args.to_string()),
    }
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
    use crate::command::CommandSet;
    use crate::session::Command;

    /// The command name and arguments a sentence stands for among the game's commands.
    fn said(line: &str) -> Option<String> {
        let (record, args) = sentence(line, Command::records())?;
        Some(format!("{} {args}", record.name).trim().to_string())
    }

    #[test]
    fn a_sentence_stands_for_its_command_in_every_language() {
        assert_eq!(said("Whose move?").as_deref(), Some("turn"));
        assert_eq!(said("  wer ist am Zug ").as_deref(), Some("turn"));
        assert_eq!(said("Ich gebe auf.").as_deref(), Some("resign"));
        assert_eq!(said("kui palju aega").as_deref(), Some("time"));
        assert_eq!(said("Wie viel Zeit habe ich?").as_deref(), Some("time me"));
        assert_eq!(said("võtan viigi vastu").as_deref(), Some("accept"));
        assert_eq!(said("Kein Remis!").as_deref(), Some("decline"));
        assert_eq!(said("what?").as_deref(), Some("repeat"));
        assert_eq!(said("Verbose.").as_deref(), Some("verbosity verbose"));
        assert_eq!(said("kürzer").as_deref(), Some("verbosity brief"));
        assert_eq!(said("pikemalt").as_deref(), Some("verbosity verbose"));
        assert_eq!(said("Head aega!").as_deref(), Some("quit"));
        assert_eq!(said("Auf Wiedersehen.").as_deref(), Some("quit"));
        assert_eq!(said("Welche Einstellungen?").as_deref(), Some("settings"));
        assert_eq!(said("millised on seaded").as_deref(), Some("settings"));
        // Only whole lines: a longer or other line is left as it is.
        assert_eq!(said("last move e4"), None);
        assert_eq!(said("e4"), None);
        assert_eq!(said("whose"), None);
    }

    #[test]
    fn a_question_about_a_square_stands_for_its_command() {
        assert_eq!(said("What attacks e4?").as_deref(), Some("attackers e4"));
        assert_eq!(said("Was greift E4 an?").as_deref(), Some("attackers e4"));
        assert_eq!(said("kes kaitseb d5").as_deref(), Some("defenders d5"));
        assert_eq!(said("wer deckt f7").as_deref(), Some("defenders f7"));
        assert_eq!(said("Was steht auf h8?").as_deref(), Some("square h8"));
        assert_eq!(said("mis on väljal a1").as_deref(), Some("square a1"));
        // A square that is none is passed on, to be refused by name.
        assert_eq!(said("what is on e9").as_deref(), Some("square e9"));
        // Other words in the square's place, or more words, are no such question.
        assert_eq!(said("what attacks the king"), None);
        assert_eq!(said("what attacks e4 now"), None);
        assert_eq!(said("what is on"), None);
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
