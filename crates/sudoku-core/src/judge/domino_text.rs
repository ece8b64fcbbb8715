//! Su-Domino-Ku puzzles as the MCPC 2011 judge writes them: a line with the number of placed
//! dominoes N (10 to 35), N lines `U LU V LV`, then the cells of the lone digits 1 to 9.

use super::input::{quote, LineError, Lines};
use crate::domino::{cell_name, parse_cell, DominoPuzzle, Placement};

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

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = include_str!("../../../../problems/boj-4574/sample.in");

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
}
