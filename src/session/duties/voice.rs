//! How things are said: `repeat`, `rate`, `volume`, `voice` and `verbosity` (the speaker is told
//! through the response), and `history`, what was said lately.

use crate::command::VoiceChoice;
use crate::command::{Rate, Volume, LEVELS};
use crate::session::Effect;
use crate::session::Response;
use crate::session::Session;
use crate::speech::SpeechMode;
use crate::wording::Line;
use crate::wording::Verbosity;

/// `rate [N]` (-100 to 100): the rate in force, or a new one.
pub(crate) fn rate_command(s: &mut Session, rate: Option<Rate>) -> Response {
    let rate = rate.map(|r| r.0);
    // A slower rate is said "minus 50", never read as a sign.
    let w = &s.wording;
    let Some(n) = rate else {
        let rate = w.signed(s.settings.voice.rate.round() as i64);
        return Response::lines(vec![w.say(w.words("voice.rate_is", &[("rate", rate)]))]);
    };
    s.settings.voice.rate = n as f32;
    let lines = vec![w.say(w.words("voice.rate_set", &[("rate", w.signed(n))]))];
    Response { lines, effects: vec![Effect::Voice(s.settings.voice.clone())] }
}

/// How far `faster`, `slower`, `louder` and `quieter` go at a time.
const STEP: i64 = 10;

/// The least volume `quieter` goes to: a step more and nothing would be heard, not even how to
/// turn it up again (`volume 0` silences speech, when asked for by number).
const QUIETEST: i64 = 10;

/// `faster`: the speech rate a step up, to 100 at most.
pub(crate) fn faster(s: &mut Session) -> Response {
    rate_by(s, STEP)
}

/// `slower`: the speech rate a step down, to -100 at least.
pub(crate) fn slower(s: &mut Session) -> Response {
    rate_by(s, -STEP)
}

/// `louder`: the volume a step up, to 100 at most.
pub(crate) fn louder(s: &mut Session) -> Response {
    volume_by(s, STEP)
}

/// `quieter`: the volume a step down, never below [`QUIETEST`].
pub(crate) fn quieter(s: &mut Session) -> Response {
    volume_by(s, -STEP)
}

/// The rate moved by `step` within its range; at its end, that is said.
fn rate_by(s: &mut Session, step: i64) -> Response {
    let now = s.settings.voice.rate.round() as i64;
    let next = (now + step).clamp(-100, 100);
    if next == now {
        let key = if step > 0 { "voice.fastest" } else { "voice.slowest" };
        let w = &s.wording;
        return Response::lines(vec![w.say(w.words(key, &[("rate", w.signed(now))]))]);
    }
    rate_command(s, Some(Rate(next)))
}

/// The volume moved by `step`, from [`QUIETEST`] to 100; at either end, that is said.
fn volume_by(s: &mut Session, step: i64) -> Response {
    let now = s.settings.voice.volume.round() as i64;
    let next = (now + step).clamp(QUIETEST.min(now), 100);
    if next == now {
        let key = if step > 0 { "voice.loudest" } else { "voice.quietest" };
        return Response::lines(vec![s.wording.line(key, &[("volume", &now.to_string())])]);
    }
    volume_command(s, Some(Volume(next)))
}

/// `volume [N]` (0 to 100): the volume in force, or a new one.
pub(crate) fn volume_command(s: &mut Session, volume: Option<Volume>) -> Response {
    let volume = volume.map(|v| v.0);
    let Some(n) = volume else {
        let volume = s.settings.voice.volume.to_string();
        return Response::lines(vec![s.wording.line("voice.volume_is", &[("volume", &volume)])]);
    };
    s.settings.voice.volume = n as f32;
    let lines = vec![s.wording.line("voice.volume_set", &[("volume", &n.to_string())])];
    Response { lines, effects: vec![Effect::Voice(s.settings.voice.clone())] }
}

