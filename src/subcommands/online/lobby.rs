//! The way to an online game, said as it goes: the games already in progress on the account
//! named (and never joined by mistake), then a seek, a challenge kept alive until it is answered,
//! a game against lichess's computer, or a wait for a challenge or a game. Every outcome is said:
//! a seek refused with the server's reason, a challenge declined with the decliner's reason or
//! cancelled, a challenge to the player cancelled; the wait is said every half minute with the
//! way out; a request the server asks to repeat later (429) is repeated after the wait. A
//! challenge to the player is asked about while the server is still heard: withdrawn before it
//! is answered, it is said at once.

use std::sync::mpsc;
use std::time::Duration;

use crate::cli::OnlineArgs;
use crate::command::{CommandSet, Key};
use crate::front::{Outputs, Prompter, Typed};
use crate::online::{AccountEvent, ChallengeInfo, GameInfo, Lichess, OnlineError, Reading, Seek};
use crate::session::Command;
use crate::wording::{Line, Wording, Words};

/// How often the wait is said.
const WAIT_SAID: Duration = Duration::from_secs(30);

/// How many times a request the server asks to repeat later is repeated.
const PATIENCE: usize = 5;

/// What the lobby hears: the account's events, and how a seek or a challenge request went.
enum Heard {
    /// An event of the account's stream.
    Event(Box<AccountEvent>),
    /// The seek's request ended: closed (a game started, or the seek lapsed), or refused.
    SeekEnded(Result<(), OnlineError>),
    /// A line of the challenge's stream: its id first, how it ended last.
    Challenge(String),
    /// The challenge could not be made, or its stream broke.
    ChallengeFailed(OnlineError),
    /// The account's stream broke or fell silent; it is opened again.
    Silent,
    /// A line was typed (or the input ended): the prompter has it.
    Typed,
}

/// What went wrong with the server, in `w`'s language.
pub(super) fn online_words(e: &OnlineError, w: &Wording) -> Words {
    match e {
        OnlineError::Unauthorized => w.words("online.unauthorized", &[]),
        OnlineError::RateLimited(wait) => w.words("online.wait", &[("time", w.duration(*wait).into())]),
        OnlineError::Refused(reason) => w.words("online.server_refused", &[("reason", Words::plain(reason))]),
        OnlineError::NotFound(_) => w.words("online.not_found", &[]),
        OnlineError::Network(_) => w.words("online.unreachable", &[]),
    }
}

/// Says `words`; a broken output is let be (the game goes on to be refused or played).
pub(super) fn say(outputs: &mut Outputs, w: &Wording, words: Words) {
    let _ = outputs.say(&[w.say(words)]);
}

/// `request`, repeated after the wait the server asks for (said), a few times at most.
pub(super) fn patiently<T>(
    outputs: &mut Outputs,
    w: &Wording,
    request: impl Fn() -> Result<T, OnlineError>,
) -> Result<T, OnlineError> {
    let mut tries = 0;
    loop {
        match request() {
            Err(OnlineError::RateLimited(wait)) if tries < PATIENCE => {
                say(outputs, w, w.words("online.wait", &[("time", w.duration(wait).into())]));
                std::thread::sleep(wait);
                tries += 1;
            }
            other => return other,
        }
    }
}

