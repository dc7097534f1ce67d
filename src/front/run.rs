//! The loop every front end runs: read a line (on its own thread, so that the clock can speak
//! while nobody types) or take what the ears heard and the board reported, let the desk answer,
//! make the input durable, print every line, sound cues, speak what is to be spoken, write the
//! transcript, perform the effects (documents, voice, listening, braille, the engine, playing on)
//! and report speech and audio problems once. The engine asked about a position thinks on a
//! thread of its own: the desk goes on answering meanwhile (a script's next line waits for it).

use std::io;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use super::desk::Desk;
use super::devices::{BoardLine, Devices, Ears};
use super::line_source::{LineSource, Typed};
use super::outputs::Outputs;
use super::sounding::{lend_own_voice, sounding_time};
use super::{documents, EngineView};
use crate::clock::{wall_ms, Timestamp};
use crate::command::MAX_LINE;
use crate::eboard::BoardReport;
use crate::engine::{Report as EngineReport, Thinker};
use crate::listen::Report;
use crate::online::OnlineReport;
use crate::session::{Effect, Response};
use crate::store::Kept;

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

/// How the loop ended.
pub enum Ending {
    /// The input ended or the user left.
    Done,
    /// A new game from this position (FEN) is to be played on (from a review), reading from the
    /// same source.
    PlayOn {
        /// The position.
        fen: String,
        /// Where lines were read from, handed back to be read on.
        source: Option<Box<dyn LineSource + Send>>,
    },
}

/// What to do after a response.
enum Flow {
    Go,
    Stop(Stop),
}

/// Why the loop stops.
enum Stop {
    Done,
    PlayOn(String),
}

type Source = Box<dyn LineSource + Send>;

/// How long queued speech may take to finish when the loop ends.
const FINISH_LIMIT: Duration = Duration::from_secs(5);
/// The longest wait, after the greeting, for the speech engine to say whether it started.
const SPEECH_START: Duration = Duration::from_secs(3);
/// The longest wait without looking at the clock and the speech engine.
const POLL: Duration = Duration::from_millis(500);

/// What the loop waits for: something typed, what the ears heard, what the board reported.
enum Incoming {
    Typed(io::Result<Option<Typed>>),
    Heard(Report),
    Board(BoardReport),
    Online(OnlineReport),
    Opponent(EngineReport),
    /// The engine's answer about a position, in words.
    Evaluated(Vec<crate::wording::Line>),
}

/// Reads lines on a thread of its own: each prompt sent asks for one line (or key). The thread
/// hands the source back when no more prompts come.
fn reader(mut source: Source, answer: mpsc::Sender<Incoming>) -> (mpsc::Sender<String>, Option<JoinHandle<Source>>) {
    let (prompts, asked) = mpsc::channel::<String>();
    let spawned = thread::Builder::new().name("input".into()).spawn(move || {
        for prompt in asked {
            source.set_prompt(&prompt);
            let typed = source.read();
            let more = matches!(typed, Ok(Some(_)));
            if answer.send(Incoming::Typed(typed)).is_err() || !more {
                break;
            }
        }
        source
    });
    match spawned {
        Ok(handle) => (prompts, Some(handle)),
        Err(e) => {
            // Without a thread there is no input: the session ends as at the end of input.
            eprintln!("annabella: cannot read input ({e})");
            (prompts, None)
        }
    }
}

/// The engine asked about positions on a thread of its own, its answers handed to the loop: the
/// channel that asks it.
fn engine_thread(mut view: EngineView, to: mpsc::Sender<Incoming>) -> mpsc::Sender<String> {
    let (asked, positions) = mpsc::channel::<String>();
    let _ = thread::Builder::new().name("engine".into()).spawn(move || {
        for fen in positions {
            if to.send(Incoming::Evaluated(view.answer(&fen))).is_err() {
                break;
            }
        }
    });
    asked
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

/// The loop's stage beside the desk: the outputs, the time, the ears, the engine and the online
/// line.
struct Stage<'o> {
    outputs: &'o mut Outputs,
    time: TimeSource,
    ears: Option<Box<dyn super::devices::Listen>>,
    /// The engine asked about positions after the game, until it is handed to its own thread.
    engine_view: Option<EngineView>,
    /// The engine's thread, asked about a position (FEN) at a time: the loop goes on meanwhile.
    engine_asked: Option<mpsc::Sender<String>>,
    /// A position the engine was asked about and has not answered yet.
    engine_pending: bool,
    link: Option<crate::online::Link>,
    /// The engine of a practice game.
    thinker: Option<Thinker>,
    /// Until when what has been said aloud sounds: speech said while earlier speech still sounds
    /// follows it.
    voiced_until: Instant,
    /// Until when the cues played sound.
    cued_until: Instant,
}

