//! A stand-in for lichess's Board API on localhost, written for the tests from the documented
//! endpoints: the account, the event stream, seeks and challenges, a game's stream (the whole game
//! first, then each state), moves, draw offers and answers, resignation. An opponent answers each
//! move from a script (or ends the game with a status of its own); the stand-in can refuse a move, ask the client to wait (429), refuse the
//! token (401), drop the game's stream once, and send a line slowly. Every request is logged.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The opponent's answer to a move.
#[derive(Clone)]
pub struct Reply {
    /// The move, in UCI.
    pub uci: &'static str,
    /// A draw is offered with it.
    pub offers_draw: bool,
}

/// What the stand-in does beyond the plain game.
#[derive(Default, Clone)]
pub struct Script {
    /// The opponent's answers, in order.
    pub replies: Vec<Reply>,
    /// The game's streams are dropped once, right after the player's move number N (from 1) is
    /// taken, and the opponent answers while the client is away.
    pub drop_after: Option<usize>,
    /// Moves (UCI) refused with a reason.
    pub refuse: Vec<&'static str>,
    /// A refusal comes this long after the move is posted.
    pub refuse_delay: Option<Duration>,
    /// The first N move requests are answered 429 (wait one second).
    pub rate_limited: usize,
    /// The gameFull line is sent in two halves, a second apart.
    pub slow: bool,
    /// Bruno challenges the account when its event stream opens.
    pub challenge: bool,
    /// The opponent leaves after the first move (the win can be claimed at once).
    pub leaves: bool,
    /// The opponent writes a chat line after the first move.
    pub chats: bool,
    /// Each move of the player is shown this long after it is taken.
    pub echo_delay: Option<Duration>,
    /// After the player's move number N (from 1) the server ends the game with this status of
    /// `GameStatusName` and winner (`white`, `black`), instead of answering.
    pub ends: Option<(usize, &'static str, Option<&'static str>)>,
    /// The account has another game in progress (`corr0001`, a correspondence game against
    /// Philippe): listed by `/api/account/playing` and started first on the event stream.
    pub elsewhere: bool,
    /// The opponent is lichess's AI at this level (challenged through `/api/challenge/ai`).
    pub ai: Option<u8>,
    /// After the player's move number N (from 1) the game's open streams fall silent, without
    /// closing and without keep-alive lines (a network gone without a reset); a stream opened
    /// after that is served as usual.
    pub silent_after: Option<usize>,
    /// After the player's move number N (from 1) the server rewrites the game's first move
    /// (to d2d4): its list no longer fits the game.
    pub rewrite_after: Option<usize>,
    /// With the opponent's first answer, the player's next move is made on the server's own
    /// board (this UCI move), not sent from the program.
    pub made_elsewhere: Option<&'static str>,
    /// Before the first move the state says the first move's deadline (30 s, 1 s gone).
    pub deadline: bool,
    /// A correspondence game of this many days a move (no clock).
    pub days: Option<u32>,
    /// Bruno's challenge is withdrawn at once: its accept answers 404.
    pub challenge_withdrawn: bool,
    /// The same, with no event saying so: only the accept's 404 does.
    pub withdrawn_unsaid: bool,
    /// The account's first event stream falls silent at once (no line, no keep-alive).
    pub events_silent: bool,
    /// A challenge made by the account is withdrawn before it is answered (lichess cancels it).
    pub cancels: bool,
    /// A challenge made by the account is declined, with this reason.
    pub declines: Option<&'static str>,
    /// A seek is refused (400) with this reason.
    pub seek_refused: Option<&'static str>,
    /// The first N requests for the account are answered 429 (wait one second).
    pub account_rate_limited: usize,
    /// The game's stream answers 404 (a game the server no longer has) after the first two
    /// openings (the lobby's and the game's).
    pub gone: bool,
}

