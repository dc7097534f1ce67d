//! The electronic board through the session: the set-up check, the sighted player's moves read
//! from lifts and placements, the relay of the blind player's move confirmed by its execution, a
//! wrong placement reported square by square with its repair and cleared when repaired, a lost
//! board, a board that answers garbage, a move made while it was away, and a journal that replays
//! the board the same way. The board's reports are given as events here; `eboard_serial` drives
//! the real binary through an emulated board on a pseudo-terminal.

use annabella::clock::Timestamp;
use annabella::config::Settings;
use annabella::eboard::{BoardMessage, BoardPort, BoardReport, PortProblem, HELD, SETTLE};
use annabella::messages::Lang;
use annabella::session::Event;
use annabella::session::Response;
use annabella::session::Session;
use annabella::speech::SpeechMode;
use annabella::table::RelayMode;
use shakmaty::{Board, Color, Piece, Position, Role, Square};

use crate::support::{assert_speakable, printed, started};

fn settings(lang: Lang) -> Settings {
    Settings {
        speech: SpeechMode::Off,
        lang,
        eboard: Some(BoardPort { path: "/dev/ttyUSB0".into() }),
        ..Settings::default()
    }
}

fn session(settings: Settings) -> Session {
    started(settings)
}

fn report(s: &mut Session, report: BoardReport, at: u64) -> Response {
    let response = s.apply(Event::Board(report), Timestamp(at));
    assert_speakable(&response, "the board's report");
    response
}

fn connect(s: &mut Session, board: &Board, at: u64) -> Response {
    report(s, BoardReport::Connected, at);
    report(s, BoardReport::Message(BoardMessage::Dump(board.clone().into_iter().collect())), at)
}

fn field(s: &mut Session, square: Square, piece: Option<Piece>, at: u64) -> Response {
    report(s, BoardReport::Message(BoardMessage::Field(square, piece)), at)
}

fn man(color: Color, role: Role) -> Option<Piece> {
    Some(Piece { color, role })
}

fn moves(s: &Session) -> Vec<String> {
    s.game().moves().map(|m| m.to_string()).collect()
}

#[test]
fn the_set_up_check_agrees_or_reads_out_each_square_that_differs() {
    let mut s = session(settings(Lang::En));
    assert_eq!(printed(&connect(&mut s, &Board::default(), 10)), ["The electronic board shows the game's position."]);
    let mut wrong = Board::default();
    wrong.discard_piece_at(Square::G1);
    wrong.set_piece_at(Square::G3, Piece { color: Color::White, role: Role::Knight });
    let mut s = session(settings(Lang::En));
    let r = connect(&mut s, &wrong, 10);
    assert_eq!(
        printed(&r),
        [
            "Squares where the electronic board differs from the game: 2.",
            "Gustav eins: nothing, should be white knight.",
            "Gustav drei: white knight, should be nothing.",
            "To repair: knight from Gustav drei to Gustav eins.",
        ]
    );
    assert!(moves(&s).is_empty(), "a set-up difference is no move");
    // On demand, in German.
    let mut s = session(settings(Lang::De));
    connect(&mut s, &wrong, 10);
    let r = s.apply(Event::Input(s.read("ebrett")), Timestamp(20));
    assert_eq!(printed(&r)[1], "Gustav eins: nichts, richtig wäre weißer Springer.");
}

#[test]
fn the_sighted_players_move_is_read_from_the_board_and_the_relay_confirmed_by_its_execution() {
    let mut s = session(Settings { relay: RelayMode::Confirm, ..settings(Lang::En) });
    connect(&mut s, &Board::default(), 10);
    // The blind player (White) announces e4; the board does not show it yet.
    s.apply(Event::Input(s.read("e4")), Timestamp(100));
    assert!(s.table().pending().is_some(), "the relay waits");
    assert!(printed(&field(&mut s, Square::E2, None, 200)).is_empty(), "a lifted pawn is nothing yet");
    let r = field(&mut s, Square::E4, man(Color::White, Role::Pawn), 300);
    assert_eq!(printed(&r), ["Executed on the sighted board as announced."]);
    assert!(s.table().pending().is_none(), "confirmed by the board itself");
    // The sighted player answers e5 on the board: played and announced, nothing typed.
    field(&mut s, Square::E7, None, 400);
    let r = field(&mut s, Square::E5, man(Color::Black, Role::Pawn), 500);
    assert_eq!(printed(&r), ["1... e5: Eva fünf"]);
    assert_eq!(moves(&s), ["e2-e4", "e7-e5"]);
    assert_eq!(s.table().board(Color::Black).placement(), s.game().position().board(), "the sighted board is read");
}

