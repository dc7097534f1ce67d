//! A command line that cannot be read, in the user's language: what was wrong (an option not
//! known, a value not taken, something missing or given twice) and what would be taken, with
//! the options printed as typed (`--cues`) and spoken as words ("cues"). clap finds the fault;
//! the words are ours, so that a refusal is said like every other.

use std::error::Error as _;

use clap::error::{ContextKind, ContextValue, ErrorKind};

use crate::config::Accepted;
use crate::wording::{Wording, Words};

/// Why `error` refused the command line of `command` (`annabella`, `annabella play`), in words.
pub fn worded(error: &clap::Error, command: &str, w: &Wording) -> Words {
    let help = help_for(command);
    let command = Words::plain(command);
    let arg = text(error.get(ContextKind::InvalidArg));
    match error.kind() {
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => {
            let given = text(error.get(ContextKind::InvalidValue));
            let option = ("option", option_words(&arg));
            if given.is_empty() {
                return w.words("cli.no_value", &[option, ("help", help)]);
            }
            let given = w.typed(&given);
            // A value in its place (`<PLAYERS>`) is refused as the command's, not an option's:
            // its name is clap's, in English.
            let (keyed, bare, named) = match arg.starts_with('<') {
                true => ("cli.bad_argument", "cli.bad_argument_bare", ("command", command)),
                false => ("cli.bad_value", "cli.bad_value_bare", option),
            };
            let accepted = match accepted(error) {
                Some(accepted) => Some(accepted.worded(w)),
                None if whole_number(error) => Some(w.words("cli.accept.whole_number", &[])),
                None => None,
            };
            match accepted {
                Some(accepted) => w.words(keyed, &[("given", given), named, ("accepted", accepted)]),
                None => w.words(bare, &[("given", given), named, ("help", help)]),
            }
        }
        ErrorKind::UnknownArgument | ErrorKind::InvalidSubcommand => {
            let given = if arg.is_empty() { text(error.get(ContextKind::InvalidSubcommand)) } else { arg };
            let suggested = text(error.get(ContextKind::SuggestedArg));
            let suggested =
                if suggested.is_empty() { text(error.get(ContextKind::SuggestedSubcommand)) } else { suggested };
            match (given.starts_with('-'), suggested.is_empty()) {
                (true, true) => w.words(
                    "cli.unknown_option",
                    &[("option", option_words(&given)), ("command", command), ("help", help)],
                ),
                (true, false) => w.words(
                    "cli.unknown_option_suggested",
                    &[("option", option_words(&given)), ("command", command), ("suggested", option_words(&suggested))],
                ),
                (false, true) => {
                    w.words("cli.unexpected", &[("word", w.typed(&given)), ("command", command), ("help", help)])
                }
                (false, false) => w.words(
                    "cli.unexpected_suggested",
                    &[("word", w.typed(&given)), ("command", command), ("suggested", Words::plain(suggested))],
                ),
            }
        }
        ErrorKind::MissingRequiredArgument => {
            let missing = texts(error.get(ContextKind::InvalidArg));
            if let Some(what) = needed(command.printed.as_str(), missing.len(), w) {
                return w.words("cli.missing_named", &[("command", command), ("what", what), ("help", help)]);
            }
            let missing: Vec<Words> = missing.iter().map(|a| option_words(a)).collect();
            w.words("cli.missing", &[("command", command), ("options", Words::join(missing, ", ")), ("help", help)])
        }
        ErrorKind::ArgumentConflict => {
            let other = texts(error.get(ContextKind::PriorArg)).first().cloned().unwrap_or_default();
            // clap names an option given twice as one in conflict with itself.
            let once = |a: &str| a.split_whitespace().next().unwrap_or_default().to_string();
            if once(&arg) == once(&other) {
                return w.words("cli.twice", &[("option", option_words(&arg))]);
            }
            // A value in its place and an option that name the same thing (FORMAT, --format).
            let positional = |a: &str| a.starts_with(['<', '[']);
            if positional(&arg) != positional(&other) {
                let (value, option) = if positional(&arg) { (&arg, &other) } else { (&other, &arg) };
                let value = value.trim_matches(['<', '>', '[', ']']);
                return w.words("cli.same_thing", &[("value", Words::plain(value)), ("option", option_words(option))]);
            }
            w.words("cli.conflict", &[("option", option_words(&arg)), ("other", option_words(&other))])
        }
        _ => w.words("cli.unreadable", &[("help", help)]),
    }
}

