//! Round-robin pairings by Berger's tables, as printed in the appendix of the 1953 code: the
//! players drawn numbers, each round's games with the first-named playing White, and for an odd
//! number of players a bye against the missing last number.

/// A game of a round: White's number, Black's number. A number above the field is the bye.
pub type Pairing = (usize, usize);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("pairings are made for 3 to 20 players, not {0}")]
/// No pairing table for this number of players.
pub struct PairingError(pub usize);

/// `x` reduced to 1..=m.
fn wrap(x: usize, m: usize) -> usize {
    (x + m - 1) % m + 1
}

/// The rounds for `players` (3 to 20). With an even field of n = players (or players + 1 when
/// odd), round r pairs player n with the i for which 2i ≡ r + 1 (mod n − 1), i White in odd
/// rounds and n White in even ones; then i + c plays White against i − c, for c = 1 … n/2 − 1.
pub fn berger(players: usize) -> Result<Vec<Vec<Pairing>>, PairingError> {
    if !(3..=20).contains(&players) {
        return Err(PairingError(players));
    }
    let n = players + players % 2;
    let m = n - 1;
    let rounds = (1..=m)
        .map(|r| {
            let partner = (1..=m).find(|&i| (2 * i) % m == (r + 1) % m).expect("m is odd, so 2 has an inverse");
            let first = if r % 2 == 1 { (partner, n) } else { (n, partner) };
            std::iter::once(first).chain((1..n / 2).map(|c| (wrap(partner + c, m), wrap(partner + m - c, m)))).collect()
        })
        .collect();
    Ok(rounds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_tables() {
        assert_eq!(berger(4).unwrap(), vec![vec![(1, 4), (2, 3)], vec![(4, 3), (1, 2)], vec![(2, 4), (3, 1)]]);
        assert_eq!(berger(3).unwrap(), berger(4).unwrap());
        assert!(berger(2).is_err() && berger(21).is_err());
    }

    #[test]
    fn everybody_meets_everybody_once_with_balanced_colours() {
        for players in 3..=20 {
            let n = players + players % 2;
            let rounds = berger(players).unwrap();
            assert_eq!(rounds.len(), n - 1);
            let mut met = std::collections::HashSet::new();
            let mut whites = vec![0; n + 1];
            for round in &rounds {
                let mut seen: Vec<usize> = round.iter().flat_map(|&(w, b)| [w, b]).collect();
                seen.sort_unstable();
                assert_eq!(seen, (1..=n).collect::<Vec<_>>(), "{players} players");
                for &(w, b) in round {
                    assert!(met.insert((w.min(b), w.max(b))));
                    whites[w] += 1;
                }
            }
            assert!(whites[1..].iter().all(|&w| w + 1 >= n / 2 && w <= n / 2), "{whites:?}");
        }
    }
}
