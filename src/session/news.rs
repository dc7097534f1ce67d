//! What is said about the world outside the session: where a document was written or why it could
//! not be, and the problems speech and audio reported. These lines are printed and said but not
//! kept for `repeat`.

use super::event::{DocumentKind, Problems, Response, WriteFailure, Written};
use super::parts::{Archive, Keeping, Said};
use crate::audio::Cue;
use crate::wording::{Wording, Words};

/// Where a document was written, or why it could not be. The PGN of a finished game is
/// printed only; an envelope written is kept in `archive`, for the way back said at `quit`.
pub(crate) fn written(archive: &mut Archive, w: &Wording, written: Written) -> Response {
    let (saved, not_saved) = match written.kind {
        DocumentKind::Envelope => ("adjourn.saved", "adjourn.not_saved"),
        DocumentKind::Pgn | DocumentKind::Finished => ("pgn.saved", "pgn.not_saved"),
        DocumentKind::Sheet => ("export.saved", "export.not_saved"),
    };
    // A document is named with its extension, so that the same game's files are told apart
    // ("en brf", "en txt").
    let mut path = crate::wording::file_name_whole(&written.path);
    // The envelope is the way back to an adjourned game: said with its folder.
    if written.kind == DocumentKind::Envelope {
        path = w.file_placed(&written.path, path);
        if written.failure.is_none() {
            archive.seal_in(&written.path);
        }
    }
    let mut line = match &written.failure {
        None => w.say(w.words(saved, &[("path", path)])),
        Some(failure) => {
            let reason = Words::plain(failure_reason(w, failure));
            w.say(w.words(not_saved, &[("path", path), ("reason", reason)])).with_cue(Cue::Error)
        }
    };
    let mut kept = written.kept.as_ref().map(|kept| w.file_line("file.kept", kept, None));
    // The PGN of a finished game is printed only, and so is the file it did not write over.
    if written.kind == DocumentKind::Finished {
        line.speech.clear();
        if let Some(kept) = kept.as_mut() {
            kept.speech.clear();
        }
    }
    Response::lines(std::iter::once(line).chain(kept).collect())
}

/// The journal's file went away (its folder removed, the file deleted) and the game so far was
/// written again at `path`: said, with the error cue, and the way back at `quit` names the path.
pub(crate) fn journal_moved(archive: &mut Archive, w: &Wording, path: &std::path::Path) -> Response {
    let path = path.display().to_string();
    archive.keep_in(Keeping::Journal(path.clone()));
    Response::lines(vec![w.kept_line("journal.moved", &path).with_cue(Cue::Error)])
}

/// An input that could not be made durable (a full disk): it is not taken; said, with the error
/// cue, so that it is typed again once there is room.
pub(crate) fn unsaved(w: &Wording, error: &std::io::Error) -> Response {
    let reason = crate::messages::io_reason(w.catalog(), error);
    Response::lines(vec![w.line("journal.unsaved", &[("reason", &reason)]).with_cue(Cue::Error)])
}

/// Why a document could not be written, in the interface language.
fn failure_reason(w: &Wording, failure: &WriteFailure) -> String {
    match failure {
        WriteFailure::Io(e) => crate::messages::io_reason(w.catalog(), e),
        // Within a game, in words alone (the reason is said as it is printed).
        WriteFailure::Clips(crate::speech::ClipError::NoClips) => w.text("clips.none.spoken", &[]),
        WriteFailure::Clips(e) => e.worded(w.catalog()),
    }
}

/// The problems of speech and audio as warnings: those of speech printed (they say that speech
/// does not work), those of the cues printed and spoken (a player who hears no ticks must be told,
/// and from then on hears the clock's marks in words).
pub(crate) fn problems(said: &mut Said, w: &Wording, problems: Problems) -> Response {
    if !problems.audio.is_empty() {
        said.cues_went_unheard();
    }
    // Said too (a backup voice may say it), so that the transcript keeps it with the rest.
    let speech = problems.speech.iter().map(|warning| w.say_text(warning.worded(w.catalog())));
    let audio = problems.audio.iter().map(|problem| {
        let reason = Words::plain(problem.trim_end_matches('.'));
        let text = w.words("audio.unavailable", &[("reason", reason)]);
        w.say(w.words("warning.prefix", &[("text", text)]))
    });
    let transcript = problems.transcript.iter().map(|e| {
        w.line("transcript.failed", &[("reason", &crate::messages::io_reason(w.catalog(), e))]).with_cue(Cue::Error)
    });
    Response::lines(speech.chain(audio).chain(transcript).collect())
}

