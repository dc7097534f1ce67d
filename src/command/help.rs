//! `help`, for every front end alike: the groups of the commands it offers, in one short
//! sentence; a group's commands, a few seconds long; or what one command takes and does. A front
//! end offers only the commands that work there.

use strum::IntoEnumIterator;

use super::record::{lookup_among, Group, Record};
use crate::audio::Cue;
use crate::messages::{Catalog, Lang};
use crate::notation::fold;
use crate::wording::{Line, Wording, Words};

impl Group {
    /// The group's word in `lang` (`clock`, `Uhr`, `kell`): said in help and typed after it.
    pub fn word(self, catalog: &Catalog) -> String {
        catalog.text(&format!("group.{}", self.name()), &[])
    }

    /// The group a word names, in any language, ignoring case and diacritics.
    pub fn named(word: &str) -> Option<Group> {
        let wanted = fold(word);
        Group::iter().find(|g| Lang::ALL.into_iter().any(|l| fold(&g.word(Catalog::shipped(l))) == wanted))
    }
}

/// `help [GROUP|COMMAND]` over the commands `offered`, in their order.
pub fn help(w: &Wording, offered: &[&'static Record], about: Option<&str>) -> Vec<Line> {
    let Some(about) = about else { return vec![overview(w, offered)] };
    if let Some(group) = Group::named(about).filter(|g| offered.iter().any(|r| r.group == *g)) {
        return vec![group_line(w, offered, group)];
    }
    match lookup_among(offered, about) {
        Some(record) => command_lines(w, record),
        None => vec![w.say(w.words("error.unknown_command", &[("name", w.typed(about))])).with_cue(Cue::Error)],
    }
}

/// The commands of the group whose word `text` is alone (`clock`, `Uhr`, `kell`, in any language),
/// as `help` and that word says them: a player who names a group hears its commands.
pub fn group_named(w: &Wording, offered: &[&'static Record], text: &str) -> Option<Line> {
    let group = Group::named(text.trim()).filter(|g| offered.iter().any(|r| r.group == *g))?;
    Some(group_line(w, offered, group))
}

/// The groups there are, and how to hear one (and, in a game, that a move is typed as it is).
fn overview(w: &Wording, offered: &[&'static Record]) -> Line {
    let groups: Vec<String> =
        Group::iter().filter(|g| offered.iter().any(|r| r.group == *g)).map(|g| g.word(w.catalog())).collect();
    let example = groups.iter().find(|g| **g == Group::Clock.word(w.catalog())).unwrap_or(&groups[0]).clone();
    // A review plays no moves: its help does not invite one.
    let key = match offered.iter().any(|r| r.group == Group::Review) {
        true => "help.groups_review",
        false => "help.groups",
    };
    w.line_of(key, &[("groups", w.and_list(&groups)), ("example", example)])
}

/// One group's commands by name.
fn group_line(w: &Wording, offered: &[&'static Record], group: Group) -> Line {
    let names: Vec<&str> = offered.iter().filter(|r| r.group == group).map(|r| r.name_in(w.lang())).collect();
    let word = group.word(w.catalog());
    // The group's word begins the sentence.
    let heading = crate::messages::capitalized(&word);
    w.line_of("help.group", &[("group", heading), ("commands", w.and_list(&names))])
}

/// What one command takes and does, and its other names.
fn command_lines(w: &Wording, record: &Record) -> Vec<Line> {
    let lang = w.lang();
    let spoken_usage = match record.takes_nothing() {
        true => record.name_in(lang).to_string(),
        false => {
            let expected = record.spoken_synopsis(w.catalog());
            w.text("help.takes", &[("command", record.name_in(lang)), ("expected", &expected)])
        }
    };
    let usage = Words::new(record.usage(lang), spoken_usage);
    let text = w.words(record.help, &[]);
    let mut lines = vec![w.say(w.words("help.usage", &[("usage", usage), ("text", text)]))];
    let others: Vec<&str> = record.names().filter(|n| *n != record.name_in(lang)).collect();
    if !others.is_empty() {
        lines.push(w.line("help.aliases", &[("aliases", &others.join(", "))]));
    }
    lines
}
