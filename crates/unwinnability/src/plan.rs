//! The order of the searches of one analysis and the share of the budget each may reach: one
//! table, read from the top. Each search is started when first named and taken up again where it
//! stopped when named again with a larger share (the shares are totals, not additions), so the
//! cheap tries come first and the long ones only where those found nothing. The figures behind the
//! order are in BENCHMARKS.md.

use shakmaty::{Chess, Color, Position};

use super::stop::Stop;
use super::{Budget, Deepening, DeepeningSearch, Exploration, Guided, Style, Walk, Winnability};

/// One step: a search and the share of the budget (a fraction) it may have reached at its end.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Step {
    /// A deepening search of these limits (their total unused), counted in moves tried (cheap: it
    /// plays few of them).
    Deepening(Deepening, u64, u64),
    /// A guided search of a style, counted in positions found.
    Guided(Style, u64, u64),
    /// The walk of every reachable position: the only step that proves a side cannot mate.
    Walk(u64, u64),
    /// The walk to this many positions, whatever the budget.
    WalkTo(u64),
    /// A deepening search to this many moves, whatever the budget: a quick try (a few thousand
    /// moves take a fraction of a millisecond, a hundredth of what as many guided positions do).
    Quick(Deepening, u64),
    /// A step taken only with at least the thorough budget: a search that the smaller budgets'
    /// shares of it cannot bring to its end in their time, or that finds nothing more with them.
    Thorough(&'static Step),
    /// The proof by what every man could ever do, split on a man that has no move now (a tenth
    /// of a millisecond at most).
    Split,
}

/// The long deepening search: its own corner, moves of progress first.
const LONG: Deepening = Deepening::long(0);
/// The deepening search as chasolver weighs it.
const AS_GENERATED: Deepening = Deepening::as_generated(0);
/// The long deepening search driving the losing king to the other corner.
const FARTHER: Deepening = Deepening::farther(0);
/// The deepening search guiding bishops round pawn walls, where the mating side has one.
const BISHOPS: Deepening = Deepening { as_generated: true, ..Deepening::bishops(0) };

/// The steps after the glance, in order.
pub(crate) const PLAN: [Step; 22] = [
    // Short deepening searches, as long whatever the budget (a few milliseconds at most): most
    // helpmates of real games against a lone minor piece take them a few thousand moves (the
    // guided searches take ten to thirty times as long over them).
    // chasolver's weighting first: the losing side pushing its pawns to promote them, then its men
    // all taken (a queen against a queen, rook and knight: 40,000 moves); then moves of progress
    // first, and then to the other corner (a lone knight against a queen and pawn: 10,000).
    Step::Quick(AS_GENERATED, 40_000),
    Step::Quick(LONG, 20_000),
    Step::Quick(FARTHER, 10_000),
    // A man that cannot move now, taken or never taken where it stands: a proof the walk would
    // take half a million positions to give (bishops free on one side of a locked wall).
    Step::Split,
    // Boxing in first: where it finds a mate quickly its lines are the shortest to read out (a
    // lone knight against queens walled in: 20,000 positions).
    Step::Guided(Style::BOX_IN, 1, 20),
    Step::Guided(Style::WALK_OUT, 1, 40),
    // Some helpmates of real games (a lone minor piece with blockers of the other side) take the
    // deepening search up to 200,000 moves, in a few milliseconds: before the narrow searches,
    // which cost 20 to 30 milliseconds where they find nothing (and with the forfeit budget too,
    // where they would come after half of the budget's time).
    Step::Quick(LONG, 200_000),
    // The narrow searches: a lone bishop or knight against a queen, walking out, at 20,000
    // positions; some long mates of many bishops, boxing in, at 15,000.
    Step::Guided(Style::NARROW_WALK, 1, 20),
    Step::Guided(Style::NARROW, 1, 20),
    // A lone knight mating against queens and rooks of the other side takes the guided searches
    // 10,000 to 50,000 positions. Narrow first (a lone bishop against a queen and a rook: a few
    // thousand); walking out gets half the budget (a king and pawn mating with the other side's
    // own men round its king: 150,000 to 200,000, where the deepening searches miss it).
    Step::Guided(Style::NARROW_WALK, 1, 8),
    Step::Guided(Style::WALK_OUT, 1, 2),
    Step::Guided(Style::BOX_IN, 1, 8),
    Step::Guided(Style::NARROW, 1, 8),
    // The walk proves most of what the proofs alone cannot, some of it only after 200,000 to
    // 300,000 positions.
    Step::Walk(3, 4),
    // Bishops coming round pawn walls, and pawns alone mating a king shut in by its own men: most
    // such mates within a few thousand moves, some at 400,000 to a million (40 to 80 ms, which
    // the forfeit budget can spend).
    Step::Quick(BISHOPS, 1_000_000),
    // The narrow search walking out finds long mates of many bishops at 100,000 to 200,000
    // positions; boxing in finds long pawn races at 150,000 or so (the forfeit budget's share of
    // it, 24,000, finds nothing the earlier steps did not).
    Step::Guided(Style::NARROW_WALK, 1, 2),
    Step::Thorough(&Step::Guided(Style::BOX_IN, 3, 8)),
    // Walking out taken up again: long mates of many bishops behind pawn walls.
    Step::Guided(Style::WALK_OUT, 5, 4),
    // The walk taken up again: some positions with many men that can never do anything useful
    // have half a million or so.
    Step::Walk(3, 2),
    // chasolver's weighting taken up again: some mates of many bishops round a wall of pawns take
    // it 150,000 to 200,000 moves (10 to 20 milliseconds where it finds nothing).
    Step::Quick(AS_GENERATED, 200_000),
    // Bishops coming round pawn walls taken up again (a bishop fenced in with its king: 2 million
    // moves), and the longest helpmates (many bishops round a wall of pawns: 16 million).
    Step::Deepening(BISHOPS, 5, 1),
    Step::Thorough(&Step::Deepening(LONG, 40, 1)),
];

