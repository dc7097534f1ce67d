//! `annabella online`: a game on lichess played from the tactile board. First the way to a game
//! (seek one, challenge a player, answer a challenge, or join one in progress), said as it goes;
//! then the game itself on the loop every game runs, the online game's line beside the keyboard,
//! the ears and the electronic board. The token is found here and never shown.

use std::io::{self, BufRead};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::Duration;

use super::play::{failed, greet, play_opened, refuse, terminal};
use crate::cli::{GlobalArgs, OnlineArgs};
use crate::clock::{ClockMode, Period, TimeControl};
use crate::config::Settings;
use crate::front::{cue_player_for, lichess_for, open_game, token_words, Desk, Outputs};
use crate::online::{AccountEvent, ChallengeInfo, GameEvent, GameFull, GameInfo, Lichess, OnlineError, Seek};
use crate::places::games_dir;
use crate::wording::{Wording, Words};

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
    let game = match lobby(&lichess, args, &settings, &mut outputs, &w) {
        Ok(game) => game,
        Err(words) => return refuse(&mut outputs, w.say(words)),
    };
    match open_game(None, games_dir().as_deref(), game, false) {
        Ok(opened) => {
            let (source, out) = match terminal(opened.session.lang(), Desk::commands(&opened.session)) {
                Ok(terminal) => terminal,
                Err(e) => return failed(e),
            };
            outputs.out = out;
            play_opened(opened, &mut outputs, source, None)
        }
        Err(e) => refuse(&mut outputs, w.say(e.worded(&w))),
    }
}

/// What went wrong with the server, in `w`'s language.
fn online_words(e: &OnlineError, w: &Wording) -> Words {
    match e {
        OnlineError::Unauthorized => w.words("online.unauthorized", &[]),
        OnlineError::RateLimited(wait) => w.words("online.wait", &[("seconds", wait.as_secs().to_string().into())]),
        OnlineError::Refused(reason) => w.words("online.server_refused", &[("reason", Words::plain(reason))]),
        OnlineError::NotFound(_) => w.words("online.not_found", &[]),
        OnlineError::Network(_) => w.words("online.unreachable", &[]),
    }
}

/// The way to a game: its settings once it has started (who plays which colour, the clock, the
/// start position), or why there is none.
fn lobby(
    lichess: &Lichess,
    args: &OnlineArgs,
    settings: &Settings,
    outputs: &mut Outputs,
    w: &Wording,
) -> Result<Settings, Words> {
    let me = lichess.account().map_err(|e| online_words(&e, w))?;
    let id = match &args.game {
        Some(id) => id.clone(),
        None => wait_for_game(lichess, args, &me, outputs, w)?,
    };
    let full = first_full(lichess, &id).map_err(|e| online_words(&e, w))?;
    game_settings(settings, &full, &me, &id, w)
}

/// Says `words`; a broken output is let be (the game goes on to be refused or played).
fn say(outputs: &mut Outputs, w: &Wording, words: Words) {
    let _ = outputs.say(&[w.say(words)]);
}

/// Seeks, challenges or waits, as asked, until a game of this account starts.
fn wait_for_game(
    lichess: &Lichess,
    args: &OnlineArgs,
    me: &str,
    outputs: &mut Outputs,
    w: &Wording,
) -> Result<String, Words> {
    let events = lichess.events().map_err(|e| online_words(&e, w))?;
    let (to, arrived) = mpsc::channel();
    std::thread::spawn(move || {
        for line in events.flatten() {
            if let Ok(event) = serde_json::from_str::<AccountEvent>(&line) {
                if to.send(event).is_err() {
                    return;
                }
            }
        }
    });
    let (minutes, increment) = args.seek.unwrap_or((15, 10));
    let seek = Seek { minutes, increment, rated: args.rated, variant: args.variant.clone() };
    let clock = clock_words(w, u64::from(minutes), u64::from(increment));
    // The games already in progress are named, and never joined by mistake.
    let elsewhere = lichess.playing().unwrap_or_default();
    if !elsewhere.is_empty() {
        say(outputs, w, in_progress(&elsewhere, w));
    }
    let mut expected = None;
    if let Some(level) = args.ai {
        let id = lichess.challenge_ai(level, &seek).map_err(|e| online_words(&e, w))?;
        let level = Words::plain(level.to_string());
        say(outputs, w, w.words("online.challenging_ai", &[("level", level), ("clock", clock)]));
        return Ok(id);
    } else if let Some(user) = &args.challenge {
        expected = lichess.challenge(user, &seek).map_err(|e| online_words(&e, w))?;
        say(outputs, w, w.words("online.challenging", &[("user", Words::plain(user)), ("clock", clock)]));
    } else if args.seek.is_some() {
        let seeker = lichess.clone();
        std::thread::spawn(move || seeker.seek(&seek));
        say(outputs, w, w.words("online.seeking", &[("clock", clock)]));
    } else if args.accept {
        say(outputs, w, w.words("online.waiting_challenge", &[]));
    } else {
        say(outputs, w, w.words("online.waiting_game", &[]));
    }
    loop {
        let event = arrived.recv().map_err(|_| w.words("online.unreachable", &[]))?;
        match event {
            AccountEvent::GameStart { game } if is_awaited(&game.game_id, expected.as_deref(), &elsewhere) => {
                return Ok(game.game_id)
            }
            AccountEvent::Challenge { challenge } if is_for(&challenge, me) => {
                let yes = ask_challenge(&challenge, outputs, w);
                lichess.answer_challenge(&challenge.id, yes).map_err(|e| online_words(&e, w))?;
                match yes {
                    // The game accepted has the challenge's id.
                    true => expected = Some(challenge.id.clone()),
                    false => say(outputs, w, w.words("online.challenge_declined_here", &[])),
                }
            }
            AccountEvent::ChallengeDeclined { challenge } if !is_for(&challenge, me) => {
                return Err(w.words("online.challenge_declined", &[]));
            }
            _ => {}
        }
    }
}

