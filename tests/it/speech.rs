//! Real speech: a private speech-dispatcher with espeak-ng whose audio lands in a file
//! (`../shared/tools/headless-audio.sh`); the program speaks through it and the captured audio
//! must be long enough, not silent, and not the dummy module's canned 29-second message; two
//! hundred moves typed faster than they can be spoken are all heard.

use std::process::Command;

use crate::headless::{measure, settled, Daemon};
use crate::support::annabella;

#[test]
fn a_move_is_spoken_through_speech_dispatcher() {
    let daemon = Daemon::start("say");
    let out = daemon.command().args(["say", "Springer Felix drei", "--language", "de"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    settled(&daemon.capture());
    let (seconds, rms) = measure(&daemon.capture());
    assert!((0.7..6.0).contains(&seconds), "spoke {seconds} s of audio");
    assert!(rms > 0.01, "the audio is silent (RMS {rms})");
}

#[test]
fn a_game_is_spoken_through_speech_dispatcher() {
    let daemon = Daemon::start("play");
    let transcript = daemon.dir.join("transcript.txt");
    let t = transcript.to_str().unwrap();
    let out = annabella(&["play", "--speech", "tts", "--lang", "en", "--transcript", t], &daemon.env, "Nf3\nquit\n");
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains("1. Nf3: Springer Felix drei"), "{printed}");
    assert!(!printed.contains("Warning"), "{printed}");
    let said = std::fs::read_to_string(&transcript).unwrap();
    assert!(said.contains("say: Springer Felix drei\n"), "{said}");
    settled(&daemon.capture());
    let (seconds, rms) = measure(&daemon.capture());
    // Six short utterances: several seconds, far less than the dummy module's 29 s per message.
    assert!((1.0..25.0).contains(&seconds), "spoke {seconds} s of audio");
    assert!(rms > 0.01, "the audio is silent (RMS {rms})");
}

/// Runs the binary on a short script and returns what it printed and how long it took.
fn play_script(daemon_env: &[(String, String)]) -> (String, std::time::Duration) {
    let started = std::time::Instant::now();
    let out = annabella(&["play", "--speech", "tts", "--lang", "en"], daemon_env, "e4\ne5\nquit\nyes\n");
    assert_eq!(out.status.code(), Some(0));
    (String::from_utf8(out.stdout).unwrap(), started.elapsed())
}

#[test]
fn a_missing_engine_gives_one_warning_and_the_game_goes_on() {
    let env = vec![("SPEECHD_ADDRESS".to_string(), "unix_socket:/nonexistent/annabella/speechd.sock".to_string())];
    let (printed, took) = play_script(&env);
    assert!(printed.contains("1... e5: Eva fünf"), "{printed}");
    assert_eq!(printed.matches("Warning: Speech is unavailable").count(), 1, "{printed}");
    assert!(took < std::time::Duration::from_secs(10), "took {took:?}");
}

#[test]
fn a_hanging_engine_never_blocks_the_game() {
    let daemon = Daemon::start("hang");
    let pid = daemon.pid();
    let pid = pid.as_str();
    assert!(Command::new("kill").args(["-STOP", pid]).status().unwrap().success());
    let (printed, took) = play_script(&daemon.env);
    let _ = Command::new("kill").args(["-CONT", pid]).status();
    assert!(
        printed.contains(
            "1... e5: Eva fünf\nLeave the game in progress? It is kept, and you can go on with it later. Say yes or no.\nThe game is unfinished and kept: annabella resume goes on with it.\nGoodbye.\n"
        ),
        "{printed}"
    );
    assert!(printed.contains("Warning: The speech engine does not answer"), "{printed}");
    // Only the final wait for queued speech is bounded (five seconds); no line waited on speech.
    assert!(took < std::time::Duration::from_secs(12), "took {took:?}");
}

/// A subcommand that says nothing (a scoresheet written to standard output) neither waits for
/// a hanging engine nor warns that it does not answer.
#[test]
fn a_subcommand_that_says_nothing_does_not_wait_on_a_hanging_engine() {
    let daemon = Daemon::start("mute");
    let pid = daemon.pid();
    assert!(Command::new("kill").args(["-STOP", &pid]).status().unwrap().success());
    let pgn = daemon.dir.join("one.pgn");
    std::fs::write(&pgn, "[Result \"*\"]\n\n1. e4 e5 *\n").unwrap();
    let out = annabella(&["export", pgn.to_str().unwrap(), "--speech", "tts", "--lang", "en"], &daemon.env, "");
    let _ = Command::new("kill").args(["-CONT", &pid]).status();
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("1. e4 e5"), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{out:?}");
}

/// A game of `plies` legal moves in SAN that never repeats a position, never lets a draw become
/// claimable or automatic, and never ends: every move is announced with exactly one utterance.
fn long_quiet_game(plies: usize) -> Vec<String> {
    use shakmaty::{san::San, Chess, Position};
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    'attempt: loop {
        let mut pos = Chess::default();
        let mut seen = std::collections::HashSet::new();
        let mut moves = Vec::new();
        while moves.len() < plies {
            let mut candidates: Vec<_> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| {
                    let mut after = pos.clone();
                    after.play_unchecked(*m);
                    !after.is_game_over()
                        && after.halfmoves() < 60
                        && !after.has_insufficient_material(shakmaty::Color::White)
                        && !after.has_insufficient_material(shakmaty::Color::Black)
                        && !seen.contains(&format!("{} {:?}", after.board(), after.turn()))
                })
                .collect();
            if candidates.is_empty() {
                seed = seed.wrapping_add(1);
                continue 'attempt;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mv = candidates.swap_remove((seed % candidates.len() as u64) as usize);
            moves.push(San::from_move(&pos, mv).to_string());
            pos.play_unchecked(mv);
            seen.insert(format!("{} {:?}", pos.board(), pos.turn()));
        }
        return moves;
    }
}

