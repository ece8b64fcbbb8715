//! 9x9 boards as text: nine lines of nine digits (0 for a blank), or one line of 81 characters.

use super::input::{quote, LineError, Lines};
use crate::grid::{Grid, Unit};
use crate::units::row_of;

/// How the nine digits of a row are written on their line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RowFormat {
    /// Separated by white space: `1 0 3 0 0 0 5 0 9`.
    Spaced,
    /// Side by side: `103000509`.
    Compact,
}

/// A board read from text, with the line each row came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ParsedBoard {
    /// The digits read, 0 for a blank.
    pub grid: Grid,
    /// The 1-based input line of each row.
    pub row_lines: [usize; 9],
}

impl ParsedBoard {
    /// `Ok` if no digit repeats in a row, column or box; otherwise an error on the line of the
    /// repeat that comes second in reading order.
    pub fn check_givens(&self) -> Result<(), LineError> {
        let conflict = match self.grid.first_conflict() {
            None => return Ok(()),
            Some(conflict) => conflict,
        };
        let (first, second) = conflict.cells;
        let (line, other_line) = (
            self.row_lines[row_of(second)],
            self.row_lines[row_of(first)],
        );
        let place = match conflict.unit {
            Unit::Row(r) => format!("row {}", r + 1),
            Unit::Column(c) => format!("column {} (also on line {})", c + 1, other_line),
            Unit::Box(b) => format!("box {} (also on line {})", b + 1, other_line),
        };
        Err(LineError::new(
            line,
            format!(
                "no solution: digit {} appears twice in {}",
                conflict.digit, place
            ),
        ))
    }
}

/// Reads a board of nine rows written in `row_format`: blank lines and white space around a row
/// are ignored, anything else that is not exactly nine rows of nine digits is an error naming its
/// line.
///
/// ```
/// use sudoku_core::judge::board_text::{parse_board, RowFormat};
///
/// let rows = "0 0 3 0 2 0 6 0 0\n".repeat(9);
/// let board = parse_board(&rows, RowFormat::Spaced).unwrap();
/// assert_eq!(board.grid.get(2), 3);
/// assert_eq!(board.row_lines[8], 9);
/// // The same digit in every row breaks the column rule: reported on the second row's line.
/// let error = board.check_givens().unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "line 2: no solution: digit 3 appears twice in column 3 (also on line 1)"
/// );
///
/// let error = parse_board("1 2 3\n", RowFormat::Spaced).unwrap_err();
/// assert_eq!(error.to_string(), "line 1: expected 9 digits, found 3");
/// ```
pub fn parse_board(input: &str, row_format: RowFormat) -> Result<ParsedBoard, LineError> {
    let mut lines = Lines::new(input);
    let mut grid = Grid::EMPTY;
    let mut row_lines = [0; 9];
    for (row, row_line) in row_lines.iter_mut().enumerate() {
        let (number, line) = match lines.next() {
            Some(next) => next,
            None => {
                return Err(LineError::new(
                    lines.next_number(),
                    format!("input ends after {} of 9 rows", row),
                ))
            }
        };
        let digits =
            parse_row(line, row_format).map_err(|message| LineError::new(number, message))?;
        for (col, &digit) in digits.iter().enumerate() {
            grid.set(row * 9 + col, digit);
        }
        *row_line = number;
    }
    if let Some((number, line)) = lines.next() {
        return Err(LineError::new(
            number,
            format!("expected end of input after 9 rows, found {}", quote(line)),
        ));
    }
    Ok(ParsedBoard { grid, row_lines })
}

fn parse_row(line: &str, row_format: RowFormat) -> Result<[u8; 9], String> {
    let mut row = [0; 9];
    let mut count = 0;
    let mut put = |token: &str| -> Result<(), String> {
        let digit = match token.as_bytes() {
            [d @ b'0'..=b'9'] => d - b'0',
            _ => return Err(format!("expected a digit 0-9, found {}", quote(token))),
        };
        if count < 9 {
            row[count] = digit;
        }
        count += 1;
        Ok(())
    };
    match row_format {
        RowFormat::Spaced => line.split_whitespace().try_for_each(&mut put)?,
        RowFormat::Compact => {
            if line.contains(char::is_whitespace) {
                return Err(format!(
                    "expected 9 digits with no spaces, found {}",
                    quote(line)
                ));
            }
            let mut chars = line.char_indices().peekable();
            while let Some((start, _)) = chars.next() {
                let end = chars.peek().map_or(line.len(), |&(end, _)| end);
                put(&line[start..end])?;
            }
        }
    }
    if count != 9 {
        return Err(format!("expected 9 digits, found {}", count));
    }
    Ok(row)
}

/// Reads a one-board input written in `row_format`, completes the board with `solver` and writes
/// the completion in the same format; or a one-line reason (naming the line where there is one)
/// when the input is malformed, repeats a given, or `solver` finds no completion.
pub fn solve_board_text(
    input: &str,
    row_format: RowFormat,
    solver: fn(&Grid) -> Option<Grid>,
) -> Result<String, String> {
    let board = parse_board(input, row_format).map_err(|e| e.to_string())?;
    board.check_givens().map_err(|e| e.to_string())?;
    let solution = solver(&board.grid).ok_or("no solution: the board cannot be completed")?;
    let mut output = String::new();
    write_board(&solution, row_format, &mut output);
    Ok(output)
}

