//! Tests of the recogniser's front ends: which one a sound is heard with, when the decoders for
//! noise and echoes are made, and when a quiet room's move is heard again on them.

use super::*;
use shakmaty::Chess;

/// Half a second of a room, a voiced sound for 0.6 s (a hum and its harmonics), and the room
/// again: a quiet room, or one whose hiss stands `hiss_db` under the sound's loudest, and dry
/// or through a hall whose echoes die over `echo_seconds`.
fn sound(echo_seconds: Option<f32>, hiss_db: f32) -> Vec<i16> {
    let rate = RATE as f32;
    let mut samples: Vec<f32> = (0..(2.6 * rate) as usize)
        .map(|n| {
            let t = n as f32 / rate;
            let hum: f32 = (1..6).map(|k| (std::f32::consts::TAU * 140.0 * k as f32 * t).sin() / k as f32).sum();
            if (0.5..1.1).contains(&t) {
                6000.0 * hum
            } else {
                0.0
            }
        })
        .collect();
    if let Some(seconds) = echo_seconds {
        // Four feedback combs, each falling 60 dB over `seconds`, the sound the mean of them.
        let dry = std::mem::take(&mut samples);
        samples = vec![0.0; dry.len()];
        for delay in [1116usize, 1188, 1277, 1356] {
            let gain = 10f32.powf(-3.0 * delay as f32 / (rate * seconds));
            let mut comb = dry.clone();
            for n in delay..comb.len() {
                comb[n] += gain * comb[n - delay];
            }
            for (s, c) in samples.iter_mut().zip(&comb) {
                *s += c / 4.0;
            }
        }
    }
    // The room's hiss, evenly spread.
    let hiss = 6000.0 * 10f32.powf(-hiss_db / 20.0);
    let mut seed = 12345u32;
    samples
        .iter()
        .map(|s| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let even = ((seed >> 8) & 0xffff) as f32 / 32768.0 - 1.0;
            (s + hiss * even).clamp(-32768.0, 32767.0) as i16
        })
        .collect()
}

/// The front end a sound is heard with.
fn front(samples: &[i16]) -> Front {
    cleaned(samples, confidence::voice(samples), true).0
}

#[test]
fn a_quiet_rooms_voice_is_heard_as_it_comes_and_one_in_noise_or_echoes_damped() {
    assert_eq!(front(&sound(None, 70.0)), Front::Quiet);
    assert_eq!(front(&sound(None, 15.0)), Front::Damped, "noise");
    assert_eq!(front(&sound(Some(1.0), 70.0)), Front::Damped, "echoes");
    assert_eq!(front(&[0; 1600]), Front::Quiet, "too short to measure a room in");
    // The library's noise removal is left out for a quiet room's voice alone.
    assert!(Front::Quiet.args().contains(&"-remove_noise") && Front::Damped.args().is_empty());
    let quiet = sound(None, 70.0);
    assert_eq!(cleaned(&quiet, confidence::voice(&quiet), true), (Front::Quiet, quiet.clone()), "as it comes");
    let (front, samples) = cleaned(&quiet, confidence::voice(&quiet), false);
    assert_eq!((front, samples), (Front::Damped, quiet), "a vocabulary heard with the library's noise removal");
}

#[test]
fn the_decoders_for_a_voice_in_noise_or_echoes_are_made_when_one_is_first_heard() {
    let mut recognizer = Recognizer::new(None).expect("the distribution's model (scripts/setup.sh)");
    let pack = |name: &str| crate::notation::PhrasePack::named(name).unwrap();
    let grammar = MoveGrammar::for_position(&Chess::default(), &pack("appendix-e"));
    recognizer.hear(&grammar, &sound(None, 70.0)).unwrap();
    assert!(recognizer.damped.is_none(), "a quiet room's voice heard on its decoders alone");
    recognizer.hear(&grammar, &sound(Some(1.0), 70.0)).unwrap();
    assert_eq!(recognizer.front, Front::Damped);
    assert!(recognizer.damped.is_some(), "made for the voice that echoes");
    recognizer.hear(&grammar, &sound(None, 70.0)).unwrap();
    assert_eq!(recognizer.front, Front::Quiet, "and the quiet room's decoders again");
    for other in ["en", "et"] {
        recognizer.hear(&MoveGrammar::for_position(&Chess::default(), &pack(other)), &sound(None, 70.0)).unwrap();
        assert_eq!(recognizer.front, Front::Damped, "{other} is heard with the library's noise removal");
    }
}

