//! The loop: read a line (on its own thread, so that the clock can speak while nobody types),
//! let the session answer, print every line, sound cues, speak what is to be spoken, write the
//! transcript, and report speech and audio problems once.

use std::io::{self, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use super::line_source::LineSource;
use super::registry::{CommandId, Input};
use super::session::Session;
use super::{Response, SheetContent, Timestamp};
use crate::audio::CuePlayer;
use crate::clock::parse_duration;
use crate::speech::{Speaker, Transcript};
use crate::store::Journal;

/// Where the session's time comes from.
#[derive(Debug, Clone, Copy)]
pub enum TimeSource {
    /// The wall clock: `offset` milliseconds at this instant.
    Real { start: Instant, offset: u64 },
    /// Frozen time that moves only with `advance` (milliseconds).
    Simulated(u64),
}

impl TimeSource {
    /// The wall clock from now on, starting at zero.
    pub fn real() -> TimeSource {
        TimeSource::Real { start: Instant::now(), offset: 0 }
    }

    pub fn now(&self) -> Timestamp {
        match self {
            TimeSource::Real { start, offset } => Timestamp(offset + start.elapsed().as_millis() as u64),
            TimeSource::Simulated(ms) => Timestamp(*ms),
        }
    }
}

/// A PGN date (`2026.11.21`) from Unix milliseconds (the civil calendar, UTC).
pub fn pgn_date(unix_ms: u64) -> String {
    let days = (unix_ms / 86_400_000) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The wall clock in Unix milliseconds, for the journal.
fn wall_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}

/// Where output goes.
pub struct Outputs<'a> {
    pub out: &'a mut dyn Write,
    pub speaker: &'a mut dyn Speaker,
    pub cues: &'a mut dyn CuePlayer,
    pub transcript: Option<Transcript>,
    /// Every input is appended here and synced before its answer goes out.
    pub journal: Option<Journal>,
}

impl Outputs<'_> {
    /// Prints, speaks and sounds one response, and appends it to the transcript.
    pub fn emit(&mut self, response: &Response) -> io::Result<()> {
        for line in &response.lines {
            if !line.text.is_empty() {
                writeln!(self.out, "{}", line.text)?;
            }
            if let Some(cue) = line.cue {
                self.cues.play(cue);
                if let Some(t) = self.transcript.as_mut() {
                    t.cue(cue.name())?;
                }
            }
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
        for problem in self.cues.warnings() {
            writeln!(self.out, "{}", session.audio_warning_text(&problem))?;
        }
        self.out.flush()
    }
}

/// The bytes of an exported scoresheet: the text, or the spoken form rendered from the clips.
pub fn sheet_bytes(content: &SheetContent, clips: Option<&std::path::Path>) -> Result<Vec<u8>, String> {
    match content {
        SheetContent::Text(text) => Ok(text.clone().into_bytes()),
        SheetContent::Spoken { pack, parts } => crate::speech::sheet_wav(pack, parts, clips).map_err(|e| e.to_string()),
    }
}

/// Writes a PGN (dated today) to `path`; the line that says where, or why not.
fn write_pgn(session: &Session, pgn: &crate::store::PgnGame, path: &std::path::Path) -> super::Line {
    let mut pgn = pgn.clone();
    if let Some(date) = pgn.tags.iter_mut().find(|(k, _)| k == "Date") {
        date.1 = pgn_date(wall_ms());
    }
    let shown = path.display().to_string();
    match std::fs::write(path, pgn.write()) {
        Ok(()) => session.pgn_text(&shown, None),
        Err(e) => session.pgn_text(&shown, Some(&session.io_reason(&e))),
    }
}

/// A game that has just ended is also kept as PGN beside its journal (printed, not spoken).
fn keep_finished(session: &Session, outputs: &mut Outputs<'_>, response: &Response) -> io::Result<()> {
    let (Some(pgn), Some(journal)) = (&response.finished, outputs.journal.as_ref()) else { return Ok(()) };
    let mut line = write_pgn(session, pgn, &journal.path().with_extension("pgn"));
    line.speech = None;
    outputs.emit(&Response { lines: vec![line], ..Response::default() })
}

/// How long queued speech may take to finish when the session ends.
const FINISH_LIMIT: Duration = Duration::from_secs(5);
/// The longest wait without looking at the clock and the speech engine.
const POLL: Duration = Duration::from_millis(500);

type LineResult = io::Result<Option<String>>;

/// Reads lines on a thread of its own: each prompt sent asks for one line.
fn reader(mut source: Box<dyn LineSource + Send>) -> (mpsc::Sender<String>, mpsc::Receiver<LineResult>) {
    let (prompts, asked) = mpsc::channel::<String>();
    let (answer, lines) = mpsc::channel();
    let spawned = thread::Builder::new().name("input".into()).spawn(move || {
        for prompt in asked {
            source.set_prompt(&prompt);
            let line = source.read_line();
            let more = matches!(line, Ok(Some(_)));
            if answer.send(line).is_err() || !more {
                break;
            }
        }
    });
    if let Err(e) = spawned {
        // Without a thread there is no input: the session ends as at the end of input.
        eprintln!("annabella: cannot read input ({e})");
    }
    (prompts, lines)
}

