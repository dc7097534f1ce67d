//! The second decoder on a thread of its own: a rival guessed ahead (the best phrase of the
//! grammar without the meaning the speech so far was heard as), any phones at all (the model's
//! context-independent phones with its phone language model), and then the moves not legal in
//! the position, decoded while the grammar is searched, so that the margin and how much better
//! free phones and moves that cannot be made fit the voice than the words heard cost a hearing
//! little time where a second core is free. A hearing that cannot be sure whatever they find
//! forgoes the phones and the moves not legal. The decoder never leaves its thread.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;

use pocketsphinx::{PsDecoder, PsDecoderSearchExt};

/// The name of the phone loop's search.
const PHONES: &str = "phones";
/// The name of the search of the moves not legal here.
const NOT_LEGAL: &str = "not-legal";
/// The name of the search of the rival guessed ahead.
const RIVAL: &str = "rival";

/// The phone language model beside an acoustic model, where the distribution puts it.
pub(super) fn phone_lm(model: &Path) -> Option<PathBuf> {
    let name = model.file_name()?.to_string_lossy().to_string();
    Some(model.parent()?.join(format!("{name}-phone.lm.bin"))).filter(|p| p.is_file())
}

/// What one hearing asks of the loop: its ticket, the samples, the grammar of the rival guessed
/// ahead (JSGF; none: not searched), and whether the scores are asked for, with the moves not
/// legal here (JSGF; none: not searched).
struct Asked {
    ticket: u64,
    samples: Vec<i16>,
    rival: Option<String>,
    scores: bool,
    not_legal: Option<String>,
}

/// The scores of one hearing: of free phones, and of the best move not legal here (each `None`
/// when unknown).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(super) struct Scores {
    pub(super) phones: Option<i32>,
    pub(super) not_legal: Option<i32>,
}

/// What the thread found for a ticket: the rival guessed ahead (its words and score; none when
/// the search lost every path; not searched when the decoder or the grammar was refused), then
/// the scores.
enum Found {
    Rival(u64, Option<Option<(String, i32)>>),
    Scores(u64, Scores),
}

/// A phone loop waiting for samples, and what it found, each with its ticket.
pub(super) struct PhoneLoop {
    samples: Option<Sender<Asked>>,
    found: Receiver<Found>,
    issued: u64,
    /// The last ticket whose phones and moves not legal are no longer wanted.
    forgone: Arc<AtomicU64>,
    thread: Option<JoinHandle<()>>,
}

impl PhoneLoop {
    /// The phone loop of the decoder `make` makes on the thread when the first samples come,
    /// searching the phone language model `lm`; the grammars are written to `grammar` for the
    /// library to read. Where the decoder cannot be made or refuses a search, what it would find
    /// is unknown.
    pub(super) fn start<F>(make: F, lm: PathBuf, grammar: PathBuf) -> PhoneLoop
    where
        F: FnOnce() -> Option<PsDecoder> + Send + 'static,
    {
        let (samples, inbox) = channel::<Asked>();
        let (outbox, found) = channel();
        let forgone = Arc::new(AtomicU64::new(0));
        let given_up = Arc::clone(&forgone);
        let thread = std::thread::spawn(move || {
            // Made when first needed, as the wide decoder is: a program that hears nothing (or
            // only itself, unheard) loads the model once.
            let mut make = Some(make);
            let mut decoder: Option<PsDecoder> = None;
            for asked in inbox {
                if let Some(make) = make.take() {
                    decoder = make().and_then(|mut decoder| {
                        decoder.set_allphone_file(PHONES, lm.as_os_str()).ok()?;
                        Some(decoder)
                    });
                }
                let Asked { ticket, samples, rival, scores, not_legal } = asked;
                if let Some(jsgf) = rival {
                    let best = decoder.as_mut().and_then(|d| searched(d, RIVAL, &grammar, &jsgf, &samples));
                    if outbox.send(Found::Rival(ticket, best)).is_err() {
                        break;
                    }
                }
                if !scores {
                    continue;
                }
                let wanted = || given_up.load(Ordering::Acquire) < ticket;
                let scores = match decoder.as_mut() {
                    Some(decoder) if wanted() => Scores {
                        phones: decoded(decoder, PHONES, &samples).flatten().map(|(_, score)| score),
                        not_legal: not_legal
                            .filter(|_| wanted())
                            .and_then(|jsgf| searched(decoder, NOT_LEGAL, &grammar, &jsgf, &samples))
                            .flatten()
                            .map(|(_, score)| score),
                    },
                    _ => Scores::default(),
                };
                if outbox.send(Found::Scores(ticket, scores)).is_err() {
                    break;
                }
            }
        });
        PhoneLoop { samples: Some(samples), found, issued: 0, forgone, thread: Some(thread) }
    }

