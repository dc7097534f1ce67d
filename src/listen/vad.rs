//! Voice-activity detection: cuts utterances out of a stream of 16 kHz samples, frame by frame
//! (10 ms), above the room's rumble (a high-pass filter), against the room's usual level and how
//! much it swells over the last seconds. Speech starts when a few levels in a row (each the mean
//! of 50 ms) stand well above the room, and ends after a short silence (where others talk, their
//! talk far under the voice is silence to it); what came just before the start is kept, so that a
//! soft first sound is not lost. Pure: samples in, utterances out, time counted in samples.

/// Samples in one frame: 10 ms at 16 kHz.
pub const FRAME: usize = 160;

/// Frames above the floor in a row that start speech (30 ms).
const START_FRAMES: usize = 3;
/// Frames of silence that end speech (200 ms).
pub const END_FRAMES: usize = 20;
/// Frames kept from before the start (200 ms).
const PRE_ROLL: usize = 20;
/// The longest utterance, in frames (8 s): sound that goes on longer is the room, not a move, and
/// becomes the new noise floor.
const MAX_FRAMES: usize = 800;
/// Frames at the start of the stream that only measure the room (100 ms).
const LEARN_FRAMES: u64 = 10;
/// How far above the noise floor speech stands, in dB.
const SPEECH_DB: f32 = 6.0;
/// How far above the floor a frame keeps speech going, in dB.
const KEEP_DB: f32 = 3.0;
/// Below this the room's rumble is left out of the levels (Hz).
const LOWEST_HZ: f64 = 300.0;
/// The most swell counted, in dB: a quiet room's silence and the odd sound in it are no swell
/// the voice must rise above.
const MOST_SWELL_DB: f32 = 10.0;
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
    /// as speech, and the room between them is quiet).
    heard: std::collections::VecDeque<f32>,
    /// The loudest tenth of [`Self::heard`] when the speech began, if they swelled as talk does.
    talk_before: Option<f32>,
    /// Whether the room had been heard for [`ROOM_FRAMES`] when the speech began.
    known_before: bool,
}

/// A second-order high-pass filter (Butterworth, RBJ's biquad) at [`LOWEST_HZ`]: the rumble of a
/// room (fans, traffic, the low half of pink noise) carries much of its energy and most of its
/// slow swell, the voice little of either.
#[derive(Debug, Clone)]
struct HighPass {
    b: [f64; 3],
    a: [f64; 2],
    x: [f64; 2],
    y: [f64; 2],
}

impl Default for HighPass {
    fn default() -> HighPass {
        let w = 2.0 * std::f64::consts::PI * LOWEST_HZ / 16_000.0;
        let alpha = w.sin() / std::f64::consts::SQRT_2;
        let a0 = 1.0 + alpha;
        let c = w.cos();
        HighPass {
            b: [(1.0 + c) / 2.0 / a0, -(1.0 + c) / a0, (1.0 + c) / 2.0 / a0],
            a: [-2.0 * c / a0, (1.0 - alpha) / a0],
            x: [0.0; 2],
            y: [0.0; 2],
        }
    }
}

impl HighPass {
    /// A frame, filtered.
    fn filter(&mut self, frame: &[i16]) -> Vec<f32> {
        frame
            .iter()
            .map(|&sample| {
                let x = f64::from(sample);
                let y = self.b[0] * x + self.b[1] * self.x[0] + self.b[2] * self.x[1]
                    - self.a[0] * self.y[0]
                    - self.a[1] * self.y[1];
                self.x = [x, self.x[0]];
                self.y = [y, self.y[0]];
                y as f32
            })
            .collect()
    }
}

/// The energy (mean square) of filtered samples.
fn energy(samples: &[f32]) -> f64 {
    samples.iter().map(|&s| f64::from(s) * f64::from(s)).sum::<f64>() / samples.len().max(1) as f64
}

