//! PGN as python-chess reads it: the tricky inputs of its own test suite (test_pgn.py), each read
//! by annabella with what python-chess finds in it — the moves, comments, marks, variations, tags
//! and where one game ends and the next begins. Where python-chess reads past a move that cannot
//! be played (it keeps the game up to it), annabella refuses the game and names the move.

use annabella::notation::{MovetextError, Place};
use annabella::store::{games, PgnError, PgnGame};
use shakmaty::uci::UciMove;
use shakmaty::CastlingMode;

/// The first game of `text`, read.
fn read(text: &str) -> PgnGame {
    PgnGame::read(text).unwrap_or_else(|e| panic!("{text:?}: {e:?}"))
}

/// The moves of a game in UCI.
fn uci(game: &PgnGame) -> Vec<String> {
    game.moves.iter().map(|m| UciMove::from_move(m.mv, CastlingMode::Standard).to_string()).collect()
}

fn tag<'a>(game: &'a PgnGame, name: &str) -> Option<&'a str> {
    game.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
}

#[test]
fn two_comments_after_one_move_are_both_kept() {
    let game = read("1. e4 {A common opening} 1... e5 {A common response} {An uncommon comment}");
    assert_eq!(uci(&game), ["e2e4", "e7e5"]);
    assert_eq!(game.moves[0].comment.as_deref(), Some("A common opening"));
    let second = game.moves[1].comment.clone().unwrap_or_default();
    assert!(second.contains("A common response") && second.contains("An uncommon comment"), "{second:?}");
}

#[test]
fn a_comment_running_over_a_line_end_in_a_variation_is_kept() {
    let game = read("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d3 d6 6. Nbd2 a6 $6 (6... Bb6 $5 {\n/\\ Ne7, c6}) *");
    assert_eq!(game.moves.len(), 12);
    assert_eq!(game.moves[11].nags, [6]);
    let variation = &game.moves[11].variations;
    assert_eq!(variation.len(), 1, "{variation:?}");
    assert!(variation[0].contains("Bb6 $5") && variation[0].contains("/\\ Ne7, c6"), "{variation:?}");
}

#[test]
fn a_promotion_written_without_its_equals_sign_is_read() {
    let game = read("1. a4 b5 2. axb5 a6 3. bxa6 Bb7 4. axb7 Nc6 5. bxa8Q 0-1");
    assert_eq!(uci(&game).last().map(String::as_str), Some("b7a8q"));
}

#[test]
fn a_tag_value_with_brackets_or_parentheses_is_read_whole() {
    let game = read("[Opening \"St. George (Baker) defense\"]\n[Black \"[=0040.34h5a4]\"]\n\n1. e4 *\n");
    assert_eq!(tag(&game, "Opening"), Some("St. George (Baker) defense"));
    assert_eq!(tag(&game, "Black"), Some("[=0040.34h5a4]"));
}

#[test]
fn chess960_without_a_position_starts_from_the_usual_one() {
    let game = read("[Variant \"Chess960\"]\n\n1. e4 *\n");
    assert_eq!(uci(&game), ["e2e4"]);
}

