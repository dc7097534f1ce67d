//! A scoresheet: each player's record of both players' moves as written (8.1), one entry per
//! half-move, each with both clocks' readings when it was made (so the arbiter can readjust the
//! clocks, E.2.8). Entries that cannot be read as a legal move stay as written.

use std::time::Duration;

use shakmaty::{ByColor, Move};

#[derive(Debug, Clone, PartialEq, Eq)]
/// One move on a scoresheet.
pub struct Entry {
    /// The move as written on the sheet.
    pub written: String,
    /// The move it means in the position of the sheet so far, if it can be read.
    pub mv: Option<Move>,
    /// Both clocks' readings when the move was completed.
    pub clocks: ByColor<Duration>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
/// A player's scoresheet.
pub struct Scoresheet {
    /// One entry per half-move: index 0 is White's first move.
    entries: Vec<Option<Entry>>,
}

impl Scoresheet {
    /// The entries, one per half-move.
    pub fn entries(&self) -> &[Option<Entry>] {
        &self.entries
    }

    /// The entry of half-move `ply`.
    pub fn entry(&self, ply: usize) -> Option<&Entry> {
        self.entries.get(ply).and_then(Option::as_ref)
    }

    /// Writes the entry for half-move `ply` (0-based), leaving gaps empty.
    pub fn write(&mut self, ply: usize, entry: Entry) {
        if self.entries.len() <= ply {
            self.entries.resize(ply + 1, None);
        }
        self.entries[ply] = Some(entry);
    }

    /// Drops every entry from half-move `ply` on.
    pub fn truncate(&mut self, ply: usize) {
        self.entries.truncate(ply);
    }

    /// The half-moves on the sheet.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether nothing is written.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// A move number in movetext that is none (`0.`), or a move before any number.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?}: the move number is missing or wrong")]
pub struct BadMoveNumber(pub String);

/// Splits movetext into `(ply, text)` pairs: `1. e4 e5 2. Nf3` or `12... Nc6 13. Bb5`; move
/// numbers set the half-move, results and comments are skipped.
pub fn movetext(text: &str) -> Result<Vec<(usize, String)>, BadMoveNumber> {
    let mut out = Vec::new();
    let mut ply: Option<usize> = None;
    for token in text.split_whitespace() {
        if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
            continue;
        }
        let digits: String = token.chars().take_while(char::is_ascii_digit).collect();
        let rest = &token[digits.len()..];
        if !digits.is_empty() && rest.starts_with('.') {
            let number: usize = digits.parse().map_err(|_| BadMoveNumber(token.to_string()))?;
            if number == 0 {
                return Err(BadMoveNumber(token.to_string()));
            }
            let black = rest.starts_with("...");
            ply = Some((number - 1) * 2 + usize::from(black));
            let after = rest.trim_start_matches('.');
            if after.is_empty() {
                continue;
            }
            let p = ply.expect("set above");
            out.push((p, after.to_string()));
            ply = Some(p + 1);
            continue;
        }
        let p = ply.ok_or_else(|| BadMoveNumber(token.to_string()))?;
        out.push((p, token.to_string()));
        ply = Some(p + 1);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetext_forms() {
        let moves = movetext("1. e4 e5 2. Nf3 Nc6 3.Bb5 1-0").unwrap();
        assert_eq!(moves.iter().map(|(p, _)| *p).collect::<Vec<_>>(), vec![0, 1, 2, 3, 4]);
        assert_eq!(moves[4].1, "Bb5");
        let black = movetext("12... Nc6 13. Bb5").unwrap();
        assert_eq!(black, vec![(23, "Nc6".to_string()), (24, "Bb5".to_string())]);
        assert!(movetext("e4 e5").is_err());
        assert!(movetext("0. e4").is_err());
    }
}
