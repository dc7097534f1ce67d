//! The spoken-word vocabulary for input: every word and phrase of every phrase pack (and their
//! aliases) mapped to a token, matched after folding case and diacritics, so `Läufer`,
//! `Laeufer` and `laufer` are one word.

use std::collections::HashMap;

use shakmaty::{CastlingSide, File, Rank, Role};

use super::pack::PhrasePack;
use super::tokens::Token;

/// Folds case, diacritics and the German ae/oe/ue spellings, so that input typed on any keyboard
/// matches.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        match c {
            'ä' | 'à' | 'á' | 'â' => out.push('a'),
            'ö' | 'õ' | 'ó' | 'ô' => out.push('o'),
            'ü' | 'ú' => out.push('u'),
            'é' | 'è' | 'ê' => out.push('e'),
            'ß' => out.push_str("ss"),
            'š' => out.push('s'),
            'ž' => out.push('z'),
            c => out.push(c),
        }
    }
    out.replace("ae", "a").replace("oe", "o").replace("ue", "u")
}

/// Folded words and phrases → their token.
#[derive(Debug, Clone, Default)]
pub struct Vocabulary {
    words: HashMap<String, Token>,
    longest: usize,
}

/// A word or phrase meaning two different things in the packs.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the word {word:?} means both {first:?} and {second:?}")]
pub struct Clash {
    /// The word.
    pub word: String,
    /// What it means in one pack.
    pub first: Token,
    /// What it means in another.
    pub second: Token,
}

fn meaning(name: &str) -> Option<Token> {
    let role = |r| Some(Token::Piece(r));
    match name {
        "king" => role(Role::King),
        "queen" => role(Role::Queen),
        "rook" => role(Role::Rook),
        "bishop" => role(Role::Bishop),
        "knight" => role(Role::Knight),
        "pawn" => role(Role::Pawn),
        "capture" => Some(Token::Capture),
        "en-passant" => Some(Token::EnPassant),
        "check" => Some(Token::Check),
        "mate" => Some(Token::Mate),
        "castle-short" => Some(Token::Castle(Some(CastlingSide::KingSide))),
        "castle-long" => Some(Token::Castle(Some(CastlingSide::QueenSide))),
        "castle" => Some(Token::Castle(None)),
        "promote" => Some(Token::Promote),
        "filler" => Some(Token::Filler),
        _ => {
            let (kind, value) = name.split_once('-')?;
            let mut chars = value.chars();
            let (c, None) = (chars.next()?, chars.next()) else {
                return None;
            };
            match kind {
                "file" if ('a'..='h').contains(&c) => Some(Token::File(File::new(c as u32 - 'a' as u32))),
                "rank" if ('1'..='8').contains(&c) => Some(Token::Rank(Rank::new(c as u32 - '1' as u32))),
                _ => None,
            }
        }
    }
}

impl Vocabulary {
    /// Builds the vocabulary of all packs; two meanings for one word is an error.
    pub fn build(packs: &[PhrasePack]) -> Result<Vocabulary, Clash> {
        let mut v = Vocabulary::default();
        for pack in packs {
            v.add_pack(pack)?;
        }
        Ok(v)
    }

    fn add(&mut self, phrase: &str, token: Token) -> Result<(), Clash> {
        let folded = fold(phrase).split_whitespace().collect::<Vec<_>>().join(" ");
        self.longest = self.longest.max(folded.split(' ').count());
        match self.words.insert(folded.clone(), token) {
            Some(old) if old != token => Err(Clash { word: folded, first: old, second: token }),
            _ => Ok(()),
        }
    }

    fn add_pack(&mut self, pack: &PhrasePack) -> Result<(), Clash> {
        for (i, word) in pack.files.iter().enumerate() {
            self.add(word, Token::File(File::new(i as u32)))?;
        }
        for (i, word) in pack.ranks.iter().enumerate() {
            self.add(word, Token::Rank(Rank::new(i as u32)))?;
        }
        for role in Role::ALL {
            self.add(pack.piece(role), Token::Piece(role))?;
        }
        self.add(&pack.castle_short, Token::Castle(Some(CastlingSide::KingSide)))?;
        self.add(&pack.castle_long, Token::Castle(Some(CastlingSide::QueenSide)))?;
        self.add(&pack.capture, Token::Capture)?;
        self.add(&pack.en_passant, Token::EnPassant)?;
        self.add(&pack.check, Token::Check)?;
        self.add(&pack.mate, Token::Mate)?;
        for (phrase, name) in &pack.aliases {
            let token = meaning(name).ok_or_else(|| Clash {
                word: phrase.clone(),
                first: Token::Filler,
                second: Token::Filler,
            })?;
            self.add(phrase, token)?;
        }
        Ok(())
    }

    /// The longest phrase starting at `words[0]`: its token and how many words it took.
    pub fn longest_match(&self, words: &[&str]) -> Option<(Token, usize)> {
        (1..=self.longest.min(words.len())).rev().find_map(|n| {
            let phrase = words[..n].iter().map(|w| fold(w)).collect::<Vec<_>>().join(" ");
            self.words.get(&phrase).map(|t| (*t, n))
        })
    }

    /// Whether a single word is in the vocabulary.
    pub fn knows(&self, word: &str) -> bool {
        self.words.contains_key(&fold(word))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_packs_do_not_clash() {
        Vocabulary::build(&PhrasePack::builtin()).unwrap();
    }

    #[test]
    fn folding_matches_keyboards_without_umlauts() {
        let v = Vocabulary::build(&PhrasePack::builtin()).unwrap();
        for w in ["Läufer", "Laeufer", "laufer", "LÄUFER"] {
            assert_eq!(v.longest_match(&[w]), Some((Token::Piece(Role::Bishop), 1)), "{w}");
        }
        assert_eq!(
            v.longest_match(&["Kurze", "Rochade", "Schach"]),
            Some((Token::Castle(Some(CastlingSide::KingSide)), 2))
        );
        assert_eq!(v.longest_match(&["fuenf"]), Some((Token::Rank(Rank::Fifth), 1)));
    }
}
