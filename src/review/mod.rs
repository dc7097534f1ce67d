//! Replay by ear, on the same loop as a game: a game read from PGN, stepped through move by move
//! (next, back, first, end, goto N), each move said with its number and side in words and its
//! comment read, its variations entered and left; every question about the board is answered at
//! the position reached, by a session set up there; `engine` asks the chess engine about it and
//! `play` plays a new game on from it (both effects the loop performs).
//!
//! - this file: [`Review`], its commands' handlers and its [`Desk`];
//! - `commands`: the review's commands, one record each.

mod commands;

pub use commands::ReviewCommand;

use std::path::Path;

use shakmaty::{Chess, Position};

use crate::audio::Cue;
use crate::clock::Timestamp;
use crate::command::{
    lookup, lookup_among, names_command, parse_line, read_command, which_one, CommandSet, CommandWord, Group, Input,
    Key, Place, Record, Slip,
};
use crate::config::Settings;
use crate::front::Desk;
use crate::messages::Lang;
use crate::notation::PhrasePack;
use crate::session::{Command, Effect, Event, Problems, Response, Session, SessionError, Written};
use crate::speech::VoiceSettings;
use crate::store::{PgnError, PgnGame};
use crate::wording::{Line, Wording, Words};

/// Where the review stands in one line of play.
#[derive(Debug, Clone)]
struct Cursor {
    /// The line: the game itself, or a variation read as a game from its own start.
    game: PgnGame,
    /// How many of its moves have been played.
    ply: usize,
}

/// A game under review.
pub struct Review {
    settings: Settings,
    wording: Wording,
    /// The main line first, then each variation entered.
    lines: Vec<Cursor>,
    /// A session at the position reached, for questions about the board.
    session: Session,
    /// The game can still be played on (its journal's, unfinished): the engine is not asked (11.3).
    in_play: bool,
    /// What a slip just answered with "Did you mean …?" meant: a yes says it, or asks which.
    meant: Option<Slip<Read>>,
}

/// A line of a review, read once.
pub enum Read {
    /// A command of the review's own (or why its arguments do not fit it).
    Own(Input<ReviewCommand>),
    /// A command of the review's own that takes nothing, given words ("back 5"): its name.
    NoArguments(&'static str),
    /// An input of the game at the position reached.
    Game(crate::session::Input),
}

impl Review {
    /// A review of `game` with `settings` (language, pack, letters), at the start.
    pub fn new(game: PgnGame, settings: Settings) -> Result<Review, SessionError> {
        let session = at(&settings, &game, 0)?;
        let pack = PhrasePack::named(&settings.pack).ok_or_else(|| SessionError::Pack(settings.pack.clone()))?;
        let wording = Wording::new(settings.lang, pack, settings.style);
        let mut review =
            Review { settings, wording, lines: vec![Cursor { game, ply: 0 }], session, in_play: false, meant: None };
        // What is said is the review's: `repeat` says its opening first, never the game's.
        review.session.forget_said();
        let opening = review.opening();
        review.session.said_elsewhere(&opening.lines);
        Ok(review)
    }

    /// What is said when the review opens: the players, the result, how to go on.
    pub fn opening(&self) -> Response {
        let game = &self.lines[0].game;
        let tag = |name: &str, unnamed: &str| {
            let given = game.tags.iter().find(|(n, _)| n == name).map_or("", |(_, v)| v.as_str());
            crate::wording::player_name(given, unnamed, self.wording.catalog())
        };
        let args = [
            ("white", tag("White", "games.unnamed_white")),
            ("black", tag("Black", "games.unnamed_black")),
            ("result", self.result_words(&game.result)),
            ("half_moves", self.wording.half_moves(game.moves.len())),
        ];
        let mut lines = vec![self.wording.line_of("review.opened", &args)];
        // The game's opening, by the last named position of its main line.
        if let Some(opening) = crate::openings::of_game(&positions(game, game.moves.len())) {
            lines.push(self.wording.opening(Some(&opening)));
        }
        if let Some(intro) = &game.intro {
            lines.extend(self.comment(intro));
        }
        Response::lines(lines)
    }

    /// The position reached.
    pub fn position(&self) -> &Chess {
        self.session.game().position()
    }

    /// The position reached, as FEN (for a new game from here).
    pub fn fen(&self) -> String {
        crate::rules::to_fen(self.position())
    }

    /// The settings the review was opened with (a game played on from it keeps them).
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    fn cursor(&self) -> &Cursor {
        self.lines.last().expect("the main line is never left")
    }

