//! Movetext in any notation people write on paper, made standard: every move token that is not
//! SAN (full notation `Ng1-f3`, `Rf3:e5`, Estonian or German letters `Sf3`, `Lb5`, UCI `g1f3`)
//! is read in its position and written back as SAN; comments, variations, move numbers, NAGs and
//! the result pass through untouched. A move that cannot be read stops the translation with the
//! move's number, so no move is ever silently dropped.

use shakmaty::san::{San, SanPlus};
use shakmaty::{Chess, Position};

use super::letters::LetterSet;
use super::read::{MoveReader, ReadError};

/// Why movetext cannot be made standard.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MovetextError {
    /// A move token names no legal move.
    #[error("move {number}, {text}, is not legal in that position")]
    Illegal {
        /// `12.` or `12...`
        number: String,
        /// The move as written.
        text: String,
    },
    /// A `}` or `)` that closes nothing.
    #[error("a stray {mark} at line {}, column {}", at.line, at.column)]
    Stray {
        /// The mark.
        mark: char,
        /// Where it is.
        at: Place,
    },
    /// A `{` or `(` never closed: the rest of the text would be lost in it.
    #[error("the {mark} at line {}, column {} is never closed", at.line, at.column)]
    Unclosed {
        /// The mark.
        mark: char,
        /// Where it is.
        at: Place,
    },
}

/// A place in a text: line and column, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// The line.
    pub line: usize,
    /// The column, in characters.
    pub column: usize,
}

impl Place {
    /// The place of character `index` of `chars`.
    fn of(chars: &[char], index: usize) -> Place {
        let before = &chars[..index.min(chars.len())];
        let line = before.iter().filter(|&&c| c == '\n').count() + 1;
        let column = before.iter().rev().take_while(|&&c| c != '\n').count() + 1;
        Place { line, column }
    }
}

/// Marks some notations put after an en passant capture; the capture itself says it all.
const EN_PASSANT_MARKS: [&str; 5] = ["e.p.", "ep", "e.p", "i.p.", "i.p"];

struct Translator<'r> {
    reader: &'r MoveReader,
    pos: Chess,
    letters: LetterSet,
    out: String,
    /// Whether a move of the game has been read.
    moved: bool,
}

/// Movetext made standard, and the brackets left out of it as python-chess leaves them out (a `)`
/// that closes nothing, a `(` before the game's first move), each to be said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standard {
    /// The movetext with every move as SAN.
    pub text: String,
    /// The brackets left out, with their places.
    pub left_out: Vec<MovetextError>,
}

/// The movetext with every move as SAN, played from `start`.
pub fn standard_movetext(text: &str, start: &Chess, reader: &MoveReader) -> Result<Standard, MovetextError> {
    let mut t =
        Translator { reader, pos: start.clone(), letters: LetterSet::English, out: String::new(), moved: false };
    let mut left_out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let unclosed = |mark| MovetextError::Unclosed { mark, at: Place::of(&chars, i) };
        let end = match c {
            // An escape line (PGN §6): left out.
            '%' if i == 0 || chars[i - 1] == '\n' => {
                i = find(&chars, i, '\n').unwrap_or(chars.len());
                continue;
            }
            '{' => find(&chars, i, '}').ok_or_else(|| unclosed('{'))?,
            ';' => find(&chars, i, '\n').unwrap_or(chars.len()),
            // Before the first move a variation has nothing to vary: an open bracket there that
            // is never closed is left out; later, the rest of the game would be lost in it.
            '(' => match variation_end(&chars, i) {
                Some(end) => end,
                None if !t.moved => {
                    left_out.push(unclosed('('));
                    i += 1;
                    continue;
                }
                None => return Err(unclosed('(')),
            },
            ')' => {
                left_out.push(MovetextError::Stray { mark: c, at: Place::of(&chars, i) });
                i += 1;
                continue;
            }
            '}' => return Err(MovetextError::Stray { mark: c, at: Place::of(&chars, i) }),
            c if c.is_whitespace() => i + 1,
            _ => {
                let end = (i..chars.len()).find(|&j| is_token_end(chars[j])).unwrap_or(chars.len());
                let token: String = chars[i..end].iter().collect();
                t.token(&token)?;
                i = end;
                continue;
            }
        };
        t.out.extend(&chars[i..end]);
        i = end;
    }
    Ok(Standard { text: t.out, left_out })
}

