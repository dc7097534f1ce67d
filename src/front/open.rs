//! Where a game comes from: a new game with a new journal, an unfinished game rebuilt from its
//! journal, or an adjourned game set up from its envelope. These touch files; the session they
//! return touches nothing.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::clock::wall_ms;
use crate::clock::ClockMode;
use crate::clock::Timestamp;
use crate::config::{settings_to_toml, Settings, Source};
use crate::front::TimeSource;
use crate::messages::Catalog;
use crate::session::Event;
use crate::session::Response;
use crate::session::Session;
use crate::store::{load, load_bytes, Envelope, Journal, JournalError, Kept, Loaded, PgnError, Record};

use super::mend::{cut_journal, keep_copy, new_settings, Mending};
pub use super::open_error::OpenError;
use crate::wording::{file_name, Line, Wording};

/// A game ready to play: new, or rebuilt from its journal.
pub struct Opened {
    /// The session of the game.
    pub session: Session,
    /// Its journal, when one could be written.
    pub journal: Option<Journal>,
    /// What is said first.
    pub opening: Response,
    /// Where the session's time comes from.
    pub time: TimeSource,
}

/// A session for `settings`.
fn new_session(settings: Settings) -> Result<Session, OpenError> {
    Ok(Session::new(settings)?)
}

/// A fresh journal path in the games directory. The name holds the second and this program's
/// process number: two programs starting a game in the same second never pick the same name
/// (the second would find it taken when creating it, and its game would not be saved).
fn new_journal_path(games: Option<&Path>) -> Option<PathBuf> {
    let dir = games?;
    std::fs::create_dir_all(dir).ok()?;
    let (stamp, process) = (wall_ms() / 1000, std::process::id());
    (0..1000).map(|n| dir.join(format!("game-{stamp}-{process}-{n}.journal"))).find(|p| !p.exists())
}

/// A file's name and text, or why it cannot be read.
fn read(path: &Path) -> Result<(String, String), OpenError> {
    let origin = path.display().to_string();
    let bytes = crate::store::read_ordinary(path).map_err(|source| OpenError::Read { path: origin.clone(), source })?;
    let text = String::from_utf8(bytes).map_err(|e| OpenError::Read {
        path: origin.clone(),
        source: std::io::Error::new(std::io::ErrorKind::InvalidData, e),
    })?;
    Ok((origin, text))
}

/// A PGN file's name and text as others write it (see `PgnText`), or why it cannot be read.
fn read_pgn(path: &Path) -> Result<(String, crate::store::PgnText), OpenError> {
    let origin = path.display().to_string();
    let text = crate::store::PgnText::read(path).map_err(|source| OpenError::Read { path: origin.clone(), source })?;
    Ok((origin, text))
}

/// A game's settings kept in a file (journal or envelope), with how it is heard as chosen now:
/// speech, voice, cues and language.
fn kept_settings(origin: &str, config: &str, now: &Settings) -> Result<Settings, OpenError> {
    let base = Settings {
        speech: now.speech,
        voice: now.voice.clone(),
        cues: now.cues,
        cue_volume: now.cue_volume,
        // A journal written before confirmations were asked replays without them.
        confirm: false,
        ..Settings::default()
    };
    let mut settings = Source { origin, text: config }.apply(&base)?;
    settings.lang = now.lang;
    Ok(settings)
}

/// Rebuilds the game of a journal: its settings (speech, cues and language as now chosen), every
/// input replayed.
fn rebuild(path: &Path, now_settings: &Settings) -> Result<(Session, Loaded, (Timestamp, u64)), OpenError> {
    let (origin, loaded) = read_journal(path)?;
    replay_loaded(&origin, loaded, now_settings, |_| {})
}

/// The journal at `path`, read and loaded, with its path as said.
fn read_journal(path: &Path) -> Result<(String, Loaded), OpenError> {
    let origin = path.display().to_string();
    let bytes = crate::store::read_ordinary(path).map_err(|source| OpenError::Read { path: origin.clone(), source })?;
    let loaded = load_bytes(&origin, &bytes)?;
    Ok((origin, loaded))
}

/// The game of a journal's text, its settings as kept (then `adjust`ed), every input replayed;
/// with the records and the session and wall time of the last one.
fn replayed(
    origin: &str,
    text: &str,
    now_settings: &Settings,
    adjust: impl FnOnce(&mut Settings),
) -> Result<(Session, Loaded, (Timestamp, u64)), OpenError> {
    replay_loaded(origin, load(origin, text)?, now_settings, adjust)
}