/// The steps of the check on a forfeit, where only a proof that the side cannot mate changes the
/// result (a draw instead of a loss): the plan's first nine steps, the cheap ones (a few
/// milliseconds: the searches find most mates of real games at once, the split proof some long
/// walks), and then the walk of every reachable position to 230,000 positions (a tenth to a
/// fifth of a second; the labelled positions it proves take it up to 230,000).
pub(crate) fn flag_fall() -> impl Iterator<Item = &'static Step> {
    const CHEAP: usize = 9;
    const WALK: Step = Step::WalkTo(230_000);
    PLAN[..CHEAP].iter().chain([&WALK])
}

/// With two threads (`Budget::two_threads`): the plan's first steps, taken alone before the
/// second thread starts (the quick searches and the split: most analyses end in them, in a few
/// milliseconds).
pub(crate) const ALONE: usize = 4;

/// One deep depth of the long deepening search alone (forty costly plies): some long helpmates
/// lie within its first moves where the shallower depths, searched first, take millions (many
/// bishops round a wall of pawns, a mate of 125 plies: 110,000 moves, a twentieth of what the
/// depths up to it take).
const DEEP: Deepening = Deepening { first: 40, last: 40, per_depth: 5_000, ..LONG };

/// The second thread's steps: one deep depth of the long search (a few milliseconds), the narrow
/// search to 56,000 positions and the narrow one walking out to 32,000 (a lone piece's mates with
/// few moves to choose from; cheap where they find nothing), and the walk of every reachable
/// position, the only search that proves a side cannot mate (some labelled positions take it
/// 260,000 positions: a tenth of a second).
pub(crate) const WALK_LANE: [Step; 4] =
    [Step::Quick(DEEP, 200_000), Step::Guided(Style::NARROW, 7, 8), PLAN[15], Step::WalkTo(300_000)];

/// This thread's steps after the first ones: the plan's searches for a mate, without the walk,
/// some taken further in the time the walk took (bishops round pawn walls to 2.2 million moves,
/// walking out to 140,000 positions: a lone bishop's long mates behind pawn walls).
pub(crate) const SEARCH_LANE: [Step; 13] = [
    PLAN[4],
    PLAN[5],
    PLAN[6],
    PLAN[7],
    PLAN[8],
    PLAN[9],
    PLAN[10],
    PLAN[11],
    PLAN[12],
    PLAN[14],
    PLAN[19],
    Step::Guided(Style::WALK_OUT, 35, 16),
    Step::Quick(BISHOPS, 2_200_000),
];

/// The search of `searches` named `name`, started by `start` if it was not yet.
fn started<K: PartialEq, S>(searches: &mut Vec<(K, S)>, name: K, start: impl FnOnce() -> S) -> &mut S {
    let at = match searches.iter().position(|(k, _)| *k == name) {
        Some(at) => at,
        None => {
            searches.push((name, start()));
            searches.len() - 1
        }
    };
    &mut searches[at].1
}

/// The searches of one analysis, each started when first asked for.
pub(crate) struct Searches<'a> {
    pos: &'a Chess,
    winner: Color,
    guided: Vec<(Style, Guided)>,
    deepening: Vec<(Deepening, DeepeningSearch)>,
    walk: Walk,
    /// Given to every search: once set, they give up.
    stop: Stop,
}

