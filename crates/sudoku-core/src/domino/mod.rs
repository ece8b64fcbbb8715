//! Su-Domino-Ku: a sudoku whose open cells are covered by dominoes, one for each unordered pair of
//! distinct digits, each used at most once.

pub mod generate;
mod search;
mod unit_masks;

use std::fmt;

use self::search::Position;
use crate::grid::{Grid, CELLS};
use crate::masks::ALL_DIGITS;
use crate::units::{col_of, row_of};

/// For every cell, the cells directly left, right, above and below it, as a bit set.
const ADJACENT: [u128; CELLS] = build_adjacent();

const fn build_adjacent() -> [u128; CELLS] {
    let mut adjacent = [0u128; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        if col_of(cell) > 0 {
            adjacent[cell] |= 1 << (cell - 1);
        }
        if col_of(cell) < 8 {
            adjacent[cell] |= 1 << (cell + 1);
        }
        if row_of(cell) > 0 {
            adjacent[cell] |= 1 << (cell - 9);
        }
        if row_of(cell) < 8 {
            adjacent[cell] |= 1 << (cell + 9);
        }
        cell += 1;
    }
    adjacent
}

/// Whether two cells share a side.
pub fn are_adjacent(a: usize, b: usize) -> bool {
    a < CELLS && b < CELLS && ADJACENT[a] & (1 << b) != 0
}

/// A set of dominoes: unordered pairs of distinct digits, 36 in all, one bit each.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct DominoSet(u64);

impl DominoSet {
    /// The bit of the pair `{a, b}`; both digits in 1..=9 and distinct.
    fn bit(a: u8, b: u8) -> u64 {
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        let (lo, hi) = (u32::from(lo) - 1, u32::from(hi) - 1);
        1 << (lo * (17 - lo) / 2 + hi - lo - 1)
    }

    /// Whether the set holds the domino of digits `a` and `b` (two distinct digits 1..=9).
    pub fn contains(&self, a: u8, b: u8) -> bool {
        self.0 & Self::bit(a, b) != 0
    }

    /// Adds the domino of `a` and `b` (two distinct digits 1..=9); `false` if it was there.
    pub fn insert(&mut self, a: u8, b: u8) -> bool {
        let bit = Self::bit(a, b);
        let fresh = self.0 & bit == 0;
        self.0 |= bit;
        fresh
    }

    /// Takes the domino of `a` and `b` (two distinct digits 1..=9) out; `false` if it was not
    /// there.
    pub fn remove(&mut self, a: u8, b: u8) -> bool {
        let bit = Self::bit(a, b);
        let present = self.0 & bit != 0;
        self.0 &= !bit;
        present
    }

    /// How many dominoes the set holds.
    pub fn len(&self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no domino.
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }
}

/// A digit written in a cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Placement {
    /// The digit, 1..=9.
    pub digit: u8,
    /// The cell, 0..81 row by row.
    pub cell: usize,
}

/// Why a piece cannot be put on a [`DominoPuzzle`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DominoError {
    /// A digit outside 1..=9.
    BadDigit(u8),
    /// A cell number outside 0..81.
    BadCell(usize),
    /// A domino whose two halves hold the same digit.
    EqualDigits(u8),
    /// A domino whose two cells do not share a side.
    NotAdjacent(usize, usize),
    /// A cell that already holds a digit.
    CellTaken(usize),
    /// A domino that is already on the board (the two digits, smaller first).
    DominoUsed(u8, u8),
}

impl fmt::Display for DominoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DominoError::BadDigit(d) => write!(f, "digit {} is not in 1..=9", d),
            DominoError::BadCell(c) => write!(f, "cell {} is off the board", c),
            DominoError::EqualDigits(d) => write!(f, "domino has the digit {} on both halves", d),
            DominoError::NotAdjacent(a, b) => {
                write!(
                    f,
                    "cells {} and {} are not adjacent",
                    cell_name(a),
                    cell_name(b)
                )
            }
            DominoError::CellTaken(c) => write!(f, "cell {} is already used", cell_name(c)),
            DominoError::DominoUsed(a, b) => write!(f, "domino {}-{} is already used", a, b),
        }
    }
}

/// The name of `cell` in Su-Domino-Ku notation: a row letter `A`..`I` and a column digit `1`..`9`.
pub fn cell_name(cell: usize) -> String {
    if cell >= CELLS {
        return format!("#{}", cell);
    }
    format!(
        "{}{}",
        char::from(b'A' + row_of(cell) as u8),
        col_of(cell) + 1
    )
}

