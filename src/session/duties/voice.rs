//! How things are said: `repeat`, `rate`, `volume`, `voice` and `verbosity` (the speaker is told
//! through the response), and `history`, what was said lately.

use crate::command::{Rate, VoiceChoice, Volume, LEVELS};
use crate::config::{Change, Settings};
use crate::session::event::{Effect, Response};
use crate::session::parts::Said;
use crate::speech::{SpeechMode, Voice};
use crate::wording::{Line, Verbosity, Wording};

/// `rate [N]` (-100 to 100): the rate in force, or a new one.
pub(crate) fn rate_command(settings: &mut Settings, w: &Wording, rate: Option<Rate>) -> Response {
    // A slower rate is said "minus 50", never read as a sign.
    let Some(Rate(n)) = rate else { return vec![rate_line(settings, w)].into() };
    settings.change(Change::Rate(n as f32));
    let lines = vec![w.say(w.words("voice.rate_set", &[("rate", w.signed(n))]))];
    Response { lines, effects: vec![Effect::Voice(settings.voice.clone())] }
}

/// The rate in force, said.
pub(crate) fn rate_line(settings: &Settings, w: &Wording) -> Line {
    let rate = w.signed(settings.voice.rate.round() as i64);
    w.say(w.words("voice.rate_is", &[("rate", rate)]))
}

/// How far `faster`, `slower`, `louder` and `quieter` go at a time.
const STEP: i64 = 10;

/// The least volume `quieter` goes to: a step more and nothing would be heard, not even how to
/// turn it up again (`volume 0` silences speech, when asked for by number).
const QUIETEST: i64 = 10;

/// `faster`: the speech rate a step up, to 100 at most.
pub(crate) fn faster(settings: &mut Settings, w: &Wording) -> Response {
    rate_by(settings, w, STEP)
}

/// `slower`: the speech rate a step down, to -100 at least.
pub(crate) fn slower(settings: &mut Settings, w: &Wording) -> Response {
    rate_by(settings, w, -STEP)
}

/// `louder`: the volume a step up, to 100 at most.
pub(crate) fn louder(settings: &mut Settings, w: &Wording) -> Response {
    volume_by(settings, w, STEP)
}

/// `quieter`: the volume a step down, never below [`QUIETEST`].
pub(crate) fn quieter(settings: &mut Settings, w: &Wording) -> Response {
    volume_by(settings, w, -STEP)
}

/// The rate moved by `step` within its range; at its end, that is said.
fn rate_by(settings: &mut Settings, w: &Wording, step: i64) -> Response {
    let now = settings.voice.rate.round() as i64;
    let next = (now + step).clamp(-100, 100);
    if next == now {
        let key = if step > 0 { "voice.fastest" } else { "voice.slowest" };
        return Response::lines(vec![w.say(w.words(key, &[("rate", w.signed(now))]))]);
    }
    rate_command(settings, w, Some(Rate(next)))
}

/// The volume moved by `step`, from [`QUIETEST`] to 100; at either end, that is said.
fn volume_by(settings: &mut Settings, w: &Wording, step: i64) -> Response {
    let now = settings.voice.volume.round() as i64;
    let next = (now + step).clamp(QUIETEST.min(now), 100);
    if next == now {
        let key = if step > 0 { "voice.loudest" } else { "voice.quietest" };
        return Response::lines(vec![w.line(key, &[("volume", &now.to_string())])]);
    }
    volume_command(settings, w, Some(Volume(next)))
}

/// `volume [N]` (0 to 100): the volume in force, or a new one.
pub(crate) fn volume_command(settings: &mut Settings, w: &Wording, volume: Option<Volume>) -> Response {
    let Some(Volume(n)) = volume else { return vec![volume_line(settings, w)].into() };
    settings.change(Change::Volume(n as f32));
    let lines = vec![w.line("voice.volume_set", &[("volume", &n.to_string())])];
    Response { lines, effects: vec![Effect::Voice(settings.voice.clone())] }
}

