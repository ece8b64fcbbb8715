//! The smallest completion in reading order: a reading-order search, whose first completion is
//! the smallest (a plain one, or one that learns clauses from its contradictions), and cells
//! fixed one by one, each to the smallest digit that leaves a completion; the portfolio takes
//! them in turns.

use std::ops::ControlFlow;

use super::geometry::Geometry;
use super::learning::Learning;
use super::portfolio::{answered, first, Completion, KeptLearning, Turn};
use super::position::Position;
use super::search::{Branching, Conflicts, Search};
use super::tuning::Tuning;
use super::Method;
use crate::schedule::{Effort, Schedule};

/// The smallest completion of `cells` (0 for a blank; `Some(None)` if there is none) by
/// `method`; `None` if `effort` runs out first. Reading order meets completions in
/// lexicographic order, so its first is the smallest; fixing cells one by one ([`CellByCell`])
/// finds it too. Reading order alone is used to the end, the other methods alone go cell by
/// cell. The portfolio tries reading order on [`READING_FIRST`] guesses (matching at every level
/// after the size's [`Tuning::smallest_reading_matches_after`]), then asks for any
/// completion (which fixing cells needs as its first question; none means no smallest), then
/// takes the ways in turns ([`SMALLEST`], or [`SMALLEST_LEARNING`] where the size's tuning
/// says), each going on where it stopped.
pub(super) fn smallest(
    geometry: &Geometry,
    cells: &[u8],
    method: Method,
    effort: &mut Effort,
) -> Option<Option<Vec<u8>>> {
    let start = match Position::new(geometry, cells) {
        Some(start) => start,
        None => return Some(None),
    };
    let turns = method.schedule(geometry.n);
    let tuning = Tuning::of(geometry.n);
    let mut reading = Search::new(start.clone(), Branching::ReadingOrder);
    if let Some(guesses) = tuning.smallest_reading_matches_after {
        reading = reading.matching_everywhere_after(guesses);
    }
    let mut conflicts = Conflicts::new(geometry);
    let mut read = |budget: &mut u64| {
        let mut found = None;
        let stop = reading.run(geometry, budget, &mut conflicts, &mut |solved| {
            found = Some(solved.digits().to_vec());
            ControlFlow::Break(())
        });
        answered(stop, found)
    };
    let mut learning: Option<Learning> = None;
    // The cells fixed one by one when the learning search last took them up.
    let mut fixed_before = 0;
    let mut by_cell = CellByCell::new(cells, &start);
    let found = match method {
        Method::ReadingOrder => effort.spend(u64::MAX, read)?,
        Method::Portfolio => match effort.spend(READING_FIRST, &mut read) {
            Some(found) => found,
            None => match first(geometry, &start, &turns, effort)? {
                None => None,
                Some(witness) => {
                    by_cell.witness = Some(witness);
                    let ways = if tuning.smallest_learns_in_reading_order {
                        &SMALLEST_LEARNING
                    } else {
                        &SMALLEST
                    };
                    let questions = Schedule {
                        first: (turns.first.0, tuning.question_first_budget),
                        rounds: tuning.question_rounds,
                        ..turns
                    };
                    ways.take_turns(effort, |way, budget| match way {
                        Way::ReadingOrder => read(budget),
                        Way::Learning => {
                            let search = learning
                                .get_or_insert_with(|| Learning::lexicographic(geometry, &start));
                            // The cells fixed one by one so far hold the smallest completion's
                            // digits: the learning search goes on from them.
                            if by_cell.cell > fixed_before {
                                fixed_before = by_cell.cell;
                                if let Some(prefix) = Position::new(geometry, &by_cell.fixed) {
                                    search.assume(geometry, &prefix);
                                }
                            }
                            search.run(geometry, budget)
                        }
                        Way::CellByCell => {
                            let mut turn = Effort::limited(*budget);
                            let found = by_cell.run(geometry, &questions, &mut turn);
                            *budget -= turn.spent;
                            found
                        }
                    })?
                }
            },
        },
        _ => by_cell.run(geometry, &turns, effort)?,
    };
    Some(found)
}