/// The game of a loaded journal, its settings as kept (then `adjust`ed), every record replayed.
fn replay_loaded(
    origin: &str,
    loaded: Loaded,
    now_settings: &Settings,
    adjust: impl FnOnce(&mut Settings),
) -> Result<(Session, Loaded, (Timestamp, u64)), OpenError> {
    let mut session = kept_session(origin, &loaded, now_settings, adjust)?;
    let last = session.replay(&loaded.records);
    Ok((session, loaded, last))
}

/// A session with the settings a loaded journal keeps (then `adjust`ed), nothing replayed yet.
fn kept_session(
    origin: &str,
    loaded: &Loaded,
    now_settings: &Settings,
    adjust: impl FnOnce(&mut Settings),
) -> Result<Session, OpenError> {
    let Some(Record { kept: Kept::Start(config), .. }) = loaded.records.first() else {
        return Err(JournalError::Empty(origin.to_string()).into());
    };
    let mut settings = kept_settings(origin, config, now_settings)?;
    adjust(&mut settings);
    new_session(settings)
}

/// The game of the journal at `path` as PGN, so far (an unfinished game listed, reviewed or
/// analysed), dated by the record it began with: the journal's first, or the one with which `new`
/// began it after an earlier game.
pub fn journal_pgn(path: &Path) -> Result<crate::store::PgnGame, OpenError> {
    let (origin, loaded) = read_journal(path)?;
    let mut session = kept_session(&origin, &loaded, &Settings::default(), |_| {})?;
    let (_, began) = session.replay_noting_new(&loaded.records);
    let started = began.or(loaded.records.first().map(|r| r.wall_ms)).unwrap_or_else(wall_ms);
    Ok(super::documents::dated_at(session.pgn(), started))
}

/// The journal reopened for appending; one that another program holds is refused in words.
fn reopen(path: &Path, loaded: &Loaded) -> Result<Journal, OpenError> {
    Journal::reopen(path, loaded).map_err(|e| match crate::store::in_use(&e) {
        true => OpenError::InUse(path.display().to_string()),
        false => OpenError::Write(e),
    })
}

/// The latest journal in the games directory whose game is not over.
fn latest_unfinished(games: Option<&Path>, settings: &Settings) -> Option<PathBuf> {
    let mut journals: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(games?)
        .ok()?
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "journal"))
        .filter_map(|p| Some((std::fs::metadata(&p).ok()?.modified().ok()?, p)))
        .collect();
    journals.sort();
    journals
        .into_iter()
        .rev()
        .map(|(_, p)| p)
        .find(|p| rebuild(p, settings).is_ok_and(|(s, _, _)| !s.game().is_over() && !s.is_adjourned()))
}

/// A game: the one in `journal` if it exists (else a new one there), the latest unfinished one
/// in `games` (with `latest`), or a new one with a new journal in `games`.
pub fn open_game(
    journal: Option<&Path>,
    games: Option<&Path>,
    settings: Settings,
    latest: bool,
) -> Result<Opened, OpenError> {
    open_game_up_to(journal, games, settings, latest, None)
}

/// `open_game`, the journal resumed only up to line `up_to` (the whole of it kept as a copy
/// first) when that is given.
pub fn open_game_up_to(
    journal: Option<&Path>,
    games: Option<&Path>,
    settings: Settings,
    latest: bool,
    mending: Option<Mending>,
) -> Result<Opened, OpenError> {
    let cut = match (journal, mending) {
        (Some(path), Some(Mending::UpToLine(line))) => Some(cut_journal(path, line)?),
        (Some(path), Some(Mending::NewSettings)) => Some(new_settings(path, &settings)?),
        _ => None,
    };
    let path = match (journal, latest) {
        (Some(path), _) => Some(folder_there(path)?.to_path_buf()),
        (None, true) => Some(latest_unfinished(games, &settings).ok_or(OpenError::NoneUnfinished)?),
        (None, false) => new_journal_path(games),
    };
    match path {
        Some(path) if path.exists() => match resume_game(&path, &settings) {
            // Left empty by a kill while it was being created: a new game starts in it, what
            // was there kept as a copy.
            Err(OpenError::Journal(JournalError::Empty(_))) => {
                let copy = keep_copy(&path, "damaged")?;
                std::fs::remove_file(&path)?;
                let mut opened = new_game(Some(path.clone()), settings)?;
                let w = Wording::in_language(opened.session.lang());
                let path = path.display().to_string();
                let line =
                    w.say(w.words("journal.was_empty", &[("path", file_name(&path)), ("copy", file_name(&copy))]));
                opened.opening.lines.insert(0, line);
                Ok(opened)
            }
            Ok(mut opened) => {
                opened.opening.lines.splice(0..0, cut.map(|cut| cut.said(&path, opened.session.lang())));
                Ok(opened)
            }
            other => other,
        },
        path => new_game(path, settings),
    }
}

