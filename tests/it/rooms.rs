//! Moves said where other boards talk, recorded in the test: a player's moves with four other
//! players announcing their own moves in the same words 20 and 10 dB under the voice (two seconds
//! of their talk before the move, after the seconds in which the ears come to know the room, as
//! they hear a room of a blind players' event all game long), and in a reverberant hall. Every utterance the detector cuts out (another player's announcement too) is
//! heard against the position's grammar; none of them may be a wrong move sure enough to be
//! played without a yes; and in the hall, its late echoes taken out, half the moves and more are
//! heard right. The figures, per vocabulary and voice, are the listening benchmark's.

use annabella::listen::{Meaning, MoveGrammar, Recognizer, Understood, THRESHOLD};
use annabella::notation::{spoken, PhrasePack, SpokenStyle};
use shakmaty::{san::San, Chess, Position};

use crate::support::room::{cut_in_known_room, in_known_room, reverberant, say, Noise, Voice};

/// The opening of a Queen's Gambit, twelve half-moves.
const OPENINGS: [&str; 1] = ["d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 Nbd7"];

/// The vocabularies, each with a voice that says the player's moves.
const PLAYERS: [(&str, Voice); 3] =
    [("appendix-e", Voice::new("mb-de6")), ("en", Voice::new("flite:slt")), ("et", Voice::new("mb-ee1"))];

/// What the moves of one vocabulary came to in one room.
#[derive(Default, Debug)]
struct Heard {
    /// Utterances heard as a phrase of the grammar.
    heard: usize,
    /// The player's moves heard right (played, or asked back).
    right: usize,
    /// Utterances heard as another move and sure enough to be played without a yes.
    wrong_played: Vec<String>,
    /// Utterances heard in a room measured as one of other voices.
    among_voices: usize,
}

/// Every utterance the detector cuts out of `samples` once it knows the room, heard against
/// `grammar`.
fn every_utterance(recognizer: &mut Recognizer, grammar: &MoveGrammar, samples: &[i16]) -> Vec<Understood> {
    cut_in_known_room(samples).iter().filter_map(|u| recognizer.hear_utterance(grammar, u).unwrap()).collect()
}

/// The openings' moves said in `pack` by `voice`, each made into a room by `room`, every
/// utterance heard.
fn heard_in(pack: &str, voice: Voice, room: impl Fn(Vec<i16>, u64) -> Vec<i16>) -> Heard {
    let words = PhrasePack::named(pack).unwrap();
    let mut recognizer = Recognizer::new(None).unwrap();
    let mut tally = Heard::default();
    for (g, opening) in OPENINGS.iter().enumerate() {
        let mut pos = Chess::default();
        for (ply, san) in opening.split_whitespace().enumerate() {
            let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
            let said = spoken(&pos, mv, &words, SpokenStyle::default());
            let samples = room(say(voice, &said, false), (g * 100 + ply) as u64);
            let grammar = MoveGrammar::for_position(&pos, &words);
            for heard in every_utterance(&mut recognizer, &grammar, &samples) {
                tally.heard += 1;
                tally.among_voices += usize::from(heard.evidence.among_voices());
                match heard.meaning {
                    Meaning::Move(m) if m == mv => tally.right += 1,
                    Meaning::Move(_) if grammar.sure(&heard.words, heard.margin, THRESHOLD) => {
                        tally.wrong_played.push(format!("{said} heard as {} ({:?})", heard.words, heard.evidence));
                    }
                    _ => {}
                }
            }
            pos.play_unchecked(mv);
        }
    }
    tally
}

#[test]
fn among_other_players_announcing_their_moves_no_move_is_played_unasked() {
    for (pack, voice) in PLAYERS {
        for snr in [20.0, 10.0] {
            let room = |said: Vec<i16>, seed| in_known_room(&said, Some((Noise::Players(pack), snr)), 2.0, seed);
            let heard = heard_in(pack, voice, room);
            assert!(heard.wrong_played.is_empty(), "{pack}, players {snr} dB under: {:?}", heard.wrong_played);
            // The other players were heard as such (the room measured as one of voices), and the
            // player's moves were heard at all: the test is not passed by hearing nothing.
            assert!(heard.among_voices >= 6, "{pack}, {snr} dB: {heard:?}");
            assert!(heard.heard >= 10, "{pack}, {snr} dB: {heard:?}");
            assert!(snr < 20.0 || heard.right >= 2, "{pack}, {snr} dB: {heard:?}");
        }
    }
}

#[test]
fn in_a_reverberant_hall_no_move_is_played_unasked() {
    for (pack, voice) in PLAYERS {
        let heard = heard_in(pack, voice, |said, seed| in_known_room(&reverberant(&said, 1.2), None, 0.5, seed));
        assert!(heard.wrong_played.is_empty(), "{pack} in a hall: {:?}", heard.wrong_played);
        // The hall's late echoes taken out, half the moves and more are heard right (without it,
        // a quarter in the Appendix E words).
        assert!(heard.heard >= 10 && heard.right >= 5, "{pack} in a hall: {heard:?}");
    }
}
