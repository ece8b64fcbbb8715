//! The 9x9 search engine: candidate masks narrowed by naked and hidden singles, and a depth-first
//! search over them whose branching order the caller picks.
//!
//! Propagation only ever removes candidates that no solution can use and fixes digits every
//! solution shares, so a search that branches on the first open cell in reading order and tries
//! digits in increasing order meets solutions in lexicographic order.

use std::ops::ControlFlow;

use crate::grid::{Grid, CELLS};
use crate::masks::{digit_bit, ALL_DIGITS};
use crate::units::{PEERS, UNITS};

/// Bits 0..81: every cell.
const ALL_CELLS: u128 = (1 << CELLS) - 1;

/// Which open cell a search branches on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Branching {
    /// The open cell with the fewest candidates (the first such in reading order).
    FewestCandidates,
    /// The first open cell in reading order.
    ReadingOrder,
}

/// A search position: the candidates of every cell and which cells are still open.
///
/// Small enough to copy at each branch, so nothing is ever undone.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    candidates: [u16; CELLS],
    open: u128,
}

/// Cells that became single-candidate and still have to be placed.
struct Pending {
    cells: [u8; CELLS],
    len: usize,
}

impl Pending {
    fn new() -> Self {
        Pending {
            cells: [0; CELLS],
            len: 0,
        }
    }

    fn push(&mut self, cell: usize) {
        self.cells[self.len] = cell as u8;
        self.len += 1;
    }

    fn pop(&mut self) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(usize::from(self.cells[self.len]))
    }
}

impl Board {
    /// The position after placing every given of `grid` and propagating; `None` if the givens
    /// already rule out every solution.
    pub(crate) fn new(grid: &Grid) -> Option<Board> {
        let mut board = Board {
            candidates: [ALL_DIGITS; CELLS],
            open: ALL_CELLS,
        };
        let mut pending = Pending::new();
        for (cell, &digit) in grid.cells().iter().enumerate() {
            if digit != 0 && !board.place(cell, digit_bit(digit), &mut pending) {
                return None;
            }
        }
        if board.propagate(&mut pending) {
            Some(board)
        } else {
            None
        }
    }

    /// The board of a position with no open cell left.
    fn to_grid(self) -> Grid {
        let mut grid = Grid::EMPTY;
        for (cell, &mask) in self.candidates.iter().enumerate() {
            grid.set(cell, mask.trailing_zeros() as u8 + 1);
        }
        grid
    }

    /// Fixes `bit` in `cell` and removes it from the peers; `false` if that contradicts the
    /// position. Peers left with one candidate are queued in `pending`.
    fn place(&mut self, cell: usize, bit: u16, pending: &mut Pending) -> bool {
        if self.candidates[cell] & bit == 0 {
            return false;
        }
        self.candidates[cell] = bit;
        self.open &= !(1 << cell);
        for &peer in PEERS[cell].iter() {
            let peer = usize::from(peer);
            let mask = self.candidates[peer];
            if mask & bit != 0 {
                let rest = mask & !bit;
                if rest == 0 {
                    return false;
                }
                self.candidates[peer] = rest;
                if rest & (rest - 1) == 0 {
                    pending.push(peer);
                }
            }
        }
        true
    }

    /// Places every pending single; `false` on a contradiction.
    fn place_pending(&mut self, pending: &mut Pending) -> bool {
        while let Some(cell) = pending.pop() {
            if self.open & (1 << cell) != 0 && !self.place(cell, self.candidates[cell], pending) {
                return false;
            }
        }
        true
    }

    /// Applies naked and hidden singles until neither finds anything; `false` on a
    /// contradiction.
    fn propagate(&mut self, pending: &mut Pending) -> bool {
        loop {
            if !self.place_pending(pending) {
                return false;
            }
            match self.place_hidden_singles(pending) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.eliminate_locked_candidates(pending) {
                None => return false,
                Some(true) => {}
                Some(false) => return true,
            }
        }
    }

    /// Removes `mask` from the candidates of `cell`; `None` if none would be left, otherwise
    /// whether anything was removed. A cell left with one candidate is queued in `pending`.
    fn remove(&mut self, cell: usize, mask: u16, pending: &mut Pending) -> Option<bool> {
        let old = self.candidates[cell];
        if old & mask == 0 {
            return Some(false);
        }
        let rest = old & !mask;
        if rest == 0 {
            return None;
        }
        self.candidates[cell] = rest;
        if rest & (rest - 1) == 0 && self.open & (1 << cell) != 0 {
            pending.push(cell);
        }
        Some(true)
    }

