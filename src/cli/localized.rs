//! The command line's help in the interface language: what every command does, what every option
//! takes, the names of the values and the headings, from the catalogue (`cli.help.*`,
//! `cli.value.*`, `cli.heading.*`). clap reads the command line and lays the help out; the
//! English of the derives is for the code's readers, and what is printed is the catalogue's.

use clap::builder::Resettable;
use clap::{Command, CommandFactory, Id};

use super::Cli;
use crate::messages::{Catalog, Lang};

/// The command line of annabella, with its help in `lang`.
pub fn command_in(lang: Lang) -> Command {
    Localizer::new(lang).command().0
}

/// Puts the catalogue's words in place of clap's and the derives', and notes a word missing.
struct Localizer {
    catalog: &'static Catalog,
    missing: Vec<String>,
}

impl Localizer {
    fn new(lang: Lang) -> Localizer {
        Localizer { catalog: Catalog::shipped(lang), missing: Vec::new() }
    }

    /// The whole command line, built (so that every option, the help flag and the help
    /// subcommand are there) and then worded.
    fn command(mut self) -> (Command, Vec<String>) {
        let mut command = Cli::command();
        command.build();
        let command = self.worded(command);
        self.missing.sort();
        self.missing.dedup();
        (command, self.missing)
    }

    /// The first of `keys` the catalogue has; a missing one is noted under the first key.
    fn text(&mut self, keys: &[String]) -> Option<String> {
        let found = keys.iter().find(|k| self.catalog.has(k)).map(|k| self.catalog.text(k, &[]));
        if found.is_none() {
            self.missing.push(keys[0].clone());
        }
        found
    }

    /// One command and everything under it, worded.
    fn worded(&mut self, mut command: Command) -> Command {
        let name = command.get_name().to_string();
        if let Some(about) = self.text(&[format!("cli.help.{name}")]) {
            command = command.about(about).long_about(Resettable::Reset);
        }
        let ids: Vec<Id> = command.get_arguments().map(|a| a.get_id().clone()).collect();
        for id in ids {
            command = self.option_worded(command, &name, id);
        }
        let subcommands: Vec<String> = command.get_subcommands().map(|s| s.get_name().to_string()).collect();
        for sub in subcommands {
            command = command.mut_subcommand(sub, |s| self.worded(s));
        }
        self.laid_out(command)
    }

    /// The option (or value in its place) `id` of the command `name`: its help and the names of
    /// its values; the choices and defaults clap would add in English are said by the help.
    fn option_worded(&mut self, command: Command, name: &str, id: Id) -> Command {
        let help = self.text(&arg_keys(name, id.as_str()));
        let english: Vec<String> = command
            .get_arguments()
            .find(|a| *a.get_id() == id && a.get_action().takes_values())
            .and_then(|a| a.get_value_names())
            .unwrap_or_default()
            .iter()
            .map(|v| v.to_lowercase())
            .collect();
        let values: Vec<String> = english.iter().filter_map(|v| self.text(&[format!("cli.value.{v}")])).collect();
        command.mut_arg(id, |arg| {
            let arg = arg.hide_possible_values(true).hide_default_value(true).long_help(Resettable::Reset);
            let arg = match help {
                Some(help) => arg.help(help),
                None => arg,
            };
            match values.is_empty() {
                true => arg,
                false => arg.value_names(values),
            }
        })
    }

    /// The usage line and the headings of `command`'s help, in words of the catalogue.
    fn laid_out(&mut self, mut command: Command) -> Command {
        let heading = |this: &mut Localizer, key: &str| this.text(&[format!("cli.heading.{key}")]).unwrap_or_default();
        let (usage, commands, arguments, options) =
            (heading(self, "usage"), heading(self, "commands"), heading(self, "arguments"), heading(self, "options"));
        let command_value = self.text(&["cli.value.command".to_string()]).unwrap_or_default();
        command = command.subcommand_value_name(command_value).subcommand_help_heading(commands.clone());
        let rendered = command.render_usage().to_string();
        let line = rendered.split_once(": ").map_or(rendered.as_str(), |(_, line)| line);
        let line = line.replace("[OPTIONS]", &format!("[{}]", options.to_uppercase()));
        let mut template = format!("{{about-with-newline}}\n{usage}: {{usage}}\n");
        if command.get_subcommands().any(|s| !s.is_hide_set()) {
            template.push_str(&format!("\n{commands}:\n{{subcommands}}\n"));
        }
        if command.get_positionals().any(|a| !a.is_hide_set()) {
            template.push_str(&format!("\n{arguments}:\n{{positionals}}\n"));
        }
        if command.get_arguments().any(|a| !a.is_positional() && !a.is_hide_set()) {
            template.push_str(&format!("\n{options}:\n{{options}}\n"));
        }
        command.override_usage(line).help_template(template)
    }
}

