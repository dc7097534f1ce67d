//! Time controls (Art. 6.2): sudden death, Fischer increment, delay mode, periods with move counts
//! and carried-over time, the PGN `TimeControl` tag forms, `none`, and named presets.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// One period of a time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// Moves to make in this period; `None` for the rest of the game.
    pub moves: Option<u32>,
    /// Time added to the clock when the period begins.
    pub base: Duration,
    /// Fischer increment, added after every move of the period.
    pub increment: Duration,
    /// Delay (6.2b): at every move the main time only runs once this much has passed.
    pub delay: Duration,
}

/// A whole time control: its periods in order. When the last period has a move count, it
/// repeats (the 1953 controls: "then 16 moves per hour"). No periods means no clock.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TimeControl {
    /// The periods, in order.
    pub periods: Vec<Period>,
}

/// Why a time control was refused; the message lists the accepted forms.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a time control ({why}). Use G/90, 90, 90+30, 90d5, 40/120,20/60,G/30, 40/90+30,G/30+30, 5400+30, 40/7200:3600, none, or a preset: {presets}")]
pub struct ControlError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub why: ControlFault,
    /// The names of the presets.
    pub presets: String,
}

/// What is wrong with a time control.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ControlFault {
    /// A part that should be a count or a time is not a whole number.
    #[error("{0:?} is not a whole number")]
    NotWholeNumber(String),
    /// A period gives neither time nor time a move.
    #[error("a period needs some time")]
    NoTime,
    /// A period gives more than a day.
    #[error("a period lasts at most 24 hours")]
    TooLong,
    /// A move adds more than an hour.
    #[error("a move adds at most one hour")]
    AddsTooMuch,
    /// A period counts more than 200 moves.
    #[error("a period has at most 200 moves")]
    TooManyMoves,
    /// A period counts no move.
    #[error("a period needs at least one move")]
    NoMoves,
    /// The PGN tag names none (`?`, a sandclock).
    #[error("it names no time control")]
    NamesNone,
    /// Nothing was given.
    #[error("it is empty")]
    Empty,
    /// A period for the rest of the game comes before another.
    #[error("only the last period can be for the rest of the game")]
    RestNotLast,
}

const MINUTE: u64 = 60;
/// The most time a period may give (a day: more is no game's clock), in seconds.
const MOST_BASE: u64 = 24 * 60 * MINUTE;
/// The most a move may add (increment or delay), in seconds.
const MOST_ADDED: u64 = 60 * MINUTE;
/// The most moves a period may count.
const MOST_MOVES: u64 = 200;

/// Named presets: FIDE classical, rapid, blitz and the four controls of the 1953 code (§19).
pub const PRESETS: [(&str, &str); 7] = [
    ("fide-classical", "40/90+30,G/30+30"),
    ("rapid", "15+10"),
    ("blitz", "3+2"),
    ("ussr-1", "40/150,16/60"),
    ("ussr-2", "36/120,18/60"),
    ("ussr-3", "40/120,20/60"),
    ("ussr-4", "45/150,18/60"),
];

impl TimeControl {
    /// No clock at all.
    pub fn none() -> TimeControl {
        TimeControl::default()
    }

    /// Whether this is no clock at all.
    pub fn is_none(&self) -> bool {
        self.periods.is_empty()
    }

    /// The period a player is in after completing `index` periods (the last one repeats).
    pub fn period(&self, index: usize) -> Option<&Period> {
        self.periods.get(index.min(self.periods.len().saturating_sub(1)))
    }

    /// Minutes for 60 moves of the first period, as the rapid/blitz definitions count them
    /// (A.1: time plus 60 times the increment).
    pub fn game_minutes(&self) -> Option<f64> {
        let first = self.periods.first()?;
        Some((first.base + first.increment * 60).as_secs_f64() / 60.0)
    }
}

fn refuse(text: &str, why: ControlFault) -> ControlError {
    let presets = PRESETS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ");
    ControlError { text: text.to_string(), why, presets }
}

