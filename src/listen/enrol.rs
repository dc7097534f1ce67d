//! Enrolment: the player says a few phrases, and the recogniser is fitted to the voice — each
//! phrase heard, forced, through every frequency warp of a range (vocal tract length
//! normalisation: a longer or shorter vocal tract moves every formant alike), and the warp under
//! which the model fits the phrases best is the voice's.

use shakmaty::{san::San, Chess, Position};

use super::recognizer::{ListenError, Recognizer};
use super::vocabulary::vocabulary;
use super::voice::VoiceFit;
use crate::notation::{spoken, PhrasePack, SpokenStyle};

/// The warps tried: from a voice a third lower than the model's to one a quarter higher.
pub const WARPS: [f32; 13] = [0.70, 0.75, 0.80, 0.85, 0.90, 0.95, 1.0, 1.05, 1.10, 1.15, 1.20, 1.25, 1.30];

/// The moves whose phrases the player says: the first moves of a game, every piece named.
const MOVES: &str = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O Qe2 Bg4";

/// The phrases the player is asked to say, in the words of `pack`.
pub fn prompts(pack: &PhrasePack, count: usize) -> Vec<String> {
    let vocabulary = vocabulary(&pack.name).unwrap_or(super::vocabulary::VOCABULARIES[0]);
    let mut pos = Chess::default();
    let mut out = Vec::new();
    for san in MOVES.split_whitespace().take(count) {
        let Some(mv) = san.parse::<San>().ok().and_then(|s| s.to_move(&pos).ok()) else { break };
        out.push(vocabulary.said(&spoken(&pos, mv, pack, SpokenStyle::default())));
        pos.play_unchecked(mv);
    }
    out
}

/// The warp under which the phrases `said` (each its words and its 16 kHz samples) fit best.
pub fn fit_voice(said: &[(String, Vec<i16>)]) -> Result<VoiceFit, ListenError> {
    let mut best: Option<(f32, f32)> = None;
    for warp in WARPS {
        let mut recognizer = Recognizer::warped(None, Some(warp))?;
        let mut total = 0.0;
        for (words, samples) in said {
            // A phrase the model cannot follow at this warp counts as far off.
            total += recognizer.fit(words, samples)?.unwrap_or(-1e6);
        }
        if best.is_none_or(|(_, score)| total > score) {
            best = Some((warp, total));
        }
    }
    Ok(VoiceFit { warp: best.map_or(1.0, |(warp, _)| warp), phrases: said.len() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prompts_are_phrases_in_the_players_words() {
        let de = prompts(&PhrasePack::named("appendix-e").unwrap(), 4);
        assert_eq!(de, ["eva vier", "eva fünf", "springer felix drei", "springer cesar sechs"]);
        let en = prompts(&PhrasePack::named("en").unwrap(), 9);
        assert_eq!(en[2], "knight f three");
        assert_eq!(en[8], "short castle");
        assert_eq!(prompts(&PhrasePack::named("et").unwrap(), 40).len(), 18);
    }
}
