//! `sudoku`: solve, find the smallest solution of, or count the solutions of many puzzles, one
//! a line, in parallel, with the answers in input order.

mod batch;

use std::fs;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};

use sudoku_core::domino::generate::generate;
use sudoku_core::judge::domino_text::write_puzzle;
use sudoku_core::judge::input::{decode_input, strip_file_marks};

use crate::batch::{run_batch, Outcome, Task};

/// Solve or count sudoku puzzles in bulk: one puzzle a line, row by row, `.` or `0` for a blank.
/// A 9x9 board is 81 digits; 4x4, 16x16 and 25x25 boards are 16, 256 and 625 characters, with
/// the letters `A` (1) to `P` (16) or `Y` (25) past 9x9, and `-` also a blank.
#[derive(Parser, Debug)]
#[command(name = "sudoku", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print a solution of each puzzle, one a line, in input order (an empty line where there is
    /// none).
    Solve {
        #[command(flatten)]
        batch: BatchArgs,
        /// Print the lexicographically smallest solution instead of any.
        #[arg(long)]
        lex: bool,
    },
    /// Print how many solutions each puzzle has, one number a line, counting no further than
    /// --limit (an empty line for an invalid puzzle).
    Count {
        #[command(flatten)]
        batch: BatchArgs,
        /// Stop counting at this many solutions.
        #[arg(long, default_value_t = 2)]
        limit: usize,
    },
    /// Print Su-Domino-Ku puzzles with one solution each, ten placed dominoes where the board
    /// allows, in the MCPC 2011 (BOJ 4574) input format, ended by `0`.
    GenerateDomino(GenerateArgs),
}

#[derive(Args, Debug)]
struct GenerateArgs {
    /// Seed of the first puzzle; puzzle k uses seed + k. The same seed gives the same puzzle on
    /// every machine.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// How many puzzles to print.
    #[arg(long, default_value_t = 1)]
    count: u64,
}

#[derive(Args, Debug)]
struct BatchArgs {
    /// The puzzle file; standard input if absent.
    file: Option<PathBuf>,
    /// Worker threads (default: every core). The output order never changes.
    #[arg(long, short)]
    jobs: Option<NonZeroUsize>,
    /// Print a summary line (puzzles, solved, unsolvable, invalid, puzzles per second) on
    /// standard error.
    #[arg(long)]
    stats: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (batch, task) = match cli.command {
        Command::Solve { batch, lex } => (batch, Task::Solve { smallest: lex }),
        Command::Count { batch, limit } => (batch, Task::Count { limit }),
        Command::GenerateDomino(args) => return generate_domino(&args),
    };
    match run(&batch, task) {
        Ok(clean) if clean => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("error: {}", message);
            ExitCode::FAILURE
        }
    }
}

