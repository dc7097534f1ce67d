//! The room's steady noise taken out of an utterance before it is recognised: a short-time
//! spectral (Wiener) filter whose noise is measured in the utterance's own quietest frames (the
//! detector hands out each utterance with the room before and after it), with the a-priori
//! signal-to-noise ratio decided from frame to frame so that what is left of the noise stays
//! smooth rather than twittering. And a hall's late echoes taken out the same way, from the power
//! each bin had a few hops before, dying away at the hall's pace.

use realfft::num_complex::Complex32;
use realfft::RealFftPlanner;

/// Samples per analysis frame (32 ms at 16 kHz).
const SIZE: usize = 512;
/// Samples between frames (half a frame: square-root Hann windows add up to one).
const HOP: usize = SIZE / 2;
/// The share of frames, the quietest, the room's noise is measured in.
const QUIETEST: f32 = 0.2;
/// How much of the last frame's estimate the a-priori ratio keeps.
const SMOOTHING: f32 = 0.9;
/// The least a bin is kept (about −22 dB): deeper cuts leave the model sounds it never heard.
const FLOOR: f32 = 0.08;
/// How many hops back the late echoes are reckoned from (64 ms: the early reflections, which
/// the model's features bear, are left).
const LATE_HOPS: usize = 4;
/// The least share of a bin's amplitude the echoes' subtraction keeps (about −20 dB).
const ECHO_FLOOR: f32 = 0.1;
/// The noise is taken out only when the room stands less than this many decibels under the
/// voice: a quiet room is heard as it is.
const QUIET_ROOM_DB: f32 = 30.0;

/// `samples` with the room's steady noise taken out (as they are when too short to measure the
/// room in, or when the room is quiet).
pub fn denoised(samples: &[i16]) -> Vec<i16> {
    denoised_in_noise(samples).unwrap_or_else(|| samples.to_vec())
}

/// The same, `None` where the samples are left as they are (too short to measure the room in, or
/// the room is quiet).
pub fn denoised_in_noise(samples: &[i16]) -> Option<Vec<i16>> {
    changed_spectra(samples, |spectra| {
        let noise = room(spectra);
        if !worth_it(spectra, &noise) {
            return false;
        }
        filter(spectra, &noise);
        true
    })
}

/// `samples` with the late echoes of a hall taken out (Lebart's spectral subtraction): in each
/// bin, the power the frame a few hops back leaves behind as it dies away over `seconds` (the
/// time echoes take to fall by 60 dB) is subtracted, a floor kept.
pub fn dereverberated(samples: &[i16], seconds: f32) -> Vec<i16> {
    through_spectra(samples, |spectra| {
        let hop_seconds = HOP as f32 / 16_000.0;
        // Power falls by 60 dB over `seconds`: over the delay, by this factor.
        let fall = 10f32.powf(-6.0 * LATE_HOPS as f32 * hop_seconds / seconds.max(0.1));
        let heard: Vec<Vec<f32>> = spectra.iter().map(|s| s.iter().map(Complex32::norm_sqr).collect()).collect();
        for (n, spectrum) in spectra.iter_mut().enumerate().skip(LATE_HOPS) {
            for (k, bin) in spectrum.iter_mut().enumerate() {
                let late = fall * heard[n - LATE_HOPS][k];
                let power = heard[n][k].max(1e-6);
                *bin *= (1.0 - late / power).max(ECHO_FLOOR * ECHO_FLOOR).sqrt();
            }
        }
        true
    })
}

/// `samples` through a short-time spectrum that `change` may change (`false`: it did not, and the
/// samples come back as they were).
fn through_spectra(samples: &[i16], change: impl FnOnce(&mut [Vec<Complex32>]) -> bool) -> Vec<i16> {
    changed_spectra(samples, change).unwrap_or_else(|| samples.to_vec())
}

