//! The puzzles shipped with the program: a sample of lichess's puzzle database (CC0, in
//! `data/puzzles/`), read once. A puzzle is a position before the opponent's move, that move, and
//! the line the player is to find (the player's moves and the opponent's replies); its rating and
//! themes choose it. Pure.

use std::sync::OnceLock;

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};

/// The set as shipped.
const SET: &str = include_str!("../../data/puzzles/lichess-puzzles-1499.csv");

/// One puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct Puzzle {
    /// lichess's id (`000rZ`).
    pub id: &'static str,
    /// The position before the opponent's move (FEN).
    pub fen: &'static str,
    /// The opponent's move, then the solution and the replies (UCI).
    pub moves: Vec<&'static str>,
    /// How hard it is, on lichess's puzzle rating.
    pub rating: u16,
    /// How sure that rating is.
    pub deviation: u16,
    /// Its themes, as lichess names them (`fork`, `mateIn2`).
    pub themes: Vec<&'static str>,
}

impl Puzzle {
    /// The position the puzzle starts from (before the opponent's move).
    pub fn start(&self) -> Chess {
        let fen: shakmaty::fen::Fen = self.fen.parse().expect("the shipped puzzles are checked");
        fen.into_position(CastlingMode::Standard).expect("the shipped puzzles are checked")
    }

    /// The moves of the puzzle as played from its start: the opponent's first.
    pub fn line(&self) -> Vec<Move> {
        let mut pos = self.start();
        let mut line = Vec::new();
        for uci in &self.moves {
            let Ok(mv) = uci.parse::<UciMove>().map_err(|_| ()).and_then(|u| u.to_move(&pos).map_err(|_| ())) else {
                break;
            };
            pos.play_unchecked(mv);
            line.push(mv);
        }
        line
    }

    /// Whether it has `theme` (as lichess names it, any case).
    pub fn has_theme(&self, theme: &str) -> bool {
        self.themes.iter().any(|t| t.eq_ignore_ascii_case(theme))
    }
}

/// Every puzzle of the set.
pub fn all() -> &'static [Puzzle] {
    static ALL: OnceLock<Vec<Puzzle>> = OnceLock::new();
    ALL.get_or_init(|| SET.lines().skip(1).filter_map(read).collect())
}

/// A puzzle from its line of the set.
fn read(line: &'static str) -> Option<Puzzle> {
    let fields: Vec<&'static str> = line.split(',').collect();
    let [id, fen, moves, rating, deviation, _popularity, _plays, themes, ..] = fields.as_slice() else {
        return None;
    };
    Some(Puzzle {
        id,
        fen,
        moves: moves.split_whitespace().collect(),
        rating: rating.parse().ok()?,
        deviation: deviation.parse().ok()?,
        themes: themes.split_whitespace().collect(),
    })
}

/// The puzzle with lichess's id `id` (any case).
pub fn by_id(id: &str) -> Option<&'static Puzzle> {
    all().iter().find(|p| p.id.eq_ignore_ascii_case(id.trim()))
}

/// Every theme of the set, in order.
pub fn themes() -> Vec<&'static str> {
    let mut themes: Vec<&'static str> = all().iter().flat_map(|p| p.themes.iter().copied()).collect();
    themes.sort_unstable();
    themes.dedup();
    themes
}

/// What the next puzzle is chosen by.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Choice {
    /// Only puzzles of this theme.
    pub theme: Option<String>,
    /// Only puzzles rated within this range.
    pub rating: Option<(u16, u16)>,
}

/// The puzzle to give a player rated `player`: one of `choice` not in `done`, nearest in rating
/// (within the range asked, else around the player's rating, the window widening until one is
/// found), one of the nearest picked by `pick` (a number from 0 to the count, exclusive).
pub fn choose(
    choice: &Choice,
    player: f64,
    done: &dyn Fn(&str) -> bool,
    pick: &mut dyn FnMut(usize) -> usize,
) -> Option<&'static Puzzle> {
    let fits = |p: &&'static Puzzle| {
        choice.theme.as_deref().is_none_or(|t| p.has_theme(t))
            && choice.rating.is_none_or(|(low, high)| (low..=high).contains(&p.rating))
    };
    let open: Vec<&'static Puzzle> = all().iter().filter(fits).filter(|p| !done(p.id)).collect();
    // All of a theme done: they come round again.
    let open = if open.is_empty() { all().iter().filter(fits).collect() } else { open };
    let mut window = 100.0;
    while window < 4000.0 {
        let near: Vec<&'static Puzzle> =
            open.iter().copied().filter(|p| (f64::from(p.rating) - player).abs() <= window).collect();
        if !near.is_empty() {
            return Some(near[pick(near.len()) % near.len()]);
        }
        window *= 2.0;
    }
    None
}

/// A rating range as written on the command line: `1200-1500`, or `1400` (within 100 of it).
pub fn rating_range(text: &str) -> Option<(u16, u16)> {
    match text.split_once('-') {
        Some((low, high)) => {
            let (low, high) = (low.trim().parse().ok()?, high.trim().parse().ok()?);
            (low <= high).then_some((low, high))
        }
        None => {
            let at: u16 = text.trim().parse().ok()?;
            Some((at.saturating_sub(100), at.saturating_add(100)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_puzzle_of_the_set_is_read_and_its_line_is_legal() {
        assert_eq!(all().len(), 1499);
        for p in all() {
            assert_eq!(p.line().len(), p.moves.len(), "{}", p.id);
            assert!(p.moves.len() >= 2 && p.moves.len() % 2 == 0, "{}", p.id);
        }
        let mate = by_id("000rZ").unwrap();
        assert_eq!((mate.rating, mate.moves.len()), (633, 2));
        assert!(mate.has_theme("mateIn1") && themes().contains(&"fork"));
    }

    #[test]
    fn the_next_puzzle_is_near_the_players_rating_and_of_the_theme_asked() {
        let none_done = |_: &str| false;
        let first = |_: usize| 0;
        let near = choose(&Choice::default(), 1500.0, &none_done, &mut { first }).unwrap();
        assert!((f64::from(near.rating) - 1500.0).abs() <= 100.0, "{}", near.rating);
        let fork = Choice { theme: Some("fork".into()), rating: None };
        assert!(choose(&fork, 800.0, &none_done, &mut { first }).unwrap().has_theme("fork"));
        let range = Choice { theme: None, rating: rating_range("2000-2100") };
        let hard = choose(&range, 600.0, &none_done, &mut { first }).unwrap();
        assert!((2000..=2100).contains(&hard.rating));
        // One done is not given again while others are open.
        let done = |id: &str| id == near.id;
        assert_ne!(choose(&Choice::default(), f64::from(near.rating), &done, &mut { first }).unwrap().id, near.id);
        assert_eq!(rating_range("1400"), Some((1300, 1500)));
        assert_eq!(rating_range("1500-1400"), None);
    }
}
