//! The speech engine with recorded clips behind it: while the engine works it speaks everything;
//! when it reports that it is unavailable or failed, the important utterances it may have lost
//! (moves and results since the last one it confirmed) and everything after go to the clips.

use std::time::Duration;

use super::{Speaker, Utterance, VoiceSettings, Warning};

/// An engine and a backup for when it cannot speak.
pub struct FallbackSpeaker {
    engine: Box<dyn Speaker>,
    backup: Box<dyn Speaker>,
    on_backup: bool,
    /// Important utterances handed to the engine before it said whether it works.
    unconfirmed: Vec<Utterance>,
    confirmed: bool,
    /// Warnings found while finishing, for the next call of `warnings`.
    held: Vec<Warning>,
    /// On the backup because the engine stalled (it may come back).
    stalled: bool,
    /// What the backup says when the engine stalls, in the pack's words.
    alert: Option<Utterance>,
}

impl FallbackSpeaker {
    /// Speaks through `engine`, and moves through `backup` while the engine cannot speak.
    pub fn new(engine: Box<dyn Speaker>, backup: Box<dyn Speaker>) -> FallbackSpeaker {
        FallbackSpeaker {
            engine,
            backup,
            on_backup: false,
            unconfirmed: Vec::new(),
            confirmed: false,
            held: Vec::new(),
            stalled: false,
            alert: None,
        }
    }

    /// With `alert` said by the backup when the engine stalls.
    pub fn with_alert(self, alert: Utterance) -> FallbackSpeaker {
        FallbackSpeaker { alert: Some(alert), ..self }
    }

    fn switch(&mut self) {
        self.on_backup = true;
        // The backup's voice is not the engine's: the ears go by the words' estimate again.
        if let Some(voice) = self.engine.own_voice() {
            voice.forget();
        }
        for u in std::mem::take(&mut self.unconfirmed) {
            self.backup.speak(&u);
        }
    }
}

impl Speaker for FallbackSpeaker {
    fn speak(&mut self, utterance: &Utterance) {
        if self.on_backup {
            return self.backup.speak(utterance);
        }
        if !self.confirmed && utterance.important {
            self.unconfirmed.push(utterance.clone());
        }
        self.engine.speak(utterance);
    }

    fn settle(&mut self, limit: std::time::Duration) {
        self.engine.settle(limit);
    }

    fn configure(&mut self, settings: &VoiceSettings) {
        self.engine.configure(settings);
        self.backup.configure(settings);
    }

    fn warnings(&mut self) -> Vec<Warning> {
        let mut out = std::mem::take(&mut self.held);
        out.extend(self.poll());
        out
    }

    fn is_ready(&self) -> bool {
        self.engine.is_ready()
    }

    fn voiced(&self) -> bool {
        if self.on_backup {
            self.backup.voiced()
        } else {
            self.engine.voiced()
        }
    }

    fn voices(&self) -> Vec<super::Voice> {
        self.engine.voices()
    }

    fn own_voice(&self) -> Option<super::OwnVoice> {
        self.engine.own_voice()
    }

    fn finish(&mut self, limit: Duration) {
        if !self.on_backup {
            self.engine.finish(limit);
            // The engine may have said only now that it cannot speak: then the clips speak what
            // it could not.
            let found = self.poll();
            self.held.extend(found);
        }
        if self.on_backup {
            self.backup.finish(limit);
        }
    }
}

