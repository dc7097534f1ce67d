//! `annabella analyse [--format text|code] [FEN…]`: for each position (FENs from the arguments,
//! else one per line from standard input), whether each side can still checkmate — sentences in
//! the interface language, printed and spoken, or chasolver's code (`W`/`-`/`?` and `B`/`-`/`?`)
//! on standard output with anything said beside it on standard error.

use std::io::{self, Write};
use std::process::ExitCode;

use super::talk::Talk;
use crate::cli::{AnalyseArgs, AnalyseFormat, GlobalArgs};
use crate::notation::LetterSet;
use crate::rules::{parse_fen, verdicts, Budget};
use crate::wording::{verdict_code, Line};

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

/// Analyses each FEN; a refused FEN is said and makes the exit code 2.
pub fn analyse(global: &GlobalArgs, args: &AnalyseArgs) -> Result<ExitCode, OutputError> {
    let opened = match args.format {
        AnalyseFormat::Code => Talk::aside(global),
        AnalyseFormat::Text => Talk::open(global),
    };
    let mut talk = match opened {
        Ok(talk) => talk,
        Err(code) => return Ok(code),
    };
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
                let w = talk.wording();
                let reason = w.text(e.reason().key(), &[]);
                // The FEN is printed for the eye; it is not read out.
                let lines = [Line::printed(fen), w.line("error.bad_fen", &[("reason", &reason)])];
                talk.say(&lines);
                refused = true;
                continue;
            }
        };
        let verdicts = verdicts(&pos, Budget::THOROUGH);
        match args.format {
            AnalyseFormat::Code => {
                writeln!(out, "{} {fen}", verdict_code(&verdicts))?;
                out.flush()?;
            }
            AnalyseFormat::Text => {
                let mut lines = vec![Line::printed(fen)];
                lines.extend(talk.wording().verdict_lines(&pos, &verdicts, LetterSet::English));
                talk.say(&lines);
            }
        }
    }
    Ok(talk.finish(if refused { ExitCode::from(2) } else { ExitCode::SUCCESS }))
}
