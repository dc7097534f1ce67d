//! Replay by ear, as a transcript: a file of several games, the second one opened; each move said
//! with its number and side in words, comments read, a variation entered (and one inside it) and
//! left, questions about the board answered at the position reached, moves refused; the spoken
//! lines are words only. Then the real binary, on a file and on a game of the archive.

use annabella::config::Settings;
use annabella::front::Desk;
use annabella::messages::Lang;
use annabella::review::Review;
use annabella::speech::SpeechMode;
use annabella::store::{games, PgnGame};

use crate::support::{annabella, assert_speakable, fresh_dir};

const FILE: &str = r#"[Event "First"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "Club"]
[White "Kask"]
[Black "Tamm"]
[Result "1/2-1/2"]

{A quiet game.} 1. d4 d5 2. c4 e6 3. Nc3 Nf6 {The main line.} 4. Nf3 Be7 (4... c5 5. cxd5 (5. e3 Nc6) 5... Nxd5) 5. Bf4 O-O 1/2-1/2
"#;

/// The transcript of `inputs`: `> input`, then `printed | spoken` for each line.
fn transcript(inputs: &[&str]) -> Vec<String> {
    transcript_with(inputs, false)
}

/// The transcript of `inputs`, the openings named (`announce.openings`) or not.
fn transcript_with(inputs: &[&str], openings: bool) -> Vec<String> {
    let game = PgnGame::read(games(FILE)[1]).unwrap();
    let settings = Settings { speech: SpeechMode::Off, lang: Lang::En, openings, ..Settings::default() };
    let mut review = Review::new(game, settings).unwrap();
    let mut out = Vec::new();
    let record = |response: annabella::session::Response, out: &mut Vec<String>| {
        assert_speakable(&response, "the review");
        for line in response.lines {
            let spoken = line.spoken();
            out.push(format!("{} | {spoken}", line.text));
        }
    };
    record(review.opening(), &mut out);
    for input in inputs {
        out.push(format!("> {input}"));
        let response = typed(&mut review, input, annabella::clock::Timestamp(0));
        record(response, &mut out);
    }
    out
}

#[test]
fn a_game_is_replayed_move_by_move_with_its_comments_and_variations() {
    let said = transcript(&[
        "next",
        "back",
        "back",
        "goto 3",
        "next",
        "variation",
        "next",
        "variation",
        "mainline",
        "mainline",
    ]);
    let expected = [
        "Replaying Kask against Tamm, drawn, 10 half-moves. Say next, back, first, end, goto and a move number, variation, mainline, engine, or any question about the board. | Replaying Kask against Tamm, drawn, 10 half-moves. Say next, back, first, end, goto and a move number, variation, mainline, engine, or any question about the board.",
        "The opening: Queen's Gambit Declined: Harrwitz Attack (D37). | The opening: Queen's Gambit Declined: Harrwitz Attack.",
        "Comment: A quiet game. | Comment: A quiet game.",
        "> next",
        "1. d4 | White's move 1: David vier",
        "> back",
        "The start position. | The start position.",
        "> back",
        "This is the start already. | This is the start already.",
        "> goto 3",
        "3. Nc3 | White's move 3: Springer Cesar drei",
        "> next",
        "3... Nf6 | Black's move 3: Springer Felix sechs",
        "Comment: The main line. | Comment: The main line.",
        "> variation",
        "There is no variation at this move. | There is no variation at this move.",
        "> next",
        "4. Nf3 | White's move 4: Springer Felix drei",
        "> variation",
        "There is no variation at this move. | There is no variation at this move.",
        "> mainline",
        "This is the main line already. | This is the main line already.",
        "> mainline",
        "This is the main line already. | This is the main line already.",
    ];
    assert_eq!(said, expected, "{said:#?}");
}

