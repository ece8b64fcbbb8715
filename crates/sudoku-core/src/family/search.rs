//! The search over boards of `n x n` boxes. Each cell keeps its candidates as a mask (bit `d - 1`
//! for digit `d`, the crate's convention), narrowed by naked and hidden singles and by locked
//! candidates: a digit that inside a box can only go in one of its rows or columns leaves the
//! rest of that line, and one that inside a line can only go in one box leaves the rest of that
//! box. Propagation only removes what no solution uses, so a search in reading order that tries
//! digits in increasing order meets solutions in lexicographic order.

use std::ops::ControlFlow;

use super::geometry::Geometry;

/// What a search branches on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Branching {
    /// An open cell with the fewest candidates.
    FewestCandidates,
    /// The places of a digit in the unit where it has the fewest, where that is fewer than any
    /// cell's candidates; otherwise as [`Branching::FewestCandidates`].
    FewestPlaces,
    /// The first open cell in reading order.
    ReadingOrder,
    /// As [`Branching::FewestCandidates`], after removing at each position of the first
    /// [`PROBE_DEPTH`] levels every candidate whose placement propagation refutes; each probe
    /// counts as a guess.
    Probing,
}

/// The levels of a [`Branching::Probing`] search that probe.
const PROBE_DEPTH: u32 = 3;

/// A search position: each cell's candidates (a placed cell keeps only its digit) and digit
/// (0 while open), and the units whose cells changed since the hidden-single rule and since the
/// locked-candidate rules last looked at them (bit `u` for unit `u`).
#[derive(Clone)]
pub(super) struct Position {
    candidates: Vec<u32>,
    digits: Vec<u8>,
    open: usize,
    unchecked_for_singles: u128,
    unchecked_for_locks: u128,
}

/// Why a search stopped before exhausting its tree.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Stop {
    /// The visitor asked to stop.
    Visitor,
    /// The guess budget ran out.
    Budget,
}

impl Position {
    /// The position after placing the digits of `cells` (0 for a blank) and propagating; `None`
    /// if they already rule out every solution.
    pub(super) fn new(geometry: &Geometry, cells: &[u8]) -> Option<Position> {
        let all = all_digits(geometry.side);
        let every_unit = u128::MAX >> (128 - geometry.units.len());
        let mut position = Position {
            candidates: vec![all; geometry.cells],
            digits: vec![0; geometry.cells],
            open: geometry.cells,
            unchecked_for_singles: every_unit,
            unchecked_for_locks: every_unit,
        };
        let mut pending = Vec::new();
        for (cell, &digit) in cells.iter().enumerate() {
            if digit != 0 && !position.place(geometry, cell, 1 << (digit - 1), &mut pending) {
                return None;
            }
        }
        if position.propagate(geometry, &mut pending) {
            Some(position)
        } else {
            None
        }
    }

    /// The digits of the board, 0 for an open cell.
    pub(super) fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Puts the digit `bit` in the open `cell` and takes it from the cell's peers, noting in
    /// `pending` the peers left with one candidate. `false` on a contradiction.
    fn place(
        &mut self,
        geometry: &Geometry,
        cell: usize,
        bit: u32,
        pending: &mut Vec<usize>,
    ) -> bool {
        if self.candidates[cell] & bit == 0 || self.digits[cell] != 0 {
            return false;
        }
        self.candidates[cell] = bit;
        self.digits[cell] = bit.trailing_zeros() as u8 + 1;
        self.open -= 1;
        self.changed(geometry, cell);
        geometry.peers[cell]
            .iter()
            .all(|&peer| self.remove(geometry, peer, bit, pending))
    }

