//! A room for the ears to hear in, made for tests and benchmarks: the test voices that say a
//! phrase (MBROLA through espeak-ng, flite; `scripts/test-voices.sh` installs them), at their
//! tempo or faster, and the noise of a room mixed under the voice at a signal-to-noise ratio:
//! pink noise, or the babble of other voices talking at once.

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
    let talk = [
        (Voice::new("en"), "the weather was fine this morning and the train was late again, as it always is"),
        (Voice::new("de"), "wir haben gestern lange über das Turnier gesprochen und dann noch Kaffee getrunken"),
        (Voice::new("et+f3"), "homme on jälle koosolek ja keegi ei tea, mis kell see algab"),
        (Voice::pitched("en+f2", 70), "could you pass me the sugar please, and the paper too"),
    ];
    // Each voice talks on without the synthesiser's silence before and after.
    let voices: Vec<Vec<i16>> = talk
        .iter()
        .map(|(voice, text)| {
            let said = say(*voice, text, false);
            let (first, last) = voiced(&said);
            said[first..last].to_vec()
        })
        .collect();
    (0..n).map(|i| voices.iter().map(|v| f32::from(v[i % v.len()]) / 32768.0).sum::<f32>()).collect()
}

/// The root mean square of the samples louder than a fiftieth of the loudest (the voice, not
/// its pauses).
fn voice_level(samples: &[i16]) -> f32 {
    let loudest = samples.iter().map(|s| f32::from(*s).abs()).fold(0.0, f32::max);
    let voiced: Vec<f32> = samples.iter().map(|s| f32::from(*s)).filter(|s| s.abs() > loudest / 50.0).collect();
    (voiced.iter().map(|s| s * s).sum::<f32>() / voiced.len().max(1) as f32).sqrt()
}

/// Where the voice of a phrase begins and ends (a synthesiser leaves silence around it): the
/// first and last samples louder than a hundredth of the loudest.
fn voiced(phrase: &[i16]) -> (usize, usize) {
    let loudest = phrase.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
    let loud = |s: &i16| s.unsigned_abs() > loudest / 100;
    let first = phrase.iter().position(loud).unwrap_or(0);
    let last = phrase.iter().rposition(loud).map_or(phrase.len(), |i| i + 1);
    (first, last)
}

/// `speech` in a room: `lead` seconds of the room before it and after it, and the room's `noise`
/// `snr` decibels under the voice (`None`: a quiet room, silence around the voice).
pub fn in_room(speech: &[i16], noise: Option<(Noise, f32)>, lead: f32, seed: u64) -> Vec<i16> {
    let pad = (lead * RATE as f32) as usize;
    let mut out: Vec<f32> = vec![0.0; pad];
    out.extend(speech.iter().map(|&s| f32::from(s)));
    out.extend(std::iter::repeat_n(0.0, pad));
    if let Some((kind, snr)) = noise {
        let room = match kind {
            Noise::Pink => pink(out.len(), seed),
            Noise::Babble => {
                babble(out.len() + seed as usize % RATE as usize)[seed as usize % RATE as usize..].to_vec()
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
