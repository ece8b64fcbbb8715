//! A search that learns from its contradictions, as SAT solvers do (conflict-driven clause
//! learning), over the board read as propositions "cell `c` holds digit `d`".
//!
//! Every cell, and every digit in every row, column and box, takes exactly one of its `side`
//! propositions. At least one is a clause; at most one is kept without clauses: making a
//! proposition true makes the rest of its four groups false. Each contradiction is traced back
//! through the deductions that led to it to the first point where one deduction of the last
//! decision's level explains it all, and the clause that rules that point out (shortened by what
//! its literals imply) is kept, so that no later part of the search meets the same contradiction.
//! Decisions go to the propositions that took part in the most recent contradictions (before
//! any, in a [`FirstOrder`]), with the truth each last had (before it has had one, mostly false:
//! see [`first_truth`]), and the search restarts now and then, keeping what it learnt (see
//! [`restarts`]).
//!
//! Its reasoning is unlike the cell rules' in kind: the boards that stall them for hundreds of
//! thousands of guesses (a refutation whose reason their search keeps rediscovering in every
//! branch) take it a few thousand decisions, while published solvers of this kind stall, for a
//! million contradictions, on a board the cell rules' propagation refutes at once. So it is
//! one more strategy of the portfolio rather than the engine, and it starts from the position
//! that propagation leaves (BENCHMARKS.md).
//!
//! A search can be asked a series of questions about narrowings of its start (as the smallest
//! solution's questions cell by cell are): it takes each narrowing as decisions made before any
//! other (assumptions, as incremental SAT solvers take them), so that nothing it learns rests on
//! a question, and it keeps what it learnt from one question to the next. Which propositions it
//! decides first, though, each question ranks afresh (see [`Learning::assume`]).
//!
//! One kind of search never lets contradictions rerank its decisions: it keeps them to reading
//! order, so that the first solution it finds is the smallest completion (see
//! [`Learning::lexicographic`]).

use super::geometry::Geometry;
use super::position::Position;
use super::tuning::Tuning;
use crate::activity::Ranking;
use crate::clauses::{self, Assignments, Clauses, Groups, Literal, Reason};
use crate::pacing::Pacing;
use crate::restarts::Restarts;

/// The search's state, kept between runs, so that a run stopped for its budget goes on later.
///
/// Proposition `cell << 5 | d` is "`cell` holds digit `d + 1`", so that neither part needs a
/// division to recover (numbers whose digit part is past the board's stand for nothing).
pub(super) struct Learning {
    side: usize,
    cells: usize,
    assignments: Assignments,
    /// Per group, its members not yet false (bit `i` for member `i`).
    alive: Vec<u32>,
    /// The clauses: learnt ones with the number of decision levels they spanned (and so may be
    /// forgotten), and the exclusions of found solutions with 0; at first, the size's
    /// [`Tuning::clauses_kept_per_cell`] for each cell are kept before some are forgotten.
    clauses: Clauses,
    /// The order it decides in before contradictions rank its propositions.
    order: FirstOrder,
    ranking: Ranking,
    /// Per proposition, the truth a decision gives it: the one it had last, or before it has
    /// had one, [`first_truth`].
    phases: Vec<bool>,
    seen: Vec<bool>,
    /// The cells open at the start, which a found solution's exclusion names.
    open: Vec<usize>,
    restarts: Restarts,
    /// Whether every solution has been found (or excluded).
    exhausted: bool,
    /// The literals the search is asked to hold for now (see [`Learning::assume`]): the
    /// decisions of level 1, made before any other.
    assumptions: Vec<Literal>,
    /// What its decisions cost in guesses (see [`Tuning::work_per_guess`]).
    pacing: Pacing,
    /// Whether decisions keep to reading order (see [`Learning::lexicographic`]), and if so,
    /// the index in `open` of the first cell without a digit yet (every cell before it has one).
    in_reading_order: Option<usize>,
    /// The memory each contradiction's analysis works in.
    scratch: Scratch,
}

/// The lists a contradiction's analysis builds, kept from one contradiction to the next: taking
/// fresh memory for each, and growing it, was about a tenth of the instructions of the hard
/// 16x16 boards the learning search answers.
#[derive(Default)]
struct Scratch {
    /// The literals of the clause the last contradiction falsified, or of an assignment's
    /// reason (see [`clauses::explain`]).
    reason: Vec<Literal>,
    /// The clause being learnt.
    learnt: Vec<Literal>,
    /// The literals marked seen while shortening it (see [`Learning::implied`]).
    marked: Vec<Literal>,
    /// The propositions whose reasons are still to read while shortening it.
    stack: Vec<usize>,
    /// The decision levels of its literals.
    levels: Vec<u32>,
}

