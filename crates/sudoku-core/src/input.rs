//! Reading judge input line by line: lenient about white space, exact about line numbers.

use std::fmt;

/// A problem with the input, tied to the 1-based line where it was found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LineError {
    /// The line (1-based) the problem is on; one past the last line for input that ends early.
    pub line: usize,
    /// What is wrong, without the line number.
    pub message: String,
}

impl LineError {
    /// An error on `line` saying `message`.
    pub fn new(line: usize, message: impl Into<String>) -> Self {
        LineError {
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// The non-blank lines of an input with their 1-based numbers, trimmed of surrounding white
/// space (so CRLF endings, trailing spaces and blank lines are all accepted).
#[derive(Clone, Debug)]
pub struct Lines<'a> {
    rest: std::str::Lines<'a>,
    number: usize,
}

impl<'a> Lines<'a> {
    /// The lines of `input`.
    pub fn new(input: &'a str) -> Self {
        Lines {
            rest: input.lines(),
            number: 0,
        }
    }

    /// The number a line read after the last one would have: where "input ends early" errors
    /// point once the lines are exhausted, and the last line read before that.
    pub fn next_number(&self) -> usize {
        self.number + 1
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        for line in self.rest.by_ref() {
            self.number += 1;
            let line = line.trim();
            if !line.is_empty() {
                return Some((self.number, line));
            }
        }
        None
    }
}

/// A token for an error message: the text in backquotes, shortened if long.
pub fn quote(token: &str) -> String {
    const LIMIT: usize = 20;
    match token.char_indices().nth(LIMIT) {
        Some((end, _)) => format!("`{}...`", &token[..end]),
        None => format!("`{}`", token),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skips_blank_lines_and_keeps_numbers() {
        let mut lines = Lines::new("a\r\n\r\n  b  \n\t\nc");
        assert_eq!(lines.next(), Some((1, "a")));
        assert_eq!(lines.next(), Some((3, "b")));
        assert_eq!(lines.next(), Some((5, "c")));
        assert_eq!(lines.next(), None);
        assert_eq!(lines.next_number(), 6);
    }

    #[test]
    fn end_of_input_points_past_the_last_line() {
        let mut lines = Lines::new("x\n\n");
        assert_eq!(lines.next(), Some((1, "x")));
        assert_eq!(lines.next(), None);
        assert_eq!(lines.next_number(), 3);
        assert_eq!(Lines::new("").next_number(), 1);
    }

    #[test]
    fn errors_name_their_line_and_long_tokens_are_cut() {
        assert_eq!(LineError::new(4, "bad").to_string(), "line 4: bad");
        assert_eq!(quote("ab"), "`ab`");
        assert_eq!(quote(&"x".repeat(50)), format!("`{}...`", "x".repeat(20)));
        assert_eq!(quote(&"é".repeat(21)), format!("`{}...`", "é".repeat(20)));
    }
}
