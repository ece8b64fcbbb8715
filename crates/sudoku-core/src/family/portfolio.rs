//! The family engine's portfolio: which turns each method takes, what the turns of one solve
//! share, and the searches for any completion (which can stop when their effort runs out and go
//! on later) and for the number of completions.

use std::ops::ControlFlow;

use super::geometry::Geometry;
use super::learning::{FirstOrder, Learning};
use super::position::Position;
use super::search::{search, Branching, Conflicts, Search};
use super::tuning::Tuning;
use super::Method;
use crate::schedule::{Effort, Progress, Schedule, Stop};

impl Method {
    /// The turns this method takes on boards of `n x n` boxes: the portfolio's, or one search on
    /// every guess allowed (resumed, should a run stop for its effort and go on later).
    pub(super) fn schedule(self, n: usize) -> Schedule<'static, Turn> {
        let branching = match self {
            Method::Portfolio => return portfolio(n),
            Method::FewestCandidatesPerConflict => Branching::FewestCandidatesPerConflict,
            Method::FewestCandidatesPerRecentConflict => {
                Branching::FewestCandidatesPerRecentConflict
            }
            Method::FewestPlaces => Branching::FewestPlaces,
            Method::ReadingOrder => Branching::ReadingOrder,
            Method::Probing => Branching::Probing,
            Method::Learning => return learning_alone(FirstOrder::Likeliest),
            Method::LearningInReadingOrder => return learning_alone(FirstOrder::ReadingOrder),
        };
        Schedule {
            first: (Turn::Resumed(branching), u64::MAX),
            rounds: &[],
            round_budget: 0,
        }
    }
}

/// The learning search from `order` alone, on every decision allowed.
fn learning_alone(order: FirstOrder) -> Schedule<'static, Turn> {
    Schedule {
        first: (Turn::Learning(order), u64::MAX),
        rounds: &[],
        round_budget: 0,
    }
}

/// The portfolio's turns on boards of `n x n` boxes: the per-conflict cell rule's search first,
/// on the size's [`Tuning::first_budget`], then its [`Tuning::rounds`] (the learning searches'
/// turns and [`CELL_ROUNDS`]), whose first round gives a share 256 guesses.
pub(super) fn portfolio(n: usize) -> Schedule<'static, Turn> {
    let tuning = Tuning::of(n);
    Schedule {
        first: (
            Turn::Resumed(Branching::FewestCandidatesPerConflict),
            tuning.first_budget,
        ),
        rounds: tuning.rounds,
        round_budget: 256,
    }
}

/// The portfolio's turns after the first, but for the learning search's. Probing gets three
/// shares: on minimal 16x16 puzzles it cut the worst first solution from 273 to 107 ms and the
/// median count to 2 from 75 to 23 ms (BENCHMARKS.md); as the first turn it doubled the median.
/// With conflict weighting, two shares for the weighted cell rule rather than one cut the median
/// first solution of 25x25 boards at 45 % givens from 20 to 12 ms; four shares did worse again
/// (18 ms). In the rounds the rule weighs recent contradictions more: that cut the adversary's worst
/// 16x16 boards from 3.1 to 0.01 million guesses (first solution) and from 2.0 to 0.2 million
/// (smallest), with the standard sets' medians unchanged; as the first turn it raised them by a
/// third, and both rules in the rounds (two shares each) left a 25x25 board at 0.9 s. Refuting
/// bands and stacks alone (one share) answers the adversary's refutations whose contradiction lies
/// inside one of them, which the whole-board rules can take millions of guesses over: 3.8 million
/// to 46 thousand and 2.1 million to 11 thousand on two of them (BENCHMARKS.md).
///
/// Every strategy but reading order also has a turn of one share that resumes its own search on
/// its own tally, so a board costs at most a bounded multiple of what the best of them needs
/// alone (twice the round's shares: 105 up to 16x16, 39 on 25x25), however
/// the restarted turns fare: restarting on a tally the other turns keep changing left a 16x16
/// refutation at 2.7 million guesses that probing alone answers in 27 thousand, and a board at
/// 1.05 million that the recency-weighted rule alone answers in 12 thousand. The restarted
/// turns stay, being what finds some 25x25 boards' solutions early and refutes some boards that
/// no strategy alone refutes within 400 thousand guesses (without them, boards at 45 % givens
/// take two thirds more time even with the learning search). Reading order's turn, which
/// answered none of the adversary's boards sooner than the rest, gave way to the cell rules'
/// (BENCHMARKS.md).
///
const CELL_ROUNDS: [(Turn, u64); 7] = [
    (
        Turn::Search(Branching::FewestCandidatesPerRecentConflict),
        2,
    ),
    (Turn::Parts, 1),
    (Turn::Search(Branching::Probing), 2),
    (Turn::Resumed(Branching::Probing), 1),
    (Turn::Resumed(Branching::FewestPlaces), 1),
    (
        Turn::Resumed(Branching::FewestCandidatesPerRecentConflict),
        1,
    ),
    (Turn::Resumed(Branching::FewestCandidatesPerConflict), 1),
];

