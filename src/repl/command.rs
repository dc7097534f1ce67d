//! Typed commands: what a command line asks for, with its arguments as values (read once, in
//! `arguments`). Moves, movetext, FEN, file names and voice names stay text: the session reads
//! moves with the player's letter set, the rules read FEN, the world reads paths.

use std::time::Duration;

use shakmaty::{Color, File, Piece, Rank, Role, Square};

use super::registry::CommandId;
use crate::table::SheetFormat;
use crate::wording::Verbosity;

/// A command with its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `draw [COLOR]`: a draw offer, by the side that just moved unless named.
    Draw(Option<Color>),
    /// `accept`: yes, to an offer or a question.
    Accept,
    /// `decline`: no, to an offer or a question.
    Decline,
    /// `claim [MOVE]`: a draw claim, with the move intended (9.2, 9.3).
    Claim(Option<String>),
    /// `resign [COLOR]`.
    Resign(Option<Color>),
    /// `repeat`: the last answer again.
    Repeat,
    /// `listen`: hear the next utterance (push to talk).
    Listen,
    /// `eboard`: the electronic board's placement compared with the game's.
    Eboard,
    /// `braille`: the board on the braille display, one rank per line.
    Braille,
    /// `engine`: analysis by an engine, refused while the game goes on (11.3).
    Engine,
    /// `next`: in review, the next move.
    Next,
    /// `back`: in review, the move before.
    Back,
    /// `first`: in review, the start.
    First,
    /// `end`: in review, the last move.
    End,
    /// `goto N`: in review, White's move N.
    Goto(usize),
    /// `variation [N]`: in review, into variation N (the first) of the move just said.
    Variation(Option<usize>),
    /// `mainline`: in review, out of the variation.
    Mainline,
    /// `play`: in review, a new game from the position reached.
    PlayHere,
    /// `last [N]`.
    Last(Option<usize>),
    /// `legal [SQUARE]`.
    Legal(Option<Square>),
    /// `fen`: the position as FEN.
    Fen,
    /// `help [COMMAND]`: the command asked about, by its registry id.
    Help(Option<CommandId>),
    /// `new [FEN]`.
    New(Option<String>),
    /// `quit`.
    Quit,
    /// `time [me|opponent|white|black]`.
    Time(Option<TimeOf>),
    /// `pause`: the arbiter stops the clock.
    Pause,
    /// `resume`: the clock goes on.
    Resume,
    /// `advance DURATION` (the simulated clock).
    Advance(Duration),
    /// `set-time COLOR DURATION` (6.10, 6.13).
    SetTime(Color, Duration),
    /// `set-moves COLOR N` (6.13).
    SetMoves(Color, u32),
    /// `add-time COLOR DURATION` (13.5).
    AddTime(Color, Duration),
    /// `illegal [COLOR]`.
    Illegal(Option<Color>),
    /// `flag`: a claim that the opponent's flag has fallen.
    Flag,
    /// `ok`: the relayed move was executed as announced.
    Ok,
    /// `relay MOVE`.
    Relay(String),
    /// `correct MOVE`.
    Correct(String),
    /// `board`, `board check …`, `board report …`.
    Board(Option<BoardCommand>),
    /// `reconcile`: the arbiter sets the game by the scoresheets (E.2.7, E.2.8).
    Reconcile,
    /// `sheet …`.
    Sheet(SheetCommand),
    /// `touched SQUARE`.
    Touched(Square),
    /// `count-downtime`: the time the program was away is taken off the running clock.
    CountDowntime,
    /// `seal MOVE` (as written, unread until opened).
    Seal(String),
    /// `adjourn [DATE TIME PLACE]`.
    Adjourn(String),
    /// `open`: the sealed move is revealed and played.
    Open,
    /// `pgn [FILE]`.
    Pgn(Option<String>),
    /// `export [FORMAT] [FILE]`.
    Export {
        /// The form, else the ruleset's default.
        format: Option<SheetFormat>,
        /// The file, else beside the journal.
        path: Option<String>,
    },
    /// `analyse`: whether either side can still win.
    Analyse,
    /// `rules`: the ruleset and what it decides.
    Rules,
    /// `pieces [COLOR] [PIECE]`.
    Pieces {
        /// Whose pieces, else the side to move's (then the other's with `more`).
        color: Option<Color>,
        /// Which kind, else all.
        role: Option<Role>,
    },
    /// `square SQUARE`: what stands there, and how many attack and defend it.
    SquareInfo(Square),
    /// `scan …`: the men along a line.
    Scan(ScanLine),
    /// `attackers SQUARE`.
    Attackers(Square),
    /// `defenders SQUARE`.
    Defenders(Square),
    /// `check`: whether the side to move is in check, and from what.
    Check,
    /// `captured`: the men taken so far, and the material balance.
    Captured,
    /// `turn`: who is to move, and the move number.
    Turn,
    /// `more`: the details of the last answer.
    More,
    /// `explain [TOPIC]`: the topic's catalogue name.
    Explain(Option<&'static str>),
    /// `rate [N]`: none asks for the rate in force.
    Rate(Option<i64>),
    /// `volume [N]`.
    Volume(Option<i64>),
    /// `voice [NAME|auto]`.
    Voice(Option<VoiceChoice>),
    /// `verbosity [LEVEL]`.
    Verbosity(Option<Verbosity>),
    /// `history [N]`.
    History(Option<usize>),
}

/// Whose time `time` is asked about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeOf {
    /// The one asking ("you"): the blind player.
    Me,
    /// The other player ("your opponent").
    Opponent,
    /// The side of that colour.
    Side(Color),
}