#[test]
fn stray_brackets_around_the_moves_are_left_out_and_said() {
    let (game, left_out) = PgnGame::read_noting("1. e4 (1. d4))) !? *").unwrap();
    assert_eq!(uci(&game), ["e2e4"]);
    assert_eq!(game.moves[0].variations, ["1. d4"]);
    let at = |column| Place { line: 1, column };
    let stray = |column| MovetextError::Stray { mark: ')', at: at(column) };
    assert_eq!(left_out, [stray(14), stray(15)]);
    let (game, left_out) = PgnGame::read_noting("((( 1. c4 *").unwrap();
    assert_eq!(uci(&game), ["c2c4"]);
    assert_eq!(left_out.len(), 3);
    // A bracket opened after the first move and never closed would swallow the game: refused.
    assert!(matches!(PgnGame::read("1. e4 ( e5 *"), Err(PgnError::Movetext(MovetextError::Unclosed { .. }))));
    // Playing such a game says what was left out.
    let dir = crate::support::fresh_dir("python-chess-stray");
    let pgn = dir.join("stray.pgn");
    std::fs::write(&pgn, "1. e4 (1. d4))) !? *\n").unwrap();
    let args = ["play", "--pgn", pgn.to_str().unwrap(), "--speech", "off", "--cues", "off", "--lang", "en"];
    let out = crate::support::annabella(&args, &[("XDG_DATA_HOME".into(), dir.display().to_string())], "");
    let printed = String::from_utf8_lossy(&out.stdout);
    let said = "In the moves, a bracket at line 1, column 14 closes nothing; it is left out.";
    assert_eq!(printed.matches(said).count(), 1, "{printed}");
    assert!(printed.contains("column 15 closes nothing"), "{printed}");
}

#[test]
fn a_comment_before_the_first_move_and_a_game_of_a_comment_alone() {
    let game = read("{ Game starting comment } 1. d3");
    assert_eq!(game.intro.as_deref(), Some("Game starting comment"));
    assert_eq!(uci(&game), ["d2d3"]);
    let game = read("{ Empty game, but has a comment }");
    assert_eq!(game.intro.as_deref(), Some("Empty game, but has a comment"));
    assert!(game.moves.is_empty());
}

#[test]
fn a_variation_may_begin_with_a_comment() {
    let game = read("{Start of game} 1. e4 ({Start of variation} 1. d4) 1... e5\n");
    assert_eq!(game.intro.as_deref(), Some("Start of game"));
    assert_eq!(uci(&game), ["e2e4", "e7e5"]);
    assert_eq!(game.moves[0].comment, None);
    let variation = &game.moves[0].variations;
    assert!(variation.len() == 1 && variation[0].contains("Start of variation") && variation[0].contains("d4"));
}

#[test]
fn move_marks_written_as_glyphs_are_read_as_their_numbers() {
    let game = read("1. b4?! g6 2. Bb2 Nc6? 3. Bxh8!!");
    let nags: Vec<Vec<u8>> = game.moves.iter().map(|m| m.nags.clone()).collect();
    assert_eq!(nags, [vec![6], vec![], vec![], vec![2], vec![3]]);
}

#[test]
fn an_empty_line_after_the_moves_ends_a_game_as_python_chess_ends_it() {
    // Semicolon comments run to the line's end, and a brace inside one opens nothing; a brace
    // comment runs over empty lines: `1... g6` and `1. c3` are inside the second game's comment.
    let text = "\n1. a3 ; { ; }\n\n1. b3 { ;\n% {\n1... g6 ; {\n\n1. c3 { }\n% {\n1... f6 ; { } {{{\n\n1. d3";
    let firsts: Vec<String> = games(text).iter().map(|g| uci(&read(g))[0].clone()).collect();
    assert_eq!(firsts, ["a2a3", "b2b3", "d2d3"]);
    let second = read(games(text)[1]);
    assert_eq!(uci(&second), ["b2b3", "f7f6"]);
    assert!(second.moves[0].comment.as_deref().is_some_and(|c| c.contains("1... g6")), "{second:?}");
    // Tag sections with nothing after them are games of their own.
    let text = "\n[Event \"A\"]\n\n\n[Event \"B\"]\n";
    let events: Vec<String> = games(text).iter().map(|g| tag(&read(g), "Event").unwrap().to_string()).collect();
    assert_eq!(events, ["A", "B"]);
    // One empty line among the tags does not end them.
    let text = "[Event \"AlphaZero vs. Stockfish\"]\n\n[Date \"2017.12.04\"]\n[Round \"1\"]\n[Result \"0-1\"]\n\n\
                1. e4  e5  2. Nf3  Nc6  3. Bb5  Nf6  4. d3  Bc5\n 5. Bxc6  dxc6  6. O-O  Nd7  7. Nbd2  O-O  8.\n\
                Qe1  f6 0-1\n";
    assert_eq!(games(text).len(), 1);
    let game = read(text);
    assert_eq!((tag(&game, "Event"), tag(&game, "Round")), (Some("AlphaZero vs. Stockfish"), Some("1")));
    assert_eq!(game.moves.len(), 16);
    assert_eq!(uci(&game)[14], "d1e1");
}

