//! The transcript file (`--transcript FILE`): one `say: <text>` line per utterance and one
//! `cue: <name>` line per audio cue, appended and flushed as they happen.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;

#[derive(Debug)]
/// Everything said and sounded, written as text lines (`say: …`, `cue: …`).
pub struct Transcript {
    file: File,
}

impl Transcript {
    /// A transcript written to `path`.
    pub fn open(path: &Path) -> io::Result<Transcript> {
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        Ok(Transcript { file })
    }

    /// Keeps a spoken line.
    pub fn say(&mut self, text: &str) -> io::Result<()> {
        self.line("say", text)
    }

    /// Keeps a cue by name.
    pub fn cue(&mut self, name: &str) -> io::Result<()> {
        self.line("cue", name)
    }

    fn line(&mut self, kind: &str, text: &str) -> io::Result<()> {
        writeln!(self.file, "{kind}: {text}")?;
        self.file.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_appended() {
        let dir = std::env::temp_dir().join(format!("annabella-transcript-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.txt");
        let _ = std::fs::remove_file(&path);
        let mut t = Transcript::open(&path).unwrap();
        t.say("Eva vier").unwrap();
        t.cue("flag").unwrap();
        drop(t);
        let mut t = Transcript::open(&path).unwrap();
        t.say("Eva fünf").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "say: Eva vier\ncue: flag\nsay: Eva fünf\n");
    }
}
