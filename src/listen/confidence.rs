//! How sure a hearing is, beyond the recogniser's own margin: words that leave much of the voice
//! unexplained (noise lets a short phrase win and calls the rest silence) are not sure at all, and
//! a move's words that leave some of it unexplained are less sure in proportion (a command's one
//! word is measured too loosely for that: its breath and its last consonant often fall outside),
//! and in a noisy room (the room less than 25 dB under the voice) a margin counts a third, in a
//! very noisy one (less than 15 dB) a fifth: the noise makes a wrong phrase fit as well as a
//! right one. Where the room swells (other voices talking), half that again, and such a room is
//! noisy up to 30 dB under the voice (it is measured in the pauses of the talk), or when its
//! loudest talk comes within 30 dB of the voice (other players announcing their moves, the room
//! quiet between them), or before the room is known (its first four seconds): their words are no
//! noise to take out and fit a wrong phrase better still. A voice whose echoes fill its pauses
//! (a hall: it never falls steeply) counts a third, as in a noisy room: the echo of one word
//! blurs into the next and makes a wrong phrase fit as well. And words that any phones at all fit
//! far better than they do were not what the voice said (talk at the table, heard as the phrase
//! of the grammar it fits least badly): they have no confidence. Pure: samples, frames and words
//! in, a confidence out.

use super::vad::FRAME;

/// The share of the voice a move's words must explain to count at all.
const EXPLAINED: f32 = 0.75;
/// The share of the voice from which a move's margin counts in full; below it the margin counts
/// in proportion to how far the share stands above [`NONE_EXPLAINED`].
const WELL_EXPLAINED: f32 = 0.95;
/// The share at which a move's margin would count nothing, and under which a command's does not.
const NONE_EXPLAINED: f32 = 0.55;
/// A room less than this under the voice is noisy, in dB.
const NOISY_DB: f32 = 25.0;
/// How much less a margin counts in a noisy room.
const IN_NOISE: f32 = 3.0;
/// A room less than this under the voice is very noisy, in dB.
const VERY_NOISY_DB: f32 = 15.0;
/// How much less a margin counts in a very noisy room (where the loudest syllable alone can
/// make a wrong phrase win by a wide margin).
const IN_LOUD_NOISE: f32 = 5.0;
/// A room that swells this much over its usual level is one of other voices, in dB (a fan or
/// steady hiss swells well under half a decibel, four voices talking two and more).
const SWELLING_DB: f32 = 1.5;
/// How much less a margin counts again in a noisy room that swells.
const AMONG_VOICES: f32 = 2.0;
/// A room that swells as other voices do is noisy when less than this under the voice, in dB:
/// its quietest frames fall in the pauses of the talk, so it is measured further under the voice
/// than steady noise as loud (four voices 20 dB under the voice measure 15 to 26 dB, pink noise
/// 17 to 23).
const NOISY_AMONG_VOICES_DB: f32 = 30.0;
/// A room is one of other voices near the voice when the loudest tenth of its last seconds
/// (speech or not: other players' announcements are cut out as speech, and the room is quiet
/// between them) stands less than this under the voice's, in dB, and they swell as talk does. A
/// quiet room's odd sound is never a tenth of four seconds; the player's own words said just
/// before are, and a move said within four seconds of them counts as among voices.
const TALK_NEAR_DB: f32 = 30.0;
/// How much better, per frame, any phones at all may fit the voice than a move's words: beyond
/// it the voice said something else, which the words only fit least badly of the grammar (moves
/// heard right in a quiet room: nine in ten under 0.4, one in twenty over 3; talk at the table
/// heard as a move: nine in ten over 3, and some with margins over 20).
const MOVE_MISFIT: f32 = 3.0;
/// The same for a command's one word, whose breath and last sound free phones fit better than
/// the word (commands heard right in a quiet room: one in sixteen over 14; talk at the table
/// heard as a command: two in five).
const COMMAND_MISFIT: f32 = 14.0;
/// How much better, per frame, a move's words must fit than the best move that cannot be made
/// here: no better, and the voice may have said a move that is not legal (a player's mistake, a
/// piece not where the player thinks) which the words only fit least badly of the legal ones
/// (such moves, played surely as a legal move before: all eight of the benchmark's; it costs
/// the moves heard right a question more in one of two hundred in Appendix E, one in twenty-five
/// in English, one in eleven in Estonian).
const OVER_NOT_LEGAL: f32 = 0.0;
/// How far below the loudest frame a frame of voice may be, in dB (softer is a breath, an onset).
const BELOW_LOUDEST_DB: f64 = 30.0;
/// A voice that never falls by this much in 50 ms echoes, in dB (measured so: the test voices
/// in a quiet room fall by 27 dB and more, in a hall whose echoes die over 0.6 to 1.2 s by 8 to
/// 13).
const ECHOING_FALL_DB: f32 = 16.0;
/// Nor by this share of how far it stands over the room (in noise it can only fall as far as the
/// room: 10 dB over pink noise, by 12 to 16; 20 dB over it, by 20 to 23; in a hall with noise 22
/// dB under the voice, by 13).
const ECHOING_FALL_SHARE: f32 = 0.75;
/// The frames over which a fall is measured (50 ms).
const FALL_FRAMES: usize = 5;
/// How far above the utterance's quiet a frame of voice stands, in dB.
const VOICE_DB: f64 = 10.0;

