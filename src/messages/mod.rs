//! The user interface catalogues (`voices/ui/*.toml`): every message the program prints or
//! speaks, in English, Estonian and German, looked up by key with `{name}` values filled in.

mod toml_error;

use std::collections::HashMap;

pub use toml_error::{TomlError, TomlProblem, ValueKind};

/// A user interface language.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, strum::EnumIter, strum::IntoStaticStr, strum::VariantNames,
)]
#[strum(serialize_all = "lowercase")]
pub enum Lang {
    #[default]
    /// English.
    En,
    /// Estonian.
    Et,
    /// German.
    De,
}

impl Lang {
    /// The three languages.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Et, Lang::De];

    /// The ISO 639-1 code (`en`, `et`, `de`).
    pub fn code(self) -> &'static str {
        self.into()
    }

    /// The language of the user's locale (`LC_ALL`, `LC_MESSAGES`, `LANG`), else English.
    pub fn from_environment() -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|v| std::env::var(v).ok().filter(|s| !s.is_empty()))
            .find_map(|l| Lang::from_locale(&l))
            .unwrap_or_default()
    }

    /// The language of a locale such as `et_EE.UTF-8`, if it is one of ours.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let code = locale.split(['_', '.', '-', '@']).next()?;
        code.parse().ok()
    }

    fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../voices/ui/en.toml"),
            Lang::Et => include_str!("../../voices/ui/et.toml"),
            Lang::De => include_str!("../../voices/ui/de.toml"),
        }
    }
}

crate::choice::choice!(Lang, "language");

/// One language's messages.
#[derive(Debug, Clone)]
pub struct Catalog {
    lang: Lang,
    messages: HashMap<String, String>,
}

impl Catalog {
    /// The shipped catalogue of a language.
    pub fn new(lang: Lang) -> Catalog {
        // The shipped catalogues are checked by the tests; a broken one is a build defect.
        let messages = toml::from_str(lang.source()).expect("shipped catalogue");
        Catalog { lang, messages }
    }

    /// One message of a language's shipped catalogue, read from its own line without the rest
    /// (the first word is said before the catalogue has been read): the same text as
    /// `Catalog::new(lang).text(key, &[])`.
    pub fn single(lang: Lang, key: &str) -> String {
        let quoted = format!("\"{key}\"");
        lang.source()
            .lines()
            .find(|line| line.strip_prefix(&quoted).is_some_and(|rest| rest.trim_start().starts_with('=')))
            .and_then(|line| toml::from_str::<HashMap<String, String>>(line).ok())
            .and_then(|mut one| one.remove(key))
            .unwrap_or_else(|| Catalog::new(lang).text(key, &[]))
    }

