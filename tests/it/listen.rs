//! Moves said aloud, heard: a whole game announced move by move in the Appendix E words by a
//! natural-sounding German test voice (MBROLA de6 through espeak-ng, installed for the tests by
//! scripts/test-voices.sh), each announcement heard by PocketSphinx against the grammar of its
//! position. Nothing but a legal move is ever heard, and nearly every move is heard right.

use std::process::Command;

use annabella::listen::{to_rate, Meaning, MoveGrammar, Recognizer};
use annabella::notation::{spoken, PhrasePack, SpokenStyle};
use shakmaty::{san::San, Chess, Position};

/// A Ruy Lopez of sixty half-moves.
const GAME: &str = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5 \
    Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 Nbd2 Nxd6 Nc4 Nxc4 Bxc4 Nb6 Ne5 Rae8 Bxf7+ \
    Rxf7 Nxf7 Rxe1+ Qxe1 Kxf7 Qe3 Qg5 Qxg5 hxg5 b3 Ke6 a3 Kd6";

/// `text` said by the German MBROLA voice, as 16 kHz samples.
fn say_de6(text: &str, dir: &std::path::Path) -> Vec<i16> {
    say_voice("mb-de6", text, dir)
}

/// `text` said by the espeak-ng voice `voice` (an MBROLA voice), as 16 kHz samples.
fn say_voice(voice: &str, text: &str, dir: &std::path::Path) -> Vec<i16> {
    let wav = dir.join("said.wav");
    let out = Command::new("espeak-ng").args(["-v", voice, "-w"]).arg(&wav).arg(text).output().unwrap();
    assert!(
        out.status.success() && wav.is_file(),
        "the {voice} voice is missing (scripts/test-voices.sh): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let samples = annabella::speech::read_wav(&wav).unwrap();
    to_rate(&samples, annabella::speech::CLIP_RATE)
}

#[test]
fn a_whole_game_said_aloud_is_heard_move_by_move() {
    let dir = crate::support::fresh_dir("listen-game");
    let pack = PhrasePack::named("appendix-e").unwrap();
    let mut recognizer = Recognizer::new(None).expect("PocketSphinx and its model are installed");
    let mut pos = Chess::default();
    let (mut right, mut wrong, mut missed) = (0, Vec::new(), Vec::new());
    for san in GAME.split_whitespace() {
        let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
        let words = spoken(&pos, mv, &pack, SpokenStyle::default());
        let grammar = MoveGrammar::for_position(&pos, &pack);
        match recognizer.hear(&grammar, &say_de6(&words, &dir)).unwrap() {
            Some(heard) if heard.meaning == Meaning::Move(mv) => right += 1,
            Some(heard) => {
                // Heard wrong, it is asked back, never played without a yes.
                let sure = grammar.sure(&heard.words, heard.margin, annabella::listen::THRESHOLD);
                assert!(!sure, "{words} heard surely as {}", heard.words);
                wrong.push(format!("{words} heard as {}", heard.words));
            }
            None => missed.push(words),
        }
        assert!(pos.is_legal(mv));
        pos.play_unchecked(mv);
    }
    let total = GAME.split_whitespace().count();
    // The floor; the exact figures are in BENCHMARKS.md.
    assert!(right * 100 >= total * 90, "{right} of {total} right; wrong: {wrong:?}; missed: {missed:?}");
}

/// `text` said by flite's English voice slt, as 16 kHz samples.
fn say_slt(text: &str, dir: &std::path::Path) -> Vec<i16> {
    let wav = dir.join("said-en.wav");
    let out = Command::new("flite").args(["-voice", "slt", "-t", text, "-o"]).arg(&wav).output().unwrap();
    assert!(out.status.success() && wav.is_file(), "flite is missing: scripts/test-voices.sh installs it");
    to_rate(&annabella::speech::read_wav(&wav).unwrap(), annabella::speech::CLIP_RATE)
}

/// The game said by `say` in the words of `pack`: the moves heard right, and the moves heard wrong
/// that were sure enough to be played without a yes.
fn whole_game(pack: &str, say: impl Fn(&str) -> Vec<i16>) -> (usize, Vec<String>) {
    let pack = PhrasePack::named(pack).unwrap();
    let mut recognizer = Recognizer::new(None).unwrap();
    let mut pos = Chess::default();
    let (mut right, mut wrong_sure) = (0, Vec::new());
    for san in GAME.split_whitespace() {
        let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
        let words = spoken(&pos, mv, &pack, SpokenStyle::default());
        let grammar = MoveGrammar::for_position(&pos, &pack);
        if let Some(heard) = recognizer.hear(&grammar, &say(&words)).unwrap() {
            if heard.meaning == Meaning::Move(mv) {
                right += 1;
            } else if grammar.sure(&heard.words, heard.margin, annabella::listen::THRESHOLD) {
                wrong_sure.push(format!("{words} heard as {}", heard.words));
            }
        }
        pos.play_unchecked(mv);
    }
    (right, wrong_sure)
}

/// The same game said in English by flite: most moves heard right (the English letters b, c, d,
/// e, g sound alike, and those are asked back), and no move heard wrong is sure enough to be
/// played without a yes.
#[test]
fn a_whole_game_said_in_english_is_heard_and_nothing_wrong_is_played_unasked() {
    let dir = crate::support::fresh_dir("listen-english");
    let (right, wrong_sure) = whole_game("en", |text| say_slt(text, &dir));
    let total = GAME.split_whitespace().count();
    assert!(right * 100 >= total * 75, "{right} of {total} right");
    assert!(wrong_sure.is_empty(), "played without a yes: {wrong_sure:?}");
}

/// The same game said in Estonian by the MBROLA voice ee1 ("ratsu eff kolm").
#[test]
fn a_whole_game_said_in_estonian_is_heard_and_nothing_wrong_is_played_unasked() {
    let dir = crate::support::fresh_dir("listen-estonian");
    let (right, wrong_sure) = whole_game("et", |text| say_voice("mb-ee1", text, &dir));
    let total = GAME.split_whitespace().count();
    assert!(right * 100 >= total * 75, "{right} of {total} right");
    assert!(wrong_sure.is_empty(), "played without a yes: {wrong_sure:?}");
}

#[test]
fn what_is_not_a_move_of_the_position_is_not_heard_as_one() {
    let dir = crate::support::fresh_dir("listen-nothing");
    let pack = PhrasePack::named("appendix-e").unwrap();
    let mut recognizer = Recognizer::new(None).unwrap();
    // In the start position "Eva fünf" is no move: whatever is heard is a legal move.
    let pos = Chess::default();
    let grammar = MoveGrammar::for_position(&pos, &pack);
    if let Some(heard) = recognizer.hear(&grammar, &say_de6("Eva fünf", &dir)).unwrap() {
        if let Meaning::Move(mv) = heard.meaning {
            assert!(pos.is_legal(mv));
        }
    }
    assert_eq!(recognizer.hear(&grammar, &vec![0; 16_000]).unwrap(), None, "silence is no move");
}

/// `annabella listen` hears a recording in its position and says the move; a recording of no
/// move of the position exits 2.
#[test]
fn the_listen_check_says_what_it_heard() {
    let dir = crate::support::fresh_dir("listen-check");
    let wav = dir.join("move.wav");
    let said = |text: &str| {
        let ok = Command::new("espeak-ng").args(["-v", "mb-de6", "-w"]).arg(&wav).arg(text).status().unwrap();
        assert!(ok.success());
    };
    said("Springer Felix drei");
    let out = crate::support::annabella(&["listen", wav.to_str().unwrap(), "--speech", "off", "--lang", "en"], &[], "");
    assert!(out.status.success());
    let printed = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines[0], "Heard: springer felix drei (Nf3).");
    // How sure, and what a game would do with it.
    assert!(
        lines[1].starts_with("Margin ") && lines[1].ends_with(": a game would play it without asking."),
        "{printed}"
    );
    // And what the margin was made of: the best other reading, in words, and the room.
    let evidence = lines[2].strip_prefix("The best other reading: ").expect(&printed);
    let (rival, rest) = evidence.split_once(';').unwrap();
    assert!(rival != "springer felix drei" && rival.split(' ').all(|w| w.chars().all(char::is_alphabetic)), "{rival}");
    assert!(rest.contains("percent of the voice; the room is ") && rest.ends_with(" decibels under it."), "{rest}");
    // A command is said in the words heard, in the interface's language, with what a game would
    // do with it: no English name of the command beside them.
    said("Zeit");
    let out = crate::support::annabella(&["listen", wav.to_str().unwrap(), "--speech", "off", "--lang", "de"], &[], "");
    let printed = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines[0], "Gehört: zeit.", "{printed}");
    assert!(lines[1].ends_with(": eine Partie würde es ohne Rückfrage ausführen."), "{printed}");
    // The margin with the German decimal sign: "Abstand 23,47".
    let margin = lines[1].strip_prefix("Abstand ").and_then(|rest| rest.split(':').next()).expect(&printed);
    assert!(margin.contains(',') && !margin.contains('.'), "{printed}");
    std::fs::write(&wav, vec![0u8; 100]).unwrap();
    let out = crate::support::annabella(&["listen", wav.to_str().unwrap(), "--speech", "off", "--lang", "en"], &[], "");
    assert_eq!(out.status.code(), Some(2));
}

