//! A room for the ears to hear in, made for tests and benchmarks: the test voices that say a
//! phrase (MBROLA through espeak-ng, flite; `scripts/test-voices.sh` installs them), at their
//! tempo or faster, and the noise of a room mixed under the voice at a signal-to-noise ratio:
//! pink noise, the babble of other voices talking at once, or other players announcing their own
//! moves in the player's words (a blind players' event, where every board speaks); and a hall's
//! reverberation over the voice.

#![allow(dead_code)]

use std::process::Command;

use annabella::listen::{to_rate, RATE};

/// How a test voice says a phrase.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Voice {
    /// The synthesiser's name of the voice: `flite:NAME` for flite, else an espeak-ng voice.
    pub name: &'static str,
    /// espeak-ng's pitch (0–99; 50 is the voice's own).
    pub pitch: u32,
}

impl Voice {
    pub const fn new(name: &'static str) -> Voice {
        Voice { name, pitch: 50 }
    }

    pub const fn pitched(name: &'static str, pitch: u32) -> Voice {
        Voice { name, pitch }
    }

    /// How the voice is named in a table.
    pub fn label(&self) -> String {
        let name = self.name.trim_start_matches("flite:").trim_start_matches("mb-");
        if self.pitch == 50 {
            name.to_string()
        } else {
            format!("{name} (pitch {})", self.pitch)
        }
    }
}

/// `text` said by `voice` (`faster`: a quarter faster), as 16 kHz samples.
pub fn say(voice: Voice, text: &str, faster: bool) -> Vec<i16> {
    static SAID: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = SAID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let wav = std::env::temp_dir().join(format!("annabella-room-{}-{n}.wav", std::process::id()));
    let status = match voice.name.strip_prefix("flite:") {
        Some(name) => {
            let stretch = if faster { "0.8" } else { "1.0" };
            Command::new("flite")
                .args(["-voice", name, "--setf", &format!("duration_stretch={stretch}"), "-t", text, "-o"])
                .arg(&wav)
                .status()
        }
        None => {
            let speed = if faster { "220" } else { "175" };
            Command::new("espeak-ng")
                .args(["-v", voice.name, "-s", speed, "-p", &voice.pitch.to_string(), "-w"])
                .arg(&wav)
                .arg(text)
                .status()
        }
    };
    assert!(status.is_ok_and(|s| s.success()), "the test voice {} is missing: scripts/test-voices.sh", voice.name);
    let (samples, rate) = read_wav(&wav);
    let _ = std::fs::remove_file(&wav);
    to_rate(&samples, rate)
}

/// The samples and the rate of a 16-bit mono WAV file.
fn read_wav(path: &std::path::Path) -> (Vec<i16>, u32) {
    let bytes = std::fs::read(path).expect("the voice's recording");
    let rate = u32::from_le_bytes(bytes[24..28].try_into().unwrap());
    let data = bytes.windows(4).position(|w| w == b"data").expect("a data chunk") + 8;
    let samples = bytes[data..].chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect();
    (samples, rate)
}

/// The noise of a room.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Noise {
    /// Pink noise (equal energy per octave, as a ventilated room).
    Pink,
    /// Several voices talking at once, none of them to the ears.
    Babble,
    /// Other players at the next boards announcing their own moves in the words of a vocabulary
    /// (the phrase pack named), each with the pauses of a game.
    Players(&'static str),
}

/// A small deterministic generator of white noise in -1 … 1.
struct White(u64);

impl White {
    fn next(&mut self) -> f32 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    }
}

/// `n` samples of pink noise (Paul Kellet's filter over white noise), seeded.
pub fn pink(n: usize, seed: u64) -> Vec<f32> {
    let mut white = White(seed.wrapping_add(0x9E37_79B9_7F4A_7C15));
    let mut b = [0f32; 7];
    (0..n)
        .map(|_| {
            let w = white.next();
            b[0] = 0.99886 * b[0] + w * 0.0555179;
            b[1] = 0.99332 * b[1] + w * 0.0750759;
            b[2] = 0.96900 * b[2] + w * 0.153852;
            b[3] = 0.86650 * b[3] + w * 0.3104856;
            b[4] = 0.55000 * b[4] + w * 0.5329522;
            b[5] = -0.7616 * b[5] - w * 0.0168980;
            let out = b.iter().sum::<f32>() + w * 0.5362;
            b[6] = w * 0.115926;
            out
        })
        .collect()
}

