//! Reading a typed line once: a command and its arguments, or a move. The arguments are
//! colours, squares (in any notation or in announcement
//! words), counts, numbers in a range, durations, verbosity levels, boards, sheets, export
//! formats, pieces and scan lines, each in every interface language.

use std::sync::OnceLock;

use shakmaty::{Color, File, Piece, Rank, Role, Square};

use super::command::{ArgError, BoardCommand, BoardSide, Command, ScanLine, SheetCommand, TimeOf, VoiceChoice};
use super::keywords::Keyword;
use super::registry::CommandId;
use crate::clock::parse_duration;
use crate::messages::{Catalog, Lang};
use crate::notation::{fold, LetterSet, MoveReader, PhrasePack};
use crate::table::{movetext, SheetFormat};
use crate::wording::Verbosity;

/// One line of input, read once into what it asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// An empty line (`ok` to a relay in `confirm` mode).
    Empty,
    /// A command with its arguments read.
    Command(Command),
    /// A command whose arguments do not fit it.
    Refused(ArgError),
    /// Anything that is not a command is read as a move.
    Move(String),
    /// A line that cannot be read at all.
    Unreadable(LineProblem),
}

/// The longest line read, in characters; a move or a command is far shorter.
pub const MAX_LINE: usize = 4096;

/// Why a line cannot be read at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineProblem {
    /// Longer than [`MAX_LINE`] characters (how many, counted up to a bound).
    TooLong(usize),
    /// It holds bytes that are not text (UTF-8); they arrive as U+FFFD.
    NotText,
    /// It holds a control character.
    Control(char),
}

/// What makes `line` unreadable, if anything; found in one pass, at most [`MAX_LINE`] + 1
/// characters into it.
pub fn line_problem(line: &str) -> Option<LineProblem> {
    let mut count = 0;
    for c in line.chars() {
        count += 1;
        if count > MAX_LINE {
            return Some(LineProblem::TooLong(line.chars().count()));
        }
        match c {
            '\u{FFFD}' => return Some(LineProblem::NotText),
            '\t' | '\r' | '\n' => {}
            c if c.is_control() => return Some(LineProblem::Control(c)),
            _ => {}
        }
    }
    None
}

/// The usual name of a control character: `NUL`, `ESC`, `DEL` … with its code.
pub fn control_name(c: char) -> String {
    const ASCII: [&str; 32] = [
        "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR", "SO", "SI", "DLE",
        "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US",
    ];
    let code = format!("U+{:04X}", c as u32);
    match c as usize {
        n if n < 32 => format!("{} ({code})", ASCII[n]),
        0x7F => format!("DEL ({code})"),
        _ => code,
    }
}

