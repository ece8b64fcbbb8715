//! Reading judge input line by line: lenient about white space and encoding, exact about line
//! numbers.

use std::borrow::Cow;
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

/// A token for an error message: the text in backquotes, shortened if long, with every
/// character that does not show (see [`visible`]) escaped.
pub fn quote(token: &str) -> String {
    const LIMIT: usize = 20;
    match token.char_indices().nth(LIMIT) {
        Some((end, _)) => format!("`{}...`", visible(&token[..end])),
        None => format!("`{}`", visible(token)),
    }
}

/// `text` with every character that does not show on a terminal written as its code point,
/// `\u{...}`: control characters (NUL and a DOS end-of-file byte among them), byte-order marks
/// and the zero-width and other invisible format characters. Everything else is kept.
pub fn visible(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for ch in text.chars() {
        if ch.is_control() || is_invisible(ch) {
            shown.push_str(&format!("\\u{{{:x}}}", u32::from(ch)));
        } else {
            shown.push(ch);
        }
    }
    shown
}

/// Whether `ch` is a format character that takes no room: zero-width spaces and joiners,
/// direction marks, the word joiner and invisible operators, the byte-order mark, the soft
/// hyphen and the Mongolian vowel separator.
fn is_invisible(ch: char) -> bool {
    matches!(
        ch,
        '\u{ad}' | '\u{180e}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{2069}' | '\u{feff}'
    )
}

/// The text of an input file's `bytes`, and a note when they were not read as plain UTF-8.
/// UTF-8 is taken as it is. Bytes that are not UTF-8 become U+FFFD (so that they are reported
/// like any other bad character), and the note names the first of them, with its line, as
/// escaped bytes (`\xA0`): the text alone could not show which they were. Bytes that start with
/// a UTF-16 byte-order mark (FF FE, or FE FF), as Windows PowerShell and Notepad's "Unicode"
/// save text, are read as UTF-16 of that byte order, each unpaired surrogate (or odd last byte)
/// becoming U+FFFD.
pub fn decode_input(bytes: &[u8]) -> (Cow<'_, str>, Option<String>) {
    let (big_endian, order) = match bytes {
        [0xFF, 0xFE, ..] => (false, "little-endian"),
        [0xFE, 0xFF, ..] => (true, "big-endian"),
        _ => {
            return match std::str::from_utf8(bytes) {
                Ok(text) => (Cow::Borrowed(text), None),
                Err(error) => (
                    String::from_utf8_lossy(bytes),
                    Some(not_utf_8(bytes, &error)),
                ),
            }
        }
    };
    let units = bytes[2..].chunks(2).map(|pair| match *pair {
        [a, b] if big_endian => u16::from_be_bytes([a, b]),
        [a, b] => u16::from_le_bytes([a, b]),
        _ => 0xFFFD,
    });
    let text: String = char::decode_utf16(units)
        .map(|unit| unit.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect();
    let note = format!(
        "input read as UTF-16 ({}), as its byte-order mark says",
        order
    );
    (Cow::Owned(text), Some(note))
}

/// The note for `bytes` that are not UTF-8 from where `error` says: the line and byte (both
/// 1-based) of the first bytes that are not, and those bytes.
fn not_utf_8(bytes: &[u8], error: &std::str::Utf8Error) -> String {
    let start = error.valid_up_to();
    let end = error.error_len().map_or(bytes.len(), |len| start + len);
    let before = &bytes[..start];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let shown: String = bytes[start..end]
        .iter()
        .map(|b| format!("\\x{:02X}", b))
        .collect();
    format!(
        "line {}, byte {}: `{}` is not UTF-8; it and any such bytes after it are read as \
         U+FFFD (`\u{fffd}`)",
        line,
        start - line_start + 1,
        shown
    )
}

/// The content of an input file: `text` without a leading byte-order mark (as editors on
/// Windows save files) and without DOS end-of-file bytes (0x1A) at its end, before or among
/// trailing white space.
pub fn strip_file_marks(text: &str) -> &str {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let end = text
        .trim_end_matches(|ch: char| ch == '\u{1a}' || ch.is_whitespace())
        .len();
    if text[end..].contains('\u{1a}') {
        &text[..end]
    } else {
        text
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

    #[test]
    fn invisible_characters_are_quoted_as_code_points() {
        assert_eq!(quote("\u{feff}10"), "`\\u{feff}10`");
        assert_eq!(quote("a\0b\u{1a}"), "`a\\u{0}b\\u{1a}`");
        assert_eq!(quote("\u{1}\t\u{7f}"), "`\\u{1}\\u{9}\\u{7f}`");
        assert_eq!(quote("x\u{200b}y\u{2060}"), "`x\\u{200b}y\\u{2060}`");
        assert_eq!(visible("A1 é ü"), "A1 é ü");
    }

    #[test]
    fn input_is_read_as_utf_8_or_after_a_byte_order_mark_as_utf_16() {
        assert_eq!(decode_input(b"1 2\n"), (Cow::Borrowed("1 2\n"), None));
        assert_eq!(
            decode_input(b"1\xff2"),
            (
                Cow::Owned("1\u{fffd}2".to_owned()),
                Some(
                    "line 1, byte 2: `\\xFF` is not UTF-8; it and any such bytes after it \
                     are read as U+FFFD (`\u{fffd}`)"
                        .to_owned()
                )
            )
        );
        // The first bytes that are not UTF-8 are named with their line: here an incomplete
        // sequence (the first two bytes of a three-byte character) before an `A`.
        let note = decode_input(b"1\r\n\xe2\x82\x41\n23 \xe2\x82").1.unwrap();
        assert!(note.starts_with("line 2, byte 1: `\\xE2\\x82` is not UTF-8"));
        let note = decode_input(b"\n\n123\xe2").1.unwrap();
        assert!(note.starts_with("line 3, byte 4: `\\xE2` is not"));
        assert_eq!(decode_input(b"\xef\xbb\xbf1").0, "\u{feff}1");
        let (little, note) = decode_input(b"\xff\xfe1\x00\r\x00\n\x00\xe9\x00");
        assert_eq!(little, "1\r\n\u{e9}");
        assert_eq!(
            note.as_deref(),
            Some("input read as UTF-16 (little-endian), as its byte-order mark says")
        );
        let (big, note) = decode_input(b"\xfe\xff\x00A\xd8\x3d\xde\x00");
        assert_eq!(big, "A\u{1f600}");
        assert!(note.unwrap().contains("big-endian"));
        // An unpaired surrogate, then an odd last byte.
        assert_eq!(
            decode_input(b"\xff\xfe\x00\xd8A\x00\x31").0,
            "\u{fffd}A\u{fffd}"
        );
        assert_eq!(decode_input(b"\xff\xfe").0, "");
    }

    #[test]
    fn judges_skip_a_byte_order_mark_and_trailing_end_of_file_bytes() {
        assert_eq!(strip_file_marks("\u{feff}0\n"), "0\n");
        assert_eq!(strip_file_marks("0\n\u{1a}"), "0");
        assert_eq!(strip_file_marks("0\r\n\u{1a}\r\n \u{1a}"), "0");
        assert_eq!(strip_file_marks("0\n \n"), "0\n \n");
        assert_eq!(strip_file_marks("a\u{1a}b"), "a\u{1a}b");
        assert_eq!(strip_file_marks("x\u{feff}"), "x\u{feff}");
    }
}
