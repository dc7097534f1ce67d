//! Recorded voice clips for a phrase pack: which words a pack's clips must hold (`clip_list`),
//! loading them from `DIR/PACK/KEY.wav` (`ClipBook`), turning an announcement or a spoken
//! scoresheet into one run of samples, and writing WAV files. Reading and writing only: playing
//! belongs to the audio adapter.

use std::collections::HashMap;
use std::io::Cursor;
use std::path::{Path, PathBuf};

use shakmaty::{Chess, Move, Position};

use super::numbers::{number_parts, number_words};
use crate::notation::{fold, spoken, PhrasePack, SpokenStyle};

/// The sample rate of every clip and of the spoken scoresheet (espeak-ng's own rate).
pub const CLIP_RATE: u32 = 22050;

/// Silence between the words of one phrase.
const WORD_GAP_MS: u32 = 40;

/// One clip a pack needs: its file name without `.wav`, and the words to record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClipEntry {
    /// The clip's file name without `.wav`.
    pub key: String,
    /// The words to record.
    pub text: String,
}

/// A part of a spoken scoresheet or announcement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Spoken {
    /// Words of the pack ("Springer Felix drei").
    Words(String),
    /// A number, said in the pack's language.
    Number(u32),
    /// Silence, in milliseconds.
    Pause(u32),
}

/// Why clips could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum ClipError {
    #[error("no voice clips were found (scripts/render-clips.sh makes them)")]
    /// No folder of clips was found.
    NoClips,
    #[error("the clip {0} is missing (scripts/render-clips.sh makes the clips)")]
    /// A clip the pack needs is not there.
    Missing(PathBuf),
    #[error("there is no phrase pack {0:?}; use appendix-e, et or en")]
    /// There is no phrase pack of that name.
    NoPack(String),
    #[error("the recording {path} cannot be read: {fault}")]
    /// A clip or a recording cannot be read.
    Unreadable {
        /// The clip.
        path: PathBuf,
        /// Why.
        fault: WavFault,
    },
    #[error("the clips have no words for {0:?}")]
    /// A word of the text has no clip.
    Unknown(String),
    #[error("the sound file cannot be written: {0}")]
    /// The WAV file cannot be made.
    Write(String),
}

impl ClipError {
    /// The problem as the user reads it, in `catalog`'s language.
    pub fn worded(&self, catalog: &crate::messages::Catalog) -> String {
        let shown = |p: &Path| p.display().to_string();
        match self {
            ClipError::NoClips => catalog.text("clips.none", &[]),
            ClipError::Missing(path) => catalog.text("clips.missing", &[("path", &shown(path))]),
            ClipError::NoPack(pack) => catalog.text("clips.no_pack", &[("pack", pack)]),
            ClipError::Unreadable { path, fault } => {
                catalog.text("clips.unreadable", &[("path", &shown(path)), ("reason", &fault.worded(catalog))])
            }
            ClipError::Unknown(text) => catalog.text("clips.unknown", &[("text", text)]),
            ClipError::Write(reason) => catalog.text("clips.unwritable", &[("reason", reason)]),
        }
    }
}

/// Why a WAV file cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum WavFault {
    /// The file cannot be opened or read.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The file is not a WAV recording.
    #[error("it is not a WAV recording")]
    NotWav,
    /// A WAV recording of a kind that cannot be read (its sample format or width).
    #[error("its WAV format is not supported")]
    Unsupported,
}

impl From<hound::Error> for WavFault {
    fn from(error: hound::Error) -> Self {
        match error {
            // The system's own errors (no such file, no permission); hound's own reading errors
            // ("failed to read enough bytes") mean the file is too short to be a recording.
            hound::Error::IoError(e) if e.raw_os_error().is_some() => WavFault::Io(e),
            hound::Error::IoError(_) => WavFault::NotWav,
            hound::Error::FormatError(what) if what.starts_with("no RIFF") || what.starts_with("no WAVE") => {
                WavFault::NotWav
            }
            _ => WavFault::Unsupported,
        }
    }
}

