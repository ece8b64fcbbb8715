//! The Su-Domino-Ku search: depth-first, always covering the empty cell with the fewest ways to
//! place an unused domino on it.

use super::unit_masks::UnitMasks;
use super::{DominoPuzzle, ADJACENT};
use crate::grid::{Grid, CELLS};
use crate::masks::{digit_bit, each_digit, ALL_DIGITS};
use crate::units::UNITS;

/// Bits 0..81: every cell.
const ALL_CELLS: u128 = (1 << CELLS) - 1;

/// A search position: the board so far, its unit masks, the empty cells and, for every digit,
/// the digits it still has an unused domino with.
#[derive(Clone, Copy)]
pub(super) struct Position {
    grid: Grid,
    units: UnitMasks,
    empty: u128,
    partners: [u16; 9],
}

/// For each 9-bit digit set, how many digits it holds. A table rather than `count_ones`: rustc
/// 1.63, the judges' compiler, counts 16-bit words through the 8-bit halves of registers, which
/// made its build of the search half as slow again as the workspace's.
const DIGIT_COUNT: [u8; 512] = build_digit_count();

const fn build_digit_count() -> [u8; 512] {
    let mut table = [0; 512];
    let mut set = 0;
    while set < 512 {
        table[set] = (set as u32).count_ones() as u8;
        set += 1;
    }
    table
}

impl Position {
    /// The search's starting position for `puzzle`; `None` if its placed pieces already rule out
    /// a solution.
    pub(super) fn start(puzzle: &DominoPuzzle) -> Option<Position> {
        let mut position = Position {
            grid: puzzle.grid,
            units: UnitMasks::default(),
            empty: ALL_CELLS,
            partners: [0; 9],
        };
        for (cell, &digit) in puzzle.grid.cells().iter().enumerate() {
            if digit != 0 {
                if !position.units.place(cell, digit) {
                    return None;
                }
                position.empty &= !(1 << cell);
            }
        }
        for a in 1..=9u8 {
            for b in each_digit(ALL_DIGITS & !digit_bit(a)) {
                if !puzzle.used.contains(a, b) {
                    position.partners[usize::from(a - 1)] |= digit_bit(b);
                }
            }
        }
        // Every digit still missing from the board needs an unused domino of its own, and the
        // empty cells must pair up: checks that settle most impossible set-ups at once.
        let empty = position.empty.count_ones() as usize;
        if empty % 2 != 0 || empty / 2 > 36 - puzzle.used.len() {
            return None;
        }
        for digit in 1..=9u8 {
            let placed = puzzle.grid.cells().iter().filter(|&&d| d == digit).count() as u32;
            let unused = position.partners[usize::from(digit - 1)].count_ones();
            if 9 - placed.min(9) > unused {
                return None;
            }
        }
        Some(position)
    }

    /// Ways to put an unused domino on `cell` and its neighbour `other`, given their candidates.
    fn ways(&self, candidates: u16, other: u16) -> u32 {
        each_digit(candidates)
            .map(|a| u32::from(DIGIT_COUNT[usize::from(other & self.partners[usize::from(a - 1)])]))
            .sum()
    }

    /// Depth-first search that always covers the empty cell with the fewest ways to place a
    /// domino on it.
    pub(super) fn first_board(&self, allowed: &[u16; CELLS]) -> Option<Grid> {
        if self.empty == 0 {
            return Some(self.grid);
        }
        let mut candidates = [0u16; CELLS];
        let mut open = self.empty;
        while open != 0 {
            let cell = open.trailing_zeros() as usize;
            open &= open - 1;
            candidates[cell] = self.units.candidates(cell) & allowed[cell];
            if candidates[cell] == 0 {
                return None;
            }
        }
        for (index, unit) in UNITS.iter().enumerate() {
            let missing = ALL_DIGITS & !self.units.placed_in_unit(index);
            let possible = unit
                .iter()
                .fold(0, |acc, &cell| acc | candidates[usize::from(cell)]);
            if possible & missing != missing {
                return None;
            }
        }

        let mut best = (u32::MAX, 0);
        let mut open = self.empty;
        while open != 0 {
            let cell = open.trailing_zeros() as usize;
            open &= open - 1;
            let mut ways = 0;
            let mut around = ADJACENT[cell] & self.empty;
            while around != 0 {
                let other = around.trailing_zeros() as usize;
                around &= around - 1;
                ways += self.ways(candidates[cell], candidates[other]);
            }
            if ways == 0 {
                return None;
            }
            if ways < best.0 {
                best = (ways, cell);
                if ways == 1 {
                    break;
                }
            }
        }

        let cell = best.1;
        let mut around = ADJACENT[cell] & self.empty;
        while around != 0 {
            let other = around.trailing_zeros() as usize;
            around &= around - 1;
            for a in each_digit(candidates[cell]) {
                for b in each_digit(candidates[other] & self.partners[usize::from(a - 1)]) {
                    let mut child = *self;
                    child.cover(cell, a, other, b);
                    if let Some(grid) = child.first_board(allowed) {
                        return Some(grid);
                    }
                }
            }
        }
        None
    }

    /// The number of different boards reachable from here with each cell's digit in
    /// `allowed`, no further than `limit`. Past the first board found, the rest split by the
    /// first empty cell (in reading order) where they differ from it, one search each.
    pub(super) fn count_boards(&self, allowed: &mut [u16; CELLS], limit: usize) -> usize {
        if limit == 0 {
            return 0;
        }
        let board = match self.first_board(allowed) {
            Some(board) => board,
            None => return 0,
        };
        let saved = *allowed;
        let mut count = 1;
        let mut empty = self.empty;
        while empty != 0 && count < limit {
            let cell = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            let same = digit_bit(board.get(cell));
            allowed[cell] = saved[cell] & !same;
            if allowed[cell] != 0 {
                count += self.count_boards(allowed, limit - count);
            }
            allowed[cell] = same;
        }
        *allowed = saved;
        count
    }

    /// Puts the domino `a`-`b` on `cell` and `other` (adjacent, hence peers, so `a != b` keeps
    /// the units consistent).
    fn cover(&mut self, cell: usize, a: u8, other: usize, b: u8) {
        self.units.place(cell, a);
        self.units.place(other, b);
        self.grid.set(cell, a);
        self.grid.set(other, b);
        self.empty &= !(1 << cell) & !(1 << other);
        self.partners[usize::from(a - 1)] &= !digit_bit(b);
        self.partners[usize::from(b - 1)] &= !digit_bit(a);
    }
}
