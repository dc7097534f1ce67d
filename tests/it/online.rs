//! An online game through the real binary against the stand-in server on localhost (never the
//! network): a seek, moves both ways with the relay to the tactile board, a draw offer declined, a
//! dropped connection (the opponent's move made meanwhile announced on return), resignation asked
//! first — spoken in words, journaled, archived. And the server's refusals: a move refused with
//! its reason, too many requests, a token refused, a slow stream, a token missing.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::support::lichess::{Reply, Script, StandIn};
use crate::support::running::Running;

const TOKEN: &str = "lip_test_token";

/// The program playing online against the stand-in at `server`.
struct Program(Running);

impl Program {
    fn start(dir: &Path, server: &str, token: Option<&str>, args: &[&str]) -> Program {
        let config = dir.join("config.toml");
        std::fs::write(&config, format!("[online]\nserver = \"{server}\"\n")).unwrap();
        let transcript = dir.join("transcript.txt");
        let mut all = vec!["--speech", "off", "--cues", "off", "--lang", "en"];
        all.extend(["--config", config.to_str().unwrap(), "--transcript", transcript.to_str().unwrap(), "online"]);
        all.extend(args);
        let mut command = Command::new(env!("CARGO_BIN_EXE_annabella"));
        command
            .args(&all)
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .env("XDG_DATA_HOME", dir.join("data"))
            .env_remove("LICHESS_TOKEN");
        if let Some(token) = token {
            command.env("LICHESS_TOKEN", token);
        }
        Program(Running::spawn(command))
    }

    /// Waits for a line that holds `text`; that line.
    fn expect(&mut self, text: &str) -> String {
        self.0.wait_for(&format!("holding {text:?}"), |line| line.contains(text))
    }

    fn type_line(&mut self, line: &str) {
        self.0.type_line(line);
    }

    /// The exit code once the input ends.
    fn finish(self) -> Option<i32> {
        self.0.finish()
    }

    /// Leaves a game in progress (`quit`, confirmed): the program ends well.
    fn leave(mut self) {
        self.type_line("quit");
        self.type_line("yes");
        assert_eq!(self.finish(), Some(0));
    }

    /// The program resumed: `annabella resume` with the same folders and server.
    fn resume(dir: &Path) -> Program {
        let config = dir.join("config.toml");
        let mut command = Command::new(env!("CARGO_BIN_EXE_annabella"));
        command
            .args(["--speech", "off", "--cues", "off", "--lang", "en", "--config", config.to_str().unwrap(), "resume"])
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .env("XDG_DATA_HOME", dir.join("data"))
            .env("LICHESS_TOKEN", TOKEN);
        Program(Running::spawn(command))
    }
}

/// A fresh folder, the stand-in serving `script`, and the program playing online against it
/// with `args`.
fn against(name: &str, script: Script, args: &[&str]) -> (crate::support::Scratch, StandIn, Program) {
    let dir = crate::support::fresh_dir(name);
    let server = StandIn::start(TOKEN, script);
    let program = Program::start(&dir, &server.url, Some(TOKEN), args);
    (dir, server, program)
}

fn reply(uci: &'static str) -> Reply {
    Reply { uci, offers_draw: false }
}

fn games_folder(dir: &Path) -> PathBuf {
    dir.join("data").join("annabella").join("games")
}

