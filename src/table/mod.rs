//! The table: the game record's two physical boards — the tactile one and the sighted one — and
//! the players' scoresheets, with the relay of each move from one board to the other (E.2.1,
//! E.2.3), what is awaiting confirmation, and the window for correcting a slip of the tongue
//! (E.2.6). The session decides; this keeps the facts.

mod board;
mod export;
mod seat;
mod sheet;

pub use board::{PhysicalBoard, Step};
pub use export::{export_sheet, SheetFormat, SheetHeading, BRF_LINES, BRF_WIDTH};
pub use seat::{parse_blind, Seat};
pub use sheet::{movetext, Entry, Scoresheet};

use std::time::Duration;

use shakmaty::{Board, ByColor, Color, Move};

/// How relayed moves reach the other board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, strum::EnumIter, strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "lowercase")]
pub enum RelayMode {
    /// The app takes every announced move as executed on the other board.
    #[default]
    Trust,
    /// The receiving side confirms each move (`ok`, or `relay MOVE` for what was really done).
    Confirm,
}

crate::choice::choice!(RelayMode, "relay");

/// A move announced and not yet confirmed on the receiving board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PendingRelay {
    /// The half-move.
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// The colour whose board is to execute it.
    pub receiver: Color,
}

#[derive(Debug, Clone)]
/// The table: both physical boards, both scoresheets, the relay waiting and the repair under way.
pub struct Table {
    boards: ByColor<PhysicalBoard>,
    sheets: ByColor<Scoresheet>,
    blind: Option<Color>,
    pending: Option<PendingRelay>,
    /// In trust mode: the last announced move, taken as executed on the receiving board, with
    /// that board as it was before, until `relay` says how it was really executed.
    trusted: Option<(PendingRelay, PhysicalBoard)>,
    /// The board whose repair was given and awaits the player's confirmation.
    repairing: Option<Color>,
    /// How many steps of that repair are done.
    repair_done: usize,
    /// Whether the last announced move can still be corrected as a slip of the tongue.
    slip_open: bool,
}

impl Table {
    /// Both boards set up as `start`.
    pub fn new(start: &Board, blind: Option<Color>) -> Table {
        Table {
            boards: ByColor::new_with(|_| PhysicalBoard::new(start.clone())),
            sheets: ByColor::default(),
            blind,
            pending: None,
            trusted: None,
            repairing: None,
            repair_done: 0,
            slip_open: false,
        }
    }

    /// The board `color` plays on: the tactile one for the blind player.
    pub fn board(&self, color: Color) -> &PhysicalBoard {
        self.boards.get(color)
    }

    /// The board, to be changed by hand (a report, a repair): a trusted relay no longer applies.
    pub fn board_mut(&mut self, color: Color) -> &mut PhysicalBoard {
        self.trusted = None;
        self.boards.get_mut(color)
    }

    /// Whether `color` plays on the tactile board.
    pub fn is_tactile(&self, color: Color) -> bool {
        self.blind == Some(color)
    }

    /// `color`'s scoresheet.
    pub fn sheet(&self, color: Color) -> &Scoresheet {
        self.sheets.get(color)
    }

    /// `color`'s scoresheet, to write on.
    pub fn sheet_mut(&mut self, color: Color) -> &mut Scoresheet {
        self.sheets.get_mut(color)
    }

    /// The relay waiting, if any.
    pub fn pending(&self) -> Option<PendingRelay> {
        self.pending
    }

    /// The board being repaired, if any.
    pub fn repairing(&self) -> Option<Color> {
        self.repairing
    }

    /// Sets the board being repaired.
    pub fn set_repairing(&mut self, board: Option<Color>) {
        if board.is_some() {
            // A board under repair is no longer as the trusted relay left it.
            self.trusted = None;
        }
        self.repairing = board;
        self.repair_done = 0;
    }

