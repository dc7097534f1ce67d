//! How the clock is kept and heard: real or simulated time, what a fallen flag does (E.2.9e),
//! whose clock the marks and warnings are for, and how often a talking clock may speak.

use shakmaty::{ByColor, Color};

/// The most moves between the talking clock's times (`clock.time_every`, `time-every`).
pub const TIME_EVERY_MOST: i64 = 100;

/// Where the session's time comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, strum::EnumIter, strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "lowercase")]
pub enum ClockMode {
    /// The wall clock.
    #[default]
    Real,
    /// Frozen: time passes only with the `advance` command (scripts and tests).
    Simulated,
}

crate::choice::choice!(ClockMode, "clock");

/// What happens when a flag falls (E.2.9e).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, strum::EnumIter, strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "lowercase")]
pub enum FlagMode {
    /// The game is adjudicated at once (6.9).
    #[default]
    Adjudicate,
    /// The fall is announced; the result waits for the opponent's claim (`flag`).
    Claim,
}

crate::choice::choice!(FlagMode, "flag handling");

/// Whose clock something is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, strum::EnumIter, strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "lowercase")]
pub enum Listeners {
    /// The player at the tactile board (nobody when there is none).
    #[default]
    Blind,
    /// Both players.
    Both,
    /// White only.
    White,
    /// Black only.
    Black,
    /// Nobody.
    None,
}

impl Listeners {
    /// For each colour, whether it is among these listeners, with `blind` the tactile board's player.
    pub fn resolve(self, blind: Option<Color>) -> ByColor<bool> {
        ByColor::new_with(|c| match self {
            Listeners::Blind => blind == Some(c),
            Listeners::Both => true,
            Listeners::White => c == Color::White,
            Listeners::Black => c == Color::Black,
            Listeners::None => false,
        })
    }
}

crate::choice::choice!(Listeners, "choice");
