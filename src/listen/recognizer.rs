//! The recogniser: CMU PocketSphinx (the distribution's library and its US English acoustic
//! model), the words of every vocabulary spelt in that model's phones (`voices/listen/`), and the
//! grammar of the position, so that what it hears is a phrase of the grammar or nothing; with a
//! margin that says how sure it is, and how much better the model's free phones fit the voice
//! (said of talk that is no phrase at all). A noisy room's noise and a hall's echoes are taken out,
//! then damped by the library; a quiet room's voice is heard as it comes where that is heard better.

use std::path::{Path, PathBuf};

use super::confidence::{self, Evidence};
use super::denoise::{denoised, denoised_in_noise, dereverberated};
use super::grammar::{Meaning, MoveGrammar};
use super::phone_loop::{phone_lm, PhoneLoop, Scores};
use super::vad::{self, Surroundings, Utterance};
use super::vocabulary::VOCABULARIES;
use pocketsphinx::{CmdLn, PsDecoder, PsDecoderSearchExt};

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
    /// A file of the acoustic model is not what the recogniser reads (the recogniser would end
    /// the program on reading it).
    #[error("the speech recognition model in {0} is damaged; scripts/setup.sh installs it again")]
    Damaged(PathBuf),
    /// The pronunciations could not be written where the recogniser reads them.
    #[error("the pronunciations cannot be written: {0}")]
    Write(#[from] std::io::Error),
    /// PocketSphinx refused its configuration or the grammar.
    #[error("the recogniser refused its set-up")]
    Refused,
}

/// What was heard: the words as the grammar has them, what they mean in the position, and how
/// sure the recogniser is.
#[derive(Debug, Clone, PartialEq)]
pub struct Understood {
    /// The words.
    pub words: String,
    /// What they mean.
    pub meaning: Meaning,
    /// The confidence: how much better, per frame, the words fit than the best phrase of another
    /// meaning would (larger is surer; at most 0 when another fits as well), counted a third in a
    /// noisy room and a fifth in a very noisy one (half that again among other voices), and 0
    /// when the words leave much of the voice unexplained or any phones at all fit it far better.
    pub margin: f32,
    /// What the confidence was made of.
    pub evidence: Evidence,
}

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

/// How long a hall's echoes are taken to last when they are taken out (seconds to fall 60 dB).
const HALL_SECONDS: f32 = 1.0;

/// The beams of the wide search (the usual ones are 1e-48, 1e-48 and 7e-29).
const WIDE: [&str; 6] = ["-beam", "1e-100", "-pbeam", "1e-100", "-wbeam", "1e-80"];

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

/// Whether the model's files begin as the recogniser's files do (a model definition, binary or
/// text; the Sphinx-3 header of the parameter files that are there; the header of compressed
/// mixture weights after their length): the library reading a file that does not ends the whole
/// program without a word.
fn looks_whole(model: &Path) -> bool {
    let begins = |file: &str, skip: usize, heads: &[&[u8]]| {
        let mut head = vec![0u8; skip + 5];
        match std::fs::File::open(model.join(file)) {
            Ok(mut f) => {
                std::io::Read::read_exact(&mut f, &mut head).is_ok()
                    && heads.iter().any(|h| head[skip..].starts_with(h))
            }
            Err(_) => true,
        }
    };
    begins("mdef", 0, &[b"BMDF", b"0.3"])
        && begins("sendump", 4, &[b"BEGIN"])
        && ["means", "variances", "transition_matrices", "mixture_weights"].iter().all(|f| begins(f, 0, &[b"s3\n"]))
}

/// One decode: the best phrase, its score, the frames heard and the frames its words take.
struct Decoded {
    words: String,
    score: i32,
    frames: i32,
    span: Option<(usize, usize)>,
}

/// What the second decoder was asked for one hearing: its ticket, the rival guessed ahead (the
/// meaning guessed, and the grammar without it), and whether the scores were asked for.
struct Ahead {
    ticket: u64,
    rival: Option<(Meaning, String)>,
    scores: bool,
}

impl Ahead {
    /// The ticket and the grammar of the rival guessed ahead, if the guess was `meaning`.
    fn rival_of(&self, meaning: Meaning) -> Option<(u64, String)> {
        self.rival.as_ref().filter(|(guess, _)| *guess == meaning).map(|(_, rest)| (self.ticket, rest.clone()))
    }
}

