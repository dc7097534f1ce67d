//! The table: the game record's two physical boards — the tactile one and the sighted one — and
//! the players' scoresheets, with the relay of each move from one board to the other (E.2.1,
//! E.2.3), what is awaiting confirmation, and the window for correcting a slip of the tongue
//! (E.2.6). The session decides; this keeps the facts.

mod board;
mod export;
mod sheet;

pub use board::{PhysicalBoard, Step};
pub use export::{export_sheet, spoken_sheet, SheetFormat, SheetHeading, BRF_LINES, BRF_WIDTH};
pub use sheet::{movetext, Entry, Scoresheet};

use std::time::Duration;

use shakmaty::{Board, ByColor, Color, Move};

/// How relayed moves reach the other board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RelayMode {
    /// The app takes every announced move as executed on the other board.
    #[default]
    Trust,
    /// The receiving side confirms each move (`ok`, or `relay MOVE` for what was really done).
    Confirm,
}

/// A move announced and not yet confirmed on the receiving board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PendingRelay {
    pub ply: usize,
    pub mv: Move,
    pub receiver: Color,
}

#[derive(Debug, Clone)]
pub struct Table {
    boards: ByColor<PhysicalBoard>,
    sheets: ByColor<Scoresheet>,
    blind: Option<Color>,
    pending: Option<PendingRelay>,
    /// The board whose repair was given and awaits the player's confirmation.
    repairing: Option<Color>,
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
            repairing: None,
            slip_open: false,
        }
    }

    /// The board `color` plays on: the tactile one for the blind player.
    pub fn board(&self, color: Color) -> &PhysicalBoard {
        self.boards.get(color)
    }

    pub fn board_mut(&mut self, color: Color) -> &mut PhysicalBoard {
        self.boards.get_mut(color)
    }

    /// Whether `color` plays on the tactile board.
    pub fn is_tactile(&self, color: Color) -> bool {
        self.blind == Some(color)
    }

    pub fn sheet(&self, color: Color) -> &Scoresheet {
        self.sheets.get(color)
    }

    pub fn sheet_mut(&mut self, color: Color) -> &mut Scoresheet {
        self.sheets.get_mut(color)
    }

    pub fn pending(&self) -> Option<PendingRelay> {
        self.pending
    }

    pub fn repairing(&self) -> Option<Color> {
        self.repairing
    }

    pub fn set_repairing(&mut self, board: Option<Color>) {
        self.repairing = board;
    }

    pub fn slip_open(&self) -> bool {
        self.slip_open
    }

    /// Closes the slip-of-the-tongue window: the opponent has acted, their clock counts as started.
    pub fn close_slip(&mut self) {
        self.slip_open = false;
    }

    /// A move completed on the mover's board and announced: both sheets get the entry; the other
    /// board gets the move now (trust) or on confirmation.
    pub fn moved(&mut self, ply: usize, mv: Move, mover: Color, entry: Entry, relay: RelayMode) {
        self.boards.get_mut(mover).execute(mv, mover);
        for color in Color::ALL {
            self.sheets.get_mut(color).write(ply, entry.clone());
        }
        let receiver = mover.other();
        match relay {
            RelayMode::Trust => {
                self.boards.get_mut(receiver).execute(mv, mover);
                self.pending = None;
            }
            RelayMode::Confirm => self.pending = Some(PendingRelay { ply, mv, receiver }),
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

    /// The pending move was executed on the receiving board as `actual`.
    pub fn relayed(&mut self, actual: Move) -> Option<PendingRelay> {
        let pending = self.pending.take()?;
        self.boards.get_mut(pending.receiver).execute(actual, pending.receiver.other());
        self.slip_open = false;
        Some(pending)
    }

    /// Back to half-move `ply` (the first `ply` moves stand): sheets cut, nothing pending, both
    /// boards set to `placement`.
    pub fn retrace(&mut self, ply: usize, placement: &Board) {
        for color in Color::ALL {
            self.sheets.get_mut(color).truncate(ply);
            self.boards.get_mut(color).set(placement.clone());
        }
        self.pending = None;
        self.repairing = None;
        self.slip_open = false;
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
}
