//! The player's scoresheet on paper, on a braille display or an embosser (E.2.5): the game's moves
//! as plain text (SAN in the chosen letters), in the full notation of the 1953 code, in Unicode
//! braille, or as a BRF file of 40 cells by 25 lines a page.

use std::str::FromStr;

use shakmaty::{Chess, Move, Position};

use crate::notation::{braille_ascii, braille_move, braille_number, braille_words, full, san, LetterSet};

/// Cells in a braille line and lines in a braille page of a BRF file.
pub const BRF_WIDTH: usize = 40;
/// Lines in a braille page of a BRF file.
pub const BRF_LINES: usize = 25;

/// The forms a scoresheet can be exported in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetFormat {
    /// Plain text in SAN.
    Text,
    /// Full notation (the 1953 code).
    Full,
    /// Unicode braille.
    Braille,
    /// Braille ASCII pages (BRF) for an embosser or a braille display.
    Brf,
    /// The moves spoken from the voice clips into one WAV file (E.2.5's tape recorder).
    Wav,
}

impl FromStr for SheetFormat {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        match s.trim().to_ascii_lowercase().as_str() {
            "text" | "txt" | "san" => Ok(SheetFormat::Text),
            "full" | "long" => Ok(SheetFormat::Full),
            "braille" => Ok(SheetFormat::Braille),
            "brf" => Ok(SheetFormat::Brf),
            "wav" | "audio" => Ok(SheetFormat::Wav),
            _ => Err(()),
        }
    }
}

impl SheetFormat {
    /// The forms' names, listed.
    pub const NAMES: &'static str = "text, full, braille, brf, wav";

    /// The file name ending for this form.
    pub fn extension(self) -> &'static str {
        match self {
            SheetFormat::Text => "txt",
            SheetFormat::Full => "full.txt",
            SheetFormat::Braille => "braille.txt",
            SheetFormat::Brf => "brf",
            SheetFormat::Wav => "wav",
        }
    }
}

/// What a scoresheet shows besides the moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetHeading {
    /// The players' line, already in the reader's language.
    pub title: String,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    pub result: String,
    /// The liblouis table the title is written in braille with (`notation::louis_table`).
    pub braille_table: String,
}

/// The scoresheet of the game that starts at `start` and has `moves`.
pub fn export_sheet(
    start: &Chess,
    moves: &[Move],
    heading: &SheetHeading,
    format: SheetFormat,
    letters: LetterSet,
) -> String {
    let braille = matches!(format, SheetFormat::Braille | SheetFormat::Brf);
    let mut lines = vec![
        if braille { braille_words(&heading.title, &heading.braille_table) } else { heading.title.clone() },
        String::new(),
    ];
    let mut pos = start.clone();
    for &mv in moves {
        let number = pos.fullmoves().get();
        let white = pos.turn().is_white();
        let written = match format {
            // The audio form has its own path (`speech::spoken_sheet`); as text it is the plain form.
            SheetFormat::Text | SheetFormat::Wav => san(&pos, mv, letters),
            SheetFormat::Full => full(&pos, mv, letters),
            SheetFormat::Braille | SheetFormat::Brf => braille_move(&san(&pos, mv, LetterSet::English)),
        };
        match (white, lines.last_mut()) {
            (false, Some(line)) if !line.is_empty() => {
                line.push(' ');
                line.push_str(&written);
            }
            _ => lines.push(match (braille, white) {
                (false, true) => format!("{number}. {written}"),
                (false, false) => format!("{number}... {written}"),
                (true, true) => format!("{} {written}", braille_number(number)),
                (true, false) => format!("{} \u{2824}{written}", braille_number(number)),
            }),
        }
        pos.play_unchecked(mv);
    }
    if heading.result != "*" {
        lines.push(if braille { braille_move(&heading.result) } else { heading.result.clone() });
    }
    match format {
        SheetFormat::Brf => brf_pages(&lines),
        _ => lines.iter().map(|l| format!("{l}\n")).collect(),
    }
}

/// Lines wrapped at 40 cells, 25 lines a page, CR LF line ends and a form feed after each page.
fn brf_pages(lines: &[String]) -> String {
    let wrapped: Vec<String> = lines.iter().flat_map(|l| wrap(l, BRF_WIDTH)).collect();
    let mut out = String::new();
    for page in wrapped.chunks(BRF_LINES) {
        for line in page {
            out.push_str(&braille_ascii(line));
            out.push_str("\r\n");
        }
        out.push('\u{c}');
    }
    out
}

