//! What the session said: the last answer spoken (for `repeat`), what `more` would add, the lines
//! spoken lately (for `history`), the voices the speech engine has, and whether the cues are heard
//! at all (without a sound device, the clock's marks are said in words).

use std::collections::VecDeque;

use crate::speech::Voice;
use crate::wording::Line;

/// How many spoken lines `history` keeps.
pub const HISTORY: usize = 50;

/// The memory of what was said.
#[derive(Debug, Clone, Default)]
pub struct Said {
    /// The spoken lines of the last answer that spoke.
    last: Vec<Line>,
    /// What `more` adds to the last answer.
    more: Vec<Line>,
    /// The lines spoken lately, oldest first.
    history: VecDeque<Line>,
    /// The speech engine's voices, once it has said.
    voices: Vec<Voice>,
    /// The cues asked for could not be played (no sound device).
    cues_unheard: bool,
}

impl Said {
    /// Keeps the spoken lines of an answer: for `repeat` (when it spoke at all) and `history`.
    pub fn spoke(&mut self, lines: &[Line]) {
        let spoken: Vec<Line> = lines.iter().filter(|l| l.is_spoken()).cloned().collect();
        self.history.extend(spoken.iter().cloned());
        while self.history.len() > HISTORY {
            self.history.pop_front();
        }
        if !spoken.is_empty() {
            self.last = spoken;
        }
    }

    /// The spoken lines of the last answer that spoke.
    pub fn last(&self) -> &[Line] {
        &self.last
    }

    /// Keeps what `more` will add.
    pub fn keep_more(&mut self, lines: Vec<Line>) {
        self.more = lines;
    }

    /// What `more` adds, given out once.
    pub fn take_more(&mut self) -> Vec<Line> {
        std::mem::take(&mut self.more)
    }

    /// The last `count` lines spoken, oldest first.
    pub fn history(&self, count: usize) -> impl Iterator<Item = &Line> {
        self.history.iter().skip(self.history.len().saturating_sub(count))
    }

    /// The voices the engine reported (kept until it reports some again).
    pub fn know_voices(&mut self, voices: Vec<Voice>) {
        if !voices.is_empty() {
            self.voices = voices;
        }
    }

    /// The engine's voices (none while it has not said).
    pub fn voices(&self) -> &[Voice] {
        &self.voices
    }

    /// The cues could not be played: from now on the clock's marks are said in words.
    pub fn cues_went_unheard(&mut self) {
        self.cues_unheard = true;
    }

    /// Whether the cues asked for can be heard (no sound device said otherwise).
    pub fn cues_heard(&self) -> bool {
        !self.cues_unheard
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::Utterance;

    fn spoken(text: &str) -> Line {
        Line { text: text.into(), speech: vec![Utterance::new(text, "en")], cue: None, heading: None }
    }

    #[test]
    fn repeat_keeps_the_last_answer_that_spoke_and_history_the_last_fifty_lines() {
        let mut said = Said::default();
        said.spoke(&[spoken("one"), Line::printed("printed")]);
        said.spoke(&[Line::printed("fen")]);
        assert_eq!(said.last(), [spoken("one")]);
        for n in 0..60 {
            said.spoke(&[spoken(&n.to_string())]);
        }
        assert_eq!(said.history(100).count(), HISTORY);
        assert_eq!(said.history(2).map(Line::spoken).collect::<Vec<_>>(), ["58", "59"]);
    }

    #[test]
    fn more_is_given_once_and_voices_are_kept_until_new_ones_come() {
        let mut said = Said::default();
        said.keep_more(vec![spoken("detail")]);
        assert_eq!(said.take_more().len(), 1);
        assert!(said.take_more().is_empty());
        said.know_voices(vec![Voice { name: "Anna".into(), language: "de".into() }]);
        said.know_voices(Vec::new());
        assert_eq!(said.voices().len(), 1);
    }
}
