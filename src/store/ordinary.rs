//! Reading a user's file safely: only an ordinary file is read (a pipe would block for ever, a
//! device such as `/dev/zero` never ends), and none larger than `LARGEST_READ`. What is refused
//! comes back as an I/O error of its own kind, worded like any other.

use std::io::{self, Read};
use std::path::Path;

/// The largest file read: far above any game, journal or envelope (a PGN of 10,000 games is a
/// few megabytes).
pub const LARGEST_READ: u64 = 512 << 20;

/// The bytes of the ordinary file at `path` (a link is followed); a pipe, a device or a socket
/// is refused (`Unsupported`) before it is opened, a file larger than `LARGEST_READ` too
/// (`FileTooLarge`).
pub fn read_ordinary(path: &Path) -> io::Result<Vec<u8>> {
    read_within(path, LARGEST_READ)
}

/// `read_ordinary` with the limit `largest`.
fn read_within(path: &Path, largest: u64) -> io::Result<Vec<u8>> {
    let kind = std::fs::metadata(path)?;
    if kind.is_dir() {
        return Err(io::Error::from(io::ErrorKind::IsADirectory));
    }
    if !kind.is_file() {
        return Err(io::Error::new(io::ErrorKind::Unsupported, "not an ordinary file"));
    }
    let too_large = || io::Error::new(io::ErrorKind::FileTooLarge, format!("larger than {largest} bytes"));
    if kind.len() > largest {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)?.take(largest + 1).read_to_end(&mut bytes)?;
    match bytes.len() as u64 > largest {
        true => Err(too_large()),
        false => Ok(bytes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pipe and a device are refused by kind, without being opened; a file over the limit by
    /// its size; an ordinary file is read.
    #[test]
    fn only_an_ordinary_file_within_the_limit_is_read() {
        let dir = std::env::temp_dir().join(format!("annabella-ordinary-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("f.pgn");
        let _ = std::fs::remove_file(&fifo);
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        assert_eq!(read_ordinary(&fifo).unwrap_err().kind(), io::ErrorKind::Unsupported);
        let zero = dir.join("zero.pgn");
        let _ = std::fs::remove_file(&zero);
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        assert_eq!(read_ordinary(&zero).unwrap_err().kind(), io::ErrorKind::Unsupported);
        let game = dir.join("g.pgn");
        std::fs::write(&game, "1. e4 *\n").unwrap();
        assert_eq!(read_ordinary(&game).unwrap(), b"1. e4 *\n");
        assert_eq!(read_within(&game, 4).unwrap_err().kind(), io::ErrorKind::FileTooLarge);
        assert_eq!(read_ordinary(&dir).unwrap_err().kind(), io::ErrorKind::IsADirectory);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
