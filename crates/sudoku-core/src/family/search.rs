//! The search over boards of `n x n` boxes: a depth-first search over positions (see
//! `position` for what a position holds and how it narrows), the rules it can branch by, and
//! the tally of contradictions that weighs the cell rules.
//!
//! At its first [`MATCHING_DEPTH`] levels a search narrows each unit to the candidates that some
//! matching of its open cells to its missing digits uses ([`Position::match_units`]), and so
//! refutes every position some unit of which has `k` open cells with fewer than `k` digits
//! between them: a pigeonhole that stalls branching and clause learning alike. The narrowing
//! finds naked and hidden subsets of every size, which propagation finds only up to pairs: it
//! cut the smallest solution of a climbed 16x16 board from 145 to 21 ms. Deeper it costs more
//! than it prunes on most boards, but not on all: a search can be told to narrow so at every
//! level once it has made a given number of guesses ([`Search::matching_everywhere_after`]), so
//! that a search that has not answered soon reasons harder, which the smallest solution's
//! searches do on boards up to 16x16 (the adversary's smallest solutions are such pigeonholes
//! a few rows deep).
//!
//! A [`Search`] can stop when its guess budget runs out and resume on the next budget where it
//! stopped (writing down, as it returns, each position with what was left to do there), so a
//! portfolio turn need not start afresh.
//!
//! Each contradiction is charged to the units where it showed (a cell without candidates, a
//! digit without a place), and the cell rules prefer cells with few candidates in much-blamed
//! units: the weighted-degree heuristic of constraint solvers, which on 25x25 boards at 45 %
//! givens cut the median first solution from 282 to 20 ms and the worst from 15.5 s to 0.24 s.
//! A second tally lets the latest contradictions lead (weights growing with each one): on the
//! adversary's 16x16 boards it found a first solution in 13 thousand guesses where the plain
//! tally needed 3 million.

use std::ops::ControlFlow;

use super::geometry::Geometry;
use super::position::{Pending, Position};
use crate::probe_cursor::ProbeCursor;
use crate::schedule::{resume_in_order, Resumable, Stop};

/// What a search branches on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Branching {
    /// An open cell with the fewest candidates for the contradictions its units have shown (see
    /// [`Conflicts`]); before any, simply the fewest candidates.
    FewestCandidatesPerConflict,
    /// As [`Branching::FewestCandidatesPerConflict`], each contradiction weighing more than the
    /// one before it (by [`RECENT_GROWTH`]), so that the latest ones lead.
    FewestCandidatesPerRecentConflict,
    /// The places of a digit in the unit where it has the fewest, where that is fewer than any
    /// cell's candidates; otherwise as [`Branching::FewestCandidatesPerConflict`].
    FewestPlaces,
    /// The first open cell in reading order.
    ReadingOrder,
    /// As [`Branching::FewestCandidatesPerConflict`], after removing at each position of the first
    /// [`PROBE_DEPTH`] levels every candidate whose placement propagation refutes (each probe
    /// counts as a guess).
    Probing,
}

/// The levels of a [`Branching::Probing`] search that probe.
const PROBE_DEPTH: u32 = 3;

/// The levels of every search whose positions [`Position::match_units`] narrows (every level,
/// once a search told so has made enough guesses: [`Search::matching_everywhere_after`]).
/// Deeper, its cost outweighs what it prunes on most boards: at every level it cut the cell
/// rule's guesses on 849 hard 16x16 boards seventeen times, but made a guess four times as dear
/// and more than doubled their median time; at the first 16 levels minimal 16x16 puzzles took
/// 60 % longer, and at the first 12 to 30 the 25x25 boards swung one by one, some a hundred
/// times faster and others ten times slower (BENCHMARKS.md, twelfth pass).
const MATCHING_DEPTH: u32 = 3;

