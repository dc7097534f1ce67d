//! The DGT board protocol, as bytes: the one-byte commands to the board (reset, send the whole
//! board, send each change), and the board's messages (a header of three bytes: the message id
//! with its top bit set, then the length in two 7-bit halves, header included) cut out of the
//! serial stream — the board dump (64 piece codes from a8 to h1) and the field update (a square
//! and its new piece). Bytes that make no message are skipped and counted, never trusted.

use shakmaty::{Color, Piece, Role, Square};

/// A command to the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardCommand {
    /// Back to idle: no more updates.
    Reset,
    /// Send the whole board once.
    SendBoard,
    /// Send every change of a square from now on.
    SendUpdates,
}

impl BoardCommand {
    /// The byte the board reads.
    pub fn byte(self) -> u8 {
        match self {
            BoardCommand::Reset => 0x40,
            BoardCommand::SendBoard => 0x42,
            BoardCommand::SendUpdates => 0x44,
        }
    }
}

/// A message from the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardMessage {
    /// The whole board: what stands on each square.
    Dump(Vec<(Square, Piece)>),
    /// One square changed: what stands on it now (nothing: lifted).
    Field(Square, Option<Piece>),
    /// A message of another kind (serial number, version, clock), with its id.
    Other(u8),
}

/// A message that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MessageError {
    /// A piece code the protocol does not have.
    #[error("piece code {0} is unknown")]
    Piece(u8),
    /// A square number off the board.
    #[error("square number {0} is off the board")]
    Square(u8),
    /// A message shorter or longer than its kind is.
    #[error("message {id:#04x} has {length} bytes")]
    Length {
        /// The message id.
        id: u8,
        /// Its length.
        length: usize,
    },
}

const BOARD_DUMP: u8 = 0x86;
const FIELD_UPDATE: u8 = 0x8e;

/// The square of the board's field number (0 is a8, 7 is h8, 63 is h1).
pub fn square_of(field: u8) -> Result<Square, MessageError> {
    if field >= 64 {
        return Err(MessageError::Square(field));
    }
    let file = u32::from(field % 8);
    let rank = 7 - u32::from(field / 8);
    Ok(Square::new(rank * 8 + file))
}

/// The piece of the board's piece code (0 is an empty square).
pub fn piece_of(code: u8) -> Result<Option<Piece>, MessageError> {
    let role = |n: u8| match n {
        0 => Role::Pawn,
        1 => Role::Rook,
        2 => Role::Knight,
        3 => Role::Bishop,
        4 => Role::King,
        _ => Role::Queen,
    };
    match code {
        0 => Ok(None),
        1..=6 => Ok(Some(Piece { color: Color::White, role: role(code - 1) })),
        7..=12 => Ok(Some(Piece { color: Color::Black, role: role(code - 7) })),
        _ => Err(MessageError::Piece(code)),
    }
}

/// The board's code of a piece (for tests and emulated boards).
pub fn code_of(piece: Option<Piece>) -> u8 {
    let Some(piece) = piece else { return 0 };
    let n = match piece.role {
        Role::Pawn => 1,
        Role::Rook => 2,
        Role::Knight => 3,
        Role::Bishop => 4,
        Role::King => 5,
        Role::Queen => 6,
    };
    if piece.color.is_white() {
        n
    } else {
        n + 6
    }
}

/// The board's field number of a square.
pub fn field_of(square: Square) -> u8 {
    (7 - square.rank() as u8) * 8 + square.file() as u8
}

/// Cuts messages out of the serial stream.
#[derive(Debug, Default)]
pub struct Decoder {
    pending: Vec<u8>,
    skipped: usize,
}

impl Decoder {
    /// Takes bytes from the port; returns every message they completed (or why one was refused).
    pub fn push(&mut self, bytes: &[u8]) -> Vec<Result<BoardMessage, MessageError>> {
        self.pending.extend_from_slice(bytes);
        let mut out = Vec::new();
        loop {
            // A message starts with a byte whose top bit is set; anything before is garbage.
            let start = self.pending.iter().position(|&b| b & 0x80 != 0).unwrap_or(self.pending.len());
            self.skipped += start;
            self.pending.drain(..start);
            if self.pending.len() < 3 {
                return out;
            }
            let (id, high, low) = (self.pending[0], self.pending[1], self.pending[2]);
            if high & 0x80 != 0 || low & 0x80 != 0 {
                // Not a header: skip the byte and look again.
                self.skipped += 1;
                self.pending.remove(0);
                continue;
            }
            let length = (usize::from(high) << 7) | usize::from(low);
            if length < 3 {
                self.skipped += 1;
                self.pending.remove(0);
                continue;
            }
            if self.pending.len() < length {
                return out;
            }
            let message: Vec<u8> = self.pending.drain(..length).collect();
            out.push(read(id, &message[3..]));
        }
    }

