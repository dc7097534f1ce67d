//! The session at the table: each move recorded on both boards and both scoresheets, relays
//! confirmed or corrected, slips of the tongue, divergences found from typed moves, reading and
//! reporting a board, scoresheets read and written, the arbiter's reconciliation (E.2.6–E.2.8),
//! touch-move claims.

use shakmaty::{ByColor, CastlingMode, Chess, Color, FromSetup, Move, Piece, Position, PositionError, Role, Square};

use super::command::{BoardCommand, BoardSide};
use super::session::Session;
use super::Line;
use crate::audio::Cue;
use crate::notation::{self, LetterSet};
use crate::rules::MoveReport;
use crate::table::Entry;
use crate::wording::Words;

impl Session {
    /// The board named (`tactile`, `sighted`), else the tactile one: the blind player's colour
    /// (White's when nobody is blind).
    fn board_of(&self, side: Option<BoardSide>) -> Color {
        let tactile = self.settings.blind.unwrap_or(Color::White);
        match side {
            Some(BoardSide::Sighted) => tactile.other(),
            _ => tactile,
        }
    }

    pub(super) fn board_name(&self, color: Color) -> String {
        let key = if self.table.is_tactile(color) { "table.tactile" } else { "table.sighted" };
        self.tr(key, &[])
    }

    /// A piece in the announcement words ("Springer").
    pub(super) fn piece_words(&self, piece: Piece) -> String {
        self.wording().pack().piece(piece.role).to_string()
    }

    /// A move as the scoresheet has it: full notation under the 1953 code, SAN otherwise, in the
    /// mover's letters.
    pub(super) fn sheet_notation(&self, before: &Chess, mv: shakmaty::Move, mover: shakmaty::Color) -> String {
        let letters = self.settings.letters(mover);
        match self.settings.ruleset {
            crate::rules::Ruleset::Ussr1953 => notation::full(before, mv, letters),
            _ => notation::san(before, mv, letters),
        }
    }

    /// After a move is announced: both boards and both scoresheets learn of it.
    pub(super) fn record_on_table(&mut self, before: &Chess, report: &MoveReport) {
        let ply = self.game.ply_count() - 1;
        let written = self.sheet_notation(before, report.mv, report.mover);
        let entry = Entry { written, mv: Some(report.mv), clocks: self.timing.clock.readings(self.now) };
        self.table.moved(ply, report.mv, report.mover, entry, self.settings.relay);
        self.timing.after_moves.truncate(ply);
        self.timing.after_moves.push(self.timing.clock.clone());
        self.touched = None;
    }

    /// A move typed by the receiver of a pending relay confirms it; any move closes the window
    /// for correcting the last announcement.
    pub(super) fn before_move(&mut self) {
        if self.table.pending().is_some_and(|p| p.receiver == self.game.position().turn()) {
            self.table.confirm();
        }
        self.table.close_slip();
    }

    /// An empty line or `ok`: the relay was executed as announced, or a repair was done.
    pub(super) fn confirm_ok(&mut self, explicit: bool) -> Vec<Line> {
        if let Some(pending) = self.table.confirm() {
            let name = self.board_name(pending.receiver);
            return vec![self.line("table.confirmed", &[("board", &name)])];
        }
        if let Some(board) = self.table.repairing() {
            return self.repair_step_done(board);
        }
        if explicit {
            vec![self.line("table.nothing_pending", &[])]
        } else {
            Vec::new()
        }
    }

    /// The position on `color`'s board as the app believes it, with the game's side to move.
    fn believed_position(&self, color: Color) -> Option<Chess> {
        let mut setup = self.game.position().to_setup(shakmaty::EnPassantMode::Legal);
        setup.board = self.table.board(color).placement().clone();
        Chess::from_setup(setup, CastlingMode::Standard)
            .or_else(PositionError::ignore_invalid_castling_rights)
            .or_else(PositionError::ignore_invalid_ep_square)
            .ok()
    }

