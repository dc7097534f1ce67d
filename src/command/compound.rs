//! The arguments with a grammar of their own: whose time (`time me`), what a `board` command asks
//! (check a board, or report a square of it), what `sheet` reads or writes, `export`'s form and
//! file, `pieces`' colour and kind, the line `scan` reads, and the voice `voice` chooses.

use shakmaty::{Color, File, Piece, Rank, Role, Square};

use super::keywords::Keyword;
use super::params::{color, read_square, ArgError, Args, Param};
use super::shape::{Placeholder, Shape};
use crate::messages::{Catalog, Lang};
use crate::notation::{fold, LetterSet, PhrasePack};
use crate::table::{movetext, SheetFormat};

/// Whose time or pieces are asked about: "me" and "opponent" as the player at the tactile board
/// says them, or a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    /// The one asking ("you"): the blind player.
    Me,
    /// The other player ("your opponent").
    Opponent,
    /// The side of that colour.
    Side(Color),
}

impl Param for Whose {
    fn shape() -> Shape {
        Shape::Words(&[Keyword::Me, Keyword::Opponent, Keyword::White, Keyword::Black])
    }

    fn read(args: &mut Args<'_>) -> Result<Self, ArgError> {
        let word = args.rest();
        match Keyword::read(word, &[Keyword::Me, Keyword::Opponent]) {
            Some(Keyword::Me) => Ok(Whose::Me),
            Some(_) => Ok(Whose::Opponent),
            None => color(word).map(Whose::Side).ok_or(ArgError::Usage),
        }
    }
}

/// Which physical board, as named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardSide {
    /// The board with pegged pieces.
    Tactile,
    /// The ordinary board.
    Sighted,
}

fn board_side(word: &str) -> Option<BoardSide> {
    match Keyword::read(word, &[Keyword::Tactile, Keyword::Sighted])? {
        Keyword::Tactile => Some(BoardSide::Tactile),
        _ => Some(BoardSide::Sighted),
    }
}

/// What a `board` command with arguments is about (a board not named is the tactile one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardCommand {
    /// Read the board out, rank by rank or piece by piece.
    Check {
        /// Which board.
        board: Option<BoardSide>,
        /// Piece by piece instead of rank by rank.
        by_piece: bool,
    },
    /// What stands on a square of that board (`None`: nothing).
    Report {
        /// Which board.
        board: Option<BoardSide>,
        /// The square.
        square: Square,
        /// What stands there (`None`: nothing).
        piece: Option<Piece>,
    },
}

impl Param for BoardCommand {
    fn shape() -> Shape {
        const BOARDS: &[Keyword] = &[Keyword::Tactile, Keyword::Sighted];
        Shape::Either(vec![
            Shape::Seq(vec![
                Shape::Words(&[Keyword::Check]),
                Shape::optional(Shape::Words(BOARDS)),
                Shape::optional(Shape::Words(&[Keyword::Pieces])),
            ]),
            Shape::Seq(vec![
                Shape::Words(&[Keyword::Report]),
                Shape::Placeholder(Placeholder::Square),
                Shape::Either(vec![Shape::Placeholder(Placeholder::Piece), Shape::Words(&[Keyword::Empty])]),
                Shape::optional(Shape::Words(BOARDS)),
            ]),
        ])
    }

    fn read(args: &mut Args<'_>) -> Result<Self, ArgError> {
        board_command(args.rest()).ok_or(ArgError::Usage)
    }
}

fn board_command(args: &str) -> Option<BoardCommand> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let (first, rest) = words.split_first()?;
    match Keyword::read(first, &[Keyword::Check, Keyword::Report])? {
        Keyword::Check => {
            let (mut board, mut by_piece) = (None, false);
            for w in rest {
                match board_side(w) {
                    Some(b) => board = Some(b),
                    None if Keyword::read(w, &[Keyword::Pieces]).is_some() => by_piece = true,
                    None => return None,
                }
            }
            Some(BoardCommand::Check { board, by_piece })
        }
        _ => {
            let (board, rest) = match rest.last().and_then(|w| board_side(w)) {
                Some(b) => (Some(b), &rest[..rest.len() - 1]),
                None => (None, rest),
            };
            // The square takes the first word or two ("e4", "Eva vier"), the piece the rest.
            (1..rest.len()).find_map(|i| {
                let square = read_square(&rest[..i].join(" "))?;
                let piece = read_man(&rest[i..].join(" "))?;
                Some(BoardCommand::Report { board, square, piece })
            })
        }
    }
}