fn number(text: &str, part: &str) -> Result<u64, ControlError> {
    part.trim().parse::<u64>().map_err(|_| refuse(text, ControlFault::NotWholeNumber(part.to_string())))
}

/// `BASE`, `BASE+INC` or `BASEdDELAY`, minutes (or seconds for PGN forms) and seconds.
fn period(text: &str, spec: &str, moves: Option<u32>, unit: u64) -> Result<Period, ControlError> {
    let spec = spec.trim();
    let spec = spec.strip_prefix("G/").or_else(|| spec.strip_prefix("g/")).unwrap_or(spec);
    let (base, increment, delay) = if let Some((b, i)) = spec.split_once('+') {
        (b, number(text, i)?, 0)
    } else if let Some((b, d)) = spec.split_once(['d', 'D']) {
        (b, 0, number(text, d)?)
    } else {
        (spec, 0, 0)
    };
    let base = number(text, base)?.saturating_mul(unit);
    if base == 0 && increment == 0 {
        return Err(refuse(text, ControlFault::NoTime));
    }

    Ok(Period {
        moves,
        base: Duration::from_secs(base),
        increment: Duration::from_secs(increment),
        delay: Duration::from_secs(delay),
    })
}

/// The control, if every period is within sense: at most a day's time, an hour added a move,
/// 200 moves.
fn within_sense(text: &str, control: TimeControl) -> Result<TimeControl, ControlError> {
    for p in &control.periods {
        if p.base.as_secs() > MOST_BASE {
            return Err(refuse(text, ControlFault::TooLong));
        }
        if p.increment.max(p.delay).as_secs() > MOST_ADDED {
            return Err(refuse(text, ControlFault::AddsTooMuch));
        }
        if p.moves.is_some_and(|m| u64::from(m) > MOST_MOVES) {
            return Err(refuse(text, ControlFault::TooManyMoves));
        }
    }
    Ok(control)
}

/// `MOVES/SPEC` or `SPEC`.
fn counted(text: &str, part: &str, unit: u64) -> Result<Period, ControlError> {
    match part.split_once('/') {
        Some((m, spec)) if !m.trim().eq_ignore_ascii_case("g") => {
            let moves = number(text, m)?;
            if moves == 0 {
                return Err(refuse(text, ControlFault::NoMoves));
            }
            period(text, spec, Some(moves.min(u64::from(u32::MAX)) as u32), unit)
        }
        _ => period(text, part, None, unit),
    }
}

/// The PGN tag (seconds): `5400+30`, `40/7200:3600`, `-`.
fn pgn(text: &str) -> Result<TimeControl, ControlError> {
    let periods = text.split(':').map(|p| counted(text, p, 1)).collect::<Result<Vec<_>, _>>()?;
    within_sense(text, TimeControl { periods })
}

impl TimeControl {
    /// The PGN `TimeControl` tag: `5400+30`, `40/5400+30:1800+30`, `-` (read back by
    /// [`TimeControl::from_pgn_tag`]).
    pub fn pgn_tag(&self) -> String {
        if self.is_none() {
            return "-".into();
        }
        let parts: Vec<String> = self
            .periods
            .iter()
            .map(|p| {
                let mut s = match p.moves {
                    Some(m) => format!("{m}/{}", p.base.as_secs()),
                    None => p.base.as_secs().to_string(),
                };
                if !p.increment.is_zero() {
                    s.push_str(&format!("+{}", p.increment.as_secs()));
                }
                if !p.delay.is_zero() {
                    s.push_str(&format!("d{}", p.delay.as_secs()));
                }
                s
            })
            .collect();
        parts.join(":")
    }

    /// The PGN `TimeControl` tag, whose numbers are seconds (`300+3` is five minutes and three
    /// seconds a move, `40/7200:3600` two hours for 40 moves then an hour); `-` is none, `?` and
    /// the forms the standard does not have (`*10`, sandclock) are refused.
    pub fn from_pgn_tag(text: &str) -> Result<TimeControl, ControlError> {
        match text.trim() {
            "-" => Ok(TimeControl::none()),
            t if t.is_empty() || t == "?" || t.starts_with('*') => Err(refuse(text, ControlFault::NamesNone)),
            t => pgn(t),
        }
    }
}

