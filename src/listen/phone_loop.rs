//! The phone loop on a thread of its own: any phones at all (the model's context-independent
//! phones with its phone language model) decoded in a decoder of its own while the grammar is
//! searched, so that how much better free phones fit the voice than the words heard costs a
//! hearing no time where a second core is free. The decoder never leaves its thread.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::thread::JoinHandle;

use pocketsphinx::{PsDecoder, PsDecoderSearchExt};

/// The name of the phone loop's search.
const PHONES: &str = "phones";

/// The phone language model beside an acoustic model, where the distribution puts it.
pub(super) fn phone_lm(model: &Path) -> Option<PathBuf> {
    let name = model.file_name()?.to_string_lossy().to_string();
    Some(model.parent()?.join(format!("{name}-phone.lm.bin"))).filter(|p| p.is_file())
}

/// A phone loop waiting for samples, and the scores it found, each with its ticket.
pub(super) struct PhoneLoop {
    samples: Option<Sender<(u64, Vec<i16>)>>,
    scores: Receiver<(u64, Option<i32>)>,
    issued: u64,
    thread: Option<JoinHandle<()>>,
}

impl PhoneLoop {
    /// The phone loop of the decoder `make` makes on the thread when the first samples come,
    /// searching the phone language model `lm`. Where the decoder cannot be made or refuses the
    /// search, every score is unknown.
    pub(super) fn start<F>(make: F, lm: PathBuf) -> PhoneLoop
    where
        F: FnOnce() -> Option<PsDecoder> + Send + 'static,
    {
        let (samples, inbox) = channel::<(u64, Vec<i16>)>();
        let (outbox, scores) = channel();
        let thread = std::thread::spawn(move || {
            // Made when first needed, as the wide decoder is: a program that hears nothing (or
            // only itself, unheard) loads the model once.
            let mut make = Some(make);
            let mut decoder: Option<PsDecoder> = None;
            for (ticket, samples) in inbox {
                if let Some(make) = make.take() {
                    decoder = make().and_then(|mut decoder| {
                        decoder.set_allphone_file(PHONES, lm.as_os_str()).ok()?;
                        decoder.set_search(PHONES).ok()?;
                        Some(decoder)
                    });
                }
                let score = decoder.as_ref().and_then(|decoder| {
                    decoder.start_utt(None).ok()?;
                    decoder.process_raw(&samples, false, true).ok()?;
                    decoder.end_utt().ok()?;
                    decoder.get_hyp().map(|(_, _, score)| score)
                });
                if outbox.send((ticket, score)).is_err() {
                    break;
                }
            }
        });
        PhoneLoop { samples: Some(samples), scores, issued: 0, thread: Some(thread) }
    }

    /// Start decoding `samples`; the ticket to collect the score with.
    pub(super) fn begin(&mut self, samples: &[i16]) -> u64 {
        self.issued += 1;
        if let Some(to) = &self.samples {
            let _ = to.send((self.issued, samples.to_vec()));
        }
        self.issued
    }

    /// The score of the free phones in the samples of `ticket`, once decoded (scores of earlier
    /// tickets, begun and never collected, are passed over).
    pub(super) fn score(&mut self, ticket: u64) -> Option<i32> {
        loop {
            let (done, score) = self.scores.recv().ok()?;
            if done == ticket {
                return score;
            }
        }
    }
}

impl Drop for PhoneLoop {
    fn drop(&mut self) {
        self.samples = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
