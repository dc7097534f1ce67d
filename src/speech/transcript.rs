//! The transcript file (`--transcript FILE`): one `say: <text>` line per utterance and one
//! `cue: <name>` line per audio cue, appended and flushed as they happen. A transcript that can
//! no longer be written (a full disk) is closed, and why is kept to be said once: the game goes
//! on without it.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;

#[derive(Debug)]
/// Everything said and sounded, written as text lines (`say: …`, `cue: …`).
pub struct Transcript {
    file: Option<File>,
    failure: Option<io::Error>,
}

impl Transcript {
    /// A transcript written to `path`.
    pub fn open(path: &Path) -> io::Result<Transcript> {
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        Ok(Transcript { file: Some(file), failure: None })
    }

    /// Keeps a spoken line.
    pub fn say(&mut self, text: &str) {
        self.line("say", text)
    }

    /// Keeps a cue by name.
    pub fn cue(&mut self, name: &str) {
        self.line("cue", name)
    }

    /// Why the transcript stopped being written, once.
    pub fn failure(&mut self) -> Option<io::Error> {
        self.failure.take()
    }

    fn line(&mut self, kind: &str, text: &str) {
        let Some(file) = self.file.as_mut() else { return };
        if let Err(e) = writeln!(file, "{kind}: {text}").and_then(|()| file.flush()) {
            self.file = None;
            self.failure = Some(e);
        }
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
        t.say("Eva vier");
        t.cue("flag");
        drop(t);
        let mut t = Transcript::open(&path).unwrap();
        t.say("Eva fünf");
        assert!(t.failure().is_none());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "say: Eva vier\ncue: flag\nsay: Eva fünf\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