/// Where an option's help is found: the command's own, then `play`'s for the flags of a game
/// (given without a subcommand, or to `resume`), then the flags every command has.
fn arg_keys(command: &str, id: &str) -> Vec<String> {
    let mut keys = vec![format!("cli.help.{command}.{id}")];
    if command == "annabella" || command == "resume" {
        keys.push(format!("cli.help.play.{id}"));
    }
    keys.push(format!("cli.help.global.{id}"));
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The help of `path` (`["play"]`, `[]` for annabella's own) in `lang`.
    fn help(lang: Lang, path: &[&str]) -> String {
        let mut command = command_in(lang);
        let mut command = &mut command;
        for name in path {
            command = command.find_subcommand_mut(name).expect("a subcommand");
        }
        command.render_help().to_string()
    }

    /// Every command's path: annabella itself, then each subcommand.
    fn paths() -> Vec<Vec<String>> {
        let command = command_in(Lang::En);
        let mut paths = vec![Vec::new()];
        paths.extend(command.get_subcommands().map(|s| vec![s.get_name().to_string()]));
        paths
    }

    /// German and Estonian help holds none of the English: neither clap's own words nor the
    /// English catalogue's help, and its headings are the language's.
    #[test]
    fn the_help_of_every_command_is_in_the_interface_language() {
        let english = Catalog::shipped(Lang::En);
        let english_help: Vec<String> = english
            .keys()
            .filter(|k| k.starts_with("cli.help.") || k.starts_with("cli.heading."))
            .map(|k| english.text(k, &[]))
            .collect();
        const CLAPS: [&str; 8] =
            ["Usage", "Options", "Arguments", "Commands", "Print help", "[OPTIONS]", "possible values", "default:"];
        for lang in [Lang::De, Lang::Et] {
            let catalog = Catalog::shipped(lang);
            for path in paths() {
                let path: Vec<&str> = path.iter().map(String::as_str).collect();
                let text = help(lang, &path);
                let left: Vec<&str> = CLAPS.iter().copied().filter(|w| text.contains(w)).collect();
                assert!(left.is_empty(), "{lang} help of {path:?} holds clap's {left:?}:\n{text}");
                let english = english_help.iter().find(|e| e.len() > 12 && text.contains(e.as_str()));
                assert!(english.is_none(), "{lang} help of {path:?} holds {english:?}");
                let usage = format!("{}: annabella", catalog.text("cli.heading.usage", &[]));
                assert!(text.contains(&usage), "{text}");
                let has_help_flag = path.first().is_none_or(|name| *name != "help");
                assert_eq!(text.contains(&catalog.text("cli.help.global.help", &[])), has_help_flag, "{text}");
            }
        }
    }

    /// A command's help is said once: `-h`, `--help` and `help COMMAND` print the same, laid out
    /// the same.
    #[test]
    fn the_short_help_is_the_long_help() {
        let printed = |line: &[&str]| command_in(Lang::De).try_get_matches_from(line).unwrap_err().to_string();
        for path in paths().into_iter().filter(|p| p.first().is_none_or(|name| name != "help")) {
            let mut line = vec!["annabella"];
            line.extend(path.iter().map(String::as_str));
            let short = printed(&[line.clone(), vec!["-h"]].concat());
            assert_eq!(short, printed(&[line.clone(), vec!["--help"]].concat()), "{path:?}");
            let asked = [vec!["annabella", "help"], path.iter().map(String::as_str).collect()].concat();
            assert_eq!(short, printed(&asked), "{path:?}");
            assert!(short.contains("  -h, --help  "), "{short}");
        }
    }

    /// The values are named in the language, and the usage line with them.
    #[test]
    fn values_and_the_usage_line_are_in_the_language() {
        let text = help(Lang::Et, &["review"]);
        assert!(text.contains("Kasutus: annabella review [VÕTMED] <PARTII>"), "{text}");
        assert!(text.contains("--depth <POOLKÄIGUD>"), "{text}");
        let text = help(Lang::De, &[]);
        assert!(text.contains("Aufruf: annabella [OPTIONEN] [BEFEHL]"), "{text}");
        assert!(text.contains("--journal <DATEI>"), "{text}");
        let text = help(Lang::En, &["export"]);
        assert!(text.contains("Usage: annabella export [OPTIONS] <GAME>"), "{text}");
    }

    /// The help changes no reading: a command line means the same in every language.
    #[test]
    fn the_command_line_is_read_alike_in_every_language() {
        let line = ["annabella", "engine", "g.pgn", "--depth", "20", "--lang", "et", "--cues", "off"];
        for lang in Lang::ALL {
            let matches = command_in(lang).try_get_matches_from(line).expect("read");
            let (name, sub) = matches.subcommand().expect("a subcommand");
            assert_eq!((name, sub.get_one::<u8>("depth")), ("engine", Some(&20)), "{lang}");
            assert_eq!(sub.get_one::<Lang>("lang"), Some(&Lang::Et));
        }
        let refused = command_in(Lang::De).try_get_matches_from(["annabella", "pairings", "--nope"]);
        assert_eq!(refused.unwrap_err().kind(), clap::error::ErrorKind::UnknownArgument);
    }

    #[test]
    fn every_word_of_the_help_is_in_every_catalogue() {
        for lang in Lang::ALL {
            let missing = Localizer::new(lang).command().1;
            assert!(missing.is_empty(), "{lang} lacks {} words of the help: {missing:?}", missing.len());
        }
    }
}
