//! What the serial line tells the game about the electronic board: a message, the board connected
//! or lost, why its port cannot be opened, bytes that make no message, a board that does not answer
//! the request for its placement, or that the board has been still long enough to be judged. Each report is kept in the journal as one line of text and read
//! back from it, so a resumed game sees the board exactly as the live one did. Also the board a
//! user names (`dgt:PORT`).

use shakmaty::{Board, Piece, Square};

use super::BoardMessage;

/// One thing the electronic board's line reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardReport {
    /// A message from the board.
    Message(BoardMessage),
    /// The port is open and the board was asked for its placement.
    Connected,
    /// The port was lost (a cable pulled, the board switched off).
    Lost,
    /// The port cannot be opened.
    Unavailable(PortProblem),
    /// The board sends bytes that make no message.
    Garbled,
    /// The board has not answered the request for its placement; it is asked again.
    Silent,
    /// The board has not changed for a while: what it shows can be judged.
    Settled,
}

/// Why the board's port cannot be opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PortProblem {
    /// No such port.
    Missing,
    /// Another program has the port.
    Busy,
    /// The user may not open it (on Linux: not in the `dialout` group).
    Forbidden,
    /// Opened but not usable as a serial port.
    Unusable,
}

const PROBLEMS: [(PortProblem, &str); 4] = [
    (PortProblem::Missing, "missing"),
    (PortProblem::Busy, "busy"),
    (PortProblem::Forbidden, "forbidden"),
    (PortProblem::Unusable, "unusable"),
];

impl BoardReport {
    /// The report as one journal line.
    pub fn record(&self) -> String {
        match self {
            BoardReport::Message(BoardMessage::Dump(placed)) => {
                format!("dump {}", placed.iter().copied().collect::<Board>())
            }
            BoardReport::Message(BoardMessage::Field(square, piece)) => {
                format!("field {square} {}", piece.map_or('-', |p| p.char()))
            }
            BoardReport::Message(BoardMessage::Other(id)) => format!("other {id}"),
            BoardReport::Connected => "connected".into(),
            BoardReport::Lost => "lost".into(),
            BoardReport::Garbled => "garbled".into(),
            BoardReport::Silent => "silent".into(),
            BoardReport::Settled => "settled".into(),
            BoardReport::Unavailable(problem) => {
                let word = PROBLEMS.iter().find(|(p, _)| p == problem).map_or("unusable", |(_, w)| w);
                format!("unavailable {word}")
            }
        }
    }

    /// A journal line read back; `None` when it is not one.
    pub fn from_record(text: &str) -> Option<BoardReport> {
        let mut words = text.split_whitespace();
        let report = match (words.next()?, words.next(), words.next()) {
            ("dump", Some(fen), None) => {
                let board: Board = fen.parse().ok()?;
                BoardReport::Message(BoardMessage::Dump(board.into_iter().collect()))
            }
            ("field", Some(square), Some(piece)) => {
                let square: Square = square.parse().ok()?;
                let piece = match piece {
                    "-" => None,
                    p => Some(Piece::from_char(p.chars().next()?)?),
                };
                BoardReport::Message(BoardMessage::Field(square, piece))
            }
            ("other", Some(id), None) => BoardReport::Message(BoardMessage::Other(id.parse().ok()?)),
            ("connected", None, None) => BoardReport::Connected,
            ("lost", None, None) => BoardReport::Lost,
            ("garbled", None, None) => BoardReport::Garbled,
            ("silent", None, None) => BoardReport::Silent,
            ("settled", None, None) => BoardReport::Settled,
            ("unavailable", Some(word), None) => BoardReport::Unavailable(PROBLEMS.iter().find(|(_, w)| *w == word)?.0),
            _ => return None,
        };
        Some(report)
    }
}

/// The electronic board a user names: `dgt:PORT`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardPort {
    /// The serial port's path (`/dev/ttyUSB0`, `COM3`).
    pub path: String,
}

/// A board named otherwise than `dgt:PORT`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("write dgt:PORT, for example dgt:/dev/ttyUSB0")]
pub struct BoardPortError;

impl std::str::FromStr for BoardPort {
    type Err = BoardPortError;

    fn from_str(text: &str) -> Result<BoardPort, BoardPortError> {
        let (kind, path) = text.trim().split_once(':').ok_or(BoardPortError)?;
        if !kind.eq_ignore_ascii_case("dgt") || path.trim().is_empty() {
            return Err(BoardPortError);
        }
        Ok(BoardPort { path: path.trim().to_string() })
    }
}

impl std::fmt::Display for BoardPort {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "dgt:{}", self.path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Color, Role};

    #[test]
    fn every_report_reads_back_from_its_journal_line() {
        let reports = [
            BoardReport::Message(BoardMessage::Dump(Board::default().into_iter().collect())),
            BoardReport::Message(BoardMessage::Field(
                Square::E4,
                Some(Piece { color: Color::Black, role: Role::Knight }),
            )),
            BoardReport::Message(BoardMessage::Field(Square::H1, None)),
            BoardReport::Message(BoardMessage::Other(0x91)),
            BoardReport::Connected,
            BoardReport::Lost,
            BoardReport::Garbled,
            BoardReport::Settled,
            BoardReport::Unavailable(PortProblem::Busy),
            BoardReport::Unavailable(PortProblem::Forbidden),
        ];
        for report in reports {
            let line = report.record();
            let back = BoardReport::from_record(&line).unwrap_or_else(|| panic!("{line}"));
            let same = match (&back, &report) {
                (BoardReport::Message(BoardMessage::Dump(a)), BoardReport::Message(BoardMessage::Dump(b))) => {
                    a.iter().copied().collect::<Board>() == b.iter().copied().collect::<Board>()
                }
                _ => back == report,
            };
            assert!(same, "{line}: {back:?}");
        }
        assert_eq!(BoardReport::from_record("field z9 P"), None);
        assert_eq!(BoardReport::from_record("unavailable sometimes"), None);
    }

    #[test]
    fn a_board_is_named_dgt_and_its_port() {
        assert_eq!("dgt:/dev/ttyUSB0".parse(), Ok(BoardPort { path: "/dev/ttyUSB0".into() }));
        assert_eq!("DGT:COM3".parse(), Ok(BoardPort { path: "COM3".into() }));
        assert_eq!("/dev/ttyUSB0".parse::<BoardPort>(), Err(BoardPortError));
        assert_eq!("millennium:/dev/ttyUSB0".parse::<BoardPort>(), Err(BoardPortError));
        assert_eq!("dgt:".parse::<BoardPort>(), Err(BoardPortError));
    }
}
