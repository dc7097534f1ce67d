//! Reading a line in a game, and the router of what it asks for: to the question waiting (was a
//! move executed otherwise on a board, which piece a pawn becomes, which of two pieces moves, an
//! action that cannot be undone, who resigns, whether words were heard right, which command a slip
//! meant, a move in other letters), else to its duty. An answer that is none is asked again, once;
//! a question about the board, the time or the commands is answered and the question asked again;
//! a new move or a command that does something answers no, and that is said.

use shakmaty::Position;

use super::duties::reports::heard;
use super::duties::{announce, moves, relay};
use super::parts::{Asked, Asking, Question};
use super::{Command, Input, Response, Session};
use crate::audio::Cue;
use crate::command::{color, parse_line, which_one, CommandSet, Key, Place, Slip};
use crate::config::Settings;
use crate::notation::MoveReader;
use crate::rules::Game;
use crate::wording::{Line, Verbosity, Wording};

/// What the question waiting makes of an input.
enum Answered {
    /// The input answered it: this is the answer.
    Done(Response),
    /// The input goes its own way (as this input, which may stand for the one typed), after
    /// these lines.
    Passed(Vec<Line>, Input),
    /// The input only asks: it is answered, and then the question, which still waits, is said
    /// again.
    Aside(Line, Input),
}

/// The command a key stands for.
pub(super) fn key_input(key: Key) -> Input {
    match key {
        Key::PushToTalk => Input::Command(Command::Listen {}),
        Key::Interrupt => Input::Command(Command::Quit {}),
    }
}

/// The input a typed line is, read once: a command, a move, or the answer to the question waiting
/// (a promotion piece named alone, such as `N`, `knight` or `Springer`, and the piece or the side
/// that picks one of the moves asked about, are the legal move they pick; a colour names who
/// resigns).
pub(super) fn read(asking: &Asking, reader: &MoveReader, game: &Game, settings: &Settings, line: &str) -> Input {
    let picked = match asking.waiting() {
        Some(Question::Promotion { moves }) => {
            let letters = settings.letters(game.position().turn());
            let role = reader.read_piece(line, letters);
            role.and_then(|role| moves.iter().find(|m| m.promotion() == Some(role))).map(|&mv| Input::Picked(mv))
        }
        Some(Question::WhoResigns) => color(line.trim()).map(|c| Input::Command(Command::Resign { by: Some(c) })),
        Some(Question::Which { moves }) => {
            let picked = reader.pick_by_origin(line, moves);
            picked.or_else(|| reader.pick_castling(line, moves)).map(Input::Picked)
        }
        _ => None,
    };
    picked.unwrap_or_else(|| with_moves_read(parse_line(line, settings.lang), reader, game, settings))
}

/// A command that names a move (a claim's intended move) has it read here, once, in the position
/// now: the question asked first and the claim carried out both take this reading.
fn with_moves_read(input: Input, reader: &MoveReader, game: &Game, settings: &Settings) -> Input {
    let Input::Command(Command::Claim { intended: Some(intended) }) = input else { return input };
    let pos = game.position();
    let read = reader.read(intended.text(), pos, settings.letters(pos.turn()));
    Input::Command(Command::Claim { intended: Some(intended.with_reading(read)) })
}

/// Whether answering `input` changes nothing a resume needs: a command that only asks, or
/// leaving (`quit`, or yes to the question before it).
pub(super) fn changes_nothing_kept(asking: &Asking, input: &Input) -> bool {
    let quitting = matches!(asking.waiting(), Some(Question::Confirm(Command::Quit {})));
    match input {
        Input::Command(Command::Quit {}) => true,
        Input::Command(Command::Accept {}) => quitting,
        Input::Command(command) => command.record().asks,
        _ => false,
    }
}

/// Answers one input: the question waiting first, then the input's own duty.
pub(super) fn handle(s: &mut Session, input: Input) -> Response {
    let asked = s.asking.take();
    let (mut lines, input, still_asked) = match answer(s, asked, input) {
        Answered::Done(answer) => return answer,
        Answered::Passed(first, input) => (first, input, None),
        Answered::Aside(question, input) => (Vec::new(), input, Some(question)),
    };
    let answer = match input {
        Input::Empty => relay::confirm_ok(&mut s.table, &s.game, &s.settings, &s.wording, false).into(),
        Input::Move(text) => moves::play_text(s, &text),
        Input::Picked(mv) => moves::play_picked(s, mv),
        Input::Refused(refusal) => refusal.lines(&s.wording).into(),
        Input::Unreadable(problem) => problem.lines(&s.wording).into(),
        Input::Command(command) if !command.record().works_in(s.place()) => {
            not_here(&command, s.place(), &s.wording).into()
        }
        Input::Command(command) => {
            if let Some(question) = ask_first(s, &command) {
                lines.push(question);
                return lines.into();
            }
            let more = s.settings.verbosity == Verbosity::Verbose && command != Command::More {};
            let mut answer = command.run(s);
            if more {
                answer.lines.append(&mut s.said.take_more());
            }
            answer.lines.extend(still_asked);
            answer
        }
    };
    lines.extend(answer.lines);
    Response { lines, effects: answer.effects }
}

