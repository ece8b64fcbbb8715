//! BOJ 4574 (MCPC 2011 "Su-Domino-Ku"): puzzles of placed dominoes and nine lone digits, ended
//! by a line `0`; print each completed board as `Puzzle i` and nine compact rows.

use std::process::ExitCode;

use sudoku_core::judge::board_text::{write_board, RowFormat};
use sudoku_core::judge::domino_text::read_puzzle;
use sudoku_core::judge::input::{quote, Lines};
use sudoku_core::judge::{run_process, Report};

fn main() -> ExitCode {
    run_process(answer)
}

/// The whole judge answer to a Su-Domino-Ku input: `Puzzle i` and the completed board (nine
/// compact rows) for every puzzle up to the final `0`. An unsolvable puzzle is reported and
/// skipped; a malformed one is reported, naming its puzzle and line, and ends the answer, keeping
/// everything before it. Input that ends after a whole puzzle without the final `0`, or goes on
/// after it, is answered in full, with a note.
pub fn answer(input: &str) -> Report {
    let mut report = Report::default();
    let mut lines = Lines::new(input);
    let mut number = 0;
    loop {
        let (line, head) = match lines.next() {
            Some(next) => next,
            None => {
                let end = lines.next_number();
                let message = format!(
                    "line {}: input ends without the final `0`; every puzzle in it was answered",
                    end
                );
                report.notes.push(message);
                break;
            }
        };
        if head == "0" {
            if let Some((line, extra)) = lines.next() {
                report.notes.push(format!(
                    "line {}: ignored what follows the final `0`, starting {}",
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
        match puzzle.solution() {
            Some(grid) => {
                report.output.push_str(&format!("Puzzle {}\n", number));
                write_board(&grid, RowFormat::Compact, &mut report.output);
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

    /// The sample's first puzzle, then `tail` in place of the rest of the input.
    fn first_puzzle_then(tail: &str) -> String {
        let sample = include_str!("../../../problems/boj-4574/sample.in");
        let first: Vec<&str> = sample.lines().take(12).collect();
        format!("{}\n{}", first.join("\n"), tail)
    }

    // The problem's cases hold the ordinary endings; these are the escaped and blank ones.
    #[test]
    fn what_follows_the_final_zero_is_quoted_visibly_or_ignored_if_blank() {
        let report = answer(&first_puzzle_then("0\n\u{0}\n"));
        assert_eq!(report.output.lines().count(), 10);
        assert_eq!(report.errors, Vec::<String>::new());
        assert_eq!(
            report.notes,
            ["line 14: ignored what follows the final `0`, starting `\\u{0}`"]
        );
        let report = answer(&first_puzzle_then("0\n \r\n\t\n"));
        assert_eq!(report.output.lines().count(), 10);
        assert_eq!((report.errors.len(), report.notes.len()), (0, 0));
    }
}