#[test]
fn captures_castling_en_passant_and_promotion_made_on_the_board_are_played() {
    // Black (the sighted player) to move in each.
    type Changes<'a> = &'a [(Square, Option<Piece>)];
    let cases: [(&str, Changes, &str); 4] = [
        (
            "4k3/8/8/3p4/4P3/8/8/4K3 b - - 0 1",
            &[(Square::E4, None), (Square::D5, None), (Square::E4, man(Color::Black, Role::Pawn))],
            "d5xe4",
        ),
        (
            "r3k3/8/8/8/8/8/8/4K3 b q - 0 1",
            &[
                (Square::A8, None),
                (Square::D8, man(Color::Black, Role::Rook)),
                (Square::E8, None),
                (Square::C8, man(Color::Black, Role::King)),
            ],
            "O-O-O",
        ),
        (
            "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",
            &[(Square::E4, None), (Square::D3, man(Color::Black, Role::Pawn)), (Square::D4, None)],
            "e4xd3",
        ),
        (
            "4k3/8/8/8/8/8/p7/4K3 b - - 0 1",
            &[
                (Square::A2, None),
                (Square::A1, man(Color::Black, Role::Pawn)),
                (Square::A1, man(Color::Black, Role::Queen)),
            ],
            "a2-a1=Q",
        ),
    ];
    for (fen, changes, played) in cases {
        let mut s = session(Settings { fen: Some(fen.into()), ..settings(Lang::En) });
        let start = s.game().position().board().clone();
        connect(&mut s, &start, 10);
        for (i, &(square, piece)) in changes.iter().enumerate() {
            field(&mut s, square, piece, 100 + i as u64 * 100);
        }
        assert_eq!(moves(&s), [played], "{fen}");
    }
}

#[test]
fn a_wrong_placement_is_reported_once_with_its_repair_and_cleared_when_repaired() {
    let mut s = session(settings(Lang::En));
    connect(&mut s, &Board::default(), 10);
    s.apply(Event::Input(s.read("e4")), Timestamp(100));
    field(&mut s, Square::E2, None, 200);
    field(&mut s, Square::E4, man(Color::White, Role::Pawn), 300);
    // Black puts the knight on a square it cannot reach.
    field(&mut s, Square::G8, None, 400);
    assert!(printed(&field(&mut s, Square::G5, man(Color::Black, Role::Knight), 500)).is_empty());
    assert_eq!(s.board_deadline(), Some(Timestamp(500 + SETTLE)));
    let r = report(&mut s, BoardReport::Settled, 500 + SETTLE);
    assert_eq!(
        printed(&r),
        [
            "Squares where the electronic board differs from the game: 2.",
            "Gustav fünf: black knight, should be nothing.",
            "Gustav acht: nothing, should be black knight.",
            "To repair: knight from Gustav fünf to Gustav acht.",
        ]
    );
    assert_eq!(s.board_deadline(), None, "said once");
    assert_eq!(moves(&s), ["e2-e4"], "nothing was played");
    field(&mut s, Square::G5, None, 3000);
    let r = field(&mut s, Square::G8, man(Color::Black, Role::Knight), 3100);
    assert_eq!(printed(&r), ["The electronic board shows the game's position."]);
    // A piece held in the hand waits longer before it is a difference.
    field(&mut s, Square::B8, None, 4000);
    assert_eq!(s.board_deadline(), Some(Timestamp(4000 + HELD)));
}