    /// The shipped catalogue of a language, read once and kept.
    pub fn shipped(lang: Lang) -> &'static Catalog {
        static CATALOGS: std::sync::OnceLock<[Catalog; 3]> = std::sync::OnceLock::new();
        let all = CATALOGS.get_or_init(|| Lang::ALL.map(Catalog::new));
        all.iter().find(|c| c.lang == lang).expect("every language has a catalogue")
    }

    /// The catalogue's language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Whether the catalogue has the message `key`.
    pub fn has(&self, key: &str) -> bool {
        self.messages.contains_key(key)
    }

    /// Every key of the catalogue.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.messages.keys().map(String::as_str)
    }

    /// The message `key` with each `{name}` replaced by its value. A missing key shows itself,
    /// so a gap is visible rather than silent (and the tests forbid gaps).
    pub fn text(&self, key: &str, args: &[(&str, &str)]) -> String {
        let Some(template) = self.messages.get(key) else {
            return format!("[{key}]");
        };
        if args.is_empty() {
            return template.clone();
        }
        // One pass over the template: `{name}` is replaced by its value, anything else is kept.
        let mut out = String::with_capacity(template.len() + 32);
        let mut rest = template.as_str();
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            match after.find('}').and_then(|close| args.iter().find(|(n, _)| *n == &after[..close]).map(|a| (close, a)))
            {
                Some((close, (name, value))) => {
                    let begins = out.is_empty() || [". ", "? ", "! "].iter().any(|end| out.ends_with(end));
                    let at = out.len();
                    out.push_str(value);
                    if begins && SENTENCE_STARTS.contains(name) {
                        capitalize_from(&mut out, at);
                    }
                    rest = &after[close + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

/// Values that, where a sentence of a message begins with them, begin it with a capital: a colour
/// ("valge" in Estonian is written small inside a sentence), a board, a player, or a move's side
/// and number ("musta käik 3").
const SENTENCE_STARTS: [&str; 6] = ["color", "board", "winner", "loser", "name", "number"];

/// `text` begun with a capital: a value that begins a line ("musta käik 3:" said before a move).
pub fn capitalized(text: &str) -> String {
    let mut text = text.to_string();
    capitalize_from(&mut text, 0);
    text
}

/// The letter at byte `at` of `text` in upper case.
fn capitalize_from(text: &mut String, at: usize) {
    if let Some(first) = text[at..].chars().next().filter(|c| c.is_lowercase()) {
        let upper: String = first.to_uppercase().collect();
        text.replace_range(at..at + first.len_utf8(), &upper);
    }
}

/// Why a file could not be read, in `catalog`'s language (the system's own text is English).
pub fn io_read_reason(catalog: &Catalog, error: &std::io::Error) -> String {
    use std::io::ErrorKind::*;
    match error.kind() {
        NotFound => catalog.text("io.no_file", &[]),
        PermissionDenied => catalog.text("io.not_readable", &[]),
        Unsupported => catalog.text("io.not_ordinary", &[]),
        FileTooLarge => catalog.text("io.too_large_to_read", &[]),
        _ => io_reason(catalog, error),
    }
}

/// Why a file could not be written (or a folder used), in `catalog`'s language.
pub fn io_reason(catalog: &Catalog, error: &std::io::Error) -> String {
    use std::io::ErrorKind::*;
    let key = match error.kind() {
        NotFound => "io.not_found",
        PermissionDenied => "io.permission_denied",
        StorageFull | QuotaExceeded => "io.full",
        FileTooLarge => "io.too_large",
        ReadOnlyFilesystem => "io.read_only",
        IsADirectory => "io.is_a_directory",
        _ => return catalog.text("io.other", &[("text", &error.to_string())]),
    };
    catalog.text(key, &[])
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn a_colour_or_a_name_that_begins_a_sentence_is_capitalised() {
        let et = Catalog::shipped(Lang::Et);
        assert_eq!(et.text("result.checkmate", &[("winner", "must")]), "Matt. Must võitis.");
        assert_eq!(
            et.text("result.resignation", &[("loser", "valge"), ("winner", "must")]),
            "Valge alistus. Must võitis."
        );
        // Inside a sentence a colour stays small.
        assert!(et.text("move.offer_lapsed", &[("color", "must")]).contains(" must,"));
    }

    const NAMESPACES: [&str; 55] = [
        "say.",
        "listen.",
        "online.",
        "input.",
        "file.",
        "clips.",
        "voice.",
        "verbosity.",
        "history.",
        "explain.",
        "query.",
        "rules.",
        "analyse.",
        "export.",
        "pairings.",
        "pgn.",
        "adjourn.",
        "journal.",
        "resume.",
        "table.",
        "time.",
        "audio.",
        "color.",
        "piece.",
        "letters.",
        "word.",
        "start.",
        "move.",
        "result.",
        "error.",
        "illegal.",
        "castling.",
        "draw.",
        "claim.",
        "legal.",
        "last.",
        "repeat.",
        "help.",
        "group.",
        "configuration.",
        "repair.",
        "nag.",
        "transcript.",
        "new.",
        "warning.",
        "quit.",
        "speech.",
        "ply.",
        "confirm.",
        "material.",
        "men.",
        "fen.",
        "result_line.",
        "placeholder.",
        "io.",
    ];

    /// Every string literal in the sources that starts with a message namespace is a key.
    fn source_keys() -> BTreeSet<String> {
        let mut keys = BTreeSet::new();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut dirs = vec![root];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() && !path.ends_with("config") && !path.ends_with("messages") {
                    // Configuration keys (speech.rate …) are not messages; this folder names the
                    // namespaces themselves.
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    for (i, literal) in text.split('"').enumerate() {
                        let is_key = i % 2 == 1
                            && NAMESPACES.iter().any(|n| literal.starts_with(n))
                            && !literal.contains(['{', '\\', ' ']);
                        if is_key {
                            keys.insert(literal.to_string());
                        }
                    }
                }
            }
        }
        keys
    }

    #[test]
    fn every_catalogue_has_every_key_the_code_uses() {
        let used = source_keys();
        assert!(used.len() > 50, "the key scan found only {}", used.len());
        for lang in Lang::ALL {
            let catalog = Catalog::new(lang);
            let known: BTreeSet<String> = catalog.keys().map(String::from).collect();
            let missing: Vec<_> = used.iter().filter(|k| !known.contains(*k)).collect();
            assert!(missing.is_empty(), "{lang} lacks {missing:?}");
        }
    }

    #[test]
    fn catalogues_have_the_same_keys() {
        let english: BTreeSet<String> = Catalog::new(Lang::En).keys().map(String::from).collect();
        for lang in [Lang::Et, Lang::De] {
            let other: BTreeSet<String> = Catalog::new(lang).keys().map(String::from).collect();
            let missing: Vec<_> = english.difference(&other).collect();
            let extra: Vec<_> = other.difference(&english).collect();
            assert!(missing.is_empty() && extra.is_empty(), "{lang}: missing {missing:?}, extra {extra:?}");
        }
    }

    /// Messages that are printed and never spoken: the prompt, the command line's help, FEN lines,
    /// file and PGN details, the placeholders of a printed synopsis (said as `arg.*`), the table of
    /// `listen --report` (its sums are said).
    const PRINTED_ONLY: [&str; 11] = [
        "start.prompt",
        "cli.heading.",
        "cli.man.",
        "cli.help.",
        "cli.value.",
        "start.position",
        "table.reconcile_position",
        "placeholder.",
        "listen.report_header",
        "listen.report_row",
        // The words a drill's answer is heard as, never said.
        "drill.words.",
    ];

    /// Every message as it is spoken (its `.spoken` form where it has one) is words, in every
    /// language: no notation a speech engine would spell out.
    #[test]
    fn every_spoken_message_is_speakable() {
        let mut found = Vec::new();
        for lang in Lang::ALL {
            let catalog = Catalog::new(lang);
            let printed_only = |k: &&str| PRINTED_ONLY.iter().any(|p| k.starts_with(p));
            for key in catalog.keys().filter(|k| !k.ends_with(".spoken") && !printed_only(k)) {
                let spoken_key = format!("{key}.spoken");
                let template = catalog.messages.get(&spoken_key).unwrap_or(&catalog.messages[key]);
                // The values filled in are checked where they are made (moves, squares, lists).
                let mut text = String::new();
                for (i, part) in template.split(['{', '}']).enumerate() {
                    text.push_str(if i % 2 == 1 { "eins" } else { part });
                }
                if let Some(notation) = crate::speech::unspeakable(&text) {
                    found.push(format!("{lang} {key}: {notation:?} in {template:?}"));
                }
            }
        }
        found.sort();
        assert!(found.is_empty(), "{} spoken messages are not words:\n{}", found.len(), found.join("\n"));
    }

    /// One register per language, as the README says: German speaks to the player as "du", Estonian
    /// as "sina"; no message slips into "Sie" or the plural "teie".
    #[test]
    fn every_catalogue_keeps_its_register() {
        let words = |text: &str| -> Vec<String> {
            text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(String::from).collect()
        };
        let mut found = Vec::new();
        for (key, text) in &Catalog::new(Lang::De).messages {
            let w = words(text);
            // "Sagen Sie", "prüfen Sie": a verb in -en, then "Sie"; "Ihnen" is only ever formal.
            let formal = w.windows(2).any(|p| p[0].ends_with("en") && p[1] == "Sie") || w.iter().any(|x| x == "Ihnen");
            if formal {
                found.push(format!("de {key}: {text}"));
            }
        }
        // "kontrollige", "sulgege", "andke", "tehke": the plural imperative; "õige" and "kõige" are no verbs.
        const PLURAL_ENDINGS: [&str; 6] = ["ige", "age", "uge", "ege", "hke", "dke"];
        const NO_VERBS: [&str; 3] = ["usage", "õige", "kõige"];
        for (key, text) in &Catalog::new(Lang::Et).messages {
            let formal = words(text).iter().any(|w| {
                ["Teil", "teil", "Teie", "teie", "Teid", "teid"].contains(&w.as_str())
                    || (PLURAL_ENDINGS.iter().any(|e| w.ends_with(e)) && !NO_VERBS.contains(&w.to_lowercase().as_str()))
            });
            if formal {
                found.push(format!("et {key}: {text}"));
            }
        }
        found.sort();
        assert!(found.is_empty(), "{} messages leave the register:\n{}", found.len(), found.join("\n"));
    }

    /// Every bracket a message opens it closes, and none it closes was not opened: a stray ")" is
    /// read out by a screen reader.
    #[test]
    fn every_message_closes_its_brackets() {
        let mut found = Vec::new();
        for lang in Lang::ALL {
            for (key, text) in &Catalog::new(lang).messages {
                let mut depth = 0i32;
                for c in text.chars() {
                    depth += match c {
                        '(' | '[' => 1,
                        ')' | ']' => -1,
                        _ => 0,
                    };
                    if depth < 0 {
                        break;
                    }
                }
                if depth != 0 {
                    found.push(format!("{lang} {key}: {text}"));
                }
            }
        }
        found.sort();
        assert!(
            found.is_empty(),
            "{} messages leave a bracket open or close one never opened:\n{}",
            found.len(),
            found.join("\n")
        );
    }

    #[test]
    fn values_are_filled_in() {
        let c = Catalog::new(Lang::En);
        assert_eq!(c.text("start.to_move", &[("color", "White")]), "White to move.");
        assert_eq!(c.text("no.such.key", &[]), "[no.such.key]");
    }

    #[test]
    fn a_single_message_is_the_catalogue_s() {
        // Every message read from its own line is the one the whole catalogue gives (escapes,
        // accents and values left as they are).
        for lang in Lang::ALL {
            let catalog = Catalog::new(lang);
            for key in catalog.keys() {
                assert_eq!(Catalog::single(lang, key), catalog.text(key, &[]), "{lang:?} {key}");
            }
        }
        assert_eq!(Catalog::single(Lang::De, "piece.bishop"), "Läufer");
        // A key that is a prefix of another is not mistaken for it; a missing one shows itself.
        assert_eq!(Catalog::single(Lang::En, "start"), "[start]");
    }

    #[test]
    fn locale_names() {
        assert_eq!(Lang::from_locale("et_EE.UTF-8"), Some(Lang::Et));
        assert_eq!(Lang::from_locale("de_DE"), Some(Lang::De));
        assert_eq!(Lang::from_locale("C"), None);
    }
}