#[test]
fn a_variation_is_entered_read_and_left() {
    let said =
        transcript(&["goto 4", "next", "variation", "next", "variation", "next", "mainline", "next", "mainline"]);
    let expected = [
        "> goto 4",
        "4. Nf3 | White's move 4: Springer Felix drei",
        "> next",
        "4... Be7 | Black's move 4: Läufer Eva sieben",
        "There is a variation here: say variation. | There is a variation here: say variation.",
        "> variation",
        "Variation 1. | Variation 1.",
        "4... c5 | Black's move 4: Cesar fünf",
        "> next",
        "5. cxd5 | White's move 5: Cesar schlägt David fünf",
        "There is a variation here: say variation. | There is a variation here: say variation.",
        "> variation",
        "Variation 1. | Variation 1.",
        "5. e3 | White's move 5: Eva drei",
        "> next",
        "5... Nc6 | Black's move 5: Springer Cesar sechs",
        "> mainline",
        "Back in the main line. | Back in the main line.",
        "5. cxd5 | White's move 5: Cesar schlägt David fünf",
        "There is a variation here: say variation. | There is a variation here: say variation.",
        "> next",
        "5... Nxd5 | Black's move 5: Springer schlägt David fünf",
        "> mainline",
        "Back in the main line. | Back in the main line.",
        "4... Be7 | Black's move 4: Läufer Eva sieben",
        "There is a variation here: say variation. | There is a variation here: say variation.",
    ];
    assert_eq!(&said[3..], expected, "{said:#?}");
}

#[test]
fn questions_about_the_board_are_answered_where_the_review_stands_and_moves_are_refused() {
    let said = transcript(&["goto 2", "square c4", "e4", "end", "next"]);
    let text = said.join("\n");
    assert!(text.contains("> square c4\nc4: white pawn;"), "the pawn moved there at move 2: {text}");
    assert!(text.contains("In a review moves are not played"), "{text}");
    assert!(text.contains("5... O-O | Black's move 5: Kurze Rochade"), "{text}");
    assert!(text.ends_with("The end of the game: drawn. | The end of the game: drawn."), "{text}");
}

/// Help in a review names only what works there: its own commands and the questions about the
/// board; a command of the table is refused with what to say instead.
#[test]
fn help_in_a_review_offers_what_works_there() {
    let said = transcript(&["help", "help review", "help draws", "draw", "time"]);
    let text = said.join("\n");
    assert!(text.contains("The commands come in groups: moving, questions, game, speech and review."), "{text}");
    assert!(
        text.contains("> help\nIn a review moves are not played: say a command, or ask about the board."),
        "{text}"
    );
    assert!(!text.contains("Type a move"), "{text}");
    assert!(text.contains("Review: next, back, first, end, goto, variation, mainline, play and quit."), "{text}");
    assert!(text.contains("> help draws\nThere is no command draws."), "{text}");
    assert!(text.contains("> draw\ndraw is for a game at the table; in a review, say next or back"), "{text}");
    assert!(text.contains("> time\ntime is for a game at the table"), "{text}");
}

/// A group's word alone is answered with the group's commands in the review, a slip of a
/// command's name with the command meant; a word that is neither is taken for a move, refused.
#[test]
fn a_group_word_or_a_slip_in_a_review_is_answered_with_the_commands() {
    let said = transcript(&["review", "Fragen", "nxet", "clock", "dragon"]);
    let first = said.iter().position(|l| l.starts_with('>')).unwrap();
    let answers: Vec<&str> = said[first..].iter().filter(|l| !l.starts_with('>')).map(String::as_str).collect();
    assert_eq!(answers.len(), 5, "{said:?}");
    assert!(answers[0].starts_with("Review: next, back, first, end, goto,"), "{said:?}");
    assert!(answers[1].starts_with("Questions: fen, board, more, pieces,"), "{said:?}");
    assert_eq!(answers[2], "nxet is neither a move nor a command. Did you mean next? | nxet is neither a move nor a command. Did you mean next?");
    // No clock in a review: its word is that of the table.
    assert!(answers[3].starts_with("clock is for a game at the table; in a review, say next or back"), "{said:?}");
    assert!(answers[4].starts_with("In a review moves are not played; say next or back"), "{said:?}");
}

