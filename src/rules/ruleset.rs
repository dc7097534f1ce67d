//! The ruleset in force: which edition of the Laws decides automatic draws, penalties for illegal
//! moves and wrong claims, the rapid and blitz limits, and the exception of 6.9.

use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, strum::EnumIter, strum::IntoStaticStr, strum::VariantNames)]
/// An edition of the Laws.
pub enum Ruleset {
    /// FIDE Laws in force from 1 July 2014 (the newest seed text).
    #[default]
    #[strum(serialize = "fide-2014")]
    Fide2014,
    /// FIDE Laws in force from 1 July 2009 (Dresden 2008).
    #[strum(serialize = "fide-2008")]
    Fide2008,
    /// The USSR Chess Code of 1953.
    #[strum(serialize = "ussr-1953")]
    Ussr1953,
}

impl Ruleset {
    /// The editions, newest first.
    pub const ALL: [Ruleset; 3] = [Ruleset::Fide2014, Ruleset::Fide2008, Ruleset::Ussr1953];

    /// The edition's word in the configuration (`fide-2014`).
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// 9.6a (2014): fivefold repetition over consecutive alternate moves draws without a claim.
    pub fn automatic_fivefold(self) -> bool {
        self == Ruleset::Fide2014
    }

    /// 9.6b (2014): 75 moves by each player without pawn move or capture draws without a claim.
    pub fn automatic_seventy_five(self) -> bool {
        self == Ruleset::Fide2014
    }

    /// Blitz by the definition of the edition (2014 B.1: ten minutes or less; 2008 B.1: under
    /// fifteen), counting the time for 60 moves.
    pub fn is_blitz(self, game_minutes: Option<f64>) -> bool {
        match (self, game_minutes) {
            (_, None) | (Ruleset::Ussr1953, _) => false,
            (Ruleset::Fide2014, Some(m)) => m <= 10.0,
            (Ruleset::Fide2008, Some(m)) => m < 15.0,
        }
    }

    /// 9.5: time added to the opponent of a wrong draw claim (2014: two minutes, one in blitz;
    /// 2008: three).
    pub fn claim_penalty(self, blitz: bool) -> Duration {
        match (self, blitz) {
            (Ruleset::Fide2014, true) => Duration::from_secs(60),
            (Ruleset::Fide2014, false) => Duration::from_secs(120),
            (Ruleset::Fide2008, _) => Duration::from_secs(180),
            (Ruleset::Ussr1953, _) => Duration::ZERO,
        }
    }

    /// 7.4b (2008), 7.5b (2014): time added to the opponent of an illegal move (one minute in
    /// 2014 blitz); the 1953 code replays instead.
    pub fn illegal_penalty(self, blitz: bool) -> Duration {
        match (self, blitz) {
            (Ruleset::Fide2014, true) => Duration::from_secs(60),
            (Ruleset::Fide2014 | Ruleset::Fide2008, _) => Duration::from_secs(120),
            (Ruleset::Ussr1953, _) => Duration::ZERO,
        }
    }

    /// The illegal move that loses: the second in 2014, the third in 2008, never in 1953.
    pub fn losing_illegal_move(self) -> Option<u32> {
        match self {
            Ruleset::Fide2014 => Some(2),
            Ruleset::Fide2008 => Some(3),
            Ruleset::Ussr1953 => None,
        }
    }

    /// 5.2b, 9.6 (FIDE): a dead position ends the game; the 1953 code instead lists the material
    /// that draws (§18a–b).
    pub fn dead_position_draws(self) -> bool {
        self != Ruleset::Ussr1953
    }

    /// §18g (1953): a wrong claim of repetition loses the game; FIDE adds time instead (9.5).
    pub fn wrong_claim_loses(self) -> bool {
        self == Ruleset::Ussr1953
    }

    /// 6.9: a loss on time (or for illegal moves) is a draw when the opponent cannot mate;
    /// the 1953 code (§19) has no such exception.
    pub fn forfeit_drawn_when_opponent_cannot_mate(self) -> bool {
        self != Ruleset::Ussr1953
    }
}

crate::choice::choice!(Ruleset, "ruleset");