impl FromStr for TimeControl {
    type Err = ControlError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let t = text.trim();
        if t.is_empty() {
            return Err(refuse(text, ControlFault::Empty));
        }
        if t.eq_ignore_ascii_case("none") || t == "-" {
            return Ok(TimeControl::none());
        }
        if let Some((_, spec)) = PRESETS.iter().find(|(name, _)| name.eq_ignore_ascii_case(t)) {
            return spec.parse();
        }
        if t.contains(':') {
            return pgn(t);
        }
        let periods = t.split(',').map(|p| counted(text, p, MINUTE)).collect::<Result<Vec<_>, _>>()?;
        // A single base over ten hours is the PGN tag's seconds (5400+30), not minutes; but
        // `G/` says minutes (`G/1500` is 25 hours, and refused as such).
        let said_minutes = t.get(..2).is_some_and(|g| g.eq_ignore_ascii_case("g/"));
        if let [p] = periods[..] {
            if p.moves.is_none() && p.base > Duration::from_secs(600 * MINUTE) && !said_minutes {
                return pgn(t);
            }
        }
        if periods[..periods.len() - 1].iter().any(|p| p.moves.is_none()) {
            return Err(refuse(text, ControlFault::RestNotLast));
        }
        within_sense(text, TimeControl { periods })
    }
}

fn minutes(d: Duration) -> String {
    let s = d.as_secs();
    if s.is_multiple_of(MINUTE) {
        (s / MINUTE).to_string()
    } else {
        format!("{:.1}", s as f64 / MINUTE as f64)
    }
}