/// Runs the whole command; `Ok(true)` if every puzzle was valid (and, for `solve`, solvable).
fn run(args: &BatchArgs, task: Task) -> Result<bool, String> {
    let input = read_input(args.file.as_ref())?;
    let jobs = args
        .jobs
        .or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get);
    let lines = puzzle_lines(&input);

    let progress = if io::stderr().is_terminal() && lines.len() >= 1000 {
        let bar = ProgressBar::new(lines.len() as u64);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {per_sec}, {eta} left")
        {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut errors = String::new();
    let (mut solved, mut unsolvable, mut invalid) = (0, 0, 0);
    let started = Instant::now();
    let shown = !progress.is_hidden();
    run_batch(&lines, task, jobs, &mut |line, outcome| {
        if shown {
            progress.inc(1);
        }
        let text = match &outcome {
            Outcome::Solved(text) => {
                solved += 1;
                text.as_str()
            }
            Outcome::Unsolvable(text) => {
                unsolvable += 1;
                if matches!(task, Task::Solve { .. }) {
                    errors.push_str(&format!("error: line {}: no solution\n", line));
                }
                text.as_str()
            }
            Outcome::Invalid(message) => {
                invalid += 1;
                errors.push_str(&format!("error: line {}: {}\n", line, message));
                "\n"
            }
        };
        out.write_all(text.as_bytes())
    })
    .and_then(|()| out.flush())
    // A reader that stopped early ends the run (nobody reads the rest), but is not an error.
    .or_else(reader_gone)
    .map_err(|e| format!("cannot write standard output: {}", e))?;
    let elapsed = started.elapsed();
    progress.finish_and_clear();
    drop(out);
    let _ = io::stderr().write_all(errors.as_bytes());
    if args.stats {
        // Every puzzle, unless the reader stopped early.
        let answered = solved + unsolvable + invalid;
        let rate = answered as f64 / elapsed.as_secs_f64().max(1e-9);
        eprintln!(
            "puzzles: {}, solved: {}, unsolvable: {}, invalid: {}, {:.0} puzzles/s",
            answered, solved, unsolvable, invalid, rate
        );
    }
    let unsolved_is_error = matches!(task, Task::Solve { .. }) && unsolvable > 0;
    Ok(invalid == 0 && !unsolved_is_error)
}

/// The lines of `input` that are not blank, trimmed of white space, each with its number
/// (from 1).
fn puzzle_lines(input: &str) -> Vec<(usize, &str)> {
    // Ends of lines found with `memchr` (SSE2 on any x86-64): `str::lines` took about 330
    // instructions a line of 81 cells, 2 % of solving a `serg-benchmark` puzzle.
    let ends = memchr::memchr_iter(b'\n', input.as_bytes()).chain([input.len()]);
    let mut start = 0;
    let mut lines = Vec::new();
    for (number, end) in (1..).zip(ends) {
        // A line feed is one byte of its own in UTF-8, so both ends are character boundaries.
        let line = input[start..end].trim();
        if !line.is_empty() {
            lines.push((number, line));
        }
        start = end + 1;
    }
    lines
}

fn generate_domino(args: &GenerateArgs) -> ExitCode {
    let mut out = String::new();
    for k in 0..args.count {
        let puzzle = generate(args.seed.wrapping_add(k));
        write_puzzle(&puzzle, &mut out).expect("generated puzzles have nine lone digits");
    }
    out.push_str("0\n");
    match write_all(&out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write standard output: {}", e);
            ExitCode::FAILURE
        }
    }
}

fn read_input(file: Option<&PathBuf>) -> Result<String, String> {
    let bytes = match file {
        Some(path) => {
            fs::read(path).map_err(|e| format!("cannot read {}: {}", path.display(), e))?
        }
        None => {
            let mut bytes = Vec::new();
            io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| format!("cannot read standard input: {}", e))?;
            bytes
        }
    };
    // Valid UTF-8 (the usual case) is taken as it is, without a copy; anything else is decoded
    // as the judges decode it (UTF-16 after its byte-order mark, otherwise lossy UTF-8 with a
    // note naming the first bytes that are not UTF-8). A leading byte-order mark and trailing
    // DOS end-of-file bytes are not part of any line.
    let text = String::from_utf8(bytes).unwrap_or_else(|error| {
        let (text, note) = decode_input(error.as_bytes());
        if let Some(note) = note {
            eprintln!("note: {}", note);
        }
        text.into_owned()
    });
    match strip_file_marks(&text) {
        stripped if stripped.len() == text.len() => Ok(text),
        stripped => Ok(stripped.to_owned()),
    }
}

/// Writes `text` to standard output; a reader that stopped early is not an error.
fn write_all(text: &str) -> io::Result<()> {
    let stdout = io::stdout();
    let mut lock = stdout.lock();
    lock.write_all(text.as_bytes())
        .and_then(|()| lock.flush())
        .or_else(reader_gone)
}

/// Passes on a write error, except that of a reader that stopped early (a closed pipe).
fn reader_gone(error: io::Error) -> io::Result<()> {
    if error.kind() == io::ErrorKind::BrokenPipe {
        Ok(())
    } else {
        Err(error)
    }
}

#[cfg(test)]
mod tests {
    use super::puzzle_lines;

    #[test]
    fn puzzle_lines_are_numbered_trimmed_and_never_blank() {
        assert_eq!(puzzle_lines(""), []);
        assert_eq!(puzzle_lines("\n \r\n\t\n"), []);
        assert_eq!(
            puzzle_lines("a\r\n\n  b \nc"),
            [(1, "a"), (3, "b"), (4, "c")]
        );
        assert_eq!(puzzle_lines("é\n\n✓ \n"), [(1, "é"), (3, "✓")]);
    }
}
