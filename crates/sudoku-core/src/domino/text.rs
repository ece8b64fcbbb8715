//! Su-Domino-Ku puzzles as the MCPC 2011 judge writes them: a line with the number of placed
//! dominoes N (10 to 35), N lines `U LU V LV`, then the cells of the lone digits 1 to 9.

use crate::domino::{cell_name, parse_cell, DominoPuzzle, Placement};
use crate::input::{quote, LineError, Lines};
use crate::judge::Report;
use crate::text::{write_board, Layout};

/// Reads the rest of a puzzle whose first line, `head` (the number of placed dominoes), is line
/// number `line`: the domino lines and the line of lone-digit cells. Errors name the line.
pub fn read_puzzle(line: usize, head: &str, lines: &mut Lines) -> Result<DominoPuzzle, LineError> {
    let count = match head.parse::<usize>() {
        Ok(count) if head.bytes().all(|b| b.is_ascii_digit()) && (10..=35).contains(&count) => {
            count
        }
        _ => {
            return Err(LineError::new(
                line,
                format!(
                    "expected the number of dominoes (10 to 35) or the final `0`, found {}",
                    quote(head)
                ),
            ))
        }
    };
    let mut puzzle = DominoPuzzle::new();
    for index in 1..=count {
        let (line, text) = next_line(lines, &format!("domino {} of {}", index, count))?;
        let on_line = |message: String| LineError::new(line, message);
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let (first, second) = match tokens[..] {
            [u, lu, v, lv] => (
                placement(u, lu).map_err(on_line)?,
                placement(v, lv).map_err(on_line)?,
            ),
            _ => {
                return Err(on_line(format!(
                    "expected a domino `U LU V LV`, found {}",
                    quote(text)
                )))
            }
        };
        puzzle
            .place_domino(first, second)
            .map_err(|e| on_line(e.to_string()))?;
    }
    let (line, text) = next_line(lines, "the cells of the digits 1 to 9")?;
    let names: Vec<&str> = text.split_whitespace().collect();
    if names.len() != 9 {
        return Err(LineError::new(
            line,
            format!(
                "expected the cells of the digits 1 to 9, found {} cells",
                names.len()
            ),
        ));
    }
    for (digit, name) in (1..=9).zip(names) {
        let cell = cell(name).map_err(|message| LineError::new(line, message))?;
        puzzle
            .place_single(Placement { digit, cell })
            .map_err(|e| LineError::new(line, e.to_string()))?;
    }
    Ok(puzzle)
}

fn next_line<'a>(lines: &mut Lines<'a>, expected: &str) -> Result<(usize, &'a str), LineError> {
    lines.next().ok_or_else(|| {
        LineError::new(
            lines.next_number(),
            format!("input ends inside the puzzle; expected {}", expected),
        )
    })
}

fn placement(digit: &str, name: &str) -> Result<Placement, String> {
    let digit = match digit.as_bytes() {
        [d @ b'1'..=b'9'] => d - b'0',
        _ => return Err(format!("expected a digit 1-9, found {}", quote(digit))),
    };
    Ok(Placement {
        digit,
        cell: cell(name)?,
    })
}

fn cell(name: &str) -> Result<usize, String> {
    parse_cell(name).ok_or_else(|| format!("expected a cell A1 to I9, found {}", quote(name)))
}

/// Appends `puzzle` in the judge's format: the number of dominoes, one line per domino, the line
/// of lone-digit cells. `None` (nothing appended) unless it has exactly one lone cell for each
/// digit 1 to 9.
pub fn write_puzzle(puzzle: &DominoPuzzle, out: &mut String) -> Option<()> {
    let mut singles = [None; 9];
    for single in puzzle.singles() {
        let slot = &mut singles[usize::from(single.digit - 1)];
        if slot.is_some() {
            return None;
        }
        *slot = Some(single.cell);
    }
    let singles: Vec<String> = singles
        .iter()
        .map(|cell| cell.map(cell_name))
        .collect::<Option<_>>()?;
    let dominoes = puzzle.dominoes();
    out.push_str(&format!("{}\n", dominoes.len()));
    for (a, b) in dominoes {
        out.push_str(&format!(
            "{} {} {} {}\n",
            a.digit,
            cell_name(a.cell),
            b.digit,
            cell_name(b.cell)
        ));
    }
    out.push_str(&singles.join(" "));
    out.push('\n');
    Some(())
}

