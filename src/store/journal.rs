//! The crash-safe journal: every input the session accepted, appended and synced to disk before
//! its answer is printed or spoken, so that a crash, a power cut or `kill -9` loses at most the
//! line being typed. Replaying the inputs at their recorded times rebuilds the game exactly:
//! position, both boards, scoresheets, clocks.
//!
//! Format, version 1 (UTF-8 text, one record a line):
//!
//! ```text
//! annabella-journal 1
//! SEQ<TAB>SESSION_MS<TAB>WALL_MS<TAB>KIND<TAB>PAYLOAD<TAB>CRC
//! ```
//!
//! `SEQ` counts records from 0; `SESSION_MS` is the session clock's reading (what the game's
//! clocks run on); `WALL_MS` the wall clock (Unix milliseconds), for the time the program was
//! down; `KIND` is `start` (the payload is the game's settings as a configuration file) or
//! `input` (the payload is the line as typed) or `resume` (the program came back; the payload is
//! how many milliseconds it was down) or `envelope` (the game was set up from an adjournment
//! envelope, whose text is the payload) or `pgn` (the game was set up from this PGN); `\t`, `\n`, `\r` and `\\` in payloads are escaped;
//! `CRC` is the CRC-32 of everything before its tab, in hex. A last line without its newline or
//! with a wrong CRC is a write torn by a crash: it is dropped, with a message. A journal open for
//! writing holds the operating system's file lock: a second program is refused it.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::crc::crc32;
use super::refuge;
use crate::clock::Timestamp;

/// The first word of every journal.
pub const MAGIC: &str = "annabella-journal";
/// The journal format this program writes and reads.
pub const VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Eq)]
/// What a journal line records.
pub enum Kept {
    /// The game's settings, as a configuration file.
    Start(String),
    /// A line of input.
    Input(String),
    /// The program came back after being down this many milliseconds.
    Resume(u64),
    /// The game was set up from an adjournment envelope (its TOML text).
    Envelope(String),
    /// The game was set up from a PGN (its text).
    Pgn(String),
    /// Words heard by the recogniser, with its confidence (`Hearing::record`).
    Heard(String),
    /// What the electronic board's line reported (`BoardReport::record`).
    Board(String),
    /// What the online game's line reported (`OnlineReport::record`).
    Online(String),
    /// What the engine of a practice game answered (`engine::Report::record`).
    Opponent(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
/// One journal line.
pub struct Record {
    /// Its number, from 0.
    pub seq: u64,
    /// The session time.
    pub at: Timestamp,
    /// The wall clock, in Unix milliseconds.
    pub wall_ms: u64,
    /// What happened.
    pub kept: Kept,
}

/// Why a journal cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JournalError {
    #[error("{0} is not an annabella journal (its first line should be \"annabella-journal 1\")")]
    /// The file is not a journal.
    NotAJournal(String),
    #[error("{path} is a journal of version {found}; this program reads version {VERSION}")]
    /// The journal is of another version.
    Version {
        /// The journal.
        path: String,
        /// The version it has.
        found: String,
    },
    #[error("{path}, line {line}, is damaged ({why}); the journal can only be resumed up to line {good}")]
    /// A line before the last is damaged.
    Damaged {
        /// The journal.
        path: String,
        /// The damaged line.
        line: usize,
        /// What is wrong with it.
        why: Damage,
        /// The last good line.
        good: usize,
    },
    #[error("{0} holds no game")]
    /// The journal holds no game.
    Empty(String),
    #[error("{path}, line {line}, holds a record of a kind this program does not know ({kind}); it was written by a newer annabella")]
    /// A whole record of an unknown kind: the journal was written by a newer program.
    Newer {
        /// The journal.
        path: String,
        /// The line of the record.
        line: usize,
        /// Its kind.
        kind: String,
    },
}

/// What is wrong with a damaged journal line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Damage {
    #[error("no checksum")]
    /// The line has no checksum.
    NoChecksum,
    #[error("unreadable checksum")]
    /// The checksum cannot be read.
    UnreadableChecksum,
    #[error("wrong checksum")]
    /// The checksum does not match.
    WrongChecksum,
    #[error("missing fields")]
    /// Fields are missing.
    MissingFields,
    #[error("{0:?} is not a number")]
    /// A number field is not a number.
    NotANumber(String),
    #[error("bad escape")]
    /// An escape in the text is broken.
    BadEscape,
    #[error("unknown record kind {0:?}")]
    /// The kind of record is unknown.
    UnknownKind(String),
    #[error("bytes that are not text")]
    /// Bytes that are not text (UTF-8).
    NotText,
    #[error("record {found} where {expected} was expected")]
    /// A record is out of order.
    OutOfOrder {
        /// Its number.
        found: u64,
        /// The number expected.
        expected: u64,
    },
}