    /// Moves the cursor of the current line to `ply` and the session with it.
    fn set(&mut self, ply: usize) {
        if let Ok(mut session) = at(&self.settings, &self.cursor().game, ply) {
            session.carry_said_from(&mut self.session);
            self.session = session;
            if let Some(cursor) = self.lines.last_mut() {
                cursor.ply = ply;
            }
        }
    }

    /// `next`: the next move.
    fn next(&mut self) -> Vec<Line> {
        let Cursor { game, ply } = self.cursor().clone();
        if ply >= game.moves.len() {
            return self.at_end();
        }
        self.set(ply + 1);
        self.said(ply, true)
    }

    /// `back`: back one move.
    fn back(&mut self) -> Vec<Line> {
        match self.cursor().ply.checked_sub(1) {
            None => vec![self.wording.line("review.at_start", &[])],
            Some(0) => self.go_to(0),
            Some(ply) => {
                self.set(ply);
                self.said(ply - 1, false)
            }
        }
    }

    /// `first`: back to the start.
    fn first(&mut self) -> Vec<Line> {
        self.go_to(0)
    }

    /// `end`: to the last move of the line.
    fn end(&mut self) -> Vec<Line> {
        let end = self.cursor().game.moves.len();
        self.go_to(end)
    }

    /// The position after `ply` half-moves of the current line, said.
    fn go_to(&mut self, ply: usize) -> Vec<Line> {
        self.set(ply);
        match ply.checked_sub(1) {
            None => vec![self.wording.line("review.start", &[])],
            Some(last) => self.said(last, false),
        }
    }

    /// `goto N`: White's move N of the current line, said.
    fn goto(&mut self, number: usize) -> Vec<Line> {
        let game = &self.cursor().game;
        let start: Chess = start_of(game);
        let first = start.fullmoves().get() as usize;
        let offset = usize::from(start.turn().is_black());
        let ply = (number.saturating_sub(first) * 2 + 1).saturating_sub(offset);
        if number < first || ply > game.moves.len() {
            // The numbers the line's moves have: from its first to that of its last half-move.
            let last = (offset + game.moves.len()).checked_sub(1).map(|plies| first + plies / 2);
            let key = match last {
                None => "review.no_move_none",
                Some(last) if last == first => "review.no_move_one",
                Some(_) => "review.no_move",
            };
            let last = last.unwrap_or(first).to_string();
            let args = [("number", number.to_string()), ("first", first.to_string()), ("last", last)];
            return vec![self.wording.line_of(key, &args)];
        }
        self.go_to(ply)
    }

    /// Half-move `ply` of the current line, said with its number and side, its comment, and the
    /// variations there are instead of it; stepping `forward` onto it, the new opening it reached.
    fn said(&self, ply: usize, forward: bool) -> Vec<Line> {
        let Cursor { game, .. } = self.cursor();
        let mut pos = start_of(game);
        for m in &game.moves[..ply] {
            pos.play_unchecked(m.mv);
        }
        let m = &game.moves[ply];
        let w = &self.wording;
        let mut lines = vec![w.numbered(&pos, m.mv, self.settings.letters(pos.turn()))];
        if forward {
            lines.extend(self.opening_reached(game, ply));
        }
        // Its marks in words: "!?" is an interesting move.
        let marks: Vec<String> =
            m.nags.iter().filter(|n| (1..=6).contains(*n)).map(|n| w.text(&format!("nag.{n}"), &[])).collect();
        if !marks.is_empty() {
            lines.push(w.line("review.marks", &[("marks", &w.and_list(&marks))]));
        }
        if let Some(comment) = &m.comment {
            lines.extend(self.comment(comment));
        }
        lines.extend(self.variations_there(m.variations.len()));
        lines
    }

    /// The name of a new named opening half-move `ply` of `game` reached, once (as the settings
    /// ask).
    fn opening_reached(&self, game: &PgnGame, ply: usize) -> Option<Line> {
        let opening = crate::openings::newly_reached(&positions(game, ply + 1), self.lang())
            .filter(|_| self.settings.openings)?;
        Some(self.wording.opening_reached(&opening))
    }

    /// "There is a variation here", or how many there are; nothing where there is none.
    fn variations_there(&self, count: usize) -> Option<Line> {
        match count {
            0 => None,
            1 => Some(self.wording.line("review.one_variation", &[])),
            n => Some(self.wording.line("review.variations", &[("count", &n.to_string())])),
        }
    }