#[cfg(test)]
mod tests {
    use super::super::{Event, Session, Timestamp};
    use super::*;
    use crate::config::Settings;
    use crate::messages::Lang;

    fn session(lang: Lang) -> Session {
        Session::new(Settings { lang, ..Settings::default() }).unwrap()
    }

    #[test]
    fn a_document_not_written_is_said_with_its_reason_in_the_interface_language() {
        let mut s = session(Lang::De);
        let written = Written {
            kind: DocumentKind::Pgn,
            path: "/games/x.pgn".into(),
            failure: Some(failure_again().into()),
            kept: None,
        };
        let response = s.apply(Event::Written(written), Timestamp(0));
        let [line] = &response.lines[..] else { panic!("{response:?}") };
        assert!(line.text.contains("/games/x.pgn"), "{}", line.text);
        let reason = crate::messages::io_reason(&crate::messages::Catalog::new(Lang::De), &failure_again());
        assert!(line.text.contains(&reason), "{} lacks {reason}", line.text);
        // Only the file's name is spoken (without its folder and extension), and the failure
        // sounds the error cue.
        let spoken = &line.spoken();
        assert!(spoken.contains(" x") && !spoken.contains("/games") && !spoken.contains(".pgn"), "{spoken}");
        assert_eq!(line.cue, Some(Cue::Error));
        assert!(response.effects.is_empty());
    }

    fn failure_again() -> std::io::Error {
        std::io::Error::from(std::io::ErrorKind::PermissionDenied)
    }

    #[test]
    fn the_pgn_of_a_finished_game_is_printed_not_spoken() {
        let mut s = session(Lang::En);
        let written = Written { kind: DocumentKind::Finished, path: "g.pgn".into(), failure: None, kept: None };
        let response = s.apply(Event::Written(written), Timestamp(0));
        assert_eq!(response.lines.len(), 1);
        assert!(!response.lines[0].is_spoken() && response.lines[0].text.contains("g.pgn"));
    }

    #[test]
    fn problems_are_said_as_warnings() {
        let mut s = session(Lang::En);
        let problems = Problems {
            speech: vec![crate::speech::Warning::NoAnswer],
            audio: vec!["no device.".into()],
            transcript: None,
        };
        let response = s.apply(Event::Problems(problems), Timestamp(0));
        let [speech, cues] = &response.lines[..] else { panic!("{response:?}") };
        // Speech that does not work is said too: a backup voice may say it, and the transcript
        // keeps it; the cues' trouble is said without the system's own words.
        assert!(speech.is_spoken() && speech.text.starts_with("Warning: The speech engine does not answer"));
        assert_eq!(cues.text, "Warning: Audio cues are unavailable: no device. Play goes on without them.");
        assert_eq!(cues.spoken(), "Warning: Audio cues are unavailable; play goes on without them.");
    }

    /// Once the cues are found not to sound, the blind player's five-minute marks come in words.
    #[test]
    fn without_a_sound_device_the_clocks_marks_are_said() {
        let settings = Settings {
            blind: Some(shakmaty::Color::White),
            control: "G/30".parse().unwrap(),
            clock: crate::clock::ClockMode::Simulated,
            cues: true,
            ..Settings::default()
        };
        let mut s = Session::new(settings).unwrap();
        s.apply(Event::Start, Timestamp(0));
        let minutes = |m: u64| Timestamp(m * 60_000);
        let ticked = s.apply(Event::Tick, minutes(5));
        assert!(ticked.lines.iter().any(|l| l.cue.is_some() && !l.is_spoken()), "{ticked:?}");
        let problems = Problems { speech: Vec::new(), audio: vec!["no device.".into()], transcript: None };
        s.apply(Event::Problems(problems), Timestamp(0));
        let said = s.apply(Event::Tick, minutes(10));
        assert!(said.lines.iter().any(|l| l.spoken() == "You: 20 minutes left."), "{said:?}");
    }

    #[test]
    fn quitting_is_an_effect() {
        let mut s = session(Lang::En);
        s.apply(Event::Start, Timestamp(0));
        let response = s.apply(Event::Input(s.read("quit")), Timestamp(1));
        assert!(response.quits());
        let response = s.apply(Event::Input(s.read("time")), Timestamp(2));
        assert!(!response.quits());
    }
}
