//! BOJ 2580's whole answer on arbitrary bytes: an answer that completes the board, or an error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::solve::solve;
use sudoku_core::text::{complete_board, parse_board, Layout};

fuzz_target!(|data: &[u8]| {
    let input = String::from_utf8_lossy(data);
    if let Ok(output) = complete_board(&input, Layout::Spaced, solve) {
        let puzzle = parse_board(&input, Layout::Spaced).expect("answered input parses");
        let answer = parse_board(&output, Layout::Spaced).expect("answers parse");
        assert!(answer.grid.solves(&puzzle.grid));
    }
});
