//! BOJ 2580: complete a sudoku given as nine lines of nine space-separated digits (0 = blank);
//! any completion is accepted.

use std::process::ExitCode;

use sudoku_core::judge::board_text::{solve_board_text, RowFormat};
use sudoku_core::judge::{run_process, Report};
use sudoku_core::solve;

fn main() -> ExitCode {
    run_process(answer)
}

/// The whole answer to one judge input: the completed board in the input's format, or the
/// reason there is none.
pub fn answer(input: &str) -> Report {
    Report::of(solve_board_text(input, RowFormat::Spaced, solve))
}
