//! The 9x9 board: cells numbered 0..81 row by row, digits 1..=9, 0 for a blank.

use crate::units::{box_of, col_of, row_of, UNITS};

/// Number of cells on a board.
pub const CELLS: usize = 81;

/// A 9x9 board whose cells each hold a digit 1..=9 or 0 for a blank.
///
/// A `Grid` never holds a value above 9; it may hold repeated digits (see
/// [`Grid::first_conflict`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    cells: [u8; CELLS],
}

/// Which row, column or box (each numbered 0..9) two equal digits share.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Unit {
    /// Row 0..9, top to bottom.
    Row(usize),
    /// Column 0..9, left to right.
    Column(usize),
    /// Box 0..9, row by row.
    Box(usize),
}

/// Two cells of one unit holding the same digit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: u8,
    /// The two cells holding it, the first in reading order first.
    pub cells: (usize, usize),
    /// The unit both cells belong to.
    pub unit: Unit,
}

impl Default for Grid {
    fn default() -> Self {
        Grid::EMPTY
    }
}

impl Grid {
    /// The board with every cell blank.
    pub const EMPTY: Grid = Grid { cells: [0; CELLS] };

    /// The board holding `cells`, or `None` if a value is above 9.
    pub fn from_cells(cells: [u8; CELLS]) -> Option<Grid> {
        if cells.iter().fold(0, |most, &d| most.max(d)) <= 9 {
            Some(Grid { cells })
        } else {
            None
        }
    }

    /// The digit in `cell` (0 for a blank).
    ///
    /// # Panics
    /// If `cell` is not below [`CELLS`].
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Writes `digit` (0 to blank it) into `cell`.
    ///
    /// # Panics
    /// If `cell` is not below [`CELLS`] or `digit` is above 9.
    pub fn set(&mut self, cell: usize, digit: u8) {
        assert!(digit <= 9, "digit {} out of range", digit);
        self.cells[cell] = digit;
    }

    /// All cells, row by row.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// How many cells hold a digit.
    pub fn filled(&self) -> usize {
        // Counted in a byte (81 fits), so that the count runs on vectors of bytes.
        let count = self.cells.iter().fold(0u8, |n, &d| n + u8::from(d != 0));
        usize::from(count)
    }

    /// Whether no cell is blank.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// The first pair of equal digits in one row, column or box, scanning units rows first, then
    /// columns, then boxes; `None` if the filled cells break no rule.
    pub fn first_conflict(&self) -> Option<Conflict> {
        for (index, unit) in UNITS.iter().enumerate() {
            let mut seen = [None::<usize>; 10];
            for &cell in unit.iter() {
                let cell = usize::from(cell);
                let digit = self.cells[cell];
                if digit == 0 {
                    continue;
                }
                if let Some(first) = seen[usize::from(digit)] {
                    let unit = match index / 9 {
                        0 => Unit::Row(row_of(cell)),
                        1 => Unit::Column(col_of(cell)),
                        _ => Unit::Box(box_of(cell)),
                    };
                    return Some(Conflict {
                        digit,
                        cells: (first, cell),
                        unit,
                    });
                }
                seen[usize::from(digit)] = Some(cell);
            }
        }
        None
    }

    /// Whether `self` is a complete, rule-abiding board that keeps every filled cell of `puzzle`.
    pub fn solves(&self, puzzle: &Grid) -> bool {
        self.is_complete()
            && self.first_conflict().is_none()
            && puzzle
                .cells
                .iter()
                .zip(self.cells.iter())
                .all(|(&given, &digit)| given == 0 || given == digit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::board_text::parse_line;

    const SOLVED: &str =
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642";

    #[test]
    fn filled_counts_the_cells_holding_a_digit() {
        assert_eq!(Grid::EMPTY.filled(), 0);
        let mut grid = Grid::EMPTY;
        grid.set(0, 9);
        grid.set(80, 1);
        grid.set(40, 5);
        assert_eq!(grid.filled(), 3);
        grid.set(40, 0);
        assert_eq!(grid.filled(), 2);
        let full = Grid::from_cells([7; CELLS]).unwrap();
        assert_eq!(full.filled(), CELLS);
    }

    #[test]
    fn from_cells_rejects_values_above_nine() {
        let mut cells = [0; CELLS];
        cells[40] = 10;
        assert_eq!(Grid::from_cells(cells), None);
        cells[40] = 9;
        assert_eq!(Grid::from_cells(cells).unwrap().get(40), 9);
    }

    #[test]
    fn finds_conflicts_in_each_kind_of_unit() {
        let mut grid = Grid::EMPTY;
        grid.set(3, 5);
        grid.set(8, 5);
        let conflict = grid.first_conflict().unwrap();
        assert_eq!(conflict.unit, Unit::Row(0));
        assert_eq!(conflict.cells, (3, 8));

        let mut grid = Grid::EMPTY;
        grid.set(2, 7);
        grid.set(74, 7);
        assert_eq!(grid.first_conflict().unwrap().unit, Unit::Column(2));

        let mut grid = Grid::EMPTY;
        grid.set(30, 1);
        grid.set(50, 1);
        assert_eq!(grid.first_conflict().unwrap().unit, Unit::Box(4));
        assert_eq!(grid.first_conflict().unwrap().digit, 1);
    }

    #[test]
    fn solved_board_solves_its_own_puzzles() {
        let solved = parse_line(SOLVED).unwrap();
        assert!(solved.first_conflict().is_none());
        assert!(solved.solves(&Grid::EMPTY));
        let mut puzzle = solved;
        puzzle.set(0, 0);
        assert!(!puzzle.is_complete());
        assert!(solved.solves(&puzzle));
        puzzle.set(0, 2);
        assert!(
            !solved.solves(&puzzle),
            "a changed given must not be accepted"
        );
        let mut broken = solved;
        broken.set(0, 2);
        assert!(!broken.solves(&Grid::EMPTY));
    }
}
