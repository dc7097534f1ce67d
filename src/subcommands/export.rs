//! `annabella export GAME`: the scoresheet of a game (its journal, or a PGN) as text, full
//! notation, Unicode braille, BRF, or spoken into a WAV file from the voice clips. The sheet goes
//! to `--out` (and that is said) or to standard output (and whatever is said goes to standard
//! error).

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use super::analyse::OutputError;
use super::talk::Talk;
use crate::cli::{ExportArgs, GlobalArgs};
use crate::config::Settings;
use crate::table::SheetFormat;

/// Writes the scoresheet; an unreadable game or an unknown format is said and exits 2.
pub fn export(global: &GlobalArgs, args: &ExportArgs) -> Result<ExitCode, OutputError> {
    let opened = if args.out.is_some() { Talk::open(global) } else { Talk::aside(global) };
    let mut talk = match opened {
        Ok(talk) => talk,
        Err(code) => return Ok(code),
    };
    let w = talk.wording().clone();
    // The form named after the game or with --format (not both); text when neither.
    let named = args.form.as_deref().or(args.format.as_deref()).unwrap_or("text");
    let Ok(format) = named.parse::<SheetFormat>() else {
        let args = [("format", w.typed(named)), ("formats", SheetFormat::NAMES.into())];
        let line = w.say(w.words("export.bad_format", &args));
        return Ok(talk.refuse(&[line]));
    };
    if format == SheetFormat::Wav && args.out.is_none() && io::stdout().is_terminal() {
        return Ok(talk.refuse(&[w.line("export.wav_needs_file", &[])]));
    }
    // A PGN is written in the letters asked for, else in each player's letters as configured.
    let configured = talk.settings();
    let settings = Settings {
        lang: w.lang(),
        speech: crate::speech::SpeechMode::Off,
        sighted_letters: args.letters.unwrap_or(configured.sighted_letters),
        blind_letters: args.letters.unwrap_or(configured.blind_letters),
        pack: args.pack.clone(),
        clips: args.clips.clone(),
        ..Settings::default()
    };
    let game = match super::games::named_game(&args.game) {
        Ok(game) => game,
        Err(why) => return Ok(talk.refuse(&[w.say(why.worded(&w))])),
    };
    let sheet = match crate::front::export_game(&game, settings, args.letters, format, args.number) {
        Ok(exported) => {
            // Several games and none chosen: the first is exported, and that is said.
            if exported.legacy {
                talk.say(&[w.file_line("pgn.legacy", &args.game.display().to_string(), None)]);
            }
            if let Some(count) = exported.first_of {
                talk.say(&[w.line("pgn.first_of_many", &[("count", &count.to_string())])]);
            }
            exported.sheet
        }
        Err(why) => return Ok(talk.refuse(&[w.say(why.worded(&w))])),
    };
    match &args.out {
        Some(path) => {
            let (written, kept) = match crate::front::write_fresh(path, &sheet) {
                Ok(written) => written,
                Err(e) => {
                    let reason = crate::messages::io_reason(w.catalog(), &e);
                    let shown = path.display().to_string();
                    return Ok(talk.refuse(&[w.file_line("export.not_saved", &shown, Some(&reason))]));
                }
            };
            if let Some(kept) = kept {
                talk.say(&[w.file_line("file.kept", &kept.display().to_string(), None)]);
            }
            talk.say(&[w.file_line("export.saved", &written.display().to_string(), None)]);
        }
        None => io::stdout().write_all(&sheet)?,
    }
    Ok(talk.finish(ExitCode::SUCCESS))
}