/// Seeks, challenges or waits, as asked, until a game of this account starts: its id; none if
/// the player stopped the wait (Ctrl+C at the keyboard).
pub(super) fn wait_for_game(
    lichess: &Lichess,
    args: &OnlineArgs,
    me: &str,
    (outputs, prompter): (&mut Outputs, &mut Prompter),
    w: &Wording,
) -> Result<Option<String>, Words> {
    let events = patiently(outputs, w, || lichess.events()).map_err(|e| online_words(&e, w))?;
    let (to, heard) = mpsc::channel();
    let mut question = Question { prompter, to: to.clone(), asked: None, next: Vec::new() };
    let (events_to, reader) = (to.clone(), lichess.clone());
    std::thread::spawn(move || follow_events(&reader, events, &events_to));
    let (minutes, increment) = args.seek.unwrap_or((15, 10));
    let seek = Seek { minutes, increment, rated: args.rated, variant: args.variant.clone() };
    let clock = clock_words(w, u64::from(minutes), u64::from(increment));
    // The games already in progress are named, and never joined by mistake.
    let elsewhere = patiently(outputs, w, || lichess.playing()).unwrap_or_default();
    if !elsewhere.is_empty() {
        say(outputs, w, in_progress(&elsewhere, w));
    }
    if let Some(level) = args.ai {
        let id = patiently(outputs, w, || lichess.challenge_ai(level, &seek)).map_err(|e| online_words(&e, w))?;
        let level = Words::plain(level.to_string());
        say(outputs, w, w.words("online.challenging_ai", &[("level", level), ("clock", clock)]));
        return Ok(Some(id));
    }
    let waiting = if let Some(user) = &args.challenge {
        let lines = patiently(outputs, w, || lichess.challenge(user, &seek)).map_err(|e| online_words(&e, w))?;
        std::thread::spawn(move || {
            for line in lines {
                let heard = line.map_or_else(Heard::ChallengeFailed, Heard::Challenge);
                if to.send(heard).is_err() {
                    return;
                }
            }
        });
        w.words("online.challenging", &[("user", Words::plain(user)), ("clock", clock)])
    } else if args.seek.is_some() {
        let seeker = lichess.clone();
        std::thread::spawn(move || {
            let _ = to.send(Heard::SeekEnded(seeker.seek(&seek)));
        });
        w.words("online.seeking", &[("clock", clock)])
    } else if args.accept {
        w.words("online.waiting_challenge", &[])
    } else {
        w.words("online.waiting_game", &[])
    };
    say(outputs, w, waiting);
    listen(&heard, (lichess, me), &elsewhere, (outputs, &mut question), w)
}

/// The account's events, each handed on, the stream watched for silence and opened again when
/// it breaks or falls silent (lichess names the games in progress again, which are let be).
fn follow_events(lichess: &Lichess, first: crate::online::Lines, to: &mpsc::Sender<Heard>) {
    let mut lines = Some(first);
    loop {
        if let Some(opened) = lines.take() {
            let handed = |line: String| match serde_json::from_str::<AccountEvent>(&line) {
                Ok(event) => to.send(Heard::Event(Box::new(event))).is_err(),
                Err(_) => false,
            };
            match crate::online::watch(opened, handed) {
                Reading::Done => return,
                Reading::Silent | Reading::Broke => {
                    if to.send(Heard::Silent).is_err() {
                        return;
                    }
                }
            }
        }
        std::thread::sleep(Duration::from_secs(1));
        lines = lichess.events().ok();
    }
}