/// `empty`, a FEN letter (`N`, `p`), or a colour and a piece word (`white knight`) in any
/// language or phrase pack.
pub fn read_man(text: &str) -> Option<Option<Piece>> {
    let t = text.trim();
    if t == "-" || Keyword::read(t, &[Keyword::Empty]).is_some() {
        return Some(None);
    }
    if t.chars().count() == 1 {
        let c = t.chars().next()?;
        let role = Role::from_char(c.to_ascii_lowercase())?;
        return Some(Some(Piece { color: Color::from_white(c.is_ascii_uppercase()), role }));
    }
    let (c, name) = t.split_once(char::is_whitespace)?;
    let color = color(c)?;
    let wanted = fold(name.trim());
    let mut names: Vec<(Role, String)> = Vec::new();
    for pack in PhrasePack::builtin() {
        names.extend(Role::ALL.into_iter().map(|r| (r, pack.piece(r).to_string())));
    }
    for lang in Lang::ALL {
        let catalog = Catalog::shipped(lang);
        names.extend(Role::ALL.into_iter().map(|r| (r, catalog.text(crate::wording::piece_key(r), &[]))));
    }
    let role = names.into_iter().find(|(_, word)| fold(word) == wanted)?.0;
    Some(Some(Piece { color, role }))
}

/// What `sheet` is asked (a colour not named is the blind player's, or White's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SheetCommand {
    /// Read the sheet from move `from`.
    Read {
        /// Whose sheet.
        color: Option<Color>,
        /// The move number to read from; `None`: its last moves.
        from: Option<usize>,
    },
    /// Write these half-moves on it: `(ply, text)`.
    Write {
        /// Whose sheet.
        color: Option<Color>,
        /// The half-moves written, `(ply, text)`.
        moves: Vec<(usize, String)>,
    },
}

impl Param for SheetCommand {
    fn shape() -> Shape {
        const SIDES: &[Keyword] = &[Keyword::White, Keyword::Black];
        Shape::Either(vec![
            Shape::Seq(vec![
                Shape::optional(Shape::Words(SIDES)),
                Shape::optional(Shape::Seq(vec![Shape::Words(&[Keyword::From]), Shape::Placeholder(Placeholder::N)])),
            ]),
            Shape::Seq(vec![
                Shape::Words(SIDES),
                Shape::Placeholder(Placeholder::MoveNumber),
                Shape::Placeholder(Placeholder::Move),
            ]),
            Shape::Seq(vec![Shape::Words(SIDES), Shape::Placeholder(Placeholder::Movetext)]),
        ])
    }

    fn read(args: &mut Args<'_>) -> Result<Self, ArgError> {
        sheet_command(args.rest())
    }
}

fn sheet_command(args: &str) -> Result<SheetCommand, ArgError> {
    let (color, rest) = match args.split_once(char::is_whitespace) {
        Some((first, rest)) if color(first).is_some() => (color(first), rest.trim()),
        _ if color(args).is_some() => (color(args), ""),
        _ => (None, args),
    };
    if rest.is_empty() {
        return Ok(SheetCommand::Read { color, from: None });
    }
    if let Some((word, n)) = rest.split_once(char::is_whitespace) {
        if let (true, Ok(n)) = (Keyword::read(word, &[Keyword::From]).is_some(), n.trim().parse::<usize>()) {
            return Ok(SheetCommand::Read { color, from: Some(n.max(1)) });
        }
    }
    match movetext(rest) {
        Ok(moves) if !moves.is_empty() => Ok(SheetCommand::Write { color, moves }),
        _ => Err(ArgError::Sheet),
    }
}

/// What `export` is asked: a form, a file, both or neither.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ExportAsk {
    /// The form, else the ruleset's default.
    pub format: Option<SheetFormat>,
    /// The file, else beside the journal.
    pub path: Option<String>,
}

impl Param for ExportAsk {
    fn shape() -> Shape {
        Shape::Seq(vec![
            Shape::optional(Shape::Literals(&["text", "full", "braille", "brf", "wav"])),
            Shape::optional(Shape::Placeholder(Placeholder::File)),
        ])
    }

    fn read(args: &mut Args<'_>) -> Result<Self, ArgError> {
        let text = args.rest();
        let words: Vec<&str> = text.split_whitespace().collect();
        let path = |word: Option<&&str>| word.map(|w| w.to_string());
        match words[..] {
            [] => Ok(ExportAsk::default()),
            [first, ..] if words.len() <= 2 => match first.parse::<SheetFormat>() {
                Ok(format) => Ok(ExportAsk { format: Some(format), path: path(words.get(1)) }),
                Err(()) if words.len() == 1 && first.contains(['.', '/']) => {
                    Ok(ExportAsk { format: None, path: Some(first.to_string()) })
                }
                Err(()) => Err(ArgError::ExportFormat(first.to_string())),
            },
            // A format and a file name take two words; a third is not taken.
            _ => Err(ArgError::Usage),
        }
    }
}

