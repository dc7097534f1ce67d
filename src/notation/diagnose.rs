//! What exactly is wrong with text that reads as no move at all: a square that does not exist
//! (`e44`, `i5`, `Eva neun`), a piece letter that does not exist (`a8=X`, `Zf3`), a piece letter
//! of another letter set (`Dd3` with English letters), or a piece or file named without a square
//! (`Springer Felix`).

use shakmaty::Role;

use super::letters::LetterSet;
use super::read::MoveReader;
use super::tokens::Token;

/// A specific reason why text is not a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Diagnosis {
    /// A square that is not on the board, as written.
    NoSuchSquare(String),
    /// A letter that is a piece in no letter set.
    NoSuchPiece(char),
    /// A letter that is no piece in the player's set, but is one in others.
    ForeignLetter {
        /// The letter.
        letter: char,
        /// The sets in which it is a piece, with the piece it is there.
        meanings: Vec<(LetterSet, Role)>,
    },
    /// Words that name a piece or a file but no square to go to.
    NoSquare,
    /// A move number (`1.`, `12...`), which is not typed with the move.
    MoveNumber(String),
    /// `=` with no piece after it.
    NoPromotionPiece,
}

impl MoveReader {
    /// What exactly is wrong with `text`, read with `letters`, if it can be said.
    pub fn diagnose(&self, text: &str, letters: LetterSet) -> Option<Diagnosis> {
        let words: Vec<&str> = text.split_whitespace().collect();
        if let Some(number) = words.first().and_then(|w| move_number(w)) {
            return Some(Diagnosis::MoveNumber(number));
        }
        if words.iter().any(|w| self.knows_word(w)) {
            return self.diagnose_words(&words);
        }
        words.iter().find_map(|w| diagnose_compact(w, letters))
    }

    /// Words of the phrase packs: a file word followed by no rank word, or no square at all.
    fn diagnose_words(&self, words: &[&str]) -> Option<Diagnosis> {
        let mut i = 0;
        let mut tokens = Vec::new();
        while i < words.len() {
            match self.word_token(&words[i..]) {
                Some((token, n)) => {
                    tokens.push(token);
                    i += n;
                }
                None if matches!(tokens.last(), Some(Token::File(_))) => {
                    return Some(Diagnosis::NoSuchSquare(format!("{} {}", words[i - 1], words[i])));
                }
                None => return None,
            }
        }
        let merged = super::tokens::merge_squares(tokens);
        let names_a_square = merged.iter().any(|t| matches!(t, Token::Square(_) | Token::Castle(_)));
        (!names_a_square).then_some(Diagnosis::NoSquare)
    }
}

/// The move number a word starts with (`12.`, `12...`, `12.e4`), if it does.
fn move_number(word: &str) -> Option<String> {
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    // Counted in bytes: the ellipsis `…` is three of them.
    let dots: usize = word[digits..].chars().take_while(|&c| c == '.' || c == '…').map(char::len_utf8).sum();
    (digits > 0 && dots > 0).then(|| word[..digits + dots].to_string())
}

