//! Voice-activity detection: cuts utterances out of a stream of 16 kHz samples, frame by frame
//! (10 ms), above the room's rumble (a high-pass filter), against the room's usual level and how
//! much it swells over the last seconds. Speech starts when a few levels in a row (each the mean
//! of 50 ms) stand well above the room, and ends after a short silence (where others talk, their
//! talk far under the voice is silence to it, and their talk near under it a pause in the voice,
//! where the speech so far may be cut out); what came just before the start is kept, so that a
//! soft first sound is not lost. Pure: samples in, utterances out, time counted in samples.

mod room;

use room::{decibels, energy, loudest_tenth, HighPass, Room};

/// Samples in one frame: 10 ms at 16 kHz.
pub const FRAME: usize = 160;

/// Frames above the floor in a row that start speech (30 ms).
const START_FRAMES: usize = 3;
/// Frames of silence that end speech (200 ms).
pub const END_FRAMES: usize = 20;
/// Frames kept from before the start (200 ms).
const PRE_ROLL: usize = 20;
/// The longest utterance, in frames (8 s): sound that goes on longer is the room, not a move, and
/// becomes the new noise floor (unless the program's own voice goes on so long).
const MAX_FRAMES: usize = 800;
/// Frames at the start of the stream that only measure the room (100 ms).
const LEARN_FRAMES: u64 = 10;
/// How far above the noise floor speech stands, in dB.
const SPEECH_DB: f32 = 6.0;
/// How far above the floor a frame keeps speech going, in dB.
const KEEP_DB: f32 = 3.0;
/// The fewest frames of the room, speech or not, that tell whether others talk (1 s).
const TALK_FRAMES: usize = 100;
/// How much the last seconds' levels, speech or not, swell over their median when others talk.
const TALK_SWELL_DB: f32 = 1.5;
/// The frames that tell the room's level (4 s).
const ROOM_FRAMES: usize = 400;
/// The frames whose mean is a level (50 ms).
const SMOOTH_FRAMES: usize = 5;
/// The quietest frame that can be speech, in dB below full scale.
const QUIETEST_DB: f32 = -55.0;
/// The frames of an utterance that tell how loud its voice is (300 ms).
const VOICE_FRAMES: usize = 30;
/// Where others talk, how far under the loudest tenth of the utterance's voice a frame keeps
/// speech going no longer, in dB: the player has stopped though the next boards talk on.
const UNDER_VOICE_DB: f32 = 16.0;
/// Where others talk, how far under the loudest tenth of the utterance's voice a frame is a pause
/// in the voice, in dB: what the voice said before it may be heard and, if it says something, cut
/// out there ([`Segmenter::cut_at_voice_pause`]).
const PAUSE_UNDER_DB: f32 = 8.0;
/// How far the loudest tenth of the voice must stand over the loudest tenth of the others' talk
/// for its pauses to be heard, in dB: the next boards' own announcements stand near their talk.
const OVER_TALK_DB: f32 = 6.0;
/// How long after the player's words (said where nobody else had been heard) others' talk is
/// measured without them, in frames (1 s): words after a shorter pause may be the rest of the
/// same words, cut in two, and are heard among them as before (the answer to a question asked
/// back comes after the question).
const PLAYERS_SET_APART_AFTER: usize = 100;

/// Speech cut out of the stream.
#[derive(Debug, Clone, PartialEq)]
pub struct Utterance {
    /// The samples, with the pre-roll and the silence after.
    pub samples: Vec<i16>,
    /// Where in the stream the last frame of speech ended (samples since the stream began).
    pub speech_end: u64,
    /// Where in the stream the utterance was handed out (after the closing silence).
    pub cut_at: u64,
    /// The room around it, as the detector measured it.
    pub room: Surroundings,
}