impl FallbackSpeaker {
    /// The engine's news: switches to the backup when the engine cannot speak.
    fn poll(&mut self) -> Vec<Warning> {
        let mut out = Vec::new();
        for warning in self.engine.warnings() {
            match warning {
                Warning::Unavailable(why) | Warning::Failed(why) if !self.on_backup => {
                    self.switch();
                    out.push(Warning::Clips(why));
                }
                Warning::Unavailable(_) | Warning::Failed(_) => {}
                Warning::Stalled if !self.on_backup => {
                    if let Some(alert) = self.alert.clone() {
                        self.backup.speak(&alert);
                    }
                    self.switch();
                    for u in self.engine.unspoken() {
                        self.backup.speak(&u);
                    }
                    self.stalled = true;
                    out.push(Warning::StalledClips);
                }
                Warning::Recovered if self.stalled => {
                    (self.on_backup, self.stalled) = (false, false);
                    out.push(Warning::Recovered);
                }
                other => out.push(other),
            }
        }
        if !self.on_backup && !self.confirmed && self.engine.is_ready() {
            self.confirmed = true;
            self.unconfirmed.clear();
        }
        if self.on_backup {
            out.extend(self.backup.warnings());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;

    /// A speaker that shares what it was given and reports scripted warnings.
    #[derive(Default, Clone)]
    struct Probe {
        spoken: Arc<Mutex<Vec<String>>>,
        warnings: Arc<Mutex<Vec<Warning>>>,
        ready: Arc<Mutex<bool>>,
        /// What it gives up when it stalls.
        unspoken: Arc<Mutex<Vec<Utterance>>>,
        /// What it tells of its voice.
        voice: crate::speech::OwnVoice,
    }

    impl Speaker for Probe {
        fn speak(&mut self, u: &Utterance) {
            self.spoken.lock().unwrap().push(u.text.clone());
        }
        fn warnings(&mut self) -> Vec<Warning> {
            std::mem::take(&mut *self.warnings.lock().unwrap())
        }
        fn is_ready(&self) -> bool {
            *self.ready.lock().unwrap()
        }
        fn unspoken(&mut self) -> Vec<Utterance> {
            std::mem::take(&mut *self.unspoken.lock().unwrap())
        }
        fn own_voice(&self) -> Option<crate::speech::OwnVoice> {
            Some(self.voice.clone())
        }
    }

    fn said(p: &Probe) -> Vec<String> {
        p.spoken.lock().unwrap().clone()
    }

    #[test]
    fn a_missing_engine_hands_moves_to_the_clips() {
        let (engine, clips) = (Probe::default(), Probe::default());
        let mut s = FallbackSpeaker::new(Box::new(engine.clone()), Box::new(clips.clone()));
        s.speak(&Utterance::new("Welcome", "en"));
        s.speak(&Utterance::new("Springer Felix drei", "de").important());
        let now = std::time::Instant::now();
        engine.voice.news(true, now);
        engine.voice.news(false, now);
        assert_eq!(s.own_voice().and_then(|v| v.sounds_until(now)), Some(now), "the engine's word");
        engine.warnings.lock().unwrap().push(Warning::Unavailable("no daemon".into()));
        assert_eq!(s.warnings(), [Warning::Clips("no daemon".into())]);
        // The clips speak now: what the engine told of its voice no longer counts.
        assert_eq!(s.own_voice().and_then(|v| v.sounds_until(now)), None);
        s.speak(&Utterance::new("Eva fünf", "de").important());
        assert_eq!(said(&clips), ["Springer Felix drei", "Eva fünf"]);
        assert_eq!(said(&engine), ["Welcome", "Springer Felix drei"]);
    }

    #[test]
    fn a_working_engine_keeps_everything() {
        let (engine, clips) = (Probe::default(), Probe::default());
        *engine.ready.lock().unwrap() = true;
        let mut s = FallbackSpeaker::new(Box::new(engine.clone()), Box::new(clips.clone()));
        s.speak(&Utterance::new("Springer Felix drei", "de").important());
        assert!(s.warnings().is_empty());
        engine.warnings.lock().unwrap().push(Warning::NoAnswer);
        assert_eq!(s.warnings(), [Warning::NoAnswer]);
        s.speak(&Utterance::new("Eva fünf", "de").important());
        assert!(said(&clips).is_empty());
        assert_eq!(said(&engine).len(), 2);
        // A failure later still switches, without replaying what the engine confirmed.
        engine.warnings.lock().unwrap().push(Warning::Failed("gone".into()));
        assert_eq!(s.warnings(), [Warning::Clips("gone".into())]);
        s.speak(&Utterance::new("Dame David eins", "de").important());
        assert_eq!(said(&clips), ["Dame David eins"]);
    }

    #[test]
    fn news_found_while_finishing_is_kept_and_acted_on() {
        let (engine, clips) = (Probe::default(), Probe::default());
        let mut s = FallbackSpeaker::new(Box::new(engine.clone()), Box::new(clips.clone()));
        s.speak(&Utterance::new("Matt", "de").important());
        engine.warnings.lock().unwrap().push(Warning::Unavailable("no daemon".into()));
        s.finish(Duration::from_millis(10));
        assert_eq!(said(&clips), ["Matt"]);
        assert_eq!(s.warnings(), [Warning::Clips("no daemon".into())]);
        assert!(s.warnings().is_empty());
    }

    #[test]
    fn a_stalled_engine_hands_its_moves_to_the_clips_until_it_answers_again() {
        let (engine, clips) = (Probe::default(), Probe::default());
        *engine.ready.lock().unwrap() = true;
        let alert = Utterance::new("Die Sprachausgabe antwortet nicht", "de").important();
        let mut s = FallbackSpeaker::new(Box::new(engine.clone()), Box::new(clips.clone())).with_alert(alert);
        assert!(s.warnings().is_empty());
        let move_held = Utterance::new("Eva vier", "de").important();
        s.speak(&move_held);
        engine.unspoken.lock().unwrap().push(move_held);
        engine.warnings.lock().unwrap().push(Warning::Stalled);
        assert_eq!(s.warnings(), [Warning::StalledClips]);
        s.speak(&Utterance::new("Eva fünf", "de").important());
        assert_eq!(said(&clips), ["Die Sprachausgabe antwortet nicht", "Eva vier", "Eva fünf"]);
        engine.warnings.lock().unwrap().push(Warning::Recovered);
        assert_eq!(s.warnings(), [Warning::Recovered]);
        s.speak(&Utterance::new("Springer Felix drei", "de").important());
        assert_eq!(said(&engine), ["Eva vier", "Springer Felix drei"]);
        assert_eq!(said(&clips).len(), 3);
    }
}
