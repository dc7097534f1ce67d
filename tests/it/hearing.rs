//! Words heard, through the session: a move heard surely is played and announced; one heard
//! unsurely is asked back and played only on yes; a command heard unsurely is not carried out;
//! the opponent's repetition confirms a relay or is caught as a divergence; a correction within
//! the slip-of-the-tongue window corrects; English words; the warnings; a journal replays what was
//! heard the same way. No sound is needed: the ears' reports are given as events.

use annabella::clock::Timestamp;
use annabella::config::Settings;
use annabella::listen::ListenMode;
use annabella::listen::{Hearing, ListenProblem, Report};
use annabella::messages::Lang;
use annabella::rules::to_fen;
use annabella::session::Event;
use annabella::session::Response;
use annabella::session::Session;
use annabella::session::{Command, Effect, Input};
use annabella::speech::SpeechMode;
use annabella::table::RelayMode;
use shakmaty::Color;

use crate::support::{assert_speakable, printed, spoken, started};

fn session(settings: Settings) -> Session {
    started(Settings { speech: SpeechMode::Off, lang: Lang::En, ..settings })
}

fn hear(s: &mut Session, words: &str, margin: f32) -> Response {
    let response = s.apply(Event::Heard(Report::Heard(Hearing::new(words, margin))), Timestamp(1000));
    assert_speakable(&response, words);
    response
}

#[test]
fn a_move_heard_surely_is_played_and_announced() {
    let mut s = session(Settings::default());
    let r = hear(&mut s, "springer felix drei", 5.0);
    assert_eq!(printed(&r), ["1. Nf3: Springer Felix drei"]);
    assert_eq!(s.game().ply_count(), 1);
}

#[test]
fn a_move_heard_unsurely_is_asked_back_and_played_only_on_yes() {
    let mut s = session(Settings::default());
    let r = hear(&mut s, "springer felix drei", 0.2);
    assert_eq!(printed(&r), ["Nf3? Say yes or no."]);
    assert_eq!(spoken(&r), ["Springer Felix drei? Say yes or no."]);
    assert_eq!(s.game().ply_count(), 0, "not played before the yes");
    let r = hear(&mut s, "nein", 5.0);
    assert_eq!(printed(&r), ["Not done. Say it again, or type it."]);
    assert_eq!(s.game().ply_count(), 0);
    hear(&mut s, "springer felix drei", 0.2);
    let r = s.apply(Event::Input(s.read("yes")), Timestamp(2000));
    assert_eq!(printed(&r), ["1. Nf3: Springer Felix drei"]);
    assert_eq!(s.game().ply_count(), 1);
}

/// Words heard unsurely, with the best reading of another meaning.
fn hear_with_rival(s: &mut Session, words: &str, rival: &str, margin: f32) -> Response {
    let hearing = Hearing { rival: Some(rival.into()), ..Hearing::new(words, margin) };
    let response = s.apply(Event::Heard(Report::Heard(hearing)), Timestamp(1000));
    assert_speakable(&response, words);
    response
}

#[test]
fn a_move_said_not_to_be_heard_right_asks_the_other_reading_next() {
    let mut s = session(Settings::default());
    let r = hear_with_rival(&mut s, "springer felix drei", "springer hector drei", 0.2);
    assert_eq!(spoken(&r), ["Springer Felix drei? Say yes or no."], "the other reading is not said first");
    let r = hear(&mut s, "nein", 5.0);
    assert_eq!(printed(&r), ["Then Nh3? Say yes or no."]);
    assert_eq!(spoken(&r), ["Then Springer Hector drei? Say yes or no."]);
    assert_eq!(s.game().ply_count(), 0, "not played before the yes");
    let r = hear(&mut s, "ja", 5.0);
    assert_eq!(printed(&r), ["1. Nh3: Springer Hector drei"]);

    // A second no leaves everything as it was: the move is said again or typed.
    let mut s = session(Settings::default());
    hear_with_rival(&mut s, "springer felix drei", "springer hector drei", 0.2);
    hear(&mut s, "nein", 5.0);
    let r = s.apply(Event::Input(s.read("no")), Timestamp(2000));
    assert_eq!(printed(&r), ["Not done. Say it again, or type it."]);
    assert_eq!(s.game().ply_count(), 0);
    let r = s.apply(Event::Input(s.read("yes")), Timestamp(3000));
    assert_eq!(s.game().ply_count(), 0, "no question waits any more: {:?}", printed(&r));
}