impl Stage<'_> {
    /// Says a response and performs its effects, each outcome handed back to the desk and said in
    /// turn.
    fn answer<D: Desk + ?Sized>(&mut self, desk: &mut D, response: Response, now: Timestamp) -> io::Result<Flow> {
        self.outputs.emit(&response)?;
        // What is said aloud, and every cue, reaches the microphone too: the ears let it pass
        // unheard.
        if let Some(ears) = self.ears.as_deref() {
            let cued = self.outputs.cues.sounds();
            let took = sounding_time(&response.lines, self.outputs.speaker.sounds(), cued);
            if !took.is_zero() {
                self.voiced_until = self.voiced_until.max(Instant::now()) + took;
                ears.speaking(self.voiced_until);
            }
            let cues = sounding_time(&response.lines, false, cued);
            if !cues.is_zero() {
                self.cued_until = self.cued_until.max(Instant::now()) + cues;
                ears.cueing(self.cued_until);
            }
        }
        let mut flow = Flow::Go;
        for effect in response.effects {
            match effect {
                Effect::Quit => flow = Flow::Stop(Stop::Done),
                Effect::PlayOn(fen) => flow = Flow::Stop(Stop::PlayOn(fen)),
                Effect::Listen => {
                    if let Some(ears) = self.ears.as_deref() {
                        ears.push();
                    }
                }
                Effect::Voice(voice) => self.outputs.speaker.configure(&voice),
                Effect::Braille(lines) => self.outputs.speaker.show_braille(&lines),
                Effect::Online(action) => {
                    if let Some(link) = self.link.as_ref() {
                        link.send(action);
                    }
                }
                Effect::Think(request) => {
                    if let Some(thinker) = self.thinker.as_ref() {
                        thinker.ask(request);
                    }
                }
                Effect::Engine(fen) => {
                    if let Some(asked) = self.engine_asked.as_ref() {
                        self.engine_pending = asked.send(fen).is_ok();
                    } else if let Some(engine_view) = self.engine_view.as_mut() {
                        let lines = engine_view.answer(&fen);
                        self.outputs.say(&lines)?;
                    }
                }
                Effect::Write(document) => {
                    let journal = self.outputs.journal.as_ref().map(|j| j.path().to_path_buf());
                    if let Some(written) = documents::write(*document, journal.as_deref(), desk.clips_dir()) {
                        let answer = desk.written(written, now);
                        self.outputs.emit(&answer)?;
                    }
                }
            }
        }
        Ok(flow)
    }

    /// Says the problems speech and audio reported since the last look.
    fn problems<D: Desk + ?Sized>(&mut self, desk: &mut D) -> io::Result<()> {
        match self.outputs.problems() {
            Some(problems) => {
                let answer = desk.problems(problems, self.time.now());
                self.outputs.emit(&answer)
            }
            None => Ok(()),
        }
    }

    /// A device's report answered, made durable first (`kept`, journaled before it is said).
    fn device<D: Desk>(
        &mut self,
        desk: &mut D,
        answer: impl FnOnce(&mut D, Timestamp) -> Response,
        kept: Option<Kept>,
    ) -> io::Result<Flow> {
        let now = self.time.now();
        if let (Some(journal), Some(kept)) = (self.outputs.journal.as_mut(), kept) {
            if let Err(e) = journal.record(kept, now, wall_ms()) {
                return self.unsaved(desk, &e, now);
            }
        }
        self.journal_moved(desk, now)?;
        let response = answer(desk, now);
        self.answer(desk, response, now)
    }

    /// Says where the journal went when its file went away and it was written again elsewhere.
    fn journal_moved<D: Desk>(&mut self, desk: &mut D, now: Timestamp) -> io::Result<()> {
        let Some(path) = self.outputs.journal.as_mut().and_then(|j| j.take_moved()) else { return Ok(()) };
        let answer = desk.journal_moved(path, now);
        self.outputs.emit(&answer)
    }

    /// What could not be made durable is not done, and that is said; the game stays where it
    /// was and goes on once writing works again.
    fn unsaved<D: Desk>(&mut self, desk: &mut D, error: &io::Error, now: Timestamp) -> io::Result<Flow> {
        let response = desk.unsaved(error);
        self.answer(desk, response, now)
    }

    /// A typed line made durable, then answered: a crash from then on loses nothing that was
    /// said; a line that cannot be made durable is not taken.
    fn typed<D: Desk>(&mut self, desk: &mut D, line: &str) -> io::Result<Flow> {
        // Read once; with the simulated clock, `advance` moves the time on before the desk answers.
        let input = desk.read(line);
        let mut time = self.time;
        if let (Some(by), TimeSource::Simulated(ms)) = (desk.advances(&input), &mut time) {
            *ms += by.as_millis() as u64;
        }
        let now = time.now();
        if let Some(journal) = self.outputs.journal.as_mut() {
            // A line too long to read is kept only as long as it takes to refuse it again.
            let kept: String = line.chars().take(MAX_LINE + 1).collect();
            // A line that changes nothing kept (a question about the board or the clock, leaving)
            // is answered even when it cannot be written: a full disk leaves the player the clock
            // and the way out.
            if let Err(e) = journal.input(&kept, now, wall_ms()) {
                if !desk.changes_nothing_kept(&input) {
                    let before = self.time.now();
                    return self.unsaved(desk, &e, before);
                }
            }
        }
        self.journal_moved(desk, now)?;
        self.time = time;
        let response = desk.answer(input, now);
        match self.answer(desk, response, now)? {
            Flow::Go => self.settled_meanwhile(desk),
            stop => Ok(stop),
        }
    }

    /// The speech engine's voices told to the desk: a voice asked for before the engine said
    /// which it has is checked once it has, and what that says is answered.
    fn voices<D: Desk>(&mut self, desk: &mut D) -> io::Result<Flow> {
        let news = desk.voices(self.outputs.speaker.voices());
        if news.lines.is_empty() {
            return Ok(Flow::Go);
        }
        let now = self.time.now();
        self.answer(desk, news, now)
    }

    /// With the simulated clock, time passes only with `advance`: a board that settled on a
    /// placement meanwhile is judged then, as the real clock judges it when its time comes.
    fn settled_meanwhile<D: Desk>(&mut self, desk: &mut D) -> io::Result<Flow> {
        let simulated = matches!(self.time, TimeSource::Simulated(_));
        if !simulated || desk.board_deadline().is_none_or(|due| due > self.time.now()) {
            return Ok(Flow::Go);
        }
        let kept = Some(Kept::Board(BoardReport::Settled.record()));
        self.device(desk, |d, now| d.board(BoardReport::Settled, now), kept)
    }

    /// How long to wait for the next line or report: until the clock or the board has something
    /// to say, at most `POLL`; with the simulated clock, until something comes.
    fn wait<D: Desk>(&self, desk: &D) -> Duration {
        let now = self.time.now();
        match self.time {
            TimeSource::Simulated(_) => Duration::from_secs(3600),
            TimeSource::Real { .. } => [desk.next_deadline(now), desk.board_deadline()]
                .into_iter()
                .flatten()
                .map(|d| Duration::from_millis(d.0.saturating_sub(now.0)))
                .fold(POLL, Duration::min),
        }
    }
}

