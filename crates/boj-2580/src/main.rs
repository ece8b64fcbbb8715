//! BOJ 2580: complete a sudoku given as nine lines of nine space-separated digits (0 = blank);
//! any completion is accepted.

use std::process::ExitCode;

use sudoku_core::judge::{run_process, Report};
use sudoku_core::solve::solve;
use sudoku_core::text::{complete_board, Layout};

fn main() -> ExitCode {
    run_process(run)
}

/// Answers one judge input: the completed board in the input's layout, or the reason there is
/// none.
fn run(input: &str) -> Report {
    Report::of(complete_board(input, Layout::Spaced, solve))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::text::parse_board;

    #[test]
    fn sample_is_answered_with_a_completion_of_it() {
        let input = include_str!("../../../problems/2580/sample.in");
        let report = run(input);
        assert_eq!(report.errors, Vec::<String>::new());
        let puzzle = parse_board(input, Layout::Spaced).unwrap().grid;
        let answer = parse_board(&report.output, Layout::Spaced).unwrap().grid;
        assert!(answer.solves(&puzzle));
    }

    #[test]
    fn bad_and_unsolvable_boards_print_nothing() {
        let report = run("1 2 3\n");
        assert_eq!(report.output, "");
        assert_eq!(report.errors, ["line 1: expected 9 digits, found 3"]);

        let mut rows = ["0 0 0 0 0 0 0 0 0"; 9];
        rows[0] = "1 2 3 4 5 6 7 8 0";
        rows[1] = "0 0 0 0 0 0 0 0 9";
        let report = run(&rows.join("\n"));
        assert_eq!(report.output, "");
        assert_eq!(
            report.errors,
            ["no solution: the board cannot be completed"]
        );
    }
}
