//! The games of a PGN text as a file holds them: where each begins (a tag section after
//! movetext, not a line of a comment), a game's text as the reader takes it (escape lines left
//! out, a tag's value after one space, its movetext in SAN), a tag's value read from a game's tag
//! lines, the games offered for choosing by their players and result, which `Variant` tags
//! name a game played by the rules of chess, and why a PGN is refused.

use shakmaty::Chess;

use crate::notation::{standard_movetext, MoveReader, MovetextError, PhrasePack};
use crate::rules::parse_fen;

/// Why a PGN was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PgnError {
    #[error("the text holds no game")]
    /// The text holds no game.
    NoGame,
    #[error("the FEN tag is refused: {0}")]
    /// The FEN tag is refused.
    Fen(crate::rules::FenError),
    /// The game is of a variant with other rules (its `Variant` tag).
    #[error("the game is {0}, a variant with other rules")]
    Variant(String),
    #[error("move {number}, {san}, is not legal in that position")]
    /// A move is not legal.
    IllegalMove {
        /// Its move number.
        number: String,
        /// The move as written.
        san: String,
    },
    #[error("the PGN cannot be read: {0}")]
    /// The PGN cannot be read.
    Unreadable(String),
    /// A brace or parenthesis is stray or never closed.
    #[error("{0}")]
    Movetext(MovetextError),
    /// There is no game of that number.
    #[error("there is no game {number}; the file holds {count}")]
    NoSuchGame {
        /// The number asked for.
        number: usize,
        /// How many games there are.
        count: usize,
    },
    /// The text is larger than the largest PGN read (64 MB).
    #[error("the PGN is {0} bytes long; at most 64 MB are read")]
    TooLarge(usize),
}

/// A game of a PGN file as it is offered for choosing: its players and its result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    /// White's name (`?` when not known).
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The result as a score (`1-0`, `*` …).
    pub result: String,
}

/// The games of a PGN text: each is its tag section and the movetext after it. As python-chess
/// reads a file, a game also ends at an empty line after its moves (outside a comment), and a tag
/// section at two empty lines (one may stand among its tags).
pub fn games(text: &str) -> Vec<&str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut starts = vec![0];
    let (mut in_movetext, mut in_tags, mut in_comment) = (false, false, false);
    let mut empty_lines = 0;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        // A line inside a comment is comment, whatever it begins with; an escape line is nothing.
        let tag = !in_comment && line.trim_start().starts_with('[');
        let escape = !in_comment && (line.starts_with('%') || line.starts_with(';'));
        let empty = !in_comment && line.trim().is_empty();
        if tag {
            if in_movetext || (in_tags && empty_lines >= 2) {
                starts.push(offset);
            }
            (in_movetext, in_tags) = (false, true);
        } else if !escape && !empty {
            if in_movetext && empty_lines > 0 {
                starts.push(offset);
            }
            (in_movetext, in_tags) = (true, false);
        }
        empty_lines = match (empty, escape) {
            (true, _) => empty_lines + 1,
            (false, true) => empty_lines,
            (false, false) => 0,
        };
        if !tag && !escape {
            in_comment = comment_open_after(line, in_comment);
        }
        offset += line.len();
    }
    starts.push(text.len());
    starts.windows(2).map(|w| &text[w[0]..w[1]]).filter(|g| !g.trim().is_empty()).collect()
}

/// Whether a `{` comment is still open after `line` of movetext, when one was open before it (`;`
/// comments to the end of the line).
pub(super) fn comment_open_after(line: &str, mut open: bool) -> bool {
    for c in line.chars() {
        match c {
            '}' if open => open = false,
            '{' if !open => open = true,
            ';' if !open => return false,
            _ => {}
        }
    }
    open
}

