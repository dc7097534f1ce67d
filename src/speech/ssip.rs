//! Short exchanges with speech-dispatcher over a socket of our own in its protocol (SSIP), where
//! libspeechd is slow: the voice list (libspeechd reads the answer one byte per system call, and
//! espeak-ng's thousands of voices and variants, about half a megabyte, take over a second where a
//! buffered read takes a tenth), and the first words (libspeechd and its Rust binding ask a dozen
//! questions one by one before anything is said; here every command goes in one write). The daemon
//! is found as libspeechd finds it: `SPEECHD_ADDRESS`, else the socket in the user's runtime
//! folder.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::time::Duration;

use super::pending::scale;
use super::{Voice, VoiceSettings};

/// Where the daemon listens.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Address {
    Unix(PathBuf),
    Inet(String, u16),
}

/// The address libspeechd would use: `SPEECHD_ADDRESS` (`unix_socket[:PATH]` or
/// `inet_socket[:HOST[:PORT]]`), else the socket under `XDG_RUNTIME_DIR` (or the cache folder).
fn address(variable: Option<&str>, runtime: Option<PathBuf>) -> Option<Address> {
    let default_socket = || runtime.clone().map(|dir| dir.join("speech-dispatcher").join("speechd.sock"));
    let Some(value) = variable.filter(|v| !v.is_empty()) else {
        return default_socket().map(Address::Unix);
    };
    let mut parts = value.splitn(2, ':');
    match (parts.next()?, parts.next()) {
        ("unix_socket", Some(path)) if !path.is_empty() => Some(Address::Unix(PathBuf::from(path))),
        ("unix_socket", _) => default_socket().map(Address::Unix),
        ("inet_socket", rest) => {
            let mut host_port = rest.unwrap_or("").splitn(2, ':');
            let host = host_port.next().filter(|h| !h.is_empty()).unwrap_or("127.0.0.1").to_string();
            let port = host_port.next().map_or(Some(6560), |p| p.parse().ok())?;
            Some(Address::Inet(host, port))
        }
        _ => None,
    }
}

/// The runtime folder libspeechd looks in (GLib's user runtime folder, else its cache folder).
fn runtime_dir() -> Option<PathBuf> {
    std::env::var_os("XDG_RUNTIME_DIR")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("XDG_CACHE_HOME").map(PathBuf::from))
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache")))
}

/// The daemon's voices, or `None` when it cannot be reached or answers otherwise.
pub fn list() -> Option<Vec<Voice>> {
    talk(PATIENCE, ask)
}

/// Says `text` in `language` with `voice`'s rate, volume and voice, as an important message of a
/// client of its own, and waits until it has been said (or cancelled), so that nothing else keeps
/// the daemon from it: whether the daemon queued it.
/// Nothing is started: a daemon that is not running already is left to libspeechd.
pub fn say(text: &str, language: &str, voice: &VoiceSettings) -> bool {
    talk(FIRST_WORD_PATIENCE, |stream| {
        let queued = queue(stream, &say_commands(text, language, voice));
        let _ = stream.write_all(b"QUIT\r\n");
        queued
    })
    .unwrap_or(false)
}

/// Connects to the daemon, waiting at most `patience` for each answer, and runs `exchange`.
fn talk<T>(patience: Duration, exchange: impl Fn(&mut dyn Stream) -> Option<T>) -> Option<T> {
    let variable = std::env::var("SPEECHD_ADDRESS").ok();
    match address(variable.as_deref(), runtime_dir())? {
        Address::Unix(path) => {
            let mut stream = std::os::unix::net::UnixStream::connect(path).ok()?;
            stream.set_read_timeout(Some(patience)).ok()?;
            exchange(&mut stream)
        }
        Address::Inet(host, port) => {
            let mut stream = std::net::TcpStream::connect((host.as_str(), port)).ok()?;
            stream.set_read_timeout(Some(patience)).ok()?;
            exchange(&mut stream)
        }
    }
}

/// A connection to the daemon.
trait Stream: std::io::Read + Write {}
impl<S: std::io::Read + Write> Stream for S {}

/// How long the daemon may take to answer.
const PATIENCE: Duration = Duration::from_secs(5);
/// How long it may take to take the first words before they are handed to libspeechd instead, and
/// at most between their being queued and said.
const FIRST_WORD_PATIENCE: Duration = Duration::from_millis(500);

