//! The commands of a game, one record each: the English name (always understood) and its aliases,
//! the Estonian and German names, the typed arguments, the help key, the group `help` lists it
//! in, whether it only asks (answered while a question waits), where it works (at the table,
//! online, in practice, in a review), the sentences that stand for it, and its duty with the parts
//! of the session the duty takes; for an action that cannot be undone, the question asked first.

use std::time::Duration;

use shakmaty::{Color, Square};

use super::duties::reports::{eboard, heard, online};
use super::duties::{adjourn, clock, draw, help, in_force, moves, pgn, practice, queries, relay, sheets, voice};
use super::parts::Purpose;
use super::{start, Response, Session};
use crate::command::{
    commands, BoardCommand, ChatText, CommandWord, EveryMoves, ExportAsk, Fen, FileName, IntendedMove, LettersAsk,
    Level, MoveText, PiecesAsk, Place, Rate, Resumption, ScanLine, SheetCommand, Topic, VoiceChoice, Volume, Whose,
};
use crate::wording::Verbosity;

commands! {
    /// A command of a game, with its arguments read.
    pub enum Command for Session => Response;

    /// `move MOVE`: what follows is a move, whatever it looks like.
    Move { text: MoveText } = "move" | "m", et "käik", de "zug",
        help "help.move", group Moves,
        run |s, text| moves::play_text(s, &text.0);
    /// `draw [COLOR]`: a draw offer, by the side that just moved unless named.
    Draw { by: Option<Color> } = "draw" | "offer", et "viik", de "remis",
        help "help.draw", group Offers,
        said ["offer a draw", "offer draw", "i offer a draw", "remis anbieten", "ich biete remis an", "pakun viiki"],
        heard ["appendix-e": "remis", "en": "draw", "et": "viik"],
        run |s, by| draw::offer(&mut s.game, &s.settings, &s.wording, by);
    /// `accept`: yes, to an offer or a question.
    Accept {} = "accept" | "yes" | "jah" | "ja", et "nõus", de "annehmen",
        help "help.accept", group Offers,
        said ["accept the draw", "accept draw", "draw accepted", "i accept", "remis annehmen", "remis angenommen",
            "ich nehme an", "ich nehme remis an", "võtan viigi vastu", "viik vastu võetud", "nõustun"],
        heard ["appendix-e": "ja", "en": "yes", "et": "jah"],
        run |s| draw::answer(&mut s.game, &mut s.online, &s.settings, &s.wording, true),
        ask |s| draw::accept_question(&s.game, &s.wording);
    /// `decline`: no, to an offer or a question.
    Decline {} = "decline" | "no" | "ei" | "nein", et "keeldun", de "ablehnen",
        help "help.decline", group Offers,
        said ["decline the draw", "decline draw", "draw declined", "no draw", "i decline", "remis ablehnen",
            "remis abgelehnt", "kein remis", "ich lehne ab", "ei võta viiki vastu", "viigist keeldun"],
        heard ["appendix-e": "nein", "en": "no", "et": "ei"],
        run |s| draw::answer(&mut s.game, &mut s.online, &s.settings, &s.wording, false);
    /// `claim [MOVE]`: a draw claim, with the move intended (9.2, 9.3).
    Claim { intended: Option<IntendedMove> } = "claim", et "nõue", de "reklamieren",
        help "help.claim", group Offers, at Table | Practice,
        heard ["appendix-e": "reklamieren", "en": "claim", "et": "nõue"],
        run draw::claim,
        ask |s, intended| draw::claim_question(&s.game, &s.clock, &s.settings, &s.wording, intended.as_ref());
    /// `resign [COLOR]`: without a colour, who resigns is asked.
    Resign { by: Option<Color> } = "resign" | "loobun", et "alistun", de "aufgeben",
        help "help.resign", group Offers,
        said ["i resign", "ich gebe auf", "ma alistun", "annan alla"],
        heard ["appendix-e": "aufgeben", "en": "resign", "et": "alistun"],
        run |s, by| {
            let now = s.clock.now();
            draw::resign(&mut s.game, &mut s.asking, &s.settings, &s.wording, (by, now))
        },
        ask |s, by| draw::resign_question(&s.settings, &s.wording, *by);
    /// `repeat`: the last answer again.
    Repeat {} = "repeat" | "r", et "korda", de "wiederholen",
        help "help.repeat", group Speech, at Table | Online | Practice | Review | Coach,
        said ["what", "say again", "say that again", "pardon", "wie bitte", "noch einmal", "nochmal", "mida",
            "veel kord"],
        heard ["appendix-e": "wiederholen", "en": "repeat", "et": "korda"],
        run |s| voice::repeat(&s.said, &s.wording);
    /// `last [N]`: the last N moves as they were announced.
    Last { count: Option<usize> } = "last" | "l" | "letzte" | "zuletzt" | "viimased", et "viimane", de "letzter",
        help "help.last", group Moves (asks), at Table | Online | Practice | Review | Coach,
        said ["last move", "the last move", "letzter zug", "der letzte zug", "viimane käik"],
        heard ["appendix-e": "letzter", "en": "last", "et": "viimane"],
        run |s, count| queries::last(&s.game, &s.settings, &s.wording, count);
    /// `letters [COLOR] [SET]`: the piece letters typed moves are read with, or new ones.
    Letters { asked: LettersAsk } = "letters", et "tähed", de "buchstaben",
        help "help.letters", group Moves,
        run |s, asked| moves::letters(&mut s.settings, &s.wording, asked);
    /// `legal [SQUARE]`: every legal move, or a piece's.
    Legal { square: Option<Square> } = "legal" | "moves", et "käigud", de "züge",
        help "help.legal", group Moves (asks), at Table | Online | Practice | Review | Coach,
        run |s, square| queries::legal(&s.game, &s.settings, &s.wording, square);
    /// `fen`: the position as FEN.
    Fen {} = "fen", et "fen", de "fen",
        help "help.fen", group Board (asks), at Table | Online | Practice | Review | Coach,
        run |s| queries::fen(&s.game, &s.wording);
    /// `help [COMMAND]`: the commands, or one.
    Help { about: Option<CommandWord> } = "help" | "?", et "abi", de "hilfe",
        help "help.help", group Game (asks), at Table | Online | Practice | Review | Coach,
        run |s, about| help::help(&s.wording, s.place(), about);
    /// `new [FEN]`: a new game.
    New { fen: Option<Fen> } = "new", et "uus", de "neu",
        help "help.new", group Game, at Table | Practice,
        run start::new_game,
        ask |s, fen| start::new_question(&s.game, &s.wording, fen.as_ref());
    /// `quit`: the session ends; an unfinished game is kept.
    Quit {} = "quit" | "exit" | "q" | "bye" | "goodbye" | "tschüss" | "beenden" | "välju" | "lahku" | "lõpeta", et "lõpp", de "ende",
        help "help.quit", group Game,
        said ["good bye", "see you", "auf wiedersehen", "bis dann", "head aega", "nägemiseni", "ma lõpetan"],
        run |s| start::quit(&s.game, &s.adjournment, (&s.archive, s.settings.online.is_online()), &s.wording),
        ask |s| start::quit_question(&s.game, &s.adjournment, (&s.archive, s.settings.online.is_online()), &s.wording);
    /// `time [me|opponent|white|black]`: the remaining times and moves made.
    Time { of: Option<Whose> } = "time" | "t", et "aeg", de "zeit",
        help "help.time", group Clock (asks),
        said ["how much time", "time left", "wie viel zeit", "wieviel zeit", "restzeit", "kui palju aega",
            "how much time do i have" => "me", "my time" => "me", "wie viel zeit habe ich" => "me",
            "meine zeit" => "me", "kui palju mul aega on" => "me", "minu aeg" => "me"],
        heard ["appendix-e": "zeit", "en": "time", "et": "aeg"],
        run |s, of| clock::time(&s.clock, &s.game, &s.settings, &s.wording, of);
    /// `time-every [N]`: the time said after every N moves (0: only when asked).
    TimeEvery { moves: Option<EveryMoves> } = "time-every", et "aeg-iga", de "zeit-alle",
        help "help.time_every", group Clock,
        run |s, moves| clock::time_every(&s.clock, &s.game, &mut s.settings, &s.wording, moves);
    /// `pause`: the arbiter stops the clock.
    Pause {} = "pause", et "paus", de "anhalten",
        help "help.pause", group Clock, at Table | Practice,
        run |s| clock::pause(&mut s.clock, &s.game, &s.wording);
    /// `resume`: the clock goes on.
    Resume {} = "resume", et "jätka", de "weiter",
        help "help.resume", group Clock, at Table | Practice,
        run |s| clock::resume(&mut s.clock, &s.game, &s.wording);
    /// `advance DURATION`: the simulated clock moves on (the session's `apply` moves the time).
    Advance { by: Duration } = "advance", et "edasi", de "vorstellen",
        help "help.advance", group Clock, at Table | Practice,
        run |s, by| clock::advanced(&s.settings, &s.wording, by);
    /// `set-time COLOR DURATION` (6.10, 6.13).
    SetTime { color: Color, time: Duration } = "set-time", et "määra-aeg", de "zeit-setzen",
        help "help.set_time", group Clock, at Table | Practice,
        run |s, color, time| clock::set_time(&mut s.clock, &s.game, &s.wording, color, time);
    /// `set-moves COLOR N` (6.13).
    SetMoves { color: Color, moves: u32 } = "set-moves", et "määra-käigud", de "züge-setzen",
        help "help.set_moves", group Clock, at Table | Practice,
        run |s, color, moves| clock::set_moves(&mut s.clock, &s.game, &s.wording, color, moves);
    /// `add-time COLOR DURATION` (13.5).
    AddTime { color: Color, time: Duration } = "add-time", et "lisa-aeg", de "zeit-geben",
        help "help.add_time", group Clock, at Table | Practice,
        run |s, color, time| clock::add_time(&mut s.clock, &s.game, &s.wording, color, time);
    /// `illegal [COLOR]`: the arbiter records a completed illegal move (7.4, 7.5).
    Illegal { by: Option<Color> } = "illegal" | "reeglivastane", et "määrustevastane", de "regelwidrig",
        help "help.illegal", group Table, at Table,
        run sheets::record_illegal,
        ask |s, by| sheets::illegal_question(&s.game, &s.arbiter, &s.clock, &s.settings, &s.wording, *by);
    /// `flag`: a claim that the opponent's flag has fallen.
    Flag {} = "flag", et "aegumine", de "zeitüberschreitung",
        help "help.flag", group Clock, at Table | Practice,
        run |s| clock::claim_flag(&s.clock, &mut s.game, &s.settings, &s.wording);
    /// `ok`: the relayed move was executed as announced, or a repair step was done.
    Ok {} = "ok" | "done", et "korras", de "erledigt",
        help "help.ok", group Table,
        heard ["appendix-e": "erledigt", "en": "okay", "et": "korras"],
        run |s| relay::confirm_ok(&mut s.table, &s.game, &s.settings, &s.wording, true);
    /// `listen`: hear the next utterance (push to talk).
    Listen {} = "listen" | "hear", et "kuula", de "zuhören",
        help "help.listen", group Speech, at Table | Online | Practice | Review,
        run |s| heard::listen_command(&s.listening, &s.wording);
    /// `braille`: the board on the braille display, one rank per line.
    Braille {} = "braille", et "punktkiri", de "punktschrift",
        help "help.braille", group Speech, at Table | Online | Practice | Review | Coach,
        run |s| queries::braille(&s.game, &s.wording);
    /// `eboard`: the electronic board's placement compared with the game's.
    Eboard {} = "eboard", et "elaud", de "ebrett",
        help "help.eboard", group Table,
        run |s| eboard::board_setup_check(&s.eboard, &s.table, &s.game, &s.settings, &s.wording);
    /// `engine`: analysis by an engine, refused while the game goes on (11.3).
    Engine {} = "engine", et "mootor", de "schachengine",
        help "help.engine", group Game, at Table | Online | Practice | Review,
        run |s| match s.place() {
            // A practice game is no rated game: the engine says what it thinks of the position.
            Place::Practice => {
                practice::advise(&s.game, &mut s.sparring, (&s.clock, &s.settings), &s.wording, Purpose::Eval)
            }
            _ => help::engine(&s.game, &s.wording).into(),
        };
    /// `relay MOVE`: the pending move was executed as MOVE on the receiving board.
    Relay { text: MoveText } = "relay", et "edastatud", de "ausgeführt",
        help "help.relay", group Table,
        run |s, text| relay::relay(&mut s.table, &s.game, &s.reader, &s.settings, &s.wording, &text.0);
    /// `correct MOVE`: a slip of the tongue corrected (E.2.6).
    Correct { text: MoveText } = "correct" | "slip", et "paranda", de "korrigieren",
        help "help.correct", group Moves,
        run |s, text| relay::correct(s, &text.0);
    /// `board`, `board check …`, `board report …`.
    Board { asked: Option<BoardCommand> } = "board" | "bd" | "position" | "stellung" | "seis", et "laud", de "brett",
        help "help.board", group Board (asks), at Table | Online | Practice | Review | Coach,
        heard ["appendix-e": "brett", "en": "board", "et": "laud"],
        run |s, asked| queries::board(&s.game, &mut s.table, &s.settings, &s.wording, &mut s.said, asked);
    /// `more`: the details of the last answer (said after `board` in the group,
    /// where it cannot be heard as "and more").
    More {} = "more" | "mo", et "veel", de "mehr",
        help "help.more", group Board (asks), at Table | Online | Practice | Review | Coach,
        run |s| queries::more(&mut s.said, &s.wording);
    /// `reconcile`: the arbiter sets the game by the scoresheets (E.2.7, E.2.8).
    Reconcile {} = "reconcile", et "võrdle", de "abgleichen",
        help "help.reconcile", group Table, at Table | Practice,
        run sheets::reconcile,
        ask |s| sheets::reconcile_question(&s.table, &s.game, &s.settings, &s.wording);
    /// `sheet …`: a scoresheet read or written.
    Sheet { asked: SheetCommand } = "sheet" | "scoresheet" | "partieformular" | "partiiblankett", et "blankett", de "formular",
        help "help.sheet", group Table,
        run |s, asked| sheets::sheet(&mut s.table, &s.game, &s.clock, &s.reader, &s.settings, &s.wording, asked);
    /// `touched SQUARE`: the side to move touched that piece and must move it.
    Touched { square: Square } = "touched", et "puudutatud", de "berührt",
        help "help.touched", group Table, at Table,
        run |s, square| moves::touched(&s.game, &mut s.arbiter, &s.settings, &s.wording, square);
    /// `count-downtime`: the time the program was away is taken off the running clock.
    CountDowntime {} = "count-downtime", et "arvesta-paus", de "ausfall-anrechnen",
        help "help.count_downtime", group Clock, at Table | Practice,
        run |s| clock::count_downtime(&mut s.clock, &s.wording);
    /// `seal MOVE`: the sealed move, as written, unread until opened.
    Seal { text: Option<MoveText> } = "seal", et "pitseeri", de "versiegeln",
        help "help.seal", group Game, at Table,
        run |s, text| adjourn::seal(&s.game, &mut s.adjournment, &s.reader, &s.settings, &s.wording, text);
    /// `adjourn [DATE TIME PLACE]`.
    Adjourn { resumption: Option<Resumption> } = "adjourn", et "katkesta", de "vertagen",
        help "help.adjourn", group Game, at Table,
        run |s, resumption| {
            let parts = (&s.game, &mut s.clock, &mut s.adjournment);
            adjourn::adjourn(parts.0, parts.1, parts.2, &s.settings, &s.wording, resumption)
        };
    /// `open`: the sealed move is revealed and played.
    Open {} = "open", et "ava", de "öffnen",
        help "help.open", group Game, at Table,
        run adjourn::open_sealed;
    /// `pgn [FILE]`: the game as PGN.
    Pgn { path: Option<FileName> } = "pgn" | "save" | "speichern" | "salvesta", et "pgn", de "pgn",
        help "help.pgn", group Game,
        run |s, path| pgn::pgn_command(s.recorded(), path);
    /// `export [FORMAT] [FILE]`: the scoresheet as a file.
    Export { asked: ExportAsk } = "export", et "ekspordi", de "exportieren",
        help "help.export", group Game,
        run |s, asked| pgn::export(s.recorded(), &s.wording, asked);
    /// `analyse`: whether either side can still win.
    Analyse {} = "analyse" | "analyze", et "analüüsi", de "analysieren",
        help "help.analyse", group Game, at Table | Online | Practice | Review,
        run |s| queries::analyse(&s.game, &s.settings, &s.wording);
    /// `rules`: the ruleset and what it decides.
    Rules {} = "rules", et "reeglid", de "regeln",
        help "help.rules", group Game (asks), at Table | Online | Practice | Review | Coach,
        run |s| help::rules(&s.settings, &s.wording);
    /// `pieces [COLOR] [PIECE]`: where the pieces stand (also asked as a sentence: `where is the
    /// king`, `wo ist der König`, `kus on kuningas`).
    Pieces { asked: PiecesAsk } = "pieces" | "p" | "where" | "wo" | "kus", et "nupud", de "figuren",
        help "help.pieces", group Board (asks), at Table | Online | Practice | Review | Coach,
        run |s, asked| queries::pieces(&s.game, &s.settings, &s.wording, &mut s.said, asked);
    /// `square SQUARE`: what stands there, and how many attack and defend it.
    SquareInfo { square: Square } = "square" | "sq" | "ruut", et "väli", de "feld",
        help "help.square", group Board (asks), at Table | Online | Practice | Review | Coach,
        said ["what is on _", "what's on _", "whats on _", "was steht auf _", "was ist auf _", "mis on väljal _",
            "mis seisab väljal _"],
        run |s, square| queries::square(&s.game, &s.wording, &mut s.said, square);
    /// `scan …`: the men along a line.
    Scan { line: ScanLine } = "scan" | "s", et "skanni", de "abtasten",
        help "help.scan", group Board (asks), at Table | Online | Practice | Review | Coach,
        run |s, line| queries::scan(&s.game, &s.wording, &mut s.said, line);
    /// `attackers SQUARE`.
    Attackers { square: Square } = "attackers" | "at", et "ründajad", de "angreifer",
        help "help.attackers", group Board (asks), at Table | Online | Practice | Review | Coach,
        said ["what attacks _", "who attacks _", "was greift _ an", "wer greift _ an", "was bedroht _",
            "wer bedroht _", "mis ründab _", "kes ründab _"],
        run |s, square| queries::attackers(&s.game, &s.wording, &mut s.said, square);
    /// `defenders SQUARE`.
    Defenders { square: Square } = "defenders" | "df", et "kaitsjad", de "verteidiger",
        help "help.defenders", group Board (asks), at Table | Online | Practice | Review | Coach,
        said ["what defends _", "who defends _", "what protects _", "was deckt _", "wer deckt _",
            "was verteidigt _", "wer verteidigt _", "mis kaitseb _", "kes kaitseb _"],
        run |s, square| queries::defenders(&s.game, &s.wording, &mut s.said, square);
    /// `check`: whether the side to move is in check, and from what.
    Check {} = "check" | "ch" | "schach" | "šahh", et "tules", de "imschach",
        help "help.check", group Board (asks), at Table | Online | Practice | Review | Coach,
        run |s| queries::check(&s.game, &s.wording, &mut s.said);
    /// `captured`: the men taken so far, and the material balance.
    Captured {} = "captured" | "cp" | "material" | "materjal", et "löödud", de "geschlagen",
        help "help.captured", group Board (asks), at Table | Online | Practice | Review | Coach,
        run |s| queries::captured(&s.game, &s.wording, &mut s.said);
    /// `turn`: who is to move, and the move number.
    Turn {} = "turn" | "tu", et "käigul", de "amzug",
        help "help.turn", group Board (asks), at Table | Online | Practice | Review | Coach,
        said ["whose move", "whose turn", "who is to move", "who moves", "wer ist am zug", "wer zieht",
            "kes on käigul", "kelle käik"],
        run |s| queries::turn(&s.game, &s.wording, &mut s.said);
    /// `status`: where the game stands, in one answer: whose move, the last move, the clocks.
    Status {} = "status" | "overview" | "olek" | "stand", et "ülevaade", de "überblick",
        help "help.status", group Board (asks), at Table | Online | Practice | Review | Coach,
        said ["where are we", "what is the status", "wo stehen wir", "kus me oleme"],
        run |s| queries::status(&s.game, &s.clock, &s.settings, &s.wording, &mut s.said);
    /// `settings`: every setting in force.
    Settings {} = "settings" | "options" | "sätted" | "optionen", et "seaded", de "einstellungen",
        help "help.settings", group Game (asks),
        said ["what are the settings", "my settings", "welche einstellungen", "meine einstellungen",
            "millised on seaded", "minu seaded"],
        run |s| in_force::settings(&s.clock, &s.settings, &s.said, &s.wording);
    /// `explain [TOPIC]`: a topic of the rules.
    Explain { topic: Option<Topic> } = "explain" | "ex", et "selgita", de "erkläre",
        help "help.explain", group Game (asks), at Table | Online | Practice | Review | Coach,
        run |s, topic| help::explain(&s.wording, topic);
    /// `rate [N]`: the speech rate in force, or a new one.
    Rate { rate: Option<Rate> } = "rate" | "ra", et "kiirus", de "tempo",
        help "help.rate", group Speech, at Table | Online | Practice | Review | Coach,
        run |s, rate| voice::rate_command(&mut s.settings, &s.wording, rate);
    /// `faster`: the speech a step faster.
    Faster {} = "faster", et "kiiremini", de "schneller",
        help "help.faster", group Speech, at Table | Online | Practice | Review | Coach,
        run |s| voice::faster(&mut s.settings, &s.wording);
    /// `slower`: the speech a step slower.
    Slower {} = "slower", et "aeglasemalt", de "langsamer",
        help "help.slower", group Speech, at Table | Online | Practice | Review | Coach,
        run |s| voice::slower(&mut s.settings, &s.wording);
    /// `volume [N]`: the volume in force, or a new one.
    Volume { volume: Option<Volume> } = "volume" | "vo" | "helitugevus" | "heli", et "valjus", de "lautstärke",
        help "help.volume", group Speech, at Table | Online | Practice | Review | Coach,
        run |s, volume| voice::volume_command(&mut s.settings, &s.wording, volume);
    /// `louder`: the speech a step louder.
    Louder {} = "louder", et "valjemini", de "lauter",
        help "help.louder", group Speech, at Table | Online | Practice | Review | Coach,
        run |s| voice::louder(&mut s.settings, &s.wording);
    /// `quieter`: the speech a step quieter, never silent.
    Quieter {} = "quieter" | "softer", et "vaiksemalt", de "leiser",
        help "help.quieter", group Speech, at Table | Online | Practice | Review | Coach,
        run |s| voice::quieter(&mut s.settings, &s.wording);
    /// `voice [NAME|auto]`: the voice in force, or a new one.
    Voice { choice: Option<VoiceChoice> } = "voice", et "hääl", de "stimme",
        help "help.voice", group Speech, at Table | Online | Practice | Review | Coach,
        run |s, choice| voice::voice_command(&mut s.settings, &s.said, &s.wording, choice);
    /// `verbosity [LEVEL]`: how much is spoken.
    Verbosity { level: Option<Verbosity> } = "verbosity" | "vb", et "jutukus", de "ausführlichkeit",
        help "help.verbosity", group Speech, at Table | Online | Practice | Review | Coach,
        said ["brief" => "brief", "be brief" => "brief", "less detail" => "brief", "kürzer" => "brief",
            "weniger ausführlich" => "brief", "lühemalt" => "brief", "vähem üksikasju" => "brief",
            "verbose" => "verbose", "more detail" => "verbose", "in detail" => "verbose",
            "ausführlich" => "verbose", "ausführlicher" => "verbose", "pikemalt" => "verbose",
            "põhjalikult" => "verbose"],
        run |s, level| voice::verbosity_command(&mut s.settings, &s.wording, level);
    /// `abort`: online, the game is called off before both sides have moved.
    Abort {} = "abort", et "tühista", de "abbrechen",
        help "help.abort", group Offers, at Online,
        run |_| online::abort(),
        ask |s| online::abort_question(&s.wording);
    /// `claim-win`: online, the opponent has gone and the win is claimed.
    ClaimWin {} = "claim-win", et "nõua-võitu", de "sieg-fordern",
        help "help.claim_win", group Offers, at Online,
        run |_| online::claim_victory(),
        ask |s| online::claim_question(&s.wording);
    /// `claim-draw`: online, the opponent has gone and a draw is claimed instead of the win.
    ClaimDraw {} = "claim-draw", et "nõua-viiki", de "remis-fordern",
        help "help.claim_draw", group Offers, at Online,
        run |_| online::claim_draw(),
        ask |s| online::claim_draw_question(&s.wording);
    /// `berserk`: online, in an arena tournament's game, the player's clock halved before their
    /// first move for a point more if they win.
    Berserk {} = "berserk", et "berserk", de "berserk",
        help "help.berserk", group Offers, at Online,
        run |s| online::berserk(&s.wording),
        ask |s| online::berserk_question(&s.wording);
    /// `takeback`: in practice, the player's last move and the engine's answer taken back;
    /// online, a request to take back the last move (at the table there is none: what there is
    /// instead is said, for every word people use for it).
    Takeback {} = "takeback" | "undo" | "back" | "retract" | "zurück" | "zurücknehmen" | "rückgängig" | "tagasi", et "tagasivõtt", de "zurücknahme",
        help "help.takeback", group Offers, at Online | Practice,
        said ["take back", "võta tagasi"],
        run |s| match s.place() {
            Place::Practice => practice::takeback(s).into(),
            _ => online::takeback(&s.wording),
        };
    /// `hint`: in practice, the engine's move for the player, in words (counted, kept in the PGN).
    Hint {} = "hint" | "hinweis", et "vihje", de "tipp",
        help "help.hint", group Game, at Practice | Review,
        run |s| practice::advise(&s.game, &mut s.sparring, (&s.clock, &s.settings), &s.wording, Purpose::Hint);
    /// `eval`: in practice, what the engine thinks of the position, in words.
    Eval {} = "eval" | "evaluation", et "hinnang", de "bewertung",
        help "help.eval", group Game (asks), at Practice | Review,
        run |s| practice::advise(&s.game, &mut s.sparring, (&s.clock, &s.settings), &s.wording, Purpose::Eval);
    /// `opening`: in practice and in a review, the opening of the game so far, by name.
    Opening {} = "opening", et "avang", de "eröffnung",
        help "help.opening", group Board (asks), at Practice | Review,
        run |s| practice::opening(&s.game, &s.wording);
    /// `level [N]`: in practice, the engine's level, or a new one (1 to 8).
    Level { level: Option<Level> } = "level", et "tase", de "stufe",
        help "help.level", group Game, at Practice,
        run |s, level| practice::level(&mut s.settings, &s.wording, level);
    /// `chat [TEXT]`: online, the opponent's chat lines read out, or a line sent.
    Chat { text: Option<ChatText> } = "chat", et "vestlus", de "plaudern",
        help "help.chat", group Offers, at Online,
        run |s, text| online::chat(&mut s.online, &s.wording, text);
    /// `history [N]`: what was said lately.
    History { count: Option<usize> } = "history" | "hi", et "ajalugu", de "verlauf",
        help "help.history", group Speech (asks), at Table | Online | Practice | Review | Coach,
        run |s, count| voice::history_command(&s.said, &s.wording, count);
}