/// What the `count` values missing after `command` (`annabella pairings`) are, in words of the
/// catalogue ("the number of players, 3 to 20"): the subcommand's required values in their places,
/// in order, each named by `cli.needs.SUBCOMMAND.VALUE`. `None` when one has no such words.
fn needed(command: &str, count: usize, w: &Wording) -> Option<Words> {
    let sub = command.split_once(' ')?.1;
    let cli = <crate::cli::Cli as clap::CommandFactory>::command();
    let required: Vec<String> = cli
        .find_subcommand(sub)?
        .get_positionals()
        .filter(|a| a.is_required_set())
        .map(|a| a.get_id().to_string())
        .collect();
    if count == 0 || count > required.len() {
        return None;
    }
    let keys: Vec<String> =
        required[required.len() - count..].iter().map(|id| format!("cli.needs.{sub}.{id}")).collect();
    let named: Option<Vec<String>> =
        keys.iter().map(|key| w.catalog().has(key).then(|| w.catalog().text(key, &[]))).collect();
    Some(Words::plain(w.and_list(&named?)))
}

/// The help that lists what `command` takes: `annabella help play` (said as it is typed).
fn help_for(command: &str) -> Words {
    match command.split_once(' ') {
        Some((program, sub)) => Words::plain(format!("{program} help {sub}")),
        None => Words::plain(format!("{command} help")),
    }
}

/// What the option would have taken, where clap or the value's own reading knows it.
fn accepted(error: &clap::Error) -> Option<Accepted> {
    let listed = texts(error.get(ContextKind::ValidValue));
    if !listed.is_empty() {
        return Some(Accepted::OneOf(listed));
    }
    // The value's own error says it, as it does in a configuration file.
    let source = error.source()?;
    let choice = source.downcast_ref::<crate::choice::UnknownChoice>().cloned().map(Accepted::from);
    let duration = || source.downcast_ref::<crate::clock::DurationError>().cloned().map(Accepted::from);
    let control = || source.downcast_ref::<crate::clock::ControlError>().cloned().map(Accepted::from);
    let port = || source.downcast_ref::<crate::eboard::BoardPortError>().cloned().map(Accepted::from);
    let range = || source.downcast_ref::<crate::config::OutOfRange>().cloned().map(Accepted::from);
    let seek = || source.downcast_ref::<crate::cli::SeekError>().map(|_| Accepted::Seek);
    choice.or_else(duration).or_else(control).or_else(port).or_else(range).or_else(seek)
}

/// Whether the option takes a whole number (and was given something else).
fn whole_number(error: &clap::Error) -> bool {
    error.source().is_some_and(|s| s.downcast_ref::<std::num::ParseIntError>().is_some())
}

/// An option as typed (`--cues`, from clap's `--cues <CUES>`) and as words ("cues"); a value
/// named in angle brackets (`<PLAYERS>`) as its name ("players").
fn option_words(arg: &str) -> Words {
    let typed = arg.split_whitespace().next().unwrap_or_default();
    let name = typed.trim_start_matches('-').trim_matches(['<', '>', '[', ']']).to_lowercase();
    Words::new(typed, name.replace(['-', '_'], " "))
}

/// One text of clap's context.
fn text(value: Option<&ContextValue>) -> String {
    texts(value).into_iter().next().unwrap_or_default()
}