/// `voice [NAME|auto]`: the voice in force, or a new one (one the engine has).
pub(crate) fn voice_command(s: &mut Session, choice: Option<VoiceChoice>) -> Response {
    let lines = match choice {
        None => match s.settings.voice.voice.as_str() {
            "" => vec![s.wording.line("voice.is_auto", &[])],
            voice => vec![s.wording.line("voice.is", &[("voice", voice)])],
        },
        Some(VoiceChoice::Auto) => {
            s.settings.voice.voice.clear();
            vec![s.wording.line("voice.auto", &[])]
        }
        Some(VoiceChoice::Named(name)) => match engine_voice(s, &name) {
            Ok(name) => {
                s.settings.voice.voice = name.clone();
                // Only a voice the engine has said it has is said to be in use.
                let key = match (s.said.voices().is_empty(), s.settings.speech) {
                    (false, _) => "voice.set",
                    (true, SpeechMode::Text | SpeechMode::Off) => "voice.kept",
                    (true, _) => "voice.asked",
                };
                vec![s.wording.line(key, &[("voice", &name)])]
            }
            Err(lines) => return Response::lines(lines),
        },
    };
    Response { lines, effects: vec![Effect::Voice(s.settings.voice.clone())] }
}

/// The engine's voice named `name` (any case), or the refusal naming the voices of the
/// languages in use (all of them printed, the first ten spoken). While the engine has not
/// said which voices it has, any name is taken.
fn engine_voice(s: &Session, name: &str) -> Result<String, Vec<Line>> {
    let known = s.said.voices();
    if known.is_empty() {
        return Ok(name.to_string());
    }
    if let Some(v) = known.iter().find(|v| v.name.eq_ignore_ascii_case(name)) {
        return Ok(v.name.clone());
    }
    let languages = [s.wording.lang().code(), s.wording.pack().language.as_str()];
    let in_use = |v: &&crate::speech::Voice| languages.iter().any(|l| v.language.starts_with(l));
    let mut names: Vec<String> = known.iter().filter(in_use).map(|v| v.name.clone()).collect();
    if names.is_empty() {
        names = known.iter().map(|v| v.name.clone()).collect();
    }
    names.dedup();
    let spoken = match names.len() {
        n if n > 10 => {
            let more = s.wording.text("voice.more", &[("count", &(n - 10).to_string())]);
            format!("{}, {more}", names[..10].join(", "))
        }
        _ => s.wording.or_list(&names),
    };
    let voices = crate::wording::Words::new(s.wording.or_list(&names), spoken);
    let said = s.wording.words("voice.unknown", &[("voice", name.into()), ("voices", voices)]);
    Err(vec![s.wording.say(said).with_cue(crate::audio::Cue::Error)])
}

/// `verbosity [brief|normal|verbose]`.
pub(crate) fn verbosity_command(s: &mut Session, level: Option<Verbosity>) -> Vec<Line> {
    let lang = s.wording.lang();
    let word = |level: Verbosity| LEVELS.iter().find(|(v, _)| *v == level).map_or("", |(_, k)| k.word(lang));
    match level {
        None => vec![s.wording.line("verbosity.is", &[("level", word(s.settings.verbosity))])],
        Some(level) => {
            s.settings.verbosity = level;
            vec![s.wording.line("verbosity.set", &[("level", word(level))])]
        }
    }
}

/// `history [N]`: the last N spoken lines (ten by default), oldest first, printed only.
pub(crate) fn history_command(s: &Session, count: Option<usize>) -> Vec<Line> {
    let count = count.unwrap_or(10);
    let said: Vec<&Line> = s.said.history(count).collect();
    if said.is_empty() {
        return vec![s.wording.line("history.none", &[])];
    }
    let title = match said.len() {
        1 => s.wording.line("history.title_one", &[]),
        n => s.wording.line("history.title", &[("count", &n.to_string())]),
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
pub(crate) fn repeat(s: &Session) -> Vec<Line> {
    match s.said.last() {
        [] => vec![s.wording.line("repeat.none", &[])],
        last => last.to_vec(),
    }
}
