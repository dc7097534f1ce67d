//! Where annabella keeps things: the user's configuration file, the games folder (journals,
//! envelopes, PGNs), the line history, the progress with the coach and the fit of the player's
//! voice, in the platform's usual
//! folders (XDG on Linux, `%APPDATA%` on Windows, `~/Library` on macOS), from the `directories`
//! crate.

use std::path::PathBuf;

fn project() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", "annabella")
}

/// The user's configuration file (`~/.config/annabella/config.toml` on Linux), if it exists.
pub fn user_config() -> Option<PathBuf> {
    project().map(|p| p.config_dir().join("config.toml")).filter(|p| p.exists())
}

/// The folder of the games' journals (`~/.local/share/annabella/games` on Linux).
pub fn games_dir() -> Option<PathBuf> {
    project().map(|p| p.data_dir().join("games"))
}

/// The file of the typed lines' history, its folder made if need be.
pub fn history_file() -> Option<PathBuf> {
    let dir = project()?.data_dir().to_path_buf();
    let _ = std::fs::create_dir_all(&dir);
    Some(dir.join("history"))
}

/// The file of the player's progress with the coach: puzzles, exercises, drills
/// (`~/.local/share/annabella/progress.log` on Linux).
pub fn progress_file() -> Option<PathBuf> {
    project().map(|p| p.data_dir().join("progress.log"))
}

/// The file of the player's voice as enrolment fitted it
/// (`~/.local/share/annabella/voice-fit.toml` on Linux).
pub fn voice_file() -> Option<PathBuf> {
    project().map(|p| p.data_dir().join("voice-fit.toml"))
}