/// Why a command has no place where it was given: a practice game's help is not allowed at the
/// table or online; online the server keeps the clock and the game; at the table an online
/// game's requests are not there.
fn not_here(command: &Command, place: Place, w: &Wording) -> Vec<Line> {
    let record = command.record();
    let line = match place {
        _ if matches!(command, Command::Takeback {}) && place != Place::Online => w.say(announce::no_taking_back(w)),
        // A practice game's help (a hint, the evaluation, the level): never at the table or
        // online (Article 11.3).
        _ if record.works_in(Place::Practice) && !record.works_in(Place::Table) => {
            w.line("practice.only", &[("command", record.name_in(w.lang()))])
        }
        Place::Online => w.line("online.server_decides", &[]),
        _ => w.line("online.only_online", &[]),
    };
    vec![line.with_cue(Cue::Error)]
}

/// What the question that waited makes of `input`: its answer; or, for `repeat`, nothing (it
/// still waits); for a new move or command, that this answers no; for anything else, the
/// question again, once, and then that nothing is done.
fn answer(s: &mut Session, asked: Option<Asked>, input: Input) -> Answered {
    let Some(asked) = asked else { return Answered::Passed(Vec::new(), input) };
    // A yes or no with words after it ("yes please", "no thanks") is still a yes or a no.
    let yes = match &input {
        Input::Command(Command::Accept {}) => Some(true),
        Input::Command(Command::Decline {}) => Some(false),
        Input::Move(text) => yes_or_no_first(text),
        _ => None,
    };
    let done = |response: Response| Answered::Done(response);
    let w = &s.wording;
    match (asked.question().clone(), &input, yes) {
        (Question::Executed { board, ply, executed }, _, Some(yes)) => {
            done(relay::answer_executed(&mut s.table, &s.game, w, yes, (board, ply, executed)).into())
        }
        (Question::Heard { meaning, .. }, _, Some(true)) => {
            match heard::act(s, heard::Understood::confirmed(meaning)) {
                heard::Acted::Done(answer) => done(answer),
                heard::Acted::Typed(input) => Answered::Passed(Vec::new(), input),
            }
        }
        (Question::Heard { other: Some(other), .. }, _, Some(false)) => {
            let parts = (&mut s.asking, &s.game, &s.settings);
            done(vec![heard::ask_heard(parts, w, s.clock.now(), ("listen.ask_other", other, None))].into())
        }
        (Question::Heard { .. }, _, Some(false)) => done(vec![w.line("listen.not_played", &[])].into()),
        (Question::Confirm(command), _, Some(true)) => done(command.run(s)),
        // Leaving asked twice (a second interrupt, or `quit` again) is a yes.
        (Question::Confirm(quit @ Command::Quit {}), Input::Command(Command::Quit {}), _) => done(quit.run(s)),
        (Question::Meant(Slip::One(meant)), _, Some(true)) => Answered::Passed(Vec::new(), Input::Command(meant)),
        (Question::Meant(Slip::Several(names)), _, Some(true)) => done(vec![which_one(w, &names)].into()),
        (Question::OtherLetters { mv, .. }, _, Some(true)) => Answered::Passed(Vec::new(), Input::Picked(mv)),
        // The letters the move was typed in, taken from now on: the move is played in them.
        (Question::OtherLetters { mv, set }, Input::Command(Command::Letters { asked }), _) if asked.set.is_some() => {
            let mut lines = moves::letters(&mut s.settings, &s.wording, *asked);
            if s.settings.letters(s.game.position().turn()) == set {
                let played = moves::play_picked(s, mv);
                lines.extend(played.lines);
                return done(Response { lines, effects: played.effects });
            }
            done(lines.into())
        }
        (_, _, Some(false)) => done(vec![w.line("confirm.not_done", &[])].into()),
        // Who resigns is named: that is asked as `resign COLOR` is.
        (Question::WhoResigns, Input::Command(resign @ Command::Resign { by: Some(_) }), _) => {
            match ask_first(s, resign) {
                Some(question) => done(vec![question].into()),
                None => done(resign.clone().run(s)),
            }
        }
        // A piece named that the pawn cannot become (a king): said, and the question still waits.
        (Question::Promotion { moves }, Input::Move(text), _) if names_piece(&s.reader, &s.game, &s.settings, text) => {
            let piece = s.reader.read_piece(text, s.settings.letters(s.game.position().turn()));
            let piece = w.piece(piece.unwrap_or(shakmaty::Role::King));
            let line = w.line("illegal.bad_promotion", &[("piece", &piece)]).with_cue(Cue::Illegal);
            done(vec![s.asking.ask(Question::Promotion { moves }, line, s.clock.now())].into())
        }
        (_, Input::Command(Command::Repeat {}), _) => {
            // The question is said again (without the sound of what went before), and still waits.
            let said = Line { cue: None, ..asked.said().clone() };
            s.asking.keep(asked);
            done(vec![said].into())
        }
        // A question about the board, the time or the commands is answered, and the question
        // still waits (a suggestion too).
        (_, Input::Command(command), _) if command.record().asks => {
            // Said again without the sound of the slip that raised it.
            let said = Line { cue: None, ..asked.said().clone() };
            s.asking.keep(asked);
            Answered::Aside(said, input)
        }
        // The slip's suggestion is no question to insist on; an empty line (when no relay waits
        // for it) is no answer to it either, and it is asked again.
        (question, _, None) if question.is_suggestion() && !is_empty_answer(&s.table, &input) => {
            Answered::Passed(Vec::new(), input)
        }
        // Another try at the move asked about goes its own way; any other move or command
        // answers no, and that is said.
        (question, _, _) if is_new_action(&s.reader, &s.game, &s.settings, &input) => {
            match question.is_about_a_move() {
                true if matches!(input, Input::Move(_) | Input::Picked(_)) => Answered::Passed(Vec::new(), input),
                _ => Answered::Passed(vec![w.line("question.taken_as_no", &[])], input),
            }
        }
        (question, _, _) if !asked.was_asked_again() => {
            let again = w.line(question.again_key(), &[]).with_cue(Cue::Error);
            let said = s.asking.ask_again(asked);
            done(vec![again, said].into())
        }
        _ => done(vec![w.line("question.dropped", &[])].into()),
    }
}

