//! The archive: every finished game is kept as PGN in the games folder, and every game in its
//! journal there; `annabella games` lists them (a game its journal holds and no PGN does, as far
//! as it was played), newest first, each with its date, the opponent of the player at the tactile board (the
//! `BlindPlayer` tag says who that was), that player's colour and how the game ended for them, in
//! words that are spoken as they are printed.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::SystemTime;

use shakmaty::{Color, Position};

use super::talk::Talk;
use crate::cli::{GamesArgs, GlobalArgs};
use crate::messages::Catalog;
use crate::store::PgnGame;
use crate::wording::Line;

/// One game of the archive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchivedGame {
    /// Its file.
    pub path: PathBuf,
    /// The date as PGN writes it (`2026.11.24`, with `??` where unknown).
    pub date: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Who sat at the tactile board, when the game says.
    pub blind: Option<Color>,
    /// The opening played, by the last named position the game passed.
    pub opening: Option<crate::openings::Opening>,
    /// Called off without a result (`*` with the `Termination` `abandoned`: an online game
    /// aborted or never started).
    pub called_off: bool,
    /// How many half-moves were played.
    pub plies: usize,
    /// The start and the moves, to know the same game kept twice.
    moves: String,
    modified: SystemTime,
}

/// The games of the folder `dir`, newest first (by date, then by when the file was written): its
/// PGN files, and its journals that have none beside them (games not finished, or finished
/// without a PGN kept) as far as they were played. A journal that went on with another game after
/// the one its PGN holds (`new` after a game's end) lists that game too while it is unfinished,
/// and a PGN written part way through the journal's game (`pgn`) gives way to the game as the
/// journal has it now. The analyses `annabella engine` writes are left out; so are files that
/// cannot be read as a game, and they are counted.
pub fn archive(dir: &Path) -> Archive {
    let Ok(entries) = std::fs::read_dir(dir) else { return Archive::default() };
    let files: Vec<PathBuf> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    let is = |path: &Path, ext: &str| path.extension().is_some_and(|x| x == ext);
    let mut archive = Archive::default();
    let mut given_way = Vec::new();
    for journal in files.iter().filter(|p| is(p, "journal")) {
        let beside = journal.with_extension("pgn");
        if !beside.exists() {
            match crate::front::journal_pgn(journal).ok().map(|game| archived(journal, game)) {
                Some(game) => archive.games.push(game),
                None => archive.skipped_journals += 1,
            }
        } else if let Some((game, snapshot)) = going_on(journal, &beside) {
            if snapshot {
                given_way.push(beside);
            }
            archive.games.push(archived(journal, game));
        }
    }
    for pgn in files.iter().filter(|p| is(p, "pgn") && !is_analysis(p) && !given_way.contains(p)) {
        match read_pgn(pgn) {
            Some(game) => archive.games.push(archived(pgn, game)),
            None => archive.skipped += 1,
        }
    }
    // Newest first; games whose date is not known after those whose date is.
    let known = |g: &ArchivedGame| !g.date.starts_with('?');
    archive.games.sort_by(|a, b| known(b).cmp(&known(a)).then(b.date.cmp(&a.date)).then(b.modified.cmp(&a.modified)));
    // The same game kept twice (saved again with `pgn` after it ended) is listed once.
    let mut seen = std::collections::HashSet::new();
    archive.games.retain(|g| seen.insert((g.moves.clone(), g.white.clone(), g.black.clone(), g.result.clone())));
    archive
}

/// The file of the game `named` on a command line: a file, or, when it is a number and no file
/// has that name, the game of that number as `annabella games` lists them.
pub fn named_game(named: &Path) -> Result<PathBuf, NotKept> {
    let number = named.to_str().and_then(|n| n.parse::<usize>().ok()).filter(|_| !named.exists());
    let Some(number) = number else { return Ok(named.to_path_buf()) };
    let games = crate::places::games_dir().map(|d| archive(&d).games).unwrap_or_default();
    let count = games.len();
    let game = games.get(number.wrapping_sub(1)).ok_or(NotKept { number, count })?;
    Ok(game.path.clone())
}

/// The archive has no game of the number asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("there is no game {number}; {count} games are kept")]
pub struct NotKept {
    /// The number asked for.
    pub number: usize,
    /// How many games there are.
    pub count: usize,
}

impl NotKept {
    /// The refusal in `w`'s language, with how many games there are.
    pub fn worded(&self, w: &crate::wording::Wording) -> crate::wording::Words {
        let number = ("number", self.number.to_string().into());
        match self.count {
            0 => w.words("review.no_game_none_kept", &[number]),
            count => w.words("review.no_game", &[number, ("count", count.to_string().into())]),
        }
    }
}

