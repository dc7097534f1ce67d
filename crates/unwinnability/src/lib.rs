//! Whether a side can still checkmate by any series of legal moves (5.2b, 6.9, 9.6): the material
//! test, the static proofs (locked pawn structures; what every man could ever do, also split on a
//! man that cannot move), a glance (a short deepening helpmate search, a short guided one, a short
//! walk), a quick guided helpmate search for a witness, an exhaustive walk of the reachable
//! positions, and longer helpmate searches (each taken up again where it stopped), within a node
//! budget.
//! The answer is winnable (with a line of legal moves ending in mate), unwinnable (proven), or
//! undetermined.

#![deny(missing_docs)]

mod deepening;
mod explore;
mod guided;
mod keys;
mod locks;
mod material;
mod mobility;
mod plan;
mod race;
mod sets;
mod stop;

use shakmaty::{Chess, Color, Move, Position};

use plan::{flag_fall, Searches, Step, PLAN};

pub use deepening::{deepening_helpmate, Deepening, DeepeningSearch};
pub use explore::{explore, Exploration, Walk};
pub use guided::{guided_helpmate, Guided, Style};
pub use locks::locked_out;
pub use material::{too_little_material, ussr_1953_material_draw};
pub use mobility::{out_of_reach, out_of_reach_split};

/// Can a side still checkmate?
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Winnability {
    /// Yes: these legal moves from the position end with the side mating.
    Winnable(Vec<Move>),
    /// No series of legal moves ends with the side mating.
    Unwinnable,
    /// Not decided within the budget.
    Undetermined,
}

/// How much work the analysis may do, in positions visited, and on how many threads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The positions the analysis may visit.
    pub nodes: u64,
    /// Whether the walk of every reachable position goes on on a second thread beside the
    /// searches for a mate, once the first, cheap steps found nothing (see race.rs): for an
    /// answer that is waited on.
    pub two_threads: bool,
}

impl Budget {
    /// For `annabella analyse`: enough for every analysis of the labelled test set (at most a
    /// second and a quarter each in a release build) and of the real games.
    pub const THOROUGH: Budget = Budget { nodes: 400_000, two_threads: false };
    /// Where the result waits on the answer: the searches of the check on a forfeit take their
    /// shares of it (`forfeit_winnability`), and the whole plan with it, on two threads (the walk
    /// beside the searches, see race.rs), decides every analysis of the labelled test set and of
    /// the real games, the slowest labelled one in 110 to 190 ms at this machine's usual speed
    /// (BENCHMARKS.md).
    pub const FORFEIT: Budget = Budget { nodes: 64_000, two_threads: true };
    /// For the check after every move: a few milliseconds at most.
    pub const AFTER_MOVE: Budget = Budget { nodes: 1_000, two_threads: false };
}

/// Whether `winner` can still checkmate in `pos`.
pub fn winnability(pos: &Chess, winner: Color, budget: Budget) -> Winnability {
    if budget.two_threads {
        analyse(pos, winner, |searches| race::race(searches, budget))
    } else {
        analyse(pos, winner, |searches| take_in_order(searches, &PLAN, budget))
    }
}

/// `steps` taken in order until one answers.
fn take_in_order<'a>(mut searches: Searches, steps: impl IntoIterator<Item = &'a Step>, budget: Budget) -> Winnability {
    steps.into_iter().find_map(|&step| searches.take(step, budget)).unwrap_or(Winnability::Undetermined)
}

/// The cheap answers first (material, mate, stalemate, the static proofs, a glance), then what
/// `go_on` makes of the searches (a glance taken).
fn analyse(pos: &Chess, winner: Color, go_on: impl FnOnce(Searches) -> Winnability) -> Winnability {
    if too_little_material(pos.board(), winner) {
        return Winnability::Unwinnable;
    }
    if pos.is_checkmate() {
        return if pos.turn() == winner { Winnability::Unwinnable } else { Winnability::Winnable(Vec::new()) };
    }
    if pos.is_stalemate() {
        return Winnability::Unwinnable;
    }
    // Most proofs need two pawns blocking each other (or a king shut in): then they come first,
    // else searching does.
    if proof_may_answer(pos.board(), winner) && static_proof(pos, winner) {
        return Winnability::Unwinnable;
    }
    // A glance first: a mate close at hand, or a handful of positions that are all there is (the
    // walk asks the mobility proof first).
    if let Some(line) = deepening_helpmate(pos, winner, Deepening::GLANCE) {
        return Winnability::Winnable(line);
    }
    // A short guided search and a short walk, each taken up again with larger budgets as the
    // analysis goes on (see plan.rs).
    let mut searches = Searches::new(pos, winner);
    if let Some(line) = searches.guided(Style::BOX_IN).search(GLANCE) {
        return Winnability::Winnable(line);
    }
    if let Some(answer) = searches.walk(GLANCE_WALK) {
        return answer;
    }
    go_on(searches)
}

