//! `annabella say TEXT`: one text spoken by the speech engine (or the clips), waiting until it is
//! spoken: a check of the speech setup. Printed and written to `--transcript` like any answer.

use std::process::ExitCode;

use super::talk::Talk;
use crate::cli::{GlobalArgs, SayArgs};
use crate::notation::PhrasePack;
use crate::speech::{SpeechMode, Utterance};
use crate::wording::Line;

/// Speaks one text with the real engine, waiting until it is spoken (at most thirty seconds); a
/// problem is told in words and exits 1.
pub fn say(global: &GlobalArgs, args: &SayArgs) -> ExitCode {
    // The clips of the pack that speaks this language.
    let pack = PhrasePack::builtin().into_iter().find(|p| p.language == args.language);
    let talk = Talk::adjusted(global, |settings| {
        settings.speech = global.speech.unwrap_or(SpeechMode::Tts);
        settings.clips = args.clips.clone().or(settings.clips.take());
        if let Some(pack) = pack {
            settings.pack = pack.name;
        }
    });
    let mut talk = match talk {
        Ok(talk) => talk,
        Err(code) => return code,
    };
    if args.text.trim().is_empty() {
        let line = talk.wording().line("say.nothing", &[]);
        return talk.refuse(&[line]);
    }
    let said = Utterance::new(args.text.as_str(), args.language.as_str()).important();
    talk.say(&[Line::printed(args.text.as_str()).then(said)]);
    talk.finish_speaking()
}