#[test]
fn every_players_decoders_are_made_ready_before_the_first_move() {
    let pack = |name: &str| crate::notation::PhrasePack::named(name).unwrap();
    for (name, front) in [("appendix-e", Front::Quiet), ("en", Front::Damped)] {
        let mut recognizer = Recognizer::new(None).expect("the distribution's model (scripts/setup.sh)");
        assert!(recognizer.damped.is_none());
        recognizer.ready_for(&MoveGrammar::for_position(&Chess::default(), &pack(name)));
        assert!(recognizer.damped.is_some(), "{name}: made before anything is heard");
        assert_eq!(recognizer.front, front, "{name}");
    }
}

/// What a move's words heard with `margin`, and `heard_again`, come to.
fn understood(words: &str, over_rival: f32) -> Understood {
    let evidence = Evidence {
        over_rival,
        explained: 1.0,
        under_voice: 60.0,
        talk_under_voice: f32::INFINITY,
        room_known: true,
        ..Evidence::default()
    };
    let meaning =
        MoveGrammar::for_position(&Chess::default(), &crate::notation::PhrasePack::named("appendix-e").unwrap())
            .meaning(words)
            .expect("a move of the start");
    Understood { words: words.into(), meaning, margin: evidence.margin(meaning), evidence }
}

#[test]
fn the_same_words_heard_again_add_their_margin_and_other_words_nothing() {
    let first = understood("eva vier", 2.5);
    assert_eq!(first.margin, 2.5, "a quiet room's margin counts in full");
    let surer = first.clone().heard_again(Some(understood("eva vier", 3.0)));
    assert_eq!((surer.margin, surer.evidence.heard_again), (5.5, Some(3.0)));
    let other = first.clone().heard_again(Some(understood("eva drei", 9.0)));
    assert_eq!(other, first, "other words heard again: as unsure as before");
    assert_eq!(first.clone().heard_again(Some(understood("eva vier", -1.0))), first, "no surer again");
    assert_eq!(first.clone().heard_again(None), first, "nothing heard again");
}

#[test]
fn a_hearing_the_voice_says_else_is_not_made_sure_by_hearing_it_again() {
    let mut said_else = understood("eva vier", 2.5);
    said_else.evidence.misfit = 10.0;
    said_else.margin = said_else.evidence.margin(said_else.meaning);
    assert_eq!(said_else.margin, 0.0);
    let again = said_else.clone().heard_again(Some(understood("eva vier", 6.0)));
    assert_eq!(again.margin, 0.0, "free phones fit the voice far better: nothing adds to it");
}

#[test]
fn only_a_quiet_rooms_unsure_move_heard_as_it_comes_is_heard_again() {
    let mut recognizer = Recognizer::new(None).expect("the distribution's model (scripts/setup.sh)");
    recognizer.acting_at(4.5);
    let unsure = understood("eva vier", 2.5);
    assert!(recognizer.worth_hearing_again(Front::Quiet, &unsure));
    assert!(!recognizer.worth_hearing_again(Front::Damped, &unsure), "heard so already");
    assert!(!recognizer.worth_hearing_again(Front::Quiet, &understood("eva vier", 4.5)), "sure");
    assert!(!recognizer.worth_hearing_again(Front::Quiet, &understood("eva vier", -0.5)), "another fits better");
    let mut among_voices = unsure.clone();
    among_voices.evidence.talk_under_voice = 15.0;
    assert!(!recognizer.worth_hearing_again(Front::Quiet, &among_voices), "other players near");
    let command = Understood { words: "ja".into(), meaning: Meaning::Command("accept"), ..unsure.clone() };
    assert!(!recognizer.worth_hearing_again(Front::Quiet, &command), "a command is not");
    let repeated = Understood { meaning: Meaning::Repeated(first_move()), ..unsure.clone() };
    assert!(!recognizer.worth_hearing_again(Front::Quiet, &repeated), "nor the last move said again");
}

/// A move of the start.
fn first_move() -> shakmaty::Move {
    use shakmaty::Position;
    Chess::default().legal_moves()[0]
}
