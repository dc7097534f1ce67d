//! What the session knows of the electronic board: the observer of its placement (from the
//! board's first placement on), whether its line is open or was lost, and whether its placement
//! has come since the line was opened (until it has, nothing it reports is believed).

use crate::eboard::Observer;

/// What the session knows of the electronic board.
#[derive(Debug, Clone, Default)]
pub struct BoardWatch {
    observer: Option<Observer>,
    connected: bool,
    lost: bool,
    /// The placement came since the line was opened.
    read: bool,
    /// The board was said not to answer since the line was opened.
    silent: bool,
}

impl BoardWatch {
    /// The line is open; whether it was lost before (a reconnection).
    pub fn connect(&mut self) -> bool {
        self.connected = true;
        (self.read, self.silent) = (false, false);
        std::mem::take(&mut self.lost)
    }

    /// The board did not answer the request for its placement.
    pub fn silence(&mut self) {
        self.silent = true;
    }

    /// Its placement came: from now on what it reports is believed. Whether it had been said
    /// not to answer.
    pub fn placement_read(&mut self) -> bool {
        self.read = true;
        std::mem::take(&mut self.silent)
    }

    /// Whether the line is open and the placement has come since.
    pub fn is_read(&self) -> bool {
        self.connected && self.read
    }

    /// Whether the line is open.
    pub fn is_connected(&self) -> bool {
        self.connected
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

    /// The observer while what the board reports is believed (its placement has come since the
    /// line was opened).
    pub fn believed_observer(&self) -> Option<&Observer> {
        self.observer.as_ref().filter(|_| self.read)
    }

    /// The observer, to tell it what the board reported: none before the placement has come
    /// since the line was opened.
    pub fn observer_mut(&mut self) -> Option<&mut Observer> {
        self.observer.as_mut().filter(|_| self.read)
    }

    /// The observer, started from `start` if this is the board's first placement (only
    /// `makes`'s moves are made on the board, where a side's are announced).
    pub fn observe_from(&mut self, start: shakmaty::Board, makes: Option<shakmaty::Color>) -> &mut Observer {
        self.observer.get_or_insert_with(|| match makes {
            Some(color) => Observer::new(start).making(color),
            None => Observer::new(start),
        })
    }

    /// The observer while the line is open and its placement has come.
    pub fn connected_observer(&self) -> Option<&Observer> {
        self.observer.as_ref().filter(|_| self.is_read())
    }
}