    /// A comment read out, its clock and evaluation marks left out; a comment of marks alone
    /// says nothing.
    fn comment(&self, text: &str) -> Option<Line> {
        let words: String = strip_marks(text);
        (!words.trim().is_empty()).then(|| self.wording.line("review.comment", &[("text", &words)]))
    }

    fn at_end(&self) -> Vec<Line> {
        if self.lines.len() > 1 {
            return vec![self.wording.line("review.variation_end", &[])];
        }
        let game = &self.cursor().game;
        let result = self.result_words(&game.result);
        // How it ended off the board, where the game says (its Termination tag).
        let how = game.tags.iter().find(|(k, _)| k == "Termination").and_then(|(_, v)| termination_key(v));
        match how {
            Some(key) => {
                let how = self.wording.text(key, &[]);
                vec![self.wording.line("review.end_how", &[("result", &result), ("how", &how)])]
            }
            None => vec![self.wording.line("review.end", &[("result", &result)])],
        }
    }

    /// `variation [N]`: into variation N of the move just said, its first move said.
    fn variation(&mut self, number: Option<usize>) -> Vec<Line> {
        let n = number.unwrap_or(1);
        let Cursor { game, ply } = self.cursor().clone();
        let Some(last) = ply.checked_sub(1) else { return vec![self.wording.line("review.no_variation", &[])] };
        let Some(text) = game.moves[last].variations.get(n - 1) else {
            // Where there are variations, the number was not one of them: how many there are.
            return match self.variations_there(game.moves[last].variations.len()) {
                None => vec![self.wording.line("review.no_variation", &[])],
                Some(there) => {
                    vec![self.wording.line("review.no_variation_number", &[("number", &n.to_string())]), there]
                }
            };
        };
        let mut before = start_of(&game);
        for m in &game.moves[..last] {
            before.play_unchecked(m.mv);
        }
        let fen = crate::rules::to_fen(&before);
        let line = match PgnGame::read(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{text} *\n")) {
            Ok(line) => line,
            // Said as it is: the variation is there, and why it cannot be followed.
            Err(PgnError::IllegalMove { number, san }) => {
                let w = &self.wording;
                let written = w
                    .written(&san, self.settings.letters(before.turn()))
                    .map_or_else(|| w.typed(&san), |said| Words::new(san.as_str(), said));
                let args = [
                    ("variation", Words::plain(n.to_string())),
                    ("number", Words::plain(number.trim_end_matches('.').to_string())),
                    ("move", written),
                ];
                return vec![w.say(w.words("review.variation_illegal", &args)).with_cue(Cue::Error)];
            }
            Err(_) => {
                return vec![self
                    .wording
                    .line("review.variation_unreadable", &[("variation", &n.to_string())])
                    .with_cue(Cue::Error)]
            }
        };
        self.lines.push(Cursor { game: line, ply: 0 });
        let mut lines = vec![self.wording.line("review.entered", &[("number", &n.to_string())])];
        lines.extend(self.next());
        lines
    }

    /// `mainline`: out of the variation, back where it branched off.
    fn mainline(&mut self) -> Vec<Line> {
        if self.lines.len() == 1 {
            return vec![self.wording.line("review.main_already", &[])];
        }
        self.lines.pop();
        let ply = self.cursor().ply;
        self.set(ply);
        let mut lines = vec![self.wording.line("review.left", &[])];
        if let Some(last) = ply.checked_sub(1) {
            lines.extend(self.said(last, false));
        }
        lines
    }

    /// `play`: a new game from the position reached; the review ends with it.
    fn play_here(&mut self) -> Response {
        let lines = vec![self.wording.line("review.play_here", &[])];
        Response { lines, effects: vec![Effect::PlayOn(self.fen())] }
    }

    /// The same review of a game that can still be played on: `engine` is refused (11.3).
    pub fn without_engine(self) -> Review {
        Review { in_play: true, ..self }
    }

    /// `engine`: the chess engine's view of the position reached (the game is over).
    fn engine(&mut self) -> Response {
        if self.in_play {
            return Response::lines(vec![self.wording.line("engine.in_play", &[]).with_cue(crate::audio::Cue::Error)]);
        }
        Response { lines: Vec::new(), effects: vec![Effect::Engine(self.fen())] }
    }

