//! What the ears report to the session: words heard with the recogniser's confidence, an
//! utterance (or a push-to-talk window) with nothing understood, a room too loud to hear in
//! surely, or why nothing can be heard.

/// Words heard, as the grammar has them, and how sure the recogniser was.
#[derive(Debug, Clone, PartialEq)]
pub struct Hearing {
    /// The words.
    pub words: String,
    /// The recogniser's confidence (see `Understood::margin`).
    pub margin: f32,
}

impl Hearing {
    /// The hearing as one journal line: the confidence, a space, the words.
    pub fn record(&self) -> String {
        format!("{:.3} {}", self.margin, self.words)
    }

    /// A hearing from its journal line.
    pub fn from_record(text: &str) -> Option<Hearing> {
        let (margin, words) = text.split_once(' ')?;
        Some(Hearing { words: words.to_string(), margin: margin.parse().ok()? })
    }
}

/// Why nothing can be heard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListenProblem {
    /// The recogniser or its model is missing.
    NoRecogniser,
    /// The microphone cannot be opened (the device named, empty for the default).
    NoMicrophone(String),
    /// The microphone stopped delivering sound.
    MicrophoneLost,
}

/// One report from the ears.
#[derive(Debug, Clone, PartialEq)]
pub enum Report {
    /// Words of the grammar were heard.
    Heard(Hearing),
    /// Someone spoke (or push to talk was pressed) and nothing of the grammar was understood.
    Nothing,
    /// The room is so loud that nearly every move heard will be asked back (reported once, before
    /// the first hearing in it).
    LoudRoom,
    /// Nothing can be heard.
    Problem(ListenProblem),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hearing_survives_its_journal_line() {
        let h = Hearing { words: "springer felix drei".into(), margin: 2.5 };
        assert_eq!(Hearing::from_record(&h.record()), Some(h));
        assert_eq!(Hearing::from_record("x springer"), None);
    }
}