    /// How many steps of the repair under way are done.
    pub fn repair_done(&self) -> usize {
        self.repair_done
    }

    /// One step of the repair under way was done on `board` by hand.
    pub fn repair_step(&mut self, board: Color, step: Step) {
        self.boards.get_mut(board).apply(step);
        self.repair_done += 1;
    }

    /// Whether the last announced move can still be corrected as a slip of the tongue (E.2.6).
    pub fn slip_open(&self) -> bool {
        self.slip_open
    }

    /// Closes the slip-of-the-tongue window: the opponent has acted, their clock counts as started.
    pub fn close_slip(&mut self) {
        self.slip_open = false;
    }

    /// Opens the slip-of-the-tongue window again after `close_slip`, when what seemed the
    /// opponent's action was refused (a typo is not the opponent acting).
    pub fn reopen_slip(&mut self) {
        self.slip_open = true;
    }

    /// A move completed on the mover's board and announced: both sheets get the entry; the other
    /// board gets the move now (trust) or on confirmation.
    pub fn moved(&mut self, ply: usize, mv: Move, mover: Color, entry: Entry, relay: RelayMode) {
        self.boards.get_mut(mover).execute(mv, mover);
        for color in Color::ALL {
            self.sheets.get_mut(color).write(ply, entry.clone());
        }
        let receiver = mover.other();
        let relayed = PendingRelay { ply, mv, receiver };
        match relay {
            RelayMode::Trust => {
                self.trusted = Some((relayed, self.boards.get(receiver).clone()));
                self.boards.get_mut(receiver).execute(mv, mover);
                self.pending = None;
            }
            RelayMode::Confirm => {
                self.trusted = None;
                self.pending = Some(relayed);
            }
        }
        self.slip_open = true;
    }

    /// The pending move was executed on the receiving board as announced.
    pub fn confirm(&mut self) -> Option<PendingRelay> {
        let pending = self.pending.take()?;
        self.boards.get_mut(pending.receiver).execute(pending.mv, pending.receiver.other());
        self.slip_open = false;
        Some(pending)
    }

    /// Undoes `confirm` when the move that seemed to confirm it was refused: the relay waits
    /// again and the receiving board is `board`, as it was.
    pub fn unconfirm(&mut self, pending: PendingRelay, board: PhysicalBoard) {
        *self.boards.get_mut(pending.receiver) = board;
        self.pending = Some(pending);
    }

    /// The move `relay` speaks of: the one waiting for confirmation, or in trust mode the last
    /// one announced (taken as executed as announced).
    pub fn relay_target(&self) -> Option<PendingRelay> {
        self.pending.or(self.trusted.as_ref().map(|(relayed, _)| *relayed))
    }

    /// The move `relay_target` names was executed on the receiving board as `actual`.
    pub fn relayed(&mut self, actual: Move) -> Option<PendingRelay> {
        let target = match self.pending.take() {
            Some(pending) => pending,
            None => {
                let (trusted, before) = self.trusted.take()?;
                *self.boards.get_mut(trusted.receiver) = before;
                trusted
            }
        };
        self.boards.get_mut(target.receiver).execute(actual, target.receiver.other());
        self.slip_open = false;
        Some(target)
    }

    /// Back to half-move `ply` (the first `ply` moves stand): sheets cut, nothing pending; both
    /// boards set to `placement` if given, else left as they stand (to be repaired by hand).
    pub fn retrace(&mut self, ply: usize, placement: Option<&Board>) {
        for color in Color::ALL {
            self.sheets.get_mut(color).truncate(ply);
            if let Some(placement) = placement {
                self.boards.get_mut(color).set(placement.clone());
            }
        }
        self.pending = None;
        self.trusted = None;
        self.repairing = None;
        self.slip_open = false;
    }

