//! Boards of `n x n` boxes written on one line, row by row: `n⁴` characters, 1, 16, 81, 256 or
//! 625 of them, which give the size.
//!
//! Boards up to 9x9 write their digits as `1`-`9`; larger ones as letters, `A` for 1 up to `P`
//! (16x16) or `Y` (25x25), the way SPOJ and most 16x16 collections write them. A blank is `.`,
//! `-` or `0` at any size.

use super::input::quote;
use crate::family::{Sudoku, MAX_BOX};

/// The symbol of `digit` (1 to `side`) on a board of `side` digits.
pub fn symbol(digit: u8, side: usize) -> char {
    if side <= 9 {
        char::from(b'0' + digit)
    } else {
        char::from(b'A' + digit - 1)
    }
}

/// The digit `ch` stands for on a board of `side` digits: `Some(0)` for a blank, `None` if it is
/// not a symbol of that size.
pub fn digit_of(ch: char, side: usize) -> Option<u8> {
    let digit = match ch {
        '.' | '-' | '0' => return Some(0),
        '1'..='9' if side <= 9 => ch as u8 - b'0',
        'A'..='Y' if side > 9 => ch as u8 - b'A' + 1,
        _ => return None,
    };
    if usize::from(digit) <= side {
        Some(digit)
    } else {
        None
    }
}

/// Reads a board written on one line; white space around it is ignored. The error says what is
/// wrong, without a line number.
///
/// ```
/// use sudoku_core::judge::family_text::{parse_line, write_line};
///
/// let puzzle = parse_line(&format!("AB{}", "-".repeat(254))).unwrap();
/// assert_eq!((puzzle.side(), puzzle.get(1)), (16, 2));
/// let mut text = String::new();
/// write_line(&puzzle.solution().unwrap(), &mut text);
/// assert!(text.starts_with("AB") && text.len() == 257);
/// ```
pub fn parse_line(line: &str) -> Result<Sudoku, String> {
    let line = line.trim();
    let count = line.chars().count();
    let n = match (1..=MAX_BOX).find(|n| n.pow(4) == count) {
        Some(n) => n,
        None => {
            return Err(format!(
                "expected 81 cells (or 1, 16, 256 or 625), found {}",
                count
            ))
        }
    };
    let side = n * n;
    let mut cells = Vec::with_capacity(count);
    for (position, ch) in line.chars().enumerate() {
        match digit_of(ch, side) {
            Some(digit) => cells.push(digit),
            None => {
                return Err(format!(
                    "unexpected character {} at position {} of a {}x{} board",
                    quote(ch.encode_utf8(&mut [0; 4])),
                    position + 1,
                    side,
                    side
                ))
            }
        }
    }
    Ok(Sudoku::from_cells(n, cells).expect("every cell was read as a digit of the board"))
}

/// Appends `board` on one line (`.` for a blank) and a newline.
pub fn write_line(board: &Sudoku, out: &mut String) {
    let side = board.side();
    out.extend(board.cells().iter().map(|&digit| match digit {
        0 => '.',
        _ => symbol(digit, side),
    }));
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_reads_back_what_it_writes() {
        for n in 1..=MAX_BOX {
            let solved = Sudoku::empty(n).unwrap().solution().unwrap();
            let mut text = String::new();
            write_line(&solved, &mut text);
            assert_eq!(parse_line(&text).unwrap(), solved, "n = {}", n);
        }
    }

    #[test]
    fn symbols_belong_to_their_size() {
        assert_eq!(
            parse_line("1234").unwrap_err(),
            "expected 81 cells (or 1, 16, 256 or 625), found 4"
        );
        assert_eq!(
            parse_line(&format!("5{}", ".".repeat(15))).unwrap_err(),
            "unexpected character `5` at position 1 of a 4x4 board"
        );
        assert_eq!(
            parse_line(&format!("{}Q", "-".repeat(255))).unwrap_err(),
            "unexpected character `Q` at position 256 of a 16x16 board"
        );
        assert!(parse_line(&format!("Y{}", "0".repeat(624))).is_ok());
    }
}