impl Damage {
    /// Whether a crash could have left the line so (cut short: its checksum missing, unreadable
    /// or wrong, or a character cut in half); a line whose checksum holds was written whole.
    pub fn may_be_torn(&self) -> bool {
        matches!(self, Damage::NoChecksum | Damage::UnreadableChecksum | Damage::WrongChecksum | Damage::NotText)
    }
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out
}

fn unescape(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next()? {
            '\\' => '\\',
            't' => '\t',
            'n' => '\n',
            'r' => '\r',
            _ => return None,
        });
    }
    Some(out)
}

impl Record {
    /// The record as one journal line, without its newline.
    pub fn line(&self) -> String {
        let down;
        let (kind, payload) = match &self.kept {
            Kept::Start(text) => ("start", text),
            Kept::Input(text) => ("input", text),
            Kept::Resume(ms) => {
                down = ms.to_string();
                ("resume", &down)
            }
            Kept::Envelope(text) => ("envelope", text),
            Kept::Pgn(text) => ("pgn", text),
            Kept::Heard(text) => ("heard", text),
            Kept::Board(text) => ("board", text),
            Kept::Online(text) => ("online", text),
            Kept::Opponent(text) => ("opponent", text),
        };
        let body = format!("{}\t{}\t{}\t{kind}\t{}", self.seq, self.at.0, self.wall_ms, escape(payload));
        format!("{body}\t{:08x}", crc32(body.as_bytes()))
    }

    /// Reads one journal line; the reason when it is damaged.
    pub fn parse(line: &str) -> Result<Record, Damage> {
        let (body, crc) = line.rsplit_once('\t').ok_or(Damage::NoChecksum)?;
        let crc = u32::from_str_radix(crc, 16).map_err(|_| Damage::UnreadableChecksum)?;
        if crc32(body.as_bytes()) != crc {
            return Err(Damage::WrongChecksum);
        }
        let fields: Vec<&str> = body.splitn(5, '\t').collect();
        let [seq, at, wall, kind, payload] = fields[..] else { return Err(Damage::MissingFields) };
        let number = |s: &str| s.parse::<u64>().map_err(|_| Damage::NotANumber(s.to_string()));
        let payload = unescape(payload).ok_or(Damage::BadEscape)?;
        let event = match kind {
            "start" => Kept::Start(payload),
            "input" => Kept::Input(payload),
            "resume" => Kept::Resume(number(&payload)?),
            "envelope" => Kept::Envelope(payload),
            "pgn" => Kept::Pgn(payload),
            "heard" => Kept::Heard(payload),
            "board" => Kept::Board(payload),
            "online" => Kept::Online(payload),
            "opponent" => Kept::Opponent(payload),
            other => return Err(Damage::UnknownKind(other.to_string())),
        };
        Ok(Record { seq: number(seq)?, at: Timestamp(number(at)?), wall_ms: number(wall)?, kept: event })
    }
}

/// A journal read from disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loaded {
    /// The records, in order.
    pub records: Vec<Record>,
    /// The line number of a torn last line that was dropped.
    pub torn: Option<usize>,
    /// The length in bytes of the good part of the file.
    pub good_len: u64,
}

/// Reads a journal's bytes; `path` names it in errors. Bytes that are not text make their line
/// damaged, unless it is the last line, cut off by a crash in the middle of a character.
pub fn load_bytes(path: &str, bytes: &[u8]) -> Result<Loaded, JournalError> {
    let error = match std::str::from_utf8(bytes) {
        Ok(text) => return load(path, text),
        Err(e) => e,
    };
    let bad = error.valid_up_to();
    let line = bytes[..bad].iter().filter(|&&b| b == b'\n').count() + 1;
    let last_line = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    if bad < last_line {
        return Err(JournalError::Damaged { path: path.to_string(), line, why: Damage::NotText, good: line - 1 });
    }
    let text = std::str::from_utf8(&bytes[..last_line]).map_err(|_| JournalError::NotAJournal(path.to_string()))?;
    let mut loaded = load(path, text)?;
    loaded.torn = Some(line);
    Ok(loaded)
}

