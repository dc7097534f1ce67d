//! One burst of sound through cpal: opens an output stream on the default device, plays the
//! samples (converted to the device's sample format) and closes it; and the device as a worker
//! keeps it. Used by the cue player and the voice-clip speaker, each on its own worker thread.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, SampleFormat, SizedSample, StreamConfig};

/// Why a sound could not be played.
#[derive(Debug, thiserror::Error)]
pub enum AudioError {
    /// The system has no default output device.
    #[error("no audio output device")]
    NoDevice,
    /// The device would not say how it plays.
    #[error(transparent)]
    Config(#[from] cpal::DefaultStreamConfigError),
    /// The device plays samples of a format this program does not write.
    #[error("unsupported sample format {0}")]
    SampleFormat(String),
    /// No stream could be opened on the device.
    #[error(transparent)]
    Stream(#[from] cpal::BuildStreamError),
    /// The stream would not start.
    #[error(transparent)]
    Play(#[from] cpal::PlayStreamError),
}

/// The default output device as a worker keeps it: looked up when the worker starts, again when
/// it was missing, and again after a failure (the device may have gone away).
#[derive(Default)]
pub struct Device(Option<Output>);

impl Device {
    /// Looks the device up now, so that the first sound is as quick as the others.
    pub fn opened() -> Device {
        Device::looked_up().0
    }

    /// Looks the device up now: the device, and why there is none.
    pub fn looked_up() -> (Device, Option<AudioError>) {
        match Output::open() {
            Ok(output) => (Device(Some(output)), None),
            Err(problem) => (Device(None), Some(problem)),
        }
    }

    /// Plays what `make` gives for the device's sample rate; nothing when it gives nothing.
    pub fn play(&mut self, make: impl FnOnce(u32) -> Option<Vec<f32>>) -> Result<(), AudioError> {
        if self.0.is_none() {
            self.0 = Some(Output::open()?);
        }
        let Some(output) = &self.0 else { return Ok(()) };
        let Some(samples) = make(output.rate()) else { return Ok(()) };
        let result = output.play(samples);
        if result.is_err() {
            self.0 = None;
        }
        result
    }
}

/// The default output device and its configuration, looked up once and kept.
pub struct Output {
    device: cpal::Device,
    config: StreamConfig,
    format: SampleFormat,
}

impl Output {
    /// The default output device, or why there is none.
    pub fn open() -> Result<Output, AudioError> {
        super::quiet_alsa();
        let host = cpal::default_host();
        let device = host.default_output_device().ok_or(AudioError::NoDevice)?;
        let supported = device.default_output_config()?;
        Ok(Output { device, format: supported.sample_format(), config: supported.into() })
    }

    /// The device's sample rate.
    pub fn rate(&self) -> u32 {
        self.config.sample_rate.0
    }

    /// Plays mono `samples` (−1 to 1) at the device's rate and returns when they are handed over.
    pub fn play(&self, samples: Vec<f32>) -> Result<(), AudioError> {
        match self.format {
            SampleFormat::F32 => self.stream::<f32>(samples),
            SampleFormat::I16 => self.stream::<i16>(samples),
            SampleFormat::U16 => self.stream::<u16>(samples),
            SampleFormat::I32 => self.stream::<i32>(samples),
            other => Err(AudioError::SampleFormat(other.to_string())),
        }
    }

    fn stream<T>(&self, data: Vec<f32>) -> Result<(), AudioError>
    where
        T: SizedSample + FromSample<f32>,
    {
        let channels = self.config.channels as usize;
        let length = Duration::from_millis(data.len() as u64 * 1000 / self.rate().max(1) as u64);
        let done = Arc::new(AtomicBool::new(false));
        let finished = Arc::clone(&done);
        let mut next = 0usize;
        let stream = self.device.build_output_stream(
            &self.config,
            move |out: &mut [T], _| {
                for frame in out.chunks_mut(channels) {
                    let value = data.get(next).copied().unwrap_or(0.0);
                    next += 1;
                    frame.fill(T::from_sample(value));
                }
                if next >= data.len() {
                    finished.store(true, Ordering::Release);
                }
            },
            |_| {},
            None,
        )?;
        stream.play()?;
        // Keep the stream open only until the sound is handed over, plus a little for the device
        // to drain (an open stream on a device that is not paced writes silence as fast as it can).
        let deadline = Instant::now() + length + Duration::from_millis(500);
        while !done.load(Ordering::Acquire) && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(2));
        }
        thread::sleep(Duration::from_millis(30));
        Ok(())
    }
}
