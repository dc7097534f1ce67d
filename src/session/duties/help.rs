//! What the program says about itself and the rules: `help`, `explain`, `rules`, `engine` during a
//! game, the usage of a command given bad arguments, and what is said of a line that cannot be
//! read.

use crate::audio::Cue;
use crate::command::{topic_list, CommandSet, CommandWord, Place, Record, Topic};
use crate::config::Settings;
use crate::rules::Game;
use crate::session::Command;
use crate::wording::{Line, Wording};

/// `engine`: no engine while the game goes on (Art. 11.3); after it, how to analyse it.
pub(crate) fn engine(game: &Game, w: &Wording) -> Vec<Line> {
    if game.is_over() {
        vec![w.line("engine.after_game", &[])]
    } else {
        vec![w.line("engine.in_game", &[]).with_cue(Cue::Error)]
    }
}

/// `explain [TOPIC]`: the topic's text, or the topics.
pub(crate) fn explain(w: &Wording, topic: Option<Topic>) -> Vec<Line> {
    match topic {
        Some(Topic(t)) => vec![w.line(&format!("explain.text.{t}"), &[])],
        None => vec![w.line("explain.topics", &[("topics", &topic_list(w))])],
    }
}

/// `help [GROUP|COMMAND]`: the groups of the game's commands, one group, or one command: only
/// those that work where it is asked (`place`).
pub(crate) fn help(w: &Wording, place: Place, about: Option<CommandWord>) -> Vec<Line> {
    let offered: Vec<&'static Record> = Command::records().iter().filter(|r| r.works_in(place)).collect();
    crate::command::help(w, &offered, about.as_ref().map(|CommandWord(word)| word.as_str()))
}

/// The ruleset in force, in words.
pub(crate) fn ruleset_name(settings: &Settings, w: &Wording) -> String {
    w.text(&format!("rules.name.{}", settings.ruleset.name()), &[])
}

/// `rules`: the ruleset in force and what it decides differently.
pub(crate) fn rules(settings: &Settings, w: &Wording) -> Vec<Line> {
    let name = ruleset_name(settings, w);
    vec![
        w.line("rules.in_force", &[("rules", &name)]),
        w.line(&format!("rules.summary.{}", settings.ruleset.name()), &[]),
    ]
}
