//! UVa 989 "Su Doku": boards of n x n boxes (n from 1 to 3), each given as n and then n² rows of
//! n² numbers (0 for a blank), cases apart by blank lines; print each board's smallest completion
//! in reading order, or `NO SOLUTION`, with a blank line between cases.

use std::process::ExitCode;

use sudoku_core::family::Sudoku;
use sudoku_core::judge::input::{quote, LineError, Lines};
use sudoku_core::judge::{run_process, Report};

fn main() -> ExitCode {
    run_process(answer)
}

/// The whole answer to one judge input: every case's smallest completion or `NO SOLUTION`, a
/// blank line between them. A malformed case is reported, naming its case and line, and ends the
/// answer, keeping every case before it.
pub fn answer(input: &str) -> Report {
    let mut report = Report::default();
    let mut lines = Lines::new(input);
    let mut number = 0;
    while let Some((line, head)) = lines.next() {
        number += 1;
        let puzzle = match read_case(line, head, &mut lines) {
            Ok(puzzle) => puzzle,
            Err(error) => {
                report.errors.push(format!("case {}, {}", number, error));
                break;
            }
        };
        if number > 1 {
            report.output.push('\n');
        }
        match puzzle.smallest_solution() {
            Some(solution) => write_rows(&solution, &mut report.output),
            None => report.output.push_str("NO SOLUTION\n"),
        }
    }
    if number == 0 {
        report.notes.push("the input holds no case".to_string());
    }
    report
}

/// The largest box side the problem allows.
const MAX_N: usize = 3;

/// Reads the rest of a case whose first line, `head` (the box side n), is line number `line`.
fn read_case(line: usize, head: &str, lines: &mut Lines) -> Result<Sudoku, LineError> {
    let n = match head.parse::<usize>() {
        Ok(n) if head.bytes().all(|b| b.is_ascii_digit()) && (1..=MAX_N).contains(&n) => n,
        _ => {
            return Err(LineError::new(
                line,
                format!("expected the box size n (1 to 3), found {}", quote(head)),
            ))
        }
    };
    let side = n * n;
    let mut puzzle = Sudoku::empty(n).expect("n is from 1 to 3");
    for row in 0..side {
        let (line, text) = lines.next().ok_or_else(|| {
            LineError::new(
                lines.next_number(),
                format!("input ends after {} of {} rows", row, side),
            )
        })?;
        let tokens: Vec<&str> = text.split_whitespace().collect();
        if tokens.len() != side {
            return Err(LineError::new(
                line,
                format!("expected {} numbers, found {}", side, tokens.len()),
            ));
        }
        for (column, token) in tokens.into_iter().enumerate() {
            let digit = match token.parse::<u8>() {
                Ok(d) if token.bytes().all(|b| b.is_ascii_digit()) && usize::from(d) <= side => d,
                _ => {
                    return Err(LineError::new(
                        line,
                        format!(
                            "expected a number from 0 to {}, found {}",
                            side,
                            quote(token)
                        ),
                    ))
                }
            };
            puzzle.set(row * side + column, digit);
        }
    }
    Ok(puzzle)
}

/// Appends the rows of `board`, numbers apart by single spaces.
fn write_rows(board: &Sudoku, out: &mut String) {
    for row in board.cells().chunks(board.side()) {
        let numbers: Vec<String> = row.iter().map(|d| d.to_string()).collect();
        out.push_str(&numbers.join(" "));
        out.push('\n');
    }
}