impl Position {
    /// The guesses to branch on, in the order to try them, as cells and digits (`d` for digit
    /// `d + 1`): a cell with each of its candidates, or a digit in each of its places in one
    /// unit; none if the board is full.
    fn branch(
        &self,
        geometry: &Geometry,
        branching: Branching,
        conflicts: &Conflicts,
    ) -> Vec<(usize, usize)> {
        let cell = if branching == Branching::ReadingOrder {
            self.open_cells().next()
        } else {
            // The fewest candidates for the weight (count / weight, compared by cross products),
            // then the most open peers, as the 9x9 engine chooses: on the benchmark's minimal
            // 16x16 puzzles the tie-break halves the guesses to a count (BENCHMARKS.md).
            // The best so far: the cell, its count, weight and open peers (infinitely many
            // candidates for a weight of 1 before the first cell, which any cell beats).
            let per_unit = conflicts.per_unit(branching);
            let (mut best, mut fewest, mut heaviest, mut most) = (None, f64::INFINITY, 1.0, 0);
            for cell in self.open_cells() {
                let count = f64::from(self.candidates()[cell].count_ones());
                let [row, column, in_box] = geometry.units_of[cell];
                let weight = per_unit[row] + per_unit[column] + per_unit[in_box];
                let (this, that) = (count * heaviest, fewest * weight);
                if this < that || this == that && self.open_peers(geometry, cell) > most {
                    best = Some(cell);
                    fewest = count;
                    heaviest = weight;
                    most = self.open_peers(geometry, cell);
                }
            }
            best
        };
        let cell = match cell {
            Some(cell) => cell,
            None => return Vec::new(),
        };
        let candidates = self.candidates()[cell];
        if branching == Branching::FewestPlaces && candidates.count_ones() > 2 {
            if let Some(guesses) = self.fewest_places(geometry, candidates.count_ones()) {
                return guesses;
            }
        }
        let digits = (0..geometry.side).filter(|&d| candidates >> d & 1 != 0);
        if branching == Branching::ReadingOrder {
            // Increasing order, so that solutions come in lexicographic order.
            return digits.map(|d| (cell, d)).collect();
        }
        // The digits with the fewest places left in the cell's row, column and box first. On
        // 25x25 boards at 45 % givens (many solutions) this cut a first solution's median from
        // 3.3 to 2.1 ms and the benchmark's four boards from 43,693 guesses to 3,552
        // (BENCHMARKS.md).
        let mut guesses: Vec<(u32, usize)> = digits
            .map(|d| (self.places_left(geometry, cell, d), d))
            .collect();
        guesses.sort_unstable();
        guesses.into_iter().map(|(_, d)| (cell, d)).collect()
    }
}

/// How much each contradiction raises the weight of the next one for
/// [`Branching::FewestCandidatesPerRecentConflict`].
const RECENT_GROWTH: f64 = 1.05;

/// Where contradictions showed, shared by the searches of one solve so that each branches first
/// where it and earlier ones failed most (the dom/wdeg rule of constraint solvers): per unit,
/// one plus the count of contradictions, and the same with each contradiction weighing
/// [`RECENT_GROWTH`] times the one before (the rule with decay, as SAT solvers weigh variables).
#[derive(Clone)]
pub(super) struct Conflicts {
    per_unit: Vec<f64>,
    recent_per_unit: Vec<f64>,
    /// What the next contradiction adds to `recent_per_unit`.
    recent_weight: f64,
}

impl Conflicts {
    /// No contradiction yet: every unit weighs 1.
    pub(super) fn new(geometry: &Geometry) -> Conflicts {
        Conflicts {
            per_unit: vec![1.0; geometry.units().len()],
            recent_per_unit: vec![1.0; geometry.units().len()],
            recent_weight: 1.0,
        }
    }

    /// Each unit's weight for `branching` (a cell weighs the sum of its units').
    fn per_unit(&self, branching: Branching) -> &[f64] {
        if branching == Branching::FewestCandidatesPerRecentConflict {
            &self.recent_per_unit
        } else {
            &self.per_unit
        }
    }

    /// Counts the contradiction `pending` reports against the units where it showed, and clears
    /// `pending` for the next propagation.
    fn blame(&mut self, pending: &mut Pending) {
        pending.clear();
        let mut failed = std::mem::take(&mut pending.failed);
        while failed != 0 {
            let unit = failed.trailing_zeros() as usize;
            failed &= failed - 1;
            self.per_unit[unit] += 1.0;
            self.recent_per_unit[unit] += self.recent_weight;
        }
        self.recent_weight *= RECENT_GROWTH;
        // Scaled down together long before they could overflow; only their ratios count.
        if self.recent_weight > 1e100 {
            for weight in &mut self.recent_per_unit {
                *weight *= 1e-100;
            }
            self.recent_weight *= 1e-100;
        }
    }
}