/// The groups of a board of `geometry`'s: each cell's digits (group `cell`, place `d`), then
/// each digit's places in each unit (group `cells + (unit << 5 | d)`, place the cell's in the
/// unit).
impl Groups for Geometry {
    fn side(&self) -> usize {
        self.side
    }

    fn groups_of(&self, v: usize) -> [(usize, usize); 4] {
        let (cell, d) = (v >> 5, v & 31);
        let [row, column, in_box] = self.units_of[cell];
        let [x, y, z] = self.places_of[cell];
        let group = |unit: usize| self.cells + (unit << 5 | d);
        [
            (cell, d),
            (group(row), x),
            (group(column), y),
            (group(in_box), z),
        ]
    }

    fn member(&self, g: usize, i: usize) -> usize {
        match g.checked_sub(self.cells) {
            None => g << 5 | i,
            Some(k) => self.cell_at(k >> 5, i) << 5 | k & 31,
        }
    }
}

/// The order the learning search decides in before contradictions rank its propositions: the
/// portfolio runs one search of each, because a board that leads one of them astray rarely
/// leads the other (BENCHMARKS.md, ninth pass).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum FirstOrder {
    /// The likeliest first: an open cell's digit by how few candidates the cell has and how
    /// few places the digit has left in the cell's units (the order the cell rules guess in).
    Likeliest,
    /// Reading order: the first open cell's smallest candidate first.
    ReadingOrder,
}

/// Every proposition of `geometry`'s boards: those whose digit part is a digit.
fn propositions(geometry: &Geometry) -> impl Iterator<Item = u32> {
    let side = geometry.side as u32;
    (0..(geometry.cells << 5) as u32).filter(move |&v| (v & 31) < side)
}

/// The scale of the activities propositions start with, below the first contradiction's bump
/// of 1 (0.1 did as well as this).
const INITIAL_ACTIVITY: f64 = 1e-3;

/// Per proposition, the activity it starts with: `start`'s open cells' candidates ranked by
/// `order`, each far below one contradiction's bump. Against all propositions equally active,
/// starting from the likeliest cut the time of 32 hard 16x16 boards from 0.75 to 0.34 s and the
/// worst of six climbs' boards from 83 to 8.5 ms, but left a refutation at 15,914 decisions that
/// took 670 before (BENCHMARKS.md, eighth pass).
fn initial_activity(geometry: &Geometry, start: &Position, order: FirstOrder) -> Vec<f64> {
    let count = geometry.cells << 5;
    let mut activity = vec![0.0; count];
    for cell in start.open_cells() {
        let mask = start.candidates()[cell];
        let mut digits = mask;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let v = cell << 5 | d;
            activity[v] = match order {
                FirstOrder::Likeliest => {
                    let odds = mask.count_ones() * start.places_left(geometry, cell, d);
                    INITIAL_ACTIVITY / f64::from(odds)
                }
                FirstOrder::ReadingOrder => INITIAL_ACTIVITY * (count - v) as f64 / count as f64,
            };
        }
    }
    activity
}

/// The truth a decision gives a proposition that has not had one yet: false, ruling a candidate
/// out (as MiniSat decides), but true, placing a digit, in the search from the likeliest where
/// the size's tuning says so ([`Tuning::likeliest_places_first`]: on 25x25 boards).
///
/// Decisions that rule candidates out lead to clauses naming candidates one of which must hold,
/// each true of a whole region of the search, where decisions that place digits lead to clauses
/// that forbid one combination of placements. Against true first, the search from reading order
/// alone took 1.37 rather than 2.08 million guesses to the first solutions of 849 hard and
/// climbed 16x16 boards, and the one from the likeliest 1.22 rather than 20.1 million (its
/// worst board 0.62 s rather than 23.6 s); in the portfolio of the time, the worst refutation
/// known took 38,785 guesses rather than 300,374 (BENCHMARKS.md, thirteenth pass).
fn first_truth(geometry: &Geometry, order: FirstOrder) -> bool {
    order == FirstOrder::Likeliest && Tuning::of(geometry.n).likeliest_places_first
}