impl WavFault {
    /// The fault in `catalog`'s language.
    pub fn worded(&self, catalog: &crate::messages::Catalog) -> String {
        match self {
            WavFault::Io(e) => crate::messages::io_read_reason(catalog, e),
            WavFault::NotWav => catalog.text("clips.fault.not_wav", &[]),
            WavFault::Unsupported => catalog.text("clips.fault.unsupported", &[]),
        }
    }
}

/// The clip said when the speech engine stalls.
pub const ALERT_STALLED: &str = "alert-stalled";

/// Every clip `pack` needs: its piece, file and rank words, capture, en passant, check, mate, the
/// two castlings, and the parts of the numbers 1 to 999 in its language.
pub fn clip_list(pack: &PhrasePack) -> Vec<ClipEntry> {
    let entry = |key: String, text: &str| ClipEntry { key, text: text.to_string() };
    let mut list = vec![
        entry("king".into(), &pack.pieces.king),
        entry("queen".into(), &pack.pieces.queen),
        entry("rook".into(), &pack.pieces.rook),
        entry("bishop".into(), &pack.pieces.bishop),
        entry("knight".into(), &pack.pieces.knight),
        entry("pawn".into(), &pack.pieces.pawn),
        entry("capture".into(), &pack.capture),
        entry("en-passant".into(), &pack.en_passant),
        entry("check".into(), &pack.check),
        entry("mate".into(), &pack.mate),
        entry("castle-short".into(), &pack.castle_short),
        entry("castle-long".into(), &pack.castle_long),
    ];
    for (i, name) in pack.files.iter().enumerate() {
        list.push(entry(format!("file-{}", (b'a' + i as u8) as char), name));
    }
    for (i, name) in pack.ranks.iter().enumerate() {
        list.push(entry(format!("rank-{}", i + 1), name));
    }
    for part in number_parts(&pack.language) {
        list.push(entry(number_key(part), part));
    }
    if !pack.stalled.is_empty() {
        list.push(entry(ALERT_STALLED.into(), &pack.stalled));
    }
    list
}

fn number_key(word: &str) -> String {
    format!("number-{}", fold(word))
}

/// The clips of one pack, in memory as 16-bit samples at `CLIP_RATE`.
#[derive(Debug, Clone)]
pub struct ClipBook {
    /// The pack's name.
    pub pack: String,
    /// The pack's language code.
    pub language: String,
    clips: HashMap<String, Vec<i16>>,
    /// Folded words and phrases of the pack → clip key.
    words: HashMap<String, String>,
    longest: usize,
}

impl ClipBook {
    /// Reads every clip of `pack` from `dir/PACK/`; a missing or unreadable clip is an error.
    pub fn load(dir: &Path, pack: &PhrasePack) -> Result<ClipBook, ClipError> {
        let folder = dir.join(&pack.name);
        let mut clips = HashMap::new();
        for entry in clip_list(pack) {
            let path = folder.join(format!("{}.wav", entry.key));
            if !path.is_file() && entry.key == ALERT_STALLED {
                // Clips rendered before the alert was added: the alert is printed only.
                continue;
            }
            if !path.is_file() {
                return Err(ClipError::Missing(path));
            }
            let samples = read_wav(&path)?;
            clips.insert(entry.key, normalise(trim(samples)));
        }
        Ok(ClipBook::from_clips(pack, clips))
    }

    /// A book from clips already in memory (keys as in `clip_list`).
    pub fn from_clips(pack: &PhrasePack, clips: HashMap<String, Vec<i16>>) -> ClipBook {
        let mut words = HashMap::new();
        for entry in clip_list(pack).into_iter().filter(|e| !e.key.starts_with("number-")) {
            words.insert(fold(&entry.text), entry.key);
        }
        let longest = words.keys().map(|w| w.split(' ').count()).max().unwrap_or(1);
        ClipBook { pack: pack.name.clone(), language: pack.language.clone(), clips, words, longest }
    }

