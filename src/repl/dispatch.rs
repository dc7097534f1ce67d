//! The one match from a typed command to its handler, and the words for arguments refused.

use super::arguments::{control_name, LineProblem, MAX_LINE};
use super::command::{ArgError, Command};
use super::registry::CommandSpec;
use super::session::Session;
use super::{Line, Response};
use crate::audio::Cue;

impl Session {
    /// Carries out `command` (already confirmed where it had to be).
    pub(super) fn command(&mut self, command: Command) -> Response {
        use Command as K;
        let lines = match command {
            K::Draw(by) => self.offer(by),
            K::Accept => self.answer_offer(true),
            K::Decline => self.answer_offer(false),
            K::Claim(intended) => self.claim(intended.as_deref()),
            K::Resign(by) => self.resign(by),
            K::Repeat => self.repeat(),
            K::Last(count) => self.last(count.unwrap_or(1)),
            K::Listen => return self.listen_command(),
            K::Eboard => self.board_setup_check(),
            K::Braille => return self.braille_board(),
            K::Engine => self.engine_command(),
            K::Next | K::Back | K::First | K::End | K::Goto(_) | K::Variation(_) | K::Mainline | K::PlayHere => {
                vec![self.line("review.only", &[]).with_cue(Cue::Error)]
            }
            K::Legal(square) => self.legal(square),
            K::Fen => vec![Session::print(crate::rules::to_fen(self.game.position()))],
            K::Help(about) => self.help(about),
            K::New(fen) => self.new_game(fen),
            K::Quit => return self.quit(),
            K::Time(of) => self.time(of),
            K::Pause => self.pause(),
            K::Resume => self.resume(),
            K::Advance(by) => self.advance(by),
            K::SetTime(color, time) => self.set_time(color, time),
            K::SetMoves(color, moves) => self.set_moves(color, moves),
            K::AddTime(color, time) => self.add_time(color, time),
            K::Illegal(by) => self.record_illegal(by),
            K::Flag => self.claim_flag(),
            K::Ok => self.confirm_ok(true),
            K::Relay(text) => self.relay(&text),
            K::Correct(text) => self.correct(&text),
            K::Board(asked) => self.board_command(asked),
            K::Reconcile => self.reconcile(),
            K::Sheet(asked) => self.sheet(asked),
            K::Touched(square) => self.touched(square),
            K::CountDowntime => self.downtime_lines(),
            K::Seal(text) => self.seal(&text),
            K::Adjourn(resumption) => return self.adjourn(&resumption),
            K::Open => self.open_sealed(),
            K::Pgn(path) => return self.pgn_command(path),
            K::Export { format, path } => return self.export_command(format, path),
            K::Analyse => {
                // In a game, the check a forfeit gets: the answer is what the arbiter's would be on
                // a flag fall, and the searches stay within the game's memory.
                let letters = self.settings.letters(self.settings.blind.unwrap_or(shakmaty::Color::White));
                let pos = self.game.position();
                self.wording().verdict_lines(pos, &crate::rules::forfeit_verdicts(pos), letters)
            }
            K::Rules => self.rules(),
            K::Pieces { color, role } => self.pieces_query(color, role),
            K::SquareInfo(square) => self.square_query(square),
            K::Scan(line) => self.scan_query(line),
            K::Attackers(square) => self.attackers_query(square),
            K::Defenders(square) => self.defenders_query(square),
            K::Check => self.check_query(),
            K::Captured => self.captured_query(),
            K::Turn => self.turn_query(),
            K::More => self.more_query(),
            K::Explain(topic) => self.explain(topic),
            K::Rate(rate) => return self.rate_command(rate),
            K::Volume(volume) => return self.volume_command(volume),
            K::Voice(choice) => return self.voice_command(choice),
            K::Verbosity(level) => self.verbosity_command(level),
            K::History(count) => self.history_command(count.unwrap_or(10)),
        };
        Response::lines(lines)
    }

    /// What is said about a line that cannot be read at all.
    pub(super) fn unreadable(&self, problem: LineProblem) -> Vec<Line> {
        let line = match problem {
            LineProblem::TooLong(length) => {
                let args = [("length", length.to_string()), ("most", MAX_LINE.to_string())];
                let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
                self.line("input.too_long", &args)
            }
            LineProblem::NotText => self.line("input.not_text", &[]),
            LineProblem::Control(c) => self.line("input.control", &[("name", &control_name(c))]),
        };
        vec![line.with_cue(Cue::Error)]
    }

    /// What is said when a command's arguments are refused: what was wrong and what is taken.
    pub(super) fn refusal(&self, error: ArgError) -> Vec<Line> {
        let mut lines = match error {
            ArgError::Usage(id) => self.usage(id),
            ArgError::Color(id) => {
                let expected = self.list(&[self.color(shakmaty::Color::White), self.color(shakmaty::Color::Black)]);
                let name = CommandSpec::of(id).name_in(self.lang());
                vec![self.say(self.tr("error.bad_argument", &[("command", name), ("expected", &expected)]))]
            }
            ArgError::Count(id, text) => {
                let key = if id == super::CommandId::History { "history.bad_count" } else { "last.bad_count" };
                vec![self.line(key, &[("text", &text)])]
            }
            ArgError::LegalSquare => vec![self.line("legal.bad_square", &[])],
            ArgError::UnknownCommand(name) => vec![self.line("error.unknown_command", &[("name", &name)])],
            ArgError::Sheet => vec![self.say_words(self.wording().words("table.sheet_bad", &[])).with_cue(Cue::Error)],
            ArgError::ExportFormat(format) => {
                let args = [("format", format.as_str()), ("formats", crate::table::SheetFormat::NAMES)];
                vec![self.say(self.tr("export.bad_format", &args)).with_cue(Cue::Error)]
            }
            ArgError::PieceWord(word) => vec![self.line("query.bad_piece", &[("word", &word)])],
            ArgError::Square => vec![self.line("query.bad_square", &[])],
            ArgError::Line => vec![self.line("query.bad_line", &[])],
            ArgError::Topic(topic) => {
                let list = self.topic_list();
                vec![self.line("explain.unknown", &[("topic", &topic), ("topics", &list)])]
            }
            ArgError::Number { id, low, high } => {
                let (low, high) = (low.to_string(), high.to_string());
                let name = CommandSpec::of(id).name_in(self.lang());
                vec![self.line("voice.bad_number", &[("command", name), ("low", &low), ("high", &high)])]
            }
            ArgError::Level(level) => vec![self.line("verbosity.bad", &[("level", &level)])],
        };
        // Every refusal sounds the error cue (the usage line has it already).
        lines.iter_mut().for_each(|l| l.cue = Some(Cue::Error));
        lines
    }
}