/// The commands a player needs without the keyboard are heard too, as the words the session
/// reads as typed.
#[test]
fn spoken_commands_are_heard() {
    let dir = crate::support::fresh_dir("listen-commands");
    let pack = PhrasePack::named("appendix-e").unwrap();
    let mut recognizer = Recognizer::new(None).unwrap();
    let commands = annabella::session::Command::heard_in("appendix-e");
    let grammar = MoveGrammar::for_position(&Chess::default(), &pack).with_commands(&commands);
    let mut right = 0;
    for (word, name) in &commands {
        let heard = recognizer.hear(&grammar, &say_de6(word, &dir)).unwrap();
        if heard.as_ref().is_some_and(|h| h.words == *word && h.meaning == Meaning::Command(name)) {
            right += 1;
        }
    }
    assert!(right + 2 >= commands.len(), "{right} of {} commands heard", commands.len());
}

/// A home folder whose ALSA configuration serves `raw` (16 kHz, 16-bit mono) as the default
/// capture device, through ALSA's `file` plugin: the program hears it as a microphone.
pub(crate) fn microphone_from(raw: &std::path::Path, dir: &std::path::Path) -> Vec<(String, String)> {
    let home = dir.join("home");
    std::fs::create_dir_all(&home).unwrap();
    let asoundrc = format!(
        "pcm.!default {{ type asym playback.pcm \"null\" capture.pcm \"recorded\" }}\n\
         pcm.recorded {{ type plug slave {{ pcm \"recordedfile\" format S16_LE rate 16000 channels 1 }} }}\n\
         pcm.recordedfile {{ type file slave.pcm \"null\" file \"/dev/null\" infile \"{}\" format \"raw\" }}\n",
        raw.display()
    );
    std::fs::write(home.join(".asoundrc"), asoundrc).unwrap();
    vec![("HOME".into(), home.display().to_string())]
}

