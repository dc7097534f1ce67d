//! The commands of a game, one record each: the English name (always understood) and its aliases,
//! the Estonian and German names, the typed arguments, the help key, the group `help` lists it
//! in, the duty that carries it out and, for an action that cannot be undone, the question asked
//! first.

use std::time::Duration;

use shakmaty::{Color, Square};

use super::duties::devices::{eboard, heard, online};
use super::duties::{adjourn, clock, draw, help, moves, pgn, queries, relay, settings, sheets, voice};
use super::{opening, Response, Session};
use crate::command::{
    commands, BoardCommand, ChatText, CommandWord, EveryMoves, ExportAsk, Fen, FileName, LettersAsk, MoveText,
    PiecesAsk, Rate, Resumption, ScanLine, SheetCommand, Topic, VoiceChoice, Volume, Whose,
};
use crate::wording::Verbosity;

commands! {
    /// A command of a game, with its arguments read.
    pub enum Command for Session => Response;

    /// `move MOVE`: what follows is a move, whatever it looks like.
    Move { text: MoveText } = "move" | "m", et "käik", de "zug",
        help "help.move", group Moves, run moves::play_typed;
    /// `draw [COLOR]`: a draw offer, by the side that just moved unless named.
    Draw { by: Option<Color> } = "draw" | "offer", et "viik", de "remis",
        help "help.draw", group Offers, run draw::offer;
    /// `accept`: yes, to an offer or a question.
    Accept {} = "accept" | "yes" | "jah" | "ja", et "nõus", de "annehmen",
        help "help.accept", group Offers, run draw::accept, ask draw::accept_question;
    /// `decline`: no, to an offer or a question.
    Decline {} = "decline" | "no" | "ei" | "nein", et "keeldun", de "ablehnen",
        help "help.decline", group Offers, run draw::decline;
    /// `claim [MOVE]`: a draw claim, with the move intended (9.2, 9.3).
    Claim { intended: Option<MoveText> } = "claim", et "nõue", de "reklamieren",
        help "help.claim", group Offers, run draw::claim, ask draw::claim_question;
    /// `resign [COLOR]`: without a colour, who resigns is asked.
    Resign { by: Option<Color> } = "resign" | "loobun", et "alistun", de "aufgeben",
        help "help.resign", group Offers, run draw::resign, ask draw::resign_question;
    /// `repeat`: the last answer again.
    Repeat {} = "repeat" | "r", et "korda", de "wiederholen",
        help "help.repeat", group Speech, run voice::repeat;
    /// `last [N]`: the last N moves as they were announced.
    Last { count: Option<usize> } = "last" | "l" | "letzte" | "zuletzt" | "viimased", et "viimane", de "letzter",
        help "help.last", group Moves, run queries::last;
    /// `letters [COLOR] [SET]`: the piece letters typed moves are read with, or new ones.
    Letters { asked: LettersAsk } = "letters", et "tähed", de "buchstaben",
        help "help.letters", group Moves, run moves::letters;
    /// `legal [SQUARE]`: every legal move, or a piece's.
    Legal { square: Option<Square> } = "legal" | "moves", et "käigud", de "züge",
        help "help.legal", group Moves, run queries::legal;
    /// `fen`: the position as FEN.
    Fen {} = "fen", et "fen", de "fen",
        help "help.fen", group Board, run queries::fen;
    /// `help [COMMAND]`: the commands, or one.
    Help { about: Option<CommandWord> } = "help" | "?", et "abi", de "hilfe",
        help "help.help", group Game, run help::help;
    /// `new [FEN]`: a new game.
    New { fen: Option<Fen> } = "new", et "uus", de "neu",
        help "help.new", group Game, run opening::new_game, ask opening::new_question;
    /// `quit`: the session ends; an unfinished game is kept.
    Quit {} = "quit" | "exit" | "q" | "bye" | "goodbye" | "tschüss" | "beenden" | "välju" | "lahku" | "lõpeta", et "lõpp", de "ende",
        help "help.quit", group Game, run opening::quit, ask opening::quit_question;
    /// `time [me|opponent|white|black]`: the remaining times and moves made.
    Time { of: Option<Whose> } = "time" | "t", et "aeg", de "zeit",
        help "help.time", group Clock, run clock::time;
    /// `time-every [N]`: the time said after every N moves (0: only when asked).
    TimeEvery { moves: Option<EveryMoves> } = "time-every", et "aeg-iga", de "zeit-alle",
        help "help.time_every", group Clock, run clock::time_every;
    /// `pause`: the arbiter stops the clock.
    Pause {} = "pause", et "paus", de "anhalten",
        help "help.pause", group Clock, run clock::pause;
    /// `resume`: the clock goes on.
    Resume {} = "resume", et "jätka", de "weiter",
        help "help.resume", group Clock, run clock::resume;
    /// `advance DURATION`: the simulated clock moves on.
    Advance { by: Duration } = "advance", et "edasi", de "vorstellen",
        help "help.advance", group Clock, run clock::advance;
    /// `set-time COLOR DURATION` (6.10, 6.13).
    SetTime { color: Color, time: Duration } = "set-time", et "määra-aeg", de "zeit-setzen",
        help "help.set_time", group Clock, run clock::set_time;
    /// `set-moves COLOR N` (6.13).
    SetMoves { color: Color, moves: u32 } = "set-moves", et "määra-käigud", de "züge-setzen",
        help "help.set_moves", group Clock, run clock::set_moves;
    /// `add-time COLOR DURATION` (13.5).
    AddTime { color: Color, time: Duration } = "add-time", et "lisa-aeg", de "zeit-geben",
        help "help.add_time", group Clock, run clock::add_time;
    /// `illegal [COLOR]`: the arbiter records a completed illegal move (7.4, 7.5).
    Illegal { by: Option<Color> } = "illegal" | "reeglivastane", et "määrustevastane", de "regelwidrig",
        help "help.illegal", group Table, run sheets::record_illegal, ask sheets::illegal_question;
    /// `flag`: a claim that the opponent's flag has fallen.
    Flag {} = "flag", et "aegumine", de "zeitüberschreitung",
        help "help.flag", group Clock, run clock::claim_flag;
    /// `ok`: the relayed move was executed as announced, or a repair step was done.
    Ok {} = "ok" | "done", et "korras", de "erledigt",
        help "help.ok", group Table, run relay::ok;
    /// `listen`: hear the next utterance (push to talk).
    Listen {} = "listen" | "hear", et "kuula", de "zuhören",
        help "help.listen", group Speech, run heard::listen_command;
    /// `braille`: the board on the braille display, one rank per line.
    Braille {} = "braille", et "punktkiri", de "punktschrift",
        help "help.braille", group Speech, run queries::braille;
    /// `eboard`: the electronic board's placement compared with the game's.
    Eboard {} = "eboard", et "elaud", de "ebrett",
        help "help.eboard", group Table, run eboard::board_setup_check;
    /// `engine`: analysis by an engine, refused while the game goes on (11.3).
    Engine {} = "engine" | "hint" | "eval" | "tipp" | "bewertung" | "hinweis" | "vihje" | "hinnang", et "mootor", de "schachengine",
        help "help.engine", group Game, run help::engine;
    /// `relay MOVE`: the pending move was executed as MOVE on the receiving board.
    Relay { text: MoveText } = "relay", et "edastatud", de "ausgeführt",
        help "help.relay", group Table, run relay::relay;
    /// `correct MOVE`: a slip of the tongue corrected (E.2.6).
    Correct { text: MoveText } = "correct" | "slip", et "paranda", de "korrigieren",
        help "help.correct", group Moves, run relay::correct;
    /// `board`, `board check …`, `board report …`.
    Board { asked: Option<BoardCommand> } = "board" | "bd" | "position" | "stellung" | "seis", et "laud", de "brett",
        help "help.board", group Board, run queries::board;
    /// `more`: the details of the last answer (said after `board` in the group,
    /// where it cannot be heard as "and more").
    More {} = "more" | "mo", et "veel", de "mehr",
        help "help.more", group Board, run queries::more;
    /// `reconcile`: the arbiter sets the game by the scoresheets (E.2.7, E.2.8).
    Reconcile {} = "reconcile", et "võrdle", de "abgleichen",
        help "help.reconcile", group Table, run sheets::reconcile, ask sheets::reconcile_question;
    /// `sheet …`: a scoresheet read or written.
    Sheet { asked: SheetCommand } = "sheet" | "scoresheet" | "partieformular" | "partiiblankett", et "blankett", de "formular",
        help "help.sheet", group Table, run sheets::sheet;
    /// `touched SQUARE`: the side to move touched that piece and must move it.
    Touched { square: Square } = "touched", et "puudutatud", de "berührt",
        help "help.touched", group Table, run moves::touched;
    /// `count-downtime`: the time the program was away is taken off the running clock.
    CountDowntime {} = "count-downtime", et "arvesta-paus", de "ausfall-anrechnen",
        help "help.count_downtime", group Clock, run clock::count_downtime;
    /// `seal MOVE`: the sealed move, as written, unread until opened.
    Seal { text: Option<MoveText> } = "seal", et "pitseeri", de "versiegeln",
        help "help.seal", group Game, run adjourn::seal;
    /// `adjourn [DATE TIME PLACE]`.
    Adjourn { resumption: Option<Resumption> } = "adjourn", et "katkesta", de "vertagen",
        help "help.adjourn", group Game, run adjourn::adjourn;
    /// `open`: the sealed move is revealed and played.
    Open {} = "open", et "ava", de "öffnen",
        help "help.open", group Game, run adjourn::open_sealed;
    /// `pgn [FILE]`: the game as PGN.
    Pgn { path: Option<FileName> } = "pgn" | "save" | "speichern" | "salvesta", et "pgn", de "pgn",
        help "help.pgn", group Game, run pgn::pgn_command;
    /// `export [FORMAT] [FILE]`: the scoresheet as a file.
    Export { asked: ExportAsk } = "export", et "ekspordi", de "exportieren",
        help "help.export", group Game, run pgn::export;
    /// `analyse`: whether either side can still win.
    Analyse {} = "analyse" | "analyze", et "analüüsi", de "analysieren",
        help "help.analyse", group Game, run queries::analyse;
    /// `rules`: the ruleset and what it decides.
    Rules {} = "rules", et "reeglid", de "regeln",
        help "help.rules", group Game, run help::rules;
    /// `pieces [COLOR] [PIECE]`: where the pieces stand (also asked as a sentence: `where is the
    /// king`, `wo ist der König`, `kus on kuningas`).
    Pieces { asked: PiecesAsk } = "pieces" | "p" | "where" | "wo" | "kus", et "nupud", de "figuren",
        help "help.pieces", group Board, run queries::pieces;
    /// `square SQUARE`: what stands there, and how many attack and defend it.
    SquareInfo { square: Square } = "square" | "sq" | "ruut", et "väli", de "feld",
        help "help.square", group Board, run queries::square;
    /// `scan …`: the men along a line.
    Scan { line: ScanLine } = "scan" | "s", et "skanni", de "abtasten",
        help "help.scan", group Board, run queries::scan;
    /// `attackers SQUARE`.
    Attackers { square: Square } = "attackers" | "at", et "ründajad", de "angreifer",
        help "help.attackers", group Board, run queries::attackers;
    /// `defenders SQUARE`.
    Defenders { square: Square } = "defenders" | "df", et "kaitsjad", de "verteidiger",
        help "help.defenders", group Board, run queries::defenders;
    /// `check`: whether the side to move is in check, and from what.
    Check {} = "check" | "ch" | "schach" | "šahh", et "tules", de "imschach",
        help "help.check", group Board, run queries::check;
    /// `captured`: the men taken so far, and the material balance.
    Captured {} = "captured" | "cp" | "material" | "materjal", et "löödud", de "geschlagen",
        help "help.captured", group Board, run queries::captured;
    /// `turn`: who is to move, and the move number.
    Turn {} = "turn" | "tu", et "käigul", de "amzug",
        help "help.turn", group Board, run queries::turn;
    /// `status`: where the game stands, in one answer: whose move, the last move, the clocks.
    Status {} = "status" | "overview" | "olek" | "stand", et "ülevaade", de "überblick",
        help "help.status", group Board, run queries::status;
    /// `settings`: every setting in force.
    Settings {} = "settings" | "options" | "sätted" | "optionen", et "seaded", de "einstellungen",
        help "help.settings", group Game, run settings::settings;
    /// `explain [TOPIC]`: a topic of the rules.
    Explain { topic: Option<Topic> } = "explain" | "ex", et "selgita", de "erkläre",
        help "help.explain", group Game, run help::explain;
    /// `rate [N]`: the speech rate in force, or a new one.
    Rate { rate: Option<Rate> } = "rate" | "ra", et "kiirus", de "tempo",
        help "help.rate", group Speech, run voice::rate_command;
    /// `faster`: the speech a step faster.
    Faster {} = "faster", et "kiiremini", de "schneller",
        help "help.faster", group Speech, run voice::faster;
    /// `slower`: the speech a step slower.
    Slower {} = "slower", et "aeglasemalt", de "langsamer",
        help "help.slower", group Speech, run voice::slower;
    /// `volume [N]`: the volume in force, or a new one.
    Volume { volume: Option<Volume> } = "volume" | "vo" | "helitugevus" | "heli", et "valjus", de "lautstärke",
        help "help.volume", group Speech, run voice::volume_command;
    /// `louder`: the speech a step louder.
    Louder {} = "louder", et "valjemini", de "lauter",
        help "help.louder", group Speech, run voice::louder;
    /// `quieter`: the speech a step quieter, never silent.
    Quieter {} = "quieter" | "softer", et "vaiksemalt", de "leiser",
        help "help.quieter", group Speech, run voice::quieter;
    /// `voice [NAME|auto]`: the voice in force, or a new one.
    Voice { choice: Option<VoiceChoice> } = "voice", et "hääl", de "stimme",
        help "help.voice", group Speech, run voice::voice_command;
    /// `verbosity [LEVEL]`: how much is spoken.
    Verbosity { level: Option<Verbosity> } = "verbosity" | "vb", et "jutukus", de "ausführlichkeit",
        help "help.verbosity", group Speech, run voice::verbosity_command;
    /// `abort`: online, the game is called off before both sides have moved.
    Abort {} = "abort", et "tühista", de "abbrechen",
        help "help.abort", group Offers, run online::abort, ask online::abort_question;
    /// `claim-win`: online, the opponent has gone and the win is claimed.
    ClaimWin {} = "claim-win", et "nõua-võitu", de "sieg-fordern",
        help "help.claim_win", group Offers, run online::claim_victory, ask online::claim_question;
    /// `takeback`: online, a request to take back the last move.
    Takeback {} = "takeback", et "tagasivõtt", de "zurücknahme",
        help "help.takeback", group Offers, run online::takeback;
    /// `chat [TEXT]`: online, the opponent's chat lines read out, or a line sent.
    Chat { text: Option<ChatText> } = "chat", et "vestlus", de "plaudern",
        help "help.chat", group Offers, run online::chat;
    /// `history [N]`: what was said lately.
    History { count: Option<usize> } = "history" | "hi", et "ajalugu", de "verlauf",
        help "help.history", group Speech, run voice::history_command;
}