/// A compact word: a letter that is no piece, or a square off the board.
fn diagnose_compact(word: &str, letters: LetterSet) -> Option<Diagnosis> {
    if crate::notation::castling(word).is_some() {
        return None;
    }
    let chars: Vec<char> = word.chars().collect();
    let piece_letter = |c: char| -> Option<Diagnosis> {
        if letters.role(c).is_some() {
            return None;
        }
        let meanings: Vec<(LetterSet, Role)> =
            LetterSet::ALL.into_iter().filter_map(|set| set.role(c).map(|role| (set, role))).collect();
        match meanings.is_empty() {
            false => Some(Diagnosis::ForeignLetter { letter: c, meanings }),
            true => Some(Diagnosis::NoSuchPiece(c)),
        }
    };
    // The letter after `=`, and a capital letter at the start, name pieces.
    if chars.last() == Some(&'=') && chars.len() > 1 {
        return Some(Diagnosis::NoPromotionPiece);
    }
    if let Some(i) = chars.iter().position(|&c| c == '=') {
        if let Some(&c) = chars.get(i + 1).filter(|c| c.is_ascii_alphabetic()) {
            if let Some(d) = piece_letter(c.to_ascii_uppercase()) {
                return Some(d);
            }
        }
    }
    let first = *chars.first()?;
    // A capital names a piece unless it is a file: one that is a piece in no set (`E4`, `Exd5`),
    // or any in a square alone (`D4`).
    let is_file =
        ('A'..='H').contains(&first) && (chars.len() <= 2 || LetterSet::ALL.iter().all(|s| s.role(first).is_none()));
    if first.is_ascii_uppercase() && !is_file {
        if let Some(d) = piece_letter(first) {
            return Some(d);
        }
    }
    // A letter followed by a number: a square, if the letter is a file and the number a rank.
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let number: String = chars[start..i].iter().collect();
        let Some(&file) = start.checked_sub(1).and_then(|p| chars.get(p)) else { continue };
        let is_file = ('a'..='h').contains(&file.to_ascii_lowercase());
        let is_rank = matches!(number.as_str(), "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8");
        if file.is_ascii_alphabetic() && !matches!(file, 'x' | 'X') && !(is_file && is_rank) {
            return Some(Diagnosis::NoSuchSquare(format!("{file}{number}")));
        }
    }
    // A piece and letters but no number: no square to go to (`Nbd`).
    let piece_first = first.is_ascii_uppercase() && letters.role(first).is_some();
    (piece_first && !chars.iter().any(char::is_ascii_digit)).then_some(Diagnosis::NoSquare)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_number_with_an_ellipsis_is_cut_at_a_character() {
        assert_eq!(move_number("12…e5").as_deref(), Some("12…"));
        assert_eq!(move_number("333…3335u-0").as_deref(), Some("333…"));
        assert_eq!(move_number("12...").as_deref(), Some("12..."));
    }
    use crate::notation::PhrasePack;

    fn diagnose(text: &str, letters: LetterSet) -> Option<Diagnosis> {
        MoveReader::new(&PhrasePack::builtin()).unwrap().diagnose(text, letters)
    }

    #[test]
    fn squares_off_the_board() {
        let en = LetterSet::English;
        assert_eq!(diagnose("e44", en), Some(Diagnosis::NoSuchSquare("e44".into())));
        assert_eq!(diagnose("Ni5", en), Some(Diagnosis::NoSuchSquare("i5".into())));
        assert_eq!(diagnose("e9", en), Some(Diagnosis::NoSuchSquare("e9".into())));
        assert_eq!(diagnose("Eva neun", en), Some(Diagnosis::NoSuchSquare("Eva neun".into())));
        assert_eq!(diagnose("e4", en), None);
        assert_eq!(diagnose("Nxe5", en), None);
    }

    #[test]
    fn piece_letters_that_do_not_exist_or_belong_to_another_set() {
        let en = LetterSet::English;
        assert_eq!(diagnose("a8=X", en), Some(Diagnosis::NoSuchPiece('X')));
        assert_eq!(diagnose("Zf3", en), Some(Diagnosis::NoSuchPiece('Z')));
        let dame = Diagnosis::ForeignLetter { letter: 'D', meanings: vec![(LetterSet::German, Role::Queen)] };
        assert_eq!(diagnose("Dd3", en), Some(dame));
        let meanings = vec![(LetterSet::Estonian, Role::Queen), (LetterSet::German, Role::Bishop)];
        assert_eq!(diagnose("Lh5", en), Some(Diagnosis::ForeignLetter { letter: 'L', meanings }));
        assert_eq!(diagnose("Nf3", en), None);
    }

    #[test]
    fn a_piece_without_a_square_and_a_promotion_without_a_piece() {
        assert_eq!(diagnose("Nbd", LetterSet::English), Some(Diagnosis::NoSquare));
        assert_eq!(diagnose("e8=", LetterSet::English), Some(Diagnosis::NoPromotionPiece));
        assert_eq!(diagnose("O-O", LetterSet::English), None);
    }

    #[test]
    fn move_numbers_are_not_moves() {
        assert_eq!(diagnose("1.", LetterSet::English), Some(Diagnosis::MoveNumber("1.".into())));
        assert_eq!(diagnose("12...", LetterSet::English), Some(Diagnosis::MoveNumber("12...".into())));
        assert_eq!(diagnose("12.e4 e5", LetterSet::English), Some(Diagnosis::MoveNumber("12.".into())));
    }

    #[test]
    fn pieces_and_files_without_a_square() {
        assert_eq!(diagnose("Springer Felix", LetterSet::English), Some(Diagnosis::NoSquare));
        assert_eq!(diagnose("Springer", LetterSet::English), Some(Diagnosis::NoSquare));
        assert_eq!(diagnose("Springer Felix drei", LetterSet::English), None);
    }
}
