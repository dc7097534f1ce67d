//! What the ears report to the session: words heard with the recogniser's confidence and the
//! best reading of another meaning, an utterance (or a push-to-talk window) with nothing
//! understood, a room too loud to hear in surely, or why nothing can be heard.

/// Words heard, as the grammar has them, and how sure the recogniser was.
#[derive(Debug, Clone, PartialEq)]
pub struct Hearing {
    /// The words.
    pub words: String,
    /// The recogniser's confidence (see `Understood::margin`).
    pub margin: f32,
    /// The best phrase of another meaning, if the recogniser found one: what is offered when the
    /// words are said not to be right.
    pub rival: Option<String>,
}

impl Hearing {
    /// Words heard with confidence `margin`, and no other reading.
    pub fn new(words: &str, margin: f32) -> Hearing {
        Hearing { words: words.to_string(), margin, rival: None }
    }

    /// The hearing as one journal line: the confidence, a space, the words, and the other
    /// reading after a bar where there is one.
    pub fn record(&self) -> String {
        match &self.rival {
            Some(rival) => format!("{:.3} {}{RIVAL}{rival}", self.margin, self.words),
            None => format!("{:.3} {}", self.margin, self.words),
        }
    }

    /// A hearing from its journal line (one written before the other reading was kept has none).
    pub fn from_record(text: &str) -> Option<Hearing> {
        let (margin, said) = text.split_once(' ')?;
        let (words, rival) = match said.split_once(RIVAL) {
            Some((words, rival)) => (words, Some(rival.to_string())),
            None => (said, None),
        };
        Some(Hearing { words: words.to_string(), margin: margin.parse().ok()?, rival })
    }
}

/// What stands between the words and the other reading in a journal line (no phrase has a bar).
const RIVAL: &str = " | ";

/// Why nothing can be heard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListenProblem {
    /// The recogniser or its model is missing.
    NoRecogniser,
    /// The microphone cannot be opened (the device named, empty for the default).
    NoMicrophone(String),
    /// The microphone stopped delivering sound.
    MicrophoneLost,
    /// The recogniser refused the grammar of this position: moves are typed here.
    NotHere,
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
        let h = Hearing::new("springer felix drei", 2.5);
        assert_eq!(Hearing::from_record(&h.record()), Some(h.clone()));
        let with_rival = Hearing { rival: Some("springer hector drei".into()), ..h };
        assert_eq!(with_rival.record(), "2.500 springer felix drei | springer hector drei");
        assert_eq!(Hearing::from_record(&with_rival.record()), Some(with_rival));
        assert_eq!(Hearing::from_record("x springer"), None);
    }
}
