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
use super::restarts::Restarts;
use super::tuning::Tuning;

/// A literal: `2 * v` says proposition `v` holds, `2 * v + 1` that it does not. Proposition
/// `cell << 5 | d` is "`cell` holds digit `d + 1`", so that neither part needs a division to
/// recover (numbers whose digit part is past the board's stand for nothing).
type Literal = u32;

/// Why a proposition has its value.
#[derive(Clone, Copy)]
enum Reason {
    /// A decision, or a fact of the starting position.
    Decision,
    /// The clause at this index, whose first literal it made true.
    Clause(u32),
    /// The proposition of this index, which shares a group with it, holds.
    Excluded(u32),
    /// It is the last proposition of this group (see [`Learning::member`]) not yet false.
    Last(u32),
}

/// A clause of [`Learning::clauses`]: where its literals are, and how many decision levels it
/// spanned when learnt (0 for an exclusion of a found solution).
#[derive(Clone, Copy)]
struct Clause {
    start: u32,
    len: u32,
    span: u32,
}

impl Clause {
    /// Its literals' range in [`Learning::literals`].
    fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

/// The search's state, kept between runs, so that a run stopped for its budget goes on later.
pub(super) struct Learning {
    side: usize,
    cells: usize,
    /// Per literal: 1 true, -1 false, 0 unassigned (a proposition's value is its positive
    /// literal's). Kept per literal so that reading one costs no sign to apply.
    values: Vec<i8>,
    levels: Vec<u32>,
    reasons: Vec<Reason>,
    /// Per group, its members not yet false (bit `i` for member `i`).
    alive: Vec<u32>,
    /// The literals made true, in order; `decisions[k]` is where level `k + 1` begins.
    trail: Vec<Literal>,
    decisions: Vec<usize>,
    /// The trail's literals whose consequences are still to be drawn start here.
    head: usize,
    /// The clauses: learnt ones with the number of decision levels they spanned (and so may be
    /// forgotten), and the exclusions of found solutions with 0. While a clause may still imply
    /// anything, its first two literals are the ones it is watched by.
    clauses: Vec<Clause>,
    /// The clauses' literals, one clause after another.
    literals: Vec<Literal>,
    /// Per literal, the clauses watched by it (looked at when it turns false), each with
    /// another of its literals: while that one is true, the clause need not be looked at.
    watches: Vec<Vec<(u32, Literal)>>,
    /// The order it decides in before contradictions rank its propositions.
    order: FirstOrder,
    activity: Vec<f64>,
    bump: f64,
    queue: Heap,
    /// Per proposition, the truth a decision gives it: the one it had last, or before it has
    /// had one, [`first_truth`].
    phases: Vec<bool>,
    seen: Vec<bool>,
    /// The cells open at the start, which a found solution's exclusion names.
    open: Vec<usize>,
    restarts: Restarts,
    /// How many clauses it keeps before it forgets some (at first, the size's
    /// [`Tuning::clauses_kept_per_cell`] for each cell).
    kept: usize,
    /// Whether every solution has been found (or excluded).
    exhausted: bool,
    /// The literals the search is asked to hold for now (see [`Learning::assume`]): the
    /// decisions of level 1, made before any other.
    assumptions: Vec<Literal>,
    /// The work done so far (see [`Tuning::work_per_guess`]), and as of the last decision.
    work: u64,
    work_at_decision: u64,
    /// What is still to pay, in guesses, before the next decision (a run that could not pay it
    /// all paid what its budget allowed).
    owed: u64,
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
    /// reason (see [`Learning::explain`]).
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

/// The work of making a proposition true (with what that excludes), in the units of
/// [`Tuning::work_per_guess`], where looking at one watched clause is one.
const WORK_PER_ASSIGNMENT: u64 = 8;

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
        let mut learning = Learning {
            side,
            cells,
            values: vec![0; 2 * count],
            levels: vec![0; count],
            reasons: vec![Reason::Decision; count],
            alive: vec![u32::MAX >> (32 - side); cells + ((3 * side) << 5)],
            trail: Vec::new(),
            decisions: Vec::new(),
            head: 0,
            clauses: Vec::new(),
            literals: Vec::new(),
            watches: vec![Vec::new(); 2 * count],
            queue: Heap::new(count, side, &activity),
            order,
            activity,
            bump: 1.0,
            phases: vec![first_truth(geometry, order); count],
            seen: vec![false; count],
            open,
            restarts: restarts(geometry, order),
            kept: Tuning::of(geometry.n).clauses_kept_per_cell * cells,
            exhausted: false,
            assumptions: Vec::new(),
            work: 0,
            work_at_decision: 0,
            owed: 0,
            in_reading_order: None,
            scratch: Scratch::default(),
        };
        for (cell, &mask) in start.candidates().iter().enumerate() {
            for d in 0..side {
                let v = (cell << 5 | d) as u32;
                if mask >> d & 1 == 0 {
                    learning.assign(2 * v + 1, Reason::Decision);
                } else if mask.count_ones() == 1 {
                    learning.assign(2 * v, Reason::Decision);
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

    /// The four groups of proposition `v`, each with the proposition's place in it: its cell's
    /// digits (group `cell`, place `d`), then its digit's places in the cell's row, column and
    /// box (group `cells + (unit << 5 | d)`, the cell's place in the unit).
    fn groups(&self, geometry: &Geometry, v: usize) -> [(usize, usize); 4] {
        let (cell, d) = (v >> 5, v & 31);
        let [row, column, in_box] = geometry.units_of[cell];
        let [x, y, z] = geometry.places_of[cell];
        let group = |unit: usize| self.cells + (unit << 5 | d);
        [
            (cell, d),
            (group(row), x),
            (group(column), y),
            (group(in_box), z),
        ]
    }

    /// The proposition that is member `i` of group `g`.
    fn member(&self, geometry: &Geometry, g: usize, i: usize) -> usize {
        match g.checked_sub(self.cells) {
            None => g << 5 | i,
            Some(k) => geometry.cell_at(k >> 5, i) << 5 | k & 31,
        }
    }

    /// The value of `literal`: 1 true, -1 false, 0 unassigned.
    fn value(&self, literal: Literal) -> i8 {
        self.values[literal as usize]
    }

    /// Makes `literal` true at the current decision level, for `reason`.
    fn assign(&mut self, literal: Literal, reason: Reason) {
        self.work += WORK_PER_ASSIGNMENT;
        let v = (literal >> 1) as usize;
        self.values[literal as usize] = 1;
        self.values[(literal ^ 1) as usize] = -1;
        self.levels[v] = self.decisions.len() as u32;
        self.reasons[v] = reason;
        self.trail.push(literal);
    }

    /// Adds a clause whose first two literals are unassigned, or whose first it implies.
    fn add(&mut self, literals: &[Literal], span: u32) -> u32 {
        let index = self.clauses.len() as u32;
        self.watches[literals[0] as usize].push((index, literals[1]));
        self.watches[literals[1] as usize].push((index, literals[0]));
        self.clauses.push(Clause {
            start: self.literals.len() as u32,
            len: literals.len() as u32,
            span,
        });
        self.literals.extend_from_slice(literals);
        index
    }

    /// Draws every consequence of the trail; `false` if it meets a clause every literal of which
    /// is false, whose literals it leaves in the scratch's `reason`.
    fn propagate(&mut self, geometry: &Geometry) -> bool {
        while let Some(&literal) = self.trail.get(self.head) {
            self.head += 1;
            let v = (literal >> 1) as usize;
            for (g, place) in self.groups(geometry, v) {
                if literal & 1 == 0 {
                    // At most one of each group holds.
                    let mut others = self.alive[g] & !(1 << place);
                    while others != 0 {
                        let w = self.member(geometry, g, others.trailing_zeros() as usize);
                        others &= others - 1;
                        match self.values[2 * w] {
                            0 => self.assign(2 * w as u32 + 1, Reason::Excluded(v as u32)),
                            1 => {
                                let conflict = &mut self.scratch.reason;
                                conflict.clear();
                                conflict.extend_from_slice(&[literal | 1, 2 * w as u32 + 1]);
                                return false;
                            }
                            _ => {}
                        }
                    }
                    continue;
                }
                // At least one of each group holds.
                let alive = self.alive[g] & !(1 << place);
                self.alive[g] = alive;
                if alive == 0 {
                    let mut conflict = std::mem::take(&mut self.scratch.reason);
                    conflict.clear();
                    conflict.extend((0..self.side).map(|i| 2 * self.member(geometry, g, i) as u32));
                    self.scratch.reason = conflict;
                    return false;
                }
                if alive & (alive - 1) == 0 {
                    let w = self.member(geometry, g, alive.trailing_zeros() as usize);
                    if self.values[2 * w] == 0 {
                        self.assign(2 * w as u32, Reason::Last(g as u32));
                    }
                }
            }
            if !self.propagate_clauses(literal ^ 1) {
                return false;
            }
        }
        true
    }

    /// Looks at the clauses watched by `falsified`, which has just turned false: each finds
    /// another literal to be watched by, implies its other watched literal, or is a
    /// contradiction (`false`, its literals left in the scratch's `reason`).
    fn propagate_clauses(&mut self, falsified: Literal) -> bool {
        let mut watching = std::mem::take(&mut self.watches[falsified as usize]);
        let mut consistent = true;
        let mut k = 0;
        self.work += watching.len() as u64;
        while k < watching.len() {
            let (index, blocker) = watching[k];
            if self.value(blocker) == 1 {
                k += 1;
                continue;
            }
            let range = self.clauses[index as usize].range();
            let start = range.start;
            if self.literals[start] == falsified {
                self.literals.swap(start, start + 1);
            }
            let other = self.literals[start];
            let first = self.value(other);
            let free = match first {
                1 => None,
                _ => (start + 2..range.end).find(|&at| self.value(self.literals[at]) != -1),
            };
            match free {
                Some(at) => {
                    self.literals.swap(start + 1, at);
                    self.watches[self.literals[start + 1] as usize].push((index, other));
                    watching.swap_remove(k);
                }
                _ => {
                    watching[k].1 = other;
                    k += 1;
                    if first == -1 {
                        self.scratch.reason.clear();
                        self.scratch.reason.extend_from_slice(&self.literals[range]);
                        consistent = false;
                        break;
                    } else if first == 0 {
                        self.assign(self.literals[start], Reason::Clause(index));
                    }
                }
            }
        }
        // (Nothing else is watched by `falsified` meanwhile: a clause moves to a literal not
        // false.)
        self.watches[falsified as usize] = watching;
        consistent
    }

    /// Puts in `out` the literals that, being false, made `v` take its value (by its reason).
    fn explain(&self, geometry: &Geometry, v: usize, out: &mut Vec<Literal>) {
        out.clear();
        match self.reasons[v] {
            Reason::Decision => {}
            Reason::Clause(index) => {
                let range = self.clauses[index as usize].range();
                out.extend(&self.literals[range.start + 1..range.end])
            }
            Reason::Excluded(w) => out.push(2 * w + 1),
            Reason::Last(g) => out.extend(
                (0..self.side)
                    .map(|i| self.member(geometry, g as usize, i))
                    .filter(|&w| w != v)
                    .map(|w| 2 * w as u32),
            ),
        }
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
        let level = self.decisions.len() as u32;
        learnt.clear();
        learnt.push(0);
        let (mut pending, mut index) = (0, self.trail.len());
        loop {
            for &literal in &scratch.reason {
                let v = (literal >> 1) as usize;
                if !self.seen[v] && self.levels[v] > 0 {
                    self.seen[v] = true;
                    self.bump_activity(v);
                    if self.levels[v] == level {
                        pending += 1;
                    } else {
                        learnt.push(literal);
                    }
                }
            }
            // The latest literal of the trail that the contradiction rests on.
            index -= 1;
            while !self.seen[(self.trail[index] >> 1) as usize] {
                index -= 1;
            }
            let v = (self.trail[index] >> 1) as usize;
            self.seen[v] = false;
            pending -= 1;
            if pending == 0 {
                learnt[0] = self.trail[index] ^ 1;
                break;
            }
            self.explain(geometry, v, &mut scratch.reason);
        }
        // A literal goes if the clause's other literals and the facts imply it; those kept
        // move to the front, in order.
        let levels = learnt[1..].iter().fold(0u32, |mask, &literal| {
            mask | 1 << (self.levels[(literal >> 1) as usize] & 31)
        });
        scratch.marked.clear();
        scratch.marked.extend_from_slice(&learnt);
        let (mut looked, mut kept) = (0, 1);
        for k in 1..learnt.len() {
            let literal = learnt[k];
            let v = (literal >> 1) as usize;
            if matches!(self.reasons[v], Reason::Decision)
                || !self.implied(geometry, v, levels, &mut scratch, &mut looked)
            {
                learnt[kept] = literal;
                kept += 1;
            }
        }
        learnt.truncate(kept);
        self.work += looked / LITERALS_PER_WORK;
        for &literal in &scratch.marked {
            self.seen[(literal >> 1) as usize] = false;
        }
        let mut back = 0;
        for k in 1..learnt.len() {
            let level = self.levels[(learnt[k] >> 1) as usize];
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
            self.explain(geometry, w, reason);
            *looked += reason.len() as u64;
            for &literal in reason.iter() {
                let u = (literal >> 1) as usize;
                if self.seen[u] || self.levels[u] == 0 {
                    continue;
                }
                let derived = !matches!(self.reasons[u], Reason::Decision);
                if derived && levels >> (self.levels[u] & 31) & 1 != 0 {
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

    /// Makes proposition `v` more active, as having just taken part in a contradiction.
    fn bump_activity(&mut self, v: usize) {
        self.activity[v] += self.bump;
        if self.activity[v] > 1e100 {
            self.activity.iter_mut().for_each(|a| *a *= 1e-100);
            self.bump *= 1e-100;
        }
        self.queue.raise(v as u32, &self.activity);
    }
    /// Takes back every assignment above decision level `level`.
    fn back_to(&mut self, geometry: &Geometry, level: u32) {
        if let Some(&start) = self.decisions.get(level as usize) {
            while self.trail.len() > start {
                let literal = self.trail.pop().unwrap_or_default();
                let v = (literal >> 1) as usize;
                if literal & 1 != 0 {
                    for (g, place) in self.groups(geometry, v) {
                        self.alive[g] |= 1 << place;
                    }
                } else if let Some(first) = self.in_reading_order {
                    // A cell that loses its digit is open again.
                    let index = self.open.binary_search(&(v >> 5)).unwrap_or(first);
                    self.in_reading_order = Some(first.min(index));
                }
                self.values[2 * v] = 0;
                self.values[2 * v + 1] = 0;
                self.phases[v] = literal & 1 == 0;
                self.queue.insert(v as u32, &self.activity);
            }
            self.decisions.truncate(level as usize);
            self.head = start;
        }
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
                if self.decisions.is_empty() {
                    self.exhausted = true;
                    continue;
                }
                if self.decisions.len() == self.assumed_levels() {
                    // The assumptions contradict what is known: no solution holds them.
                    self.back_to(geometry, 0);
                    return Some(None);
                }
                let back = self.analyze(geometry);
                let learnt = std::mem::take(&mut self.scratch.learnt);
                // How many decision levels the clause spans.
                let mut levels = std::mem::take(&mut self.scratch.levels);
                levels.clear();
                levels.extend(learnt.iter().map(|&l| self.levels[(l >> 1) as usize]));
                levels.sort_unstable();
                levels.dedup();
                let span = levels.len() as u32;
                self.scratch.levels = levels;
                self.restarts.contradiction(span);
                self.back_to(geometry, back);
                let first = learnt[0];
                let reason = match learnt.len() {
                    1 => Reason::Decision,
                    _ => Reason::Clause(self.add(&learnt, span)),
                };
                self.scratch.learnt = learnt;
                self.assign(first, reason);
                self.bump /= 0.95;
                continue;
            }
            if self.restarts.due() {
                self.back_to(geometry, self.assumed_levels() as u32);
            }
            if self.clauses.len() >= self.kept {
                self.forget();
            }
            if self.decisions.len() < self.assumed_levels() {
                self.decisions.push(self.trail.len());
                for k in 0..self.assumptions.len() {
                    let literal = self.assumptions[k];
                    match self.value(literal) {
                        -1 => {
                            self.back_to(geometry, 0);
                            return Some(None);
                        }
                        0 => self.assign(literal, Reason::Decision),
                        _ => {}
                    }
                }
                continue;
            }
            let v = match self.in_reading_order {
                Some(from) => self.next_in_reading_order(from),
                None => loop {
                    match self.queue.pop(&self.activity) {
                        Some(v) if self.values[2 * v as usize] != 0 => {}
                        next => break next,
                    }
                },
            };
            if v.is_some() && self.owed == 0 {
                let worth = Tuning::of(geometry.n).work_per_guess;
                self.owed = ((self.work - self.work_at_decision) / worth).max(1);
                self.work_at_decision = self.work;
            }
            let v = match v {
                Some(v) if *budget < self.owed => {
                    self.queue.insert(v, &self.activity);
                    self.owed -= *budget;
                    *budget = 0;
                    return None;
                }
                Some(v) => v,
                None => {
                    let digit =
                        |cell: usize| (0..32).find(|&d| self.values[2 * (cell << 5 | d)] == 1);
                    let digits = (0..self.cells).map(|cell| digit(cell).map_or(0, |d| d as u8 + 1));
                    return Some(Some(digits.collect()));
                }
            };
            *budget -= std::mem::take(&mut self.owed);
            self.decisions.push(self.trail.len());
            let truth = self.in_reading_order.is_some() || self.phases[v as usize];
            self.assign(2 * v + u32::from(!truth), Reason::Decision);
        }
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
        if self.in_reading_order.is_none() {
            self.activity = initial_activity(geometry, position, self.order);
            self.queue = Heap::new(geometry.cells << 5, geometry.side, &self.activity);
            self.bump = 1.0;
        }
        self.assumptions.clear();
        for (cell, &mask) in position.candidates().iter().enumerate() {
            for d in (0..self.side).filter(|&d| mask >> d & 1 == 0) {
                let literal = 2 * (cell << 5 | d) as Literal + 1;
                if self.value(literal) != 1 {
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
        let literals: Vec<Literal> = self
            .open
            .iter()
            .map(|&cell| 2 * (cell << 5 | usize::from(digits[cell] - 1)) as u32 + 1)
            .filter(|&literal| self.value(literal) != -1)
            .collect();
        match literals.len() {
            0 => self.exhausted = true,
            1 => self.assign(literals[0], Reason::Decision),
            _ => {
                self.add(&literals, 0);
            }
        }
    }

    /// Forgets the learnt clauses that spanned the most levels (of those no assignment rests
    /// on, about half), and keeps a tenth more before it forgets again.
    fn forget(&mut self) {
        let mut in_use = vec![false; self.clauses.len()];
        for &literal in &self.trail {
            if let Reason::Clause(index) = self.reasons[(literal >> 1) as usize] {
                in_use[index as usize] = true;
            }
        }
        let mut spans: Vec<u32> = (self.clauses.iter().zip(&in_use))
            .filter(|&(clause, &used)| clause.span > 0 && !used)
            .map(|(clause, _)| clause.span)
            .collect();
        spans.sort_unstable();
        self.kept += self.kept / 10;
        let cut = match spans.get(spans.len() / 2) {
            Some(&median) => median.max(3),
            None => return,
        };
        let mut renumbered = vec![0; self.clauses.len()];
        let clauses = std::mem::take(&mut self.clauses);
        let literals = std::mem::take(&mut self.literals);
        self.watches.iter_mut().for_each(Vec::clear);
        for (index, clause) in clauses.into_iter().enumerate() {
            if clause.span < cut || in_use[index] {
                renumbered[index] = self.add(&literals[clause.range()], clause.span);
            }
        }
        for &literal in &self.trail {
            if let Reason::Clause(index) = &mut self.reasons[(literal >> 1) as usize] {
                *index = renumbered[*index as usize];
            }
        }
    }
}

/// Propositions by activity, the most active on top.
struct Heap {
    items: Vec<u32>,
    /// Per proposition, its index in `items`, or `u32::MAX` if absent.
    at: Vec<u32>,
}

impl Heap {
    /// The propositions below `count` whose digit part is below `side`, by `activity`.
    fn new(count: usize, side: usize, activity: &[f64]) -> Heap {
        let mut items: Vec<u32> = (0..count as u32)
            .filter(|&v| (v & 31) < side as u32)
            .collect();
        // Sorted, the most active first, the items are a heap.
        items.sort_by(|&a, &b| activity[b as usize].total_cmp(&activity[a as usize]));
        let mut at = vec![u32::MAX; count];
        for (k, &v) in items.iter().enumerate() {
            at[v as usize] = k as u32;
        }
        Heap { items, at }
    }

    /// Moves the item at `k` up or down to where its activity puts it.
    fn place(&mut self, mut k: usize, activity: &[f64]) {
        let key = |heap: &Heap, k: usize| activity[heap.items[k] as usize];
        while k > 0 && key(self, (k - 1) / 2) < key(self, k) {
            self.swap(k, (k - 1) / 2);
            k = (k - 1) / 2;
        }
        loop {
            let mut best = k;
            for child in [2 * k + 1, 2 * k + 2] {
                if child < self.items.len() && key(self, child) > key(self, best) {
                    best = child;
                }
            }
            if best == k {
                return;
            }
            self.swap(k, best);
            k = best;
        }
    }

    fn swap(&mut self, a: usize, b: usize) {
        self.items.swap(a, b);
        self.at[self.items[a] as usize] = a as u32;
        self.at[self.items[b] as usize] = b as u32;
    }

    /// Adds `v` if absent.
    fn insert(&mut self, v: u32, activity: &[f64]) {
        if self.at[v as usize] == u32::MAX {
            self.at[v as usize] = self.items.len() as u32;
            self.items.push(v);
            self.place(self.items.len() - 1, activity);
        }
    }

    /// Moves `v`, if present, to where its activity (which only grows) now puts it.
    fn raise(&mut self, v: u32, activity: &[f64]) {
        let k = self.at[v as usize];
        if k != u32::MAX {
            self.place(k as usize, activity);
        }
    }

    /// Takes out the most active proposition.
    fn pop(&mut self, activity: &[f64]) -> Option<u32> {
        let top = *self.items.first()?;
        let last = self.items.len() - 1;
        self.swap(0, last);
        self.items.pop();
        self.at[top as usize] = u32::MAX;
        if !self.items.is_empty() {
            self.place(0, activity);
        }
        Some(top)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Rng;

    #[test]
    fn the_queue_gives_the_most_active_proposition_first() {
        let mut rng = Rng::new(0x4EA9);
        let (count, side) = (8 << 5, 9);
        let mut activity: Vec<f64> = (0..count).map(|_| rng.below(1000) as f64).collect();
        let mut queue = Heap::new(count, side, &activity);
        // Some grow, as contradictions bump them, and some are taken out and put back.
        for _ in 0..50 {
            let v = rng.below(count) & !31 | rng.below(side);
            activity[v] += 500.0;
            queue.raise(v as u32, &activity);
        }
        let taken: Vec<u32> = (0..20).filter_map(|_| queue.pop(&activity)).collect();
        for &v in &taken {
            queue.insert(v, &activity);
        }
        let mut order = Vec::new();
        while let Some(v) = queue.pop(&activity) {
            order.push(activity[v as usize]);
        }
        assert_eq!(order.len(), 8 * side);
        assert!(order.windows(2).all(|pair| pair[0] >= pair[1]));
    }
}