struct State {
    token: String,
    script: Script,
    replies: VecDeque<Reply>,
    started: bool,
    moves: Vec<String>,
    status: &'static str,
    winner: Option<&'static str>,
    bdraw: bool,
    own_moves: usize,
    games: Vec<TcpStream>,
    /// The game's chat so far: who wrote what.
    chat: Vec<(&'static str, &'static str)>,
    /// Streams fallen silent: kept open, never written to.
    silent: Vec<TcpStream>,
    /// How often the game's stream was opened.
    openings: usize,
    events: Vec<TcpStream>,
    log: Vec<String>,
    /// The bodies of the requests (forms), in order.
    bodies: Vec<String>,
    /// When each request came and each state was sent, in order (for the benchmarks).
    times: Vec<(String, std::time::Instant)>,
    /// White went berserk: their clock halved.
    berserk: bool,
}

/// The stand-in server, serving until dropped with the test.
pub struct StandIn {
    /// `http://127.0.0.1:PORT`.
    pub url: String,
    state: Arc<Mutex<State>>,
}

const GAME: &str = "g1game";

impl StandIn {
    /// A stand-in that takes `token`, playing Bruno (Black) against Anna (White, this account).
    pub fn start(token: &str, script: Script) -> StandIn {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let replies = script.replies.iter().cloned().collect();
        let state = Arc::new(Mutex::new(State {
            token: token.to_string(),
            script,
            replies,
            started: false,
            moves: Vec::new(),
            status: "started",
            winner: None,
            bdraw: false,
            own_moves: 0,
            games: Vec::new(),
            silent: Vec::new(),
            chat: Vec::new(),
            openings: 0,
            events: Vec::new(),
            log: Vec::new(),
            bodies: Vec::new(),
            times: Vec::new(),
            berserk: false,
        }));
        // An empty line on every open stream now and then, as lichess keeps its streams open.
        let beating = Arc::downgrade(&state);
        std::thread::spawn(move || {
            while let Some(state) = beating.upgrade() {
                {
                    let mut s = state.lock().unwrap();
                    s.games.retain_mut(|g| g.write_all(b"\n").and_then(|_| g.flush()).is_ok());
                    s.events.retain_mut(|e| e.write_all(b"\n").and_then(|_| e.flush()).is_ok());
                }
                drop(state);
                std::thread::sleep(Duration::from_secs(2));
            }
        });
        let shared = Arc::clone(&state);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let state = Arc::clone(&shared);
                std::thread::spawn(move || serve(stream, &state));
            }
        });
        StandIn { url, state }
    }

    /// The requests seen so far (`POST /api/board/game/g1game/draw/no` …).
    pub fn log(&self) -> Vec<String> {
        self.state.lock().unwrap().log.clone()
    }

    /// When each request came and each state (`state N`, N moves) was sent (read by the online
    /// benchmark, which shares this stand-in).
    #[allow(dead_code)]
    pub fn times(&self) -> Vec<(String, std::time::Instant)> {
        self.state.lock().unwrap().times.clone()
    }

    /// The bodies of the requests so far (the forms of seeks and challenges).
    #[allow(dead_code)]
    pub fn bodies(&self) -> Vec<String> {
        self.state.lock().unwrap().bodies.clone()
    }

    /// The moves of the game so far.
    pub fn moves(&self) -> Vec<String> {
        self.state.lock().unwrap().moves.clone()
    }
}

