//! How long what is said takes to sound, for the ears not to hear the program's own voice: the
//! words of spoken lines at the slowest rate and the cues, and the engine's own word of its voice
//! where it tells it.

use std::time::Duration;

/// Lets the ears follow what the speech engine tells of the program's voice, where it tells.
pub(super) fn lend_own_voice(ears: Option<&dyn super::devices::Listen>, speaker: &dyn crate::speech::Speaker) {
    if let (Some(ears), Some(voice)) = (ears, speaker.own_voice()) {
        ears.own_voice(voice);
    }
}

/// At most how long `lines` sound: their words where speech `voiced` them, their cues where cues
/// are `cued`; nothing when nothing sounds.
pub(super) fn sounding_time(lines: &[crate::wording::Line], voiced: bool, cued: bool) -> Duration {
    let cues: Duration = lines.iter().filter_map(|l| l.cue).filter(|_| cued).map(crate::audio::Cue::length).sum();
    if voiced {
        speaking_time(lines) + cues
    } else {
        cues
    }
}

/// At most how long `lines` take to say, each at the slowest rate ([`crate::speech::longest`]);
/// nothing when nothing is spoken. Too long only lets a player's words said right after pass
/// unheard; too short would let the program hear itself. Where the speech engine reports when it
/// begins, ends and cuts off an utterance, the ears take its word instead.
pub(super) fn speaking_time(lines: &[crate::wording::Line]) -> Duration {
    lines.iter().filter(|l| l.is_spoken()).map(|l| crate::speech::longest(&l.spoken())).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::Utterance;
    use crate::wording::Line;
    use std::time::Instant;

    #[test]
    fn the_time_to_say_lines_grows_with_their_letters_and_is_nothing_for_printed_lines() {
        let spoken = |text: &str| Line {
            text: text.into(),
            speech: vec![Utterance::new(text.to_string(), "de")],
            cue: None,
            heading: None,
        };
        assert_eq!(speaking_time(&[Line::printed("1. e4")]), Duration::ZERO);
        let move_said = speaking_time(&[spoken("Eva vier")]);
        assert_eq!(move_said, Duration::from_millis(8 * 90 + 500));
        assert!(speaking_time(&[spoken("Eva vier"), spoken("Weiß am Zug, eins Minute")]) > move_said);
    }

    #[test]
    fn the_ears_follow_the_engines_word_of_the_programs_voice() {
        use crate::speech::{OwnVoice, Speaker};
        use std::cell::RefCell;
        #[derive(Default)]
        struct Ears(RefCell<Option<OwnVoice>>);
        impl crate::front::devices::Listen for Ears {
            fn follow(&self, _grammar: crate::listen::MoveGrammar) {}
            fn push(&self) {}
            fn own_voice(&self, voice: OwnVoice) {
                *self.0.borrow_mut() = Some(voice);
            }
        }
        struct Engine(OwnVoice);
        impl Speaker for Engine {
            fn speak(&mut self, _utterance: &Utterance) {}
            fn own_voice(&self) -> Option<OwnVoice> {
                Some(self.0.clone())
            }
        }
        let (ears, engine) = (Ears::default(), Engine(OwnVoice::default()));
        lend_own_voice(Some(&ears), &crate::speech::RecordingSpeaker::default());
        assert!(ears.0.borrow().is_none(), "a speaker that tells nothing lends nothing");
        lend_own_voice(Some(&ears), &engine);
        let now = Instant::now();
        engine.0.news(true, now);
        assert_eq!(ears.0.borrow().as_ref().and_then(|v| v.sounds_until(now)), Some(now), "the same voice");
    }

    #[test]
    fn cues_sound_too_even_where_nothing_is_spoken_aloud() {
        let capture = Line { cue: Some(crate::audio::Cue::Capture), ..Line::printed("1. exd5") };
        let said = Line { speech: vec![Utterance::new("Eva schlägt David fünf", "de")], ..capture.clone() };
        let cue = crate::audio::Cue::Capture.length();
        assert_eq!(cue, Duration::from_millis(170));
        assert_eq!(sounding_time(std::slice::from_ref(&capture), false, true), cue, "speech off, cues on");
        assert_eq!(sounding_time(std::slice::from_ref(&capture), false, false), Duration::ZERO, "nothing sounds");
        assert_eq!(
            sounding_time(std::slice::from_ref(&said), true, true),
            speaking_time(std::slice::from_ref(&said)) + cue
        );
        assert_eq!(sounding_time(std::slice::from_ref(&said), true, false), speaking_time(std::slice::from_ref(&said)));
    }
}