/// Every command of one message, in the order the daemon takes them: the client's name, the
/// events wanted (its end or its cancelling), the voice, the language, the priority (as
/// libspeechd's connection uses) and the text (a line that starts with a dot has it doubled, as
/// the protocol asks).
fn say_commands(text: &str, language: &str, voice: &VoiceSettings) -> String {
    let mut commands = String::from("SET SELF CLIENT_NAME \"annabella:annabella:first\"\r\n");
    commands += "SET SELF NOTIFICATION end on\r\nSET SELF NOTIFICATION cancel on\r\n";
    commands += &format!("SET SELF RATE {}\r\n", scale(voice.rate, -100.0, 0.0, 100.0) as i32);
    commands += &format!("SET SELF VOLUME {}\r\n", (voice.volume.clamp(0.0, 100.0) * 2.0 - 100.0) as i32);
    if !voice.voice.is_empty() && !voice.voice.contains(['\r', '\n']) {
        commands += &format!("SET SELF SYNTHESIS_VOICE {}\r\n", voice.voice);
    }
    if !language.is_empty() && language.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        commands += &format!("SET SELF LANGUAGE {language}\r\n");
    }
    commands += "SET SELF PRIORITY IMPORTANT\r\nSPEAK\r\n";
    for line in text.lines() {
        if line.starts_with('.') {
            commands.push('.');
        }
        commands += line;
        commands += "\r\n";
    }
    commands + ".\r\n"
}

/// Sends `commands` in one write and reads the answers up to the one that says the message was
/// queued (`225`, after `225-ID`): whether it came. A setting refused on the way does not stop the
/// message, so it does not count. A queued message is then waited for until it ends (`702`) or
/// is cancelled (`703`), or the daemon is silent too long.
fn queue(stream: &mut dyn Stream, commands: &str) -> Option<bool> {
    stream.write_all(commands.as_bytes()).ok()?;
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    let mut queued = false;
    loop {
        line.clear();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return Some(queued);
        }
        if line.starts_with("225 ") {
            queued = true;
        } else if queued && (line.starts_with("702 ") || line.starts_with("703 ")) {
            return Some(true);
        }
    }
}

/// Names the client, asks for the voices, reads them, and says goodbye.
fn ask(stream: &mut dyn Stream) -> Option<Vec<Voice>> {
    stream.write_all(b"SET SELF CLIENT_NAME \"annabella:annabella:voices\"\r\nLIST SYNTHESIS_VOICES\r\n").ok()?;
    let mut reader = BufReader::new(&mut *stream);
    let mut line = String::new();
    reader.read_line(&mut line).ok()?;
    if !line.starts_with('2') {
        return None;
    }
    let voices = read_voices(&mut reader)?;
    drop(reader);
    let _ = stream.write_all(b"QUIT\r\n");
    Some(voices)
}

