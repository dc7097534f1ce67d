//! Scoresheets read and written (`sheet`), and the arbiter's reconciliation (`reconcile`,
//! E.2.7–E.2.8): agreeing sheets repair the boards, differing sheets take the game back to where
//! they last agree, with the clocks recorded there.

use shakmaty::{ByColor, Chess, Color, Position};

use super::command::SheetCommand;
use super::session::Session;
use super::Line;
use crate::table::Entry;
use crate::wording::Words;

impl Session {
    /// `sheet [white|black] [from N]` reads a sheet; `sheet white|black N. MOVE …` writes on it.
    pub(super) fn sheet(&mut self, asked: SheetCommand) -> Vec<Line> {
        let default = self.settings.blind.unwrap_or(Color::White);
        match asked {
            SheetCommand::Read { color, from } => self.read_sheet(color.unwrap_or(default), from),
            SheetCommand::Write { color, moves } => self.write_sheet(color.unwrap_or(default), &moves),
        }
    }

    fn read_sheet(&self, color: Color, from: usize) -> Vec<Line> {
        let entries = self.sheet_words(color);
        let (mut printed, mut spoken) = (Vec::new(), Vec::new());
        for (ply, entry) in entries.iter().enumerate().skip((from - 1) * 2) {
            let label = self.ply_label(ply);
            if !label.printed.ends_with("...") || printed.is_empty() {
                printed.push(format!("{} {}", label.printed, entry.printed));
                spoken.push(format!("{}: {}", label.spoken, entry.spoken));
            } else {
                printed.push(entry.printed.clone());
                if let Some(last) = spoken.last_mut() {
                    last.push_str(&format!(", {}", entry.spoken));
                }
            }
        }
        let name = self.color(color);
        if printed.is_empty() {
            return vec![self.line("table.sheet_empty", &[("color", &name)])];
        }
        let moves = Words::new(printed.join(" "), spoken.join("; "));
        vec![self.say_words(self.wording().words("table.sheet", &[("color", name.into()), ("moves", moves)]))]
    }

    /// Every entry of a sheet in both forms: printed as written, spoken as the pack announces the
    /// move it was read as (as written, when it is words; "nothing" for a gap).
    fn sheet_words(&self, color: Color) -> Vec<Words> {
        let w = self.wording();
        let mut pos: Option<Chess> = Some(self.game.start().clone());
        let mut out = Vec::new();
        for entry in self.table.sheet(color).entries() {
            let words = match (entry, pos.as_ref()) {
                (Some(Entry { written, mv: Some(mv), .. }), Some(p)) => {
                    Words::new(written.clone(), w.mv(p, *mv, self.settings.letters(color)).spoken)
                }
                (Some(Entry { written, .. }), _) => match w.written(written, self.settings.letters(color)) {
                    Some(spoken) => Words::new(written.clone(), spoken),
                    None => self.typed(written),
                },
                (None, _) => Words::new("…", self.tr("table.nothing", &[])),
            };
            pos = match (pos, entry.as_ref().and_then(|e| e.mv)) {
                (Some(mut p), Some(m)) => {
                    p.play_unchecked(m);
                    Some(p)
                }
                _ => None,
            };
            out.push(words);
        }
        out
    }

    /// A half-move's number: printed `12.` or `12...`, spoken "move 12" or "Black's move 12".
    /// Counted from the game's start position, which may have Black to move or a later number.
    pub(super) fn ply_label(&self, ply: usize) -> Words {
        let start = self.game.start();
        let offset = ply + usize::from(start.turn() == Color::Black);
        let number = (start.fullmoves().get() as usize + offset / 2).to_string();
        let (key, dots) = if offset.is_multiple_of(2) { ("ply.white", ".") } else { ("ply.black", "...") };
        Words::new(format!("{number}{dots}"), self.tr(key, &[("number", &number)]))
    }

    fn write_sheet(&mut self, color: Color, moves: &[(usize, String)]) -> Vec<Line> {
        let readings = self.timing.clock.readings(self.now);
        for (ply, written) in moves {
            let clocks = self.table.sheet(color).entry(*ply).map_or(readings, |e| e.clocks);
            self.table.sheet_mut(color).write(*ply, Entry { written: written.clone(), mv: None, clocks });
        }
        let unreadable = self.resolve_sheet(color);
        let name = self.color(color);
        let mut lines = Vec::new();
        let entries = self.sheet_words(color);
        for (ply, written) in moves {
            let key = if unreadable.contains(ply) { "table.sheet_unreadable" } else { "table.sheet_set" };
            let written = entries.get(*ply).cloned().unwrap_or_else(|| self.typed(written));
            let args = [("color", name.clone().into()), ("number", self.ply_label(*ply)), ("written", written)];
            lines.push(self.say_words(self.wording().words(key, &args)));
        }
        lines
    }

    /// Reads every entry of a sheet in the position its earlier entries reach; returns the
    /// half-moves that cannot be read as a legal move (they stay as written).
    fn resolve_sheet(&mut self, color: Color) -> Vec<usize> {
        let letters = self.settings.letters(color);
        let mut pos: Option<Chess> = Some(self.game.start().clone());
        let mut unreadable = Vec::new();
        let count = self.table.sheet(color).len();
        for ply in 0..count {
            let Some(entry) = self.table.sheet(color).entry(ply).cloned() else {
                pos = None;
                continue;
            };
            let mv = pos.as_ref().and_then(|p| self.reader.read(&entry.written, p, letters).ok());
            if mv.is_none() {
                unreadable.push(ply);
            }
            pos = match (pos, mv) {
                (Some(mut p), Some(m)) => {
                    p.play_unchecked(m);
                    Some(p)
                }
                _ => None,
            };
            self.table.sheet_mut(color).write(ply, Entry { mv, ..entry });
        }
        unreadable
    }