    /// A move illegal in the game but legal on a board as it is believed to stand: evidence that
    /// the board differs from the game, reported with its repair.
    pub(super) fn divergence_lines(&mut self, text: &str, letters: LetterSet) -> Option<Vec<Line>> {
        let mover = self.game.position().turn();
        let pos = self.believed_position(mover)?;
        self.reader.read(text, &pos, letters).ok()?;
        let name = Words::plain(self.board_name(mover));
        let said = self.wording().words("table.divergence", &[("text", self.typed(text)), ("board", name)]);
        let mut lines = vec![self.say_words(said)];
        lines.extend(self.repair_lines(mover));
        Some(lines)
    }

    /// A guess, never an instruction: when an illegal move would be legal had the last announced
    /// move been executed a little differently (a misheard file or rank), the players are asked
    /// whether it was; only `yes` makes the board believed so and asks for its repair.
    pub(super) fn misexecution_question(&mut self, text: &str, letters: LetterSet) -> Vec<Line> {
        let mover = self.game.position().turn();
        let Some(last) = self.game.ply_count().checked_sub(1) else { return Vec::new() };
        let before = self.game.position_before(last).clone();
        let Some(played) = self.game.moves().nth(last) else { return Vec::new() };
        // A plausible wrong execution: the same piece to a square on the announced file or rank
        // (a misheard word), and the typed move goes to where that piece stands or should stand.
        let guess = before.legal_moves().into_iter().filter(|&m| m != played && m.from() == played.from()).find(|&m| {
            let misheard = m.to().file() == played.to().file() || m.to().rank() == played.to().rank();
            let mut alt = before.clone();
            alt.play_unchecked(m);
            misheard
                && self
                    .reader
                    .read(text, &alt, letters)
                    .is_ok_and(|typed| typed.to() == m.to() || typed.to() == played.to())
        });
        let Some(executed) = guess else { return Vec::new() };
        let w = self.wording();
        let args = [
            ("board", Words::plain(self.board_name(mover))),
            ("executed", w.mv(&before, executed, self.settings.letters(before.turn()))),
            ("announced", w.mv(&before, played, self.settings.letters(before.turn()))),
        ];
        let line = self.say_words(w.words("table.ask_executed", &args));
        self.question = Some(super::session::Question::Executed { board: mover, ply: last, executed });
        vec![line]
    }

    /// The answer to "was it executed so?": yes makes the board believed so and asks for its
    /// repair; no keeps it as the game has it.
    pub(super) fn answer_executed(&mut self, yes: bool, board: Color, ply: usize, executed: Move) -> Vec<Line> {
        let name = self.board_name(board);
        if !yes || ply + 1 != self.game.ply_count() {
            return vec![self.line("table.kept", &[("board", &name)])];
        }
        let before = self.game.position_before(ply).clone();
        let mut physical = crate::table::PhysicalBoard::new(before.board().clone());
        physical.execute(executed, before.turn());
        self.table.board_mut(board).set(physical.placement().clone());
        self.repair_lines(board)
    }

    /// `relay MOVE`: the pending move was repeated and executed as MOVE on the receiving board.
    pub(super) fn relay(&mut self, args: &str) -> Vec<Line> {
        let Some(pending) = self.table.relay_target() else {
            return vec![self.line("table.nothing_to_relay", &[])];
        };
        let before = self.game.position_before(pending.ply).clone();
        let letters = self.settings.letters(pending.receiver);
        match self.reader.read(args, &before, letters) {
            Ok(actual) => self.relay_move(actual),
            Err(e) => self.read_error_lines(args, &before, letters, e),
        }
    }