/// Which physical board, as named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardSide {
    /// The board with pegged pieces.
    Tactile,
    /// The ordinary board.
    Sighted,
}

/// What a `board` command with arguments is about (a board not named is the tactile one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardCommand {
    /// Read the board out, rank by rank or piece by piece.
    Check {
        /// Which board.
        board: Option<BoardSide>,
        /// Piece by piece instead of rank by rank.
        by_piece: bool,
    },
    /// What stands on a square of that board (`None`: nothing).
    Report {
        /// Which board.
        board: Option<BoardSide>,
        /// The square.
        square: Square,
        /// What stands there (`None`: nothing).
        piece: Option<Piece>,
    },
}

/// What `sheet` is asked (a colour not named is the blind player's, or White's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SheetCommand {
    /// Read the sheet from move `from`.
    Read {
        /// Whose sheet.
        color: Option<Color>,
        /// The move number to read from.
        from: usize,
    },
    /// Write these half-moves on it: `(ply, text)`.
    Write {
        /// Whose sheet.
        color: Option<Color>,
        /// The half-moves written, `(ply, text)`.
        moves: Vec<(usize, String)>,
    },
}

/// The line `scan` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScanLine {
    /// A rank.
    Rank(Rank),
    /// A file.
    File(File),
    /// The diagonals through a square.
    Diagonals(Square),
}

/// The voice `voice` chooses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VoiceChoice {
    /// The engine's voice for each language.
    Auto,
    /// A voice by its name.
    Named(String),
}

/// Why a command's arguments were refused; the session words each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArgError {
    /// The arguments do not fit the synopsis.
    Usage(CommandId),
    /// A colour was expected.
    Color(CommandId),
    /// `last` or `history` takes a whole number above zero.
    Count(CommandId, String),
    /// `legal` takes a square.
    LegalSquare,
    /// `help` names no command.
    UnknownCommand(String),
    /// `sheet` cannot be read.
    Sheet,
    /// `export` names no format.
    ExportFormat(String),
    /// `pieces` got a word that is neither a colour nor a piece.
    PieceWord(String),
    /// A square was expected.
    Square,
    /// `scan` names no rank or file.
    Line,
    /// `explain` names no topic.
    Topic(String),
    /// `rate` or `volume` takes a whole number in its range.
    Number {
        /// The command.
        id: CommandId,
        /// The smallest number taken.
        low: i64,
        /// The largest number taken.
        high: i64,
    },
    /// `verbosity` names no level.
    Level(String),
}

impl Command {
    /// The registry entry of this command.
    pub fn id(&self) -> CommandId {
        use Command as K;
        match self {
            K::Draw(_) => CommandId::Draw,
            K::Accept => CommandId::Accept,
            K::Decline => CommandId::Decline,
            K::Claim(_) => CommandId::Claim,
            K::Resign(_) => CommandId::Resign,
            K::Repeat => CommandId::Repeat,
            K::Listen => CommandId::Listen,
            K::Eboard => CommandId::Eboard,
            K::Braille => CommandId::Braille,
            K::Engine => CommandId::Engine,
            K::Next => CommandId::Next,
            K::Back => CommandId::Back,
            K::First => CommandId::First,
            K::End => CommandId::End,
            K::Goto(_) => CommandId::Goto,
            K::Variation(_) => CommandId::Variation,
            K::Mainline => CommandId::Mainline,
            K::PlayHere => CommandId::PlayHere,
            K::Last(_) => CommandId::Last,
            K::Legal(_) => CommandId::Legal,
            K::Fen => CommandId::Fen,
            K::Help(_) => CommandId::Help,
            K::New(_) => CommandId::New,
            K::Quit => CommandId::Quit,
            K::Time(_) => CommandId::Time,
            K::Pause => CommandId::Pause,
            K::Resume => CommandId::Resume,
            K::Advance(_) => CommandId::Advance,
            K::SetTime(..) => CommandId::SetTime,
            K::SetMoves(..) => CommandId::SetMoves,
            K::AddTime(..) => CommandId::AddTime,
            K::Illegal(_) => CommandId::Illegal,
            K::Flag => CommandId::Flag,
            K::Ok => CommandId::Ok,
            K::Relay(_) => CommandId::Relay,
            K::Correct(_) => CommandId::Correct,
            K::Board(_) => CommandId::Board,
            K::Reconcile => CommandId::Reconcile,
            K::Sheet(_) => CommandId::Sheet,
            K::Touched(_) => CommandId::Touched,
            K::CountDowntime => CommandId::CountDowntime,
            K::Seal(_) => CommandId::Seal,
            K::Adjourn(_) => CommandId::Adjourn,
            K::Open => CommandId::Open,
            K::Pgn(_) => CommandId::Pgn,
            K::Export { .. } => CommandId::Export,
            K::Analyse => CommandId::Analyse,
            K::Rules => CommandId::Rules,
            K::Pieces { .. } => CommandId::Pieces,
            K::SquareInfo(_) => CommandId::SquareInfo,
            K::Scan(_) => CommandId::Scan,
            K::Attackers(_) => CommandId::Attackers,
            K::Defenders(_) => CommandId::Defenders,
            K::Check => CommandId::Check,
            K::Captured => CommandId::Captured,
            K::Turn => CommandId::Turn,
            K::More => CommandId::More,
            K::Explain(_) => CommandId::Explain,
            K::Rate(_) => CommandId::Rate,
            K::Volume(_) => CommandId::Volume,
            K::Voice(_) => CommandId::Voice,
            K::Verbosity(_) => CommandId::Verbosity,
            K::History(_) => CommandId::History,
        }
    }
}