/// The lobby's loop: what is heard answered until the awaited game starts (its id) or the wait
/// ends (why), or the player stops it (none).
fn listen(
    heard: &mpsc::Receiver<Heard>,
    (lichess, me): (&Lichess, &str),
    elsewhere: &[GameInfo],
    (outputs, question): (&mut Outputs, &mut Question),
    w: &Wording,
) -> Result<Option<String>, Words> {
    let mut expected: Option<String> = None;
    // Challenges already said to be withdrawn.
    let mut withdrawn: Vec<String> = Vec::new();
    loop {
        let event = match heard.recv_timeout(WAIT_SAID) {
            Ok(Heard::Event(event)) => *event,
            Ok(Heard::SeekEnded(Err(e)) | Heard::ChallengeFailed(e)) => return Err(online_words(&e, w)),
            Ok(Heard::SeekEnded(Ok(()))) => continue,
            Ok(Heard::Silent) => {
                say(outputs, w, w.words("online.lobby_silent", &[]));
                continue;
            }
            Ok(Heard::Challenge(line)) => match challenge_ended(&line) {
                Some("declined") => return Err(declined(heard, w)),
                Some("accepted") | None => {
                    expected = expected.or_else(|| crate::online::id_in(&line));
                    continue;
                }
                Some(_) => return Err(w.words("online.challenge_canceled", &[])),
            },
            Err(mpsc::RecvTimeoutError::Timeout) => {
                say(outputs, w, w.words("online.still_waiting", &[]));
                continue;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => return Err(w.words("online.unreachable", &[])),
            Ok(Heard::Typed) => {
                let (challenge, yes) = match question.answered(outputs, w) {
                    Some(Answered::Challenge(challenge, yes)) => (*challenge, yes),
                    Some(Answered::Stop) => return Ok(None),
                    None => continue,
                };
                if let Some(id) = answer_challenge(lichess, &challenge, yes, (outputs, w), &mut withdrawn)? {
                    expected = Some(id);
                }
                question.ask_next(outputs, w);
                continue;
            }
        };
        match event {
            AccountEvent::GameStart { game } if is_awaited(&game.game_id, expected.as_deref(), elsewhere) => {
                return Ok(Some(game.game_id))
            }
            AccountEvent::Challenge { challenge } if is_for(&challenge, me) => {
                question.next.push(challenge);
                question.ask_next(outputs, w);
            }
            AccountEvent::ChallengeCanceled { challenge }
                if is_for(&challenge, me) && !withdrawn.contains(&challenge.id) =>
            {
                say(outputs, w, w.words("online.challenge_withdrawn", &[]));
                question.withdraw(&challenge.id);
                withdrawn.push(challenge.id);
                question.ask_next(outputs, w);
            }
            AccountEvent::ChallengeDeclined { challenge } if !is_for(&challenge, me) => {
                return Err(declined_because(&challenge, w));
            }
            _ => {}
        }
    }
}

/// How a kept-alive challenge ended (`{"done":"accepted"}` …), if the line says.
fn challenge_ended(line: &str) -> Option<&'static str> {
    let value: serde_json::Value = serde_json::from_str(line).ok()?;
    match value.get("done")?.as_str()? {
        "accepted" => Some("accepted"),
        "declined" => Some("declined"),
        _ => Some("canceled"),
    }
}

/// The challenge was declined: with the decliner's reason when the event stream brings it soon.
fn declined(heard: &mpsc::Receiver<Heard>, w: &Wording) -> Words {
    while let Ok(next) = heard.recv_timeout(Duration::from_secs(2)) {
        if let Heard::Event(event) = next {
            if let AccountEvent::ChallengeDeclined { challenge } = *event {
                return declined_because(&challenge, w);
            }
        }
    }
    w.words("online.challenge_declined", &[])
}

/// A declined challenge said, with the reason given.
fn declined_because(challenge: &ChallengeInfo, w: &Wording) -> Words {
    match challenge.decline_reason.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
        Some(reason) => w.words("online.challenge_declined_because", &[("reason", Words::plain(reason))]),
        None => w.words("online.challenge_declined", &[]),
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

/// Answers `challenge` as the player did (`yes`): a game accepted has the challenge's id, which
/// is handed back; declined, it is said; withdrawn while it was being answered (the server no
/// longer knows it), that is said, and the wait goes on.
fn answer_challenge(
    lichess: &Lichess,
    challenge: &ChallengeInfo,
    yes: bool,
    (outputs, w): (&mut Outputs, &Wording),
    withdrawn: &mut Vec<String>,
) -> Result<Option<String>, Words> {
    match lichess.answer_challenge(&challenge.id, yes) {
        Err(OnlineError::NotFound(_)) => {
            if !withdrawn.contains(&challenge.id) {
                say(outputs, w, w.words("online.challenge_withdrawn", &[]));
                withdrawn.push(challenge.id.clone());
            }
            return Ok(None);
        }
        answered => answered.map_err(|e| online_words(&e, w))?,
    }
    if !yes {
        say(outputs, w, w.words("online.challenge_declined_here", &[]));
    }
    Ok(yes.then(|| challenge.id.clone()))
}

/// What a line typed in the lobby answered.
enum Answered {
    /// The challenge asked about: accepted or not.
    Challenge(Box<ChallengeInfo>, bool),
    /// Ctrl+C: the wait is stopped.
    Stop,
}

/// The challenges to the player asked about one at a time, each answered yes or no in any
/// language (`repeat` saying it again; anything else is said to be no answer, and it is asked
/// again; the end of the input declines it), the line read on a thread of its own while the
/// server is heard.
struct Question<'p> {
    prompter: &'p mut Prompter,
    /// Where the lobby hears that a line has come.
    to: mpsc::Sender<Heard>,
    /// The challenge asked about, and the lines that ask it.
    asked: Option<(ChallengeInfo, Line)>,
    /// The challenges still to be asked about.
    next: Vec<ChallengeInfo>,
}

