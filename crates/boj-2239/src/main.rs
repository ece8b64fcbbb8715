//! BOJ 2239: complete a sudoku given as nine lines of nine digits (0 = blank) with the completion
//! that reads smallest as an 81-digit number.

use std::process::ExitCode;

use sudoku_core::judge::{run_process, Report};
use sudoku_core::solve::solve_smallest;
use sudoku_core::text::{complete_board, Layout};

fn main() -> ExitCode {
    run_process(run)
}

/// Answers one judge input: the smallest completion, compact, or the reason there is none.
fn run(input: &str) -> Report {
    Report::of(complete_board(input, Layout::Compact, solve_smallest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_matches_the_judge() {
        let report = run(include_str!("../../../problems/2239/sample.in"));
        assert_eq!(report.errors, Vec::<String>::new());
        assert_eq!(
            report.output,
            include_str!("../../../problems/2239/sample.out")
        );
    }

    #[test]
    fn the_empty_board_gets_the_smallest_of_all_sudokus() {
        let report = run(&"000000000\n".repeat(9));
        assert_eq!(
            report.output,
            "123456789\n456789123\n789123456\n214365897\n365897214\n\
             897214365\n531642978\n642978531\n978531642\n"
        );
    }

    #[test]
    fn bad_and_unsolvable_boards_print_nothing() {
        let report = run("000000000\n".repeat(8).as_str());
        assert_eq!(report.output, "");
        assert_eq!(report.errors, ["line 9: input ends after 8 of 9 rows"]);

        let report = run(&format!("110000000\n{}", "000000000\n".repeat(8)));
        assert_eq!(report.output, "");
        assert_eq!(
            report.errors,
            ["line 1: no solution: digit 1 appears twice in row 1"]
        );
    }
}
