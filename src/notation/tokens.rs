//! The tokens every notation is broken into (piece, file, rank, square, capture mark, …), and
//! the reading of one compact word such as `Nbxd7=Q+`, `Ng1-f3`, `R:e5` or `e7e8q` into tokens.
//! Letters that could be a file or a piece (English `b`, German `d`) give alternative readings,
//! the strict one first.

use shakmaty::{CastlingSide, File, Rank, Role, Square};

use super::letters::LetterSet;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token {
    Piece(Role),
    File(File),
    Rank(Rank),
    Square(Square),
    Capture,
    Dash,
    /// `=` or a word such as "promotes": the next piece is the promotion piece.
    Promote,
    /// Castling to that side, or (`castles`, `Rochade`, `vangerdus`) without it.
    Castle(Option<CastlingSide>),
    EnPassant,
    Check,
    Mate,
    /// A word that carries no meaning for the move ("to", "nach").
    Filler,
}

/// One way of reading the input: its tokens and how many tolerant choices it took (a lower-case
/// piece letter, an upper-case file letter).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    pub tokens: Vec<Token>,
    pub tolerance: u8,
}

/// Why a word is not notation at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownWord(pub String);

const DASHES: [char; 7] = ['-', '‐', '–', '—', '‒', '−', '‑'];

/// Castling written as `0-0`, `O-O`, `o-o`, `0-0-0`, `OO`, … with any dash.
pub fn castling(word: &str) -> Option<CastlingSide> {
    let core: String = word.trim_end_matches(['+', '#', '!', '?']).chars().filter(|c| !DASHES.contains(c)).collect();
    let ohs = core.chars().all(|c| matches!(c, '0' | 'O' | 'o'));
    match (ohs, core.chars().count()) {
        (true, 2) => Some(CastlingSide::KingSide),
        (true, 3) => Some(CastlingSide::QueenSide),
        _ => None,
    }
}

/// Splits an "e.p." / "ep" suffix off a compact word.
fn split_en_passant(word: &str) -> (&str, bool) {
    let lower = word.to_ascii_lowercase();
    for suffix in ["e.p.", "e.p"] {
        if lower.len() > suffix.len() && lower.ends_with(suffix) {
            return (&word[..word.len() - suffix.len()], true);
        }
    }
    let bytes = lower.as_bytes();
    if lower.ends_with("ep") && bytes.len() > 2 && bytes[bytes.len() - 3].is_ascii_digit() {
        return (&word[..word.len() - 2], true);
    }
    (word, false)
}

/// The readings of one character: strict first, then tolerant ones.
fn char_readings(c: char, last: bool, letters: LetterSet) -> Result<Vec<(Option<Token>, u8)>, ()> {
    let token = |t: Token| Ok(vec![(Some(t), 0)]);
    match c {
        'x' | 'X' | ':' => token(Token::Capture),
        '×' if last => token(Token::Mate),
        '×' => token(Token::Capture),
        '=' => token(Token::Promote),
        '+' => token(Token::Check),
        '#' => token(Token::Mate),
        '!' | '?' => Ok(vec![(None, 0)]),
        c if DASHES.contains(&c) => token(Token::Dash),
        '1'..='8' => token(Token::Rank(Rank::new(c as u32 - '1' as u32))),
        c if c.is_ascii_alphabetic() => {
            let lower = c.to_ascii_lowercase();
            let file = ('a'..='h').contains(&lower).then(|| Token::File(File::new(lower as u32 - 'a' as u32)));
            let piece = letters.role(c).map(Token::Piece);
            let out: Vec<(Option<Token>, u8)> = match (c.is_ascii_uppercase(), piece, file) {
                (true, Some(p), Some(f)) => vec![(Some(p), 0), (Some(f), 1)],
                (true, Some(p), None) => vec![(Some(p), 0)],
                // A capital that is a piece in another letter set (German `D`) is never read as a
                // file: `Dd3` is not the pawn move d3.
                (true, None, Some(_)) if LetterSet::ALL.iter().any(|s| s.role(c).is_some()) => return Err(()),
                (true, None, Some(f)) => vec![(Some(f), 1)],
                (false, Some(p), Some(f)) => vec![(Some(f), 0), (Some(p), 1)],
                (false, Some(p), None) => vec![(Some(p), 1)],
                (false, None, Some(f)) => vec![(Some(f), 0)],
                (_, None, None) => return Err(()),
            };
            Ok(out)
        }
        _ => Err(()),
    }
}

/// Joins each file directly followed by a rank into a square.
pub fn merge_squares(tokens: Vec<Token>) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::with_capacity(tokens.len());
    for t in tokens {
        match (out.last(), t) {
            (Some(Token::File(f)), Token::Rank(r)) => {
                let square = Square::from_coords(*f, r);
                *out.last_mut().expect("checked above") = Token::Square(square);
            }
            _ => out.push(t),
        }
    }
    out
}

