//! The recogniser: CMU PocketSphinx (the distribution's library and its US English acoustic
//! model), the words of a phrase pack spelt in that model's phones (`voices/listen/`), and the
//! grammar of the position, so that what it hears is a legal move or nothing.

use std::path::{Path, PathBuf};

use pocketsphinx::{CmdLn, PsDecoder, PsDecoderSearchExt};
use shakmaty::Move;

use super::grammar::MoveGrammar;

/// Where the distribution puts the acoustic model.
pub const MODEL: &str = "/usr/share/pocketsphinx/model/en-us/en-us";

/// The sample rate the recogniser hears.
pub const RATE: u32 = 16_000;

/// Why the recogniser cannot listen.
#[derive(Debug, thiserror::Error)]
pub enum ListenError {
    /// The acoustic model is not installed.
    #[error("the speech recognition model is missing ({0}); scripts/setup.sh installs it")]
    NoModel(PathBuf),
    /// The phrase pack has no pronunciation dictionary.
    #[error("there are no pronunciations for the phrase pack {0}")]
    NoDictionary(String),
    /// The pronunciations could not be written where the recogniser reads them.
    #[error("the pronunciations cannot be written: {0}")]
    Write(#[from] std::io::Error),
    /// PocketSphinx refused its configuration or the grammar.
    #[error("the recogniser refused its set-up")]
    Refused,
}

/// What was heard: the words, read by the session as if typed, and the move they name in the
/// position (none for a spoken command).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Understood {
    /// The words, as the grammar has them.
    pub words: String,
    /// The move, when the words are one.
    pub mv: Option<Move>,
}

/// The pronunciations of a pack's words, by pack name.
fn dictionary(pack: &str) -> Option<&'static str> {
    match pack {
        "appendix-e" => Some(include_str!("../../voices/listen/appendix-e.dict")),
        _ => None,
    }
}

/// PocketSphinx set up for one phrase pack.
pub struct Recognizer {
    decoder: PsDecoder,
    /// The pronunciations, written for the library to read (removed when dropped).
    dict: PathBuf,
}

impl Recognizer {
    /// A recogniser for the words of the pack named `pack`, with the model in `model` (else
    /// `$ANNABELLA_ASR_MODEL`, else the distribution's).
    pub fn new(pack: &str, model: Option<&Path>) -> Result<Recognizer, ListenError> {
        let model = model
            .map(Path::to_path_buf)
            .or_else(|| std::env::var_os("ANNABELLA_ASR_MODEL").map(PathBuf::from))
            .unwrap_or_else(|| PathBuf::from(MODEL));
        if !model.join("mdef").is_file() {
            return Err(ListenError::NoModel(model));
        }
        let words = dictionary(pack).ok_or_else(|| ListenError::NoDictionary(pack.to_string()))?;
        let dict = std::env::temp_dir().join(format!("annabella-{}-{pack}.dict", std::process::id()));
        std::fs::write(&dict, words)?;
        let (model_arg, dict_arg) = (model.display().to_string(), dict.display().to_string());
        let args = ["annabella", "-hmm", &model_arg, "-dict", &dict_arg, "-logfn", "/dev/null"];
        let config = CmdLn::init(true, &args).map_err(|_| ListenError::Refused)?;
        Ok(Recognizer { decoder: PsDecoder::init(config), dict })
    }

    /// What `samples` (16 kHz, mono) say, heard against `grammar`: a legal move or nothing.
    pub fn hear(&mut self, grammar: &MoveGrammar, samples: &[i16]) -> Result<Option<Understood>, ListenError> {
        if grammar.is_empty() {
            return Ok(None);
        }
        self.decoder.set_jsgf_string("moves", &grammar.jsgf()).map_err(|_| ListenError::Refused)?;
        self.decoder.set_search("moves").map_err(|_| ListenError::Refused)?;
        self.decoder.start_utt(None).map_err(|_| ListenError::Refused)?;
        self.decoder.process_raw(samples, false, true).map_err(|_| ListenError::Refused)?;
        self.decoder.end_utt().map_err(|_| ListenError::Refused)?;
        let heard = self.decoder.get_hyp().and_then(|(words, _, _)| match grammar.move_of(&words) {
            Some(mv) => Some(Understood { words, mv: Some(mv) }),
            None => MoveGrammar::is_command(&words).then_some(Understood { words, mv: None }),
        });
        Ok(heard)
    }
}

impl Drop for Recognizer {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.dict);
    }
}

/// 16-bit samples at [`RATE`] from samples at `rate`.
pub fn to_rate(samples: &[i16], rate: u32) -> Vec<i16> {
    let floats: Vec<f32> = samples.iter().map(|&s| f32::from(s) / 32768.0).collect();
    crate::speech::resample(&floats, rate, RATE)
        .iter()
        .map(|&s| (s * 32767.0).clamp(-32768.0, 32767.0) as i16)
        .collect()
}
