//! Announcing: a move as it is announced (printed in notation, spoken in the pack's words), how a
//! game ended, and why a move or an action was refused — in what exactly a typed move is wrong,
//! the legal moves of the piece meant, the game being over or adjourned.

use shakmaty::{Chess, Color, Move, Position, Role, Square};

use crate::audio::Cue;
use crate::command::{lookup, nearest_commands, CommandSet, Slip};
use crate::config::Settings;
use crate::notation::MoveReader;
use crate::notation::{self, Diagnosis, LetterSet, ReadError};
use crate::rules::Game;
use crate::rules::{GameError, MoveReport, Outcome};
use crate::session::parts::{Adjournment, Waiting};
use crate::session::Command;
use crate::wording::{Line, Wording, Words};

/// That the game is over, and how: no move or action of the game can be made any more.
pub(crate) fn game_over_lines(w: &Wording, outcome: Outcome) -> Vec<Line> {
    let text = w.text("error.game_over", &[("result", &w.outcome(outcome))]);
    vec![w.say_text(text).with_cue(Cue::Error)]
}

/// How the game ended, said, and the contract's `result:` line.
pub(crate) fn outcome_lines(game: &Game, settings: &Settings, w: &Wording, outcome: Outcome) -> Vec<Line> {
    let mut said = w.say_text(w.outcome(outcome)).with_cue(Cue::GameEnd);
    said = said.important();
    // The contract's line: `result: SCORE (reason)`, the reason in the interface language.
    let reason = w.text(crate::wording::reason_line_key(outcome.reason), &[]);
    let mut lines = vec![said, Line::printed(format!("result: {} ({reason})", outcome.result.score()))];
    // 1953 §24: a game decided before a move was made is scored + and −.
    let unplayed = settings.ruleset == crate::rules::Ruleset::Ussr1953 && game.ply_count() == 0;
    if let (Some(winner), true) = (outcome.result.winner(), unplayed) {
        let (won, lost) = (w.color(winner), w.color(winner.other()));
        lines.push(w.line("result.without_play", &[("winner", &won), ("loser", &lost)]));
    }
    lines
}

/// Why the game refused an action, said.
pub(crate) fn game_error_lines(game: &Game, w: &Wording, error: GameError) -> Vec<Line> {
    let key = match error {
        GameError::GameOver(outcome) => return game_over_lines(w, outcome),
        GameError::IllegalMove => "error.not_a_move_plain",
        GameError::NoOffer => "draw.no_offer",
        GameError::OwnOffer => "draw.own_offer",
        GameError::OfferStands => "draw.already",
    };
    let offerer = game.standing_offer().map(|c| w.color(c)).unwrap_or_default();
    vec![w.line(key, &[("color", &offerer)]).with_cue(Cue::Error)]
}

/// Why a typed move is none in `pos`, read with `letters`: what exactly is wrong, the question
/// which piece or which move, or the word that could not be read.
pub(crate) fn read_error_lines(
    w: &Wording,
    reader: &MoveReader,
    settings: &Settings,
    (text, pos, letters): (&str, &Chess, LetterSet),
    error: ReadError,
) -> Vec<Line> {
    // A question (which piece? which of two?) is no illegal move: it sounds no cue.
    let cue = match error {
        // Words that are no move, or a move in other letters: not an illegal move.
        ReadError::NotAMove(_) | ReadError::OtherLetters { .. } => Some(Cue::Error),
        ReadError::NeedsPromotion(_) | ReadError::Ambiguous(_) => None,
        _ => Some(Cue::Illegal),
    };
    let sentence = match error {
        ReadError::NotAMove(word) => {
            let why = no_move(w, (reader, settings), text, word.as_deref(), letters);
            return vec![no_move_line(w, settings, why, (text, pos.turn(), letters))];
        }
        ReadError::Ambiguous(moves) => {
            let candidates: Vec<Words> = moves.iter().map(|m| w.candidate(pos, *m, letters)).collect();
            // The two castlings start from one square: it does not tell them apart.
            let key = if moves.iter().all(|m| m.is_castle()) { "error.ambiguous_castling" } else { "error.ambiguous" };
            w.words(key, &[("text", w.typed(text)), ("candidates", w.list(&candidates))])
        }
        ReadError::NeedsPromotion(moves) => {
            let candidates: Vec<Words> = moves
                .iter()
                .map(|m| {
                    let piece = m.promotion().map(|r| w.piece(r)).unwrap_or_default();
                    Words::new(notation::san(pos, *m, letters), piece)
                })
                .collect();
            w.words("error.promotion", &[("candidates", w.list(&candidates))])
        }
        ReadError::OtherLetters { set, mv } => {
            other_letters(w, settings, "error.other_letters", (text, pos, letters), (set, mv))
        }
        ReadError::Illegal { reason, piece } => {
            let mut sentence = w.illegal(pos, reason);
            if let Some(square) = piece {
                let moves = piece_moves_sentence(w, pos, square, letters);
                sentence = Words::new(
                    format!("{} {}", sentence.printed, moves.printed),
                    format!("{} {}", sentence.spoken, moves.spoken),
                );
            }
            sentence
        }
    };
    let said = w.say(sentence);
    vec![match cue {
        Some(cue) => said.with_cue(cue),
        None => said,
    }]
}

