//! The subcommands besides playing a game: `analyse` (can each side still mate?), `export` (a
//! game's scoresheet as a file), `pairings` (a round-robin table, printed and spoken), `say` (a
//! check of the speech setup) and `clips` (the voice clips each phrase pack needs).

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use crate::cli::{AnalyseArgs, AnalyseFormat, ClipsArgs, ExportArgs, ListenArgs, PairingsArgs, SayArgs};
use crate::config::Settings;
use crate::front::speaker_for;
use crate::messages::{Catalog, Lang};
use crate::notation::{LetterSet, PhrasePack};
use crate::rules::verdicts;
use crate::rules::{parse_fen, Budget};
use crate::speech::Utterance;
use crate::table::SheetFormat;
use crate::wording::{verdict_code, verdict_sentences};

/// Why a subcommand could not finish.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// Standard input or output failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// A file could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: String,
        /// Why it could not be written.
        source: io::Error,
    },
}

/// Analyses each FEN; a refused FEN is reported on standard error and makes the exit code 2.
pub fn analyse(args: &AnalyseArgs) -> Result<ExitCode, CommandError> {
    let lang = args.lang.unwrap_or_else(Lang::from_environment);
    let catalog = Catalog::shipped(lang);
    let fens: Vec<String> = match args.fens.is_empty() {
        true => {
            io::stdin().lines().collect::<Result<Vec<_>, _>>()?.into_iter().filter(|l| !l.trim().is_empty()).collect()
        }
        false => args.fens.clone(),
    };
    let mut refused = false;
    let mut out = io::stdout().lock();
    for fen in fens {
        let fen = fen.trim();
        // A FEN of four fields (as test suites write them) gets the move counters; any other keeps
        // its own error, so that the message says what is wrong with it.
        let four_fields = fen.split_whitespace().count() == 4;
        let parsed = parse_fen(fen).or_else(|e| if four_fields { parse_fen(&format!("{fen} 0 1")) } else { Err(e) });
        let pos = match parsed {
            Ok(pos) => pos,
            Err(e) => {
                let reason = catalog.text(e.reason().key(), &[]);
                eprintln!("annabella: {fen}: {}", catalog.text("error.bad_fen", &[("reason", &reason)]));
                refused = true;
                continue;
            }
        };
        let verdicts = verdicts(&pos, Budget::THOROUGH);
        match args.format {
            AnalyseFormat::Code => writeln!(out, "{} {fen}", verdict_code(&verdicts))?,
            AnalyseFormat::Text => {
                writeln!(out, "{fen}")?;
                for sentence in verdict_sentences(&pos, &verdicts, lang) {
                    writeln!(out, "{sentence}")?;
                }
            }
        }
        out.flush()?;
    }
    Ok(if refused { ExitCode::from(2) } else { ExitCode::SUCCESS })
}

