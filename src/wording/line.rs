//! One line of output: printed unless its text is empty (a cue alone), spoken when it carries
//! utterances (one after the other, each in its own language: "White's move 4" in the interface
//! language, then the move in the announcing pack's), and sounded when it carries a cue (before it
//! is spoken).

use crate::audio::Cue;
use crate::speech::Utterance;

/// One line of output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// What is printed (empty for a cue alone).
    pub text: String,
    /// What is spoken, in order (nothing for a line printed only).
    pub speech: Vec<Utterance>,
    /// The cue sounded before it is spoken, if any.
    pub cue: Option<Cue>,
    /// Who made the move the line announces and when ("White's move 12:"), said before it when
    /// the line is recalled (`history`) rather than news.
    pub heading: Option<Utterance>,
}

impl Line {
    /// A line printed only (a FEN, the `result:` line).
    pub fn printed(text: impl Into<String>) -> Line {
        Line { text: text.into(), speech: Vec::new(), cue: None, heading: None }
    }

    /// A cue alone, neither printed nor spoken.
    pub fn cue_alone(cue: Cue) -> Line {
        Line { text: String::new(), speech: Vec::new(), cue: Some(cue), heading: None }
    }

    /// The same line with a cue.
    pub fn with_cue(mut self, cue: Cue) -> Line {
        self.cue = Some(cue);
        self
    }

    /// The same line, printed but not spoken.
    pub fn unspoken(self) -> Line {
        Line { speech: Vec::new(), ..self }
    }

    /// What a reader without speech is shown: the printed text where it holds every word that is
    /// spoken (`1. e4: Eva vier` for "Eva vier"), else the spoken words themselves, so that a
    /// screen reader or braille display never gets notation in place of words.
    pub fn as_read(&self) -> std::borrow::Cow<'_, str> {
        let spoken = self.spoken();
        if self.is_spoken() && !holds_words(&self.text, &spoken) {
            return spoken.into();
        }
        self.text.as_str().into()
    }

    /// The same line, its utterance marked never to be cut off (a move, a result).
    pub fn important(mut self) -> Line {
        self.speech.iter_mut().for_each(|u| u.important = true);
        self
    }

    /// The same line with `utterance` said after what it says.
    pub fn then(mut self, utterance: Utterance) -> Line {
        self.speech.push(utterance);
        self
    }

    /// The same line with `heading` said before it when it is recalled.
    pub fn headed(mut self, heading: Utterance) -> Line {
        self.heading = Some(heading);
        self
    }

    /// The line as it is recalled: its heading, then what it said.
    pub fn recalled(&self) -> Vec<Utterance> {
        self.heading.iter().chain(&self.speech).cloned().collect()
    }

    /// Whether anything is spoken.
    pub fn is_spoken(&self) -> bool {
        !self.speech.is_empty()
    }

    /// Everything spoken, its parts joined by a space.
    pub fn spoken(&self) -> String {
        self.speech.iter().map(|u| u.text.as_str()).collect::<Vec<_>>().join(" ")
    }
}

/// Whether every word of `spoken` stands in `printed`, in order (other words and signs between
/// them allowed), letters compared without case.
fn holds_words(printed: &str, spoken: &str) -> bool {
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
    };
    let printed = words(printed);
    let mut rest = printed.iter();
    words(spoken).iter().all(|word| rest.any(|p| p == word))
}

#[cfg(test)]
mod tests {
    use super::Line;
    use crate::speech::Utterance;

    fn line(printed: &str, spoken: &str) -> Line {
        Line { text: printed.into(), speech: vec![Utterance::new(spoken, "en")], cue: None, heading: None }
    }

    #[test]
    fn a_reader_without_speech_gets_the_words() {
        // The printed line holds the words: it is shown as it is, its notation beside them.
        assert_eq!(line("1. e4: Eva vier", "Eva vier").as_read(), "1. e4: Eva vier");
        assert_eq!(line("Rank 3: 5 empty.", "Rank 3: 5 empty.").as_read(), "Rank 3: 5 empty.");
        // Notation alone, or words in another order: the spoken words are shown.
        assert_eq!(
            line("4. Qxf7#", "White's move 4: Dame schlägt Felix sieben Matt.").as_read(),
            "White's move 4: Dame schlägt Felix sieben Matt."
        );
        assert_eq!(line("king: e8", "king: Eva acht").as_read(), "king: Eva acht");
        assert_eq!(line("vier Eva", "Eva vier").as_read(), "Eva vier");
        // A line printed only, or a cue alone, is shown as printed.
        assert_eq!(Line::printed("result: 1-0").as_read(), "result: 1-0");
        assert_eq!(line("", "Goodbye.").as_read(), "Goodbye.");
        // A line said in parts is read as one.
        let label = line("4. Qxf7#", "White's move 4:").then(Utterance::new("Dame schlägt Felix sieben Matt.", "de"));
        assert_eq!(label.as_read(), "White's move 4: Dame schlägt Felix sieben Matt.");
    }
}
