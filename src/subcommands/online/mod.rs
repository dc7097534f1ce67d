//! `annabella online`: a game on lichess played from the tactile board. First the way to a game
//! (seek one, challenge a player or lichess's computer, answer a challenge, or join one in
//! progress: `lobby`), said as it goes, the keyboard read from the start (a line still being
//! typed when the game starts is the game's first);
//! then the game itself on the loop every game runs, the online game's line beside the keyboard,
//! the ears and the electronic board. The token is found here and never shown.

mod lobby;

use std::io;
use std::process::ExitCode;
use std::time::Duration;

use super::play::{failed, greet, play_opened, refuse, terminal};
use crate::cli::{GlobalArgs, OnlineArgs};
use crate::clock::{ClockMode, Period, TimeControl};
use crate::command::CommandSet;
use crate::config::Settings;
use crate::front::{cue_player_for, lichess_for, open_game, token_words, Outputs, Prompter};
use crate::online::{GameEvent, GameFull, Lichess, OnlineError};
use crate::places::games_dir;
use crate::session::Command;
use crate::wording::{Wording, Words};
use lobby::{online_words, patiently, wait_for_game};

/// Plays an online game as the arguments ask; a refusal is said and exits 2.
pub fn online(global: &GlobalArgs, args: &OnlineArgs) -> ExitCode {
    let (settings, greeted) = match greet(global, &args.play_args()) {
        Ok(greeted) => greeted,
        Err(code) => return code,
    };
    let (speaker, transcript) = greeted.speaker_for(&settings);
    let cues = cue_player_for(&settings);
    let mut outputs = Outputs { out: Box::new(io::stdout()), speaker, cues, transcript, journal: None };
    let w = Wording::in_language(settings.lang);
    let lichess = match lichess_for(&settings) {
        Ok(lichess) => lichess,
        Err(e) => return refuse(&mut outputs, w.say(token_words(&e, &w))),
    };
    // The keyboard is read from the lobby on: a challenge is answered on it.
    let mut prompter = match terminal(settings.lang, Command::records().iter().collect()) {
        Ok((source, out)) => {
            outputs.out = out;
            Prompter::new(source)
        }
        Err(e) => return failed(e),
    };
    let game = match lobby(&lichess, args, &settings, (&mut outputs, &mut prompter), &w) {
        Ok(Some(game)) => game,
        Ok(None) => {
            let _ = outputs.say(&[w.say(w.words("online.stopped", &[]))]);
            outputs.finish(Duration::from_secs(3));
            return ExitCode::SUCCESS;
        }
        Err(words) => return refuse(&mut outputs, w.say(words)),
    };
    match open_game(None, games_dir().as_deref(), game, false) {
        Ok(opened) => play_opened(opened, &mut outputs, Box::new(prompter), None),
        Err(e) => refuse(&mut outputs, w.say(e.worded(&w))),
    }
}

/// The way to a game: its settings once it has started (who plays which colour, the clock, the
/// start position), none if the player stopped the wait, or why there is none.
fn lobby(
    lichess: &Lichess,
    args: &OnlineArgs,
    settings: &Settings,
    (outputs, prompter): (&mut Outputs, &mut Prompter),
    w: &Wording,
) -> Result<Option<Settings>, Words> {
    let me = patiently(outputs, w, || lichess.account()).map_err(|e| online_words(&e, w))?;
    let id = match &args.game {
        Some(id) => id.clone(),
        None => match wait_for_game(lichess, args, &me, (outputs, prompter), w)? {
            Some(id) => id,
            None => return Ok(None),
        },
    };
    let full = first_full(lichess, &id).map_err(|e| online_words(&e, w))?;
    game_settings(settings, &full, &me, &id, w).map(Some)
}

/// The first line of the game's stream: the whole game.
fn first_full(lichess: &Lichess, id: &str) -> Result<GameFull, OnlineError> {
    let mut lines = lichess.game(id)?;
    let refused = || OnlineError::Refused("no game".into());
    for line in lines.by_ref() {
        if let Ok(GameEvent::GameFull(full)) = serde_json::from_str::<GameEvent>(&line?) {
            return Ok(*full);
        }
    }
    Err(refused())
}

/// A player's name; lichess's AI, which has none, by its level.
fn player_name(player: &crate::online::Player, w: &Wording) -> String {
    match player.ai_level {
        Some(level) if player.name.is_empty() => w.text("online.ai_name", &[("level", &level.to_string())]),
        _ => player.name.clone(),
    }
}

/// The settings of the online game: this account's colour at the tactile board, the players'
/// names, the server's clock, the start position, and the game's id (kept in the journal).
fn game_settings(settings: &Settings, full: &GameFull, me: &str, id: &str, w: &Wording) -> Result<Settings, Words> {
    if !["standard", "fromPosition", "chess960"].contains(&full.variant.key.as_str()) {
        return Err(w.words("online.variant", &[("variant", Words::plain(&full.variant.key))]));
    }
    let color = if full.white.id.eq_ignore_ascii_case(me) {
        shakmaty::Color::White
    } else if full.black.id.eq_ignore_ascii_case(me) {
        shakmaty::Color::Black
    } else {
        return Err(w.words("online.not_a_player", &[]));
    };
    let mut game = settings.clone();
    game.blind = Some(color);
    game.white = player_name(&full.white, w);
    game.black = player_name(&full.black, w);
    game.control = match &full.clock {
        Some(clock) => TimeControl {
            periods: vec![Period {
                moves: None,
                base: Duration::from_millis(clock.initial),
                increment: Duration::from_millis(clock.increment),
                delay: Duration::ZERO,
            }],
        },
        None => TimeControl::none(),
    };
    game.clock = ClockMode::Real;
    game.fen = Some(full.initial_fen.clone()).filter(|f| !f.is_empty() && f != "startpos");
    if full.variant.key == "chess960" {
        // The standard array (518) may come as `startpos`.
        game.chess960 = game.fen.as_deref().map_or(Some(518), crate::rules::chess960_number);
    }
    game.online.game = id.to_string();
    Ok(game)
}
