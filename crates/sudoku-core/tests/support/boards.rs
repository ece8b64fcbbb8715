//! Random boards for the tests, deterministic from a seed.

use sudoku_core::grid::Grid;
pub use sudoku_core::random::Rng;

/// A random full board: a fixed valid pattern under a random relabelling of digits, random row
/// and column orders that keep bands and stacks, and a random transposition.
pub fn full_board(rng: &mut Rng) -> Grid {
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let mut order = || {
        let mut bands = [0, 1, 2];
        rng.shuffle(&mut bands);
        let mut lines = Vec::new();
        for &band in &bands {
            let mut within = [0, 1, 2];
            rng.shuffle(&mut within);
            lines.extend(within.iter().map(|&i| band * 3 + i));
        }
        lines
    };
    let (rows, cols) = (order(), order());
    let transpose = rng.below(2) == 1;
    let mut grid = Grid::EMPTY;
    for (r, &pr) in rows.iter().enumerate() {
        for (c, &pc) in cols.iter().enumerate() {
            let pattern = (pr * 3 + pr / 3 + pc) % 9;
            let cell = if transpose { c * 9 + r } else { r * 9 + c };
            grid.set(cell, digits[pattern]);
        }
    }
    assert!(grid.solves(&Grid::EMPTY));
    grid
}

/// `full` with `blanks` random cells cleared.
pub fn puzzle(rng: &mut Rng, full: &Grid, blanks: usize) -> Grid {
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    let mut grid = *full;
    for &cell in &cells[..blanks] {
        grid.set(cell, 0);
    }
    grid
}
