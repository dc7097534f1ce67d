//! Why a game could not be opened (its journal, its envelope, its PGN, its settings), and the
//! refusal in the user's language: printed with paths, spoken with the files' names alone, with
//! the way to go on where there is one.

use crate::config::ConfigError;
use crate::session::SessionError;
use crate::store::{Damage, EnvelopeError, JournalError, PgnError};
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
    /// A game set up from a PGN would go into a journal that holds a game already.
    #[error("{0} holds a game already")]
    JournalTaken(String),
    /// The PGN holds several games and none was chosen.
    #[error("{path} holds {} games; choose one with --game N", games.len())]
    ManyGames {
        /// The file.
        path: String,
        /// Its games, numbered, with players and results.
        games: Vec<String>,
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
            OpenError::NoneUnfinished => w.words("journal.none", &[]),
            OpenError::Finished { path, result } => {
                w.words("journal.finished", &[("path", file_name(path)), ("result", w.score(result))])
            }
            OpenError::AlreadyResumed { path, journal } => {
                w.words("adjourn.already_resumed", &[("path", file_name(path)), ("journal", file_name(journal))])
            }
            OpenError::NotAdjourned(journal) => w.words("adjourn.not_adjourned", &[("journal", file_name(journal))]),
            OpenError::Read { path, source } => {
                let reason = crate::messages::io_reason(catalog, source);
                w.words("file.unreadable", &[("path", file_name(path)), ("reason", reason.into())])
            }
            OpenError::Write(e) => {
                w.words("journal.cannot_write", &[("reason", crate::messages::io_reason(catalog, e).into())])
            }
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
                let count = games.len().to_string();
                let shown: Vec<&str> = games.iter().take(10).map(String::as_str).collect();
                let more = games.len().saturating_sub(10).to_string();
                let list = if games.len() > 10 {
                    catalog.text("pgn.games_more", &[("games", &shown.join("; ")), ("count", &more)])
                } else {
                    shown.join("; ")
                };
                let args = [("path", file_name(path)), ("count", count.into()), ("games", Words::plain(list))];
                w.words("pgn.many_games", &args)
            }
            other => Words::plain(other.to_string()),
        }
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
            w.words("journal.damaged", &args)
        }
        JournalError::Empty(path) => w.words("journal.empty", &[("path", file_name(path))]),
        JournalError::Newer { path, line, .. } => {
            w.words("journal.newer", &[("path", file_name(path)), ("line", line.to_string().into())])
        }
    }
}
