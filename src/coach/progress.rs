//! The player's progress, kept between sessions in the data folder as the journal keeps a game:
//! one line per result, appended and synced to disk before it is said, a line torn by a crash
//! left out when read. Read back, the lines make the puzzle rating (replayed through Glicko-2),
//! the puzzles solved and failed by theme, the exercises made from the player's games with when
//! each is due again, and the drills' scores.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use super::exercises::Exercise;
use super::rating::Rating;

/// The first line of a progress file.
const HEADER: &str = "annabella-progress 1";

/// The days after which a missed exercise comes back, by how many times in a row it was solved
/// since: the next day, then in three days, a week, two weeks, a month; after that it is done.
/// One solved at the first meeting is done at once.
const INTERVALS: [u64; 5] = [1, 3, 7, 14, 30];

/// One result, as a line of the file.
#[derive(Debug, Clone, PartialEq)]
pub enum Entry {
    /// A puzzle solved or failed.
    Puzzle {
        /// lichess's id.
        id: String,
        /// Solved (else failed).
        solved: bool,
        /// The puzzle's rating.
        rating: u16,
        /// Its rating's deviation.
        deviation: u16,
        /// Its themes.
        themes: Vec<String>,
        /// The day (days since 1970).
        day: u64,
    },
    /// A game's exercises were made (so it is analysed once).
    Mined {
        /// The game's key.
        game: String,
    },
    /// An exercise made from one of the player's games.
    Made(Exercise),
    /// An exercise answered.
    Exercise {
        /// The exercise's key.
        key: String,
        /// Right (else missed).
        solved: bool,
        /// The day (days since 1970).
        day: u64,
    },
    /// A drill round done.
    Drill {
        /// Its kind.
        kind: String,
        /// The answers right.
        right: u32,
        /// The questions asked.
        asked: u32,
        /// How long it took.
        seconds: u64,
        /// The day (days since 1970).
        day: u64,
    },
}

impl Entry {
    /// The entry as its line (tab-separated; free text last, its tabs made spaces).
    fn line(&self) -> String {
        let result = |solved: bool| if solved { "solved" } else { "failed" };
        let fields: Vec<String> = match self {
            Entry::Puzzle { id, solved, rating, deviation, themes, day } => vec![
                "puzzle".into(),
                id.clone(),
                result(*solved).into(),
                rating.to_string(),
                deviation.to_string(),
                day.to_string(),
                themes.join(" "),
            ],
            Entry::Mined { game } => vec!["mined".into(), game.clone()],
            Entry::Made(e) => vec![
                "made".into(),
                e.key.clone(),
                e.fen.clone(),
                e.best.clone(),
                e.score.to_string(),
                e.number.to_string(),
                e.label.clone(),
            ],
            Entry::Exercise { key, solved, day } => {
                vec!["exercise".into(), key.clone(), result(*solved).into(), day.to_string()]
            }
            Entry::Drill { kind, right, asked, seconds, day } => vec![
                "drill".into(),
                kind.clone(),
                right.to_string(),
                asked.to_string(),
                seconds.to_string(),
                day.to_string(),
            ],
        };
        let fields: Vec<String> = fields.into_iter().map(|f| f.replace(['\t', '\n', '\r'], " ")).collect();
        format!("{}\n", fields.join("\t"))
    }

    /// An entry from its line; `None` for a line that is not one.
    fn read(line: &str) -> Option<Entry> {
        let f: Vec<&str> = line.split('\t').collect();
        let solved = |word: &str| match word {
            "solved" => Some(true),
            "failed" => Some(false),
            _ => None,
        };
        match f.as_slice() {
            ["puzzle", id, result, rating, deviation, day, themes] => Some(Entry::Puzzle {
                id: id.to_string(),
                solved: solved(result)?,
                rating: rating.parse().ok()?,
                deviation: deviation.parse().ok()?,
                day: day.parse().ok()?,
                themes: themes.split_whitespace().map(String::from).collect(),
            }),
            ["mined", game] => Some(Entry::Mined { game: game.to_string() }),
            ["made", key, fen, best, score, number, label] => Some(Entry::Made(Exercise {
                key: key.to_string(),
                fen: fen.to_string(),
                best: best.to_string(),
                score: score.parse().ok()?,
                number: number.parse().ok()?,
                label: label.to_string(),
            })),
            ["exercise", key, result, day] => {
                Some(Entry::Exercise { key: key.to_string(), solved: solved(result)?, day: day.parse().ok()? })
            }
            ["drill", kind, right, asked, seconds, day] => Some(Entry::Drill {
                kind: kind.to_string(),
                right: right.parse().ok()?,
                asked: asked.parse().ok()?,
                seconds: seconds.parse().ok()?,
                day: day.parse().ok()?,
            }),
            _ => None,
        }
    }
}