/// The first game of the text with its movetext in SAN, and the brackets left out of it (their
/// places counted from the top of the text).
pub(super) fn standard_text(text: &str) -> Result<(String, Vec<MovetextError>), PgnError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut head = String::new();
    let mut lines = text.split_inclusive('\n').peekable();
    let in_head = |l: &str| l.trim().is_empty() || l.trim_start().starts_with('[') || l.starts_with('%');
    while let Some(line) = lines.next_if(|l| in_head(l)) {
        // An escape line (PGN §6) is left out; a tag's value after more than one space or a tab
        // is read as after one.
        if !line.starts_with('%') {
            head.push_str(&one_space_before_value(line));
        }
    }
    let mut movetext = String::new();
    let mut in_comment = false;
    // The movetext ends where a tag begins outside a comment.
    while let Some(line) = lines.next_if(|l| in_comment || !l.trim_start().starts_with('[')) {
        in_comment = comment_open_after(line, in_comment);
        movetext.push_str(line);
    }
    let fen = head.lines().find_map(|l| {
        let rest = l.trim().strip_prefix("[FEN")?;
        Some(rest.trim().trim_end_matches(']').trim().trim_matches('"').to_string())
    });
    let start = match fen {
        Some(fen) => parse_fen(&fen).map_err(PgnError::Fen)?,
        None => Chess::default(),
    };
    let reader = MoveReader::new(&PhrasePack::builtin()).map_err(|e| PgnError::Unreadable(e.to_string()))?;
    // A place in the movetext, counted from the top of the file.
    let lines_above = head.matches('\n').count();
    let from_top = |e: MovetextError| match e {
        MovetextError::Stray { mark, mut at } => {
            at.line += lines_above;
            MovetextError::Stray { mark, at }
        }
        MovetextError::Unclosed { mark, mut at } => {
            at.line += lines_above;
            MovetextError::Unclosed { mark, at }
        }
        illegal => illegal,
    };
    let standard = standard_movetext(&movetext, &start, &reader).map_err(|e| match from_top(e) {
        MovetextError::Illegal { number, text } => PgnError::IllegalMove { number, san: text },
        marks => PgnError::Movetext(marks),
    })?;
    Ok((head + &standard.text, standard.left_out.into_iter().map(from_top).collect()))
}

/// A tag line `[Name<spaces or tabs>"value"]` with one space between name and value.
fn one_space_before_value(line: &str) -> std::borrow::Cow<'_, str> {
    let Some(rest) = line.trim_start().strip_prefix('[') else { return line.into() };
    let name_len = rest.find(|c: char| c.is_whitespace() || c == '"').unwrap_or(rest.len());
    let (name, after) = rest.split_at(name_len);
    let value = after.trim_start_matches([' ', '\t']);
    match value.starts_with('"') && after.len() - value.len() != 1 || after.starts_with('\t') {
        true => format!("[{name} {value}").into(),
        false => line.into(),
    }
}

/// The value of the tag `name` in a game's tag section.
pub(super) fn tag_value(game: &str, name: &str) -> Option<String> {
    let prefix = format!("[{name} \"");
    game.lines()
        .take_while(|l| l.trim().is_empty() || l.trim_start().starts_with('['))
        .find_map(|l| l.trim().strip_prefix(&prefix).map(|v| v.trim_end_matches("\"]").to_string()))
}

/// A `Variant` tag of a game played by the rules of chess: standard chess, a set-up position
/// or Chess960 under any of its names.
pub(super) fn playable_variant(variant: &str) -> bool {
    let name: String = variant.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_ascii_lowercase();
    ["", "standard", "normal", "chess", "fromposition", "chess960", "960", "fischerandom", "fischerrandom", "frc"]
        .contains(&name.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::PgnGame;

    #[test]
    fn a_comment_line_that_begins_with_a_bracket_or_an_escape_line_starts_no_game() {
        let text =
            "% made by hand\n[Event \"E\"]\n\n1. e4 {\n[%emt 0:00:05]} e5 {\n[#]\n} *\n\n[Event \"F\"]\n\n1. d4 *\n";
        let found = games(text);
        assert_eq!(found.len(), 2, "{found:#?}");
        let first = PgnGame::read(found[0]).unwrap();
        assert_eq!(first.moves.len(), 2);
        assert_eq!(first.tags, [("Event".to_string(), "E".to_string())]);
        assert_eq!(PgnGame::read(found[1]).unwrap().moves.len(), 1);
    }

    #[test]
    fn a_tag_after_two_spaces_or_a_tab_is_read_and_moves_without_a_result_take_the_tags() {
        let game =
            PgnGame::read("[Annotator  \"Krush, I\"]\n[Source\t\"Tab\"]\n[Result \"0-1\"]\n\n1. e4 e5\n").unwrap();
        let tag = |name: &str| game.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
        assert_eq!((tag("Annotator"), tag("Source")), (Some("Krush, I"), Some("Tab")));
        assert_eq!(game.result, "0-1");
        // Moves with their own result keep it.
        assert_eq!(PgnGame::read("[Result \"0-1\"]\n\n1. e4 e5 1-0\n").unwrap().result, "1-0");
    }
}