/// Whether the file at `path` is an analysis `annabella engine` wrote: `NAME-analysed.pgn`, or
/// `NAME-analysed-2.pgn` where that name was taken.
fn is_analysis(path: &Path) -> bool {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let unnumbered = match stem.rsplit_once('-') {
        Some((before, n)) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => before,
        _ => stem.as_str(),
    };
    unnumbered.ends_with("-analysed")
}

/// The games kept in a folder, and how many files there could not be read.
#[derive(Debug, Default)]
pub struct Archive {
    /// The games, newest first.
    pub games: Vec<ArchivedGame>,
    /// PGN files left out because they hold no readable game.
    pub skipped: usize,
    /// Journals left out because their game cannot be replayed.
    pub skipped_journals: usize,
}

/// The unfinished game `journal` goes on with, when it has a PGN `beside` it: with whether that
/// PGN is this game written part way (its moves the first of the journal's, no result), else
/// `None` (the game is over, and kept as PGN, or not begun).
fn going_on(journal: &Path, beside: &Path) -> Option<(PgnGame, bool)> {
    let game = crate::front::journal_pgn(journal).ok()?;
    if game.result != "*" || game.moves.is_empty() {
        return None;
    }
    let snapshot = read_pgn(beside).is_some_and(|kept| {
        kept.result == "*"
            && kept.start == game.start
            && kept.moves.len() <= game.moves.len()
            && kept.moves.iter().zip(&game.moves).all(|(a, b)| a.mv == b.mv)
    });
    Some((game, snapshot))
}

/// The first game of the PGN file at `path`.
fn read_pgn(path: &Path) -> Option<PgnGame> {
    let text = crate::store::PgnText::read(path).ok()?.text;
    PgnGame::read(crate::store::games(&text).first()?).ok()
}

/// `game`, kept in the file at `path`, as the archive lists it.
fn archived(path: &Path, game: PgnGame) -> ArchivedGame {
    let tag = |name: &str| game.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
    let blind = match tag(crate::store::BLIND_TAG).as_deref() {
        Some("White") => Some(Color::White),
        Some("Black") => Some(Color::Black),
        _ => None,
    };
    ArchivedGame {
        path: path.to_path_buf(),
        date: tag("Date").unwrap_or_else(|| "????.??.??".into()),
        white: tag("White").unwrap_or_else(|| "?".into()),
        black: tag("Black").unwrap_or_else(|| "?".into()),
        result: game.result.clone(),
        blind,
        opening: opening_of(&game),
        called_off: game.result == "*" && tag("Termination").as_deref() == Some("abandoned"),
        plies: game.moves.len(),
        moves: format!(
            "{:?} {}",
            game.start,
            game.moves.iter().map(|m| m.mv.to_string()).collect::<Vec<_>>().join(" ")
        ),
        modified: std::fs::metadata(path).and_then(|m| m.modified()).unwrap_or(SystemTime::UNIX_EPOCH),
    }
}

/// The opening of a game, by the last named position it passed.
fn opening_of(game: &PgnGame) -> Option<crate::openings::Opening> {
    let mut pos: shakmaty::Chess =
        game.start.as_deref().and_then(|f| crate::rules::parse_fen(f).ok()).unwrap_or_default();
    let mut positions = vec![pos.clone()];
    for m in &game.moves {
        pos.play_unchecked(m.mv);
        positions.push(pos.clone());
    }
    crate::openings::of_game(&positions)
}

impl ArchivedGame {
    /// The game in words, numbered `number`: "3. 24 November 2026: with White against Bruno,
    /// won." or, when nobody sat at a tactile board, "… Anna against Bruno, White won."
    pub fn words(&self, number: usize, catalog: &Catalog) -> String {
        let moves = catalog.text("games.length", &[("count", &self.plies.div_ceil(2).to_string())]);
        let entry = format!("{} {moves}", self.entry(number, catalog));
        match self.opening {
            Some(opening) => {
                let opening = catalog.text("games.opening", &[("name", &opening.name_in(catalog.lang()))]);
                format!("{entry} {opening}")
            }
            None => entry,
        }
    }

    /// The game in words, without its opening.
    fn entry(&self, number: usize, catalog: &Catalog) -> String {
        let date = date_words(&self.date, catalog);
        let number = number.to_string();
        match self.blind {
            Some(color) => {
                let (own, opponent) = match color {
                    Color::White => ("games.with_white", self.black.as_str()),
                    Color::Black => ("games.with_black", self.white.as_str()),
                };
                let opponent = crate::wording::player_name(opponent, "games.unnamed_opponent", catalog);
                let outcome = catalog.text(self.outcome_key(Some(color)), &[]);
                let own = catalog.text(own, &[]);
                let args = [("number", number.as_str()), ("date", &date), ("with", &own), ("opponent", &opponent)];
                catalog.text("games.entry_blind", &[args.as_slice(), &[("outcome", outcome.as_str())]].concat())
            }
            None => {
                let outcome = catalog.text(self.outcome_key(None), &[]);
                let white = crate::wording::player_name(&self.white, "games.unnamed_white", catalog);
                let black = crate::wording::player_name(&self.black, "games.unnamed_black", catalog);
                let args = [("number", number.as_str()), ("date", &date), ("white", &white), ("black", &black)];
                catalog.text("games.entry", &[args.as_slice(), &[("outcome", outcome.as_str())]].concat())
            }
        }
    }
}

