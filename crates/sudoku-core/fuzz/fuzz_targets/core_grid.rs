//! The 9x9 engine on arbitrary boards: any, smallest and counting agree with each other.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::engine::{count_solutions, solve, solve_smallest};
use sudoku_core::grid::Grid;

fuzz_target!(|data: &[u8]| {
    let mut cells = [0u8; 81];
    for (cell, byte) in cells.iter_mut().zip(data) {
        // Mostly blanks, so that puzzles are often solvable.
        *cell = if byte % 4 == 0 { byte / 4 % 10 } else { 0 };
    }
    let puzzle = Grid::from_cells(cells).expect("digits are below 10");
    let any = solve(&puzzle);
    let smallest = solve_smallest(&puzzle);
    let count = count_solutions(&puzzle, 3);
    assert_eq!(any.is_some(), count > 0);
    assert_eq!(smallest.is_some(), count > 0);
    if let (Some(any), Some(smallest)) = (any, smallest) {
        assert!(any.solves(&puzzle) && smallest.solves(&puzzle));
        assert!(smallest.cells() <= any.cells());
        if count == 1 {
            assert_eq!(any, smallest);
        }
    }
});