fn is_token_end(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | ';')
}

/// The index just past the first `close` after `from`, if there is one.
fn find(chars: &[char], from: usize, close: char) -> Option<usize> {
    (from + 1..chars.len()).find(|&j| chars[j] == close).map(|j| j + 1)
}

/// The index just past the `)` closing the variation opened at `from` (comments may hold parentheses).
fn variation_end(chars: &[char], from: usize) -> Option<usize> {
    let mut depth = 0;
    let mut i = from;
    while i < chars.len() {
        match chars[i] {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            '{' => {
                i = find(chars, i, '}')?;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Splits `12.e4` or `12...` into the move number with its dots and the rest.
fn split_number(token: &str) -> (&str, &str) {
    let digits = token.chars().take_while(char::is_ascii_digit).count();
    let dots = token[digits..].chars().take_while(|&c| c == '.' || c == '…').map(char::len_utf8).sum::<usize>();
    if digits > 0 && dots > 0 {
        token.split_at(digits + dots)
    } else {
        ("", token)
    }
}

/// Splits trailing annotation glyphs (`!`, `?`, `!?` …) off a move; a check or mate sign written
/// after them (`e4!+`) stays with the move.
fn split_glyphs(token: &str) -> (String, &str) {
    let body = token.trim_end_matches(['+', '#']);
    let signs = &token[body.len()..];
    let keep = body.trim_end_matches(['!', '?']).len();
    (format!("{}{signs}", &body[..keep]), &body[keep..])
}
/// A result as people write it (`1/2`, `½`, an en dash `1–0`), in the standard's form.
fn standard_result(token: &str) -> Option<&'static str> {
    let plain: String = token.chars().map(|c| if matches!(c, '–' | '—' | '−') { '-' } else { c }).collect();
    match plain.as_str() {
        "1-0" => Some("1-0"),
        "0-1" => Some("0-1"),
        "1/2-1/2" | "½-½" | "1/2" | "½" => Some("1/2-1/2"),
        "*" => Some("*"),
        _ => None,
    }
}

/// The numeric annotation glyph (`$N`) an evaluation sign stands for, as ChessBase and books print
/// them (`‼`, `⩱`, `±`, `+-` …).
fn nag_of(token: &str) -> Option<u8> {
    Some(match token {
        "!" => 1,
        "?" => 2,
        "!!" | "‼" => 3,
        "??" | "⁇" => 4,
        "!?" | "⁉" => 5,
        "?!" | "⁈" => 6,
        "□" => 7,
        "=" => 10,
        "∞" => 13,
        "⩲" | "+=" | "+/=" => 14,
        "⩱" | "=+" | "=/+" => 15,
        "±" | "+/-" => 16,
        "∓" | "-/+" => 17,
        "+-" | "+−" => 18,
        "-+" | "−+" => 19,
        _ => return None,
    })
}

impl Translator<'_> {
    fn token(&mut self, token: &str) -> Result<(), MovetextError> {
        if let Some(result) = standard_result(token) {
            self.out.push_str(result);
            return Ok(());
        }
        // A glyph written after the move (`e4$1`) is a glyph of its own.
        if let Some(at) = token.find('$').filter(|&at| at > 0) {
            self.token(&token[..at])?;
            self.out.push(' ');
            return self.token(&token[at..]);
        }
        if token.starts_with('$') {
            self.out.push_str(token);
            return Ok(());
        }
        if let Some(nag) = nag_of(token) {
            self.out.push_str(&format!("${nag}"));
            return Ok(());
        }
        // Marks of no glyph of the standard (`!!??`): kept as a comment, not dropped.
        if token.chars().all(|c| matches!(c, '!' | '?')) {
            self.out.push_str(&format!("{{{token}}}"));
            return Ok(());
        }
        // A move number without its dot (`1 e4 e5 2 Nf3`): numbers are only for the eye.
        if token.chars().all(|c| c.is_ascii_digit()) {
            return Ok(());
        }
        let (number, rest) = split_number(token);
        self.out.push_str(number);
        // Dots apart from their number (`1. ... e5`, `23. ...Ba8`).
        let rest = rest.trim_start_matches(['.', '…']);
        if rest.is_empty() || EN_PASSANT_MARKS.contains(&rest.to_ascii_lowercase().as_str()) {
            return Ok(());
        }
        let (text, glyphs) = split_glyphs(rest);
        let mv = self.read(&text)?;
        if !number.is_empty() {
            self.out.push(' ');
        }
        self.out.push_str(&SanPlus::from_move_and_play_unchecked(&mut self.pos, mv).to_string());
        self.moved = true;
        self.out.push_str(glyphs);
        Ok(())
    }

    fn read(&mut self, text: &str) -> Result<shakmaty::Move, MovetextError> {
        if let Ok(san) = text.parse::<SanPlus>() {
            if !matches!(san.san, San::Null | San::Put { .. }) {
                if let Ok(mv) = san.san.to_move(&self.pos) {
                    return Ok(mv);
                }
            }
        }
        match self.reader.read(text, &self.pos, self.letters) {
            Ok(mv) => Ok(mv),
            Err(ReadError::OtherLetters { set, mv }) => {
                self.letters = set;
                Ok(mv)
            }
            Err(_) => {
                let dots = if self.pos.turn().is_white() { "." } else { "..." };
                let number = format!("{}{dots}", self.pos.fullmoves());
                // A token of any length is named by its first characters.
                let shown: String = text.chars().take(40).collect();
                let shown = if shown.len() < text.len() { format!("{shown}…") } else { shown };
                Err(MovetextError::Illegal { number, text: shown })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::PhrasePack;

    fn standard(text: &str) -> Result<String, MovetextError> {
        standard_noting(text).map(|s| s.text)
    }

    fn standard_noting(text: &str) -> Result<Standard, MovetextError> {
        let reader = MoveReader::new(&PhrasePack::builtin()).unwrap();
        standard_movetext(text, &Chess::default(), &reader)
    }

    #[test]
    fn san_passes_through() {
        let text = "1. e4 {best by test} e5 (1... c5 {Sicilian (an aside)}) 2. Nf3! $1 Nc6 *";
        assert_eq!(standard(text).unwrap(), text);
    }

    #[test]
    fn full_notation_and_other_letters_become_san() {
        assert_eq!(standard("1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 1-0").unwrap(), "1. e4 e5 2. Nf3 Nc6 1-0");
        assert_eq!(standard("1.e2-e4 d7-d5 2.e4:d5 Dd8:d5 3.Sb1-c3").unwrap(), "1. e4 d5 2. exd5 Qxd5 3. Nc3");
        assert_eq!(standard("1. e4 e5 2. Rg1-f3 Rb8-c6 3. Of1-b5").unwrap(), "1. e4 e5 2. Nf3 Nc6 3. Bb5");
        let illegal = MovetextError::Illegal { number: "2.".into(), text: "0-0".into() };
        assert_eq!(standard("1. g1f3 d7d5 2. 0-0?!").unwrap_err(), illegal);
        assert_eq!(
            standard("1. g1f3 d7d5 2. g2g3 c7c5 3. f1g2 b8c6 4. 0-0?!").unwrap().split(' ').next_back(),
            Some("O-O?!")
        );
    }

    #[test]
    fn en_passant_marks_are_dropped_and_bad_moves_named() {
        let text = "1. e4 a6 2. e5 d5 3. e5:d6 e.p. *";
        assert_eq!(standard(text).unwrap(), "1. e4 a6 2. e5 d5 3. exd6  *");
        let error = standard("1. e4 e5 2. Ke1-e3").unwrap_err();
        assert_eq!(error, MovetextError::Illegal { number: "2.".into(), text: "Ke1-e3".into() });
        let error = standard("1. e4 Xyz").unwrap_err();
        assert!(matches!(error, MovetextError::Illegal { number, .. } if number == "1..."));
    }

    #[test]
    fn stray_and_unclosed_marks_are_reported_where_they_are() {
        let at = |line, column| Place { line, column };
        assert_eq!(standard("1. e4 } e5").unwrap_err(), MovetextError::Stray { mark: '}', at: at(1, 7) });
        // A `)` that closes nothing is left out, as python-chess leaves it out, and said.
        let read = standard_noting("1. e4\ne5 ) 2. Nf3").unwrap();
        assert_eq!(read.text, "1. e4\ne5  2. Nf3");
        assert_eq!(read.left_out, [MovetextError::Stray { mark: ')', at: at(2, 4) }]);
        // So is a `(` never closed before the first move; after it, it would swallow the game.
        let read = standard_noting("(( 1. c4 *").unwrap();
        assert_eq!(read.text, " 1. c4 *");
        assert_eq!(read.left_out.len(), 2);
        assert_eq!(standard("1. e4 { forever e5").unwrap_err(), MovetextError::Unclosed { mark: '{', at: at(1, 7) });
        let unclosed = MovetextError::Unclosed { mark: '(', at: at(1, 10) };
        assert_eq!(standard("1. e4 e5 (1... c5 2. Nf3 Nc6").unwrap_err(), unclosed);
        // A brace inside a comment is text, not a mark.
        assert!(standard("1. e4 {a ( and a ) } e5 *").is_ok());
    }

    #[test]
    fn forms_other_readers_take_are_read() {
        // A result as people write it.
        assert_eq!(standard("1. e4 e5 1/2").unwrap(), "1. e4 e5 1/2-1/2");
        assert_eq!(standard("1. e4 e5 ½").unwrap(), "1. e4 e5 1/2-1/2");
        assert_eq!(standard("1. e4 e5 1–0").unwrap(), "1. e4 e5 1-0");
        // Move numbers without a dot, and dots apart from their number.
        assert_eq!(standard("1 e4 e5 2 Nf3 *").unwrap(), " e4 e5  Nf3 *");
        assert_eq!(standard("1. e4 1. ... e5 *").unwrap(), "1. e4 1.  e5 *");
        assert_eq!(standard("1. e4 e5 2. Nf3 2. ...Nc6 *").unwrap(), "1. e4 e5 2. Nf3 2. Nc6 *");
        assert_eq!(standard("1. e4 e5 2 . Nf3 *").unwrap(), "1. e4 e5   Nf3 *");
        // An escape line is left out.
        assert_eq!(standard("1. e4 e5\n% a note\n2. Nf3 *").unwrap(), "1. e4 e5\n2. Nf3 *");
        // Evaluation signs become their glyph numbers; a glyph after the move is its own.
        assert_eq!(standard("1. e4 ± e5 ⩱ 2. Nf3 ‼ *").unwrap(), "1. e4 $16 e5 $15 2. Nf3 $3 *");
        assert_eq!(standard("1. e4$1 e5 *").unwrap(), "1. e4 $1 e5 *");
        assert_eq!(standard("1. e4 e5 2. Nf3 !!?? *").unwrap(), "1. e4 e5 2. Nf3 {!!??} *");
        // A check sign after the move's glyph stays with the move.
        assert_eq!(standard("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7!# *").unwrap().rsplit(' ').nth(1), Some("Qxf7#!"));
    }
}