    /// Takes the digits `bits` from `cell`'s candidates, noting it in `pending` if it is open
    /// and left with one. `false` if it is left with none.
    fn remove(
        &mut self,
        geometry: &Geometry,
        cell: usize,
        bits: u32,
        pending: &mut Vec<usize>,
    ) -> bool {
        let old = self.candidates[cell];
        if old & bits == 0 {
            return true;
        }
        let new = old & !bits;
        self.candidates[cell] = new;
        self.changed(geometry, cell);
        if new & new.wrapping_sub(1) == 0 && self.digits[cell] == 0 {
            pending.push(cell);
        }
        new != 0
    }

    /// Notes that `cell`'s candidates changed: its units need looking at again.
    fn changed(&mut self, geometry: &Geometry, cell: usize) {
        let [row, column, in_box] = geometry.units_of[cell];
        let units = 1 << row | 1 << column | 1 << in_box;
        self.unchecked_for_singles |= units;
        self.unchecked_for_locks |= units;
    }

    /// Narrows the position until no rule applies, placing the `pending` cells first. `false`
    /// on a contradiction.
    fn propagate(&mut self, geometry: &Geometry, pending: &mut Vec<usize>) -> bool {
        let all = all_digits(geometry.side);
        loop {
            while let Some(cell) = pending.pop() {
                let bit = self.candidates[cell];
                if self.digits[cell] == 0 && !self.place(geometry, cell, bit, pending) {
                    pending.clear();
                    return false;
                }
            }
            if self.open == 0 {
                return true;
            }
            match self.place_hidden_singles(geometry, all, pending) {
                None => {
                    pending.clear();
                    return false;
                }
                Some(true) => continue,
                Some(false) => {}
            }
            match self.lock_candidates(geometry, pending) {
                None => {
                    pending.clear();
                    return false;
                }
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// Places every digit left with one place in a unit; `None` if a unit has no place left
    /// for a digit or a placement fails, otherwise whether anything was placed.
    fn place_hidden_singles(
        &mut self,
        geometry: &Geometry,
        all: u32,
        pending: &mut Vec<usize>,
    ) -> Option<bool> {
        let mut placed = false;
        let mut unchecked = std::mem::take(&mut self.unchecked_for_singles);
        while unchecked != 0 {
            let unit = &geometry.units[unchecked.trailing_zeros() as usize];
            unchecked &= unchecked - 1;
            let (mut once, mut twice) = (0, 0);
            for &cell in unit {
                let candidates = self.candidates[cell];
                twice |= once & candidates;
                once |= candidates;
            }
            if once != all {
                return None;
            }
            let mut hidden = once & !twice;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                // An earlier placement in this unit may have taken the digit's place.
                let cell = *unit
                    .iter()
                    .find(|&&cell| self.candidates[cell] & bit != 0)?;
                if self.digits[cell] == 0 {
                    if !self.place(geometry, cell, bit, pending) {
                        return None;
                    }
                    placed = true;
                }
            }
        }
        Some(placed)
    }

    /// Applies the locked-candidates rules to every row and column of every box; `None` on a
    /// contradiction, otherwise whether any candidate was removed.
    fn lock_candidates(&mut self, geometry: &Geometry, pending: &mut Vec<usize>) -> Option<bool> {
        let mut removed = false;
        let unchecked = std::mem::take(&mut self.unchecked_for_locks);
        for segment in &geometry.segments {
            if (unchecked >> segment.line_unit | unchecked >> segment.box_unit) & 1 == 0 {
                continue;
            }
            let union = |cells: &[usize]| cells.iter().fold(0, |m, &c| m | self.candidates[c]);
            let (inside, line, rest_of_box) = (
                union(&segment.cells),
                union(&segment.line_rest),
                union(&segment.box_rest),
            );
            let (pointing, claiming) = (inside & !rest_of_box & line, inside & !line & rest_of_box);
            for (cells, bits) in [
                (&segment.line_rest, pointing),
                (&segment.box_rest, claiming),
            ] {
                if bits != 0 {
                    removed = true;
                    for &cell in cells {
                        if !self.remove(geometry, cell, bits, pending) {
                            return None;
                        }
                    }
                }
            }
        }
        Some(removed)
    }

    /// Removes every candidate whose placement propagation refutes, until none is left to
    /// remove, each probe spending one guess of `budget`. `Some(false)` if that leaves no
    /// solution; `None` if the budget runs out.
    fn probe(
        &mut self,
        geometry: &Geometry,
        budget: &mut u64,
        pending: &mut Vec<usize>,
    ) -> Option<bool> {
        loop {
            let mut removed = false;
            for cell in 0..geometry.cells {
                if self.digits[cell] != 0 {
                    continue;
                }
                let mut left = self.candidates[cell];
                while left != 0 {
                    let bit = left & left.wrapping_neg();
                    left &= left - 1;
                    if *budget == 0 {
                        return None;
                    }
                    *budget -= 1;
                    let mut child = self.clone();
                    if child.place(geometry, cell, bit, pending)
                        && child.propagate(geometry, pending)
                    {
                        continue;
                    }
                    pending.clear();
                    if !(self.remove(geometry, cell, bit, pending)
                        && self.propagate(geometry, pending))
                    {
                        pending.clear();
                        return Some(false);
                    }
                    removed = true;
                    if self.digits[cell] != 0 {
                        break;
                    }
                    left &= self.candidates[cell];
                }
            }
            if !removed || self.open == 0 {
                return Some(true);
            }
        }
    }

    /// What to branch on: a cell and its candidates, or a digit and its places in one unit;
    /// `None` if the board is full.
    fn branch(&self, geometry: &Geometry, branching: Branching) -> Option<(u32, Vec<usize>)> {
        if self.open == 0 {
            return None;
        }
        let open = || (0..geometry.cells).filter(move |&cell| self.digits[cell] == 0);
        let cell = if branching == Branching::ReadingOrder {
            open().next()?
        } else {
            let fewest = open()
                .min_by_key(|&cell| self.candidates[cell].count_ones())
                .expect("an open cell");
            let count = self.candidates[fewest].count_ones() as usize;
            if branching == Branching::FewestPlaces && count > 2 {
                if let Some(places) = self.fewest_places(geometry, count) {
                    return Some(places);
                }
            }
            fewest
        };
        Some((self.candidates[cell], vec![cell]))
    }

    /// A digit (as its bit) and its open places in the unit where it has the fewest, if that is
    /// fewer than `than`.
    fn fewest_places(&self, geometry: &Geometry, than: usize) -> Option<(u32, Vec<usize>)> {
        let mut best: Option<(u32, Vec<usize>)> = None;
        let mut fewest = than;
        for unit in &geometry.units {
            for d in 0..geometry.side {
                let bit = 1 << d;
                let places: Vec<usize> = unit
                    .iter()
                    .copied()
                    .filter(|&cell| self.digits[cell] == 0 && self.candidates[cell] & bit != 0)
                    .collect();
                if !places.is_empty() && places.len() < fewest {
                    fewest = places.len();
                    best = Some((bit, places));
                }
            }
        }
        best
    }
}

/// Every digit of a board of `side` digits.
fn all_digits(side: usize) -> u32 {
    u32::MAX >> (32 - side)
}

/// Visits the solutions reachable from `position`, branching as `branching` says and trying
/// digits and places in increasing order, until `visit` breaks or `budget` guesses have been
/// made. With [`Branching::ReadingOrder`] solutions come in lexicographic order.
pub(super) fn search<F>(
    geometry: &Geometry,
    position: Position,
    branching: Branching,
    budget: &mut u64,
    visit: &mut F,
) -> ControlFlow<Stop>
where
    F: FnMut(&Position) -> ControlFlow<()>,
{
    Walk {
        geometry,
        branching,
        budget,
        visit,
        pending: Vec::new(),
    }
    .below(position, 0)
}

/// What stays the same throughout one [`search`].
struct Walk<'a, F> {
    geometry: &'a Geometry,
    branching: Branching,
    budget: &'a mut u64,
    visit: &'a mut F,
    pending: Vec<usize>,
}

impl<F> Walk<'_, F>
where
    F: FnMut(&Position) -> ControlFlow<()>,
{
    fn below(&mut self, mut position: Position, depth: u32) -> ControlFlow<Stop> {
        if self.branching == Branching::Probing && depth < PROBE_DEPTH {
            match position.probe(self.geometry, self.budget, &mut self.pending) {
                None => return ControlFlow::Break(Stop::Budget),
                Some(false) => return ControlFlow::Continue(()),
                Some(true) => {}
            }
        }
        let (bits, cells) = match position.branch(self.geometry, self.branching) {
            None => {
                return match (self.visit)(&position) {
                    ControlFlow::Continue(()) => ControlFlow::Continue(()),
                    ControlFlow::Break(()) => ControlFlow::Break(Stop::Visitor),
                }
            }
            Some(branch) => branch,
        };
        // One cell and each of its digits, or one digit and each of its places.
        let guesses: Vec<(usize, u32)> = if cells.len() == 1 {
            (0..32)
                .filter(|d| bits >> d & 1 != 0)
                .map(|d| (cells[0], 1 << d))
                .collect()
        } else {
            cells.iter().map(|&cell| (cell, bits)).collect()
        };
        for (cell, bit) in guesses {
            if *self.budget == 0 {
                return ControlFlow::Break(Stop::Budget);
            }
            *self.budget -= 1;
            let mut child = position.clone();
            if child.place(self.geometry, cell, bit, &mut self.pending)
                && child.propagate(self.geometry, &mut self.pending)
            {
                self.below(child, depth + 1)?;
            } else {
                self.pending.clear();
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Rng;

    /// The solutions `branching` finds from `cells` (boxes of `n`), up to `limit`, each checked
    /// to keep the givens.
    fn solutions(n: usize, cells: &[u8], branching: Branching, limit: usize) -> Vec<Vec<u8>> {
        let geometry = Geometry::new(n);
        let start = match Position::new(&geometry, cells) {
            Some(start) => start,
            None => return Vec::new(),
        };
        let mut found = Vec::new();
        let mut budget = u64::MAX;
        let _ = search(&geometry, start, branching, &mut budget, &mut |solved| {
            let digits = solved.digits().to_vec();
            assert!(cells.iter().zip(&digits).all(|(&g, &d)| g == 0 || g == d));
            found.push(digits);
            if found.len() < limit {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        });
        found
    }

    #[test]
    fn every_branching_rule_finds_the_same_solutions() {
        let mut rng = Rng::new(0x0F_A111);
        for round in 0..40 {
            let n = 2 + round % 3;
            let side = n * n;
            // A full board from the shifted pattern, relabelled, then blanked at random.
            let mut digits: Vec<u8> = (1..=side as u8).collect();
            rng.shuffle(&mut digits);
            let mut cells: Vec<u8> = (0..side * side)
                .map(|cell| {
                    let (r, c) = (cell / side, cell % side);
                    digits[(r * n + r / n + c) % side]
                })
                .collect();
            let blanks = side * side * (40 + rng.below(40)) / 100;
            let mut order: Vec<usize> = (0..cells.len()).collect();
            rng.shuffle(&mut order);
            for &cell in &order[..blanks] {
                cells[cell] = 0;
            }
            if round % 4 == 3 {
                cells[order[0]] = 1 + rng.below(side) as u8;
            }
            let mut expected = solutions(n, &cells, Branching::FewestCandidates, 20);
            expected.sort();
            for branching in [
                Branching::FewestPlaces,
                Branching::ReadingOrder,
                Branching::Probing,
            ] {
                let mut found = solutions(n, &cells, branching, 20);
                found.sort();
                if expected.len() < 20 {
                    assert_eq!(found, expected, "round {} {:?}", round, branching);
                } else {
                    assert_eq!(found.len(), 20, "round {} {:?}", round, branching);
                }
            }
        }
    }
}