    /// `reconcile` (E.2.7, E.2.8), for the arbiter.
    /// The first half-move where the scoresheets differ; sheets that agree but cannot be read, or
    /// that describe another game than the record, count as differing where that begins.
    pub(super) fn sheets_differ_at(&self) -> Option<usize> {
        self.table.sheets_differ_at().or_else(|| {
            let sheet = self.table.sheet(Color::White);
            (0..sheet.len()).find(|&ply| sheet.entry(ply).and_then(|e| e.mv) != self.game.moves().nth(ply))
        })
    }

    pub(super) fn reconcile(&mut self) -> Vec<Line> {
        let mut lines = Vec::new();
        match self.sheets_differ_at() {
            None => {
                let moves = self.table.sheet(Color::White).len().to_string();
                lines.push(self.line("table.reconcile_agree", &[("moves", &moves)]));
                lines.push(Self::print(self.tr("table.report_rule_agree", &[])));
                let repairs = self.repair_next();
                if repairs.is_empty() {
                    lines.push(self.line("table.reconcile_boards_ok", &[]));
                }
                lines.extend(repairs);
            }
            Some(ply) => lines.extend(self.retrace_to(ply)),
        }
        lines
    }

    fn written_at(&self, color: Color, ply: usize) -> Words {
        self.sheet_words(color).get(ply).cloned().unwrap_or_else(|| self.tr("table.nothing", &[]).into())
    }

    /// E.2.8: back to the first `ply` half-moves, where the sheets last agree.
    fn retrace_to(&mut self, ply: usize) -> Vec<Line> {
        let (white, black) = (self.written_at(Color::White, ply), self.written_at(Color::Black, ply));
        let args = [("number", self.ply_label(ply)), ("white", white), ("black", black)];
        let mut lines = vec![self.say_words(self.wording().words("table.reconcile_differ", &args))];
        let readings = ply.checked_sub(1).and_then(|last| self.table.clocks_at(Color::White, last));
        let undone = self.game.ply_count().saturating_sub(ply);
        let taken_back = self.taken_back(ply);
        self.retract_to(ply);
        self.table.retrace(ply, None);
        self.touched = None;
        let to_move = self.game.position().turn();
        let times =
            readings.unwrap_or_else(|| crate::clock::Clock::new(self.settings.control.clone()).readings(self.now));
        let moves =
            ByColor::new_with(|c| (0..ply).filter(|&i| self.game.position_before(i).turn() == c).count() as u32);
        self.timing.clock.restore(times, moves, to_move, self.now);
        self.timing.watch.reset(Color::White, &self.timing.clock, self.now, true);
        self.timing.watch.reset(Color::Black, &self.timing.clock, self.now, true);
        let retraced = if ply == 0 {
            self.tr("table.reconcile_start", &[]).into()
        } else {
            self.wording().words("table.reconcile_retrace", &[("number", self.ply_label(ply - 1))])
        };
        lines.push(self.say_words(retraced));
        lines.push(Self::print(
            self.tr("table.reconcile_position", &[("fen", &crate::rules::to_fen(self.game.position()))]),
        ));
        lines.push(self.line("start.to_move", &[("color", &self.color(to_move))]));
        if self.timing.clock.is_active() {
            let (w, b) = (self.duration_words(*times.get(Color::White)), self.duration_words(*times.get(Color::Black)));
            lines.push(self.line("table.reconcile_clocks", &[("white", &w), ("black", &b)]));
        }
        lines.push(Self::print(self.tr("table.report_rule_differ", &[("undone", &undone.to_string())])));
        lines.push(taken_back);
        lines.extend(self.repair_next());
        lines
    }

    /// `illegal`: the position before the offender's last move is restored on the record and both
    /// boards (7.4a, 7.5a); the offender must move again.
    pub(super) fn restore_before_illegal(&mut self, offender: Color) -> Vec<Line> {
        let Some(last) = self.game.ply_count().checked_sub(1) else { return Vec::new() };
        if self.game.position_before(last).turn() != offender {
            return Vec::new();
        }
        let taken_back = self.taken_back(last);
        self.retract_to(last);
        self.table.retrace(last, None);
        self.timing.clock.hand_to(offender, self.now);
        let moves = self.timing.clock.moves(offender).saturating_sub(1);
        self.timing.clock.set_moves(offender, moves);
        let mut lines = vec![self.line("time.illegal_restored", &[("color", &self.color(offender))]), taken_back];
        lines.extend(self.repair_next());
        lines
    }

    /// "Taken back: Black's move 3, Springer Cesar sechs; move 4, …": the moves from half-move
    /// `ply` on, before they are taken back.
    fn taken_back(&self, ply: usize) -> Line {
        let w = self.wording();
        let moves: Vec<Words> = (ply..self.game.ply_count())
            .filter_map(|i| {
                let before = self.game.position_before(i);
                let mv = self.game.moves().nth(i)?;
                let said = w.mv(before, mv, self.printed_letters(before.turn()));
                let label = self.ply_label(i);
                Some(Words::new(
                    format!("{} {}", label.printed, said.printed),
                    format!("{}, {}", label.spoken, said.spoken),
                ))
            })
            .collect();
        let join = |f: fn(&Words) -> &str| moves.iter().map(f).collect::<Vec<_>>().join("; ");
        let list = Words::new(join(|m| &m.printed), join(|m| &m.spoken));
        self.say_words(w.words("table.taken_back", &[("moves", list)]))
    }
}
