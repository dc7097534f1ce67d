//! The braille display, through BRLTTY's BrlAPI (the `brlapi` crate over Debian's
//! libbrlapi-dev): a thread that holds the display and shows, as dot patterns, the last thing
//! said (its words by liblouis in the language it was said in) or, on request, the board one rank
//! per line in the braille chess code; the display's own keys move through it (a line up or down,
//! a window left or right). No BRLTTY, or `braille.display = false`: nothing changes. The speaker
//! the loop speaks through is wrapped ([`BrailleEcho`]) so that every utterance reaches the display
//! too.

use std::sync::mpsc::{self, Sender};

use crate::speech::{Speaker, Utterance, Voice, VoiceSettings, Warning};

/// What the display is asked to show: lines of Unicode braille.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shown(pub Vec<String>);

/// The braille display, on a thread of its own.
pub struct BrailleDisplay {
    to: Sender<Shown>,
}

impl BrailleDisplay {
    /// The display, when BRLTTY answers within a second; `None` otherwise.
    pub fn start() -> Option<BrailleDisplay> {
        #[cfg(target_os = "linux")]
        {
            brlapi_display::start().map(|to| BrailleDisplay { to })
        }
        #[cfg(not(target_os = "linux"))]
        {
            None
        }
    }

    /// Shows `lines` from the first, replacing what was shown.
    pub fn show(&self, lines: Vec<String>) {
        let _ = self.to.send(Shown(lines));
    }
}

/// The cells a line of Unicode braille puts on a display `width` cells wide from cell `from`
/// (dot 1 is bit 0 … dot 8 is bit 7, as BrlAPI has them), blank cells after the end.
pub fn window(line: &str, from: usize, width: usize) -> Vec<u8> {
    let mut cells: Vec<u8> = line
        .chars()
        .skip(from)
        .take(width)
        .map(|c| match u32::from(c).checked_sub(0x2800) {
            Some(dots) if dots < 0x100 => dots as u8,
            _ => 0,
        })
        .collect();
    cells.resize(width, 0);
    cells
}

/// Where the display stands in what it shows, and what its keys do there.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reading {
    /// The lines.
    pub lines: Vec<String>,
    /// The line shown.
    pub line: usize,
    /// The first cell of it shown.
    pub from: usize,
}

/// A key of the display, as far as reading goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pan {
    /// The line before.
    Up,
    /// The line after.
    Down,
    /// The window before (the end of the line before at the start of a line).
    Left,
    /// The window after (the next line at the end of a line).
    Right,
}

impl Reading {
    /// New lines, read from the first.
    pub fn new(lines: Vec<String>) -> Reading {
        Reading { lines, line: 0, from: 0 }
    }

    /// The cells to show on a display `width` cells wide.
    pub fn cells(&self, width: usize) -> Vec<u8> {
        window(self.lines.get(self.line).map_or("", String::as_str), self.from, width)
    }

    /// Moves as the key says; at the first or last line it stays.
    pub fn pan(&mut self, pan: Pan, width: usize) {
        let width = width.max(1);
        let length = |r: &Reading, line: usize| r.lines.get(line).map_or(0, |l| l.chars().count());
        match pan {
            Pan::Up if self.line > 0 => (self.line, self.from) = (self.line - 1, 0),
            Pan::Down if self.line + 1 < self.lines.len() => (self.line, self.from) = (self.line + 1, 0),
            Pan::Right if self.from + width < length(self, self.line) => self.from += width,
            Pan::Right if self.line + 1 < self.lines.len() => (self.line, self.from) = (self.line + 1, 0),
            Pan::Left if self.from > 0 => self.from = self.from.saturating_sub(width),
            Pan::Left if self.line > 0 => {
                self.line -= 1;
                self.from = length(self, self.line).saturating_sub(1) / width * width;
            }
            _ => {}
        }
    }
}

#[cfg(target_os = "linux")]
mod brlapi_display {
    use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
    use std::time::Duration;

    use brlapi::keys::constants::{KEY_CMD_FWINLT, KEY_CMD_FWINRT, KEY_CMD_LNDN, KEY_CMD_LNUP, KEY_CODE_MASK};
    use brlapi::{Connection, TtyMode};

    use super::{Pan, Reading, Shown};

    /// How often the display's keys are looked at while nothing new is shown.
    const KEYS: Duration = Duration::from_millis(50);

    /// Starts the display's thread; the sender when BRLTTY answered.
    pub fn start() -> Option<Sender<Shown>> {
        let (to, shown) = mpsc::channel();
        let (ready_to, ready) = mpsc::channel();
        std::thread::Builder::new().name("braille".into()).spawn(move || hold(&shown, &ready_to)).ok()?;
        ready.recv_timeout(Duration::from_secs(2)).ok().filter(|&ok| ok).map(|_| to)
    }

    fn hold(shown: &Receiver<Shown>, ready: &Sender<bool>) {
        let settings = brlapi::settings::ConnectionSettings::with_timeout(Duration::from_secs(1));
        let Ok(connection) = Connection::open_with_settings(Some(&settings)) else {
            let _ = ready.send(false);
            return;
        };
        let tty = TtyMode::enter_auto(&connection, None)
            .map(|(tty, _)| tty)
            .or_else(|_| TtyMode::with_path(&connection, &[], None));
        let (Ok(tty), Ok((width, height))) = (tty, connection.display_size()) else {
            let _ = ready.send(false);
            return;
        };
        let _ = ready.send(true);
        let size = (width * height.max(1)) as usize;
        let mut reading = Reading::default();
        let writer = tty.writer();
        let keys = tty.key_reader();
        loop {
            match shown.recv_timeout(KEYS) {
                Ok(Shown(lines)) => reading = Reading::new(lines),
                Err(RecvTimeoutError::Timeout) => {
                    let pan = match keys.read_key(false) {
                        Ok(Some(key)) => pan_of(key),
                        Ok(None) => None,
                        // The display went away: nothing more is shown.
                        Err(_) => return,
                    };
                    let Some(pan) = pan else { continue };
                    reading.pan(pan, size);
                }
                Err(RecvTimeoutError::Disconnected) => return,
            }
            if writer.write_dots(&reading.cells(size)).is_err() {
                return;
            }
        }
    }