#[test]
fn a_lost_board_is_one_warning_and_a_move_made_meanwhile_is_played_on_its_return() {
    let mut s = session(settings(Lang::En));
    connect(&mut s, &Board::default(), 10);
    s.apply(Event::Input(s.read("e4")), Timestamp(100));
    let r = report(&mut s, BoardReport::Lost, 200);
    assert_eq!(printed(&r).len(), 1);
    assert!(printed(&r)[0].starts_with("The electronic board is disconnected."));
    // Meanwhile the relay and Black's answer were made on the board.
    let mut after = Board::default();
    after.discard_piece_at(Square::E2);
    after.set_piece_at(Square::E4, Piece { color: Color::White, role: Role::Pawn });
    after.discard_piece_at(Square::C7);
    after.set_piece_at(Square::C5, Piece { color: Color::Black, role: Role::Pawn });
    let r = report(&mut s, BoardReport::Connected, 5000);
    assert_eq!(printed(&r), ["The electronic board is back; its placement is asked for again."]);
    let r = report(&mut s, BoardReport::Message(BoardMessage::Dump(after.clone().into_iter().collect())), 5000);
    assert_eq!(printed(&r), ["1... c5: Cesar fünf"]);
    assert_eq!(moves(&s), ["e2-e4", "c7-c5"]);
    // Two moves away is no single move: compared, not guessed.
    let mut s = session(settings(Lang::En));
    connect(&mut s, &Board::default(), 10);
    report(&mut s, BoardReport::Lost, 200);
    let r = connect(&mut s, &after, 900);
    assert!(moves(&s).is_empty());
    assert_eq!(printed(&r)[0], "Squares where the electronic board differs from the game: 4.");
}

#[test]
fn a_port_that_cannot_be_opened_and_a_board_that_sends_garbage_are_said_in_the_interface_language() {
    let mut s = session(settings(Lang::Et));
    let r = report(&mut s, BoardReport::Unavailable(PortProblem::Busy), 10);
    assert_eq!(
        printed(&r),
        ["Elektroonilise laua porti /dev/ttyUSB0 kasutab teine programm. Sulge see; seni saab käike trükkida."]
    );
    let spoken = r.lines[0].spoken();
    assert!(!spoken.contains("/dev"), "a path is not read out: {spoken}");
    let r = report(&mut s, BoardReport::Garbled, 20);
    assert!(printed(&r)[0].starts_with("Elektrooniline laud saadab loetamatuid andmeid"));
    let r = s.apply(Event::Input(s.read("elaud")), Timestamp(30));
    assert_eq!(printed(&r), ["Praegu pole ühtegi elektroonilist lauda ühendatud."]);
    let mut s = session(Settings { eboard: None, ..settings(Lang::En) });
    let r = s.apply(Event::Input(s.read("eboard")), Timestamp(30));
    assert!(printed(&r)[0].starts_with("No electronic board is named."));
}

#[test]
fn a_journal_replays_the_board_the_same_way() {
    use annabella::store::{Kept as Record, Record as Entry};
    let dump = BoardReport::Message(BoardMessage::Dump(Board::default().into_iter().collect()));
    let white_knight = man(Color::White, Role::Knight);
    let records = [
        Record::Start(String::new()),
        Record::Board(BoardReport::Connected.record()),
        Record::Board(dump.record()),
        Record::Board(BoardReport::Message(BoardMessage::Field(Square::G1, None)).record()),
        Record::Board(BoardReport::Message(BoardMessage::Field(Square::F3, white_knight)).record()),
        Record::Input("c5".into()),
        // A rook-like wait: the board is wrong, then settles, then is put right.
        Record::Board(BoardReport::Message(BoardMessage::Field(Square::F3, None)).record()),
        Record::Board(BoardReport::Message(BoardMessage::Field(Square::H4, white_knight)).record()),
        Record::Board(BoardReport::Settled.record()),
        Record::Board(BoardReport::Message(BoardMessage::Field(Square::H4, None)).record()),
        Record::Board(BoardReport::Message(BoardMessage::Field(Square::F3, white_knight)).record()),
    ];
    let entries: Vec<Entry> = records
        .into_iter()
        .enumerate()
        .map(|(i, event)| Entry { seq: i as u64, at: Timestamp(i as u64 * 2000), wall_ms: 0, kept: event })
        .collect();
    // The sighted player is White here: Black is blind.
    let mut s = Session::new(Settings { blind: Some(Color::Black), ..settings(Lang::En) }).unwrap();
    s.replay(&entries);
    assert_eq!(moves(&s), ["Ng1-f3", "c7-c5"]);
    assert_eq!(s.board_deadline(), None);
}

