//! Properties of the table over random legal games: boards relayed faithfully never diverge, and
//! after any single wrong relay, reconciling from the agreeing scoresheets restores both boards
//! to the game.

use annabella::config::Settings;
use annabella::notation::uci as uci_of;
use annabella::session::Session;
use shakmaty::{Color, Position};

use crate::support::{printed, quiet, started, typed};

/// A small deterministic generator (xorshift), so every run checks the same games.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn session() -> Session {
    started(Settings { cues: false, relay: "confirm".parse().unwrap(), ..quiet() })
}

fn say(s: &mut Session, line: &str) -> String {
    printed(&typed(s, line, 0)).join("\n")
}

fn boards_agree(s: &Session) -> bool {
    let want = s.game().position().board();
    Color::ALL.into_iter().all(|c| s.table().board(c).placement() == want)
}

/// Plays a random legal move by typing it; returns false when the game is over.
fn random_move(s: &mut Session, rng: &mut Random) -> bool {
    let pos = s.game().position().clone();
    let moves = pos.legal_moves();
    if s.game().is_over() || moves.is_empty() {
        return false;
    }
    let mv = moves[rng.below(moves.len())];
    let typed = uci_of(&pos, mv);
    let answer = say(s, &typed);
    assert!(s.game().ply_count() > 0 && answer.contains(':'), "{typed}: {answer}");
    true
}

#[test]
fn faithful_relays_never_diverge() {
    let mut rng = Random(0x9E37_79B9_7F4A_7C15);
    for _ in 0..40 {
        let mut s = session();
        for _ in 0..80 {
            if !random_move(&mut s, &mut rng) {
                break;
            }
            say(&mut s, "ok");
            assert!(boards_agree(&s), "diverged after {}", s.game().ply_count());
        }
    }
}

#[test]
fn reconciling_after_one_wrong_relay_restores_both_boards() {
    let mut rng = Random(0xD1B5_4A32_D192_ED03);
    for game in 0..40 {
        let mut s = session();
        let wrong_at = 1 + rng.below(40);
        for ply in 1..=60 {
            if !random_move(&mut s, &mut rng) {
                break;
            }
            let before = s.game().position_before(s.game().ply_count() - 1).clone();
            let played = s.game().moves().last().unwrap();
            let others: Vec<_> = before.legal_moves().into_iter().filter(|&m| m != played).collect();
            if ply == wrong_at && !others.is_empty() {
                let wrong = others[rng.below(others.len())];
                say(&mut s, &format!("relay {}", uci_of(&before, wrong)));
                assert!(!boards_agree(&s), "game {game}: the wrong relay went unnoticed");
            } else {
                say(&mut s, "ok");
            }
        }
        let report = say(&mut s, "reconcile");
        assert!(report.contains("agree"), "game {game}: {report}");
        // The repair comes one hand movement at a time, each confirmed with ok.
        for _ in 0..64 {
            if boards_agree(&s) {
                break;
            }
            say(&mut s, "ok");
        }
        assert!(boards_agree(&s), "game {game}: boards still differ after reconciling: {report}");
    }
}
