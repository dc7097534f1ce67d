//! The voices speech-dispatcher has, asked over a socket of our own in its protocol (SSIP):
//! libspeechd reads the answer one byte per system call, and with espeak-ng's thousands of voices
//! and variants (about half a megabyte) that takes over a second, where a buffered read takes a
//! tenth. The daemon is found as libspeechd finds it: `SPEECHD_ADDRESS`, else the socket in the
//! user's runtime folder.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::time::Duration;

use super::EngineVoice;

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
pub fn list() -> Option<Vec<EngineVoice>> {
    let variable = std::env::var("SPEECHD_ADDRESS").ok();
    match address(variable.as_deref(), runtime_dir())? {
        Address::Unix(path) => {
            let stream = std::os::unix::net::UnixStream::connect(path).ok()?;
            stream.set_read_timeout(Some(PATIENCE)).ok()?;
            ask(stream)
        }
        Address::Inet(host, port) => {
            let stream = std::net::TcpStream::connect((host.as_str(), port)).ok()?;
            stream.set_read_timeout(Some(PATIENCE)).ok()?;
            ask(stream)
        }
    }
}

/// How long the daemon may take to answer.
const PATIENCE: Duration = Duration::from_secs(5);

/// Names the client, asks for the voices, reads them, and says goodbye.
fn ask<S: std::io::Read + Write>(mut stream: S) -> Option<Vec<EngineVoice>> {
    stream.write_all(b"SET SELF CLIENT_NAME \"annabella:annabella:voices\"\r\nLIST SYNTHESIS_VOICES\r\n").ok()?;
    let mut reader = BufReader::new(&mut stream);
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
fn read_voices(reader: &mut impl BufRead) -> Option<Vec<EngineVoice>> {
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
                voices.push(EngineVoice { name, language });
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