/// `n` samples of babble: four voices saying other things at once, each looped.
pub fn babble(n: usize) -> Vec<f32> {
    static VOICES: std::sync::OnceLock<Vec<Vec<i16>>> = std::sync::OnceLock::new();
    let voices = VOICES.get_or_init(babbling);
    (0..n).map(|i| voices.iter().map(|v| f32::from(v[i % v.len()]) / 32768.0).sum::<f32>()).collect()
}

/// The four voices of the babble, each talking on without the synthesiser's silence around it.
fn babbling() -> Vec<Vec<i16>> {
    let talk = [
        (Voice::new("en"), "the weather was fine this morning and the train was late again, as it always is"),
        (Voice::new("de"), "wir haben gestern lange über das Turnier gesprochen und dann noch Kaffee getrunken"),
        (Voice::new("et+f3"), "homme on jälle koosolek ja keegi ei tea, mis kell see algab"),
        (Voice::pitched("en+f2", 70), "could you pass me the sugar please, and the paper too"),
    ];
    talk.iter()
        .map(|(voice, text)| {
            let said = say(*voice, text, false);
            let (first, last) = voiced(&said);
            said[first..last].to_vec()
        })
        .collect()
}

/// The games the other players play: the Opera Game, the Evergreen Game, Lasker–Thomas and a
/// Najdorf, each board its own.
const OTHER_BOARDS: [&str; 4] = [
    "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8",
    "e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5 d4 exd4 O-O d3 Qb3 Qf6 e5 Qg6 Re1 Nge7 Ba3 b5 Qxb5 Rb8 Qa4 Bb6",
    "d4 e6 Nf3 f5 Nc3 Nf6 Bg5 Be7 Bxf6 Bxf6 e4 fxe4 Nxe4 b6 Ne5 O-O Bd3 Bb7 Qh5 Qe7 Qxh7+ Kxh7 Nxf6+ Kh6",
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O Nbd7 g4 b5 g5 b5 h4 Qa5",
];

/// The voices of the other players of a vocabulary: none is a voice the tests' players use.
fn other_players(pack: &str) -> [Voice; 4] {
    match pack {
        "en" => {
            [Voice::new("en-us"), Voice::pitched("en+f3", 60), Voice::new("flite:awb"), Voice::pitched("en+m3", 40)]
        }
        "et" => {
            [Voice::pitched("et", 35), Voice::pitched("et+f2", 60), Voice::pitched("mb-ee1", 80), Voice::new("et+m4")]
        }
        _ => {
            [Voice::new("de"), Voice::pitched("de+f2", 65), Voice::pitched("mb-de5", 30), Voice::pitched("mb-de4", 70)]
        }
    }
}

