//! Reading a move, in any notation, in two steps as shakmaty reads SAN: the text is parsed once in
//! the mover's letters into the patterns its words can make ([`TypedMove`], or why it is no move
//! at all: [`NotAMove`]); then, in a position, the one legal move a pattern names
//! ([`TypedMove::to_move`]), or a precise reason why not ([`MoveError`]: illegal and why,
//! ambiguous and between which moves, a promotion piece missing). [`MoveReader::read`] does both,
//! and names a move written in another letter set's letters.

use shakmaty::{Bitboard, Chess, Move, Position, Role, Square};

use super::letters::LetterSet;
use super::pack::PhrasePack;
use super::pattern::{assemble, MovePattern, Target};
use super::tokens::{self, merge_squares, Reading, Token, UnknownWord};
use super::vocabulary::{Clash, Vocabulary};
use crate::rules::{explain_castling, explain_move, IllegalReason};

/// Why a text is no move at all in the letters it was read with (its syntax): the word that could
/// not be read, if one could be singled out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotAMove(pub Option<String>);

/// Why a move that reads is no move of a position (its meaning).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// A well-formed move that is not legal here; `piece` is the square of the piece meant, when
    /// exactly one piece was meant, so its legal moves can be listed.
    Illegal {
        /// Why it is illegal.
        reason: IllegalReason,
        /// The square of the piece meant, where one was.
        piece: Option<Square>,
    },
    /// More than one legal move fits.
    Ambiguous(Vec<Move>),
    /// A pawn reaches the last rank and the promotion piece was not named.
    NeedsPromotion(Vec<Move>),
}

impl From<MoveError> for ReadError {
    fn from(error: MoveError) -> ReadError {
        match error {
            MoveError::Illegal { reason, piece } => ReadError::Illegal { reason, piece },
            MoveError::Ambiguous(moves) => ReadError::Ambiguous(moves),
            MoveError::NeedsPromotion(moves) => ReadError::NeedsPromotion(moves),
        }
    }
}

/// A move as typed, parsed once in the mover's letters: every pattern its words can make, the
/// strict readings first. Which legal move it names is found in a position.
#[derive(Debug, Clone, PartialEq)]
pub struct TypedMove {
    patterns: Vec<MovePattern>,
}

impl TypedMove {
    /// The one legal move the typed move names in `pos`: the first pattern that names one, else
    /// why the first pattern names none (a question between moves comes at once).
    pub fn to_move(&self, pos: &Chess) -> Result<Move, MoveError> {
        let mut first_error = None;
        for pattern in &self.patterns {
            match resolve(pos, pattern) {
                Ok(mv) => return Ok(mv),
                Err(e @ (MoveError::Ambiguous(_) | MoveError::NeedsPromotion(_))) => return Err(e),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        // A typed move has a pattern: one of them gave its reason.
        Err(first_error.unwrap_or(MoveError::Illegal { reason: IllegalReason::NoPiece(Role::Pawn), piece: None }))
    }
}

/// Why the text did not give a move in a position: its syntax, its meaning there, or letters of
/// another set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// Not notation at all; the word that could not be read, if one could be singled out.
    NotAMove(Option<String>),
    /// A well-formed move that is not legal here; `piece` is the square of the piece meant, when
    /// exactly one piece was meant, so its legal moves can be listed.
    Illegal {
        /// Why it is illegal.
        reason: IllegalReason,
        /// The square of the piece meant, where one was.
        piece: Option<Square>,
    },
    /// More than one legal move fits.
    Ambiguous(Vec<Move>),
    /// A pawn reaches the last rank and the promotion piece was not named.
    NeedsPromotion(Vec<Move>),
    /// Not legal with the player's letters, but legal with those of another set.
    OtherLetters {
        /// The letter set it reads in.
        set: LetterSet,
        /// The move it is there.
        mv: Move,
    },
}

/// The most words a move is said in ("Bauer Eva sieben schlägt Felix acht wird Dame Schach" has
/// nine); more are not a move.
pub const MAX_WORDS: usize = 24;

/// Reads moves against the vocabulary of the phrase packs.
#[derive(Debug, Clone)]
pub struct MoveReader {
    vocabulary: Vocabulary,
}

impl MoveReader {
    /// A reader of the moves in the words of `packs`, or the clash between their words.
    pub fn new(packs: &[PhrasePack]) -> Result<MoveReader, Clash> {
        Ok(MoveReader { vocabulary: Vocabulary::build(packs)? })
    }

