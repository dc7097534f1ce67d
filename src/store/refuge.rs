//! A journal whose file went away while the game was played (its folder removed, the file
//! deleted or put in another's place): the good part, still held open, is written again where
//! the game can be found (the same place, its folder made again; else beside it under a free
//! name; else in the games folder) before the next record, so that nothing accepted is lost. The
//! operating system's lock on a journal open for writing, and making a new entry durable.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

pub(super) fn sync_dir(path: &Path) {
    // Making the new file's directory entry durable; not every platform allows it.
    if let Some(dir) = path.parent() {
        if let Ok(d) = File::open(if dir.as_os_str().is_empty() { Path::new(".") } else { dir }) {
            let _ = d.sync_all();
        }
    }
}

/// Takes the operating system's lock on the journal for as long as the file is open, so that
/// no second program writes it; `WouldBlock` when another one holds it.
pub(super) fn lock(file: &File) -> io::Result<()> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(std::fs::TryLockError::WouldBlock) => {
            Err(io::Error::new(io::ErrorKind::WouldBlock, "the journal is in use by another program"))
        }
        Err(std::fs::TryLockError::Error(e)) => Err(e),
    }
}

/// Whether `path` still names the open `file` (not removed, not replaced by another file).
pub(super) fn in_place(file: &File, path: &Path) -> bool {
    let (Ok(open), Ok(named)) = (file.metadata(), std::fs::metadata(path)) else { return false };
    same_file(&open, &named)
}

#[cfg(unix)]
fn same_file(open: &std::fs::Metadata, named: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    open.dev() == named.dev() && open.ino() == named.ino() && open.nlink() > 0
}

#[cfg(not(unix))]
fn same_file(open: &std::fs::Metadata, named: &std::fs::Metadata) -> bool {
    open.len() == named.len()
}

/// Writes the first `len` bytes of `file` (the journal's good part) to a new file where the game
/// can be found, made durable: that file, open for appending, and its path. No file there is
/// written over.
pub(super) fn rescue(file: &mut File, len: u64, path: &Path) -> io::Result<(File, PathBuf)> {
    let mut kept = Vec::with_capacity(len as usize);
    file.seek(SeekFrom::Start(0))?;
    file.take(len).read_to_end(&mut kept)?;
    if kept.len() as u64 != len {
        return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "the journal could not be read back"));
    }
    let mut last = io::Error::new(io::ErrorKind::NotFound, "there is no place for the journal");
    for place in places(path) {
        match write_new(&place, &kept) {
            Ok(file) => return Ok((file, place)),
            Err(e) => last = e,
        }
    }
    Err(last)
}

/// Where a journal that went away is written again, in order: its own place, a free name beside
/// it, the games folder.
fn places(path: &Path) -> Vec<PathBuf> {
    let name = path.file_name().map(PathBuf::from).unwrap_or_else(|| PathBuf::from("game.journal"));
    let mut places = vec![path.to_path_buf()];
    places.extend(free_beside(path));
    if let Some(games) = crate::places::games_dir() {
        places.extend(free_beside(&games.join(&name)).or(Some(games.join(name))));
    }
    places
}

/// The first `stem-N.ext` beside `path` that names nothing.
fn free_beside(path: &Path) -> Option<PathBuf> {
    let stem = path.file_stem().map_or(String::new(), |s| s.to_string_lossy().into_owned());
    let extension = path.extension().map(|e| format!(".{}", e.to_string_lossy())).unwrap_or_default();
    (2..1000).map(|n| path.with_file_name(format!("{stem}-{n}{extension}"))).find(|p| !p.exists())
}

/// A new file at `place` (its folder made if need be) holding `bytes`, durable, locked and open
/// for appending; refused where a file is already.
fn write_new(place: &Path, bytes: &[u8]) -> io::Result<File> {
    if let Some(dir) = place.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut file = OpenOptions::new().read(true).append(true).create_new(true).open(place)?;
    lock(&file)?;
    let written = file.write_all(bytes).and_then(|()| file.sync_all());
    if let Err(e) = written {
        drop(file);
        let _ = std::fs::remove_file(place);
        return Err(e);
    }
    sync_dir(place);
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("annabella-refuge-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn open(path: &Path, text: &[u8]) -> File {
        let mut file = OpenOptions::new().read(true).append(true).create_new(true).open(path).unwrap();
        file.write_all(text).unwrap();
        file
    }

    #[test]
    fn a_removed_folder_is_made_again_and_the_good_part_written_there() {
        let dir = scratch("folder");
        let path = dir.join("inner").join("j.journal");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let mut file = open(&path, b"good part|torn");
        assert!(in_place(&file, &path));
        std::fs::remove_dir_all(dir.join("inner")).unwrap();
        assert!(!in_place(&file, &path));
        let (mut again, place) = rescue(&mut file, 9, &path).unwrap();
        assert_eq!(place, path);
        assert!(in_place(&again, &path));
        again.write_all(b"|next").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "good part|next");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_put_in_its_place_is_not_written_over() {
        let dir = scratch("replaced");
        let path = dir.join("j.journal");
        let mut file = open(&path, b"moves");
        std::fs::remove_file(&path).unwrap();
        std::fs::write(&path, "the user's own").unwrap();
        assert!(!in_place(&file, &path));
        let (_, place) = rescue(&mut file, 5, &path).unwrap();
        assert_eq!(place, dir.join("j-2.journal"));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "the user's own");
        assert_eq!(std::fs::read_to_string(&place).unwrap(), "moves");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
