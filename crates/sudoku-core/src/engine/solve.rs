//! Solving 9x9 boards: any solution, the lexicographically smallest one, and counting.

use std::ops::ControlFlow;

use super::board::{Board, DENSE_GIVENS};
use super::learning::Learning;
use super::search::{Branching, Search};
use crate::grid::Grid;
use crate::schedule::{Effort, Schedule, Stop};

/// A completion of `puzzle`: a full, rule-abiding board keeping every filled cell; `None` if
/// there is none (including when the givens already repeat a digit in a unit).
///
/// ```
/// use sudoku_core::judge::board_text::parse_line;
/// use sudoku_core::{solve, Grid};
///
/// let solution = solve(&Grid::EMPTY).unwrap();
/// assert!(solution.solves(&Grid::EMPTY));
/// // Row 1 needs its 9 in the last cell, which column 9 already holds lower down.
/// let stuck = parse_line(&format!("12345678.{}9{}", ".".repeat(17), ".".repeat(54))).unwrap();
/// assert_eq!(solve(&stuck), None);
/// ```
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    // Borrowed where it was made: moved out of the `Option`, the board is copied (132 bytes).
    let made = Board::new(puzzle);
    let board = made.as_ref()?;
    let plan = Plan::new(puzzle, &SCHEDULE);
    first(board, Strategy::Portfolio, plan, &mut Effort::unlimited()).unwrap_or(None)
}

/// The completion of `puzzle` that reads smallest as an 81-digit number (row by row); `None`
/// if there is none.
///
/// ```
/// use sudoku_core::judge::board_text::{parse_line, write_line};
/// use sudoku_core::{solve_smallest, Grid};
///
/// let mut text = String::new();
/// write_line(&solve_smallest(&Grid::EMPTY).unwrap(), &mut text);
/// assert!(text.starts_with("123456789456789123789123456214365897"));
/// // With 9 given first, the rest of the smallest completion follows from it.
/// let nine_first = parse_line(&format!("9{}", ".".repeat(80))).unwrap();
/// assert_eq!(solve_smallest(&nine_first).unwrap().get(1), 1);
/// ```
pub fn solve_smallest(puzzle: &Grid) -> Option<Grid> {
    smallest(puzzle, Strategy::Portfolio, &mut Effort::unlimited()).unwrap_or(None)
}

/// The number of completions of `puzzle`, counting no further than `limit`: the result is
/// `min(limit, number of solutions)`, and the search stops as soon as it reaches `limit`.
///
/// ```
/// use sudoku_core::{count_solutions, solve, Grid};
///
/// // The empty board has about 6.7 * 10^21 completions: counting stops at the limit.
/// assert_eq!(count_solutions(&Grid::EMPTY, 1000), 1000);
/// // A full board is its own only completion.
/// let full = solve(&Grid::EMPTY).unwrap();
/// assert_eq!(count_solutions(&full, 2), 1);
/// ```
pub fn count_solutions(puzzle: &Grid, limit: usize) -> usize {
    // Borrowed where it was made, as in `solve`.
    match &Board::new(puzzle) {
        Some(board) if limit > 0 => {
            let plan = Plan::new(puzzle, &SCHEDULE);
            count(
                board,
                limit,
                Strategy::Portfolio,
                plan,
                &mut Effort::unlimited(),
            )
            .unwrap_or(0)
        }
        _ => 0,
    }
}

/// A way the engine can search, for measuring each on its own: [`solve`], [`solve_smallest`]
/// and [`count_solutions`] always use [`Strategy::Portfolio`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// The strategies below taken in turn on growing guess budgets, each turn resuming the
    /// strategy's own search where its last turn stopped, so that a board costs a bounded
    /// multiple of what the best of them needs alone: the weighted-degree rule alone first
    /// (which guesses as the fastest strategy does until it has made 128 guesses, as
    /// [`Strategy::FirstPair`] on boards of 30 givens or more and [`Strategy::FewestCandidates`]
    /// on others), on a budget that covers ordinary boards, then rounds of doubling budgets in
    /// which the learning search gets twelve shares, probing and the place rule five, the
    /// weighted rule and crossings three, and the others one each. The strategies stall on
    /// different boards, so a board must defeat all of them at once to be slow; the learning
    /// search, the one unlike the rest in its reasoning, answers in a few hundred guesses the
    /// boards that stall all the others together (BENCHMARKS.md has the adversary's figures).
    /// Every strategy but the cell rules, the weighted rule, reading order and the learning
    /// search also narrows its start (and probing every position it probes) to the candidates
    /// some matching of each row's, column's and box's open cells uses: every naked and hidden
    /// subset, which refutes at once a board where a unit has no such matching.
    Portfolio,
    /// Branch on a cell with the fewest candidates, of those the one with the most open cells
    /// in its row, column and box.
    FewestCandidates,
    /// Branch as [`Strategy::FewestCandidates`], except on the first two-candidate cell in
    /// reading order where there is one: how the weighted rule guesses, until it learns, on
    /// boards of 30 givens or more.
    FirstPair,
    /// Branch on the constraint (a digit's places in a row, column or box, or a cell's
    /// candidates) with the fewest ways left to be met.
    FewestPlaces,
    /// Branch on the first open cell in reading order.
    ReadingOrder,
    /// Branch on how one digit crosses a band or stack (which row of each box it takes, or
    /// which column), applying the triad rules at every position, as tdoku does.
    Crossings,
    /// Branch as [`Strategy::FewestCandidates`], applying the triad rules (see
    /// [`Strategy::Probing`]) at every position.
    Triads,
    /// Branch on a cell with the fewest candidates for the contradictions its row, column and
    /// box have shown (the weighted-degree rule of constraint solvers), after 128 guesses
    /// made as [`Strategy::FirstPair`] does on boards of 30 givens or more and as
    /// [`Strategy::FewestCandidates`] on others.
    Weighted,
    /// Branch as [`Strategy::FewestCandidates`], reasoning harder: the triad rules (a row or
    /// column of three cells inside a box holds three different digits) everywhere, and near
    /// the root, below positions where it removed some, the removal of the candidates whose
    /// placement propagation refutes (failed-literal probing). Each probe counts as a guess.
    Probing,
    /// Decide "cell holds digit" propositions, those of recent contradictions first, and learn
    /// a clause from each contradiction, as SAT solvers do. Each decision counts as the guesses
    /// its work is worth in time (at least one).
    Learning,
}

impl Strategy {
    /// Every strategy but the portfolio: the two cell rules (one of which the weighted rule
    /// follows until it learns), then the others in the order of the portfolio's rounds.
    pub const ALONE: [Strategy; 9] = [
        Strategy::FewestCandidates,
        Strategy::FirstPair,
        Strategy::Weighted,
        Strategy::Probing,
        Strategy::Triads,
        Strategy::Crossings,
        Strategy::FewestPlaces,
        Strategy::ReadingOrder,
        Strategy::Learning,
    ];

    /// The search of `board` this strategy makes, not yet started (the weighted rule guessing
    /// as `plan` says until it learns); `None` for the portfolio, which is made of them.
    // Inlined, so that the search is made where it is kept: otherwise it is made and then
    // copied there, 288 bytes for every board.
    #[inline(always)]
    fn start(self, board: &Board, plan: Plan) -> Option<Attempt> {
        let search = |branching| Searcher::Cells(Search::new(board.clone(), branching));
        let searcher = match self {
            Strategy::Portfolio => return None,
            Strategy::Learning => Searcher::Learning(Box::new(Learning::new(board))),
            Strategy::Weighted => {
                Searcher::Cells(Search::weighted(board.clone(), plan.cell_guessing))
            }
            Strategy::FewestCandidates => search(Branching::FewestCandidates),
            Strategy::FirstPair => search(Branching::FirstPair),
            Strategy::FewestPlaces => search(Branching::FewestPlaces),
            Strategy::ReadingOrder => search(Branching::ReadingOrder),
            Strategy::Triads => search(Branching::Triads),
            Strategy::Probing => search(Branching::Probing),
            Strategy::Crossings => search(Branching::Crossings),
        };
        Some(Attempt { searcher, found: 0 })
    }
}

/// What is asked of a board (of 9x9 cells here, or of any size in [`crate::family`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Any completion, as [`solve`].
    First,
    /// The number of completions up to a limit, as [`count_solutions`].
    CountTo(usize),
    /// The smallest completion in reading order, as [`solve_smallest`].
    Smallest,
}

/// The answer to a [`Question`] about a board of type `B` (a 9x9 [`Grid`] here, a
/// [`crate::family::Sudoku`] in the family engine).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer<B = Grid> {
    /// A completion, or `None` where there is none.
    Solution(Option<B>),
    /// A number of completions.
    Count(usize),
}

/// What [`measure`] (or [`crate::family::Sudoku::measure`]) found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Measured<B = Grid> {
    /// The answer, the same as the solving functions give; `None` if the guess limit ran out
    /// first.
    pub answer: Option<Answer<B>>,
    /// The guesses made (each a placement tried and propagated), within the limit.
    pub guesses: u64,
}

/// Answers `question` about `puzzle` with `strategy`, making at most `max_guesses` guesses, and
/// says how many it made: for benchmarks and adversaries that measure the engine's work.
pub fn measure(
    puzzle: &Grid,
    question: Question,
    strategy: Strategy,
    max_guesses: u64,
) -> Measured {
    let mut effort = Effort::limited(max_guesses);
    let plan = Plan::new(puzzle, &SCHEDULE);
    let answer = match (question, Board::new(puzzle)) {
        (Question::Smallest, _) => smallest(puzzle, strategy, &mut effort).map(Answer::Solution),
        (_, None) | (Question::CountTo(0), _) => Some(match question {
            Question::First => Answer::Solution(None),
            _ => Answer::Count(0),
        }),
        (Question::First, Some(board)) => {
            first(&board, strategy, plan, &mut effort).map(Answer::Solution)
        }
        (Question::CountTo(limit), Some(board)) => {
            count(&board, limit, strategy, plan, &mut effort).map(Answer::Count)
        }
    };
    Measured {
        answer,
        guesses: effort.spent,
    }
}

/// Guesses the portfolio's first attempt (the weighted rule) may make: more than any board of
/// the standard sets needs (the most are 747, counting on `forum-hardest-1905-11plus`, 689 on
/// `forum-hardest-1106` and 215 on `17-clue`). Its search goes on in its turns of the rounds.
/// With 768 the worst boards the adversary had found against 1,024 cost more: those the
/// weighted rule answers in 768 to 1,024 guesses paid a round (BENCHMARKS.md).
const FIRST_BUDGET: u64 = 1024;