impl<'a> Searches<'a> {
    /// The searches from `pos` for a mate by `winner`, none started.
    pub(crate) fn new(pos: &'a Chess, winner: Color) -> Searches<'a> {
        Searches {
            pos,
            winner,
            guided: Vec::new(),
            deepening: Vec::new(),
            walk: Walk::new(pos, winner),
            stop: Stop::default(),
        }
    }

    /// These searches and those started from now on give up once `stop` is set.
    pub(crate) fn stop_on(&mut self, stop: &Stop) {
        self.stop = stop.clone();
        self.walk.stop_on(stop.clone());
        self.guided.iter_mut().for_each(|(_, g)| g.stop_on(stop.clone()));
        self.deepening.iter_mut().for_each(|(_, d)| d.stop_on(stop.clone()));
    }

    /// Searches of the same position that go on with this one's walk (this one starts a new
    /// walk if asked for one).
    pub(crate) fn with_the_walk(&mut self) -> Searches<'a> {
        let mut other = Searches::new(self.pos, self.winner);
        std::mem::swap(&mut self.walk, &mut other.walk);
        other
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
        let (pos, winner, stop) = (self.pos, self.winner, &self.stop);
        started(&mut self.guided, style, || {
            let mut search = Guided::new(pos, winner, style);
            search.stop_on(stop.clone());
            search
        })
    }

    /// The deepening search of `limits`, as far as it has gone.
    fn deepening(&mut self, limits: Deepening) -> &mut DeepeningSearch {
        let (pos, winner, stop) = (self.pos, self.winner, &self.stop);
        started(&mut self.deepening, limits, || {
            let mut search = DeepeningSearch::new(pos, winner, limits);
            search.stop_on(stop.clone());
            search
        })
    }

    /// The deepening search of `limits` taken on to `moves` in all, where it differs from the long
    /// one: a line when it finds one.
    fn deepen(&mut self, limits: Deepening, moves: u64) -> Option<Vec<shakmaty::Move>> {
        if !limits.differs(self.pos.board(), self.winner) {
            return None;
        }
        self.deepening(limits).search(moves)
    }