/// Guesses a question gives the learning search that answered the question before, before the
/// schedule's first turn: a learning search keeps what it learnt from one question to the
/// next, the cell rules do not, so once it has answered one it often answers the next at once,
/// where the first turn's cell rule starts afresh and may spend its whole budget first.
///
/// On a climbed board's smallest solution it cut ten questions of about 1,150 guesses each
/// (the first turn's 1,024 wasted, then the learning search's answer) to a few dozen: 6,977
/// guesses rather than 20,396. 237 climbed boards' smallest solutions took 1.05 rather than 1.10
/// million guesses, their worst 17,912 rather than 24,808; 25 climbed and regression boards'
/// 250,510 rather than 281,786, no board 1.5 times more; 20 random 25x25 boards with 300
/// givens 0.3 % more. A lead of 1,024 did about as well, but for one board 1.7 times the
/// guesses; the lead alone, without the cell rule's turn after it, left that board at 4.7 times
/// (BENCHMARKS.md, twentieth pass). Questions that no learning search answered before open as
/// usual: minimal and random 16x16 boards keep every guess.
const LEAD_BUDGET: u64 = 256;

/// A way to the smallest completion.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Way {
    /// A reading-order search, whose first completion is the smallest.
    ReadingOrder,
    /// Fixing cells one by one ([`CellByCell`]).
    CellByCell,
    /// A clause-learning search deciding in reading order, whose first completion is the
    /// smallest ([`Learning::lexicographic`]).
    Learning,
}

/// Guesses the portfolio's reading-order search for the smallest completion makes before any
/// other way: enough for the sparse boards with many completions that reading order answers at
/// once. It was 8,192, more than any minimal 16x16 puzzle of the benchmark's sets needs; but
/// since the questions cell by cell learn (and the search in reading order in the rounds does
/// too), a board that reading order does not answer soon is answered sooner the other ways.
/// With 1,024, 100 minimal 16x16 puzzles took 58,267 guesses rather than 105,164 (about a
/// sixth less time), 19 climbed smallest solutions 224,276 rather than 360,468 (a quarter less),
/// 16x16 boards with 40 and 60 random givens 39 and 51 % fewer, 20 25x25 boards 3 % fewer,
/// and 9x9 boards and 16x16 boards with 80 or 100 givens as many or fewer. 256 took fewer
/// guesses still on the hard boards but about two fifths more time on those with 80 givens
/// (BENCHMARKS.md, sixteenth pass).
const READING_FIRST: u64 = 1024;

/// The portfolio's turns for the smallest completion once a completion is known: cell by cell
/// and reading order in turn on doubling budgets, each going on where it stopped, so that a
/// board costs a bounded multiple of the cheaper way alone (after the first completion, which
/// both need). Cell by cell gets three shares: on most of the adversary's sparse boards it is
/// the way that answers, and reading order alone needs a million guesses or more; on others
/// reading order is much the faster (43,647 guesses where cell by cell took 498,710). On the
/// boards of the table in BENCHMARKS.md the worst took 454,968 guesses with three shares and
/// 586,040 with two (777,733 with reading order given one turn only); boards that only cell by
/// cell answers cost up to a third more than with one turn.
const SMALLEST: Schedule<'static, Way> = Schedule {
    first: (Way::CellByCell, 8192),
    rounds: &[(Way::ReadingOrder, 1), (Way::CellByCell, 3)],
    round_budget: 4096,
};

/// As [`SMALLEST`], with reading order's turns taken by the clause-learning search that
/// decides in reading order ([`Way::Learning`]) rather than the plain one, where the size's
/// tuning says so ([`Tuning::smallest_learns_in_reading_order`]).
const SMALLEST_LEARNING: Schedule<'static, Way> = Schedule {
    rounds: &[(Way::Learning, 1), (Way::CellByCell, 3)],
    ..SMALLEST
};

