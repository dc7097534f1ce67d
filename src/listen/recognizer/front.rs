//! The recogniser's two front ends and their decoders: a dry voice in a quiet room heard as it
//! comes, a voice in noise or echoes cleaned (a hall's late echoes and a room's steady noise taken
//! out) and damped by the library's own noise removal; each front end's decoders (the grammar's,
//! the same with wide beams, the phone loop) made from one dictionary of every vocabulary.

use std::path::Path;

use super::super::confidence;
use super::super::denoise::{denoised, denoised_in_noise, dereverberated};
use super::super::phone_loop::{phone_lm, PhoneLoop};
use super::super::vocabulary::VOCABULARIES;
use super::error::ListenError;
use pocketsphinx::{CmdLn, PsDecoder};

/// How long a hall's echoes are taken to last when they are taken out (seconds to fall 60 dB).
const HALL_SECONDS: f32 = 1.0;

/// The beams of the wide search (the usual ones are 1e-48, 1e-48 and 7e-29).
const WIDE: [&str; 6] = ["-beam", "1e-100", "-pbeam", "1e-100", "-wbeam", "1e-80"];

/// The pronunciations of every vocabulary in one dictionary; a word spelt in two vocabularies
/// keeps both pronunciations.
fn dictionary() -> String {
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut out = String::new();
    for vocabulary in VOCABULARIES {
        for line in vocabulary.dictionary.lines().filter(|l| !l.trim().is_empty()) {
            let Some((word, phones)) = line.split_once(' ') else { continue };
            let bare = word.split('(').next().unwrap_or(word).to_string();
            let count = seen.entry(bare.clone()).or_insert(0);
            *count += 1;
            match *count {
                1 => out.push_str(&format!("{bare} {phones}\n")),
                n => out.push_str(&format!("{bare}({n}) {phones}\n")),
            }
        }
    }
    out
}

/// A decoder made with `args`, whose pronunciations are read from `dict`: the file is written for
/// the library to read and removed once it has been read, so that none is left behind by a
/// process that ends without dropping its recogniser. Decoders are made one at a time: the
/// library keeps its log file for the whole process and closes the last one as a decoder is set
/// up, so two made at once on different threads could refuse or close each other's.
fn made(args: &[String], dict: &Path) -> Result<PsDecoder, ListenError> {
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    std::fs::write(dict, dictionary())?;
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let config = CmdLn::init(true, &args).map_err(|_| ListenError::Refused);
    let decoder = config.and_then(|c| PsDecoder::try_init(c).map_err(|_| ListenError::Refused));
    let _ = std::fs::remove_file(dict);
    decoder
}

/// How the library's front end takes the sound: as it comes (a dry voice in a quiet room: the
/// library's own noise removal takes the edges of soft consonants with it), or with the library's
/// noise removal, whose tracking of each band's floor damps what the room's noise leaves after
/// the filter, and a hall's echoes between the words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Front {
    /// A dry voice in a quiet room.
    Quiet,
    /// A voice in noise, or one whose echoes fill its pauses.
    Damped,
}

impl Front {
    /// What the set-up adds for this front end.
    pub(super) fn args(self) -> &'static [&'static str] {
        match self {
            Front::Quiet => &["-remove_noise", "no"],
            Front::Damped => &[],
        }
    }

    /// What the files of its decoders are told apart by.
    fn tag(self) -> &'static str {
        match self {
            Front::Quiet => "",
            Front::Damped => "damped.",
        }
    }
}

/// The decoders of one front end (scores compare only between decoders that take the sound
/// alike): the grammar's, the same with wide beams, the phone loop's.
pub(super) struct Decoders {
    decoder: PsDecoder,
    /// The same with beams so wide that a rival is found where the first search lost every path
    /// through the rest of the grammar: made when first needed.
    wide: Option<PsDecoder>,
    /// The set-up both are made with.
    args: Vec<String>,
    /// The phone loop, searched beside the grammar, if the model has a phone language model.
    pub(super) phones: Option<PhoneLoop>,
}

impl Decoders {
    /// The decoders made with `args` for `front`, the pronunciations read from `dict`, the phone
    /// loop's grammars written beside it.
    pub(super) fn made(model: &Path, args: &[String], front: Front, dict: &Path) -> Result<Decoders, ListenError> {
        let mut args = args.to_vec();
        args.extend(front.args().iter().map(|a| a.to_string()));
        let decoder = made(&args, dict)?;
        let dict_arg = dict.display().to_string();
        let phones = match phone_lm(model) {
            Some(lm) => {
                // Its decoder reads the pronunciations from a file of its own.
                let own = dict.with_extension(format!("{}phones.dict", front.tag()));
                let own_arg = own.display().to_string();
                let mut args: Vec<String> =
                    args.iter().map(|a| if *a == dict_arg { own_arg.clone() } else { a.clone() }).collect();
                // Context-independent phones in the phone loop (a twentieth of the time of the full
                // loop; the grammars' searches are as the first decoder's).
                args.extend(["-allphone_ci".into(), "yes".into()]);
                let grammar = dict.with_extension(format!("{}second.jsgf", front.tag()));
                Some(PhoneLoop::start(move || made(&args, &own).ok(), lm, grammar))
            }
            None => None,
        };
        Ok(Decoders { decoder, wide: None, args, phones })
    }

    /// The decoder of the usual beams, or the wide one (`dict`: where its pronunciations are
    /// written to be read).
    pub(super) fn decoder(&mut self, wide: bool, dict: &Path) -> Result<&mut PsDecoder, ListenError> {
        if !wide {
            return Ok(&mut self.decoder);
        }
        if self.wide.is_none() {
            let mut args = self.args.clone();
            args.extend(WIDE.map(String::from));
            self.wide = Some(made(&args, dict)?);
        }
        self.wide.as_mut().ok_or(ListenError::Refused)
    }
}

/// `samples`, in which `voice` was heard, as they are heard, and the front end they are heard
/// with: a hall's late echoes taken out after the room's steady noise, a noisy room's noise taken
/// out, both then damped by the library; a quiet room's voice as it comes (`as_it_comes`: in a
/// vocabulary heard so; else damped by the library as well).
pub(super) fn cleaned(samples: &[i16], voice: Option<confidence::Voice>, as_it_comes: bool) -> (Front, Vec<i16>) {
    if voice.is_some_and(|v| v.echoes()) {
        return (Front::Damped, dereverberated(&denoised(samples), HALL_SECONDS));
    }
    match denoised_in_noise(samples) {
        Some(clean) => (Front::Damped, clean),
        None if as_it_comes => (Front::Quiet, samples.to_vec()),
        None => (Front::Damped, samples.to_vec()),
    }
}