/// The room around an utterance, as the detector measured it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Surroundings {
    /// How much the room swells over its usual level, in dB ([`Segmenter::room_swell`]).
    pub swell: f32,
    /// How far the loudest tenth of the last seconds (speech or not: other players'
    /// announcements are cut out as speech) stands under the utterance's, in dB, when they swell
    /// as talk does (infinitely far in a steady room): other talk near the voice, even when the
    /// room falls quiet between its words.
    pub talk_under_voice: f32,
    /// Whether the room had been heard long enough (four seconds) before the utterance began to
    /// know it: in the first seconds another player's announcement is the first thing heard.
    pub known: bool,
}

/// Whose a frame of the last seconds is known to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Whose {
    /// Anyone's: the room's, another player's, or the player's.
    Anyone,
    /// The player's: an utterance that began where nobody but the program had been heard for the
    /// seconds that tell whether others talk (a quiet room, where it was judged as the player's).
    Players,
    /// The program's own voice through the microphone ([`Segmenter::not_others_talk`]).
    Programs,
}

/// The detector's state over one stream.
#[derive(Debug, Clone, Default)]
pub struct Segmenter {
    /// Samples not yet making a whole frame.
    partial: Vec<i16>,
    /// The last frames before speech (the pre-roll).
    before: std::collections::VecDeque<Vec<i16>>,
    /// The utterance being heard, if speech has started.
    speech: Option<Vec<i16>>,
    /// Loud frames in a row (before the start) or quiet frames in a row (during speech).
    run: usize,
    /// The room: the levels of the last frames that were not speech.
    room: Room,
    /// Samples seen since the stream began.
    seen: u64,
    /// Where the last loud frame ended.
    last_loud: u64,
    /// The levels of the utterance's frames (the room, should it go on and on).
    levels: Vec<f32>,
    /// The energies of the last frames (what keeps speech going is their mean: a single frame of
    /// a fluctuating room is not speech, a short soft consonant does not end it).
    recent: std::collections::VecDeque<f64>,
    /// The filter that leaves out the room's rumble below the voice.
    band: HighPass,
    /// The levels of the last frames, speech or not (other players' announcements are cut out
    /// as speech, and the room between them is quiet), each with whose it is known to be.
    heard: std::collections::VecDeque<(f32, Whose)>,
    /// The loudest tenth of [`Self::heard`] when the speech began, if they swelled as talk does.
    talk_before: Option<f32>,
    /// Whether the room had been heard for [`ROOM_FRAMES`] when the speech began.
    known_before: bool,
    /// Whether nobody but the program had been heard for the seconds before the speech began
    /// (the room known): what it says is the player's, and no others' talk for what follows.
    alone_before: bool,
    /// Frames in a row of a pause in the voice (where others talk, their talk near under it is
    /// a pause too; elsewhere as [`Self::run`]).
    voice_run: usize,
    /// Where the last frame of the voice ended.
    voice_last: u64,
    /// Whether the program speaks now, as the ears know (its voice may reach the microphone).
    program_speaking: bool,
    /// Whether the speech so far began while the program spoke.
    began_in_programs_voice: bool,
}

impl Segmenter {
    /// Takes samples from the stream; returns every utterance that ended in them.
    pub fn push(&mut self, samples: &[i16]) -> Vec<Utterance> {
        let mut done = Vec::new();
        self.partial.extend_from_slice(samples);
        let whole = self.partial.len() / FRAME * FRAME;
        let frames: Vec<i16> = self.partial.drain(..whole).collect();
        for frame in frames.chunks(FRAME) {
            self.seen += FRAME as u64;
            if let Some(utterance) = self.frame(frame) {
                done.push(utterance);
            }
        }
        done
    }

    /// Tells whether the program speaks now: its voice going on for longer than an utterance is
    /// no room (the room is not measured in it, nor is it anyone else's talk).
    pub fn program_speaks(&mut self, speaking: bool) {
        self.program_speaking = speaking;
    }

    /// Whether speech has started and not yet ended.
    pub fn in_speech(&self) -> bool {
        self.speech.is_some()
    }

