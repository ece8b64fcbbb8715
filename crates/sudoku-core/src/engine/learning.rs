//! A search of 9x9 boards that learns from its contradictions, as SAT solvers do
//! (conflict-driven clause learning), over the 729 propositions "cell `c` holds digit `d`".
//!
//! Each of the 324 groups (a cell's nine digits, and each digit's nine places in a row, column
//! or box) has exactly one true proposition: at least one is a clause, at most one is drawn at
//! once (a true proposition makes the rest of its four groups false). A contradiction is traced
//! back through the deductions that led to it to the first point where one deduction of the
//! last decision explains it all, and the clause ruling that point out is kept, so the search
//! never meets that contradiction again. Decisions go to the propositions of the most recent
//! contradictions (before any, to the likeliest: a digit with few places in a cell with few
//! candidates), false at first, then with the truth each last had; the search restarts on
//! Luby's runs, keeping its clauses.
//!
//! Every other strategy searches with the board's own propagation, and they fail together on
//! the boards whose contradiction that propagation does not see: they rediscover it in branch
//! after branch, for thousands of guesses. This search learns it once. It reasons more slowly
//! a step, and needs hundreds of thousands of steps where a board's trouble lies deep in one
//! region rather than spread over it, so it is one of the portfolio's strategies rather than
//! the engine (the family engine runs a general search of this kind for the same reason).

use super::board::Board;
use crate::activity::Ranking;
use crate::clauses::{self, Assignments, Clauses, Groups, Literal, Reason};
use crate::grid::Grid;
use crate::pacing::Pacing;
use crate::restarts::Restarts;

/// The propositions: nine digits for each of the 81 cells.
const PROPOSITIONS: usize = 729;

/// The groups of nine propositions of which exactly one holds: each cell's digits (groups 0
/// to 80), then each digit's places in each row (81 + 9 r + d), column (162 + 9 c + d) and
/// box (243 + 9 b + d), for digit `d + 1`.
const GROUPS: usize = 324;

/// The cell at place `i` of unit `unit` of `kind` (0 rows, 1 columns, 2 boxes).
const fn cell_of(kind: usize, unit: usize, i: usize) -> usize {
    match kind {
        0 => 9 * unit + i,
        1 => 9 * i + unit,
        _ => 27 * (unit / 3) + 3 * (unit % 3) + 9 * (i / 3) + i % 3,
    }
}

/// Per group, its nine propositions in place order.
static MEMBERS: [[u16; 9]; GROUPS] = members();

const fn members() -> [[u16; 9]; GROUPS] {
    let mut members = [[0; 9]; GROUPS];
    let mut g = 0;
    while g < GROUPS {
        let mut i = 0;
        while i < 9 {
            members[g][i] = if g < 81 {
                9 * g + i
            } else {
                let k = g - 81;
                9 * cell_of(k / 81, k % 81 / 9, i) + k % 9
            } as u16;
            i += 1;
        }
        g += 1;
    }
    members
}

/// Per proposition, its four groups, each with the proposition's place in it.
static GROUPS_OF: [[(u16, u8); 4]; PROPOSITIONS] = groups_of();

const fn groups_of() -> [[(u16, u8); 4]; PROPOSITIONS] {
    let mut groups = [[(0, 0); 4]; PROPOSITIONS];
    let mut v = 0;
    while v < PROPOSITIONS {
        let (cell, d) = (v / 9, v % 9);
        let (r, c) = (cell / 9, cell % 9);
        let b = 3 * (r / 3) + c / 3;
        groups[v] = [
            (cell as u16, d as u8),
            ((81 + 9 * r + d) as u16, c as u8),
            ((162 + 9 * c + d) as u16, r as u8),
            ((243 + 9 * b + d) as u16, (3 * (r % 3) + c % 3) as u8),
        ];
        v += 1;
    }
    groups
}

/// The groups of the 9x9 board, as [`MEMBERS`] and [`GROUPS_OF`] lay them out. Proposition `v`
/// is "cell `v / 9` holds digit `v % 9 + 1`".
struct NineGroups;

impl Groups for NineGroups {
    fn side(&self) -> usize {
        9
    }

    fn groups_of(&self, v: usize) -> [(usize, usize); 4] {
        GROUPS_OF[v].map(|(g, place)| (usize::from(g), usize::from(place)))
    }

    fn member(&self, g: usize, i: usize) -> usize {
        usize::from(MEMBERS[g][i])
    }
}

/// The work a guess of the other strategies is worth in time, in the units of
/// [`Assignments::work`] (where looking at one watched clause is one): each decision costs the
/// guesses the work since the one before is worth, at least one, so that the portfolio's
/// budgets share time fairly. Measured on the 30 regression boards dearest to a first solution:
/// 143 ns a guess of this search alone (4,111 guesses), 154 ns a guess of the weighted rule
/// alone (72,820); with 64, a guess took 2.8 times the weighted rule's.
const WORK_PER_GUESS: u64 = 24;