/// The voice in an utterance: the frames in which it sounds, first to last (those standing well
/// above the utterance's quietest tenth and not far below its loudest), and how far the room
/// stands under it, in dB (the mean level of those frames over the quietest tenth).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Voice {
    /// The first and the last frame in which it sounds.
    pub frames: (usize, usize),
    /// How far it stands over the room, in dB.
    pub over_room: f32,
    /// How steeply it falls at its steepest, in dB over 50 ms (to the room at the least): a dry
    /// voice falls silent between words and at its end by 20 dB and more, one across a hall only
    /// as fast as its echoes die.
    pub steepest_fall: f32,
}

/// The voice in `samples`, if any frame of it sounds.
pub fn voice(samples: &[i16]) -> Option<Voice> {
    let levels = levels(samples);
    let mut sorted = levels.clone();
    sorted.sort_by(f64::total_cmp);
    let quiet = *sorted.get(sorted.len() / 10)?;
    let loudest = *sorted.last()?;
    let voiced = |l: &f64| *l > (quiet + VOICE_DB).max(loudest - BELOW_LOUDEST_DB);
    let (first, last) = (levels.iter().position(voiced)?, levels.iter().rposition(voiced)?);
    let sounding = &levels[first..=last];
    let energy = sounding.iter().map(|l| 10f64.powf(l / 10.0)).sum::<f64>() / sounding.len() as f64;
    // The voice's falls, the room's level the floor, within it and into the silence after it.
    let floored: Vec<f64> =
        levels[first..levels.len().min(last + 1 + FALL_FRAMES)].iter().map(|l| l.max(quiet)).collect();
    let steepest_fall = floored.windows(FALL_FRAMES + 1).map(|w| w[0] - w[FALL_FRAMES]).fold(0.0, f64::max);
    Some(Voice {
        frames: (first, last),
        over_room: (10.0 * energy.log10() - quiet) as f32,
        steepest_fall: steepest_fall as f32,
    })
}

/// Whether a voice that falls at most by `steepest_fall` in 50 ms, standing `over_room` dB over
/// its room, echoes: it never falls steeply, though it stands far enough over the room to.
pub fn echoes(steepest_fall: f32, over_room: f32) -> bool {
    steepest_fall < ECHOING_FALL_DB.min(ECHOING_FALL_SHARE * over_room)
}

impl Voice {
    /// Whether the voice echoes (a hall).
    pub fn echoes(&self) -> bool {
        echoes(self.steepest_fall, self.over_room)
    }
}

