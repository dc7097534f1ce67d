//! A choice read from the command line (`--speech text`, `--ruleset fide-2008`): read as a
//! configuration file reads it (any case, refused with the choices it takes), and known to clap
//! by its words, so that the shell completes them.

use std::ffi::OsStr;
use std::marker::PhantomData;
use std::str::FromStr;

use clap::builder::{PossibleValue, TypedValueParser};
use strum::VariantNames;

use crate::choice::UnknownChoice;

/// The value parser of a choice enum `T`.
pub struct Chosen<T>(PhantomData<fn() -> T>);

impl<T> Chosen<T> {
    /// The parser of `T`'s words.
    pub fn new() -> Self {
        Chosen(PhantomData)
    }
}

impl<T> Clone for Chosen<T> {
    fn clone(&self) -> Self {
        Chosen::new()
    }
}

impl<T> TypedValueParser for Chosen<T>
where
    T: FromStr<Err = UnknownChoice> + VariantNames + Clone + Send + Sync + 'static,
{
    type Value = T;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<T, clap::Error> {
        // The reading of any FromStr value: the refusal keeps the choice's own error as its source.
        let read: fn(&str) -> Result<T, UnknownChoice> = T::from_str;
        read.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(T::VARIANTS.iter().map(|word| PossibleValue::new(*word))))
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use crate::cli::Cli;

    /// The words of every choice are offered to the shell, and a word is still read in any case.
    #[test]
    fn the_choices_are_known_to_clap() {
        let command = Cli::command();
        let words = |id: &str| -> Vec<String> {
            let arg = command.get_arguments().find(|a| a.get_id() == id).expect("an option");
            arg.get_possible_values().iter().map(|v| v.get_name().to_string()).collect()
        };
        assert_eq!(words("speech"), ["auto", "tts", "clips", "text", "off"]);
        assert_eq!(words("lang"), ["en", "et", "de"]);
        assert_eq!(words("ruleset"), ["fide-2014", "fide-2008", "ussr-1953"]);
        assert_eq!(words("clock"), ["real", "simulated"]);
        assert_eq!(words("blind"), ["white", "black", "none"]);
        let cli = <Cli as clap::Parser>::try_parse_from(["annabella", "--speech", "TEXT", "--blind", "Black"]).unwrap();
        assert_eq!(
            (cli.global.speech, cli.play.blind),
            (Some(crate::speech::SpeechMode::Text), Some(crate::table::Seat::Black))
        );
    }
}