/// Guesses a share of the portfolio's first round buys. Small, because every strategy resumes
/// its search, so small turns lose nothing, while a board that one strategy answers in a few
/// dozen guesses pays every other strategy's first turn before it gets there: 256 cost the
/// adversary's boards that only reading order or the place rule answers soon (12 to 20
/// guesses) more than 3,000 guesses in all. With the learning search's twelve shares first in
/// each round, 32 made such boards wait 384 guesses for it: the triad cell rule or reading order
/// alone answers seven of the ten regression boards dearest to a count in 21 to 38 guesses. With
/// 16, climbs from the same seeds found 1,419 guesses to a first solution (1,767 with 32) and
/// 1,856 to a count (2,160), climbs from the dearest boards 2,178 to a count (the most with 32
/// was 2,209), and the regression boards' smallest solutions took a third fewer guesses
/// (BENCHMARKS.md, fifty-sixth pass).
const ROUND_BUDGET: u64 = 16;

/// The portfolio's turns. The weighted-degree rule goes first: until it has made 128 guesses it
/// guesses as plain cell guessing, the fastest strategy, does, and after that it steers away
/// from where the search went wrong, which cell guessing cannot. Before it went first (cell
/// guessing went first, on the same budget), boards that stalled cell guessing paid its whole
/// first turn and two rounds, and the worst the adversary found cost 2,800 to 3,100 guesses,
/// although the weighted rule alone answered most of them in 300 to 550; after, a hundred of
/// the worst boards cost at most 2,007 guesses, and 45,000 in all where they had cost 142,000
/// (BENCHMARKS.md, thirty-third pass). A board that gets past the first turn is most often
/// answered by the learning search, probing, crossings or the place rule.
///
/// The learning search takes the first turn of each round, and twelve shares of it. The other
/// strategies all branch on the same propagation, and a board whose trouble that propagation
/// does not see stalls them together: climbs that took the smallest solution's questions as
/// boards found one that each of them needs 2,269 guesses or more for (the portfolio 5,994,
/// 1.2 ms; now 1,300), and the 30 regression boards dearest to a first solution cost the
/// portfolio 1,899 to 2,037 guesses each. The learning search alone answers those 30 in 111 to
/// 174 guesses (of about the same time as the weighted rule's), and the portfolio in 1,135 to
/// 1,198 (BENCHMARKS.md, fifty-fourth pass). Its share was chosen, with rounds from 32 guesses
/// a share, by simulating schedules as below, from five shares to 24: over 256 regression and
/// climbed boards, the mean time to a first solution fell from 183 µs to 157 µs at twelve and no
/// lower past it; to a count, from 184 µs to 176 µs at twelve and 164 µs at sixteen, a share
/// not climbed against.
///
/// Of the other strategies' shares, probing and the place rule have five, the weighted rule
/// and crossings three, and every other strategy one, because each answers boards that stall
/// all the rest. The shares were chosen by simulating schedules on what each strategy alone
/// needs on the adversary's boards, counted in time rather than guesses (a guess of the weighted
/// rule or the place rule costs about one and a half probes, a crossing under two), then checked
/// by climbing against the result; probing's fell from six to five once it stopped probing the
/// placements its probes had vouched for, which made it need fewer, the weighted rule's rose
/// from two to three after a climb found a count that only it and crossings answer soon, and
/// crossings' from two to three after a climb found a board that crossings answer in 257
/// guesses and the portfolio took 3,905, and the place rule's from three to five after a climb
/// found a count that it answers in 476 guesses and the portfolio took 4,508 (BENCHMARKS.md).
const SCHEDULE: Schedule<'static, Strategy> = Schedule {
    first: (Strategy::Weighted, FIRST_BUDGET),
    rounds: &[
        (Strategy::Learning, 12),
        (Strategy::Weighted, 3),
        (Strategy::Probing, 5),
        (Strategy::Triads, 1),
        (Strategy::FewestCandidates, 1),
        (Strategy::Crossings, 3),
        (Strategy::FewestPlaces, 5),
        (Strategy::ReadingOrder, 1),
    ],
    round_budget: ROUND_BUDGET,
};

/// The strategies that take turns in the rounds of [`SCHEDULE`] (and of [`QUERY_SCHEDULE`]).
const ROUNDS: usize = SCHEDULE.rounds.len();

/// How the portfolio takes its turns on one board: a schedule, the strategy that takes its
/// first turn, and the cell rule its weighted search follows until it learns.
#[derive(Clone, Copy)]
struct Plan {
    schedule: &'static Schedule<'static, Strategy>,
    leader: Strategy,
    cell_guessing: Branching,
}

impl Plan {
    /// The plan for `puzzle` on `schedule`. On a board of [`DENSE_GIVENS`] givens or more, cell
    /// guessing takes the first two-candidate cell ([`Branching::FirstPair`]) rather than the
    /// one with the most open peers. Counting the peers buys a smaller tree only on sparse
    /// puzzles with one solution: completed at random to 30 givens, the hard puzzles of
    /// `top1465` make 0.18 guesses each with the count and 0.21 without, while boards with
    /// several solutions make as many guesses either way at any number of givens. On boards
    /// that dense the count is a cost, a fifth of the time on `serg-benchmark`, whose puzzles
    /// have 34 and 35 givens (BENCHMARKS.md).
    fn new(puzzle: &Grid, schedule: &'static Schedule<'static, Strategy>) -> Plan {
        let cell_guessing = if puzzle.filled() >= DENSE_GIVENS {
            Branching::FirstPair
        } else {
            Branching::FewestCandidates
        };
        Plan {
            schedule,
            leader: schedule.first.0,
            cell_guessing,
        }
    }

    /// The same plan with `leader` taking the first turn, on the same budget.
    fn led_by(self, leader: Strategy) -> Plan {
        Plan { leader, ..self }
    }
}

/// The portfolio's turns for each question the smallest solution asks cell by cell (is there a
/// completion with a smaller digit here?): as [`SCHEDULE`], with a first turn of 512 guesses
/// (which [`smallest_cell_by_cell`] gives to the strategy that answered the question before).
/// Most questions take a few guesses; a question the fast search cannot answer soon is one of
/// the board's hard ones, and waits less for the strategies that answer it (on the adversary's
/// boards for the smallest solution, the worst fell from 38,155 guesses to 20,257 with
/// [`SMALLEST_BUDGET`]; see BENCHMARKS.md).
const QUERY_SCHEDULE: Schedule<'static, Strategy> = Schedule {
    first: (Strategy::Weighted, 512),
    ..SCHEDULE
};

/// One strategy's search of a board, with the solutions it has visited so far.
struct Attempt {
    searcher: Searcher,
    found: usize,
}

/// A search of one of the two kinds the strategies make.
// The depth-first search stays unboxed: every board starts one, and boxing it would cost an
// allocation a board on the fast path, where the learning search is started only past it.
#[allow(clippy::large_enum_variant)]
enum Searcher {
    /// A depth-first search over positions, branching by a rule.
    Cells(Search),
    /// The search that learns from its contradictions.
    Learning(Box<Learning>),
}

/// Runs `attempt` (which returns `None` if its guess budget runs out) on `board`, and says
/// which strategy answered: with one strategy, once, on every guess `effort` has left; with the
/// portfolio, on `plan`, each turn resuming the strategy's search where its last turn stopped
/// (the first turn's strategy, one of the rounds', resumes in its turns of the rounds). The
/// weighted rule guesses as `plan` says until it learns, alone too. `None` if `effort` runs
/// out first.
fn explore<T>(
    board: &Board,
    strategy: Strategy,
    plan: Plan,
    effort: &mut Effort,
    mut attempt: impl FnMut(&mut Attempt, &mut u64) -> Option<T>,
) -> Option<(T, Strategy)> {
    let start = |strategy: Strategy| strategy.start(board, plan);
    match start(strategy) {
        Some(mut alone) => {
            let answer = effort.spend(u64::MAX, |budget| attempt(&mut alone, budget))?;
            Some((answer, strategy))
        }
        None => {
            let mut attempts: [Option<Attempt>; ROUNDS] = Default::default();
            let schedule = Schedule {
                first: (plan.leader, plan.schedule.first.1),
                ..*plan.schedule
            };
            let rounds = schedule.rounds;
            schedule.take_turns(effort, |strategy, budget| {
                let turn = rounds.iter().position(|&(s, _)| s == strategy);
                let resumed = match &mut attempts[turn.unwrap_or(0)] {
                    Some(resumed) => resumed,
                    empty => empty.insert(start(strategy)?),
                };
                Some((attempt(resumed, budget)?, strategy))
            })
        }
    }
}

/// A completion of `board` (`Some(None)` if there is none); `None` if `effort` runs out.
/// The portfolio follows `plan`.
fn first(
    board: &Board,
    strategy: Strategy,
    plan: Plan,
    effort: &mut Effort,
) -> Option<Option<Grid>> {
    first_answered(board, strategy, plan, effort).map(|(found, _)| found)
}

/// As [`first`], with the strategy that answered.
fn first_answered(
    board: &Board,
    strategy: Strategy,
    plan: Plan,
    effort: &mut Effort,
) -> Option<(Option<Grid>, Strategy)> {
    explore(
        board,
        strategy,
        plan,
        effort,
        |attempt, budget| match &mut attempt.searcher {
            Searcher::Cells(search) => {
                let mut found = None;
                let stop = search.run(budget, &mut |solved| {
                    found = Some(solved.grid());
                    ControlFlow::Break(())
                });
                match stop {
                    ControlFlow::Break(Stop::Budget) => None,
                    _ => Some(found),
                }
            }
            Searcher::Learning(learning) => learning.run(budget),
        },
    )
}