/// A journal the user named, refused when its folder is not there (a slip in the name, most
/// likely): a game is not begun that could not be kept. Other failures to write it are said as
/// the game begins.
fn folder_there(journal: &Path) -> Result<&Path, OpenError> {
    let folder = journal.parent().filter(|f| !f.as_os_str().is_empty()).unwrap_or(Path::new("."));
    match journal.exists() || folder.is_dir() {
        true => Ok(journal),
        false => Err(OpenError::NoFolder(journal.display().to_string())),
    }
}

fn new_game(path: Option<PathBuf>, settings: Settings) -> Result<Opened, OpenError> {
    begin(path, settings, |session| (session.apply(Event::Start, Timestamp(0)), None))
}

/// The session's time source, `offset` milliseconds into the game.
fn starting_time(mode: ClockMode, offset: u64) -> TimeSource {
    match mode {
        ClockMode::Real => TimeSource::Real { start: Instant::now(), offset },
        ClockMode::Simulated => TimeSource::Simulated(offset),
    }
}

/// A game in a new journal at `path`: `setup` gives what is said first and what the journal
/// keeps after the settings (an envelope or a PGN the game was set up from). A journal that
/// cannot be written is said, and the game goes on.
fn begin(
    path: Option<PathBuf>,
    settings: Settings,
    setup: impl FnOnce(&mut Session) -> (Response, Option<Kept>),
) -> Result<Opened, OpenError> {
    let config = settings_to_toml(&settings);
    let time = starting_time(settings.clock, 0);
    let mut session = new_session(settings)?;
    let (mut opening, first) = setup(&mut session);
    let created = path.map(|p| -> std::io::Result<Journal> {
        let mut journal = Journal::create(&p, &config, Timestamp(0), wall_ms())?;
        if let Some(event) = first {
            journal.record(event, Timestamp(0), wall_ms())?;
        }
        Ok(journal)
    });
    let journal = match created {
        Some(Ok(journal)) => Some(journal),
        Some(Err(e)) => {
            // Said, not only printed: nothing of this game will be kept.
            let w = Wording::in_language(session.lang());
            let reason = crate::messages::io_reason(w.catalog(), &e);
            opening
                .lines
                .insert(0, w.line("journal.unwritable", &[("reason", &reason)]).with_cue(crate::audio::Cue::Error));
            None
        }
        None => None,
    };
    Ok(Opened { session, journal, opening, time })
}

fn resume_game(path: &Path, settings: &Settings) -> Result<Opened, OpenError> {
    let (mut session, loaded, (at, wall)) = rebuild(path, settings)?;
    if let Some(outcome) = session.game().outcome() {
        return Err(OpenError::Finished { path: path.display().to_string(), result: outcome.result.score() });
    }
    let mut journal = reopen(path, &loaded)?;
    let now_wall = wall_ms();
    let down = now_wall.saturating_sub(wall);
    journal.record(Kept::Resume(down), at, now_wall)?;
    let mut opening = session.apply(Event::Resumed(std::time::Duration::from_millis(down)), at);
    if let Some(line) = loaded.torn {
        let w = Wording::in_language(settings.lang);
        opening.lines.insert(0, w.line("journal.torn", &[("line", &line.to_string())]));
    }
    let time = starting_time(session.settings().clock, at.0);
    Ok(Opened { session, journal: Some(journal), opening, time })
}