/// Visits the solutions reachable from `position`, branching as `branching` says, until `visit`
/// breaks or `budget` guesses have been made. With [`Branching::ReadingOrder`], which tries
/// digits in increasing order, solutions come in lexicographic order.
pub(super) fn search<F>(
    geometry: &Geometry,
    position: Position,
    branching: Branching,
    budget: &mut u64,
    conflicts: &mut Conflicts,
    visit: &mut F,
) -> ControlFlow<Stop>
where
    F: FnMut(&Position) -> ControlFlow<()>,
{
    Search::new(position, branching).run(geometry, budget, conflicts, visit)
}

/// A [`search`] that stops when its guess budget runs out and resumes, on a new budget, where
/// it stopped.
pub(super) struct Search {
    branching: Branching,
    /// The position it starts from, until it has started.
    root: Option<Position>,
    /// Where it stopped, the deepest position first.
    suspended: Vec<Frame>,
    /// The guesses it has made in all its runs.
    made: u64,
    /// The guesses after which it narrows by matchings at every level, not only the first
    /// [`MATCHING_DEPTH`], if it ever does (see [`Search::matching_everywhere_after`]).
    matching_after: Option<u64>,
}

/// A position where a search stopped.
struct Frame {
    position: Position,
    rest: Rest,
    depth: u32,
}

/// What is left to do at a position where a search stopped.
enum Rest {
    /// Probing from where it got, then the branch.
    Probe(ProbeCursor),
    /// The guesses of the branch from the one at this index on.
    Guesses(Vec<(usize, usize)>, usize),
}

impl Search {
    /// A search from `position` that has not started.
    pub(super) fn new(position: Position, branching: Branching) -> Search {
        Search {
            branching,
            root: Some(position),
            suspended: Vec::new(),
            made: 0,
            matching_after: None,
        }
    }

    /// The same search, but once it has made `guesses` guesses (in all its runs), every
    /// position it reaches is narrowed by the units' matchings ([`Position::match_units`]), as
    /// the first [`MATCHING_DEPTH`] levels always are: a search that has not answered soon
    /// reasons harder, while the searches that answer at once pay nothing for it. It still
    /// visits every solution, since the narrowing removes only candidates that no solution
    /// uses (in reading order, in the same lexicographic order; a rule that branches by the
    /// candidates left may take them in another).
    pub(super) fn matching_everywhere_after(mut self, guesses: u64) -> Search {
        self.matching_after = Some(guesses);
        self
    }

    /// Goes on with the search until `visit` breaks, `budget` guesses have been made, or every
    /// solution has been visited (`Continue`), charging contradictions to `conflicts`. After
    /// [`Stop::Budget`] it can be run again and goes on from where it stopped.
    pub(super) fn run<F>(
        &mut self,
        geometry: &Geometry,
        budget: &mut u64,
        conflicts: &mut Conflicts,
        visit: &mut F,
    ) -> ControlFlow<Stop>
    where
        F: FnMut(&Position) -> ControlFlow<()>,
    {
        let granted = *budget;
        let mut walk = Walk {
            geometry,
            branching: self.branching,
            matching_when_budget_is: self.matching_after.and_then(|after| {
                let before = after.saturating_sub(self.made);
                granted.checked_sub(before)
            }),
            budget,
            visit,
            pending: Pending::default(),
            conflicts,
            suspended: Vec::new(),
            spare: Vec::new(),
        };
        let flow = match self.root.take() {
            Some(root) => walk.below(root, 0, ProbeCursor::default()),
            None => resume_in_order(&mut walk, std::mem::take(&mut self.suspended)),
        };
        self.suspended = walk.suspended;
        self.made += granted - *budget;
        flow
    }
}

/// What stays the same throughout one run of a [`Search`].
struct Walk<'a, F> {
    geometry: &'a Geometry,
    branching: Branching,
    /// The budget left at which the search starts to narrow by matchings at every level, if it
    /// reaches that within the run.
    matching_when_budget_is: Option<u64>,
    budget: &'a mut u64,
    visit: &'a mut F,
    pending: Pending,
    conflicts: &'a mut Conflicts,
    /// Where the run stopped, the deepest position first, if its budget ran out.
    suspended: Vec<Frame>,
    /// Positions done with, whose memory the next guesses copy their positions into.
    spare: Vec<Position>,
}

