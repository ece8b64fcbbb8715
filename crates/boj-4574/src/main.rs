//! BOJ 4574 (MCPC 2011 "Su-Domino-Ku"): puzzles of placed dominoes and nine lone digits, ended
//! by a line `0`; print each completed board as `Puzzle i` and nine compact rows.

use std::process::ExitCode;

use sudoku_core::domino::text::read_puzzle;
use sudoku_core::input::{quote, Lines};
use sudoku_core::judge::{run_process, Report};
use sudoku_core::text::{write_board, Layout};

fn main() -> ExitCode {
    run_process(run)
}

/// Answers every puzzle up to the final `0`. An unsolvable puzzle is reported and skipped; a
/// malformed one is reported and ends the run, keeping the answers before it.
fn run(input: &str) -> Report {
    let mut report = Report::default();
    let mut lines = Lines::new(input);
    let mut number = 0;
    loop {
        let (line, head) = match lines.next() {
            Some(next) => next,
            None => {
                let end = lines.next_number();
                let message = format!("line {}: input ends without the final `0`", end);
                report.errors.push(message);
                break;
            }
        };
        if head == "0" {
            if let Some((line, extra)) = lines.next() {
                report.errors.push(format!(
                    "line {}: expected end of input after the final `0`, found {}",
                    line,
                    quote(extra)
                ));
            }
            break;
        }
        number += 1;
        let puzzle = match read_puzzle(line, head, &mut lines) {
            Ok(puzzle) => puzzle,
            Err(e) => {
                report.errors.push(format!("puzzle {}, {}", number, e));
                break;
            }
        };
        match puzzle.solve() {
            Some(grid) => {
                report.output.push_str(&format!("Puzzle {}\n", number));
                write_board(&grid, Layout::Compact, &mut report.output);
            }
            None => report
                .errors
                .push(format!("puzzle {}: no solution", number)),
        }
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = include_str!("../../../problems/4574/sample.in");

    #[test]
    fn sample_matches_the_judge() {
        let report = run(SAMPLE);
        assert_eq!(report.errors, Vec::<String>::new());
        assert_eq!(
            report.output,
            include_str!("../../../problems/4574/sample.out")
        );
    }

    /// The sample's first puzzle, then `tail` in place of the rest of the input.
    fn first_puzzle_then(tail: &str) -> String {
        let first: Vec<&str> = SAMPLE.lines().take(12).collect();
        format!("{}\n{}", first.join("\n"), tail)
    }

    #[test]
    fn puzzles_before_a_malformed_one_are_answered() {
        let report = run(&first_puzzle_then("12\n1 A1 2 A2\n"));
        assert!(report.output.starts_with("Puzzle 1\n872643195\n"));
        assert_eq!(report.output.lines().count(), 10);
        assert_eq!(
            report.errors,
            ["puzzle 2, line 15: input ends inside the puzzle; expected domino 2 of 12"]
        );
    }

    #[test]
    fn malformed_lines_are_named() {
        let cases = [
            ("9\n", "puzzle 2, line 13: expected the number of dominoes (10 to 35) or the final `0`, found `9`"),
            ("+10\n", "puzzle 2, line 13: expected the number of dominoes (10 to 35) or the final `0`, found `+10`"),
            ("10\n1 A1 1 A2\n", "puzzle 2, line 14: domino has the digit 1 on both halves"),
            ("10\n1 A1 2 A3\n", "puzzle 2, line 14: cells A1 and A3 are not adjacent"),
            ("10\n1 A1 2 J1\n", "puzzle 2, line 14: expected a cell A1 to I9, found `J1`"),
            ("10\n0 A1 2 A2\n", "puzzle 2, line 14: expected a digit 1-9, found `0`"),
            ("10\n1 A1 2\n", "puzzle 2, line 14: expected a domino `U LU V LV`, found `1 A1 2`"),
            ("10\n1 A1 2 A2\n2 B1 1 B2\n", "puzzle 2, line 15: domino 1-2 is already used"),
            ("10\n1 A1 2 A2\n3 A2 4 A3\n", "puzzle 2, line 15: cell A2 is already used"),
            ("", "line 13: input ends without the final `0`"),
            ("0\n5\n", "line 14: expected end of input after the final `0`, found `5`"),
        ];
        for (tail, expected) in cases.iter() {
            let report = run(&first_puzzle_then(tail));
            assert_eq!(report.output.lines().count(), 10, "{:?}", tail);
            assert_eq!(report.errors, [*expected], "{:?}", tail);
        }
    }

    #[test]
    fn an_unsolvable_puzzle_is_reported_and_the_next_one_answered() {
        // The sample's first puzzle with the lone 1 and 2 swapped breaks no rule on its face but
        // cannot be completed.
        let broken = SAMPLE.replacen("C5 A3 D9", "A3 C5 D9", 1);
        let report = run(&broken);
        assert_eq!(report.errors, ["puzzle 1: no solution"]);
        assert!(report.output.starts_with("Puzzle 2\n814267593\n"));
    }
}