/// The contradictions of the shortest run between restarts (Luby's unit): the family engine's
/// learning search from the likeliest restarts so up to 16x16. Not tuned here.
const RESTART_UNIT: u64 = 32;

/// The learnt clauses kept before the first forgetting. The boards the portfolio needs this
/// search for take it a few hundred contradictions; it matters alone, where it bounds the memory
/// of a search of millions. Not tuned.
const FIRST_KEPT: usize = 1024;

/// The scale of the activities propositions start with, below a contradiction's first bump of 1.
const INITIAL_ACTIVITY: f64 = 1e-3;

/// A learning search of one board, kept between runs, so that a run stopped for its budget goes
/// on later.
pub(super) struct Learning {
    assignments: Assignments,
    /// Per group, its members not yet false (bit `i` for place `i`).
    alive: [u32; GROUPS],
    clauses: Clauses,
    ranking: Ranking,
    /// Per proposition, the truth its next decision gives it.
    phases: Vec<bool>,
    seen: Vec<bool>,
    restarts: Restarts,
    /// Whether every solution has been found (or excluded).
    exhausted: bool,
    /// What its decisions cost in guesses (see [`WORK_PER_GUESS`]).
    pacing: Pacing,
    /// The literals of the clause a contradiction falsified (or of a reason being read).
    conflict: Vec<Literal>,
    /// The clause being learnt, and the decision levels of its literals.
    learnt: Vec<Literal>,
    levels: Vec<u32>,
}

impl Learning {
    /// A search from `board`, whose candidates are its facts.
    pub(super) fn new(board: &Board) -> Learning {
        let mut assignments = Assignments::new(PROPOSITIONS);
        for cell in 0..81 {
            let mask = board.candidates(cell / 27, cell % 27);
            for d in 0..9 {
                let v = (9 * cell + d) as Literal;
                if mask >> d & 1 == 0 {
                    assignments.assign(2 * v + 1, Reason::Decision);
                } else if mask.count_ones() == 1 {
                    assignments.assign(2 * v, Reason::Decision);
                }
            }
        }
        let mut clauses = Clauses::new(PROPOSITIONS, FIRST_KEPT);
        let (mut alive, mut conflict) = ([0x1FF; GROUPS], Vec::new());
        let exhausted = !clauses::propagate(
            &NineGroups,
            &mut assignments,
            &mut clauses,
            &mut alive,
            &mut conflict,
        );
        // The likeliest first: a digit with few places left in a cell with few candidates.
        let mut activity = vec![0.0; PROPOSITIONS];
        let unassigned: Vec<usize> = (0..PROPOSITIONS)
            .filter(|&v| assignments.value(2 * v as Literal) == 0)
            .collect();
        for &v in &unassigned {
            let [cell, row, column, in_box] = GROUPS_OF[v].map(|(g, _)| alive[g as usize]);
            let places = row
                .count_ones()
                .min(column.count_ones())
                .min(in_box.count_ones());
            activity[v] = INITIAL_ACTIVITY / f64::from(cell.count_ones() * places);
        }
        let propositions = unassigned.into_iter().map(|v| v as u32);
        Learning {
            assignments,
            alive,
            clauses,
            ranking: Ranking::new(activity, propositions),
            phases: vec![false; PROPOSITIONS],
            seen: vec![false; PROPOSITIONS],
            restarts: Restarts::luby(RESTART_UNIT),
            exhausted,
            pacing: Pacing::new(WORK_PER_GUESS),
            conflict,
            learnt: Vec::new(),
            levels: Vec::new(),
        }
    }

    /// Goes on until it finds a solution (`Some(None)` if none is left) or its decisions have
    /// cost `budget` guesses (`None`; it can run again). A decision costs the guesses the work
    /// since the one before is worth (see [`WORK_PER_GUESS`]), at least one.
    pub(super) fn run(&mut self, budget: &mut u64) -> Option<Option<Grid>> {
        loop {
            if self.exhausted {
                return Some(None);
            }
            let consistent = clauses::propagate(
                &NineGroups,
                &mut self.assignments,
                &mut self.clauses,
                &mut self.alive,
                &mut self.conflict,
            );
            if !consistent {
                if self.assignments.level() == 0 {
                    self.exhausted = true;
                } else {
                    self.learn();
                }
                continue;
            }
            if self.restarts.due() {
                self.back_to(0);
            }
            self.clauses.forget_if_full(&mut self.assignments);
            let next = self
                .pacing
                .unpaid()
                .or_else(|| clauses::most_active_open(&mut self.ranking, &self.assignments));
            let v = match next {
                Some(v) => v,
                None => return Some(Some(self.solution())),
            };
            if !self.pacing.pay(v, self.assignments.work, budget) {
                return None;
            }
            let truth = self.phases[v as usize];
            self.assignments.decide(2 * v + u32::from(!truth));
        }
    }

