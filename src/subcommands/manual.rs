//! The manual pages and the shell completions, generated from the command-line definitions (clap's
//! generators), never written by hand: `annabella.1` and one page per subcommand
//! (`annabella-play.1` …), and the completions for bash, zsh and fish. Written by
//! `annabella manual DIR` (the Debian package is built with them).

use std::path::{Path, PathBuf};

use std::process::ExitCode;

use crate::messages::{Catalog, Lang};
use clap_complete::Shell;

/// Why the manual could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {path}: {source}")]
pub struct ManualError {
    /// The file.
    pub path: PathBuf,
    /// Why.
    pub source: std::io::Error,
}

/// The shells completions are written for, and each file's name as the shell looks for it.
const SHELLS: [(Shell, &str); 3] =
    [(Shell::Bash, "annabella.bash"), (Shell::Zsh, "_annabella"), (Shell::Fish, "annabella.fish")];

/// Writes the manual pages into `dir/man1` and the completions into `dir/completions`; the
/// files written.
pub fn write_manual(dir: &Path) -> Result<Vec<PathBuf>, ManualError> {
    let mut written = Vec::new();
    // The English of the catalogue, as `annabella --lang en help` prints it.
    let command = crate::cli::command_in(Lang::En);
    let pages = dir.join("man1");
    for (name, page) in pages_of(&command) {
        written.push(write(&pages.join(format!("{name}.1")), &page)?);
    }
    let completions = dir.join("completions");
    for (shell, file) in SHELLS {
        let mut text = Vec::new();
        clap_complete::generate(shell, &mut command.clone(), "annabella", &mut text);
        written.push(write(&completions.join(file), &text)?);
    }
    Ok(written)
}

/// The page of `command` and of each of its visible subcommands, named `annabella-SUB` (the
/// help subcommand's page would only say what `annabella help` does).
fn pages_of(command: &clap::Command) -> Vec<(String, Vec<u8>)> {
    let mut pages = vec![("annabella".to_string(), render(command.clone()))];
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set() && s.get_name() != "help") {
        let name = format!("annabella-{}", sub.get_name());
        let page = sub.clone().name(name.clone()).version(command.get_version().unwrap_or_default().to_string());
        pages.push((name, render(page)));
    }
    pages
}

fn render(command: clap::Command) -> Vec<u8> {
    let mut page = Vec::new();
    // Rendering into memory cannot fail.
    let _ = clap_mangen::Man::new(command).render(&mut page);
    page
}

fn write(path: &Path, bytes: &[u8]) -> Result<PathBuf, ManualError> {
    let fail = |source| ManualError { path: path.to_path_buf(), source };
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(fail)?;
    }
    std::fs::write(path, bytes).map_err(fail)?;
    Ok(path.to_path_buf())
}

/// `annabella manual DIR`: the manual pages and shell completions, generated; each file written is
/// printed.
pub fn manual(args: &crate::cli::ManualArgs) -> ExitCode {
    match write_manual(&args.dir) {
        Ok(written) => {
            written.iter().for_each(|path| println!("{}", path.display()));
            ExitCode::SUCCESS
        }
        Err(e) => {
            let path = e.path.display().to_string();
            let reason = e.source.to_string();
            let args = [("path", path.as_str()), ("reason", reason.as_str())];
            eprintln!("annabella: {}", Catalog::shipped(Lang::from_environment()).text("manual.cannot_write", &args));
            ExitCode::from(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_subcommand_has_a_page_and_every_flag_is_on_it() {
        let command = crate::cli::command_in(Lang::En);
        let pages = pages_of(&command);
        let names: Vec<&str> = pages.iter().map(|(n, _)| n.as_str()).collect();
        for sub in ["annabella", "annabella-play", "annabella-review", "annabella-engine", "annabella-listen"] {
            assert!(names.contains(&sub), "{names:?}");
        }
        assert!(!names.contains(&"annabella-manual"), "the hidden subcommand has no page");
        let play = String::from_utf8(pages.iter().find(|(n, _)| n == "annabella-play").unwrap().1.clone()).unwrap();
        for flag in ["eboard", "listen", "blind", "journal"] {
            assert!(play.contains(&format!("\\-\\-{flag}")), "--{flag} missing from the play page");
        }
        assert!(play.starts_with(".ie") || play.contains(".TH annabella\\-play"), "{}", &play[..200]);
    }
}
