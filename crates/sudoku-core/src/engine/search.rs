//! The depth-first search over 9x9 positions, and the branching rules it can follow.
//!
//! A search that branches on the first open cell in reading order and tries digits in
//! increasing order meets solutions in lexicographic order, since propagation never removes a
//! solution.
//!
//! Two branching rules reason harder than the plain ones, at every position: the triad rules
//! (what a row or column of three cells inside a box can hold, the reasoning tdoku is built on;
//! see [`Board::settle_triads`]). [`Branching::Crossings`] then branches, as tdoku does, on how
//! one digit crosses a band or stack rather than on a cell; [`Branching::Probing`] also removes,
//! at its first few levels, every candidate whose placement propagation refutes. Both cost
//! several plain guesses a position, which ordinary boards never repay, but each answers at once
//! boards that stall the plain rules: boards whose first guesses lead into a subtree with no
//! solution whose contradiction plain propagation cannot see, so that a plain search explores
//! every way of filling the rest of the board before it returns to the cells that matter. Each
//! rule has boards of its own that stall it and that another rule answers in a few guesses, so
//! the portfolio in [`super::solve`] runs them all, the fast one first.

use std::ops::ControlFlow;

use super::board::{Board, Move};
use super::layout::*;

/// What a search branches on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Branching {
    /// An open cell with the fewest candidates: when there are two-candidate cells, the first
    /// one of the band with the most of them (where a guess tends to settle the most).
    FewestCandidates,
    /// The first open cell in reading order.
    ReadingOrder,
    /// Whichever of the 324 constraints has the fewest ways left to be met, as an exact-cover
    /// search chooses: a digit's places in a row, column or box, or a cell's candidates (a
    /// cell only where it has strictly fewer).
    FewestPlaces,
    /// On how one digit crosses a band or a stack (which triad it takes in each row of a band,
    /// or which column in each band of a stack), in the band or stack with the fewest such
    /// ways left, applying the triad rules at every position: tdoku's way of searching.
    Crossings,
    /// As [`Branching::FewestCandidates`], after applying the triad rules at every position
    /// and removing every candidate whose placement propagation refutes (failed-literal
    /// probing) at each position of the first [`PROBE_DEPTH`] levels.
    Probing,
}

impl Board {
    /// The open cell to branch on as (band, position), or `None` if the board is solved.
    fn branch_cell(&self, branching: Branching) -> Option<(usize, usize)> {
        let first_open = (0..3).find(|&b| self.open[b] != 0)?;
        if branching == Branching::ReadingOrder {
            return Some((first_open, self.open[first_open].trailing_zeros() as usize));
        }
        let most_pairs = (0..3).fold(0, |best, b| {
            if self.pair_count[b] > self.pair_count[best] {
                b
            } else {
                best
            }
        });
        if self.pair_count[most_pairs] != 0 {
            return Some((most_pairs, usize::from(self.first_pair[most_pairs])));
        }
        let mut fewest = (u32::MAX, first_open, 0);
        for b in 0..3 {
            let mut open = self.open[b];
            while open != 0 {
                let p = open.trailing_zeros() as usize;
                open &= open - 1;
                let count = self.candidates(b, p).count_ones();
                if count < fewest.0 {
                    fewest = (count, b, p);
                }
            }
        }
        Some((fewest.1, fewest.2))
    }

    /// The digit's open places (per band) in the row, column or box where some digit has the
    /// fewest, as (count, digit as `d`, places); count `u32::MAX` if every digit is placed.
    fn fewest_places(&self) -> (u32, usize, [u32; 3]) {
        let mut best = (u32::MAX, 0, [0; 3]);
        for d in 0..9 {
            let words = [
                self.places[d] & self.open[0],
                self.places[9 + d] & self.open[1],
                self.places[18 + d] & self.open[2],
            ];
            for (b, &word) in words.iter().enumerate() {
                for unit in ROWS.iter().chain(BOXES.iter()) {
                    let count = (word & unit).count_ones();
                    if count != 0 && count < best.0 {
                        let mut places = [0; 3];
                        places[b] = word & unit;
                        best = (count, d, places);
                    }
                }
            }
            for column in COLUMNS.iter() {
                let places = [words[0] & column, words[1] & column, words[2] & column];
                let count = places.iter().map(|p| p.count_ones()).sum();
                if count != 0 && count < best.0 {
                    best = (count, d, places);
                }
            }
            if best.0 <= 2 {
                break;
            }
        }
        best
    }

