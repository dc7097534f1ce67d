//! What a front end's loop runs: the session of a game, a game under review — anything that reads
//! its own lines and answers each event with lines to print, speak and sound and effects for the
//! loop. The session is one desk; the review is another.

use std::path::Path;
use std::time::Duration;

use crate::clock::Timestamp;
use crate::command::{CommandSet, Key, Record};
use crate::eboard::BoardReport;
use crate::engine::Report as EngineReport;
use crate::listen::{MoveGrammar, Report};
use crate::messages::Lang;
use crate::online::OnlineReport;
use crate::session::{Command, Event, Input, Problems, Response, Session, Written};
use crate::speech::{Voice, VoiceSettings};

/// What the loop runs.
pub trait Desk {
    /// A typed line as this desk reads it: once, before it is made durable and answered.
    type Input;

    /// Reads a typed line, in the state the desk is in now.
    fn read(&self, line: &str) -> Self::Input;

    /// The prompt shown for the next line (`> `, unless the desk says more).
    fn prompt(&self) -> String {
        "> ".into()
    }

    /// The interface language (completion offers its words).
    fn lang(&self) -> Lang;

    /// The commands typed here, in the order they are read (for completion).
    fn commands(&self) -> Vec<&'static Record>;

    /// How far a line read moves the simulated clock on before it is answered (`advance 5m`).
    fn advances(&self, _input: &Self::Input) -> Option<Duration> {
        None
    }

    /// Answers a line read.
    fn answer(&mut self, input: Self::Input, now: Timestamp) -> Response;

    /// Answers a key that stands for a command.
    fn key(&mut self, key: Key, now: Timestamp) -> Response;

    /// Time passed with nobody typing.
    fn tick(&mut self, _now: Timestamp) -> Response {
        Response::default()
    }

    /// When the clock can next have something to say, if it keeps running.
    fn next_deadline(&self, _now: Timestamp) -> Option<Timestamp> {
        None
    }

    /// When the electronic board's placement is next to be judged.
    fn board_deadline(&self) -> Option<Timestamp> {
        None
    }

    /// What the ears heard.
    fn heard(&mut self, _report: Report, _now: Timestamp) -> Response {
        Response::default()
    }

    /// What the electronic board reported.
    fn board(&mut self, _report: BoardReport, _now: Timestamp) -> Response {
        Response::default()
    }

    /// What the online game's line reported.
    fn online(&mut self, _report: OnlineReport, _now: Timestamp) -> Response {
        Response::default()
    }

    /// What the engine of a practice game answered.
    fn opponent(&mut self, _report: EngineReport, _now: Timestamp) -> Response {
        Response::default()
    }

    /// Whether the desk waits for a device's answer (the engine's move) before the next line of a
    /// script is read.
    fn waits(&self) -> bool {
        false
    }

    /// A document written, or why not.
    fn written(&mut self, written: Written, now: Timestamp) -> Response;

    /// Speech and audio problems.
    fn problems(&mut self, problems: Problems, now: Timestamp) -> Response;

    /// What was typed or reported could not be made durable (`error`): it is not taken.
    fn unsaved(&mut self, _error: &std::io::Error) -> Response {
        Response::default()
    }

    /// Whether answering `input` changes nothing a resume needs (a question about the board, the
    /// clock or the commands; leaving, all accepted lines being on disk already): such a line is
    /// answered even when it cannot be written.
    fn changes_nothing_kept(&self, _input: &Self::Input) -> bool {
        false
    }

    /// The journal's file went away and the game so far was written again at `path`.
    fn journal_moved(&mut self, _path: std::path::PathBuf, _now: Timestamp) -> Response {
        Response::default()
    }

    /// The speech engine's voices; what is said when they first become known.
    fn voices(&mut self, _voices: Vec<Voice>) -> Response {
        Response::default()
    }

    /// The grammar the ears hear in.
    fn grammar(&self) -> Option<MoveGrammar> {
        None
    }

    /// The rate, volume and voice in force.
    fn voice(&self) -> &VoiceSettings;

    /// Where the voice clips are.
    fn clips_dir(&self) -> Option<&Path> {
        None
    }
}

impl Desk for Session {
    type Input = Input;

    fn read(&self, line: &str) -> Input {
        Session::read(self, line)
    }

    fn prompt(&self) -> String {
        Session::prompt(self)
    }

    fn lang(&self) -> Lang {
        Session::lang(self)
    }

    fn commands(&self) -> Vec<&'static Record> {
        Command::records().iter().collect()
    }

    fn advances(&self, input: &Input) -> Option<Duration> {
        match input {
            Input::Command(Command::Advance { by }) => Some(*by),
            _ => None,
        }
    }

    fn answer(&mut self, input: Input, now: Timestamp) -> Response {
        self.apply(Event::Input(input), now)
    }

    fn key(&mut self, key: Key, now: Timestamp) -> Response {
        self.apply(Event::Key(key), now)
    }

    fn tick(&mut self, now: Timestamp) -> Response {
        self.apply(Event::Tick, now)
    }

    fn next_deadline(&self, now: Timestamp) -> Option<Timestamp> {
        Session::next_deadline(self, now)
    }

    fn board_deadline(&self) -> Option<Timestamp> {
        Session::board_deadline(self)
    }

    fn heard(&mut self, report: Report, now: Timestamp) -> Response {
        self.apply(Event::Heard(report), now)
    }

    fn board(&mut self, report: BoardReport, now: Timestamp) -> Response {
        self.apply(Event::Board(report), now)
    }

    fn online(&mut self, report: OnlineReport, now: Timestamp) -> Response {
        self.apply(Event::Online(report), now)
    }

    fn opponent(&mut self, report: EngineReport, now: Timestamp) -> Response {
        self.apply(Event::Opponent(report), now)
    }

    fn waits(&self) -> bool {
        self.engine_thinks()
    }

    fn written(&mut self, written: Written, now: Timestamp) -> Response {
        self.apply(Event::Written(written), now)
    }

    fn problems(&mut self, problems: Problems, now: Timestamp) -> Response {
        self.apply(Event::Problems(problems), now)
    }

    fn unsaved(&mut self, error: &std::io::Error) -> Response {
        Session::unsaved(self, error)
    }

    fn changes_nothing_kept(&self, input: &Input) -> bool {
        Session::changes_nothing_kept(self, input)
    }

    fn journal_moved(&mut self, path: std::path::PathBuf, now: Timestamp) -> Response {
        self.apply(Event::JournalMoved(path), now)
    }

    fn voices(&mut self, voices: Vec<Voice>) -> Response {
        self.know_voices(voices)
    }

    fn grammar(&self) -> Option<MoveGrammar> {
        Some(self.listening_grammar())
    }

    fn voice(&self) -> &VoiceSettings {
        Session::voice(self)
    }

    fn clips_dir(&self) -> Option<&Path> {
        Session::clips_dir(self)
    }
}