    /// The move waiting for its relay was repeated and executed as `actual` on the receiving
    /// board: confirmed when it is the move announced, else the divergence and its repair.
    pub(super) fn relay_move(&mut self, actual: Move) -> Vec<Line> {
        let Some(pending) = self.table.relay_target() else {
            return vec![self.line("table.nothing_to_relay", &[])];
        };
        let before = self.game.position_before(pending.ply).clone();
        self.table.relayed(actual);
        let name = self.board_name(pending.receiver);
        if actual == pending.mv {
            return vec![self.line("table.confirmed", &[("board", &name)])];
        }
        let announced = notation::spoken(&before, pending.mv, self.wording().pack(), self.settings.style);
        let executed = notation::spoken(&before, actual, self.wording().pack(), self.settings.style);
        let args = [("announced", announced.as_str()), ("executed", executed.as_str()), ("board", name.as_str())];
        let mut lines = vec![self.line("table.relay_differs", &args)];
        lines.extend(self.repair_lines(pending.receiver));
        lines
    }

    /// `correct MOVE` (E.2.6): the announcer corrects a slip of the tongue before the opponent's
    /// clock counts as started; the clocks go back to the moment of the announcement.
    pub(super) fn correct(&mut self, args: &str) -> Vec<Line> {
        let (_, before) = match self.slip_window() {
            Ok(open) => open,
            Err(refusal) => return refusal,
        };
        let letters = self.settings.letters(before.turn());
        match self.reader.read(args, &before, letters) {
            Ok(mv) => self.correct_move(mv),
            Err(e) => self.read_error_lines(args, &before, letters, e),
        }
    }

    /// The last half-move and the position before it, while its announcement may still be
    /// corrected; else why not.
    fn slip_window(&self) -> Result<(usize, Chess), Vec<Line>> {
        let Some(last) = self.game.ply_count().checked_sub(1) else {
            return Err(vec![self.line("table.slip_nothing", &[])]);
        };
        let before = self.game.position_before(last).clone();
        if !self.table.slip_open() || self.game.is_over() {
            let color = self.color(before.turn().other());
            return Err(vec![self.say(self.tr("table.slip_too_late", &[("color", &color)])).with_cue(Cue::Error)]);
        }
        Ok((last, before))
    }

    /// The last announcement corrected to `mv`, a move of the position before it (E.2.6).
    pub(super) fn correct_move(&mut self, mv: Move) -> Vec<Line> {
        let (last, before) = match self.slip_window() {
            Ok(open) => open,
            Err(refusal) => return refusal,
        };
        let mover = before.turn();
        let clock = self.timing.after_moves.get(last).cloned();
        self.retract_to(last);
        self.table.retrace(last, Some(before.board()));
        let report = match self.game.play(mv) {
            Ok(report) => report,
            Err(e) => return self.game_error_lines(e),
        };
        let words = notation::spoken(&before, mv, self.wording().pack(), self.settings.style);
        let mut lines = vec![self.line("table.slip_corrected", &[("words", &words)])];
        lines.extend(self.announcement(&before, &report));
        if let Some(mut clock) = clock {
            // The clocks as they stood when the move was first announced; the opponent's runs now.
            clock.resume(self.now);
            let times = clock.readings(self.now);
            self.timing.clock.restore(times, ByColor::new_with(|c| clock.moves(c)), mover.other(), self.now);
        }
        self.record_on_table(&before, &report);
        lines
    }

    /// `braille`: the board one rank per line in the braille chess code, printed and on the braille
    /// display, where the display's keys move through it.
    pub(super) fn braille_board(&mut self) -> super::Response {
        let ranks = crate::notation::braille_ranks(self.game.position().board());
        let mut lines = vec![self.line("braille.board", &[])];
        lines.extend(ranks.iter().map(|rank| Session::print(rank.clone())));
        super::Response { lines, effects: vec![super::Effect::Braille(ranks)] }
    }

    /// `board` alone, `board check` and `board report`.
    pub(super) fn board_command(&mut self, asked: Option<BoardCommand>) -> Vec<Line> {
        match asked {
            None => self.board_query(),
            Some(BoardCommand::Check { board, by_piece }) => self.board_check(self.board_of(board), by_piece),
            Some(BoardCommand::Report { board, square, piece }) => {
                self.board_report(self.board_of(board), square, piece)
            }
        }
    }