/// A yes or a no followed by other words, read as a move: its first word's.
fn yes_or_no_first(text: &str) -> Option<bool> {
    let (first, _) = text.split_once(char::is_whitespace)?;
    match crate::command::lookup(Command::records(), first)?.name {
        "accept" => Some(true),
        "decline" => Some(false),
        _ => None,
    }
}

/// Whether `input` is an empty line that confirms nothing (no relay waits for it).
fn is_empty_answer(table: &crate::table::Table, input: &Input) -> bool {
    matches!(input, Input::Empty) && table.pending().is_none()
}

/// Whether `text` names a piece alone (as the answer to "which piece?").
fn names_piece(reader: &MoveReader, game: &Game, settings: &Settings, text: &str) -> bool {
    reader.read_piece(text, settings.letters(game.position().turn())).is_some()
}

/// Whether `input` is a move or a command of its own rather than an answer: a command other
/// than yes, no and repeat, or a move (legal or not) rather than words that are no move.
fn is_new_action(reader: &MoveReader, game: &Game, settings: &Settings, input: &Input) -> bool {
    match input {
        Input::Command(Command::Accept {} | Command::Decline {} | Command::Repeat {}) => false,
        Input::Command(_) | Input::Picked(_) => true,
        Input::Move(text) => {
            let pos = game.position();
            let read = reader.read(text, pos, settings.letters(pos.turn()));
            !matches!(read, Err(crate::notation::ReadError::NotAMove(_)))
        }
        _ => false,
    }
}

/// Asks before `command` when it would do something that cannot be undone (and confirmations
/// are on): the question, now waiting for its answer. `None` lets it go ahead (or refuse) at
/// once.
fn ask_first(s: &mut Session, command: &Command) -> Option<Line> {
    let over = s.game.is_over() && !matches!(command, Command::New { .. });
    if !s.settings.confirm || over {
        return None;
    }
    let question = command.question(s)?;
    let said = s.wording.say(question);
    Some(s.asking.ask(Question::Confirm(command.clone()), said, s.clock.now()))
}

#[cfg(test)]
mod tests {
    use super::super::{Event, Timestamp};
    use super::*;

    fn started(fen: Option<&str>) -> Session {
        let settings = Settings { fen: fen.map(String::from), ..Settings::default() };
        let mut s = Session::new(settings).unwrap();
        s.apply(Event::Start, Timestamp(0));
        s
    }

