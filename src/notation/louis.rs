//! Words in braille by liblouis: a scoresheet's heading and the players' names translated with
//! liblouis's own tables for English (Unified English Braille), German and Estonian, at the grade
//! the configuration chooses (`[braille] grade`), as Unicode braille. The chess signs are not
//! words: they stay as the braille chess code writes them (`braille_move`). Where liblouis is not
//! built in (outside Linux) or its table cannot be read, the hand-written UEB grade 1 of
//! `braille_text` writes the words.

/// The liblouis table for text in `language` (`en`, `de`, `et`) at `grade` (0: letter by letter,
/// 1, 2: contracted); Estonian braille has one grade.
pub fn louis_table(language: &str, grade: u8) -> &'static str {
    match (language, grade) {
        ("de", 0) => "de-g0.utb",
        ("de", 1) => "de-g1.ctb",
        ("de", _) => "de-g2.ctb",
        ("et", _) => "et-g0.utb",
        (_, 0 | 1) => "en-ueb-g1.ctb",
        _ => "en-ueb-g2.ctb",
    }
}

/// `text` in braille by liblouis's `table` in six dots (the Estonian table is computer braille:
/// its dots 7 and 8, the capitals' mark, are left off), blank cells as spaces; the hand-written
/// UEB grade 1 when liblouis cannot.
pub fn braille_words(text: &str, table: &str) -> String {
    #[cfg(target_os = "linux")]
    if let Some(cells) = liblouis::translate(table, text) {
        return cells.chars().map(six_dots).collect();
    }
    let _ = table;
    super::braille_text(text)
}

/// A braille cell without dots 7 and 8; the blank cell as a space.
#[cfg(target_os = "linux")]
fn six_dots(cell: char) -> char {
    match u32::from(cell).checked_sub(0x2800) {
        Some(dots) if dots < 0x100 && dots & 0x3f == 0 => ' ',
        Some(dots) if dots < 0x100 => char::from_u32(0x2800 + (dots & 0x3f)).unwrap_or(cell),
        _ => cell,
    }
}

/// liblouis through its C interface (Debian's liblouis-dev). Of the crates that bind it, `louis`
/// no longer builds against liblouis 3.2x and `liblouis` (which BrlAPI's crate brings) translates
/// only into a table's display characters, not into dot patterns; so the three functions used are
/// declared here.
#[cfg(target_os = "linux")]
mod liblouis {
    use std::os::raw::{c_char, c_int, c_void};
    use std::sync::Mutex;

    #[link(name = "louis")]
    extern "C" {
        fn lou_translateString(
            table_list: *const c_char,
            input: *const c_void,
            input_length: *mut c_int,
            output: *mut c_void,
            output_length: *mut c_int,
            typeform: *mut u16,
            spacing: *mut c_char,
            mode: c_int,
        ) -> c_int;
        fn lou_charSize() -> c_int;
        fn lou_setLogLevel(level: c_int);
    }

    /// Translation modes: braille as dot patterns, written as Unicode braille.
    const DOTS_IO: c_int = 4;
    const UC_BRL: c_int = 64;
    /// The log level that says nothing (a missing table is our answer, not a message).
    const LOG_OFF: c_int = 60000;

    /// liblouis keeps its tables in global state: one translation at a time.
    static ONE_AT_A_TIME: Mutex<bool> = Mutex::new(false);

    /// `text` translated by `table` into Unicode braille; `None` when the table cannot be read.
    pub fn translate(table: &str, text: &str) -> Option<String> {
        let table = std::ffi::CString::new(table).ok()?;
        if text.is_empty() {
            return Some(String::new());
        }
        let mut quiet = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        if !*quiet {
            // SAFETY: setting the log level has no preconditions.
            unsafe { lou_setLogLevel(LOG_OFF) };
            *quiet = true;
        }
        // SAFETY: no preconditions; liblouis is built with 2- or 4-byte characters.
        match unsafe { lou_charSize() } {
            4 => {
                let input: Vec<u32> = text.chars().map(u32::from).collect();
                let output = run(&table, &input)?;
                output.into_iter().map(char::from_u32).collect()
            }
            2 => {
                let input: Vec<u16> = text.encode_utf16().collect();
                String::from_utf16(&run(&table, &input)?).ok()
            }
            _ => None,
        }
    }

    /// One call of `lou_translateString` over characters of liblouis's width.
    fn run<T: Copy + Default>(table: &std::ffi::CStr, input: &[T]) -> Option<Vec<T>> {
        let mut in_length = c_int::try_from(input.len()).ok()?;
        // Contractions only shorten; signs (capitals, numbers) add a few cells.
        let mut output = vec![T::default(); input.len() * 4 + 16];
        let mut out_length = c_int::try_from(output.len()).ok()?;
        // SAFETY: the table name is a C string; `input` holds `in_length` characters of the width
        // liblouis was built with and `output` room for `out_length`; liblouis writes at most
        // that many and reports how many it wrote; no typeform or spacing buffers (null allowed).
        let done = unsafe {
            lou_translateString(
                table.as_ptr(),
                input.as_ptr().cast(),
                &mut in_length,
                output.as_mut_ptr().cast(),
                &mut out_length,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                DOTS_IO | UC_BRL,
            )
        };
        if done == 0 {
            return None;
        }
        output.truncate(usize::try_from(out_length).ok()?);
        Some(output)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_has_its_table_at_each_grade() {
        assert_eq!(louis_table("en", 1), "en-ueb-g1.ctb");
        assert_eq!(louis_table("en", 2), "en-ueb-g2.ctb");
        assert_eq!(louis_table("de", 0), "de-g0.utb");
        assert_eq!(louis_table("de", 2), "de-g2.ctb");
        assert_eq!(louis_table("et", 2), "et-g0.utb");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn liblouis_translates_known_words_in_each_table() {
        // UEB grade 1: capital sign, letters.
        assert_eq!(braille_words("Scoresheet", "en-ueb-g1.ctb"), "⠠⠎⠉⠕⠗⠑⠎⠓⠑⠑⠞");
        // UEB grade 2: "the" and "and" are one cell each.
        assert_eq!(braille_words("the king and the queen", "en-ueb-g2.ctb"), "⠮ ⠅⠬ ⠯ ⠮ ⠟⠥⠑⠢");
        // German: letters, and contracted.
        assert_eq!(braille_words("weiss", "de-g0.utb"), "⠺⠑⠊⠎⠎");
        assert_ne!(braille_words("und", "de-g2.ctb"), braille_words("und", "de-g0.utb"), "contracted");
        // Estonian: õ, ä, ö, ü have cells of their own; six dots, without the capitals' dot 7.
        assert_eq!(braille_words("Jüri Õun", "et-g0.utb"), "⠚⠳⠗⠊ ⠣⠥⠝");
        // A table that does not exist: the hand-written grade 1.
        assert_eq!(braille_words("Anna", "no-such-table.ctb"), super::super::braille_text("Anna"));
    }
}