    /// How many samples of the stream have been taken in whole frames.
    pub fn samples_seen(&self) -> u64 {
        self.seen
    }

    /// The speech heard so far, if speech has started: the pre-roll and every frame since.
    pub fn speech_so_far(&self) -> Option<&[i16]> {
        self.speech.as_deref()
    }

    /// Where the last loud frame of the speech so far ended (samples since the stream began).
    pub fn speech_end(&self) -> u64 {
        self.last_loud
    }

    /// How many quiet frames in a row have followed the speech so far (0 outside speech).
    pub fn quiet_frames(&self) -> usize {
        if self.speech.is_some() {
            self.run
        } else {
            0
        }
    }

    /// How many frames in a row of a pause in the voice have followed the speech so far (0
    /// outside speech): as many as [`Self::quiet_frames`], or where others talk, more (their talk
    /// near under the voice is a pause in it).
    pub fn voice_paused(&self) -> usize {
        if self.speech.is_some() {
            self.voice_run
        } else {
            0
        }
    }

    /// Where the last frame of the voice ended, before the pause in it (samples since the stream
    /// began).
    pub fn voice_end(&self) -> u64 {
        self.voice_last
    }

    /// Cuts out the speech so far at the pause in its voice: an utterance whose speech ended where
    /// the voice did, though others still talk (none outside speech).
    pub fn cut_at_voice_pause(&mut self) -> Option<Utterance> {
        let samples = self.speech.take()?;
        self.run = 0;
        self.voice_run = 0;
        Some(self.hand_out(samples, self.voice_last))
    }

    /// Counts the frames of `utterance`, cut out of this stream, as no one else's talk: the
    /// program's own voice through the microphone is no other player, and the player's words
    /// said just after it are not heard as among voices.
    pub fn not_others_talk(&mut self, utterance: &Utterance) {
        self.mark(utterance, Whose::Programs);
    }

    /// Marks the frames of `utterance`, cut out of this stream, as `whose`.
    fn mark(&mut self, utterance: &Utterance, whose: Whose) {
        let begins = utterance.cut_at.saturating_sub(utterance.samples.len() as u64);
        self.mark_span(begins, utterance.cut_at, whose);
    }

    /// Marks the frames heard after `begins` and ending by `cut_at` (samples since the stream
    /// began) as `whose`.
    fn mark_span(&mut self, begins: u64, cut_at: u64, whose: Whose) {
        // The newest frame ends where the stream has been taken to; each before it a frame earlier.
        for (back, (_, known)) in self.heard.iter_mut().rev().enumerate() {
            let ends = self.seen.saturating_sub((back * FRAME) as u64);
            if ends <= begins {
                break;
            }
            if ends <= cut_at {
                *known = whose;
            }
        }
    }

    /// The speech `samples`, ended at `speech_end`, handed out now as an utterance; begun where
    /// nobody but the program had been heard, its frames are the player's from now on.
    fn hand_out(&mut self, samples: Vec<i16>, speech_end: u64) -> Utterance {
        let utterance = Utterance { samples, speech_end, cut_at: self.seen, room: self.surroundings() };
        if self.alone_before {
            self.mark(&utterance, Whose::Players);
        }
        utterance
    }

    /// How much the room swells over its usual level, in dB (from the median of the levels that
    /// were not speech to their loudest tenth): little for a fan or pink noise, much for other
    /// voices talking.
    pub fn room_swell(&self) -> f32 {
        self.room.swell
    }

    /// The room around the speech so far: how much it swells, and how far its loudest tenth
    /// stands under the speech's (no speech: infinitely far).
    pub fn surroundings(&self) -> Surroundings {
        let talk_under_voice = match (loudest_tenth(&self.levels), self.talk_level()) {
            (Some(voice), Some(talk)) => voice - talk,
            _ => f32::INFINITY,
        };
        Surroundings { swell: self.room.swell, talk_under_voice, known: self.known_before }
    }