/// A line broken at spaces into lines of at most `width` characters (a longer word is cut).
fn wrap(line: &str, width: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in line.split(' ') {
        let mut word: Vec<char> = word.chars().collect();
        while word.len() > width {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            out.push(word.drain(..width).collect());
        }
        let word: String = word.into_iter().collect();
        let len = current.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            out.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(&word);
    }
    out.push(current);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::san::San;

    fn game(sans: &[&str]) -> Vec<Move> {
        let mut pos = Chess::default();
        sans.iter()
            .map(|s| {
                let mv = s.parse::<San>().unwrap().to_move(&pos).unwrap();
                pos.play_unchecked(mv);
                mv
            })
            .collect()
    }

    fn heading(result: &str) -> SheetHeading {
        SheetHeading { title: "Anna - Bruno".into(), result: result.into(), braille_table: "en-ueb-g1.ctb".into() }
    }

    const SCHOLAR: [&str; 7] = ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"];

    #[test]
    fn text_and_full_notation_in_the_chosen_letters() {
        let moves = game(&SCHOLAR);
        let text = export_sheet(&Chess::default(), &moves, &heading("1-0"), SheetFormat::Text, LetterSet::German);
        assert_eq!(text, "Anna - Bruno\n\n1. e4 e5\n2. Lc4 Sc6\n3. Dh5 Sf6\n4. Dxf7#\n1-0\n");
        let full = export_sheet(&Chess::default(), &moves, &heading("1-0"), SheetFormat::Full, LetterSet::Estonian);
        assert_eq!(full, "Anna - Bruno\n\n1. e2-e4 e7-e5\n2. Of1-c4 Rb8-c6\n3. Ld1-h5 Rg8-f6\n4. Lh5:f7#\n1-0\n");
    }

    #[test]
    fn braille_cells_made_by_hand() {
        let moves = game(&SCHOLAR);
        let cells = export_sheet(&Chess::default(), &moves, &heading("1-0"), SheetFormat::Braille, LetterSet::German);
        let expected = ["⠠⠁⠝⠝⠁ ⠤ ⠠⠃⠗⠥⠝⠕", "", "⠂ ⠑⠲ ⠑⠢", "⠆ ⠃⠉⠲ ⠎⠉⠖", "⠒ ⠟⠓⠢ ⠎⠋⠖", "⠲ ⠟⠭⠋⠶⠸⠹", "⠂⠤⠴"];
        assert_eq!(cells, expected.map(|l| format!("{l}\n")).concat());
        let brf = export_sheet(&Chess::default(), &moves, &heading("1-0"), SheetFormat::Brf, LetterSet::German);
        assert_eq!(brf, ",ANNA - ,BRUNO\r\n\r\n1 E4 E5\r\n2 BC4 SC6\r\n3 QH5 SF6\r\n4 QXF7_?\r\n1-0\r\n\u{c}");
    }

    #[test]
    fn brf_pages_hold_25_lines_of_40_cells() {
        let mut sans = Vec::new();
        for _ in 0..15 {
            sans.extend(["Nf3", "Nf6", "Ng1", "Ng8"]);
        }
        let moves = game(&sans);
        let brf = export_sheet(&Chess::default(), &moves, &heading("1/2-1/2"), SheetFormat::Brf, LetterSet::English);
        let pages: Vec<&str> = brf.split('\u{c}').collect();
        assert_eq!(pages.len(), 3, "two pages and the empty rest after the last form feed");
        assert_eq!(pages[0].lines().count(), BRF_LINES);
        assert!(brf.lines().all(|l| l.trim_end_matches(['\r', '\u{c}']).chars().count() <= BRF_WIDTH));
        assert!(pages[0].starts_with(",ANNA - ,BRUNO\r\n\r\n1 SF3 SF6\r\n"));
        let black_first = "4k3/8/8/8/8/8/8/4K3 b - - 0 30".parse::<shakmaty::fen::Fen>().unwrap();
        let pos: Chess = black_first.into_position(shakmaty::CastlingMode::Standard).unwrap();
        let mv = "Kd7".parse::<San>().unwrap().to_move(&pos).unwrap();
        let text = export_sheet(&pos, &[mv], &heading("*"), SheetFormat::Braille, LetterSet::English);
        assert_eq!(text.lines().last(), Some("⠒⠴ ⠤⠅⠙⠶"));
        assert_eq!(wrap("aaaa bb cccccccccc", 4), vec!["aaaa", "bb", "cccc", "cccc", "cc"]);
    }
}