    /// The token the first words of `words` make, and how many words it takes.
    pub(super) fn word_token(&self, words: &[&str]) -> Option<(Token, usize)> {
        self.vocabulary.longest_match(words)
    }

    /// Whether a word belongs to the move vocabulary of the phrase packs.
    pub fn knows_word(&self, word: &str) -> bool {
        self.vocabulary.knows(word)
    }

    /// A square written as `e4`, `e 4`, `E4` or `Eva vier`.
    pub fn read_square(&self, text: &str) -> Option<Square> {
        let readings = self.readings(text, LetterSet::English).ok()?;
        readings.iter().find_map(|r| match r.tokens[..] {
            [super::tokens::Token::Square(square)] => Some(square),
            _ => None,
        })
    }

    /// Which of `moves` (the two castlings) the text picks by its side, as the answer to "short or
    /// long": a castling with its side, in any of the packs' words (`short`, `kurze`, `lühike`,
    /// `kingside`, `long`, `lange`, `pikk`, `queenside`, `O-O`, `Lange Rochade`).
    pub fn pick_castling(&self, text: &str, moves: &[Move]) -> Option<Move> {
        // K or Q alone: the king's or the queen's side, as castling rights are written.
        let letter = match text.trim() {
            "k" | "K" => Some(shakmaty::CastlingSide::KingSide),
            "q" | "Q" => Some(shakmaty::CastlingSide::QueenSide),
            _ => None,
        };
        if let Some(side) = letter {
            return moves.iter().copied().find(|m| m.castling_side() == Some(side));
        }
        let readings = self.readings(text, LetterSet::English).ok()?;
        let side = readings.iter().find_map(|reading| {
            let mut meant = reading.tokens.iter().filter(|t| !matches!(t, Token::Filler | Token::Check | Token::Mate));
            match (meant.next(), meant.next()) {
                (Some(Token::Castle(Some(side))), None) => Some(*side),
                _ => None,
            }
        })?;
        moves.iter().copied().find(|m| m.castling_side() == Some(side))
    }

    /// Which of `moves` the text picks by where its piece stands, as the answer to "say which
    /// one": a square (`b1`, `Bella eins`), a file (`b`, `Bella`) or a rank (`1`, `eins`), with
    /// the piece named or not (`Springer Bella`), that exactly one of them leaves from.
    pub fn pick_by_origin(&self, text: &str, moves: &[Move]) -> Option<Move> {
        let readings = self.readings(text, LetterSet::English).ok()?;
        readings.iter().find_map(|reading| {
            let mut places = reading.tokens.iter().filter(|t| !matches!(t, Token::Filler | Token::Piece(_)));
            let (Some(place), None) = (places.next(), places.next()) else { return None };
            let role = reading.tokens.iter().find_map(|t| match t {
                Token::Piece(role) => Some(*role),
                _ => None,
            });
            let leaves = |m: &&Move| {
                let Some(from) = m.from() else { return false };
                let here = match place {
                    Token::Square(square) => from == *square,
                    Token::File(file) => from.file() == *file,
                    Token::Rank(rank) => from.rank() == *rank,
                    _ => false,
                };
                here && role.is_none_or(|r| m.role() == r)
            };
            let mut picked = moves.iter().filter(leaves);
            match (picked.next(), picked.next()) {
                (Some(mv), None) => Some(*mv),
                _ => None,
            }
        })
    }

    /// A piece named alone, as the answer to "which piece?": `N`, `knight`, `Springer`, `ratsu`,
    /// `=D`, `promotes to queen`; a letter is read with `letters`.
    pub fn read_piece(&self, text: &str, letters: LetterSet) -> Option<Role> {
        let readings = self.readings(text, letters).ok()?;
        readings.iter().find_map(|r| {
            let mut meaningful = r.tokens.iter().filter(|t| !matches!(t, Token::Promote | Token::Filler));
            match (meaningful.next(), meaningful.next()) {
                (Some(Token::Piece(role)), None) => Some(*role),
                _ => None,
            }
        })
    }

