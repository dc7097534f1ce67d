//! The loop: read a line (on its own thread, so that the clock can speak while nobody types) or
//! take what the ears heard, let the session answer, print every line, sound cues, speak what is to be spoken, write the
//! transcript, and report speech and audio problems once.

use std::io::{self, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use super::arguments::Input;
use super::command::Command;
use super::devices::{BoardLine, Devices, Ears, Listening};
use super::line_source::LineSource;
use super::session::Session;
use super::{documents, Effect, Event, Problems, Response, Timestamp};
use crate::audio::CuePlayer;
use crate::eboard::BoardReport;
use crate::listen::Report;
use crate::speech::{Speaker, Transcript};
use crate::store::Journal;

/// Where the session's time comes from.
#[derive(Debug, Clone, Copy)]
pub enum TimeSource {
    /// The wall clock: `offset` milliseconds at this instant.
    Real {
        /// The instant the offset was read.
        start: Instant,
        /// The session time then, in milliseconds.
        offset: u64,
    },
    /// Frozen time that moves only with `advance` (milliseconds).
    Simulated(u64),
}

impl TimeSource {
    /// The wall clock from now on, starting at zero.
    pub fn real() -> TimeSource {
        TimeSource::Real { start: Instant::now(), offset: 0 }
    }

    /// The session time now.
    pub fn now(&self) -> Timestamp {
        match self {
            TimeSource::Real { start, offset } => Timestamp(offset + start.elapsed().as_millis() as u64),
            TimeSource::Simulated(ms) => Timestamp(*ms),
        }
    }
}

/// Where output goes.
pub struct Outputs<'a> {
    /// Where lines are printed.
    pub out: &'a mut dyn Write,
    /// Where utterances are spoken.
    pub speaker: &'a mut dyn Speaker,
    /// Where cues sound.
    pub cues: &'a mut dyn CuePlayer,
    /// Everything said and sounded, kept as text, when asked for.
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

    /// Says a response and performs its effects, each outcome handed back to the session and
    /// said in turn. Whether the session ends.
    fn answer(
        &mut self,
        session: &mut Session,
        response: Response,
        now: Timestamp,
        ears: Option<&dyn Listening>,
    ) -> io::Result<bool> {
        self.emit(&response)?;
        let mut quit = false;
        for effect in response.effects {
            match effect {
                Effect::Quit => quit = true,
                Effect::Listen => {
                    if let Some(ears) = ears {
                        ears.push();
                    }
                }
                Effect::Voice(voice) => self.speaker.configure(&voice),
                Effect::Braille(lines) => self.speaker.show_braille(&lines),
                Effect::Write(document) => {
                    let journal = self.journal.as_ref().map(|j| j.path().to_path_buf());
                    if let Some(written) = documents::write(*document, journal.as_deref(), session.clips_dir()) {
                        self.emit(&session.apply(Event::Written(written), now))?;
                    }
                }
            }
        }
        Ok(quit)
    }

    /// Prints the problems speech and audio reported since the last look.
    fn problems(&mut self, session: &mut Session, now: Timestamp) -> io::Result<()> {
        let problems = Problems { speech: self.speaker.warnings(), audio: self.cues.warnings() };
        if problems.speech.is_empty() && problems.audio.is_empty() {
            return Ok(());
        }
        self.emit(&session.apply(Event::Problems(problems), now))
    }
}

/// How long queued speech may take to finish when the session ends.
const FINISH_LIMIT: Duration = Duration::from_secs(5);
/// The longest wait without looking at the clock and the speech engine.
const POLL: Duration = Duration::from_millis(500);

type LineResult = io::Result<Option<String>>;

/// What the loop waits for: a typed line, what the ears heard, what the board reported.
enum Incoming {
    Line(LineResult),
    Heard(Report),
    Board(BoardReport),
}

/// Reads lines on a thread of its own: each prompt sent asks for one line.
fn reader(mut source: Box<dyn LineSource + Send>, answer: mpsc::Sender<Incoming>) -> mpsc::Sender<String> {
    let (prompts, asked) = mpsc::channel::<String>();
    let spawned = thread::Builder::new().name("input".into()).spawn(move || {
        for prompt in asked {
            source.set_prompt(&prompt);
            let line = source.read_line();
            let more = matches!(line, Ok(Some(_)));
            if answer.send(Incoming::Line(line)).is_err() || !more {
                break;
            }
        }
    });
    if let Err(e) = spawned {
        // Without a thread there is no input: the session ends as at the end of input.
        eprintln!("annabella: cannot read input ({e})");
    }
    prompts
}

/// Hands a device's reports to the loop, each made an `Incoming` by `wrap`.
fn forward<T: Send + 'static>(reports: mpsc::Receiver<T>, to: mpsc::Sender<Incoming>, wrap: fn(T) -> Incoming) {
    let _ = thread::Builder::new().name("device".into()).spawn(move || {
        for report in reports {
            if to.send(wrap(report)).is_err() {
                break;
            }
        }
    });
}

/// Runs the session until the input ends or the user quits; `opening` is what is said first
/// (the start of a new game, or where a resumed one stands).
pub fn run(
    session: &mut Session,
    source: Box<dyn LineSource + Send>,
    outputs: &mut Outputs<'_>,
    time: TimeSource,
    opening: Response,
) -> io::Result<()> {
    run_with(session, source, outputs, time, opening, Devices::default())
}

