//! The sighted board as an electronic board (DGT): the board's serial protocol read and written as
//! bytes, and the observer that turns the placements it reports into the game's moves, or into a
//! divergence when the board settles on a placement that is neither the game's position nor a
//! legal move away from it. Pure: bytes and times in, messages and moves out; the serial port is
//! at the edge.

mod observer;
mod protocol;

pub use observer::{Observed, Observer, SETTLE};
pub use protocol::{
    code_of, dump_bytes, field_bytes, field_of, piece_of, square_of, BoardCommand, BoardMessage, Decoder, MessageError,
};
