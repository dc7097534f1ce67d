//! Moves and scoresheet text in braille, after the BAUK Braille Chess Code (2015): game moves
//! without the dots 5-6 indicator, move numbers and ranks as lower-cell digits with no numeric
//! indicator (§1.3), pieces as their lower-case letters with the knight as `s`. Print symbols the
//! code's excerpts do not fix are transcribed as Unified English Braille writes them (`x` ⠭, `+`
//! ⠐⠖, `#` ⠸⠹, `=` ⠐⠶, hyphen ⠤). Names are written in UEB grade 1. The embosser form is North
//! American Braille ASCII (BRF).

/// Unicode braille for a dot pattern (bit 0 is dot 1 … bit 5 is dot 6).
fn cell(dots: u8) -> char {
    char::from_u32(0x2800 + u32::from(dots & 0x3f)).unwrap_or(' ')
}

fn dots(list: &[u8]) -> u8 {
    list.iter().fold(0, |acc, d| acc | 1 << (d - 1))
}

/// The letters a–z in braille (grade 1).
fn letter(c: char) -> Option<char> {
    const LETTERS: [&[u8]; 26] = [
        &[1],
        &[1, 2],
        &[1, 4],
        &[1, 4, 5],
        &[1, 5],
        &[1, 2, 4],
        &[1, 2, 4, 5],
        &[1, 2, 5],
        &[2, 4],
        &[2, 4, 5],
        &[1, 3],
        &[1, 2, 3],
        &[1, 3, 4],
        &[1, 3, 4, 5],
        &[1, 3, 5],
        &[1, 2, 3, 4],
        &[1, 2, 3, 4, 5],
        &[1, 2, 3, 5],
        &[2, 3, 4],
        &[2, 3, 4, 5],
        &[1, 3, 6],
        &[1, 2, 3, 6],
        &[2, 4, 5, 6],
        &[1, 3, 4, 6],
        &[1, 3, 4, 5, 6],
        &[1, 3, 5, 6],
    ];
    let lower = c.to_ascii_lowercase();
    lower.is_ascii_lowercase().then(|| cell(dots(LETTERS[(lower as u8 - b'a') as usize])))
}

/// A digit in the lower part of the cell (the letters a–j moved down one row).
fn lower_digit(d: char) -> Option<char> {
    const LOWER: [&[u8]; 10] =
        [&[3, 5, 6], &[2], &[2, 3], &[2, 5], &[2, 5, 6], &[2, 6], &[2, 3, 5], &[2, 3, 5, 6], &[2, 3, 6], &[3, 5]];
    d.to_digit(10).map(|n| cell(dots(LOWER[n as usize])))
}

/// A move number as lower-cell digits (BAUK §1.3: `2.` is ⠆).
pub fn braille_number(n: u32) -> String {
    n.to_string().chars().filter_map(lower_digit).collect()
}

/// A move written in English SAN (`Nf3`, `exd5`, `O-O-O`, `e8=Q+`), or a result (`1/2-1/2`), as
/// braille cells.
pub fn braille_move(san: &str) -> String {
    let mut out = String::new();
    for c in san.chars() {
        match c {
            'N' => out.push(letter('s').unwrap_or(' ')),
            'K' | 'Q' | 'R' | 'B' | 'a'..='h' | 'x' => out.extend(letter(c)),
            '1'..='8' => out.extend(lower_digit(c)),
            'O' | '0' => out.extend(lower_digit('0')),
            '-' => out.push(cell(dots(&[3, 6]))),
            '+' => out.extend([cell(dots(&[5])), cell(dots(&[2, 3, 5]))]),
            '#' => out.extend([cell(dots(&[4, 5, 6])), cell(dots(&[1, 4, 5, 6]))]),
            '=' => out.extend([cell(dots(&[5])), cell(dots(&[2, 3, 5, 6]))]),
            '/' => out.extend([cell(dots(&[4, 5, 6])), cell(dots(&[3, 4]))]),
            _ => {}
        }
    }
    out
}

/// The board one rank per line, the eighth first, in the braille chess code: the rank as a
/// lower-cell digit, then each piece standing on it with its file (`sa` is a knight on the a-file,
/// a pawn is `p`); White's pieces carry the capital sign ⠠, as White's are capitals in FEN. An
/// empty rank is its digit alone.
pub fn braille_ranks(board: &shakmaty::Board) -> Vec<String> {
    shakmaty::Rank::ALL
        .into_iter()
        .rev()
        .map(|rank| {
            let mut line: String = lower_digit(rank.char()).into_iter().collect();
            for file in shakmaty::File::ALL {
                let Some(piece) = board.piece_at(shakmaty::Square::from_coords(file, rank)) else { continue };
                line.push(' ');
                if piece.color.is_white() {
                    line.push(cell(dots(&[6])));
                }
                let name = match piece.role {
                    shakmaty::Role::Knight => 's',
                    role => role.char(),
                };
                line.extend(letter(name));
                line.extend(letter(file.char()));
            }
            line
        })
        .collect()
}

