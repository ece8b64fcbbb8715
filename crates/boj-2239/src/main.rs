//! BOJ 2239: complete a sudoku given as nine lines of nine digits (0 = blank) with the completion
//! that reads smallest as an 81-digit number.

use std::process::ExitCode;

use sudoku_core::judge::board_text::{solve_board_text, RowFormat};
use sudoku_core::judge::{run_process, Report};
use sudoku_core::solve_smallest;

fn main() -> ExitCode {
    run_process(answer)
}

/// The whole answer to one judge input: the smallest completion, compact, or the reason there
/// is none.
pub fn answer(input: &str) -> Report {
    Report::of(solve_board_text(input, RowFormat::Compact, solve_smallest))
}
