//! The text of a PGN file as others write it: a byte-order mark (UTF-8 or UTF-16) taken off,
//! CRLF and lone CR line ends made LF, and a file that is not UTF-8 read as Windows-1252 (the
//! superset of Latin-1 that older chess programs wrote), which the reader is then told.

use std::path::Path;

/// A PGN file's text, decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnText {
    /// The text, with LF line ends and no byte-order mark.
    pub text: String,
    /// It was not UTF-8 and was read as Windows-1252 (said to the user).
    pub legacy: bool,
}

impl PgnText {
    /// The text of the bytes of a PGN file.
    pub fn decode(bytes: &[u8]) -> PgnText {
        let (text, legacy) = match encoding_rs::Encoding::for_bom(bytes) {
            Some((encoding, bom)) => (encoding.decode_without_bom_handling(&bytes[bom..]).0, false),
            None => match std::str::from_utf8(bytes) {
                Ok(text) => (std::borrow::Cow::Borrowed(text), false),
                Err(_) => (encoding_rs::WINDOWS_1252.decode_without_bom_handling(bytes).0, true),
            },
        };
        let text = if text.contains('\r') { text.replace("\r\n", "\n").replace('\r', "\n") } else { text.into_owned() };
        PgnText { text, legacy }
    }

    /// The decoded text of the file at `path` (an ordinary file: see `read_ordinary`).
    pub fn read(path: &Path) -> std::io::Result<PgnText> {
        super::read_ordinary(path).map(|bytes| PgnText::decode(&bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_line_ends_and_old_encodings_are_read() {
        let plain = PgnText::decode(b"[White \"A\"]\n\n1. e4 *\n");
        assert_eq!(plain, PgnText { text: "[White \"A\"]\n\n1. e4 *\n".into(), legacy: false });
        assert_eq!(PgnText::decode(b"\xef\xbb\xbf[White \"A\"]\r\n\r\n1. e4 *\r\n"), plain);
        assert_eq!(PgnText::decode(b"[White \"A\"]\r\r1. e4 *\r"), plain);
        let latin = PgnText::decode(b"[White \"J\xf6rg M\xfcller\"] {\x93quoted\x94}");
        assert_eq!(latin.text, "[White \"Jörg Müller\"] {\u{201c}quoted\u{201d}}");
        assert!(latin.legacy);
        let utf16: Vec<u8> =
            [0xff, 0xfe].into_iter().chain("[White \"Ö\"]".encode_utf16().flat_map(u16::to_le_bytes)).collect();
        assert_eq!(PgnText::decode(&utf16), PgnText { text: "[White \"Ö\"]".into(), legacy: false });
    }
}