    /// The ways left for a digit to cross the band or stack with the fewest of them (those of
    /// the digit with the fewest, two at least), as [`Branch::Crossings`]; `None` if every
    /// digit crosses every band and stack one way only.
    fn fewest_crossings(&self) -> Option<Branch> {
        // Per digit, per band and stack (stacks as 3..6), the 9-bit set of triads (bit
        // `3 * row + box`) or of band and column pairs (bit `3 * band + column`) it may use.
        let mut uses = [[0u32; 6]; 9];
        for (d, sets) in uses.iter_mut().enumerate() {
            let words = [self.places[d], self.places[9 + d], self.places[18 + d]];
            let columns = words.map(|word| columns_of(word) as u32);
            for s in 0..3 {
                sets[s] = occupied_triads(words[s]) as u32;
                sets[3 + s] = (columns[0] >> (3 * s) & 7)
                    | (columns[1] >> (3 * s) & 7) << 3
                    | (columns[2] >> (3 * s) & 7) << 6;
            }
        }
        let mut best: Option<(usize, u32)> = None;
        for unit in 0..6 {
            let counts = uses
                .iter()
                .map(|sets| crossings_inside(sets[unit]).count_ones());
            let (total, unsettled) = counts.fold((0, false), |(t, u), n| (t + n, u || n > 1));
            if unsettled && best.map_or(true, |(_, fewest)| total < fewest) {
                best = Some((unit, total));
            }
        }
        let (unit, _) = best?;
        let (mut fewest, mut digit) = (u32::MAX, 0);
        for (d, sets) in uses.iter().enumerate() {
            let n = crossings_inside(sets[unit]).count_ones();
            if n > 1 && n < fewest {
                fewest = n;
                digit = d;
            }
        }
        let mut keep = [[BAND; 3]; 6];
        let ways = crossings_inside(uses[digit][unit]);
        let mut count = 0;
        for (k, p) in PERMUTATIONS.iter().enumerate() {
            if ways >> k & 1 == 0 {
                continue;
            }
            if unit < 3 {
                keep[count][unit] = (0..3).fold(0, |m, r| m | 7 << (9 * r + 3 * p[r]));
            } else {
                let s = unit - 3;
                let stack = column_mask(3 * s) | column_mask(3 * s + 1) | column_mask(3 * s + 2);
                for (b, kept) in keep[count].iter_mut().enumerate() {
                    *kept = BAND & !stack | column_mask(3 * s + p[b]);
                }
            }
            count += 1;
        }
        Some(Branch::Crossings {
            d: digit,
            keep,
            count,
        })
    }

    /// What to branch on, or `None` if the board is solved.
    fn branch(&self, branching: Branching) -> Option<Branch> {
        if branching == Branching::Crossings {
            if let Some(crossings) = self.fewest_crossings() {
                return Some(crossings);
            }
        }
        if branching == Branching::FewestPlaces {
            let (count, d, places) = self.fewest_places();
            if count == u32::MAX {
                return None;
            }
            let has_pair = self.pair_count.iter().any(|&n| n != 0);
            if count <= 2 || (!has_pair && count == 3) {
                return Some(Branch::Places { d, places });
            }
        }
        let (b, p) = self.branch_cell(branching)?;
        Some(Branch::Digits {
            b,
            p,
            digits: self.candidates(b, p),
        })
    }
}

/// A guess the search makes at a position: every solution makes one of its placements.
enum Branch {
    /// Each digit (bit `d` for digit `d + 1`) of `digits` at position `p` of band `b`.
    Digits { b: usize, p: usize, digits: u32 },
    /// Digit `d + 1` at each of `places` (per band).
    Places { d: usize, places: [u32; 3] },
    /// Digit `d + 1` kept, in each of `count` ways, to the cells `keep[k]` (per band).
    Crossings {
        d: usize,
        keep: [[u32; 3]; 6],
        count: usize,
    },
}