/// How an exercise stands: solved how many times in a row, and the day it is due.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Due {
    /// Times solved in a row since it was last missed.
    pub streak: usize,
    /// The day (days since 1970) it is asked again; none when it is done.
    pub day: Option<u64>,
    /// Whether it was ever missed (one solved at once is done with).
    pub missed: bool,
}

/// A new exercise: due at once.
const NEW: Due = Due { streak: 0, day: Some(0), missed: false };

/// Puzzles solved and failed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Solved.
    pub solved: u32,
    /// Failed.
    pub failed: u32,
}

/// Why the progress file cannot be kept.
#[derive(Debug, thiserror::Error)]
pub enum ProgressError {
    /// It cannot be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: io::Error,
    },
    /// It is not a progress file.
    #[error("{0} is not annabella's progress file")]
    Foreign(String),
}

/// The player's progress.
#[derive(Debug, Default)]
pub struct Progress {
    /// The file, when progress is kept (none: only for this session).
    file: Option<(PathBuf, File)>,
    rating: Rating,
    tally: Tally,
    themes: BTreeMap<String, Tally>,
    puzzles: HashMap<String, Tally>,
    mined: HashSet<String>,
    made: Vec<Exercise>,
    due: HashMap<String, Due>,
    drills: BTreeMap<String, (u32, u32)>,
}

impl Progress {
    /// The progress kept at `path` (a new file when there is none); a line torn by a crash is
    /// left out and the file goes on after it.
    pub fn open(path: &Path) -> Result<Progress, ProgressError> {
        let io = |source| ProgressError::Io { path: path.display().to_string(), source };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let mut file = OpenOptions::new().read(true).append(true).create(true).open(path).map_err(io)?;
        let mut text = String::new();
        file.read_to_string(&mut text).map_err(io)?;
        let mut progress = Progress::default();
        if text.is_empty() {
            file.write_all(format!("{HEADER}\n").as_bytes()).and_then(|()| file.sync_data()).map_err(io)?;
        } else if text.lines().next() != Some(HEADER) {
            return Err(ProgressError::Foreign(path.display().to_string()));
        } else if !text.ends_with('\n') {
            // A torn last line: left out, and the next line starts on its own.
            file.write_all(b"\n").and_then(|()| file.sync_data()).map_err(io)?;
        }
        let whole = text.lines().count().saturating_sub(usize::from(!text.ends_with('\n')));
        for line in text.lines().take(whole).skip(1) {
            if let Some(entry) = Entry::read(line) {
                progress.apply(&entry);
            }
        }
        progress.file = Some((path.to_path_buf(), file));
        Ok(progress)
    }

    /// Progress kept for this session only.
    pub fn in_memory() -> Progress {
        Progress::default()
    }

    /// Where the progress is kept, if anywhere.
    pub fn path(&self) -> Option<&Path> {
        self.file.as_ref().map(|(path, _)| path.as_path())
    }

    /// `entry` made durable (appended and synced), then taken into account; not taken when it
    /// cannot be written.
    pub fn record(&mut self, entry: Entry) -> io::Result<()> {
        if let Some((_, file)) = self.file.as_mut() {
            file.write_all(entry.line().as_bytes()).and_then(|()| file.sync_data())?;
        }
        self.apply(&entry);
        Ok(())
    }

    fn apply(&mut self, entry: &Entry) {
        match entry {
            Entry::Puzzle { id, solved, rating, deviation, themes, .. } => {
                self.rating = self.rating.after(*rating, *deviation, *solved);
                let count = |t: &mut Tally| if *solved { t.solved += 1 } else { t.failed += 1 };
                count(&mut self.tally);
                count(self.puzzles.entry(id.clone()).or_default());
                for theme in themes {
                    count(self.themes.entry(theme.clone()).or_default());
                }
            }
            Entry::Mined { game } => {
                self.mined.insert(game.clone());
            }
            Entry::Made(exercise) => {
                if !self.made.iter().any(|e| e.key == exercise.key) {
                    self.due.insert(exercise.key.clone(), NEW);
                    self.made.push(exercise.clone());
                }
            }
            Entry::Exercise { key, solved, day } => {
                let due = self.due.entry(key.clone()).or_insert(NEW);
                *due = match (solved, due.missed) {
                    (false, _) => Due { streak: 0, day: Some(day + INTERVALS[0]), missed: true },
                    // Found at the first meeting: learned.
                    (true, false) => Due { streak: 1, day: None, missed: false },
                    (true, true) => {
                        let streak = due.streak + 1;
                        Due { streak, day: INTERVALS.get(streak).map(|days| day + days), missed: true }
                    }
                };
            }
            Entry::Drill { kind, right, asked, .. } => {
                let score = self.drills.entry(kind.clone()).or_default();
                score.0 += right;
                score.1 += asked;
            }
        }
    }