    /// The clip keys that say `text`, or `None` when some word has no clip (not a move).
    pub fn keys_for(&self, text: &str) -> Option<Vec<String>> {
        let folded = fold(text);
        let words: Vec<&str> = folded.split_whitespace().collect();
        let mut keys = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let (found, used) = (1..=self.longest.min(words.len() - i))
                .rev()
                .find_map(|n| self.words.get(&words[i..i + n].join(" ")).map(|k| (vec![k.clone()], n)))
                .or_else(|| self.compact(words[i]).map(|k| (k, 1)))?;
            keys.extend(found);
            i += used;
        }
        (!keys.is_empty()).then_some(keys)
    }

    /// A word made of two pack words without a space, such as `e4` in the English pack.
    fn compact(&self, word: &str) -> Option<Vec<String>> {
        (1..word.len()).filter(|&i| word.is_char_boundary(i)).find_map(|i| {
            let first = self.words.get(&word[..i])?;
            let second = self.words.get(&word[i..])?;
            Some(vec![first.clone(), second.clone()])
        })
    }

    /// The samples that say `parts`, or what could not be said.
    pub fn render(&self, parts: &[Spoken]) -> Result<Vec<i16>, ClipError> {
        let mut out = Vec::new();
        for part in parts {
            let keys = match part {
                Spoken::Pause(ms) => {
                    out.extend(silence(*ms));
                    continue;
                }
                Spoken::Words(text) => self.keys_for(text).ok_or_else(|| ClipError::Unknown(text.clone()))?,
                Spoken::Number(n) => number_words(*n, &self.language).into_iter().map(number_key).collect(),
            };
            for (i, key) in keys.iter().enumerate() {
                if i > 0 {
                    out.extend(silence(WORD_GAP_MS));
                }
                let clip = self.clips.get(key).ok_or_else(|| ClipError::Unknown(key.clone()))?;
                out.extend_from_slice(clip);
            }
        }
        Ok(out)
    }
}

fn silence(ms: u32) -> impl Iterator<Item = i16> {
    std::iter::repeat_n(0, (CLIP_RATE * ms / 1000) as usize)
}

/// Cuts the near-silence recorders leave before and after a word, keeping 10 ms on each side.
fn trim(samples: Vec<i16>) -> Vec<i16> {
    const QUIET: i16 = 320; // about 1 % of full scale
    let margin = (CLIP_RATE / 100) as usize;
    let first = samples.iter().position(|s| s.unsigned_abs() > QUIET as u16);
    let last = samples.iter().rposition(|s| s.unsigned_abs() > QUIET as u16);
    match (first, last) {
        (Some(a), Some(b)) => samples[a.saturating_sub(margin)..(b + margin + 1).min(samples.len())].to_vec(),
        _ => samples,
    }
}

/// Scales a clip so that its loudest sample is at 90 % of full scale: words recorded at different
/// levels come out equally loud.
fn normalise(mut samples: Vec<i16>) -> Vec<i16> {
    let peak = samples.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
    if peak > 0 {
        let gain = 0.9 * 32767.0 / peak as f32;
        samples.iter_mut().for_each(|s| *s = (*s as f32 * gain).round().clamp(-32767.0, 32767.0) as i16);
    }
    samples
}

/// Reads a WAV file as mono 16-bit samples at `CLIP_RATE`, whatever its channels, sample format
/// and rate.
pub fn read_wav(path: &Path) -> Result<Vec<i16>, ClipError> {
    let bad = |e: hound::Error| ClipError::Unreadable { path: path.to_path_buf(), fault: e.into() };
    let mut reader = hound::WavReader::open(path).map_err(bad)?;
    let spec = reader.spec();
    let values: Vec<f32> = match spec.sample_format {
        hound::SampleFormat::Float => reader.samples::<f32>().collect::<Result<_, _>>(),
        hound::SampleFormat::Int => {
            let full = (1i64 << (spec.bits_per_sample.clamp(1, 32) - 1)) as f32;
            reader.samples::<i32>().map(|s| s.map(|v| v as f32 / full)).collect::<Result<_, _>>()
        }
    }
    .map_err(bad)?;
    let channels = spec.channels.max(1) as usize;
    let mono: Vec<f32> = values.chunks(channels).map(|c| c.iter().sum::<f32>() / c.len() as f32).collect();
    Ok(resample(&mono, spec.sample_rate, CLIP_RATE).into_iter().map(to_i16).collect())
}

