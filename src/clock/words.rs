//! Durations as typed by people: `5m`, `90s`, `1h2m3s`, `1:30:00`, `2` (minutes).

use std::time::Duration;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a duration; write it like 5m, 90s, 1h2m3s or 1:30:00")]
/// A duration that cannot be read; the text given.
pub struct DurationError(pub String);

/// A duration from text: units h, m, s in any combination, `H:MM:SS` / `M:SS`, or whole minutes.
pub fn parse_duration(text: &str) -> Result<Duration, DurationError> {
    let t = text.trim().to_ascii_lowercase();
    let err = || DurationError(text.to_string());
    if t.is_empty() {
        return Err(err());
    }
    if t.contains(':') {
        let parts: Vec<u64> = t.split(':').map(|p| p.parse::<u64>().map_err(|_| err())).collect::<Result<_, _>>()?;
        let secs = match parts[..] {
            [m, s] if s < 60 => m * 60 + s,
            [h, m, s] if m < 60 && s < 60 => h * 3600 + m * 60 + s,
            _ => return Err(err()),
        };
        return Ok(Duration::from_secs(secs));
    }
    if let Ok(minutes) = t.parse::<u64>() {
        return Ok(Duration::from_secs(minutes * 60));
    }
    let mut total = 0u64;
    let mut digits = String::new();
    let mut seen_unit = false;
    for c in t.chars() {
        match c {
            '0'..='9' => digits.push(c),
            'h' | 'm' | 's' if !digits.is_empty() => {
                let n: u64 = digits.parse().map_err(|_| err())?;
                total += n * match c {
                    'h' => 3600,
                    'm' => 60,
                    _ => 1,
                };
                digits.clear();
                seen_unit = true;
            }
            _ => return Err(err()),
        }
    }
    if !digits.is_empty() || !seen_unit {
        return Err(err());
    }
    Ok(Duration::from_secs(total))
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
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }
}
