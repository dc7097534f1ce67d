//! The player's voice as enrolment fitted it: the frequency warp that makes the recogniser's model
//! hear it best, and from how many phrases, kept per user in the data folder. A new fitting keeps
//! the one before it beside it (`voice-fit.previous.toml`).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The fit of one player's voice.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct VoiceFit {
    /// The frequency warp (1.0: the voice heard as it is).
    pub warp: f32,
    /// How many phrases the fit was found from.
    pub phrases: usize,
}

/// The fit kept in `file`, if there is a readable one.
pub fn load(file: &Path) -> Option<VoiceFit> {
    let fit: VoiceFit = toml::from_str(&std::fs::read_to_string(file).ok()?).ok()?;
    (fit.warp.is_finite() && (0.5..=1.5).contains(&fit.warp)).then_some(fit)
}

/// The fit kept for this user, if enrolment has found one.
pub fn enrolled() -> Option<VoiceFit> {
    load(&crate::places::voice_file()?)
}

/// Keeps `fit` in `file`; a fit kept there before is moved beside it first. Returns where the
/// earlier fit now is, if there was one.
pub fn keep(file: &Path, fit: &VoiceFit) -> std::io::Result<Option<PathBuf>> {
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let previous = file.with_extension("previous.toml");
    let moved = if file.exists() {
        std::fs::rename(file, &previous)?;
        Some(previous)
    } else {
        None
    };
    let text = toml::to_string(fit).map_err(std::io::Error::other)?;
    let fresh = file.with_extension("toml.new");
    std::fs::write(&fresh, text)?;
    std::fs::rename(&fresh, file)?;
    Ok(moved)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fit_is_kept_and_the_one_before_it_beside_it() {
        let dir = std::env::temp_dir().join(format!("annabella-voice-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let file = dir.join("voice-fit.toml");
        assert_eq!(load(&file), None);
        let first = VoiceFit { warp: 0.9, phrases: 8 };
        assert_eq!(keep(&file, &first).unwrap(), None);
        assert_eq!(load(&file), Some(first));
        let second = VoiceFit { warp: 1.1, phrases: 8 };
        let previous = keep(&file, &second).unwrap().unwrap();
        assert_eq!((load(&file), load(&previous)), (Some(second), Some(first)));
        std::fs::write(&file, "warp = 7.0\nphrases = 1\n").unwrap();
        assert_eq!(load(&file), None, "a warp beyond sense is no fit");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
