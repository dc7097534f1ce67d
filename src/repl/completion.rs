//! Completion on the terminal, from the command registry: command names in every interface
//! language, then a command's argument words — the literal words of its synopsis (formats,
//! levels, `check`, `rank` …), the sides in the interface language, the `explain` topics and the
//! command names for `help`. An empty line completes nothing; a word that starts no command is
//! offered the nearest command names.

use super::explain::TOPICS;
use super::registry::{lookup, CommandId, REGISTRY};
use crate::messages::{Catalog, Lang};
use crate::notation::fold;

/// The start of the word being completed and the candidates for it.
pub fn completions(line: &str, lang: Lang) -> (usize, Vec<String>) {
    if line.trim().is_empty() {
        return (line.len(), Vec::new());
    }
    let start = line.rfind(char::is_whitespace).map_or(0, |i| i + 1);
    let word = &line[start..];
    let words: Vec<&str> = line[..start].split_whitespace().collect();
    let candidates = match words.first() {
        None => command_names(word),
        Some(first) => match lookup(first) {
            Some(spec) => matching(argument_words(spec.id, lang), word),
            None => Vec::new(),
        },
    };
    (start, candidates)
}

/// Command names starting with `prefix` in every language; when none does, the nearest names.
fn command_names(prefix: &str) -> Vec<String> {
    let all = all_names();
    let found = matching(all.clone(), prefix);
    if !found.is_empty() {
        return found;
    }
    nearest(&all, prefix)
}

/// The names closest to `word` (one edit away for a short word, two for a longer one), for a word
/// that starts no command.
pub fn nearest(names: &[String], word: &str) -> Vec<String> {
    let word = fold(word);
    // A move (it has a digit) or a stub is no misspelt command; short words allow one slip.
    let length = word.chars().count();
    if length < 3 || word.chars().any(|c| c.is_ascii_digit()) {
        return Vec::new();
    }
    let allowed = if length <= 4 { 1 } else { 2 };
    let scored: Vec<(usize, &String)> = names.iter().map(|n| (distance(&fold(n), &word), n)).collect();
    let Some(best) = scored.iter().map(|(d, _)| *d).min().filter(|&d| d <= allowed) else { return Vec::new() };
    let mut out: Vec<String> = scored.into_iter().filter(|(d, _)| *d == best).map(|(_, n)| n.clone()).collect();
    out.sort();
    out.dedup();
    out
}

/// The command names nearest to `word` in every language, for "did you mean".
pub fn nearest_commands(word: &str) -> Vec<String> {
    nearest(&all_names(), word)
}

/// Every command's name in every language.
fn all_names() -> Vec<String> {
    REGISTRY
        .iter()
        .flat_map(|s| std::iter::once(s.name).chain(Lang::ALL.into_iter().map(|l| s.name_in(l))))
        .map(String::from)
        .collect()
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

/// What may follow command `id`: its synopsis's literal words, in English and in the interface
/// language, topics for `explain`, command names for `help`.
fn argument_words(id: CommandId, lang: Lang) -> Vec<String> {
    let spec = super::registry::CommandSpec::of(id);
    let catalog = Catalog::shipped(lang);
    let mut words: Vec<String> = spec
        .args
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        .map(String::from)
        .collect();
    // The same words in the interface language (`weiß`, `prüfen`, `ab`).
    let localized: Vec<String> =
        words.iter().filter_map(|w| super::keywords::Keyword::english(w)).map(|k| k.word(lang).to_string()).collect();
    words.extend(localized);
    match id {
        CommandId::Explain => {
            words.extend(TOPICS.iter().map(|t| catalog.text(&format!("explain.topic.{t}"), &[]).to_lowercase()));
        }
        CommandId::Help => words.extend(REGISTRY.iter().map(|s| s.name_in(lang).to_string())),
        _ => {}
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(line: &str, lang: Lang) -> Vec<String> {
        completions(line, lang).1
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
        assert_eq!(completions("resign w", Lang::En), (7, vec!["white".to_string()]));
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
        assert_eq!(nearest_commands("claom"), ["claim"]);
        assert_eq!(nearest_commands("hepl"), ["help"]);
        assert!(nearest_commands("Nf3").is_empty());
    }
}
