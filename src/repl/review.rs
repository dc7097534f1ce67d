//! Replay by ear: a game read from PGN, stepped through move by move (next, back, first, end,
//! goto N), each move said with its number and side in words and its comment read, its variations
//! entered and left; every question about the board is answered at the position reached, by a
//! session set up there. Pure: typed lines in, lines to print and speak out.

use shakmaty::{Chess, Position};

use super::arguments::Input;
use super::command::Command;
use super::session::Session;
use super::{Event, Line, Response, Timestamp};
use crate::audio::Cue;
use crate::config::Settings;
use crate::store::PgnGame;
use crate::wording::Words;

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
    /// The main line first, then each variation entered.
    lines: Vec<Cursor>,
    /// A session at the position reached, for questions about the board.
    session: Session,
}

impl Review {
    /// A review of `game` with `settings` (language, pack, letters), at the start.
    pub fn new(game: PgnGame, settings: Settings) -> Result<Review, super::SessionError> {
        let session = at(&settings, &game, 0)?;
        Ok(Review { settings, lines: vec![Cursor { game, ply: 0 }], session })
    }

    /// What is said when the review opens: the players, the result, how to go on.
    pub fn opening(&self) -> Response {
        let game = &self.lines[0].game;
        let tag = |name: &str| game.tags.iter().find(|(n, _)| n == name).map_or("?".into(), |(_, v)| v.clone());
        let args = [
            ("white", tag("White")),
            ("black", tag("Black")),
            ("result", self.result_words(&game.result)),
            ("count", game.moves.len().to_string()),
        ];
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let mut lines = vec![self.session.line("review.opened", &args)];
        if let Some(intro) = &game.intro {
            lines.push(self.comment(intro));
        }
        Response::lines(lines)
    }

