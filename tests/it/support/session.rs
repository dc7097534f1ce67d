//! A session as the tests drive it: started with quiet settings, a line typed into it, what it
//! printed and what it said, and the check every spoken line passes — words only, no notation a
//! speech engine would read letter by letter.

use annabella::clock::Timestamp;
use annabella::config::Settings;
use annabella::messages::Lang;
use annabella::session::{Event, Response, Session};
use annabella::speech::{unspeakable, SpeechMode};

/// Settings for a silent English game on the default rules.
pub fn quiet() -> Settings {
    Settings { speech: SpeechMode::Off, lang: Lang::En, ..Settings::default() }
}

/// A session for `settings`, started (its opening said to nobody).
pub fn started(settings: Settings) -> Session {
    let mut s = Session::new(settings).expect("the session starts");
    s.apply(Event::Start, Timestamp(0));
    s
}

/// The answer to `line` typed at `at` milliseconds; every spoken line is checked to be words.
pub fn typed(s: &mut Session, line: &str, at: u64) -> Response {
    let input = s.read(line);
    let response = s.apply(Event::Input(input), Timestamp(at));
    assert_speakable(&response, line);
    response
}

/// The printed lines of a response (a cue alone prints nothing).
pub fn printed(r: &Response) -> Vec<String> {
    r.lines.iter().map(|l| l.text.clone()).filter(|t| !t.is_empty()).collect()
}

/// The utterances of a response, in order.
pub fn spoken(r: &Response) -> Vec<String> {
    r.lines.iter().flat_map(|l| l.speech.iter().map(|u| u.text.clone())).collect()
}

/// Every spoken line of `r` is words: no notation (`Nbd2`, `O-O`, `=Q`, `1...`, brackets, bars).
pub fn assert_speakable(r: &Response, context: &str) {
    for said in spoken(r) {
        assert!(unspeakable(&said).is_none(), "{context}: spoken notation: {said}");
    }
}