/// Stretches of sound in S16_LE mono 22050 Hz samples separated by at least 250 ms of silence:
/// espeak-ng ends each utterance with about a third of a second of silence, and pauses inside
/// one utterance of move words are far shorter.
fn utterances_in(raw: &[u8]) -> usize {
    stretches(raw).len()
}

/// The samples of each stretch of sound (see `utterances_in`).
fn stretches(raw: &[u8]) -> Vec<Vec<i16>> {
    let gap = 22050 / 4;
    let mut found: Vec<Vec<i16>> = Vec::new();
    let (mut quiet, mut sounding) = (gap, false);
    for s in raw.chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])) {
        if s.unsigned_abs() < 200 {
            quiet += 1;
            if quiet >= gap {
                sounding = false;
            }
        } else {
            if !sounding {
                found.push(Vec::new());
                sounding = true;
            }
            quiet = 0;
        }
        if sounding {
            found.last_mut().expect("a stretch begun").push(s);
        }
    }
    found
}

#[test]
fn two_hundred_moves_fed_at_once_are_all_spoken() {
    use std::io::Write;
    let daemon = Daemon::start("fast");
    let transcript = daemon.dir.join("fast.txt");
    let mut child = daemon
        .command()
        .args(["play", "--speech", "tts", "--cues", "off", "--clock", "simulated", "--lang", "en", "--transcript"])
        .arg(&transcript)
        .env("XDG_DATA_HOME", daemon.dir.join("data"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The introduction is spoken first; the moves' speech starts after it.
    settled(&daemon.capture());
    let offset = std::fs::metadata(daemon.capture()).unwrap().len() as usize;
    let said_before = std::fs::read_to_string(&transcript).unwrap().lines().count();
    let moves = long_quiet_game(200);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all((moves.join("\n") + "\n").as_bytes()).unwrap();
    stdin.flush().unwrap();
    settled(&daemon.capture());
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(!printed.contains("Warning"), "{printed}");
    let said: Vec<String> =
        std::fs::read_to_string(&transcript).unwrap().lines().skip(said_before).map(String::from).collect();
    // One utterance per move, each handed to the engine…
    let spoken_moves: Vec<_> = said.iter().take_while(|l| !l.contains("unfinished")).collect();
    assert_eq!(spoken_moves.len(), 200, "{said:?}");
    // …and each heard: two hundred utterances in the daemon's audio.
    let raw = std::fs::read(daemon.capture()).unwrap();
    let heard = utterances_in(&raw[offset..]);
    assert_eq!(heard, 200, "utterances heard for 200 moves");
}

#[test]
fn the_name_said_at_once_is_heard_once_and_everything_after_it() {
    // The name goes to the daemon on a connection of its own, the rest on libspeechd's: the name
    // is heard once, first, and every utterance after it (a sentence is a stretch of its own).
    let daemon = Daemon::start("first");
    let transcript = daemon.dir.join("first.txt");
    let out = daemon
        .command()
        .args(["play", "--speech", "tts", "--cues", "off", "--clock", "simulated", "--lang", "en", "--transcript"])
        .arg(&transcript)
        .env("XDG_DATA_HOME", daemon.dir.join("data"))
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.starts_with("annabella.\n") && !printed.contains("Warning"), "{printed}");
    settled(&daemon.capture());
    let said = std::fs::read_to_string(&transcript).unwrap().lines().filter(|l| l.starts_with("say: ")).count();
    assert!(said >= 3, "the name, the welcome and the goodbye at least: {said}");
    // The name as spd-say has the daemon say it, last, for its length.
    let before = std::fs::read(daemon.capture()).unwrap();
    let status = Command::new("spd-say")
        .envs(daemon.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .args(["-w", "-l", "en", "annabella."])
        .status()
        .unwrap();
    assert!(status.success());
    settled(&daemon.capture());
    let heard = stretches(&before);
    assert!(heard.len() >= said, "{} stretches heard for {said} utterances", heard.len());
    let alone = stretches(&std::fs::read(daemon.capture()).unwrap()[before.len()..]);
    assert_eq!(alone.len(), 1);
    // The name first, as long as alone; what follows it is something else (said twice, the name
    // would be two stretches of its length).
    let near = |stretch: &Vec<i16>| (stretch.len() as f64 / alone[0].len() as f64 - 1.0).abs() < 0.05;
    assert!(near(&heard[0]), "the name: {} samples, alone {}", heard[0].len(), alone[0].len());
    assert!(!near(&heard[1]), "the name twice: {} and {} samples", heard[0].len(), heard[1].len());
}

#[test]
fn voice_names_the_voice_and_refuses_one_the_engine_lacks() {
    use std::io::{BufRead, BufReader, Write};
    let daemon = Daemon::start("voices");
    let mut child = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["play", "--speech", "tts", "--lang", "en", "--cues", "off"])
        .env("XDG_CONFIG_HOME", std::env::temp_dir().join("annabella-no-user-config"))
        .envs(daemon.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut read_until = |wanted: &str| {
        let mut line = String::new();
        while !line.contains(wanted) {
            line.clear();
            assert_ne!(stdout.read_line(&mut line).unwrap(), 0, "the program ended before {wanted:?}");
        }
        line
    };
    // A watchdog: the test fails, rather than hangs, if the program stops answering.
    let id = child.id().to_string();
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(90));
        let _ = Command::new("kill").arg(&id).status();
    });
    writeln!(stdin, "voice").unwrap();
    assert!(read_until("The voice").contains("chosen by the language"));
    // The engine says which voices it has once it has started: until then a name is asked for,
    // and said to be; once it has, a voice it lacks is said and left.
    let refusal = loop {
        writeln!(stdin, "voice no-such-voice").unwrap();
        let answer = read_until("no-such-voice");
        if answer.contains("Its voices") {
            break answer;
        }
        let asked =
            "The voice no-such-voice is asked of the speech engine, which has not yet said which voices it has.";
        assert_eq!(answer.trim(), asked);
        let late = read_until("no-such-voice");
        let left = "The speech engine has no voice no-such-voice; the voice is chosen by language again.";
        assert_eq!(late.trim(), left);
    };
    assert!(refusal.starts_with("The speech engine has no voice no-such-voice. Its voices: "), "{refusal}");
    // The voices themselves, not their hundreds of variants ("English+Adam").
    assert!(!refusal.contains('+'), "{refusal}");
    writeln!(stdin, "voice").unwrap();
    assert!(read_until("The voice").contains("chosen by the language"), "a refused voice is not taken");
    drop(stdin);
    child.wait().unwrap();
}

