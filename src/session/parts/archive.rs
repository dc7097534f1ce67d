//! Where the session keeps its games: the place the game is kept (which decides the way back to
//! it said at `quit`), the adjourned game's envelope, whether the PGN of the finished game was handed out to be written, and how
//! many games `new` began after the first (the game now is the session's number this plus one).

/// Where a game is kept, which decides the way back to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Keeping {
    /// Nowhere: it could not be saved.
    Nowhere,
    /// In the games folder, where `annabella resume` finds it.
    Archive,
    /// In a journal elsewhere, named by its path.
    Journal(String),
}

/// The session's games as kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Archive {
    keeping: Keeping,
    envelope: Option<String>,
    finished_handed_out: bool,
    begun: usize,
}

impl Default for Archive {
    fn default() -> Archive {
        Archive { keeping: Keeping::Nowhere, envelope: None, finished_handed_out: false, begun: 0 }
    }
}

impl Archive {
    /// The game is kept as `keeping` says.
    pub fn keep_in(&mut self, keeping: Keeping) {
        self.keeping = keeping;
    }

    /// Where the game is kept.
    pub fn keeping(&self) -> &Keeping {
        &self.keeping
    }

    /// The adjourned game's envelope was written at `path`: the way back to it names it.
    pub fn seal_in(&mut self, path: &str) {
        self.envelope = Some(path.to_string());
    }

    /// Where the adjourned game's envelope was written, if it was.
    pub fn envelope(&self) -> Option<&str> {
        self.envelope.as_deref()
    }

    /// A new game begins (with `new`): its PGN is not handed out yet.
    pub fn begin(&mut self) {
        self.begun += 1;
        self.envelope = None;
        self.finished_handed_out = false;
    }

    /// A game starts over on the same number (the session's start): its PGN is not handed out.
    pub fn restart(&mut self) {
        self.finished_handed_out = false;
    }

    /// How many games `new` began after the first.
    pub fn begun(&self) -> usize {
        self.begun
    }

    /// The number of the game now, from 1.
    pub fn number(&self) -> usize {
        self.begun + 1
    }

    /// The finished game's PGN is to be handed out: whether that is news (only the first time).
    pub fn hand_out_finished(&mut self) -> bool {
        !std::mem::replace(&mut self.finished_handed_out, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finished_game_is_handed_out_once_and_again_after_a_new_one() {
        let mut archive = Archive::default();
        assert!(archive.hand_out_finished());
        assert!(!archive.hand_out_finished());
        archive.begin();
        assert_eq!(archive.number(), 2);
        assert!(archive.hand_out_finished());
    }
}
