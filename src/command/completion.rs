//! Completion on the terminal, from the records of the front end's commands: command names in
//! every interface language, then a command's argument words as its signature names them — its
//! argument words in English and the interface language, its literal words (formats), the
//! `explain` topics and the command names for `help`. An empty line completes nothing; a word
//! that starts no command is offered the nearest command names.

use super::record::{lookup_among, Record};
use super::shape::{Part, Placeholder};
use super::topics::TOPICS;
use crate::messages::{Catalog, Lang};
use crate::notation::fold;

/// The start of the word being completed and the candidates for it, among the commands of
/// `records` (the front end's sets, in the order they are read).
pub fn completions(line: &str, lang: Lang, records: &[&'static Record]) -> (usize, Vec<String>) {
    if line.trim().is_empty() {
        return (line.len(), Vec::new());
    }
    let start = line.rfind(char::is_whitespace).map_or(0, |i| i + 1);
    let word = &line[start..];
    let words: Vec<&str> = line[..start].split_whitespace().collect();
    let candidates = match words.first() {
        None => command_names(word, records),
        Some(first) => match lookup_among(records, first) {
            Some(record) => matching(argument_words(record, lang, records), word),
            None => Vec::new(),
        },
    };
    (start, candidates)
}

/// Command names starting with `prefix` in every language; when none does, the nearest names.
fn command_names(prefix: &str, records: &[&'static Record]) -> Vec<String> {
    let all = all_names(records);
    let found = matching(all.clone(), prefix);
    if !found.is_empty() {
        return found;
    }
    nearest(&all, prefix)
}

/// The names closest to `word` (one edit away for a short word; two for a longer one that begins
/// as the name does: "hello" is a slip of "help", "blorp" none of the Estonian "lõpp"), for a word
/// that starts no command.
pub fn nearest(names: &[String], word: &str) -> Vec<String> {
    let word = fold(word);
    // A move (it has a digit) or a stub is no misspelt command; short words allow one slip.
    let length = word.chars().count();
    if length < 3 || word.chars().any(|c| c.is_ascii_digit()) {
        return Vec::new();
    }
    let allowed = |name: &str| if length <= 4 || name.chars().next() != word.chars().next() { 1 } else { 2 };
    let scored: Vec<(usize, &String)> = names
        .iter()
        .map(|n| (fold(n), n))
        .map(|(folded, n)| (distance(&folded, &word), n, allowed(&folded)))
        .filter(|(d, _, allowed)| d <= allowed)
        .map(|(d, n, _)| (d, n))
        .collect();
    let Some(best) = scored.iter().map(|(d, _)| *d).min() else { return Vec::new() };
    let mut out: Vec<String> = scored.into_iter().filter(|(d, _)| *d == best).map(|(_, n)| n.clone()).collect();
    out.sort();
    out.dedup();
    out
}

/// The commands nearest to `word` by any of their names in any language, for "did you mean",
/// each named in `lang` (a German user who types "resing" hears "aufgeben").
pub fn nearest_commands(word: &str, records: &[&'static Record], lang: Lang) -> Vec<String> {
    let near = nearest(&all_names(records), word);
    let mut out: Vec<String> = records
        .iter()
        .filter(|r| Lang::ALL.into_iter().any(|l| near.iter().any(|n| n == r.name_in(l))))
        .map(|r| r.name_in(lang).to_string())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Every command's name in every language.
fn all_names(records: &[&'static Record]) -> Vec<String> {
    records.iter().flat_map(|r| Lang::ALL.into_iter().map(|l| r.name_in(l))).map(String::from).collect()
}

/// Edits between two words: a letter added, dropped, changed, or two neighbours swapped ("hepl").
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j - 1] + cost).min(d[i - 1][j] + 1).min(d[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

fn matching(words: Vec<String>, prefix: &str) -> Vec<String> {
    let folded = fold(prefix);
    let mut out: Vec<String> = words.into_iter().filter(|w| fold(w).starts_with(&folded)).collect();
    out.sort();
    out.dedup();
    out
}

/// What may follow a command: the words its signature names, in English and in the interface
/// language, topics for `explain`, command names for `help`.
fn argument_words(record: &Record, lang: Lang, records: &[&'static Record]) -> Vec<String> {
    let catalog = Catalog::shipped(lang);
    let mut words = Vec::new();
    for part in (record.signature)().iter().flat_map(|shape| shape.parts()) {
        match part {
            Part::Keyword(k) => words.extend([k.word(Lang::En), k.word(lang)].map(String::from)),
            Part::Literal(word) => words.push(word.to_string()),
            Part::Value(Placeholder::Topic) => {
                words.extend(TOPICS.iter().map(|t| catalog.text(&format!("explain.topic.{t}"), &[]).to_lowercase()))
            }
            Part::Value(Placeholder::Command) => words.extend(records.iter().map(|r| r.name_in(lang).to_string())),
            Part::Value(_) => {}
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::CommandSet;

    fn of(line: &str, lang: Lang) -> Vec<String> {
        completions(line, lang, &crate::session::Command::records().iter().collect::<Vec<_>>()).1
    }

    #[test]
    fn an_empty_line_completes_nothing() {
        assert!(of("", Lang::En).is_empty());
        assert!(of("   ", Lang::En).is_empty());
    }

    #[test]
    fn several_matching_names_are_all_offered_in_every_language() {
        assert_eq!(of("ca", Lang::En), ["captured"]);
        assert_eq!(of("dr", Lang::En), ["draw"]);
        assert_eq!(of("abg", Lang::De), ["abgleichen"]);
        let c = of("c", Lang::En);
        assert!(c.contains(&"check".to_string()) && c.contains(&"claim".to_string()), "{c:?}");
        // Estonian and German names complete whatever the interface language.
        assert_eq!(of("aufg", Lang::En), ["aufgeben"]);
        assert_eq!(of("alist", Lang::De), ["alistun"]);
    }

    #[test]
    fn arguments_complete_sides_formats_levels_and_topics() {
        assert_eq!(
            completions("resign w", Lang::En, &crate::session::Command::records().iter().collect::<Vec<_>>()).0,
            7
        );
        assert_eq!(of("resign w", Lang::En), ["white"]);
        assert_eq!(of("resign ", Lang::De), ["black", "schwarz", "weiß", "white"]);
        assert_eq!(of("export b", Lang::En), ["braille", "brf"]);
        assert_eq!(of("verbosity ver", Lang::En), ["verbose"]);
        assert_eq!(of("explain cast", Lang::En), ["castling"]);
        assert_eq!(of("board ch", Lang::En), ["check"]);
        assert_eq!(of("brett pr", Lang::De), ["prüfen"]);
        assert_eq!(of("verbosity k", Lang::De), ["kurz"]);
        assert_eq!(of("help reco", Lang::En), ["reconcile"]);
        assert!(of("e4 ", Lang::En).is_empty());
    }

    #[test]
    fn a_word_that_starts_no_command_gets_the_nearest() {
        assert_eq!(of("resing", Lang::En), ["resign"]);
        let game: Vec<&Record> = crate::session::Command::records().iter().collect();
        assert_eq!(nearest_commands("claom", &game, Lang::En), ["claim"]);
        assert_eq!(nearest_commands("hepl", &game, Lang::En), ["help"]);
        assert!(nearest_commands("Nf3", &game, Lang::En).is_empty());
        assert!(nearest_commands("blorp", &game, Lang::En).is_empty(), "two edits from 'lõpp' is no slip");
        assert_eq!(nearest_commands("quitt", &game, Lang::En), ["quit"]);
        assert_eq!(nearest_commands("hello", &game, Lang::En), ["help"]);
        // Found by any of its names, said in the interface language.
        assert_eq!(nearest_commands("resing", &game, Lang::De), ["aufgeben"]);
        assert_eq!(nearest_commands("resing", &game, Lang::Et), ["alistun"]);
    }
}