fn serve(stream: TcpStream, state: &Arc<Mutex<State>>) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut request = String::new();
    if reader.read_line(&mut request).is_err() {
        return;
    }
    let mut parts = request.split_whitespace();
    let (method, path) = (parts.next().unwrap_or("").to_string(), parts.next().unwrap_or("").to_string());
    let (mut authorized, mut length) = (false, 0usize);
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).is_err() || header.trim().is_empty() {
            break;
        }
        let (name, value) = header.split_once(':').unwrap_or((&header, ""));
        match name.trim().to_ascii_lowercase().as_str() {
            "authorization" => authorized = value.trim() == format!("Bearer {}", state.lock().unwrap().token),
            "content-length" => length = value.trim().parse().unwrap_or(0),
            _ => {}
        }
    }
    let mut body = vec![0; length];
    let _ = reader.read_exact(&mut body);
    {
        let mut s = state.lock().unwrap();
        s.log.push(format!("{method} {path}"));
        s.bodies.push(String::from_utf8_lossy(&body).into_owned());
        s.times.push((format!("{method} {path}"), std::time::Instant::now()));
    }
    let mut stream = stream;
    if !authorized {
        return answer(&mut stream, 401, r#"{"error":"No such token"}"#);
    }
    let body = String::from_utf8_lossy(&body).into_owned();
    route(&mut stream, state, (&method, &path), &body);
}