/// Moves said one after another with a second of silence between, as raw 16 kHz samples.
fn said_in_turn(texts: &[&str], dir: &std::path::Path) -> std::path::PathBuf {
    let mut samples: Vec<i16> = vec![0; 8_000];
    for text in texts {
        samples.extend(say_de6(text, dir));
        samples.extend(std::iter::repeat_n(0, 16_000));
    }
    samples.extend(std::iter::repeat_n(0, 32_000));
    let raw = dir.join("said.raw");
    std::fs::write(&raw, samples.iter().flat_map(|s| s.to_le_bytes()).collect::<Vec<u8>>()).unwrap();
    raw
}

/// The program playing with `args`, its standard input open, and its printed lines as they come.
pub(crate) fn playing(args: &[&str], env: Vec<(String, String)>, dir: &std::path::Path) -> Playing {
    use std::io::BufRead;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(args)
        .args(crate::support::QUIET)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .envs(env)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (sender, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = sender.send(line);
        }
    });
    Playing { child, lines }
}

pub(crate) struct Playing {
    child: std::process::Child,
    lines: std::sync::mpsc::Receiver<String>,
}

impl Playing {
    /// The printed lines that match `wanted`, until `count` of them came or a minute passed.
    /// A move asked back ("Nf3? Say yes or no.") is answered yes, as the player at the table would.
    pub(crate) fn lines_until(&mut self, count: usize, wanted: impl Fn(&str) -> bool) -> Vec<String> {
        use std::io::Write;
        let mut found = Vec::new();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while found.len() < count && std::time::Instant::now() < deadline {
            if let Ok(line) = self.lines.recv_timeout(std::time::Duration::from_millis(200)) {
                if line.ends_with("? Say yes or no.") {
                    if let Some(stdin) = self.child.stdin.as_mut() {
                        let _ = writeln!(stdin, "yes");
                    }
                }
                if wanted(&line) {
                    found.push(line);
                }
            }
        }
        found
    }

    /// Types `text` and ends the input; the rest of what is printed.
    pub(crate) fn finish(mut self, text: &str) -> Vec<String> {
        use std::io::Write;
        let mut stdin = self.child.stdin.take().unwrap();
        let _ = stdin.write_all(text.as_bytes());
        drop(stdin);
        self.child.wait().unwrap();
        self.lines.try_iter().collect()
    }
}

pub(crate) fn is_announcement(line: &str) -> bool {
    line.contains(": ") && line.chars().next().is_some_and(|c| c.is_ascii_digit())
}

/// The capture path end to end: moves said into the microphone (a recording served by ALSA as
/// the capture device) are heard by the running program, in the position each is said in, and
/// played and announced as typed moves are.
#[test]
fn moves_said_into_the_microphone_are_played_and_announced() {
    let dir = crate::support::fresh_dir("listen-microphone");
    let raw = said_in_turn(&["Eva vier", "Eva fünf", "Springer Felix drei", "Springer Cesar sechs"], &dir);
    let journal = dir.join("game.journal");
    let temp = dir.join("tmp");
    std::fs::create_dir_all(&temp).unwrap();
    let mut env = microphone_from(&raw, &dir);
    env.push(("TMPDIR".into(), temp.display().to_string()));
    let mut game =
        playing(&["play", "--listen", "continuous", "--lang", "en", "--journal", journal.to_str().unwrap()], env, &dir);
    let announced = game.lines_until(4, is_announcement);
    game.finish("quit\n");
    // The recogniser's pronunciations and grammars are gone with the game, though the ears'
    // thread is not waited for at the end.
    let left: Vec<_> = std::fs::read_dir(&temp).unwrap().flatten().map(|e| e.file_name()).collect();
    assert!(left.iter().all(|name| !name.to_string_lossy().contains("listen")), "{left:?}");
    assert_eq!(
        announced,
        ["1. e4: Eva vier", "1... e5: Eva fünf", "2. Nf3: Springer Felix drei", "2... Nc6: Springer Cesar sechs"]
    );
    // What was heard is in the journal, and the game resumes from it.
    let kept = std::fs::read_to_string(&journal).unwrap();
    assert_eq!(kept.matches("\theard\t").count(), 4, "{kept}");
    let mut args = vec!["play", "--lang", "en", "--journal", journal.to_str().unwrap()];
    args.extend(crate::support::QUIET);
    let out = crate::support::annabella(&args, &[], "fen\n");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq"), "{text}");
}

