//! How a subcommand that answers once speaks: through the same outputs as a game (printed,
//! spoken, written to `--transcript`), with the settings the global flags and the configuration
//! ask for, in the interface language. A refusal is said like any answer and exits 2.

use std::io;
use std::process::ExitCode;
use std::time::Duration;

use crate::cli::{Cli, GlobalArgs};
use crate::config::{resolve, ConfigError, Settings};
use crate::front::{cue_player_for, speaker_for, Outputs};
use crate::messages::Lang;
use crate::notation::PhrasePack;
use crate::places::user_config;
use crate::speech::Transcript;
use crate::wording::{Line, Wording};

/// A subcommand's voice.
pub struct Talk {
    outputs: Outputs,
    wording: Wording,
    settings: Settings,
}

impl Talk {
    /// The voice the global flags and the configuration ask for; a configuration that cannot be
    /// read is said (with the default voice) and the subcommand exits 2.
    pub fn open(global: &GlobalArgs) -> Result<Talk, ExitCode> {
        Talk::printing_to(global, Box::new(io::stdout()), |_| {})
    }

    /// The voice the global flags and the configuration ask for, with `adjust`ed settings.
    pub fn adjusted(global: &GlobalArgs, adjust: impl FnOnce(&mut Settings)) -> Result<Talk, ExitCode> {
        Talk::printing_to(global, Box::new(io::stdout()), adjust)
    }

    /// The same voice, printing to standard error: for a subcommand whose standard output is
    /// data (a scoresheet, chasolver's codes).
    pub fn aside(global: &GlobalArgs) -> Result<Talk, ExitCode> {
        Talk::printing_to(global, Box::new(io::stderr()), |_| {})
    }

    fn printing_to(
        global: &GlobalArgs,
        out: Box<dyn io::Write>,
        adjust: impl FnOnce(&mut Settings),
    ) -> Result<Talk, ExitCode> {
        match resolve(&global.flags(), user_config().as_deref()) {
            Ok(mut settings) => {
                adjust(&mut settings);
                Talk::with(settings, global, out)
            }
            Err(e) => Err(Talk::refuse_configuration(global, out, &e)),
        }
    }

    /// Says why the configuration is refused, in the language of the flags, of the configuration
    /// itself (its `ui.lang`, read even so) or of the locale, with
    /// the default voice, and exits 2.
    pub fn refuse_configuration(global: &GlobalArgs, out: Box<dyn io::Write>, e: &ConfigError) -> ExitCode {
        match Talk::with(flags_alone(global), global, out) {
            Ok(mut talk) => {
                let line = talk.wording.say(e.worded(&talk.wording));
                talk.refuse(&[line])
            }
            Err(code) => code,
        }
    }

    /// The interface language of the command line `args`, before it is read: its `--lang`, else
    /// the user's configuration, else the locale (the language its help is printed in).
    pub fn language_of(args: &[std::ffi::OsString]) -> Lang {
        readable_settings(&Cli::readable_global(args)).lang
    }

    /// Says why the command line `args` cannot be read (`error`), in the language and the voice
    /// its flags ask for as far as they can be read, and exits 2.
    pub fn refuse_command_line(error: &clap::Error, args: &[std::ffi::OsString]) -> ExitCode {
        let global = Cli::readable_global(args);
        let settings = readable_settings(&global);
        match Talk::with(settings, &global, Box::new(io::stdout())) {
            Ok(mut talk) => {
                let words = crate::cli::worded(error, &Cli::named_command(args), &talk.wording);
                let line = talk.wording.say(words);
                talk.refuse(&[line])
            }
            Err(code) => code,
        }
    }

    /// The outputs, the wording and the settings, for a front end that goes on to run the loop.
    pub fn into_parts(self) -> (Outputs, Wording, Settings) {
        (self.outputs, self.wording, self.settings)
    }

