//! This engine against the public solvers in one process: `versus [--rounds N] [SET...]` (every
//! standard set by default), to a first solution and counting to 2. The rivals are the `sudoku`
//! crate and, in a build that linked it, tdoku:
//!
//! ```sh
//! TDOKU_DIR=~/peers/tdoku CXX=clang++ cargo run --release -p sudoku-bench --example versus
//! ```
//!
//! Each round times one pass of every solver over the whole set, in an order that rotates from
//! round to round, so that a slow spell of a shared machine weighs on all of them. Prints the
//! processor, then a Markdown table: per set and question, each solver's median rate and, for
//! each rival, the median (with quartiles) of the per-round ratios, ours ÷ the rival's. Exits 1
//! if a rival disagrees with ours on how many puzzles it solves or solutions it counts.

use std::process::ExitCode;
use std::time::Instant;

use sudoku_bench::tdoku::{Tdoku, TdokuPuzzle, NOT_LINKED};
use sudoku_bench::timing::{processor, quartiles};
use sudoku_bench::{load_set, SETS};
use sudoku_core::engine::{count_solutions, solve};
use sudoku_core::grid::Grid;

/// Rounds unless `--rounds` says otherwise.
const DEFAULT_ROUNDS: usize = 11;

/// A solver's pass over a set: what it answers there (see [`answered`]) for a limit of 1 or 2.
type Pass<'a> = Box<dyn Fn(usize) -> usize + 'a>;

fn main() -> ExitCode {
    let (rounds, sets) = match parse_args(std::env::args().skip(1).collect()) {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("error: {}", message);
            eprintln!("usage: versus [--rounds N] [SET...]");
            return ExitCode::from(2);
        }
    };
    let tdoku = Tdoku::linked();
    if tdoku.is_none() {
        eprintln!("notice: {}", NOT_LINKED);
    }
    let mut names = vec!["ours", "sudoku crate"];
    names.extend(tdoku.map(|_| "tdoku"));
    println!("Processor: {}; {} rounds.", processor(), rounds);
    println!();
    let mut header = "| set | question | ours, puzzles/s |".to_string();
    for rival in &names[1..] {
        header += &format!(" {}, puzzles/s | ours ÷ {} (quartiles) |", rival, rival);
    }
    println!("{}", header);
    println!("|---|---|---|{}", "---|---|".repeat(names.len() - 1));
    for name in sets {
        let Some(puzzles) = load_set(&name) else {
            continue;
        };
        let crate_boards: Vec<sudoku::Sudoku> = puzzles
            .iter()
            .map(|p| sudoku::Sudoku::from_bytes(*p.cells()).expect("a parsed board"))
            .collect();
        let texts: Vec<TdokuPuzzle> = puzzles.iter().map(TdokuPuzzle::of).collect();
        let mut passes: Vec<Pass> = vec![
            Box::new(|limit| answered(&puzzles, limit)),
            Box::new(|limit| {
                if limit == 1 {
                    crate_boards
                        .iter()
                        .filter(|s| s.some_solution().is_some())
                        .count()
                } else {
                    crate_boards
                        .iter()
                        .map(|s| s.solutions_count_up_to(limit))
                        .sum()
                }
            }),
        ];
        if let Some(tdoku) = tdoku {
            passes.push(Box::new(move |limit| {
                texts.iter().map(|p| tdoku.count(p, limit)).sum()
            }));
        }
        for (question, limit) in [("first solution", 1), ("count to 2", 2)] {
            let seconds = match time_rounds(&passes, limit, rounds) {
                Ok(seconds) => seconds,
                Err((rival, ours, theirs)) => {
                    eprintln!(
                        "error: {}, {}: ours answered {}, {} {}",
                        name, question, ours, names[rival], theirs
                    );
                    return ExitCode::FAILURE;
                }
            };
            let rate = |times: &[f64]| puzzles.len() as f64 / quartiles(times)[1];
            let mut row = format!("| {} | {} | {:.0} |", name, question, rate(&seconds[0]));
            for times in &seconds[1..] {
                let ratios: Vec<f64> = times.iter().zip(&seconds[0]).map(|(t, o)| t / o).collect();
                let [low, middle, high] = quartiles(&ratios);
                row += &format!(
                    " {:.0} | {:.2} ({:.2} to {:.2}) |",
                    rate(times),
                    middle,
                    low,
                    high
                );
            }
            println!("{}", row);
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

/// The seconds each pass took, per solver (ours first) and round: `rounds` rounds in which every
/// solver makes a pass, round `k` starting with solver `k` (modulo their number). `Err` with the
/// rival and both answers if a rival answers other than ours.
fn time_rounds(
    passes: &[Pass],
    limit: usize,
    rounds: usize,
) -> Result<Vec<Vec<f64>>, (usize, usize, usize)> {
    let mut seconds = vec![Vec::with_capacity(rounds); passes.len()];
    for round in 0..rounds {
        let mut answers = vec![0; passes.len()];
        for turn in 0..passes.len() {
            let solver = (round + turn) % passes.len();
            let start = Instant::now();
            answers[solver] = passes[solver](limit);
            seconds[solver].push(start.elapsed().as_secs_f64());
        }
        if let Some(rival) = (1..passes.len()).find(|&r| answers[r] != answers[0]) {
            return Err((rival, answers[0], answers[rival]));
        }
    }
    Ok(seconds)
}