/// Appends `grid` in `row_format`: nine lines, each ending in a newline.
pub fn write_board(grid: &Grid, row_format: RowFormat, out: &mut String) {
    for (cell, &digit) in grid.cells().iter().enumerate() {
        if row_format == RowFormat::Spaced && cell % 9 != 0 {
            out.push(' ');
        }
        out.push(char::from(b'0' + digit));
        if cell % 9 == 8 {
            out.push('\n');
        }
    }
}

/// Reads a board written on one line: 81 characters row by row, each a digit 1-9 or `.` or `0`
/// for a blank; white space around the line is ignored. The error says what is wrong, without a
/// line number.
pub fn parse_line(line: &str) -> Result<Grid, String> {
    let line = line.trim();
    let mut cells = [0u8; 81];
    // Blanks and digits come in no order a branch predictor could learn, so each byte is read
    // without a branch on what it is, and a byte that is not a cell is looked for only once one
    // has been seen.
    let mut strays = false;
    for (cell, &byte) in cells.iter_mut().zip(line.as_bytes()) {
        let digit = byte.wrapping_sub(b'0');
        strays |= digit > 9 && byte != b'.';
        *cell = if digit <= 9 { digit } else { 0 };
    }
    if !strays && line.len() == 81 {
        return Ok(Grid::from_cells(cells).expect("every cell was read as a digit up to 9"));
    }
    // Count characters, not bytes, and report the first one that is not a cell, even past the
    // 81st, before the length.
    let cell = |ch: char| matches!(ch, '.' | '0'..='9');
    match line.chars().enumerate().find(|&(_, ch)| !cell(ch)) {
        Some((count, ch)) => Err(format!(
            "unexpected character {} at position {}",
            quote(ch.encode_utf8(&mut [0; 4])),
            count + 1
        )),
        None => Err(format!("expected 81 cells, found {}", line.chars().count())),
    }
}