/// Reads a journal's text; `path` names it in errors.
pub fn load(path: &str, text: &str) -> Result<Loaded, JournalError> {
    // A byte-order mark an editor put before it is no part of the journal (but of its length).
    let bom = if text.starts_with('\u{feff}') { '\u{feff}'.len_utf8() } else { 0 };
    let text = &text[bom..];
    // Nothing, or a header cut off by a kill while the journal was being created: no game.
    if format!("{MAGIC} {VERSION}\n").starts_with(text) {
        return Err(JournalError::Empty(path.to_string()));
    }
    let mut lines = text.split_inclusive('\n');
    let header = lines.next().ok_or_else(|| JournalError::Empty(path.to_string()))?;
    let version = header
        .trim_end()
        .strip_prefix(MAGIC)
        .map(str::trim)
        .ok_or_else(|| JournalError::NotAJournal(path.to_string()))?;
    if version != VERSION.to_string() {
        return Err(JournalError::Version { path: path.to_string(), found: version.to_string() });
    }
    let mut good_len = (bom + header.len()) as u64;
    let mut records: Vec<Record> = Vec::new();
    let all: Vec<&str> = lines.collect();
    for (i, raw) in all.iter().enumerate() {
        let number = i + 2;
        let complete = raw.ends_with('\n');
        let parsed = Record::parse(raw.trim_end_matches(['\n', '\r'])).and_then(|r| {
            if r.seq != records.len() as u64 {
                Err(Damage::OutOfOrder { found: r.seq, expected: records.len() as u64 })
            } else {
                Ok(r)
            }
        });
        if let Err(Damage::UnknownKind(kind)) = &parsed {
            // A whole record of a kind this program does not know: written by a newer one.
            return Err(JournalError::Newer { path: path.to_string(), line: number, kind: kind.clone() });
        }
        match parsed {
            Ok(record) if complete => {
                records.push(record);
                good_len += raw.len() as u64;
            }
            // A whole last line whose checksum holds was written so, not torn by a crash.
            Err(why) if i + 1 < all.len() || (complete && !why.may_be_torn()) => {
                return Err(JournalError::Damaged { path: path.to_string(), line: number, why, good: number - 1 })
            }
            // The last line, torn by a crash (only the last line can lack its newline).
            _ => return finish(path, records, Some(number), good_len),
        }
    }
    finish(path, records, None, good_len)
}

fn finish(path: &str, records: Vec<Record>, torn: Option<usize>, good_len: u64) -> Result<Loaded, JournalError> {
    match records.first() {
        Some(Record { kept: Kept::Start(_), .. }) => Ok(Loaded { records, torn, good_len }),
        _ => Err(JournalError::Empty(path.to_string())),
    }
}

/// A journal open for appending.
#[derive(Debug)]
pub struct Journal {
    file: File,
    path: PathBuf,
    next: u64,
    /// The length of the good part: a record that could not be written whole is cut off again.
    len: u64,
    /// Where the journal was written again when its file went away, until that is said.
    moved: Option<PathBuf>,
}

/// Whether opening a journal failed because another program holds it.
pub fn in_use(error: &io::Error) -> bool {
    error.kind() == io::ErrorKind::WouldBlock
}

impl Journal {
    /// Creates a new journal holding the start record.
    pub fn create(path: &Path, settings: &str, at: Timestamp, wall_ms: u64) -> io::Result<Journal> {
        let mut file = OpenOptions::new().read(true).append(true).create_new(true).open(path)?;
        refuge::lock(&file)?;
        let header = format!("{MAGIC} {VERSION}\n");
        file.write_all(header.as_bytes())?;
        let len = header.len() as u64;
        let mut journal = Journal { file, path: path.to_path_buf(), next: 0, len, moved: None };
        journal.append(Record { seq: 0, at, wall_ms, kept: Kept::Start(settings.to_string()) })?;
        refuge::sync_dir(path);
        Ok(journal)
    }

    /// Opens a loaded journal to go on appending, cutting off a torn last line first.
    pub fn reopen(path: &Path, loaded: &Loaded) -> io::Result<Journal> {
        let file = OpenOptions::new().read(true).append(true).open(path)?;
        refuge::lock(&file)?;
        file.set_len(loaded.good_len)?;
        file.sync_all()?;
        let next = loaded.records.len() as u64;
        Ok(Journal { file, path: path.to_path_buf(), next, len: loaded.good_len, moved: None })
    }