    /// Takes `step` with `budget`: the answer when it gives one.
    pub(crate) fn take(&mut self, step: Step, budget: Budget) -> Option<Winnability> {
        let share = |num: u64, den: u64| budget.nodes * num / den;
        let line = match step {
            Step::Deepening(limits, num, den) => self.deepen(limits, share(num, den)),
            Step::Quick(limits, moves) => self.deepen(limits, moves),
            Step::Thorough(step) if budget.nodes >= Budget::THOROUGH.nodes => return self.take(*step, budget),
            Step::Thorough(_) => None,
            Step::Guided(style, num, den) => self.guided(style).search(share(num, den) as usize),
            Step::Walk(num, den) => return self.walk(share(num, den) as usize),
            Step::WalkTo(positions) => return self.walk(positions as usize),
            Step::Split => {
                let proven = crate::proof_may_answer(self.pos.board(), self.winner)
                    && crate::out_of_reach_split(self.pos, self.winner);
                return proven.then_some(Winnability::Unwinnable);
            }
        };
        line.map(Winnability::Winnable)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::parse_fen_permissive;

    #[test]
    fn a_quick_step_goes_as_far_whatever_the_budget() {
        // A lone bishop mates a king walled in by its own queen and knight (from a real game): the
        // long deepening search needs more moves than half the forfeit budget.
        let pos = parse_fen_permissive("3K4/3B4/8/8/8/8/4nk2/3q4 b - - 7 74").unwrap();
        let mut share = Searches::new(&pos, Color::White);
        assert!(share.take(Step::Deepening(LONG, 1, 2), Budget::FORFEIT).is_none());
        let mut quick = Searches::new(&pos, Color::White);
        let Some(Winnability::Winnable(line)) = quick.take(Step::Quick(LONG, 200_000), Budget::FORFEIT) else {
            panic!("a mate within 200,000 moves");
        };
        assert!(crate::ends_in_mate(&pos, &line, Color::White));
    }

    #[test]
    fn chasolvers_weighting_is_taken_up_again_late_in_the_plan() {
        // Black's bishops mate round a wall of pawns: beyond the first, quick try of the weighting,
        // and found by the forfeit budget only when it is taken up again.
        let pos = parse_fen_permissive("1k6/1p4p1/1b1b2P1/6b1/1p1p4/1P1Pp1bp/4Pp1p/1B3Kbr b - - 0 1").unwrap();
        let mut searches = Searches::new(&pos, Color::Black);
        assert!(searches.take(PLAN[0], Budget::FORFEIT).is_none());
        let again = PLAN.iter().skip(1).find(|s| matches!(s, Step::Quick(d, _) if *d == AS_GENERATED));
        let Some(Winnability::Winnable(line)) = searches.take(*again.unwrap(), Budget::FORFEIT) else {
            panic!("a mate within 200,000 moves");
        };
        assert!(crate::ends_in_mate(&pos, &line, Color::Black));
        assert!(matches!(crate::winnability(&pos, Color::Black, Budget::FORFEIT), Winnability::Winnable(_)));
    }

    #[test]
    fn searches_stopped_find_nothing() {
        // A rook mates in one (the guided search and the walk find it), a lone bishop against its
        // king walled in after 100,000 moves or so of the long search: none once the flag is set.
        let rook = parse_fen_permissive("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        let bishop = parse_fen_permissive("3K4/3B4/8/8/8/8/4nk2/3q4 b - - 7 74").unwrap();
        let cases = [
            (&rook, Step::Guided(Style::BOX_IN, 1, 1)),
            (&rook, Step::WalkTo(10_000)),
            (&bishop, Step::Quick(LONG, 200_000)),
        ];
        for (pos, step) in cases {
            assert!(Searches::new(pos, Color::White).take(step, Budget::FORFEIT).is_some(), "{step:?}");
            let stop = Stop::new();
            let mut stopped = Searches::new(pos, Color::White);
            stopped.stop_on(&stop);
            stop.set();
            assert!(stopped.take(step, Budget::FORFEIT).is_none(), "{step:?}");
        }
    }

    #[test]
    fn on_two_threads_only_the_second_walks_and_further_than_the_plan() {
        let farthest = |steps: &[Step]| {
            let walk = |step: &Step| match *step {
                Step::Walk(num, den) => Some(Budget::FORFEIT.nodes * num / den),
                Step::WalkTo(positions) => Some(positions),
                _ => None,
            };
            steps.iter().filter_map(walk).max()
        };
        assert_eq!(farthest(&SEARCH_LANE), None);
        assert_eq!(farthest(&PLAN[..ALONE]), None);
        assert!(farthest(&WALK_LANE) > farthest(&PLAN));
    }

    #[test]
    fn one_deep_depth_finds_a_long_mate_the_depths_before_it_take_millions_for() {
        // Many bishops round a wall of pawns: a mate of 125 plies at depth forty.
        let pos = parse_fen_permissive("2b1b2k/1p5b/1Pp5/2Pp1b2/3Pp3/B3Pp1b/5P2/K1B1B3 w - - 0 1").unwrap();
        assert!(Searches::new(&pos, Color::White).take(Step::Quick(LONG, 200_000), Budget::FORFEIT).is_none());
        let Some(Winnability::Winnable(line)) =
            Searches::new(&pos, Color::White).take(Step::Quick(DEEP, 200_000), Budget::FORFEIT)
        else {
            panic!("a mate within 200,000 moves at depth forty");
        };
        assert!(crate::ends_in_mate(&pos, &line, Color::White));
    }

    #[test]
    fn a_thorough_step_is_left_out_of_smaller_budgets() {
        // Many bishops round a wall of pawns: 16 million moves of the long search.
        let pos = parse_fen_permissive("2b1b2k/1p5b/1Pp5/2Pp1b2/3Pp3/B3Pp1b/5P2/K1B1B3 w - - 0 1").unwrap();
        let step = Step::Thorough(&Step::Deepening(LONG, 40, 1));
        assert!(Searches::new(&pos, Color::White).take(step, Budget::FORFEIT).is_none());
        let found = Searches::new(&pos, Color::White).take(step, Budget::THOROUGH);
        let Some(Winnability::Winnable(line)) = found else { panic!("a mate within 16 million moves") };
        assert!(crate::ends_in_mate(&pos, &line, Color::White));
        // A guided step too: a rook mates at once, but not in a step the forfeit budget leaves out.
        let rook = parse_fen_permissive("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        let boxing_in = Step::Thorough(&Step::Guided(Style::BOX_IN, 3, 8));
        assert!(Searches::new(&rook, Color::White).take(boxing_in, Budget::FORFEIT).is_none());
        let found = Searches::new(&rook, Color::White).take(boxing_in, Budget::THOROUGH);
        assert!(matches!(found, Some(Winnability::Winnable(_))));
    }
}