/// The longest compact word read as a move (`Nbxd7=Q+!?` has ten characters); a longer one is
/// not a move, and each ambiguous letter would double the readings.
pub const MAX_WORD: usize = 12;

/// The longest word that is named whole where it cannot be read ("einstellungen"); a longer one
/// is cut short.
const SHOWN_WORD: usize = 30;

/// The most readings followed up; a real move has a handful (`Bb5`: four).
pub const MAX_READINGS: usize = 1024;

/// All readings of a compact word under `letters`, strict first.
pub fn compact(word: &str, letters: LetterSet) -> Result<Vec<Reading>, UnknownWord> {
    if word.chars().nth(MAX_WORD).is_some() {
        // Named as typed, unless it is too long to be said back.
        let shown = match word.chars().nth(SHOWN_WORD) {
            Some(_) => word.chars().take(SHOWN_WORD).collect::<String>() + "…",
            None => word.to_string(),
        };
        return Err(UnknownWord(shown));
    }
    if let Some(side) = castling(word) {
        let mut tokens = vec![Token::Castle(Some(side))];
        tokens.extend(word.chars().filter_map(|c| match c {
            '+' => Some(Token::Check),
            '#' => Some(Token::Mate),
            _ => None,
        }));
        return Ok(vec![Reading { tokens, tolerance: 0 }]);
    }
    let (core, en_passant) = split_en_passant(word);
    let chars: Vec<char> = core.chars().collect();
    let mut readings = vec![Reading { tokens: Vec::new(), tolerance: 0 }];
    for (i, &c) in chars.iter().enumerate() {
        let options = char_readings(c, i + 1 == chars.len(), letters).map_err(|_| UnknownWord(word.to_string()))?;
        readings = readings
            .into_iter()
            .flat_map(|r| {
                options.iter().map(move |(t, tol)| {
                    let mut tokens = r.tokens.clone();
                    tokens.extend(*t);
                    Reading { tokens, tolerance: r.tolerance + tol }
                })
            })
            .collect();
        if readings.len() > MAX_READINGS {
            return Err(UnknownWord(word.to_string()));
        }
    }
    for r in &mut readings {
        r.tokens = merge_squares(std::mem::take(&mut r.tokens));
        if en_passant {
            r.tokens.push(Token::EnPassant);
        }
    }
    readings.sort_by_key(|r| r.tolerance);
    Ok(readings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(word: &str, letters: LetterSet) -> Vec<Token> {
        compact(word, letters).unwrap().remove(0).tokens
    }

    #[test]
    fn san_and_full_notation() {
        use Token::*;
        assert_eq!(
            first("Nbxd7=Q+", LetterSet::English),
            vec![
                Piece(Role::Knight),
                File(shakmaty::File::B),
                Capture,
                Square(shakmaty::Square::D7),
                Promote,
                Piece(Role::Queen),
                Check
            ]
        );
        assert_eq!(
            first("Ng1—f3", LetterSet::English),
            vec![Piece(Role::Knight), Square(shakmaty::Square::G1), Dash, Square(shakmaty::Square::F3)]
        );
        assert_eq!(first("exd6e.p.", LetterSet::English).last(), Some(&EnPassant));
        assert_eq!(
            first("R:e5", LetterSet::Estonian),
            vec![Piece(Role::Knight), Capture, Square(shakmaty::Square::E5)]
        );
    }

    #[test]
    fn lower_case_b_is_a_file_first_then_a_bishop() {
        let readings = compact("bc4", LetterSet::English).unwrap();
        assert_eq!(readings[0].tokens[0], Token::File(File::B));
        assert_eq!(readings[1].tokens[0], Token::Piece(Role::Bishop));
    }

    #[test]
    fn castling_forms() {
        for w in ["0-0", "O-O", "o-o", "OO", "0–0"] {
            assert_eq!(castling(w), Some(CastlingSide::KingSide), "{w}");
        }
        for w in ["0-0-0", "O-O-O+", "ooo"] {
            assert_eq!(castling(w), Some(CastlingSide::QueenSide), "{w}");
        }
        assert_eq!(castling("0-0-0-0"), None);
    }

    #[test]
    fn a_long_word_is_refused_at_once_however_ambiguous() {
        let word = "b".repeat(5000);
        let started = std::time::Instant::now();
        assert!(compact(&word, LetterSet::English).is_err());
        // The word is named whole when it can be said back, else cut short.
        assert_eq!(compact("einstellungen", LetterSet::English), Err(UnknownWord("einstellungen".into())));
        assert_eq!(compact(&word, LetterSet::English), Err(UnknownWord("b".repeat(30) + "…")));
        assert!(compact("bbbbbbbbbbbb", LetterSet::English).is_err());
        assert_eq!(compact("bbbbbbbbbb", LetterSet::English).unwrap().len(), 1024);
        assert!(started.elapsed() < std::time::Duration::from_secs(2));
    }

    #[test]
    fn unknown_letters() {
        assert!(compact("Zf3", LetterSet::English).is_err());
        assert!(compact("e9", LetterSet::English).is_err());
    }
}