    /// The journal's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Where the journal was written again since this was last asked, when its file went away.
    pub fn take_moved(&mut self) -> Option<PathBuf> {
        self.moved.take()
    }

    /// When the journal's file went away (its folder removed, the file deleted or replaced), its
    /// good part is written again where the game can be found, before anything more is added.
    fn stay_in_place(&mut self) -> io::Result<()> {
        if refuge::in_place(&self.file, &self.path) {
            return Ok(());
        }
        let (file, place) = refuge::rescue(&mut self.file, self.len, &self.path)?;
        self.file = file;
        self.path = place.clone();
        self.moved = Some(place);
        Ok(())
    }

    /// Appends a record and makes it durable; when that fails (a full disk), what was written of
    /// it is cut off again, so that the journal stays whole and the next record may follow.
    fn append(&mut self, mut record: Record) -> io::Result<()> {
        self.stay_in_place()?;
        record.seq = self.next;
        let line = format!("{}\n", record.line());
        let written = self.file.write_all(line.as_bytes()).and_then(|()| self.file.sync_data());
        if let Err(e) = written {
            let _ = self.file.set_len(self.len);
            return Err(e);
        }
        self.len += line.len() as u64;
        self.next += 1;
        Ok(())
    }

    /// Appends any event and makes it durable.
    pub fn record(&mut self, kept: Kept, at: Timestamp, wall_ms: u64) -> io::Result<()> {
        self.append(Record { seq: 0, at, wall_ms, kept })
    }