impl<F> Walk<'_, F>
where
    F: FnMut(&Position) -> ControlFlow<()>,
{
    /// The search from `position`, `depth` guesses below where it started, its probing (if the
    /// branching probes there) going on from `probing`.
    fn below(
        &mut self,
        mut position: Position,
        depth: u32,
        mut probing: ProbeCursor,
    ) -> ControlFlow<Stop> {
        let probes = self.branching == Branching::Probing && depth < PROBE_DEPTH;
        // (Not again where probing resumes: a search resumed must go as if run at once.)
        let everywhere = matches!(self.matching_when_budget_is, Some(left) if *self.budget <= left);
        let matches = (depth < MATCHING_DEPTH || everywhere) && probing.is_fresh();
        if matches && !position.match_units(self.geometry, &mut self.pending) {
            self.conflicts.blame(&mut self.pending);
            self.spare.push(position);
            return ControlFlow::Continue(());
        }
        if probes {
            match position.probe(self.geometry, self.budget, &mut self.pending, &mut probing) {
                None => return self.suspend(position, Rest::Probe(probing), depth),
                Some(false) => {
                    self.spare.push(position);
                    return ControlFlow::Continue(());
                }
                Some(true) => {}
            }
        }
        let guesses = position.branch(self.geometry, self.branching, self.conflicts);
        if guesses.is_empty() {
            let flow = match (self.visit)(&position) {
                ControlFlow::Continue(()) => ControlFlow::Continue(()),
                ControlFlow::Break(()) => ControlFlow::Break(Stop::Visitor),
            };
            self.spare.push(position);
            return flow;
        }
        self.expand(position, guesses, 0, depth)
    }

    /// The search below each of `guesses` from the one at index `from` on, at `position`,
    /// `depth` guesses below where the search started.
    fn expand(
        &mut self,
        position: Position,
        guesses: Vec<(usize, usize)>,
        from: usize,
        depth: u32,
    ) -> ControlFlow<Stop> {
        for (i, &(cell, d)) in guesses.iter().enumerate().skip(from) {
            if *self.budget == 0 {
                return self.suspend(position, Rest::Guesses(guesses, i), depth);
            }
            *self.budget -= 1;
            let mut child = match self.spare.pop() {
                Some(mut spare) => {
                    spare.copy_from(&position);
                    spare
                }
                None => position.clone(),
            };
            if child.place(self.geometry, cell, d, &mut self.pending)
                && child.propagate(self.geometry, &mut self.pending)
            {
                match self.below(child, depth + 1, ProbeCursor::default()) {
                    ControlFlow::Continue(()) => {}
                    ControlFlow::Break(Stop::Budget) if i + 1 < guesses.len() => {
                        return self.suspend(position, Rest::Guesses(guesses, i + 1), depth)
                    }
                    stop => return stop,
                }
            } else {
                self.conflicts.blame(&mut self.pending);
                self.spare.push(child);
            }
        }
        self.spare.push(position);
        ControlFlow::Continue(())
    }

    /// Keeps `position`, with what is left to do there, to resume from, and stops for the
    /// budget.
    fn suspend(&mut self, position: Position, rest: Rest, depth: u32) -> ControlFlow<Stop> {
        self.suspended.push(Frame {
            position,
            rest,
            depth,
        });
        ControlFlow::Break(Stop::Budget)
    }
}

impl<F> Resumable for Walk<'_, F>
where
    F: FnMut(&Position) -> ControlFlow<()>,
{
    type Frame = Frame;

    fn resume(&mut self, frame: Frame) -> ControlFlow<Stop> {
        match frame.rest {
            Rest::Probe(probing) => self.below(frame.position, frame.depth, probing),
            Rest::Guesses(guesses, from) => self.expand(frame.position, guesses, from, frame.depth),
        }
    }

    fn suspended(&mut self) -> &mut Vec<Frame> {
        &mut self.suspended
    }
}

#[cfg(test)]
mod tests {
    use super::super::position::tests::{random_full_board, random_givens};
    use super::*;
    use crate::random::Rng;

