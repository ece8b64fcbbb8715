//! What judge binaries share: reading input by numbered lines ([`input`]), the problems' text
//! formats ([`board_text`] for 9x9 boards, [`domino_text`] for Su-Domino-Ku puzzles,
//! [`family_text`] for one-line boards of any size), and running an answer as a process: all of
//! standard input in, the answer out in one write, every problem with the input as one line on
//! standard error ([`run_process`]).
//!
//! A judge's answer itself, a function from the whole input to a [`Report`], lives in its binary
//! crate, which the fuzz targets include so that they run exactly what the judge runs.

pub mod board_text;
pub mod domino_text;
pub mod family_text;
pub mod input;

use std::io::{self, Read, Write};
use std::process::ExitCode;

use self::input::{decode_input, strip_file_marks};

/// The largest input a judge solution reads: 16 MiB, far above any judge's data (the largest
/// legal inputs are a few kilobytes). Larger input is refused whole.
pub const MAX_INPUT_BYTES: usize = 16 << 20;

/// What a judge solution made of its input: the text for standard output, the problems that
/// kept it from answering something the input asked, and remarks on input it answered in full
/// all the same; one message each (without a trailing newline).
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Report {
    /// Everything to print on standard output.
    pub output: String,
    /// One message per problem; empty when the whole input was answered.
    pub errors: Vec<String>,
    /// Remarks on input that was answered but not quite as the problem writes it (an input
    /// that ends without its terminator, say).
    pub notes: Vec<String>,
}

impl Report {
    /// The report of a single answer, or of a single error and no output.
    pub fn of(result: Result<String, String>) -> Report {
        match result {
            Ok(output) => Report {
                output,
                ..Report::default()
            },
            Err(error) => Report {
                errors: vec![error],
                ..Report::default()
            },
        }
    }
}

/// Runs `answer` as the whole process: reads standard input (as UTF-8, or as UTF-16 after its
/// byte-order mark; with a note for UTF-16 and for bytes that are not UTF-8, see
/// [`decode_input`]; more than [`MAX_INPUT_BYTES`] is refused unread; a leading byte-order mark
/// and trailing DOS end-of-file bytes are dropped, see [`strip_file_marks`]), writes the
/// report's output to standard output in one write, each error to standard error as
/// `error: MESSAGE` and each note as `note: MESSAGE`, and returns failure if there was any error
/// (notes do not count) or the output could not be written.
pub fn run_process(answer: fn(&str) -> Report) -> ExitCode {
    let mut bytes = Vec::new();
    let limit = MAX_INPUT_BYTES as u64 + 1;
    if let Err(e) = io::stdin().lock().take(limit).read_to_end(&mut bytes) {
        report_errors(&[format!("cannot read standard input: {}", e)]);
        return ExitCode::FAILURE;
    }
    if bytes.len() > MAX_INPUT_BYTES {
        report_errors(&[format!(
            "input is larger than {} MiB; refusing it",
            MAX_INPUT_BYTES >> 20
        )]);
        return ExitCode::FAILURE;
    }
    let (text, encoding_note) = decode_input(&bytes);
    let mut report = answer(strip_file_marks(&text));
    if let Some(note) = encoding_note {
        report.notes.insert(0, note);
    }
    let stdout = io::stdout();
    let mut stdout = stdout.lock();
    let written = stdout
        .write_all(report.output.as_bytes())
        .and_then(|()| stdout.flush());
    report_errors(&report.errors);
    report_lines("note", &report.notes);
    if let Err(e) = written {
        report_errors(&[format!("cannot write standard output: {}", e)]);
        return ExitCode::FAILURE;
    }
    if report.errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn report_errors(errors: &[String]) {
    report_lines("error", errors);
}

/// Writes each message to standard error as `KIND: MESSAGE`.
fn report_lines(kind: &str, messages: &[String]) {
    let stderr = io::stderr();
    let mut stderr = stderr.lock();
    for message in messages {
        // Nothing sensible is left to do if standard error itself is closed.
        let _ = writeln!(stderr, "{}: {}", kind, message);
    }
}