/// "Did you mean next?" is a question: yes goes to the next move, no does nothing, and anything
/// else goes its own way (a yes after it is then no answer to the slip).
#[test]
fn a_slip_in_a_review_is_answered_yes_or_no() {
    let said = transcript(&["nxet", "yes", "nxet", "no", "nxet", "back", "yes", "gotp 1", "yes"]);
    let answers: Vec<&str> =
        said.iter().skip_while(|l| !l.starts_with('>')).filter(|l| !l.starts_with('>')).map(String::as_str).collect();
    assert_eq!(answers.len(), 9, "{said:?}");
    assert!(answers[1].ends_with(" | White's move 1: David vier"), "{said:?}");
    assert_eq!(answers[3], "Nothing is done. | Nothing is done.");
    assert_eq!(answers[5], "The start position. | The start position.");
    assert!(answers[6].starts_with("No question waits for a yes or a no;"), "{said:?}");
    // The slip's argument is kept: "gotp 1" meant "goto 1".
    assert!(answers[7].contains("Did you mean goto?"), "{said:?}");
    assert!(answers[8].ends_with(" | White's move 1: David vier"), "{said:?}");
    // Naming two commands, a yes is asked which.
    let said = transcript(&["fed", "yes"]);
    let last = said.last().unwrap();
    assert!(said[said.len() - 3].contains("Did you mean fen or square?"), "{said:?}");
    assert_eq!(last, "Which one? Say fen or square. | Which one? Say fen or square.");
}

/// The words for forward, which at a game move the clock on, go to the next move in a review
/// (it has no clock); "leave" and "stop" in Estonian end it.
#[test]
fn forward_in_every_language_is_the_next_move() {
    let said = transcript(&["edasi", "weiter", "forward", "vorwärts", "lahku"]);
    let first = said.iter().position(|l| l.starts_with('>')).unwrap();
    let answers: Vec<&str> = said[first..].iter().filter(|l| !l.starts_with('>')).map(String::as_str).collect();
    assert!(answers[0].starts_with("1. d4 | White's move 1:"), "{said:?}");
    assert!(answers[1].starts_with("1... d5 | Black's move 1:"), "{said:?}");
    assert!(answers[2].starts_with("2. c4 | White's move 2:"), "{said:?}");
    assert!(answers[3].starts_with("2... e6 | Black's move 2:"), "{said:?}");
    assert_eq!(answers[4], "Goodbye. | Goodbye.", "{said:?}");
}

/// A review command given what it does not take is answered, never passed over in silence; a
/// move number that is none is refused as goto's, not as last's.
/// A move number the line does not have is answered with the numbers it has, and a number that
/// is not above zero with what is taken.
#[test]
fn a_move_number_beyond_the_line_is_answered_with_the_numbers_it_has() {
    let said = transcript(&["goto 9", "goto 0", "variation 0"]);
    let answers: Vec<&str> =
        said.iter().skip_while(|l| !l.starts_with('>')).filter(|l| !l.starts_with('>')).map(String::as_str).collect();
    assert_eq!(answers[0], "There is no move 9 here; the moves of this line are numbered 1 to 5. | There is no move 9 here; the moves of this line are numbered 1 to 5.");
    assert!(answers[1].ends_with("| goto takes a whole number from 1, not 0."), "{said:?}");
    assert!(answers[2].ends_with("| variation takes a whole number from 1, not 0."), "{said:?}");
    // At 4... Be7, which has one variation.
    let said = transcript(&["goto 4", "next", "variation 2"]);
    let answers: Vec<&str> = said.iter().rev().take_while(|l| !l.starts_with('>')).map(String::as_str).collect();
    assert_eq!(
        answers,
        [
            "There is a variation here: say variation. | There is a variation here: say variation.",
            "There is no variation 2 here. | There is no variation 2 here."
        ],
        "{said:?}"
    );
}