/// Writes the scoresheet; an unreadable game or an unknown format exits 2.
pub fn export(args: &ExportArgs) -> Result<ExitCode, CommandError> {
    let lang = args.lang.unwrap_or_else(Lang::from_environment);
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
    let sheet = match crate::games::export_game(&args.game, settings, args.letters, format, args.number) {
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
            .map_err(|source| CommandError::Write { path: path.display().to_string(), source })?,
        None => io::stdout().write_all(&sheet)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Prints and speaks the schedule; a field size without a table exits 2.
pub fn pairings(args: &PairingsArgs) -> ExitCode {
    let lang = args.lang.unwrap_or_else(Lang::from_environment);
    let response = crate::repl::pairings(lang, args.players);
    let settings = Settings { speech: args.speech.unwrap_or_default(), ..Settings::default() };
    let mut speaker = speaker_for(&settings);
    for line in &response.lines {
        println!("{}", line.text);
        if let Some(u) = &line.speech {
            speaker.speak(u);
        }
    }
    speaker.finish(std::time::Duration::from_secs(30));
    if (3..=20).contains(&args.players) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}

/// Hears the recording in its position and prints and speaks the move understood; nothing
/// understood, or no recogniser, exits 2.
pub fn listen(args: &ListenArgs) -> ExitCode {
    if args.devices {
        #[cfg(feature = "listen")]
        for name in crate::listen::devices() {
            println!("{name}");
        }
        return ExitCode::SUCCESS;
    }
    let lang = args.lang.unwrap_or_else(Lang::from_environment);
    let catalog = Catalog::shipped(lang);
    let answer = match heard(args) {
        Ok(Some((words, san))) => Ok(catalog.text("listen.heard", &[("words", &words), ("san", &san)])),
        Ok(None) => Err(catalog.text("listen.nothing", &[])),
        Err(why) => Err(why.worded(catalog)),
    };
    let text = answer.clone().unwrap_or_else(|e| e);
    println!("{text}");
    let settings = Settings { speech: args.speech.unwrap_or_default(), ..Settings::default() };
    let mut speaker = speaker_for(&settings);
    speaker.speak(&Utterance::new(text.as_str(), lang.code()));
    speaker.finish(std::time::Duration::from_secs(10));
    match answer {
        Ok(_) => ExitCode::SUCCESS,
        Err(_) => ExitCode::from(2),
    }
}

/// Why `listen` heard nothing it could use.
#[derive(Debug, thiserror::Error)]
pub enum HearError {
    /// The position is refused.
    #[error(transparent)]
    Fen(#[from] crate::rules::FenError),
    /// The words are of no pack that can be heard.
    #[error("no phrase pack that can be heard is named {0}")]
    Pack(String),
    /// The recording cannot be read.
    #[error(transparent)]
    Recording(#[from] crate::speech::ClipError),
    /// The recogniser cannot listen.
    #[cfg(feature = "listen")]
    #[error(transparent)]
    Listen(#[from] crate::listen::ListenError),
    /// The microphone cannot be heard.
    #[cfg(feature = "listen")]
    #[error(transparent)]
    Microphone(#[from] crate::listen::MicrophoneError),
    /// This build has no recogniser.
    #[cfg(not(feature = "listen"))]
    #[error("this build cannot listen")]
    NoRecogniser,
}

impl HearError {
    /// The problem in `catalog`'s language (the recogniser's own reasons as it gives them).
    pub fn worded(&self, catalog: &Catalog) -> String {
        match self {
            HearError::Fen(fen) => catalog.text("error.bad_fen", &[("reason", &catalog.text(fen.reason().key(), &[]))]),
            HearError::Recording(e) => e.worded(catalog),
            HearError::Pack(pack) => {
                catalog.text("listen.no_pack", &[("pack", pack), ("packs", &crate::listen::heard_packs().join(", "))])
            }
            other => catalog.text("listen.cannot", &[("reason", &other.to_string())]),
        }
    }
}

/// The words heard in the recording (or from the microphone) and what they name: a move in SAN, or
/// the command they stand for.
fn heard(args: &ListenArgs) -> Result<Option<(String, String)>, HearError> {
    let pos = match &args.fen {
        Some(fen) => crate::rules::parse_fen(fen)?,
        None => shakmaty::Chess::default(),
    };
    let pack = crate::listen::vocabulary(&args.pack)
        .and_then(|v| PhrasePack::named(v.pack))
        .ok_or_else(|| HearError::Pack(args.pack.clone()))?;
    #[cfg(feature = "listen")]
    {
        use crate::listen::{to_rate, Meaning, MoveGrammar, Recognizer};
        let samples = match &args.recording {
            Some(path) => to_rate(&crate::speech::read_wav(path)?, crate::speech::CLIP_RATE),
            None => from_microphone(args)?,
        };
        let mut recognizer = Recognizer::new(None)?;
        let grammar = MoveGrammar::for_position(&pos, &pack);
        let heard = recognizer.hear(&grammar, &samples)?;
        Ok(heard.map(|h| {
            let name = match h.meaning {
                Meaning::Move(mv) | Meaning::Repeated(mv) | Meaning::Corrected(mv) => {
                    crate::notation::san(&pos, mv, LetterSet::English)
                }
                Meaning::Command(line) => line.to_string(),
            };
            (h.words, name)
        }))
    }
    #[cfg(not(feature = "listen"))]
    {
        let _ = (pos, pack);
        Err(HearError::NoRecogniser)
    }
}

/// One utterance from the microphone (at most `--seconds`).
#[cfg(feature = "listen")]
fn from_microphone(args: &ListenArgs) -> Result<Vec<i16>, HearError> {
    let microphone = crate::listen::Microphone::open(args.device.as_deref().unwrap_or(""))?;
    let mut segmenter = crate::listen::Segmenter::default();
    let until = std::time::Instant::now() + std::time::Duration::from_secs(args.seconds);
    while std::time::Instant::now() < until {
        let Some(samples) = microphone.next(std::time::Duration::from_millis(100)) else { break };
        if let Some(utterance) = segmenter.push(&samples).into_iter().next() {
            return Ok(utterance.samples);
        }
    }
    Ok(segmenter.finish().map(|u| u.samples).unwrap_or_default())
}

/// Lists the clips of the packs named (all when none is); an unknown pack exits 2.
pub fn clips(args: &ClipsArgs) -> ExitCode {
    let packs = PhrasePack::builtin();
    if let Some(unknown) = args.packs.iter().find(|n| !packs.iter().any(|p| p.name.eq_ignore_ascii_case(n))) {
        let why = Catalog::shipped(Lang::from_environment()).text("clips.no_pack", &[("pack", unknown)]);
        eprintln!("annabella: {why}");
        return ExitCode::from(2);
    }
    let wanted = |p: &&PhrasePack| args.packs.is_empty() || args.packs.iter().any(|n| p.name.eq_ignore_ascii_case(n));
    for pack in packs.iter().filter(wanted) {
        for entry in crate::speech::clip_list(pack) {
            println!("{}\t{}\t{}\t{}", pack.name, pack.language, entry.key, entry.text);
        }
    }
    ExitCode::SUCCESS
}

/// Speaks one text with the real engine, waiting until it is spoken (at most ten seconds); a
/// problem is told in words and exits 1.
pub fn say(args: &SayArgs) -> ExitCode {
    println!("{}", args.text);
    // The clips of the pack that speaks this language.
    let pack = PhrasePack::builtin().into_iter().find(|p| p.language == args.language);
    let settings = Settings {
        speech: args.speech,
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

/// `annabella manual DIR`: the manual pages and shell completions, generated; each file written is
/// printed.
pub fn manual(args: &crate::cli::ManualArgs) -> ExitCode {
    match crate::manual::write_manual(&args.dir) {
        Ok(written) => {
            written.iter().for_each(|path| println!("{}", path.display()));
            ExitCode::SUCCESS
        }
        Err(e) => {
            let path = e.path.display().to_string();
            let reason = e.source.to_string();
            let args = [("path", path.as_str()), ("reason", reason.as_str())];
            eprintln!("annabella: {}", Catalog::shipped(Lang::from_environment()).text("manual.cannot_write", &args));
            ExitCode::from(1)
        }
    }
}