/// The literals of reasons that making a learnt clause shorter reads for one unit of work (see
/// [`Tuning::work_per_guess`]). Measured: two kept a learning search's time a guess on a unique
/// 25x25 puzzle and on climbed 16x16 boards what it was before clauses were made shorter
/// (BENCHMARKS.md, fifteenth pass).
const LITERALS_PER_WORK: u64 = 2;

/// When the search from `order` restarts on `geometry`'s boards.
///
/// The search from the likeliest restarts on Luby's runs, in the size's unit
/// ([`Tuning::likeliest_restart_unit`]).
///
/// The search from reading order restarts by Glucose's rule instead, so that the two searches
/// differ in how long they stay in one part of the search as well as where they start. Luby's
/// runs of 32 left a refutation climbed against them at 136,958 guesses (144 ms) that probing
/// alone answers in 13,666 (each learning search alone took 68,606 and 78,363); with Glucose's
/// rule for the search from reading order it took 19,031, and the climbs' counts took 63,191
/// rather than 181,216 guesses in all, the other 16x16 sets as many as before, but for the
/// worst refutation known, 18,444 → 24,193. Both searches on Glucose's rule did worse on 849
/// hard and climbed boards (5 % more); on 25x25 the search from reading order has three shares
/// and answers the same boards either way (BENCHMARKS.md, fourteenth pass).
fn restarts(geometry: &Geometry, order: FirstOrder) -> Restarts {
    match order {
        FirstOrder::Likeliest => Restarts::luby(Tuning::of(geometry.n).likeliest_restart_unit),
        FirstOrder::ReadingOrder => Restarts::glucose(),
    }
}

impl Learning {
    /// A search from `start`, whose placed digits and candidates are its facts, deciding in
    /// `order` until contradictions rank its propositions.
    pub(super) fn new(geometry: &Geometry, start: &Position, order: FirstOrder) -> Learning {
        let (side, cells) = (geometry.side, geometry.cells);
        let count = cells << 5;
        let open: Vec<usize> = start.open_cells().collect();
        let activity = initial_activity(geometry, start, order);
        let kept = Tuning::of(geometry.n).clauses_kept_per_cell * cells;
        let mut learning = Learning {
            side,
            cells,
            assignments: Assignments::new(count),
            alive: vec![u32::MAX >> (32 - side); cells + ((3 * side) << 5)],
            clauses: Clauses::new(count, kept),
            ranking: Ranking::new(activity, propositions(geometry)),
            order,
            phases: vec![first_truth(geometry, order); count],
            seen: vec![false; count],
            open,
            restarts: restarts(geometry, order),
            exhausted: false,
            assumptions: Vec::new(),
            pacing: Pacing::new(Tuning::of(geometry.n).work_per_guess),
            in_reading_order: None,
            scratch: Scratch::default(),
        };
        for (cell, &mask) in start.candidates().iter().enumerate() {
            for d in 0..side {
                let v = (cell << 5 | d) as u32;
                if mask >> d & 1 == 0 {
                    learning.assignments.assign(2 * v + 1, Reason::Decision);
                } else if mask.count_ones() == 1 {
                    learning.assignments.assign(2 * v, Reason::Decision);
                }
            }
        }
        learning.exhausted = !learning.propagate(geometry);
        learning
    }

    /// A search from `start` whose decisions keep to reading order, each placing the smallest
    /// digit not yet ruled out in the first cell without one: the first solution it finds is
    /// the smallest completion in reading order. (Every value it holds follows from the board
    /// and its decisions in earlier cells, each the smallest digit its cell could take after
    /// the cells before it; learnt clauses follow from the board, so none rules a completion
    /// out. So a digit smaller than the smallest completion's is never placed for good, and
    /// its digit never ruled out.)
    ///
    /// Where the plain reading-order search rediscovers, in branch after branch, why a prefix
    /// has no completion, this one learns it once; but contradictions never rerank its
    /// decisions, so it does not reach trouble that lies late in reading order any sooner. It
    /// restarts as the search from reading order does, by Glucose's rule, which took it fewer
    /// guesses than Luby's runs or no restarts at all (BENCHMARKS.md, sixteenth pass).
    pub(super) fn lexicographic(geometry: &Geometry, start: &Position) -> Learning {
        let mut learning = Learning::new(geometry, start, FirstOrder::ReadingOrder);
        learning.in_reading_order = Some(0);
        learning
    }