/// The same, `None` where `change` did not change them (or they are too short to).
fn changed_spectra(samples: &[i16], change: impl FnOnce(&mut [Vec<Complex32>]) -> bool) -> Option<Vec<i16>> {
    let frames = frames(samples.len());
    if frames < 8 {
        return None;
    }
    let window: Vec<f32> = (0..SIZE).map(|i| (std::f32::consts::PI * (i as f32 + 0.5) / SIZE as f32).sin()).collect();
    let mut planner = RealFftPlanner::<f32>::new();
    let (forward, inverse) = (planner.plan_fft_forward(SIZE), planner.plan_fft_inverse(SIZE));
    let mut spectra = Vec::with_capacity(frames);
    let mut frame = vec![0.0f32; SIZE];
    for n in 0..frames {
        for (i, x) in frame.iter_mut().enumerate() {
            *x = samples.get(n * HOP + i).map_or(0.0, |&s| f32::from(s)) * window[i];
        }
        let mut spectrum = forward.make_output_vec();
        if forward.process(&mut frame, &mut spectrum).is_err() {
            return None;
        }
        spectra.push(spectrum);
    }
    if !change(&mut spectra) {
        return None;
    }
    let mut out = vec![0.0f32; frames * HOP + SIZE];
    for (n, spectrum) in spectra.iter_mut().enumerate() {
        if inverse.process(spectrum, &mut frame).is_err() {
            return None;
        }
        for (i, x) in frame.iter().enumerate() {
            out[n * HOP + i] += x * window[i] / SIZE as f32;
        }
    }
    Some(out.iter().take(samples.len()).map(|s| s.round().clamp(-32768.0, 32767.0) as i16).collect())
}

/// Frames needed to cover `len` samples.
fn frames(len: usize) -> usize {
    len.div_ceil(HOP)
}

/// Each frame's power.
fn power(spectrum: &[Complex32]) -> f32 {
    spectrum.iter().map(Complex32::norm_sqr).sum()
}

/// The room's noise power in each bin: the mean over the quietest frames.
fn room(spectra: &[Vec<Complex32>]) -> Vec<f32> {
    let mut order: Vec<usize> = (0..spectra.len()).collect();
    order.sort_by(|&a, &b| power(&spectra[a]).total_cmp(&power(&spectra[b])));
    let quietest = &order[..((spectra.len() as f32 * QUIETEST) as usize).max(2)];
    let bins = spectra[0].len();
    (0..bins).map(|k| quietest.iter().map(|&n| spectra[n][k].norm_sqr()).sum::<f32>() / quietest.len() as f32).collect()
}

/// Whether the room is loud enough beside the voice (its loudest frame) to be worth filtering.
fn worth_it(spectra: &[Vec<Complex32>], noise: &[f32]) -> bool {
    let loudest = spectra.iter().map(|s| power(s)).fold(0.0f32, f32::max);
    let room: f32 = noise.iter().sum();
    room > 0.0 && 10.0 * (loudest / room).log10() < QUIET_ROOM_DB
}

