//! What is said when a game starts: the players, who is at the tactile board, a Chess960 start
//! (White's first rank in the announcement words) or a set position (who has what), the rules and
//! the time control, and whose move it is; and `rules`, the ruleset in force.

use shakmaty::{Color, Position, Role, Square};

use super::session::Session;
use super::Line;

impl Session {
    /// The ruleset in force, in words.
    pub(super) fn ruleset_name(&self) -> String {
        self.tr(&format!("rules.name.{}", self.settings.ruleset.name()), &[])
    }

    /// `rules`: the ruleset in force and what it decides differently.
    pub(super) fn rules(&self) -> Vec<Line> {
        let name = self.ruleset_name();
        vec![
            self.line("rules.in_force", &[("rules", &name)]),
            self.line(&format!("rules.summary.{}", self.settings.ruleset.name()), &[]),
        ]
    }

    pub(super) fn game_intro(&self) -> Vec<Line> {
        let s = &self.settings;
        let mut lines = Vec::new();
        if !s.white.is_empty() || !s.black.is_empty() {
            let (white, black) = (self.player(Color::White), self.player(Color::Black));
            lines.push(self.line("start.players", &[("white", &white), ("black", &black)]));
        }
        if let Some(blind) = s.blind {
            lines.push(self.line("start.blind", &[("name", &self.player(blind))]));
        }
        match (s.chess960, &s.fen) {
            (Some(number), _) => lines.push(self.chess960_line(number)),
            (None, Some(fen)) => {
                lines.push(Self::print(self.tr("start.position", &[("fen", fen)])));
                let (white, black) = (self.material(Color::White), self.material(Color::Black));
                lines.push(self.line("start.material", &[("white", &white), ("black", &black)]));
            }
            (None, None) => {}
        }
        lines.push(self.line("start.rules", &[("rules", &self.ruleset_name())]));
        lines.extend(self.control_lines());
        match self.game.outcome() {
            Some(outcome) => lines.extend(self.outcome_lines(outcome)),
            None => lines.push(self.line("start.to_move", &[("color", &self.color(self.game.position().turn()))])),
        }
        lines
    }

    /// "Chess960 position 518: Turm Anna eins, Springer Bella eins, …" — White's first rank, piece
    /// by piece in the announcement words.
    pub(super) fn chess960_line(&self, number: u32) -> Line {
        let rank = crate::rules::back_rank(number).unwrap_or([Role::Pawn; 8]);
        let pieces: Vec<String> = rank
            .iter()
            .zip(shakmaty::File::ALL)
            .map(|(role, file)| {
                format!(
                    "{} {}",
                    self.wording().pack().piece(*role),
                    self.wording().pack().square(Square::from_coords(file, shakmaty::Rank::First))
                )
            })
            .collect();
        let args = [("number", number.to_string()), ("pieces", pieces.join(", "))];
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        self.line("start.chess960", &args)
    }
}
