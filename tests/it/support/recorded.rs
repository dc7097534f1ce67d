//! Outputs that write everything into one log, as a golden transcript has it — `> input` for each
//! line typed, the printed text, `cue: NAME` for each sound, `say: …` for each utterance and
//! `voice: …` for a change of voice — and a line source that types a script.

use std::collections::VecDeque;
use std::io;
use std::sync::{Arc, Mutex};

use annabella::audio::{Cue, CuePlayer};
use annabella::config::Settings;
use annabella::front::{LineSource, Outputs};
use annabella::speech::{Speaker, Utterance, VoiceSettings};

/// The shared log.
pub type Log = Arc<Mutex<String>>;

/// Appends `text` to the log.
pub fn append(log: &Log, text: &str) {
    log.lock().unwrap().push_str(text);
}

/// The typed lines, each echoed into the log as `> line` when read.
pub struct Script {
    lines: VecDeque<String>,
    log: Log,
}

impl Script {
    /// A script of `lines`, echoed into `log`.
    pub fn new(lines: impl IntoIterator<Item = String>, log: &Log) -> Script {
        Script { lines: lines.into_iter().collect(), log: log.clone() }
    }
}

impl LineSource for Script {
    fn read_line(&mut self) -> io::Result<Option<String>> {
        let line = self.lines.pop_front();
        if let Some(l) = &line {
            append(&self.log, &format!("> {l}\n"));
        }
        Ok(line)
    }
}

struct Printed(Log);

impl io::Write for Printed {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        append(&self.0, std::str::from_utf8(buf).unwrap());
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

struct Said(Log);

impl Speaker for Said {
    fn speak(&mut self, u: &Utterance) {
        append(&self.0, &format!("say: {}\n", u.text));
    }

    fn configure(&mut self, v: &VoiceSettings) {
        if *v != Settings::default().voice {
            append(&self.0, &format!("voice: rate {}, volume {}, voice {:?}\n", v.rate, v.volume, v.voice));
        }
    }
}

struct Sounded(Log);

impl CuePlayer for Sounded {
    fn play(&mut self, cue: Cue) {
        append(&self.0, &format!("cue: {cue}\n"));
    }
}

/// Outputs that write printed lines, cues and utterances into `log`.
pub fn outputs(log: &Log) -> Outputs {
    Outputs {
        out: Box::new(Printed(log.clone())),
        speaker: Box::new(Said(log.clone())),
        cues: Box::new(Sounded(log.clone())),
        transcript: None,
        journal: None,
    }
}