    /// Rules out `solution` (the last one found), so that the next run finds another.
    pub(super) fn exclude(&mut self, solution: &Grid) {
        self.back_to(0);
        self.pacing.choose_afresh(&mut self.ranking);
        let other_digit =
            |cell: usize| (2 * (9 * cell + usize::from(solution.get(cell)) - 1) + 1) as Literal;
        let open = self
            .clauses
            .require(&mut self.assignments, (0..81).map(other_digit));
        self.exhausted |= !open;
    }

    /// The board its assignments fill, every proposition having a value.
    fn solution(&self) -> Grid {
        let mut grid = Grid::EMPTY;
        for cell in 0..81 {
            let holds = |d: usize| self.assignments.value(2 * (9 * cell + d) as Literal) == 1;
            if let Some(d) = (0..9).find(|&d| holds(d)) {
                grid.set(cell, d as u8 + 1);
            }
        }
        grid
    }

    /// Learns from the contradiction in `conflict` the clause ruling out the first point where
    /// one deduction of the last decision's level explains it all, backs up to the latest level
    /// of the clause's other literals, where it implies its first, and makes that true.
    fn learn(&mut self) {
        let (assignments, clauses) = (&self.assignments, &self.clauses);
        let read = clauses::first_point(
            assignments,
            &mut self.ranking,
            &mut self.seen,
            &mut self.conflict,
            &mut self.learnt,
            |v, out| clauses::explain(&NineGroups, assignments, clauses, v, out),
        );
        self.assignments.work += read;
        let mut clause = std::mem::take(&mut self.learnt);
        let mut back = 0;
        for k in 1..clause.len() {
            let v = (clause[k] >> 1) as usize;
            self.seen[v] = false;
            let level = self.assignments.level_of(v);
            if level > back {
                back = level;
                clause.swap(1, k);
            }
        }
        let span = clauses::span(&self.assignments, &clause, &mut self.levels);
        self.restarts.contradiction(span);
        self.back_to(back);
        self.clauses.assert(&mut self.assignments, &clause, span);
        self.learnt = clause;
        self.ranking.decay();
    }

    /// Takes back every assignment above decision level `level`.
    fn back_to(&mut self, level: u32) {
        clauses::back_to(
            &NineGroups,
            &mut self.assignments,
            &mut self.alive,
            &mut self.phases,
            &mut self.ranking,
            level,
            |_| {},
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_proposition_is_its_groups_member_at_its_place() {
        let mut memberships = vec![0; PROPOSITIONS];
        for members in MEMBERS.iter() {
            for &v in members {
                memberships[usize::from(v)] += 1;
            }
        }
        assert!(memberships.iter().all(|&count| count == 4));
        for (v, groups) in GROUPS_OF.iter().enumerate() {
            for &(g, place) in groups {
                assert_eq!(usize::from(MEMBERS[usize::from(g)][usize::from(place)]), v);
            }
            // A cell's digit, then the same digit in three units of the same cell.
            assert_eq!(usize::from(groups[0].0), v / 9);
            assert!(groups[1..]
                .iter()
                .all(|&(g, _)| (usize::from(g) - 81) % 9 == v % 9));
        }
    }

    #[test]
    fn a_search_split_into_turns_goes_as_in_one_run() {
        // A board that takes the search some hundred guesses, each decision paid over turns
        // of one guess.
        let text =
            "2.....79..1...8..6.5.6....4....6..7...79..6...8...........5.9.....3...6.8........";
        let board = Board::new(&crate::judge::board_text::parse_line(text).unwrap()).unwrap();
        let mut whole = Learning::new(&board);
        let mut budget = u64::MAX;
        let in_one = whole.run(&mut budget).unwrap();
        let mut split = Learning::new(&board);
        let (mut turns, mut spent) = (0, 0);
        let in_turns = loop {
            let mut turn = 1;
            let found = split.run(&mut turn);
            spent += 1 - turn;
            turns += 1;
            if let Some(found) = found {
                break found;
            }
        };
        assert!(turns > 100, "{} turns", turns);
        assert_eq!(spent, u64::MAX - budget);
        assert_eq!(in_turns, in_one);
        assert!(in_one
            .unwrap()
            .solves(&crate::judge::board_text::parse_line(text).unwrap()));
    }

    #[test]
    fn excluding_each_solution_found_counts_them_all() {
        // A solved board whose rows 1 and 4 start 1 2 and 2 1: with those four cells blank, the
        // two digits can go either way, and only so.
        let text =
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
        let mut puzzle = crate::judge::board_text::parse_line(text).unwrap();
        for cell in [0, 1, 27, 28] {
            puzzle.set(cell, 0);
        }
        let mut learning = Learning::new(&Board::new(&puzzle).unwrap());
        let mut found = Vec::new();
        // (Three at most, should it fail to exclude them.)
        while let Some(solution) = learning.run(&mut u64::MAX.clone()).unwrap() {
            assert!(solution.solves(&puzzle));
            learning.exclude(&solution);
            found.push(solution);
            if found.len() == 3 {
                break;
            }
        }
        assert_eq!(found.len(), 2);
        assert_ne!(found[0], found[1]);
    }
}