    fn typed(s: &mut Session, line: &str) -> Vec<String> {
        let input = s.read(line);
        s.apply(Event::Input(input), Timestamp(1)).lines.into_iter().map(|l| l.text).collect()
    }

    #[test]
    fn a_piece_named_alone_is_read_as_the_promotion_it_picks() {
        let mut s = started(Some("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1"));
        typed(&mut s, "e8");
        assert!(matches!(s.asking.waiting(), Some(Question::Promotion { .. })));
        let Input::Picked(mv) = s.read("Springer") else { panic!("{:?}", s.read("Springer")) };
        assert_eq!(mv.promotion(), Some(shakmaty::Role::Knight));
        // Without the question, the same word is no answer but a line to read as usual.
        let plain = started(None);
        assert!(!matches!(plain.read("Springer"), Input::Picked(_)));
    }

    #[test]
    fn a_claims_move_is_read_once_and_the_question_carries_the_reading() {
        let mut s = started(None);
        let Input::Command(Command::Claim { intended: Some(intended) }) = s.read("claim Nf3") else {
            panic!("{:?}", s.read("claim Nf3"))
        };
        let nf3 = shakmaty::Move::Normal {
            role: shakmaty::Role::Knight,
            from: shakmaty::Square::G1,
            capture: None,
            to: shakmaty::Square::F3,
            promotion: None,
        };
        assert_eq!(intended.read(), Some(&Ok(nf3)));
        let said = typed(&mut s, "claim Nf3");
        assert!(said[0].contains("intended move Nf3"), "{said:?}");
        let Some(Question::Confirm(Command::Claim { intended: Some(waiting) })) = s.asking.waiting() else {
            panic!("{:?}", s.asking.waiting())
        };
        assert_eq!(waiting.read(), Some(&Ok(nf3)));
        // A move that is none is read once too, and said at once with no question.
        let Input::Command(Command::Claim { intended: Some(bad) }) = s.read("claim Ke5") else { panic!() };
        assert!(matches!(bad.read(), Some(Err(_))));
    }

    #[test]
    fn a_suggestion_survives_a_question_about_the_board_and_an_empty_line() {
        let mut s = started(None);
        typed(&mut s, "Sf3");
        assert!(matches!(s.asking.waiting(), Some(Question::OtherLetters { .. })), "{:?}", s.asking.waiting());
        let said = typed(&mut s, "turn");
        assert!(said.last().is_some_and(|l| l.contains("Play it?")), "{said:?}");
        let said = typed(&mut s, "");
        assert!(said.last().is_some_and(|l| l.contains("Play it?")), "{said:?}");
        let said = typed(&mut s, "yes please");
        assert!(said.iter().any(|l| l.starts_with("1. Nf3")), "{said:?}");
    }

    #[test]
    fn a_question_about_the_board_is_answered_and_the_question_still_waits() {
        let mut s = started(None);
        typed(&mut s, "resign");
        let said = typed(&mut s, "turn");
        assert_eq!(
            said.last().map(String::as_str),
            Some("Who resigns, White or Black? Say the colour, or no to play on.")
        );
        assert!(matches!(s.asking.waiting(), Some(Question::WhoResigns)));
        // A colour answers it as `resign COLOR` is: asked first.
        let said = typed(&mut s, "black");
        assert!(said[0].starts_with("Black resigns"), "{said:?}");
        assert!(matches!(
            s.asking.waiting(),
            Some(Question::Confirm(Command::Resign { by: Some(shakmaty::Color::Black) }))
        ));
    }

    #[test]
    fn an_answer_that_is_none_is_asked_again_once_and_a_new_move_answers_no() {
        let mut s = started(None);
        typed(&mut s, "resign");
        let again = typed(&mut s, "purple");
        assert_eq!(again.len(), 2, "{again:?}");
        let dropped = typed(&mut s, "purple");
        assert_eq!(dropped.len(), 1, "{dropped:?}");
        assert!(s.asking.waiting().is_none());
        typed(&mut s, "resign");
        let said = typed(&mut s, "e4");
        assert!(said.iter().any(|l| l.contains("Eva vier")), "{said:?}");
        assert!(s.asking.waiting().is_none() && s.game.ply_count() == 1);
    }

    #[test]
    fn a_command_is_refused_where_it_does_not_work_and_nothing_changes() {
        let mut s = started(None);
        let said = typed(&mut s, "abort");
        assert_eq!(said, ["That is for an online game."]);
        let said = typed(&mut s, "undo");
        assert!(said[0].starts_with("There is no taking back at the table"), "{said:?}");
        assert_eq!(s.game.ply_count(), 0);
    }
}
