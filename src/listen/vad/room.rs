//! The levels the detector hears: the filter that leaves out the room's rumble, energies in dB,
//! the loudest tenth of a run of levels, and the room's usual level and swell.

use super::ROOM_FRAMES;

/// Below this the room's rumble is left out of the levels (Hz).
const LOWEST_HZ: f64 = 300.0;
/// The most swell counted, in dB: a quiet room's silence and the odd sound in it are no swell
/// the voice must rise above.
const MOST_SWELL_DB: f32 = 10.0;

/// A second-order high-pass filter (Butterworth, RBJ's biquad) at [`LOWEST_HZ`]: the rumble of a
/// room (fans, traffic, the low half of pink noise) carries much of its energy and most of its
/// slow swell, the voice little of either.
#[derive(Debug, Clone)]
pub(super) struct HighPass {
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
    pub(super) fn filter(&mut self, frame: &[i16]) -> Vec<f32> {
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
pub(super) fn energy(samples: &[f32]) -> f64 {
    samples.iter().map(|&s| f64::from(s) * f64::from(s)).sum::<f64>() / samples.len().max(1) as f64
}

/// An energy in dB below full scale.
pub(super) fn decibels(energy: f64) -> f32 {
    (10.0 * (energy / (32768.0 * 32768.0)).max(1e-12).log10()) as f32
}

/// The loudest tenth of `levels` (the level nine in ten stand under), if any.
pub(super) fn loudest_tenth(levels: &[f32]) -> Option<f32> {
    let mut sorted = levels.to_vec();
    sorted.sort_by(f32::total_cmp);
    sorted.get((sorted.len().max(1) - 1) * 9 / 10).copied()
}

/// The room's levels over the last seconds that were not speech: its usual level (the median)
/// and how much it swells (from the median to the loudest tenth). A steady room (a fan, pink
/// noise) hardly swells; a room of other voices swells much, and a voice must stand further
/// above it to be speech.
#[derive(Debug, Clone, Default)]
pub(super) struct Room {
    pub(super) levels: std::collections::VecDeque<f32>,
    /// The median, the swell and the loudest tenth, as of the last level heard.
    floor: f32,
    pub(super) swell: f32,
    pub(super) loud: f32,
}

impl Room {
    pub(super) fn hear(&mut self, level: f32) {
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
    pub(super) fn floor(&self) -> f32 {
        self.floor
    }

    /// How far above the usual level a voice stands: at least `least`, and further in a room
    /// that swells (up to a point).
    pub(super) fn rise(&self, least: f32) -> f32 {
        least.max(least / 2.0 + self.swell.min(MOST_SWELL_DB) * 1.5)
    }
}