/// Appends `grid` as one line of 81 digits (`.` for a blank) and a newline.
pub fn write_line(grid: &Grid, out: &mut String) {
    let mut line = [b'\n'; 82];
    for (byte, &digit) in line.iter_mut().zip(grid.cells().iter()) {
        *byte = if digit == 0 { b'.' } else { b'0' + digit };
    }
    out.push_str(std::str::from_utf8(&line).expect("digits, dots and a newline are ASCII"));
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPACED: &str = "0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n\
                          3 2 1 0 4 6 8 9 7\n8 0 4 9 1 3 5 0 6\n5 9 6 8 2 0 4 1 3\n\
                          9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n2 5 8 3 9 4 7 6 0\n";

    fn err(input: &str, row_format: RowFormat) -> String {
        parse_board(input, row_format).unwrap_err().to_string()
    }

    #[test]
    fn one_line_boards_round_trip() {
        let line = format!("{}{}", "1.3", "0".repeat(78));
        let grid = parse_line(&format!("  {}\r\n", line)).unwrap();
        assert_eq!(grid.get(0), 1);
        assert_eq!(grid.get(1), 0);
        assert_eq!(grid.get(2), 3);
        let mut out = String::new();
        write_line(&grid, &mut out);
        assert_eq!(out, format!("1.3{}\n", ".".repeat(78)));
        assert_eq!(parse_line("12").unwrap_err(), "expected 81 cells, found 2");
        assert_eq!(
            parse_line(&format!("{}x", ".".repeat(80))).unwrap_err(),
            "unexpected character `x` at position 81"
        );
        assert_eq!(
            parse_line(&".".repeat(82)).unwrap_err(),
            "expected 81 cells, found 82"
        );
    }

    #[test]
    fn one_line_errors_count_characters_not_bytes() {
        // A character of several bytes is named whole, at its character position.
        assert_eq!(
            parse_line(&format!("12é{}", ".".repeat(78))).unwrap_err(),
            "unexpected character `é` at position 3"
        );
        // A bad character past the 81st cell is still named rather than counted.
        assert_eq!(
            parse_line(&format!("{}.→", ".".repeat(81))).unwrap_err(),
            "unexpected character `→` at position 83"
        );
        // 81 characters that take more than 81 bytes are not a board.
        assert_eq!(
            parse_line(&format!("{}ü", ".".repeat(80))).unwrap_err(),
            "unexpected character `ü` at position 81"
        );
    }

    #[test]
    fn every_ascii_byte_is_read_as_a_cell_or_refused() {
        // At the start, in the middle and at the end of a line of blanks: the bytes either side
        // of the digits ('/' and ':') are refused like any other.
        for byte in 0..128u8 {
            for at in [0, 40, 80] {
                let mut line = [b'.'; 81];
                line[at] = byte;
                let parsed = parse_line(std::str::from_utf8(&line).unwrap());
                match byte {
                    b'.' | b'0' => assert_eq!(parsed, Ok(Grid::EMPTY)),
                    b'1'..=b'9' => assert_eq!(parsed.unwrap().get(at), byte - b'0'),
                    _ => assert!(parsed.is_err(), "byte {} at {}", byte, at),
                }
            }
        }
    }

    #[test]
    fn spaced_board_round_trips() {
        let parsed = parse_board(SPACED, RowFormat::Spaced).unwrap();
        assert_eq!(parsed.grid.get(1), 3);
        assert_eq!(parsed.grid.get(80), 0);
        assert_eq!(parsed.row_lines, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let mut out = String::new();
        write_board(&parsed.grid, RowFormat::Spaced, &mut out);
        assert_eq!(out, SPACED);
    }

    #[test]
    fn white_space_is_forgiven() {
        let messy = format!(
            "\r\n\n{}\n\n",
            SPACED.replace('\n', "  \r\n").replace(' ', "\t ")
        );
        let parsed = parse_board(&messy, RowFormat::Spaced).unwrap();
        assert_eq!(
            parsed.grid,
            parse_board(SPACED, RowFormat::Spaced).unwrap().grid
        );
        assert_eq!(parsed.row_lines[0], 3);
        let compact = "103000509\r\n002109400\r\n000704000\r\n300502006\r\n060000050\r\n\
                       700803004\r\n000401000\r\n009205800\r\n804000107";
        let parsed = parse_board(compact, RowFormat::Compact).unwrap();
        let mut out = String::new();
        write_board(&parsed.grid, RowFormat::Compact, &mut out);
        assert_eq!(out, compact.replace('\r', "") + "\n");
    }

    #[test]
    fn bad_content_is_reported_on_its_line() {
        let short_row = SPACED.replacen("0 3 5 4 6 9 2 7 8", "0 3 5 4 6 9 2 7", 1);
        assert_eq!(
            err(&short_row, RowFormat::Spaced),
            "line 1: expected 9 digits, found 8"
        );
        let letter = SPACED.replacen("7 8 2 1 0", "7 8 x 1 0", 1);
        assert_eq!(
            err(&letter, RowFormat::Spaced),
            "line 2: expected a digit 0-9, found `x`"
        );
        let glued = SPACED.replacen("0 6 0 2", "06 0 2", 1);
        assert_eq!(
            err(&glued, RowFormat::Spaced),
            "line 3: expected a digit 0-9, found `06`"
        );
        let truncated: String = SPACED.lines().take(7).map(|l| format!("{}\n", l)).collect();
        assert_eq!(
            err(&truncated, RowFormat::Spaced),
            "line 8: input ends after 7 of 9 rows"
        );
        let extra = format!("{}\n1 2 3\n", SPACED);
        assert_eq!(
            err(&extra, RowFormat::Spaced),
            "line 11: expected end of input after 9 rows, found `1 2 3`"
        );
        assert_eq!(
            err("12345678\n", RowFormat::Compact),
            "line 1: expected 9 digits, found 8"
        );
        assert_eq!(
            err("1234567890\n", RowFormat::Compact),
            "line 1: expected 9 digits, found 10"
        );
        assert_eq!(
            err("1234 56789\n", RowFormat::Compact),
            "line 1: expected 9 digits with no spaces, found `1234 56789`"
        );
        assert_eq!(
            err("12345678é\n", RowFormat::Compact),
            "line 1: expected a digit 0-9, found `é`"
        );
        assert_eq!(
            err("", RowFormat::Compact),
            "line 1: input ends after 0 of 9 rows"
        );
    }

    #[test]
    fn repeated_givens_name_the_second_line() {
        let rows = [
            "100000000",
            "000000000",
            "000000000",
            "000000000",
            "000000000",
            "000000000",
            "100000000",
            "000000000",
            "000000000",
        ];
        let parsed = parse_board(&rows.join("\n"), RowFormat::Compact).unwrap();
        assert_eq!(
            parsed.check_givens().unwrap_err().to_string(),
            "line 7: no solution: digit 1 appears twice in column 1 (also on line 1)"
        );
        let mut same_row = rows;
        same_row[6] = "000000000";
        same_row[0] = "100000001";
        let parsed = parse_board(&same_row.join("\n"), RowFormat::Compact).unwrap();
        assert_eq!(
            parsed.check_givens().unwrap_err().to_string(),
            "line 1: no solution: digit 1 appears twice in row 1"
        );
        let mut same_box = rows;
        same_box[6] = "000000000";
        same_box[2] = "020000000";
        same_box[1] = "002000000";
        let parsed = parse_board(&same_box.join("\n"), RowFormat::Compact).unwrap();
        assert_eq!(
            parsed.check_givens().unwrap_err().to_string(),
            "line 3: no solution: digit 2 appears twice in box 1 (also on line 2)"
        );
        assert_eq!(
            parse_board(SPACED, RowFormat::Spaced)
                .unwrap()
                .check_givens(),
            Ok(())
        );
    }
}