/// The whole game the issue asks for, through the real binary.
#[test]
fn a_whole_online_game_is_played_from_the_tactile_board() {
    let dir = crate::support::fresh_dir("online-game");
    let script = Script {
        replies: vec![reply("e7e5"), Reply { uci: "b8c6", offers_draw: true }, reply("a7a6")],
        drop_after: Some(3),
        ..Script::default()
    };
    let server = StandIn::start(TOKEN, script);
    let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--seek", "15+10"]);
    program.expect("Seeking a game of 15 minutes and 10 seconds a move; waiting for an opponent.");
    program.expect("Online game against Bruno, rating 1850, casual; you play White.");
    program.type_line("e4");
    program.expect("Eva vier");
    program.expect("Eva fünf");
    // The opponent's move is relayed to the tactile board, as at the table.
    program.type_line("ok");
    program.type_line("Nf3");
    program.expect("Springer Felix drei");
    program.expect("Springer Cesar sechs");
    program.expect("Black offers a draw; say accept or decline.");
    program.type_line("decline");
    program.expect("You decline the draw.");
    program.type_line("ok");
    // The connection drops after Bb5 is taken; a6 is made meanwhile and said on return.
    program.type_line("Bb5");
    program.expect("The connection to the server is lost");
    program.expect("The connection to the server is back");
    program.expect("Läufer Bella fünf");
    program.expect("Anna sechs");
    program.type_line("ok");
    program.type_line("resign");
    program.expect("White resigns and Black wins. Is that right?");
    program.type_line("yes");
    program.expect("White resigns. Black wins.");
    program.type_line("quit");
    assert_eq!(program.finish(), Some(0));
    let log = server.log();
    assert!(log.contains(&"POST /api/board/seek".to_string()), "{log:?}");
    let bodies = server.bodies();
    assert!(bodies.iter().any(|b| b == "time=15&increment=10&rated=false&variant=standard"), "{bodies:?}");
    assert!(log.contains(&"POST /api/board/game/g1game/draw/no".to_string()), "{log:?}");
    assert!(log.contains(&"POST /api/board/game/g1game/resign".to_string()), "{log:?}");
    assert_eq!(server.moves(), ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"]);
    // Spoken in words: no notation, no token.
    let heard = std::fs::read_to_string(dir.join("transcript.txt")).unwrap();
    for said in heard.lines().filter_map(|l| l.strip_prefix("say: ")) {
        assert!(annabella::speech::unspeakable(said).is_none(), "{said}");
        assert!(!said.contains(TOKEN) && !said.contains("e2e4"), "{said}");
    }
    // Journaled, never with the token; archived as PGN like a game over the board.
    let games = games_folder(&dir);
    let journal = std::fs::read_dir(&games)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "journal"))
        .unwrap();
    let journaled = std::fs::read_to_string(&journal).unwrap();
    assert!(journaled.contains("online\tline ") && !journaled.contains(TOKEN));
    let pgn = std::fs::read_to_string(journal.with_extension("pgn")).unwrap();
    // The game's address on its server.
    assert!(pgn.contains(&format!("[Site \"{}/g1game\"]", server.url)), "{pgn}");
    // The clocks are the server's: after 1. e4 White had 14:55 left.
    assert!(pgn.contains("1. e4 {[%clk 0:14:55]}"), "{pgn}");
    // Bb5 and a6 came together after the break: White's clock has not run since Bb5, so the
    // server's reading is Bb5's too.
    assert!(pgn.contains("3. Bb5 {[%clk 0:14:30]} 3... a6 {[%clk 0:14:36]}"), "{pgn}");
    let movetext: String = pgn
        .split("\n\n")
        .nth(1)
        .unwrap()
        .split('{')
        .map(|part| part.split_once('}').map_or(part, |(_, after)| after))
        .collect();
    let movetext = movetext.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(movetext, "1. e4 1... e5 2. Nf3 2... Nc6 3. Bb5 3... a6 0-1", "{pgn}");
}

/// A move the server refuses is said with its reason and changes nothing; too many requests are
/// waited out; a slow stream is read whole.
#[test]
fn a_refused_move_and_a_wait_are_said_and_nothing_changes() {
    let dir = crate::support::fresh_dir("online-refused");
    let script =
        Script { replies: vec![reply("e7e5")], refuse: vec!["d2d4"], rate_limited: 1, slow: true, ..Script::default() };
    let server = StandIn::start(TOKEN, script);
    let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--game", "g1game"]);
    program.expect("Online game against Bruno");
    program.type_line("d4");
    program.expect("The server asks to wait 1 second before the next request; waiting.");
    program.expect("The server refused your move: Piece on that square cannot move there. Nothing has changed.");
    program.type_line("e4");
    program.expect("Eva vier");
    program.expect("Eva fünf");
    assert_eq!(server.moves(), ["e2e4", "e7e5"]);
    program.type_line("quit");
    assert_eq!(program.finish(), Some(0));
}

/// A token the server refuses, and no token at all, are said with what to do; nothing is played.
#[test]
fn a_refused_or_missing_token_is_said() {
    let dir = crate::support::fresh_dir("online-token");
    let server = StandIn::start(TOKEN, Script::default());
    let mut program = Program::start(&dir, &server.url, Some("lip_wrong"), &["--seek", "15+10"]);
    program.expect("The server refused the token");
    assert_eq!(program.finish(), Some(2));
    let mut program = Program::start(&dir, &server.url, None, &["--seek", "15+10"]);
    program.expect("No lichess token is given.");
    assert_eq!(program.finish(), Some(2));
    assert!(server.log().iter().all(|l| !l.contains("seek")), "{:?}", server.log());
}

