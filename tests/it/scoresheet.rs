//! The player's scoresheet leaving the program: `export` in a game and `annabella export` of a
//! PGN, as text in the player's letters, full notation, Unicode braille and BRF.

use crate::support::{annabella, fresh_dir, QUIET};

fn temp_dir(name: &str) -> crate::support::Scratch {
    fresh_dir(&format!("sheet-{name}"))
}

#[test]
fn a_game_exports_its_scoresheet_in_every_form() {
    let dir = temp_dir("repl");
    let journal = dir.join("club.journal");
    let mut args =
        vec!["play", "--white", "Anna", "--black", "Bruno", "--blind", "white", "--journal", journal.to_str().unwrap()];
    args.extend(QUIET);
    let braille = dir.join("game.braille");
    let input = format!(
        "e4\ne5\nBc4\nNc6\nQh5\nNf6\nQxf7\nexport braille {}\nexport brf\nexport full {}\nexport sideways\n",
        braille.display(),
        dir.join("full.txt").display()
    );
    let out = annabella(&args, &[], &input);
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains(&format!("The scoresheet is saved in {}.", braille.display())), "{printed}");
    assert!(
        printed.contains("There is no scoresheet form called sideways. Say one of: text, full, braille, brf, wav."),
        "{printed}"
    );
    let cells = std::fs::read_to_string(&braille).unwrap();
    assert_eq!(cells, "⠠⠺⠓⠊⠞⠑⠒ ⠠⠁⠝⠝⠁⠲ ⠠⠃⠇⠁⠉⠅⠒ ⠠⠃⠗⠥⠝⠕⠲\n\n⠂ ⠑⠲ ⠑⠢\n⠆ ⠃⠉⠲ ⠎⠉⠖\n⠒ ⠟⠓⠢ ⠎⠋⠖\n⠲ ⠟⠭⠋⠶⠸⠹\n⠂⠤⠴\n");
    let brf = std::fs::read_to_string(journal.with_extension("brf")).unwrap();
    assert_eq!(
        brf,
        ",WHITE3 ,ANNA4 ,BLACK3 ,BRUNO4\r\n\r\n1 E4 E5\r\n2 BC4 SC6\r\n3 QH5 SF6\r\n4 QXF7_?\r\n1-0\r\n\u{c}"
    );
    let full = std::fs::read_to_string(dir.join("full.txt")).unwrap();
    assert!(full.ends_with("1. e2-e4 e7-e5\n2. Bf1-c4 Nb8-c6\n3. Qd1-h5 Ng8-f6\n4. Qh5:f7#\n1-0\n"), "{full}");
}

#[test]
fn annabella_export_reads_a_pgn_in_any_notation() {
    let dir = temp_dir("cli");
    let pgn = dir.join("game.pgn");
    std::fs::write(&pgn, "[White \"Jüri\"]\n[Black \"Mari\"]\n[Result \"*\"]\n\n1. e2-e4 c7-c5 2. Sg1-f3 d7-d6 *\n")
        .unwrap();
    let out =
        annabella(&["export", pgn.to_str().unwrap(), "--format", "text", "--letters", "et", "--lang", "et"], &[], "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "Valge: Jüri. Must: Mari.\n\n1. e4 c5\n2. Rf3 d6\n");
    let brf = dir.join("game.brf");
    let out = annabella(&["export", pgn.to_str().unwrap(), "--format", "brf", "--out", brf.to_str().unwrap()], &[], "");
    assert!(out.status.success());
    assert!(
        std::fs::read_to_string(&brf).unwrap().contains(",J^3URI4 ,BLACK3"),
        "the name by liblouis, in UEB with its accent"
    );
    let out = annabella(&["export", pgn.to_str().unwrap(), "--format", "print"], &[], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("text, full, braille, brf"));
    // The form may follow the game as in a game's `export` (but not also with --format).
    let out = annabella(&["export", pgn.to_str().unwrap(), "full", "--lang", "et"], &[], "");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "Valge: Jüri. Must: Mari.\n\n1. e2-e4 c7-c5\n2. Ng1-f3 d7-d6\n");
    let out = annabella(&["export", pgn.to_str().unwrap(), "print"], &[], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("There is no scoresheet form called print."), "{out:?}");
    let out = annabella(&["export", pgn.to_str().unwrap(), "full", "--format", "text", "--lang", "en"], &[], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("FORM and --format name the same thing; give only one of them."),
        "{out:?}"
    );
}

/// Seconds of sound in a WAV file and the RMS amplitude of its samples louder than a whisper.
fn wav_facts(path: &std::path::Path) -> (f64, f64) {
    let samples = annabella::speech::read_wav(path).expect("a readable WAV file");
    let loud: Vec<f64> = samples.iter().map(|&s| s as f64 / 32768.0).filter(|v| v.abs() > 0.01).collect();
    let rms = (loud.iter().map(|v| v * v).sum::<f64>() / loud.len().max(1) as f64).sqrt();
    (samples.len() as f64 / annabella::speech::CLIP_RATE as f64, rms)
}

#[test]
fn the_audio_scoresheet_grows_with_the_moves() {
    let dir = temp_dir("wav");
    let clips = crate::support::clips().to_str().unwrap();
    let mut seconds = Vec::new();
    for (name, moves) in [("short", "1. e4 e5 *"), ("long", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *")] {
        let pgn = dir.join(format!("{name}.pgn"));
        std::fs::write(&pgn, format!("[White \"A\"]\n[Black \"B\"]\n\n{moves}\n")).unwrap();
        let wav = dir.join(format!("{name}.wav"));
        let (p, w) = (pgn.to_str().unwrap(), wav.to_str().unwrap());
        let out = annabella(&["export", p, "--format", "wav", "--clips", clips, "--out", w], &[], "");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let (length, rms) = wav_facts(&wav);
        assert!(rms > 0.1, "{name}: the recording is too quiet (RMS {rms})");
        seconds.push(length);
    }
    // One full move with its number takes a few seconds; five take about five times as long.
    assert!((2.5..8.0).contains(&seconds[0]), "{seconds:?}");
    assert!(seconds[1] > 4.0 * seconds[0], "{seconds:?}");
}

#[test]
fn the_audio_scoresheet_is_written_from_a_game() {
    let dir = temp_dir("wav-repl");
    let wav = dir.join("tape.wav");
    let clips = crate::support::clips().to_str().unwrap();
    let mut args = vec!["play", "--clips", clips];
    args.extend(QUIET);
    let out = annabella(&args, &[], &format!("e4\nd5\nexd5\nexport wav {}\n", wav.display()));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains(&format!("The scoresheet is saved in {}.", wav.display())), "{printed}");
    let (length, rms) = wav_facts(&wav);
    assert!((4.0..12.0).contains(&length) && rms > 0.1, "{length} s, RMS {rms}");
    // Without clips the file is not written and the reason is said.
    let missing = [("ANNABELLA_CLIPS".to_string(), "/nonexistent/clips".to_string())];
    let out = annabella(&QUIET, &missing, &format!("e4\nexport wav {}\n", dir.join("none.wav").display()));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains("is missing. The script render-clips makes the clips."), "{printed}");
    assert!(!dir.join("none.wav").exists());
}
