//! BOJ 2239's whole answer on arbitrary bytes: the smallest completion, or an error.
#![no_main]

// Exactly the code the judge binary runs.
#[allow(dead_code)]
#[path = "../../../boj-2239/src/main.rs"]
mod judge;

use libfuzzer_sys::fuzz_target;
use sudoku_core::judge::board_text::{parse_board, RowFormat};
use sudoku_core::judge::input::decode_input;
use sudoku_core::solve;

fuzz_target!(|data: &[u8]| {
    let (input, _) = decode_input(data);
    let report = judge::answer(&input);
    assert_eq!(report.output.is_empty(), !report.errors.is_empty());
    if !report.output.is_empty() {
        let puzzle = parse_board(&input, RowFormat::Compact).expect("answered input parses");
        let answer = parse_board(&report.output, RowFormat::Compact).expect("answers parse");
        assert!(answer.grid.solves(&puzzle.grid));
        let any = solve(&puzzle.grid).expect("solvable");
        assert!(answer.grid.cells() <= any.cells(), "not the smallest");
    }
});