/// A vocabulary's other boards: each board's stream of announcements.
type Boards = (&'static str, Vec<Vec<i16>>);

/// `n` samples of other players announcing their moves in `pack`'s words: four boards, each
/// player saying a move of its game, then quiet for one to three seconds, and on; looped.
pub fn players(n: usize, pack: &'static str) -> Vec<f32> {
    static BOARDS: std::sync::Mutex<Vec<Boards>> = std::sync::Mutex::new(Vec::new());
    let mut boards = BOARDS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if !boards.iter().any(|(p, _)| *p == pack) {
        boards.push((pack, announcing(pack)));
    }
    let streams = &boards.iter().find(|(p, _)| *p == pack).expect("made above").1;
    (0..n).map(|i| streams.iter().map(|v| f32::from(v[i % v.len()]) / 32768.0).sum::<f32>()).collect()
}

/// Each board's stream: its moves said in turn by its player, with the pauses of a game.
fn announcing(pack: &str) -> Vec<Vec<i16>> {
    use shakmaty::{san::San, Chess, Position};
    let words = annabella::notation::PhrasePack::named(pack).expect("a shipped phrase pack");
    let mut noise = White(u64::from(pack.len() as u32) * 977);
    OTHER_BOARDS
        .iter()
        .zip(other_players(pack))
        .map(|(game, voice)| {
            let mut pos = Chess::default();
            let mut stream = Vec::new();
            for san in game.split_whitespace() {
                let Some(mv) = san.parse::<San>().ok().and_then(|s| s.to_move(&pos).ok()) else { break };
                let text = annabella::notation::spoken(&pos, mv, &words, annabella::notation::SpokenStyle::default());
                let said = say(voice, &text, false);
                let (first, last) = voiced(&said);
                stream.extend_from_slice(&said[first..last]);
                let pause = ((2.0 + noise.next()) * RATE as f32) as usize;
                stream.extend(std::iter::repeat_n(0i16, pause));
                pos.play_unchecked(mv);
            }
            stream
        })
        .collect()
}

/// `speech` as heard across a reverberant hall: the voice with its echoes dying away over
/// `seconds` (the time they take to fall by 60 dB), as much echo as direct sound.
pub fn reverberant(speech: &[i16], seconds: f32) -> Vec<i16> {
    let taps = (seconds * RATE as f32) as usize;
    let decay = 6.9 / taps as f32; // e^(-6.9) is 60 dB down in amplitude
    let mut white = White(11);
    let early = (0.005 * RATE as f32) as usize;
    let mut response: Vec<f32> =
        (0..taps).map(|i| if i < early { 0.0 } else { white.next() * (-decay * i as f32).exp() }).collect();
    let tail = response.iter().map(|r| r * r).sum::<f32>().sqrt();
    for r in &mut response {
        *r /= tail.max(1e-9);
    }
    response[0] = 1.0;
    let wet = convolved(speech, &response);
    // As loud as the voice was, never clipped.
    let loud = wet.iter().fold(0f32, |m, s| m.max(s.abs()));
    let gain = (voice_level(speech) / voice_level_f32(&wet).max(1e-9)).min(32000.0 / loud.max(1e-9));
    wet.iter().map(|s| (s * gain).clamp(-32768.0, 32767.0) as i16).collect()
}

/// `signal` convolved with `response` (by the fast Fourier transform), as long as both together.
fn convolved(signal: &[i16], response: &[f32]) -> Vec<f32> {
    use realfft::RealFftPlanner;
    let size = (signal.len() + response.len()).next_power_of_two();
    let mut planner = RealFftPlanner::<f32>::new();
    let (forward, inverse) = (planner.plan_fft_forward(size), planner.plan_fft_inverse(size));
    let mut a: Vec<f32> = signal.iter().map(|&s| f32::from(s)).chain(std::iter::repeat(0.0)).take(size).collect();
    let mut b: Vec<f32> = response.iter().copied().chain(std::iter::repeat(0.0)).take(size).collect();
    let (mut fa, mut fb) = (forward.make_output_vec(), forward.make_output_vec());
    forward.process(&mut a, &mut fa).expect("a transform of its own size");
    forward.process(&mut b, &mut fb).expect("a transform of its own size");
    let mut product: Vec<_> = fa.iter().zip(&fb).map(|(x, y)| x * y / size as f32).collect();
    let mut out = inverse.make_output_vec();
    inverse.process(&mut product, &mut out).expect("a transform of its own size");
    out.truncate(signal.len() + response.len() - 1);
    out
}

/// The root mean square of the samples louder than a fiftieth of the loudest (the voice, not
/// its pauses).
fn voice_level(samples: &[i16]) -> f32 {
    let loudest = samples.iter().map(|s| f32::from(*s).abs()).fold(0.0, f32::max);
    let voiced: Vec<f32> = samples.iter().map(|s| f32::from(*s)).filter(|s| s.abs() > loudest / 50.0).collect();
    (voiced.iter().map(|s| s * s).sum::<f32>() / voiced.len().max(1) as f32).sqrt()
}

/// [`voice_level`] of samples not yet rounded.
fn voice_level_f32(samples: &[f32]) -> f32 {
    let loudest = samples.iter().map(|s| s.abs()).fold(0.0, f32::max);
    let voiced: Vec<f32> = samples.iter().copied().filter(|s| s.abs() > loudest / 50.0).collect();
    (voiced.iter().map(|s| s * s).sum::<f32>() / voiced.len().max(1) as f32).sqrt()
}

/// Where the voice of a phrase begins and ends (a synthesiser leaves silence around it): the
/// first and last samples louder than a hundredth of the loudest.
pub fn voiced(phrase: &[i16]) -> (usize, usize) {
    let loudest = phrase.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
    let loud = |s: &i16| s.unsigned_abs() > loudest / 100;
    let first = phrase.iter().position(loud).unwrap_or(0);
    let last = phrase.iter().rposition(loud).map_or(phrase.len(), |i| i + 1);
    (first, last)
}

/// `speech` in a room: `lead` seconds of the room before it and after it, and the room's `noise`
/// `snr` decibels under the voice (`None`: a quiet room, silence around the voice).
pub fn in_room(speech: &[i16], noise: Option<(Noise, f32)>, lead: f32, seed: u64) -> Vec<i16> {
    in_room_after(speech, noise, lead, lead, seed)
}

/// How long the ears have heard the room before a phrase is said in it, in seconds: they listen
/// all game long, and know the room (in their first four seconds they count nothing as sure).
pub const KNOWN_AFTER: f32 = 4.5;

/// `speech` in a room the ears know: as [`in_room`], after [`KNOWN_AFTER`] seconds more of the
/// room. Cut it with [`cut_in_known_room`].
pub fn in_known_room(speech: &[i16], noise: Option<(Noise, f32)>, lead: f32, seed: u64) -> Vec<i16> {
    in_room_after(speech, noise, KNOWN_AFTER + lead, lead, seed)
}

/// The utterances the detector cuts out of a stream made by [`in_known_room`], but for those it
/// cut while it came to know the room (other players' announcements in a game's earlier seconds).
pub fn cut_in_known_room(samples: &[i16]) -> Vec<annabella::listen::Utterance> {
    let mut vad = annabella::listen::Segmenter::default();
    let mut cut: Vec<_> = samples.chunks(480).flat_map(|c| vad.push(c)).collect();
    cut.extend(vad.finish());
    let known = (KNOWN_AFTER * RATE as f32) as u64;
    cut.retain(|u| u.cut_at > known);
    cut
}

/// `speech` with `before` and `after` seconds of the room around it.
fn in_room_after(speech: &[i16], noise: Option<(Noise, f32)>, before: f32, after: f32, seed: u64) -> Vec<i16> {
    let mut out: Vec<f32> = vec![0.0; (before * RATE as f32) as usize];
    out.extend(speech.iter().map(|&s| f32::from(s)));
    out.extend(std::iter::repeat_n(0.0, (after * RATE as f32) as usize));
    if let Some((kind, snr)) = noise {
        let room = match kind {
            Noise::Pink => pink(out.len(), seed),
            Noise::Babble => {
                babble(out.len() + seed as usize % RATE as usize)[seed as usize % RATE as usize..].to_vec()
            }
            Noise::Players(pack) => {
                let skip = (seed as usize * 7919) % (20 * RATE as usize);
                players(out.len() + skip, pack)[skip..].to_vec()
            }
        };
        let room_level = (room.iter().map(|s| s * s).sum::<f32>() / room.len().max(1) as f32).sqrt();
        let gain = voice_level(speech) / 10f32.powf(snr / 20.0) / room_level.max(1e-9);
        for (o, r) in out.iter_mut().zip(&room) {
            *o += r * gain;
        }
    }
    out.iter().map(|s| s.clamp(-32768.0, 32767.0) as i16).collect()
}

/// Phrases said one after another in a room whose `noise` goes on throughout, `snr` decibels
/// under the voice (the loudest phrase's level), `gap` seconds of the room before, between and
/// after them. Returns the stream and where the voice of each phrase begins and ends in it
/// (samples).
pub fn conversation(phrases: &[Vec<i16>], noise: Option<(Noise, f32)>, gap: f32) -> (Vec<i16>, Vec<(usize, usize)>) {
    let pad = (gap * RATE as f32) as usize;
    let mut out: Vec<f32> = vec![0.0; pad];
    let mut spans = Vec::new();
    for phrase in phrases {
        let start = out.len();
        out.extend(phrase.iter().map(|&s| f32::from(s)));
        let (first, last) = voiced(phrase);
        spans.push((start + first, start + last));
        out.extend(std::iter::repeat_n(0.0, pad));
    }
    if let Some((kind, snr)) = noise {
        let room = match kind {
            Noise::Pink => pink(out.len(), 7),
            Noise::Babble => babble(out.len()),
            Noise::Players(pack) => players(out.len(), pack),
        };
        let room_level = (room.iter().map(|s| s * s).sum::<f32>() / room.len().max(1) as f32).sqrt();
        let voice = phrases.iter().map(|p| voice_level(p)).fold(0.0, f32::max);
        let gain = voice / 10f32.powf(snr / 20.0) / room_level.max(1e-9);
        for (o, r) in out.iter_mut().zip(&room) {
            *o += r * gain;
        }
    }
    (out.iter().map(|s| s.clamp(-32768.0, 32767.0) as i16).collect(), spans)
}
