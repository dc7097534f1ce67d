//! Enrolment (`annabella listen --enrol`): the recogniser fitted to a voice from the moves it
//! says — a folder of recordings with their words, or the moves asked for said into the
//! microphone (a recording served by ALSA as the capture device) — and the fit kept per user, the
//! one before it beside it. A voice whose formants lie lower is fitted with a lower warp than one
//! whose formants lie higher.

use std::path::{Path, PathBuf};

use crate::support::room::{say, Voice};

/// The moves enrolment asks for in the Appendix E words.
fn phrases() -> Vec<String> {
    annabella::listen::prompts(&annabella::notation::PhrasePack::named("appendix-e").unwrap(), 8)
}

/// `samples` with every frequency moved by `factor` (played faster or slower): a voice of a
/// shorter or longer vocal tract.
fn shifted(samples: &[i16], factor: f32) -> Vec<i16> {
    let n = (samples.len() as f32 / factor) as usize;
    (0..n).map(|i| samples[((i as f32 * factor) as usize).min(samples.len() - 1)]).collect()
}

/// A folder of the phrases said by the German test voice with its frequencies moved by `factor`.
fn recorded(dir: &Path, factor: f32) -> PathBuf {
    let folder = dir.join(format!("voice-{factor}"));
    std::fs::create_dir_all(&folder).unwrap();
    let mut index = String::new();
    for (i, words) in phrases().iter().enumerate() {
        let samples = shifted(&say(Voice::new("mb-de6"), words, false), factor);
        let file = format!("{i}.wav");
        let floats: Vec<f32> = samples.iter().map(|&s| f32::from(s) / 32768.0).collect();
        let clip: Vec<i16> = annabella::speech::resample(&floats, 16_000, annabella::speech::CLIP_RATE)
            .iter()
            .map(|s| (s * 32767.0) as i16)
            .collect();
        std::fs::write(folder.join(&file), annabella::speech::wav_bytes(&clip).unwrap()).unwrap();
        index.push_str(&format!("{file}\t{words}\n"));
    }
    std::fs::write(folder.join("index.tsv"), index).unwrap();
    folder
}

fn enrol(args: &[&str], data: &Path, env: &[(String, String)]) -> (Option<i32>, String, Option<f32>) {
    let mut all = vec!["listen", "--enrol"];
    all.extend(args);
    all.extend(["--speech", "off", "--lang", "en"]);
    let mut env = env.to_vec();
    env.push(("XDG_DATA_HOME".into(), data.display().to_string()));
    let out = crate::support::annabella(&all, &env, "");
    let fit = annabella::listen::load(&data.join("annabella/voice-fit.toml")).map(|f| f.warp);
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned(), fit)
}

#[test]
fn a_voice_is_fitted_from_its_recordings_and_the_fit_before_is_kept() {
    let dir = crate::support::fresh_dir("enrol-folder");
    let mut warps = Vec::new();
    for factor in [0.87, 1.0, 1.15] {
        let data = dir.join(format!("data-{factor}"));
        let (code, printed, fit) = enrol(&[recorded(&dir, factor).to_str().unwrap()], &data, &[]);
        assert_eq!(code, Some(0), "{printed}");
        assert!(printed.starts_with("Your voice is fitted from 8 moves said (frequency warp "), "{printed}");
        warps.push(fit.expect("the fit is kept"));
    }
    let (lower, natural, higher) = (warps[0], warps[1], warps[2]);
    assert!(lower < higher && lower <= natural && natural <= higher, "{warps:?}");
    // A second enrolment keeps the first beside it.
    let data = dir.join("data-1");
    let (code, printed, _) = enrol(&[recorded(&dir, 1.15).to_str().unwrap()], &data, &[]);
    assert_eq!(code, Some(0));
    assert!(printed.contains("The fit before it is kept"), "{printed}");
    assert_eq!(annabella::listen::load(&data.join("annabella/voice-fit.previous.toml")).map(|f| f.warp), Some(natural));
}

#[test]
fn a_folder_without_a_usable_index_changes_nothing() {
    let dir = crate::support::fresh_dir("enrol-bad");
    std::fs::write(dir.join("index.tsv"), "only-a-file.wav\n").unwrap();
    let data = dir.join("data");
    let (code, printed, fit) = enrol(&[dir.to_str().unwrap()], &data, &[]);
    assert_eq!(code, Some(2));
    assert!(printed.contains("cannot be used: each line is a recording and the words said in it"), "{printed}");
    assert_eq!(fit, None);
    assert!(!data.join("annabella").exists());
    // A recording the index names that is not there is named, and why.
    std::fs::write(dir.join("index.tsv"), "gone.wav\tEva vier\n").unwrap();
    let (code, printed, fit) = enrol(&[dir.to_str().unwrap()], &data, &[]);
    assert_eq!(code, Some(2));
    assert!(printed.contains("gone.wav cannot be read: there is no such file"), "{printed}");
    assert_eq!(fit, None);
}

#[test]
fn the_moves_asked_for_are_said_into_the_microphone_and_the_voice_is_fitted() {
    let dir = crate::support::fresh_dir("enrol-microphone");
    // Each move said four seconds after the one before, as a player answering each request.
    let mut samples: Vec<i16> = vec![0; 16_000 * 3];
    for words in phrases() {
        let said = say(Voice::new("mb-de6"), &words, false);
        let gap = (16_000 * 4usize).saturating_sub(said.len());
        samples.extend(said);
        samples.extend(std::iter::repeat_n(0, gap));
    }
    let raw = dir.join("said.raw");
    std::fs::write(&raw, samples.iter().flat_map(|s| s.to_le_bytes()).collect::<Vec<u8>>()).unwrap();
    let env = crate::listen::microphone_from(&raw, &dir);
    let (code, printed, fit) = enrol(&["--seconds", "6"], &dir.join("data"), &env);
    assert_eq!(code, Some(0), "{printed}");
    assert_eq!(printed.matches("Say: ").count(), 8, "{printed}");
    assert!(printed.contains("Say: springer felix drei."), "{printed}");
    assert!(fit.is_some(), "{printed}");
}