/// The share of the voice (`voice`, frames first to last) that the words (`words`, frames
/// first to last) cover.
pub fn explained(words: (usize, usize), voice: (usize, usize)) -> f32 {
    let overlap = words.1.min(voice.1).saturating_sub(words.0.max(voice.0)) + 1;
    let overlap = if words.1 < voice.0 || voice.1 < words.0 { 0 } else { overlap };
    overlap as f32 / (voice.1 - voice.0 + 1) as f32
}

/// What a hearing's confidence is made of.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Evidence {
    /// The best phrase of another meaning, if the recogniser found one.
    pub rival: Option<String>,
    /// How much better, per frame, the words fit than the rival (0 without one).
    pub over_rival: f32,
    /// The share of the voice the words explain (0 to 1).
    pub explained: f32,
    /// How far the room stands under the voice, in dB.
    pub under_voice: f32,
    /// How much the room swells over its usual level, in dB.
    pub room_swell: f32,
    /// How far the room's loudest tenth stands under the voice's, in dB.
    pub talk_under_voice: f32,
    /// How steeply the voice falls at its steepest, in dB over 50 ms (none: not measured).
    pub steepest_fall: Option<f32>,
    /// Whether the room had been heard long enough to know it (in the first seconds of listening
    /// another player's announcement may be the first thing heard: a margin counts as among
    /// voices).
    pub room_known: bool,
    /// How much better, per frame, any phones at all fit the voice than the words (0 unknown).
    pub misfit: f32,
    /// How much better, per frame, a move's words fit than the best move not legal here (none:
    /// not searched, or none to search).
    pub over_not_legal: Option<f32>,
    /// The confidence of the same words heard again on the library's noise removal, which adds
    /// to this one (none: not heard again, or heard as other words or with none).
    pub heard_again: Option<f32>,
}

impl Evidence {
    /// Whether the words were heard in a noisy room that swells as other voices do: there a
    /// margin counts half again.
    pub fn among_voices(&self) -> bool {
        !self.room_known
            || (self.room_swell >= SWELLING_DB && self.under_voice < NOISY_AMONG_VOICES_DB)
            || self.talk_under_voice < TALK_NEAR_DB
    }

    /// Whether the voice said something else than the words (a move's, or a command's): any
    /// phones at all fit it far better than they do.
    pub fn said_else(&self, a_move: bool) -> bool {
        self.misfit > if a_move { MOVE_MISFIT } else { COMMAND_MISFIT }
    }

    /// Whether a move that cannot be made here fits the voice as well as the words or better: it
    /// may be what was said.
    pub fn fits_not_legal(&self) -> bool {
        self.over_not_legal.is_some_and(|over| over <= OVER_NOT_LEGAL)
    }

    /// Whether the voice echoes (a hall): it never falls steeply, though it stands far enough over
    /// the room to.
    pub fn echoing(&self) -> bool {
        self.steepest_fall.is_some_and(|fall| echoes(fall, self.under_voice))
    }

    /// The confidence of words of `meaning` heard on this evidence (see the function of that name).
    pub fn margin(&self, meaning: super::grammar::Meaning) -> f32 {
        confidence(self, meaning.names_a_move())
    }

    /// Whether the room is so loud that a margin counts a fifth or less: nearly every move heard
    /// there is asked back.
    pub fn loud_room(&self) -> bool {
        self.room_counts() >= IN_LOUD_NOISE
    }

    /// Whether a margin counts in full in this room: a quiet one, no other voices near.
    pub fn counts_in_full(&self) -> bool {
        self.room_counts() <= 1.0
    }