/// Proven that `color` cannot mate, by the cheap means only (material, stalemate, a locked pawn
/// structure, and for few pieces the walk of every reachable position within `budget`). This is
/// the check made after every move.
pub fn proven_unwinnable(pos: &Chess, color: Color, budget: Budget) -> bool {
    if too_little_material(pos.board(), color) || pos.is_stalemate() {
        return true;
    }
    if pos.is_checkmate() {
        return pos.turn() == color;
    }
    // A locked structure needs pawns blocked head-on; without any, skip the regions after a move.
    if proof_may_answer(pos.board(), color) && static_proof(pos, color) {
        return true;
    }
    pos.board().occupied().count() <= FEW_PIECES
        && matches!(explore(pos, color, budget.nodes as usize), Exploration::Exhausted)
}

/// Proven by the pawn structure or by what every man could ever do that `color` cannot mate (the
/// cheaper locked-structure proof first).
fn static_proof(pos: &Chess, color: Color) -> bool {
    locked_out(pos, color) || out_of_reach(pos, color)
}

/// Whether the static proofs are worth asking: some pawn stands right in front of an enemy pawn,
/// or `winner` has a lone queen or rook and the other king is shut in by its own men.
fn proof_may_answer(board: &shakmaty::Board, winner: Color) -> bool {
    let white = board.pawns() & board.white();
    let black = board.pawns() & board.black();
    (white.shift(8) & black).any() || shut_in_against_a_lone_piece(board, winner)
}

/// `winner` has nothing but its king and a queen or rook, and every square beside the other king
/// holds one of that king's own men (see mobility/fatal.rs).
fn shut_in_against_a_lone_piece(board: &shakmaty::Board, winner: Color) -> bool {
    let ours = board.by_color(winner) & !board.kings();
    let Some(king) = board.king_of(!winner) else { return false };
    ours.count() == 1
        && (ours & board.rooks_and_queens()).any()
        && (shakmaty::attacks::king_attacks(king) & !board.by_color(!winner)).is_empty()
}

/// The positions of the first short search for a mate, and of the first short walk.
const GLANCE: usize = 400;
const GLANCE_WALK: usize = 50;

/// Up to this many men on the board the walk of reachable positions is worth trying after a move.
const FEW_PIECES: usize = 6;

/// The check on a forfeit (a flag fall, an illegal-move or sealed-move forfeit): the answer the
/// arbiter's decision follows, with its line when it finds a mate. Only a proof that the side
/// cannot mate changes the result (a draw instead of a loss), so after the cheap searches, which
/// find most mates of real games at once, the time goes to the walk that gives one (see
/// `plan::flag_fall`): about a fifth of a second at most.
pub fn forfeit_winnability(pos: &Chess, winner: Color) -> Winnability {
    analyse(pos, winner, |searches| take_in_order(searches, flag_fall(), Budget::FORFEIT))
}

/// Can `color` still checkmate (asked on a forfeit)? Only a proof says no: an undetermined
/// position counts as yes.
pub fn can_checkmate(pos: &Chess, color: Color) -> bool {
    forfeit_winnability(pos, color) != Winnability::Unwinnable
}

/// For the tests: `line` is a series of legal moves from `start` ending with `winner` mating.
#[cfg(test)]
fn ends_in_mate(start: &Chess, line: &[Move], winner: Color) -> bool {
    let mut pos = start.clone();
    for &mv in line {
        if !pos.is_legal(mv) {
            return false;
        }
        pos.play_unchecked(mv);
    }
    pos.is_checkmate() && pos.turn() == !winner
}

