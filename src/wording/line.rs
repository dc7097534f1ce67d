//! One line of output: printed unless its text is empty (a cue alone), spoken when it carries an
//! utterance, and sounded when it carries a cue (before it is spoken).

use crate::audio::Cue;
use crate::speech::Utterance;

/// One line of output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// What is printed (empty for a cue alone).
    pub text: String,
    /// What is spoken, if anything.
    pub speech: Option<Utterance>,
    /// The cue sounded before it is spoken, if any.
    pub cue: Option<Cue>,
}

impl Line {
    /// A line printed only (a FEN, the `result:` line).
    pub fn printed(text: impl Into<String>) -> Line {
        Line { text: text.into(), speech: None, cue: None }
    }

    /// A cue alone, neither printed nor spoken.
    pub fn cue_alone(cue: Cue) -> Line {
        Line { text: String::new(), speech: None, cue: Some(cue) }
    }

    /// The same line with a cue.
    pub fn with_cue(mut self, cue: Cue) -> Line {
        self.cue = Some(cue);
        self
    }

    /// The same line, printed but not spoken.
    pub fn unspoken(self) -> Line {
        Line { speech: None, ..self }
    }

    /// The same line, its utterance marked never to be cut off (a move, a result).
    pub fn important(mut self) -> Line {
        if let Some(u) = self.speech.as_mut() {
            u.important = true;
        }
        self
    }
}