    /// How many times less a margin counts in this room: not at all less in a quiet one, three
    /// times in a noisy or echoing one, five in a very noisy one, twice that again among other
    /// voices.
    fn room_counts(&self) -> f32 {
        let among_voices = self.among_voices();
        let again = if among_voices { AMONG_VOICES } else { 1.0 };
        if self.under_voice < VERY_NOISY_DB {
            IN_LOUD_NOISE * again
        } else if self.under_voice < NOISY_DB || among_voices || self.echoing() {
            IN_NOISE * again
        } else {
            1.0
        }
    }
}

/// The confidence of words heard on `evidence`: a move's (`a_move`), or a command's.
pub fn confidence(evidence: &Evidence, a_move: bool) -> f32 {
    let margin = evidence.over_rival;
    let least = if a_move { EXPLAINED } else { NONE_EXPLAINED };
    if !margin.is_finite() || evidence.explained < least || evidence.said_else(a_move) {
        return 0.0;
    }
    if a_move && evidence.fits_not_legal() {
        return 0.0;
    }
    let margin = if a_move {
        margin * ((evidence.explained - NONE_EXPLAINED) / (WELL_EXPLAINED - NONE_EXPLAINED)).min(1.0)
    } else {
        margin
    };
    margin / evidence.room_counts() + evidence.heard_again.unwrap_or(0.0)
}