/// A move that is none in `letters` but `mv` in the letters `set`, said with `key`: as a fact
/// (`error.other_letters`) or as the question whether to play it (`error.other_letters_asked`).
fn other_letters(
    w: &Wording,
    settings: &Settings,
    key: &str,
    (text, pos, letters): (&str, &Chess, LetterSet),
    (set, mv): (LetterSet, Move),
) -> Words {
    let args = [
        ("text", w.typed(text)),
        ("letters", w.text(letters_key(letters), &[]).into()),
        ("other", w.text(letters_key(set), &[]).into()),
        ("san", w.mv(pos, mv, letters)),
        ("switch", switch_words(w, settings, set, pos.turn())),
    ];
    w.words(key, &args)
}

/// The question whether to play `mv`, a move only in the letters `set` (`Sf3` with English
/// letters): yes plays it.
pub(crate) fn other_letters_question(
    w: &Wording,
    settings: &Settings,
    typed: (&str, &Chess, LetterSet),
    other: (LetterSet, Move),
) -> Line {
    let words = other_letters(w, settings, "error.other_letters_asked", typed, other);
    w.say(words).with_cue(Cue::Error)
}

/// There is no taking back at the table: what there is instead (`correct`, `illegal`), in the
/// interface language's command names.
pub(crate) fn no_taking_back(w: &Wording) -> Words {
    let name =
        |english: &str| Words::plain(lookup(Command::records(), english).map_or(english, |r| r.name_in(w.lang())));
    w.words("error.undo", &[("correct", name("correct")), ("illegal", name("illegal"))])
}

/// Why a line is no move, as exactly as can be said: one answer for what is said of it and for
/// what a yes after it means.
pub(crate) enum NoMove<'a> {
    /// A help group's word: its commands.
    Group(Line),
    /// What exactly is wrong with the move.
    Diagnosed(Diagnosis),
    /// A command that takes nothing, given words.
    NoArguments(&'static crate::command::Record),
    /// A slip of a command's name (`first`): the commands it may have meant.
    Slip { first: &'a str, near: Vec<String> },
    /// A word that could not be read.
    Unknown(&'a str),
    /// Nothing in it could be singled out.
    Plain,
}

/// Why `text` (whose unreadable word is `word`) is no move.
pub(crate) fn no_move<'a>(
    w: &Wording,
    (reader, settings): (&MoveReader, &Settings),
    text: &'a str,
    word: Option<&'a str>,
    letters: LetterSet,
) -> NoMove<'a> {
    // A group's word alone: its commands that work where the game is played.
    let place = settings.place();
    let offered: Vec<&'static crate::command::Record> =
        Command::records().iter().filter(|r| r.works_in(place)).collect();
    if let Some(group) = crate::command::group_named(w, &offered, text) {
        return NoMove::Group(group);
    }
    if let Some(diagnosis) = reader.diagnose(text, letters) {
        return NoMove::Diagnosed(diagnosis);
    }
    let first = text.split_whitespace().next().unwrap_or_default();
    if let Some(record) = lookup(Command::records(), first).filter(|r| r.takes_nothing()) {
        return NoMove::NoArguments(record);
    }
    match word.filter(|w| !w.is_empty()) {
        Some(word) => match nearest_commands(first, &offered, w.lang()) {
            near if near.is_empty() => NoMove::Unknown(word),
            near => NoMove::Slip { first, near },
        },
        None => NoMove::Plain,
    }
}

/// Why a line is no move, said: a group's word is answered with its commands; otherwise what
/// exactly is wrong, with the error cue.
pub(crate) fn no_move_line(w: &Wording, settings: &Settings, why: NoMove<'_>, typed: (&str, Color, LetterSet)) -> Line {
    match why {
        NoMove::Group(line) => line,
        why => w.say(not_a_move(w, settings, why, typed)).with_cue(Cue::Error),
    }
}

