//! A damaged journal mended before it is resumed, the whole of it kept as a copy first
//! (`FILE.whole`): cut after the last good line (`--up-to-line`), or its settings line written
//! anew from the settings given now (`--new-settings`). A journal another annabella holds is
//! refused before anything of it is copied or changed.

use std::path::{Path, PathBuf};

use super::OpenError;
use crate::clock::Timestamp;
use crate::config::{settings_to_toml, Settings};
use crate::store::Kept;
use crate::wording::{file_name, Line, Wording};

/// How a damaged journal is mended before it is resumed (the whole of it kept as a copy first).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mending {
    /// Cut after this line (its header is line 1): for a journal damaged after it.
    UpToLine(usize),
    /// Its settings line (line 2) written anew from the settings given now.
    NewSettings,
}

/// A journal mended: cut with `--up-to-line` (up to which line, how many lines after it were
/// left out) or given new settings, and where the whole journal is kept.
pub(super) struct Cut {
    line: usize,
    left_out: usize,
    copy: String,
    /// The settings line was written anew (not cut).
    renewed: bool,
}

impl Cut {
    /// What is said before the greeting: what was left out or replaced, and where the whole is
    /// kept.
    pub(super) fn said(&self, path: &Path, lang: crate::messages::Lang) -> Line {
        let w = Wording::in_language(lang);
        let path = path.display().to_string();
        let (line, left_out) = (self.line.to_string(), self.left_out.to_string());
        let args = [
            ("path", file_name(&path)),
            ("line", line.into()),
            ("left", left_out.into()),
            ("copy", file_name(&self.copy)),
        ];
        let key = if self.renewed { "journal.new_settings" } else { "journal.cut" };
        w.say(w.words(key, &args))
    }
}

/// The journal's line of the game's settings (its header is line 1).
const SETTINGS_LINE: usize = 2;

/// The journal at `path` with its settings line written anew from `settings`, the whole of it
/// kept as a copy (`FILE.whole`) first: for a journal whose settings line is damaged. A journal
/// another annabella holds is refused before anything of it is copied or changed.
pub(super) fn new_settings(path: &Path, settings: &Settings) -> Result<Cut, OpenError> {
    let (origin, bytes, file) = held(path)?;
    let lines: Vec<&[u8]> = bytes.split_inclusive(|b| *b == b'\n').collect();
    if lines.len() < SETTINGS_LINE {
        return Err(OpenError::NoSuchLine { path: origin, line: SETTINGS_LINE, lines: lines.len() });
    }
    // The first move's wall time stands for the start's (the damaged line's cannot be trusted).
    let first = lines.get(SETTINGS_LINE).and_then(|l| std::str::from_utf8(l).ok());
    let wall_ms = first.and_then(|l| crate::store::Record::parse(l.trim_end()).ok()).map_or(0, |r| r.wall_ms);
    let start =
        crate::store::Record { seq: 0, at: Timestamp(0), wall_ms, kept: Kept::Start(settings_to_toml(settings)) };
    let copy = keep_copy(path, "whole")?;
    let mut mended = lines[0].to_vec();
    mended.extend(format!("{}\n", start.line()).into_bytes());
    lines[SETTINGS_LINE..].iter().for_each(|l| mended.extend_from_slice(l));
    use std::io::Write;
    file.set_len(0)?;
    (&file).write_all(&mended)?;
    file.sync_all()?;
    Ok(Cut { line: SETTINGS_LINE, left_out: 0, copy, renewed: true })
}

/// The journal at `path` as said, its bytes, and its file open for writing under the operating
/// system's lock; one another annabella holds is refused. Read first: only an ordinary file is
/// opened at all.
fn held(path: &Path) -> Result<(String, Vec<u8>, std::fs::File), OpenError> {
    let origin = path.display().to_string();
    let read = |source| OpenError::Read { path: origin.clone(), source };
    let bytes = crate::store::read_ordinary(path).map_err(read)?;
    let file = std::fs::OpenOptions::new().write(true).open(path).map_err(read)?;
    if let Err(std::fs::TryLockError::WouldBlock) = file.try_lock() {
        return Err(OpenError::InUse(origin));
    }
    Ok((origin, bytes, file))
}

/// A copy of the journal at `path` beside it (`FILE.EXTENSION`, or a free name), before anything
/// of it is changed; the copy's path.
pub(super) fn keep_copy(path: &Path, extension: &str) -> Result<String, OpenError> {
    let (copy, _) = crate::front::documents::fresh(PathBuf::from(format!("{}.{extension}", path.display())));
    std::fs::copy(path, &copy)?;
    Ok(copy.display().to_string())
}

/// The journal at `path` cut after its line `line` (its header is line 1), the whole of it kept
/// as a copy (`FILE.whole`) first: for a journal damaged after that line. A journal another
/// annabella holds is refused before anything of it is copied or cut.
pub(super) fn cut_journal(path: &Path, line: usize) -> Result<Cut, OpenError> {
    let (origin, bytes, file) = held(path)?;
    let ends: Vec<usize> = bytes.iter().enumerate().filter(|(_, b)| **b == b'\n').map(|(i, _)| i + 1).collect();
    let Some(&end) = ends.get(line.saturating_sub(1)).filter(|_| line >= 2) else {
        return Err(OpenError::NoSuchLine { path: origin, line, lines: ends.len() });
    };
    let left_out = bytes[end..].split(|b| *b == b'\n').filter(|l| !l.is_empty()).count();
    let copy = keep_copy(path, "whole")?;
    file.set_len(end as u64)?;
    file.sync_all()?;
    Ok(Cut { line, left_out, copy, renewed: false })
}