impl Question<'_> {
    /// Asks about the next challenge waiting, if none is being asked about.
    fn ask_next(&mut self, outputs: &mut Outputs, w: &Wording) {
        if self.asked.is_some() || self.next.is_empty() {
            return;
        }
        let challenge = self.next.remove(0);
        let asked = w.say(challenge_words(&challenge, w));
        let _ = outputs.say(std::slice::from_ref(&asked));
        self.asked = Some((challenge, asked));
        self.listen();
    }

    /// Asks for the next line, which the lobby hears of when it has come.
    fn listen(&mut self) {
        let to = self.to.clone();
        self.prompter.ask("> ", move || {
            let _ = to.send(Heard::Typed);
        });
    }

    /// The challenge `id` was withdrawn: not asked about any more.
    fn withdraw(&mut self, id: &str) {
        self.next.retain(|c| c.id != id);
        if self.asked.as_ref().is_some_and(|(asked, _)| asked.id == id) {
            self.asked = None;
        }
    }

    /// The line typed, if it answers the challenge asked about (the challenge, and whether it is
    /// accepted) or stops the wait. A line that asks it again or answers nothing is said to, and
    /// the next is asked for; a line typed when nothing is asked is said to answer nothing.
    fn answered(&mut self, outputs: &mut Outputs, w: &Wording) -> Option<Answered> {
        let line = match self.prompter.answered()? {
            Ok(Some(Typed::Key(Key::Interrupt))) => return Some(Answered::Stop),
            Ok(Some(Typed::Line(line))) => Some(line),
            Ok(Some(Typed::Key(_))) => Some(String::new()),
            // The input ended (or broke): no answer will come, and the challenge is declined.
            Ok(None) | Err(_) => None,
        };
        let Some((challenge, asked)) = self.asked.take() else {
            if line.is_some() {
                say(outputs, w, w.words("online.nothing_asked", &[]));
            }
            return None;
        };
        let Some(line) = line else { return Some(Answered::Challenge(Box::new(challenge), false)) };
        match crate::command::lookup(Command::records(), line.trim()).map(|r| r.name) {
            Some("accept") => return Some(Answered::Challenge(Box::new(challenge), true)),
            Some("decline") => return Some(Answered::Challenge(Box::new(challenge), false)),
            Some("repeat") => {
                let _ = outputs.say(std::slice::from_ref(&asked));
            }
            // Anything else answers nothing: said, and the question asked again.
            _ => {
                let again = w.line("question.again", &[]).with_cue(crate::audio::Cue::Error);
                let _ = outputs.say(&[again, asked.clone()]);
            }
        }
        self.asked = Some((challenge, asked));
        self.listen();
        None
    }
}

/// A challenge announced: who, rating, clock, rated, colour, and the question.
fn challenge_words(challenge: &ChallengeInfo, w: &Wording) -> Words {
    let challenger = challenge.challenger.clone().unwrap_or_else(|| crate::online::Player {
        id: String::new(),
        name: "?".into(),
        rating: None,
        ai_level: None,
    });
    let rating = challenger.rating.map_or_else(|| w.text("online.unrated", &[]), |r| r.to_string());
    let control = challenge.time_control.as_ref();
    let clock = match (control.and_then(|t| t.limit.zip(t.increment)), control.and_then(|t| t.days_per_turn)) {
        (Some((limit, increment)), _) => clock_words(w, limit / 60, increment),
        (None, Some(days)) => w.words("online.days_per_move", &[("days", Words::plain(days.to_string()))]),
        (None, None) => w.words("online.no_clock", &[]),
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
    w.words("online.challenged", &args)
}
