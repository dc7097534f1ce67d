//! What an engine's numbers mean, as words a player hears: an evaluation as "White is better by
//! about a pawn" or "Black mates in three", and a move that threw the evaluation away as a mistake
//! or a blunder. Pure: catalogue keys and their arguments, worded at the edge.

use shakmaty::{Chess, Color, Position};

/// An evaluation from White's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Hundredths of a pawn; positive is good for White.
    Centipawns(i32),
    /// Mate in this many moves; positive: White mates, negative: Black mates, 0: mated now.
    Mate(i32),
}

impl Score {
    /// The score as the engine gives it, for the side to move, seen from White.
    pub fn for_white(self, turn: Color) -> Score {
        match (self, turn) {
            (s, Color::White) => s,
            (Score::Centipawns(cp), Color::Black) => Score::Centipawns(-cp),
            (Score::Mate(m), Color::Black) => Score::Mate(-m),
        }
    }

    /// Pawns for `color`, a mate counted as twenty pawns.
    pub fn pawns_for(self, color: Color) -> f32 {
        let white = match self {
            Score::Centipawns(cp) => cp as f32 / 100.0,
            Score::Mate(m) if m > 0 => 20.0,
            Score::Mate(m) if m < 0 => -20.0,
            Score::Mate(_) => 0.0,
        };
        if color.is_white() {
            white.clamp(-20.0, 20.0)
        } else {
            -white.clamp(-20.0, 20.0)
        }
    }

    /// The score as a PGN `[%eval]` value: `0.25`, `-1.30`, `#3`, `#-2`.
    pub fn pgn(self) -> String {
        match self {
            Score::Centipawns(cp) => format!("{:.2}", cp as f32 / 100.0),
            Score::Mate(m) => format!("#{m}"),
        }
    }
}

/// What the engine says of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// The score, from White's point of view.
    pub score: Score,
    /// The best line from the position.
    pub line: Vec<shakmaty::Move>,
    /// The depth searched.
    pub depth: u8,
}

impl Evaluation {
    /// A position where the game is over: the mated side has lost (counted as twenty pawns),
    /// anything else is a draw.
    pub fn of_finished(pos: &Chess) -> Evaluation {
        let score = match (pos.is_checkmate(), pos.turn()) {
            (true, Color::White) => Score::Centipawns(-2000),
            (true, Color::Black) => Score::Centipawns(2000),
            (false, _) => Score::Centipawns(0),
        };
        Evaluation { score, line: Vec::new(), depth: 0 }
    }

    /// The evaluation as a catalogue key and its arguments: the side better off and by how much,
    /// or who mates in how many moves.
    pub fn words(&self) -> (&'static str, Vec<(&'static str, String)>) {
        let color = |white: bool| if white { "white" } else { "black" }.to_string();
        match self.score {
            Score::Mate(m) if m.abs() == 1 => ("engine.mates_one", vec![("color", color(m > 0))]),
            Score::Mate(m) if m != 0 => ("engine.mates", vec![("color", color(m > 0)), ("moves", m.abs().to_string())]),
            Score::Mate(_) => ("engine.equal", Vec::new()),
            Score::Centipawns(cp) => {
                let (side, size) = (color(cp > 0), cp.unsigned_abs());
                match size {
                    0..30 => ("engine.equal", Vec::new()),
                    30..70 => ("engine.slightly_better", vec![("color", side)]),
                    70..150 => ("engine.better_pawn", vec![("color", side)]),
                    150..300 => {
                        ("engine.better_pawns", vec![("color", side), ("pawns", size.div_ceil(100).to_string())])
                    }
                    _ => ("engine.winning", vec![("color", side)]),
                }
            }
        }
    }
}

/// What a move did to its player's game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Judgement {
    /// It gave away a pawn or more.
    Mistake,
    /// It gave away three pawns or more, or a mate.
    Blunder,
}

impl Judgement {
    /// The NAG of the mark: `?` is 2, `??` 4.
    pub fn nag(self) -> u8 {
        match self {
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }
}

/// What the move of `mover` from the position evaluated `before` to the one evaluated `after`
/// did, if it was a mistake or a blunder. A side that stays clearly winning has made none.
pub fn judge(before: Score, after: Score, mover: Color) -> Option<Judgement> {
    let (was, is) = (before.pawns_for(mover), after.pawns_for(mover));
    let lost = was - is;
    if is >= 5.0 {
        return None;
    }
    let allowed_mate = matches!(after, Score::Mate(m) if (m > 0) != mover.is_white() && m != 0);
    let had_mate = matches!(before, Score::Mate(m) if (m > 0) == mover.is_white() && m != 0);
    if lost >= 3.0 || (allowed_mate && !had_mate && was > -5.0) {
        Some(Judgement::Blunder)
    } else if lost >= 1.0 {
        Some(Judgement::Mistake)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluations_in_words() {
        let e = |score| Evaluation { score, line: Vec::new(), depth: 10 };
        assert_eq!(e(Score::Centipawns(12)).words().0, "engine.equal");
        assert_eq!(e(Score::Centipawns(-110)).words(), ("engine.better_pawn", vec![("color", "black".into())]));
        assert_eq!(
            e(Score::Centipawns(240)).words(),
            ("engine.better_pawns", vec![("color", "white".into()), ("pawns", "3".into())])
        );
        assert_eq!(e(Score::Centipawns(900)).words().0, "engine.winning");
        assert_eq!(
            e(Score::Mate(-3)).words(),
            ("engine.mates", vec![("color", "black".into()), ("moves", "3".into())])
        );
        assert_eq!(e(Score::Mate(1)).words().0, "engine.mates_one");
    }

    #[test]
    fn scores_turn_with_the_side_to_move() {
        assert_eq!(Score::Centipawns(50).for_white(Color::Black), Score::Centipawns(-50));
        assert_eq!(Score::Mate(2).for_white(Color::Black), Score::Mate(-2));
        assert_eq!(Score::Mate(-2).pgn(), "#-2");
        assert_eq!(Score::Centipawns(-130).pgn(), "-1.30");
    }

    #[test]
    fn mistakes_and_blunders() {
        use Score::*;
        assert_eq!(judge(Centipawns(20), Centipawns(-90), Color::White), Some(Judgement::Mistake));
        assert_eq!(judge(Centipawns(20), Centipawns(-400), Color::White), Some(Judgement::Blunder));
        assert_eq!(judge(Centipawns(0), Mate(1), Color::Black), Some(Judgement::Blunder), "allowing mate");
        assert_eq!(judge(Centipawns(900), Centipawns(700), Color::White), None, "still winning");
        assert_eq!(judge(Centipawns(-30), Centipawns(-60), Color::White), None);
    }
}
