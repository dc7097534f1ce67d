//! Why a game could not be opened (its journal, its envelope, its PGN, its settings), and the
//! refusal in the user's language: printed with paths, spoken with the files' names alone, with
//! the way to go on where there is one.

use crate::config::ConfigError;
use crate::rules::GameResult;
use crate::session::SessionError;
use crate::store::{Damage, EnvelopeError, JournalError, Listed, PgnError};
use crate::wording::{file_name, Wording, Words};

/// Why a game could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// A file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why it could not be read.
        source: std::io::Error,
    },
    /// The journal could not be written.
    #[error("cannot write the journal: {0}")]
    Write(#[from] std::io::Error),
    /// The session could not start (a refused start position, a missing phrase pack).
    #[error(transparent)]
    Session(#[from] SessionError),
    /// The settings kept in a journal or an envelope are refused.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The journal cannot be read.
    #[error(transparent)]
    Journal(#[from] JournalError),
    /// The envelope cannot be read.
    #[error(transparent)]
    Envelope(#[from] EnvelopeError),
    /// The PGN cannot be read.
    #[error("{path}: {source}")]
    Pgn {
        /// The file.
        path: String,
        /// Why it could not be read.
        source: PgnError,
    },
    /// The spoken scoresheet cannot be made.
    #[error(transparent)]
    Clips(#[from] crate::speech::ClipError),
    /// Another program is writing this journal.
    #[error("{0} is in use by another program")]
    InUse(String),
    /// A game's journal was named where an adjournment envelope is wanted.
    #[error("{0} is a game's journal, not an envelope")]
    NotAnEnvelope(String),
    /// `--latest` found no unfinished game.
    #[error("there is no unfinished game")]
    NoneUnfinished,
    /// The journal's game is over.
    #[error("the game in {path} is over ({result})")]
    Finished {
        /// The journal.
        path: String,
        /// The result, as a score.
        result: &'static str,
    },
    /// The envelope was resumed before.
    #[error("{path} was resumed before, in {journal}")]
    AlreadyResumed {
        /// The envelope.
        path: String,
        /// The journal the game went on in.
        journal: String,
    },
    /// The envelope names a journal whose game is not adjourned.
    #[error("the game in {0} is not adjourned")]
    NotAdjourned(String),
    /// `--up-to-line` names a line the journal does not have (or its header).
    #[error("{path} has {lines} lines; it cannot be resumed up to line {line}")]
    NoSuchLine {
        /// The journal.
        path: String,
        /// The line asked for.
        line: usize,
        /// How many lines it has.
        lines: usize,
    },
    /// A journal named for a new game is in a folder that is not there.
    #[error("there is no folder for the journal {0}")]
    NoFolder(String),
    /// A game set up from a PGN would go into a journal that holds a game already.
    #[error("{0} holds a game already")]
    JournalTaken(String),
    /// The PGN holds several games and none was chosen.
    #[error("{path} holds {} games; choose one with --game N", games.len())]
    ManyGames {
        /// The file.
        path: String,
        /// Its games, with players and results.
        games: Vec<Listed>,
    },
}

impl OpenError {
    /// The refusal as the user reads and hears it, in `w`'s language: printed with paths, spoken
    /// with the files' names alone and no FEN read out.
    pub fn worded(&self, w: &Wording) -> Words {
        let catalog = w.catalog();
        match self {
            OpenError::Session(SessionError::Fen(fen)) => {
                w.words("error.bad_fen", &[("reason", catalog.text(fen.reason().key(), &[]).into())])
            }
            OpenError::InUse(path) => w.words("journal.in_use", &[("path", file_name(path))]),
            OpenError::NotAnEnvelope(path) => w.words(
                "adjourn.journal_not_envelope",
                &[("path", file_name(path)), ("journal", Words::new(path.as_str(), ""))],
            ),
            OpenError::NoneUnfinished => w.words("journal.none", &[]),
            OpenError::Finished { path, result } => w.words(
                "journal.finished",
                &[("path", file_name(path)), ("result", w.score(GameResult::from_score(result)))],
            ),
            OpenError::AlreadyResumed { path, journal } => {
                w.words("adjourn.already_resumed", &[("path", file_name(path)), ("journal", file_name(journal))])
            }
            OpenError::NoFolder(journal) => w.words("journal.no_folder", &[("path", file_name(journal))]),
            OpenError::NotAdjourned(journal) => w.words("adjourn.not_adjourned", &[("journal", file_name(journal))]),
            OpenError::Read { path, source } => {
                let reason = crate::messages::io_read_reason(catalog, source);
                w.words("file.unreadable", &[("path", file_name(path)), ("reason", reason.into())])
            }
            OpenError::Write(e) => {
                w.words("journal.cannot_write", &[("reason", crate::messages::io_reason(catalog, e).into())])
            }
            // The option that names the clips' folder is printed, and said in words.
            OpenError::Clips(crate::speech::ClipError::NoClips) => w.words("clips.none", &[]),
            OpenError::Clips(e) => Words::plain(e.worded(catalog)),
            OpenError::Config(e) => e.worded(w),
            OpenError::Journal(e) => journal_words(e, w),
            OpenError::NoSuchLine { path, line, lines } => {
                let args =
                    [("path", file_name(path)), ("line", line.to_string().into()), ("lines", lines.to_string().into())];
                w.words("journal.no_such_line", &args)
            }
            OpenError::JournalTaken(journal) => {
                w.words("journal.taken", &[("journal", file_name(journal)), ("path", Words::new(journal.as_str(), ""))])
            }
            OpenError::ManyGames { path, games } => {
                let listed: Vec<Words> = games.iter().take(10).enumerate().map(|(i, g)| listed(w, i + 1, g)).collect();
                let shown = Words::join(listed, "; ");
                let list = match games.len() > 10 {
                    true => {
                        let more = (games.len() - 10).to_string();
                        w.words("pgn.games_more", &[("games", shown), ("count", more.into())])
                    }
                    false => shown,
                };
                let args = [("path", file_name(path)), ("count", games.len().to_string().into()), ("games", list)];
                w.words("pgn.many_games", &args)
            }
            OpenError::Pgn { path, source } => {
                w.words("pgn.unusable", &[("path", file_name(path)), ("reason", pgn_words(source, w))])
            }
            OpenError::Envelope(e) => envelope_words(e, w),
            other => Words::plain(other.to_string()),
        }
    }
}

/// A game offered for choosing: printed `2. Anna – Bruno, 1-0`, spoken "2, Anna against Bruno,
/// White won".
fn listed(w: &Wording, number: usize, game: &Listed) -> Words {
    let name = |n: &str, unnamed: &str| Words::plain(crate::wording::player_name(n, unnamed, w.catalog()));
    let args = [
        ("number", number.to_string().into()),
        ("white", name(&game.white, "games.unnamed_white")),
        ("black", name(&game.black, "games.unnamed_black")),
        ("result", w.score(GameResult::from_score(&game.result))),
    ];
    w.words("pgn.listed", &args)
}

/// Why a PGN cannot be used, in `w`'s language: the move by its number and as written, a place
/// by line and column, a variant by its name.
pub fn pgn_words(e: &PgnError, w: &Wording) -> Words {
    match e {
        PgnError::NoGame => w.words("pgn.no_game", &[]),
        PgnError::Fen(fen) => w.words("pgn.bad_fen", &[("reason", w.catalog().text(fen.reason().key(), &[]).into())]),
        PgnError::Variant(variant) => w.words("pgn.variant", &[("variant", Words::plain(variant))]),
        PgnError::IllegalMove { number, san } => {
            let color = if number.ends_with("...") { shakmaty::Color::Black } else { shakmaty::Color::White };
            let ply = w.ply(number.trim_end_matches('.').parse().unwrap_or(0), color);
            // A null move in the game's own moves is named as one (a variation may hold it).
            if matches!(san.as_str(), "--" | "Z0" | "0000" | "@@@@" | "<>") {
                return w.words("pgn.null_move", &[("number", ply), ("move", Words::new(san.as_str(), ""))]);
            }
            let written = w
                .written(san, crate::notation::LetterSet::English)
                .map_or_else(|| w.typed(san), |said| Words::new(san.as_str(), said));
            w.words("pgn.illegal", &[("number", ply), ("move", written)])
        }
        PgnError::Unreadable(_) => w.words("pgn.unreadable", &[]),
        PgnError::Movetext(crate::notation::MovetextError::Stray { mark, at }) => w.words(
            "pgn.stray",
            &[
                ("mark", mark_words(*mark)),
                ("line", at.line.to_string().into()),
                ("column", at.column.to_string().into()),
            ],
        ),
        PgnError::Movetext(crate::notation::MovetextError::Unclosed { mark, at }) => w.words(
            "pgn.unclosed",
            &[
                ("mark", mark_words(*mark)),
                ("line", at.line.to_string().into()),
                ("column", at.column.to_string().into()),
            ],
        ),
        PgnError::Movetext(crate::notation::MovetextError::Illegal { number, text }) => {
            pgn_words(&PgnError::IllegalMove { number: number.clone(), san: text.clone() }, w)
        }
        PgnError::NoSuchGame { number, count } => {
            w.words("pgn.no_such_game", &[("number", number.to_string().into()), ("count", count.to_string().into())])
        }
        PgnError::TooLarge(bytes) => w.words("pgn.too_large", &[("megabytes", (bytes >> 20).to_string().into())]),
    }
}

/// A bracket printed as itself; spoken by nothing (the sentence names it).
fn mark_words(mark: char) -> Words {
    Words::new(mark.to_string(), "")
}

/// Why an envelope cannot be used, in `w`'s language.
fn envelope_words(e: &EnvelopeError, w: &Wording) -> Words {
    match e {
        EnvelopeError::Toml(toml) => crate::config::toml_words(w, toml),
        EnvelopeError::SealedBy(path) => w.words("adjourn.envelope_sealed_by", &[("path", file_name(path))]),
        EnvelopeError::TooLarge(path) => w.words("adjourn.envelope_too_large", &[("path", file_name(path))]),
    }
}

/// Why a journal cannot be used, in `w`'s language, with the way to go on where there is one.
fn journal_words(e: &JournalError, w: &Wording) -> Words {
    match e {
        JournalError::NotAJournal(path) => w.words("journal.not_a_journal", &[("path", file_name(path))]),
        JournalError::Version { path, found } => {
            let args = [
                ("path", file_name(path)),
                ("found", w.typed(found)),
                ("version", crate::store::VERSION.to_string().into()),
            ];
            w.words("journal.version", &args)
        }
        JournalError::Damaged { path, line, why, good } => {
            let why = match why {
                Damage::NoChecksum | Damage::UnreadableChecksum | Damage::WrongChecksum => "journal.damage.checksum",
                Damage::NotText => "journal.damage.not_text",
                _ => "journal.damage.form",
            };
            let args = [
                ("path", file_name(path)),
                ("journal", Words::new(path.as_str(), "")),
                ("line", line.to_string().into()),
                ("why", w.words(why, &[])),
                ("good", good.to_string().into()),
            ];
            // The settings line: the moves after it are replayed under the settings given now.
            let key = if *line == 2 { "journal.damaged_settings" } else { "journal.damaged" };
            w.words(key, &args)
        }
        JournalError::Empty(path) => w.words("journal.empty", &[("path", file_name(path))]),
        JournalError::Newer { path, line, .. } => {
            w.words("journal.newer", &[("path", file_name(path)), ("line", line.to_string().into())])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_voice_clips_names_the_option_printed_and_in_words_spoken() {
        let w = Wording::in_language(crate::messages::Lang::En);
        let said = OpenError::Clips(crate::speech::ClipError::NoClips).worded(&w);
        assert!(said.printed.contains("--clips DIR"), "{}", said.printed);
        assert!(said.spoken.contains("with the option clips") && !said.spoken.contains("--"), "{}", said.spoken);
    }
}