    /// The clocks' readings of half-move `ply` on both sheets set to `clocks` (an online game's
    /// server says what they were).
    pub fn set_clocks_at(&mut self, ply: usize, clocks: ByColor<Duration>) {
        for color in Color::ALL {
            let sheet = self.sheets.get_mut(color);
            if let Some(entry) = sheet.entry(ply).cloned() {
                sheet.write(ply, Entry { clocks, ..entry });
            }
        }
    }

    /// The clocks' readings recorded with the entry of half-move `ply` on `color`'s sheet.
    pub fn clocks_at(&self, color: Color, ply: usize) -> Option<ByColor<Duration>> {
        self.sheets.get(color).entry(ply).map(|e| e.clocks)
    }

    /// The first half-move where the two sheets differ (an entry missing on one counts), if any.
    pub fn sheets_differ_at(&self) -> Option<usize> {
        let (w, b) = (self.sheets.get(Color::White), self.sheets.get(Color::Black));
        let len = w.len().max(b.len());
        (0..len).find(|&ply| {
            let (a, c) = (w.entry(ply), b.entry(ply));
            match (a, c) {
                (Some(a), Some(c)) => match (a.mv, c.mv) {
                    (Some(x), Some(y)) => x != y,
                    _ => a.written != c.written,
                },
                _ => true,
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Position};

    fn entry(mv: Move) -> Entry {
        Entry { written: mv.to_string(), mv: Some(mv), clocks: ByColor::default() }
    }

    #[test]
    fn confirm_mode_waits_for_the_receiver() {
        let pos = Chess::default();
        let mv = shakmaty::uci::UciMove::from_ascii(b"e2e4").unwrap().to_move(&pos).unwrap();
        let mut table = Table::new(pos.board(), Some(Color::Black));
        table.moved(0, mv, Color::White, entry(mv), RelayMode::Confirm);
        assert_ne!(table.board(Color::White).placement(), table.board(Color::Black).placement());
        assert!(table.slip_open());
        table.confirm().unwrap();
        assert_eq!(table.board(Color::White).placement(), table.board(Color::Black).placement());
        assert!(!table.slip_open());
        assert_eq!(table.sheets_differ_at(), None);
    }

    #[test]
    fn in_trust_mode_relay_says_how_the_last_move_was_executed() {
        let pos = Chess::default();
        let uci = |p: &Chess, t: &str| shakmaty::uci::UciMove::from_ascii(t.as_bytes()).unwrap().to_move(p).unwrap();
        let mv = uci(&pos, "g1f3");
        let mut table = Table::new(pos.board(), Some(Color::Black));
        assert_eq!(table.relay_target(), None);
        table.moved(0, mv, Color::White, entry(mv), RelayMode::Trust);
        assert_eq!(table.pending(), None);
        assert_eq!(table.relay_target(), Some(PendingRelay { ply: 0, mv, receiver: Color::Black }));
        let actual = uci(&pos, "g1h3");
        table.relayed(actual).unwrap();
        let mut executed = pos.clone();
        executed.play_unchecked(actual);
        assert_eq!(table.board(Color::Black).placement(), executed.board());
        assert_eq!(table.relay_target(), None, "a relay is recorded once");
    }

    #[test]
    fn a_retrace_may_leave_the_boards_for_a_repair_by_hand() {
        let pos = Chess::default();
        let mv = shakmaty::uci::UciMove::from_ascii(b"e2e4").unwrap().to_move(&pos).unwrap();
        let mut table = Table::new(pos.board(), Some(Color::White));
        table.moved(0, mv, Color::White, entry(mv), RelayMode::Trust);
        table.retrace(0, None);
        assert!(table.sheet(Color::White).is_empty());
        assert_ne!(table.board(Color::White).placement(), pos.board());
        let steps = table.board(Color::White).steps_to(pos.board());
        table.set_repairing(Some(Color::White));
        for step in steps {
            table.repair_step(Color::White, step);
        }
        assert_eq!(table.repair_done(), 1);
        assert_eq!(table.board(Color::White).placement(), pos.board());
    }
}
