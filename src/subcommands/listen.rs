//! `annabella listen [RECORDING]`: a move said aloud (a WAV recording, or one utterance from the
//! microphone) heard in a position, and what was understood printed and spoken: a check of the
//! microphone and the recogniser.

use std::process::ExitCode;

use super::talk::Talk;
use crate::cli::{GlobalArgs, ListenArgs};
use crate::messages::Catalog;
use crate::notation::PhrasePack;

/// Hears the recording in its position and prints and speaks the move understood; nothing
/// understood, or no recogniser, exits 2.
pub fn listen(global: &GlobalArgs, args: &ListenArgs) -> ExitCode {
    if args.devices {
        #[cfg(feature = "listen")]
        for name in crate::listen::devices() {
            println!("{name}");
        }
        return ExitCode::SUCCESS;
    }
    let mut talk = match Talk::open(global) {
        Ok(talk) => talk,
        Err(code) => return code,
    };
    let wording = talk.wording();
    let (line, code) = match heard(args) {
        // What it names is printed beside the words, not spoken: `(Nf3)` is notation.
        Ok(Some((words, san))) => {
            (wording.line("listen.heard", &[("words", &words), ("san", &san)]), ExitCode::SUCCESS)
        }
        Ok(None) => (wording.line("listen.nothing", &[]), ExitCode::from(2)),
        Err(why) => (wording.say_text(why.worded(wording.catalog())), ExitCode::from(2)),
    };
    talk.say(&[line]);
    talk.finish(code)
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
                    crate::notation::san(&pos, mv, crate::notation::LetterSet::English)
                }
                Meaning::Command(command) => format!("{command:?}").to_lowercase(),
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