    /// Answers one typed line.
    pub fn answer(&mut self, line: &str) -> Response {
        let input = self.session.read_input(line);
        let lines = match input {
            Input::Command(Command::Next) => self.next(),
            Input::Command(Command::Back) => self.back(),
            Input::Command(Command::First) => self.go_to(0),
            Input::Command(Command::End) => {
                let end = self.cursor().game.moves.len();
                self.go_to(end)
            }
            Input::Command(Command::Goto(number)) => self.goto(number),
            Input::Command(Command::Variation(n)) => self.variation(n.unwrap_or(1)),
            Input::Command(Command::Mainline) => self.mainline(),
            // Playing on is the caller's to start: a new game from `fen()`.
            Input::Command(Command::PlayHere) => vec![self.session.line("review.play_here", &[])],
            Input::Move(_) => vec![self.session.line("review.no_play", &[]).with_cue(Cue::Error)],
            Input::Command(Command::Quit) => {
                return Response {
                    lines: vec![self.session.line("quit.bye", &[])],
                    effects: vec![super::Effect::Quit],
                };
            }
            // Anything else (a question about the board, help, quit) as in a game at this position.
            other => return self.session.apply(Event::Input(other), Timestamp(0)),
        };
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

    fn cursor(&self) -> &Cursor {
        self.lines.last().expect("the main line is never left")
    }

    /// Moves the cursor of the current line to `ply` and the session with it.
    fn set(&mut self, ply: usize) {
        if let Ok(session) = at(&self.settings, &self.cursor().game, ply) {
            self.session = session;
            if let Some(cursor) = self.lines.last_mut() {
                cursor.ply = ply;
            }
        }
    }

    fn next(&mut self) -> Vec<Line> {
        let Cursor { game, ply } = self.cursor().clone();
        if ply >= game.moves.len() {
            return self.at_end();
        }
        self.set(ply + 1);
        self.said(ply)
    }

    fn back(&mut self) -> Vec<Line> {
        match self.cursor().ply.checked_sub(1) {
            None => vec![self.session.line("review.at_start", &[])],
            Some(0) => self.go_to(0),
            Some(ply) => {
                self.set(ply);
                self.said(ply - 1)
            }
        }
    }

    /// The position after `ply` half-moves of the current line, said.
    fn go_to(&mut self, ply: usize) -> Vec<Line> {
        self.set(ply);
        match ply.checked_sub(1) {
            None => vec![self.session.line("review.start", &[])],
            Some(last) => self.said(last),
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
            let count = game.moves.len().to_string();
            return vec![self.session.line("review.no_move", &[("number", &number.to_string()), ("count", &count)])];
        }
        self.go_to(ply)
    }

    /// Half-move `ply` of the current line, said with its number and side, its comment, and the
    /// variations there are instead of it.
    fn said(&self, ply: usize) -> Vec<Line> {
        let Cursor { game, .. } = self.cursor();
        let mut pos = start_of(game);
        for m in &game.moves[..ply] {
            pos.play_unchecked(m.mv);
        }
        let m = &game.moves[ply];
        let w = self.session.wording();
        let number = pos.fullmoves().get().to_string();
        let (key, dots) = if pos.turn().is_white() { ("ply.white", ".") } else { ("ply.black", "...") };
        let label = self.session.tr(key, &[("number", &number)]);
        let mv = w.mv(&pos, m.mv, self.settings.letters(pos.turn()));
        let said = self.session.tr("review.move", &[("label", &label), ("move", &mv.spoken)]);
        let mut lines = vec![self.session.say_words(Words::new(format!("{number}{dots} {}", mv.printed), said))];
        if let Some(comment) = &m.comment {
            lines.push(self.comment(comment));
        }
        match m.variations.len() {
            0 => {}
            1 => lines.push(self.session.line("review.one_variation", &[])),
            n => lines.push(self.session.line("review.variations", &[("count", &n.to_string())])),
        }
        lines
    }

    /// A comment read out (its clock and evaluation marks left to the printed line).
    fn comment(&self, text: &str) -> Line {
        let words: String = strip_marks(text);
        let line = self.session.line("review.comment", &[("text", &words)]);
        if words.trim().is_empty() {
            return Line { speech: None, ..line };
        }
        line
    }

    fn at_end(&self) -> Vec<Line> {
        if self.lines.len() > 1 {
            return vec![self.session.line("review.variation_end", &[])];
        }
        let result = self.result_words(&self.cursor().game.result);
        vec![self.session.line("review.end", &[("result", &result)])]
    }

    /// `variation N`: into variation N of the move just said, its first move said.
    fn variation(&mut self, n: usize) -> Vec<Line> {
        let Cursor { game, ply } = self.cursor().clone();
        let Some(last) = ply.checked_sub(1) else { return vec![self.session.line("review.no_variation", &[])] };
        let Some(text) = game.moves[last].variations.get(n - 1) else {
            return vec![self.session.line("review.no_variation", &[])];
        };
        let mut before = start_of(&game);
        for m in &game.moves[..last] {
            before.play_unchecked(m.mv);
        }
        let fen = crate::rules::to_fen(&before);
        let Ok(line) = PgnGame::read(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{text} *\n")) else {
            return vec![self.session.line("review.no_variation", &[])];
        };
        self.lines.push(Cursor { game: line, ply: 0 });
        let mut lines = vec![self.session.line("review.entered", &[("number", &n.to_string())])];
        lines.extend(self.next());
        lines
    }

    /// `mainline`: out of the variation, back where it branched off.
    fn mainline(&mut self) -> Vec<Line> {
        if self.lines.len() == 1 {
            return vec![self.session.line("review.main_already", &[])];
        }
        self.lines.pop();
        let ply = self.cursor().ply;
        self.set(ply);
        let mut lines = vec![self.session.line("review.left", &[])];
        if let Some(last) = ply.checked_sub(1) {
            lines.extend(self.said(last));
        }
        lines
    }

    fn result_words(&self, result: &str) -> String {
        let key = match result {
            "1-0" => "review.white_won",
            "0-1" => "review.black_won",
            "1/2-1/2" => "review.drawn",
            _ => "review.unfinished",
        };
        self.session.tr(key, &[])
    }
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
fn at(settings: &Settings, game: &PgnGame, ply: usize) -> Result<Session, super::SessionError> {
    let settings = Settings { fen: game.start.clone(), chess960: None, ..settings.clone() };
    let mut session = Session::new(settings)?;
    session.apply(Event::Start, Timestamp(0));
    let upto = PgnGame { moves: game.moves[..ply.min(game.moves.len())].to_vec(), result: "*".into(), ..game.clone() };
    session.apply(Event::Pgn(upto), Timestamp(0));
    Ok(session)
}