/// Why a line is no move, in words: what exactly is wrong, a command given words it does not
/// take, the command meant, or the word that could not be read.
fn not_a_move(w: &Wording, settings: &Settings, why: NoMove<'_>, typed: (&str, Color, LetterSet)) -> Words {
    match why {
        NoMove::Group(line) => Words::new(line.text.clone(), line.spoken()),
        NoMove::Diagnosed(diagnosis) => diagnosis_words(w, settings, diagnosis, typed),
        NoMove::NoArguments(record) => w.words("error.no_arguments", &[("command", record.name_in(w.lang()).into())]),
        NoMove::Slip { first, near } => {
            w.words("error.did_you_mean", &[("word", w.typed(first)), ("commands", w.or_list(&near).into())])
        }
        NoMove::Unknown(word) => w.words("error.not_a_move", &[("word", w.typed(word))]),
        NoMove::Plain => w.words("error.not_a_move_plain", &[]),
    }
}

/// The command or commands a line that is no move (`why`) was a slip of, when "Did you mean …?"
/// names them.
pub(crate) fn meant(w: &Wording, why: &NoMove<'_>, text: &str) -> Option<Slip<Command>> {
    let NoMove::Slip { first, near } = why else { return None };
    let [name] = near.as_slice() else { return Some(Slip::Several(near.clone())) };
    // The words after the slip are read as the arguments of the command meant.
    let rest = text.trim_start().strip_prefix(first).unwrap_or_default();
    let record = lookup(Command::records(), name)?;
    let mut args = crate::command::Args::new(rest, w.lang());
    match Command::read(record, &mut args) {
        Ok(Command::Move { .. }) => None,
        Ok(command) if args.is_empty() => Some(Slip::One(command)),
        _ => None,
    }
}

/// A diagnosis in words.
fn diagnosis_words(
    w: &Wording,
    settings: &Settings,
    diagnosis: Diagnosis,
    (text, mover, letters): (&str, Color, LetterSet),
) -> Words {
    let set_name = |set: LetterSet| set_name(w, set);
    match diagnosis {
        Diagnosis::NoSuchSquare(square) => {
            // Spoken letter by letter and number by number, never as one word.
            let spoken = square.chars().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
            let spoken = if square.contains(' ') { square.clone() } else { spoken };
            w.words("error.no_such_square", &[("square", Words::new(square, spoken))])
        }
        Diagnosis::NoSuchPiece(letter) => {
            let args =
                [("letter", w.letter(letter)), ("letters", set_name(letters)), ("pieces", letter_pieces(w, letters))];
            w.words("error.no_such_piece", &args)
        }
        Diagnosis::ForeignLetter { letter, meanings } => {
            // Where the letter is a piece in one other set only, and a square follows it, how to
            // switch to that set is said (not for `O-O-O-O`, which is no move in any letters).
            let chars: Vec<char> = text.chars().collect();
            let square = chars.windows(2).any(|p| ('a'..='h').contains(&p[0]) && ('1'..='8').contains(&p[1]));
            let only = match meanings[..] {
                [(set, _)] if square => Some(set),
                _ => None,
            };
            let meanings: Vec<String> = meanings
                .into_iter()
                .map(|(set, role)| {
                    w.text("error.foreign_meaning", &[("piece", &w.piece(role)), ("letters", &set_name(set).printed)])
                })
                .collect();
            let args = [
                ("letter", w.letter(letter)),
                ("letters", set_name(letters)),
                ("meanings", w.or_list(&meanings).into()),
            ];
            match only {
                Some(set) => {
                    let switch = ("switch", switch_words(w, settings, set, mover));
                    w.words("error.foreign_letter_switch", &[args.as_slice(), &[switch]].concat())
                }
                None => w.words("error.foreign_letter", &args),
            }
        }
        Diagnosis::NoSquare => w.words("error.no_square", &[("text", w.typed(text))]),
        Diagnosis::NoPromotionPiece => w.words("error.no_promotion_piece", &[]),
        Diagnosis::MoveNumber(number) => w.words("error.move_number", &[("number", w.typed(&number))]),
    }
}

/// "Legal moves of the knight on g1: Nf3 or Nh3." (spoken in the pack's words).
fn piece_moves_sentence(w: &Wording, pos: &Chess, square: Square, letters: LetterSet) -> Words {
    let Some(piece) = pos.board().piece_at(square) else {
        return Words::default();
    };
    let moves = w.moves_from(pos, square, letters);
    let args = [("piece", w.piece(piece.role).into()), ("square", w.square(square)), ("moves", w.list(&moves))];
    if moves.is_empty() {
        w.words("error.piece_no_moves", &args)
    } else {
        w.words("error.piece_moves", &args)
    }
}

