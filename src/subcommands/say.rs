//! `annabella say TEXT`: one text spoken by the speech engine (or the clips), waiting until it is
//! spoken: a check of the speech setup.

use std::process::ExitCode;

use crate::cli::{GlobalArgs, SayArgs};
use crate::config::Settings;
use crate::front::speaker_for;
use crate::messages::{Catalog, Lang};
use crate::notation::PhrasePack;
use crate::speech::{SpeechMode, Utterance};

/// Speaks one text with the real engine, waiting until it is spoken (at most ten seconds); a
/// problem is told in words and exits 1.
pub fn say(global: &GlobalArgs, args: &SayArgs) -> ExitCode {
    println!("{}", args.text);
    // The clips of the pack that speaks this language.
    let pack = PhrasePack::builtin().into_iter().find(|p| p.language == args.language);
    let settings = Settings {
        speech: global.speech.unwrap_or(SpeechMode::Tts),
        clips: args.clips.clone(),
        pack: pack.map_or_else(|| Settings::default().pack, |p| p.name),
        ..Settings::default()
    };
    let mut speaker = speaker_for(&settings);
    speaker.speak(&Utterance::new(args.text.as_str(), args.language.as_str()).important());
    speaker.finish(std::time::Duration::from_secs(10));
    let problems = speaker.warnings();
    let catalog = Catalog::shipped(Lang::from_environment());
    for w in &problems {
        println!("{}", w.worded(catalog));
    }
    if problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
