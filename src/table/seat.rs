//! Who sits at the tactile board, as named in files and on the command line.

use shakmaty::Color;

/// Who sits at the tactile board, as named in files and on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, strum::EnumIter, strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "lowercase")]
pub enum Seat {
    /// White plays at the tactile board.
    White,
    /// Black plays at the tactile board.
    Black,
    /// Nobody: two sighted players.
    #[default]
    None,
}

crate::choice::choice!(Seat, "player");

impl Seat {
    /// The colour of the player at the tactile board, if any.
    pub fn color(self) -> Option<Color> {
        match self {
            Seat::White => Some(Color::White),
            Seat::Black => Some(Color::Black),
            Seat::None => None,
        }
    }
}

/// Who sits at the tactile board.
pub fn parse_blind(s: &str) -> Result<Option<Color>, crate::choice::UnknownChoice> {
    s.parse::<Seat>().map(Seat::color)
}
