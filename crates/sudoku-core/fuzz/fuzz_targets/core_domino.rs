//! The Su-Domino-Ku search on arbitrary placements: pieces are accepted or refused, and any board
//! found keeps every placed digit and obeys the sudoku rules.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::domino::{DominoPuzzle, Placement};

fuzz_target!(|data: &[u8]| {
    let mut puzzle = DominoPuzzle::new();
    for piece in data.chunks(4) {
        let at = |i: usize| piece.get(i).copied().unwrap_or(0);
        let first = Placement {
            digit: at(0) % 11,
            cell: usize::from(at(1)) % 90,
        };
        if at(3) % 4 == 0 {
            let _ = puzzle.place_single(first);
        } else {
            let step = if at(3) % 2 == 0 { 1 } else { 9 };
            let second = Placement {
                digit: at(2) % 11,
                cell: first.cell + step,
            };
            let _ = puzzle.place_domino(first, second);
        }
    }
    if puzzle.used().len() >= 10 {
        if let Some(board) = puzzle.solution() {
            assert!(board.solves(puzzle.grid()));
        }
    }
});
