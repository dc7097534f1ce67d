//! The wall clock, read only at the edge: Unix milliseconds for the journal and new file names,
//! and a PGN date (`2026.11.21`) from them.

/// The wall clock in Unix milliseconds.
pub fn wall_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}

/// A PGN date (`2026.11.21`) from Unix milliseconds (the civil calendar, UTC).
pub fn pgn_date(unix_ms: u64) -> String {
    let days = (unix_ms / 86_400_000) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn pgn_dates() {
        assert_eq!(super::pgn_date(0), "1970.01.01");
        assert_eq!(super::pgn_date(1_795_294_249_149), "2026.11.21");
        assert_eq!(super::pgn_date(951_782_400_000), "2000.02.29");
    }
}
