//! Choice enums: values named by one word in files and on the command line (`speech = "auto"`,
//! `--ruleset fide-2008`). Each is derived with strum (its words, its list) and gets its parsing
//! and printing from `choice!`, with one error that names the choices.

use strum::{IntoEnumIterator, VariantNames};

/// A word that names none of the choices.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {value:?}; use {}", or_list(names))]
pub struct UnknownChoice {
    /// What was being chosen ("speech mode", "ruleset").
    pub what: &'static str,
    /// The word given.
    pub value: String,
    /// The words that would have been taken.
    pub names: &'static [&'static str],
}

/// `a, b or c`.
fn or_list(names: &[&str]) -> String {
    match names.split_last() {
        Some((last, init)) if !init.is_empty() => format!("{} or {last}", init.join(", ")),
        Some((last, _)) => last.to_string(),
        None => String::new(),
    }
}

/// The choice named by `word` (any case, spaces around ignored).
pub fn choose<T>(word: &str, what: &'static str) -> Result<T, UnknownChoice>
where
    T: IntoEnumIterator + VariantNames + Copy + Into<&'static str>,
{
    let wanted = word.trim();
    T::iter().find(|v| (*v).into().eq_ignore_ascii_case(wanted)).ok_or_else(|| UnknownChoice {
        what,
        value: word.to_string(),
        names: T::VARIANTS,
    })
}

/// Parsing (`FromStr`, with [`UnknownChoice`]) and printing (`Display`) for a choice enum that
/// derives `EnumIter`, `IntoStaticStr` and `VariantNames`; `$what` names it in errors.
macro_rules! choice {
    ($type:ty, $what:literal) => {
        impl std::str::FromStr for $type {
            type Err = $crate::choice::UnknownChoice;
            fn from_str(word: &str) -> Result<Self, Self::Err> {
                $crate::choice::choose(word, $what)
            }
        }

        impl std::fmt::Display for $type {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str((*self).into())
            }
        }
    };
}
pub(crate) use choice;

#[cfg(test)]
mod tests {

    #[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumIter, strum::IntoStaticStr, strum::VariantNames)]
    #[strum(serialize_all = "kebab-case")]
    enum Speed {
        Slow,
        #[strum(serialize = "very-fast")]
        VeryFast,
    }
    choice!(Speed, "speed");

    #[test]
    fn words_are_read_in_any_case_and_printed_as_written() {
        assert_eq!(" SLOW ".parse::<Speed>(), Ok(Speed::Slow));
        assert_eq!("Very-Fast".parse::<Speed>(), Ok(Speed::VeryFast));
        assert_eq!(Speed::VeryFast.to_string(), "very-fast");
    }

    #[test]
    fn an_unknown_word_names_the_choices() {
        let e = "quick".parse::<Speed>().unwrap_err();
        assert_eq!(e.to_string(), "unknown speed \"quick\"; use slow or very-fast");
        assert_eq!(e.names, ["slow", "very-fast"]);
    }
}