    fn pan_of(key: brlapi::keys::KeyCode) -> Option<Pan> {
        let command = key & KEY_CODE_MASK | brlapi::keys::constants::KEY_TYPE_CMD;
        match command {
            c if c == KEY_CMD_LNUP => Some(Pan::Up),
            c if c == KEY_CMD_LNDN => Some(Pan::Down),
            c if c == KEY_CMD_FWINLT => Some(Pan::Left),
            c if c == KEY_CMD_FWINRT => Some(Pan::Right),
            _ => None,
        }
    }
}

/// A speaker that also shows each utterance on the braille display: its words by liblouis in
/// the language it is said in.
pub struct BrailleEcho {
    speaker: Box<dyn Speaker>,
    display: BrailleDisplay,
    grade: u8,
}

impl BrailleEcho {
    /// `speaker`, echoed on `display` at braille `grade`.
    pub fn new(speaker: Box<dyn Speaker>, display: BrailleDisplay, grade: u8) -> BrailleEcho {
        BrailleEcho { speaker, display, grade }
    }
}

impl Speaker for BrailleEcho {
    fn speak(&mut self, utterance: &Utterance) {
        self.echo(utterance);
        self.speaker.speak(utterance);
    }

    fn echo(&mut self, utterance: &Utterance) {
        let table = crate::notation::louis_table(&utterance.language, self.grade);
        self.display.show(vec![crate::notation::braille_words(&utterance.text, table)]);
    }

    fn show_braille(&mut self, lines: &[String]) {
        self.display.show(lines.to_vec());
    }

    fn configure(&mut self, settings: &VoiceSettings) {
        self.speaker.configure(settings);
    }

    fn warnings(&mut self) -> Vec<Warning> {
        self.speaker.warnings()
    }

    fn finish(&mut self, limit: std::time::Duration) {
        self.speaker.finish(limit);
    }

    fn settle(&mut self, limit: std::time::Duration) {
        self.speaker.settle(limit);
    }

    fn is_ready(&self) -> bool {
        self.speaker.is_ready()
    }

    fn voiced(&self) -> bool {
        self.speaker.voiced()
    }

    fn sounds(&self) -> bool {
        self.speaker.sounds()
    }

    fn voices(&self) -> Vec<Voice> {
        self.speaker.voices()
    }

    fn own_voice(&self) -> Option<crate::speech::OwnVoice> {
        self.speaker.own_voice()
    }

    fn unspoken(&mut self) -> Vec<Utterance> {
        self.speaker.unspoken()
    }
}

/// `speaker`, echoed on the braille display when the settings allow one and BRLTTY answers.
pub fn echoed(speaker: Box<dyn Speaker>, settings: &crate::config::Settings) -> Box<dyn Speaker> {
    if !settings.braille_display {
        return speaker;
    }
    match BrailleDisplay::start() {
        Some(display) => Box::new(BrailleEcho::new(speaker, display, settings.braille_grade)),
        None => speaker,
    }
}

/// A display that shows nothing (for tests of the reading alone).
pub fn detached() -> (BrailleDisplay, mpsc::Receiver<Shown>) {
    let (to, shown) = mpsc::channel();
    (BrailleDisplay { to }, shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_longer_than_the_display_is_read_window_by_window_and_line_by_line() {
        let lines = vec!["⠁⠃⠉⠙⠑".to_string(), "⠋".to_string()];
        let mut reading = Reading::new(lines);
        assert_eq!(reading.cells(3), [0b1, 0b11, 0b1001]);
        reading.pan(Pan::Right, 3);
        assert_eq!(reading.cells(3), [0b11001, 0b10001, 0], "the rest, then blank cells");
        reading.pan(Pan::Right, 3);
        assert_eq!((reading.line, reading.from), (1, 0), "the end of a line goes on to the next");
        reading.pan(Pan::Down, 3);
        assert_eq!(reading.line, 1, "the last line stays");
        reading.pan(Pan::Left, 3);
        assert_eq!((reading.line, reading.from), (0, 3), "back to the last window of the line before");
        reading.pan(Pan::Left, 3);
        assert_eq!((reading.line, reading.from), (0, 0));
        reading.pan(Pan::Up, 3);
        assert_eq!((reading.line, reading.from), (0, 0), "the first line stays");
    }

    #[test]
    fn each_utterance_and_the_board_reach_the_display() {
        let (display, shown) = detached();
        let mut echo = BrailleEcho::new(Box::new(crate::speech::SilentSpeaker), display, 1);
        echo.speak(&Utterance::new("Anna", "en"));
        assert_eq!(shown.try_recv(), Ok(Shown(vec![crate::notation::braille_words("Anna", "en-ueb-g1.ctb")])));
        echo.show_braille(&["⠦".to_string()]);
        assert_eq!(shown.try_recv(), Ok(Shown(vec!["⠦".to_string()])));
        // An utterance said another way is shown as a spoken one is.
        echo.echo(&Utterance::new("Anna", "en"));
        assert_eq!(shown.try_recv(), Ok(Shown(vec![crate::notation::braille_words("Anna", "en-ueb-g1.ctb")])));
    }
}
