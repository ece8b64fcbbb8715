//! The family engine on arbitrary boards of 1x1 to 16x16 cells: any, smallest and counting agree
//! with each other, and every answer completes its board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::family::Sudoku;

fuzz_target!(|data: &[u8]| {
    let (&size, cells) = match data.split_first() {
        Some(split) => split,
        None => return,
    };
    let n = 1 + usize::from(size % 4);
    let side = n * n;
    let mut board = vec![0u8; side * side];
    for (cell, &byte) in board.iter_mut().zip(cells) {
        // Mostly blanks, so that boards are often solvable.
        *cell = if byte % 4 == 0 {
            (byte / 4) % (side as u8 + 1)
        } else {
            0
        };
    }
    let puzzle = Sudoku::from_cells(n, board).expect("digits within the board's size");
    let any = puzzle.solution();
    let count = puzzle.count_solutions(3);
    assert_eq!(any.is_some(), count > 0);
    let smallest = puzzle.smallest_solution();
    assert_eq!(smallest.is_some(), count > 0);
    if let (Some(any), Some(smallest)) = (any, smallest) {
        assert!(any.solves(&puzzle) && smallest.solves(&puzzle));
        assert!(smallest.cells() <= any.cells());
        if count == 1 {
            assert_eq!(any, smallest);
        }
    }
});