impl Command {
    /// The words said aloud for the game's commands in the phrase pack `pack`, each with its
    /// command's English name (what the ears hear besides the moves).
    pub fn heard_in(pack: &str) -> Vec<(&'static str, &'static str)> {
        let records = <Command as crate::command::CommandSet>::records().iter();
        records.flat_map(|r| r.heard.iter().filter(|(p, _)| *p == pack).map(move |(_, word)| (*word, r.name))).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{CommandSet, Place};

    #[test]
    fn every_pack_that_can_be_heard_says_each_spoken_command_once_with_a_pronunciation() {
        let spoken: Vec<&str> = Command::records().iter().filter(|r| !r.heard.is_empty()).map(|r| r.name).collect();
        assert!(spoken.contains(&"accept") && spoken.contains(&"time"), "{spoken:?}");
        for vocabulary in crate::listen::VOCABULARIES {
            let words = Command::heard_in(vocabulary.pack);
            let known: Vec<&str> = vocabulary.dictionary.lines().filter_map(|l| l.split(' ').next()).collect();
            for name in &spoken {
                let said: Vec<&str> = words.iter().filter(|(_, n)| n == name).map(|(w, _)| *w).collect();
                assert_eq!(said.len(), 1, "{}: {name} is said {said:?}", vocabulary.pack);
                assert!(known.contains(&said[0]), "{}: {} has no pronunciation", vocabulary.pack, said[0]);
            }
        }
    }

    #[test]
    fn what_only_asks_works_wherever_the_board_can_be_asked_about() {
        for record in Command::records().iter().filter(|r| r.asks) {
            let home = record.works_in(Place::Table) || record.works_in(Place::Practice);
            assert!(home, "{} asks, but neither at the table nor in practice", record.name);
        }
        // The arbiter's commands are the table's: online the server keeps the game.
        for name in ["pause", "illegal", "adjourn", "seal", "new", "reconcile"] {
            let record = crate::command::lookup(Command::records(), name).unwrap();
            assert!(record.works_in(Place::Table) && !record.works_in(Place::Online), "{name}");
        }
        for name in ["abort", "claim-win", "claim-draw", "berserk", "chat"] {
            let record = crate::command::lookup(Command::records(), name).unwrap();
            assert!(record.works_in(Place::Online) && !record.works_in(Place::Table), "{name}");
        }
    }

    #[test]
    fn a_command_is_routed_with_the_parts_its_duty_takes() {
        let mut s = Session::new(crate::config::Settings::default()).unwrap();
        s.apply(crate::session::Event::Start, crate::clock::Timestamp(0));
        let said = Command::Fen {}.run(&mut s);
        assert_eq!(said.lines[0].text, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let said =
            Command::Letters { asked: LettersAsk { color: None, set: Some(crate::notation::LetterSet::German) } }
                .run(&mut s);
        assert!(said.lines[0].text.starts_with("Moves are read with German letters"), "{:?}", said.lines);
        assert_eq!(s.settings().letters(shakmaty::Color::White), crate::notation::LetterSet::German);
    }
}