/// What `pieces` is asked: whose, and which kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PiecesAsk {
    /// Whose pieces, else the side to move's (then the other's with `more`).
    pub whose: Option<Whose>,
    /// Which kind, else all.
    pub role: Option<Role>,
}

impl Param for PiecesAsk {
    fn shape() -> Shape {
        Shape::Seq(vec![
            Shape::optional(Shape::Words(&[Keyword::Me, Keyword::Opponent, Keyword::White, Keyword::Black])),
            Shape::optional(Shape::Placeholder(Placeholder::Piece)),
        ])
    }

    fn read(args: &mut Args<'_>) -> Result<Self, ArgError> {
        let lang = args.lang();
        let mut ask = PiecesAsk::default();
        while let Some(word) = args.word() {
            let folded = fold(word);
            if LINKING_WORDS.contains(&folded.as_str()) {
                continue;
            }
            if MY.contains(&folded.as_str()) {
                ask.whose = Some(Whose::Me);
            } else if let Some(c) = color(word) {
                ask.whose = Some(Whose::Side(c));
            } else if let Some(keyword) = Keyword::read(word, &[Keyword::Me, Keyword::Opponent]) {
                ask.whose = Some(if keyword == Keyword::Me { Whose::Me } else { Whose::Opponent });
            } else if let Some(r) = piece_word(word, lang) {
                ask.role = Some(r);
            } else {
                return Err(ArgError::PieceWord(word.to_string()));
            }
        }
        Ok(ask)
    }
}

/// `letters [COLOR] [SET]`: the letters typed moves are read with, or new ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LettersAsk {
    /// Whose letters: that player's, else both players'.
    pub color: Option<Color>,
    /// The new letters, else those in force are said.
    pub set: Option<LetterSet>,
}

/// A letter set by its code or its language's name, in every language.
const SET_WORDS: [(&str, LetterSet); 12] = [
    ("en", LetterSet::English),
    ("english", LetterSet::English),
    ("englisch", LetterSet::English),
    ("inglise", LetterSet::English),
    ("et", LetterSet::Estonian),
    ("estonian", LetterSet::Estonian),
    ("estnisch", LetterSet::Estonian),
    ("eesti", LetterSet::Estonian),
    ("de", LetterSet::German),
    ("german", LetterSet::German),
    ("deutsch", LetterSet::German),
    ("saksa", LetterSet::German),
];

impl Param for LettersAsk {
    fn shape() -> Shape {
        Shape::Seq(vec![
            Shape::optional(Shape::Words(&[Keyword::White, Keyword::Black])),
            Shape::optional(Shape::Literals(&["en", "et", "de"])),
        ])
    }

    fn read(args: &mut Args<'_>) -> Result<Self, ArgError> {
        let mut ask = LettersAsk::default();
        while let Some(word) = args.word() {
            let folded = fold(word);
            match SET_WORDS.iter().find(|(w, _)| *w == folded) {
                Some(&(_, set)) if ask.set.is_none() => ask.set = Some(set),
                // Two sets named: one is asked for (the usage says how).
                Some(_) => return Err(ArgError::Usage),
                None if ask.color.is_none() && ask.set.is_none() && color(word).is_some() => ask.color = color(word),
                _ => return Err(ArgError::Letters(word.to_string())),
            }
        }
        match ask {
            LettersAsk { color: Some(_), set: None } => Err(ArgError::Usage),
            ask => Ok(ask),
        }
    }
}

/// The words of a question asked as a sentence ("where is the king", "wo ist der König", "kus on
/// kuningas"), passed over: they say nothing about which pieces.
const LINKING_WORDS: [&str; 10] = ["is", "are", "the", "ist", "sind", "der", "die", "das", "den", "on"];

/// "My" in every language: the pieces of the player asking (the player at the tactile board).
const MY: [&str; 6] = ["my", "mein", "meine", "meinen", "minu", "mu"];

