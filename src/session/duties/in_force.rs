//! `settings`: how the session is set, in one answer — the rules and the time control, the
//! letters typed moves are read with, the words moves are announced in, how much is spoken and
//! how, the cues, whether an action that cannot be undone is asked first, how an announced
//! move reaches the other board, and in a practice game the engine's strength and whether
//! openings are named. Nothing is changed.

use super::{clock, help, voice};
use crate::config::Settings;
use crate::session::event::Response;
use crate::session::parts::{Said, Timekeeper};
use crate::table::RelayMode;
use crate::wording::{Line, Wording};

/// `settings`: each setting in force, one line each, said as its own command says it.
pub(crate) fn settings(clock: &Timekeeper, settings: &Settings, said: &Said, w: &Wording) -> Response {
    let mut lines = vec![w.line("start.rules", &[("rules", &help::ruleset_name(settings, w))])];
    if settings.opponent.is_engine() {
        lines.push(super::practice::strength_line(settings, w));
    }
    match w.time_control(clock.clock().control()) {
        Some(control) => lines.extend([control, clock::time_every_line(settings, w)]),
        None => lines.push(w.line("time.no_clock", &[])),
    }
    // Each said as its own command says it when asked without arguments.
    lines.extend([
        super::moves::letters_line(settings, w),
        words_line(settings, w),
        voice::verbosity_line(settings, w),
        voice::rate_line(settings, w),
        voice::volume_line(settings, w),
        voice::voice_line(settings, w),
    ]);
    let switches = [
        match (settings.cues, said.cues_heard()) {
            (false, _) => "settings.cues_off",
            (true, true) => "settings.cues_on",
            (true, false) => "settings.cues_unheard",
        },
        if settings.confirm { "settings.confirm_on" } else { "settings.confirm_off" },
        match settings.relay {
            RelayMode::Trust => "settings.relay_trust",
            RelayMode::Confirm => "settings.relay_confirm",
        },
    ];
    lines.extend(switches.iter().map(|key| w.line(key, &[])));
    // Opening names are said only in a practice game.
    if settings.opponent.is_engine() {
        lines.push(w.line(if settings.openings { "settings.openings_on" } else { "settings.openings_off" }, &[]));
    }
    Response::lines(lines)
}

/// The words moves are announced in: a phrase pack of the program by what it is, another by its
/// name.
fn words_line(settings: &Settings, w: &Wording) -> Line {
    match settings.pack.as_str() {
        "appendix-e" => w.line("settings.words_appendix_e", &[]),
        "en" => w.line("settings.words_en", &[]),
        "et" => w.line("settings.words_et", &[]),
        pack => w.line("settings.words_other", &[("pack", pack)]),
    }
}