/// `annabella listen` without a recording hears one utterance from the microphone.
#[test]
fn the_listen_check_hears_the_microphone() {
    let dir = crate::support::fresh_dir("listen-check-microphone");
    let raw = said_in_turn(&["Springer Felix drei"], &dir);
    let env = microphone_from(&raw, &dir);
    let out = crate::support::annabella(&["listen", "--speech", "off", "--lang", "en", "--seconds", "8"], &env, "");
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(printed.starts_with("Heard: springer felix drei (Nf3).\nMargin "), "{printed}");
}

/// No microphone: one warning, and typing goes on.
#[test]
fn without_a_microphone_typing_goes_on() {
    let dir = crate::support::fresh_dir("listen-no-microphone");
    std::fs::write(dir.join("no-alsa.conf"), "").unwrap();
    let env = vec![("ALSA_CONFIG_PATH".to_string(), dir.join("no-alsa.conf").display().to_string())];
    let mut game = playing(&["play", "--listen", "continuous", "--lang", "en"], env, &dir);
    let warned = game.lines_until(1, |l| l.starts_with("Warning:"));
    let rest = game.finish("e4\ne5\n");
    assert_eq!(warned, ["Warning: there is no microphone to hear. Type the moves."]);
    assert!(!rest.iter().any(|l| l.starts_with("Warning:")), "{rest:?}");
    assert!(rest.contains(&"1. e4: Eva vier".to_string()) && rest.contains(&"1... e5: Eva fünf".to_string()));
}

/// The distribution's model in `dir/model`, every file of it but `left_out`.
pub(crate) fn model_without(dir: &std::path::Path, left_out: &str) -> std::path::PathBuf {
    let model = dir.join("model");
    std::fs::create_dir(&model).unwrap();
    for file in std::fs::read_dir(annabella::listen::MODEL).unwrap().flatten() {
        if file.file_name() != left_out {
            std::os::unix::fs::symlink(file.path(), model.join(file.file_name())).unwrap();
        }
    }
    model
}

/// A model the recogniser cannot be made from (a file of it missing) is said, never a panic.
#[test]
fn a_broken_model_is_refused_without_a_panic() {
    let dir = crate::support::fresh_dir("listen-broken-model");
    let model = model_without(&dir, "means");
    let refused = Recognizer::new(Some(&model)).err();
    assert!(matches!(refused, Some(annabella::listen::ListenError::Refused)), "{refused:?}");
    let env = [("ANNABELLA_ASR_MODEL".to_string(), model.display().to_string())];
    let wav = dir.join("quiet.wav");
    write_wav(&wav, &[0; 16_000]);
    let out =
        crate::support::annabella(&["listen", wav.to_str().unwrap(), "--speech", "off", "--lang", "en"], &env, "");
    let (printed, errors) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(printed, "The recogniser cannot listen: the recogniser refused its set-up\n", "{errors}");
    assert!(!errors.contains("internal error"), "{errors}");
}

/// A model with a damaged file (which the library would read and then end the program without a
/// word) is refused and said so, in the interface language.
#[test]
fn a_damaged_model_is_said_in_the_interface_language() {
    for damaged in ["means", "sendump"] {
        let dir = crate::support::fresh_dir(&format!("listen-damaged-{damaged}"));
        let model = model_without(&dir, damaged);
        std::fs::write(model.join(damaged), b"not a model at all").unwrap();
        let refused = Recognizer::new(Some(&model)).err();
        assert!(matches!(refused, Some(annabella::listen::ListenError::Damaged(_))), "{damaged}: {refused:?}");
        let env = [("ANNABELLA_ASR_MODEL".to_string(), model.display().to_string())];
        let wav = dir.join("quiet.wav");
        write_wav(&wav, &[0; 16_000]);
        let args = ["listen", wav.to_str().unwrap(), "--speech", "off", "--lang", "de"];
        let out = crate::support::annabella(&args, &env, "");
        assert_eq!(out.status.code(), Some(2), "{damaged}");
        // Without speech the printed line carries the words as they would be said.
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "Die Spracherkennung kann nicht zuhören: das Modell der Spracherkennung ist beschädigt; das \
             Einrichtungsskript installiert es neu\n"
        );
    }
}

/// A microphone that is not there is said in the interface language, by the check and by the
/// enrolment alike.
#[test]
fn a_missing_microphone_is_said_in_the_interface_language() {
    let check =
        crate::support::annabella(&["listen", "--device", "nosuch", "--speech", "off", "--lang", "et"], &[], "");
    assert_eq!(check.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&check.stdout), "Kõnetuvastus ei saa kuulata: sellise nimega mikrofoni pole\n");
    let enrol = crate::support::annabella(
        &["listen", "--enrol", "--device", "nosuch", "--speech", "off", "--lang", "de"],
        &[],
        "",
    );
    assert_eq!(enrol.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&enrol.stdout),
        "Die Spracherkennung kann nicht zuhören: es gibt kein Mikrofon mit diesem Namen\n"
    );
}