/// The learning search's turns, `likeliest` shares starting from the likeliest propositions and
/// `reading` from reading order, then [`CELL_ROUNDS`]. The learning turns come first: a round
/// ends with the turn that answers, and the learning search answers the hard boards more often
/// than the cell rules. Against the same turns in the other order, 842 16x16 boards (every one
/// of the tests and the stored climbs) took 2.62 s rather than 3.34 s to a first solution (worst
/// 0.15 s rather than 0.21 s) and 13.7 s rather than 15.4 s to their smallest solutions, 171 hard
/// and climbed boards' smallest solutions 1.98 s rather than 2.47 s (worst 0.41 s rather than
/// 0.57 s), 200 25x25 boards at 45 % 3 % less; minimal puzzles the same, but the worst of 42 hard
/// boards counting went from 55 to 87 ms (BENCHMARKS.md, ninth pass).
pub(super) const fn with_learning(likeliest: u64, reading: u64) -> [(Turn, u64); 9] {
    let mut rounds = [(Turn::Learning(FirstOrder::Likeliest), likeliest); 9];
    rounds[1] = (Turn::Learning(FirstOrder::ReadingOrder), reading);
    let mut k = 0;
    while k < CELL_ROUNDS.len() {
        rounds[k + 2] = CELL_ROUNDS[k];
        k += 1;
    }
    rounds
}

/// A turn of the portfolio.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Turn {
    /// A search of the whole board, afresh each turn, branching on a tally of conflicts that all
    /// such turns of the solve share (see [`Shared::restart_tally`]).
    Search(Branching),
    /// A search of the whole board that each turn resumes where it stopped, keeping its own
    /// tally of conflicts: it costs what it would alone, however many turns it takes.
    Resumed(Branching),
    /// Searches of each band and stack alone, which can only show that there is no completion
    /// (see [`refute_by_parts`]).
    Parts,
    /// The search that learns from its contradictions, deciding in this order until they rank
    /// its propositions, resumed each turn (each decision counts as the guesses its work is
    /// worth).
    Learning(FirstOrder),
}

/// What the portfolio's turns of one solve share: where contradictions showed, which bands and
/// stacks are known to have completions, and the searches the resumed turns go on with.
struct Shared<'a> {
    geometry: &'a Geometry,
    /// The tally the restarted turns share, once the first of them has taken it.
    conflicts: Option<Conflicts>,
    /// Bit `p` for part `p` (bands first, then stacks) once it is known to have a completion.
    completed_parts: u32,
    /// The resumed turns' searches so far.
    resumed: Vec<Resumed>,
    /// The learning searches that have taken a turn, with the solutions each has found.
    learning: Vec<(FirstOrder, Learning, usize)>,
    /// Learning searches from an earlier question, to go on with rather than start afresh.
    kept: Option<KeptLearning>,
    /// The guesses after which the resumed turns' searches narrow by matchings at every level,
    /// if they ever do (see [`Search::matching_everywhere_after`]).
    matching_after: Option<u64>,
}

/// Learning searches kept from one question to the next, with the position they started from,
/// which every question's start narrows: what a search learnt answering one question holds for
/// the next (see [`Learning::assume`]).
pub(super) struct KeptLearning {
    base: Position,
    searches: Vec<(FirstOrder, Learning)>,
}

impl KeptLearning {
    /// None kept yet, for questions whose starts narrow `base`.
    pub(super) fn new(base: Position) -> KeptLearning {
        KeptLearning {
            base,
            searches: Vec::new(),
        }
    }
}

/// A search of a [`Turn::Resumed`], with its tally of conflicts and the solutions it has
/// visited.
struct Resumed {
    branching: Branching,
    search: Search,
    conflicts: Conflicts,
    found: usize,
}