/// An incoming challenge is announced (who, rating, clock, rated, colour), a mistyped answer said
/// to be none and the challenge asked again, and accepted by yes (in German); the
/// opponent's chat line is only announced, and read on request; the opponent leaves and the win is
/// claimed, asked first.
#[test]
fn a_challenge_is_announced_and_accepted_and_a_win_claimed_when_the_opponent_leaves() {
    let dir = crate::support::fresh_dir("online-challenge");
    let script = Script { challenge: true, chats: true, leaves: true, ..Script::default() };
    let server = StandIn::start(TOKEN, script);
    let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--accept"]);
    program.expect("Waiting for a challenge.");
    let line = program.expect("challenges you");
    assert_eq!(line, "Bruno, rating 1850, challenges you to a game of 10 minutes and 5 seconds a move, rated; you would play White. Accept: yes or no?");
    // What is neither yes nor no answers nothing: said, and asked again.
    program.type_line("yse");
    program.expect("That is neither yes nor no.");
    program.expect("challenges you");
    assert!(!server.log().iter().any(|l| l.contains("/api/challenge/g1game/")), "{:?}", server.log());
    program.type_line("ja");
    program.expect("Online game against Bruno");
    program.type_line("e4");
    program.expect("Eva vier");
    program.expect("A chat line came; say chat to hear it.");
    program.expect("Your opponent has left the game");
    program.type_line("chat");
    program.expect("Bruno writes: good luck");
    program.type_line("claim-win");
    program.expect("Claim the win, since your opponent has left?");
    program.type_line("yes");
    program.expect("Black left the game. White wins.");
    program.type_line("quit");
    assert_eq!(program.finish(), Some(0));
    let log = server.log();
    assert!(log.contains(&"POST /api/challenge/g1game/accept".to_string()), "{log:?}");
    assert!(log.contains(&"POST /api/board/game/g1game/claim-victory".to_string()), "{log:?}");
}

/// At home the arbiter's commands of a table are refused: the server keeps the clock and the game;
/// a practice game's help (hint, eval, level, opening) is refused as at the table (Article 11.3).
#[test]
fn the_arbiters_commands_and_a_practice_games_help_are_refused_online() {
    let (_dir, _server, mut program) =
        against("online-arbiter", Script { replies: vec![reply("e7e5")], ..Script::default() }, &["--game", "g1game"]);
    program.expect("Online game against Bruno");
    for command in ["pause", "advance 1m", "set-time white 5m", "new", "flag"] {
        program.type_line(command);
        program.expect("In an online game the server keeps the clock and the game; that is not done here.");
    }
    // A practice game's help is no more allowed online than at the table (Article 11.3).
    for command in ["hint", "eval", "level 4", "opening"] {
        program.type_line(command);
        let name = command.split(' ').next().unwrap();
        program.expect(&format!("{name} is for a practice game against the engine; in a game at the table or online no help is allowed (Article 11.3)."));
    }
    program.type_line("quit");
    assert_eq!(program.finish(), Some(0));
}

/// A server slow to show the player's move is said to be slow; an unfinished online game is
/// resumed from its journal and goes on with its server.
#[test]
fn a_slow_server_is_said_and_an_online_game_resumes_from_its_journal() {
    let dir = crate::support::fresh_dir("online-lag");
    let script = Script {
        replies: vec![reply("e7e5"), reply("b8c6")],
        echo_delay: Some(Duration::from_millis(2500)),
        ..Script::default()
    };
    let server = StandIn::start(TOKEN, script);
    let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--game", "g1game"]);
    program.expect("Online game against Bruno");
    program.type_line("e4");
    program.expect("The server took 2 seconds to show your move; the connection is slow.");
    program.expect("Eva fünf");
    program.type_line("quit");
    program.expect("Leave the game in progress? On lichess your clock keeps running while you are away");
    program.type_line("yes");
    program.expect("The game is unfinished and kept: annabella resume goes back to it. On lichess your clock keeps running meanwhile.");
    assert_eq!(program.finish(), Some(0));
    // `resume` goes on with the same online game: its moves restored, then the server's.
    let config = dir.join("config.toml");
    let mut resumed = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["--speech", "off", "--cues", "off", "--lang", "en", "--config", config.to_str().unwrap(), "resume"])
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("LICHESS_TOKEN", TOKEN)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = resumed.stdin.take().unwrap();
    let output = resumed.stdout.take().unwrap();
    let (to, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(output).lines().map_while(Result::ok) {
            let _ = to.send(line);
        }
    });
    let mut said = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    while !said.iter().any(|l: &String| l.contains("Springer Cesar sechs")) && Instant::now() < deadline {
        if said.iter().any(|l| l.contains("2 half-moves played")) && !said.iter().any(|l| l == "typed") {
            writeln!(input, "Nf3").unwrap();
            said.push("typed".into());
        }
        if let Ok(line) = lines.recv_timeout(Duration::from_millis(200)) {
            said.push(line);
        }
    }
    let _ = resumed.kill();
    let _ = resumed.wait();
    assert!(said.iter().any(|l| l.contains("Springer Cesar sechs")), "{said:?}");
    assert_eq!(server.moves(), ["e2e4", "e7e5", "g1f3", "b8c6"]);
}

