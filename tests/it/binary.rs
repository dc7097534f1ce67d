//! The real binary under the scripting contract: commands from a pipe, every answer printed,
//! `say:` lines in the transcript, a `result:` line, exit code 0; bad settings refused clearly.

use std::process::Output;

/// The binary without audio cues, so that what it prints does not depend on a sound device.
fn annabella(args: &[&str], input: &str) -> Output {
    let mut args = args.to_vec();
    if args.first() != Some(&"play") {
        args.insert(0, "play");
    }
    if !args.contains(&"--cues") {
        args.extend(["--cues", "off"]);
    }
    crate::support::annabella(&args, &[], input)
}

/// A file's path in a directory of its own, removed when the test is done with it.
fn temp(name: &str) -> (crate::support::Scratch, std::path::PathBuf) {
    let dir = crate::support::fresh_dir(&format!("binary-{name}"));
    let path = dir.join(name);
    (dir, path)
}

#[test]
fn a_scripted_game_follows_the_contract() {
    let (_transcript_dir, transcript) = temp("fools-mate.txt");
    let t = transcript.to_str().unwrap();
    let out = annabella(
        &["play", "--speech", "text", "--cues", "on", "--transcript", t, "--white", "Anna"],
        "f3\ne5\ng4\nQh4#\n",
    );
    assert_eq!(out.status.code(), Some(0));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains("2... Qh4#: Dame Hector vier Matt\n"), "{printed}");
    assert!(printed.contains("\nresult: 0-1 (checkmate)\n"), "{printed}");
    let said = std::fs::read_to_string(&transcript).unwrap();
    assert!(said.starts_with("say: annabella.\nsay: Chess by ear. New game.\nsay: Anna has White.\n"), "{said}");
    assert!(
        said.contains("cue: check\nsay: Dame Hector vier Matt\ncue: game-end\nsay: Checkmate. Black wins.\n"),
        "{said}"
    );
    assert!(said.lines().all(|l| l.starts_with("say: ") || l.starts_with("cue: ")), "{said}");
}

#[test]
fn with_cues_off_no_cue_is_sounded_or_written() {
    let (_transcript_dir, transcript) = temp("no-cues.txt");
    let out = annabella(&["--speech", "text", "--transcript", transcript.to_str().unwrap()], "e4\nhello\n");
    assert_eq!(out.status.code(), Some(0));
    let said = std::fs::read_to_string(&transcript).unwrap();
    assert!(said.contains("say: Eva vier\n") && !said.contains("cue:"), "{said}");
}

#[test]
fn end_of_input_ends_an_unfinished_game_cleanly() {
    let out = annabella(&["--speech", "off"], "e4\n");
    assert_eq!(out.status.code(), Some(0));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.ends_with("1. e4: Eva vier\n"), "{printed}");
    assert!(!printed.contains("result:"), "{printed}");
}

#[test]
fn the_language_flag_changes_messages_not_english_commands() {
    let out = annabella(&["--speech", "text", "--lang", "de"], "e4\nresign\nschwarz\nja\n");
    let printed = String::from_utf8(out.stdout).unwrap();
    // The contract's line keeps its form; its reason is in the interface language.
    assert!(printed.contains("result: 1-0 (Aufgabe)"), "{printed}");
    assert!(printed.contains("Schwarz"), "{printed}");
}

#[test]
fn a_broken_fen_is_refused_with_the_reason() {
    let out = annabella(&["--speech", "text", "--fen", "8/8/8 w - - 0 1"], "");
    assert_eq!(out.status.code(), Some(2));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains("FEN"), "{printed}");
}

