//! Random boards for the tests, deterministic from a seed.

use sudoku_core::grid::Grid;
pub use sudoku_core::random::Rng;

/// A random full board: a fixed valid pattern under a random relabelling of digits, random row
/// and column orders that keep bands and stacks, and a random transposition.
pub fn full_board(rng: &mut Rng) -> Grid {
    let cells = full_family_board(rng, 3);
    let grid = Grid::from_cells(cells.try_into().expect("81 cells")).expect("digits 1-9");
    assert!(grid.solves(&Grid::EMPTY));
    grid
}

/// A random full board of `n x n` boxes, made as [`full_board`] makes 9x9 ones.
pub fn full_family_board(rng: &mut Rng, n: usize) -> Vec<u8> {
    let side = n * n;
    let mut digits: Vec<u8> = (1..=side as u8).collect();
    rng.shuffle(&mut digits);
    let mut order = || {
        let mut bands: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut bands);
        let mut lines = Vec::new();
        for &band in &bands {
            let mut within: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut within);
            lines.extend(within.iter().map(|&i| band * n + i));
        }
        lines
    };
    let (rows, cols) = (order(), order());
    let transpose = rng.below(2) == 1;
    let mut board = vec![0; side * side];
    for (r, &pr) in rows.iter().enumerate() {
        for (c, &pc) in cols.iter().enumerate() {
            let pattern = (pr * n + pr / n + pc) % side;
            let cell = if transpose {
                c * side + r
            } else {
                r * side + c
            };
            board[cell] = digits[pattern];
        }
    }
    board
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
