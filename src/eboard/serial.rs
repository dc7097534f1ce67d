//! The electronic board's serial line, the one effect of the board: a thread that opens the port
//! (9600 baud, 8N1, through the `serialport` crate), asks the board for its placement (again every
//! two seconds until it comes, saying once that the board does not answer) and then for every
//! change, cuts its messages out of the stream and reports them; a port that cannot be opened is
//! said once, a lost one is reported and opened again until it is back, when the board is asked
//! for its whole placement again.

use std::io::{Read, Write};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use super::{BoardCommand, BoardPort, BoardReport, Decoder, PortProblem};

/// How often a port that cannot be opened is tried again.
const RETRY: Duration = Duration::from_millis(500);
/// The longest a read waits, so that the thread sees soon when nobody listens any more.
const READ_WAIT: Duration = Duration::from_millis(100);
/// How long the board has to send its placement before it is asked again (and, the first time,
/// said not to answer).
const ANSWER_WAIT: Duration = Duration::from_secs(2);

/// The serial line to one board, on a thread of its own; dropped, the thread ends.
pub struct Connection {
    /// Dropped with the connection: the thread sees it and ends.
    _stop: Sender<()>,
}

impl Connection {
    /// Opens `port` (now and whenever it is lost) and sends what the board reports to `to`; the
    /// thread ends when `to` is dropped.
    pub fn start(port: BoardPort, to: Sender<BoardReport>) -> Connection {
        let (stop, stopped) = mpsc::channel();
        let spawned = thread::Builder::new().name("eboard".into()).spawn(move || watch(&port.path, &to, &stopped));
        if spawned.is_err() {
            // Without a thread the board is never read; the game goes on by keyboard.
            eprintln!("annabella: cannot watch the electronic board");
        }
        Connection { _stop: stop }
    }
}

/// How a connection ended.
enum Ended {
    /// The port was lost.
    Lost,
    /// Nobody listens any more.
    Stop,
}

fn watch(path: &str, to: &Sender<BoardReport>, stopped: &Receiver<()>) {
    let mut said: Option<PortProblem> = None;
    let mut lost = false;
    loop {
        match open(path) {
            Ok(port) => {
                said = None;
                if to.send(BoardReport::Connected).is_err() {
                    return;
                }
                match serve(port, to, stopped) {
                    Ended::Stop => return,
                    Ended::Lost if to.send(BoardReport::Lost).is_err() => return,
                    Ended::Lost => lost = true,
                }
            }
            // Said once; a board that was lost was said to be lost, and is waited for quietly.
            Err(problem) if said != Some(problem) && !lost => {
                said = Some(problem);
                if to.send(BoardReport::Unavailable(problem)).is_err() {
                    return;
                }
            }
            Err(_) => {}
        }
        thread::sleep(RETRY);
    }
}

fn open(path: &str) -> Result<Box<dyn serialport::SerialPort>, PortProblem> {
    serialport::new(path, 9600)
        .data_bits(serialport::DataBits::Eight)
        .parity(serialport::Parity::None)
        .stop_bits(serialport::StopBits::One)
        .flow_control(serialport::FlowControl::None)
        .timeout(READ_WAIT)
        .open()
        .map_err(|e| problem_of(&e))
}

fn problem_of(error: &serialport::Error) -> PortProblem {
    use serialport::ErrorKind;
    match error.kind {
        // What the crate calls "no device" is a port another program holds (EBUSY, a lock).
        ErrorKind::NoDevice => PortProblem::Busy,
        ErrorKind::Io(std::io::ErrorKind::NotFound) => PortProblem::Missing,
        ErrorKind::Io(std::io::ErrorKind::PermissionDenied) => PortProblem::Forbidden,
        _ => PortProblem::Unusable,
    }
}

/// Reads the board until the port is lost: its placement first (asked for again until it comes,
/// and a board that does not answer said once), then each change.
fn serve(mut port: Box<dyn serialport::SerialPort>, to: &Sender<BoardReport>, stopped: &Receiver<()>) -> Ended {
    let start = [BoardCommand::Reset, BoardCommand::SendBoard, BoardCommand::SendUpdates].map(BoardCommand::byte);
    if port.write_all(&start).is_err() {
        return Ended::Lost;
    }
    let mut decoder = Decoder::default();
    let mut garbled = false;
    let mut buffer = [0u8; 256];
    // Until the placement comes: when it was last asked for, and whether silence was said.
    let mut waiting = Some((Instant::now(), false));
    loop {
        if let Err(TryRecvError::Disconnected) = stopped.try_recv() {
            return Ended::Stop;
        }
        if let Some((_, said)) = waiting.filter(|(asked, _)| asked.elapsed() >= ANSWER_WAIT) {
            let again = [BoardCommand::SendBoard, BoardCommand::SendUpdates].map(BoardCommand::byte);
            if port.write_all(&again).is_err() {
                return Ended::Lost;
            }
            if !said && to.send(BoardReport::Silent).is_err() {
                return Ended::Stop;
            }
            waiting = Some((Instant::now(), true));
        }
        let read = match port.read(&mut buffer) {
            Ok(0) => return Ended::Lost,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut || e.kind() == std::io::ErrorKind::Interrupted => {
                continue
            }
            Err(_) => return Ended::Lost,
        };
        let skipped = decoder.skipped();
        let mut refused = false;
        for message in decoder.push(&buffer[..read]) {
            match message {
                Ok(super::BoardMessage::Other(_)) => {}
                Ok(message) => {
                    if matches!(message, super::BoardMessage::Dump(_)) {
                        waiting = None;
                    }
                    if to.send(BoardReport::Message(message)).is_err() {
                        return Ended::Stop;
                    }
                }
                Err(_) => refused = true,
            }
        }
        // Bytes that make no message are said once a connection, never believed.
        if (refused || decoder.skipped() > skipped) && !garbled {
            garbled = true;
            if to.send(BoardReport::Garbled).is_err() {
                return Ended::Stop;
            }
        }
    }
}
