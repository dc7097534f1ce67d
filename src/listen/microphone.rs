//! The microphone: a cpal input stream on the device named (or the system's default), its samples
//! made mono and 16 kHz and handed over in chunks. A source that delivers faster than real time
//! (a recording served as a capture device) is paced to real time, as a microphone is.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};

use super::RATE;

/// Why the microphone cannot be heard.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MicrophoneError {
    /// There is no input device at all.
    #[error("there is no microphone")]
    NoDevice,
    /// No input device has that name.
    #[error("there is no microphone named {0}")]
    Unknown(String),
    /// The device would not open.
    #[error("the microphone {device} cannot be opened: {reason}")]
    Open {
        /// The device.
        device: String,
        /// What the sound system said.
        reason: String,
    },
}

/// The names of the input devices.
pub fn devices() -> Vec<String> {
    crate::audio::quiet_alsa();
    let host = cpal::default_host();
    host.input_devices().map(|ds| ds.filter_map(|d| d.name().ok()).collect()).unwrap_or_default()
}

/// An open input stream and the samples it delivers (16 kHz, mono).
pub struct Microphone {
    _stream: cpal::Stream,
    samples: Receiver<Vec<i16>>,
    name: String,
}

impl Microphone {
    /// Opens the device named `device` (empty: the default) and starts hearing.
    pub fn open(device: &str) -> Result<Microphone, MicrophoneError> {
        crate::audio::quiet_alsa();
        let host = cpal::default_host();
        let found = if device.is_empty() || device == "default" {
            host.default_input_device().ok_or(MicrophoneError::NoDevice)?
        } else {
            host.input_devices()
                .ok()
                .and_then(|mut ds| ds.find(|d| d.name().is_ok_and(|n| n == device)))
                .ok_or_else(|| MicrophoneError::Unknown(device.to_string()))?
        };
        let name = found.name().unwrap_or_else(|_| device.to_string());
        let fail = |reason: String| MicrophoneError::Open { device: name.clone(), reason };
        let config = match hearing_config(&found) {
            Some(config) => config,
            None => found.default_input_config().map_err(|e| fail(e.to_string()))?,
        };
        let (rate, channels) = (config.sample_rate().0, usize::from(config.channels()));
        let (sender, samples) = mpsc::channel();
        let mut convert = Converter::new(rate, channels);
        let on_error = |_e: cpal::StreamError| {};
        let stream = match config.sample_format() {
            cpal::SampleFormat::I16 => found.build_input_stream(
                &config.into(),
                move |data: &[i16], _: &_| {
                    let floats: Vec<f32> = data.iter().map(|&s| f32::from(s) / 32768.0).collect();
                    let _ = sender.send(convert.take(&floats));
                },
                on_error,
                None,
            ),
            _ => found.build_input_stream(
                &config.into(),
                move |data: &[f32], _: &_| {
                    let _ = sender.send(convert.take(data));
                },
                on_error,
                None,
            ),
        }
        .map_err(|e| fail(e.to_string()))?;
        stream.play().map_err(|e| fail(e.to_string()))?;
        Ok(Microphone { _stream: stream, samples, name })
    }

    /// The device's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The samples that arrive within `wait`; `None` when the stream has ended.
    pub fn next(&self, wait: Duration) -> Option<Vec<i16>> {
        match self.samples.recv_timeout(wait) {
            Ok(samples) => Some(samples),
            Err(RecvTimeoutError::Timeout) => Some(Vec::new()),
            Err(RecvTimeoutError::Disconnected) => None,
        }
    }
}

/// A configuration the recogniser hears as it is (16 kHz, mono, 16-bit or float), when the device
/// offers one: nothing to convert, nothing lost.
fn hearing_config(device: &cpal::Device) -> Option<cpal::SupportedStreamConfig> {
    let mut offered = device.supported_input_configs().ok()?;
    let wanted = |c: &cpal::SupportedStreamConfigRange| {
        c.channels() == 1
            && matches!(c.sample_format(), cpal::SampleFormat::I16 | cpal::SampleFormat::F32)
            && (c.min_sample_rate().0..=c.max_sample_rate().0).contains(&RATE)
    };
    offered.find(wanted).map(|c| c.with_sample_rate(cpal::SampleRate(RATE)))
}

/// Mono, 16 kHz, paced to real time: state kept across the stream's callbacks.
struct Converter {
    rate: u32,
    channels: usize,
    /// Where the next output sample falls, in input samples (fractional), from the last one kept.
    at: f64,
    /// The last input sample of the previous chunk.
    last: f32,
    started: Option<Instant>,
    delivered: u64,
}

impl Converter {
    fn new(rate: u32, channels: usize) -> Converter {
        Converter { rate: rate.max(1), channels: channels.max(1), at: 0.0, last: 0.0, started: None, delivered: 0 }
    }

    fn take(&mut self, data: &[f32]) -> Vec<i16> {
        let mono: Vec<f32> = data.chunks(self.channels).map(|c| c.iter().sum::<f32>() / c.len() as f32).collect();
        if self.rate == RATE {
            let out: Vec<i16> = mono.iter().map(|&s| (s * 32767.0).clamp(-32768.0, 32767.0) as i16).collect();
            self.pace(out.len());
            return out;
        }
        let step = f64::from(self.rate) / f64::from(RATE);
        let mut out = Vec::with_capacity((mono.len() as f64 / step) as usize + 1);
        // Input positions: -1 is the last sample of the previous chunk, 0.. this chunk's.
        while self.at < mono.len() as f64 - 1.0 {
            let j = self.at.floor();
            let frac = (self.at - j) as f32;
            let a = if j < 0.0 { self.last } else { mono[j as usize] };
            let b = mono[(j + 1.0) as usize];
            out.push(((a + (b - a) * frac) * 32767.0).clamp(-32768.0, 32767.0) as i16);
            self.at += step;
        }
        self.at -= mono.len() as f64;
        self.last = mono.last().copied().unwrap_or(self.last);
        self.pace(out.len());
        out
    }

    /// Waits when the source has delivered more than real time allows.
    fn pace(&mut self, samples: usize) {
        let started = *self.started.get_or_insert_with(Instant::now);
        self.delivered += samples as u64;
        let due = Duration::from_secs_f64(self.delivered as f64 / f64::from(RATE));
        if let Some(ahead) = due.checked_sub(started.elapsed()) {
            if ahead > Duration::from_millis(20) {
                std::thread::sleep(ahead);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stereo_48k_stream_becomes_mono_16k_without_gaps_between_chunks() {
        let mut c = Converter::new(48_000, 2);
        c.started = Some(Instant::now() - Duration::from_secs(100));
        let signal: Vec<f32> = (0..48_000).flat_map(|i| [(i as f32 * 0.01).sin() * 0.5; 2]).collect();
        let out: Vec<i16> = signal.chunks(960).flat_map(|chunk| c.take(chunk)).collect();
        assert!((out.len() as i64 - 16_000).abs() <= 2, "{}", out.len());
        // Every third input sample, as the signal was.
        for (i, &s) in out.iter().enumerate().take(15_000).skip(1) {
            let want = ((i * 3) as f32 * 0.01).sin() * 0.5 * 32767.0;
            assert!((f32::from(s) - want).abs() < 40.0, "sample {i}: {s} against {want}");
        }
    }
}