    /// How many bytes were skipped as garbage so far.
    pub fn skipped(&self) -> usize {
        self.skipped
    }
}

fn read(id: u8, body: &[u8]) -> Result<BoardMessage, MessageError> {
    match id {
        BOARD_DUMP => {
            if body.len() != 64 {
                return Err(MessageError::Length { id, length: body.len() + 3 });
            }
            let mut placed = Vec::new();
            for (field, &code) in body.iter().enumerate() {
                if let Some(piece) = piece_of(code)? {
                    placed.push((square_of(field as u8)?, piece));
                }
            }
            Ok(BoardMessage::Dump(placed))
        }
        FIELD_UPDATE => match body {
            [field, code] => Ok(BoardMessage::Field(square_of(*field)?, piece_of(*code)?)),
            _ => Err(MessageError::Length { id, length: body.len() + 3 }),
        },
        other => Ok(BoardMessage::Other(other)),
    }
}

/// The bytes of a board dump of `board` (what a board sends; for emulated boards).
pub fn dump_bytes(board: &shakmaty::Board) -> Vec<u8> {
    let mut bytes = vec![BOARD_DUMP, 0, 67];
    bytes.extend((0..64u8).map(|field| code_of(square_of(field).ok().and_then(|sq| board.piece_at(sq)))));
    bytes
}

/// The bytes of a field update (for emulated boards).
pub fn field_bytes(square: Square, piece: Option<Piece>) -> Vec<u8> {
    vec![FIELD_UPDATE, 0, 5, field_of(square), code_of(piece)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_run_from_a8_to_h1() {
        assert_eq!(square_of(0), Ok(Square::A8));
        assert_eq!(square_of(7), Ok(Square::H8));
        assert_eq!(square_of(63), Ok(Square::H1));
        assert_eq!(square_of(64), Err(MessageError::Square(64)));
        for sq in Square::ALL {
            assert_eq!(square_of(field_of(sq)), Ok(sq));
        }
    }

    #[test]
    fn piece_codes_both_ways() {
        assert_eq!(piece_of(5), Ok(Some(Piece { color: Color::White, role: Role::King })));
        assert_eq!(piece_of(12), Ok(Some(Piece { color: Color::Black, role: Role::Queen })));
        assert_eq!(piece_of(13), Err(MessageError::Piece(13)));
        for code in 0..=12 {
            assert_eq!(code_of(piece_of(code).unwrap()), code);
        }
    }

    #[test]
    fn messages_are_cut_out_of_a_stream_in_any_pieces_and_garbage_is_skipped() {
        let board = shakmaty::Board::default();
        let mut stream = vec![0x13, 0x00, 0x7f];
        stream.extend(dump_bytes(&board));
        stream.extend(field_bytes(Square::E2, None));
        stream.extend([0x91, 0x00, 0x08, 1, 2, 3, 4, 5]);
        let mut decoder = Decoder::default();
        let messages: Vec<_> = stream.chunks(5).flat_map(|c| decoder.push(c)).collect();
        assert_eq!(messages.len(), 3);
        let Ok(BoardMessage::Dump(placed)) = &messages[0] else { panic!("{messages:?}") };
        assert_eq!(placed.len(), 32);
        assert!(placed.contains(&(Square::E1, Piece { color: Color::White, role: Role::King })));
        assert_eq!(messages[1], Ok(BoardMessage::Field(Square::E2, None)));
        assert_eq!(messages[2], Ok(BoardMessage::Other(0x91)));
        assert_eq!(decoder.skipped(), 3);
    }

    #[test]
    fn a_field_update_with_a_bad_piece_is_refused_not_believed() {
        let mut decoder = Decoder::default();
        assert_eq!(decoder.push(&[0x8e, 0, 5, 12, 99]), vec![Err(MessageError::Piece(99))]);
        assert_eq!(decoder.push(&[0x8e, 0, 6, 12, 1, 1]), vec![Err(MessageError::Length { id: 0x8e, length: 6 })]);
    }
}
