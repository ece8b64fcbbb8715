//! BOJ 4574 (MCPC 2011 "Su-Domino-Ku"): puzzles of placed dominoes and nine lone digits, ended
//! by a line `0`; print each completed board as `Puzzle i` and nine compact rows.

use std::process::ExitCode;

use sudoku_core::domino::text::answer_input;
use sudoku_core::judge::run_process;

fn main() -> ExitCode {
    run_process(answer_input)
}
