//! Repairing the physical boards: when a board is known to differ from the game (a relay executed
//! otherwise, a board report, moves taken back), its repair is given one hand movement at a time
//! in the announcement words, each confirmed with `ok`; then the next board that differs, the
//! tactile one first.

use shakmaty::{Color, Position};

use super::session::Session;
use super::Line;
use crate::audio::Cue;
use crate::table::Step;

impl Session {
    /// One hand movement in the announcement words: "Springer von Felix sechs nach Hector sechs".
    pub(super) fn step_words(&self, step: Step) -> String {
        let pack = self.wording().pack();
        match step {
            Step::Move { piece, from, to } => pack
                .step_move
                .replace("{piece}", &self.piece_words(piece))
                .replace("{from}", &pack.square(from))
                .replace("{to}", &pack.square(to)),
            // A piece put on or taken off is named with its colour.
            Step::Remove { piece, square } => {
                pack.step_remove.replace("{piece}", pack.man(piece)).replace("{square}", &pack.square(square))
            }
            Step::Place { piece, square } => {
                pack.step_place.replace("{piece}", pack.man(piece)).replace("{square}", &pack.square(square))
            }
        }
    }

    /// The hand movements that bring `board` to the game position.
    fn steps_of(&self, board: Color) -> Vec<Step> {
        self.table.board(board).steps_to(self.game.position().board())
    }

    /// The repair of `board` to the game position, from its first step, or that it agrees.
    pub(super) fn repair_lines(&mut self, board: Color) -> Vec<Line> {
        if self.steps_of(board).is_empty() {
            let name = self.board_name(board);
            return vec![self.line("table.in_sync", &[("board", &name)])];
        }
        self.table.set_repairing(Some(board));
        self.repair_step_line(board)
    }

    /// The repair of the next board that differs from the game (the tactile one first; not a
    /// board still waiting for a relayed move); nothing when both agree.
    pub(super) fn repair_next(&mut self) -> Vec<Line> {
        let tactile = self.settings.blind.unwrap_or(Color::White);
        let waiting = self.table.pending().map(|p| p.receiver);
        let next = [tactile, tactile.other()]
            .into_iter()
            .find(|&board| Some(board) != waiting && !self.steps_of(board).is_empty());
        match next {
            Some(board) => self.repair_lines(board),
            None => Vec::new(),
        }
    }

    /// "To repair the tactile board, step 2 of 3: …. Then say ok."
    fn repair_step_line(&self, board: Color) -> Vec<Line> {
        let steps = self.steps_of(board);
        let Some(&step) = steps.first() else { return Vec::new() };
        let done = self.table.repair_done();
        let args = [
            ("board", self.board_name(board)),
            ("step", self.step_words(step)),
            ("number", (done + 1).to_string()),
            ("count", (done + steps.len()).to_string()),
        ];
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let key = match (done, steps.len()) {
            (0, 1) => "table.fix_one",
            (0, _) => "table.fix",
            _ => "table.fix_next",
        };
        vec![self.line(key, &args).with_cue(Cue::Illegal)]
    }

    /// `ok` while a board is repaired: that step is done; the next one, or the board is repaired
    /// (and the next board that differs is taken up).
    pub(super) fn repair_step_done(&mut self, board: Color) -> Vec<Line> {
        if let Some(&step) = self.steps_of(board).first() {
            self.table.repair_step(board, step);
        }
        if !self.steps_of(board).is_empty() {
            return self.repair_step_line(board);
        }
        self.table.set_repairing(None);
        let name = self.board_name(board);
        let mut lines = vec![self.line("table.repaired", &[("board", &name)])];
        lines.extend(self.repair_next());
        lines
    }
}