/// A piece by its letter (the interface language's set first) or its name, singular or plural,
/// in any language.
pub fn piece_word(word: &str, lang: Lang) -> Option<Role> {
    let mut chars = word.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        let own = match lang {
            Lang::Et => LetterSet::Estonian,
            Lang::De => LetterSet::German,
            Lang::En => LetterSet::English,
        };
        let upper = c.to_ascii_uppercase();
        return std::iter::once(own).chain(LetterSet::ALL).find_map(|set| set.role(upper));
    }
    let folded = fold(word);
    Lang::ALL.into_iter().find_map(|lang| {
        let catalog = Catalog::shipped(lang);
        crate::wording::ORDER.into_iter().find(|&role| {
            let name = fold(&catalog.text(&format!("piece.{}", crate::wording::role_name(role)), &[]));
            let plural = fold(&catalog.text(&format!("pieces.{}", crate::wording::role_name(role)), &[]));
            folded == name || folded == plural
        })
    })
}

/// The line `scan` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScanLine {
    /// A rank.
    Rank(Rank),
    /// A file.
    File(File),
    /// The diagonals through a square.
    Diagonals(Square),
}

impl Param for ScanLine {
    fn shape() -> Shape {
        Shape::Either(vec![
            Shape::Seq(vec![Shape::Words(&[Keyword::Rank]), Shape::Placeholder(Placeholder::N)]),
            Shape::Seq(vec![Shape::Words(&[Keyword::File]), Shape::Placeholder(Placeholder::F)]),
            Shape::Seq(vec![Shape::Words(&[Keyword::Diagonal]), Shape::Placeholder(Placeholder::Square)]),
        ])
    }

    fn read(args: &mut Args<'_>) -> Result<Self, ArgError> {
        let kind = fold(args.word().ok_or(ArgError::Usage)?);
        let rest = args.rest();
        let is = |wanted: Keyword| Keyword::read(&kind, &[wanted]).is_some();
        if is(Keyword::Rank) {
            let rank = rest.chars().next().and_then(Rank::from_char).filter(|_| rest.len() == 1);
            rank.map(ScanLine::Rank).ok_or(ArgError::Line)
        } else if is(Keyword::File) {
            let file = rest.chars().next().and_then(|c| File::from_char(c.to_ascii_lowercase()));
            file.map(ScanLine::File).ok_or(ArgError::Line)
        } else if is(Keyword::Diagonal) {
            // The square the diagonals go through is missing: the usage says what is wanted.
            if rest.trim().is_empty() {
                return Err(ArgError::Usage);
            }
            read_square(rest).map(ScanLine::Diagonals).ok_or_else(|| ArgError::Square(rest.trim().to_string()))
        } else {
            Err(ArgError::Usage)
        }
    }
}

/// The voice `voice` chooses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VoiceChoice {
    /// The engine's voice for each language.
    Auto,
    /// A voice by its name.
    Named(String),
}

impl Param for VoiceChoice {
    fn shape() -> Shape {
        Shape::Either(vec![Shape::Placeholder(Placeholder::Name), Shape::Words(&[Keyword::Auto])])
    }