#[test]
fn a_review_command_with_what_it_does_not_take_is_answered() {
    let said = transcript(&["back 5", "next now", "goto", "goto x"]);
    let first = said.iter().position(|l| l.starts_with('>')).unwrap();
    let answers: Vec<&str> = said[first..].iter().filter(|l| !l.starts_with('>')).map(String::as_str).collect();
    assert_eq!(answers.len(), 4, "{said:?}");
    assert!(answers[0].ends_with("| back takes nothing after it."), "{said:?}");
    assert!(answers[1].ends_with("| next takes nothing after it."), "{said:?}");
    for goto in &answers[2..] {
        assert!(goto.starts_with("goto takes ") && !goto.contains("last"), "{said:?}");
    }
}

#[test]
fn the_binary_reviews_a_game_of_a_file_and_of_the_archive() {
    let dir = fresh_dir("review");
    let file = dir.join("games.pgn");
    std::fs::write(&file, FILE).unwrap();
    let out = annabella(
        &["review", file.to_str().unwrap(), "--game", "1", "--speech", "off", "--lang", "en"],
        &[],
        "end\nquit\n",
    );
    let printed = String::from_utf8_lossy(&out.stdout);
    // Without speech the words are printed, with who moved.
    assert!(printed.contains("White's move 4: Dame schlägt Felix sieben Matt\n"), "{printed}");
    let data = dir.join("data");
    let kept = data.join("annabella").join("games");
    std::fs::create_dir_all(&kept).unwrap();
    std::fs::write(kept.join("one.pgn"), games(FILE)[1]).unwrap();
    let env = vec![("XDG_DATA_HOME".to_string(), data.display().to_string())];
    let out = annabella(&["review", "1", "--speech", "off", "--lang", "en"], &env, "next\n");
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(
        printed.starts_with("Replaying Kask against Tamm") && printed.contains("White's move 1: David vier\n"),
        "{printed}"
    );
    let out = annabella(&["review", "7", "--speech", "off", "--lang", "en"], &env, "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "There is no game 7; the number of games kept is 1.\n");
    // Players the game does not name are said as such, not as question marks.
    let unnamed = dir.join("unnamed.pgn");
    std::fs::write(&unnamed, "[White \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n")
        .unwrap();
    for (lang, opened) in [
        ("en", "Replaying an unnamed player against an unnamed player, White won, 7 half-moves."),
        ("de", "Nachspielen: ein Spieler ohne Namen gegen einen Spieler ohne Namen, Weiß hat gewonnen, 7 Halbzüge."),
    ] {
        let out = annabella(&["review", unnamed.to_str().unwrap(), "--speech", "off", "--lang", lang], &[], "");
        let printed = String::from_utf8_lossy(&out.stdout);
        assert!(printed.starts_with(opened), "{printed}");
    }
}

/// `play` in a review goes on from the position reached as a new game, at the table.
#[test]
fn a_new_game_is_played_on_from_the_position_reached() {
    let dir = fresh_dir("review-play");
    let file = dir.join("games.pgn");
    std::fs::write(&file, FILE).unwrap();
    let args = ["review", file.to_str().unwrap(), "--game", "2", "--speech", "off", "--lang", "en"];
    let out = annabella(&args, &[], "goto 3\nplay\nNf6\nfen\nquit\n");
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(printed.contains("A new game from this position."), "{printed}");
    assert!(printed.contains("3... Nf6: Springer Felix sechs"), "the game goes on with Black to move: {printed}");
    assert!(printed.contains("rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4"), "{printed}");
}

/// `review` runs on the loop every front end runs, with the global flags: what it says goes to
/// `--transcript`, and `--config` is read (here the English words announce the moves).
#[test]
fn the_review_writes_what_it_says_to_the_transcript_and_reads_the_configuration() {
    let dir = fresh_dir("review-transcript");
    let file = dir.join("games.pgn");
    std::fs::write(&file, FILE).unwrap();
    let (transcript, config) = (dir.join("said.txt"), dir.join("c.toml"));
    std::fs::write(&config, "[announce]\npack = \"en\"\n").unwrap();
    let args = [
        "review",
        file.to_str().unwrap(),
        "--game",
        "2",
        "--speech",
        "text",
        "--lang",
        "en",
        "--transcript",
        transcript.to_str().unwrap(),
        "--config",
        config.to_str().unwrap(),
        "--cues",
        "off",
    ];
    let out = annabella(&args, &[], "next\nnext\nquit\n");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let said = std::fs::read_to_string(&transcript).unwrap();
    let expected = "say: Replaying Kask against Tamm, drawn, 10 half-moves. Say next, back, first, end, goto \
                    and a move number, variation, mainline, engine, or any question about the board.\n\
                    say: The opening: Queen's Gambit Declined: Harrwitz Attack.\nsay: Comment: A quiet game.\n\
                    say: White's move 1:\nsay: d4\nsay: Opening: Queen's Pawn Game.\nsay: Black's move 1:\nsay: d5\nsay: Goodbye.\n";
    assert_eq!(said, expected);
}

/// `help clock` means the group whatever the language: no group's word is a command's name, in
/// a game or in a review.
#[test]
fn no_group_word_is_a_command_name() {
    use annabella::command::{CommandSet, Group};
    use annabella::messages::Catalog;
    use annabella::notation::fold;
    use strum::IntoEnumIterator;
    let records = annabella::session::Command::records().iter().chain(annabella::review::ReviewCommand::records());
    let names: Vec<String> = records.flat_map(|r| r.names()).map(fold).collect();
    for group in Group::iter() {
        for lang in Lang::ALL {
            let word = group.word(Catalog::shipped(lang));
            assert_eq!(Group::named(&word), Some(group), "{word}");
            assert!(!names.contains(&fold(&word)), "{lang:?}: the group word {word} is a command's name too");
        }
    }
}

/// A move's marks are said in words: `!?` is an interesting move, `$2` a mistake.
#[test]
fn move_marks_are_said_in_words() {
    let pgn = "[Event \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5!? a6 $2 *\n";
    let game = PgnGame::read(pgn).unwrap();
    let settings = Settings { speech: SpeechMode::Off, lang: Lang::En, ..Settings::default() };
    let mut review = Review::new(game, settings).unwrap();
    review.opening();
    let said = |r: annabella::session::Response| r.lines.iter().map(|l| l.spoken()).collect::<Vec<_>>();
    let at = annabella::clock::Timestamp(0);
    typed(&mut review, "goto 2", at);
    typed(&mut review, "next", at);
    assert_eq!(
        said(typed(&mut review, "next", at)),
        ["White's move 3: Läufer Bella fünf", "Opening: Ruy Lopez.", "Marked as an interesting move."]
    );
    assert_eq!(
        said(typed(&mut review, "next", at)),
        ["Black's move 3: Anna sechs", "Opening: Ruy Lopez: Morphy Defense.", "Marked as a mistake."]
    );
}

/// A variation that holds an illegal move is said to be there, and on entering, why it cannot be
/// followed: the move, in words.
#[test]
fn a_variation_that_cannot_be_followed_says_why() {
    let pgn = "[Event \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 (2... d6 3. d4 Bg4 4. Ke3) 3. Bb5 *\n";
    let game = PgnGame::read(pgn).unwrap();
    let settings = Settings { speech: SpeechMode::Off, lang: Lang::En, ..Settings::default() };
    let mut review = Review::new(game, settings).unwrap();
    review.opening();
    let at = annabella::clock::Timestamp(0);
    let said = |r: annabella::session::Response| r.lines.iter().map(|l| l.spoken()).collect::<Vec<_>>();
    typed(&mut review, "goto 2", at);
    assert_eq!(
        said(typed(&mut review, "next", at)),
        [
            "Black's move 2: Springer Cesar sechs",
            "Opening: King's Knight Opening: Normal Variation.",
            "There is a variation here: say variation."
        ]
    );
    assert_eq!(
        said(typed(&mut review, "variation", at)),
        ["Variation 1 cannot be followed: its move 4, König Eva drei, is not legal there."]
    );
}

/// One word, one meaning: `ende` and `lõpp` leave a review as they leave a game at the table;
/// the last move is `end`, `schluss` or `lõppu`; the review is also left with `beenden`, `välju`
/// or `quit`.
#[test]
fn the_end_in_every_language_goes_to_the_last_move() {
    for leave in ["ende", "lõpp"] {
        let said = transcript(&["first", leave]);
        let left = said.iter().position(|l| *l == format!("> {leave}")).unwrap();
        assert_eq!(said[left + 1..], ["Goodbye. | Goodbye."], "{said:#?}");
    }
    for (end, leave) in [("end", "beenden"), ("lõppu", "välju"), ("schluss", "quit")] {
        let said = transcript(&["first", end, leave]);
        let at = said.iter().position(|l| *l == format!("> {end}")).unwrap();
        assert_eq!(said[at + 1], "5... O-O | Black's move 5: Kurze Rochade", "{said:#?}");
        let left = said.iter().position(|l| *l == format!("> {leave}")).unwrap();
        assert_eq!(said[left + 1..], ["Goodbye. | Goodbye."], "{said:#?}");
    }
}

/// `repeat` (and "what?") in a review says the review's last answer, its opening first, never the
/// greeting of the game set up behind it; an answer about the board is repeated as well.
#[test]
fn repeat_says_the_reviews_last_answer() {
    let said = transcript(&["repeat", "next", "what?", "square d4", "repeat"]);
    let answer = |input: &str| {
        let at = said.iter().position(|l| *l == format!("> {input}")).unwrap();
        said[at + 1..].iter().take_while(|l| !l.starts_with('>')).cloned().collect::<Vec<_>>()
    };
    let opening: Vec<String> = said.iter().take_while(|l| !l.starts_with('>')).cloned().collect();
    assert_eq!(answer("repeat"), opening, "{said:#?}");
    assert!(said[0].starts_with("Replaying Kask against Tamm"), "{said:#?}");
    assert_eq!(answer("what?"), answer("next"), "{said:#?}");
    let at = said.iter().rposition(|l| l == "> repeat").unwrap();
    let square = answer("square d4");
    assert_eq!(said[at + 1..], square[..], "{said:#?}");
    assert!(!said.iter().any(|l| l.starts_with("Chess by ear")), "{said:#?}");
}

/// With `announce.openings` (on by default) the review names the game's opening when it opens,
/// and a move that reaches a new named opening is followed by its name, once: a move that stays
/// in the same opening, or comes back to one already said, says none; going back says none.
#[test]
fn a_review_names_the_opening_of_the_game_and_each_new_one_once() {
    let said = transcript_with(&["next", "next", "next", "next", "back", "next", "opening"], true);
    let expected = [
        "Replaying Kask against Tamm, drawn, 10 half-moves. Say next, back, first, end, goto and a move number, variation, mainline, engine, or any question about the board. | Replaying Kask against Tamm, drawn, 10 half-moves. Say next, back, first, end, goto and a move number, variation, mainline, engine, or any question about the board.",
        "The opening: Queen's Gambit Declined: Harrwitz Attack (D37). | The opening: Queen's Gambit Declined: Harrwitz Attack.",
        "Comment: A quiet game. | Comment: A quiet game.",
        "> next",
        "1. d4 | White's move 1: David vier",
        "Opening: Queen's Pawn Game. | Opening: Queen's Pawn Game.",
        "> next",
        "1... d5 | Black's move 1: David fünf",
        "> next",
        "2. c4 | White's move 2: Cesar vier",
        "Opening: Queen's Gambit. | Opening: Queen's Gambit.",
        "> next",
        "2... e6 | Black's move 2: Eva sechs",
        "Opening: Queen's Gambit Declined. | Opening: Queen's Gambit Declined.",
        "> back",
        "2. c4 | White's move 2: Cesar vier",
        "> next",
        "2... e6 | Black's move 2: Eva sechs",
        "Opening: Queen's Gambit Declined. | Opening: Queen's Gambit Declined.",
    ];
    assert_eq!(said[..expected.len()], expected, "{said:#?}");
    assert_eq!(
        said[expected.len()..],
        ["> opening", "The opening: Queen's Gambit Declined (D30). | The opening: Queen's Gambit Declined."],
        "{said:#?}"
    );
    let quiet = transcript(&["next", "next", "next"]);
    assert!(!quiet[3..].iter().any(|l| l.contains("pening")), "openings off: no move names one: {quiet:#?}");
}

/// A line typed in a review, read and answered as the loop does.
fn typed(review: &mut Review, line: &str, at: annabella::clock::Timestamp) -> annabella::session::Response {
    let read = review.read(line);
    review.answer(read, at)
}

/// How a game ended off the board (its Termination tag: on time, abandoned, …) is said at its
/// end in every language; a normal end adds nothing the position does not say.
#[test]
fn the_end_says_how_the_game_ended_off_the_board() {
    let dir = fresh_dir("review-termination");
    let game = |termination: &str| {
        let path = dir.join(format!("{}.pgn", termination.replace(' ', "-")));
        let text = format!(
            "[Event \"?\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n[Termination \"{termination}\"]\n\n1. e4 e5 2. Nf3 Nc6 0-1\n"
        );
        std::fs::write(&path, text).unwrap();
        path
    };
    let end_of = |path: &std::path::Path, lang: &str| {
        let args = ["review", path.to_str().unwrap(), "--speech", "off", "--lang", lang];
        let out = annabella(&args, &[], "end\nnext\n");
        String::from_utf8_lossy(&out.stdout).lines().last().unwrap_or_default().to_string()
    };
    let on_time = game("time forfeit");
    assert_eq!(end_of(&on_time, "en"), "The end of the game: Black won, on time.");
    assert_eq!(end_of(&on_time, "de"), "Das Ende der Partie: Schwarz hat gewonnen, durch Zeitüberschreitung.");
    assert_eq!(end_of(&on_time, "et"), "Partii lõpp: must võitis, aja ületamise tõttu.");
    assert_eq!(end_of(&game("normal"), "en"), "The end of the game: Black won.");
}

/// A comment of marks alone (an evaluation, a timestamp, arrows) says and prints nothing; a
/// comment with words is read without its marks.
#[test]
fn a_comment_of_marks_alone_says_nothing() {
    let dir = fresh_dir("review-marks");
    let path = dir.join("marks.pgn");
    std::fs::write(&path, "1. e4 {[%eval 0.17]} e5 {[%timestamp 12] [%csl Ga1]} 2. Nf3 {[%eval 0.2] Develops.} *\n")
        .unwrap();
    let args = ["review", path.to_str().unwrap(), "--speech", "off"];
    let out = annabella(&args, &[], "next\nnext\nnext\n");
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(!printed.lines().any(|l| l.trim_end() == "Comment:"), "{printed}");
    assert!(printed.contains("Comment: Develops."), "{printed}");
}

/// A file of several games reviewed without `--game` says which one is reviewed and how to
/// choose another; with `--game` it says nothing of it.
#[test]
fn a_file_of_several_games_says_which_is_reviewed() {
    let dir = fresh_dir("review-several");
    let path = dir.join("two.pgn");
    std::fs::write(&path, "[White \"A\"]\n\n1. e4 *\n\n[White \"B\"]\n\n1. d4 *\n").unwrap();
    let out = annabella(&["review", path.to_str().unwrap(), "--speech", "off"], &[], "quit\n");
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(printed.starts_with("two holds 2 games; this is the first."), "{printed}");
    let out = annabella(&["review", path.to_str().unwrap(), "--game", "2", "--speech", "off"], &[], "quit\n");
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(!printed.contains("holds 2 games") && printed.contains("Replaying B"), "{printed}");
}