/// The search for the smallest completion that fixes cells in reading order, each to the
/// smallest digit that still leaves a completion (asking the turns of a schedule, which in the
/// portfolio no dead end stalls for long; a known completion bounds each cell, so only smaller
/// digits are asked about). The questions share their learning searches, which keep what they
/// learnt from one question to the next: that cut the smallest solutions of 171 hard and climbed
/// 16x16 boards from 2.0 to 1.6 s and their worst from 0.40 to 0.09 s (BENCHMARKS.md, tenth
/// pass). A question's resumed searches match at every level after the size's
/// [`Tuning::question_matches_after`] guesses. It can stop when its guesses run out and go on
/// later, the question it was asking included.
struct CellByCell<'g> {
    /// The puzzle with every cell before `cell` fixed to its digit in the smallest completion
    /// (and between runs, nothing else).
    fixed: Vec<u8>,
    /// The smallest completion known, once one is.
    witness: Option<Vec<u8>>,
    /// The cell being fixed.
    cell: usize,
    /// The digit to ask about at `cell` next.
    digit: u8,
    /// The search answering the question being asked, if a run stopped inside it.
    asking: Option<Completion<'g>>,
    /// The learning searches of the questions so far, which every question goes on with (while
    /// one is being asked, it has them).
    kept: Option<KeptLearning>,
    /// The learning turn that answered the last question, if one did: the next question opens
    /// with it (see [`LEAD_BUDGET`]).
    lead: Option<Turn>,
}

impl<'g> CellByCell<'g> {
    /// The search of the completions of `puzzle` (0 for a blank), whose position is `start`,
    /// not yet started.
    fn new(puzzle: &[u8], start: &Position) -> CellByCell<'g> {
        CellByCell {
            fixed: puzzle.to_vec(),
            witness: None,
            cell: 0,
            digit: 1,
            asking: None,
            kept: Some(KeptLearning::new(start.clone())),
            lead: None,
        }
    }

    /// Goes on asking the turns of `schedule` within `effort`: the smallest completion
    /// (`Some(None)` if there is none), or `None` if `effort` runs out first, after which it
    /// can go on.
    fn run(
        &mut self,
        geometry: &'g Geometry,
        schedule: &Schedule<'_, Turn>,
        effort: &mut Effort,
    ) -> Option<Option<Vec<u8>>> {
        let mut witness = match self.witness.take() {
            Some(witness) => witness,
            None => match self.ask(geometry, schedule, effort)? {
                Some(witness) => witness,
                None => return Some(None),
            },
        };
        while self.cell < self.fixed.len() {
            let cell = self.cell;
            if self.fixed[cell] == 0 && self.digit < witness[cell] {
                self.fixed[cell] = self.digit;
                let answer = self.ask(geometry, schedule, effort);
                self.fixed[cell] = 0;
                match answer {
                    Some(Some(better)) => witness = better,
                    Some(None) => self.digit += 1,
                    None => {
                        self.witness = Some(witness);
                        return None;
                    }
                }
            } else {
                self.fixed[cell] = witness[cell];
                self.cell += 1;
                self.digit = 1;
            }
        }
        Some(Some(witness))
    }

    /// Whether the board `fixed` holds has a completion, going on with the search that was
    /// asking if a run stopped inside it; `None` if `effort` runs out first.
    fn ask(
        &mut self,
        geometry: &'g Geometry,
        schedule: &Schedule<'_, Turn>,
        effort: &mut Effort,
    ) -> Option<Option<Vec<u8>>> {
        let mut asking = match self.asking.take() {
            Some(asking) => asking,
            None => match Position::new(geometry, &self.fixed) {
                Some(start) => {
                    let mut asking = Completion::new(geometry, start, true);
                    if let Some(kept) = self.kept.take() {
                        asking = asking.keeping(kept);
                    }
                    if let Some(guesses) = Tuning::of(geometry.n).question_matches_after {
                        asking = asking.matching_everywhere_after(guesses);
                    }
                    // (A schedule that starts with that turn anyway, as one method alone, needs
                    // no lead.)
                    if let Some(turn) = self.lead.filter(|&turn| turn != schedule.first.0) {
                        asking = asking.led_by(turn, LEAD_BUDGET);
                    }
                    asking
                }
                None => return Some(None),
            },
        };
        let answer = asking.run(schedule, effort);
        if answer.is_none() {
            self.asking = Some(asking);
        } else {
            self.lead = match asking.answered_by(schedule) {
                turn @ Turn::Learning(_) => Some(turn),
                _ => None,
            };
            self.kept = asking.into_kept();
        }
        answer
    }
}