/// Runs the session until the input ends or the user quits; `opening` is what is said first
/// (the start of a new game, or where a resumed one stands).
pub fn run(
    session: &mut Session,
    source: Box<dyn LineSource + Send>,
    outputs: &mut Outputs<'_>,
    mut time: TimeSource,
    opening: Response,
) -> io::Result<()> {
    // A resumed game may have changed rate, volume or voice since the speaker was started.
    outputs.speaker.configure(session.voice());
    outputs.emit(&opening)?;
    let (prompts, lines) = reader(source);
    loop {
        outputs.warnings(session)?;
        session.know_voices(outputs.speaker.voices());
        if prompts.send(session.prompt()).is_err() {
            break;
        }
        let line = loop {
            let now = time.now();
            let wait = match time {
                TimeSource::Simulated(_) => Duration::from_secs(3600),
                TimeSource::Real { .. } => session
                    .next_deadline(now)
                    .map_or(POLL, |d| Duration::from_millis(d.0.saturating_sub(now.0)).min(POLL)),
            };
            match lines.recv_timeout(wait) {
                Ok(line) => break line,
                Err(RecvTimeoutError::Timeout) => {
                    let response = session.tick(time.now());
                    outputs.emit(&response)?;
                    keep_finished(session, outputs, &response)?;
                    outputs.warnings(session)?;
                }
                Err(RecvTimeoutError::Disconnected) => break Ok(None),
            }
        };
        let Some(line) = line? else { break };
        let input = session.read_input(&line);
        if let (Input::Command(CommandId::Advance, arg), TimeSource::Simulated(ms)) = (&input, &mut time) {
            if let Ok(d) = parse_duration(arg) {
                *ms += d.as_millis() as u64;
            }
        }
        let now = time.now();
        // A defect must not end the game: the input is refused and play goes on.
        let response = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| session.handle(input, now)))
            .unwrap_or_else(|_| session.internal_error());
        // Durable before it is announced: a crash from here on loses nothing that was said.
        if let Some(journal) = outputs.journal.as_mut() {
            journal.input(&line, now, wall_ms())?;
        }
        outputs.emit(&response)?;
        if let Some(envelope) = &response.envelope {
            let path = match outputs.journal.as_ref() {
                Some(journal) => journal.path().with_extension("envelope"),
                None => std::path::PathBuf::from("adjourned.envelope"),
            };
            let mut envelope = envelope.clone();
            if let Some(journal) = outputs.journal.as_ref() {
                let path = journal.path();
                envelope.journal = std::fs::canonicalize(path).unwrap_or(path.to_path_buf()).display().to_string();
            }
            let line = match std::fs::write(&path, envelope.to_toml()) {
                Ok(()) => session.envelope_text(&path.display().to_string(), None),
                Err(e) => session.envelope_text(&path.display().to_string(), Some(&session.io_reason(&e))),
            };
            outputs.emit(&Response { lines: vec![line], ..Response::default() })?;
        }
        if let Some((pgn, path)) = &response.pgn {
            let path = match (path, outputs.journal.as_ref()) {
                (Some(p), _) => std::path::PathBuf::from(p),
                (None, Some(journal)) => journal.path().with_extension("pgn"),
                (None, None) => std::path::PathBuf::from("annabella.pgn"),
            };
            let line = write_pgn(session, pgn, &path);
            outputs.emit(&Response { lines: vec![line], ..Response::default() })?;
        }
        keep_finished(session, outputs, &response)?;
        if let Some(voice) = &response.voice {
            outputs.speaker.configure(voice);
        }
        if let Some(sheet) = &response.export {
            let path = match (&sheet.path, outputs.journal.as_ref()) {
                (Some(p), _) => std::path::PathBuf::from(p),
                (None, Some(journal)) => journal.path().with_extension(sheet.extension),
                (None, None) => std::path::PathBuf::from(format!("scoresheet.{}", sheet.extension)),
            };
            let shown = path.display().to_string();
            let written = sheet_bytes(&sheet.content, session.clips_dir())
                .and_then(|bytes| std::fs::write(&path, bytes).map_err(|e| session.io_reason(&e)));
            let line = match written {
                Ok(()) => session.export_text(&shown, None),
                Err(e) => session.export_text(&shown, Some(&e)),
            };
            outputs.emit(&Response { lines: vec![line], ..Response::default() })?;
        }
        if response.quit {
            break;
        }
    }
    outputs.cues.finish(FINISH_LIMIT);
    outputs.speaker.finish(FINISH_LIMIT);
    outputs.warnings(session)
}

#[cfg(test)]
mod tests {
    #[test]
    fn pgn_dates() {
        assert_eq!(super::pgn_date(0), "1970.01.01");
        assert_eq!(super::pgn_date(1_795_294_249_149), "2026.11.21");
        assert_eq!(super::pgn_date(951_782_400_000), "2000.02.29");
    }
}