impl fmt::Display for TimeControl {
    /// The canonical form: `40/90+30,G/30+30`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            return f.write_str("none");
        }
        let parts: Vec<String> = self
            .periods
            .iter()
            .map(|p| {
                let mut s = match p.moves {
                    Some(m) => format!("{m}/{}", minutes(p.base)),
                    None => format!("G/{}", minutes(p.base)),
                };
                if !p.increment.is_zero() {
                    s.push_str(&format!("+{}", p.increment.as_secs()));
                }
                if !p.delay.is_zero() {
                    s.push_str(&format!("d{}", p.delay.as_secs()));
                }
                s
            })
            .collect();
        f.write_str(&parts.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pgn_tag_is_always_seconds() {
        let blitz = TimeControl::from_pgn_tag("300+3").unwrap();
        assert_eq!(blitz.periods[0].base, Duration::from_secs(300));
        assert_eq!(blitz.periods[0].increment, Duration::from_secs(3));
        let classical = TimeControl::from_pgn_tag("40/7200:3600").unwrap();
        assert_eq!(classical.periods[0].moves, Some(40));
        assert_eq!(classical.periods[1].base, Duration::from_secs(3600));
        assert!(TimeControl::from_pgn_tag("-").unwrap().is_none());
        assert!(TimeControl::from_pgn_tag("?").is_err());
    }

    #[test]
    fn the_pgn_tag_is_written_in_seconds_and_read_back() {
        for tag in ["-", "5400+30", "40/7200+30:1800+30", "300d2"] {
            let control = TimeControl::from_pgn_tag(tag).unwrap();
            assert_eq!(control.pgn_tag(), tag);
        }
        assert_eq!("G/90+30".parse::<TimeControl>().unwrap().pgn_tag(), "5400+30");
    }

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    fn one(text: &str) -> Period {
        let tc: TimeControl = text.parse().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(tc.periods.len(), 1, "{text}");
        tc.periods[0]
    }

    #[test]
    fn every_accepted_form() {
        assert_eq!(one("G/90"), Period { moves: None, base: secs(5400), increment: secs(0), delay: secs(0) });
        assert_eq!(one("90"), one("G/90"));
        // Seconds as the PGN tag writes them, unless `G/` says minutes.
        assert_eq!(one("5400"), one("G/90"));
        assert!(matches!("G/1500".parse::<TimeControl>(), Err(ControlError { why: ControlFault::TooLong, .. })));
        assert_eq!(one("90+30").increment, secs(30));
        assert_eq!(one("90d5").delay, secs(5));
        assert_eq!(one("90d5").base, secs(5400));
        assert_eq!(one("5400+30"), one("90+30"));
        let multi: TimeControl = "40/120,20/60,G/30".parse().unwrap();
        assert_eq!(multi.periods.len(), 3);
        assert_eq!(multi.periods[0].moves, Some(40));
        assert_eq!(multi.periods[1].base, secs(3600));
        assert_eq!(multi.periods[2].moves, None);
        let fide: TimeControl = "40/90+30,G/30+30".parse().unwrap();
        assert_eq!(fide.periods[1], Period { moves: None, base: secs(1800), increment: secs(30), delay: secs(0) });
        let tag: TimeControl = "40/7200:3600".parse().unwrap();
        assert_eq!(tag, "40/120,G/60".parse().unwrap());
        assert!("none".parse::<TimeControl>().unwrap().is_none());
        assert!("-".parse::<TimeControl>().unwrap().is_none());
    }

    #[test]
    fn presets() {
        assert_eq!("fide-classical".parse::<TimeControl>().unwrap(), "40/90+30,G/30+30".parse().unwrap());
        assert_eq!("rapid".parse::<TimeControl>().unwrap(), "15+10".parse().unwrap());
        assert_eq!("blitz".parse::<TimeControl>().unwrap(), "3+2".parse().unwrap());
        let ussr: TimeControl = "ussr-1".parse().unwrap();
        // 40 moves in 2.5 hours, then 16 moves an hour, repeating.
        assert_eq!(ussr.periods[0].base, secs(9000));
        assert_eq!(ussr.period(5), Some(&ussr.periods[1]));
        for name in ["ussr-2", "ussr-3", "ussr-4"] {
            assert_eq!(name.parse::<TimeControl>().unwrap().periods.len(), 2);
        }
    }

    #[test]
    fn canonical_form_round_trips() {
        for text in ["G/90", "G/90+30", "G/90d5", "40/120,20/60,G/30", "40/90+30,G/30+30", "40/150,16/60", "none"] {
            let tc: TimeControl = text.parse().unwrap();
            assert_eq!(tc.to_string(), text);
        }
    }

    #[test]
    fn malformed_forms_are_refused_with_the_accepted_ones() {
        for text in ["", "abc", "90+", "G/", "0", "40/", "0/90", "G/30,40/90", "90x5", "1.5", "40/90:x"] {
            let err = text.parse::<TimeControl>().unwrap_err();
            let message = err.to_string();
            assert!(message.contains("90+30") && message.contains("fide-classical"), "{text}: {message}");
        }
    }

    #[test]
    fn times_and_counts_beyond_sense_are_refused() {
        for (text, why) in [
            ("G/99999999999999999", "at most 24 hours"),
            ("99999999999999999999+30", "not a whole number"),
            ("99999999999+99999999999", "at most 24 hours"),
            ("90+99999", "at most one hour"),
            ("90d3601", "at most one hour"),
            ("40/99999999999,G/30", "at most 24 hours"),
            ("99999/90,G/30", "at most 200 moves"),
            ("86401", "at most 24 hours"),
        ] {
            let err = text.parse::<TimeControl>().unwrap_err().to_string();
            assert!(err.contains(why), "{text}: {err}");
        }
        assert!("G/1440".parse::<TimeControl>().is_ok());
        assert!("86400+3600".parse::<TimeControl>().is_ok());
    }

    #[test]
    fn rapid_and_blitz_minutes() {
        assert_eq!("15+10".parse::<TimeControl>().unwrap().game_minutes(), Some(25.0));
        assert_eq!("3+2".parse::<TimeControl>().unwrap().game_minutes(), Some(5.0));
    }
}