    fn read(args: &mut Args<'_>) -> Result<Self, ArgError> {
        let name = args.rest();
        Ok(match Keyword::read(name, &[Keyword::Auto]) {
            Some(_) => VoiceChoice::Auto,
            None => VoiceChoice::Named(name.to_string()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square as Sq;

    fn read<T: Param>(text: &str, lang: Lang) -> Result<T, ArgError> {
        T::read(&mut Args::new(text, lang))
    }

    #[test]
    fn board_and_sheet_commands() {
        let report = read::<BoardCommand>("melden Eva vier weiß Springer steckbrett", Lang::En);
        let knight = Piece { color: Color::White, role: Role::Knight };
        let expected = BoardCommand::Report { board: Some(BoardSide::Tactile), square: Sq::E4, piece: Some(knight) };
        assert_eq!(report, Ok(expected));
        let check = BoardCommand::Check { board: Some(BoardSide::Sighted), by_piece: true };
        assert_eq!(read::<BoardCommand>("check sighted pieces", Lang::En), Ok(check));
        assert_eq!(read::<BoardCommand>("check twice", Lang::En), Err(ArgError::Usage));
        let black = SheetCommand::Read { color: Some(Color::Black), from: Some(3) };
        assert_eq!(read::<SheetCommand>("black from 3", Lang::En), Ok(black));
        let write = SheetCommand::Write { color: None, moves: vec![(0, "e4".into()), (1, "e5".into())] };
        assert_eq!(read::<SheetCommand>("1. e4 e5", Lang::En), Ok(write));
        assert_eq!(read::<SheetCommand>("white e4", Lang::En), Err(ArgError::Sheet));
    }

    #[test]
    fn a_piece_letter_is_read_in_the_interface_language_first() {
        let queen = PiecesAsk { whose: None, role: Some(Role::Queen) };
        assert_eq!(read::<PiecesAsk>("L", Lang::Et), Ok(queen));
        let bishop = PiecesAsk { whose: None, role: Some(Role::Bishop) };
        assert_eq!(read::<PiecesAsk>("L", Lang::De), Ok(bishop));
        assert_eq!(read::<PiecesAsk>("dragon", Lang::En), Err(ArgError::PieceWord("dragon".into())));
        // "me" and "opponent", as time takes them.
        let mine = PiecesAsk { whose: Some(Whose::Me), role: Some(Role::Knight) };
        assert_eq!(read::<PiecesAsk>("me knights", Lang::En), Ok(mine));
        let theirs = PiecesAsk { whose: Some(Whose::Opponent), role: None };
        assert_eq!(read::<PiecesAsk>("vastane", Lang::En), Ok(theirs));
    }

    /// `letters`: a set by its code or its language's name in any language, after a colour or
    /// alone; anything else, or a colour without a set, is refused.
    #[test]
    fn letters_are_named_by_code_or_language_in_every_language() {
        let ask = |color, set| Ok(LettersAsk { color, set });
        assert_eq!(read::<LettersAsk>("", Lang::En), ask(None, None));
        assert_eq!(read::<LettersAsk>("de", Lang::En), ask(None, Some(LetterSet::German)));
        assert_eq!(read::<LettersAsk>("Deutsch", Lang::De), ask(None, Some(LetterSet::German)));
        assert_eq!(read::<LettersAsk>("schwarz eesti", Lang::De), ask(Some(Color::Black), Some(LetterSet::Estonian)));
        assert_eq!(read::<LettersAsk>("white english", Lang::Et), ask(Some(Color::White), Some(LetterSet::English)));
        assert_eq!(read::<LettersAsk>("fr", Lang::En), Err(ArgError::Letters("fr".into())));
        assert_eq!(read::<LettersAsk>("de white", Lang::En), Err(ArgError::Letters("white".into())));
        // Two sets: one is asked for.
        assert_eq!(read::<LettersAsk>("de et", Lang::En), Err(ArgError::Usage));
        // A colour alone names no letters to set.
        assert_eq!(read::<LettersAsk>("black", Lang::En), Err(ArgError::Usage));
    }

    /// `where is the king` and its like in every language: the linking words are passed over,
    /// "my" is the asking player's, a colour is read in the form it takes before a piece.
    #[test]
    fn pieces_are_asked_for_as_a_sentence() {
        let ask = |whose, role| Ok(PiecesAsk { whose, role: Some(role) });
        assert_eq!(read::<PiecesAsk>("is the king", Lang::En), ask(None, Role::King));
        assert_eq!(read::<PiecesAsk>("are my knights", Lang::En), ask(Some(Whose::Me), Role::Knight));
        let black = Some(Whose::Side(Color::Black));
        assert_eq!(read::<PiecesAsk>("ist der schwarze König", Lang::De), ask(black, Role::King));
        let white = Some(Whose::Side(Color::White));
        assert_eq!(read::<PiecesAsk>("sind die weißen Läufer", Lang::De), ask(white, Role::Bishop));
        assert_eq!(read::<PiecesAsk>("sind meine Türme", Lang::De), ask(Some(Whose::Me), Role::Rook));
        assert_eq!(read::<PiecesAsk>("on musta lipp", Lang::Et), ask(black, Role::Queen));
        assert_eq!(read::<PiecesAsk>("is the dragon", Lang::En), Err(ArgError::PieceWord("dragon".into())));
    }

    #[test]
    fn whose_time_formats_and_lines() {
        assert_eq!(read::<Whose>("gegner", Lang::En), Ok(Whose::Opponent));
        assert_eq!(read::<Whose>("mina", Lang::En), Ok(Whose::Me));
        assert_eq!(read::<ScanLine>("reihe 4", Lang::En), Ok(ScanLine::Rank(Rank::Fourth)));
        assert_eq!(read::<ScanLine>("liin z", Lang::En), Err(ArgError::Line));
        let brf = ExportAsk { format: Some(SheetFormat::Brf), path: Some("out.brf".into()) };
        assert_eq!(read::<ExportAsk>("brf out.brf", Lang::En), Ok(brf));
        let file = ExportAsk { format: None, path: Some("game.txt".into()) };
        assert_eq!(read::<ExportAsk>("game.txt", Lang::En), Ok(file));
        assert_eq!(read::<ExportAsk>("mp3", Lang::En), Err(ArgError::ExportFormat("mp3".into())));
        assert_eq!(read::<ExportAsk>("text a.txt more", Lang::En), Err(ArgError::Usage));
        assert_eq!(read::<VoiceChoice>("AUTO", Lang::En), Ok(VoiceChoice::Auto));
    }
}