    /// The solutions `branching` finds from `cells` (boxes of `n`), up to `limit`, each checked
    /// to keep the givens.
    fn solutions(n: usize, cells: &[u8], branching: Branching, limit: usize) -> Vec<Vec<u8>> {
        solutions_matching(n, cells, branching, limit, None)
    }

    /// As [`solutions`], by a search matching everywhere after `matching_after` guesses if given.
    fn solutions_matching(
        n: usize,
        cells: &[u8],
        branching: Branching,
        limit: usize,
        matching_after: Option<u64>,
    ) -> Vec<Vec<u8>> {
        let (found, _) = visited(
            n,
            cells,
            branching,
            matching_after,
            u64::MAX,
            u64::MAX,
            limit,
        )
        .unwrap_or_default();
        for digits in &found {
            assert!(cells.iter().zip(digits).all(|(&g, &d)| g == 0 || g == d));
        }
        found
    }

    /// The first `most` solutions a [`Search`] from `cells` (boxes of `n`) visits within `limit`
    /// guesses, run in turns of `turn` guesses, matching everywhere after `matching_after`
    /// guesses if given, and the guesses it made; `None` if the start position has no solution.
    fn visited(
        n: usize,
        cells: &[u8],
        branching: Branching,
        matching_after: Option<u64>,
        turn: u64,
        limit: u64,
        most: usize,
    ) -> Option<(Vec<Vec<u8>>, u64)> {
        let geometry = Geometry::new(n);
        let mut search = Search::new(Position::new(&geometry, cells)?, branching);
        if let Some(guesses) = matching_after {
            search = search.matching_everywhere_after(guesses);
        }
        let mut conflicts = Conflicts::new(&geometry);
        Some(crate::schedule::solutions_in_turns(
            turn,
            limit,
            most,
            |budget, visit| {
                search.run(&geometry, budget, &mut conflicts, &mut |solved| {
                    visit(solved.digits().to_vec())
                })
            },
        ))
    }

    #[test]
    fn the_cell_rules_try_the_digits_with_the_fewest_places_first() {
        let mut rng = Rng::new(0x0DE);
        for round in 0..30 {
            let n = 2 + round % 3;
            let geometry = Geometry::new(n);
            let cells = random_givens(n, 3, &mut rng);
            let position = Position::new(&geometry, &cells).expect("a solvable board");
            let conflicts = Conflicts::new(&geometry);
            for branching in BRANCHINGS {
                let guesses = position.branch(&geometry, branching, &conflicts);
                let cell = match guesses.first() {
                    Some(&(cell, _)) if guesses.iter().all(|&(other, _)| other == cell) => cell,
                    _ => continue,
                };
                let keys: Vec<(u32, usize)> = guesses
                    .iter()
                    .map(|&(_, d)| match branching {
                        Branching::ReadingOrder => (0, d),
                        _ => (position.places_left(&geometry, cell, d), d),
                    })
                    .collect();
                assert!(
                    keys.windows(2).all(|pair| pair[0] < pair[1]),
                    "{:?}",
                    branching
                );
                assert_eq!(
                    guesses.len(),
                    position.candidates()[cell].count_ones() as usize
                );
            }
        }
    }

    const BRANCHINGS: [Branching; 5] = [
        Branching::FewestCandidatesPerConflict,
        Branching::FewestCandidatesPerRecentConflict,
        Branching::FewestPlaces,
        Branching::ReadingOrder,
        Branching::Probing,
    ];

    /// The first 40 solutions a [`Search`] from `board` visits within 3,000 guesses, run in
    /// turns of `turn` guesses, matching everywhere after `matching_after` guesses if given,
    /// and the guesses it made.
    fn visited_in_turns(
        board: &str,
        branching: Branching,
        turn: u64,
        matching_after: Option<u64>,
    ) -> (Vec<Vec<u8>>, u64) {
        let board = crate::judge::family_text::parse_line(board).unwrap();
        let n = board.box_size();
        visited(n, board.cells(), branching, matching_after, turn, 3000, 40)
            .expect("a start position")
    }