/// A takeback asked for and granted by the opponent takes the game back here too: said, and the
/// tactile board repaired.
#[test]
fn a_takeback_granted_takes_the_game_back() {
    let (_dir, server, mut program) = against(
        "online-takeback",
        Script { replies: vec![reply("e7e5"), reply("b8c6")], ..Script::default() },
        &["--game", "g1game"],
    );
    program.expect("Online game against Bruno");
    program.type_line("e4");
    program.expect("Eva fünf");
    program.type_line("ok");
    program.type_line("takeback");
    program.expect("Your request to take back your move is sent.");
    program.expect("Taken back:");
    program.type_line("fen");
    program.expect("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    program.type_line("quit");
    assert_eq!(program.finish(), Some(0));
    assert!(server.moves().is_empty(), "{:?}", server.moves());
}

/// Every way the server can end a game is said, the game ended here with its result (none for a
/// game called off), archived, and never resumed: a typed move is refused here, not sent.
#[test]
fn every_end_the_server_names_is_said_archived_and_not_resumed() {
    let ends = [
        ("aborted", None, "The game was aborted on the server; it has no result.", "*", "not played"),
        ("noStart", None, "the server called the game off; it has no result.", "*", "not played"),
        ("cheat", Some("white"), "The server found that Black cheated. White wins.", "1-0", "won"),
        ("insufficientMaterialClaim", None, "Draw: the server granted the claim", "1/2-1/2", "drawn"),
        ("unknownFinish", Some("black"), "The server ended the game. Black wins.", "0-1", "lost"),
        ("variantEnd", Some("white"), "The variant's own rule ended the game. White wins.", "1-0", "won"),
        ("timeout", None, "A player left the game and the other claimed a draw.", "1/2-1/2", "drawn"),
        ("draw", None, "The server declared the game drawn.", "1/2-1/2", "drawn"),
    ];
    for (status, winner, said, score, listed) in ends {
        let dir = crate::support::fresh_dir(&format!("online-end-{status}"));
        let server = StandIn::start(TOKEN, Script { ends: Some((1, status, winner)), ..Script::default() });
        let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--game", "g1game"]);
        program.expect("Online game against Bruno");
        program.type_line("e4");
        program.expect(said);
        program.type_line("Nf3");
        program.expect("The game is over");
        program.type_line("quit");
        assert_eq!(program.finish(), Some(0), "{status}");
        assert_eq!(server.moves(), ["e2e4"], "{status}: nothing sent after the end");
        let pgn = std::fs::read_dir(games_folder(&dir))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .find(|p| p.extension().is_some_and(|x| x == "pgn"))
            .map(|p| std::fs::read_to_string(p).unwrap())
            .unwrap_or_else(|| panic!("{status}: no PGN kept"));
        assert!(pgn.contains(&format!("[Result \"{score}\"]")), "{status}: {pgn}");
        let games = annabella_in(&dir, &["games"]);
        assert!(games.contains(listed), "{status}: {games}");
        let resumed = annabella_in(&dir, &["resume"]);
        assert!(resumed.contains("There is no unfinished game to resume."), "{status}: {resumed}");
    }
}

/// What the program prints for `args` with the data folder of `dir`, its input closed.
fn annabella_in(dir: &Path, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["--speech", "off", "--cues", "off", "--lang", "en"])
        .args(args)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env_remove("LICHESS_TOKEN")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr)
}