/// What `line` asks for; the arguments are read in `lang` (see `parse`).
pub fn parse_line(line: &str, lang: Lang) -> Input {
    if let Some(problem) = line_problem(line) {
        return Input::Unreadable(problem);
    }
    let line = line.trim();
    if line.is_empty() {
        return Input::Empty;
    }
    let (first, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    match super::registry::lookup(first) {
        Some(spec) if spec.id == CommandId::Move && rest.trim().is_empty() => {
            Input::Refused(ArgError::Usage(CommandId::Move))
        }
        Some(spec) if spec.id == CommandId::Move => Input::Move(rest.trim().to_string()),
        // A command that takes nothing, followed by something, is not that command: "R f3".
        Some(spec) if spec.args.is_empty() && !rest.trim().is_empty() => Input::Move(line.to_string()),
        Some(spec) => match parse(spec.id, rest, lang) {
            Ok(command) => Input::Command(command),
            Err(error) => Input::Refused(error),
        },
        None => Input::Move(line.to_string()),
    }
}

/// The command `id` with `args` as typed, read in `lang` (the interface language decides which
/// letter set a piece letter is read in first).
pub fn parse(id: CommandId, args: &str, lang: Lang) -> Result<Command, ArgError> {
    let args = args.trim();
    let text = || (!args.is_empty()).then(|| args.to_string());
    let color = |id| optional(args, |a| color(a).ok_or(ArgError::Color(id)));
    let square = || read_square(args).ok_or(ArgError::Square);
    Ok(match id {
        CommandId::Move => return Err(ArgError::Usage(id)),
        CommandId::Draw => Command::Draw(color(id)?),
        CommandId::Accept => Command::Accept,
        CommandId::Decline => Command::Decline,
        CommandId::Claim => Command::Claim(text()),
        CommandId::Resign => Command::Resign(color(id)?),
        CommandId::Repeat => Command::Repeat,
        CommandId::Listen => Command::Listen,
        CommandId::Eboard => Command::Eboard,
        CommandId::Braille => Command::Braille,
        CommandId::Engine => Command::Engine,
        CommandId::Next => Command::Next,
        CommandId::Back => Command::Back,
        CommandId::First => Command::First,
        CommandId::End => Command::End,
        CommandId::Goto => Command::Goto(count(id, args)?.ok_or(ArgError::Usage(id))?),
        CommandId::Variation => Command::Variation(count(id, args)?),
        CommandId::Mainline => Command::Mainline,
        CommandId::PlayHere => Command::PlayHere,
        CommandId::Last => Command::Last(count(id, args)?),
        CommandId::Legal => Command::Legal(optional(args, |a| read_square(a).ok_or(ArgError::LegalSquare))?),
        CommandId::Fen => Command::Fen,
        CommandId::Help => Command::Help(optional(args, |a| {
            super::registry::lookup(a).map(|s| s.id).ok_or_else(|| ArgError::UnknownCommand(a.to_string()))
        })?),
        CommandId::New => Command::New(text()),
        CommandId::Quit => Command::Quit,
        CommandId::Time => Command::Time(optional(args, |a| time_of(a).ok_or(ArgError::Usage(id)))?),
        CommandId::Pause => Command::Pause,
        CommandId::Resume => Command::Resume,
        CommandId::Advance => Command::Advance(parse_duration(args).map_err(|_| ArgError::Usage(id))?),
        CommandId::SetTime => {
            let (c, d) = color_and(args, |t| parse_duration(t).ok()).ok_or(ArgError::Usage(id))?;
            Command::SetTime(c, d)
        }
        CommandId::SetMoves => {
            let (c, n) = color_and(args, |n| n.parse::<u32>().ok()).ok_or(ArgError::Usage(id))?;
            Command::SetMoves(c, n)
        }
        CommandId::AddTime => {
            let (c, d) = color_and(args, |t| parse_duration(t).ok()).ok_or(ArgError::Usage(id))?;
            Command::AddTime(c, d)
        }
        CommandId::Illegal => Command::Illegal(color(id)?),
        CommandId::Flag => Command::Flag,
        CommandId::Ok => Command::Ok,
        CommandId::Relay => Command::Relay(args.to_string()),
        CommandId::Correct => Command::Correct(args.to_string()),
        CommandId::Board => Command::Board(optional(args, |a| board_command(a).ok_or(ArgError::Usage(id)))?),
        CommandId::Reconcile => Command::Reconcile,
        CommandId::Sheet => Command::Sheet(sheet_command(args)?),
        CommandId::Touched => Command::Touched(read_square(args).ok_or(ArgError::Usage(id))?),
        CommandId::CountDowntime => Command::CountDowntime,
        CommandId::Seal => Command::Seal(args.to_string()),
        CommandId::Adjourn => Command::Adjourn(args.to_string()),
        CommandId::Open => Command::Open,
        CommandId::Pgn => Command::Pgn(text()),
        CommandId::Export => export(args)?,
        CommandId::Analyse => Command::Analyse,
        CommandId::Rules => Command::Rules,
        CommandId::Pieces => pieces(args, lang)?,
        CommandId::SquareInfo => Command::SquareInfo(square()?),
        CommandId::Scan => Command::Scan(scan_line(args)?),
        CommandId::Attackers => Command::Attackers(square()?),
        CommandId::Defenders => Command::Defenders(square()?),
        CommandId::Check => Command::Check,
        CommandId::Captured => Command::Captured,
        CommandId::Turn => Command::Turn,
        CommandId::More => Command::More,
        CommandId::Explain => Command::Explain(optional(args, |a| {
            super::explain::topic(a).ok_or_else(|| ArgError::Topic(a.to_string()))
        })?),
        CommandId::Rate => Command::Rate(optional(args, |a| number(id, a, -100, 100))?),
        CommandId::Volume => Command::Volume(optional(args, |a| number(id, a, 0, 100))?),
        CommandId::Voice => Command::Voice(text().map(|name| match Keyword::read(&name, &[Keyword::Auto]) {
            Some(_) => VoiceChoice::Auto,
            None => VoiceChoice::Named(name),
        })),
        CommandId::Verbosity => Command::Verbosity(optional(args, |a| level(a).ok_or(ArgError::Level(a.into())))?),
        CommandId::History => Command::History(count(id, args)?),
    })
}

/// `None` for no argument, else what `read` makes of it.
pub(super) fn optional<T>(args: &str, read: impl FnOnce(&str) -> Result<T, ArgError>) -> Result<Option<T>, ArgError> {
    match args {
        "" => Ok(None),
        a => read(a).map(Some),
    }
}

/// A colour word in any language.
pub fn color(word: &str) -> Option<Color> {
    match Keyword::read(word, &[Keyword::White, Keyword::Black])? {
        Keyword::White => Some(Color::White),
        _ => Some(Color::Black),
    }
}

/// The square named in any notation or announcement words ("e4", "Eva vier").
pub(super) fn read_square(text: &str) -> Option<Square> {
    static READER: OnceLock<Option<MoveReader>> = OnceLock::new();
    READER.get_or_init(|| MoveReader::new(&PhrasePack::builtin()).ok()).as_ref()?.read_square(text.trim())
}

/// `COLOR VALUE`.
pub(super) fn color_and<T>(args: &str, value: impl FnOnce(&str) -> Option<T>) -> Option<(Color, T)> {
    let (c, rest) = args.split_once(char::is_whitespace)?;
    Some((color(c)?, value(rest.trim())?))
}

/// The optional count of `last` and `history`: a whole number above zero.
pub(super) fn count(id: CommandId, args: &str) -> Result<Option<usize>, ArgError> {
    optional(args, |n| n.parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(|| ArgError::Count(id, n.to_string())))
}

pub(super) fn number(id: CommandId, args: &str, low: i64, high: i64) -> Result<i64, ArgError> {
    args.parse::<i64>().ok().filter(|n| (low..=high).contains(n)).ok_or(ArgError::Number { id, low, high })
}

pub(super) fn time_of(args: &str) -> Option<TimeOf> {
    match Keyword::read(args, &[Keyword::Me, Keyword::Opponent]) {
        Some(Keyword::Me) => Some(TimeOf::Me),
        Some(_) => Some(TimeOf::Opponent),
        None => color(args).map(TimeOf::Side),
    }
}

/// The verbosity levels and the words that name them.
pub const LEVELS: [(Verbosity, Keyword); 3] =
    [(Verbosity::Brief, Keyword::Brief), (Verbosity::Normal, Keyword::Normal), (Verbosity::Verbose, Keyword::Verbose)];

pub(super) fn level(word: &str) -> Option<Verbosity> {
    let keyword = Keyword::read(word, &LEVELS.map(|(_, k)| k))?;
    LEVELS.iter().find(|(_, k)| *k == keyword).map(|(v, _)| *v)
}

pub(super) fn board_side(word: &str) -> Option<BoardSide> {
    match Keyword::read(word, &[Keyword::Tactile, Keyword::Sighted])? {
        Keyword::Tactile => Some(BoardSide::Tactile),
        _ => Some(BoardSide::Sighted),
    }
}

pub(super) fn board_command(args: &str) -> Option<BoardCommand> {
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
                let piece = board_piece(&rest[i..].join(" "))?;
                Some(BoardCommand::Report { board, square, piece })
            })
        }
    }
}