/// The levels of a [`Branching::Probing`] search that probe. Deeper positions are small enough
/// for plain search; probing them too made the adversary's worst boards about twice as costly,
/// and probing only one or three levels left boards the portfolio needed it for (measured with
/// 0, 1, 3, 6, 12 and unlimited levels; see BENCHMARKS.md).
const PROBE_DEPTH: u32 = 6;

/// Why a search stopped before exhausting its tree.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Stop {
    /// The visitor asked to stop.
    Visitor,
    /// The guess budget ran out.
    Budget,
}

/// Visits solutions reachable from `board`, branching as `branching` says and trying digits in
/// increasing order, until `visit` breaks or `budget` guesses have been made. Each solution is
/// visited once, as a position with no open cell left ([`Board::grid`] reads it); with
/// [`Branching::ReadingOrder`] they come in lexicographic order. The search works on `board`
/// itself, which it leaves in no particular state.
pub(super) fn search<F>(
    board: &mut Board,
    branching: Branching,
    budget: &mut u64,
    visit: &mut F,
) -> ControlFlow<Stop>
where
    F: FnMut(&Board) -> ControlFlow<()>,
{
    Walk {
        branching,
        budget,
        visit,
    }
    .below(board, 0)
}

/// What stays the same throughout one [`search`].
struct Walk<'a, F> {
    branching: Branching,
    budget: &'a mut u64,
    visit: &'a mut F,
}

impl<F> Walk<'_, F>
where
    F: FnMut(&Board) -> ControlFlow<()>,
{
    /// The search from `board`, `depth` guesses below where it started.
    fn below(&mut self, board: &mut Board, depth: u32) -> ControlFlow<Stop> {
        let branching = self.branching;
        let reasons_harder = branching == Branching::Probing || branching == Branching::Crossings;
        if reasons_harder && !board.settle_triads() {
            return ControlFlow::Continue(());
        }
        if branching == Branching::Probing && depth < PROBE_DEPTH {
            match board.probe(self.budget) {
                None => return ControlFlow::Break(Stop::Budget),
                Some(false) => return ControlFlow::Continue(()),
                Some(true) => {}
            }
        }
        match board.branch(branching) {
            None => match (self.visit)(board) {
                ControlFlow::Continue(()) => ControlFlow::Continue(()),
                ControlFlow::Break(()) => ControlFlow::Break(Stop::Visitor),
            },
            Some(Branch::Digits { b, p, digits }) => {
                let mut left = digits;
                while left != 0 {
                    let d = left.trailing_zeros() as usize;
                    left &= left - 1;
                    let rivals = digits & !(1 << d);
                    self.guess(board, Move::Place(d, b, p, rivals), left == 0, depth)?;
                }
                ControlFlow::Continue(())
            }
            Some(Branch::Places { d, places }) => {
                let mut remaining: u32 = places.iter().map(|p| p.count_ones()).sum();
                for (b, &band_places) in places.iter().enumerate() {
                    let mut left = band_places;
                    while left != 0 {
                        let p = left.trailing_zeros() as usize;
                        left &= left - 1;
                        remaining -= 1;
                        let rivals = board.candidates(b, p) & !(1 << d);
                        self.guess(board, Move::Place(d, b, p, rivals), remaining == 0, depth)?;
                    }
                }
                ControlFlow::Continue(())
            }
            Some(Branch::Crossings { d, keep, count }) => {
                for (k, &kept) in keep[..count].iter().enumerate() {
                    self.guess(board, Move::Keep(d, kept), k + 1 == count, depth)?;
                }
                ControlFlow::Continue(())
            }
        }
    }

    /// One guess at `depth`, then the search below it. All but the `last` guess of a branch
    /// work on a copy; the last one on the board itself.
    fn guess(
        &mut self,
        board: &mut Board,
        guess: Move,
        last: bool,
        depth: u32,
    ) -> ControlFlow<Stop> {
        if *self.budget == 0 {
            return ControlFlow::Break(Stop::Budget);
        }
        *self.budget -= 1;
        if last {
            let changed = board.make(guess);
            if board.propagate(changed) {
                return self.below(board, depth + 1);
            }
        } else {
            let mut child = *board;
            let changed = child.make(guess);
            if child.propagate(changed) {
                self.below(&mut child, depth + 1)?;
            }
        }
        ControlFlow::Continue(())
    }
}