    /// The proposition a decision in reading order makes true (see [`Learning::lexicographic`]):
    /// the smallest digit left of the first cell without one, or `None` if every cell has one.
    fn next_in_reading_order(&mut self, from: usize) -> Option<u32> {
        let mut index = from;
        while let Some(&cell) = self.open.get(index) {
            let alive = self.alive[cell];
            if alive & alive.wrapping_sub(1) != 0 {
                self.in_reading_order = Some(index);
                return Some((cell << 5 | alive.trailing_zeros() as usize) as u32);
            }
            index += 1;
        }
        self.in_reading_order = Some(index);
        None
    }

    /// Draws every consequence of the trail; `false` if it meets a contradiction, whose literals
    /// it leaves in the scratch's `reason`.
    fn propagate(&mut self, geometry: &Geometry) -> bool {
        clauses::propagate(
            geometry,
            &mut self.assignments,
            &mut self.clauses,
            &mut self.alive,
            &mut self.scratch.reason,
        )
    }

    /// The clause to learn from the contradiction whose literals the scratch's `reason` holds,
    /// left in the scratch's `learnt`: its first literal is the one it asserts once the search
    /// backs up to the level it returns (the highest of the others').
    ///
    /// It leaves out every literal that the clause's others imply through the reasons of the
    /// assignments they rest on, however far back (where it looked only one reason back before,
    /// as MiniSat's basic mode does, rather than its recursive one). On 16x16 boards the
    /// climbs' 12 count boards took 103,278 guesses to count rather than 138,811 (the worst
    /// 36,923 rather than 75,620, 41 rather than 88 ms), the other sets as many as before; on
    /// 25x25 boards nine unique puzzles with 45 % givens took a fifth less time to a first
    /// solution, the rest about as long (BENCHMARKS.md, fifteenth pass). The reasons it reads
    /// are charged as work ([`LITERALS_PER_WORK`]).
    fn analyze(&mut self, geometry: &Geometry) -> u32 {
        let mut scratch = std::mem::take(&mut self.scratch);
        let mut learnt = std::mem::take(&mut scratch.learnt);
        let (assignments, clauses) = (&self.assignments, &self.clauses);
        clauses::first_point(
            assignments,
            &mut self.ranking,
            &mut self.seen,
            &mut scratch.reason,
            &mut learnt,
            |v, out| clauses::explain(geometry, assignments, clauses, v, out),
        );
        // A literal goes if the clause's other literals and the facts imply it; those kept
        // move to the front, in order.
        let levels = learnt[1..].iter().fold(0u32, |mask, &literal| {
            mask | 1 << (self.assignments.level_of((literal >> 1) as usize) & 31)
        });
        scratch.marked.clear();
        scratch.marked.extend_from_slice(&learnt);
        let (mut looked, mut kept) = (0, 1);
        for k in 1..learnt.len() {
            let literal = learnt[k];
            let v = (literal >> 1) as usize;
            if matches!(self.assignments.reason(v), Reason::Decision)
                || !self.implied(geometry, v, levels, &mut scratch, &mut looked)
            {
                learnt[kept] = literal;
                kept += 1;
            }
        }
        learnt.truncate(kept);
        self.assignments.work += looked / LITERALS_PER_WORK;
        for &literal in &scratch.marked {
            self.seen[(literal >> 1) as usize] = false;
        }
        let mut back = 0;
        for k in 1..learnt.len() {
            let level = self.assignments.level_of((learnt[k] >> 1) as usize);
            if level > back {
                back = level;
                learnt.swap(1, k);
            }
        }
        scratch.learnt = learnt;
        self.scratch = scratch;
        back
    }

    /// Whether the value of `v` follows, through the reasons of the assignments it rests on, from
    /// the facts and the assignments marked seen (those of the clause being learnt, and those
    /// already found to follow, listed in the scratch's `marked`). Only assignments at the decision
    /// levels of `levels` (bit `level % 32`) can follow: any other is not worth the look. The
    /// assignments it finds to follow are marked; none is if `v`'s does not. Adds to `looked` the
    /// literals of the reasons it reads.
    fn implied(
        &mut self,
        geometry: &Geometry,
        v: usize,
        levels: u32,
        scratch: &mut Scratch,
        looked: &mut u64,
    ) -> bool {
        let Scratch {
            reason,
            marked,
            stack,
            ..
        } = scratch;
        let top = marked.len();
        stack.clear();
        stack.push(v);
        while let Some(w) = stack.pop() {
            clauses::explain(geometry, &self.assignments, &self.clauses, w, reason);
            *looked += reason.len() as u64;
            for &literal in reason.iter() {
                let u = (literal >> 1) as usize;
                let level = self.assignments.level_of(u);
                if self.seen[u] || level == 0 {
                    continue;
                }
                let derived = !matches!(self.assignments.reason(u), Reason::Decision);
                if derived && levels >> (level & 31) & 1 != 0 {
                    self.seen[u] = true;
                    stack.push(u);
                    marked.push(literal);
                } else {
                    for &undone in &marked[top..] {
                        self.seen[(undone >> 1) as usize] = false;
                    }
                    marked.truncate(top);
                    return false;
                }
            }
        }
        true
    }

