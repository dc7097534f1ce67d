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
    for lang in Lang::ALL {
        let command = crate::cli::command_in(lang);
        // English in man1, the others in their language's folder (de/man1), as man looks for them.
        let pages = match lang {
            Lang::En => dir.join("man1"),
            _ => dir.join(lang.code()).join("man1"),
        };
        for (name, page) in pages_of(&command, Catalog::shipped(lang)) {
            written.push(write(&pages.join(format!("{name}.1")), &page)?);
        }
        // The completions in the English of the catalogue, as `annabella --lang en help` prints it.
        if lang == Lang::En {
            written.extend(write_completions(&command, &dir.join("completions"))?);
        }
    }
    Ok(written)
}

/// The completions of `command` for each shell, in `dir`; the files written.
fn write_completions(command: &clap::Command, dir: &Path) -> Result<Vec<PathBuf>, ManualError> {
    let mut written = Vec::new();
    for (shell, file) in SHELLS {
        let mut text = Vec::new();
        clap_complete::generate(shell, &mut command.clone(), "annabella", &mut text);
        written.push(write(&dir.join(file), &text)?);
    }
    Ok(written)
}

/// The page of `command` and of each of its visible subcommands, named `annabella-SUB`. `help`
/// has none and is not listed: its page would only say what every page says.
fn pages_of(command: &clap::Command, catalog: &Catalog) -> Vec<(String, Vec<u8>)> {
    let root = command.clone().mut_subcommand("help", |help| help.hide(true));
    let mut pages = vec![("annabella".to_string(), render(root.clone(), catalog))];
    for sub in root.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("annabella-{}", sub.get_name());
        let page = sub.clone().name(name.clone()).version(command.get_version().unwrap_or_default().to_string());
        pages.push((name, render(page, catalog)));
    }
    pages
}

/// The page of `command`, its section headings in the catalogue's words (clap's generator writes
/// them in English).
fn render(command: clap::Command, catalog: &Catalog) -> Vec<u8> {
    let mut page = Vec::new();
    // Rendering into memory cannot fail.
    let _ = clap_mangen::Man::new(command).render(&mut page);
    let page = String::from_utf8_lossy(&page);
    let mut worded = String::with_capacity(page.len());
    for line in page.lines() {
        let heading = line.strip_prefix(".SH ").and_then(|h| SECTIONS.iter().find(|(english, _)| *english == h));
        match heading {
            Some((_, key)) => worded.push_str(&format!(".SH {}", catalog.text(key, &[]))),
            None => worded.push_str(line),
        }
        worded.push('\n');
    }
    worded.into_bytes()
}

/// The section headings clap's generator writes, and the catalogue's key for each.
const SECTIONS: [(&str, &str); 5] = [
    ("NAME", "cli.man.name"),
    ("SYNOPSIS", "cli.man.synopsis"),
    ("DESCRIPTION", "cli.man.description"),
    ("OPTIONS", "cli.man.options"),
    ("VERSION", "cli.man.version"),
];

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
        let pages = pages_of(&command, Catalog::shipped(Lang::En));
        let names: Vec<&str> = pages.iter().map(|(n, _)| n.as_str()).collect();
        for sub in ["annabella", "annabella-play", "annabella-review", "annabella-engine", "annabella-listen"] {
            assert!(names.contains(&sub), "{names:?}");
        }
        assert!(!names.contains(&"annabella-manual"), "the hidden subcommand has no page");
        assert!(!names.contains(&"annabella-help"), "help has no page");
        let first = String::from_utf8(pages[0].1.clone()).unwrap();
        assert!(first.contains("annabella\\-review(1)") && !first.contains("annabella\\-help(1)"), "{first}");
        let play = String::from_utf8(pages.iter().find(|(n, _)| n == "annabella-play").unwrap().1.clone()).unwrap();
        for flag in ["eboard", "listen", "blind", "journal"] {
            assert!(play.contains(&format!("\\-\\-{flag}")), "--{flag} missing from the play page");
        }
        assert!(play.starts_with(".ie") || play.contains(".TH annabella\\-play"), "{}", &play[..200]);
    }

    /// The pages are written in every language, each in its own folder, headings and all.
    #[test]
    fn the_pages_are_written_in_every_language() {
        let dir = std::env::temp_dir().join(format!("annabella-manual-{}", std::process::id()));
        let written = write_manual(&dir).unwrap();
        let page = |path: &str| std::fs::read_to_string(dir.join(path)).unwrap();
        let german = page("de/man1/annabella-play.1");
        assert!(german.contains(".SH BESCHREIBUNG") && german.contains(".SH OPTIONEN"), "{german}");
        assert!(german.contains("Der Name von Weiß.") && !german.contains(".SH DESCRIPTION"), "{german}");
        let estonian = page("et/man1/annabella.1");
        assert!(estonian.contains(".SH KIRJELDUS") && estonian.contains("Valge mängija nimi."), "{estonian}");
        assert!(page("man1/annabella-engine.1").contains(".SH DESCRIPTION"));
        let pages = |folder: &str| written.iter().filter(|p| p.parent() == Some(&dir.join(folder))).count();
        assert_eq!((pages("de/man1"), pages("et/man1")), (pages("man1"), pages("man1")));
        // The shell completes the words of a choice.
        let zsh = page("completions/_annabella");
        assert!(
            zsh.contains(":(auto tts clips text off)") && zsh.contains(":(fide-2014 fide-2008 ussr-1953)"),
            "{zsh}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
