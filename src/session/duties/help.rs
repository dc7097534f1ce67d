//! What the program says about itself and the rules: `help`, `explain`, `rules`, `engine` during a
//! game, the usage of a command given bad arguments, and what is said of a line that cannot be
//! read.

use crate::audio::Cue;
use crate::command::{lookup, topic_list, CommandSet, CommandWord, Topic};
use crate::session::{Command, Session};
use crate::wording::{Line, Words};

/// `engine`: no engine while the game goes on (Art. 11.3); after it, how to analyse it.
pub(crate) fn engine(s: &Session) -> Vec<Line> {
    if s.game.is_over() {
        vec![s.wording.line("engine.after_game", &[])]
    } else {
        vec![s.wording.line("engine.in_game", &[]).with_cue(Cue::Error)]
    }
}

/// `explain [TOPIC]`: the topic's text, or the topics.
pub(crate) fn explain(s: &Session, topic: Option<Topic>) -> Vec<Line> {
    match topic {
        Some(Topic(t)) => vec![s.wording.line(&format!("explain.text.{t}"), &[])],
        None => vec![s.wording.line("explain.topics", &[("topics", &topic_list(&s.wording))])],
    }
}

/// `help [COMMAND]`: the commands, or what one takes and does.
pub(crate) fn help(s: &Session, about: Option<CommandWord>) -> Vec<Line> {
    let lang = s.wording.lang();
    let Some(CommandWord(name)) = about else {
        let names: Vec<&str> = Command::records().iter().map(|r| r.name_in(lang)).collect();
        return vec![s.wording.line("help.intro", &[("commands", &names.join(", "))])];
    };
    let Some(record) = lookup(Command::records(), &name) else {
        return vec![s.wording.line("error.unknown_command", &[("name", &name)]).with_cue(Cue::Error)];
    };
    let spoken_usage = match record.takes_nothing() {
        true => record.name_in(lang).to_string(),
        false => {
            let expected = record.spoken_synopsis(s.wording.catalog());
            s.wording.text("help.takes", &[("command", record.name_in(lang)), ("expected", &expected)])
        }
    };
    let usage = Words::new(record.usage(lang), spoken_usage);
    let help = s.wording.words(record.help, &[]);
    let mut lines = vec![s.wording.say(s.wording.words("help.usage", &[("usage", usage), ("text", help)]))];
    let others: Vec<&str> = record.names().filter(|n| *n != record.name_in(lang)).collect();
    if !others.is_empty() {
        lines.push(s.wording.line("help.aliases", &[("aliases", &others.join(", "))]));
    }
    lines
}

/// The ruleset in force, in words.
pub(crate) fn ruleset_name(s: &Session) -> String {
    s.wording.text(&format!("rules.name.{}", s.settings.ruleset.name()), &[])
}

/// `rules`: the ruleset in force and what it decides differently.
pub(crate) fn rules(s: &Session) -> Vec<Line> {
    let name = ruleset_name(s);
    vec![
        s.wording.line("rules.in_force", &[("rules", &name)]),
        s.wording.line(&format!("rules.summary.{}", s.settings.ruleset.name()), &[]),
    ]
}