/// An empty `ANNABELLA_ASR_MODEL` is as if it were not set: the distribution's model hears.
#[test]
fn an_empty_model_setting_hears_with_the_distributions_model() {
    let dir = crate::support::fresh_dir("listen-empty-model");
    let wav = dir.join("quiet.wav");
    write_wav(&wav, &[0; 16_000]);
    let args = ["listen", wav.to_str().unwrap(), "--speech", "off", "--lang", "en"];
    let unset = crate::support::annabella(&args, &[], "");
    let empty = crate::support::annabella(&args, &[("ANNABELLA_ASR_MODEL".to_string(), String::new())], "");
    let printed = String::from_utf8_lossy(&empty.stdout);
    assert!(!printed.contains("recogniser") && !printed.contains("model"), "{printed}");
    assert_eq!(printed, String::from_utf8_lossy(&unset.stdout));
    assert_eq!(empty.status.code(), unset.status.code());
}

/// A pack that cannot be heard is refused by name, with the packs that can.
#[test]
fn the_listen_check_refuses_a_pack_it_cannot_hear() {
    let out =
        crate::support::annabella(&["listen", "x.wav", "--pack", "fr", "--speech", "off", "--lang", "en"], &[], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "Moves cannot be heard in the words of fr; use appendix-e, en, et.\n"
    );
}

/// A recording that cannot be read is refused with the reason, in the user's language: no such
/// file, not a WAV recording at all, a WAV of a format that is not read. The path is printed; its
/// name alone is spoken.
#[test]
fn a_recording_that_cannot_be_read_is_refused_with_the_reason() {
    let dir = crate::support::fresh_dir("listen-unreadable");
    std::fs::write(dir.join("note.wav"), "not a recording").unwrap();
    // A WAV header for 64-bit floating-point samples, which are not read.
    let mut wide = b"RIFF\x24\0\0\0WAVEfmt \x10\0\0\0\x03\0\x01\0\x40\x1f\0\0\0\xf4\x01\0\x08\0\x40\0".to_vec();
    wide.extend_from_slice(b"data\0\0\0\0");
    std::fs::write(dir.join("wide.wav"), wide).unwrap();
    for (lang, file, printed, said) in [
        ("en", "missing.wav", "cannot be read: there is no such file", "The recording missing cannot be read"),
        ("et", "note.wav", "ei saa lugeda: see ei ole WAV-salvestus", "Salvestust note ei saa lugeda"),
        (
            "de",
            "wide.wav",
            "kann nicht gelesen werden: ihr WAV-Format wird nicht unterstützt",
            "Die Aufnahme wide kann",
        ),
    ] {
        let transcript = dir.join(format!("{lang}.txt"));
        let path = dir.join(file);
        let args = ["--lang", lang, "--speech", "text", "--transcript", transcript.to_str().unwrap(), "listen"];
        let out = crate::support::annabella(&[&args[..], &[path.to_str().unwrap()]].concat(), &[], "");
        assert_eq!(out.status.code(), Some(2));
        let shown = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(shown.contains(printed), "{shown}");
        let spoken = std::fs::read_to_string(&transcript).unwrap();
        assert!(spoken.contains(said) && !spoken.contains(".wav") && !spoken.contains("system"), "{spoken}");
    }
}

/// `listen --report DIR` hears a folder of recordings as a game would and prints the table of how
/// they were heard; one recording says its margin and whether a game would ask back.
#[test]
fn a_folder_of_recordings_is_measured_as_the_game_hears_them() {
    let dir = crate::support::fresh_dir("listen-report");
    let pack = PhrasePack::named("appendix-e").unwrap();
    let mut index = String::from("# file\tposition\tmove said\n");
    for (i, san) in ["e4", "Nf3", "d4", "c4"].iter().enumerate() {
        let pos = Chess::default();
        let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
        let words = spoken(&pos, mv, &pack, SpokenStyle::default());
        let wav = dir.join(format!("m{i}.wav"));
        let out = Command::new("espeak-ng").args(["-v", "mb-de6", "-w"]).arg(&wav).arg(&words).output().unwrap();
        assert!(out.status.success(), "the mb-de6 voice is missing (scripts/test-voices.sh)");
        index.push_str(&format!("m{i}.wav\tstartpos\t{san}\n"));
    }
    std::fs::write(dir.join("index.tsv"), index).unwrap();
    let out = crate::support::annabella(&["listen", "--report", dir.to_str().unwrap(), "--speech", "off"], &[], "");
    let printed = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{printed}");
    assert!(printed.contains("| recordings | heard right | of them asked back | wrong, asked back | wrong, played without a yes | not heard |") || printed.contains("4 recordings: "), "{printed}");
    let said = printed.lines().find(|l| l.starts_with("4 recordings: ")).unwrap_or_else(|| panic!("{printed}"));
    assert!(said.contains("; 0 heard wrong and played without a yes;"), "{said}");
    let heard: usize = said["4 recordings: ".len()..].split(' ').next().unwrap().parse().unwrap();
    assert!(heard >= 3, "{said}");
    let out = crate::support::annabella(&["listen", dir.join("m1.wav").to_str().unwrap(), "--speech", "off"], &[], "");
    let printed = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(printed.contains("Margin ") && printed.contains(": a game would "), "{printed}");
    // A line of the index that names no move is refused with its place.
    std::fs::write(dir.join("index.tsv"), "m0.wav\tstartpos\n").unwrap();
    let out = crate::support::annabella(&["listen", "--report", dir.to_str().unwrap(), "--speech", "off"], &[], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).contains("index.tsv, line 1 cannot be used"));
    // A folder without an index is told so, with how to make one, for report and enrolment.
    std::fs::remove_file(dir.join("index.tsv")).unwrap();
    for mode in ["--report", "--enrol"] {
        let out = crate::support::annabella(
            &["listen", mode, dir.to_str().unwrap(), "--speech", "off", "--lang", "en"],
            &[],
            "",
        );
        assert_eq!(out.status.code(), Some(2), "{mode}");
        let printed = String::from_utf8_lossy(&out.stdout);
        let said = "The folder's index cannot be read: there is no such file. Put an index file in the folder, one line for each recording.";
        assert_eq!(printed.trim_end(), said, "{mode}");
    }
}

