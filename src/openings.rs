//! The named openings of lichess's chess-openings set (CC0, shipped in `data/openings/`): a
//! position is named by the opening whose moves reach it, in whatever order they were played
//! (transpositions included), and a game by the last named position it passed through. Names are
//! said in the interface language where chess players there have a name of their own for the
//! opening's family (`voices/openings.toml`: the family alone, its variations being named in
//! English only), else in English. Pure: the set is built into the
//! program and read once.

use std::collections::HashMap;
use std::sync::OnceLock;

use shakmaty::san::San;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Position};

use crate::messages::Lang;

/// A named opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opening {
    /// Its code in the Encyclopaedia of Chess Openings (`B90`).
    pub eco: &'static str,
    /// Its name in English: the family, then after a colon the variation
    /// (`Sicilian Defense: Najdorf Variation`).
    pub name: &'static str,
}

/// The set as shipped.
const SET: [&str; 5] = [
    include_str!("../data/openings/a.tsv"),
    include_str!("../data/openings/b.tsv"),
    include_str!("../data/openings/c.tsv"),
    include_str!("../data/openings/d.tsv"),
    include_str!("../data/openings/e.tsv"),
];

/// The names chess players use in German and Estonian.
const LOCAL: &str = include_str!("../voices/openings.toml");

/// The key of a position: the board, the side to move, castling and a legal en passant square.
fn key(pos: &Chess) -> u64 {
    let z: Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
    z.0
}

/// Every named position, by its key (the first name of a position where two lines reach it).
fn book() -> &'static HashMap<u64, Opening> {
    static BOOK: OnceLock<HashMap<u64, Opening>> = OnceLock::new();
    BOOK.get_or_init(|| {
        let mut book = HashMap::new();
        for line in SET.iter().flat_map(|text| text.lines().skip(1)) {
            let mut fields = line.split('\t');
            let (Some(eco), Some(name), Some(pgn)) = (fields.next(), fields.next(), fields.next()) else { continue };
            if let Some(pos) = reached(pgn) {
                book.entry(key(&pos)).or_insert(Opening { eco, name });
            }
        }
        book
    })
}

/// The position a line of moves (`1. e4 c5 2. Nf3`) reaches from the start.
fn reached(pgn: &str) -> Option<Chess> {
    let mut pos = Chess::default();
    for word in pgn.split_whitespace().filter(|w| !w.ends_with('.')) {
        let mv = word.parse::<San>().ok()?.to_move(&pos).ok()?;
        pos.play_unchecked(mv);
    }
    Some(pos)
}

/// The lines of play of the set (`1. e4 c5 2. Nf3`), each as written there.
pub fn lines() -> &'static [&'static str] {
    static LINES: OnceLock<Vec<&'static str>> = OnceLock::new();
    LINES
        .get_or_init(|| SET.iter().flat_map(|text| text.lines().skip(1)).filter_map(|l| l.split('\t').nth(2)).collect())
}

/// How many named positions the set holds.
pub fn count() -> usize {
    book().len()
}

/// The opening that names `pos`, if one does.
pub fn named(pos: &Chess) -> Option<Opening> {
    book().get(&key(pos)).copied()
}

/// The opening of a game: the last named position among `positions` (the start first).
pub fn of_game<'a>(positions: impl IntoIterator<Item = &'a Chess>) -> Option<Opening> {
    positions.into_iter().filter_map(named).last()
}

/// The opening a game has just reached, as said in `lang`: its position now (`now`, the last of
/// `positions`) is named, and said by another name than the last named position before it.
pub fn newly_reached(positions: &[Chess], lang: Lang) -> Option<Opening> {
    let (now, before) = positions.split_last()?;
    let opening = named(now)?;
    let earlier = of_game(before).map(|o| o.name_in(lang));
    (earlier.as_deref() != Some(opening.name_in(lang).as_str())).then_some(opening)
}

/// The local names of the families, by language.
fn local() -> &'static HashMap<(Lang, String), String> {
    static LOCAL_NAMES: OnceLock<HashMap<(Lang, String), String>> = OnceLock::new();
    LOCAL_NAMES.get_or_init(|| {
        let table: toml::Table = LOCAL.parse().unwrap_or_default();
        let mut names = HashMap::new();
        for (lang, code) in [(Lang::De, "de"), (Lang::Et, "et")] {
            let Some(section) = table.get(code).and_then(|v| v.as_table()) else { continue };
            for (english, local) in section {
                if let Some(local) = local.as_str() {
                    names.insert((lang, english.clone()), local.to_string());
                }
            }
        }
        names
    })
}