/// Each bin scaled by its Wiener gain, the a-priori ratio decided from frame to frame.
fn filter(spectra: &mut [Vec<Complex32>], noise: &[f32]) {
    let mut last = vec![0.0f32; noise.len()];
    for spectrum in spectra.iter_mut() {
        for (k, bin) in spectrum.iter_mut().enumerate() {
            let n = noise[k].max(1e-6);
            let posterior = bin.norm_sqr() / n;
            let prior = SMOOTHING * last[k] / n + (1.0 - SMOOTHING) * (posterior - 1.0).max(0.0);
            let gain = (prior / (1.0 + prior)).max(FLOOR);
            *bin *= gain;
            last[k] = bin.norm_sqr();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A steady noise (a fixed pseudo-random sequence) of `len` samples at about `level` RMS.
    fn hiss(len: usize, level: f32) -> Vec<f32> {
        let mut state = 12345u32;
        (0..len)
            .map(|_| {
                state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                (state >> 8) as f32 / (1u32 << 24) as f32 * 2.0 - 1.0
            })
            .map(|x| x * level * 3f32.sqrt())
            .collect()
    }

    /// A vowel-like voice (a few harmonics of 150 Hz) of `len` samples at about `level` RMS.
    fn vowel(len: usize, level: f32) -> Vec<f32> {
        (0..len)
            .map(|i| {
                let t = i as f32 / 16_000.0;
                (1..=4).map(|h| (2.0 * std::f32::consts::PI * 150.0 * h as f32 * t).sin() / h as f32).sum::<f32>()
            })
            .map(|x| x * level / 0.85)
            .collect()
    }

    fn rms(samples: &[i16]) -> f32 {
        (samples.iter().map(|&s| f32::from(s).powi(2)).sum::<f32>() / samples.len() as f32).sqrt()
    }

    /// Half a second of the room, a second of voice 10 dB over it, half a second of the room.
    fn said_in_noise(voice_level: f32, room_level: f32) -> Vec<i16> {
        let room = hiss(32_000, room_level);
        let voice = vowel(16_000, voice_level);
        room.iter()
            .enumerate()
            .map(|(i, r)| r + if (8_000..24_000).contains(&i) { voice[i - 8_000] } else { 0.0 })
            .map(|s| s as i16)
            .collect()
    }

    #[test]
    fn the_room_is_taken_out_and_the_voice_kept() {
        let noisy = said_in_noise(3_000.0, 950.0);
        let clean = denoised(&noisy);
        assert_eq!(clean.len(), noisy.len());
        let room_before = rms(&noisy[1_000..7_000]);
        let room_after = rms(&clean[1_000..7_000]);
        assert!(20.0 * (room_before / room_after).log10() > 12.0, "{room_before} → {room_after}");
        let voice_before = rms(&noisy[10_000..22_000]);
        let voice_after = rms(&clean[10_000..22_000]);
        assert!(20.0 * (voice_before / voice_after).log10().abs() < 2.0, "{voice_before} → {voice_after}");
    }

    #[test]
    fn a_halls_late_echoes_are_taken_out_and_the_voice_kept() {
        // Half a second of a hiss (a broad sound, as a fricative), then its echo dying away by
        // 60 dB over a second (as a hall leaves it), then silence.
        let sound = hiss(24_000, 3_000.0);
        let (voice, tail) = (&sound[..8_000], &sound[8_000..]);
        let mut said: Vec<i16> = vec![0; 4_000];
        said.extend(voice.iter().map(|&v| v as i16));
        said.extend(tail.iter().enumerate().map(|(i, &t)| (0.7 * t * 10f32.powf(-3.0 * i as f32 / 16_000.0)) as i16));
        said.extend(vec![0i16; 4_000]);
        let dry = dereverberated(&said, 1.0);
        assert_eq!(dry.len(), said.len());
        // Just after the voice, its echo is what the voice left: taken out.
        let echo_before = rms(&said[12_600..14_000]);
        let echo_after = rms(&dry[12_600..14_000]);
        assert!(20.0 * (echo_before / echo_after).log10() > 3.5, "{echo_before} → {echo_after}");
        // A steady sound is taken for its own echo in part (Lebart's method): a little softer.
        let voice_before = rms(&said[5_000..11_000]);
        let voice_after = rms(&dry[5_000..11_000]);
        assert!(20.0 * (voice_before / voice_after).log10().abs() < 3.0, "{voice_before} → {voice_after}");
    }

    #[test]
    fn a_quiet_room_and_a_short_sound_are_heard_as_they_are() {
        let quiet = said_in_noise(3_000.0, 20.0);
        assert_eq!(denoised(&quiet), quiet);
        let short = &said_in_noise(3_000.0, 950.0)[..1_000];
        assert_eq!(denoised(short), short);
    }
}