/// The lines of a voice list (`249-NAME<TAB>LANGUAGE<TAB>VARIANT`) up to its closing `249 OK`.
fn read_voices(reader: &mut impl BufRead) -> Option<Vec<Voice>> {
    let mut voices = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let text = line.trim_end_matches(['\r', '\n']);
        match text.strip_prefix("249-") {
            Some(voice) => {
                let mut fields = voice.split('\t');
                let name = fields.next().unwrap_or_default().to_string();
                let language = fields.next().unwrap_or_default().to_string();
                voices.push(Voice { name, language });
            }
            None if text.starts_with("249 ") => return Some(voices),
            None => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_is_found_as_libspeechd_finds_it() {
        let runtime = Some(PathBuf::from("/run/user/1000"));
        let default = Address::Unix(PathBuf::from("/run/user/1000/speech-dispatcher/speechd.sock"));
        assert_eq!(address(None, runtime.clone()), Some(default.clone()));
        assert_eq!(address(Some("unix_socket"), runtime.clone()), Some(default));
        assert_eq!(
            address(Some("unix_socket:/tmp/x/speechd.sock"), runtime.clone()),
            Some(Address::Unix(PathBuf::from("/tmp/x/speechd.sock")))
        );
        assert_eq!(address(Some("inet_socket"), None), Some(Address::Inet("127.0.0.1".into(), 6560)));
        assert_eq!(
            address(Some("inet_socket:example.org:7000"), None),
            Some(Address::Inet("example.org".into(), 7000))
        );
        assert_eq!(address(Some("inet_socket:host:port"), None), None);
        assert_eq!(address(Some("carrier_pigeon"), runtime), None);
    }

    #[test]
    fn the_first_words_go_in_one_write_with_the_voice_and_language() {
        let voice = VoiceSettings { rate: 50.0, volume: 100.0, voice: "German+Max".into() };
        let commands = say_commands("annabella.\n.hidden", "de", &voice);
        assert_eq!(
            commands,
            "SET SELF CLIENT_NAME \"annabella:annabella:first\"\r\n\
             SET SELF NOTIFICATION end on\r\nSET SELF NOTIFICATION cancel on\r\nSET SELF RATE 50\r\nSET SELF VOLUME 100\r\n\
             SET SELF SYNTHESIS_VOICE German+Max\r\nSET SELF LANGUAGE de\r\nSET SELF PRIORITY IMPORTANT\r\n\
             SPEAK\r\nannabella.\r\n..hidden\r\n.\r\n"
        );
        // No voice named, a language that is not a language code: the daemon's own choice.
        let plain = say_commands("x", "de\r\nQUIT", &VoiceSettings { rate: 0.0, volume: 50.0, voice: String::new() });
        assert!(!plain.contains("SYNTHESIS_VOICE") && !plain.contains("LANGUAGE") && plain.contains("VOLUME 0\r\n"));
    }

    /// A connection that answers with `answers` and keeps what was written.
    struct Daemon {
        answers: std::io::Cursor<Vec<u8>>,
        written: Vec<u8>,
    }

    impl std::io::Read for Daemon {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            self.answers.read(buf)
        }
    }

    impl Write for Daemon {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.written.write(buf)
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn answered(answers: &str) -> (Option<bool>, Vec<u8>) {
        let mut daemon = Daemon { answers: std::io::Cursor::new(answers.as_bytes().to_vec()), written: Vec::new() };
        let queued = queue(&mut daemon, "SPEAK\r\nx\r\n.\r\n");
        (queued, daemon.written)
    }

    #[test]
    fn the_first_words_count_as_said_only_once_queued() {
        let (queued, written) = answered(
            "208 OK CLIENT NAME SET\r\n230 OK RECEIVING DATA\r\n225-31\r\n225 OK MESSAGE QUEUED\r\n\
             702-31\r\n702-2\r\n702 END\r\nnever read\r\n",
        );
        assert_eq!((queued, written.as_slice()), (Some(true), b"SPEAK\r\nx\r\n.\r\n".as_slice()));
        // Queued and then silent (the wait for its end ran out): said all the same.
        assert_eq!(answered("225-31\r\n225 OK MESSAGE QUEUED\r\n").0, Some(true));
        // A voice refused on the way still leaves the message queued: it is not said twice.
        assert_eq!(answered("208 OK CLIENT NAME SET\r\n405 ERR VOICE\r\n225-3\r\n225 OK\r\n").0, Some(true));
        // The message refused, or the connection closed before it was queued.
        assert_eq!(answered("208 OK CLIENT NAME SET\r\n300 ERR\r\n300 ERR\r\n231 HAPPY HACKING\r\n").0, Some(false));
        assert_eq!(answered("208 OK CLIENT NAME SET\r\n230 OK RECEIVING DATA\r\n").0, Some(false));
    }

    #[test]
    fn a_voice_list_is_read_to_its_end() {
        let answer = "249-German\tde\tnone\r\n249-German+Anxious\tde\tAnxious\r\n249 OK VOICE LIST SENT\r\n";
        let voices = read_voices(&mut answer.as_bytes()).unwrap();
        assert_eq!(voices.len(), 2);
        assert_eq!((voices[1].name.as_str(), voices[1].language.as_str()), ("German+Anxious", "de"));
        // Cut off, or an error instead of the list: nothing is believed.
        assert_eq!(read_voices(&mut "249-German\tde\tnone\r\n".as_bytes()), None);
        assert_eq!(read_voices(&mut "300 ERR\r\n".as_bytes()), None);
    }
}