/// An energy in dB below full scale.
fn decibels(energy: f64) -> f32 {
    (10.0 * (energy / (32768.0 * 32768.0)).max(1e-12).log10()) as f32
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

    /// How much the room swells over its usual level, in dB (from the median of the levels that
    /// were not speech to their loudest tenth): little for a fan or pink noise, much for other
    /// voices talking.
    pub fn room_swell(&self) -> f32 {
        self.room.swell
    }

    /// The room around the speech so far: how much it swells, and how far its loudest tenth
    /// stands under the speech's (no speech: infinitely far).
    pub fn surroundings(&self) -> Surroundings {
        let talk = match (self.talk_before, self.room_talk()) {
            (Some(before), Some(room)) => Some(before.max(room)),
            (before, room) => before.or(room),
        };
        let talk_under_voice = match (loudest_tenth(&self.levels), talk) {
            (Some(voice), Some(talk)) => voice - talk,
            _ => f32::INFINITY,
        };
        Surroundings { swell: self.room.swell, talk_under_voice, known: self.known_before }
    }

    /// The loudest tenth of the last seconds' levels, speech or not, if they swell as talk does
    /// (steady noise, or silence, does not): but for the pre-roll, where the speech beginning now
    /// rises, and only over a second of them at least.
    fn talk(&self) -> Option<f32> {
        let before = self.heard.len().saturating_sub(PRE_ROLL);
        if before < TALK_FRAMES {
            return None;
        }
        let mut sorted: Vec<f32> = self.heard.iter().take(before).copied().collect();
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

    /// The loudest tenth of the room's levels that were not speech, if they swell as talk does.
    fn room_talk(&self) -> Option<f32> {
        (self.room.swell >= TALK_SWELL_DB && self.room.levels.len() >= TALK_FRAMES).then_some(self.room.loud)
    }

    /// Ends the stream: speech still going is handed out as it is.
    pub fn finish(&mut self) -> Option<Utterance> {
        let samples = self.speech.take()?;
        Some(Utterance { samples, speech_end: self.last_loud, cut_at: self.seen, room: self.surroundings() })
    }

    fn frame(&mut self, frame: &[i16]) -> Option<Utterance> {
        let filtered = self.band.filter(frame);
        self.recent.push_back(energy(&filtered));
        if self.recent.len() > SMOOTH_FRAMES {
            self.recent.pop_front();
        }
        let level = decibels(self.recent.iter().sum::<f64>() / self.recent.len() as f64);
        self.heard.push_back(level);
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
                    self.run = 0;
                    self.last_loud = self.seen;
                    self.levels.clear();
                }
                None
            }
            Some(speech) => {
                speech.extend_from_slice(frame);
                self.levels.push(level);
                if speech.len() >= MAX_FRAMES * FRAME {
                    // Sound that goes on and on is the room: it is the room's level from now on.
                    for level in self.levels.drain(..) {
                        self.room.hear(level);
                    }
                    self.speech = None;
                    self.run = 0;
                    return None;
                }
                if self.keeps_speech_going(level) {
                    self.run = 0;
                    self.last_loud = self.seen;
                } else {
                    self.run += 1;
                }
                (self.run >= END_FRAMES).then(|| {
                    self.run = 0;
                    let samples = self.speech.take().unwrap_or_default();
                    Utterance { samples, speech_end: self.last_loud, cut_at: self.seen, room: self.surroundings() }
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

/// The loudest tenth of `levels` (the level nine in ten stand under), if any.
fn loudest_tenth(levels: &[f32]) -> Option<f32> {
    let mut sorted = levels.to_vec();
    sorted.sort_by(f32::total_cmp);
    sorted.get((sorted.len().max(1) - 1) * 9 / 10).copied()
}

/// The room's levels over the last seconds that were not speech: its usual level (the median)
/// and how much it swells (from the median to the loudest tenth). A steady room (a fan, pink
/// noise) hardly swells; a room of other voices swells much, and a voice must stand further
/// above it to be speech.
#[derive(Debug, Clone, Default)]
struct Room {
    levels: std::collections::VecDeque<f32>,
    /// The median, the swell and the loudest tenth, as of the last level heard.
    floor: f32,
    swell: f32,
    loud: f32,
}

impl Room {
    fn hear(&mut self, level: f32) {
        self.levels.push_back(level);
        if self.levels.len() > ROOM_FRAMES {
            self.levels.pop_front();
        }
        let mut sorted: Vec<f32> = self.levels.iter().copied().collect();
        sorted.sort_by(f32::total_cmp);
        let at = |q: f32| sorted[((sorted.len() - 1) as f32 * q) as usize];
        self.floor = at(0.5);
        self.loud = at(0.9);
        self.swell = self.loud - self.floor;
    }

    /// The room's usual level, in dB.
    fn floor(&self) -> f32 {
        self.floor
    }

    /// How far above the usual level a voice stands: at least `least`, and further in a room
    /// that swells (up to a point).
    fn rise(&self, least: f32) -> f32 {
        least.max(least / 2.0 + self.swell.min(MOST_SWELL_DB) * 1.5)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(ms: usize, amplitude: f32) -> Vec<i16> {
        (0..ms * 16).map(|i| ((i as f32 * 0.1).sin() * amplitude) as i16).collect()
    }

    fn noise(ms: usize, amplitude: i16) -> Vec<i16> {
        // A fixed pseudo-random hiss.
        let mut x: u32 = 12345;
        (0..ms * 16)
            .map(|_| {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                (x >> 16) as i16 % amplitude.max(1)
            })
            .collect()
    }

    #[test]
    fn speech_between_silences_is_one_utterance_with_its_end() {
        let mut vad = Segmenter::default();
        let mut stream = noise(500, 30);
        stream.extend(tone(400, 8000.0));
        stream.extend(noise(100, 30));
        stream.extend(tone(300, 8000.0));
        stream.extend(noise(600, 30));
        let heard = vad.push(&stream);
        assert_eq!(heard.len(), 1, "a pause of 100 ms does not end the utterance");
        let u = &heard[0];
        // Speech ended at 1300 ms; the utterance is cut 200 ms later.
        // (within the frames whose mean keeps speech going)
        assert!((u.speech_end as i64 - 1300 * 16).abs() <= (SMOOTH_FRAMES * FRAME) as i64, "{}", u.speech_end);
        assert_eq!(u.cut_at - u.speech_end, (END_FRAMES * FRAME) as u64);
        // The pre-roll and the closing silence are kept.
        assert!(u.samples.len() >= (800 + 200) * 16);
    }

    #[test]
    fn silence_and_steady_noise_are_no_speech() {
        let mut vad = Segmenter::default();
        assert!(vad.push(&vec![0; 16_000]).is_empty());
        assert!(vad.push(&noise(3000, 2000)).is_empty());
        let mut hissing = Segmenter::default();
        assert!(hissing.push(&noise(3000, 2000)).is_empty(), "a hiss from the start is the room");
        assert!(!hissing.in_speech());
        assert_eq!(hissing.finish(), None);
    }

    #[test]
    fn noise_that_goes_on_becomes_the_floor_and_speech_over_it_is_still_heard() {
        let mut vad = Segmenter::default();
        assert!(vad.push(&vec![0; 16_000]).is_empty());
        // A fan starts: loud at first, then it is the room.
        assert!(vad.push(&noise(10_000, 1500)).is_empty(), "ten seconds of hiss are no move");
        let mut speech: Vec<i16> = tone(600, 12_000.0).iter().zip(noise(600, 1500)).map(|(a, b)| a / 2 + b).collect();
        speech.extend(noise(500, 1500));
        assert_eq!(vad.push(&speech).len(), 1);
    }

    #[test]
    fn a_steady_room_hardly_swells_and_one_that_rises_and_falls_does() {
        assert!(room_swell(&noise(3000, 2000)) < 0.5, "{}", room_swell(&noise(3000, 2000)));
        // Other voices: the room rises and falls by 4 dB, every 200 ms.
        let talking: Vec<i16> = (0..15).flat_map(|i| noise(200, if i % 2 == 0 { 1000 } else { 1600 })).collect();
        let swell = room_swell(&talking);
        assert!(swell > 1.5, "{swell}");
        assert_eq!(room_swell(&[]), 0.0);
    }

    #[test]
    fn talk_before_the_voice_is_measured_under_it_though_the_room_is_silent_between() {
        // Silence, another player's words (soft), silence, again, then the player's own (loud).
        let mut stream = vec![0i16; 16 * 1000];
        for _ in 0..3 {
            stream.extend(tone(600, 1000.0));
            stream.extend(vec![0i16; 16 * 700]);
        }
        stream.extend(tone(800, 10_000.0));
        stream.extend(vec![0i16; 16 * 500]);
        let mut segmenter = Segmenter::default();
        let cut: Vec<Utterance> = stream.chunks(FRAME).flat_map(|c| segmenter.push(c)).collect();
        let player = cut.last().expect("the player's words cut out");
        assert!(player.room.swell < 1.5, "the room between the words is silent: {}", player.room.swell);
        let under = player.room.talk_under_voice;
        assert!((15.0..25.0).contains(&under), "{under}");
        assert!(player.room.known, "heard for over four seconds");
        assert!(!cut[0].room.known, "the first words, a second in");
        // In a silent room the player's words alone have no talk under them.
        let mut alone = Segmenter::default();
        let mut stream = vec![0i16; 16 * 2000];
        stream.extend(tone(800, 10_000.0));
        stream.extend(vec![0i16; 16 * 500]);
        let cut: Vec<Utterance> = stream.chunks(FRAME).flat_map(|c| alone.push(c)).collect();
        assert_eq!(cut.len(), 1);
        assert_eq!(cut[0].room.talk_under_voice, f32::INFINITY);
        assert!(!cut[0].room.known, "two seconds are too few to know the room");
    }

    /// Others talking for about `ms`: words of 300 ms at `amplitude`, with gaps of 100 ms, and
    /// of `pause` ms after every second word.
    fn others_talking(ms: usize, amplitude: i16, pause: usize) -> Vec<i16> {
        let word = || noise(300, amplitude);
        let two = || [word(), vec![0; 16 * 100], word(), vec![0; 16 * pause]].concat();
        (0..ms / (700 + pause)).flat_map(|_| two()).collect()
    }

    #[test]
    fn where_others_talk_on_the_utterance_ends_when_the_voice_does() {
        let mut stream = vec![0i16; 16 * 500];
        // Others' announcements, each cut out on its own, then the player's words over more talk.
        stream.extend(others_talking(4500, 500, 500));
        let voice_begins = stream.len();
        let voice: Vec<i16> =
            tone(900, 10_000.0).iter().zip(others_talking(2000, 500, 100)).map(|(v, o)| v + o).collect();
        stream.extend(&voice);
        let voice_ends = stream.len() as i64;
        stream.extend(others_talking(3000, 500, 100));
        let mut segmenter = Segmenter::default();
        let cut: Vec<Utterance> = stream.chunks(FRAME).flat_map(|c| segmenter.push(c)).collect();
        let player = cut.iter().find(|u| u.speech_end as usize > voice_begins).expect("the voice cut out");
        let after = (player.speech_end as i64 - voice_ends) / 16;
        assert!((-20..=60).contains(&after), "speech ended {after} ms after the voice");
        assert_eq!(player.cut_at - player.speech_end, (END_FRAMES * FRAME) as u64);
        assert!(player.room.talk_under_voice.is_finite(), "others talk under it");
        // Their talk alone, with gaps shorter than the closing silence, is one utterance to the end.
        let mut theirs = vec![0i16; 16 * 500];
        theirs.extend(others_talking(3000, 500, 100));
        let mut alone = Segmenter::default();
        let cut: Vec<Utterance> = theirs.chunks(FRAME).flat_map(|c| alone.push(c)).collect();
        assert!(cut.is_empty() && alone.in_speech(), "{cut:?}");
    }

    #[test]
    fn samples_may_come_in_any_sizes() {
        let mut stream = noise(300, 30);
        stream.extend(tone(500, 6000.0));
        stream.extend(noise(400, 30));
        let mut whole = Segmenter::default();
        let at_once = whole.push(&stream);
        let mut pieces = Segmenter::default();
        let bit_by_bit: Vec<Utterance> = stream.chunks(37).flat_map(|c| pieces.push(c)).collect();
        assert_eq!(at_once, bit_by_bit);
        assert_eq!(at_once.len(), 1);
    }

    #[test]
    fn the_speech_so_far_and_the_quiet_after_it_are_known_before_it_is_cut() {
        let mut vad = Segmenter::default();
        let mut stream = noise(300, 30);
        stream.extend(tone(400, 8000.0));
        assert!(vad.push(&stream).is_empty());
        assert_eq!(vad.quiet_frames(), 0);
        assert!(vad.push(&noise(100, 30)).is_empty(), "100 ms of quiet do not end it");
        assert!(vad.quiet_frames() >= 5, "{}", vad.quiet_frames());
        let end = vad.speech_end();
        let so_far = vad.speech_so_far().unwrap().to_vec();
        let cut = vad.push(&noise(300, 30));
        assert_eq!(cut.len(), 1);
        assert!(cut[0].samples.starts_with(&so_far) && cut[0].speech_end == end);
        assert_eq!(vad.speech_so_far(), None);
    }

    #[test]
    fn speech_still_going_at_the_end_is_handed_out() {
        let mut vad = Segmenter::default();
        let mut stream = noise(200, 30);
        stream.extend(tone(300, 8000.0));
        assert!(vad.push(&stream).is_empty());
        assert!(vad.in_speech());
        assert!(vad.finish().is_some());
    }
}