/// Where each utterance the detector cut out of `stream` begins and where its speech ends.
fn cut(stream: &[i16]) -> Vec<(usize, usize)> {
    let mut vad = annabella::listen::Segmenter::default();
    let mut utterances: Vec<annabella::listen::Utterance> = stream.chunks(480).flat_map(|c| vad.push(c)).collect();
    utterances.extend(vad.finish());
    utterances.iter().map(|u| (u.cut_at as usize - u.samples.len(), u.speech_end as usize)).collect()
}

#[test]
fn the_detector_holds_in_pink_noise_at_twenty_and_ten_decibels_and_in_babble_at_twenty() {
    use crate::support::room::{conversation, say, Noise, Voice};
    let phrases: Vec<Vec<i16>> = ["Springer Felix drei", "Eva vier", "Kurze Rochade", "Dame schlägt Hector sieben"]
        .iter()
        .map(|text| say(Voice::new("mb-de6"), text, false))
        .collect();
    let ms = |n: usize| n * 16;
    for noise in [None, Some((Noise::Pink, 20.0)), Some((Noise::Pink, 10.0)), Some((Noise::Babble, 20.0))] {
        let (stream, spans) = conversation(&phrases, noise, 2.5);
        let heard = cut(&stream);
        assert_eq!(heard.len(), spans.len(), "{noise:?}: {heard:?} for the phrases at {spans:?}");
        for ((begins, speech_ends), (start, end)) in heard.iter().zip(&spans) {
            assert!(*begins <= start + ms(60), "{noise:?}: the phrase at {start} was cut from {begins}");
            assert!(*speech_ends + ms(150) >= *end, "{noise:?}: the phrase ending at {end} was cut at {speech_ends}");
            assert!(
                *speech_ends <= end + ms(400),
                "{noise:?}: the room after {end} was taken as speech to {speech_ends}"
            );
        }
    }
}

#[test]
fn babble_ten_decibels_under_the_voice_is_never_taken_for_speech() {
    // Other voices 10 dB under the player's voice swell as loud as the player's softer
    // words: the detector does not yet hold there (BENCHMARKS.md), but the babble itself is never
    // an utterance.
    use crate::support::room::{conversation, say, Noise, Voice};
    let phrases: Vec<Vec<i16>> =
        ["Springer Felix drei", "Eva vier"].iter().map(|t| say(Voice::new("mb-de6"), t, false)).collect();
    let (stream, spans) = conversation(&phrases, Some((Noise::Babble, 10.0)), 4.0);
    for (begins, speech_ends) in cut(&stream) {
        assert!(
            spans.iter().any(|(start, end)| begins <= *end && speech_ends + 16 * 150 >= *start),
            "babble taken as speech from {begins} to {speech_ends}; the phrases are at {spans:?}"
        );
    }
}

/// Moves said in a room whose pink noise stands 10 dB under the voice: the room's steady noise is
/// taken out before hearing, so that most are heard right (without it fewer than half were), and
/// none heard wrong is sure.
#[test]
fn moves_said_in_a_loud_room_are_heard_with_its_noise_taken_out() {
    use crate::support::room::{in_room, say, Noise, Voice};
    let pack = PhrasePack::named("appendix-e").unwrap();
    let mut recognizer = Recognizer::new(None).unwrap();
    let mut pos = Chess::default();
    let mut right = 0;
    let moves: Vec<&str> = GAME.split_whitespace().take(16).collect();
    for (n, san) in moves.iter().enumerate() {
        let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
        let words = spoken(&pos, mv, &pack, SpokenStyle::default());
        let samples = in_room(&say(Voice::new("mb-de6"), &words, false), Some((Noise::Pink, 10.0)), 0.5, n as u64);
        let grammar = MoveGrammar::for_position(&pos, &pack);
        if let Some(heard) = recognizer.hear(&grammar, &samples).unwrap() {
            if heard.meaning == Meaning::Move(mv) {
                right += 1;
            } else {
                assert!(!grammar.sure(&heard.words, heard.margin, annabella::listen::THRESHOLD), "{words}: {heard:?}");
            }
        }
        pos.play_unchecked(mv);
    }
    assert!(right >= 12, "{right} of {} heard right", moves.len());
}