#[test]
fn only_another_move_is_offered_after_a_no() {
    // A command, the same move in other words, or words of no phrase: nothing is offered.
    for rival in ["ja", "springer nach felix drei", "dame hector fünf"] {
        let mut s = session(Settings::default());
        hear_with_rival(&mut s, "springer felix drei", rival, 0.2);
        let r = hear(&mut s, "nein", 5.0);
        assert_eq!(printed(&r), ["Not done. Say it again, or type it."], "{rival}");
    }
    // A move typed while the question waits answers no and is taken as itself: nothing offered.
    let mut s = session(Settings::default());
    hear_with_rival(&mut s, "springer felix drei", "springer hector drei", 0.2);
    let r = s.apply(Event::Input(s.read("e4")), Timestamp(2000));
    assert_eq!(printed(&r), ["That answers no to the question.", "1. e4: Eva vier"]);
}

#[test]
fn the_other_reading_is_asked_in_the_players_language() {
    for (lang, said) in [
        (Lang::De, "Dann Springer Hector drei? Sag ja oder nein."),
        (Lang::Et, "Kas siis Springer Hector drei? Ütle jah või ei."),
    ] {
        let mut s = started(Settings { speech: SpeechMode::Off, lang, ..Settings::default() });
        hear_with_rival(&mut s, "springer felix drei", "springer hector drei", 0.2);
        let r = s.apply(Event::Input(s.read("no")), Timestamp(2000));
        assert_eq!(spoken(&r), [said]);
    }
}

#[test]
fn a_yes_said_long_after_the_question_asks_it_again_and_a_typed_one_answers() {
    let mut s = session(Settings::default());
    hear(&mut s, "springer felix drei", 0.2);
    let yes = || Event::Heard(Report::Heard(Hearing::new("ja", 6.0)));
    // Thirty-one seconds later a yes may be talk at the table: the question is asked again.
    let r = s.apply(yes(), Timestamp(32_000));
    assert_eq!(
        printed(&r),
        ["Asked again: an answer said long after the question does not count.", "Nf3? Say yes or no."]
    );
    assert_eq!(spoken(&r)[1], "Springer Felix drei? Say yes or no.");
    assert_eq!(s.game().ply_count(), 0, "not played on a late yes");
    // Said soon after it was asked again, the yes answers it.
    let r = s.apply(yes(), Timestamp(40_000));
    assert_eq!(printed(&r), ["1. Nf3: Springer Felix drei"]);
    // A typed yes answers however late: the keyboard is no talk at the table.
    hear(&mut s, "springer cesar sechs", 0.2);
    let r = s.apply(Event::Input(s.read("yes")), Timestamp(500_000));
    assert_eq!(printed(&r), ["1... Nc6: Springer Cesar sechs"]);
}

#[test]
fn a_command_heard_unsurely_is_not_carried_out() {
    let mut s = session(Settings::default());
    s.apply(Event::Input(s.read("e4")), Timestamp(10));
    let r = hear(&mut s, "aufgeben", 0.1);
    assert_eq!(printed(&r), ["Not understood. Say it again, or type it."]);
    assert!(!s.game().is_over());
    // Heard surely, it goes the typed way: resigning is asked first.
    let r = hear(&mut s, "aufgeben", 6.0);
    assert!(printed(&r)[0].contains("resign"), "{:?}", printed(&r));
    assert!(!s.game().is_over());
}

#[test]
fn words_that_are_no_phrase_of_the_position_do_nothing() {
    let mut s = session(Settings::default());
    let before = to_fen(s.game().position());
    let r = hear(&mut s, "eva fünf", 9.0);
    assert_eq!(printed(&r), ["Not understood. Say it again, or type it."]);
    assert_eq!(to_fen(s.game().position()), before);
}