/// The level of each frame, in dB.
fn levels(samples: &[i16]) -> Vec<f64> {
    samples
        .chunks(FRAME)
        .map(|f| {
            let energy = f.iter().map(|&s| f64::from(s) * f64::from(s)).sum::<f64>() / f.len().max(1) as f64;
            10.0 * energy.max(1.0).log10()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_voice_is_found_between_quiet_frames() {
        let mut samples = vec![10i16; 160 * 30];
        samples.extend(vec![8000i16; 160 * 50]);
        samples.extend(vec![-10i16; 160 * 20]);
        assert_eq!(voice(&samples).map(|v| v.frames), Some((30, 79)));
        assert_eq!(voice(&[]), None);
    }

    /// A move's confidence.
    fn confidence_of(evidence: &Evidence) -> f32 {
        confidence(evidence, true)
    }

    #[test]
    fn a_commands_one_word_counts_in_full_from_just_over_half_explained() {
        let heard = |explained: f32| Evidence {
            rival: Some("weiß".into()),
            over_rival: 8.0,
            explained,
            under_voice: 40.0,
            room_swell: 0.0,
            talk_under_voice: f32::INFINITY,
            steepest_fall: None,
            room_known: true,
            misfit: 0.0,
            over_not_legal: None,
            heard_again: None,
        };
        assert_eq!(confidence(&heard(0.8), false), 8.0, "'zeit' with its last consonant outside");
        assert_eq!(confidence(&heard(0.5), false), 0.0);
        assert!(confidence(&heard(0.8), true) < 8.0, "a move's words as loose count less");
    }

    #[test]
    fn words_that_leave_the_voice_unexplained_are_not_sure() {
        assert_eq!(explained((30, 79), (30, 79)), 1.0);
        assert!((explained((60, 79), (30, 79)) - 0.4).abs() < 1e-6);
        assert_eq!(explained((0, 10), (30, 79)), 0.0);
        let heard = |over_rival: f32, explained: f32, under_voice: f32| Evidence {
            rival: Some("oda eff kolm".into()),
            over_rival,
            explained,
            under_voice,
            room_swell: 0.3,
            talk_under_voice: f32::INFINITY,
            steepest_fall: None,
            room_known: true,
            misfit: 0.0,
            over_not_legal: None,
            heard_again: None,
        };
        assert_eq!(confidence_of(&heard(8.0, 0.4, 40.0)), 0.0, "a short word won over the noise");
        assert_eq!(confidence_of(&heard(8.0, 0.7, 40.0)), 0.0, "'g four' for 'knight e four'");
        assert_eq!(confidence_of(&heard(8.0, 0.96, 40.0)), 8.0);
        assert_eq!(confidence_of(&heard(8.0, 1.0, 20.0)), 8.0 / 3.0, "a noisy room");
        assert_eq!(confidence_of(&heard(8.0, 1.0, 10.0)), 8.0 / 5.0, "a very noisy room");
        assert_eq!(confidence_of(&heard(f32::NAN, 1.0, 40.0)), 0.0);
        // A fifth of the voice unexplained: the margin counts in proportion.
        let part = confidence_of(&heard(8.0, 0.8, 40.0));
        assert!((part - 8.0 * 0.25 / 0.4).abs() < 1e-4, "{part}");
    }

    #[test]
    fn words_that_free_phones_fit_far_better_were_not_said() {
        let heard = |misfit: f32| Evidence {
            rival: Some("gustav zwei gustav drei".into()),
            over_rival: 6.0,
            explained: 1.0,
            under_voice: 70.0,
            room_swell: 0.0,
            talk_under_voice: f32::INFINITY,
            steepest_fall: None,
            room_known: true,
            misfit,
            over_not_legal: None,
            heard_again: None,
        };
        assert_eq!(confidence(&heard(-9.0), true), 6.0, "a move said as the words have it");
        assert_eq!(confidence(&heard(14.7), true), 0.0, "'möchtest du einen Kaffee' heard as g2-g4");
        assert_eq!(confidence(&heard(5.4), true), 0.0, "'would you like some coffee' as Qd1-e2, margin 22.7");
        assert_eq!(confidence(&heard(10.0), false), 6.0, "a command's one word fits free phones less well");
        assert_eq!(confidence(&heard(16.0), false), 0.0);
        assert!(heard(3.5).said_else(true) && !heard(3.5).said_else(false) && !heard(-2.0).said_else(true));
    }

    #[test]
    fn a_move_that_cannot_be_made_and_fits_better_takes_the_confidence() {
        let heard = |over_not_legal: Option<f32>| Evidence {
            rival: Some("eva fünf".into()),
            over_rival: 8.3,
            explained: 1.0,
            under_voice: 70.0,
            room_swell: 0.0,
            talk_under_voice: f32::INFINITY,
            steepest_fall: None,
            room_known: true,
            misfit: -2.9,
            over_not_legal,
            heard_again: None,
        };
        assert_eq!(confidence(&heard(Some(-11.9)), true), 0.0, "'David schlägt Eva fünf' heard as d5");
        assert_eq!(confidence(&heard(Some(0.0)), true), 0.0, "as well as a move that cannot be made");
        assert_eq!(confidence(&heard(Some(3.2)), true), 8.3);
        assert_eq!(confidence(&heard(None), true), 8.3, "none searched");
        assert_eq!(confidence(&heard(Some(-5.0)), false), 8.3, "a command is not a move");
    }

    #[test]
    fn among_other_voices_a_margin_counts_half_again() {
        let heard = |under_voice: f32, room_swell: f32| Evidence {
            rival: Some("gustav sechs".into()),
            over_rival: 12.0,
            explained: 1.0,
            under_voice,
            room_swell,
            talk_under_voice: f32::INFINITY,
            steepest_fall: None,
            room_known: true,
            misfit: 0.0,
            over_not_legal: None,
            heard_again: None,
        };
        assert_eq!(confidence_of(&heard(20.0, 2.4)), 12.0 / 6.0, "four voices talking 20 dB under the voice");
        assert_eq!(confidence_of(&heard(20.0, 0.3)), 12.0 / 3.0, "steady noise as loud");
        assert_eq!(confidence_of(&heard(10.0, 2.4)), 12.0 / 10.0, "voices 10 dB under it");
        assert_eq!(confidence_of(&heard(40.0, 2.4)), 12.0, "voices far under the voice are no matter");
        assert_eq!(confidence_of(&heard(26.0, 2.6)), 12.0 / 6.0, "voices measured further under than they are");
        assert_eq!(confidence_of(&heard(26.0, 0.3)), 12.0, "steady noise as far under is no matter");
        assert!(
            heard(20.0, 2.4).among_voices() && !heard(20.0, 0.3).among_voices() && !heard(40.0, 2.4).among_voices()
        );
        assert!(heard(20.0, 2.4).loud_room() && heard(10.0, 0.3).loud_room(), "voices, or noise near the voice");
        assert!(!heard(20.0, 0.3).loud_room() && !heard(40.0, 2.4).loud_room());
    }

    #[test]
    fn other_players_announcing_near_the_voice_are_voices_though_the_room_is_quiet_between_them() {
        let heard = |talk_under_voice: f32| Evidence {
            rival: Some("könig anna eins".into()),
            over_rival: 18.0,
            explained: 1.0,
            under_voice: 36.0,
            room_swell: 0.0,
            talk_under_voice,
            steepest_fall: None,
            room_known: true,
            misfit: 0.0,
            over_not_legal: None,
            heard_again: None,
        };
        assert!(heard(12.0).among_voices(), "players 12 dB under the voice, the room silent between them");
        assert_eq!(confidence_of(&heard(12.0)), 18.0 / 6.0);
        assert!(!heard(45.0).among_voices(), "talk far under the voice is no matter");
        assert_eq!(confidence_of(&heard(f32::INFINITY)), 18.0, "a steady room");
        let unknown = Evidence { room_known: false, ..heard(f32::INFINITY) };
        assert_eq!(confidence_of(&unknown), 18.0 / 6.0, "the first thing heard may be another player");
    }

    #[test]
    fn a_voice_that_never_falls_steeply_echoes_and_its_margin_counts_a_third() {
        let heard = |steepest_fall: Option<f32>, under_voice: f32| Evidence {
            rival: Some("anna sechs".into()),
            over_rival: 12.0,
            explained: 1.0,
            under_voice,
            room_swell: 0.0,
            talk_under_voice: f32::INFINITY,
            steepest_fall,
            room_known: true,
            misfit: 0.0,
            over_not_legal: None,
            heard_again: None,
        };
        assert!(heard(Some(8.2), 72.0).echoing(), "'Anna sechs' across a hall");
        assert_eq!(confidence_of(&heard(Some(8.2), 72.0)), 4.0);
        assert!(heard(Some(13.1), 22.6).echoing(), "a hall with some noise");
        assert!(!heard(Some(27.4), 72.0).echoing(), "a dry voice falls silent between words");
        assert!(!heard(Some(12.3), 12.4).echoing(), "pink noise 12 dB under the voice");
        assert!(!heard(Some(20.1), 21.1).echoing(), "pink noise 21 dB under it");
        assert!(!heard(None, 72.0).echoing(), "not measured");
        assert_eq!(confidence_of(&heard(Some(27.4), 72.0)), 12.0);
    }

    #[test]
    fn the_voice_falls_steeply_when_it_is_dry() {
        let mut dry = vec![0i16; 160 * 30];
        dry.extend(vec![8000i16; 160 * 50]);
        dry.extend(vec![0i16; 160 * 30]);
        assert!(voice(&dry).unwrap().steepest_fall > 60.0);
        // The same with its sound dying away by 5 dB every 100 ms.
        let mut echoing = vec![0i16; 160 * 30];
        echoing.extend(vec![8000i16; 160 * 50]);
        echoing.extend((0..160 * 60).map(|i| (8000.0 * 10f32.powf(-0.25 * i as f32 / 1600.0)) as i16));
        let fall = voice(&echoing).unwrap().steepest_fall;
        assert!((2.0..4.0).contains(&fall), "{fall}");
    }

    #[test]
    fn the_room_is_measured_under_the_voice() {
        let mut samples = vec![100i16; 160 * 30];
        samples.extend(vec![10_000i16; 160 * 50]);
        samples.extend(vec![100i16; 160 * 20]);
        let over_room = voice(&samples).unwrap().over_room;
        assert!((over_room - 40.0).abs() < 0.1, "{over_room}");
    }
}
