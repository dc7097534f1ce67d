//! The parts of a session that own their state, each behind methods that say what they do: the
//! clock with its watch and the time of the event answered (`Timekeeper`), the arbiter's record
//! (illegal moves, a touched piece), the question waiting (`Asking`), the adjournment, the
//! electronic board's watch, the online game's watch, the listening, what was said (`Said`), a game
//! read from PGN as it was read (`Imported`), where the games are kept (`Archive`), and the engine
//! as the opponent of a practice game (`Sparring`). The game
//! itself (with its draw offers) and the table are `rules::Game` and `table::Table`.

mod adjournment;
mod arbiter;
mod archive;
mod asking;
mod board_watch;
mod imported;
mod listening;
mod online_watch;
mod said;
mod sparring;
mod timekeeper;

pub use adjournment::{Adjournment, Waiting};
pub use arbiter::Arbiter;
pub use archive::{Archive, Keeping};
pub use asking::{Asked, Asking, Question};
pub use board_watch::BoardWatch;
pub use imported::Imported;
pub use listening::Listening;
pub use online_watch::OnlineWatch;
pub use said::Said;
pub use sparring::{Purpose, Sparring};
pub use timekeeper::Timekeeper;