    /// The readings of the text under `letters`, strict first.
    pub fn readings(&self, text: &str, letters: LetterSet) -> Result<Vec<Reading>, UnknownWord> {
        let words: Vec<&str> = text.split_whitespace().take(MAX_WORDS + 1).collect();
        if words.is_empty() || words.len() > MAX_WORDS {
            return Err(UnknownWord(String::new()));
        }
        if words.len() == 1 && !self.vocabulary.knows(words[0]) {
            return tokens::compact(words[0], letters);
        }
        let mut readings = vec![Reading { tokens: Vec::new(), tolerance: 0 }];
        let mut i = 0;
        while i < words.len() {
            // A capital piece letter alone ("B b5") is the piece first, as in "Bb5", though the
            // spoken words know "b" as a file.
            let piece_letter =
                words[i].len() == 1 && words[i].chars().all(|c| c.is_ascii_uppercase() && letters.role(c).is_some());
            let spoken = if piece_letter { None } else { self.vocabulary.longest_match(&words[i..]) };
            let options = match spoken {
                Some((token, n)) => {
                    i += n;
                    vec![Reading { tokens: vec![token], tolerance: 0 }]
                }
                None => {
                    i += 1;
                    tokens::compact(words[i - 1], letters)?
                }
            };
            readings = readings
                .into_iter()
                .flat_map(|r| {
                    options.iter().map(move |o| {
                        let mut tokens = r.tokens.clone();
                        tokens.extend(o.tokens.iter().copied());
                        Reading { tokens, tolerance: r.tolerance + o.tolerance }
                    })
                })
                .collect();
            if readings.len() > tokens::MAX_READINGS {
                return Err(UnknownWord(words[i - 1].to_string()));
            }
        }
        for r in &mut readings {
            r.tokens = merge_squares(std::mem::take(&mut r.tokens));
        }
        readings.sort_by_key(|r| r.tolerance);
        Ok(readings)
    }

    /// The text parsed as a move in `letters`, once: the patterns its words can make, or why it
    /// is no move at all.
    pub fn parse(&self, text: &str, letters: LetterSet) -> Result<TypedMove, NotAMove> {
        let readings = self.readings(text, letters).map_err(|UnknownWord(word)| NotAMove(Some(word)))?;
        let patterns: Vec<MovePattern> = readings.iter().filter_map(|r| assemble(&r.tokens).ok()).collect();
        match patterns.is_empty() {
            true => Err(NotAMove(None)),
            false => Ok(TypedMove { patterns }),
        }
    }

    /// The legal move the text names in `pos`, read with `letters`; a text that is no move there
    /// but one in another letter set's letters is named as such.
    pub fn read(&self, text: &str, pos: &Chess, letters: LetterSet) -> Result<Move, ReadError> {
        self.read_parsed(&self.parse(text, letters), text, pos, letters)
    }

    /// The legal move `text`, parsed already as `parsed` in `letters`, names in `pos`; as
    /// [`MoveReader::read`].
    pub fn read_parsed(
        &self,
        parsed: &Result<TypedMove, NotAMove>,
        text: &str,
        pos: &Chess,
        letters: LetterSet,
    ) -> Result<Move, ReadError> {
        let error = match parsed.as_ref().map(|typed| typed.to_move(pos)) {
            Ok(Ok(mv)) => return Ok(mv),
            Ok(Err(e @ (MoveError::Ambiguous(_) | MoveError::NeedsPromotion(_)))) => return Err(e.into()),
            Ok(Err(e)) => e.into(),
            Err(NotAMove(word)) => ReadError::NotAMove(word.clone()),
        };
        match self.other_letters(text, pos, letters) {
            Some((set, mv)) => Err(ReadError::OtherLetters { set, mv }),
            None => Err(error),
        }
    }

