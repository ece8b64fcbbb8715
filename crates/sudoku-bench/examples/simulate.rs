//! Prices schedules of the 9x9 portfolio on a pool of boards without running them
//! (`sudoku_bench::replay`): `profile` measures what each strategy needs alone on each board,
//! once; `replay` then prices any number of schedules on those figures in a moment.
//!
//! ```sh
//! cut -f3 climb.log | cargo run --release -p sudoku-bench --example simulate -- profile --mode count > pool.tsv
//! cargo run --release -p sudoku-bench --example simulate -- replay --schedule 1024/32/weighted=2,probing=6,triads=1,fewest-candidates=1,crossings=2,fewest-places=3,reading-order=2 < pool.tsv
//! ```
//!
//! `profile` reads boards one a line (the last tab-separated field, so the adversary's lines
//! will do; any other line is named on standard error and skipped). `replay` prices the
//! engine's own schedule and each one given (with `--neighbours`, also every schedule one step
//! from the engine's), and prints per schedule the worst board in time and in guesses, the
//! mean, and how many boards a cap left unpriced; for the engine's schedule also on how many
//! boards the replayed guesses differ from the measured portfolio's.

use std::io::{self, BufRead};

use clap::{Parser, Subcommand, ValueEnum};
use sudoku_bench::replay::{replay, Profile, Replayed, Schedule, ENGINE_SCHEDULE};
use sudoku_core::engine::Question;
use sudoku_core::judge::board_text::parse_line;

#[derive(Parser, Debug)]
#[command(about = "Prices schedules of the 9x9 portfolio on a pool of boards")]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Measures the portfolio and every strategy alone on each board of standard input and
    /// prints one tab-separated profile a board.
    Profile {
        /// What is asked of each board.
        #[arg(long, value_enum, default_value_t = Mode::First)]
        mode: Mode,
        /// Guesses after which a strategy alone is stopped.
        #[arg(long, default_value_t = 200_000)]
        cap: u64,
        /// Runs of each search; its fastest is kept.
        #[arg(long, default_value_t = 3)]
        runs: usize,
    },
    /// Reads profiles from standard input and prices the engine's schedule and each given one.
    Replay {
        /// A schedule to price, as `FIRST/ROUND/NAME=SHARE,...` (repeatable).
        #[arg(long)]
        schedule: Vec<Schedule>,
        /// Also price every schedule one step from the engine's (a share one more or one
        /// less, a budget doubled or halved).
        #[arg(long)]
        neighbours: bool,
        /// Also list this many of the boards dearest in time under each schedule.
        #[arg(long, default_value_t = 0)]
        worst: usize,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Mode {
    First,
    Count,
}

fn main() {
    match Args::parse().command {
        Command::Profile { mode, cap, runs } => {
            let question = match mode {
                Mode::First => Question::First,
                Mode::Count => Question::CountTo(2),
            };
            println!("{}", Profile::header());
            for (k, line) in io::stdin().lock().lines().map_while(Result::ok).enumerate() {
                let text = line.rsplit('\t').next().unwrap_or_default().trim();
                match parse_line(text) {
                    Ok(board) => {
                        let profile = Profile::measure(&board, text, question, cap, runs);
                        println!("{}", profile.line());
                    }
                    Err(e) => eprintln!("line {}: skipped: {}", k + 1, e),
                }
            }
        }
        Command::Replay {
            schedule,
            neighbours,
            worst,
        } => {
            let mut profiles = Vec::new();
            for (k, line) in io::stdin().lock().lines().map_while(Result::ok).enumerate() {
                if k == 0 && line.starts_with("board\t") {
                    continue;
                }
                match Profile::from_line(&line) {
                    Ok(profile) => profiles.push(profile),
                    Err(e) => eprintln!("line {}: skipped: {}", k + 1, e),
                }
            }
            let engine: Schedule = ENGINE_SCHEDULE.parse().expect("the engine's schedule");
            report(&engine, &profiles, worst, true);
            let near = if neighbours {
                engine.neighbours()
            } else {
                Vec::new()
            };
            for other in schedule.iter().chain(&near) {
                report(other, &profiles, worst, false);
            }
        }
    }
}

/// Prints what `schedule` costs on `profiles`; with `check`, also how far its replay is from
/// the measured portfolio.
fn report(schedule: &Schedule, profiles: &[Profile], worst: usize, check: bool) {
    let replays: Vec<(&Profile, Replayed)> = profiles
        .iter()
        .filter_map(|p| replay(schedule, p).map(|r| (p, r)))
        .collect();
    println!("{}", schedule);
    let unpriced = profiles.len() - replays.len();
    let Some(dearest) = replays
        .iter()
        .max_by(|a, b| a.1.nanos.total_cmp(&b.1.nanos))
    else {
        println!("  no board priced ({} past a cap)", unpriced);
        return;
    };
    let most = replays
        .iter()
        .max_by_key(|(_, r)| r.guesses)
        .expect("a board");
    let mean = replays.iter().map(|(_, r)| r.nanos).sum::<f64>() / replays.len() as f64;
    println!(
        "  worst in time {:.0} us ({} guesses) {}",
        dearest.1.nanos / 1e3,
        dearest.1.guesses,
        dearest.0.board
    );
    println!(
        "  worst in guesses {} ({:.0} us) {}",
        most.1.guesses,
        most.1.nanos / 1e3,
        most.0.board
    );
    println!(
        "  mean {:.1} us over {} boards; {} past a cap",
        mean / 1e3,
        replays.len(),
        unpriced
    );
    if check {
        let differ = replays
            .iter()
            .filter(|(p, r)| p.portfolio.guesses != Some(r.guesses))
            .count();
        let measured = replays.iter().map(|(p, _)| p.portfolio.nanos).sum::<f64>();
        println!(
            "  replayed guesses differ from the measured portfolio's on {} boards; \
             measured mean {:.1} us",
            differ,
            measured / replays.len() as f64 / 1e3
        );
    }
    let mut by_time: Vec<&(&Profile, Replayed)> = replays.iter().collect();
    by_time.sort_by(|a, b| b.1.nanos.total_cmp(&a.1.nanos));
    for (profile, replayed) in by_time.into_iter().take(worst) {
        println!(
            "    {:.0} us\t{} guesses\t{}",
            replayed.nanos / 1e3,
            replayed.guesses,
            profile.board
        );
    }
}