/// The number of completions of `board` up to `limit` (at least 1); `None` if `effort` runs out.
/// The portfolio follows `plan`. Counting to 2, a search that meets a first solution with a twin
/// (another solution that swaps two of its digits at the corners of a rectangle, see `twins`)
/// stops there.
fn count(
    board: &Board,
    limit: usize,
    strategy: Strategy,
    plan: Plan,
    effort: &mut Effort,
) -> Option<usize> {
    explore(board, strategy, plan, effort, |attempt, budget| {
        let Attempt { searcher, found } = attempt;
        match searcher {
            Searcher::Cells(search) => {
                let stop = search.run_with_paths(budget, &mut |solved, path| {
                    *found += 1;
                    // A first solution with a twin is two: the search need not find the second.
                    if *found == 1 && limit == 2 && solved.has_twin(board, path) {
                        *found = 2;
                    }
                    if *found < limit {
                        ControlFlow::Continue(())
                    } else {
                        ControlFlow::Break(())
                    }
                });
                match stop {
                    ControlFlow::Break(Stop::Budget) => None,
                    _ => Some(*found),
                }
            }
            Searcher::Learning(learning) => loop {
                match learning.run(budget)? {
                    Some(solution) if *found + 1 < limit => {
                        *found += 1;
                        learning.exclude(&solution);
                    }
                    Some(_) => return Some(limit),
                    None => return Some(*found),
                }
            },
        }
    })
    .map(|(count, _)| count)
}

/// Guesses the reading-order search for the smallest completion may make before the portfolio
/// takes over cell by cell: more than any board of the standard sets needs but two of
/// `forum-hardest-1106` (the most is 2,843); 8,192 before, which cost the adversary's worst
/// boards more than it saved.
const SMALLEST_BUDGET: u64 = 2048;

/// The smallest completion of `puzzle` (`Some(None)` if there is none); `None` if `effort` runs
/// out. Reading-order search meets completions in lexicographic order, so its first is the
/// smallest; alone it is used to the end, and in the portfolio until [`SMALLEST_BUDGET`], after
/// which cells are fixed one by one as [`smallest_cell_by_cell`] does. The other strategies
/// alone go cell by cell from the start.
fn smallest(puzzle: &Grid, strategy: Strategy, effort: &mut Effort) -> Option<Option<Grid>> {
    let board = match Board::new(puzzle) {
        Some(board) => board,
        None => return Some(None),
    };
    let reading_budget = match strategy {
        Strategy::ReadingOrder => u64::MAX,
        Strategy::Portfolio => SMALLEST_BUDGET,
        _ => 0,
    };
    let mut reading_effort = Effort::limited(reading_budget.min(effort.left()));
    let reading = first(
        &board,
        Strategy::ReadingOrder,
        Plan::new(puzzle, &SCHEDULE),
        &mut reading_effort,
    );
    effort.spent += reading_effort.spent;
    reading.or_else(|| smallest_cell_by_cell(puzzle, strategy, effort))
}