/// A whole game against lichess's AI, which has no name but its level: challenged through the
/// spec's endpoint, announced by its level, played to mate, archived with its name and address.
#[test]
fn a_whole_game_against_lichesss_ai_is_played_and_kept() {
    let dir = crate::support::fresh_dir("online-ai");
    let script = Script {
        replies: vec![reply("e7e5"), reply("b8c6"), reply("g8f6")],
        ends: Some((4, "mate", Some("white"))),
        ai: Some(3),
        ..Script::default()
    };
    let server = StandIn::start(TOKEN, script);
    let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--ai", "3"]);
    program.expect("A game of 15 minutes and 10 seconds a move against the lichess computer at level 3 begins.");
    program.expect("Online game against lichess computer level 3");
    for (mine, answer) in [("e4", "Eva fünf"), ("Bc4", "Springer Cesar sechs"), ("Qh5", "Springer Felix sechs")] {
        program.type_line(mine);
        program.expect(answer);
        program.type_line("ok");
    }
    program.type_line("Qxf7");
    program.expect("Checkmate. White wins.");
    program.type_line("quit");
    assert_eq!(program.finish(), Some(0));
    let log = server.log();
    assert!(log.contains(&"POST /api/challenge/ai".to_string()), "{log:?}");
    let bodies = server.bodies();
    assert!(bodies.iter().any(|b| b == "level=3&clock.limit=900&clock.increment=10&variant=standard"), "{bodies:?}");
    assert_eq!(server.moves(), ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]);
    let pgn = std::fs::read_dir(games_folder(&dir))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "pgn"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .unwrap();
    assert!(pgn.contains("[Black \"lichess computer level 3\"]") && pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(pgn.contains(&format!("[Site \"{}/g1game\"]", server.url)), "{pgn}");
}

/// The games already in progress on the account are named when the wait begins, and the game
/// joined is the one sought, not the first the event stream names.
#[test]
fn a_game_already_in_progress_is_named_and_not_joined_by_mistake() {
    let dir = crate::support::fresh_dir("online-elsewhere");
    let script = Script { replies: vec![reply("e7e5")], elsewhere: true, ..Script::default() };
    let server = StandIn::start(TOKEN, script);
    let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--seek", "15+10"]);
    program.expect("In progress on your account: against Philippe.");
    program.expect("Online game against Bruno, rating 1850, casual; you play White.");
    program.type_line("e4");
    program.expect("Eva fünf");
    program.leave();
    let log = server.log();
    assert!(log.contains(&"GET /api/account/playing".to_string()), "{log:?}");
    assert!(!log.iter().any(|l| l.contains("corr0001")), "{log:?}");
    assert_eq!(server.moves(), ["e2e4", "e7e5"]);
}

/// A stream that falls silent without breaking (no keep-alive line) is said within 20 seconds,
/// opened again at once, and the moves made meanwhile are announced.
#[test]
fn a_silent_server_is_said_and_the_stream_opened_again() {
    let dir = crate::support::fresh_dir("online-silent");
    let script = Script { replies: vec![reply("e7e5")], silent_after: Some(1), ..Script::default() };
    let server = StandIn::start(TOKEN, script);
    let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--game", "g1game"]);
    program.expect("Online game against Bruno");
    program.type_line("e4");
    let started = Instant::now();
    program.expect("The server has been silent for 15 seconds, so the connection is opened again.");
    assert!(started.elapsed() < Duration::from_secs(20), "said after {:?}", started.elapsed());
    program.expect("The connection to the server is back");
    program.expect("Eva fünf");
    program.leave();
}

/// A game the server no longer has (404 on its stream) is said once and not asked for again.
#[test]
fn a_game_the_server_no_longer_has_is_said_and_not_asked_for_again() {
    let dir = crate::support::fresh_dir("online-gone");
    let script = Script { replies: vec![reply("e7e5")], drop_after: Some(1), gone: true, ..Script::default() };
    let server = StandIn::start(TOKEN, script);
    let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--game", "g1game"]);
    program.expect("Online game against Bruno");
    program.type_line("e4");
    program.expect("The server no longer has this game, so it cannot go on here");
    std::thread::sleep(Duration::from_secs(3));
    program.leave();
    let streams = server.log().iter().filter(|l| l.starts_with("GET /api/board/game/stream/")).count();
    // The lobby's, the game's, and the one refused: never asked for again.
    assert_eq!(streams, 3, "{:?}", server.log());
}