impl Shared<'_> {
    fn new(geometry: &Geometry) -> Shared<'_> {
        Shared {
            geometry,
            conflicts: None,
            completed_parts: 0,
            resumed: Vec::new(),
            learning: Vec::new(),
            kept: None,
            matching_after: None,
        }
    }

    /// The learning search from `start` in `order`, started if it was not, with the solutions
    /// it has found.
    fn learning(&mut self, start: &Position, order: FirstOrder) -> (&mut Learning, &mut usize) {
        let index = match self.learning.iter().position(|l| l.0 == order) {
            Some(index) => index,
            None => {
                let learning = match &mut self.kept {
                    None => Learning::new(self.geometry, start, order),
                    Some(kept) => {
                        let mut learning = match kept.searches.iter().position(|k| k.0 == order) {
                            Some(k) => kept.searches.swap_remove(k).1,
                            None => Learning::new(self.geometry, &kept.base, order),
                        };
                        learning.assume(self.geometry, start);
                        learning
                    }
                };
                self.learning.push((order, learning, 0));
                self.learning.len() - 1
            }
        };
        let (_, learning, found) = &mut self.learning[index];
        (learning, found)
    }

    /// The tally of conflicts the restarted turns share: at first a copy of the tally of the
    /// search that took the first turn (if one did), so that they start from where it failed.
    fn restart_tally(&mut self) -> &mut Conflicts {
        let (geometry, resumed) = (self.geometry, &self.resumed);
        self.conflicts.get_or_insert_with(|| match resumed.first() {
            Some(first) => first.conflicts.clone(),
            None => Conflicts::new(geometry),
        })
    }

    /// The resumed search from `start` that branches as `branching`, started if it was not.
    fn resumed(&mut self, start: &Position, branching: Branching) -> &mut Resumed {
        let index = match self.resumed.iter().position(|r| r.branching == branching) {
            Some(index) => index,
            None => {
                let mut search = Search::new(start.clone(), branching);
                if let Some(guesses) = self.matching_after {
                    search = search.matching_everywhere_after(guesses);
                }
                self.resumed.push(Resumed {
                    branching,
                    search,
                    conflicts: Conflicts::new(self.geometry),
                    found: 0,
                });
                self.resumed.len() - 1
            }
        };
        &mut self.resumed[index]
    }
}

/// Looks for a band or stack whose placed digits in `start`, alone on an otherwise empty board,
/// have no completion: a proof that `start` has none, since every completion of `start` would
/// complete that part too. `Some(())` if it finds one; `None` if every part has a completion or
/// `budget` runs out first.
pub(super) fn refute_by_parts(
    geometry: &Geometry,
    start: &Position,
    budget: &mut u64,
    completed_parts: &mut u32,
) -> Option<()> {
    let (n, side) = (geometry.n, geometry.side);
    for part in 0..2 * n {
        if *completed_parts >> part & 1 != 0 {
            continue;
        }
        let cells: Vec<u8> = (0..geometry.cells)
            .map(|cell| {
                let (row, column) = (cell / side, cell % side);
                let inside = if part < n {
                    row / n == part
                } else {
                    column / n == part - n
                };
                if inside {
                    start.digits()[cell]
                } else {
                    0
                }
            })
            .collect();
        let alone = match Position::new(geometry, &cells) {
            Some(alone) => alone,
            None => return Some(()),
        };
        let mut effort = Effort::limited(*budget);
        let found = Completion::new(geometry, alone, false)
            .run(&Method::Portfolio.schedule(geometry.n), &mut effort);
        *budget -= effort.spent;
        match found? {
            Some(_) => *completed_parts |= 1 << part,
            None => return Some(()),
        }
    }
    None
}

/// `Some(answer)` for a search that finished, `None` for one whose budget ran out.
pub(super) fn answered<T>(stop: ControlFlow<Stop>, answer: T) -> Option<T> {
    match stop {
        ControlFlow::Break(Stop::Budget) => None,
        _ => Some(answer),
    }
}

/// The first completion `branching` finds from `start` (`Some(None)` if there is none); `None`
/// if `budget` runs out.
fn first_in(
    geometry: &Geometry,
    start: &Position,
    branching: Branching,
    budget: &mut u64,
    conflicts: &mut Conflicts,
) -> Option<Option<Vec<u8>>> {
    let mut found = None;
    let stop = search(
        geometry,
        start.clone(),
        branching,
        budget,
        conflicts,
        &mut |solved| {
            found = Some(solved.digits().to_vec());
            ControlFlow::Break(())
        },
    );
    answered(stop, found)
}

/// A completion of `start` by the turns of `schedule` (`Some(None)` if there is none); `None`
/// if `effort` runs out.
pub(super) fn first(
    geometry: &Geometry,
    start: &Position,
    schedule: &Schedule<'_, Turn>,
    effort: &mut Effort,
) -> Option<Option<Vec<u8>>> {
    Completion::new(geometry, start.clone(), true).run(schedule, effort)
}

/// The search for any completion of a position by the turns of a schedule, which can stop when
/// its effort runs out and go on later where it stopped.
pub(super) struct Completion<'g> {
    geometry: &'g Geometry,
    start: Position,
    with_parts: bool,
    shared: Shared<'g>,
    progress: Progress<Turn>,
}