    /// The loudest tenth of the last seconds' levels, speech or not, if they swell as talk does
    /// (steady noise, or silence, does not): but for the pre-roll, where the speech beginning now
    /// rises, and for what is known to be the player's or the program's, and only over a second
    /// of them at least.
    fn talk(&self) -> Option<f32> {
        let recent = PLAYERS_SET_APART_AFTER.saturating_sub(PRE_ROLL);
        self.talk_among(|whose, age| whose == Whose::Anyone || (whose == Whose::Players && age < recent))
    }

    /// [`Self::talk`] among the frames `counted` by whose they are and how many frames before the
    /// pre-roll they ended.
    fn talk_among(&self, counted: impl Fn(Whose, usize) -> bool) -> Option<f32> {
        let before = self.heard.len().saturating_sub(PRE_ROLL);
        let mut sorted: Vec<f32> = self
            .heard
            .iter()
            .take(before)
            .enumerate()
            .filter(|(n, (_, whose))| counted(*whose, before - 1 - n))
            .map(|(_, (level, _))| *level)
            .collect();
        if sorted.len() < TALK_FRAMES {
            return None;
        }
        sorted.sort_by(f32::total_cmp);
        let at = |q: f32| sorted.get(((sorted.len().max(1) - 1) as f32 * q) as usize).copied();
        let (median, loud) = (at(0.5)?, at(0.9)?);
        (loud - median >= TALK_SWELL_DB).then_some(loud)
    }

    /// Whether a frame of `level` in an utterance keeps it going: it stands above the room, and,
    /// where others talk, not far under the utterance's voice (their talk alone ends it).
    fn keeps_speech_going(&self, level: f32) -> bool {
        let over_room = level > QUIETEST_DB && level > self.room.floor() + self.room.rise(KEEP_DB);
        over_room && self.voice_floor().is_none_or(|least| level > least)
    }

    /// Where others talk, the level under which a frame is theirs and not the utterance's voice,
    /// once the voice has been heard long enough to know how loud it is.
    fn voice_floor(&self) -> Option<f32> {
        let others_talk = self.talk_before.is_some() || self.room_talk().is_some();
        if !others_talk || self.levels.len() < VOICE_FRAMES {
            return None;
        }
        loudest_tenth(&self.levels).map(|voice| voice - UNDER_VOICE_DB)
    }

    /// Whether a frame of `level` in an utterance is its voice: it keeps the utterance going and,
    /// where others talk and the voice stands well above their talk (a voice near the microphone,
    /// not the next boards'), near the voice's loudest.
    fn voice_goes_on(&self, level: f32) -> bool {
        let voice = loudest_tenth(&self.levels).filter(|_| self.levels.len() >= VOICE_FRAMES);
        let over_talk = match (voice, self.talk_level()) {
            (Some(voice), Some(talk)) if voice - talk >= OVER_TALK_DB => Some(voice),
            _ => None,
        };
        self.keeps_speech_going(level) && over_talk.is_none_or(|voice| level > voice - PAUSE_UNDER_DB)
    }

    /// Where others talk, the loudest tenth of their talk: the levels before the utterance or the
    /// room's between utterances, whichever is louder.
    fn talk_level(&self) -> Option<f32> {
        match (self.talk_before, self.room_talk()) {
            (Some(before), Some(room)) => Some(before.max(room)),
            (before, room) => before.or(room),
        }
    }

    /// The loudest tenth of the room's levels that were not speech, if they swell as talk does.
    fn room_talk(&self) -> Option<f32> {
        (self.room.swell >= TALK_SWELL_DB && self.room.levels.len() >= TALK_FRAMES).then_some(self.room.loud)
    }

    /// Ends the stream: speech still going is handed out as it is.
    pub fn finish(&mut self) -> Option<Utterance> {
        let samples = self.speech.take()?;
        Some(self.hand_out(samples, self.last_loud))
    }

