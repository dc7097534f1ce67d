//! Cues through cpal on a worker thread: each cue opens a short output stream on the default
//! device, plays its samples and closes it. A missing device gives one warning, never a crash.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, SampleFormat, SizedSample, StreamConfig};

use super::{samples, Cue, CuePlayer};

enum Request {
    Play(Cue),
    Finish(Sender<()>),
}

pub struct CpalPlayer {
    requests: Sender<Request>,
    problems: Receiver<String>,
}

impl CpalPlayer {
    /// Starts the worker; returns at once. `volume` is 0–100.
    pub fn start(volume: f32) -> CpalPlayer {
        let (requests, inbox) = mpsc::channel();
        let (report, problems) = mpsc::channel();
        let volume = volume.clamp(0.0, 100.0) / 100.0;
        let _ = thread::Builder::new().name("cues".into()).spawn(move || run(&inbox, &report, volume));
        CpalPlayer { requests, problems }
    }
}

impl CuePlayer for CpalPlayer {
    fn play(&mut self, cue: Cue) {
        let _ = self.requests.send(Request::Play(cue));
    }

    fn warnings(&mut self) -> Vec<String> {
        self.problems.try_iter().collect()
    }

    fn finish(&mut self, limit: Duration) {
        let (done, wait) = mpsc::channel();
        if self.requests.send(Request::Finish(done)).is_ok() {
            let _ = wait.recv_timeout(limit);
        }
    }
}

fn run(inbox: &Receiver<Request>, report: &Sender<String>, volume: f32) {
    let mut warned = false;
    for request in inbox {
        match request {
            Request::Play(cue) => {
                if let Err(problem) = play(cue, volume) {
                    if !warned {
                        warned = true;
                        let _ = report.send(problem);
                    }
                }
            }
            Request::Finish(done) => {
                let _ = done.send(());
            }
        }
    }
}

fn play(cue: Cue, volume: f32) -> Result<(), String> {
    let host = cpal::default_host();
    let device = host.default_output_device().ok_or("no audio output device")?;
    let supported = device.default_output_config().map_err(|e| e.to_string())?;
    let format = supported.sample_format();
    let config: StreamConfig = supported.into();
    let data = samples(cue, config.sample_rate.0, volume);
    let length = Duration::from_millis(data.len() as u64 * 1000 / config.sample_rate.0 as u64);
    match format {
        SampleFormat::F32 => stream::<f32>(&device, &config, data, length),
        SampleFormat::I16 => stream::<i16>(&device, &config, data, length),
        SampleFormat::U16 => stream::<u16>(&device, &config, data, length),
        SampleFormat::I32 => stream::<i32>(&device, &config, data, length),
        other => Err(format!("unsupported sample format {other}")),
    }
}

fn stream<T>(device: &cpal::Device, config: &StreamConfig, data: Vec<f32>, length: Duration) -> Result<(), String>
where
    T: SizedSample + FromSample<f32>,
{
    let channels = config.channels as usize;
    let done = Arc::new(AtomicBool::new(false));
    let finished = Arc::clone(&done);
    let mut next = 0usize;
    let stream = device
        .build_output_stream(
            config,
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
        )
        .map_err(|e| e.to_string())?;
    stream.play().map_err(|e| e.to_string())?;
    // Keep the stream open only until the cue is handed over, plus a little for the device to
    // drain (an open stream on a device that is not paced writes silence as fast as it can).
    let deadline = std::time::Instant::now() + length + Duration::from_millis(500);
    while !done.load(Ordering::Acquire) && std::time::Instant::now() < deadline {
        thread::sleep(Duration::from_millis(5));
    }
    thread::sleep(Duration::from_millis(30));
    Ok(())
}