/// The pieces of a letter set, each with its letter: "K king, Q queen, R rook, B bishop and N
/// knight".
pub(super) fn letter_pieces(w: &Wording, letters: LetterSet) -> Words {
    let pieces: Vec<Words> = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
        .into_iter()
        .filter_map(|r| letters.letter(r).map(|l| (w.letter(l), w.piece(r))))
        .map(|(l, piece)| Words::new(format!("{} {piece}", l.printed), format!("{} {piece}", l.spoken)))
        .collect();
    w.all_of(&pieces)
}

/// The command that reads `set` from now on for the player of `mover`: printed `letters de`,
/// spoken "letters German" (its name and the language's in the interface language); with the
/// player's colour (`letters white de`) where the players' letters differ.
fn switch_words(w: &Wording, settings: &Settings, set: LetterSet, mover: Color) -> Words {
    let lang = w.lang();
    let mut name = Command::Letters { asked: Default::default() }.record().name_in(lang).to_string();
    if settings.letters(Color::White) != settings.letters(Color::Black) {
        let color = if mover == Color::White { crate::command::Keyword::White } else { crate::command::Keyword::Black };
        name = format!("{name} {}", color.word(lang));
    }
    let code = set.to_string();
    Words::new(format!("{name} {code}"), format!("{name} {}", w.text(&format!("letters.name.{code}"), &[])))
}

/// A letter set's name: "German letters".
pub(super) fn set_name(w: &Wording, set: LetterSet) -> Words {
    Words::plain(w.text(letters_key(set), &[]))
}

pub(crate) fn letters_key(set: LetterSet) -> &'static str {
    match set {
        LetterSet::English => "letters.en",
        LetterSet::Estonian => "letters.et",
        LetterSet::German => "letters.de",
    }
}

/// A move as it is announced: the printed line (`2. Nf3: Springer Felix drei`) and the words.
fn announced_as(w: &Wording, settings: &Settings, before: &Chess, mv: shakmaty::Move) -> (String, String) {
    let mover = before.turn();
    let words = notation::spoken(before, mv, w.pack(), settings.style);
    let san = notation::san(before, mv, settings.letters(mover));
    let dots = if mover == Color::White { "." } else { "..." };
    let number = before.fullmoves().to_string();
    let text = w.text("move.line", &[("number", &number), ("dots", dots), ("san", &san), ("words", &words)]);
    (text, words)
}

/// Half-move `ply` of the game as it was announced: the printed line and the words.
pub(crate) fn announced(game: &Game, settings: &Settings, w: &Wording, ply: usize) -> Option<(String, String)> {
    let mv = game.moves().nth(ply)?;
    Some(announced_as(w, settings, game.position_before(ply), mv))
}

/// The announcement of a move just played: the move, a draw offer it declined, the end of the
/// game it brought.
pub(crate) fn announcement(
    game: &Game,
    settings: &Settings,
    w: &Wording,
    before: &Chess,
    report: &MoveReport,
) -> Vec<Line> {
    let (text, words) = announced_as(w, settings, before, report.mv);
    let cue = match report.san.suffix {
        Some(_) => Cue::Check,
        None if report.mv.is_capture() => Cue::Capture,
        None => Cue::Move,
    };
    // Recalled later (`history`), the move is said with who made it and when.
    let label = w.ply(before.fullmoves().get(), before.turn());
    let heading = w.heading(&label);
    let announced = w.announce(text, words).with_cue(cue).important().headed(heading);
    let mut lines = vec![announced];
    if report.declined_offer {
        let offerer = w.color(report.mover.other());
        lines.push(w.line("move.offer_lapsed", &[("color", &offerer)]));
    }
    if let Some(outcome) = report.outcome {
        lines.extend(outcome_lines(game, settings, w, outcome));
    }
    lines
}

/// Refuses moves while the game is adjourned or its sealed move is unopened.
pub(crate) fn adjournment_refusal(adjournment: &Adjournment, w: &Wording) -> Option<Vec<Line>> {
    let key = match adjournment.waiting()? {
        Waiting::Adjourned => "adjourn.is_adjourned",
        Waiting::Unopened => "adjourn.open_first",
    };
    Some(vec![w.line(key, &[]).with_cue(Cue::Error)])
}