    fn board_check(&self, board: Color, by_piece: bool) -> Vec<Line> {
        let want = self.game.position().board().clone();
        let name = self.board_name(board);
        let mut lines = vec![self.line("table.check", &[("board", &name)])];
        if by_piece {
            for color in Color::ALL {
                for role in Role::ALL {
                    let squares: Vec<String> = (want.by_color(color) & want.by_role(role))
                        .into_iter()
                        .map(|s| self.wording().pack().square(s))
                        .collect();
                    let men = match squares.len() {
                        0 => continue,
                        1 => self.man(Piece { color, role }),
                        _ => self.men(Piece { color, role }),
                    };
                    lines.push(self.line("table.check_role", &[("men", &men), ("squares", &squares.join(", "))]));
                }
            }
            return lines;
        }
        for rank in shakmaty::Rank::ALL.into_iter().rev() {
            let items: Vec<String> = shakmaty::File::ALL
                .into_iter()
                .map(|file| Square::from_coords(file, rank))
                .filter_map(|sq| {
                    want.piece_at(sq).map(|p| format!("{} {}", self.man(p), self.wording().pack().square(sq)))
                })
                .collect();
            let number = self.wording().pack().rank(rank).to_string();
            let text = if items.is_empty() {
                self.tr("table.check_rank_empty", &[("rank", &number)])
            } else {
                self.tr("table.check_rank", &[("rank", &number), ("pieces", &items.join(", "))])
            };
            lines.push(self.say(text));
        }
        lines
    }

    fn piece_or_nothing(&self, piece: Option<Piece>) -> String {
        match piece {
            Some(p) => self.man(p),
            None => self.tr("table.nothing", &[]),
        }
    }

    fn board_report(&mut self, board: Color, square: Square, piece: Option<Piece>) -> Vec<Line> {
        self.table.board_mut(board).report(square, piece);
        let expected = self.game.position().board().piece_at(square);
        let name = self.board_name(board);
        if expected == piece {
            let mut lines = vec![self.line("table.report_same", &[("square", &square.to_string()), ("board", &name)])];
            // What is left to repair on that board, as it now stands; or that it agrees.
            let repairing = self.table.repairing() == Some(board);
            let differs = !self.table.board(board).steps_to(self.game.position().board()).is_empty();
            if differs || repairing {
                lines.extend(self.repair_lines(board));
            }
            if !differs && repairing {
                self.table.set_repairing(None);
                lines.extend(self.repair_next());
            }
            return lines;
        }
        let args = [
            ("board", name),
            ("square", square.to_string()),
            ("reported", self.piece_or_nothing(piece)),
            ("expected", self.piece_or_nothing(expected)),
        ];
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let mut lines = vec![self.line("table.report_differs", &args)];
        lines.extend(self.repair_lines(board));
        lines
    }

    /// `touched SQUARE` (4.3, E.2.2, E.2.9e): the side to move touched that piece and must move it.
    pub(super) fn touched(&mut self, square: Square) -> Vec<Line> {
        let pos = self.game.position().clone();
        let w = self.wording();
        let color = Words::plain(self.color(pos.turn()));
        if pos.board().color_at(square) != Some(pos.turn()) {
            let args = [("color", color), ("square", w.square(square))];
            return vec![self.say_words(w.words("table.touch_no_piece", &args))];
        }
        let letters = self.settings.letters(pos.turn());
        let moves = w.moves_from(&pos, square, letters);
        if moves.is_empty() {
            return vec![self.say_words(w.words("table.touch_free", &[("square", w.square(square))]))];
        }
        let line = self.say_words(
            w.words("table.touched", &[("color", color), ("square", w.square(square)), ("moves", w.list(&moves))]),
        );
        self.touched = Some(square);
        vec![line]
    }

    /// A move that breaks a touch-move claim is refused.
    pub(super) fn touch_refusal(&self, mv: Move) -> Option<Vec<Line>> {
        let square = self.touched?;
        (mv.from() != Some(square)).then(|| {
            let w = self.wording();
            vec![self
                .say_words(w.words("table.touch_enforced", &[("square", w.square(square))]))
                .with_cue(Cue::Illegal)]
        })
    }
}
