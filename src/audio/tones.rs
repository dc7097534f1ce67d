//! The sound of each cue, as a short sequence of tones with soft edges: distinct in pitch,
//! length and rhythm so that each can be told apart by ear alone.

use super::Cue;

/// One tone: frequency (Hz, 0 for silence) and length (ms).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tone {
    /// The pitch in hertz.
    pub hz: f32,
    /// The length in milliseconds.
    pub ms: u32,
}

const fn t(hz: f32, ms: u32) -> Tone {
    Tone { hz, ms }
}

const GAP: Tone = t(0.0, 60);

impl Cue {
    /// The tones of this cue, in order.
    pub fn tones(self) -> Vec<Tone> {
        match self {
            Cue::Move => vec![t(880.0, 70)],
            Cue::Capture => vec![t(660.0, 60), t(0.0, 30), t(990.0, 80)],
            Cue::Check => vec![t(740.0, 70), t(988.0, 70), t(1319.0, 110)],
            Cue::Illegal => vec![t(196.0, 250)],
            Cue::Error => vec![t(311.0, 120), GAP, t(233.0, 160)],
            Cue::Tick5 => vec![t(1568.0, 35)],
            Cue::Tick15 => vec![t(1568.0, 35), t(0.0, 110), t(1568.0, 35)],
            Cue::LowTime => vec![t(1047.0, 90), GAP, t(1047.0, 90), GAP, t(1047.0, 90)],
            Cue::Flag => vec![t(1175.0, 160), t(880.0, 160), t(659.0, 160), t(440.0, 400)],
            Cue::GameEnd => vec![t(523.0, 150), t(659.0, 150), t(784.0, 300)],
        }
    }
}

/// The samples of a cue at `rate` Hz, mono, amplitude scaled by `volume` (0.0–1.0).
pub fn samples(cue: Cue, rate: u32, volume: f32) -> Vec<f32> {
    let volume = volume.clamp(0.0, 1.0);
    let mut out = Vec::new();
    for tone in cue.tones() {
        let n = (rate as u64 * tone.ms as u64 / 1000) as usize;
        // 5 ms fade in and out, so tones click neither on nor off.
        let fade = ((rate / 200) as usize).clamp(1, (n / 2).max(1));
        for i in 0..n {
            let envelope = (i.min(n - 1 - i) as f32 / fade as f32).min(1.0);
            let phase = std::f32::consts::TAU * tone.hz * i as f32 / rate as f32;
            let value = if tone.hz > 0.0 { phase.sin() } else { 0.0 };
            out.push(value * envelope * volume);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn length_ms(cue: Cue) -> u32 {
        cue.tones().iter().map(|t| t.ms).sum()
    }

    #[test]
    fn every_cue_is_audible_and_short() {
        for cue in Cue::ALL {
            let s = samples(cue, 22050, 0.5);
            let expected = (22050 * length_ms(cue) / 1000) as usize;
            assert!(s.len().abs_diff(expected) <= cue.tones().len(), "{cue}: {} samples", s.len());
            let peak = s.iter().fold(0.0f32, |m, v| m.max(v.abs()));
            assert!(peak > 0.4 && peak <= 0.5, "{cue}: peak {peak}");
            assert!(length_ms(cue) <= 1000, "{cue}");
        }
    }

    #[test]
    fn cues_differ() {
        for (i, a) in Cue::ALL.iter().enumerate() {
            for b in &Cue::ALL[i + 1..] {
                assert_ne!(a.tones(), b.tones(), "{a} and {b} sound alike");
            }
        }
    }

    #[test]
    fn volume_zero_is_silent() {
        assert!(samples(Cue::Move, 8000, 0.0).iter().all(|v| *v == 0.0));
    }
}