#[test]
fn a_position_without_its_setup_tag_is_the_start() {
    let text = "[Event \"Test position\"]\n[Result \"1-0\"]\n\
                [FEN \"rbb1N1k1/pp1n1ppp/8/2Pp4/3P4/4P3/P1Q2PPq/R1BR1K2 b - - 0 1\"]\n\n\
                {Houdini 1.5 x64: 1)} 1... Nxc5 ({Houdini 1.5 x64: 2)} 1... Qh1+ 2. Ke2 Qxg2 3.\n\
                Kd2 Nxc5 4. Qxc5 Bg4 {-2.39/22}) 2. dxc5 Bg4 1-0\n";
    let game = read(text);
    assert_eq!(game.start.as_deref(), Some("rbb1N1k1/pp1n1ppp/8/2Pp4/3P4/4P3/P1Q2PPq/R1BR1K2 b - - 0 1"));
    assert_eq!(uci(&game), ["d7c5", "d4c5", "c8g4"]);
}

#[test]
fn a_move_that_cannot_be_played_is_named_and_the_next_game_is_read() {
    let text = "\n1. e4 Qa1 e5 2. Qxf8\n\n1. a3";
    assert_eq!(games(text).len(), 2);
    match PgnGame::read(games(text)[0]) {
        Err(PgnError::IllegalMove { san, .. }) => assert_eq!(san, "Qa1"),
        other => panic!("{other:?}"),
    }
    assert_eq!(uci(&read(games(text)[1])), ["a2a3"]);
}

#[test]
fn moves_in_long_and_uci_notation_are_read() {
    assert_eq!(uci(&read("1. e2-e4")), ["e2e4"]);
    let game = read(
        "[Result \"1/2-1/2\"]\n\ng1f3 c7c5 e2e4 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 e7e6 c1e3 a7a6 g2g4 h7h6 d1f3 b8d7 \
         f1e2 d8c7 f3h3 d6d5 e4d5 f8b4 e3d2 c7b6 d5e6 b6d4 e6d7 c8d7 e1c1 d4b6 1/2-1/2\n",
    );
    assert_eq!(game.moves.len(), 30);
    // The king's move two squares is castling long.
    assert!(game.moves[28].mv.is_castle(), "{:?}", game.moves[28].mv);
}

#[test]
fn a_semicolon_comment_hides_the_rest_of_its_line() {
    assert_eq!(uci(&read("1. e4 ; e5")), ["e2e4"]);
}

#[test]
fn nothing_but_blank_lines_is_no_game() {
    assert!(matches!(PgnGame::read(" \n\n   "), Err(PgnError::NoGame)));
}

#[test]
fn the_result_after_the_moves_is_the_games() {
    assert_eq!(read("1. d4 1-0").result, "1-0");
}

#[test]
fn a_byte_order_mark_before_two_games() {
    let text = "\u{feff}[Event \"A\"]\n\n1. e4 *\n\n[Event \"B\"]\n\n1. d4 *\n";
    let events: Vec<String> = games(text).iter().map(|g| tag(&read(g), "Event").unwrap().to_string()).collect();
    assert_eq!(events, ["A", "B"]);
}

#[test]
fn a_variant_python_chess_plays_and_annabella_does_not_is_refused_by_name() {
    let text = "[Variant \"Atomic\"]\n[FEN \"8/8/1b6/8/3Nk3/4K3/8/8 w - - 0 1\"]\n\n1. Ne6\n";
    assert!(matches!(PgnGame::read(text), Err(PgnError::Variant(v)) if v == "Atomic"));
}