impl<'g> Completion<'g> {
    /// The search from `start`, not yet started, with the turns that refute by parts or without
    /// them (for the parts themselves).
    pub(super) fn new(geometry: &'g Geometry, start: Position, with_parts: bool) -> Completion<'g> {
        Completion {
            geometry,
            start,
            with_parts,
            shared: Shared::new(geometry),
            progress: Progress::default(),
        }
    }

    /// The same search, whose learning turns go on with the searches `kept` (whose base `start`
    /// must narrow) rather than start afresh.
    pub(super) fn keeping(mut self, kept: KeptLearning) -> Completion<'g> {
        self.shared.kept = Some(kept);
        self
    }

    /// The same search, whose resumed turns narrow by matchings at every level once each has
    /// made `guesses` guesses (see [`Search::matching_everywhere_after`]).
    pub(super) fn matching_everywhere_after(mut self, guesses: u64) -> Completion<'g> {
        self.shared.matching_after = Some(guesses);
        self
    }

    /// The same search, taking `turn` first, on `budget` guesses, before its schedule's turns.
    pub(super) fn led_by(mut self, turn: Turn, budget: u64) -> Completion<'g> {
        self.progress = Progress::led_by(turn, budget);
        self
    }

    /// The turn that answered, after a run on `schedule` answered.
    pub(super) fn answered_by(&self, schedule: &Schedule<'_, Turn>) -> Turn {
        self.progress.turn_of(schedule)
    }

    /// The learning searches to keep for the next question: those [`Completion::keeping`] gave
    /// and those this search started (none if it was not given any).
    pub(super) fn into_kept(self) -> Option<KeptLearning> {
        let mut kept = self.shared.kept?;
        let taken = self.shared.learning.into_iter();
        kept.searches
            .extend(taken.map(|(order, learning, _)| (order, learning)));
        Some(kept)
    }

    /// Goes on with the turns of `schedule` within `effort`: a completion (`Some(None)` if there
    /// is none), or `None` if `effort` runs out first.
    pub(super) fn run(
        &mut self,
        schedule: &Schedule<'_, Turn>,
        effort: &mut Effort,
    ) -> Option<Option<Vec<u8>>> {
        let Completion {
            geometry,
            start,
            with_parts,
            shared,
            progress,
        } = self;
        let (geometry, start) = (*geometry, &*start);
        schedule.resume(progress, effort, |turn, budget| match turn {
            Turn::Search(branching) => {
                first_in(geometry, start, branching, budget, shared.restart_tally())
            }
            Turn::Resumed(branching) => {
                let resumed = shared.resumed(start, branching);
                let mut found = None;
                let stop =
                    resumed
                        .search
                        .run(geometry, budget, &mut resumed.conflicts, &mut |solved| {
                            found = Some(solved.digits().to_vec());
                            ControlFlow::Break(())
                        });
                answered(stop, found)
            }
            Turn::Parts if *with_parts => {
                refute_by_parts(geometry, start, budget, &mut shared.completed_parts).map(|()| None)
            }
            Turn::Parts => None,
            Turn::Learning(order) => shared.learning(start, order).0.run(geometry, budget),
        })
    }
}

/// The number of completions of `start` up to `limit` (at least 1) by the turns of `schedule`;
/// `None` if `effort` runs out first.
pub(super) fn count_completions(
    geometry: &Geometry,
    start: &Position,
    limit: usize,
    schedule: &Schedule<'_, Turn>,
    effort: &mut Effort,
) -> Option<usize> {
    let mut shared = Shared::new(geometry);
    schedule.take_turns(effort, |turn, budget| {
        let branching = match turn {
            Turn::Search(branching) => branching,
            Turn::Resumed(branching) => {
                let resumed = shared.resumed(start, branching);
                let found = &mut resumed.found;
                let stop =
                    resumed
                        .search
                        .run(geometry, budget, &mut resumed.conflicts, &mut |_| {
                            *found += 1;
                            if *found < limit {
                                ControlFlow::Continue(())
                            } else {
                                ControlFlow::Break(())
                            }
                        });
                return answered(stop, *found);
            }
            Turn::Parts => {
                return refute_by_parts(geometry, start, budget, &mut shared.completed_parts)
                    .map(|()| 0)
            }
            Turn::Learning(order) => {
                let (learning, found) = shared.learning(start, order);
                while *found < limit {
                    match learning.run(geometry, budget)? {
                        Some(digits) => {
                            *found += 1;
                            learning.exclude(geometry, &digits);
                        }
                        None => break,
                    }
                }
                return Some(*found);
            }
        };
        let mut count = 0;
        let stop = search(
            geometry,
            start.clone(),
            branching,
            budget,
            shared.restart_tally(),
            &mut |_| {
                count += 1;
                if count < limit {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            },
        );
        answered(stop, count)
    })
}