/// The daemon is stopped in the middle of a game: within a second the player is told, the moves
/// go to the voice clips, and when the daemon goes on the engine is used again.
#[test]
fn a_speech_engine_that_stalls_mid_game_is_noticed_and_the_clips_take_over() {
    use std::io::{Read, Write};
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let daemon = Daemon::start("stall");
    let clips = crate::support::clips().to_str().unwrap().to_string();
    let mut child = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["play", "--speech", "auto", "--clips", &clips, "--lang", "en", "--cues", "off"])
        .env("XDG_CONFIG_HOME", std::env::temp_dir().join("annabella-no-user-config"))
        .envs(daemon.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut say = |line: &str, then: u64| {
        input.write_all(format!("{line}\n").as_bytes()).unwrap();
        std::thread::sleep(Duration::from_millis(then));
    };
    say("e4", 2500);
    let pid = daemon.pid();
    assert!(Command::new("kill").args(["-STOP", &pid]).status().unwrap().success());
    let stopped = Instant::now();
    say("e5", 2000);
    let _ = Command::new("kill").args(["-CONT", &pid]).status();
    say("Nf3", 2000);
    let quitting = Instant::now();
    say("quit", 0);
    drop(input);
    let mut printed = String::new();
    child.stdout.take().unwrap().read_to_string(&mut printed).unwrap();
    assert!(child.wait().unwrap().success());
    let quit_took = quitting.elapsed();
    let stall = "Warning: The speech engine stopped answering; moves are spoken with the voice clips";
    assert_eq!(printed.matches(stall).count(), 1, "{printed}");
    assert!(printed.contains("The speech engine answers again."), "{printed}");
    assert!(printed.contains("2. Nf3: Springer Felix drei"), "{printed}");
    assert!(stopped.elapsed() < Duration::from_secs(30));
    assert!(quit_took < Duration::from_secs(8), "quitting took {quit_took:?}");
}

