//! The sighted board as an electronic board (DGT): the board's serial protocol read and written as
//! bytes, the observer that turns the placements it reports into the game's moves, or into a
//! divergence when the board settles on a placement that is neither the game's position nor a
//! legal move away from it, and the reports the serial line gives the game. All pure but
//! `serial`, the port itself, at the edge.

mod observer;
mod protocol;
mod report;
mod serial;

pub use observer::{differences, Observed, Observer, HELD, SETTLE};
pub use protocol::{
    code_of, dump_bytes, field_bytes, field_of, piece_of, square_of, BoardCommand, BoardMessage, Decoder, MessageError,
};
pub use report::{BoardPort, BoardPortError, BoardReport, PortProblem};
pub use serial::Connection;