/// An adjourned game set up from its envelope: it goes on in its own journal, with its whole
/// history, when that journal is there (else in a new journal in `games`, from the envelope's
/// position). An envelope resumes once: the journal it went on in is written into it, and a
/// second resumption is refused, naming that journal.
pub fn open_envelope(path: &Path, games: Option<&Path>, now_settings: &Settings) -> Result<Opened, OpenError> {
    let (origin, text) = read(path)?;
    // A game's journal named where an envelope is wanted: the way on with it is said.
    if text.trim_start_matches('\u{feff}').starts_with(crate::store::MAGIC) {
        return Err(OpenError::NotAnEnvelope(origin));
    }
    let mut envelope = Envelope::from_toml(&origin, &text)?;
    let catalog = Catalog::new(now_settings.lang);
    if !envelope.resumed_in.is_empty() {
        return Err(OpenError::AlreadyResumed { path: origin, journal: envelope.resumed_in });
    }
    let own = Some(PathBuf::from(&envelope.journal)).filter(|j| !envelope.journal.is_empty() && j.exists());
    let mut opened = match own {
        Some(journal) => continue_adjourned(&journal, &envelope, &text, now_settings)?,
        None => {
            let mut settings = kept_settings(&origin, &envelope.settings, now_settings)?;
            settings.fen = Some(envelope.fen.clone());
            let mut opened = begin(new_journal_path(games), settings, |session| {
                session.apply(Event::Start, Timestamp(0));
                let opening = session.apply(Event::Envelope(envelope.clone()), Timestamp(0));
                (opening, Some(Kept::Envelope(text.clone())))
            })?;
            // A journal named but gone: what is missing is said, not left to be found out.
            if !envelope.journal.is_empty() {
                let w = crate::wording::Wording::in_language(opened.session.lang());
                let args = [("path", crate::wording::file_name(&envelope.journal))];
                opened.opening.lines.insert(0, w.say(w.words("adjourn.journal_gone", &args)));
            }
            opened
        }
    };
    if let Some(journal) = &opened.journal {
        let went_on = std::fs::canonicalize(journal.path()).unwrap_or(journal.path().to_path_buf());
        envelope.resumed_in = went_on.display().to_string();
        if let Err(e) = std::fs::write(path, envelope.to_toml()) {
            let reason = crate::messages::io_reason(&catalog, &e);
            let text = catalog.text("adjourn.not_marked", &[("path", &origin), ("reason", &reason)]);
            opened.opening.lines.insert(0, Line::printed(text));
        }
    }
    Ok(opened)
}

/// The adjourned game of `journal` goes on there: replayed up to its adjournment, then set up
/// from the envelope (recorded in the journal, so that a replay does the same).
fn continue_adjourned(
    journal: &Path,
    envelope: &Envelope,
    text: &str,
    now_settings: &Settings,
) -> Result<Opened, OpenError> {
    let (mut session, loaded, (at, _)) = rebuild(journal, now_settings)?;
    if !session.is_adjourned() {
        return Err(OpenError::NotAdjourned(journal.display().to_string()));
    }
    let mut writer = reopen(journal, &loaded)?;
    writer.record(Kept::Envelope(text.to_string()), at, wall_ms())?;
    let opening = session.apply(Event::Envelope(envelope.clone()), at);
    let time = starting_time(session.settings().clock, at.0);
    Ok(Opened { session, journal: Some(writer), opening, time })
}

/// A scoresheet made by `export_game`.
pub struct Exported {
    /// The scoresheet's bytes.
    pub sheet: Vec<u8>,
    /// How many games the PGN holds, when it holds several and none was chosen (the first was
    /// taken).
    pub first_of: Option<usize>,
    /// The PGN was not UTF-8 and was read as Windows-1252.
    pub legacy: bool,
}

/// The scoresheet of a game in `format`, for `annabella export`: a journal (finished or not, in
/// the game's own letters unless `letters` are given) or game `number` of a PGN (moves in any
/// notation; the first when not given).
pub fn export_game(
    path: &Path,
    mut settings: Settings,
    letters: Option<crate::notation::LetterSet>,
    format: crate::table::SheetFormat,
    number: Option<usize>,
) -> Result<Exported, OpenError> {
    let (origin, decoded) = read_pgn(path)?;
    let (text, legacy) = (decoded.text, decoded.legacy);
    let mut first_of = None;
    if let Some(letters) = letters {
        settings.change(crate::config::Change::Letters { color: None, set: letters });
    }
    let session = if text.starts_with(crate::store::MAGIC) {
        journal_session(&origin, &text, &settings, letters.is_some())?
    } else {
        let count = crate::store::games(&text).len();
        first_of = (number.is_none() && count > 1).then_some(count);
        let (pgn, _, _) = pgn_game(&origin, &text, number.or(Some(1)))?;
        let mut session = new_session(pgn_settings(&pgn, settings))?;
        session.apply(Event::Start, Timestamp(0));
        session.apply(Event::Pgn(pgn), Timestamp(0));
        session
    };
    let sheet = match format {
        crate::table::SheetFormat::Wav => crate::front::sheet_bytes(&session.spoken_scoresheet(), session.clips_dir())?,
        _ => session.scoresheet(format).into_bytes(),
    };
    Ok(Exported { sheet, first_of, legacy })
}

