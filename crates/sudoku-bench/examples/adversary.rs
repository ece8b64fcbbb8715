//! An adversary for the 9x9 engine: hill-climbs sparse boards (11 to 30 givens, no rule broken,
//! solvable or not) toward the most work for one strategy or the whole portfolio, in one mode,
//! from many seeds, and prints every new worst board it meets.
//!
//! ```sh
//! cargo run --release -p sudoku-bench --example adversary -- --mode count --against portfolio --seconds 600
//! ```
//!
//! Each line printed is `guesses<TAB>microseconds<TAB>board`. The worst boards found are kept as
//! regression tests (`crates/sudoku-core/src/solve.rs`) and reported in BENCHMARKS.md.

use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use sudoku_core::engine::{measure, solve, Question, Strategy};
use sudoku_core::grid::Grid;
use sudoku_core::judge::board_text::{parse_line, write_line};
use sudoku_core::random::Rng;

#[derive(Parser, Debug)]
#[command(about = "Hill-climbs sparse boards toward the most work for the 9x9 engine")]
struct Args {
    /// What is asked of each board.
    #[arg(long, value_enum, default_value_t = Mode::First)]
    mode: Mode,
    /// The strategy climbed against.
    #[arg(long, value_enum, default_value_t = Against::Portfolio)]
    against: Against,
    /// What a board is scored by: the guesses made (repeatable) or the time taken.
    #[arg(long, value_enum, default_value_t = Score::Guesses)]
    score: Score,
    /// How long to climb, in seconds.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// The seed of the first climb; each later climb starts from the next.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Guesses after which a search is stopped and scored as this many.
    #[arg(long, default_value_t = 2_000_000)]
    cap: u64,
    /// Steps without a better board before a climb starts again from a new one.
    #[arg(long, default_value_t = 300)]
    patience: u32,
    /// Instead of climbing, read boards (one a line, as printed) from standard input and show
    /// the guesses and time of every strategy in every mode on each.
    #[arg(long)]
    examine: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Mode {
    First,
    Count,
    Smallest,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Against {
    Portfolio,
    FewestCandidates,
    FewestPlaces,
    ReadingOrder,
    Probing,
    Crossings,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Score {
    Guesses,
    Time,
}

const MIN_GIVENS: usize = 11;
const MAX_GIVENS: usize = 30;

fn main() {
    let args = Args::parse();
    if args.examine {
        examine(args.cap);
        return;
    }
    let question = match args.mode {
        Mode::First => Question::First,
        Mode::Count => Question::CountTo(2),
        Mode::Smallest => Question::Smallest,
    };
    let strategy = match args.against {
        Against::Portfolio => Strategy::Portfolio,
        Against::FewestCandidates => Strategy::FewestCandidates,
        Against::FewestPlaces => Strategy::FewestPlaces,
        Against::ReadingOrder => Strategy::ReadingOrder,
        Against::Probing => Strategy::Probing,
        Against::Crossings => Strategy::Crossings,
    };
    let work = |board: &Grid| -> (u64, u64) {
        // The best of three runs, when scoring by time: one run on a shared machine is noisy.
        let runs = match args.score {
            Score::Guesses => 1,
            Score::Time => 3,
        };
        let mut micros = u64::MAX;
        let mut measured = None;
        for _ in 0..runs {
            let start = Instant::now();
            measured = Some(measure(board, question, strategy, args.cap));
            micros = micros.min(start.elapsed().as_micros() as u64);
        }
        let measured = measured.expect("at least one run");
        let guesses = if measured.answer.is_some() {
            measured.guesses
        } else {
            args.cap
        };
        (guesses, micros)
    };
    let score = |(guesses, micros): (u64, u64)| match args.score {
        Score::Guesses => guesses,
        Score::Time => micros,
    };
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let mut worst = 0;
    let mut seed = args.seed;
    let (mut climbs, mut boards) = (0u64, 0u64);
    while Instant::now() < deadline {
        let mut rng = Rng::new(seed);
        seed += 1;
        climbs += 1;
        let mut board = starting_board(&mut rng);
        let mut current = score(work(&board));
        let mut stale = 0;
        while stale < args.patience && Instant::now() < deadline {
            let next = match mutate(&board, &mut rng) {
                Some(next) => next,
                None => continue,
            };
            boards += 1;
            let measured = work(&next);
            let value = score(measured);
            if value > current {
                stale = 0;
            } else {
                stale += 1;
            }
            if value >= current {
                board = next;
                current = value;
            }
            if value > worst {
                worst = value;
                let mut line = String::new();
                write_line(&next, &mut line);
                println!("{}\t{}\t{}", measured.0, measured.1, line.trim_end());
            }
        }
    }
    eprintln!(
        "{:?} against {:?}: {} climbs, {} boards scored, worst score {}",
        args.mode, args.against, climbs, boards, worst
    );
}

/// A random board with between [`MIN_GIVENS`] and [`MAX_GIVENS`] givens taken from a random
/// full board.
fn starting_board(rng: &mut Rng) -> Grid {
    let full = loop {
        let mut seedling = Grid::EMPTY;
        for _ in 0..MIN_GIVENS {
            seedling = with_random_given(&seedling, rng).unwrap_or(seedling);
        }
        if let Some(full) = solve(&seedling) {
            break full;
        }
    };
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    let mut board = Grid::EMPTY;
    for &cell in &cells[..MIN_GIVENS + rng.below(MAX_GIVENS - MIN_GIVENS + 1)] {
        board.set(cell, full.get(cell));
    }
    board
}

/// `board` with a random digit in a random empty cell, if that breaks no rule.
fn with_random_given(board: &Grid, rng: &mut Rng) -> Option<Grid> {
    let empty: Vec<usize> = (0..81).filter(|&c| board.get(c) == 0).collect();
    let mut next = *board;
    next.set(empty[rng.below(empty.len())], 1 + rng.below(9) as u8);
    next.first_conflict().is_none().then_some(next)
}

/// A random neighbour of `board`: one given changed, moved, added or removed, keeping the
/// number of givens in range and breaking no rule; `None` if the step drawn does not fit.
fn mutate(board: &Grid, rng: &mut Rng) -> Option<Grid> {
    let givens: Vec<usize> = (0..81).filter(|&c| board.get(c) != 0).collect();
    let mut next = *board;
    match rng.below(4) {
        0 => {
            next.set(givens[rng.below(givens.len())], 1 + rng.below(9) as u8);
            next.first_conflict().is_none().then_some(next)
        }
        1 => {
            next.set(givens[rng.below(givens.len())], 0);
            with_random_given(&next, rng)
        }
        2 if givens.len() < MAX_GIVENS => with_random_given(&next, rng),
        3 if givens.len() > MIN_GIVENS => {
            next.set(givens[rng.below(givens.len())], 0);
            Some(next)
        }
        _ => None,
    }
}

/// Prints, for each board on standard input, the guesses and microseconds of every strategy in
/// every mode (`-` where the search hit `cap`).
fn examine(cap: u64) {
    let questions = [
        ("first", Question::First),
        ("count", Question::CountTo(2)),
        ("smallest", Question::Smallest),
    ];
    let mut strategies = vec![Strategy::Portfolio];
    strategies.extend(Strategy::ALONE);
    for line in std::io::stdin().lines().map_while(Result::ok) {
        let text = line.rsplit('\t').next().unwrap_or_default();
        let board = match parse_line(text) {
            Ok(board) => board,
            Err(_) => continue,
        };
        println!("{}", text);
        for (name, question) in questions {
            let mut row = format!("  {:<9}", name);
            for &strategy in &strategies {
                let start = Instant::now();
                let measured = measure(&board, question, strategy, cap);
                let micros = start.elapsed().as_micros();
                let shown = match measured.answer {
                    Some(_) => format!("{} ({} us)", measured.guesses, micros),
                    None => format!("- ({} us)", micros),
                };
                row.push_str(&format!(" {:?}: {:<22}", strategy, shown));
            }
            println!("{}", row);
        }
    }
}