/// The smallest completion of `puzzle`, found without reading-order search: cells fixed in
/// reading order, each to the smallest digit that still leaves a completion, asking [`first`]
/// with `strategy`. Slower on most boards, but it inherits the strategy's protection against
/// dead ends.
///
/// A known completion bounds each cell, and most questions have no completion: one question
/// asks for a completion with any smaller digit there, and only if there is one are the digits
/// below that completion's tried in turn, smallest first. Against a question for each digit in
/// turn, that cut the guesses of the regression and climbed boards by a ninth, and the dearest
/// board's from 17,750 to 15,950 (BENCHMARKS.md, fifty-third pass).
///
/// In the portfolio, each question's first turn goes to the strategy that answered the question
/// before, rather than to the weighted rule: one question differs from the next by a cell, and
/// a board whose trouble stalls the weighted rule stalls it in question after question, each
/// paying its first turn before the learning search, which answers them, has its turn. On the
/// 30 dearest boards known, that took the guesses from 330,111 to 256,412, and the dearest from
/// 16,539 to 11,358 (BENCHMARKS.md, fifty-fourth pass).
fn smallest_cell_by_cell(
    puzzle: &Grid,
    strategy: Strategy,
    effort: &mut Effort,
) -> Option<Option<Grid>> {
    // The strategy that answered the last question, which takes the first turn of the next.
    let mut leader = QUERY_SCHEDULE.first.0;
    // A completion of `grid` whose digit at `cell` is below `bound` (any completion for 10).
    let mut below = |grid: &Grid, cell: usize, bound: u8, effort: &mut Effort| {
        let mut board = match Board::new(grid) {
            Some(board) => board,
            None => return Some(None),
        };
        if !board.forbid(cell / 27, cell % 27, 0x1FF << (bound - 1) & 0x1FF) {
            return Some(None);
        }
        let plan = Plan::new(grid, &QUERY_SCHEDULE).led_by(leader);
        let (found, answered_by) = first_answered(&board, strategy, plan, effort)?;
        leader = answered_by;
        Some(found)
    };
    let mut witness = match below(puzzle, 0, 10, effort)? {
        Some(witness) => witness,
        None => return Some(None),
    };
    let mut fixed = *puzzle;
    for cell in 0..81 {
        if fixed.get(cell) != 0 {
            continue;
        }
        let known = witness.get(cell);
        if known > 1 {
            if let Some(better) = below(&fixed, cell, known, effort)? {
                witness = better;
                for digit in 1..witness.get(cell) {
                    let mut tried = fixed;
                    tried.set(cell, digit);
                    if let Some(better) = below(&tried, cell, 10, effort)? {
                        witness = better;
                        break;
                    }
                }
            }
        }
        fixed.set(cell, witness.get(cell));
    }
    Some(Some(witness))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::board_text::parse_line;

    /// The board written on one line as `text`.
    fn grid(text: &str) -> Grid {
        parse_line(text).expect("a board on one line")
    }

    /// The smallest completion of the empty board.
    const SMALLEST_FULL: &str =
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642";

    #[test]
    fn empty_board_has_a_solution_and_a_known_smallest_one() {
        assert!(solve(&Grid::EMPTY).unwrap().solves(&Grid::EMPTY));
        assert_eq!(solve_smallest(&Grid::EMPTY), Some(grid(SMALLEST_FULL)));
    }

    #[test]
    fn cell_guessing_takes_the_first_pair_from_thirty_givens_on() {
        // Both boards have several solutions; each rule answers within the first turn, making
        // a number of guesses of its own.
        let guesses = |text: &str, strategy| {
            let puzzle = grid(text);
            let measured = measure(&puzzle, Question::CountTo(2), strategy, u64::MAX);
            assert_eq!(measured.answer, Some(Answer::Count(2)));
            assert!(measured.guesses < FIRST_BUDGET);
            (puzzle.filled(), measured.guesses)
        };
        let dense =
            "...39.7..3..71426.71........8..4..........84.....27.3.84.5.19.3....8.1.6...93.4..";
        assert_eq!(guesses(dense, Strategy::Portfolio), (30, 9));
        assert_eq!(guesses(dense, Strategy::FirstPair), (30, 9));
        assert_eq!(guesses(dense, Strategy::FewestCandidates), (30, 7));
        // One given fewer: the portfolio counts open peers again.
        let sparser =
            "...39.7..3..71426.71........8..4..........84.....27.3..4.5.19.3....8.1.6...93.4..";
        assert_eq!(guesses(sparser, Strategy::Portfolio), (29, 5));
        assert_eq!(guesses(sparser, Strategy::FirstPair), (29, 12));
        assert_eq!(guesses(sparser, Strategy::FewestCandidates), (29, 5));
    }

    /// The answer `strategy` alone gives within the portfolio's first budget.
    fn within_first_budget(
        puzzle: &Grid,
        question: Question,
        strategy: Strategy,
    ) -> Option<Answer> {
        measure(puzzle, question, strategy, FIRST_BUDGET).answer
    }

    #[test]
    fn a_board_that_sends_one_branching_order_astray_is_solved_by_the_other() {
        // Found by fuzzing: most-constrained-first guessing spends about a second here before
        // finding any solution, reading order a few microseconds.
        let puzzle = grid(
            "...7........................41...2.....5....8.2....1..........6............4....3",
        );
        assert!(solve(&puzzle).unwrap().solves(&puzzle));
        assert_eq!(count_solutions(&puzzle, 3), 3);
        assert_eq!(
            within_first_budget(&puzzle, Question::First, Strategy::FewestCandidates),
            None,
            "the board no longer needs a restart"
        );
    }

    #[test]
    fn an_unsolvable_board_that_defeats_cell_guessing_is_refuted_by_place_guessing() {
        // Found by fuzzing: guessing cells in reading order needs hundreds of thousands of
        // guesses to see there is no solution (and so did most constrained first, before it
        // preferred the cell with the most open peers); guessing among the places of a digit
        // in a unit, a handful.
        let puzzle = grid(
            "...........41.............2.41...2.....5....8.2....1..........6......41..........",
        );
        assert!(puzzle.first_conflict().is_none());
        assert_eq!(solve(&puzzle), None);
        assert_eq!(count_solutions(&puzzle, 2), 0);
        assert_eq!(solve_smallest(&puzzle), None);
        assert_eq!(
            within_first_budget(&puzzle, Question::First, Strategy::ReadingOrder),
            None,
            "reading order no longer needs help"
        );
        assert_eq!(
            within_first_budget(&puzzle, Question::First, Strategy::FewestPlaces),
            Some(Answer::Solution(None))
        );
    }

    #[test]
    fn every_way_to_the_smallest_solution_agrees() {
        let boards = [
            Grid::EMPTY,
            grid(
                "...7........................41...2.....5....8.2....1..........6............4....3",
            ),
            grid(
                "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
            ),
            grid(
                "3.2....4..7..85.............9..6.8.........3....1..........95.72..4.....1........",
            ),
        ];
        let mut unsolvable = Grid::EMPTY;
        for (cell, digit) in (0..8).zip(1..=8) {
            unsolvable.set(cell, digit);
        }
        unsolvable.set(17, 9);
        for board in boards.iter().chain([unsolvable].iter()) {
            let expected = Answer::Solution(solve_smallest(board));
            for strategy in Strategy::ALONE {
                let measured = measure(board, Question::Smallest, strategy, u64::MAX);
                assert_eq!(measured.answer.as_ref(), Some(&expected), "{:?}", strategy);
            }
        }
    }

    /// The worst boards of the adversary's climbs (`sudoku-bench`'s `adversary` example) against
    /// the whole engine of each pass, in every mode, as regression tests. The comment before
    /// each group names the climbs that found it (on boards of 11 to 30 givens unless it says
    /// otherwise) and the guesses the engine of that time made; BENCHMARKS.md has every climb.
    const ADVERSARIAL: [&str; 275] = [
        // The worst of the first climbs against the portfolio, before its searches resumed between
        // turns (the first was the worst of them).
        "1.6.......4.3.5.8........9.......86.......9.....9...2....7.....26.89.............",
        "..39...5...1.8.2...6....9..........59128....................1..........8.........",
        "......9748......5.............7..5...6.94..........7............3....6....6.....9",
        "27........53......9...8..1..3...........792.8................2.......7..7....58.3",
        ".3.......2...7.1.9..8......5..3..6...2......5....8.....5....3.....89....4......61",
        "...3....9...1.........72....4.....13....5........2.......8..................3....",
        "..4....6..2........15.6.......41.......23..........1..6........1.....23..........",
        "...58......2.......76...1...........1.......45..4..3.8.4..5.......84........3....",
        ".....6.1....3.5........7......2..........3..................9.......9...2.4...13.",
        ".........7....1..58.1..............2.7...21..28............6................782..",
        "9.7........3..7...4......63.9...6............65...2.........................6952.",
        "5.............6............1..3...4.4.........3.........5.....4...2.....2.....9..",
        "......345....5.............67..82...8.2.67...................................1...",
        ".5..3....9..5..........................38.12.....21.38......8.................2..",
        "..6..8......5.................8...45.......89....1.........1........9...2...4....",
        // The worst of the climbs once they resumed, among them a smallest solution of 47,428
        // guesses then and a count of 6,634.
        "..43.....6...........196.............4..........96.8.191.......8.................",
        ".....5...4..9......53..................267..............2.......67...............",
        "...9................2.4........6..4...73............62....9.....3.7..............",
        "........25...4...91....2...........6.......9........2.......7..................3.",
        ".6.73.........2....97.....6........2............4.6..364.......2...4.....3..2....",
        "....3........9....................2.....5.1........7..4..........8......712......",
        ".8..1.35..........9....7........9...8....4...7..6..49....2..............69....74.",
        // Against branching on the cell with the most open peers: first solution, count, smallest
        // solution (5,377, 5,389 and 23,445 guesses then).
        ".......6.1....4...................8.7..9.13...64....1.........2.481.6............",
        "...4....5..538.9.....1.......96...7...8........2.9.5..3.......................298",
        "....8..9.4.................8.64...............2............8................968..",
        // A five-minute climb to a first solution (6,692 guesses then, 0.94 to 0.99 ms).
        "....6.......52.......8..........42.51.5...846.8................5.2...6.8.3.......",
        // A five-minute climb to a first solution in the family engine's eleventh pass (6,776
        // guesses then, 0.9 to 1.1 ms on an AMD EPYC).
        "....198..6.....2.........5.5........3....6...............2.5.63..........9.......",
        // Ten minutes each against the portfolio with the weighted rule: first solution, count,
        // smallest solution.
        ".63.....1.....6..4...........7.8............68..4.......83.....3...4...........6.",
        ".............7..5.....5.6.1.....1....56....7....8.....................3...7.6....",
        "........8.1......5....68.9............7.96..................9.................67.",
        // Fifteen minutes to a count against it (3,005 guesses then; the matching at the root cut
        // it to the first turn's 1,024).
        "..78...5...54.6.......................6...............9.........4............5.67",
        // Five minutes each against the engine with that matching: first solution, count.
        "..7..8.......2.1.....1...4.....4..1.7...........8..3..........7.....7...8.3......",
        "...9..7....2......491........7.4....2....3...........91...7......3..2..........9.",
        // Ten minutes each against the same engine: first solution, count, smallest solution
        // (2,459, 2,616 and 10,552 guesses then).
        "...................65..7..........57..64.............8.8..65...47.29.......3.....",
        ".6....................9.4.5..53........1.......47................2...1....96.3...",
        "..4...7.......7.56.....4.9........6...7....89....................9.86.......5....",
        // A count (4,230 guesses then) and a smallest solution (11,560).
        "2.6.7.....9...1....4...........4.19.6..........2..................9..2.....1.....",
        "4...........9...........93.6....537.8....3.5.....7...2..5..8.......3..1.9.3......",
        // Ten minutes each on 30 to 50 givens (first solution, count, smallest solution: 1,651,
        // 1,604 and 5,332 guesses then) and on 1 to 12 (smallest solution: 9,583).
        "9584..........95.44......89..79.58.1.1..8......9....4.8.5.7........9.4.819...875.",
        ".....2.93..95.17..75.......1...7...9.7...9.1.295.1..375.7......9...2.37..3...7..1",
        "......9...9.....7...39.71..2...3..1..142..39...91...27.....17399..3....1.31.9...4",
        "...................9...1..3.4......7...52........4...................1.......7.9.",
        // The slowest of a climb on 30 to 50 givens scored by time (1,426 guesses to a count,
        // dearer ones than most).
        "..9....1........4.8......3995...1.6.7.3..5491..1.9.3.53.......65.6....741.4....53",
        // Ten minutes each once dense boards' cell guessing took the first two-candidate cell, on
        // 30 to 50 givens and on 25 to 35 (first solution, count: 1,835, 2,543, 1,968 and 1,950
        // guesses then).
        ".87.4...66...82....1.6.7..8...876.....6....7.17..9.6.....7681.......3.6..61...3.7",
        "9...3.162.6...9........69..3.9.......1....623...3...9..3.9.421.69...3.7...1.6.4.9",
        "......5......5..1.58........5...61...6.2...7...2.71..6.75........86..7.1.16..7.8.",
        "...1....4.41..95..6..4....98.....49..74.8..5.9......8....5..9....8.9......9..4..5",
        // A first solution (4,109 guesses then, about 1 ms on an Intel Xeon, past the bound; 2,331
        // once the rounds' shares were chosen in time).
        "...4.........9.851.9.6............7.............7...2......9....4....267.........",
        // Ten minutes each against those shares: on 25 to 35 givens a first solution and a count
        // (2,846 and 2,960 guesses then), on 30 to 50 a count (2,776), on 11 to 30 a count and a
        // smallest solution (2,730 and 10,270).
        "..7...........6..55...1..9..7......9....9...2.2...1.3..9.7.....75.1..9..2.4.6975.",
        "...2.64....2.....9..9.5......6...9.83..6......2...53.6.6.5..2....3.62.9.2....3...",
        ".964....3.3.6.7..9...5....6..9..486....8....48...6593...3.46...48.3..6.......83..",
        "...6.......2...3...................1....7....2.6....354.9.67....2.5.......83.1...",
        "2.6....7.3.......4.9.....1.....2.197.............6......9................71......",
        // On an AMD EPYC (family 25, model 1): ten minutes each to a count on 25 to 35 givens
        // (2,869 guesses then), a first solution on 30 to 50 (2,857) and the smallest solution
        // (10,061); twenty minutes to a first solution (3,335); thirty minutes to a count (3,142).
        "....4.3.5..4..3.9..839......4783.5....5...8..826....3......9..3..8..........1..5.",
        "6.7....8...87..56....8.6.47..6...9788..6.9....9..8.6...6...8...3...6.8...8....756",
        ".5..............................8.......158......9..5.6.4..9....7..81....1.......",
        "...1...8.8..4........2.......1.....9...8......9....4....9..51......8.....1......5",
        "....2..8..6...52...7.........3.....7............7.....7.............3.5..35.8.1..",
        // Once probing skipped the placements its probes had vouched for: a count on 25 to 35
        // givens (twenty minutes, 2,248 guesses then) and a smallest solution (ten minutes,
        // 10,622).
        "..9.758....5...........95.7....5.9..85.....7696.....5859........78....6...6....8.",
        "........3.............98........79....9.......1.6....5.............6...28......79",
        // Thirty minutes to a count against five shares of probing and two of the weighted rule
        // (3,792 guesses then, 1.1 ms in slow spells, past the bound; three shares of the weighted
        // rule took it to 2,803).
        "25...36....8........4....1.............7.184..9.........7...................8....",
        // Thirty minutes to a count against those three shares (2,583 guesses then).
        "....23....5.86.....3........6..7.....8..1..................6.85....9......7.....9",
        // Ten minutes to a first solution against two shares of crossings (3,905 guesses then, up
        // to 1.03 ms in slow spells, past the bound; three shares took it to 2,369).
        "...5.96.......4.........29...........9.....54..3.......29..........2...1...4.5...",
        // Thirty minutes to a count against those three shares (2,859 guesses then).
        "9......3.1.7.....2....64..8..........46....93..8.......7..49.......36............",
        // Ten minutes to the smallest solution against the same engine (12,955 guesses then).
        "...21...............2.....9....6..5..5.4..6....9..........7.4...9..........6...7.",
        // Ten minutes to a count against it (4,508 guesses then, 1.3 ms in a slow spell, past the
        // bound; five shares of the place rule took it to 2,780).
        "8..4..2.......74.......51.......6......8...........8...8.12.........3........8..3",
        // Ten minutes to a count against those five shares, on an Intel Xeon (2,866 guesses then,
        // 1.0 to 1.1 ms in slow spells).
        "....7....5.8...6.2.......1.....9.....8.......1.3.4..............74...1.9.....3...",
        // Once the weighted rule took the first turn, ten minutes each: a count (1,387 guesses), a
        // first solution (1,414), a count on 25 to 35 givens (1,604), the smallest solution
        // (7,566).
        "......3............4..7..28....................5.32..........3.......25..........",
        "....7.3...........9....2....29...7.............3...................27.......9....",
        "..1.2.6.....576....6......7.....5..2..2.....6.7...23...8..54..3.....7.5.52.13....",
        "..6...7............5.6....................582...258.............8........7.......",
        // Twenty minutes each: a count (1,606 guesses), a first solution (1,387).
        ".9..5....4....9.......4..6.5...8...3.......8..8...3..4..6.............72...6..3..",
        ".42.....1..5...4......1..8..1.......................3.......................2..7.",
        // Ten minutes to a first solution on that pass's final commit (1,461 guesses).
        "......4.1.........8..........9...5..6...5......41.9......4....93....1.5...59.....",
        // Thirty minutes each a pass later: a count (1,607 guesses), the smallest solution (8,383),
        // a first solution (1,473), a count on 25 to 35 givens (1,630).
        "..4..7..........5.7..6.............54....2.....74....9....53.......7..1..5......2",
        "5.....1...267.....8.............3........................964.........964.........",
        ".........4.....2.................1.........95..................2..4.1...14..2....",
        "..9....4...8..6....4...5..8.9.....8.8...6.4....4.8...96..75.8..4..6....2.8...16..",
        // Twenty minutes each: a count (1,965 guesses, 0.64 to 0.74 ms in a slow spell), a first
        // solution (1,528), the smallest solution (10,713).
        "...6...1..6...7..2..8...............5....4.7.4..7....13.........5..8..........8..",
        "...3.9.......1...7....7..1...3...9..............2.......1.4.2..............1..3..",
        ".....9....83..7...4...............................1...............7.2..8.....82.7",
        // Twelve minutes each: a count (1,477 guesses, 0.35 to 0.47 ms), a first solution (1,396,
        // 0.36 to 0.45 ms), the smallest solution (7,769, 2.6 to 2.9 ms).
        ".............2..45......2.6..51........3..4....29.........9......6........4......",
        ".............1....7...9....9..............4.8...48.7......47.....................",
        "4.........1.........94..2.......6........5....5..3...............3...6.5........7",
        // Fifteen minutes each: a count on 25 to 35 givens (1,617 guesses, 0.36 to 0.60 ms), a
        // first solution on 30 to 50 (1,120, 0.34 to 0.36 ms).
        ".6..4..51..4.1.6.....69...4.4....2.......9.....2.....69...8.1...2.951...4....6.9.",
        ".3..4825...52.3.8..825.7...5...82.....8.7452..2..5.8.....825......73.......4.....",
        // Thirty minutes each: a count (1,402 guesses, 0.37 to 0.53 ms), the smallest solution
        // (8,331, 2.3 to 3.2 ms); twenty-five minutes each: a first solution (1,963, 0.45 to
        // 0.48 ms), the smallest solution on 1 to 12 givens (7,379, 2.1 to 2.3 ms).
        "...5................4..6.97....5.....3.8.........1..............6.......815....2.",
        "........6....6.......1.8......................3.4..............1......23.23...1..",
        "7....9..8...2..9...4........2...81..4...........7....9..3.4...............1....4.",
        "....5.1.8...................1.2.5...52...1..................6....3...5...........",
        // Thirty minutes to a count (1,483 guesses, 0.49 to 0.52 ms); twenty minutes each to a
        // first solution (1,388, 0.47 to 0.50 ms) and to the smallest solution (9,961, 3.2 to
        // 3.3 ms).
        "..............2.........2...4.3...........1........5.24.1..5..3..2..1...36..7....",
        "....5.................6.1.............6......3........27.........17.3...........8",
        ".7.2.....6...7...2..3.............................................62.1......1.2.6",
        // Fourteen minutes each, three at once, on the pass's final engine: a count (1,412
        // guesses, 0.29 ms), a first solution (1,387, 0.30 to 0.31 ms), the smallest solution
        // (8,685, 1.75 ms).
        "5.........9..................2....9........12............9.....8..2.....7..1.....",
        ".9.................831...............21......................57.....4....57.....3",
        "..76.5..........95.....3...5.3...9...................1....5........3.........9...",
        // Fifteen minutes each on an AMD EPYC (family 25, model 17), two climbs at a time: a
        // count (1,477 guesses, 0.27 to 0.37 ms), a first solution (1,448, 0.34 ms), the
        // smallest solution (8,489, 1.75 to 1.85 ms), a count on 25 to 35 givens (1,824, 0.40
        // to 0.45 ms; 0.51 to 0.53 ms to a first solution).
        "...........3......7..................2...6........3....4..............21...2..9.4",
        "...3..4...9.....1...8.....9.....2.97........13....42.....4.3....8..7......4..1.7.",
        ".........2.9...68.....78........271..............5..............1.......72.......",
        "....789........1..5...9..7.4.7.1.3...39.8...7....37.......2.7..3.87....1.....15..",
        // Twelve minutes each, at once, on the pass's final engine: a first solution (1,959
        // guesses, 0.29 to 0.45 ms), a count (1,387, 0.32 to 0.33 ms).
        ".......3.8.5..7.6.....6....6...4.........5..7...9..4...6............98.....4....9",
        ".63....7.........1.72....6....................................9.....27..........4",
        // Ten minutes each, at once, after the search's calls were made cheaper: a first
        // solution on 25 to 35 givens (1,816 guesses, 0.34 to 0.35 ms), the smallest solution
        // (8,449, 1.15 to 1.20 ms).
        ".36...58..8............8..2.58.6......3...8.5....5...6....3526.3..9.6.5..6......8",
        "843.......7......9.5...........29.3.............3..92.................7..........",
        // Ten minutes each, three at once, on the engine after review: a count (1,388 guesses,
        // 0.28 to 0.31 ms), a first solution (1,466, 0.26 to 0.30 ms), the smallest solution
        // (8,679, 1.79 to 1.90 ms).
        "6......3.1..6..........................7.....2...............7...85.4.....58.....",
        ".9.2..3....8.65.................6.2.....8...53.........3.......26..5..4......4..6",
        "..3......76.9.345..........3..........7..8...8............6........8.73..........",
        // Twelve minutes each once the weighted rule blamed only the digit propagation stopped
        // at: a count (1,389 guesses), a first solution (1,484), the smallest solution (9,597).
        "...........6..................6.4.....5.............63....5........1...6......175",
        "...91...7...3.7...........63......249......7......1.657........1................9",
        "3......9.......1.........5...5.........................3.6.8...6.8.3.............",
        // Ten minutes to a count on 25 to 35 givens (1,350 guesses, 0.17 ms).
        "..7..8.....5.4...7.2...78.57....5.........5.4541.2..8...42...5..5..8.4...7.......",
        // Twenty-five minutes each: a first solution (2,036 guesses, 0.37 to 0.38 ms on an AMD
        // EPYC, the most a climb has found to a first solution) and the smallest solution (9,828).
        ".2..9......95.............8..1.2.....5.9...........8.....258...8.................",
        ".2....9...8...3..2.....6.............6.................14...2.............2...41.",
        // Fifteen minutes each, two at once, the engine unchanged: a count (1,564 guesses, 0.32
        // to 0.33 ms on an AMD EPYC) and the smallest solution (8,619, 1.71 to 1.75 ms).
        "4...7..............2.5...........7.........2.35..4......2.....3..5.....4.....827.",
        "...........7...61.32......5..6.14........5..................14.1....8.6..........",
        // Fifteen minutes each, two at once, after them: a first solution (1,388 guesses, 0.29
        // ms) and a count on 25 to 35 givens (1,855, 0.39 to 0.41 ms).
        "..4....2.......96..........62.9.................162.....8......................1.",
        ".1.85....6.5..18.4.....4.5.1....72.......5....2..1...6..15......6.4..1..8..1....2",
        // Twenty-five minutes each, two at once: a first solution (1,387 guesses, 0.28 to 0.30
        // ms) and a count (1,854, 0.29 to 0.33 ms).
        ".........1.7.8...................8.................17.94.3................1....8.",
        ".57..9...........1...1274...7.5.....3...7.1....1....4..1.....94..3...7.....7.5...",
        // Fifteen minutes each, two at once: a count (1,407 guesses, 0.27 to 0.28 ms) and the
        // smallest solution (8,321, 1.26 to 1.38 ms).
        ".4........79............9.......985..1.................56.....9......6.5.....4...",
        "....6......8...16.7.............83.9...93...8....................................",
        // Fifteen minutes each, two at once, after them: a first solution (2,004 guesses, 0.39
        // to 0.41 ms) and a count on 25 to 35 givens (1,442, 0.23 to 0.25 ms).
        ".......7...5.3.....9...5...........7..9..3....3..6......6.........7.....7...5...8",
        "..7.4.63..6...3......76..2....6..9.22.....7.67..2...4...9..6.74.4..7..........2..",
        // Twenty-five minutes each, two at once: a first solution (1,848 guesses, 0.34 to 0.38
        // ms) and a count (1,477, 0.29 to 0.31 ms).
        "...7...5......96...83.........2..9..4....5......9.............8.19.8..35.2...3...",
        ".2..........81....................35..9.........3....4...27...............1.8....",
        // Twenty-five minutes each, two at once, after them: the smallest solution (8,938
        // guesses, 1.49 to 1.94 ms) and a count on 25 to 35 givens (1,856, 0.32 to 0.33 ms).
        "8......3..9......6..6...9.....7..6..........9......7..7.96..................2....",
        "....98...2...5...8..6.42.5..9.2......2....96.36...9.......6...5...92...66...8..2.",
        // Twenty minutes each, two at once, a session later: a count (1,901 guesses, a board with
        // no solution, 0.22 ms), a first solution (1,485, 0.23 ms), the smallest solution (8,566,
        // 1.14 to 1.16 ms), a count on 25 to 35 givens (1,624, no solution either, 0.22 ms).
        "..79........2...4..4......7.8...7.6............6..8..4....9....9...8....8....39.2",
        "....2..3...........3....................5.....1..4..........351.9..........5.3...",
        "....5..2......415...8...............3.........8.1.9.........8........9.1.........",
        "..8...29.9....7....2..9...38.27......93...4..1..9.37......7......9.....8.8..39.2.",
        // Twenty-five minutes each, two at once, after them: a first solution (1,864 guesses to
        // refute a board with no solution, 0.23 ms), the smallest solution (9,329, 1.37 to 1.38
        // ms).
        "...3........5..498...9...7.....9..1......89.6..5.............3.95.........7.3.6.9",
        "...4...3.5..7........3....78...........................4....7...7....34.1........",
        // Twenty-five minutes each, two at once, after them: a count (1,466 guesses, 0.25 ms) and
        // a count on 25 to 35 givens (1,874, a board with no solution, 0.23 ms).
        "..................1....8.9.5....2.....7..5...63..7..4....7......85....21.........",
        "...62375.67.4........79.6....9.....63......9.....79......5.7.....52...6.2..9....5",
        // Ten minutes each, two at once, after them: a first solution (1,550 guesses to refute a
        // board with no solution, 0.19 ms) and the smallest solution (10,229, 1.44 to 1.46 ms).
        ".1..5.3....2.......8..3.........8...9.8....2...54....8...5...4......2..6.3.......",
        ".....6......58.9.........85.7...............78....7.4.7..89........5.............",
        // Twenty minutes each, two at once, on the Intel Xeon of model 167: a count (1,626
        // guesses, a board with no solution, 0.17 to 0.18 ms), a first solution (2,021, no
        // solution either, 0.21 to 0.22 ms), the smallest solution (9,140, 1.24 to 1.27 ms), a
        // count on 25 to 35 givens (1,885, no solution, 0.19 to 0.20 ms).
        ".4.3....9...8.......9..6.2.............1..8..8..........1..7..4.3.....9......8...",
        "......2.97.............7....2..3......39.............7..9.4.....3.2...........7..",
        "...............1.4........9.....8......2.7......19.........34.1...4..9...4..16...",
        "4.26....9.5149.6........4.......1..6.4...6.......2..9..1..6...5.2...9.6.6.4...9..",
        // Fifteen minutes each, two at once, after them: a first solution (1,970 guesses to
        // refute a board with no solution, 0.26 to 0.39 ms) and the smallest solution (9,574,
        // 1.28 to 1.71 ms).
        "3.....95.........6.........9..5.32..5..9............9......53.......9.......8.1.4",
        ".........6.................7........9....4..........2.3......4.....58...5.8.2....",
        // Twenty-five minutes each, two at once, after them: a count (1,903 guesses to refute a
        // board with no solution, 0.21 to 0.29 ms) and the smallest solution (9,065, 1.09 to
        // 1.47 ms).
        ".6.....95.2..9........7....45........8.9..1......8..4....8...3.....4.7..57.......",
        "...........7..9.........97..3....2......7....2...6...43..9..4....97......2.1.....",
        // Ten minutes each, two at once, after review: a first solution (1,824 guesses to refute
        // a board with no solution, 0.36 to 0.37 ms) and a count (2,011, no solution either,
        // 0.25 to 0.26 ms).
        "...2........8.64.....3......6....8........65448.......64.59........8...3..1.....9",
        ".2..3......31.............99...........24.6..................9...1.2.....3.4.....",
        // Twenty minutes each, two at once, a session later on the same Xeon: a first solution
        // (1,926 guesses to refute a board with no solution, 0.24 to 0.26 ms), a count (1,389,
        // 0.17 to 0.18 ms), the smallest solution (9,448, 1.16 to 1.20 ms), a count on 25 to 35
        // givens (1,871, no solution, 0.22 to 0.24 ms).
        "......7....28.....1....5.....1.7..8..7..1.5.9.9.........4..6...5..4.............7",
        "........121.5.......5.263....9...........................................54......",
        "......8.....5.6......9...56..7.................586.7..........5........9....9..6.",
        "....35.8.1..28......8.4..3..8.........5..4..39..5..4..84..5....5....23...2.4....5",
        // Thirty minutes each, two at once, after them: a count (1,494 guesses, 0.23 to 0.25 ms)
        // and the smallest solution (9,703, 1.37 to 1.42 ms).
        ".....6..7......6..4..92....7.................................2..3....7.6.....4.9.",
        "8..2.........7..6......69.......2....2..97.......6..........697..................",
        // Twenty minutes each, two at once, after them: a first solution (1,627 guesses, 0.25 to
        // 0.27 ms) and a count (1,406, 0.21 to 0.22 ms).
        "..........8..5..............6.7......2..4.....7..1.......6.7.2.....3....3........",
        "...............1....9......82......5...8..9...35.........1...........7........6..",
        // Twenty minutes each, two at once, a third session on the same Xeon: a first solution
        // (1,962 guesses to refute a board with no solution, 0.31 to 0.34 ms), a count (1,969,
        // no solution either, 0.25 to 0.28 ms), the smallest solution (9,425, 1.54 to 1.64 ms),
        // a count on 25 to 35 givens (1,899, no solution, 0.25 to 0.28 ms).
        "7.........5..........2..3..4.....8.......7....27..5....75.........9.........3.6..",
        "....7.3.4.....8.....8......5...6.4...2..5...9..........9....2..2.......3...8.....",
        "6.....4.7...9.8.3...1............7.....7....1......6....................71..6.3..",
        "..74268....6.7..2...283.769.2......66......8....6.7...2.......8...7......6.....9.",
        // Thirty minutes each, two at once, after them: a first solution (1,950 guesses to refute
        // a board with no solution, 0.26 to 0.27 ms) and a count (1,935, no solution either,
        // 0.25 to 0.26 ms).
        "...7...3.....35..26...........5....9.....3.7...6.......3..6......7........1...69.",
        ".8..2...94......8...98...2....2.....69...4.........4.....7....874...........1..7.",
        // Twenty minutes each, two at once, on 25 to 35 givens, after them: the smallest solution
        // (5,868 guesses, 0.79 to 0.81 ms) and a first solution (1,866, a board with no solution,
        // 0.21 to 0.23 ms).
        "..9....5.5.3798.........9.89.7.8............5..5......3...7.8.9....5...779.8.35..",
        "..36..5.......5234.5....9..5.2......7..2...4.43..7...23...6..2.6.5.........3....6",
        // Ten minutes each, two at once, after review: a first solution (1,961 guesses to refute a
        // board with no solution, 0.26 to 0.27 ms) and a count (1,469, 0.24 ms).
        "8...9....9....4.........9....8..3.7..3......6...9......1.....6...7..1..8...7...1.",
        "3..16........8.............263............326.............7.8...9..3.............",
        // Twenty minutes each, two at once, a fourth session on the same Xeon: a first solution
        // (1,886 guesses to refute a board with no solution, 0.22 to 0.24 ms) and a count (1,986,
        // no solution either, 0.24 to 0.26 ms).
        "8...9...4.34.............8......2..9....4..2...3.........3295..3........51.4..3..",
        "..8.5........96.78..............8....1.....5.6.....7......8.....5....2..2......4.",
        // An hour each, two at once, after them: a first solution (2,012 guesses to refute a
        // board with no solution, 0.20 ms) and a count (1,990, no solution either, 0.22 to 0.23
        // ms).
        "..5.8........5........9..5.2.......9.8....2.......5....1......28.....1.....5.....",
        ".8..2........3..28..1......1......9.....8......2...5.....8.......3....1.6.....2..",
        // Thirty minutes each, two at once, after them: the smallest solution (10,553 guesses,
        // 1.36 to 1.39 ms) and a count on 25 to 35 givens (1,867, no solution, 0.22 to 0.24 ms).
        ".....9.......6.7.8....7.6........3.......5.........1.....7.........8.......6.....",
        ".8.7......73.268........7....4....5..5..47...8...9...4..8.5...64...6..8.....784..",
        // Fifteen minutes each, two at once, after review: a first solution (1,867 guesses to
        // refute a board with no solution, 0.24 to 0.27 ms) and the smallest solution (8,799,
        // 1.27 to 1.36 ms).
        "..7.3.........8....9......5.5.1......4...76......6..7......3.6.....1.7..5..6.....",
        ".............................8........6........76...5...35......14...2...5....4.1",
        // Twenty minutes each, two at once, a fifth session on the same Xeon: a first solution
        // (1,446 guesses to refute a board with no solution, 0.19 to 0.20 ms) and a count (1,968,
        // no solution either, 0.24 to 0.25 ms).
        ".8.6...2....2.......4....8.....................6.35..4...82......5.7.4..........9",
        ".....8..........91.68....5...31....5.8...........6..3....6...1.8............1...3",
        // Thirty minutes each, two at once, after them: the smallest solution (13,870 guesses,
        // the most of any board here, 2.33 to 2.39 ms) and a count on 25 to 35 givens (1,886, no
        // solution, 0.25 to 0.26 ms).
        "......79..9.5.8..67..6.........6..7....9..6.5..8..........5.9.....7...6.8........",
        ".....6.8..9..........28.7..92...........6..2..6...28..2.95.8.76...9....848.6....9",
        // Thirty minutes each, two at once, after them: the smallest solution (8,932 guesses,
        // 1.00 to 1.58 ms in four runs) and a first solution (1,824, no solution, 0.30 to 0.32
        // ms).
        ".......1..........2..3....5..2..........945.....................49........5..9...",
        "..........9.....75....6.2..1..5..7.6.6.97...39.....................5......57.31..",
        // Twenty-five minutes each, two at once, after them: the smallest solution twice (9,066
        // guesses, 1.10 to 1.14 ms, and 9,603, 1.26 to 1.36 ms).
        "........19.6........78...............................4....83..5.............5..83",
        "..........54....7.......1.2.3..21.....7..........8............1...............2.3",
        // Fifteen minutes each, two at once, after review: a count (1,481 guesses, 0.18 ms) and
        // the smallest solution (9,856, 1.23 to 1.24 ms).
        "....6............1....1.4...15.4.6.3........7....5....45.......6.1..............2",
        "6...4........1..95.8.....6.............8.....4.1.....6............16.......4.....",
        // Thirty minutes each, two at once, on an AMD EPYC of family 26: a first solution (1,950
        // guesses to refute a board with no solution, 0.19 ms) and the smallest solution (9,424,
        // 1.12 to 1.14 ms).
        "..8......1..7..3...7..9..4.8...........4...3.....6.7................7..8...638...",
        "....3....9..4.........7...1..3...17..71.....3......................8.5...........",
        // Thirty minutes each, two at once, after them: a count (1,824 guesses, no solution,
        // 0.25 to 0.26 ms) and a count on 25 to 35 givens (1,846, no solution, 0.18 ms).
        ".3......52..............34..4...3.....1..5........4.7...5.....49..........42..5.3",
        ".....7....5...49....9.3...5..3...5...6.3....9..5...6..7...63.5.5..4.237..3..7....",
        // Twenty minutes each, two at once, after them: the smallest solution (10,065 guesses,
        // 1.26 to 1.29 ms) and a first solution (1,604, no solution, 0.19 to 0.20 ms).
        "4.....2......9..6....6.8....................9.......86...........986.............",
        ".........1....6...4..2..7......9.21....6.....2.......88...7.19.7...........4.9.6.",
        // Fifteen minutes, beside a climb to the first board below: the smallest solution
        // (9,662 guesses, 1.39 to 1.41 ms).
        "......42.......6.....9.............4.4....9..........6...........1........9.46...",
        // Open boards with many solutions on which a naked or hidden subset among the units,
        // near the root, stalled every strategy, until the strategies that reason harder
        // matched the units at their roots: a count from a climb (5,000 guesses), three where
        // a further climb from it reached in four to ten minutes (6,515 to 6,598, 0.83 to 0.90
        // ms on an AMD EPYC of family 26; BENCHMARKS.md, fiftieth pass), and two where seven
        // minutes more reached against probing that stopped below quiet positions before the
        // matching (10,420 and 21,700 guesses to a first solution). Now 1,291 to 1,303.
        "...4.6.19...5....7...71.........7.26........3.....8......8.....69.3.....37.......",
        "7..486..9...52...7...7.............6........3....37.......4....69..7....37.......",
        "..3.26..9...58...7....1.........7.26.................3...8.....69.3.....37.......",
        "...486..9...51...7...7.............6.....7..3....3........4....69..7....37.......",
        "..3.26..9...48...7....19.....9..7.26............6....3...8.....69.......37.......",
        "....26..99..58...7....19........7.16.................3...8.....69.......37.......",
        // Ten minutes each, two at once, on an AMD EPYC of family 26, against the engine that
        // matches the units (fifty-first pass): a count (1,474 guesses, 0.20 to 0.27 ms), a
        // first solution (1,384, 0.16 to 0.22 ms), the smallest solution (8,367, 1.33 to 1.41
        // ms), and a count climbed on from the twenty dearest boards above (2,037, no
        // solution, 0.31 to 0.34 ms).
        "......91.........4.........4..63.............3.6..4.............7......6....2....",
        "..9.......................55...6............8...51....2...3...7..7........3......",
        "4......97....5.6...7.......9..47.............................4........79.........",
        ".....8..........71..8.........3....7.8...........1..3....2...1.8............7...3",
        // Ten minutes each, two at once, after them: a count on 25 to 35 givens (1,617 guesses,
        // no solution, 0.20 to 0.22 ms) and a first solution climbed on from the same twenty
        // boards (2,037, no solution, 0.23 to 0.25 ms).
        "4..12......2..51..5...4.6.2.49.6....1..4...86.6..5.....5.....6...45.....9....4..5",
        "...5...1......1..7..8...............5....4.7.4..7....5.8...........8..........8..",
        // Thirty minutes each, two at once, after them: a count (1,473 guesses, 0.21 to 0.28 ms)
        // and a first solution (1,911, no solution, 0.26 to 0.28 ms).
        "......25......................6...18...1.8..6..........3........8........6..5....",
        "..........843..5........4..6..5...1......4....71.......6..2..5.....4....5...6...7",
        // Fifteen minutes each, two at once, after them: the smallest solution (8,797 guesses,
        // 1.27 to 1.66 ms) and a first solution on 25 to 35 givens (1,859, no solution, 0.22 to
        // 0.25 ms).
        "...7..........693......3.6.3........9...6........39......8...43......8...........",
        "...487..18...2.4....4.1.......79...8..9....3.1.83....798.....1...1.7......2...8..",
        // An hour each, two at once, on an AMD EPYC of family 25, model 17 (fifty-second pass):
        // a count (1,995 guesses, no solution, 0.26 to 0.31 ms) and a first solution (1,393,
        // 0.20 to 0.21 ms); then half an hour each: the smallest solution (9,126, 1.65 to 1.94
        // ms) and a count on 25 to 35 givens (1,904, no solution, 0.33 to 0.34 ms).
        ".......9..........9......8...3.5...4.6...17.....9.......7...3...3......6.....9...",
        "6..21....8............3........2.....8.1.....5..3......................5......23.",
        "....................68.257..2.......19.......................8.....9.1.2.........",
        "....7....7........1..259.476....7.14.9..4..6.4.1.6.9.....7.4....1....4....4....9.",
        // Forty minutes each, two at once, on the same processor (fifty-third pass): a count
        // (1,948 guesses, no solution, 0.36 to 0.44 ms) and a first solution (1,907, no solution,
        // 0.37 to 0.58 ms, a slower spell); then half an hour each: the smallest solution (9,247,
        // 1.93 to 2.17 ms) and a count on 25 to 35 givens (1,907, no solution, 0.39 to 0.43 ms).
        "............6......5.9....669.......3.7.2.9.........3..2...34...6..9........4..9.",
        "69...7....7...86...8..3...4........9.2..9...5......7.......6.4....3..8....9......",
        "...9.....9.....3....1..6......1...5...6..........7.1.....3..5..86......1....1..3.",
        "4..7.56.87...8.....8..3.7....4...3...7.3.8..43......76...8.......7..3.6.6.....4..",
        // Climbs to the smallest solution from the twenty dearest boards above, and fresh ones,
        // ten to fifteen minutes each (fifty-third pass), against three ways of asking the
        // questions cell by cell: a digit at a time (17,750 guesses, 2.9 to 3.3 ms, on the first
        // board; 4,271 with one question for any smaller digit, 8,092 as now); any smaller
        // digit, repeated until there is none (15,901, 3.6 to 3.8 ms, on the second; 11,504 a
        // digit at a time, 11,472 now; 8,882 on the third, fresh); and, as now, any smaller
        // digit and then each digit below the completion found (15,950, 2.8 to 3.1 ms, on the
        // fourth; 9,388 on the fifth, fresh).
        "......79..7.5.8..6...6.........6..7...79..6.5.8...........5.9.....7...6.8........",
        "......79..1...8..6.5.6....4....6..7...79..6...8...........1.9.....2...6.8........",
        "5.........1.8....7............35...4....1.2...............3....4.5........3..4...",
        "......79..1...8..6.2.6....4....6..7...79..6...8...........1.9.....5...6.8........",
        ".2........64...71....4..3..1..........5......4......................8.......4.1.5",
        // Fifty-fourth pass. Climbed to a first solution from the questions the smallest
        // solution asked of regression boards, against the portfolio before the learning search
        // (5,994 guesses, 1.2 ms, on the fourth; 1,300 now) and against it (2,081 on the first,
        // 2,177 to a count); ten minutes each against the learning search in twelve shares, to
        // a first solution (1,760) and a count (1,770); to the smallest solution, fresh (12,361;
        // 12,358 now) and from the dearest (13,394; 13,370 now, the learning search keeping its
        // pending decision across turns), with each question led by the last one's answerer, and
        // before that (17,258, 9,572 now; 11,417 fresh, 8,930 now); against the learning search
        // alone, to a first solution (8,452 guesses; no solution) and a count (2,440; none).
        ".729.....9.....3....1..6......1...5...6..........971.....3..5...6......1....1..3.",
        ".....................7........4..2...4.8..............21...5...35..1..........4..",
        ".............31.4..........4.1........3...............3......7.7...........6...8.",
        "2.....79..1...8..6.5.6....4....6..7...79..6...8...........5.9.....3...6.8........",
        "...2.8...28..1...........3..4........1............1.............65...............",
        "....6..........5.....3.2........................1......43....5...2.......5.....34",
        ".....9..4.83......5................5..............1...............7.2..8.....82.7",
        "...9...6...........8..6...2..................5.....9.1.....1......5..........9...",
        ".18.7...2...............................8.7.39...21..8..3.18.5......2.....2......",
        "4.3..58...........9................9.4..2.3.....716..5...25.1.......1532.3.......",
        // Ten minutes each against the engine keeping the learning search's pending decision, to
        // the smallest solution: fresh (12,762 guesses) and from the twenty dearest (13,595).
        "...4....9.3..2..........5..1........32.................................5..43.....",
        "....6..........5.....3.2...............1...............43....5...2.......5.....34",
        // Ten minutes each against the engine whose learning searches share their pricing, from
        // the smallest solution's question boards to a count (2,209 guesses) and to a first
        // solution (1,845), and to the smallest solution from the twenty dearest (14,506) and
        // fresh (12,593).
        "3.....79..1...8..6.2.6....4....6..7.4..9..6...8...........1.9.....5...6.8........",
        ".5....79..24..8...........4....6..7....9..6..28...........4.9.....7...6.8........",
        "8..3.........7..6......691.......7...1..97.......6..........697..................",
        "....63...36..1..........5..63.........................84.................2.......",
        // Ten minutes each against the same searches: to a count from the question boards
        // (2,160 guesses), fresh (1,861) and scored by time (1,762), and to the smallest
        // solution fresh (12,782).
        "624...9..9.....3....1..6......1...5...6..........2.1.....3..5..86......1....1..3.",
        ".................2.......636..2.......5........7...................5..26.......3.",
        "8.....4...2...............2..........9...2...4............97.......1..........2..",
        "...4.3...4.32............1...........5.......8.................9.......11........",
        // Ten minutes each against the rounds of 16 guesses a share: to a first solution fresh
        // (1,419 guesses) and from the question boards (1,750), to a count fresh (1,457) and from
        // the question boards (1,856), and to the smallest solution fresh (12,064) and from the
        // twenty dearest (12,793).
        ".......5....9...4.4...3.........................6...3...35.....54................",
        "26....79..1...8....5......4....6..7....1..6...8...........1.9.....2...6.8........",
        "1.4...7...................8.....7......1.4............2..75.98......6......4.....",
        ".24...9..9.....3....1..6......1...5...6..........2.1.....3..5..86......1....1..3.",
        "...3.4...43..1..........2...2....4..6...2....3...9...............................",
        "....63...36..1..........4..6........5.................81.................2.......",
        // From the twenty dearest to a first solution (1,826 guesses; 2,173 to a count) and to
        // a count (2,178).
        "......91.........4.........4..63.............3.6..4.............5..4...6.........",
        "......91.........4.........4..63.............3.6..4.............7..4...6.........",
        // Forty-five minutes each against the same searches, fresh: to a first solution (1,558
        // guesses) and to a count (1,488); forty minutes to the smallest solution by time (8,170
        // guesses, the dearest in time).
        "........5.5...........1.................9.....2..3..........1939.1.......8.......",
        "3......1..........5....8..2.....6...2..........61.........3.25......1.......2..3.",
        "..6..8....4...........26............3.............3....6......4..4........2......",
        // Half an hour against the same searches, fresh, to the smallest solution (12,704).
        "...........4......7.6..........4.....4................6.1.9...............7.1...6",
        // Ten minutes each against the same searches after the session's last commit, fresh: to
        // a first solution (1,423 guesses) and to a count (1,706).
        ".........4..........3........2...........9...15.........6..4...5.......8.......51",
        "......247724....................27...........8.1...5..........3.....7.2.......17.",
        // Twenty minutes each against the same searches, fresh: to a first solution (1,422
        // guesses), to a count (1,468), to the smallest solution (12,560) and to the smallest
        // solution by time (6,423 guesses, the dearest in time).
        ".........4........7......3......5...3....2...........3.....4.7.......9....93..4..",
        "....6........9..4..............1....6...............8.3....8...48...3..........6.",
        "...4.1...4.1.3..........6..2.8...............5.................7....4............",
        "7.....45.4.......2........9..............9.....1.....................54..8.29....",
        // Twenty minutes each against counts to 2 that stop at a twin, fresh: to a first solution
        // (1,457 guesses), to a count (1,457), to the smallest solution (12,747) and to the
        // smallest solution by time (10,112 guesses, the dearest in time).
        ".....3...6...........61................1...5.....6.......3..9.........135........",
        ".4..........61..........361......4.......1.............3...81.......2............",
        "7..69..8.91.2.......................29........7...........................1......",
        ".7.....9.....5......9....17..5............1...8...............4.......3.7........",
        // Twenty minutes each against the same searches, fresh: to a count (1,714 guesses, the
        // most a climb to a count has found since the counts stop at twins), to a first solution
        // (1,457), to the smallest solution (12,127, and 12,025 in the same climb, the dearest
        // in time of the session's boards, 2.1 to 2.4 ms), to the smallest solution by time
        // (7,468 guesses) and to a count on 25 to 35 givens (1,398).
        "..........7....14..............6.2...8..........12.........8.3........9..........",
        ".25..1..............1.529........5........1.........9..6.7.......................",
        ".3...9.7.12...5......3.....34.......2..............................1......1......",
        ".....1.........2..35.........5.....................5...2.....3.4...3.....3.......",
        "..5....9.................7......8.....4..628..6...7..5....5.......1....9....9....",
        "...6..75..............75..6..17..869973..6....6.41.375......6...2...........6..2.",
        // Thirty-five minutes against the same searches, fresh, to a first solution (1,589
        // guesses; to a count 1,743, the most of any climbed board since the counts stop at
        // twins).
        "9.........5....4.....3.....3....2...2..9..........3..............9...32..........",
        // Twenty to twenty-five minutes each against the same searches, fresh, on an Intel Xeon
        // of model 167: to a count (1,455 guesses), to a first solution (1,459, and 1,631 on a
        // board that takes 1,784 to a count, the most of any climbed board since the counts stop
        // at twins), to the smallest solution (12,700) and by time (9,454), and to a count on 25
        // to 35 givens (1,533, no solution).
        "..............7..59...........412..................421........8..1........4.7....",
        "........................2.3..7.1.3.2.....4...52................25.4.....64.......",
        "........6......3.9............8.........96......2...........9........6.3.4.......",
        "......4.9.....3...9.4...1...........6.....3...........4..........3..............2",
        "........2..........2................5...4.....1....5....2...6............43.....8",
        "5.13.698....91..3.9....5..7........9..615.....5...3.6..1..3....3.5.............91",
        // Thirty-five minutes on the same Xeon, fresh, to the smallest solution (12,935 guesses,
        // the most any of these needs since the rounds' shares start at 16).
        "...1.3....5.......4.............5...5....4...64...2..............2...............",
    ];

    /// Guesses (probes included) the portfolio may make on any of [`ADVERSARIAL`] to a first
    /// solution or a count. Since the weighted rule goes first the most any of them needed was
    /// 2,007 (0.64 to 0.72 ms on the Intel Xeon of model 207 in a slow spell, where the same
    /// boards took up to 1.26 ms before), and climbs have since found 2,037 (fifty-first pass)
    /// and, from the smallest solution's questions, 2,209 to a count (0.50 to 0.54 ms on an AMD
    /// EPYC of family 25, model 17; fifty-fifth pass). Since the rounds' shares start at 16
    /// guesses the most any of them needs is 2,178 (fifty-sixth pass). Boards of about 3,000
    /// guesses took 0.7 ms at quiet moments and up to 1.3 ms in slow spells on that Xeon, past
    /// the 1 ms bound, so the budget stays an eighth above the most the climbs have reached and
    /// no higher (BENCHMARKS.md, thirty-third pass). A guess budget, unlike a time, does not move
    /// with the machine.
    const GUESS_BOUND: u64 = 2_500;

    /// The same for the smallest solution. The most is 12,935 (2.2 to 2.7 ms on an Intel Xeon of
    /// model 167), on a board a fresh climb found in the sixty-first pass, and before it 12,793
    /// (1.7 to 2.0 ms on an AMD EPYC of family 25, model 17), on a board a climb from the dearest
    /// of these found in the fifty-sixth pass, since the rounds' shares start at 16 guesses; with
    /// 32, 14,506 (fifty-fifth pass) and 13,595 (fifty-fourth); before each question was led by the
    /// strategy that answered the one before, 15,950 (fifty-third pass), where climbs went past the
    /// 15,000 this budget was then against every way of asking the questions cell by cell that was
    /// tried. The slowest guesses measured to a smallest solution, on the Intel Xeon of model 207
    /// in a slow spell (10,713 guesses in up to 4.3 ms, 0.4 µs each), would take 20,000 guesses to
    /// 8 ms, within the 10 ms bound. Before: 11,831 (fifty-first pass), 13,870 (forty-ninth),
    /// 10,553, and 10,291, which was 10,713 before the weighted rule blamed only the digit
    /// propagation stopped at, 13,339 before it went first.
    const SMALLEST_GUESS_BOUND: u64 = 20_000;

    #[test]
    fn each_strategy_stalls_on_boards_another_answers_at_once() {
        // Found by the adversary climbing against one strategy at a time.
        let cases = [
            (
                ".....9...........916........1.6...2..........5...2..6.......9...8..1....6..8.....",
                Strategy::Crossings,
                Strategy::Probing,
            ),
            (
                "......2........8............7..5.1......3........8.5..........1.1......9.58..2...",
                Strategy::FewestCandidates,
                Strategy::Probing,
            ),
            (
                "...1.9...........916........1.6...2..........5...2..6.......9...8..1....6..8.....",
                Strategy::FewestPlaces,
                Strategy::Weighted,
            ),
            (
                ".5..3....9..5..........................38.12.....21.38......8.................2..",
                Strategy::ReadingOrder,
                Strategy::FewestPlaces,
            ),
            (
                "........................6..5.8.....11.4...5.8.....5.............5.............3..",
                Strategy::FewestCandidates,
                Strategy::Triads,
            ),
            (
                "....198..6.....2.........5.5........3....6...............2.5.63..........9.......",
                Strategy::FewestCandidates,
                Strategy::Weighted,
            ),
            // Boards without a solution that a matching of some unit's open cells refutes at
            // once: the cell rules, which do not look for one, take about a million guesses.
            (
                "....1...9...2....8........6...........2.........5............7.......5..8..6.9...",
                Strategy::FirstPair,
                Strategy::Triads,
            ),
            (
                "....8.5......3....................4.....7........................3...78.7.8...3..",
                Strategy::Weighted,
                Strategy::Crossings,
            ),
        ];
        for (text, stalled, quick) in cases {
            let puzzle = grid(text);
            let slow = measure(&puzzle, Question::CountTo(2), stalled, 100_000);
            assert_eq!(
                slow.answer, None,
                "{:?} no longer stalls on {}",
                stalled, text
            );
            let fast = measure(&puzzle, Question::CountTo(2), quick, 1_000);
            assert!(fast.answer.is_some(), "{:?} stalls on {}", quick, text);
            assert_eq!(
                fast.answer,
                Some(Answer::Count(count_solutions(&puzzle, 2))),
                "{}",
                text
            );
        }
    }

    #[test]
    fn learning_answers_at_once_a_board_that_stalls_every_other_strategy() {
        // Climbed from a question the smallest solution asked of a board of [`ADVERSARIAL`]:
        // before the learning search, the portfolio needed 5,994 guesses to a first solution.
        let puzzle = grid(
            "2.....79..1...8..6.5.6....4....6..7...79..6...8...........5.9.....3...6.8........",
        );
        for question in [Question::First, Question::CountTo(2)] {
            for strategy in Strategy::ALONE {
                let budget = if strategy == Strategy::Learning {
                    500
                } else {
                    2_000
                };
                let measured = measure(&puzzle, question, strategy, budget);
                assert_eq!(
                    measured.answer.is_some(),
                    strategy == Strategy::Learning,
                    "{:?} {:?}",
                    strategy,
                    question
                );
            }
        }
        // Its answers are those of a strategy that takes longer.
        let learnt = measure(&puzzle, Question::CountTo(2), Strategy::Learning, 500);
        let crossed = measure(&puzzle, Question::CountTo(2), Strategy::Crossings, u64::MAX);
        assert_eq!(learnt.answer, crossed.answer);
        match measure(&puzzle, Question::First, Strategy::Learning, 500).answer {
            Some(Answer::Solution(Some(solution))) => assert!(solution.solves(&puzzle)),
            other => panic!("no solution: {:?}", other),
        }
    }

    /// The portfolio answers every board of [`ADVERSARIAL`] within [`GUESS_BOUND`] to a first
    /// solution and a count, and within [`SMALLEST_GUESS_BOUND`] to the smallest solution, with
    /// the answers probing gives alone.
    #[test]
    fn the_portfolio_answers_adversarial_boards_within_its_guess_bound() {
        for text in ADVERSARIAL {
            let puzzle = grid(text);
            let checks = [
                (Question::First, GUESS_BOUND),
                (Question::CountTo(2), GUESS_BOUND),
                (Question::Smallest, SMALLEST_GUESS_BOUND),
            ];
            for (question, bound) in checks {
                let measured = measure(&puzzle, question, Strategy::Portfolio, bound);
                let alone = measure(&puzzle, question, Strategy::Probing, u64::MAX);
                assert!(measured.answer.is_some(), "{} {:?}", text, question);
                match (&measured.answer, &alone.answer) {
                    (Some(Answer::Solution(Some(ours))), Some(Answer::Solution(Some(_))))
                        if question == Question::First =>
                    {
                        assert!(ours.solves(&puzzle), "{}", text)
                    }
                    (ours, theirs) => assert_eq!(ours, theirs, "{} {:?}", text, question),
                }
            }
        }
    }

    #[test]
    fn counting_stops_at_the_limit() {
        assert_eq!(count_solutions(&Grid::EMPTY, 0), 0);
        assert_eq!(count_solutions(&Grid::EMPTY, 1000), 1000);
        let full = grid(SMALLEST_FULL);
        assert_eq!(count_solutions(&full, 2), 1);
    }

    #[test]
    fn repeated_givens_have_no_solution() {
        let mut puzzle = Grid::EMPTY;
        puzzle.set(0, 3);
        puzzle.set(80, 3);
        assert!(
            solve(&puzzle).is_some(),
            "different units may share a digit"
        );
        puzzle.set(10, 3);
        assert_eq!(solve(&puzzle), None);
        assert_eq!(solve_smallest(&puzzle), None);
        assert_eq!(count_solutions(&puzzle, 5), 0);
    }

    #[test]
    fn consistent_givens_can_still_be_unsolvable() {
        // Row 0 needs a 9 in cell 8, but column 8 already holds one further down.
        let puzzle = grid(
            "12345678.\
             .........\
             ........9\
             .........\
             .........\
             .........\
             .........\
             .........\
             .........",
        );
        assert!(puzzle.first_conflict().is_none());
        assert_eq!(solve(&puzzle), None);
        assert_eq!(count_solutions(&puzzle, 2), 0);
    }
}
