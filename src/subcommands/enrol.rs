//! `annabella listen --enrol [DIR]`: the recogniser fitted to the player's voice. The player says
//! the moves asked for, one after another, into the microphone (or a folder of recordings is
//! given, with an index of the words said in each); the fit is kept per user for every game, the
//! one before it kept beside it.

use std::path::Path;
use std::process::ExitCode;

use super::listen::heard_pack;
use super::talk::Talk;
use crate::cli::{GlobalArgs, ListenArgs};
#[cfg(feature = "listen")]
use crate::wording::Line;

/// How many moves the player is asked to say.
#[cfg(feature = "listen")]
const PHRASES: usize = 8;

/// Fits the recogniser to the voice and keeps the fit; nothing heard, or nothing kept, exits 2
/// with nothing changed.
pub fn enrol(global: &GlobalArgs, args: &ListenArgs) -> ExitCode {
    let mut talk = match Talk::open(global) {
        Ok(talk) => talk,
        Err(code) => return code,
    };
    let from = args.enrol.as_ref().and_then(|dir| dir.as_deref());
    enrol_with(&mut talk, from, args)
}

fn enrol_with(talk: &mut Talk, from: Option<&Path>, args: &ListenArgs) -> ExitCode {
    let pack = match heard_pack(&args.pack) {
        Ok(pack) => pack,
        Err(why) => {
            let line = talk.wording().say(why.worded(talk.wording()));
            return talk.refuse(&[line]);
        }
    };
    #[cfg(feature = "listen")]
    {
        let said = match from {
            Some(dir) => recordings(talk, dir),
            None => said_aloud(talk, &pack, args),
        };
        match said.and_then(|said| fit_and_keep(talk, &said)) {
            Ok(lines) => {
                talk.say(&lines);
                talk.finish(ExitCode::SUCCESS)
            }
            Err(line) => talk.refuse(&[line]),
        }
    }
    #[cfg(not(feature = "listen"))]
    {
        let _ = (pack, from);
        let why = super::listen::HearError::NoRecogniser;
        let line = talk.wording().say(why.worded(talk.wording()));
        talk.refuse(&[line])
    }
}

/// The recordings of `dir/index.tsv` (a recording and the words said in it, a tab between).
#[cfg(feature = "listen")]
fn recordings(talk: &Talk, dir: &Path) -> Result<Vec<(String, Vec<i16>)>, Line> {
    let wording = talk.wording();
    let index = dir.join("index.tsv");
    let place = index.display().to_string();
    let bad = || wording.line("listen.enrol_bad_index", &[("place", &place)]);
    let text = std::fs::read_to_string(&index).map_err(|source| {
        let why = super::listen::HearError::NoIndex { path: place.clone(), source };
        wording.say(why.worded(wording))
    })?;
    let mut said = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let (file, words) = line.split_once('\t').ok_or_else(bad)?;
        let samples = crate::speech::read_wav(&dir.join(file.trim()))
            .map_err(|e| wording.say(super::listen::HearError::from(e).worded(wording)))?;
        said.push((words.trim().to_lowercase(), crate::listen::to_rate(&samples, crate::speech::CLIP_RATE)));
    }
    if said.is_empty() {
        return Err(bad());
    }
    Ok(said)
}

/// The moves asked for, each said by the player into the microphone after the program has asked.
#[cfg(feature = "listen")]
fn said_aloud(
    talk: &mut Talk,
    pack: &crate::notation::PhrasePack,
    args: &ListenArgs,
) -> Result<Vec<(String, Vec<i16>)>, Line> {
    use std::time::{Duration, Instant};
    let microphone = crate::listen::Microphone::open(args.device.as_deref().unwrap_or(""))
        .map_err(|e| talk.wording().say(super::listen::HearError::from(e).worded(talk.wording())))?;
    let mut segmenter = crate::listen::Segmenter::default();
    let mut said = Vec::new();
    for words in crate::listen::prompts(pack, PHRASES) {
        let ask = talk.wording().line("listen.enrol_say", &[("words", &words)]);
        talk.say(&[ask]);
        // The question itself is not the answer: what ends before it has been said is let pass.
        let asked = Instant::now() + Duration::from_millis(330 * (words.split(' ').count() as u64 + 1) + 300);
        let deadline = asked + Duration::from_secs(args.seconds);
        let mut heard = None;
        while heard.is_none() && Instant::now() < deadline {
            let Some(samples) = microphone.next(Duration::from_millis(100)) else { break };
            heard = segmenter.push(&samples).into_iter().rfind(|_| Instant::now() >= asked);
        }
        let Some(utterance) = heard else {
            return Err(talk.wording().line("listen.enrol_nothing", &[("words", &words)]));
        };
        said.push((words, utterance.samples));
    }
    Ok(said)
}

/// The voice fitted to what was said, kept; the lines that say so.
#[cfg(feature = "listen")]
fn fit_and_keep(talk: &Talk, said: &[(String, Vec<i16>)]) -> Result<Vec<Line>, Line> {
    let wording = talk.wording();
    let unkept = |reason: String| wording.line("listen.enrol_unkept", &[("reason", &reason)]);
    let fit = crate::listen::fit_voice(said).map_err(|e| unkept(e.to_string()))?;
    let file = crate::places::voice_file().ok_or_else(|| unkept(wording.text("listen.enrol_no_folder", &[])))?;
    let earlier = crate::listen::keep(&file, &fit).map_err(|e| unkept(e.to_string()))?;
    let warp = wording.decimal(fit.warp, 2);
    let phrases = fit.phrases.to_string();
    let place = file.display().to_string();
    let mut lines =
        vec![wording.line("listen.enrol_done", &[("phrases", &phrases), ("warp", &warp), ("file", &place)])];
    if let Some(earlier) = earlier {
        lines.push(wording.line("listen.enrol_previous", &[("file", &earlier.display().to_string())]));
    }
    Ok(lines)
}
