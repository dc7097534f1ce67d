//! The order of the searches of one analysis and the share of the budget each may reach: one
//! table, read from the top. Each search is started when first named and taken up again where it
//! stopped when named again with a larger share (the shares are totals, not additions), so the
//! cheap tries come first and the long ones only where those found nothing. The figures behind the
//! order are in BENCHMARKS.md.

use shakmaty::{Chess, Color, Position};

use super::{Budget, Deepening, DeepeningSearch, Exploration, Guided, Style, Walk, Winnability};

/// One step: a search and the share of the budget (a fraction) it may have reached at its end.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Step {
    /// The deepening search, counted in moves tried (cheap: it plays few of them).
    Deepening(u64, u64),
    /// A guided search of a style, counted in positions found.
    Guided(Style, u64, u64),
    /// The walk of every reachable position: the only step that proves a side cannot mate.
    Walk(u64, u64),
    /// The deepening search guiding bishops round pawn walls, where the mating side has one.
    Bishops(u64, u64),
    /// A guided search of a style to at least this many positions, whatever the budget.
    AtLeast(Style, u64),
}

/// The steps after the glance, in order.
pub(crate) const PLAN: [Step; 17] = [
    // A short deepening search: most helpmates of real games against a lone minor piece take it a
    // few thousand moves (the guided searches take ten to thirty times as long over them).
    Step::Deepening(1, 20),
    // Boxing in first: where it finds a mate quickly its lines are the shortest to read out (a
    // lone knight against queens walled in: 20,000 positions).
    Step::Guided(Style::BOX_IN, 1, 20),
    Step::Guided(Style::WALK_OUT, 1, 40),
    // Some helpmates of real games (a lone minor piece with blockers of the other side) take the
    // deepening search up to 200,000 moves, in a few milliseconds: before the narrow searches,
    // which cost 20 to 30 milliseconds where they find nothing.
    Step::Deepening(1, 2),
    // The narrow searches: a lone bishop or knight against a queen, walking out, at 20,000
    // positions; some long mates of many bishops, boxing in, at 15,000.
    Step::Guided(Style::NARROW_WALK, 1, 20),
    Step::Guided(Style::NARROW, 1, 20),
    // A lone knight mating against queens and rooks of the other side takes the guided searches
    // 10,000 to 50,000 positions. Narrow first (a lone bishop against a queen and a rook: a few
    // thousand); walking out gets half the budget (a king and pawn mating with the other side's
    // own men round its king, in real games: 150,000 to 200,000).
    Step::Guided(Style::NARROW_WALK, 1, 8),
    Step::Guided(Style::WALK_OUT, 1, 2),
    Step::Guided(Style::BOX_IN, 1, 8),
    Step::Guided(Style::NARROW, 1, 8),
    // The walk proves most of what the proofs alone cannot, some of it only after 200,000 to
    // 300,000 positions.
    Step::Walk(3, 4),
    // Bishops coming round pawn walls: most such mates within a few thousand moves, some at
    // 400,000.
    Step::Bishops(1, 1),
    // Long helpmates: the deepening search with its table.
    Step::Deepening(5, 2),
    // The narrow search walking out finds long mates of many bishops at 100,000 to 200,000
    // positions; boxing in finds long pawn races at 150,000 or so.
    Step::Guided(Style::NARROW_WALK, 1, 2),
    Step::Guided(Style::BOX_IN, 3, 8),
    // Walking out taken up again: long mates of many bishops behind pawn walls.
    Step::Guided(Style::WALK_OUT, 5, 4),
    // The walk taken up again: some positions with many men that can never do anything useful
    // have half a million or so.
    Step::Walk(3, 2),
];

/// The last step: walking out to 200,000 positions whatever the budget (a king and pawn of real
/// games mating with the other side's men walled round its king takes it some 180,000; the
/// thorough budget has walked that far already).
pub(crate) const LAST: Step = Step::AtLeast(Style::WALK_OUT, 200_000);

/// The searches of one analysis, each started when first asked for.
pub(crate) struct Searches<'a> {
    pos: &'a Chess,
    winner: Color,
    guided: Vec<(Style, Guided)>,
    deepening: Option<DeepeningSearch>,
    walk: Walk,
}

impl<'a> Searches<'a> {
    /// The searches from `pos` for a mate by `winner`, none started.
    pub(crate) fn new(pos: &'a Chess, winner: Color) -> Searches<'a> {
        Searches { pos, winner, guided: Vec::new(), deepening: None, walk: Walk::new(pos, winner) }
    }

    /// The walk taken on to `positions` in all: the answer when it gives one.
    pub(crate) fn walk(&mut self, positions: usize) -> Option<Winnability> {
        match self.walk.walk(positions) {
            Exploration::Mate(line) => Some(Winnability::Winnable(line)),
            Exploration::Exhausted => Some(Winnability::Unwinnable),
            Exploration::TooLarge => None,
        }
    }

    /// The guided search of `style`, as far as it has gone.
    pub(crate) fn guided(&mut self, style: Style) -> &mut Guided {
        let at = match self.guided.iter().position(|(s, _)| *s == style) {
            Some(at) => at,
            None => {
                self.guided.push((style, Guided::new(self.pos, self.winner, style)));
                self.guided.len() - 1
            }
        };
        &mut self.guided[at].1
    }

    /// Takes `step` with `budget`: the answer when it gives one.
    pub(crate) fn take(&mut self, step: Step, budget: Budget) -> Option<Winnability> {
        let share = |num: u64, den: u64| budget.nodes * num / den;
        let line = match step {
            Step::Deepening(num, den) => {
                let (pos, winner) = (self.pos, self.winner);
                let search =
                    self.deepening.get_or_insert_with(|| DeepeningSearch::new(pos, winner, Deepening::long(0)));
                search.search(share(num, den))
            }
            Step::Guided(style, num, den) => self.guided(style).search(share(num, den) as usize),
            Step::AtLeast(style, positions) => self.guided(style).search(positions as usize),
            Step::Walk(num, den) => return self.walk(share(num, den) as usize),
            Step::Bishops(num, den) => {
                let board = self.pos.board();
                if (board.bishops() & board.by_color(self.winner)).is_empty() {
                    return None;
                }
                super::deepening_helpmate(self.pos, self.winner, Deepening::bishops(share(num, den)))
            }
        };
        line.map(Winnability::Winnable)
    }
}