    /// What is said of a line that is no command of the review: a group's word is answered with
    /// its commands (the clock's, which has none here, as a command of the table), a slip of a
    /// command's name with the command meant; anything else is taken for a move, and no move is
    /// played in a review.
    fn not_played(&mut self, line: &str) -> Line {
        let w = &self.wording;
        if let Some(group) = crate::command::group_named(w, &offered(), line) {
            return group;
        }
        if Group::named(line.trim()).is_some() {
            return w.line("review.not_here", &[("command", line.trim())]).with_cue(Cue::Error);
        }
        let line = line.trim();
        let first = line.split_whitespace().next().unwrap_or_default();
        let near = crate::command::nearest_commands(first, &offered(), self.lang());
        let sentence = match near.as_slice() {
            [] => w.words("review.no_play", &[]),
            near => w.words("error.did_you_mean", &[("word", w.typed(first)), ("commands", w.or_list(near).into())]),
        };
        let said = w.say(sentence).with_cue(Cue::Error);
        // One command meant: a yes carries it out, with the words after the slip as its
        // arguments; several: which.
        let rest = &line[first.len()..];
        self.meant = match near.as_slice() {
            [] => None,
            [name] => lookup_among(&offered(), name).map(|record| Slip::One(self.read_meant(record, rest))),
            _ => Some(Slip::Several(near)),
        };
        said
    }

    /// The command of `record` (the review's or the game's), its arguments read from `rest`.
    fn read_meant(&self, record: &'static Record, rest: &str) -> Read {
        match lookup(ReviewCommand::records(), record.name).filter(|own| std::ptr::eq(*own, record)) {
            Some(_) => Read::Own(read_command(record, rest, self.lang())),
            None => Read::Game(read_command(record, rest, self.lang())),
        }
    }

    /// What a yes or a no makes of the slip meant just before: the command it meant, or nothing
    /// done. Anything else leaves the slip behind.
    fn answer_meant(&mut self, read: &Read) -> Option<Response> {
        let meant = self.meant.take()?;
        match read {
            Read::Game(Input::Command(Command::Accept {})) => match meant {
                Slip::One(meant) => Some(self.answer_read(meant)),
                Slip::Several(names) => Some(vec![which_one(&self.wording, &names)].into()),
            },
            Read::Game(Input::Command(Command::Decline {})) => {
                Some(vec![self.wording.line("question.not_meant", &[])].into())
            }
            _ => None,
        }
    }

    /// `help [GROUP|COMMAND]`: the groups of the review's commands, one group, or one command.
    fn help(&mut self, about: Option<CommandWord>) -> Response {
        let about = about.as_ref().map(|CommandWord(word)| word.as_str());
        crate::command::help(&self.wording, &offered(), about).into()
    }

    /// `quit`: the review ends.
    fn quit(&mut self) -> Response {
        Response { lines: vec![self.wording.line("quit.bye", &[])], effects: vec![Effect::Quit] }
    }

    /// A result as the review says it: "White won".
    fn result_words(&self, result: &str) -> String {
        self.wording.score(crate::rules::GameResult::from_score(result)).spoken
    }

    /// A line read once: a command of the review's own, else an input of the game at the position
    /// reached.
    fn read(&self, line: &str) -> Read {
        if !names_command::<ReviewCommand>(line) {
            return Read::Game(self.session.read(line));
        }
        match parse_line::<ReviewCommand>(line, self.lang()) {
            // A command that takes nothing, followed by something ("back 5").
            Input::Move(_) => {
                let first = line.split_whitespace().next().unwrap_or_default();
                Read::NoArguments(lookup(ReviewCommand::records(), first).map_or("", |r| r.name_in(self.lang())))
            }
            input => Read::Own(input),
        }
    }

    /// The review's answer to a line read: its own command, or a refusal of a move or of a
    /// command of the table; else the game's at this position, kept with the review's for
    /// `repeat` and `history`.
    fn answer_read(&mut self, read: Read) -> Response {
        if let Some(answer) = self.answer_meant(&read) {
            return self.own(answer);
        }
        let answer = match read {
            Read::Own(Input::Command(command)) => command.run(self),
            Read::Own(Input::Refused(refusal)) => refusal.lines(&self.wording).into(),
            Read::Own(Input::Unreadable(problem)) => problem.lines(&self.wording).into(),
            Read::Own(_) => Response::default(),
            Read::NoArguments(name) => {
                vec![self.wording.line("error.no_arguments", &[("command", name)]).with_cue(Cue::Error)].into()
            }
            Read::Game(Input::Move(text)) => vec![self.not_played(&text)].into(),
            // A yes or a no with no question waiting: there is none.
            Read::Game(Input::Command(Command::Accept {} | Command::Decline {})) => {
                vec![self.wording.line("review.no_question", &[]).with_cue(Cue::Error)].into()
            }
            Read::Game(Input::Command(Command::Engine {} | Command::Hint {} | Command::Eval {})) => self.engine(),
            Read::Game(Input::Command(Command::Help { about })) => self.help(about),
            Read::Game(Input::Command(Command::Opening {})) => {
                let Cursor { game, ply } = self.cursor();
                vec![self.wording.opening(crate::openings::of_game(&positions(game, *ply)).as_ref())].into()
            }
            // A command of the table (a draw offer, the clock, the scoresheets) has no place here.
            Read::Game(Input::Command(command)) if !command.record().works_in(Place::Review) => {
                let name = command.record().name_in(self.lang());
                vec![self.wording.line("review.not_here", &[("command", name)]).with_cue(Cue::Error)].into()
            }
            // Anything else (a question about the board) as in a game at this position.
            Read::Game(input) => return self.session.apply(Event::Input(input), Timestamp(0)),
        };
        self.own(answer)
    }

