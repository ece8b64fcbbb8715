//! This engine against tdoku in one process: `versus [--rounds N] [SET...]` (every standard set
//! by default), to a first solution and counting to 2. It needs a build that linked tdoku:
//!
//! ```sh
//! TDOKU_DIR=~/peers/tdoku CXX=clang++ cargo run --release -p sudoku-bench --example versus
//! ```
//!
//! Each round times one pass of each solver over the whole set, in turns whose order alternates
//! from round to round, so that a slow spell of a shared machine weighs on both. Prints the
//! processor, then a Markdown table: per set and question, each solver's median rate and the
//! median (with quartiles) of the per-round ratios, ours ÷ tdoku. Exits 1 if the two solvers
//! disagree on how many puzzles they solve or solutions they count.

use std::process::ExitCode;
use std::time::Instant;

use sudoku_bench::tdoku::{Tdoku, TdokuPuzzle};
use sudoku_bench::{load_set, SETS};
use sudoku_core::engine::{count_solutions, solve};
use sudoku_core::grid::Grid;

/// Rounds unless `--rounds` says otherwise.
const DEFAULT_ROUNDS: usize = 11;

fn main() -> ExitCode {
    let (rounds, sets) = match parse_args(std::env::args().skip(1).collect()) {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("error: {}", message);
            eprintln!("usage: versus [--rounds N] [SET...]");
            return ExitCode::from(2);
        }
    };
    let Some(tdoku) = Tdoku::linked() else {
        eprintln!(
            "error: tdoku is not linked into this build: set TDOKU_DIR (see sudoku_bench::tdoku)"
        );
        return ExitCode::from(2);
    };
    println!("Processor: {}; {} rounds.", processor(), rounds);
    println!();
    println!("| set | question | ours, puzzles/s | tdoku, puzzles/s | ours ÷ tdoku (quartiles) |");
    println!("|---|---|---|---|---|");
    for name in sets {
        let Some(puzzles) = load_set(&name) else {
            continue;
        };
        let texts: Vec<TdokuPuzzle> = puzzles.iter().map(TdokuPuzzle::of).collect();
        for (question, limit) in [("first solution", 1), ("count to 2", 2)] {
            let ours = || answered(&puzzles, limit);
            let theirs = || texts.iter().map(|p| tdoku.count(p, limit)).sum();
            let duel = match Duel::run(rounds, ours, theirs) {
                Ok(duel) => duel,
                Err((a, b)) => {
                    eprintln!(
                        "error: {}, {}: ours answered {}, tdoku {}",
                        name, question, a, b
                    );
                    return ExitCode::FAILURE;
                }
            };
            let rate = |seconds: f64| puzzles.len() as f64 / seconds;
            let [low, middle, high] = quartiles(&duel.ratios);
            println!(
                "| {} | {} | {:.0} | {:.0} | {:.2} ({:.2} to {:.2}) |",
                name,
                question,
                rate(median(&duel.ours)),
                rate(median(&duel.theirs)),
                middle,
                low,
                high
            );
        }
    }
    ExitCode::SUCCESS
}

/// The rounds and the sets the command line asks for.
fn parse_args(args: Vec<String>) -> Result<(usize, Vec<String>), String> {
    let mut rounds = DEFAULT_ROUNDS;
    let mut sets = Vec::new();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        if arg == "--rounds" {
            let value = args.next().ok_or("--rounds needs a number")?;
            rounds = match value.parse() {
                Ok(n) if n > 0 => n,
                _ => return Err(format!("--rounds: not a positive number: {}", value)),
            };
        } else if arg.starts_with('-') {
            return Err(format!("unknown option {}", arg));
        } else {
            sets.push(arg);
        }
    }
    if sets.is_empty() {
        sets = SETS.iter().map(|s| s.to_string()).collect();
    }
    Ok((rounds, sets))
}

/// What ours answers over `puzzles`: with `limit` 1, how many it solves; otherwise the sum of
/// the solutions it counts, up to `limit` each.
fn answered(puzzles: &[Grid], limit: usize) -> usize {
    if limit == 1 {
        puzzles.iter().filter(|p| solve(p).is_some()).count()
    } else {
        puzzles.iter().map(|p| count_solutions(p, limit)).sum()
    }
}

/// The seconds each pass of each solver took, and each round's ratio of rates (ours ÷ theirs).
struct Duel {
    ours: Vec<f64>,
    theirs: Vec<f64>,
    ratios: Vec<f64>,
}

impl Duel {
    /// Times `rounds` passes of each, alternating which goes first; `Err` with both answers if
    /// a pass of one answers other than the other's.
    fn run(
        rounds: usize,
        ours: impl Fn() -> usize,
        theirs: impl Fn() -> usize,
    ) -> Result<Duel, (usize, usize)> {
        let time = |pass: &dyn Fn() -> usize| {
            let start = Instant::now();
            let answer = pass();
            (start.elapsed().as_secs_f64(), answer)
        };
        let mut duel = Duel {
            ours: Vec::new(),
            theirs: Vec::new(),
            ratios: Vec::new(),
        };
        for round in 0..rounds {
            let ((a, x), (b, y)) = if round % 2 == 0 {
                let a = time(&ours);
                (a, time(&theirs))
            } else {
                let b = time(&theirs);
                (time(&ours), b)
            };
            if x != y {
                return Err((x, y));
            }
            duel.ours.push(a);
            duel.theirs.push(b);
            duel.ratios.push(b / a);
        }
        Ok(duel)
    }
}

/// The median of `values` (not empty).
fn median(values: &[f64]) -> f64 {
    quartiles(values)[1]
}

/// The lower quartile, median and upper quartile of `values` (not empty), each the value at
/// that rank of the sorted values.
fn quartiles(values: &[f64]) -> [f64; 3] {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let last = sorted.len() - 1;
    [
        sorted[last / 4],
        sorted[last / 2],
        sorted[(3 * last).div_ceil(4)],
    ]
}

/// The processor's name, family and model, as `/proc/cpuinfo` gives them (ratios to tdoku
/// differ between makes), and the count of cores.
fn processor() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |key: &str| {
        info.lines()
            .filter_map(|line| line.split_once(':'))
            .find(|(name, _)| name.trim() == key)
            .map_or("?".to_string(), |(_, value)| value.trim().to_string())
    };
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    format!(
        "{} (family {}, model {}), {} cores",
        field("model name"),
        field("cpu family"),
        field("model"),
        cores
    )
}
