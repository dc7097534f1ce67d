//! The loop: read a line, let the session answer, print every line, speak what is to be
//! spoken, write the transcript, report speech problems once.

use std::io::{self, Write};
use std::time::Duration;

use super::line_source::LineSource;
use super::registry::parse_line;
use super::session::Session;
use super::{Response, Timestamp};
use crate::speech::{Speaker, Transcript};

/// Where output goes.
pub struct Outputs<'a> {
    pub out: &'a mut dyn Write,
    pub speaker: &'a mut dyn Speaker,
    pub transcript: Option<Transcript>,
}

impl Outputs<'_> {
    fn emit(&mut self, response: &Response) -> io::Result<()> {
        for line in &response.lines {
            writeln!(self.out, "{}", line.text)?;
            if let Some(utterance) = &line.speech {
                self.speaker.speak(utterance);
                if let Some(t) = self.transcript.as_mut() {
                    t.say(&utterance.text)?;
                }
            }
        }
        self.out.flush()
    }

    fn warnings(&mut self, session: &Session) -> io::Result<()> {
        for warning in self.speaker.warnings() {
            writeln!(self.out, "{}", session.warning_text(&warning))?;
        }
        self.out.flush()
    }
}

/// How long queued speech may take to finish when the session ends.
const FINISH_LIMIT: Duration = Duration::from_secs(5);

/// Runs the session until the input ends or the user quits.
pub fn run(
    session: &mut Session,
    source: &mut dyn LineSource,
    outputs: &mut Outputs<'_>,
    clock: &mut dyn FnMut() -> Timestamp,
) -> io::Result<()> {
    outputs.emit(&session.start())?;
    loop {
        outputs.warnings(session)?;
        source.set_prompt(&session.prompt());
        let Some(line) = source.read_line()? else {
            break;
        };
        let now = clock();
        // A defect must not end the game: the input is refused and play goes on.
        let response = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            session.handle(parse_line(&line), now)
        }))
        .unwrap_or_else(|_| session.internal_error());
        outputs.emit(&response)?;
        if response.quit {
            break;
        }
    }
    outputs.speaker.finish(FINISH_LIMIT);
    outputs.warnings(session)
}