/// Killed with a move in flight that the server then refuses, the resumed game is not locked:
/// the server's state settles the move, the resume says that the lichess clocks ran, and the
/// player moves again.
#[test]
fn a_move_in_flight_at_a_kill_is_settled_by_the_server_on_resume() {
    let dir = crate::support::fresh_dir("online-in-flight");
    let script = Script {
        replies: vec![reply("e7e5"), reply("b8c6")],
        refuse: vec!["g1f3"],
        refuse_delay: Some(Duration::from_secs(3)),
        ..Script::default()
    };
    let server = StandIn::start(TOKEN, script);
    let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--game", "g1game"]);
    program.expect("Online game against Bruno");
    program.type_line("e4");
    program.expect("Eva fünf");
    program.type_line("ok");
    program.type_line("Nf3");
    while !server.log().iter().any(|l| l.ends_with("/move/g1f3")) {
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(program);
    let mut resumed = Program::resume(&dir);
    let said = resumed.expect("On lichess the clocks ran while the program was away");
    assert!(!said.contains("count"), "{said}");
    resumed.type_line("Nc3");
    resumed.expect("Springer Cesar sechs");
    resumed.leave();
    assert_eq!(server.moves(), ["e2e4", "e7e5", "b1c3", "b8c6"]);
}

/// The server's move list is checked against the game at every update: a history rewritten or a
/// move not legal here is said once, with the way to read the game again, and nothing of it is
/// played; a move of the player's made on lichess's own board is said as such.
#[test]
fn the_servers_moves_are_checked_against_the_game() {
    let said_once = |program: &Program, text: &str| program.0.seen.iter().filter(|l| l.contains(text)).count();
    // A rewritten history.
    let dir = crate::support::fresh_dir("online-rewrite");
    let script = Script { replies: vec![reply("e7e5"), reply("b8c6")], rewrite_after: Some(2), ..Script::default() };
    let server = StandIn::start(TOKEN, script);
    let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--game", "g1game"]);
    program.expect("Online game against Bruno");
    program.type_line("e4");
    program.expect("Eva fünf");
    program.type_line("ok");
    program.type_line("Nf3");
    program.expect("The server's moves differ from this game's from half-move 1 on.");
    program.0.said_within(Duration::from_millis(1500));
    program.type_line("fen");
    program.expect("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert_eq!(said_once(&program, "differ from this game's"), 1);
    assert!(program.0.seen.iter().all(|l| !l.contains("Springer Cesar sechs")), "{:?}", program.0.seen);
    program.leave();

    // A move not legal here, said once however often the server repeats its list.
    let (_dir, _server, mut program) =
        against("online-illegal", Script { replies: vec![reply("e7e4")], ..Script::default() }, &["--game", "g1game"]);
    program.expect("Online game against Bruno");
    program.type_line("e4");
    program.expect("The server sent a move that is not legal here.");
    program.type_line("draw");
    program.expect("Your draw offer is sent");
    program.0.said_within(Duration::from_millis(1500));
    assert_eq!(said_once(&program, "not legal here"), 1, "{:?}", program.0.seen);
    program.leave();

    // The player's move made on lichess's own board.
    let dir = crate::support::fresh_dir("online-elsewhere-move");
    let script = Script { replies: vec![reply("e7e5")], made_elsewhere: Some("g1f3"), ..Script::default() };
    let server = StandIn::start(TOKEN, script);
    let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--game", "g1game"]);
    program.expect("Online game against Bruno");
    program.type_line("e4");
    program.expect("Eva fünf");
    program.expect("Your move was made on lichess, not here: make it on the tactile board too.");
    program.expect("Springer Felix drei");
    program.leave();
}

/// Every way the lobby can go is said: a challenge kept alive and accepted (its game joined by
/// its id), a challenge declined with the decliner's reason, a seek refused with the server's
/// reason, and too many requests waited out.
#[test]
fn every_lobby_outcome_is_said() {
    // A challenge kept alive and accepted.
    let (_dir, server, mut program) = against(
        "online-lobby-challenge",
        Script { replies: vec![reply("e7e5")], ..Script::default() },
        &["--challenge", "bruno"],
    );
    program.expect("bruno is challenged to a game of 15 minutes and 10 seconds a move; waiting for the answer.");
    program.expect("Online game against Bruno");
    program.type_line("quit");
    assert_eq!(program.finish(), Some(0));
    assert!(server.bodies().iter().any(|b| b.contains("keepAliveStream=true")), "{:?}", server.bodies());

    // Declined, with the reason given.
    let dir = crate::support::fresh_dir("online-lobby-declined");
    let script = Script { declines: Some("I'm not accepting challenges at the moment."), ..Script::default() };
    let server = StandIn::start(TOKEN, script);
    let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--challenge", "bruno"]);
    program.expect("Your challenge was declined. The reason given: I'm not accepting challenges at the moment.");
    assert_eq!(program.finish(), Some(2));

    // Withdrawn before it was answered.
    let dir = crate::support::fresh_dir("online-lobby-canceled");
    let server = StandIn::start(TOKEN, Script { cancels: true, ..Script::default() });
    let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--challenge", "bruno"]);
    program.expect("Your challenge was withdrawn before it was answered.");
    assert_eq!(program.finish(), Some(2));

    // A seek refused, with the server's reason.
    let dir = crate::support::fresh_dir("online-lobby-seek");
    let script = Script { seek_refused: Some("You cannot seek a rated game while playing"), ..Script::default() };
    let server = StandIn::start(TOKEN, script);
    let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--seek", "15+10"]);
    program.expect("The server refused: You cannot seek a rated game while playing.");
    assert_eq!(program.finish(), Some(2));

    // Too many requests, waited out.
    let dir = crate::support::fresh_dir("online-lobby-429");
    let script = Script { account_rate_limited: 1, replies: vec![reply("e7e5")], ..Script::default() };
    let server = StandIn::start(TOKEN, script);
    let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--game", "g1game"]);
    program.expect("The server asks to wait 1 second before the next request; waiting.");
    program.expect("Online game against Bruno");
    program.type_line("quit");
    assert_eq!(program.finish(), Some(0));
}

/// A draw claimed when the opponent has left, asked first, posted to the spec's endpoint and
/// said as such; chat lines written while the line was down are fetched from the chat's history
/// when it is back.
#[test]
fn a_draw_is_claimed_when_the_opponent_leaves_and_chat_missed_is_fetched_again() {
    let (_dir, server, mut program) =
        against("online-claim-draw", Script { leaves: true, ..Script::default() }, &["--game", "g1game"]);
    program.expect("Online game against Bruno");
    program.type_line("e4");
    program.expect("Your opponent has left the game");
    program.type_line("claim-draw");
    program.expect("Claim a draw, since your opponent has left?");
    program.type_line("yes");
    program.expect("A player left the game and the other claimed a draw. The game is drawn.");
    program.type_line("quit");
    assert_eq!(program.finish(), Some(0));
    assert!(server.log().contains(&"POST /api/board/game/g1game/claim-draw".to_string()), "{:?}", server.log());

    let dir = crate::support::fresh_dir("online-chat-history");
    let script = Script { replies: vec![reply("e7e5")], drop_after: Some(1), chats: true, ..Script::default() };
    let server = StandIn::start(TOKEN, script);
    let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--game", "g1game"]);
    program.expect("Online game against Bruno");
    program.type_line("e4");
    program.expect("The connection to the server is back");
    program.expect("A chat line came; say chat to hear it.");
    program.type_line("chat");
    program.expect("Bruno writes: good luck");
    program.leave();
    assert!(server.log().contains(&"GET /api/board/game/g1game/chat".to_string()), "{:?}", server.log());
}

/// A correspondence game is said with its days a move, and the first move's deadline (after
/// which the server aborts the game) is said once.
#[test]
fn the_first_moves_deadline_and_a_correspondence_game_are_said() {
    let dir = crate::support::fresh_dir("online-deadline");
    let script = Script { replies: vec![reply("e7e5")], deadline: true, days: Some(3), ..Script::default() };
    let server = StandIn::start(TOKEN, script);
    let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--game", "g1game"]);
    program.expect("Online game against Bruno");
    program.expect("A correspondence game: 3 days a move.");
    program.expect("Make your first move within 29 seconds, or the server aborts the game.");
    program.type_line("e4");
    program.expect("Eva fünf");
    program.leave();
    assert_eq!(program_said(&dir, "Make your first move"), 1);
}

/// How many lines of the transcript in `dir` hold `text`.
fn program_said(dir: &Path, text: &str) -> usize {
    let transcript = std::fs::read_to_string(dir.join("transcript.txt")).unwrap_or_default();
    transcript.lines().filter(|l| l.starts_with("say: ") && l.contains(text)).count()
}

/// The account's event stream is watched too: silent, it is said and opened again, and the game
/// that started meanwhile is joined.
#[test]
fn a_silent_event_stream_in_the_lobby_is_said_and_opened_again() {
    let dir = crate::support::fresh_dir("online-lobby-silent");
    let script = Script { replies: vec![reply("e7e5")], events_silent: true, ..Script::default() };
    let server = StandIn::start(TOKEN, script);
    let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--seek", "15+10"]);
    program.expect("The connection to the server was lost or fell silent; it is opened again, and the wait goes on.");
    program.expect("Online game against Bruno");
    program.type_line("quit");
    assert_eq!(program.finish(), Some(0));
    let streams = server.log().iter().filter(|l| *l == "GET /api/stream/event").count();
    assert_eq!(streams, 2, "{:?}", server.log());
}

/// A challenge withdrawn before it is answered is said at once, while it is being asked about,
/// and the wait goes on; a line typed then answers nothing, and says so; the wait is said every
/// half minute with the way out. Withdrawn with no event saying so, the answer finds it gone,
/// and that is said.
#[test]
fn a_withdrawn_challenge_is_said_and_the_wait_is_said_every_half_minute() {
    let dir = crate::support::fresh_dir("online-withdrawn");
    let script = Script { challenge: true, challenge_withdrawn: true, ..Script::default() };
    let server = StandIn::start(TOKEN, script);
    let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--accept"]);
    program.expect("challenges you");
    program.expect("The challenge to you was withdrawn; still waiting.");
    program.type_line("yes");
    program.expect("There is no question to answer now; still waiting. To stop, press Control with the letter c.");
    let started = Instant::now();
    std::thread::sleep(Duration::from_secs(15));
    program.expect("Still waiting. To stop, press Control with the letter c.");
    assert!(started.elapsed() >= Duration::from_secs(25), "said after {:?}", started.elapsed());
    assert!(!server.log().iter().any(|l| l.ends_with("/accept")), "nothing answered: {:?}", server.log());
    let withdrawn = program.0.seen.iter().filter(|l| l.contains("was withdrawn")).count();
    assert_eq!(withdrawn, 1, "said once: {:?}", program.0.seen);
    drop(program);

    let dir = crate::support::fresh_dir("online-withdrawn-unsaid");
    let script = Script { challenge: true, withdrawn_unsaid: true, ..Script::default() };
    let server = StandIn::start(TOKEN, script);
    let mut program = Program::start(&dir, &server.url, Some(TOKEN), &["--accept"]);
    program.expect("challenges you");
    program.type_line("yes");
    program.expect("The challenge to you was withdrawn; still waiting.");
    assert!(server.log().contains(&"POST /api/challenge/g1game/accept".to_string()), "{:?}", server.log());
    let withdrawn = program.0.seen.iter().filter(|l| l.contains("was withdrawn")).count();
    assert_eq!(withdrawn, 1, "said once: {:?}", program.0.seen);
}

/// Berserk before the first move, in a game of an arena: asked first (it halves the clock for
/// good), posted to the spec's endpoint, and the clock then the server's halved one; after a
/// move the server's refusal is said with its reason, and nothing changes.
#[test]
fn berserk_is_asked_first_posted_and_refused_after_the_first_move() {
    let script = Script { replies: vec![reply("e7e5")], ..Script::default() };
    let (_dir, server, mut program) = against("online-berserk", script, &["--game", "g1game"]);
    program.expect("Online game against Bruno");
    program.type_line("berserk");
    program.expect("Go berserk: halve your clock for a point more if you win?");
    program.type_line("yes");
    program.expect("You go berserk; the server halves your clock.");
    // The clock follows the server's, halved once the server has it (and running: White is to move).
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        program.type_line("time me");
        let said = program.expect("You: ");
        if said.contains("You: 7 minutes") {
            break;
        }
        assert!(Instant::now() < deadline, "the clock never halved: {said}");
        std::thread::sleep(Duration::from_millis(200));
    }
    program.type_line("e4");
    program.expect("Eva fünf");
    program.type_line("berserk");
    program.expect("Go berserk");
    program.type_line("yes");
    program.expect("The server refused going berserk: Too late to go berserk. Nothing has changed.");
    program.leave();
    let posted = server.log().iter().filter(|l| *l == "POST /api/board/game/g1game/berserk").count();
    assert_eq!(posted, 2, "{:?}", server.log());
}