/// Plain text (a name, a heading) in UEB grade 1: capital sign ⠠ before capitals, numeric sign ⠼
/// before a run of digits; letters with accents lose them; signs UEB has no simple cell for are
/// left out.
pub fn braille_text(text: &str) -> String {
    let mut out = String::new();
    let mut in_number = false;
    for c in text.chars() {
        let base = unaccented(c);
        if let Some(d) = base.to_digit(10) {
            if !in_number {
                out.push(cell(dots(&[3, 4, 5, 6])));
                in_number = true;
            }
            out.extend(letter(if d == 0 { 'j' } else { (b'a' + d as u8 - 1) as char }));
            continue;
        }
        in_number = false;
        match base {
            c if c.is_ascii_alphabetic() => {
                if c.is_ascii_uppercase() {
                    out.push(cell(dots(&[6])));
                }
                out.extend(letter(c));
            }
            '-' => out.push(cell(dots(&[3, 6]))),
            '.' => out.push(cell(dots(&[2, 5, 6]))),
            ',' => out.push(cell(dots(&[2]))),
            ':' => out.push(cell(dots(&[2, 5]))),
            ';' => out.push(cell(dots(&[2, 3]))),
            '!' => out.push(cell(dots(&[2, 3, 5]))),
            '?' => out.push(cell(dots(&[2, 3, 6]))),
            '\'' => out.push(cell(dots(&[3]))),
            '(' => out.extend([cell(dots(&[5])), cell(dots(&[1, 2, 6]))]),
            ')' => out.extend([cell(dots(&[5])), cell(dots(&[3, 4, 5]))]),
            c if c.is_whitespace() => out.push(' '),
            _ => {}
        }
    }
    out
}

fn unaccented(c: char) -> char {
    const PAIRS: [(&str, char); 12] = [
        ("àáâãäåā", 'a'),
        ("ÀÁÂÃÄÅĀ", 'A'),
        ("èéêëē", 'e'),
        ("ÈÉÊËĒ", 'E'),
        ("ìíîïī", 'i'),
        ("ÌÍÎÏĪ", 'I'),
        ("òóôõöøō", 'o'),
        ("ÒÓÔÕÖØŌ", 'O'),
        ("ùúûüū", 'u'),
        ("ÙÚÛÜŪ", 'U'),
        ("šś", 's'),
        ("žź", 'z'),
    ];
    PAIRS.iter().find(|(set, _)| set.contains(c)).map_or(c, |(_, base)| *base)
}

/// North American Braille ASCII, indexed by dot pattern.
const BRAILLE_ASCII: &[u8; 64] = b" A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=";

/// Braille cells as Braille ASCII (for BRF files); spaces and line breaks stay as they are.
pub fn braille_ascii(cells: &str) -> String {
    cells
        .chars()
        .map(|c| match c as u32 {
            code @ 0x2800..=0x283f => BRAILLE_ASCII[(code - 0x2800) as usize] as char,
            _ => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_follow_the_code() {
        // BAUK §1.3: "2. ♘f3" is ⠆ ⠎⠋⠒; "6. e4" is ⠖ ⠑⠲.
        assert_eq!(braille_number(2), "⠆");
        assert_eq!(braille_move("Nf3"), "⠎⠋⠒");
        assert_eq!(format!("{} {}", braille_number(6), braille_move("e4")), "⠖ ⠑⠲");
        assert_eq!(braille_number(10), "⠂⠴");
        assert_eq!(braille_move("exd5"), "⠑⠭⠙⠢");
        assert_eq!(braille_move("O-O-O"), "⠴⠤⠴⠤⠴");
        assert_eq!(braille_move("e8=Q+"), "⠑⠦⠐⠶⠟⠐⠖");
        assert_eq!(braille_move("Qxf7#"), "⠟⠭⠋⠶⠸⠹");
        assert_eq!(braille_move("1/2-1/2"), "⠂⠸⠌⠆⠤⠂⠸⠌⠆");
    }

    #[test]
    fn names_and_braille_ascii() {
        assert_eq!(braille_text("Anna 2"), "⠠⠁⠝⠝⠁ ⠼⠃");
        let ranks = braille_ranks(&shakmaty::Board::default());
        assert_eq!(ranks.len(), 8);
        assert_eq!(ranks[0], "⠦ ⠗⠁ ⠎⠃ ⠃⠉ ⠟⠙ ⠅⠑ ⠃⠋ ⠎⠛ ⠗⠓", "the eighth rank: Black's pieces");
        assert_eq!(ranks[6], "⠆ ⠠⠏⠁ ⠠⠏⠃ ⠠⠏⠉ ⠠⠏⠙ ⠠⠏⠑ ⠠⠏⠋ ⠠⠏⠛ ⠠⠏⠓", "the second: White's pawns");
        assert_eq!(ranks[3], "⠢", "an empty rank (the fifth) is its digit");
        assert_eq!(braille_text("Jüri"), "⠠⠚⠥⠗⠊");
        assert_eq!(braille_text("White: (A)*"), "⠠⠺⠓⠊⠞⠑⠒ ⠐⠣⠠⠁⠐⠜");
        assert_eq!(braille_ascii("⠆ ⠎⠋⠒\n⠠⠁⠼⠰"), "2 SF3\n,A#;");
    }
}