/// Runs `desk` until the input ends or the user leaves; `opening` is what is said first (the
/// start of a new game, where a resumed one stands, the game under review). Lines are read from
/// `source`, moves heard by the ears and the electronic board watched as `devices` ask.
pub fn run<D: Desk>(
    desk: &mut D,
    source: Source,
    outputs: &mut Outputs,
    time: TimeSource,
    opening: Response,
    devices: Devices,
) -> io::Result<Ending> {
    // A resumed game may have changed rate, volume or voice since the speaker was started.
    outputs.speaker.configure(desk.voice());
    let (ears, heard) = match devices.ears {
        Some(Ears { listener, reports }) => (Some(listener), Some(reports)),
        None => (None, None),
    };
    let (link, online) = match devices.online {
        Some(super::devices::OnlineLine { link, reports }) => (Some(link), Some(reports)),
        None => (None, None),
    };
    let (thinker, answers) = match devices.opponent {
        Some(super::devices::OpponentLine { thinker, reports }) => (Some(thinker), Some(reports)),
        None => (None, None),
    };
    // A person at a terminal may type while the engine thinks; a script's next line waits for it.
    let interactive = source.is_interactive();
    lend_own_voice(ears.as_deref(), outputs.speaker.as_ref());
    let mut stage = Stage {
        outputs,
        time,
        ears,
        engine_view: devices.engine,
        engine_asked: None,
        engine_pending: false,
        link,
        thinker,
        voiced_until: Instant::now(),
        cued_until: Instant::now(),
    };
    if let Flow::Stop(stop) = stage.answer(desk, opening, time.now())? {
        let source = Some(source);
        return finish(desk, &mut stage, stop, source);
    }
    // A speech engine that cannot start is said before the first line is read.
    stage.outputs.speaker.settle(SPEECH_START);
    let (incoming_to, incoming) = mpsc::channel();
    // The engine thinks on a thread of its own: the review answers while it does.
    stage.engine_asked = stage.engine_view.take().map(|view| engine_thread(view, incoming_to.clone()));
    if let Some(heard) = heard {
        forward(heard, incoming_to.clone(), Incoming::Heard);
    }
    if let Some(online) = online {
        forward(online, incoming_to.clone(), Incoming::Online);
    }
    if let Some(answers) = answers {
        forward(answers, incoming_to.clone(), Incoming::Opponent);
    }
    // The board's line stays open as long as the loop runs.
    let _board = devices.board.map(|BoardLine { connection, reports }| {
        forward(reports, incoming_to.clone(), Incoming::Board);
        connection
    });
    let (prompts, handle) = reader(source, incoming_to);
    let mut asked = false;
    let stop = 'outer: loop {
        stage.problems(desk)?;
        // The grammar of the position is made only for ears that follow it.
        if let Some(ears) = stage.ears.as_deref() {
            if let Some(grammar) = desk.grammar() {
                ears.follow(grammar);
            }
        }
        if let Flow::Stop(stop) = stage.voices(desk)? {
            break 'outer stop;
        }
        // A script's next line waits for the engine's answer too, so that answers come in order.
        if !asked && (interactive || (!desk.waits() && !stage.engine_pending)) {
            if prompts.send(desk.prompt()).is_err() {
                break Stop::Done;
            }
            asked = true;
        }
        let next = 'waiting: loop {
            match incoming.recv_timeout(stage.wait(desk)) {
                Ok(next) => break 'waiting next,
                Err(RecvTimeoutError::Timeout) => {
                    let now = stage.time.now();
                    if desk.board_deadline().is_some_and(|due| due <= now) {
                        break 'waiting Incoming::Board(BoardReport::Settled);
                    }
                    let response = desk.tick(now);
                    if let Flow::Stop(stop) = stage.answer(desk, response, now)? {
                        break 'outer stop;
                    }
                    if let Flow::Stop(stop) = stage.voices(desk)? {
                        break 'outer stop;
                    }
                    stage.problems(desk)?;
                }
                Err(RecvTimeoutError::Disconnected) => break 'waiting Incoming::Typed(Ok(None)),
            }
        };
        let flow = match next {
            Incoming::Typed(typed) => {
                asked = false;
                match typed? {
                    None => break Stop::Done,
                    Some(Typed::Line(line)) => stage.typed(desk, &line)?,
                    Some(Typed::Key(key)) => {
                        let now = stage.time.now();
                        let response = desk.key(key, now);
                        stage.answer(desk, response, now)?
                    }
                }
            }
            Incoming::Heard(report) => {
                let kept = match &report {
                    Report::Heard(hearing) => Some(Kept::Heard(hearing.record())),
                    _ => None,
                };
                stage.device(desk, |d, now| d.heard(report, now), kept)?
            }
            Incoming::Board(report) => {
                let kept = Some(Kept::Board(report.record()));
                stage.device(desk, |d, now| d.board(report, now), kept)?
            }
            Incoming::Online(report) => {
                let kept = Some(Kept::Online(report.record()));
                stage.device(desk, |d, now| d.online(report, now), kept)?
            }
            Incoming::Opponent(report) => {
                let kept = Some(Kept::Opponent(report.record()));
                stage.device(desk, |d, now| d.opponent(report, now), kept)?
            }
            Incoming::Evaluated(lines) => {
                stage.engine_pending = false;
                stage.outputs.say(&lines)?;
                Flow::Go
            }
        };
        if let Flow::Stop(stop) = flow {
            break stop;
        }
    };
    // No more prompts: an idle reader hands its source back (one still reading is let be).
    drop(prompts);
    let source = handle.filter(|_| !asked).and_then(|h| h.join().ok());
    finish(desk, &mut stage, stop, source)
}

/// Lets queued cues and speech finish (unless a game is played on), and says what went wrong
/// with them.
fn finish<D: Desk>(desk: &mut D, stage: &mut Stage<'_>, stop: Stop, source: Option<Source>) -> io::Result<Ending> {
    let ending = match stop {
        Stop::Done => {
            stage.outputs.finish(FINISH_LIMIT);
            Ending::Done
        }
        Stop::PlayOn(fen) => Ending::PlayOn { fen, source },
    };
    stage.problems(desk)?;
    Ok(ending)
}