/// `empty`, a FEN letter (`N`, `p`), or a colour and a piece word (`white knight`) in any
/// language or phrase pack.
pub(super) fn board_piece(text: &str) -> Option<Option<Piece>> {
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

pub(super) fn sheet_command(args: &str) -> Result<SheetCommand, ArgError> {
    let (color, rest) = match args.split_once(char::is_whitespace) {
        Some((first, rest)) if color(first).is_some() => (color(first), rest.trim()),
        _ if color(args).is_some() => (color(args), ""),
        _ => (None, args),
    };
    if rest.is_empty() {
        return Ok(SheetCommand::Read { color, from: 1 });
    }
    if let Some((word, n)) = rest.split_once(char::is_whitespace) {
        if let (true, Ok(n)) = (Keyword::read(word, &[Keyword::From]).is_some(), n.trim().parse::<usize>()) {
            return Ok(SheetCommand::Read { color, from: n.max(1) });
        }
    }
    match movetext(rest) {
        Ok(moves) if !moves.is_empty() => Ok(SheetCommand::Write { color, moves }),
        _ => Err(ArgError::Sheet),
    }
}

pub(super) fn export(args: &str) -> Result<Command, ArgError> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let path = |word: Option<&&str>| word.map(|w| w.to_string());
    match words[..] {
        [] => Ok(Command::Export { format: None, path: None }),
        [first, ..] if words.len() <= 2 => match first.parse::<SheetFormat>() {
            Ok(format) => Ok(Command::Export { format: Some(format), path: path(words.get(1)) }),
            Err(()) if words.len() == 1 && first.contains(['.', '/']) => {
                Ok(Command::Export { format: None, path: Some(first.to_string()) })
            }
            Err(()) => Err(ArgError::ExportFormat(first.to_string())),
        },
        // A format and a file name take two words; a third is not taken.
        _ => Err(ArgError::Usage(CommandId::Export)),
    }
}