/// `run`, with moves said aloud heard by the ears and the electronic board watched as well as
/// lines typed.
pub fn run_with(
    session: &mut Session,
    source: Box<dyn LineSource + Send>,
    outputs: &mut Outputs<'_>,
    mut time: TimeSource,
    opening: Response,
    devices: Devices,
) -> io::Result<()> {
    // A resumed game may have changed rate, volume or voice since the speaker was started.
    outputs.speaker.configure(session.voice());
    let (listener, reports) = match devices.ears {
        Some(Ears { listener, reports }) => (Some(listener), Some(reports)),
        None => (None, None),
    };
    let listener = listener.as_deref();
    if outputs.answer(session, opening, time.now(), listener)? {
        return finish(session, outputs, time.now());
    }
    let (incoming_to, incoming) = mpsc::channel();
    if let Some(reports) = reports {
        forward(reports, incoming_to.clone(), Incoming::Heard);
    }
    // The board's line stays open as long as the loop runs.
    let _board = devices.board.map(|BoardLine { connection, reports }| {
        forward(reports, incoming_to.clone(), Incoming::Board);
        connection
    });
    let prompts = reader(source, incoming_to);
    let mut asked = false;
    loop {
        outputs.problems(session, time.now())?;
        session.apply(Event::Voices(outputs.speaker.voices()), time.now());
        if let Some(ears) = listener {
            ears.follow(session.listening_grammar());
        }
        if !asked {
            if prompts.send(session.prompt()).is_err() {
                break;
            }
            asked = true;
        }
        let next = loop {
            match incoming.recv_timeout(wait(session, time)) {
                Ok(next) => break next,
                Err(RecvTimeoutError::Timeout) => {
                    let now = time.now();
                    if session.board_deadline().is_some_and(|due| due <= now) {
                        break Incoming::Board(BoardReport::Settled);
                    }
                    let response = session.apply(Event::Tick, now);
                    outputs.answer(session, response, now, listener)?;
                    outputs.problems(session, time.now())?;
                }
                Err(RecvTimeoutError::Disconnected) => break Incoming::Line(Ok(None)),
            }
        };
        let line = match next {
            Incoming::Line(line) => {
                asked = false;
                line
            }
            Incoming::Heard(report) => {
                let record = match &report {
                    Report::Heard(hearing) => Some(crate::store::Event::Heard(hearing.record())),
                    _ => None,
                };
                if device(session, outputs, Event::Heard(report), record, time.now(), listener)? {
                    break;
                }
                continue;
            }
            Incoming::Board(report) => {
                let record = Some(crate::store::Event::Board(report.record()));
                if device(session, outputs, Event::Board(report), record, time.now(), listener)? {
                    break;
                }
                continue;
            }
        };
        let Some(line) = line? else { break };
        let input = session.read_input(&line);
        // With the simulated clock, `advance` moves the time on before the session answers.
        if let (Input::Command(Command::Advance(by)), TimeSource::Simulated(ms)) = (&input, &mut time) {
            *ms += by.as_millis() as u64;
        }
        let now = time.now();
        let response = session.apply(Event::Input(input), now);
        // Durable before it is announced: a crash from here on loses nothing that was said.
        if let Some(journal) = outputs.journal.as_mut() {
            // A line too long to read is kept only as long as it takes to refuse it again.
            let kept: String = line.chars().take(super::arguments::MAX_LINE + 1).collect();
            journal.input(&kept, now, crate::clock::wall_ms())?;
        }
        if outputs.answer(session, response, now, listener)? {
            break;
        }
    }
    finish(session, outputs, time.now())
}

/// How long to wait for the next line or report: until the clock or the board has something to
/// say, at most `POLL`; with the simulated clock, until something comes.
fn wait(session: &Session, time: TimeSource) -> Duration {
    let now = time.now();
    match time {
        TimeSource::Simulated(_) => Duration::from_secs(3600),
        TimeSource::Real { .. } => [session.next_deadline(now), session.board_deadline()]
            .into_iter()
            .flatten()
            .map(|d| Duration::from_millis(d.0.saturating_sub(now.0)))
            .fold(POLL, Duration::min),
    }
}

/// What a device reported, applied, made durable (`record`, journaled before it is answered)
/// and answered. Whether the session ends.
fn device(
    session: &mut Session,
    outputs: &mut Outputs<'_>,
    event: Event,
    record: Option<crate::store::Event>,
    now: Timestamp,
    listener: Option<&dyn Listening>,
) -> io::Result<bool> {
    let response = session.apply(event, now);
    if let (Some(journal), Some(record)) = (outputs.journal.as_mut(), record) {
        journal.record(record, now, crate::clock::wall_ms())?;
    }
    outputs.answer(session, response, now, listener)
}

/// Lets queued cues and speech finish, and prints what went wrong with them.
fn finish(session: &mut Session, outputs: &mut Outputs<'_>, now: Timestamp) -> io::Result<()> {
    outputs.cues.finish(FINISH_LIMIT);
    outputs.speaker.finish(FINISH_LIMIT);
    outputs.problems(session, now)
}
