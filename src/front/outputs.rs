//! Where a response goes: every line printed, its cue sounded, its words spoken, and both written
//! to the transcript (`say:` and `cue:` lines, flushed as they happen); and the journal every
//! accepted input is made durable in before it is answered.

use std::io::{self, Write};

use crate::audio::CuePlayer;
use crate::session::{Problems, Response};
use crate::speech::{Speaker, Transcript};
use crate::store::Journal;
use crate::wording::Line;

/// Where output goes.
pub struct Outputs {
    /// Where lines are printed.
    pub out: Box<dyn Write>,
    /// Where utterances are spoken.
    pub speaker: Box<dyn Speaker>,
    /// Where cues sound.
    pub cues: Box<dyn CuePlayer>,
    /// Everything said and sounded, kept as text, when asked for.
    pub transcript: Option<Transcript>,
    /// Every input is appended here and synced before its answer goes out.
    pub journal: Option<Journal>,
}

impl Outputs {
    /// Prints, speaks and sounds one response's lines, and appends them to the transcript.
    pub fn emit(&mut self, response: &Response) -> io::Result<()> {
        self.say(&response.lines)
    }

    /// Prints, speaks and sounds lines, and appends them to the transcript.
    pub fn say(&mut self, lines: &[Line]) -> io::Result<()> {
        // Without a voice for every utterance, what is printed carries the words.
        let voiced = self.speaker.voiced();
        for line in lines {
            let printed = if voiced { line.text.as_str().into() } else { line.as_read() };
            if !printed.is_empty() {
                writeln!(self.out, "{printed}")?;
            }
            if let Some(cue) = line.cue {
                self.cues.play(cue);
                if let Some(t) = self.transcript.as_mut() {
                    t.cue(cue.name());
                }
            }
            for utterance in &line.speech {
                self.speaker.speak(utterance);
                if let Some(t) = self.transcript.as_mut() {
                    t.say(&utterance.text);
                }
            }
        }
        self.out.flush()
    }

    /// The problems speech and audio reported since the last look.
    pub fn problems(&mut self) -> Option<Problems> {
        let transcript = self.transcript.as_mut().and_then(|t| t.failure());
        let problems = Problems { speech: self.speaker.warnings(), audio: self.cues.warnings(), transcript };
        let any = !problems.speech.is_empty() || !problems.audio.is_empty() || problems.transcript.is_some();
        any.then_some(problems)
    }

    /// Lets queued cues and speech finish, waiting at most `limit` for each.
    pub fn finish(&mut self, limit: std::time::Duration) {
        self.cues.finish(limit);
        self.speaker.finish(limit);
    }
}