/// `pairings` refuses a field of two at once, without waiting on a speech daemon that does not
/// answer.
#[test]
fn a_refusal_does_not_wait_on_a_stopped_daemon() {
    let daemon = Daemon::start("pairings");
    let pid = daemon.pid();
    assert!(Command::new("kill").args(["-STOP", &pid]).status().unwrap().success());
    let started = std::time::Instant::now();
    let out = annabella(&["pairings", "2", "--speech", "tts"], &daemon.env, "");
    let took = started.elapsed();
    let _ = Command::new("kill").args(["-CONT", &pid]).status();
    assert_eq!(out.status.code(), Some(2));
    assert!(took < std::time::Duration::from_secs(8), "took {took:?}");
}

/// Set in the child this test runs itself as: the speech engine is then the daemon's.
const OWN_VOICE_PROBE: &str = "ANNABELLA_OWN_VOICE_PROBE";

#[test]
fn the_engine_tells_the_ears_while_it_speaks_and_when_it_falls_quiet() {
    if std::env::var_os(OWN_VOICE_PROBE).is_some() {
        return own_voice_probe();
    }
    // The engine reads the daemon's address from its environment when it connects: this test is
    // run again as a child process with that environment, rather than changing this one's.
    let daemon = Daemon::start("own-voice");
    let name = "speech::the_engine_tells_the_ears_while_it_speaks_and_when_it_falls_quiet";
    let out = Command::new(std::env::current_exe().unwrap())
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .envs(daemon.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .env(OWN_VOICE_PROBE, "1")
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{printed}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(printed.contains("1 passed"), "the probe ran: {printed}");
    settled(&daemon.capture());
    let (seconds, _) = measure(&daemon.capture());
    assert!(seconds > 1.0, "the words were spoken: {seconds} s");
}

/// Speaks through the real engine and watches what it tells of its own voice: nothing before it
/// reports, then that it sounds, then until when — at least the words' slowest length from the
/// moment they were handed over (the engine began them no sooner), even though the engine, which
/// plays into a file faster than real time, is done with them long before.
fn own_voice_probe() {
    use annabella::speech::{longest, Speaker, TtsSpeaker, Utterance, VoiceSettings};
    use std::time::{Duration, Instant};
    let mut speaker = TtsSpeaker::start(VoiceSettings { volume: 100.0, ..VoiceSettings::default() });
    let voice = speaker.own_voice().expect("the real engine tells of its voice");
    assert_eq!(voice.sounds_until(Instant::now()), None, "nothing told before anything is said");
    let text = "Springer Felix drei, Weiß am Zug, zwei Minuten";
    let handed = Instant::now();
    speaker.speak(&Utterance::new(text, "de").important());
    let (mut sounding, mut over) = (false, None);
    while handed.elapsed() < Duration::from_secs(30) {
        let now = Instant::now();
        match voice.sounds_until(now) {
            Some(until) if until >= now => sounding = true,
            Some(until) => {
                over = Some(until);
                break;
            }
            None => {}
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(sounding, "the engine said it was speaking");
    let over = over.expect("the voice came to an end");
    assert!(over >= handed + longest(text), "it sounds for the words' slowest length from their beginning");
    speaker.finish(Duration::from_secs(5));
    // Asked again much later, it is still the moment it ended.
    assert_eq!(voice.sounds_until(Instant::now() + Duration::from_secs(60)), Some(over));
}
