//! BOJ 2239's whole answer on arbitrary bytes: the smallest completion, or an error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::solve::{solve, solve_smallest};
use sudoku_core::text::{complete_board, parse_board, Layout};

fuzz_target!(|data: &[u8]| {
    let input = String::from_utf8_lossy(data);
    if let Ok(output) = complete_board(&input, Layout::Compact, solve_smallest) {
        let puzzle = parse_board(&input, Layout::Compact).expect("answered input parses");
        let answer = parse_board(&output, Layout::Compact).expect("answers parse");
        assert!(answer.grid.solves(&puzzle.grid));
        let any = solve(&puzzle.grid).expect("solvable");
        assert!(answer.grid.cells() <= any.cells(), "not the smallest");
    }
});
