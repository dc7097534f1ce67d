//! What a speech engine would read letter by letter, sign by sign, or not at all: chess notation
//! (`Nbd2`, `exd5`, `g1f3`, `O-O`, `b8=Q`, `e8D`, `1...`, `e.p.`), the signs of a usage synopsis
//! (brackets, bars), options and durations as typed (`--clock`, `2m`), rule references (`E.2.6`, `9.1`, `§`), a year or a count in brackets, a
//! file's name with its extension (`game.pgn`), a placeholder in capitals (`ENVELOPE`, `N`), and
//! signs (`-100`, `1/2`, `+`, `1–8`). Spoken lines must be words; this finds the first such piece
//! in a text, if any.

/// The first piece of `text` that a speech engine would not say as words, if any.
pub fn unspeakable(text: &str) -> Option<String> {
    let signs =
        ['[', ']', '{', '}', '|', '<', '>', '=', '(', ')', '/', '\\', '_', '*', '#', '@', '~', '^', '%', '&', '+', '§'];
    if let Some(sign) = text.chars().find(|c| signs.contains(c)) {
        return Some(sign.to_string());
    }
    text.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '"' | '“' | '”' | '„'))
        .find(|token| is_notation(token) || is_sign_word(token))
        .map(str::to_string)
}

/// Acronyms a speech engine says as a word or spells as it should.
const ACRONYMS: [&str; 8] = ["FIDE", "USSR", "NSV", "PGN", "FEN", "WAV", "BRF", "DGT"];

/// A rule reference or a file name (`E.2.6`, `9.1`, `game.pgn`), a number with a sign or a dash
/// (`-100`, `1–8`), or a placeholder in capitals (`ENVELOPE`, `N`).
fn is_sign_word(token: &str) -> bool {
    let token = token.trim_end_matches(['.', ':', '?', '!', '…']);
    let chars: Vec<char> = token.chars().collect();
    // A dot between two letters or digits: `E.2.6`, `9.1`, `game.pgn`, `lichess.org`.
    let inner_dot = chars.windows(3).any(|w| w[1] == '.' && w[0].is_alphanumeric() && w[2].is_alphanumeric());
    // A minus or a dash before a digit: `-100`, `1–8`, `1-0`.
    let signed = chars.windows(2).any(|w| matches!(w[0], '-' | '−' | '–' | '—') && w[1].is_ascii_digit());
    let letters: String = token.trim_matches(|c: char| !c.is_alphabetic()).into();
    let capitals = !letters.is_empty()
        && letters.chars().all(|c| c.is_uppercase())
        && (letters.chars().count() > 1 || !matches!(letters.as_str(), "A" | "I" | "E"))
        && !ACRONYMS.contains(&letters.as_str());
    // A duration as typed: `2m`, `1h30m`, `90s` (said "two metres").
    let typed_duration = chars.first().is_some_and(char::is_ascii_digit)
        && chars.iter().any(|c| matches!(c, 'h' | 'm' | 's'))
        && chars.iter().all(|c| c.is_ascii_digit() || matches!(c, 'h' | 'm' | 's'));
    // An option as typed: `--clock`.
    let option = token.starts_with("--");
    inner_dot || signed || capitals || typed_duration || option
}

/// Whether one whitespace-separated token is notation.
fn is_notation(token: &str) -> bool {
    if token.is_empty() {
        return false;
    }
    let lower = token.to_lowercase();
    if lower.contains("e.p.") || lower.contains("o-o") || token.contains("0-0") {
        return true;
    }
    if is_move_number(token) {
        return true;
    }
    let core = token.trim_end_matches(['.', ':', '?', '!', '+', '#']);
    is_san(core) || is_coordinates(core)
}

/// `12.` followed by nothing is a sentence's end; `12...` and `12.e4` are move numbers.
fn is_move_number(token: &str) -> bool {
    let digits = token.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 {
        return false;
    }
    let rest = &token[digits..];
    rest.starts_with("...") || rest.starts_with("…") || (rest.starts_with('.') && is_san(&rest[1..]))
}

fn is_file(c: char) -> bool {
    ('a'..='h').contains(&c)
}

fn is_rank(c: char) -> bool {
    ('1'..='8').contains(&c)
}

