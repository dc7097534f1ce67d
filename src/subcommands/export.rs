//! `annabella export GAME`: the scoresheet of a game (its journal, or a PGN) as text, full
//! notation, Unicode braille, BRF, or spoken into a WAV file from the voice clips.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use super::analyse::OutputError;
use crate::cli::{ExportArgs, GlobalArgs};
use crate::config::Settings;
use crate::messages::{Catalog, Lang};
use crate::notation::LetterSet;
use crate::table::SheetFormat;

/// Writes the scoresheet; an unreadable game or an unknown format exits 2.
pub fn export(global: &GlobalArgs, args: &ExportArgs) -> Result<ExitCode, OutputError> {
    let lang = global.lang.unwrap_or_else(Lang::from_environment);
    let catalog = Catalog::shipped(lang);
    let Ok(format) = args.format.parse::<SheetFormat>() else {
        let why = catalog.text("export.bad_format", &[("format", &args.format), ("formats", SheetFormat::NAMES)]);
        eprintln!("annabella: {why}");
        return Ok(ExitCode::from(2));
    };
    if format == SheetFormat::Wav && args.out.is_none() && io::stdout().is_terminal() {
        eprintln!("annabella: {}", catalog.text("export.wav_needs_file", &[]));
        return Ok(ExitCode::from(2));
    }
    let letters = args.letters.unwrap_or(LetterSet::English);
    let settings = Settings {
        lang,
        speech: crate::speech::SpeechMode::Off,
        sighted_letters: letters,
        blind_letters: letters,
        pack: args.pack.clone(),
        clips: args.clips.clone(),
        ..Settings::default()
    };
    let sheet = match crate::front::export_game(&args.game, settings, args.letters, format, args.number) {
        Ok(exported) => {
            // Several games and none chosen: the first is exported, and that is said.
            if let Some(count) = exported.first_of {
                eprintln!("annabella: {}", catalog.text("pgn.first_of_many", &[("count", &count.to_string())]));
            }
            exported.sheet
        }
        Err(why) => {
            eprintln!("annabella: {}", why.worded(catalog));
            return Ok(ExitCode::from(2));
        }
    };
    match &args.out {
        Some(path) => std::fs::write(path, sheet)
            .map_err(|source| OutputError::Write { path: path.display().to_string(), source })?,
        None => io::stdout().write_all(&sheet)?,
    }
    Ok(ExitCode::SUCCESS)
}
