//! The options of `play` typed before a subcommand's name (`annabella --clock simulated play`):
//! moved after the name before the command line is read, so that `play` and `resume` take them
//! as typed after it and any other subcommand refuses the ones it has not, never dropping them
//! in silence.

use std::ffi::OsString;

use clap::{Args, CommandFactory};

use super::{Cli, PlayArgs};

/// `args` (the program's name first) with the options before the subcommand's name moved after
/// it, when one of them is an option of `play`; else as they are.
pub fn in_place(args: Vec<OsString>) -> Vec<OsString> {
    match subcommand_at(&args) {
        Some(at) => [&args[..1], &args[at..=at], &args[1..at], &args[at + 1..]].concat(),
        None => args,
    }
}

/// Where the subcommand's name is in `args`, when options of `play` come before it.
fn subcommand_at(args: &[OsString]) -> Option<usize> {
    let cli = Cli::command();
    let play = PlayArgs::augment_args(clap::Command::new("play"));
    let of_play = |name: &str| play.get_arguments().any(|a| a.get_long() == Some(name));
    let (mut at, mut any_of_play) = (1, false);
    while let Some(token) = args.get(at) {
        // Before the subcommand there are only options: a word is its name (or no subcommand's,
        // which is refused as such once moved).
        let long = token.to_str()?.strip_prefix("--");
        let Some(long) = long else { return (any_of_play && !token.to_str()?.starts_with('-')).then_some(at) };
        let (name, inline) = long.split_once('=').map_or((long, false), |(name, _)| (name, true));
        if name.is_empty() {
            return None;
        }
        any_of_play |= of_play(name);
        let takes_value = cli.get_arguments().any(|a| a.get_long() == Some(name) && a.get_action().takes_values());
        at += if takes_value && !inline { 2 } else { 1 };
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moved(line: &str) -> String {
        let args: Vec<OsString> = line.split_whitespace().map(OsString::from).collect();
        in_place(args).iter().map(|a| a.to_string_lossy().into_owned()).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn the_options_of_play_before_a_subcommand_go_after_its_name() {
        assert_eq!(
            moved("annabella --clock simulated play --blind white"),
            "annabella play --clock simulated --blind white"
        );
        assert_eq!(moved("annabella --speech text --white=Ann games"), "annabella games --speech text --white=Ann");
        assert_eq!(
            moved("annabella --lang de --cues off resume x.envelope"),
            "annabella --lang de --cues off resume x.envelope"
        );
    }

    #[test]
    fn a_command_line_without_a_subcommand_or_without_options_of_play_before_it_is_as_typed() {
        for line in [
            "annabella --clock simulated --blind white",
            "annabella --white play",
            "annabella play --clock simulated",
            "annabella --clock simulated -- play",
            "annabella --clock simulated -h",
        ] {
            assert_eq!(moved(line), line);
        }
    }
}