/// Moves said among other voices talking 20 dB under the voice: the detector finds the room
/// swelling, the recogniser is told so, and a margin there counts a sixth (a third for the noise,
/// half again for the voices: their words fit a wrong phrase better than steady noise does).
/// Steady noise as loud does not swell.
#[test]
fn among_other_voices_a_margin_counts_a_sixth() {
    use crate::support::room::{cut_in_known_room, in_known_room, say, Noise, Voice};
    let pack = PhrasePack::named("appendix-e").unwrap();
    let mut recognizer = Recognizer::new(None).unwrap();
    let mut pos = Chess::default();
    let mut weighed = 0;
    for (n, san) in GAME.split_whitespace().take(6).enumerate() {
        let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
        let said = say(Voice::new("mb-de6"), &spoken(&pos, mv, &pack, SpokenStyle::default()), false);
        let grammar = MoveGrammar::for_position(&pos, &pack);
        for (noise, swelling) in [(Noise::Babble, true), (Noise::Pink, false)] {
            let samples = in_known_room(&said, Some((noise, 20.0)), 0.5, n as u64);
            let cut = cut_in_known_room(&samples);
            let utterance = cut.first().unwrap_or_else(|| panic!("{san} in {noise:?}: nothing cut out"));
            assert_eq!(utterance.room.swell >= 1.5, swelling, "{san} in {noise:?}: {}", utterance.room.swell);
            let Some(heard) = recognizer.hear_utterance(&grammar, utterance).unwrap() else { continue };
            let e = &heard.evidence;
            assert_eq!(e.room_swell, utterance.room.swell);
            if e.explained >= 0.75 && (15.0..25.0).contains(&e.under_voice) {
                let counts = if swelling { 6.0 } else { 3.0 };
                // Words that leave a little of the voice unexplained count in proportion.
                let explained = ((e.explained - 0.55) / 0.4).min(1.0);
                let margin = e.over_rival * explained / counts;
                assert!((heard.margin - margin).abs() < 1e-4, "{san} in {noise:?}: {heard:?}");
                weighed += 1;
            }
        }
        pos.play_unchecked(mv);
    }
    assert!(weighed >= 6, "only {weighed} hearings were weighed as in a noisy room");
}

/// `annabella listen FILE` says when the room swelled as other voices do and the margin was
/// halved for it; in steady noise as loud it does not.
#[test]
fn the_listen_check_says_when_other_voices_halved_the_margin() {
    use crate::support::room::{in_room, say, Noise, Voice};
    let dir = crate::support::fresh_dir("listen-among-voices");
    let said = say(Voice::new("mb-de6"), "Springer Felix drei", false);
    for (noise, among_voices) in [(Noise::Babble, true), (Noise::Pink, false)] {
        let wav = dir.join(format!("{noise:?}.wav"));
        write_wav(&wav, &in_room(&said, Some((noise, 20.0)), 0.5, 3));
        let out =
            crate::support::annabella(&["listen", wav.to_str().unwrap(), "--speech", "off", "--lang", "de"], &[], "");
        let printed = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(printed.starts_with("Gehört: "), "{noise:?}: {printed}");
        let halved = "Das Geräusch im Raum schwankt wie bei Gesprächen, deshalb wurde der Abstand halbiert.";
        assert_eq!(printed.contains(halved), among_voices, "{noise:?}: {printed}");
    }
}

/// `samples` (16 kHz, mono) written as a 16-bit WAV file.
pub(crate) fn write_wav(path: &std::path::Path, samples: &[i16]) {
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: 16_000,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut writer = hound::WavWriter::create(path, spec).unwrap();
    for &sample in samples {
        writer.write_sample(sample).unwrap();
    }
    writer.finalize().unwrap();
}

/// Moves said into the microphone in a loud room (pink noise 10 dB under the voice): the player
/// is told once, before the answer to the first words heard, that nearly every move will be asked
/// back.
#[test]
fn a_loud_room_is_said_once_before_the_first_question() {
    use crate::support::room::{conversation, say, Noise, Voice};
    let dir = crate::support::fresh_dir("listen-loud-room");
    let phrases: Vec<Vec<i16>> = ["Eva vier", "Eva fünf"].iter().map(|t| say(Voice::new("mb-de6"), t, false)).collect();
    let (stream, _) = conversation(&phrases, Some((Noise::Pink, 10.0)), 3.0);
    let raw = dir.join("said.raw");
    std::fs::write(&raw, stream.iter().flat_map(|s| s.to_le_bytes()).collect::<Vec<u8>>()).unwrap();
    let env = microphone_from(&raw, &dir);
    let mut game = playing(&["play", "--listen", "continuous", "--lang", "en"], env, &dir);
    let loud = "The room is loud: nearly every move heard will be asked back. Typing is quicker.";
    // The answers to words heard: a question, a move played, or words to be said again.
    let answer = |l: &str| l.ends_with("? Say yes or no.") || is_announcement(l) || l.starts_with("Not understood.");
    let said = game.lines_until(3, |l| l == loud || answer(l));
    let rest = game.finish("quit\n");
    assert_eq!(said.len(), 3, "{said:?}");
    assert_eq!(said[0], loud, "{said:?}");
    assert!(said[1..].iter().all(|l| answer(l)), "{said:?}");
    assert_eq!(rest.iter().filter(|l| *l == loud).count(), 0, "{rest:?}");
}

