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
                Some(false) => return true,
                Some(true) => {}
            }
        }
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