/// The game of a journal's text, replayed, with the pack, clips and language of `now` (and its
/// letters when `letters_given`).
fn journal_session(origin: &str, text: &str, now: &Settings, letters_given: bool) -> Result<Session, OpenError> {
    let (mut session, _, _) =
        replayed(origin, text, now, |s| (s.pack, s.clips) = (now.pack.clone(), now.clips.clone()))?;
    if letters_given {
        // Replayed in the letters the moves were typed in; written in the ones asked for.
        session.write_sheets_in(now.sighted_letters);
    }
    Ok(session)
}

/// A game chosen from a PGN text: the game, its text, and the brackets left out of its moves.
type ChosenGame = (crate::store::PgnGame, String, Vec<crate::notation::MovetextError>);

/// The tags a game gives more than once (`[Event "A"]` and `[Event "B"]`), each with the value
/// kept: the last, as other readers keep it.
fn tags_given_twice(tags: &[(String, String)]) -> Vec<(String, String)> {
    let mut twice: Vec<(String, String)> = Vec::new();
    for (i, (name, _)) in tags.iter().enumerate() {
        let later = tags[i + 1..].iter().any(|(n, _)| n == name);
        if later && !twice.iter().any(|(n, _)| n == name) {
            let last = tags.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v.clone()).unwrap_or_default();
            twice.push((name.clone(), last));
        }
    }
    twice
}

/// Each tag once, where it was first given, with the value it was last given.
fn keep_last_of_each(tags: &mut Vec<(String, String)>) {
    let mut kept: Vec<(String, String)> = Vec::with_capacity(tags.len());
    for (name, value) in tags.drain(..) {
        match kept.iter_mut().find(|(n, _)| *n == name) {
            Some(first) => first.1 = value,
            None => kept.push((name, value)),
        }
    }
    *tags = kept;
}

/// A game set up from a PGN file (game `number` of several, which must then be chosen), in the
/// journal `journal` or else a new journal in `games`. A result that the moves contradict is said.
pub fn open_pgn(
    path: &Path,
    number: Option<usize>,
    games: Option<&Path>,
    journal: Option<&Path>,
    settings: Settings,
) -> Result<Opened, OpenError> {
    let (origin, decoded) = read_pgn(path)?;
    let (mut pgn, chunk, left_out) = pgn_game(&origin, &decoded.text, number)?;
    // A time control that cannot be read is said, not dropped without a word.
    let unread_control = pgn
        .tags
        .iter()
        .find(|(n, v)| n == "TimeControl" && !matches!(v.trim(), "" | "?" | "-"))
        .filter(|(_, v)| crate::clock::TimeControl::from_pgn_tag(v).is_err())
        .map(|(_, v)| v.clone());
    let twice = tags_given_twice(&pgn.tags);
    keep_last_of_each(&mut pgn.tags);
    let settings = pgn_settings(&pgn, settings);
    let given = pgn.result.clone();
    // A journal that holds a game is never written over: the way back to it is said instead.
    if let Some(journal) = journal.filter(|j| j.exists()) {
        return Err(OpenError::JournalTaken(journal.display().to_string()));
    }
    let target = journal.map(folder_there).transpose()?.map(Path::to_path_buf).or_else(|| new_journal_path(games));
    let mut opened = begin(target, settings, |session| {
        session.apply(Event::Start, Timestamp(0));
        (session.apply(Event::Pgn(pgn), Timestamp(0)), Some(Kept::Pgn(chunk)))
    })?;
    let ended = opened.session.game().outcome().map(|o| o.result.score());
    if let Some(ended) = ended.filter(|e| given != "*" && *e != given) {
        let lang = opened.session.lang();
        let text = Catalog::new(lang).text("pgn.result_contradicts", &[("given", &given), ("result", ended)]);
        let speech = vec![crate::speech::Utterance::new(text.clone(), lang.code())];
        opened.opening.lines.insert(0, Line { text, speech, cue: None, heading: None });
    }
    let w = crate::wording::Wording::in_language(opened.session.lang());
    if let Some(control) = unread_control {
        opened.opening.lines.insert(0, w.say(w.words("pgn.control_unread", &[("control", w.typed(&control))])));
    }
    for mark in left_out.into_iter().rev() {
        let what = super::open_error::pgn_words(&PgnError::Movetext(mark), &w);
        opened.opening.lines.insert(0, w.say(w.words("pgn.left_out", &[("what", what)])));
    }
    for (tag, value) in twice.into_iter().rev() {
        let args = [("tag", tag.as_str().into()), ("value", value.as_str().into())];
        opened.opening.lines.insert(0, w.say(w.words("pgn.tag_twice", &args)));
    }
    if decoded.legacy {
        opened.opening.lines.insert(0, w.file_line("pgn.legacy", &origin, None));
    }
    Ok(opened)
}