/// The cell a Su-Domino-Ku name (`A1`..`I9`, exactly two characters) denotes.
pub fn parse_cell(name: &str) -> Option<usize> {
    match name.as_bytes() {
        [row @ b'A'..=b'I', col @ b'1'..=b'9'] => {
            Some(usize::from(row - b'A') * 9 + usize::from(col - b'1'))
        }
        _ => None,
    }
}

/// A Su-Domino-Ku puzzle being set up: the digits on the board and the dominoes placed so far.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DominoPuzzle {
    grid: Grid,
    used: DominoSet,
    /// For each cell covered by a placed domino, the domino's other cell; [`NO_PARTNER`] else.
    partner: [u8; CELLS],
}

/// The partner of a cell that no placed domino covers.
const NO_PARTNER: u8 = u8::MAX;

/// Every digit allowed in every cell: a search without extra restrictions.
const UNRESTRICTED: [u16; CELLS] = [ALL_DIGITS; CELLS];

impl Default for DominoPuzzle {
    fn default() -> Self {
        DominoPuzzle::new()
    }
}

impl DominoPuzzle {
    /// An empty board with all 36 dominoes still in the box.
    pub fn new() -> Self {
        DominoPuzzle {
            grid: Grid::EMPTY,
            used: DominoSet::default(),
            partner: [NO_PARTNER; CELLS],
        }
    }

    /// The placed dominoes, each as (its cell first in reading order, the other), in reading
    /// order of their first cells.
    pub fn dominoes(&self) -> Vec<(Placement, Placement)> {
        let at = |cell: usize| Placement {
            digit: self.grid.get(cell),
            cell,
        };
        (0..CELLS)
            .filter(|&cell| {
                let other = self.partner[cell];
                other != NO_PARTNER && cell < usize::from(other)
            })
            .map(|cell| (at(cell), at(usize::from(self.partner[cell]))))
            .collect()
    }

    /// The lone digits: filled cells that no placed domino covers, in reading order.
    pub fn singles(&self) -> Vec<Placement> {
        (0..CELLS)
            .filter(|&cell| self.grid.get(cell) != 0 && self.partner[cell] == NO_PARTNER)
            .map(|cell| Placement {
                digit: self.grid.get(cell),
                cell,
            })
            .collect()
    }

    /// This puzzle without the domino covering `cell` (unchanged if none does).
    pub fn without_domino_at(&self, cell: usize) -> DominoPuzzle {
        let mut puzzle = *self;
        if cell < CELLS && self.partner[cell] != NO_PARTNER {
            let other = usize::from(self.partner[cell]);
            puzzle
                .used
                .remove(self.grid.get(cell), self.grid.get(other));
            for c in [cell, other].iter() {
                puzzle.grid.set(*c, 0);
                puzzle.partner[*c] = NO_PARTNER;
            }
        }
        puzzle
    }

    /// The digits placed so far.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The dominoes placed so far.
    pub fn used(&self) -> DominoSet {
        self.used
    }

    /// Puts a domino on two adjacent empty cells; on error the puzzle is unchanged.
    ///
    /// Sudoku rules are not checked here: a board that breaks them is reported by
    /// [`DominoPuzzle::solution`] as having no solution.
    pub fn place_domino(&mut self, first: Placement, second: Placement) -> Result<(), DominoError> {
        self.check_free(first)?;
        self.check_free(second)?;
        if first.digit == second.digit {
            return Err(DominoError::EqualDigits(first.digit));
        }
        if first.cell == second.cell {
            return Err(DominoError::CellTaken(first.cell));
        }
        if !are_adjacent(first.cell, second.cell) {
            return Err(DominoError::NotAdjacent(first.cell, second.cell));
        }
        if self.used.contains(first.digit, second.digit) {
            let (a, b) = (first.digit.min(second.digit), first.digit.max(second.digit));
            return Err(DominoError::DominoUsed(a, b));
        }
        self.used.insert(first.digit, second.digit);
        self.grid.set(first.cell, first.digit);
        self.grid.set(second.cell, second.digit);
        self.partner[first.cell] = second.cell as u8;
        self.partner[second.cell] = first.cell as u8;
        Ok(())
    }

    /// Writes a lone digit (not part of any domino) into an empty cell; on error the puzzle is
    /// unchanged.
    pub fn place_single(&mut self, single: Placement) -> Result<(), DominoError> {
        self.check_free(single)?;
        self.grid.set(single.cell, single.digit);
        Ok(())
    }

    fn check_free(&self, placement: Placement) -> Result<(), DominoError> {
        if placement.digit == 0 || placement.digit > 9 {
            return Err(DominoError::BadDigit(placement.digit));
        }
        if placement.cell >= CELLS {
            return Err(DominoError::BadCell(placement.cell));
        }
        if self.grid.get(placement.cell) != 0 {
            return Err(DominoError::CellTaken(placement.cell));
        }
        Ok(())
    }