fn relayed() -> Session {
    // White sighted, Black at the tactile board: White's moves wait for their relay.
    let mut s = session(Settings { relay: RelayMode::Confirm, blind: Some(Color::Black), ..Settings::default() });
    s.apply(Event::Input(s.read("Nf3")), Timestamp(10));
    s
}

#[test]
fn the_repetition_that_agrees_confirms_the_relay() {
    let mut s = relayed();
    let r = hear(&mut s, "springer felix drei", 5.0);
    assert_eq!(printed(&r), ["Executed on the tactile board as announced."]);
    assert_eq!(s.game().ply_count(), 1);
}

#[test]
fn the_repetition_that_differs_is_a_divergence_with_its_repair() {
    // Heard however surely, a repetition that differs is asked first: one misheard phrase is
    // never a divergence on its own.
    for margin in [0.1, 5.0, 8.0] {
        let mut s = relayed();
        let r = hear(&mut s, "springer hector drei", margin);
        assert_eq!(printed(&r), ["Repeated as Nh3? Say yes or no."]);
    }
    let mut s = relayed();
    hear(&mut s, "springer hector drei", 5.0);
    let r = s.apply(Event::Input(s.read("yes")), Timestamp(2000));
    let text = printed(&r).join(" ");
    assert!(text.contains("Announced Springer Felix drei, but executed Springer Hector drei"), "{text}");
    assert!(text.contains("knight from Hector drei to Felix drei"), "{text}");
}

#[test]
fn a_correction_within_the_window_corrects_the_last_move() {
    let mut s = session(Settings::default());
    hear(&mut s, "springer felix drei", 5.0);
    let r = hear(&mut s, "korrigieren springer hector drei", 5.0);
    assert_eq!(printed(&r), ["Corrected to Nh3? Say yes or no."], "a correction is always asked first");
    assert_eq!(s.game().moves().last().unwrap().to().to_string(), "f3");
    let r = hear(&mut s, "ja", 5.0);
    assert!(printed(&r).iter().any(|l| l.contains("Springer Hector drei")), "{:?}", printed(&r));
    let last = s.game().moves().last().unwrap();
    assert_eq!(last.to().to_string(), "h3");
}

#[test]
fn english_words_are_heard_for_a_player_who_speaks_them() {
    let mut settings = Settings { blind: None, ..Settings::default() };
    settings.listen.sighted = "en".into();
    let mut s = session(settings);
    let r = hear(&mut s, "knight f three", 5.0);
    assert_eq!(printed(&r), ["1. Nf3: Springer Felix drei"]);
    assert!(s.listening_grammar().move_of("pawn e five").is_some());
    assert_eq!(s.listening_grammar().pack(), "en");
}

#[test]
fn the_grammar_follows_the_side_to_move_and_its_vocabulary() {
    let mut settings = Settings { blind: Some(Color::White), ..Settings::default() };
    settings.listen.sighted = "en".into();
    let mut s = session(settings);
    assert_eq!(s.listening_grammar().pack(), "appendix-e");
    hear(&mut s, "eva vier", 5.0);
    let g = s.listening_grammar();
    assert_eq!(g.pack(), "en");
    assert!(g.move_of("e five").is_some() && g.move_of("e four").is_none());
}

#[test]
fn problems_are_said_once_and_typing_goes_on() {
    let mut s = session(Settings::default());
    let r = s.apply(Event::Heard(Report::Problem(ListenProblem::NoMicrophone(String::new()))), Timestamp(5));
    assert_eq!(printed(&r), ["Warning: there is no microphone to hear. Type the moves."]);
    assert_eq!(spoken(&r).len(), 1);
    let r = s.apply(Event::Input(s.read("e4")), Timestamp(10));
    assert_eq!(printed(&r), ["1. e4: Eva vier"]);
}

