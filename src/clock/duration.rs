//! Durations as typed by people: `5m`, `90s`, `1h2m3s`, `1:30:00`, `2` (minutes).

use std::time::Duration;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
/// A duration refused.
pub enum DurationError {
    /// The text cannot be read as a duration; the text given.
    #[error("{0:?} is not a duration; write it like 5m, 90s, 1h2m3s or 1:30:00")]
    Unreadable(String),
    /// Longer than any game's clock can sensibly use.
    #[error("{0:?} is longer than 24 hours")]
    TooLong(String),
}

/// The longest duration taken: a day.
pub const MOST: Duration = Duration::from_secs(24 * 3600);

/// A duration from text: units h, m, s in any combination, `H:MM:SS` / `M:SS`, or whole minutes.
pub fn parse_duration(text: &str) -> Result<Duration, DurationError> {
    let secs = seconds(text)?;
    match secs.filter(|&s| s <= MOST.as_secs()) {
        Some(secs) => Ok(Duration::from_secs(secs)),
        None => Err(DurationError::TooLong(text.trim().to_string())),
    }
}

/// The seconds of a duration as typed; `None` when there are too many to count.
fn seconds(text: &str) -> Result<Option<u64>, DurationError> {
    let t = text.trim().to_ascii_lowercase();
    let err = || DurationError::Unreadable(text.to_string());
    if t.is_empty() {
        return Err(err());
    }
    if t.contains(':') {
        let parts: Vec<u64> = t.split(':').map(|p| p.parse::<u64>().map_err(|_| err())).collect::<Result<_, _>>()?;
        return match parts[..] {
            [m, s] if s < 60 => Ok(m.checked_mul(60).and_then(|m| m.checked_add(s))),
            [h, m, s] if m < 60 && s < 60 => Ok(h.checked_mul(3600).and_then(|h| h.checked_add(m * 60 + s))),
            _ => Err(err()),
        };
    }
    if t.chars().all(|c| c.is_ascii_digit()) {
        // Whole minutes; more digits than a number holds are too many.
        return Ok(t.parse::<u64>().ok().and_then(|m| m.checked_mul(60)));
    }
    let mut total = Some(0u64);
    let mut digits = String::new();
    let mut seen_unit = false;
    for c in t.chars() {
        match c {
            '0'..='9' => digits.push(c),
            'h' | 'm' | 's' if !digits.is_empty() => {
                let unit = match c {
                    'h' => 3600,
                    'm' => 60,
                    _ => 1,
                };
                let n = digits.parse::<u64>().ok().and_then(|n| n.checked_mul(unit));
                total = total.zip(n).and_then(|(t, n)| t.checked_add(n));
                digits.clear();
                seen_unit = true;
            }
            _ => return Err(err()),
        }
    }
    if !digits.is_empty() || !seen_unit {
        return Err(err());
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        assert_eq!(parse_duration("5m"), Ok(Duration::from_secs(300)));
        assert_eq!(parse_duration("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("1h2m3s"), Ok(Duration::from_secs(3723)));
        assert_eq!(parse_duration("1:30:00"), Ok(Duration::from_secs(5400)));
        assert_eq!(parse_duration("2:05"), Ok(Duration::from_secs(125)));
        assert_eq!(parse_duration("2"), Ok(Duration::from_secs(120)));
        for bad in ["", "m", "5x", "1:70", "5m3", "-5m"] {
            assert_eq!(parse_duration(bad), Err(DurationError::Unreadable(bad.into())), "{bad}");
        }
        assert_eq!(parse_duration("24h"), Ok(MOST));
        for long in [
            "24h1s",
            "1441",
            "999999999999999999m",
            "99999999999999999999999",
            "99999999999:00:00",
            "1:99999999999999999:00",
        ] {
            assert!(parse_duration(long).is_err(), "{long}");
        }
        assert_eq!(parse_duration("999999999999999999m"), Err(DurationError::TooLong("999999999999999999m".into())));
    }
}