    /// A full, rule-abiding board that keeps every placed digit and fills each empty cell from
    /// a domino not yet used (each at most once, covering two adjacent empty cells); `None` if
    /// there is none. With the nine singles placed, this is the Su-Domino-Ku solution.
    ///
    /// ```
    /// use sudoku_core::judge::domino_text::read_puzzles;
    ///
    /// // The judge's first sample puzzle: ten placed dominoes, then the cells of the lone
    /// // digits 1 to 9.
    /// let input = "10\n6 B2 1 B3\n2 C4 9 C3\n6 D3 8 E3\n7 E1 4 F1\n8 B7 4 B8\n3 F5 2 F6\n\
    ///              7 F7 6 F8\n5 G4 9 G5\n7 I8 8 I9\n7 C9 2 B9\nC5 A3 D9 I4 A9 E5 A2 C6 I1\n0\n";
    /// let puzzle = read_puzzles(input).unwrap()[0];
    /// let board = puzzle.solution().unwrap();
    /// assert!(board.solves(puzzle.grid()));
    /// assert_eq!(&board.cells()[..9], &[8, 7, 2, 6, 4, 3, 1, 9, 5]);
    /// assert_eq!(puzzle.count_boards(2), 1);
    /// ```
    pub fn solution(&self) -> Option<Grid> {
        Position::start(self)?.first_board(&UNRESTRICTED)
    }

    /// The number of different boards [`DominoPuzzle::solution`] could return, counting no further
    /// than `limit` (several tilings making the same board count once).
    pub fn count_boards(&self, limit: usize) -> usize {
        match Position::start(self) {
            Some(start) => {
                let mut allowed = UNRESTRICTED;
                start.count_boards(&mut allowed, limit)
            }
            None => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(name: &str, digit: u8) -> Placement {
        Placement {
            digit,
            cell: parse_cell(name).unwrap(),
        }
    }

    #[test]
    fn domino_set_has_thirty_six_distinct_bits() {
        let mut set = DominoSet::default();
        for a in 1..=9 {
            for b in a + 1..=9 {
                assert!(set.insert(b, a));
                assert!(set.contains(a, b));
            }
        }
        assert_eq!(set.len(), 36);
        assert!(!set.insert(3, 7));
        assert_eq!(set.0, (1 << 36) - 1);
    }

    #[test]
    fn cell_names_round_trip() {
        for cell in 0..CELLS {
            assert_eq!(parse_cell(&cell_name(cell)), Some(cell));
        }
        assert_eq!(parse_cell("A1"), Some(0));
        assert_eq!(parse_cell("I9"), Some(80));
        for bad in ["J1", "A0", "a1", "A10", "", "A"] {
            assert_eq!(parse_cell(bad), None, "{:?}", bad);
        }
    }

    #[test]
    fn placing_pieces_checks_shape_and_reuse() {
        let mut puzzle = DominoPuzzle::new();
        assert_eq!(puzzle.place_domino(at("A1", 1), at("A2", 2)), Ok(()));
        assert_eq!(
            puzzle.place_domino(at("B1", 2), at("C1", 1)),
            Err(DominoError::DominoUsed(1, 2))
        );
        assert_eq!(
            puzzle.place_domino(at("B1", 3), at("B3", 4)),
            Err(DominoError::NotAdjacent(9, 11))
        );
        assert_eq!(
            puzzle.place_domino(at("A9", 3), at("B1", 4)),
            Err(DominoError::NotAdjacent(8, 9)),
            "row ends do not wrap"
        );
        assert_eq!(
            puzzle.place_domino(at("B1", 5), at("B2", 5)),
            Err(DominoError::EqualDigits(5))
        );
        assert_eq!(
            puzzle.place_domino(at("A2", 3), at("A3", 4)),
            Err(DominoError::CellTaken(1))
        );
        assert_eq!(
            puzzle.place_single(at("A1", 7)),
            Err(DominoError::CellTaken(0))
        );
        assert_eq!(
            puzzle.place_single(Placement { digit: 0, cell: 5 }),
            Err(DominoError::BadDigit(0))
        );
        assert_eq!(
            puzzle.place_single(Placement { digit: 1, cell: 81 }),
            Err(DominoError::BadCell(81))
        );
        assert_eq!(puzzle.used().len(), 1);
        assert_eq!(puzzle.grid().filled(), 2);
    }

    #[test]
    fn a_board_breaking_sudoku_rules_has_no_solution() {
        let mut puzzle = DominoPuzzle::new();
        puzzle.place_domino(at("A1", 1), at("A2", 2)).unwrap();
        puzzle.place_single(at("A9", 1)).unwrap();
        assert_eq!(puzzle.solution(), None);
    }
}