fn to_i16(v: f32) -> i16 {
    (v * 32768.0).round().clamp(-32768.0, 32767.0) as i16
}

/// Linear resampling: enough for speech played back or stored at a different rate.
pub fn resample(samples: &[f32], from: u32, to: u32) -> Vec<f32> {
    if from == to || samples.is_empty() || from == 0 {
        return samples.to_vec();
    }
    let length = (samples.len() as u64 * to as u64 / from as u64) as usize;
    let step = from as f64 / to as f64;
    (0..length)
        .map(|i| {
            let at = i as f64 * step;
            let j = at as usize;
            let frac = (at - j as f64) as f32;
            let a = samples[j.min(samples.len() - 1)];
            let b = samples[(j + 1).min(samples.len() - 1)];
            a + (b - a) * frac
        })
        .collect()
}

/// A mono 16-bit WAV file at `CLIP_RATE`, as bytes.
pub fn wav_bytes(samples: &[i16]) -> Result<Vec<u8>, ClipError> {
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: CLIP_RATE,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut out = Cursor::new(Vec::new());
    let mut writer = hound::WavWriter::new(&mut out, spec).map_err(|e| ClipError::Write(e.to_string()))?;
    for &s in samples {
        writer.write_sample(s).map_err(|e| ClipError::Write(e.to_string()))?;
    }
    writer.finalize().map_err(|e| ClipError::Write(e.to_string()))?;
    Ok(out.into_inner())
}

/// The spoken scoresheet `parts` as a WAV file, from the clips of `pack` in `dir` (else where
/// `default_clips_dir` finds them).
pub fn sheet_wav(pack: &str, parts: &[Spoken], dir: Option<&Path>) -> Result<Vec<u8>, ClipError> {
    let dir = dir.map(Path::to_path_buf).or_else(default_clips_dir).ok_or(ClipError::NoClips)?;
    let pack = PhrasePack::named(pack).ok_or_else(|| ClipError::NoPack(pack.to_string()))?;
    let book = ClipBook::load(&dir, &pack)?;
    wav_bytes(&book.render(parts)?)
}

/// Where the clips are when no directory is configured: `$ANNABELLA_CLIPS`, then `voices/clips`
/// beside the program or two levels up (a build in `target/release`), then where the package
/// puts them (`/usr/bin/annabella`: `/usr/share/annabella/voices/clips`), then in the source tree
/// the program was built from.
pub fn default_clips_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("ANNABELLA_CLIPS") {
        return Some(PathBuf::from(dir));
    }
    let exe = std::env::current_exe().ok();
    let beside = exe.as_ref().and_then(|e| e.parent()).map(Path::to_path_buf);
    let candidates = [
        beside.as_ref().map(|d| d.join("voices/clips")),
        beside.as_ref().and_then(|d| d.parent()?.parent().map(|p| p.join("voices/clips"))),
        beside.as_ref().and_then(|d| d.parent().map(|p| p.join("share/annabella/voices/clips"))),
        Some(PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/voices/clips"))),
    ];
    candidates.into_iter().flatten().find(|d| d.is_dir())
}

/// Pause after a move number, after White's move and after Black's move, in milliseconds.
const AFTER_NUMBER_MS: u32 = 250;
const AFTER_WHITE_MS: u32 = 600;
const AFTER_BLACK_MS: u32 = 1000;

