//! `settings`: how the session is set, in one answer — the rules and the time control, the
//! letters typed moves are read with, the words moves are announced in, how much is spoken and
//! how, the cues, whether an action that cannot be undone is asked first, and how an announced
//! move reaches the other board. Nothing is changed.

use super::{moves, voice};
use crate::command::LettersAsk;
use crate::session::{Response, Session};
use crate::table::RelayMode;
use crate::wording::Line;

/// `settings`: each setting in force, one line each.
pub(crate) fn settings(s: &mut Session) -> Response {
    let mut lines = vec![s.wording.line("start.rules", &[("rules", &super::help::ruleset_name(s))])];
    let control = s.wording.time_control(s.clock.clock().control());
    match control {
        Some(control) => lines.extend([control, super::clock::time_every_line(s)]),
        None => lines.push(s.wording.line("time.no_clock", &[])),
    }
    lines.extend(moves::letters(s, LettersAsk::default()));
    lines.push(words_line(s));
    lines.extend(voice::verbosity_command(s, None));
    lines.extend(voice::rate_command(s, None).lines);
    lines.extend(voice::volume_command(s, None).lines);
    lines.extend(voice::voice_command(s, None).lines);
    let switches = [
        match (s.settings.cues, s.cues_unheard) {
            (false, _) => "settings.cues_off",
            (true, false) => "settings.cues_on",
            (true, true) => "settings.cues_unheard",
        },
        if s.settings.confirm { "settings.confirm_on" } else { "settings.confirm_off" },
        match s.settings.relay {
            RelayMode::Trust => "settings.relay_trust",
            RelayMode::Confirm => "settings.relay_confirm",
        },
    ];
    lines.extend(switches.iter().map(|key| s.wording.line(key, &[])));
    Response::lines(lines)
}

/// The words moves are announced in: a phrase pack of the program by what it is, another by its
/// name.
fn words_line(s: &Session) -> Line {
    match s.settings.pack.as_str() {
        "appendix-e" => s.wording.line("settings.words_appendix_e", &[]),
        "en" => s.wording.line("settings.words_en", &[]),
        "et" => s.wording.line("settings.words_et", &[]),
        pack => s.wording.line("settings.words_other", &[("pack", pack)]),
    }
}
