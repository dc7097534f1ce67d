//! One record per command: its English name (which always works), short aliases, its names in
//! the other interface languages, its typed signature, its help key and the group it is listed
//! in. A front end declares its commands with `commands!`, which makes the records, the typed
//! command enum, its reading and its handlers from one list; parsing, usage, help and completion
//! all come from the records.

use super::params::{ArgError, Args};
use super::shape::{self, Shape};
use crate::messages::{Catalog, Lang};
use crate::notation::fold;

/// The groups `help` names, each a few commands long.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumIter, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase")]
pub enum Group {
    /// Moves and what is said about them.
    Moves,
    /// Draw offers, claims and resignation.
    Offers,
    /// The clock, and the arbiter's corrections of it.
    Clock,
    /// Questions about the position.
    Board,
    /// The two boards, the scoresheets, relays and repairs.
    Table,
    /// The game as a whole: new, adjourned, saved, analysed.
    Game,
    /// How things are said and heard.
    Speech,
    /// Stepping through a game under review.
    Review,
    /// Puzzles, exercises and drills.
    Training,
}

impl Group {
    /// The group's catalogue name (`help.group.NAME`).
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// Where a command can be given: at the table, online, in a practice game, in a review, with
/// the coach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumIter)]
pub enum Place {
    /// A game at the table against a sighted opponent, with an arbiter.
    Table,
    /// A game online, whose server keeps the clocks and decides the end.
    Online,
    /// A practice game against the engine at home (not a rated game: takebacks and hints).
    Practice,
    /// A game under review after it was played.
    Review,
    /// A puzzle, an exercise from the player's games, or a drill.
    Coach,
}

/// The places a command works in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Places(u8);

impl Places {
    /// Every place a game is played in: at the table, online, in practice.
    pub const GAME: Places = Places::of(&[Place::Table, Place::Online, Place::Practice]);

    /// The places named.
    pub const fn of(places: &[Place]) -> Places {
        let mut bits = 0;
        let mut i = 0;
        while i < places.len() {
            bits |= 1 << places[i] as u8;
            i += 1;
        }
        Places(bits)
    }

    /// Whether the command works in `place`.
    pub fn has(self, place: Place) -> bool {
        self.0 & (1 << place as u8) != 0
    }
}

/// One command as its front end declares it.
#[derive(Debug, Clone, Copy)]
pub struct Record {
    /// The English name, which always works.
    pub name: &'static str,
    /// Short English aliases and other spellings.
    pub aliases: &'static [&'static str],
    /// The names in Estonian and German.
    pub localized: [&'static str; 2],
    /// The arguments' shapes, in order.
    pub signature: fn() -> Vec<Shape>,
    /// The catalogue key of the help text.
    pub help: &'static str,
    /// The group `help` lists it in.
    pub group: Group,
    /// Whether it only asks (about the board, the time, the moves, the commands) and changes
    /// nothing: asked while a question waits, it is answered and the question still waits.
    pub asks: bool,
    /// Where it works; `help` names it only there.
    pub places: Places,
    /// The sentences that stand for it, in every language, each with the arguments it gives;
    /// `_` in a sentence is a word given as the argument ("what attacks _").
    pub sentences: &'static [(&'static str, &'static str)],
    /// The words said aloud for it, by phrase pack: (pack, word).
    pub heard: &'static [(&'static str, &'static str)],
}

impl Record {
    /// Every name this command answers to.
    pub fn names(&self) -> impl Iterator<Item = &'static str> {
        std::iter::once(self.name).chain(self.aliases.iter().copied()).chain(self.localized)
    }

    /// The name in an interface language.
    pub fn name_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.name,
            Lang::Et => self.localized[0],
            Lang::De => self.localized[1],
        }
    }

    /// Whether the command works in `place`.
    pub fn works_in(&self, place: Place) -> bool {
        self.places.has(place)
    }

    /// Whether the command takes no arguments (then words after it make a move, as in `R f3`).
    pub fn takes_nothing(&self) -> bool {
        (self.signature)().is_empty()
    }

    /// What follows the name, as help shows it in `lang` (`[weiß|schwarz]`).
    pub fn synopsis(&self, lang: Lang) -> String {
        shape::printed(&(self.signature)(), lang)
    }

    /// `name args`, for help.
    pub fn usage(&self, lang: Lang) -> String {
        match self.synopsis(lang) {
            args if args.is_empty() => self.name_in(lang).to_string(),
            args => format!("{} {args}", self.name_in(lang)),
        }
    }

    /// What the command takes, in words for speech ("white or black"; "a move"), or the
    /// catalogue's own wording (`usage.NAME`) where the signature is too knotted to read out.
    pub fn spoken_synopsis(&self, catalog: &Catalog) -> String {
        let own = format!("usage.{}", self.name);
        if catalog.has(&own) {
            return catalog.text(&own, &[]);
        }
        shape::spoken(&(self.signature)(), catalog)
    }
}

impl PartialEq for Record {
    fn eq(&self, other: &Record) -> bool {
        self.name == other.name
    }
}

impl Eq for Record {}

/// The commands of one front end, declared with `commands!`: typed, each read by its record.
pub trait CommandSet: Sized + 'static {
    /// Every command's record, in the order declared.
    fn records() -> &'static [Record];

    /// The command `record` names, its arguments read from `args`.
    fn read(record: &'static Record, args: &mut Args<'_>) -> Result<Self, ArgError>;

    /// This command's record.
    fn record(&self) -> &'static Record;
}

/// The record a name stands for among `records`, in any language, ignoring case and diacritics.
pub fn lookup(records: &'static [Record], name: &str) -> Option<&'static Record> {
    let wanted = fold(name);
    records.iter().find(|r| r.names().any(|n| fold(n) == wanted))
}

/// The record a name stands for among the records a front end offers.
pub fn lookup_among(records: &[&'static Record], name: &str) -> Option<&'static Record> {
    let wanted = fold(name);
    records.iter().copied().find(|r| r.names().any(|n| fold(n) == wanted))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_works_in_the_places_its_record_names() {
        let game = Places::GAME;
        assert!(game.has(Place::Table) && game.has(Place::Online) && game.has(Place::Practice));
        assert!(!game.has(Place::Review));
        let arbiter = Places::of(&[Place::Table, Place::Practice]);
        assert!(arbiter.has(Place::Practice) && !arbiter.has(Place::Online));
        assert!(!Places::of(&[]).has(Place::Table));
    }
}