/// The game's moves as they are announced, each full move led by its number: what the audio
/// scoresheet says ("eins, Bauer Eva vier, Bauer Eva fünf, zwei, …").
pub fn spoken_sheet(start: &Chess, moves: &[Move], pack: &PhrasePack, style: SpokenStyle) -> Vec<Spoken> {
    let mut parts = Vec::new();
    let mut pos = start.clone();
    for (i, &mv) in moves.iter().enumerate() {
        let white = pos.turn().is_white();
        if white || i == 0 {
            parts.extend([Spoken::Number(pos.fullmoves().get()), Spoken::Pause(AFTER_NUMBER_MS)]);
        }
        parts.push(Spoken::Words(spoken(&pos, mv, pack, style)));
        parts.push(Spoken::Pause(if white { AFTER_WHITE_MS } else { AFTER_BLACK_MS }));
        pos.play_unchecked(mv);
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A book whose every clip is 100 samples of one value, distinct per key.
    fn book(pack: &str) -> ClipBook {
        let pack = PhrasePack::named(pack).unwrap();
        let clips = clip_list(&pack).into_iter().enumerate().map(|(i, e)| (e.key, vec![i as i16 + 1; 100])).collect();
        ClipBook::from_clips(&pack, clips)
    }

    #[test]
    fn every_pack_lists_distinct_clip_names() {
        for pack in PhrasePack::builtin() {
            let list = clip_list(&pack);
            let mut keys: Vec<_> = list.iter().map(|e| &e.key).collect();
            keys.sort();
            keys.dedup();
            assert_eq!(keys.len(), list.len(), "{}", pack.name);
            assert!(list.iter().all(|e| !e.text.is_empty()));
        }
    }

    #[test]
    fn announcements_map_to_clips() {
        let e = book("appendix-e");
        assert_eq!(e.keys_for("Springer Felix drei").unwrap(), ["knight", "file-f", "rank-3"]);
        assert_eq!(e.keys_for("Kurze Rochade Schach").unwrap(), ["castle-short", "check"]);
        assert_eq!(
            e.keys_for("Bauer Eva schlägt David sechs en passant").unwrap(),
            ["pawn", "file-e", "capture", "file-d", "rank-6", "en-passant"]
        );
        assert_eq!(e.keys_for("White to move"), None);
        let en = book("en");
        assert_eq!(en.keys_for("knight takes e4 mate").unwrap(), ["knight", "capture", "file-e", "rank-4", "mate"]);
        let et = book("et");
        assert_eq!(et.keys_for("lühike vangerdus").unwrap(), ["castle-short"]);
    }

    #[test]
    fn rendering_joins_clips_with_gaps_and_pauses() {
        let e = book("appendix-e");
        let gap = (CLIP_RATE * WORD_GAP_MS / 1000) as usize;
        let one = e.render(&[Spoken::Words("Springer Felix drei".into())]).unwrap();
        assert_eq!(one.len(), 300 + 2 * gap);
        let numbered = e.render(&[Spoken::Number(21), Spoken::Pause(100), Spoken::Words("Dame".into())]).unwrap();
        assert_eq!(numbered.len(), 300 + 2 * gap + 2205 + 100);
        assert!(matches!(e.render(&[Spoken::Words("Unsinn".into())]), Err(ClipError::Unknown(_))));
    }

    #[test]
    fn wav_round_trip_and_trim() {
        let dir = std::env::temp_dir().join(format!("annabella-clip-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut samples = vec![0i16; 2000];
        samples.extend(vec![8000i16; 500]);
        samples.extend(vec![0i16; 2000]);
        let path = dir.join("x.wav");
        std::fs::write(&path, wav_bytes(&samples).unwrap()).unwrap();
        let back = read_wav(&path).unwrap();
        assert!(back == samples, "the samples changed on the way");
        let trimmed = normalise(trim(back));
        assert_eq!(trimmed.len(), 500 + 2 * (CLIP_RATE as usize / 100));
        assert_eq!(trimmed.iter().max(), Some(&29490));
        let pack = PhrasePack::named("en").unwrap();
        assert!(matches!(ClipBook::load(&dir, &pack), Err(ClipError::Missing(_))));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn resampling_keeps_length_in_proportion() {
        let input: Vec<f32> = (0..441).map(|i| i as f32 / 441.0).collect();
        let out = resample(&input, 44100, 22050);
        assert_eq!(out.len(), 220);
        assert!((out[100] - 200.0 / 441.0).abs() < 1e-4);
    }
}