/// Whether the game `id` that started is the one awaited: the challenge's when there is one,
/// else any game not already in progress when the wait began.
fn is_awaited(id: &str, expected: Option<&str>, elsewhere: &[GameInfo]) -> bool {
    match expected {
        Some(expected) => id == expected,
        None => !elsewhere.iter().any(|g| g.game_id == id),
    }
}

/// The games in progress on the account, named with their ids and the way to join one.
fn in_progress(games: &[GameInfo], w: &Wording) -> Words {
    let named: Vec<Words> = games
        .iter()
        .map(|g| {
            let opponent = g.opponent.as_ref().map_or_else(String::new, |o| o.username.clone());
            w.words(
                "online.in_progress_game",
                &[("opponent", Words::plain(opponent)), ("id", Words::plain(&g.game_id))],
            )
        })
        .collect();
    w.words("online.in_progress", &[("games", w.list(&named))])
}

/// A clock in words: printed `15+10`, spoken "15 minutes and 10 seconds a move".
fn clock_words(w: &Wording, minutes: u64, seconds: u64) -> Words {
    w.words("online.clock", &[("minutes", minutes.to_string().into()), ("seconds", seconds.to_string().into())])
}

/// Whether `challenge` is made to this account (not by it).
fn is_for(challenge: &ChallengeInfo, me: &str) -> bool {
    challenge.challenger.as_ref().is_none_or(|c| !c.id.eq_ignore_ascii_case(me))
}

/// A challenge announced (who, rating, clock, rated, colour) and answered yes or no.
fn ask_challenge(challenge: &ChallengeInfo, outputs: &mut Outputs, w: &Wording) -> bool {
    let challenger = challenge.challenger.clone().unwrap_or_else(|| crate::online::Player {
        id: String::new(),
        name: "?".into(),
        rating: None,
        ai_level: None,
    });
    let rating = challenger.rating.map_or_else(|| w.text("online.unrated", &[]), |r| r.to_string());
    let clock = match challenge.time_control.as_ref().and_then(|t| t.limit.zip(t.increment)) {
        Some((limit, increment)) => clock_words(w, limit / 60, increment),
        None => w.words("online.no_clock", &[]),
    };
    let kind = w.text(if challenge.rated { "online.rated" } else { "online.casual" }, &[]);
    let color = match challenge.color.as_str() {
        "white" => w.color(shakmaty::Color::Black),
        "black" => w.color(shakmaty::Color::White),
        _ => w.text("online.random_color", &[]),
    };
    let args = [
        ("name", crate::wording::player_name(&challenger.name, "games.unnamed_white", w.catalog()).into()),
        ("rating", rating.into()),
        ("clock", clock),
        ("kind", kind.into()),
        ("color", color.into()),
    ];
    say(outputs, w, w.words("online.challenged", &args));
    let mut line = String::new();
    if io::stdin().lock().read_line(&mut line).is_err() {
        return false;
    }
    let answer = line.trim().to_lowercase();
    ["yes", "y", "accept", "jah", "nõus", "ja", "annehmen"].contains(&answer.as_str())
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