/// 5.2b / 9.6: neither side can checkmate by any series of legal moves. Checked after every move
/// within `Budget::AFTER_MOVE`, so that it never holds up an announcement.
pub fn is_dead_position(pos: &Chess) -> bool {
    proven_unwinnable(pos, Color::White, Budget::AFTER_MOVE) && proven_unwinnable(pos, Color::Black, Budget::AFTER_MOVE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::parse_fen;

    #[test]
    fn the_check_on_a_forfeit_walks_on_for_a_proof() {
        // Black's king is shut in at b8 for ever and its pawns can never leave their files: it
        // cannot mate, which only a walk of some 230,000 positions shows. The forfeit budget on
        // one thread leaves it undetermined; on two, the walk goes on beside the searches.
        let pos = parse_fen("1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8 w - - 0 1").unwrap();
        let one_thread = Budget { two_threads: false, ..Budget::FORFEIT };
        assert_eq!(winnability(&pos, Color::Black, one_thread), Winnability::Undetermined);
        assert_eq!(winnability(&pos, Color::Black, Budget::FORFEIT), Winnability::Unwinnable);
        assert_eq!(forfeit_winnability(&pos, Color::Black), Winnability::Unwinnable);
        assert!(!can_checkmate(&pos, Color::Black));
        assert!(can_checkmate(&pos, Color::White));
    }

    #[test]
    fn the_check_on_a_forfeit_splits_on_a_man_that_cannot_move() {
        // Bishops free on both sides of a locked wall, and White's rook on g1 with no move: the
        // walk would need half a million positions, the split on the rook proves it at once.
        let pos = crate::testing::parse_fen_permissive("8/7B/7b/8/3p1p1p/b1pP1PpP/B1PpBkP1/3K1BRB w - - 0 1").unwrap();
        for color in Color::ALL {
            assert!(matches!(explore(&pos, color, 230_000), Exploration::TooLarge));
            assert_eq!(forfeit_winnability(&pos, color), Winnability::Unwinnable);
            assert_eq!(winnability(&pos, color, Budget::FORFEIT), Winnability::Unwinnable);
        }
    }

    #[test]
    fn bare_kings_and_minor_pieces() {
        assert!(is_dead_position(&parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap()));
        assert!(is_dead_position(&parse_fen("4k3/8/8/8/8/8/8/4KN2 w - - 0 1").unwrap()));
        let rook = parse_fen("4k3/8/8/8/8/8/8/4KR2 w - - 0 1").unwrap();
        assert!(!is_dead_position(&rook));
        assert!(can_checkmate(&rook, Color::White));
        assert!(!can_checkmate(&rook, Color::Black));
    }

    #[test]
    fn locked_pawn_walls_are_dead_with_material_on_the_board() {
        let wall = parse_fen("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1").unwrap();
        assert!(is_dead_position(&wall));
        assert_eq!(winnability(&wall, Color::White, Budget::THOROUGH), Winnability::Unwinnable);
        // A pawn behind the wall may still step, but can never capture or be captured.
        let behind = parse_fen("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/7P/2B1K3 w - - 0 1").unwrap();
        assert!(is_dead_position(&behind));
        // A pawn that can still run to promotion keeps the game alive.
        let runner = parse_fen("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/P7/2B1K3 w - - 0 1").unwrap();
        assert!(!is_dead_position(&runner));
        // One pawn short of the wall: a king walks through, and mates are possible.
        let open = parse_fen("2b1k3/8/8/1p1p1p2/1P1P1P1P/8/8/2B1K3 w - - 0 1").unwrap();
        assert!(!is_dead_position(&open));
    }

    #[test]
    fn each_blocker_covers_one_flight_square() {
        // Behind a locked wall White has one dark bishop; Black's king has one light bishop
        // beside it: the corner mate on h8 needs light blockers on g8 and h7, two of them
        // (chasolver's label: neither side can mate).
        let wall = parse_fen("k1b5/8/8/1p1p1pBp/1P1P1PbP/8/8/K1B5 w - - 0 1").unwrap();
        assert!(locked_out(&wall, Color::White));
        assert!(locked_out(&wall, Color::Black));
    }

    #[test]
    fn captures_into_a_locked_structure_are_followed() {
        // Captures are still possible here, so the static test alone says nothing; every way the
        // game can go ends in a locked structure, and neither side can ever mate (chasolver's
        // label).
        let pos = parse_fen("1bB5/k7/Q5q1/8/1pBp1p1p/1PpP1P1P/K1P5/NB2b3 b - - 0 1").unwrap();
        assert!(!locked_out(&pos, Color::White));
        assert_eq!(winnability(&pos, Color::White, Budget::THOROUGH), Winnability::Unwinnable);
        assert_eq!(winnability(&pos, Color::Black, Budget::THOROUGH), Winnability::Unwinnable);
    }

    #[test]
    fn a_king_shut_in_against_a_lone_queen_is_proven_at_once() {
        // Black's king is walled in by its own men, White's king can never leave c1, and taking
        // any man beside Black's king costs White its queen (chasolver's label: only Black can
        // mate). The proof needs no pawns blocked head-on, so it is asked even after a move.
        let cage = parse_fen("8/6pp/8/8/ppp5/bkp4Q/qnp5/n1K5 b - - 0 1").unwrap();
        assert!(proven_unwinnable(&cage, Color::White, Budget::AFTER_MOVE));
        assert_eq!(winnability(&cage, Color::White, Budget::AFTER_MOVE), Winnability::Unwinnable);
        let Winnability::Winnable(line) = winnability(&cage, Color::Black, Budget::THOROUGH) else {
            panic!("the queen to b1 mates");
        };
        assert!(ends_in_mate(&cage, &line, Color::Black));
        // Without the pawn on c2 White's king walks out, and the queen mates after all.
        let open = parse_fen("8/6pp/8/8/ppp5/bkp4Q/qn6/n1K5 b - - 0 1").unwrap();
        assert!(!proven_unwinnable(&open, Color::White, Budget::AFTER_MOVE));
        let Winnability::Winnable(line) = winnability(&open, Color::White, Budget::THOROUGH) else {
            panic!("White can mate");
        };
        assert!(ends_in_mate(&open, &line, Color::White));
    }

    #[test]
    fn long_helpmates_are_found_by_the_long_deepening_search() {
        // Two bishops mate a king that has a knight (chasolver's label: both sides can mate); the
        // glance finds nothing, the long deepening search does.
        let pos = parse_fen("6N1/6K1/4b3/5bk1/8/8/8/8 w - - 0 1").unwrap();
        assert_eq!(deepening_helpmate(&pos, Color::Black, Deepening::GLANCE), None);
        let line = deepening_helpmate(&pos, Color::Black, Deepening::long(100_000)).expect("a long helpmate");
        assert!(ends_in_mate(&pos, &line, Color::Black));
        assert!(matches!(winnability(&pos, Color::Black, Budget::THOROUGH), Winnability::Winnable(_)));
    }

    /// Each side named mates in its position within the forfeit budget, by a line replayed here.
    fn mates_within_the_forfeit_budget(cases: &[(&str, Color)]) {
        for &(fen, winner) in cases {
            let start = parse_fen(fen).unwrap();
            let Winnability::Winnable(line) = winnability(&start, winner, Budget::FORFEIT) else {
                panic!("{fen}: {winner:?} can mate");
            };
            assert!(ends_in_mate(&start, &line, winner), "{fen}");
        }
    }

    #[test]
    fn a_lone_knight_mates_against_queens_and_rooks_walled_in() {
        // From real games (labelled: both sides can mate), found by the guided searches before the
        // long walk.
        mates_within_the_forfeit_budget(&[
            ("4Q3/4Q3/8/5n2/6k1/8/1P6/1K6 w - - 13 69", Color::Black),
            ("8/8/kq1p2KN/2p5/2qr4/1p6/5p2/8 w - - 0 58", Color::White),
            ("N5k1/7p/p3Kp2/1p2b3/8/8/5q2/8 w - - 4 38", Color::White),
        ]);
    }

    #[test]
    fn a_king_and_pawns_mate_once_the_other_side_has_walled_its_king_in() {
        // From a real game (labelled: both sides can mate): White's pawn promotes to a knight
        // that mates after Black's queen and knight have closed in round their king; found walking
        // out, at some 180,000 positions, by the last step of the forfeit budget. From the labelled set:
        // Black mates only once White's bishop has let its king out and its pawns have made way.
        mates_within_the_forfeit_budget(&[
            ("6k1/p2n3p/6PK/2p5/5q2/4r3/8/8 w - - 1 37", Color::White),
            ("1k6/1P1p1p1p/BP5p/1P6/8/8/3P1P1P/6K1 w - - 0 1", Color::Black),
        ]);
    }

    #[test]
    fn a_guided_search_taken_up_again_goes_on_where_it_stopped() {
        // In two steps or in one, the same positions in the same order: the same mate.
        let start = parse_fen("6k1/p2n3p/6PK/2p5/5q2/4r3/8/8 w - - 1 37").unwrap();
        let mut search = Guided::new(&start, Color::White, Style::WALK_OUT);
        assert_eq!(search.search(50_000), None);
        let resumed = search.search(400_000).expect("a mate walking out");
        assert_eq!(Some(resumed.clone()), guided_helpmate(&start, Color::White, 400_000, Style::WALK_OUT));
        assert!(ends_in_mate(&start, &resumed, Color::White));
    }

    #[test]
    fn bishops_guided_round_pawn_walls_find_long_mates() {
        // From the labelled set (chasolver's labels: the side named can mate). Bishops of the
        // mating side must come round behind walls of pawns, or the other side's bishops must
        // come into the corner as blockers: the deepening search guiding them there finds these
        // where the plain one and the guided ones find nothing within the thorough budget.
        let cases = [
            ("k6B/1b4B1/2b2B2/4B3/3B4/1pB1B3/pP1B4/K7 w - - 0 1", Color::White),
            ("1bB5/4k3/1p1p4/1P1Pp1p1/4P1P1/6bB/6r1/5K2 w - - 0 1", Color::White),
            ("k1b1b3/8/8/1pBpBpBp/1PbPbPbP/8/8/K1B1B3 w - - 0 1", Color::Black),
        ];
        for (fen, winner) in cases {
            let start = crate::testing::parse_fen_permissive(fen).unwrap();
            assert_eq!(deepening_helpmate(&start, winner, Deepening::long(400_000)), None, "{fen}");
            let line = deepening_helpmate(&start, winner, Deepening::bishops(400_000)).expect("a mate");
            assert!(ends_in_mate(&start, &line, winner), "{fen}");
            let Winnability::Winnable(line) = winnability(&start, winner, Budget::THOROUGH) else {
                panic!("{fen}: {winner:?} can mate");
            };
            assert!(ends_in_mate(&start, &line, winner), "{fen}");
        }
    }

    #[test]
    fn a_deepening_search_taken_up_again_goes_on_where_it_stopped() {
        // From a real game (labelled: both sides can mate): the depth cut short by the first,
        // small budget is searched again whole, the shallower ones are not: the same mate as one
        // search with the whole budget.
        let start = parse_fen("8/5R2/8/b5PP/3B4/N1PP4/1P2k3/2K5 w - - 0 67").unwrap();
        let mut search = DeepeningSearch::new(&start, Color::Black, Deepening::long(0));
        assert_eq!(search.search(20_000), None);
        let resumed = search.search(200_000).expect("a mate within 200,000 moves");
        assert_eq!(Some(resumed.clone()), deepening_helpmate(&start, Color::Black, Deepening::long(200_000)));
        assert!(ends_in_mate(&start, &resumed, Color::Black));
    }

    #[test]
    fn a_lone_minor_piece_mates_against_blockers_the_other_side_promotes() {
        // From real games (labelled: both sides can mate): a lone bishop or knight mates only once
        // the other side has walled its own king in, with men it has yet to promote.
        mates_within_the_forfeit_budget(&[
            ("8/8/8/5B2/8/1bp5/1k2K3/8 w - - 8 56", Color::White),
            ("8/8/8/5B2/3K4/pb6/1k6/8 w - - 8 51", Color::White),
            ("8/b7/P1K5/8/4k3/8/8/8 b - - 2 48", Color::Black),
            ("8/4kp2/4p3/p4p2/1N3K2/8/8/8 w - - 2 51", Color::White),
            ("8/8/8/8/4k1p1/6P1/4K3/4B3 b - - 0 57", Color::White),
        ]);
    }

    #[test]
    fn no_position_on_a_line_to_a_mate_is_proven_unwinnable() {
        // Every 20th position of the labelled set: wherever a mate is found, the static proofs
        // (the mobility proof with its rules of moves never made, split or not, the locked
        // structures) may prove no position of its line to lead to none.
        let mut positions = 0;
        for (_, fen) in crate::testing::labelled().into_iter().step_by(20) {
            let start = crate::testing::parse_fen_permissive(&format!("{fen} 0 1")).unwrap();
            for winner in Color::ALL {
                let Winnability::Winnable(line) = winnability(&start, winner, Budget::FORFEIT) else { continue };
                let mut at = start.clone();
                for mv in line {
                    let proven = out_of_reach_split(&at, winner) || locked_out(&at, winner);
                    assert!(!proven, "{winner:?} mates from {at:?}");
                    positions += 1;
                    at.play_unchecked(mv);
                }
            }
        }
        assert!(positions > 2_000, "{positions} positions on the lines");
    }

    #[test]
    fn a_witness_is_a_line_of_legal_moves_ending_in_mate() {
        let start = parse_fen("4k3/pppp4/8/8/8/8/4PPPP/R3K3 w Q - 0 1").unwrap();
        for color in [Color::White, Color::Black] {
            let Winnability::Winnable(line) = winnability(&start, color, Budget::THOROUGH) else {
                panic!("{color:?} can mate here");
            };
            assert!(ends_in_mate(&start, &line, color));
        }
        let bishops = parse_fen("8/8/8/8/8/2b1k1b1/8/3RKR2 w - - 0 1").unwrap();
        assert!(matches!(winnability(&bishops, Color::Black, Budget::THOROUGH), Winnability::Winnable(_)));
    }
}

/// Positions from FEN for the tests.
#[cfg(test)]
mod testing {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, FromSetup, PositionError};

    fn setup(text: &str) -> Result<shakmaty::Setup, String> {
        Fen::from_ascii(text.trim().as_bytes()).map(Fen::into_setup).map_err(|e| e.to_string())
    }

    /// A legal position.
    pub fn parse_fen(text: &str) -> Result<Chess, String> {
        let setup = setup(text)?;
        let mode = CastlingMode::detect(&setup);
        Chess::from_setup(setup, mode).map_err(|e| e.to_string())
    }

    /// The labelled positions of chasolver's test set beside the project: each label and FEN
    /// (four fields).
    pub fn labelled() -> Vec<(String, String)> {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/unwinnability/positions.txt");
        let text = std::fs::read_to_string(path).expect("the labelled positions");
        text.lines()
            .filter(|l| !l.starts_with('#') && l.len() > 3)
            .map(|l| (l[..2].to_string(), l[3..].trim().to_string()))
            .collect()
    }

    /// How many sides of the labelled positions `proof` proves unable to mate; panics where it
    /// proves a side the label says can mate.
    pub fn proofs_checked_against_labels(proof: impl Fn(&Chess, shakmaty::Color) -> bool) -> usize {
        let mut proven = 0;
        for (label, fen) in labelled() {
            let pos = parse_fen_permissive(&format!("{fen} 0 1")).unwrap();
            for (i, color) in [shakmaty::Color::White, shakmaty::Color::Black].into_iter().enumerate() {
                if proof(&pos, color) {
                    assert_eq!(label.as_bytes()[i], b'-', "{label} {fen}: {color:?} can mate");
                    proven += 1;
                }
            }
        }
        proven
    }

    /// A position whose check or material could not arise in a game (test suites use them).
    pub fn parse_fen_permissive(text: &str) -> Result<Chess, String> {
        let setup = setup(text)?;
        let mode = CastlingMode::detect(&setup);
        Chess::from_setup(setup, mode)
            .or_else(PositionError::ignore_impossible_check)
            .or_else(PositionError::ignore_too_much_material)
            .map_err(|e| e.to_string())
    }
}