impl ArchivedGame {
    /// How the game ended, for the player of `color` when there is one.
    fn outcome_key(&self, color: Option<Color>) -> &'static str {
        if self.called_off {
            return "games.not_played";
        }
        outcome_key(&self.result, color)
    }
}

/// How a game with `result` ended, for the player of `color` when there is one.
fn outcome_key(result: &str, color: Option<Color>) -> &'static str {
    let result = crate::rules::GameResult::from_score(result);
    match (result.map(|r| r.winner()), color) {
        (None, _) => "games.unfinished",
        (Some(None), _) => "games.drawn",
        (Some(Some(winner)), Some(color)) if winner == color => "games.won",
        (Some(Some(_)), Some(_)) => "games.lost",
        (Some(Some(Color::White)), None) => "games.white_won",
        (Some(Some(Color::Black)), None) => "games.black_won",
    }
}

/// A PGN date in words: "24 November 2026"; parts unknown are left out.
fn date_words(date: &str, catalog: &Catalog) -> String {
    let parts: Vec<&str> = date.split('.').collect();
    let number = |i: usize| parts.get(i).and_then(|p| p.parse::<u32>().ok());
    match (number(0), number(1), number(2)) {
        (Some(year), Some(month @ 1..=12), Some(day)) => {
            let month = catalog.text(&format!("month.{month}"), &[]);
            catalog.text("games.date", &[("day", &day.to_string()), ("month", &month), ("year", &year.to_string())])
        }
        (Some(year), _, _) => year.to_string(),
        _ => catalog.text("games.no_date", &[]),
    }
}

/// How many games are listed without `--all`: the newest (twenty take about a minute and a half
/// to hear).
const LISTED: usize = 20;

