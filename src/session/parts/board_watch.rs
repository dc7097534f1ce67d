//! What the session knows of the electronic board: the observer of its placement (from the
//! board's first placement on), and whether its line is open or was lost.

use crate::eboard::Observer;

/// What the session knows of the electronic board.
#[derive(Debug, Clone, Default)]
pub struct BoardWatch {
    observer: Option<Observer>,
    connected: bool,
    lost: bool,
}

impl BoardWatch {
    /// The line is open; whether it was lost before (a reconnection).
    pub fn connect(&mut self) -> bool {
        self.connected = true;
        std::mem::take(&mut self.lost)
    }

    /// The line is lost.
    pub fn lose(&mut self) {
        self.connected = false;
        self.lost = true;
    }

    /// The observer, once the board's first placement has come.
    pub fn observer(&self) -> Option<&Observer> {
        self.observer.as_ref()
    }

    /// The observer, to tell it what the board reported.
    pub fn observer_mut(&mut self) -> Option<&mut Observer> {
        self.observer.as_mut()
    }

    /// The observer, started from `start` if this is the board's first placement.
    pub fn observe_from(&mut self, start: shakmaty::Board) -> &mut Observer {
        self.observer.get_or_insert_with(|| Observer::new(start))
    }

    /// The observer while the line is open.
    pub fn connected_observer(&self) -> Option<&Observer> {
        self.observer.as_ref().filter(|_| self.connected)
    }
}