    /// Appends an input line and makes it durable.
    pub fn input(&mut self, line: &str, at: Timestamp, wall_ms: u64) -> io::Result<()> {
        self.record(Kept::Input(line.to_string()), at, wall_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_moves() -> String {
        let mut t = format!("{MAGIC} {VERSION}\n");
        for (seq, event) in
            [Kept::Start("[game]".into()), Kept::Input("e4".into()), Kept::Input("e5".into())].into_iter().enumerate()
        {
            t.push_str(&Record { seq: seq as u64, at: Timestamp(0), wall_ms: 0, kept: event }.line());
            t.push('\n');
        }
        t
    }

    #[test]
    fn bytes_that_are_not_text_are_damage_with_their_line_unless_the_last_line_was_cut() {
        let mut bytes = two_moves().into_bytes();
        let e4 = bytes.windows(4).position(|w| w == b"\te4\t").unwrap();
        bytes[e4 + 1] = 0xFF;
        let error = load_bytes("j", &bytes).unwrap_err();
        assert!(matches!(error, JournalError::Damaged { line: 3, why: Damage::NotText, .. }), "{error:?}");
        let mut torn = two_moves().into_bytes();
        torn.extend_from_slice(&[b'3', b'\t', 0xC3]);
        let loaded = load_bytes("j", &torn).unwrap();
        assert_eq!((loaded.records.len(), loaded.torn), (3, Some(5)));
    }

    #[test]
    fn a_journal_cut_off_while_being_created_holds_no_game() {
        for text in ["", "annab", "annabella-journal 1\n"] {
            assert_eq!(load("j", text), Err(JournalError::Empty("j".into())), "{text:?}");
        }
        assert_eq!(load("j", "something else\n"), Err(JournalError::NotAJournal("j".into())));
    }

    #[test]
    fn a_record_of_an_unknown_kind_is_from_a_newer_program_not_a_torn_line() {
        let body = "3\t0\t0\tsealed\tRh8";
        let line = format!("{body}\t{:08x}", crc32(body.as_bytes()));
        let text = format!("{}{line}", two_moves());
        let error = load("j", &text).unwrap_err();
        assert_eq!(error, JournalError::Newer { path: "j".into(), line: 5, kind: "sealed".into() });
    }

    #[test]
    fn a_whole_last_line_whose_checksum_holds_is_damaged_not_torn() {
        let body = "3\t0\t0\tinput\tNf3\\q";
        let line = format!("{body}\t{:08x}\n", crc32(body.as_bytes()));
        let error = load("j", &format!("{}{line}", two_moves())).unwrap_err();
        assert!(matches!(error, JournalError::Damaged { line: 5, why: Damage::BadEscape, good: 4, .. }), "{error:?}");
        // Without its newline it may have been cut short by a crash: dropped, and said.
        let loaded = load("j", &format!("{}{}", two_moves(), line.trim_end())).unwrap();
        assert_eq!(loaded.torn, Some(5));
    }

    fn text(records: &[Record]) -> String {
        let mut t = format!("{MAGIC} {VERSION}\n");
        for r in records {
            t.push_str(&r.line());
            t.push('\n');
        }
        t
    }

    fn sample() -> Vec<Record> {
        vec![
            Record { seq: 0, at: Timestamp(0), wall_ms: 1000, kept: Kept::Start("[game]\nwhite = \"A\tB\"\n".into()) },
            Record { seq: 1, at: Timestamp(1500), wall_ms: 2500, kept: Kept::Input("e4".into()) },
            Record { seq: 2, at: Timestamp(2000), wall_ms: 3000, kept: Kept::Input("claim \\ Nf3".into()) },
            Record { seq: 3, at: Timestamp(2000), wall_ms: 9000, kept: Kept::Resume(6000) },
        ]
    }

    #[test]
    fn records_round_trip() {
        let records = sample();
        let loaded = load("j", &text(&records)).unwrap();
        assert_eq!(loaded.records, records);
        assert_eq!(loaded.torn, None);
        assert_eq!(loaded.good_len as usize, text(&records).len());
    }

    #[test]
    fn a_torn_last_line_is_dropped() {
        let full = text(&sample());
        for cut in 1..20 {
            let torn = &full[..full.len() - cut];
            let loaded = load("j", torn).unwrap();
            assert_eq!(loaded.records.len(), 3, "cut {cut}");
            assert_eq!(loaded.torn, Some(5));
            assert_eq!(&full[..loaded.good_len as usize], &torn[..loaded.good_len as usize]);
        }
    }

    #[test]
    fn damage_in_the_middle_is_refused_with_the_line() {
        let full = text(&sample()).replace("\te4\t", "\te5\t");
        match load("j", &full) {
            Err(JournalError::Damaged { line: 3, good: 2, .. }) => {}
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn other_files_are_refused() {
        assert!(matches!(load("j", "hello\n"), Err(JournalError::NotAJournal(_))));
        assert!(matches!(load("j", "annabella-journal 9\n"), Err(JournalError::Version { .. })));
        assert!(matches!(load("j", ""), Err(JournalError::Empty(_))));
        assert!(matches!(load("j", "annabella-journal 1\n"), Err(JournalError::Empty(_))));
    }

    #[test]
    fn appending_is_durable_and_reopening_cuts_a_torn_line() {
        let dir = std::env::temp_dir().join(format!("annabella-journal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("game.journal");
        let _ = std::fs::remove_file(&path);
        let mut j = Journal::create(&path, "[game]\n", Timestamp(0), 1).unwrap();
        j.input("e4", Timestamp(10), 2).unwrap();
        drop(j);
        // A crash in the middle of a write.
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"2\t20\t3\tinput\te5").unwrap();
        drop(f);
        let text = std::fs::read_to_string(&path).unwrap();
        let loaded = load("game.journal", &text).unwrap();
        assert_eq!(loaded.torn, Some(4));
        let mut j = Journal::reopen(&path, &loaded).unwrap();
        j.input("e5", Timestamp(30), 4).unwrap();
        let again = load("game.journal", &std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(again.torn, None);
        assert_eq!(again.records.len(), 3);
        assert_eq!(again.records[2].kept, Kept::Input("e5".into()));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_record_that_cannot_be_written_leaves_the_journal_whole_and_the_next_one_follows() {
        let dir = std::env::temp_dir().join(format!("annabella-journal-fail-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("j.journal");
        let _ = std::fs::remove_file(&path);
        let mut journal = Journal::create(&path, "[game]", Timestamp(0), 0).unwrap();
        journal.input("e4", Timestamp(1), 1).unwrap();
        // Writing fails (as on a full disk): the record is refused and nothing of it stays.
        let writable = std::mem::replace(&mut journal.file, File::open(&path).unwrap());
        assert!(journal.input("e5", Timestamp(2), 2).is_err());
        // Writing works again: the next record follows the last good one.
        journal.file = writable;
        journal.input("d5", Timestamp(3), 3).unwrap();
        drop(journal);
        let loaded = load("j", &std::fs::read_to_string(&path).unwrap()).unwrap();
        let inputs: Vec<&Kept> = loaded.records.iter().map(|r| &r.kept).collect();
        assert_eq!(inputs, [&Kept::Start("[game]".into()), &Kept::Input("e4".into()), &Kept::Input("d5".into())]);
        assert_eq!(loaded.torn, None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