/// `listen --devices` names the microphones (by the names `--listen-device` takes) in the user's
/// language, or says there is none, and none of ALSA's own lines reach the terminal.
#[test]
fn the_microphones_are_listed_or_their_absence_is_said() {
    let dir = crate::support::fresh_dir("listen-devices");
    let raw = dir.join("silence.raw");
    std::fs::write(&raw, vec![0u8; 32_000]).unwrap();
    let env = microphone_from(&raw, &dir);
    let out = crate::support::annabella(&["listen", "--devices", "--speech", "off", "--lang", "de"], &env, "");
    let printed = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = printed.lines().collect();
    assert!(lines[0] == "Ein Mikrofon:" || lines[0].ends_with(" Mikrofone:"), "{printed}");
    assert!(lines[1..].iter().any(|l| l.ends_with(". Default")), "{printed}");
    std::fs::write(dir.join("no-alsa.conf"), "").unwrap();
    let none = vec![("ALSA_CONFIG_PATH".to_string(), dir.join("no-alsa.conf").display().to_string())];
    let out = crate::support::annabella(&["listen", "--devices", "--speech", "off", "--lang", "en"], &none, "");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "No microphone can be found: plug one in, or check that the sound system sees it.\n"
    );
    assert!(!String::from_utf8_lossy(&out.stderr).contains("ALSA lib"), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(0));
}

/// Positions with two to four like pieces on one line (a move told apart by the file, the rank
/// or both), promotions with and without capture, and castling both ways.
fn crowded_positions() -> Vec<&'static str> {
    vec![
        "4k3/8/8/8/8/2N5/8/2N1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/N1N1K2N w - - 0 1",
        "4k3/8/2N5/8/2N5/8/2N5/2N1K3 w - - 0 1",
        "4k3/8/8/1N3N2/8/1N3N2/8/4K3 w - - 0 1",
        "3k4/8/8/8/R6R/8/8/R3K3 w - - 0 1",
        "4k3/8/8/8/3Q4/8/3Q4/Q3K2Q w - - 0 1",
        "4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1",
        "4k3/8/1B3B2/8/1B3B2/8/8/4K3 w - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "1n2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/1p1p4/2N4K b - - 0 1",
        "4k3/8/8/8/8/2n1n3/8/2n1K1n1 b - - 0 1",
    ]
}

/// Whether a move of `pos` is told apart from another by its departure (two like pieces reach one
/// square) or is a promotion: the positions whose phrases need more than a piece and a square.
fn needs_more_than_piece_and_square(pos: &Chess) -> bool {
    let moves = pos.legal_moves();
    moves.iter().any(|m| m.is_promotion())
        || moves
            .iter()
            .enumerate()
            .any(|(i, m)| moves[i + 1..].iter().any(|o| o.role() == m.role() && o.to() == m.to()))
}

/// Every position's grammar is made of words the recogniser can say, in every pack: over the
/// positions of real games beside the project (every 4th of the 65,536 whose moves need more than a
/// piece and a square to be told apart, every 32nd of the others) and the crowded ones.
#[test]
fn every_positions_grammar_has_only_words_the_recogniser_knows_in_every_pack() {
    let set = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/unwinnability/lichess.txt");
    let text = std::fs::read_to_string(&set).expect("the positions of real games beside the project");
    let fens: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() > 3)
        .map(|l| l[3..].trim().to_string())
        .chain(crowded_positions().into_iter().map(String::from))
        .collect();
    assert!(fens.len() > 65_000, "{}", fens.len());
    let positions: Vec<Chess> = fens
        .iter()
        .enumerate()
        .filter_map(|(i, fen)| {
            let full = if fen.split_whitespace().count() == 4 { format!("{fen} 0 1") } else { fen.clone() };
            let pos = annabella::rules::parse_fen(&full).ok()?;
            (i % 32 == 0 || i % 4 == 0 && needs_more_than_piece_and_square(&pos)).then_some(pos)
        })
        .collect();
    assert!(positions.len() > 3_000, "{}", positions.len());
    for name in ["appendix-e", "en", "et"] {
        let pack = PhrasePack::named(name).unwrap();
        for pos in &positions {
            let grammar = MoveGrammar::for_position(pos, &pack);
            let fen = annabella::rules::to_fen(pos);
            assert!(grammar.unknown_words().is_empty(), "{name} {fen}: {:?}", grammar.unknown_words());
        }
    }
}

/// The grammar of every crowded position loads in the real recogniser in every pack.
#[test]
fn every_crowded_positions_grammar_loads_in_every_pack() {
    let mut recognizer = Recognizer::new(None).unwrap();
    for name in ["appendix-e", "en", "et"] {
        let pack = PhrasePack::named(name).unwrap();
        for fen in crowded_positions() {
            let pos = annabella::rules::parse_fen(fen).unwrap();
            let grammar = MoveGrammar::for_position(&pos, &pack);
            let heard = recognizer.hear(&grammar, &vec![0; 8_000]);
            assert!(heard.is_ok(), "{name} {fen}: {heard:?}");
        }
    }
}
