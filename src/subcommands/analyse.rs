//! `annabella analyse [--format text|code] [FEN…]`: for each position (FENs from the arguments,
//! else one per line from standard input), whether each side can still checkmate — sentences in
//! the interface language, or chasolver's code (`W`/`-`/`?` and `B`/`-`/`?`).

use std::io::{self, Write};
use std::process::ExitCode;

use crate::cli::{AnalyseArgs, AnalyseFormat, GlobalArgs};
use crate::messages::{Catalog, Lang};
use crate::rules::{parse_fen, verdicts, Budget};
use crate::wording::{verdict_code, verdict_sentences};

/// Why a subcommand that writes to standard output could not finish.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// Standard input or output failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// A file could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: String,
        /// Why it could not be written.
        source: io::Error,
    },
}

/// Analyses each FEN; a refused FEN is reported on standard error and makes the exit code 2.
pub fn analyse(global: &GlobalArgs, args: &AnalyseArgs) -> Result<ExitCode, OutputError> {
    let lang = global.lang.unwrap_or_else(Lang::from_environment);
    let catalog = Catalog::shipped(lang);
    let fens: Vec<String> = match args.fens.is_empty() {
        true => {
            io::stdin().lines().collect::<Result<Vec<_>, _>>()?.into_iter().filter(|l| !l.trim().is_empty()).collect()
        }
        false => args.fens.clone(),
    };
    let mut refused = false;
    let mut out = io::stdout().lock();
    for fen in fens {
        let fen = fen.trim();
        // A FEN of four fields (as test suites write them) gets the move counters; any other keeps
        // its own error, so that the message says what is wrong with it.
        let four_fields = fen.split_whitespace().count() == 4;
        let parsed = parse_fen(fen).or_else(|e| if four_fields { parse_fen(&format!("{fen} 0 1")) } else { Err(e) });
        let pos = match parsed {
            Ok(pos) => pos,
            Err(e) => {
                let reason = catalog.text(e.reason().key(), &[]);
                eprintln!("annabella: {fen}: {}", catalog.text("error.bad_fen", &[("reason", &reason)]));
                refused = true;
                continue;
            }
        };
        let verdicts = verdicts(&pos, Budget::THOROUGH);
        match args.format {
            AnalyseFormat::Code => writeln!(out, "{} {fen}", verdict_code(&verdicts))?,
            AnalyseFormat::Text => {
                writeln!(out, "{fen}")?;
                for sentence in verdict_sentences(&pos, &verdicts, lang) {
                    writeln!(out, "{sentence}")?;
                }
            }
        }
        out.flush()?;
    }
    Ok(if refused { ExitCode::from(2) } else { ExitCode::SUCCESS })
}
