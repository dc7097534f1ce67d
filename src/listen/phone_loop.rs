//! The phone loop on a thread of its own: any phones at all (the model's context-independent
//! phones with its phone language model), and then the moves not legal in the position, decoded
//! in a decoder of its own while the grammar is searched, so that how much better free phones
//! and moves that cannot be made fit the voice than the words heard costs a hearing no time where
//! a second core is free. The decoder never leaves its thread.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::thread::JoinHandle;

use pocketsphinx::{PsDecoder, PsDecoderSearchExt};

/// The name of the phone loop's search.
const PHONES: &str = "phones";
/// The name of the search of the moves not legal here.
const NOT_LEGAL: &str = "not-legal";

/// The phone language model beside an acoustic model, where the distribution puts it.
pub(super) fn phone_lm(model: &Path) -> Option<PathBuf> {
    let name = model.file_name()?.to_string_lossy().to_string();
    Some(model.parent()?.join(format!("{name}-phone.lm.bin"))).filter(|p| p.is_file())
}

/// What one hearing asks of the loop: its ticket, the samples, and the moves not legal here in
/// JSGF (none: not searched).
type Asked = (u64, Vec<i16>, Option<String>);

/// The scores of one hearing: of free phones, and of the best move not legal here (each `None`
/// when unknown).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(super) struct Scores {
    pub(super) phones: Option<i32>,
    pub(super) not_legal: Option<i32>,
}

/// A phone loop waiting for samples, and the scores it found, each with its ticket.
pub(super) struct PhoneLoop {
    samples: Option<Sender<Asked>>,
    scores: Receiver<(u64, Scores)>,
    issued: u64,
    thread: Option<JoinHandle<()>>,
}

impl PhoneLoop {
    /// The phone loop of the decoder `make` makes on the thread when the first samples come,
    /// searching the phone language model `lm`; the moves not legal are written to `grammar` for
    /// the library to read. Where the decoder cannot be made or refuses a search, its scores are
    /// unknown.
    pub(super) fn start<F>(make: F, lm: PathBuf, grammar: PathBuf) -> PhoneLoop
    where
        F: FnOnce() -> Option<PsDecoder> + Send + 'static,
    {
        let (samples, inbox) = channel::<Asked>();
        let (outbox, scores) = channel();
        let thread = std::thread::spawn(move || {
            // Made when first needed, as the wide decoder is: a program that hears nothing (or
            // only itself, unheard) loads the model once.
            let mut make = Some(make);
            let mut decoder: Option<PsDecoder> = None;
            for (ticket, samples, not_legal) in inbox {
                if let Some(make) = make.take() {
                    decoder = make().and_then(|mut decoder| {
                        decoder.set_allphone_file(PHONES, lm.as_os_str()).ok()?;
                        Some(decoder)
                    });
                }
                let scores = decoder.as_mut().map_or_else(Scores::default, |decoder| Scores {
                    phones: decoded(decoder, PHONES, &samples),
                    not_legal: not_legal.and_then(|jsgf| {
                        std::fs::write(&grammar, jsgf).ok()?;
                        let set = decoder.set_jsgf_file(NOT_LEGAL, grammar.as_os_str());
                        let _ = std::fs::remove_file(&grammar);
                        set.ok()?;
                        decoded(decoder, NOT_LEGAL, &samples)
                    }),
                });
                if outbox.send((ticket, scores)).is_err() {
                    break;
                }
            }
        });
        PhoneLoop { samples: Some(samples), scores, issued: 0, thread: Some(thread) }
    }

    /// Start decoding `samples`, and the moves not legal here (`not_legal`, JSGF) if any; the
    /// ticket to collect the scores with.
    pub(super) fn begin(&mut self, samples: &[i16], not_legal: Option<String>) -> u64 {
        self.issued += 1;
        if let Some(to) = &self.samples {
            let _ = to.send((self.issued, samples.to_vec(), not_legal));
        }
        self.issued
    }

    /// The scores in the samples of `ticket`, once decoded (those of earlier tickets, begun and
    /// never collected, are passed over).
    pub(super) fn scores(&mut self, ticket: u64) -> Scores {
        loop {
            let Ok((done, scores)) = self.scores.recv() else { return Scores::default() };
            if done == ticket {
                return scores;
            }
        }
    }
}

/// The score of the best hypothesis of `search` in `samples`.
fn decoded(decoder: &mut PsDecoder, search: &str, samples: &[i16]) -> Option<i32> {
    decoder.set_search(search).ok()?;
    decoder.start_utt(None).ok()?;
    decoder.process_raw(samples, false, true).ok()?;
    decoder.end_utt().ok()?;
    decoder.get_hyp().filter(|(words, _, _)| !words.is_empty()).map(|(_, _, score)| score)
}

impl Drop for PhoneLoop {
    fn drop(&mut self) {
        self.samples = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