impl Command {
    /// Whether the command only asks (about the board, the time, the moves, the commands) and
    /// changes nothing: asked while a question waits, it is answered and the question still waits.
    pub fn only_asks(&self) -> bool {
        matches!(
            self,
            Command::Last { .. }
                | Command::Legal { .. }
                | Command::Fen {}
                | Command::Help { .. }
                | Command::Time { .. }
                | Command::Board { asked: None | Some(crate::command::BoardCommand::Check { .. }) }
                | Command::More {}
                | Command::Rules {}
                | Command::Pieces { .. }
                | Command::SquareInfo { .. }
                | Command::Scan { .. }
                | Command::Attackers { .. }
                | Command::Defenders { .. }
                | Command::Check {}
                | Command::Captured {}
                | Command::Turn {}
                | Command::Status {}
                | Command::Settings {}
                | Command::Explain { .. }
                | Command::History { .. }
        )
    }

    /// Whether the command belongs to the arbiter at a table (the clock set or stopped, a new
    /// game, adjournment, a claim or an illegal move recorded): online the server keeps the game.
    pub fn at_the_table_only(&self) -> bool {
        matches!(
            self,
            Command::Pause {}
                | Command::Resume {}
                | Command::Advance { .. }
                | Command::SetTime { .. }
                | Command::SetMoves { .. }
                | Command::AddTime { .. }
                | Command::Illegal { .. }
                | Command::Flag {}
                | Command::New { .. }
                | Command::Seal { .. }
                | Command::Adjourn { .. }
                | Command::Open {}
                | Command::Claim { .. }
                | Command::Reconcile {}
                | Command::CountDowntime {}
                | Command::Touched { .. }
        )
    }
}