    fn frame(&mut self, frame: &[i16]) -> Option<Utterance> {
        let filtered = self.band.filter(frame);
        self.recent.push_back(energy(&filtered));
        if self.recent.len() > SMOOTH_FRAMES {
            self.recent.pop_front();
        }
        let level = decibels(self.recent.iter().sum::<f64>() / self.recent.len() as f64);
        self.heard.push_back((level, Whose::Anyone));
        if self.heard.len() > ROOM_FRAMES {
            self.heard.pop_front();
        }
        if self.seen <= LEARN_FRAMES * FRAME as u64 {
            self.room.hear(level);
            self.before.push_back(frame.to_vec());
            return None;
        }
        match self.speech.as_mut() {
            None => {
                let loud = level > QUIETEST_DB && level > self.room.floor() + self.room.rise(SPEECH_DB);
                self.run = if loud { self.run + 1 } else { 0 };
                self.before.push_back(frame.to_vec());
                if self.before.len() > PRE_ROLL {
                    self.before.pop_front();
                }
                if !loud {
                    self.room.hear(level);
                }
                if self.run >= START_FRAMES {
                    self.speech = Some(self.before.drain(..).flatten().collect());
                    self.talk_before = self.talk();
                    self.known_before = self.heard.len() >= ROOM_FRAMES;
                    let heard_before = self.talk_among(|whose, _| whose != Whose::Programs).or(self.room_talk());
                    self.alone_before = self.known_before && heard_before.is_none();
                    self.run = 0;
                    self.last_loud = self.seen;
                    self.voice_run = 0;
                    self.voice_last = self.seen;
                    self.levels.clear();
                    self.began_in_programs_voice = self.program_speaking;
                }
                None
            }
            Some(speech) => {
                speech.extend_from_slice(frame);
                self.levels.push(level);
                if speech.len() >= MAX_FRAMES * FRAME {
                    let begins = self.seen.saturating_sub(speech.len() as u64);
                    self.speech = None;
                    self.run = 0;
                    if self.began_in_programs_voice || self.program_speaking {
                        // The program's own voice going on (reading out the board, say): no room
                        // the player must rise over, nor anyone else's talk.
                        self.levels.clear();
                        self.mark_span(begins, self.seen, Whose::Programs);
                    } else {
                        // Sound that goes on and on is the room: it is the room's level from now on.
                        for level in self.levels.drain(..) {
                            self.room.hear(level);
                        }
                    }
                    return None;
                }
                if self.voice_goes_on(level) {
                    self.voice_run = 0;
                    self.voice_last = self.seen;
                } else {
                    self.voice_run += 1;
                }
                if self.keeps_speech_going(level) {
                    self.run = 0;
                    self.last_loud = self.seen;
                } else {
                    self.run += 1;
                }
                (self.run >= END_FRAMES).then(|| {
                    self.run = 0;
                    self.voice_run = 0;
                    let samples = self.speech.take().unwrap_or_default();
                    self.hand_out(samples, self.last_loud)
                })
            }
        }
    }
}

/// How much the room swells in a recording, in dB: as the detector measures it over the
/// recording's levels that are not speech.
pub fn room_swell(samples: &[i16]) -> f32 {
    surroundings(samples).swell
}

/// The room of a recording: how much it swells over the recording's levels that are not speech,
/// and how far its loudest tenth stands under the longest utterance's; known (a recording is
/// heard whole, its room with it).
pub fn surroundings(samples: &[i16]) -> Surroundings {
    let mut segmenter = Segmenter::default();
    let mut cut = Vec::new();
    for chunk in samples.chunks(FRAME * 10) {
        cut.extend(segmenter.push(chunk));
    }
    cut.extend(segmenter.finish());
    let talk_under_voice =
        cut.iter().max_by_key(|u| u.samples.len()).map_or(f32::INFINITY, |u| u.room.talk_under_voice);
    Surroundings { swell: segmenter.room_swell(), talk_under_voice, known: true }
}

#[cfg(test)]
mod tests;