    /// The review's own answer, kept with the game's for `repeat` and `history`.
    fn own(&mut self, answer: Response) -> Response {
        self.session.said_elsewhere(&answer.lines);
        answer
    }
}

impl Desk for Review {
    type Input = Read;

    fn read(&self, line: &str) -> Read {
        Review::read(self, line)
    }

    fn lang(&self) -> Lang {
        self.wording.lang()
    }

    fn commands(&self) -> Vec<&'static Record> {
        offered()
    }

    fn answer(&mut self, read: Read, _now: Timestamp) -> Response {
        self.answer_read(read)
    }

    fn key(&mut self, key: Key, _now: Timestamp) -> Response {
        match key {
            Key::Interrupt => self.quit(),
            Key::PushToTalk => vec![self.wording.line("listen.off", &[]).with_cue(Cue::Error)].into(),
        }
    }

    fn written(&mut self, written: Written, now: Timestamp) -> Response {
        self.session.apply(Event::Written(written), now)
    }

    fn problems(&mut self, problems: Problems, now: Timestamp) -> Response {
        self.session.apply(Event::Problems(problems), now)
    }

    fn voice(&self) -> &VoiceSettings {
        self.session.voice()
    }

    fn clips_dir(&self) -> Option<&Path> {
        self.session.clips_dir()
    }
}

/// The commands of a review: its own, then the game's that work at the position reached.
fn offered() -> Vec<&'static Record> {
    let game = Command::records().iter().filter(|r| r.works_in(Place::Review));
    ReviewCommand::records().iter().chain(game).collect()
}

/// The positions of a line from its start through its first `plies` half-moves.
fn positions(game: &PgnGame, plies: usize) -> Vec<Chess> {
    let mut pos = start_of(game);
    let mut all = vec![pos.clone()];
    for m in game.moves.iter().take(plies) {
        pos.play_unchecked(m.mv);
        all.push(pos.clone());
    }
    all
}

/// The start position of a line.
fn start_of(game: &PgnGame) -> Chess {
    game.start.as_deref().and_then(|f| crate::rules::parse_fen(f).ok()).unwrap_or_default()
}

/// A comment without its `[%clk …]` and `[%eval …]` marks.
fn strip_marks(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '[' if text[i..].starts_with("[%") => depth += 1,
            ']' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A session at half-move `ply` of `game`, its own opening not said.
fn at(settings: &Settings, game: &PgnGame, ply: usize) -> Result<Session, SessionError> {
    let settings = Settings { fen: game.start.clone(), chess960: None, ..settings.clone() };
    let mut session = Session::new(settings)?;
    session.apply(Event::Start, Timestamp(0));
    let upto = PgnGame { moves: game.moves[..ply.min(game.moves.len())].to_vec(), result: "*".into(), ..game.clone() };
    session.apply(Event::Pgn(upto), Timestamp(0));
    Ok(session)
}

/// The catalogue key of how a game ended off the board, by its PGN Termination tag (the
/// standard's values); `None` for a normal end (the position says it) or a value not known.
fn termination_key(value: &str) -> Option<&'static str> {
    match value.trim().to_ascii_lowercase().as_str() {
        "time forfeit" => Some("review.termination.time_forfeit"),
        "abandoned" => Some("review.termination.abandoned"),
        "adjudication" => Some("review.termination.adjudication"),
        "rules infraction" => Some("review.termination.rules_infraction"),
        "death" | "emergency" => Some("review.termination.emergency"),
        _ => None,
    }
}