/// Every puzzle of a whole judge input, up to its final `0`; the first malformed line is an
/// error.
pub fn read_puzzles(input: &str) -> Result<Vec<DominoPuzzle>, LineError> {
    let mut lines = Lines::new(input);
    let mut puzzles = Vec::new();
    loop {
        match lines.next() {
            None => {
                return Err(LineError::new(
                    lines.next_number(),
                    "input ends without the final `0`",
                ))
            }
            Some((_, "0")) => return Ok(puzzles),
            Some((line, head)) => puzzles.push(read_puzzle(line, head, &mut lines)?),
        }
    }
}

/// The whole judge answer to a Su-Domino-Ku input: `Puzzle i` and the completed board (nine
/// compact rows) for every puzzle up to the final `0`. An unsolvable puzzle is reported and
/// skipped; a malformed one is reported, naming its puzzle and line, and ends the answer, keeping
/// everything before it. Input that ends after a whole puzzle without the final `0`, or goes on
/// after it, is answered in full, with a note.
pub fn answer_input(input: &str) -> Report {
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

    #[test]
    fn written_puzzles_read_back_the_same() {
        for puzzle in read_puzzles(SAMPLE).unwrap() {
            let mut text = String::new();
            write_puzzle(&puzzle, &mut text).unwrap();
            text.push_str("0\n");
            assert_eq!(read_puzzles(&text).unwrap(), vec![puzzle]);
        }
        let mut text = String::new();
        assert_eq!(write_puzzle(&DominoPuzzle::new(), &mut text), None);
        assert_eq!(text, "");
    }

    #[test]
    fn reads_every_puzzle_up_to_the_final_zero() {
        let text = "10\n1 A1 2 A2\n";
        let error = read_puzzles(text).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 3: input ends inside the puzzle; expected domino 2 of 10"
        );
        assert_eq!(read_puzzles("0\n").unwrap().len(), 0);
        assert_eq!(
            read_puzzles("").unwrap_err().to_string(),
            "line 1: input ends without the final `0`"
        );
    }

    const SAMPLE: &str = include_str!("../../../../problems/4574/sample.in");

    #[test]
    fn sample_matches_the_judge() {
        let report = answer_input(SAMPLE);
        assert_eq!(report.errors, Vec::<String>::new());
        assert_eq!(
            report.output,
            include_str!("../../../../problems/4574/sample.out")
        );
    }

    /// The sample's first puzzle, then `tail` in place of the rest of the input.
    fn first_puzzle_then(tail: &str) -> String {
        let first: Vec<&str> = SAMPLE.lines().take(12).collect();
        format!("{}\n{}", first.join("\n"), tail)
    }

    #[test]
    fn puzzles_before_a_malformed_one_are_answered() {
        let report = answer_input(&first_puzzle_then("12\n1 A1 2 A2\n"));
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
        ];
        for (tail, expected) in cases.iter() {
            let report = answer_input(&first_puzzle_then(tail));
            assert_eq!(report.output.lines().count(), 10, "{:?}", tail);
            assert_eq!(report.errors, [*expected], "{:?}", tail);
        }
    }

    #[test]
    fn an_input_answered_in_full_but_ended_otherwise_gets_a_note() {
        let cases = [
            (
                "",
                "line 13: input ends without the final `0`; every puzzle in it was answered",
            ),
            (
                "0\n5\n",
                "line 14: ignored what follows the final `0`, starting `5`",
            ),
            (
                "0\n\u{0}\n",
                "line 14: ignored what follows the final `0`, starting `\\u{0}`",
            ),
        ];
        for (tail, expected) in cases.iter() {
            let report = answer_input(&first_puzzle_then(tail));
            assert_eq!(report.output.lines().count(), 10, "{:?}", tail);
            assert_eq!(report.errors, Vec::<String>::new(), "{:?}", tail);
            assert_eq!(report.notes, [*expected], "{:?}", tail);
        }
        let report = answer_input(&first_puzzle_then("0\n \r\n\t\n"));
        assert_eq!((report.errors.len(), report.notes.len()), (0, 0));
    }

    #[test]
    fn an_unsolvable_puzzle_is_reported_and_the_next_one_answered() {
        // The sample's first puzzle with the lone 1 and 2 swapped breaks no rule on its face but
        // cannot be completed.
        let broken = SAMPLE.replacen("C5 A3 D9", "A3 C5 D9", 1);
        let report = answer_input(&broken);
        assert_eq!(report.errors, ["puzzle 1: no solution"]);
        assert!(report.output.starts_with("Puzzle 2\n814267593\n"));
    }
}