impl Opening {
    /// The opening's name in `lang`: its family in the language's own words where players there
    /// have them (the variations are named in English only, and an English name is not said
    /// in the middle of German or Estonian words), else the English name whole.
    pub fn name_in(&self, lang: Lang) -> String {
        let family = self.name.split_once(':').map_or(self.name, |(family, _)| family);
        match local().get(&(lang, family.to_string())) {
            Some(local) => local.clone(),
            None => self.name.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(moves: &str) -> Chess {
        reached(moves).unwrap()
    }

    #[test]
    fn every_line_of_the_set_is_read_and_names_its_position() {
        let lines: usize = SET.iter().map(|text| text.lines().skip(1).count()).sum();
        assert_eq!(lines, 3807);
        assert!(SET.iter().flat_map(|t| t.lines().skip(1)).all(|l| reached(l.split('\t').nth(2).unwrap()).is_some()));
        // Positions reached by more than one line are named once.
        assert!(count() > 3000 && count() <= lines, "{}", count());
    }

    #[test]
    fn a_position_is_named_whatever_the_order_of_its_moves() {
        let najdorf = named(&after("1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6")).unwrap();
        assert_eq!((najdorf.eco, najdorf.name), ("B90", "Sicilian Defense: Najdorf Variation"));
        // The Queen's Gambit Declined, reached through the English Opening.
        let qgd = named(&after("1. d4 d5 2. c4 e6")).unwrap();
        assert_eq!(named(&after("1. c4 e6 2. d4 d5")), Some(qgd));
        assert_eq!(named(&Chess::default()), None);
    }

    #[test]
    fn a_game_is_named_by_the_last_named_position_it_passed() {
        let mut pos = Chess::default();
        let mut positions = vec![pos.clone()];
        for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "h3"] {
            let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(mv);
            positions.push(pos.clone());
        }
        assert_eq!(of_game(&positions).map(|o| o.name), Some("Ruy Lopez: Morphy Defense"));
    }

    #[test]
    fn a_new_opening_is_one_said_by_another_name_than_the_last() {
        let line = |moves: &[&str]| {
            let mut pos = Chess::default();
            let mut positions = vec![pos.clone()];
            for san in moves {
                pos.play_unchecked(san.parse::<San>().unwrap().to_move(&pos).unwrap());
                positions.push(pos.clone());
            }
            positions
        };
        let modern = line(&["e4", "c5", "Nf3", "d6"]);
        assert_eq!(newly_reached(&modern, Lang::En).map(|o| o.name), Some("Sicilian Defense: Modern Variations"));
        // In German the Sicilian was said already: its variation is no new name there.
        assert_eq!(newly_reached(&modern, Lang::De), None);
        assert_eq!(
            newly_reached(&line(&["e4", "c5"]), Lang::De).map(|o| o.name_in(Lang::De)),
            Some("Sizilianische Verteidigung".into())
        );
        // A move that reaches no named position names none.
        assert_eq!(newly_reached(&line(&["e4", "c5", "a3", "h6"]), Lang::En), None);
    }

    #[test]
    fn names_are_said_as_players_of_the_language_say_them() {
        let spanish = named(&after("1. e4 e5 2. Nf3 Nc6 3. Bb5")).unwrap();
        assert_eq!(spanish.name_in(Lang::En), "Ruy Lopez");
        assert_eq!(spanish.name_in(Lang::De), "Spanische Partie");
        assert_eq!(spanish.name_in(Lang::Et), "Hispaania avang");
        let najdorf = named(&after("1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6")).unwrap();
        assert_eq!(najdorf.name_in(Lang::De), "Sizilianische Verteidigung");
        assert_eq!(najdorf.name_in(Lang::En), "Sicilian Defense: Najdorf Variation");
        // At least forty families have a name of their own in each language.
        let table: toml::Table = LOCAL.parse().unwrap();
        for code in ["de", "et"] {
            assert!(table[code].as_table().unwrap().len() >= 40, "{code}");
        }
    }
}