    fn other_letters(&self, text: &str, pos: &Chess, letters: LetterSet) -> Option<(LetterSet, Move)> {
        if !text.chars().any(|c| c.is_ascii_uppercase()) {
            return None;
        }
        LetterSet::ALL.into_iter().filter(|&s| s != letters).find_map(|set| {
            let readings = self.readings(text, set).ok()?;
            let strict = readings.into_iter().find(|r| r.tolerance == 0)?;
            let pattern = assemble(&strict.tokens).ok()?;
            resolve(pos, &pattern).ok().map(|mv| (set, mv))
        })
    }
}

fn matches(pattern: &MovePattern, mv: Move, color: shakmaty::Color) -> bool {
    let to = match pattern.target {
        Target::Castle(side) => return mv.is_castle() && side.is_none_or(|side| mv.castling_side() == Some(side)),
        Target::Square(to) => to,
    };
    if let Move::Castle { king, rook } = mv {
        // A castling written as a king move, with its departure square, onto the king's
        // destination or onto its own rook (e1g1, Ke1-g1, e1h1).
        let side = mv.castling_side().expect("a castling move has a side");
        return pattern.from_square() == Some(king)
            && matches!(pattern.role, None | Some(Role::King))
            && !pattern.capture
            && (to == rook || to == side.king_to(color));
    }
    if pattern.implied_role().is_some_and(|r| r != mv.role()) {
        return false;
    }
    let from = mv.from();
    pattern.from_file.is_none_or(|f| from.is_some_and(|s| s.file() == f))
        && pattern.from_rank.is_none_or(|r| from.is_some_and(|s| s.rank() == r))
        && mv.to() == to
        && (!pattern.capture || mv.is_capture())
        && (!pattern.en_passant || mv.is_en_passant())
}

/// The one legal move that fits the pattern in `pos`.
pub fn resolve(pos: &Chess, pattern: &MovePattern) -> Result<Move, MoveError> {
    let color = pos.turn();
    let mut candidates: Vec<Move> = pos.legal_moves().into_iter().filter(|&m| matches(pattern, m, color)).collect();
    if candidates.is_empty() {
        return Err(explain(pos, pattern));
    }
    let single_piece = |c: &[Move]| {
        let from = c[0].from();
        c.iter().all(|m| m.from() == from).then_some(from).flatten()
    };
    match pattern.promotion {
        Some(role @ (Role::King | Role::Pawn)) => {
            let piece = single_piece(&candidates);
            return Err(MoveError::Illegal { reason: IllegalReason::BadPromotion(role), piece });
        }
        Some(role) => {
            let piece = single_piece(&candidates);
            candidates.retain(|m| m.promotion() == Some(role));
            if candidates.is_empty() {
                return Err(MoveError::Illegal { reason: IllegalReason::NotPromotion, piece });
            }
        }
        None if candidates.iter().all(|m| m.promotion().is_some()) => {
            return Err(MoveError::NeedsPromotion(candidates));
        }
        None => candidates.retain(|m| m.promotion().is_none()),
    }
    // A king move that could be read as castling or as an ordinary king move (Chess960) is the
    // ordinary move; castling is written as castling or as the king onto its own rook.
    if candidates.iter().any(|m| !m.is_castle()) {
        candidates.retain(|m| !m.is_castle());
    }
    match candidates[..] {
        [mv] => Ok(mv),
        _ => Err(MoveError::Ambiguous(candidates)),
    }
}

fn explain(pos: &Chess, pattern: &MovePattern) -> MoveError {
    let us = pos.turn();
    let to = match pattern.target {
        Target::Castle(side) => {
            // Castling without its side is explained as the short one.
            let reason =
                IllegalReason::Castling(explain_castling(pos, side.unwrap_or(shakmaty::CastlingSide::KingSide)));
            return MoveError::Illegal { reason, piece: pos.board().king_of(us) };
        }
        Target::Square(to) => to,
    };
    let illegal = |reason, piece| MoveError::Illegal { reason, piece };
    let mut role = pattern.implied_role();
    if let Some(from) = pattern.from_square() {
        match pos.board().piece_at(from) {
            None => return illegal(IllegalReason::EmptySquare(from), None),
            Some(p) if p.color != us => return illegal(IllegalReason::OpponentPiece(from), None),
            Some(p) if role.is_some_and(|r| r != p.role) => {
                return illegal(IllegalReason::WrongPiece { square: from, found: p.role }, Some(from))
            }
            Some(p) => role = Some(p.role),
        }
    }
    let role = role.unwrap_or(Role::Pawn);
    if pos.our(role).is_empty() {
        return illegal(IllegalReason::NoPiece(role), None);
    }
    let mut movers = pos.our(role);
    if let Some(f) = pattern.from_file {
        movers &= Bitboard::from_file(f);
    }
    if let Some(r) = pattern.from_rank {
        movers &= Bitboard::from_rank(r);
    }
    let single = (movers.count() == 1).then(|| movers.first()).flatten();
    if movers.is_empty() {
        return illegal(IllegalReason::CannotReach { role, to }, None);
    }
    if pattern.en_passant {
        let plain = MovePattern { en_passant: false, ..*pattern };
        if pos.legal_moves().into_iter().any(|m| matches(&plain, m, us)) {
            return illegal(IllegalReason::NotEnPassant, single);
        }
    }
    let reason = explain_move(pos, role, movers, to, pattern.capture);
    let piece = match reason {
        IllegalReason::Pinned { from, .. } => Some(from),
        _ => single,
    };
    illegal(reason, piece)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{parse_fen, CastlingProblem};
    use shakmaty::Square;

    fn reader() -> MoveReader {
        MoveReader::new(&PhrasePack::builtin()).unwrap()
    }

    fn uci_of(text: &str, fen: &str, letters: LetterSet) -> String {
        let pos = parse_fen(fen).unwrap();
        let mv = reader().read(text, &pos, letters).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        super::super::uci(&pos, mv)
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn every_notation_of_the_issue() {
        let en = LetterSet::English;
        for text in
            ["Nf3", "nf3", "Ng1-f3", "Ng1—f3", "g1f3", "Springer Felix drei", "ratsu f3", "knight f3", "N g1 f3"]
        {
            assert_eq!(uci_of(text, START, en), "g1f3", "{text}");
        }
        assert_eq!(uci_of("Rf3", START, LetterSet::Estonian), "g1f3");
        assert_eq!(uci_of("Sf3", START, LetterSet::German), "g1f3");
        for text in ["e4", "E4", "e2-e4", "e2e4", "Eva vier", "Bauer Eva vier", "e2 e4"] {
            assert_eq!(uci_of(text, START, en), "e2e4", "{text}");
        }
        let capture = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
        for text in ["exd5", "e:d5", "ed5", "Bauer Eva schlägt David fünf", "Eva schlägt David fünf", "e4:d5", "exd5+"]
        {
            assert_eq!(uci_of(text, capture, en), "e4d5", "{text}");
        }
        let promo = "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1";
        for (text, letters) in [
            ("e8Q", en),
            ("e8=Q", en),
            ("e8D", LetterSet::German),
            ("e8L", LetterSet::Estonian),
            ("Eva acht Dame", en),
            ("e7e8q", en),
            ("e7-e8L", LetterSet::Estonian),
        ] {
            assert_eq!(uci_of(text, promo, letters), "e7e8q", "{text}");
        }
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        for text in ["0-0", "O-O", "Kurze Rochade", "short castle", "lühike vangerdus", "e1g1", "Ke1-g1"] {
            assert_eq!(uci_of(text, castle, en), "e1g1", "{text}");
        }
        for text in ["0-0-0", "O-O-O", "Lange Rochade", "long castle", "pikk vangerdus", "castles queenside", "lang"] {
            assert_eq!(uci_of(text, castle, en), "e1c1", "{text}");
        }
        // Castling without a side: the one that is legal, else a question between the two.
        let kingside = "r3k2r/8/8/8/8/8/8/R2QK2R w KQkq - 0 1";
        for text in ["castles", "Rochade", "vangerdus", "Castling", "Rochade Schach"] {
            assert_eq!(uci_of(text, kingside, en), "e1g1", "{text}");
        }
        let both = parse_fen(castle).unwrap();
        let Err(ReadError::Ambiguous(castlings)) = reader().read("castle", &both, en) else { panic!("not asked") };
        assert_eq!(castlings.len(), 2);
        // The answer names the side, in any language.
        let answers = [
            ("short", "e1g1"),
            ("Lange", "e1c1"),
            ("lühike", "e1g1"),
            ("queenside", "e1c1"),
            ("O-O", "e1g1"),
            ("O‐O", "e1g1"),
            ("Lange Rochade", "e1c1"),
            ("q", "e1c1"),
            ("K", "e1g1"),
        ];
        for (answer, side) in answers {
            let picked = reader().pick_castling(answer, &castlings).map(|m| super::super::uci(&both, m));
            assert_eq!(picked.as_deref(), Some(side), "{answer}");
        }
        assert_eq!(reader().pick_castling("b1", &castlings), None);
        assert_eq!(reader().pick_castling("castle", &castlings), None);
        assert!(matches!(
            reader().read("rochade", &Chess::default(), en),
            Err(ReadError::Illegal { reason: IllegalReason::Castling(CastlingProblem::Blocked(Square::F1)), .. })
        ));
        let knight_capture = "4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1";
        for text in ["Rf3:e5", "R:e5", "Rxe5"] {
            assert_eq!(uci_of(text, knight_capture, LetterSet::Estonian), "f3e5", "{text}");
        }
    }

    #[test]
    fn a_piece_letter_apart_from_its_square_is_the_piece() {
        let after_e4_e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        assert_eq!(uci_of("B b5", after_e4_e5, LetterSet::English), "f1b5");
        assert_eq!(uci_of("B\u{a0}b5", after_e4_e5, LetterSet::English), "f1b5");
        assert_eq!(uci_of("N f3", after_e4_e5, LetterSet::English), "g1f3");
        assert_eq!(uci_of("b four", after_e4_e5, LetterSet::English), "b2b4", "a file said as a word");
    }

    #[test]
    fn en_passant_written_out() {
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        for text in ["exd6", "exd6 e.p.", "exd6e.p.", "Eva schlägt David sechs en passant"] {
            assert_eq!(uci_of(text, fen, LetterSet::English), "e5d6", "{text}");
        }
    }

    #[test]
    fn a_move_is_parsed_once_and_met_with_each_position() {
        let reader = reader();
        let typed = reader.parse("Nf3", LetterSet::English).unwrap();
        assert_eq!(typed.to_move(&Chess::default()).map(|m| m.to().to_string()), Ok("f3".to_string()));
        // The same typed move in another position: its meaning there, not its syntax.
        let no_knight = parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert!(matches!(typed.to_move(&no_knight), Err(MoveError::Illegal { .. })));
        // Words that are no move are refused before any position is looked at.
        assert_eq!(reader.parse("Nf9x", LetterSet::English), Err(NotAMove(Some("Nf9x".into()))));
        assert_eq!(reader.parse("hello there", LetterSet::English).map(|_| ()), Err(NotAMove(Some("hello".into()))));
    }

    #[test]
    fn errors_say_why() {
        let r = reader();
        let pos = Chess::default();
        assert_eq!(
            r.read("Nf4", &pos, LetterSet::English),
            Err(ReadError::Illegal {
                reason: IllegalReason::CannotReach { role: Role::Knight, to: Square::F4 },
                piece: None
            })
        );
        assert_eq!(
            r.read("O-O", &pos, LetterSet::English),
            Err(ReadError::Illegal {
                reason: IllegalReason::Castling(CastlingProblem::Blocked(Square::F1)),
                piece: Some(Square::E1)
            })
        );
        assert!(matches!(r.read("Lf3", &pos, LetterSet::English), Err(ReadError::NotAMove(_))));
        assert!(matches!(r.read("hello", &pos, LetterSet::English), Err(ReadError::NotAMove(_))));
        let two_knights = parse_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
        assert!(
            matches!(r.read("Nd2", &two_knights, LetterSet::English), Err(ReadError::Ambiguous(m)) if m.len() == 2)
        );
        let promo = parse_fen("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert!(matches!(r.read("e8", &promo, LetterSet::English), Err(ReadError::NeedsPromotion(m)) if m.len() == 4));
    }

    #[test]
    fn another_letter_set_is_named() {
        // Estonian L is the queen: Ld1-h5 style moves read with English letters.
        let pos = parse_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        match reader().read("Lh5", &pos, LetterSet::English) {
            Err(ReadError::OtherLetters { set: LetterSet::Estonian, .. }) => {}
            other => panic!("{other:?}"),
        }
    }
}
