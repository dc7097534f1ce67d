//! A piece of an answer in its two forms — printed for the eye (notation kept where it helps a
//! sighted reader), spoken for the ear (words only) — and lists joined with "or" and "and".

/// A piece of an answer in both its forms.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Words {
    /// What is printed: may keep notation (`Nbd2`, `e8=Q`).
    pub printed: String,
    /// What is spoken: words only.
    pub spoken: String,
}

impl Words {
    /// Different printed and spoken forms.
    pub fn new(printed: impl Into<String>, spoken: impl Into<String>) -> Words {
        Words { printed: printed.into(), spoken: spoken.into() }
    }

    /// The same text printed and spoken.
    pub fn plain(text: impl Into<String>) -> Words {
        let text = text.into();
        Words { spoken: text.clone(), printed: text }
    }

    /// Both forms joined with `separator`.
    pub fn join(items: impl IntoIterator<Item = Words>, separator: &str) -> Words {
        let (printed, spoken): (Vec<String>, Vec<String>) = items.into_iter().map(|w| (w.printed, w.spoken)).unzip();
        Words::new(printed.join(separator), spoken.join(separator))
    }
}

impl From<String> for Words {
    fn from(text: String) -> Words {
        Words::plain(text)
    }
}

impl From<&str> for Words {
    fn from(text: &str) -> Words {
        Words::plain(text)
    }
}

/// "a, b or c": the parts joined with commas and `word` ("or", "and") before the last.
pub fn joined<S: AsRef<str>>(parts: &[S], word: &str) -> String {
    match parts {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} {word} {}", init.join(", "), last.as_ref())
        }
    }
}
