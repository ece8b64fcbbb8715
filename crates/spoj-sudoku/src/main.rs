//! SPOJ SUDOKU (also UVa 1309): K boards of 16x16 cells in boxes of 4x4, each as 16 lines of 16
//! letters `A`-`P` with `-` for a blank; print each completed board the same way, a blank line
//! between boards.

use std::process::ExitCode;

use sudoku_core::family::Sudoku;
use sudoku_core::judge::family_text::{digit_of, symbol};
use sudoku_core::judge::input::{quote, LineError, Lines};
use sudoku_core::judge::{run_process, Report};

fn main() -> ExitCode {
    run_process(answer)
}

/// The side of a board: 16 cells, letters `A` to `P`.
const SIDE: usize = 16;

/// The whole answer to one judge input: each board completed, a blank line between them. A board
/// that cannot be completed is reported and skipped; a malformed one is reported, naming its
/// board and line, and ends the answer, keeping every board before it. Lines after the last board
/// are ignored with a note.
pub fn answer(input: &str) -> Report {
    let mut report = Report::default();
    let mut lines = Lines::new(input);
    let count = match read_count(&mut lines) {
        Ok(count) => count,
        Err(error) => {
            report.errors.push(error.to_string());
            return report;
        }
    };
    for number in 1..=count {
        let puzzle = match read_board(&mut lines) {
            Ok(puzzle) => puzzle,
            Err(error) => {
                report.errors.push(format!("board {}, {}", number, error));
                return report;
            }
        };
        match puzzle.solution() {
            Some(solution) => {
                if !report.output.is_empty() {
                    report.output.push('\n');
                }
                write_board(&solution, &mut report.output);
            }
            None => report.errors.push(format!("board {}: no solution", number)),
        }
    }
    if let Some((line, extra)) = lines.next() {
        report.notes.push(format!(
            "line {}: ignored what follows the last of the {} boards, starting {}",
            line,
            count,
            quote(extra)
        ));
    }
    report
}

/// Reads the first line: the number of boards.
fn read_count(lines: &mut Lines) -> Result<usize, LineError> {
    let (line, text) = lines
        .next()
        .ok_or_else(|| LineError::new(1, "expected the number of boards, found nothing"))?;
    match text.parse::<usize>() {
        Ok(count) if text.bytes().all(|b| b.is_ascii_digit()) => Ok(count),
        _ => Err(LineError::new(
            line,
            format!("expected the number of boards, found {}", quote(text)),
        )),
    }
}

/// Reads one board of 16 rows.
fn read_board(lines: &mut Lines) -> Result<Sudoku, LineError> {
    let mut puzzle = Sudoku::empty(4).expect("boxes of 4x4");
    for row in 0..SIDE {
        let (line, text) = lines.next().ok_or_else(|| {
            LineError::new(
                lines.next_number(),
                format!("input ends after {} of {} rows", row, SIDE),
            )
        })?;
        let mut cells = 0;
        for ch in text.chars() {
            // The family's symbols for 16x16 boards are SPOJ's letters; `.` and `0` are not SPOJ's.
            let digit = match digit_of(ch, SIDE) {
                Some(digit) if ch != '.' && ch != '0' => digit,
                _ => {
                    return Err(LineError::new(
                        line,
                        format!(
                            "expected a letter A-P or `-`, found {}",
                            quote(ch.encode_utf8(&mut [0; 4]))
                        ),
                    ))
                }
            };
            if cells < SIDE {
                puzzle.set(row * SIDE + cells, digit);
            }
            cells += 1;
        }
        if cells != SIDE {
            return Err(LineError::new(
                line,
                format!("expected {} cells, found {}", SIDE, cells),
            ));
        }
    }
    Ok(puzzle)
}

/// Appends the 16 rows of `board` as letters.
fn write_board(board: &Sudoku, out: &mut String) {
    for row in board.cells().chunks(SIDE) {
        out.extend(row.iter().map(|&digit| symbol(digit, SIDE)));
        out.push('\n');
    }
}