#[test]
fn push_to_talk_asks_the_ears_only_when_listening_is_on() {
    let mut s = session(Settings::default());
    let r = s.apply(Event::Input(s.read("listen")), Timestamp(5));
    assert!(printed(&r)[0].starts_with("Listening is off."));
    assert!(r.effects.is_empty());
    let mut settings = Settings::default();
    settings.listen.mode = ListenMode::Push;
    let mut s = session(settings);
    let r = s.apply(Event::Input(s.read("listen")), Timestamp(5));
    assert_eq!(r.effects, vec![Effect::Listen]);
    assert!(spoken(&r).is_empty(), "nothing is spoken while the microphone listens");
    // With no microphone, push to talk (typed or the key) says so at once instead of waiting.
    let problem = Report::Problem(ListenProblem::NoMicrophone(String::new()));
    s.apply(Event::Heard(problem), Timestamp(6));
    for input in [s.read("listen"), Input::Command(Command::Listen {})] {
        let r = s.apply(Event::Input(input), Timestamp(7));
        assert!(r.effects.is_empty(), "{r:?}");
        assert_eq!(spoken(&r), ["Warning: there is no microphone to hear. Type the moves."]);
    }
    let r = s.apply(Event::Key(annabella::command::Key::PushToTalk), Timestamp(8));
    assert_eq!(spoken(&r), ["Warning: there is no microphone to hear. Type the moves."]);
    // Words heard again: the ears work, and push to talk listens.
    s.apply(Event::Heard(Report::Nothing), Timestamp(9));
    let r = s.apply(Event::Input(s.read("listen")), Timestamp(10));
    assert_eq!(r.effects, vec![Effect::Listen]);
}

#[test]
fn a_journal_replays_what_was_heard_the_same_way() {
    use annabella::store::{Kept as Record, Record as Entry};
    let records = [
        Record::Start(String::new()),
        Record::Heard(Hearing::new("eva vier", 5.0).record()),
        Record::Heard(Hearing::new("springer cesar sechs", 0.1).record()),
        Record::Input("no".into()),
        Record::Heard(Hearing::new("eva fünf", 0.1).record()),
        Record::Heard(Hearing::new("ja", 5.0).record()),
        // Asked back, said not to be right, and its other reading said to be.
        Record::Heard(
            Hearing { rival: Some("springer hector drei".into()), ..Hearing::new("springer felix drei", 0.1) }.record(),
        ),
        Record::Input("no".into()),
        Record::Input("yes".into()),
    ];
    let entries: Vec<Entry> = records
        .into_iter()
        .enumerate()
        .map(|(i, event)| Entry { seq: i as u64, at: Timestamp(i as u64 * 100), wall_ms: 0, kept: event })
        .collect();
    let mut s = Session::new(Settings { speech: SpeechMode::Off, ..Settings::default() }).unwrap();
    s.replay(&entries);
    let played: Vec<String> = s.game().moves().map(|m| m.to_string()).collect();
    assert_eq!(played, ["e2-e4", "e7-e5", "Ng1-h3"]);
}

/// A margin that is no number, or the largest a float holds, is no certainty: asked back.
#[test]
fn an_undefined_margin_is_never_taken_as_certain() {
    for margin in [f32::MAX, f32::INFINITY, f32::NAN] {
        let mut s = session(Settings::default());
        let r = hear(&mut s, "springer felix drei", margin);
        assert_eq!(printed(&r), ["Nf3? Say yes or no."], "{margin}");
        assert_eq!(s.game().ply_count(), 0);
    }
}

#[test]
fn a_loud_room_is_said_once_in_the_players_language_and_changes_nothing() {
    for (lang, said) in [
        (Lang::En, "The room is loud: nearly every move heard will be asked back. Typing is quicker."),
        (Lang::De, "Der Raum ist laut: fast jeder gehörte Zug wird nachgefragt. Eintippen geht schneller."),
        (Lang::Et, "Ruumis on lärm: peaaegu iga kuuldud käigu kohta küsin üle. Kirjutades läheb kiiremini."),
    ] {
        let mut s = started(Settings { speech: SpeechMode::Off, lang, ..Settings::default() });
        let r = s.apply(Event::Heard(Report::LoudRoom), Timestamp(1000));
        assert_eq!(printed(&r), [said]);
        assert_eq!(spoken(&r), [said]);
        assert_eq!(s.game().ply_count(), 0);
        // The words heard after it are weighed as always.
        let r = hear(&mut s, "springer felix drei", 0.2);
        assert_eq!(printed(&r).len(), 1, "{:?}", printed(&r));
        assert!(printed(&r)[0].starts_with("Nf3? "), "{:?}", printed(&r));
    }
}