    /// Locked candidates: where a box holds a digit only in its part of one row (or column),
    /// removes it from the rest of that row (column); where a row (column) holds a digit only in
    /// one box, removes it from the rest of that box. `None` on a contradiction, otherwise
    /// whether anything was removed.
    fn eliminate_locked_candidates(&mut self, pending: &mut Pending) -> Option<bool> {
        let mut progress = false;
        for &(line_step, cell_step) in [(9, 1), (1, 9)].iter() {
            // Segment (line, third) = the three cells of `line` inside box column/row `third`.
            let cell = |line: usize, third: usize, i: usize| {
                line * line_step + (third * 3 + i) * cell_step
            };
            let mut segments = [[0u16; 3]; 9];
            for (line, thirds) in segments.iter_mut().enumerate() {
                for (third, mask) in thirds.iter_mut().enumerate() {
                    for i in 0..3 {
                        *mask |= self.candidates[cell(line, third, i)];
                    }
                }
            }
            for line in 0..9 {
                let band = line - line % 3;
                for third in 0..3 {
                    let here = segments[line][third];
                    let mut rest_of_box = 0;
                    let mut rest_of_line = 0;
                    for other in 0..3 {
                        if band + other != line {
                            rest_of_box |= segments[band + other][third];
                        }
                        if other != third {
                            rest_of_line |= segments[line][other];
                        }
                    }
                    let pointing = here & !rest_of_box & rest_of_line;
                    let claiming = here & !rest_of_line & rest_of_box;
                    for other in 0..3 {
                        for i in 0..3 {
                            if pointing != 0 && other != third {
                                progress |= self.remove(cell(line, other, i), pointing, pending)?;
                            }
                            if claiming != 0 && band + other != line {
                                progress |=
                                    self.remove(cell(band + other, third, i), claiming, pending)?;
                            }
                        }
                    }
                }
            }
        }
        Some(progress)
    }

    /// Places every digit that has one possible cell left in some unit; `None` on a
    /// contradiction, otherwise whether anything was placed.
    fn place_hidden_singles(&mut self, pending: &mut Pending) -> Option<bool> {
        let mut progress = false;
        for unit in UNITS.iter() {
            let (mut once, mut twice) = (0u16, 0u16);
            for &cell in unit.iter() {
                let mask = self.candidates[usize::from(cell)];
                twice |= once & mask;
                once |= mask;
            }
            if once != ALL_DIGITS {
                return None;
            }
            let single = once & !twice;
            if single == 0 {
                continue;
            }
            for &cell in unit.iter() {
                let cell = usize::from(cell);
                let hit = self.candidates[cell] & single;
                if hit == 0 || self.open & (1 << cell) == 0 {
                    continue;
                }
                if hit & (hit - 1) != 0 {
                    return None;
                }
                if !self.place(cell, hit, pending) || !self.place_pending(pending) {
                    return None;
                }
                progress = true;
            }
        }
        Some(progress)
    }

    /// The position after fixing `bit` in open `cell` and propagating; `None` on a
    /// contradiction.
    fn with(&self, cell: usize, bit: u16) -> Option<Board> {
        let mut child = *self;
        let mut pending = Pending::new();
        if child.place(cell, bit, &mut pending) && child.propagate(&mut pending) {
            Some(child)
        } else {
            None
        }
    }

    /// The open cell to branch on, or `None` if the board is solved.
    fn branch_cell(&self, branching: Branching) -> Option<usize> {
        if self.open == 0 {
            return None;
        }
        if branching == Branching::ReadingOrder {
            return Some(self.open.trailing_zeros() as usize);
        }
        let mut best = None;
        let mut fewest = u32::MAX;
        let mut open = self.open;
        while open != 0 {
            let cell = open.trailing_zeros() as usize;
            open &= open - 1;
            let count = self.candidates[cell].count_ones();
            if count < fewest {
                best = Some(cell);
                fewest = count;
                if count == 2 {
                    break;
                }
            }
        }
        best
    }
}

/// Visits solutions reachable from `board`, branching as `branching` says and trying digits in
/// increasing order, until `visit` breaks; returns `Break` if it did. Each solution is visited
/// once; with [`Branching::ReadingOrder`] they come in lexicographic order.
pub(crate) fn search<F>(board: &Board, branching: Branching, visit: &mut F) -> ControlFlow<()>
where
    F: FnMut(Grid) -> ControlFlow<()>,
{
    let cell = match board.branch_cell(branching) {
        None => return visit(board.to_grid()),
        Some(cell) => cell,
    };
    let mut rest = board.candidates[cell];
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        if let Some(child) = board.with(cell, bit) {
            search(&child, branching, visit)?;
        }
    }
    ControlFlow::Continue(())
}

/// The first solution `search` meets from `board` branching as `branching` says, or `None`.
pub(crate) fn first_solution(board: &Board, branching: Branching) -> Option<Grid> {
    let mut found = None;
    let _ = search(board, branching, &mut |grid| {
        found = Some(grid);
        ControlFlow::Break(())
    });
    found
}