    /// Takes back every assignment above decision level `level`.
    fn back_to(&mut self, geometry: &Geometry, level: u32) {
        let (open, in_reading_order) = (&self.open, &mut self.in_reading_order);
        clauses::back_to(
            geometry,
            &mut self.assignments,
            &mut self.alive,
            &mut self.phases,
            &mut self.ranking,
            level,
            |literal| {
                if let (0, Some(first)) = (literal & 1, *in_reading_order) {
                    // A cell that loses its digit is open again.
                    let cell = (literal >> 1) as usize >> 5;
                    let index = open.binary_search(&cell).unwrap_or(first);
                    *in_reading_order = Some(first.min(index));
                }
            },
        );
    }

    /// Goes on with the search until it finds a solution (the board's digits; `Some(None)` if
    /// there is none left) or its decisions have cost `budget` guesses (`None`; it can run
    /// again). A decision costs the guesses the work since the one before is worth (see
    /// [`Tuning::work_per_guess`]), at least one, and is made once paid for in full, over
    /// several runs if their budgets are small.
    pub(super) fn run(&mut self, geometry: &Geometry, budget: &mut u64) -> Option<Option<Vec<u8>>> {
        loop {
            if self.exhausted {
                return Some(None);
            }
            if !self.propagate(geometry) {
                if self.assignments.level() == 0 {
                    self.exhausted = true;
                    continue;
                }
                if self.assignments.level() == self.assumed_levels() {
                    // The assumptions contradict what is known: no solution holds them.
                    self.back_to(geometry, 0);
                    return Some(None);
                }
                let back = self.analyze(geometry);
                let learnt = std::mem::take(&mut self.scratch.learnt);
                let span = clauses::span(&self.assignments, &learnt, &mut self.scratch.levels);
                self.restarts.contradiction(span);
                self.back_to(geometry, back);
                self.clauses.assert(&mut self.assignments, &learnt, span);
                self.scratch.learnt = learnt;
                self.ranking.decay();
                continue;
            }
            if self.restarts.due() {
                self.back_to(geometry, self.assumed_levels() as u32);
            }
            self.clauses.forget_if_full(&mut self.assignments);
            if self.assignments.level() < self.assumed_levels() {
                self.assignments.open_level();
                for k in 0..self.assumptions.len() {
                    let literal = self.assumptions[k];
                    match self.assignments.value(literal) {
                        -1 => {
                            self.back_to(geometry, 0);
                            return Some(None);
                        }
                        0 => self.assignments.assign(literal, Reason::Decision),
                        _ => {}
                    }
                }
                continue;
            }
            let next = self
                .pacing
                .unpaid()
                .or_else(|| match self.in_reading_order {
                    Some(from) => self.next_in_reading_order(from),
                    None => clauses::most_active_open(&mut self.ranking, &self.assignments),
                });
            let v = match next {
                Some(v) => v,
                None => return Some(Some(self.solution())),
            };
            if !self.pacing.pay(v, self.assignments.work, budget) {
                return None;
            }
            let truth = self.in_reading_order.is_some() || self.phases[v as usize];
            self.assignments.decide(2 * v + u32::from(!truth));
        }
    }

    /// The digits of the cells, in reading order, that the current assignment holds (0 where
    /// none does): once every proposition is assigned without conflict, the solution found.
    fn solution(&self) -> Vec<u8> {
        let holds = |v: usize| self.assignments.value(2 * v as Literal) == 1;
        let digit = |cell: usize| (0..32).find(|&d| holds(cell << 5 | d));
        (0..self.cells)
            .map(|cell| digit(cell).map_or(0, |d| d as u8 + 1))
            .collect()
    }

