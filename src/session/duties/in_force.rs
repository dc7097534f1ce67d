//! `settings`: how the session is set, in one answer — the rules and the time control, the
//! letters typed moves are read with, the words moves are announced in, how much is spoken and
//! how, the cues, whether an action that cannot be undone is asked first, how an announced
//! move reaches the other board, and in a practice game the engine's strength and whether
//! openings are named. Which lines and in what order come from the settings table's rows.
//! Nothing is changed.

use super::{clock, help, voice};
use crate::config::{Settings, Spoken};
use crate::session::event::Response;
use crate::session::parts::{Said, Timekeeper};
use crate::table::RelayMode;
use crate::wording::{Line, Wording};

/// `settings`: each setting in force that the settings table says, one line each, in its order,
/// said as its own command says it.
pub(crate) fn settings(clock: &Timekeeper, settings: &Settings, said: &Said, w: &Wording) -> Response {
    let lines = crate::config::spoken().into_iter().filter_map(|line| spoken(line, clock, settings, said, w)).collect();
    Response::lines(lines)
}

/// One line of `settings`; none where the setting does not apply (the engine's strength and the
/// opening names outside a practice game, how often the time is said without a clock).
fn spoken(line: Spoken, clock: &Timekeeper, settings: &Settings, said: &Said, w: &Wording) -> Option<Line> {
    let practice = settings.opponent.is_engine();
    let control = w.time_control(clock.clock().control());
    let switch = |on: bool, yes: &str, no: &str| Some(w.line(if on { yes } else { no }, &[]));
    match line {
        Spoken::Ruleset => Some(w.line("start.rules", &[("rules", &help::ruleset_name(settings, w))])),
        Spoken::Strength => practice.then(|| super::practice::strength_line(settings, w)),
        Spoken::TimeControl => Some(control.unwrap_or_else(|| w.line("time.no_clock", &[]))),
        Spoken::TimeEvery => control.is_some().then(|| clock::time_every_line(settings, w)),
        Spoken::Letters => Some(super::moves::letters_line(settings, w)),
        Spoken::Words => Some(words_line(settings, w)),
        Spoken::Verbosity => Some(voice::verbosity_line(settings, w)),
        Spoken::Rate => Some(voice::rate_line(settings, w)),
        Spoken::Volume => Some(voice::volume_line(settings, w)),
        Spoken::Voice => Some(voice::voice_line(settings, w)),
        Spoken::Cues => Some(w.line(
            match (settings.cues, said.cues_heard()) {
                (false, _) => "settings.cues_off",
                (true, true) => "settings.cues_on",
                (true, false) => "settings.cues_unheard",
            },
            &[],
        )),
        Spoken::Confirm => switch(settings.confirm, "settings.confirm_on", "settings.confirm_off"),
        Spoken::Relay => Some(w.line(
            match settings.relay {
                RelayMode::Trust => "settings.relay_trust",
                RelayMode::Confirm => "settings.relay_confirm",
            },
            &[],
        )),
        Spoken::Openings if practice => switch(settings.openings, "settings.openings_on", "settings.openings_off"),
        Spoken::Openings => None,
    }
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
