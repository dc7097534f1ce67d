//! The parts of a session that own their state, each behind methods that say what they do: the
//! clock with its watch (`Timekeeper`), the adjournment, the electronic board's watch, the online
//! game's watch, the listening, what was said (`Said`), and a game read from PGN as it was read
//! (`Imported`). The game itself (with its draw offers) and the table are `rules::Game` and
//! `table::Table`.

mod adjournment;
mod board_watch;
mod imported;
mod listening;
mod online_watch;
mod said;
mod timekeeper;

pub use adjournment::{Adjournment, Waiting};
pub use board_watch::BoardWatch;
pub use imported::Imported;
pub use listening::Listening;
pub use online_watch::OnlineWatch;
pub use said::Said;
pub use timekeeper::Timekeeper;
