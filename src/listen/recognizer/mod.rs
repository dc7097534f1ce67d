//! The recogniser: CMU PocketSphinx (the distribution's library and its US English acoustic
//! model), the words of every vocabulary spelt in that model's phones (`voices/listen/`), and the
//! grammar of the position, so that what it hears is a phrase of the grammar or nothing; with a
//! margin that says how sure it is, and how much better the model's free phones fit the voice
//! (said of talk that is no phrase at all). A noisy room's noise and a hall's echoes are taken out,
//! then damped by the library; a quiet room's voice is heard as it comes where that is heard better,
//! and its move, if unsure, heard again damped: the same words heard so grow surer.

use std::path::{Path, PathBuf};

mod error;
mod front;

pub use error::ListenError;
use front::{cleaned, Decoders, Front};

use super::confidence::{self, Evidence};
use super::grammar::{Meaning, MoveGrammar};
use super::phone_loop::{PhoneLoop, Scores};
use super::settings::THRESHOLD;
use super::vad::{self, Surroundings, Utterance};
use pocketsphinx::{PsDecoder, PsDecoderSearchExt};

/// Where the distribution puts the acoustic model.
pub const MODEL: &str = "/usr/share/pocketsphinx/model/en-us/en-us";

/// The sample rate the recogniser hears.
pub const RATE: u32 = 16_000;

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
    /// when the words leave much of the voice unexplained or any phones at all fit it far better;
    /// a quiet room's unsure move heard again alike has the second hearing's added.
    pub margin: f32,
    /// What the confidence was made of.
    pub evidence: Evidence,
}

impl Understood {
    /// These words' confidence with what the same voice heard `again` on the other front end
    /// added, where it heard the same words surely at all (else as it was).
    fn heard_again(mut self, again: Option<Understood>) -> Understood {
        if let Some(again) = again.filter(|again| again.words == self.words && again.margin > 0.0) {
            self.evidence.heard_again = Some(again.margin);
            self.margin = self.evidence.margin(self.meaning);
        }
        self
    }
}

/// Whether `grammar`'s vocabulary is heard as it comes in a quiet room (see
/// [`super::vocabulary::Vocabulary::heard_as_it_comes`]).
fn heard_as_it_comes(grammar: &MoveGrammar) -> bool {
    super::vocabulary::vocabulary(grammar.pack()).is_some_and(|v| v.heard_as_it_comes)
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
        // The library's log is one stream for the whole process, which a decoder made with a log
        // file of its own would close under the decoders writing to it on other threads: it is
        // turned off once, before the first decoder.
        static LOG_OFF: std::sync::Once = std::sync::Once::new();
        LOG_OFF.call_once(pocketsphinx::log_off);
        // Each recogniser has files of its own: several may hear at once in one process.
        static MADE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dict = std::env::temp_dir().join(format!("annabella-{}-{n}-listen.dict", std::process::id()));
        let (model_arg, dict_arg) = (model.display().to_string(), dict.display().to_string());
        let mut args: Vec<String> = ["annabella", "-hmm", &model_arg, "-dict", &dict_arg].map(String::from).to_vec();
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
    /// second decoder meanwhile. A quiet room's move heard as it comes, short of the threshold, is
    /// heard again with the library's noise removal: where that hears the same words, its margin
    /// adds to the first (two front ends that hear alike are surer than one).
    fn heard(
        &mut self,
        grammar: &MoveGrammar,
        samples: &[i16],
        to_come: usize,
        room: Surroundings,
        guess: Option<Meaning>,
    ) -> Result<Option<Understood>, ListenError> {
        let voice = confidence::voice(samples);
        let (front, clean) = cleaned(samples, voice, heard_as_it_comes(grammar));
        let known = Evidence {
            under_voice: voice.map_or(0.0, |v| v.over_room),
            room_swell: room.swell,
            talk_under_voice: room.talk_under_voice,
            steepest_fall: voice.map(|v| v.steepest_fall),
            room_known: room.known,
            ..Evidence::default()
        };
        let Some(first) = self.heard_with(front, grammar, &clean, to_come, known.clone(), guess)? else {
            return Ok(None);
        };
        if !self.worth_hearing_again(front, &first) {
            return Ok(Some(first));
        }
        let again = self.heard_with(Front::Damped, grammar, samples, to_come, known, Some(first.meaning))?;
        Ok(Some(first.heard_again(again)))
    }

    /// Whether a hearing on `front` is heard again on the damped one: a move of the side to move
    /// (not a repetition, a correction or a command) heard as it comes in a quiet room, where its
    /// margin counts in full, with nothing against it and short of the threshold.
    fn worth_hearing_again(&self, front: Front, heard: &Understood) -> bool {
        let threshold = self.threshold.unwrap_or(THRESHOLD);
        front == Front::Quiet
            && matches!(heard.meaning, Meaning::Move(_))
            && heard.evidence.counts_in_full()
            && heard.margin > 0.0
            && heard.margin < threshold
    }

    /// What `samples` (cleaned for `front`) say, on `front`'s decoders; `evidence`: the room's
    /// part, known before.
    fn heard_with(
        &mut self,
        front: Front,
        grammar: &MoveGrammar,
        samples: &[i16],
        to_come: usize,
        mut evidence: Evidence,
        guess: Option<Meaning>,
    ) -> Result<Option<Understood>, ListenError> {
        self.front = front;
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
        // A quiet room's move in a vocabulary heard as it comes may be heard twice short of the
        // threshold, and both hearings then count: they are measured whole.
        let most = evidence.margin(meaning);
        let whole = heard_as_it_comes(grammar) && evidence.counts_in_full();
        if whole || self.threshold.is_none_or(|threshold| threshold <= 0.0 || most >= threshold) {
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

    /// Makes ready the decoders of noise and echoes, which every player's voice may be heard on
    /// (English and Estonian in every room, an Appendix E move short of the threshold again), so
    /// that the first move said waits for nothing; then those `grammar`'s vocabulary is heard on
    /// in a quiet room.
    pub fn ready_for(&mut self, grammar: &MoveGrammar) {
        self.front = Front::Damped;
        self.decoders();
        if heard_as_it_comes(grammar) {
            self.front = Front::Quiet;
        }
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
mod tests;