/// A piece letter of any letter set (English, Estonian, German).
fn is_piece_letter(c: char) -> bool {
    "KQRBNLVOSDT".contains(c)
}

/// SAN in any letter set: `Nf3`, `Nbd2`, `R1a3`, `Bxe5`, `exd5`, `e:d5`, `e8Q`, `d8L`.
fn is_san(token: &str) -> bool {
    let chars: Vec<char> = token.chars().collect();
    let mut i = 0;
    let piece = chars.first().is_some_and(|&c| is_piece_letter(c));
    if piece {
        i = 1;
    }
    // Everything between the piece and the arrival square: departure file/rank and a capture sign.
    let Some(arrival) = (i..chars.len().saturating_sub(1)).rev().find(|&j| is_file(chars[j]) && is_rank(chars[j + 1]))
    else {
        return false;
    };
    let between = &chars[i..arrival];
    let middle_ok = between.iter().all(|&c| is_file(c) || is_rank(c) || matches!(c, 'x' | ':' | '×' | '-'));
    let tail = &chars[arrival + 2..];
    let promotion = tail.len() == 1 && is_piece_letter(tail[0]);
    let ends = tail.is_empty() || promotion;
    // A bare square (`e4`) is a square, said as letter and digit; a pawn capture is not.
    let pawn_capture = !piece && between.len() == 2 && is_file(between[0]) && matches!(between[1], 'x' | ':' | '×');
    middle_ok && ends && (piece || pawn_capture || promotion)
}

/// Coordinates: `g1f3`, `e2-e4`, `e7e8q`.
fn is_coordinates(token: &str) -> bool {
    let chars: Vec<char> = token.chars().collect();
    let square = |i: usize| chars.len() > i + 1 && is_file(chars[i]) && is_rank(chars[i + 1]);
    if !square(0) {
        return false;
    }
    let second = if chars.get(2).is_some_and(|&c| matches!(c, '-' | '–' | '—' | ':' | 'x')) { 3 } else { 2 };
    square(second) && chars.len() <= second + 3
}

#[cfg(test)]
mod tests {
    use super::unspeakable;

    #[test]
    fn notation_is_found() {
        for text in [
            "Nd2 is ambiguous",
            "candidates Nbd2 or Nfd2.",
            "Name the promotion piece: b8=Q",
            "e8D",
            "castle O-O now",
            "1. e4 e5 2. Nf3",
            "after 2..., where",
            "the move 12.Nf3",
            "time takes [me|opponent]",
            "exd6 e.p.",
            "exd5",
            "g1f3",
            "e2-e4",
            "Lh5+",
            "Rf3:e5",
            "Kxf2.",
            "Ld6, Ld7 või Le7.",
            "Writing (=) after a move",
            "Slip of the tongue corrected (E.2.6): Eva vier.",
            "Too late (Article 11.3).",
            "Reeglid: FIDE malereeglid (2014).",
            "Letzte Züge (2):",
            "The speech rate is 0, from -100 to 100.",
            "The game is saved as PGN in gf.pgn.",
            "It goes on with annabella resume ENVELOPE.",
            "goto N",
            "Say 1/2-1/2",
            "a rule, E.2.6, applies",
            "1–8",
            "§ 24",
            "see lichess.org",
            "for example add-time black 2m",
            "with the simulated clock, --clock simulated",
        ] {
            assert!(unspeakable(text).is_some(), "{text:?} passed");
        }
    }

    #[test]
    fn words_and_squares_pass() {
        for text in [
            "Springer Felix drei",
            "No knight of White can move to f5.",
            "White: 40 minutes, moves made: 1. Black: 30 minutes, moves made: 1.",
            "Rank 8: rook, knight, 2 empty.",
            "Kurze Rochade",
            "Bauer Eva schlägt David fünf en passant",
            "Draw: by agreement.",
            "The FIDE Laws of Chess, Appendix E.",
            "A FEN, a PGN and a WAV file.",
            "Castling – king and rook.",
            "I am here, and A is a file.",
            "The king would cross f1, which is attacked.",
            "Ükski musta lipp ei pääse väljale h5.",
            "Das Spiel ist remis. Bach, Eva.",
        ] {
            assert_eq!(unspeakable(text), None, "{text:?}");
        }
    }
}