#[test]
fn the_board_is_named_in_the_configuration_or_refused_with_what_would_be_accepted() {
    use annabella::config::Source;
    let apply = |text: &str| Source { origin: "test.toml", text }.apply(&Settings::default());
    let s = apply("[table]\neboard = \"dgt:/dev/ttyACM0\"\n").unwrap();
    assert_eq!(s.eboard, Some(BoardPort { path: "/dev/ttyACM0".into() }));
    assert_eq!(apply("[table]\neboard = \"\"\n").unwrap().eboard, None);
    let refused = apply("[table]\n\neboard = \"/dev/ttyUSB0\"\n").unwrap_err();
    let said = refused.worded(&annabella::wording::Wording::in_language(annabella::messages::Lang::En));
    assert_eq!(
        said.printed,
        "test.toml, line 3: table.eboard cannot be /dev/ttyUSB0; use dgt: and the serial port, such as dgt:/dev/ttyUSB0."
    );
}

/// A move made on the electronic board while a heard move waits for yes or no answers the
/// question as no and is played as itself.
#[test]
fn a_move_on_the_board_while_a_heard_move_waits_answers_it_as_no() {
    use annabella::listen::{Hearing, Report};
    // White plays on the electronic board; Black at the tactile one.
    let mut s = session(Settings { blind: Some(Color::Black), ..settings(Lang::En) });
    connect(&mut s, &Board::default(), 10);
    let heard = Report::Heard(Hearing::new("eva vier", 0.1));
    let r = s.apply(Event::Heard(heard), Timestamp(20));
    assert_eq!(printed(&r), ["e4? Say yes or no."]);
    field(&mut s, Square::D2, None, 30);
    let r = field(&mut s, Square::D4, man(Color::White, Role::Pawn), 40);
    assert_eq!(printed(&r)[0], "That answers no to the question.");
    assert_eq!(moves(&s), ["d2-d4"]);
    // No question waits any more: yes is no answer to anything.
    let r = s.apply(Event::Input(s.read("yes")), Timestamp(50));
    assert_eq!(moves(&s), ["d2-d4"], "{:?}", printed(&r));
}

/// The blind player's moves are announced, never read from the sighted board: White's pawn moved
/// there unannounced is no move of White's but a difference, said once it settles; two moves in
/// one burst are not both played; a board that connects one move away differs from the game.
#[test]
fn the_blind_players_move_made_on_the_board_is_a_difference_not_a_move() {
    // Blind White: the electronic board is Black's.
    let mut s = session(settings(Lang::En));
    connect(&mut s, &Board::default(), 10);
    field(&mut s, Square::D2, None, 100);
    let r = field(&mut s, Square::D4, man(Color::White, Role::Pawn), 200);
    assert!(printed(&r).is_empty(), "{:?}", printed(&r));
    assert!(moves(&s).is_empty(), "nothing was announced");
    let r = report(&mut s, BoardReport::Settled, 200 + 1600);
    assert_eq!(printed(&r)[0], "Squares where the electronic board differs from the game: 2.");
    assert!(moves(&s).is_empty());
    // Two moves in one burst.
    let mut s = session(settings(Lang::En));
    connect(&mut s, &Board::default(), 10);
    for (square, piece) in [
        (Square::E2, None),
        (Square::E4, man(Color::White, Role::Pawn)),
        (Square::E7, None),
        (Square::E5, man(Color::Black, Role::Pawn)),
    ] {
        field(&mut s, square, piece, 100);
    }
    assert!(moves(&s).is_empty(), "{:?}", moves(&s));
    // A board that connects with e4 made: a set-up difference, said once.
    let mut s = session(Settings { blind: Some(Color::Black), ..settings(Lang::En) });
    let mut after = Board::default();
    after.discard_piece_at(Square::E2);
    after.set_piece_at(Square::E4, Piece { color: Color::White, role: Role::Pawn });
    let r = connect(&mut s, &after, 10);
    assert!(moves(&s).is_empty(), "a set-up difference is no move: {:?}", printed(&r));
    assert_eq!(printed(&r)[0], "Squares where the electronic board differs from the game: 2.", "{:?}", printed(&r));
    let r = report(&mut s, BoardReport::Settled, 10 + 6000);
    assert!(printed(&r).is_empty(), "said once: {:?}", printed(&r));
}