/// The volume in force, said.
pub(crate) fn volume_line(settings: &Settings, w: &Wording) -> Line {
    w.line("voice.volume_is", &[("volume", &settings.voice.volume.to_string())])
}

/// The voice in force, said.
pub(crate) fn voice_line(settings: &Settings, w: &Wording) -> Line {
    match settings.voice.voice.as_str() {
        "" => w.line("voice.is_auto", &[]),
        voice => w.line("voice.is", &[("voice", voice)]),
    }
}

/// `voice [NAME|auto]`: the voice in force, or a new one (one the engine has).
pub(crate) fn voice_command(
    settings: &mut Settings,
    said: &Said,
    w: &Wording,
    choice: Option<VoiceChoice>,
) -> Response {
    let lines = match choice {
        None => vec![voice_line(settings, w)],
        Some(VoiceChoice::Auto) => {
            settings.change(Change::Voice(String::new()));
            vec![w.line("voice.auto", &[])]
        }
        Some(VoiceChoice::Named(name)) => match engine_voice(said, w, &name) {
            Ok(name) => {
                settings.change(Change::Voice(name.clone()));
                // Only a voice the engine has said it has is said to be in use.
                let key = match (said.voices().is_empty(), settings.speech) {
                    (false, _) => "voice.set",
                    (true, SpeechMode::Text | SpeechMode::Off) => "voice.kept",
                    (true, _) => "voice.asked",
                };
                vec![w.line(key, &[("voice", &name)])]
            }
            Err(lines) => return Response::lines(lines),
        },
    };
    Response { lines, effects: vec![Effect::Voice(settings.voice.clone())] }
}

/// The engine's voices, as it says them: when they first become known, a voice asked for before
/// is checked against them.
pub(crate) fn voices_known(settings: &mut Settings, said: &mut Said, w: &Wording, voices: Vec<Voice>) -> Response {
    let first = said.voices().is_empty() && !voices.is_empty();
    said.know_voices(voices);
    match first {
        true => asked_voice_heard(settings, said, w),
        false => Response::default(),
    }
}

/// Once the engine has said which voices it has: a voice asked for before then (or set in the
/// configuration) that it does not have is said, and the voice is chosen by language again.
pub(crate) fn asked_voice_heard(settings: &mut Settings, said: &Said, w: &Wording) -> Response {
    let asked = settings.voice.voice.clone();
    let known = said.voices();
    if asked.is_empty() || known.is_empty() || known.iter().any(|v| v.name.eq_ignore_ascii_case(&asked)) {
        return Response::default();
    }
    settings.change(Change::Voice(String::new()));
    let lines = vec![w.line("voice.not_there", &[("voice", &asked)])];
    Response { lines, effects: vec![Effect::Voice(settings.voice.clone())] }
}

/// The engine's voice named `name` (any case), or the refusal naming the voices of the
/// languages in use, without their variants (all of them printed, the first ten spoken). While the engine has not
/// said which voices it has, any name is taken.
fn engine_voice(said: &Said, w: &Wording, name: &str) -> Result<String, Vec<Line>> {
    let known = said.voices();
    if known.is_empty() {
        return Ok(name.to_string());
    }
    if let Some(v) = known.iter().find(|v| v.name.eq_ignore_ascii_case(name)) {
        return Ok(v.name.clone());
    }
    let languages = [w.lang().code(), w.pack().language.as_str()];
    let in_use = |v: &&crate::speech::Voice| languages.iter().any(|l| v.language.starts_with(l));
    let mut names: Vec<String> = known.iter().filter(in_use).map(|v| v.name.clone()).collect();
    if names.is_empty() {
        names = known.iter().map(|v| v.name.clone()).collect();
    }
    // A voice's variants (espeak-ng's "German+Adam", hundreds of them) are left out of the list
    // when the voices themselves are in it: they help no one choose.
    if names.iter().any(|n| !n.contains('+')) {
        names.retain(|n| !n.contains('+'));
    }
    names.dedup();
    let spoken = match names.len() {
        n if n > 10 => {
            let more = w.text("voice.more", &[("count", &(n - 10).to_string())]);
            format!("{}, {more}", names[..10].join(", "))
        }
        _ => w.or_list(&names),
    };
    let voices = crate::wording::Words::new(w.or_list(&names), spoken);
    let said = w.words("voice.unknown", &[("voice", name.into()), ("voices", voices)]);
    Err(vec![w.say(said).with_cue(crate::audio::Cue::Error)])
}

