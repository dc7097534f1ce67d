//! `annabella listen [RECORDING]`: a move said aloud (a WAV recording, or one utterance from the
//! microphone) heard in a position, and what was understood printed and spoken with how sure the
//! recogniser was and whether a game would play it or ask back: a check of the microphone and the
//! recogniser. `--report DIR` measures a folder of recordings against the moves said, as the game
//! decides, so anyone can measure their own voice.

use std::process::ExitCode;

use super::talk::Talk;
use crate::cli::{GlobalArgs, ListenArgs};
use crate::notation::PhrasePack;
use crate::wording::{Wording, Words};

/// Hears the recording in its position and prints and speaks the move understood; nothing
/// understood, or no recogniser, exits 2.
pub fn listen(global: &GlobalArgs, args: &ListenArgs) -> ExitCode {
    let mut talk = match Talk::open(global) {
        Ok(talk) => talk,
        Err(code) => return code,
    };
    if args.devices {
        let lines = device_lines(talk.wording());
        talk.say(&lines);
        return talk.finish(ExitCode::SUCCESS);
    }
    let threshold = talk.settings().listen.threshold;
    let wording = talk.wording();
    if let Some(dir) = &args.report {
        let (lines, code) = match measure(dir, args, threshold) {
            Ok(counts) => (counts.lines(wording), ExitCode::SUCCESS),
            Err(why) => (vec![wording.say(why.worded(wording))], ExitCode::from(2)),
        };
        talk.say(&lines);
        return talk.finish(code);
    }
    let (lines, code) = match heard(args, threshold) {
        // What it names is printed beside the words, not spoken: `(Nf3)` is notation.
        Ok(Some(heard)) => {
            let key = match (heard.san.is_some(), heard.sure) {
                (true, true) => "listen.would_play",
                (true, false) => "listen.would_ask",
                (false, true) => "listen.would_do",
                (false, false) => "listen.would_repeat",
            };
            let margin = wording.decimal(heard.margin, 2);
            let said = match &heard.san {
                Some(san) => wording.line("listen.heard", &[("words", &heard.words), ("san", san)]),
                None => wording.line("listen.heard_command", &[("words", &heard.words)]),
            };
            let mut lines = vec![said, wording.line(key, &[("margin", &margin)])];
            if let Some((rival, explained, room)) = &heard.evidence {
                let (explained, room) = (explained.to_string(), room.to_string());
                let args = [("rival", rival.as_str()), ("explained", explained.as_str()), ("room", room.as_str())];
                lines.push(wording.line("listen.evidence", &args));
            }
            if heard.among_voices {
                lines.push(wording.line("listen.among_voices", &[]));
            }
            if heard.said_else {
                lines.push(wording.line("listen.said_else", &[]));
            }
            if heard.not_legal {
                lines.push(wording.line("listen.not_legal", &[]));
            }
            (lines, ExitCode::SUCCESS)
        }
        Ok(None) => (vec![wording.line("listen.nothing", &[])], ExitCode::from(2)),
        Err(why) => (vec![wording.say(why.worded(wording))], ExitCode::from(2)),
    };
    talk.say(&lines);
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
    /// A line of the folder's index names no recording, position or move.
    #[error("the index {0} cannot be used")]
    Index(String),
    /// The folder's index cannot be read (it is not there, say).
    #[error("the index {path} cannot be read: {source}")]
    NoIndex {
        /// The index file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

impl HearError {
    /// The problem in `w`'s language, printed with paths and device names, spoken without them.
    pub fn worded(&self, w: &Wording) -> Words {
        let catalog = w.catalog();
        let reason = match self {
            HearError::Fen(fen) => {
                return w.words("error.bad_fen", &[("reason", catalog.text(fen.reason().key(), &[]).into())])
            }
            HearError::Recording(crate::speech::ClipError::Unreadable { path, fault }) => {
                let path = crate::wording::file_name(&path.display().to_string());
                return w.words("clips.unreadable", &[("path", path), ("reason", fault.worded(catalog).into())]);
            }
            HearError::Recording(e) => return Words::plain(e.worded(catalog)),
            HearError::Pack(pack) => {
                let packs = crate::listen::heard_packs().join(", ");
                return w.words("listen.no_pack", &[("pack", Words::plain(pack)), ("packs", Words::plain(&packs))]);
            }
            HearError::Index(place) => return w.words("listen.bad_index", &[("place", Words::plain(place))]),
            HearError::NoIndex { path, source } => {
                let reason = crate::messages::io_read_reason(catalog, source);
                return w
                    .words("listen.no_index", &[("path", crate::wording::file_name(path)), ("reason", reason.into())]);
            }
            #[cfg(feature = "listen")]
            HearError::Listen(e) => listen_reason(e, w),
            #[cfg(feature = "listen")]
            HearError::Microphone(e) => microphone_reason(e, w),
            #[cfg(not(feature = "listen"))]
            HearError::NoRecogniser => w.words("listen.reason.no_build", &[]),
        };
        w.words("listen.cannot", &[("reason", reason)])
    }
}

/// Why the recogniser cannot listen, in `w`'s language.
#[cfg(feature = "listen")]
fn listen_reason(e: &crate::listen::ListenError, w: &Wording) -> Words {
    use crate::listen::ListenError;
    match e {
        ListenError::NoModel(path) => w.words("listen.reason.no_model", &[("path", path_words(path))]),
        ListenError::Damaged(path) => w.words("listen.reason.damaged", &[("path", path_words(path))]),
        ListenError::Write(_) => w.words("listen.reason.write", &[]),
        ListenError::Refused => w.words("listen.reason.refused", &[]),
    }
}

/// Why the microphone cannot be heard, in `w`'s language.
#[cfg(feature = "listen")]
fn microphone_reason(e: &crate::listen::MicrophoneError, w: &Wording) -> Words {
    use crate::listen::MicrophoneError;
    match e {
        MicrophoneError::NoDevice => w.words("listen.reason.no_microphone", &[]),
        MicrophoneError::Unknown(device) => {
            w.words("listen.reason.unknown_microphone", &[("device", Words::plain(device))])
        }
        MicrophoneError::Open { device, .. } => {
            w.words("listen.reason.microphone_closed", &[("device", Words::plain(device))])
        }
    }
}

/// A path printed as it is (its spoken form is not used: the messages' spoken forms leave it out).
#[cfg(feature = "listen")]
fn path_words(path: &std::path::Path) -> Words {
    Words::plain(path.display().to_string())
}

/// What one recording was heard as (a build that cannot listen hears nothing).
#[cfg_attr(not(feature = "listen"), allow(dead_code))]
struct Heard {
    /// The words.
    words: String,
    /// The move they name in SAN, for the printed line (none for a command).
    san: Option<String>,
    /// The move they name, if one.
    mv: Option<shakmaty::Move>,
    /// The recogniser's margin.
    margin: f32,
    /// Whether a game would act on it without asking back.
    sure: bool,
    /// What the margin was made of: the best other reading, the share of the voice explained
    /// (percent) and how far the room was under the voice (dB).
    evidence: Option<(String, u32, i32)>,
    /// Whether the room swelled as other voices do (the margin halved for it).
    among_voices: bool,
    /// Whether free phones fit the voice far better than the words (no margin for it).
    said_else: bool,
    /// Whether a move that cannot be made here fits the voice as well as a move's words (no
    /// margin for it).
    not_legal: bool,
}

/// The words heard in the recording (or from the microphone) and the move they name, if any;
/// with the margin and whether a game would act without asking.
fn heard(args: &ListenArgs, threshold: f32) -> Result<Option<Heard>, HearError> {
    let pos = match &args.fen {
        Some(fen) => crate::rules::parse_fen(fen)?,
        None => shakmaty::Chess::default(),
    };
    let pack = heard_pack(&args.pack)?;
    #[cfg(feature = "listen")]
    {
        let samples = match &args.recording {
            Some(path) => crate::listen::to_rate(&crate::speech::read_wav(path)?, crate::speech::CLIP_RATE),
            None => from_microphone(args)?,
        };
        let mut recognizer = crate::listen::Recognizer::for_player()?;
        hear_in(&mut recognizer, &pos, &pack, &samples, threshold)
    }
    #[cfg(not(feature = "listen"))]
    {
        let _ = (pos, pack, threshold);
        Err(HearError::NoRecogniser)
    }
}

/// The phrase pack of the words heard.
pub(super) fn heard_pack(name: &str) -> Result<PhrasePack, HearError> {
    crate::listen::vocabulary(name).and_then(|v| PhrasePack::named(v.pack)).ok_or_else(|| HearError::Pack(name.into()))
}

/// `samples` heard in `pos`, as a game hears them.
#[cfg(feature = "listen")]
fn hear_in(
    recognizer: &mut crate::listen::Recognizer,
    pos: &shakmaty::Chess,
    pack: &PhrasePack,
    samples: &[i16],
    threshold: f32,
) -> Result<Option<Heard>, HearError> {
    use crate::listen::{Meaning, MoveGrammar};
    // As a game hears the position: its moves and the commands said aloud.
    let grammar = MoveGrammar::for_position(pos, pack).with_commands(&crate::session::Command::heard_in(&pack.name));
    let Some(h) = recognizer.hear(&grammar, samples)? else { return Ok(None) };
    let mv = match h.meaning {
        Meaning::Move(mv) | Meaning::Repeated(mv) | Meaning::Corrected(mv) => Some(mv),
        Meaning::Command(_) | Meaning::Colour(_) => None,
    };
    let san = mv.map(|mv| crate::notation::san(pos, mv, crate::notation::LetterSet::English));
    let sure = grammar.sure(&h.words, h.margin, threshold);
    let e = &h.evidence;
    let evidence =
        e.rival.clone().map(|rival| (rival, (e.explained * 100.0).round() as u32, e.under_voice.round() as i32));
    let among_voices = e.among_voices();
    let said_else = e.said_else(h.meaning.names_a_move());
    let not_legal = h.meaning.names_a_move() && e.fits_not_legal();
    Ok(Some(Heard { words: h.words, san, mv, margin: h.margin, sure, evidence, among_voices, said_else, not_legal }))
}

/// How a folder of recordings was heard.
#[derive(Debug, Default)]
struct Counts {
    recordings: usize,
    right: usize,
    right_asked: usize,
    wrong_asked: usize,
    wrong_played: usize,
    missed: usize,
}

impl Counts {
    /// The table printed (the columns) and its sums said.
    fn lines(&self, w: &crate::wording::Wording) -> Vec<crate::wording::Line> {
        let n = |v: usize| v.to_string();
        let args = [
            ("recordings", n(self.recordings)),
            ("right", n(self.right)),
            ("asked", n(self.right_asked)),
            ("wrong_asked", n(self.wrong_asked)),
            ("wrong_played", n(self.wrong_played)),
            ("missed", n(self.missed)),
        ];
        vec![
            crate::wording::Line::printed(w.text("listen.report_header", &[])),
            crate::wording::Line::printed("|---|---|---|---|---|---|"),
            crate::wording::Line::printed(w.text("listen.report_row", &args.each_ref().map(|(k, v)| (*k, v.as_str())))),
            w.line_of("listen.report_said", &args),
        ]
    }
}

/// The recordings of `dir/index.tsv` heard as a game hears them.
fn measure(dir: &std::path::Path, args: &ListenArgs, threshold: f32) -> Result<Counts, HearError> {
    let index = dir.join("index.tsv");
    let text = std::fs::read_to_string(&index)
        .map_err(|source| HearError::NoIndex { path: index.display().to_string(), source })?;
    let pack = heard_pack(&args.pack)?;
    #[cfg(feature = "listen")]
    {
        let mut recognizer = crate::listen::Recognizer::for_player()?;
        let mut counts = Counts::default();
        for (number, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#')) {
            let place = || HearError::Index(format!("index.tsv, line {}", number + 1));
            let fields: Vec<&str> = line.split('\t').collect();
            let [file, fen, said] = fields[..] else { return Err(place()) };
            let pos = match fen.trim() {
                "startpos" | "" => shakmaty::Chess::default(),
                fen => crate::rules::parse_fen(fen)?,
            };
            let expected =
                said.trim().parse::<shakmaty::san::San>().ok().and_then(|s| s.to_move(&pos).ok()).ok_or_else(place)?;
            let samples =
                crate::listen::to_rate(&crate::speech::read_wav(&dir.join(file.trim()))?, crate::speech::CLIP_RATE);
            counts.recordings += 1;
            match hear_in(&mut recognizer, &pos, &pack, &samples, threshold)? {
                Some(h) if h.mv == Some(expected) => {
                    counts.right += 1;
                    counts.right_asked += usize::from(!h.sure);
                }
                Some(h) if h.sure => counts.wrong_played += 1,
                Some(_) => counts.wrong_asked += 1,
                None => counts.missed += 1,
            }
        }
        Ok(counts)
    }
    #[cfg(not(feature = "listen"))]
    {
        let _ = (text, pack, threshold);
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

/// The microphones, by the names `--listen-device` takes, or that there is none.
fn device_lines(w: &Wording) -> Vec<crate::wording::Line> {
    #[cfg(feature = "listen")]
    let names = crate::listen::devices();
    #[cfg(not(feature = "listen"))]
    let names: Vec<String> = Vec::new();
    let count = match names.len() {
        0 => return vec![w.line("listen.no_devices", &[])],
        1 => w.line("listen.devices_one", &[]),
        n => w.line("listen.devices", &[("count", &n.to_string())]),
    };
    let listed = names.iter().enumerate().map(|(i, name)| {
        let number = (i + 1).to_string();
        w.say(w.words("listen.device", &[("number", number.into()), ("name", device_words(name))]))
    });
    std::iter::once(count).chain(listed).collect()
}

/// A device's name as typed (`sysdefault:CARD=PCH`) and as words ("sysdefault CARD PCH").
fn device_words(name: &str) -> Words {
    let spoken: String = name.chars().map(|c| if c.is_alphanumeric() { c } else { ' ' }).collect();
    Words::new(name, spoken.split_whitespace().collect::<Vec<_>>().join(" "))
}
