//! Writing the documents a session hands out (an envelope, a PGN, a scoresheet): where each goes
//! (the path named, else beside the journal, else in the working folder), and the outcome, handed
//! back to the session as an event. No file is written over: where one is already, the document
//! goes to a new name beside it (`game-2.pgn`), and that is said.

use std::path::{Path, PathBuf};

use crate::session::{Document, SheetContent, WriteFailure, Written};
use crate::speech::ClipError;

/// The bytes of an exported scoresheet: the text, or the spoken form rendered from the clips.
pub fn sheet_bytes(content: &SheetContent, clips: Option<&Path>) -> Result<Vec<u8>, ClipError> {
    match content {
        SheetContent::Text(text) => Ok(text.clone().into_bytes()),
        SheetContent::Spoken { pack, parts } => crate::speech::sheet_wav(pack, parts, clips),
    }
}

/// Writes `document` for the game kept in `journal` (if any); `clips` is where the voice clips
/// of a spoken scoresheet are. `None` when there is nothing to write: the PGN of a finished game
/// is kept only beside a journal.
pub fn write(document: Document, journal: Option<&Path>, clips: Option<&Path>) -> Option<Written> {
    let kind = document.kind();
    let beside =
        |extension: &str, alone: &str| journal.map_or_else(|| PathBuf::from(alone), |j| j.with_extension(extension));
    let (path, bytes): (PathBuf, Result<Vec<u8>, WriteFailure>) = match document {
        Document::Envelope(mut envelope) => {
            if let Some(journal) = journal {
                let path = std::fs::canonicalize(journal).unwrap_or(journal.to_path_buf());
                envelope.journal = path.display().to_string();
            }
            (beside("envelope", "adjourned.envelope"), Ok(envelope.to_toml().into_bytes()))
        }
        Document::Pgn { game, path } => {
            let path = path.map_or_else(|| beside("pgn", "annabella.pgn"), PathBuf::from);
            (path, Ok(dated(game).write().into_bytes()))
        }
        Document::Finished { game, number } => (numbered(journal?, number), Ok(dated(game).write().into_bytes())),
        Document::Sheet(sheet) => {
            let alone = format!("scoresheet.{}", sheet.extension);
            let path = sheet.path.as_ref().map_or_else(|| beside(sheet.extension, &alone), PathBuf::from);
            (path, sheet_bytes(&sheet.content, clips).map_err(WriteFailure::from))
        }
    };
    let (path, kept) = fresh(path);
    let failure = bytes.and_then(|b| write_new(&path, &b).map_err(WriteFailure::from)).err();
    let kept = kept.map(|k| k.display().to_string());
    Some(Written { kind, path: path.display().to_string(), failure, kept })
}

/// Where the journal's game `number` is kept as PGN: `NAME.pgn` for the first, `NAME-2.pgn` for
/// the second, so that the first game's own PGN is not taken for a stranger's file.
fn numbered(journal: &Path, number: usize) -> PathBuf {
    match number {
        0 | 1 => journal.with_extension("pgn"),
        n => {
            let stem = journal.file_stem().map_or(String::new(), |s| s.to_string_lossy().into_owned());
            journal.with_file_name(format!("{stem}-{n}.pgn"))
        }
    }
}

/// `path` if nothing is there, else the first free `stem-N.ext` beside it, with the file kept.
pub fn fresh(path: PathBuf) -> (PathBuf, Option<PathBuf>) {
    if !path.exists() {
        return (path, None);
    }
    let stem = path.file_stem().map_or(String::new(), |s| s.to_string_lossy().into_owned());
    let extension = path.extension().map(|e| format!(".{}", e.to_string_lossy())).unwrap_or_default();
    let free = (2..10_000).map(|n| path.with_file_name(format!("{stem}-{n}{extension}"))).find(|p| !p.exists());
    match free {
        Some(free) => (free, Some(path)),
        // Ten thousand of them: the write is refused rather than any of them written over.
        None => (path.clone(), Some(path)),
    }
}

/// Writes `bytes` to `path`, or beside it when a file is there (which is kept): where they went,
/// and the file kept, if any.
pub fn write_fresh(path: &Path, bytes: &[u8]) -> std::io::Result<(PathBuf, Option<PathBuf>)> {
    let (path, kept) = fresh(path.to_path_buf());
    write_new(&path, bytes)?;
    Ok((path, kept))
}

/// Writes `bytes` to a file that must not exist yet. A folder that is there but takes no new
/// file (`/proc`: the system says "not found") is refused as a folder without permission.
fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let opened = std::fs::OpenOptions::new().write(true).create_new(true).open(path);
    let folder_there = || path.parent().is_some_and(|p| p.as_os_str().is_empty() || p.is_dir());
    let mut file = match opened {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && folder_there() => {
            return Err(std::io::Error::new(std::io::ErrorKind::PermissionDenied, e));
        }
        opened => opened?,
    };
    file.write_all(bytes)?;
    file.sync_all()
}

/// The PGN of a game played here (it has no `Date` tag) dated today, after its `Site`; a game
/// read from PGN keeps its own date, unknown as it may be.
fn dated(game: crate::store::PgnGame) -> crate::store::PgnGame {
    dated_at(game, crate::clock::wall_ms())
}

/// The PGN of a game played here dated by `unix_ms` (a game read from PGN keeps its own date).
pub(super) fn dated_at(mut game: crate::store::PgnGame, unix_ms: u64) -> crate::store::PgnGame {
    if !game.tags.iter().any(|(k, _)| k == "Date") {
        let at = game.tags.iter().position(|(k, _)| k == "Site").map_or(0, |i| i + 1);
        game.tags.insert(at, ("Date".into(), crate::clock::pgn_date(unix_ms)));
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_that_takes_no_new_file_is_refused_as_such_and_a_missing_one_as_missing() {
        if Path::new("/proc/version").exists() {
            let refused = write_fresh(Path::new("/proc/version"), b"1. e4 *").unwrap_err();
            assert_eq!(refused.kind(), std::io::ErrorKind::PermissionDenied, "{refused}");
        }
        let missing = std::env::temp_dir().join("annabella-no-such-folder-here").join("game.pgn");
        let refused = write_fresh(&missing, b"1. e4 *").unwrap_err();
        assert_eq!(refused.kind(), std::io::ErrorKind::NotFound);
    }
}