/// Lists the games of the games folder, printed and spoken.
pub fn games(global: &GlobalArgs, args: &GamesArgs) -> ExitCode {
    let mut talk = match Talk::open(global) {
        Ok(talk) => talk,
        Err(code) => return code,
    };
    // A folder named that is not there is said so, not taken for an empty archive.
    if let Some(dir) = args.dir.as_deref().filter(|d| !d.is_dir()) {
        let w = talk.wording();
        let line =
            w.say(w.words("games.no_folder", &[("path", crate::wording::file_name(&dir.display().to_string()))]));
        return talk.refuse(&[line]);
    }
    let catalog = talk.wording().catalog();
    let dir = args.dir.clone().or_else(crate::places::games_dir);
    let Archive { games, skipped, skipped_journals } = dir.as_deref().map(archive).unwrap_or_default();
    let mut texts = Vec::new();
    // Where the word that more games are kept goes, and how many were listed.
    let mut more = None;
    if games.is_empty() {
        texts.push(catalog.text("games.none", &[]));
    } else {
        let count = match games.len() {
            1 => catalog.text("games.count_one", &[]),
            n => catalog.text("games.count", &[("count", &n.to_string())]),
        };
        texts.push(count);
        let shown = if args.all { games.len() } else { games.len().min(LISTED) };
        texts.extend(games.iter().take(shown).enumerate().map(|(i, g)| g.words(i + 1, catalog)));
        more = (shown < games.len()).then_some((texts.len(), shown));
    }
    match skipped {
        0 => {}
        1 => texts.push(catalog.text("games.skipped_one", &[])),
        n => texts.push(catalog.text("games.skipped", &[("count", &n.to_string())])),
    }
    match skipped_journals {
        0 => {}
        1 => texts.push(catalog.text("games.skipped_journal_one", &[])),
        n => texts.push(catalog.text("games.skipped_journals", &[("count", &n.to_string())])),
    }
    let w = talk.wording();
    let mut lines: Vec<Line> = texts.into_iter().map(|t| w.say_text(t)).collect();
    if let Some((at, shown)) = more {
        lines.insert(at, w.say(w.words("games.more", &[("shown", shown.to_string().into())])));
    }
    talk.say(&lines);
    talk.finish(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::Lang;

    #[test]
    fn an_analysis_is_known_by_its_name_whether_numbered_or_not() {
        for analysis in ["g-analysed.pgn", "dir/g-analysed-2.pgn", "game-1-0-analysed-13.pgn"] {
            assert!(is_analysis(Path::new(analysis)), "{analysis}");
        }
        for game in ["g.pgn", "game-1795900141-5354-0-2.pgn", "analysed.pgn", "g-analysed-x.pgn", "g-analysed-.pgn"] {
            assert!(!is_analysis(Path::new(game)), "{game}");
        }
    }

    fn game(date: &str, result: &str, blind: Option<Color>) -> ArchivedGame {
        ArchivedGame {
            path: PathBuf::new(),
            date: date.into(),
            white: "Anna".into(),
            black: "Bruno".into(),
            result: result.into(),
            blind,
            opening: None,
            called_off: false,
            plies: 23,
            moves: String::new(),
            modified: SystemTime::UNIX_EPOCH,
        }
    }

    #[test]
    fn a_game_is_named_by_its_opening_in_the_listeners_language() {
        let read = PgnGame::read("[White \"A\"]\n\n1. e4 c5 2. Nf3 d6 *\n").unwrap();
        let opening = opening_of(&read);
        assert_eq!(opening.map(|o| o.name), Some("Sicilian Defense: Modern Variations"));
        let listed = ArchivedGame { opening, ..game("2026.11.24", "*", Some(Color::White)) };
        let said = listed.words(1, &Catalog::new(crate::messages::Lang::De));
        assert!(said.ends_with("Eröffnung: Sizilianische Verteidigung."), "{said}");
    }

    #[test]
    fn a_game_is_said_from_the_blind_players_side() {
        let en = Catalog::shipped(Lang::En);
        let g = game("2026.11.24", "0-1", Some(Color::White));
        assert_eq!(g.words(1, en), "1. 24 November 2026: with White against Bruno, lost. Moves: 12.");
        let g = game("2026.03.01", "1/2-1/2", Some(Color::Black));
        assert_eq!(g.words(2, en), "2. 1 March 2026: with Black against Anna, drawn. Moves: 12.");
        let g = game("????.??.??", "1-0", None);
        assert_eq!(g.words(3, en), "3. date unknown: Anna against Bruno, White won. Moves: 12.");
        let de = Catalog::shipped(Lang::De);
        assert_eq!(
            game("2026.11.24", "*", Some(Color::White)).words(1, de),
            "1. 24. November 2026: mit Weiß gegen Bruno, nicht beendet. Züge: 12."
        );
        let et = Catalog::shipped(Lang::Et);
        assert_eq!(
            game("2026.11.24", "1-0", Some(Color::Black)).words(1, et),
            "1. 24. november 2026: mustadega Anna vastu, kaotus. Käike: 12."
        );
        let called_off = ArchivedGame { called_off: true, ..game("2026.11.24", "*", Some(Color::White)) };
        assert_eq!(called_off.words(1, en), "1. 24 November 2026: with White against Bruno, not played. Moves: 12.");
    }

    #[test]
    fn a_player_without_a_name_is_said_so() {
        let unnamed = |g: ArchivedGame| ArchivedGame { white: "?".into(), black: String::new(), ..g };
        let g = unnamed(game("2026.11.24", "1-0", Some(Color::White)));
        assert_eq!(
            g.words(1, Catalog::shipped(Lang::En)),
            "1. 24 November 2026: with White against an unnamed opponent, won. Moves: 12."
        );
        let g = unnamed(game("2026.11.24", "1-0", None));
        assert_eq!(
            g.words(1, Catalog::shipped(Lang::De)),
            "1. 24. November 2026: ein Spieler ohne Namen gegen einen Spieler ohne Namen, Weiß hat gewonnen. Züge: 12."
        );
        assert_eq!(
            game("2026.11.24", "1-0", Some(Color::Black)).words(1, Catalog::shipped(Lang::Et)),
            "1. 24. november 2026: mustadega Anna vastu, kaotus. Käike: 12."
        );
    }

    #[test]
    fn the_same_game_kept_twice_is_listed_once_and_unknown_dates_come_last() {
        let dir = std::env::temp_dir().join(format!("annabella-games-twice-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let game = "[Date \"2026.11.30\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n";
        std::fs::write(dir.join("g.pgn"), game).unwrap();
        std::fs::write(dir.join("g-2.pgn"), game).unwrap();
        let undated = "[White \"C\"]\n[Black \"D\"]\n\n1. d4 *\n";
        std::fs::write(dir.join("u.pgn"), undated).unwrap();
        let other = "[Date \"2026.11.01\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. c4 e5 1-0\n";
        std::fs::write(dir.join("o.pgn"), other).unwrap();
        let listed: Vec<String> = archive(&dir).games.iter().map(|g| format!("{} {}", g.date, g.plies)).collect();
        assert_eq!(listed, ["2026.11.30 2", "2026.11.01 2", "????.??.?? 1"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