    /// The puzzle rating.
    pub fn rating(&self) -> Rating {
        self.rating
    }

    /// Puzzles solved and failed, in all.
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// Puzzles solved and failed by theme.
    pub fn themes(&self) -> &BTreeMap<String, Tally> {
        &self.themes
    }

    /// Whether puzzle `id` was solved (a failed one may come again).
    pub fn has_solved(&self, id: &str) -> bool {
        self.puzzles.get(id).is_some_and(|t| t.solved > 0)
    }

    /// Whether the exercises of game `game` were made.
    pub fn has_mined(&self, game: &str) -> bool {
        self.mined.contains(game)
    }

    /// The exercises due on `day` (days since 1970), in the order they were made.
    pub fn due_on(&self, day: u64) -> Vec<&Exercise> {
        self.made.iter().filter(|e| self.due.get(&e.key).and_then(|d| d.day).is_some_and(|d| d <= day)).collect()
    }

    /// How exercise `key` stands.
    pub fn due(&self, key: &str) -> Option<Due> {
        self.due.get(key).copied()
    }

    /// How many exercises were made.
    pub fn exercises(&self) -> usize {
        self.made.len()
    }

    /// Each drill's answers right and asked, by kind.
    pub fn drills(&self) -> &BTreeMap<String, (u32, u32)> {
        &self.drills
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(id: &str, solved: bool) -> Entry {
        Entry::Puzzle { id: id.into(), solved, rating: 1500, deviation: 80, themes: vec!["fork".into()], day: 1 }
    }

    #[test]
    fn progress_is_read_back_as_it_was_kept_and_a_torn_line_is_left_out() {
        let dir = std::env::temp_dir().join(format!("annabella-progress-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("progress.log");
        let mut kept = Progress::open(&path).unwrap();
        kept.record(puzzle("000rZ", true)).unwrap();
        kept.record(puzzle("001KR", false)).unwrap();
        kept.record(Entry::Drill { kind: "colour".into(), right: 8, asked: 10, seconds: 60, day: 1 }).unwrap();
        let rating = kept.rating();
        drop(kept);
        // A crash in the middle of a line.
        std::fs::OpenOptions::new().append(true).open(&path).unwrap().write_all(b"puzzle\t002Q2\tsol").unwrap();
        let mut read = Progress::open(&path).unwrap();
        assert_eq!(read.rating(), rating);
        assert_eq!(read.tally(), Tally { solved: 1, failed: 1 });
        assert_eq!(read.themes()["fork"], Tally { solved: 1, failed: 1 });
        assert!(read.has_solved("000rZ") && !read.has_solved("001KR"));
        assert_eq!(read.drills()["colour"], (8, 10));
        // The file goes on after the torn line.
        read.record(puzzle("002Q2", true)).unwrap();
        assert_eq!(Progress::open(&path).unwrap().tally(), Tally { solved: 2, failed: 1 });
        std::fs::write(dir.join("other"), "something else\n").unwrap();
        assert!(matches!(Progress::open(&dir.join("other")), Err(ProgressError::Foreign(_))));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_missed_exercise_comes_back_the_next_day_then_after_longer_and_longer() {
        let mut p = Progress::in_memory();
        let e = Exercise {
            key: "g:17".into(),
            fen: "8/8/8/8/8/8/8/K1k5 w - - 0 1".into(),
            best: "a1a2".into(),
            score: 0,
            number: 17,
            label: "Bob".into(),
        };
        p.record(Entry::Made(e)).unwrap();
        assert_eq!(p.due_on(100).len(), 1, "a new exercise is due at once");
        p.record(Entry::Exercise { key: "g:17".into(), solved: false, day: 100 }).unwrap();
        assert!(p.due_on(100).is_empty() && p.due_on(101).len() == 1);
        p.record(Entry::Exercise { key: "g:17".into(), solved: true, day: 101 }).unwrap();
        assert_eq!(p.due("g:17"), Some(Due { streak: 1, day: Some(104), missed: true }));
        p.record(Entry::Exercise { key: "g:17".into(), solved: true, day: 104 }).unwrap();
        assert_eq!(p.due("g:17").unwrap().day, Some(111));
        // One found at the first meeting does not come again.
        let other = Exercise { key: "g:19".into(), ..p.due_on(111)[0].clone() };
        p.record(Entry::Made(other)).unwrap();
        p.record(Entry::Exercise { key: "g:19".into(), solved: true, day: 111 }).unwrap();
        assert_eq!(p.due("g:19").unwrap().day, None);
    }
}