pub(super) fn pieces(args: &str, lang: Lang) -> Result<Command, ArgError> {
    let (mut color_named, mut role) = (None, None);
    for word in args.split_whitespace() {
        if let Some(c) = color(word) {
            color_named = Some(c);
        } else if let Some(r) = piece_word(word, lang) {
            role = Some(r);
        } else {
            return Err(ArgError::PieceWord(word.to_string()));
        }
    }
    Ok(Command::Pieces { color: color_named, role })
}

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

pub(super) fn scan_line(args: &str) -> Result<ScanLine, ArgError> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let Some((kind, rest)) = words.split_first() else { return Err(ArgError::Usage(CommandId::Scan)) };
    let (kind, rest) = (fold(kind), rest.join(" "));
    let rest = rest.trim();
    let is = |wanted: Keyword| Keyword::read(&kind, &[wanted]).is_some();
    if is(Keyword::Rank) {
        let rank = rest.chars().next().and_then(Rank::from_char).filter(|_| rest.len() == 1);
        rank.map(ScanLine::Rank).ok_or(ArgError::Line)
    } else if is(Keyword::File) {
        let file = rest.chars().next().and_then(|c| File::from_char(c.to_ascii_lowercase()));
        file.map(ScanLine::File).ok_or(ArgError::Line)
    } else if is(Keyword::Diagonal) {
        read_square(rest).map(ScanLine::Diagonals).ok_or(ArgError::Square)
    } else {
        Err(ArgError::Usage(CommandId::Scan))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square as Sq;
    use std::time::Duration;

    fn read(id: CommandId, args: &str) -> Result<Command, ArgError> {
        parse(id, args, Lang::En)
    }

    #[test]
    fn board_and_sheet_commands() {
        let report = read(CommandId::Board, "melden Eva vier weiß Springer steckbrett");
        let knight = Piece { color: Color::White, role: Role::Knight };
        let expected = BoardCommand::Report { board: Some(BoardSide::Tactile), square: Sq::E4, piece: Some(knight) };
        assert_eq!(report, Ok(Command::Board(Some(expected))));
        let check = BoardCommand::Check { board: Some(BoardSide::Sighted), by_piece: true };
        assert_eq!(read(CommandId::Board, "check sighted pieces"), Ok(Command::Board(Some(check))));
        assert_eq!(read(CommandId::Board, "check twice"), Err(ArgError::Usage(CommandId::Board)));
        assert_eq!(
            read(CommandId::Sheet, "black from 3"),
            Ok(Command::Sheet(SheetCommand::Read { color: Some(Color::Black), from: 3 }))
        );
        let write = SheetCommand::Write { color: None, moves: vec![(0, "e4".into()), (1, "e5".into())] };
        assert_eq!(read(CommandId::Sheet, "1. e4 e5"), Ok(Command::Sheet(write)));
        assert_eq!(read(CommandId::Sheet, "white e4"), Err(ArgError::Sheet));
    }

    #[test]
    fn a_piece_letter_is_read_in_the_interface_language_first() {
        assert_eq!(
            parse(CommandId::Pieces, "L", Lang::Et),
            Ok(Command::Pieces { color: None, role: Some(Role::Queen) })
        );
        assert_eq!(
            parse(CommandId::Pieces, "L", Lang::De),
            Ok(Command::Pieces { color: None, role: Some(Role::Bishop) })
        );
        assert_eq!(parse(CommandId::Pieces, "dragon", Lang::En), Err(ArgError::PieceWord("dragon".into())));
    }

    #[test]
    fn names_in_every_language() {
        let parse_line = |line| parse_line(line, Lang::En);
        assert_eq!(parse_line("draw"), Input::Command(Command::Draw(None)));
        assert_eq!(parse_line("Remis"), Input::Command(Command::Draw(None)));
        assert_eq!(parse_line("viik black"), Input::Command(Command::Draw(Some(shakmaty::Color::Black))));
        assert_eq!(parse_line("  claim  Nf3 "), Input::Command(Command::Claim(Some("Nf3".into()))));
        assert_eq!(parse_line("resign purple"), Input::Refused(ArgError::Color(CommandId::Resign)));
        assert_eq!(parse_line("Nf3"), Input::Move("Nf3".into()));
        assert_eq!(parse_line("move Springer Felix drei"), Input::Move("Springer Felix drei".into()));
        assert_eq!(parse_line("Springer Felix drei"), Input::Move("Springer Felix drei".into()));
        assert_eq!(parse_line(""), Input::Empty);
    }

    #[test]
    fn a_command_without_arguments_followed_by_words_is_a_move() {
        assert_eq!(parse_line("r", Lang::En), Input::Command(Command::Repeat));
        assert_eq!(parse_line("R f3", Lang::En), Input::Move("R f3".into()));
    }

    #[test]
    fn arguments_are_read_in_every_language() {
        assert_eq!(read(CommandId::Draw, "schwarz"), Ok(Command::Draw(Some(Color::Black))));
        assert_eq!(read(CommandId::Draw, "valge"), Ok(Command::Draw(Some(Color::White))));
        assert_eq!(read(CommandId::Draw, "purple"), Err(ArgError::Color(CommandId::Draw)));
        assert_eq!(read(CommandId::Time, "gegner"), Ok(Command::Time(Some(TimeOf::Opponent))));
        assert_eq!(read(CommandId::Time, "mina"), Ok(Command::Time(Some(TimeOf::Me))));
        assert_eq!(read(CommandId::Legal, "Eva vier"), Ok(Command::Legal(Some(Sq::E4))));
        assert_eq!(read(CommandId::SetTime, "must 5m"), Ok(Command::SetTime(Color::Black, Duration::from_secs(300))));
        assert_eq!(read(CommandId::SetMoves, "white x"), Err(ArgError::Usage(CommandId::SetMoves)));
        assert_eq!(read(CommandId::Verbosity, "ausführlich"), Ok(Command::Verbosity(Some(Verbosity::Verbose))));
        assert_eq!(read(CommandId::Verbosity, "loud"), Err(ArgError::Level("loud".into())));
        assert_eq!(read(CommandId::Scan, "reihe 4"), Ok(Command::Scan(ScanLine::Rank(Rank::Fourth))));
        assert_eq!(read(CommandId::Scan, "liin z"), Err(ArgError::Line));
        assert_eq!(read(CommandId::Help, "remis"), Ok(Command::Help(Some(CommandId::Draw))));
        assert_eq!(read(CommandId::Explain, "Rochade"), Ok(Command::Explain(Some("castling"))));
    }

    #[test]
    fn counts_numbers_and_formats_are_checked() {
        assert_eq!(read(CommandId::Last, ""), Ok(Command::Last(None)));
        assert_eq!(read(CommandId::Last, "3"), Ok(Command::Last(Some(3))));
        assert_eq!(read(CommandId::History, "0"), Err(ArgError::Count(CommandId::History, "0".into())));
        assert_eq!(read(CommandId::Rate, "-100"), Ok(Command::Rate(Some(-100))));
        let volume = Err(ArgError::Number { id: CommandId::Volume, low: 0, high: 100 });
        assert_eq!(read(CommandId::Volume, "101"), volume);
        assert_eq!(
            read(CommandId::Export, "brf out.brf"),
            Ok(Command::Export { format: Some(SheetFormat::Brf), path: Some("out.brf".into()) })
        );
        assert_eq!(
            read(CommandId::Export, "game.txt"),
            Ok(Command::Export { format: None, path: Some("game.txt".into()) })
        );
        assert_eq!(read(CommandId::Export, "mp3"), Err(ArgError::ExportFormat("mp3".into())));
        assert_eq!(read(CommandId::Export, "text a.txt more"), Err(ArgError::Usage(CommandId::Export)));
    }

    #[test]
    fn every_command_is_read_back_to_its_own_id() {
        for spec in super::super::registry::REGISTRY {
            if spec.id == CommandId::Move {
                continue;
            }
            if let Ok(command) = parse(spec.id, "", Lang::En) {
                assert_eq!(command.id(), spec.id);
            }
        }
    }
}