fn route(stream: &mut TcpStream, state: &Arc<Mutex<State>>, (method, path): (&str, &str), body: &str) {
    let game = format!("/api/board/game/{GAME}/");
    match (method, path) {
        ("GET", "/api/account") => {
            let mut s = state.lock().unwrap();
            if s.script.account_rate_limited > 0 {
                s.script.account_rate_limited -= 1;
                drop(s);
                return answer_with(stream, 429, "Retry-After: 1\r\n", r#"{"error":"Too many requests"}"#);
            }
            drop(s);
            answer(stream, 200, r#"{"id":"anna","username":"Anna"}"#)
        }
        ("GET", "/api/account/playing") => {
            let playing = if state.lock().unwrap().script.elsewhere { ELSEWHERE } else { "" };
            answer(stream, 200, &format!(r#"{{"nowPlaying":[{playing}]}}"#));
        }
        ("GET", "/api/stream/event") => {
            open_stream(stream);
            let mut s = state.lock().unwrap();
            if std::mem::take(&mut s.script.events_silent) {
                s.silent.push(stream.try_clone().unwrap());
                return;
            }
            if s.script.elsewhere {
                // lichess names every game in progress first.
                let _ = writeln!(stream, r#"{{"type":"gameStart","game":{ELSEWHERE}}}"#);
            }
            if s.started {
                let _ = writeln!(stream, "{}", game_start());
            } else if s.script.challenge {
                let _ = writeln!(stream, "{}", CHALLENGE);
                if s.script.challenge_withdrawn && !s.script.withdrawn_unsaid {
                    let canceled = CHALLENGE.replacen(r#""type":"challenge""#, r#""type":"challengeCanceled""#, 1);
                    let _ = writeln!(stream, "{canceled}");
                }
            }
            s.events.push(stream.try_clone().unwrap());
        }
        ("POST", "/api/board/seek") => {
            if let Some(reason) = state.lock().unwrap().script.seek_refused {
                return answer(stream, 400, &format!(r#"{{"error":"{reason}"}}"#));
            }
            start_game(state);
            answer(stream, 200, "");
        }
        ("POST", p) if p == format!("/api/challenge/{GAME}/decline") => answer(stream, 200, r#"{"ok":true}"#),
        ("POST", "/api/challenge/ai") => {
            start_game(state);
            let game = format!(
                r#"{{"id":"{GAME}","variant":{{"key":"standard"}},"speed":"rapid","rated":false,"turns":0,"player":"white","fullId":"{GAME}abcd"}}"#
            );
            answer(stream, 201, &game);
        }
        ("POST", p) if p.starts_with("/api/challenge/") && p.ends_with("/accept") => {
            let withdrawn = {
                let script = &state.lock().unwrap().script;
                script.challenge_withdrawn || script.withdrawn_unsaid
            };
            if withdrawn {
                return answer(stream, 404, r#"{"error":"Not found"}"#);
            }
            start_game(state);
            answer(stream, 200, r#"{"ok":true}"#);
        }
        ("POST", p) if p.starts_with("/api/challenge/") => challenged(stream, state, body),
        ("GET", p) if p == format!("/api/board/game/stream/{GAME}") => {
            {
                let mut s = state.lock().unwrap();
                s.openings += 1;
                if s.script.gone && s.openings > 2 {
                    drop(s);
                    return answer(stream, 404, r#"{"error":"Not found"}"#);
                }
            }
            open_stream(stream);
            let full = full_json(&state.lock().unwrap());
            if state.lock().unwrap().script.slow {
                let (first, second) = full.split_at(full.len() / 2);
                let _ = stream.write_all(first.as_bytes());
                let _ = stream.flush();
                std::thread::sleep(Duration::from_secs(1));
                let _ = writeln!(stream, "{second}");
            } else {
                let _ = writeln!(stream, "{full}");
            }
            state.lock().unwrap().games.push(stream.try_clone().unwrap());
        }
        ("GET", p) if p == format!("{game}chat") => {
            let lines: Vec<String> = state
                .lock()
                .unwrap()
                .chat
                .iter()
                .map(|(user, text)| format!(r#"{{"text":"{text}","user":"{}"}}"#, user.to_lowercase()))
                .collect();
            answer(stream, 200, &format!("[{}]", lines.join(",")));
        }
        ("POST", p) if p.starts_with(&game) => action(stream, state, &p[game.len()..]),
        _ => answer(stream, 404, r#"{"error":"Not found"}"#),
    }
}

/// A move, a draw answer or a resignation on the game.
fn action(stream: &mut TcpStream, state: &Arc<Mutex<State>>, what: &str) {
    let mut s = state.lock().unwrap();
    if let Some(uci) = what.strip_prefix("move/") {
        let uci = uci.split('?').next().unwrap_or(uci).to_string();
        if s.script.rate_limited > 0 {
            s.script.rate_limited -= 1;
            drop(s);
            return answer_with(stream, 429, "Retry-After: 1\r\n", r#"{"error":"Too many requests"}"#);
        }
        if s.script.refuse.contains(&uci.as_str()) {
            let delay = s.script.refuse_delay;
            drop(s);
            std::thread::sleep(delay.unwrap_or_default());
            return answer(stream, 400, r#"{"error":"Piece on that square cannot move there"}"#);
        }
        if s.moves.len() % 2 == 1 || s.status != "started" {
            drop(s);
            return answer(stream, 400, r#"{"error":"Not your turn, or game already over"}"#);
        }
        s.moves.push(uci);
        s.own_moves += 1;
        if s.script.rewrite_after == Some(s.own_moves) {
            s.moves[0] = "d2d4".into();
        }
        s.bdraw = false;
        let dropping = s.script.drop_after == Some(s.own_moves);
        if s.script.silent_after == Some(s.own_moves) {
            // The streams fall silent before the move is shown.
            let games = std::mem::take(&mut s.games);
            s.silent.extend(games);
        } else if dropping {
            // The connection breaks before the move is shown; the client reads it on return.
            for game in s.games.drain(..) {
                let _ = game.shutdown(std::net::Shutdown::Both);
            }
        } else if s.script.echo_delay.is_none() {
            broadcast(&mut s);
        }
        let echo_delay = s.script.echo_delay;
        drop(s);
        answer(stream, 200, r#"{"ok":true}"#);
        if let Some(delay) = echo_delay {
            std::thread::sleep(delay);
            broadcast(&mut state.lock().unwrap());
        }
        let state = Arc::clone(state);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            let mut s = state.lock().unwrap();
            if s.script.chats {
                s.script.chats = false;
                s.chat.push(("Bruno", "good luck"));
                let line = r#"{"type":"chatLine","room":"player","username":"Bruno","text":"good luck"}"#;
                s.games.retain_mut(|g| writeln!(g, "{line}").is_ok());
            }
            if let Some((_, status, winner)) = s.script.ends.filter(|(after, _, _)| *after == s.own_moves) {
                s.script.ends = None;
                s.status = status;
                s.winner = winner;
                broadcast(&mut s);
                return;
            }
            if s.script.leaves {
                let line = r#"{"type":"opponentGone","gone":true,"claimWinInSeconds":0}"#;
                s.games.retain_mut(|g| writeln!(g, "{line}").is_ok());
                return;
            }
            if let Some(reply) = s.replies.pop_front() {
                s.moves.push(reply.uci.to_string());
                s.bdraw = reply.offers_draw;
                if let Some(elsewhere) = s.script.made_elsewhere.take() {
                    s.moves.push(elsewhere.to_string());
                    s.own_moves += 1;
                }
                broadcast(&mut s);
            }
        });
        return;
    }
    match what {
        "draw/no" => s.bdraw = false,
        "draw/yes" if s.bdraw => s.status = "draw",
        "resign" => {
            s.status = "resign";
            s.winner = Some("black");
        }
        "abort" => s.status = "aborted",
        "takeback/yes" => {
            // The opponent agrees: back to before the player's last move.
            let keep = s.moves.len().saturating_sub(if s.moves.len().is_multiple_of(2) { 2 } else { 1 });
            s.moves.truncate(keep);
        }
        "claim-victory" => {
            s.status = "timeout";
            s.winner = Some("white");
        }
        // A draw claimed when the opponent has gone: `timeout` without a winner.
        "claim-draw" => s.status = "timeout",
        // Berserk only before the player's first move, as lichess allows it.
        "berserk" if !s.moves.is_empty() => {
            drop(s);
            return answer(stream, 400, r#"{"error":"Too late to go berserk"}"#);
        }
        "berserk" => s.berserk = true,
        _ => {}
    }
    broadcast(&mut s);
    drop(s);
    answer(stream, 200, r#"{"ok":true}"#);
}

/// A correspondence game already in progress on the account.
const ELSEWHERE: &str = r#"{"gameId":"corr0001","fullId":"corr0001wxyz","color":"black","fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","hasMoved":false,"isMyTurn":true,"lastMove":"e2e4","opponent":{"id":"philippe","rating":1790,"username":"Philippe"},"perf":"correspondence","rated":false,"secondsLeft":1209600,"source":"friend","speed":"correspondence","variant":{"key":"standard","name":"Standard"},"compat":{"bot":false,"board":true}}"#;

const CHALLENGE: &str = r#"{"type":"challenge","challenge":{"id":"g1game","url":"http://localhost/g1game","status":"created","challenger":{"id":"bruno","name":"Bruno","rating":1850},"destUser":{"id":"anna","name":"Anna","rating":1700},"variant":{"key":"standard","name":"Standard"},"rated":true,"speed":"rapid","timeControl":{"type":"clock","limit":600,"increment":5,"show":"10+5"},"color":"black","perf":{"name":"Rapid"}}}"#;

/// A challenge made by the account, kept alive on its stream when asked (its id is the game's):
/// accepted at once, or declined with the script's reason (on the event stream too).
fn challenged(stream: &mut TcpStream, state: &Arc<Mutex<State>>, body: &str) {
    let created = format!(r#"{{"id":"{GAME}","url":"http://localhost/{GAME}","status":"created"}}"#);
    if !body.contains("keepAliveStream=true") {
        start_game(state);
        return answer(stream, 200, &created);
    }
    open_stream(stream);
    let _ = writeln!(stream, "{created}");
    let _ = stream.flush();
    std::thread::sleep(Duration::from_millis(300));
    let (declines, cancels) = {
        let s = state.lock().unwrap();
        (s.script.declines, s.script.cancels)
    };
    if cancels {
        let _ = writeln!(stream, r#"{{"done":"canceled"}}"#);
        return;
    }
    match declines {
        Some(reason) => {
            let event = format!(
                r#"{{"type":"challengeDeclined","challenge":{{"id":"{GAME}","status":"declined","challenger":{{"id":"anna","name":"Anna"}},"destUser":{{"id":"bruno","name":"Bruno"}},"declineReason":"{reason}","declineReasonKey":"generic"}}}}"#
            );
            state.lock().unwrap().events.retain_mut(|e| writeln!(e, "{event}").is_ok());
            let _ = writeln!(stream, r#"{{"done":"declined"}}"#);
        }
        None => {
            start_game(state);
            let _ = writeln!(stream, r#"{{"done":"accepted"}}"#);
        }
    }
}

fn start_game(state: &Arc<Mutex<State>>) {
    let mut s = state.lock().unwrap();
    s.started = true;
    let line = game_start();
    s.events.retain_mut(|e| writeln!(e, "{line}").is_ok());
}

fn broadcast(s: &mut State) {
    let line = state_json(s);
    s.times.push((format!("state {}", s.moves.len()), std::time::Instant::now()));
    s.games.retain_mut(|g| writeln!(g, "{line}").and_then(|_| g.flush()).is_ok());
}

fn game_start() -> String {
    format!(
        r#"{{"type":"gameStart","game":{{"gameId":"{GAME}","fullId":"{GAME}abcd","color":"white","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","hasMoved":false,"isMyTurn":true,"opponent":{{"id":"bruno","username":"Bruno","rating":1850}},"perf":"rapid","rated":false,"secondsLeft":900,"source":"lobby","speed":"rapid","variant":{{"key":"standard","name":"Standard"}},"compat":{{"bot":false,"board":true}}}}}}"#
    )
}

fn state_body(s: &State) -> String {
    let mut winner = s.winner.map(|w| format!(r#","winner":"{w}""#)).unwrap_or_default();
    if s.script.deadline && s.moves.is_empty() {
        winner.push_str(r#","expiration":{"idleMillis":1000,"millisToMove":30000}"#);
    }
    format!(
        r#""moves":"{}","wtime":{},"btime":{},"winc":10000,"binc":10000,"status":"{}","wdraw":false,"bdraw":{},"wtakeback":false,"btakeback":false{winner}"#,
        s.moves.join(" "),
        (900_000 - 5_000 * s.moves.len() as u64) / if s.berserk { 2 } else { 1 },
        900_000 - 4_000 * s.moves.len() as u64,
        s.status,
        s.bdraw
    )
}

fn state_json(s: &State) -> String {
    format!(r#"{{"type":"gameState",{}}}"#, state_body(s))
}

fn full_json(s: &State) -> String {
    format!(
        r#"{{"type":"gameFull","id":"{GAME}","rated":false,"variant":{{"key":"standard","name":"Standard","short":"Std"}},{},"speed":"rapid","perf":{{"name":"Rapid"}},"createdAt":1,"white":{{"id":"anna","name":"Anna","rating":1700,"provisional":false}},"black":{},"initialFen":"startpos","state":{{"type":"gameState",{}}}}}"#,
        match s.script.days {
            Some(days) => format!(r#""clock":null,"daysPerTurn":{days}"#),
            None => r#""clock":{"initial":900000,"increment":10000}"#.to_string(),
        },
        match s.script.ai {
            // lichess's AI has no id and no name, only its level.
            Some(level) => format!(r#"{{"aiLevel":{level}}}"#),
            None => r#"{"id":"bruno","name":"Bruno","rating":1850}"#.to_string(),
        },
        state_body(s)
    )
}

fn open_stream(stream: &mut TcpStream) {
    let _ = stream.write_all(b"HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nConnection: close\r\n\r\n");
}

fn answer(stream: &mut TcpStream, status: u16, body: &str) {
    answer_with(stream, status, "", body);
}

fn answer_with(stream: &mut TcpStream, status: u16, headers: &str, body: &str) {
    let reason = match status {
        200 => "OK",
        201 => "Created",
        400 => "Bad Request",
        401 => "Unauthorized",
        429 => "Too Many Requests",
        _ => "Not Found",
    };
    let _ = write!(
        stream,
        "HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{headers}Connection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.flush();
}