    #[test]
    fn a_search_resumed_turn_after_turn_visits_and_guesses_as_one_run() {
        let boards = [
            // Many solutions, and a deep search to the first of them on some rules.
            "1.6.......4.3.5.8........9.......86.......9.....9...2....7.....26.89.............",
            // No solution, though no rule is broken and every unit has a matching (the
            // adversary's, 16x16).
            ".....ED.FI.........PLG.B......MH.....N..CL.....E......JF.P...NI...D........K........JFC....B....E.............KM.I..D.....M.....D.L.H...IE.........E.C...N....HFJ.H...I...C.L..K..I..K.N.H..J..........P..JG.E....J....I.KA.......AB......O.....L..KCM.H..D....O",
        ];
        let mut long = 0;
        for text in boards {
            for branching in BRANCHINGS {
                // Matching everywhere from a point inside the runs as from their start.
                for matching_after in [None, Some(0), Some(50)] {
                    let (whole, guesses) =
                        visited_in_turns(text, branching, u64::MAX, matching_after);
                    long += u32::from(guesses > 200);
                    for turn in [1, 2, 7, 100] {
                        let resumed = visited_in_turns(text, branching, turn, matching_after);
                        assert_eq!(
                            resumed,
                            (whole.clone(), guesses),
                            "{:?} {:?} {}",
                            branching,
                            matching_after,
                            text
                        );
                    }
                }
            }
        }
        assert!(
            long >= 12,
            "too few searches long enough to stop many times"
        );
    }

    #[test]
    fn reading_order_matching_everywhere_keeps_the_order_and_finds_pigeonholes_sooner() {
        // Many solutions: reading order meets them in lexicographic order, matched or not.
        let many =
            "1.6.......4.3.5.8........9.......86.......9.....9...2....7.....26.89.............";
        let (plain, _) = visited_in_turns(many, Branching::ReadingOrder, u64::MAX, None);
        for after in [0, 30] {
            let (matched, _) =
                visited_in_turns(many, Branching::ReadingOrder, u64::MAX, Some(after));
            assert_eq!(matched, plain, "after {}", after);
        }
        // A climbed 16x16 board whose first rows admit fillings no completion extends, found by
        // reading order alone only after far more guesses than it makes matched.
        let climbed = "M......N.E..............K....................KJ......H......B...E........BH.....I.......F......P......I...............J...GO.........A............AH.....NB...........K......J...............IO....IG.....NK.........C.............P.........C.....G....D.C.....";
        let (plain, plain_guesses) =
            visited_in_turns(climbed, Branching::ReadingOrder, u64::MAX, None);
        let (matched, matched_guesses) =
            visited_in_turns(climbed, Branching::ReadingOrder, u64::MAX, Some(0));
        let smallest = crate::judge::family_text::parse_line(climbed)
            .unwrap()
            .smallest_solution()
            .unwrap();
        assert_eq!(matched.first().map(Vec::as_slice), Some(smallest.cells()));
        assert!(plain
            .first()
            .map_or(true, |first| first == smallest.cells()));
        assert!(
            matched_guesses * 3 < plain_guesses,
            "{} guesses matched, {} plain",
            matched_guesses,
            plain_guesses
        );
    }

    #[test]
    fn every_branching_rule_finds_the_same_solutions() {
        let mut rng = Rng::new(0x0F_A111);
        for round in 0..40 {
            let n = 2 + round % 3;
            let side = n * n;
            // A full board, blanked at random.
            let mut cells = random_full_board(n, &mut rng);
            let blanks = side * side * (40 + rng.below(40)) / 100;
            let mut order: Vec<usize> = (0..cells.len()).collect();
            rng.shuffle(&mut order);
            for &cell in &order[..blanks] {
                cells[cell] = 0;
            }
            if round % 4 == 3 {
                cells[order[0]] = 1 + rng.below(side) as u8;
            }
            let mut expected = solutions(n, &cells, Branching::FewestCandidatesPerConflict, 20);
            expected.sort();
            // Each rule, and each matching at every level from its start or after a few guesses.
            for &branching in &BRANCHINGS {
                for matching_after in [None, Some(0), Some(3)] {
                    let mut found = solutions_matching(n, &cells, branching, 20, matching_after);
                    found.sort();
                    let label = format!("round {} {:?} {:?}", round, branching, matching_after);
                    if expected.len() < 20 {
                        assert_eq!(found, expected, "{}", label);
                    } else {
                        assert_eq!(found.len(), 20, "{}", label);
                    }
                }
            }
        }
    }
}