#[test]
fn a_bad_config_file_names_file_line_and_key() {
    let (_config_dir, config) = temp("bad.toml");
    std::fs::write(&config, "[speech]\nmode = \"text\"\n[announce]\npack = \"klingon\"\n").unwrap();
    let (_transcript_dir, transcript) = temp("bad-config-said.txt");
    let args = ["--speech", "text", "--config", config.to_str().unwrap(), "--transcript", transcript.to_str().unwrap()];
    let out = annabella(&args, "");
    assert_eq!(out.status.code(), Some(2));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(
        printed.contains("bad.toml, line 4: announce.pack cannot be klingon; use appendix-e, et or en."),
        "{printed}"
    );
    // Heard like any answer: the file by its name, the key in words.
    let said = std::fs::read_to_string(&transcript).unwrap();
    assert_eq!(said, "say: bad, line 4: announce pack cannot be klingon; use appendix-e, et or en.\n");
    // Said in the language the refused file names, not in the locale's.
    std::fs::write(&config, "[ui]\nlang = \"et\"\n[announce]\npack = \"klingon\"\n").unwrap();
    let out = annabella(&args, "");
    assert_eq!(out.status.code(), Some(2));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains("bad.toml, rida 4: announce.pack ei saa olla klingon;"), "{printed}");
}

/// A command line that cannot be read is refused like any answer: printed with the options as
/// typed, said with them as words, in the language the flags (or the configuration) ask for, and
/// exits 2.
#[test]
fn a_command_line_that_cannot_be_read_is_refused_in_the_users_words() {
    let cases: [(&[&str], &str, &str); 8] = [
        (
            &["play", "--blind", "purple"],
            "The option --blind cannot be purple; use white, black or none.",
            "The option blind cannot be purple; use white, black or none.",
        ),
        (
            &["--lang", "de", "play", "--bogus"],
            "annabella play hat keine Option --bogus; annabella help play nennt die Optionen.",
            "annabella play hat keine Option bogus; annabella help play nennt die Optionen.",
        ),
        (
            &["engine", "--depth", "many", "--lang", "et"],
            "Võti --depth ei saa olla many; sobib täisarv vahemikus 1 kuni 99.",
            "Võti depth ei saa olla many; sobib täisarv vahemikus 1 kuni 99.",
        ),
        (
            // What is missing is named in words, not by a placeholder in brackets.
            &["--lang", "de", "pairings"],
            "annabella pairings braucht die Zahl der Spieler, 3 bis 20; annabella help pairings sagt mehr.",
            "annabella pairings braucht die Zahl der Spieler, 3 bis 20; annabella help pairings sagt mehr.",
        ),
        (
            &["play", "--cues", "maybe"],
            "The option --cues cannot be maybe; use on or off.",
            "The option cues cannot be maybe; use on or off.",
        ),
        (
            &["play", "--clok", "real"],
            "annabella play has no option --clok. Did you mean --clock?",
            "annabella play has no option clok. Did you mean clock?",
        ),
        (
            // An option of play before another subcommand's name is that subcommand's to refuse.
            &["--white", "Bob", "games"],
            "annabella games has no option --white; annabella help games lists its options.",
            "annabella games has no option white; annabella help games lists its options.",
        ),
        (
            &["--clock", "real", "play", "--clock", "simulated"],
            "The option --clock is given twice; give it once.",
            "The option clock is given twice; give it once.",
        ),
    ];
    for (args, printed, said) in cases {
        let (_dir, transcript) = temp("refused-said.txt");
        let mut line: Vec<&str> = args.to_vec();
        line.extend(["--speech", "off", "--transcript", transcript.to_str().unwrap()]);
        let out = crate::support::annabella(&line, &[], "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8(out.stdout).unwrap(), format!("{printed}\n"), "{args:?}");
        assert_eq!(std::fs::read_to_string(&transcript).unwrap(), format!("say: {said}\n"), "{args:?}");
    }
    // What is wrong with a value is said too, in the language asked for.
    let args = ["--lang", "de", "--speech", "text", "play", "--time-control", "90+99999"];
    let out = crate::support::annabella(&args, &[], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "Die Option time control kann nicht 90 plus 99999 sein; pro Zug kommt höchstens eine Stunde hinzu; erlaubt ist \
         eine Bedenkzeit wie 90 plus 30 oder eine von fide classical, rapid, blitz, ussr 1, ussr 2, ussr 3 oder \
         ussr 4.\n"
    );
    // Help is printed as asked.
    let out = crate::support::annabella(&["pairings", "--help"], &[], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8(out.stdout).unwrap().contains("Usage: annabella pairings"));
}

/// The options of a game typed before `play` or `resume` are taken as typed after it, not
/// dropped: the simulated clock asked for before `play` is the game's.
#[test]
fn the_options_of_a_game_before_play_are_taken() {
    let args = ["--clock", "simulated", "--time-control", "G/10", "--speech", "off", "--lang", "en", "play"];
    let out = crate::support::annabella(&args, &[], "advance 1m\ntime\n");
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains("Time advanced by 1 minute."), "{printed}");
    assert!(printed.contains("White: 9 minutes, moves made: 0."), "{printed}");
}

