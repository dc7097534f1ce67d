//! What the program says about itself and the rules: `help`, `explain`, `rules`, `engine` during a
//! game, the usage of a command given bad arguments, and what is said of a line that cannot be
//! read.

use crate::audio::Cue;
use crate::command::{topic_list, CommandSet, CommandWord, Record, Topic};
use crate::session::{Command, Session};
use crate::wording::Line;

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

/// `help [GROUP|COMMAND]`: the groups of the game's commands, one group, or one command.
pub(crate) fn help(s: &Session, about: Option<CommandWord>) -> Vec<Line> {
    let offered: Vec<&'static Record> = Command::records().iter().collect();
    crate::command::help(&s.wording, &offered, about.as_ref().map(|CommandWord(word)| word.as_str()))
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