/// Game `number` of a PGN text, with its own text; the only game when `number` is not given
/// (several games without a number are refused, listing them).
/// Game `number` of a PGN text (the only one, when not given), its text, and the brackets left
/// out of its moves.
fn pgn_game(origin: &str, text: &str, number: Option<usize>) -> Result<ChosenGame, OpenError> {
    let all = crate::store::games(text);
    if all.len() > 1 && number.is_none() {
        return Err(OpenError::ManyGames { path: origin.to_string(), games: crate::store::PgnGame::list(text) });
    }
    let pgn_error = |source| OpenError::Pgn { path: origin.to_string(), source };
    let number = number.unwrap_or(1);
    let Some(&chunk) = number.checked_sub(1).and_then(|i| all.get(i)) else {
        return Err(pgn_error(PgnError::NoSuchGame { number, count: all.len() }));
    };
    let (pgn, left_out) = crate::store::PgnGame::read_noting(chunk).map_err(pgn_error)?;
    Ok((pgn, chunk.to_string(), left_out))
}

/// The settings a PGN game brings: the players, the time control, the start position and whether
/// it is Chess960.
fn pgn_settings(pgn: &crate::store::PgnGame, mut settings: Settings) -> Settings {
    let tag = |name: &str| pgn.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone()).filter(|v| v != "?");
    if let Some(white) = tag("White") {
        settings.white = white;
    }
    if let Some(black) = tag("Black") {
        settings.black = black;
    }
    if let Some(control) = tag("TimeControl").and_then(|t| crate::clock::TimeControl::from_pgn_tag(&t).ok()) {
        settings.control = control;
    }
    settings.fen = pgn.start.clone();
    if tag("Variant").is_some_and(|v| v.eq_ignore_ascii_case("chess960")) {
        settings.chess960 = pgn.start.as_deref().and_then(crate::rules::chess960_number);
    }
    settings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fresh_journal_is_named_for_this_program_and_never_taken() {
        let dir = std::env::temp_dir().join(format!("annabella-fresh-journal-{}", std::process::id()));
        let first = new_journal_path(Some(&dir)).expect("a path in the games folder");
        let name = first.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.contains(&format!("-{}-", std::process::id())), "{name}");
        // Taken by a game: the next one gets another name.
        std::fs::write(&first, "").unwrap();
        let second = new_journal_path(Some(&dir)).unwrap();
        assert_ne!(first, second);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A game `new` began after an earlier one is dated by the day it began, not by the journal's.
    #[test]
    fn a_later_game_of_a_journal_is_dated_by_its_own_beginning() {
        let dir = std::env::temp_dir().join(format!("annabella-dated-journal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("two.journal");
        let config = crate::config::settings_to_toml(&Settings::default());
        let (monday, friday) = (1_796_040_000_000, 1_796_385_600_000); // noon, 30 November and 4 December 2026
        let mut journal = Journal::create(&path, &config, Timestamp(0), monday).unwrap();
        journal.record(Kept::Start(config.clone()), Timestamp(0), monday).unwrap();
        for (line, wall) in
            [("f3", monday), ("e5", monday), ("g4", monday), ("Qh4", monday), ("new", friday), ("d4", friday)]
        {
            journal.record(Kept::Input(line.into()), Timestamp(0), wall).unwrap();
        }
        drop(journal);
        let game = journal_pgn(&path).unwrap();
        let date = game.tags.iter().find(|(k, _)| k == "Date").map(|(_, v)| v.as_str());
        assert_eq!((date, game.moves.len(), game.result.as_str()), (Some("2026.12.04"), 1, "*"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