    /// The voice for `settings`, the transcript the global flags name (one that cannot be
    /// written is said, and the subcommand exits 2).
    fn with(settings: Settings, global: &GlobalArgs, out: Box<dyn io::Write>) -> Result<Talk, ExitCode> {
        let transcript = match &global.transcript {
            Some(path) => match Transcript::open(path) {
                Ok(t) => Some(t),
                Err(e) => return Err(Talk::refuse_transcript(settings, path, &e, out)),
            },
            None => None,
        };
        Ok(Talk::assembled(settings, transcript, out))
    }

    /// Says that the transcript `path` cannot be written (`e`), in the voice of `settings` and
    /// printed to `out`, and exits 2: nothing is begun that would not be written down as asked.
    pub(super) fn refuse_transcript(
        settings: Settings,
        path: &std::path::Path,
        e: &io::Error,
        out: Box<dyn io::Write>,
    ) -> ExitCode {
        let mut talk = Talk::assembled(settings, None, out);
        let reason = crate::messages::io_reason(talk.wording.catalog(), e);
        let line = talk.wording.file_line("transcript.unwritable", &path.display().to_string(), Some(&reason));
        talk.refuse(&[line])
    }

    /// The voice for `settings`, writing to `transcript`.
    fn assembled(settings: Settings, transcript: Option<Transcript>, out: Box<dyn io::Write>) -> Talk {
        let pack = PhrasePack::named(&settings.pack).unwrap_or_else(|| PhrasePack::builtin().remove(0));
        let wording = Wording::new(settings.lang, pack, settings.style);
        let outputs = Outputs {
            out,
            speaker: speaker_for(&settings),
            cues: cue_player_for(&settings),
            transcript,
            journal: None,
        };
        Talk { outputs, wording, settings }
    }

    /// The settings in force.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The interface language and the announcing pack.
    pub fn wording(&self) -> &Wording {
        &self.wording
    }

    /// Prints, speaks and writes to the transcript.
    pub fn say(&mut self, lines: &[Line]) {
        if let Err(e) = self.outputs.say(lines) {
            eprintln!("annabella: {e}");
        }
    }

    /// Says `lines` and exits 2.
    pub fn refuse(&mut self, lines: &[Line]) -> ExitCode {
        self.say(lines);
        self.finish(ExitCode::from(2))
    }

    /// Lets speech finish (at most `LIMIT`), says what went wrong with it, and exits with `code`.
    pub fn finish(&mut self, code: ExitCode) -> ExitCode {
        self.wind_up();
        code
    }

    /// Lets speech finish and says what went wrong with it; exits 1 if anything did.
    pub fn finish_speaking(&mut self) -> ExitCode {
        match self.wind_up() {
            true => ExitCode::from(1),
            false => ExitCode::SUCCESS,
        }
    }

    /// Lets speech finish (at most `LIMIT`) and prints what went wrong with it; whether anything
    /// did.
    fn wind_up(&mut self) -> bool {
        self.outputs.finish(LIMIT);
        let Some(problems) = self.outputs.problems() else { return false };
        let lines: Vec<Line> =
            problems.speech.iter().map(|w| Line::printed(w.worded(self.wording.catalog()))).collect();
        self.say(&lines);
        true
    }
}

/// The settings of the flags that can be read, over the user's configuration, which says the
/// language and the voice where the flags do not.
fn readable_settings(global: &GlobalArgs) -> Settings {
    resolve(&global.flags(), user_config().as_deref()).unwrap_or_else(|_| flags_alone(global))
}

/// The settings of the speech and language flags alone (the language the configuration names,
/// else the locale's, where none is given): what a refusal is said with when the configuration
/// cannot be read.
fn flags_alone(global: &GlobalArgs) -> Settings {
    let configured = || crate::config::configured_lang(&global.flags(), user_config().as_deref());
    let lang = global.lang.or_else(configured).unwrap_or_else(Lang::from_environment);
    Settings { speech: global.speech.unwrap_or_default(), lang, ..Settings::default() }
}

/// How long speech may take to finish when a subcommand ends.
const LIMIT: Duration = Duration::from_secs(30);