/// `verbosity [brief|normal|verbose]`.
pub(crate) fn verbosity_command(settings: &mut Settings, w: &Wording, level: Option<Verbosity>) -> Vec<Line> {
    match level {
        None => vec![verbosity_line(settings, w)],
        Some(level) => {
            settings.change(Change::Verbosity(level));
            vec![w.line("verbosity.set", &[("level", level_word(w, level))])]
        }
    }
}

/// How much is spoken, said.
pub(crate) fn verbosity_line(settings: &Settings, w: &Wording) -> Line {
    w.line("verbosity.is", &[("level", level_word(w, settings.verbosity))])
}

/// A verbosity's word in the interface language.
fn level_word(w: &Wording, level: Verbosity) -> &'static str {
    LEVELS.iter().find(|(v, _)| *v == level).map_or("", |(_, k)| k.word(w.lang()))
}

/// `history [N]`: the last N spoken lines (ten by default), oldest first, printed only.
pub(crate) fn history_command(said: &Said, w: &Wording, count: Option<usize>) -> Vec<Line> {
    let count = count.unwrap_or(10);
    let said: Vec<&Line> = said.history(count).collect();
    if said.is_empty() {
        return vec![w.line("history.none", &[])];
    }
    let title = match said.len() {
        1 => w.line("history.title_one", &[]),
        n => w.line("history.title", &[("count", &n.to_string())]),
    };
    let mut lines = vec![title];
    // Each said again as it was, a move with who made it and when.
    lines.extend(said.iter().enumerate().map(|(i, line)| {
        let recalled = line.recalled();
        let words: Vec<&str> = recalled.iter().map(|u| u.text.as_str()).collect();
        Line { speech: recalled.clone(), ..Line::printed(format!("{}. {}", i + 1, words.join(" "))) }
    }));
    lines
}

/// `repeat`: what was last spoken, said again.
pub(crate) fn repeat(said: &Said, w: &Wording) -> Vec<Line> {
    match said.last() {
        [] => vec![w.line("repeat.none", &[])],
        last => last.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::Lang;

    #[test]
    fn a_voice_asked_for_before_the_engine_said_its_voices_is_checked_once_it_has() {
        let w = Wording::in_language(Lang::En);
        let mut settings = Settings::default();
        let mut said = Said::default();
        let answer = voice_command(&mut settings, &said, &w, Some(VoiceChoice::Named("xyz".into())));
        assert_eq!(settings.voice.voice, "xyz", "taken while the engine has not said: {answer:?}");
        // The engine says which voices it has: xyz is not one of them.
        said.know_voices(vec![Voice { name: "English (America)".into(), language: "en-us".into() }]);
        let heard = asked_voice_heard(&mut settings, &said, &w);
        let text = heard.lines[0].text.clone();
        assert_eq!(text, "The speech engine has no voice xyz; the voice is chosen by language again.");
        assert_eq!(settings.voice.voice, "");
        assert_eq!(heard.effects, vec![Effect::Voice(settings.voice.clone())]);
        // A voice the engine has stays, and nothing is said.
        settings.change(Change::Voice("English (America)".into()));
        assert!(asked_voice_heard(&mut settings, &said, &w).lines.is_empty());
        assert_eq!(settings.voice.voice, "English (America)");
    }
}