    /// Start decoding `samples`: the grammar `rival` (JSGF) first if any, then, if the `scores`
    /// are asked for, free phones and the moves not legal here (`not_legal`, JSGF) if any; the
    /// ticket to collect them with.
    pub(super) fn begin(
        &mut self,
        samples: &[i16],
        rival: Option<String>,
        scores: bool,
        not_legal: Option<String>,
    ) -> u64 {
        // What earlier tickets found is never waited for once a later one begins.
        while self.found.try_recv().is_ok() {}
        self.issued += 1;
        if let Some(to) = &self.samples {
            let asked = Asked { ticket: self.issued, samples: samples.to_vec(), rival, scores, not_legal };
            let _ = to.send(asked);
        }
        self.issued
    }

    /// The rival guessed ahead for `ticket`, once decoded: its words and score (none when the
    /// search lost every path), or not searched (the decoder or the grammar refused, or gone).
    /// Only for a ticket begun with one.
    pub(super) fn rival(&mut self, ticket: u64) -> Option<Option<(String, i32)>> {
        loop {
            match self.found.recv() {
                Ok(Found::Rival(done, best)) if done == ticket => return best,
                Ok(Found::Scores(done, _)) if done >= ticket => return None,
                Ok(_) => {}
                Err(_) => return None,
            }
        }
    }

    /// The scores in the samples of `ticket`, once decoded (what earlier tickets found, begun and
    /// never collected, is passed over).
    pub(super) fn scores(&mut self, ticket: u64) -> Scores {
        loop {
            match self.found.recv() {
                Ok(Found::Scores(done, scores)) if done == ticket => return scores,
                Ok(_) => {}
                Err(_) => return Scores::default(),
            }
        }
    }

    /// The phones and moves not legal of `ticket` (and every earlier one) are not wanted: not
    /// decoded unless already begun, and never waited for.
    pub(super) fn forgo(&mut self, ticket: u64) {
        self.forgone.fetch_max(ticket, Ordering::AcqRel);
    }
}

/// The best hypothesis of `search` in `samples`: its words and score (none: the search lost
/// every path); not searched when the decoder refused the search or the samples.
fn decoded(decoder: &mut PsDecoder, search: &str, samples: &[i16]) -> Option<Option<(String, i32)>> {
    decoder.set_search(search).ok()?;
    decoder.start_utt(None).ok()?;
    decoder.process_raw(samples, false, true).ok()?;
    decoder.end_utt().ok()?;
    Some(decoder.get_hyp().filter(|(words, _, _)| !words.is_empty()).map(|(words, _, score)| (words, score)))
}

/// The same for the grammar `jsgf`, searched as `search`: the grammar is written to `file` for
/// the library to read, and removed once read. Not searched when the grammar is refused.
fn searched(
    decoder: &mut PsDecoder,
    search: &str,
    file: &Path,
    jsgf: &str,
    samples: &[i16],
) -> Option<Option<(String, i32)>> {
    std::fs::write(file, jsgf).ok()?;
    let set = decoder.set_jsgf_file(search, file.as_os_str());
    let _ = std::fs::remove_file(file);
    set.ok()?;
    decoded(decoder, search, samples)
}

impl Drop for PhoneLoop {
    fn drop(&mut self) {
        self.samples = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
