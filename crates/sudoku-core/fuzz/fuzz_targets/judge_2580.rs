//! BOJ 2580's whole answer on arbitrary bytes: an answer that completes the board, or an error.
#![no_main]

// Exactly the code the judge binary runs.
#[allow(dead_code)]
#[path = "../../../boj-2580/src/main.rs"]
mod judge;

use libfuzzer_sys::fuzz_target;
use sudoku_core::judge::board_text::{parse_board, RowFormat};
use sudoku_core::judge::input::decode_input;

fuzz_target!(|data: &[u8]| {
    let (input, _) = decode_input(data);
    let report = judge::answer(&input);
    assert_eq!(report.output.is_empty(), !report.errors.is_empty());
    if !report.output.is_empty() {
        let puzzle = parse_board(&input, RowFormat::Spaced).expect("answered input parses");
        let answer = parse_board(&report.output, RowFormat::Spaced).expect("answers parse");
        assert!(answer.grid.solves(&puzzle.grid));
    }
});