    /// Asks the next runs for a solution within `position`, a narrowing of the search's start
    /// (the start with more digits placed, or fewer candidates), until asked again: a run then
    /// answers `Some(None)` if there is none. What the search learns stays true of its start,
    /// so it keeps it from one question to the next; but it ranks its propositions afresh, as
    /// a search from `position` would, since the contradictions of earlier questions point at
    /// the cells those questions were about.
    ///
    /// Kept from question to question, the ranking once made one question of a climbed board's
    /// smallest solution (is there a completion with the first eight rows and three more cells as
    /// fixed, and a smaller digit in the ninth row's fourth cell?) take the search from the
    /// likeliest past 100,000 guesses' worth of work, where a new search answers it in 706. Ranked
    /// afresh, that smallest solution took 8,289 guesses rather than 219,392, 25 climbed and
    /// regression boards' smallest solutions 281,786 rather than 520,549 and 237 climbed boards'
    /// 1.10 rather than 1.13 million, no board 1.5 times more; minimal and random 16x16 boards,
    /// whose questions the first turn answers, kept theirs; 20 random 25x25 boards with 300 givens
    /// took 439,495 rather than 492,483, a seventh less time. The fresh ranking has boards of its
    /// own: a climb against it found one whose smallest solution takes 59,151 guesses, where the
    /// kept ranking took 9,187 (BENCHMARKS.md, twentieth pass).
    pub(super) fn assume(&mut self, geometry: &Geometry, position: &Position) {
        self.back_to(geometry, 0);
        self.pacing.choose_afresh(&mut self.ranking);
        if self.in_reading_order.is_none() {
            let activity = initial_activity(geometry, position, self.order);
            self.ranking = Ranking::new(activity, propositions(geometry));
        }
        self.assumptions.clear();
        for (cell, &mask) in position.candidates().iter().enumerate() {
            for d in (0..self.side).filter(|&d| mask >> d & 1 == 0) {
                let literal = 2 * (cell << 5 | d) as Literal + 1;
                if self.assignments.value(literal) != 1 {
                    self.assumptions.push(literal);
                }
            }
        }
    }

    /// The decision levels the assumptions take: all of them make level 1, if there are any.
    /// (A conflict there needs no analysis: it answers the question.)
    fn assumed_levels(&self) -> usize {
        usize::from(!self.assumptions.is_empty())
    }

    /// Rules out the solution `digits` (the last one found), so that the next run finds another.
    pub(super) fn exclude(&mut self, geometry: &Geometry, digits: &[u8]) {
        self.back_to(geometry, 0);
        self.pacing.choose_afresh(&mut self.ranking);
        let other_digit =
            |&cell: &usize| 2 * (cell << 5 | usize::from(digits[cell] - 1)) as u32 + 1;
        let open = self
            .clauses
            .require(&mut self.assignments, self.open.iter().map(other_digit));
        self.exhausted |= !open;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::family_text::parse_line;

    #[test]
    fn a_search_split_into_runs_goes_as_in_one() {
        // A 16x16 board without a completion, which each cell rule alone takes 150 thousand
        // guesses or more to refute; each search decides some hundreds of times, each decision
        // paid over runs of one guess.
        let board = parse_line(
            "E.ID.....K.........K.P.......E..A..............P....O........A...........JL.C.E.......\
             ..PNCF.I....B.DOA.H.......KM..CG.H........N....D.O......P.....JKI......O...PE........O\
             .LB...............H.I...P.....JBH..E.N..H.MF.....K.J.JCGI..A.......N...M...B......A.",
        )
        .unwrap();
        let geometry = Geometry::of(board.n);
        let start = Position::new(&geometry, &board.cells).unwrap();
        for order in [FirstOrder::Likeliest, FirstOrder::ReadingOrder] {
            let mut whole = Learning::new(&geometry, &start, order);
            let mut budget = u64::MAX;
            let in_one = whole.run(&geometry, &mut budget).unwrap();
            let mut split = Learning::new(&geometry, &start, order);
            let (mut runs, mut spent) = (0, 0);
            let in_runs = loop {
                let mut run = 1;
                let found = split.run(&geometry, &mut run);
                spent += 1 - run;
                runs += 1;
                if let Some(found) = found {
                    break found;
                }
            };
            assert!(runs > 100, "{:?}: {} runs", order, runs);
            assert_eq!(spent, u64::MAX - budget, "{:?}", order);
            assert_eq!(in_one, None, "{:?}", order);
            assert_eq!(in_runs, None, "{:?}", order);
        }
    }
}