/// The texts of clap's context.
fn texts(value: Option<&ContextValue>) -> Vec<String> {
    match value {
        Some(ContextValue::String(s)) => vec![s.clone()],
        Some(ContextValue::Strings(all)) => all.clone(),
        Some(ContextValue::StyledStr(s)) => vec![s.to_string()],
        Some(ContextValue::StyledStrs(all)) => all.iter().map(ToString::to_string).collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Cli;
    use crate::messages::Lang;
    use clap::Parser;

    /// What `line` is refused with, printed and spoken, in English.
    fn refused(line: &str) -> (String, String) {
        let args: Vec<std::ffi::OsString> = line.split_whitespace().map(Into::into).collect();
        let Err(error) = Cli::try_parse_from(&args) else { panic!("{line} is read") };
        let words = worded(&error, &Cli::named_command(&args), &Wording::in_language(Lang::En));
        (words.printed, words.spoken)
    }

    #[test]
    fn an_option_without_its_value_is_named() {
        let (printed, spoken) = refused("annabella play --white");
        assert_eq!(printed, "The option --white needs a value; annabella help play says what it takes.");
        assert_eq!(spoken, "The option white needs a value; annabella help play says what it takes.");
    }

    #[test]
    fn a_word_that_is_no_subcommand_is_not_understood() {
        let (printed, _) = refused("annabella reveiw");
        assert!(printed.starts_with("After annabella, reveiw is not understood"), "{printed}");
    }

    #[test]
    fn a_number_that_is_none_asks_for_a_whole_number() {
        let (printed, spoken) = refused("annabella engine game.pgn --number first");
        assert_eq!(printed, "The option --number cannot be first; use a whole number.");
        assert_eq!(spoken, "The option number cannot be first; use a whole number.");
    }

    /// The engine's depth, threads and hash are refused outside the ranges a configuration file
    /// takes, with the range.
    #[test]
    fn a_number_out_of_its_range_is_refused_with_the_range() {
        for (line, printed) in [
            ("annabella engine game.pgn --depth 0", "The option --depth cannot be 0; use a whole number from 1 to 99."),
            ("annabella review 1 --depth deep", "The option --depth cannot be deep; use a whole number from 1 to 99."),
            ("annabella engine --threads 513", "The option --threads cannot be 513; use a whole number from 1 to 512."),
            ("annabella engine --hash 0", "The option --hash cannot be 0; use a whole number from 1 to 65536."),
            ("annabella listen --seconds 0", "The option --seconds cannot be 0; use a whole number from 1 to 600."),
            (
                "annabella online --seek 15",
                "The option --seek cannot be 15; use minutes and seconds added a move, such as 15+10: 1 to 180 minutes, up to 180 seconds.",
            ),
            (
                "annabella online --seek 200+0",
                "The option --seek cannot be 200+0; use minutes and seconds added a move, such as 15+10: 1 to 180 minutes, up to 180 seconds.",
            ),
        ] {
            assert_eq!(refused(line).0, printed);
        }
        let args = ["annabella", "engine", "--depth", "99", "--threads", "512", "--hash", "1"];
        assert!(Cli::try_parse_from(args).is_ok());
    }

    /// A command without the value it needs names what it needs, in every language.
    #[test]
    fn a_missing_value_is_named_in_words() {
        let (printed, spoken) = refused("annabella pairings");
        assert_eq!(
            printed,
            "annabella pairings needs the number of players, 3 to 20; annabella help pairings says more."
        );
        assert_eq!(spoken, printed);
        for (line, what) in [
            ("annabella say", "the text to speak"),
            ("annabella export", "the game: its journal, a PGN file, or the number of a game kept"),
            ("annabella review", "the game: a PGN file, a journal, or the number of a game kept"),
        ] {
            assert!(refused(line).1.contains(&format!("needs {what};")), "{line}: {}", refused(line).1);
        }
        let args: Vec<std::ffi::OsString> = ["annabella", "pairings"].map(Into::into).to_vec();
        let Err(error) = Cli::try_parse_from(&args) else { panic!("read") };
        let de = worded(&error, "annabella pairings", &Wording::in_language(Lang::De));
        assert_eq!(
            de.spoken,
            "annabella pairings braucht die Zahl der Spieler, 3 bis 20; annabella help pairings sagt mehr."
        );
        let et = worded(&error, "annabella pairings", &Wording::in_language(Lang::Et));
        assert_eq!(
            et.spoken,
            "Käsk annabella pairings vajab mängijate arvu, 3 kuni 20; annabella help pairings ütleb rohkem."
        );
    }

    /// An option given twice is said to be given twice, not to conflict with itself.
    #[test]
    fn an_option_given_twice_is_said_so() {
        let (printed, spoken) = refused("annabella --lang en --lang de play");
        assert_eq!(printed, "The option --lang is given twice; give it once.");
        assert_eq!(spoken, "The option lang is given twice; give it once.");
        let (printed, _) = refused("annabella play --white a --white b");
        assert_eq!(printed, "The option --white is given twice; give it once.");
    }

    /// A value in its place is refused as the command's, without clap's English name for it.
    #[test]
    fn a_value_in_its_place_is_refused_as_the_commands() {
        let (printed, spoken) = refused("annabella pairings many");
        assert_eq!(printed, "annabella pairings cannot take many; use a whole number.");
        assert_eq!(spoken, printed);
    }
}
