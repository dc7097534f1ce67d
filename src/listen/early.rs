//! Hearing an utterance early: the speech so far is heard as soon as a few quiet frames follow
//! it, while the rest of the detector's closing silence is waited for, so that the answer is
//! ready when the utterance is cut; what was heard early is forgotten when the speech goes on.
//! Where others talk on after the player's voice has paused, what the voice said before the pause
//! is heard so, and if it says something, it is cut out there: the answer does not wait for the
//! next boards to fall quiet. The ears hear so, and the listening benchmark measures them so.

use super::grammar::MoveGrammar;
use super::recognizer::{Recognizer, Understood};
use super::vad::{Segmenter, Utterance, END_FRAMES};

/// After how many quiet frames the speech so far is heard (50 ms).
pub const EARLY_AFTER: usize = 5;

/// The speech so far, heard early: where its speech ended, and what it said.
#[derive(Debug, Default)]
pub struct EarlyHearing {
    kept: Option<(u64, Option<Understood>)>,
}

impl EarlyHearing {
    /// After the detector `vad` has taken samples: the speech so far heard against `grammar` once
    /// it is due, if `wanted` (given its length in samples) says it would be heard. `waiting`: an
    /// utterance has been cut and waits to be heard (what was heard early is its, or none).
    /// Whether it was heard now.
    pub fn follow(
        &mut self,
        vad: &Segmenter,
        recognizer: &mut Recognizer,
        grammar: &MoveGrammar,
        waiting: bool,
        wanted: impl FnOnce(usize) -> bool,
    ) -> bool {
        if waiting {
            return false;
        }
        let quiet = vad.voice_paused();
        if quiet == 0 {
            self.kept = None;
            return false;
        }
        if quiet < EARLY_AFTER || self.kept.is_some() {
            return false;
        }
        let Some(so_far) = vad.speech_so_far().filter(|s| wanted(s.len())) else { return false };
        match recognizer.hear_early(grammar, so_far, END_FRAMES - quiet, vad.surroundings()) {
            Ok(understood) => {
                self.kept = Some((vad.voice_end(), understood));
                true
            }
            Err(_) => false,
        }
    }

    /// The speech so far cut out at the pause in its voice, once the pause is as long as the
    /// closing silence though others still talk, if what the voice said before it was heard
    /// early and says something; none else.
    pub fn cut(&self, vad: &mut Segmenter) -> Option<Utterance> {
        let said = matches!(self.kept, Some((end, Some(_))) if end == vad.voice_end());
        (said && vad.voice_paused() >= END_FRAMES).then(|| vad.cut_at_voice_pause()).flatten()
    }

    /// What `utterance` said, if it was heard early: its speech ended where the early hearing's
    /// did.
    pub fn take_for(&mut self, utterance: &Utterance) -> Option<Option<Understood>> {
        self.kept.take().filter(|(end, _)| *end == utterance.speech_end).map(|(_, understood)| understood)
    }

    /// Forgets what was heard early (the grammar has changed).
    pub fn forget(&mut self) {
        self.kept = None;
    }
}