/// The command line's help is printed in the interface language: the one of `--lang`, else of
/// the user's configuration, else of the locale.
#[test]
fn the_help_is_printed_in_the_interface_language() {
    let printed = |args: &[&str], env: &[(String, String)]| {
        let out = crate::support::annabella(args, env, "");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let german = printed(&["--lang", "de", "help", "play"], &[]);
    assert!(german.contains("Aufruf: annabella play [OPTIONEN]"), "{german}");
    assert!(german.contains("--white <NAME>"), "{german}");
    assert!(german.contains("Der Name von Weiß."), "{german}");
    assert_eq!(german, printed(&["play", "--help", "--lang", "de"], &[]));
    let dir = crate::support::fresh_dir("help-language");
    std::fs::create_dir_all(dir.join("annabella")).unwrap();
    std::fs::write(dir.join("annabella/config.toml"), "[ui]\nlang = \"et\"\n").unwrap();
    let home = [("XDG_CONFIG_HOME".to_string(), dir.to_str().unwrap().to_string())];
    let estonian = printed(&["pairings", "-h"], &home);
    assert!(estonian.contains("Kasutus: annabella pairings [VÕTMED] <MÄNGIJATE_ARV>"), "{estonian}");
    let locale = [("LC_ALL".to_string(), "de_DE.UTF-8".to_string())];
    assert!(printed(&["help"], &locale).contains("Befehle:"));
    assert!(printed(&["--lang", "en", "help"], &locale).contains("Commands:"));
}

#[test]
fn the_pairings_command_prints_every_round() {
    let out = crate::support::annabella(&["pairings", "6", "--speech", "off", "--lang", "en"], &[], "");
    assert_eq!(out.status.code(), Some(0));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(printed.lines().count(), 6, "{printed}");
    assert!(printed.contains("Round 2: 6 against 4; 5 against 3; 1 against 2."), "{printed}");
    let out = crate::support::annabella(&["pairings", "21", "--speech", "off", "--lang", "en"], &[], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn chess960_and_ruleset_options() {
    let out = annabella(&["--speech", "text", "--chess960", "518", "--ruleset", "fide-2008"], "claim\nyes\n");
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains("Chess960 position 518: Turm Anna eins, Springer Bella eins"), "{printed}");
    // The 2008 penalty for a wrong claim is three minutes, but there is no clock: none is given.
    assert!(printed.contains("Claim refused"), "{printed}");
    let same = |seed: &str| {
        let out = annabella(&["--speech", "text", "--chess960", "random", "--seed", seed], "");
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .find(|l| l.starts_with("Chess960"))
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(same("42"), same("42"));
    let out = annabella(&["--speech", "text", "--chess960", "960"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stdout).unwrap().contains("0 to 959"));
}

#[test]
fn without_a_sound_card_one_warning_and_nothing_from_alsa() {
    // An ALSA configuration that cannot be read stands for a machine without a sound card.
    let env = [("ALSA_CONFIG_PATH".to_string(), "/nonexistent/alsa.conf".to_string())];
    let args = ["play", "--speech", "text", "--clock", "simulated", "--cues", "on"];
    let out = crate::support::annabella(&args, &env, "e4\ne5\nNf3\nNc6\n");
    let (printed, errors) = (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap());
    assert!(!errors.contains("ALSA"), "{errors}");
    assert!(errors.trim().is_empty(), "{errors}");
    assert!(printed.contains("2... Nc6: Springer Cesar sechs"), "{printed}");
    assert_eq!(printed.matches("Audio cues are unavailable").count(), 1, "{printed}");
    // In German the warning is German through and through.
    let args = ["play", "--speech", "text", "--clock", "simulated", "--cues", "on", "--lang", "de"];
    let printed = String::from_utf8(crate::support::annabella(&args, &env, "e4\n").stdout).unwrap();
    assert!(printed.contains("Tonsignale nicht verfügbar: kein Audiogerät nutzbar"), "{printed}");
    assert!(!printed.contains("device"), "{printed}");
}

#[test]
fn say_words_a_missing_speech_engine_in_the_interface_language() {
    let env = [
        ("SPEECHD_ADDRESS".to_string(), "unix_socket:/nonexistent/speechd.sock".to_string()),
        ("LANG".to_string(), "de_DE.UTF-8".to_string()),
        ("LC_ALL".to_string(), String::new()),
        ("LC_MESSAGES".to_string(), String::new()),
    ];
    let out = crate::support::annabella(&["say", "Eva vier"], &env, "");
    let printed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{printed}");
    assert!(
        printed.contains("Warnung: Sprachausgabe nicht verfügbar: keine Verbindung zur Sprachausgabe"),
        "{printed}"
    );
    assert!(!printed.contains("initialize"), "no English in a German warning: {printed}");
    assert!(!printed.contains("NoAnswer") && !printed.contains("Unavailable("), "{printed}");
}

/// `say` with nothing to say is refused with what it takes, in the interface language, and exits 2.
#[test]
fn say_with_nothing_to_say_is_refused() {
    for (lang, said) in [
        ("en", "annabella say needs the words to say, for example: annabella say Springer Felix drei.\n"),
        ("et", "Käsk annabella say vajab öeldavaid sõnu, näiteks: annabella say Springer Felix drei.\n"),
    ] {
        let out = crate::support::annabella(&["--lang", lang, "--speech", "text", "say", "  "], &[], "");
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(String::from_utf8(out.stdout).unwrap(), said);
    }
}

#[test]
fn a_file_that_cannot_be_written_is_explained_in_the_interface_language() {
    let out = annabella(&["--speech", "text", "--lang", "et"], "e4\npgn /nonexistent/annabella/x.pgn\n");
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains(": kausta ei ole olemas."), "{printed}");
    assert!(!printed.contains("os error"), "{printed}");
}

/// A transcript that cannot be written is refused before anything begins, in the user's language
/// and spoken (its file's name alone), exit code 2: a game or a subcommand never runs unrecorded
/// when a record was asked for.
#[test]
fn a_transcript_that_cannot_be_written_is_refused_in_words() {
    let (_dir, folder) = temp("transcript-folder");
    std::fs::create_dir(&folder).unwrap();
    let out = annabella(&["--speech", "text", "--lang", "de", "--transcript", folder.to_str().unwrap()], "e4\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "Das Protokoll transcript folder kann nicht geschrieben werden: das ist ein Ordner, keine Datei. Nenne eine \
         Datei in einem vorhandenen Ordner oder lass die Option transcript weg.\n"
    );
    let args = ["--speech", "off", "--lang", "et", "--transcript", "/nonexistent/annabella/said.txt", "games"];
    let out = crate::support::annabella(&args, &[], "");
    assert_eq!(out.status.code(), Some(2));
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(printed.starts_with("Ärakirja said ei saa kirjutada: kausta ei ole olemas."), "{printed}");
    assert!(String::from_utf8_lossy(&out.stderr).is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}
