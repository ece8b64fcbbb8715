//! Two whole processes timed in alternation, for the whole-process comparison with tdoku's
//! driver (BENCHMARKS.md):
//!
//! ```sh
//! cargo run --release -p sudoku-bench --example alternate -- --runs 30 \
//!     "target/release/sudoku solve --jobs 1 ../shared/puzzles/top1465.txt" \
//!     "$HOME/peers/bin-clang/td-native solve ../shared/puzzles/top1465.txt"
//! ```
//!
//! Each command is one string split at white space (no shell), its standard output discarded.
//! After a few runs of each to warm up, it runs the two as pairs, the first of a pair going first
//! in every other pair, so that a shared machine's slow spells fall on both alike. (hyperfine
//! times all of one command's runs before the other's: on the development machine three such runs
//! of one comparison gave ratios from 0.86 to 1.21.) Prints, under the processor's name, each
//! command's median time in milliseconds and the median of the pairs' ratios, the second
//! command's time ÷ the first's, with its quartiles. Exits 1 if a command cannot be run or fails.

use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use clap::Parser;
use sudoku_bench::timing::{processor, quartiles};

#[derive(Parser, Debug)]
#[command(about = "Times two commands in alternating pairs of runs")]
struct Args {
    /// Pairs of runs timed.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    runs: u32,
    /// Runs of each command before the timed ones.
    #[arg(long, default_value_t = 3)]
    warmup: u32,
    /// The first command (ours).
    first: String,
    /// The second command (the rival's).
    second: String,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match compare(&args) {
        Ok(report) => {
            println!("{}", report);
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {}", message);
            ExitCode::FAILURE
        }
    }
}

/// The report on `args`' two commands, or why they could not be timed.
fn compare(args: &Args) -> Result<String, String> {
    let commands = [args.first.as_str(), args.second.as_str()];
    for _ in 0..args.warmup {
        for command in commands {
            run(command)?;
        }
    }
    let mut seconds = [Vec::new(), Vec::new()];
    for pair in 0..args.runs as usize {
        for turn in 0..2 {
            let side = (pair + turn) % 2;
            seconds[side].push(run(commands[side])?);
        }
    }
    let ratios: Vec<f64> = seconds[1]
        .iter()
        .zip(&seconds[0])
        .map(|(second, first)| second / first)
        .collect();
    let [low, middle, high] = quartiles(&ratios);
    let median_ms = |times: &[f64]| 1e3 * quartiles(times)[1];
    Ok(format!(
        "Processor: {}; {} pairs of runs.\nfirst: {:.1} ms, second: {:.1} ms, second ÷ first: {:.2} ({:.2} to {:.2})",
        processor(),
        args.runs,
        median_ms(&seconds[0]),
        median_ms(&seconds[1]),
        middle,
        low,
        high
    ))
}

/// The seconds one run of `command` took, or why it did not run to success.
fn run(command: &str) -> Result<f64, String> {
    let mut words = command.split_whitespace();
    let program = words.next().ok_or("an empty command")?;
    let start = Instant::now();
    let status = Command::new(program)
        .args(words)
        .stdout(Stdio::null())
        .status()
        .map_err(|e| format!("cannot run {}: {}", program, e))?;
    let elapsed = start.elapsed().as_secs_f64();
    if status.success() {
        Ok(elapsed)
    } else {
        Err(format!("`{}` failed ({})", command, status))
    }
}
