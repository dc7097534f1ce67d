//! What the session knows of the electronic board: the observer of its placement (from the
//! board's first placement on), and whether its line is open or was lost.

/// What the session knows of the electronic board.
#[derive(Debug, Clone, Default)]
pub struct BoardWatch {
    /// The observer, from the board's first placement on.
    pub(super) observer: Option<crate::eboard::Observer>,
    /// Whether the port is open now.
    pub(super) connected: bool,
    /// Whether it was lost since it was last connected.
    pub(super) lost: bool,
}
