//! The speech checks: `annabella say TEXT`, one text spoken by the speech engine (or the clips),
//! waiting until it is spoken, printed and written to `--transcript` like any answer; and
//! `annabella clips [PACK…]`, the voice clips each phrase pack needs, one per line — pack,
//! language, file name (without .wav) and the words to record, separated by tabs — for
//! `scripts/render-clips.sh`.

use std::process::ExitCode;

use super::talk::Talk;
use crate::cli::{ClipsArgs, GlobalArgs, SayArgs};
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

/// Lists the clips of the packs named (all when none is); an unknown pack is said, in the
/// interface language and beside the list's output, and exits 2.
pub fn clips(global: &GlobalArgs, args: &ClipsArgs) -> ExitCode {
    let packs = PhrasePack::builtin();
    if let Some(unknown) = args.packs.iter().find(|n| !packs.iter().any(|p| p.name.eq_ignore_ascii_case(n))) {
        let mut talk = match Talk::aside(global) {
            Ok(talk) => talk,
            Err(code) => return code,
        };
        let w = talk.wording();
        let line = w.say(w.words("clips.no_pack", &[("pack", w.typed(unknown))]));
        return talk.refuse(&[line]);
    }
    let wanted = |p: &&PhrasePack| args.packs.is_empty() || args.packs.iter().any(|n| p.name.eq_ignore_ascii_case(n));
    for pack in packs.iter().filter(wanted) {
        for entry in crate::speech::clip_list(pack) {
            println!("{}\t{}\t{}\t{}", pack.name, pack.language, entry.key, entry.text);
        }
    }
    ExitCode::SUCCESS
}