/// How the library's front end takes the sound: as it comes (a dry voice in a quiet room: the
/// library's own noise removal takes the edges of soft consonants with it), or with the library's
/// noise removal, whose tracking of each band's floor damps what the room's noise leaves after
/// the filter, and a hall's echoes between the words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Front {
    /// A dry voice in a quiet room.
    Quiet,
    /// A voice in noise, or one whose echoes fill its pauses.
    Damped,
}

impl Front {
    /// What the set-up adds for this front end.
    fn args(self) -> &'static [&'static str] {
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
struct Decoders {
    decoder: PsDecoder,
    /// The same with beams so wide that a rival is found where the first search lost every path
    /// through the rest of the grammar: made when first needed.
    wide: Option<PsDecoder>,
    /// The set-up both are made with.
    args: Vec<String>,
    /// The phone loop, searched beside the grammar, if the model has a phone language model.
    phones: Option<PhoneLoop>,
}

impl Decoders {
    /// The decoders made with `args` for `front`, the pronunciations read from `dict`, the phone
    /// loop's grammars written beside it.
    fn made(model: &Path, args: &[String], front: Front, dict: &Path) -> Result<Decoders, ListenError> {
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
    fn decoder(&mut self, wide: bool, dict: &Path) -> Result<&mut PsDecoder, ListenError> {
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

/// PocketSphinx set up with the words of every vocabulary.
pub struct Recognizer {
    /// The decoders for a voice in a quiet room.
    quiet: Decoders,
    /// The decoders for a voice in noise or echoes: made when first needed.
    damped: Option<Decoders>,
    /// The front end of the sound being heard.
    front: Front,
    /// The model and the set-up every decoder is made with (its front end's added).
    model: PathBuf,
    args: Vec<String>,
    /// Where the pronunciations are written for the library to read while a decoder is made.
    dict: PathBuf,
    /// Where the grammar of the utterance being heard is written for the library to read, and
    /// removed once read (the library's reading of a grammar from a string never frees it: 51 KB
    /// lost each time).
    grammar: PathBuf,
    /// The confidence hearings are acted on at, if known (else each is measured whole).
    threshold: Option<f32>,
    /// The speech heard last and what it meant: speech that goes on from it is likely to mean
    /// the same.
    guess: Option<(Vec<i16>, Meaning)>,
}

impl Recognizer {
    /// A recogniser with the model in `model` (else `$ANNABELLA_ASR_MODEL` where it is set and
    /// not empty, else the distribution's).
    pub fn new(model: Option<&Path>) -> Result<Recognizer, ListenError> {
        Recognizer::warped(model, None)
    }

    /// A recogniser fitted to the player's voice, if enrolment has fitted it.
    pub fn for_player() -> Result<Recognizer, ListenError> {
        Recognizer::warped(None, super::voice::enrolled().map(|fit| fit.warp))
    }

    /// The same, hearing a voice through a frequency warp (`warp`: the factor enrolment found
    /// for the player's voice; `None` or 1.0 hears it as it is).
    pub fn warped(model: Option<&Path>, warp: Option<f32>) -> Result<Recognizer, ListenError> {
        let model = model
            .map(Path::to_path_buf)
            .or_else(|| std::env::var_os("ANNABELLA_ASR_MODEL").filter(|set| !set.is_empty()).map(PathBuf::from))
            .unwrap_or_else(|| PathBuf::from(MODEL));
        if !model.join("mdef").is_file() {
            return Err(ListenError::NoModel(model));
        }
        if !looks_whole(&model) {
            return Err(ListenError::Damaged(model));
        }
        // Each recogniser has files of its own: several may hear at once in one process.
        static MADE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dict = std::env::temp_dir().join(format!("annabella-{}-{n}-listen.dict", std::process::id()));
        let (model_arg, dict_arg) = (model.display().to_string(), dict.display().to_string());
        let mut args: Vec<String> =
            ["annabella", "-hmm", &model_arg, "-dict", &dict_arg, "-logfn", "/dev/null"].map(String::from).to_vec();
        if let Some(warp) = warp.filter(|w| w.is_finite() && *w != 1.0) {
            args.extend(["-warp_type".into(), "inverse_linear".into(), "-warp_params".into(), format!("{warp:.3}")]);
        }
        let quiet = Decoders::made(&model, &args, Front::Quiet, &dict)?;
        let grammar = dict.with_extension("jsgf");
        Ok(Recognizer {
            quiet,
            damped: None,
            front: Front::Quiet,
            model,
            args,
            dict,
            grammar,
            threshold: None,
            guess: None,
        })
    }

    /// The decoders of the front end of the sound being heard. Those for a voice in noise or
    /// echoes are made when first needed; where they cannot be, the voice is heard as a quiet
    /// room's.
    fn decoders(&mut self) -> &mut Decoders {
        if self.front == Front::Damped && self.damped.is_none() {
            self.damped = Decoders::made(&self.model, &self.args, Front::Damped, &self.dict).ok();
        }
        match self.damped.as_mut() {
            Some(damped) if self.front == Front::Damped => damped,
            _ => &mut self.quiet,
        }
    }

    /// The phone loop of the front end of the sound being heard.
    fn phones(&mut self) -> Option<&mut PhoneLoop> {
        self.decoders().phones.as_mut()
    }

    /// The decoder of the usual beams, or the wide one.
    fn decoder(&mut self, wide: bool) -> Result<&mut PsDecoder, ListenError> {
        let dict = self.dict.clone();
        self.decoders().decoder(wide, &dict)
    }

    /// The best phrase of `jsgf` in `samples`, with its score, the frames heard and the frames
    /// its words take (first to last).
    fn decode(&mut self, jsgf: &str, samples: &[i16], wide: bool) -> Result<Option<Decoded>, ListenError> {
        let grammar = self.grammar.clone();
        let decoder = self.decoder(wide)?;
        std::fs::write(&grammar, jsgf)?;
        let set = decoder.set_jsgf_file("moves", grammar.as_os_str());
        let _ = std::fs::remove_file(&grammar);
        set.map_err(|_| ListenError::Refused)?;
        decoder.set_search("moves").map_err(|_| ListenError::Refused)?;
        decoder.start_utt(None).map_err(|_| ListenError::Refused)?;
        decoder.process_raw(samples, false, true).map_err(|_| ListenError::Refused)?;
        decoder.end_utt().map_err(|_| ListenError::Refused)?;
        let frames = decoder.get_n_frames().max(1);
        let Some((words, _, score)) = decoder.get_hyp().filter(|(w, _, _)| !w.is_empty()) else {
            return Ok(None);
        };
        let spoken: Vec<(i32, i32)> = decoder
            .seg_iter()
            .filter(|seg| !seg.word().starts_with('<') && !seg.word().starts_with('['))
            .map(|seg| seg.frames())
            .collect();
        let span = spoken.first().zip(spoken.last()).map(|(f, l)| (f.0.max(0) as usize, l.1.max(0) as usize));
        Ok(Some(Decoded { words, score, frames, span }))
    }

    /// How well `samples` fit the phrase `words` (per frame, larger fits better), the phrase
    /// forced: what enrolment compares between warps. `None` when they cannot be said so.
    pub fn fit(&mut self, words: &str, samples: &[i16]) -> Result<Option<f32>, ListenError> {
        let jsgf = format!("#JSGF V1.0;\ngrammar moves;\npublic <move> = {words};\n");
        let (front, clean) = cleaned(samples, confidence::voice(samples), true);
        self.front = front;
        Ok(self.decode(&jsgf, &clean, false)?.map(|d| d.score as f32 / d.frames as f32))
    }

    /// The best phrase of `grammar` of another meaning than `meaning` in `samples`, searched again
    /// with wide beams when the usual search loses every path through the rest. Without any
    /// (nothing else in the grammar) there is nothing to be sure against.
    fn rival(
        &mut self,
        grammar: &MoveGrammar,
        meaning: Meaning,
        samples: &[i16],
    ) -> Result<Option<Decoded>, ListenError> {
        let Some(rest) = grammar.jsgf_without(meaning) else { return Ok(None) };
        match self.decode(&rest, samples, false)? {
            Some(rival) => Ok(Some(rival)),
            None => self.decode(&rest, samples, true),
        }
    }

    /// The same as [`Recognizer::rival`], the rest of the grammar halved and the halves searched
    /// at once, one on the second decoder: the better of the two is the rival.
    fn rival_halved(
        &mut self,
        grammar: &MoveGrammar,
        meaning: Meaning,
        samples: &[i16],
    ) -> Result<Option<Decoded>, ListenError> {
        let halves = grammar.jsgf_without_halved(meaning);
        let (Some((mine, theirs)), Some(phones)) = (halves, self.phones()) else {
            return self.rival(grammar, meaning, samples);
        };
        let ticket = phones.begin(samples, Some(theirs), false, None);
        let here = self.decode(&mine, samples, false)?;
        let there = self.phones().and_then(|phones| phones.rival(ticket));
        let decoded = |(words, score): (String, i32)| Decoded { words, score, frames: 0, span: None };
        Ok(match (here, there) {
            // Not searched there: searched here whole.
            (_, None) => return self.rival(grammar, meaning, samples),
            (Some(here), Some(Some(there))) if there.1 > here.score => Some(decoded(there)),
            (Some(here), Some(_)) => Some(here),
            (None, Some(Some(there))) => Some(decoded(there)),
            // Both searches lost every path through the rest: it is searched wide.
            (None, Some(None)) => match grammar.jsgf_without(meaning) {
                Some(rest) => self.decode(&rest, samples, true)?,
                None => None,
            },
        })
    }

    /// What `samples` (16 kHz, mono) say, heard against `grammar`: one of its phrases or nothing.
    /// How much the room swells is measured in the samples themselves.
    pub fn hear(&mut self, grammar: &MoveGrammar, samples: &[i16]) -> Result<Option<Understood>, ListenError> {
        self.hear_early(grammar, samples, 0, vad::surroundings(samples))
    }

    /// What an utterance the detector cut out says, in the room it measured around it.
    pub fn hear_utterance(
        &mut self,
        grammar: &MoveGrammar,
        utterance: &Utterance,
    ) -> Result<Option<Understood>, ListenError> {
        self.hear_early(grammar, &utterance.samples, 0, utterance.room)
    }

    /// The same, heard before the utterance is over: `to_come` frames of quiet will follow
    /// `samples` (the detector's closing silence, still being waited for). They would add as
    /// much to either phrase's score, and count only in the margin's frames. `room`: how much the
    /// room swells over its usual level, and how near the voice its loudest talk comes.
    pub fn hear_early(
        &mut self,
        grammar: &MoveGrammar,
        samples: &[i16],
        to_come: usize,
        room: Surroundings,
    ) -> Result<Option<Understood>, ListenError> {
        // The speech heard before, that these samples go on from, was heard as this: its rival
        // is guessed ahead on the second decoder while the grammar is searched.
        let guess = self.guess.take().filter(|(before, _)| samples.starts_with(before)).map(|(_, meaning)| meaning);
        let understood = self.heard(grammar, samples, to_come, room, guess)?;
        self.guess = understood.as_ref().map(|u| (samples.to_vec(), u.meaning));
        Ok(understood)
    }

    /// What `samples` say (see [`Recognizer::hear_early`]), the rival of `guess` searched on the
    /// second decoder meanwhile.
    fn heard(
        &mut self,
        grammar: &MoveGrammar,
        samples: &[i16],
        to_come: usize,
        room: Surroundings,
        guess: Option<Meaning>,
    ) -> Result<Option<Understood>, ListenError> {
        let raw = samples;
        let room_heard = confidence::voice(raw);
        let (front, clean) = cleaned(raw, room_heard, grammar.vocabulary.heard_as_it_comes);
        self.front = front;
        let samples = &clean[..];
        let mut evidence = Evidence {
            under_voice: room_heard.map_or(0.0, |v| v.over_room),
            room_swell: room.swell,
            talk_under_voice: room.talk_under_voice,
            steepest_fall: room_heard.map(|v| v.steepest_fall),
            room_known: room.known,
            ..Evidence::default()
        };
        // The rival guessed, free phones and the moves not legal here are decoded on the second
        // decoder meanwhile; in a room so loud that a move is hardly ever sure, free phones and
        // the moves not legal wait until the margin says they can matter.
        let guessed = guess.and_then(|meaning| grammar.jsgf_without(meaning).map(|rest| (meaning, rest)));
        let scores = !evidence.loud_room();
        let ahead = self.phones().map(|phones| Ahead {
            ticket: phones.begin(
                samples,
                guessed.as_ref().map(|(_, rest)| rest.clone()),
                scores,
                grammar.jsgf_not_legal().filter(|_| scores),
            ),
            rival: guessed,
            scores,
        });
        let ticket = ahead.as_ref().map(|a| a.ticket);
        let understood = self.understood(grammar, samples, to_come, &mut evidence, ahead);
        if let (Some(phones), Some(ticket)) = (self.phones(), ticket) {
            phones.forgo(ticket);
        }
        understood.map(|u| {
            u.map(|(words, meaning)| Understood { words, meaning, margin: evidence.margin(meaning), evidence })
        })
    }

    /// The phrase heard in `samples` (the room's noise taken out) and its meaning; `evidence`
    /// (the room's part known) is completed; `ahead`: what the second decoder was asked.
    fn understood(
        &mut self,
        grammar: &MoveGrammar,
        samples: &[i16],
        to_come: usize,
        evidence: &mut Evidence,
        ahead: Option<Ahead>,
    ) -> Result<Option<(String, Meaning)>, ListenError> {
        let Some(heard) = self.decode(&grammar.jsgf(), samples, false)? else {
            return Ok(None);
        };
        let Some(meaning) = grammar.meaning(&heard.words) else {
            return Ok(None);
        };
        let rival = match ahead.as_ref().and_then(|a| a.rival_of(meaning)) {
            Some((ticket, rest)) => match self.phones().and_then(|phones| phones.rival(ticket)) {
                Some(Some((words, score))) => Some(Decoded { words, score, frames: 0, span: None }),
                // The usual search lost every path through the rest: it is searched wide.
                Some(None) => self.decode(&rest, samples, true)?,
                None => self.rival(grammar, meaning, samples)?,
            },
            // Where the second decoder is not busy with free phones, it searches half the rest.
            None if ahead.as_ref().is_some_and(|a| !a.scores) => self.rival_halved(grammar, meaning, samples)?,
            None => self.rival(grammar, meaning, samples)?,
        };
        let frames = heard.frames as f32 + to_come as f32;
        evidence.over_rival = rival.as_ref().map_or(0.0, |r| heard.score.saturating_sub(r.score) as f32 / frames);
        evidence.rival = rival.map(|r| r.words);
        // The voice is found in the sound with the room's noise taken out; the room is measured
        // in the sound as it came.
        evidence.explained = match (heard.span, confidence::voice(samples)) {
            (Some(words), Some(voice)) => confidence::explained(words, voice.frames),
            _ => 0.0,
        };
        // Free phones and moves not legal here only ever take a confidence away: where it is
        // short of the threshold without them, they are not waited for.
        let most = evidence.margin(meaning);
        if self.threshold.is_none_or(|threshold| threshold <= 0.0 || most >= threshold) {
            let scores = match (self.phones(), ahead) {
                (Some(phones), Some(ahead)) if ahead.scores => phones.scores(ahead.ticket),
                (Some(phones), _) => {
                    let ticket = phones.begin(samples, None, true, grammar.jsgf_not_legal());
                    phones.scores(ticket)
                }
                (None, _) => Scores::default(),
            };
            // How much better, per frame, free phones fit than the words (0 without the phone
            // loop), and how much better a move's words fit than any move not legal here.
            evidence.misfit =
                scores.phones.map_or(0.0, |free| free.saturating_sub(heard.score) as f32 / heard.frames as f32);
            let over = |other: i32| heard.score.saturating_sub(other) as f32 / frames;
            evidence.over_not_legal = scores.not_legal.filter(|_| meaning.names_a_move()).map(over);
        }
        Ok(Some((heard.words, meaning)))
    }

    /// The confidence this recogniser's hearings are acted on at (the player's threshold): a
    /// hearing short of it without the free phones and the moves not legal does not wait for
    /// them, and is as unsure as it would be with them (its margin is then the most it could
    /// have). Without it, every hearing is measured whole.
    pub fn acting_at(&mut self, threshold: f32) {
        self.threshold = Some(threshold);
    }

    /// Makes ready the decoders a quiet room is heard with in `grammar`'s vocabulary (in English
    /// and Estonian, those of noise and echoes): the first move said waits for nothing.
    pub fn ready_for(&mut self, grammar: &MoveGrammar) {
        if !grammar.vocabulary.heard_as_it_comes {
            self.front = Front::Damped;
            self.decoders();
        }
    }
}

/// `samples`, in which `voice` was heard, as they are heard, and the front end they are heard
/// with: a hall's late echoes taken out after the room's steady noise, a noisy room's noise taken
/// out, both then damped by the library; a quiet room's voice as it comes (`as_it_comes`: in a
/// vocabulary heard so; else damped by the library as well).
fn cleaned(samples: &[i16], voice: Option<confidence::Voice>, as_it_comes: bool) -> (Front, Vec<i16>) {
    if voice.is_some_and(|v| v.echoes()) {
        return (Front::Damped, dereverberated(&denoised(samples), HALL_SECONDS));
    }
    match denoised_in_noise(samples) {
        Some(clean) => (Front::Damped, clean),
        None if as_it_comes => (Front::Quiet, samples.to_vec()),
        None => (Front::Damped, samples.to_vec()),
    }
}

impl Drop for Recognizer {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.dict);
        let _ = std::fs::remove_file(&self.grammar);
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

#[cfg(test)]
#[path = "recognizer_tests.rs"]
mod tests;
