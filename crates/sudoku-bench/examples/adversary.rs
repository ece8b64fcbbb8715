//! An adversary for the engines: hill-climbs sparse boards (no rule broken, solvable or not)
//! toward the most work for one strategy of the 9x9 engine or its whole portfolio, or of the
//! family engine on boards of another size, in one mode, from many seeds, and prints every new
//! worst board it meets.
//!
//! ```sh
//! cargo run --release -p sudoku-bench --example adversary -- --mode count --against portfolio --seconds 600
//! cargo run --release -p sudoku-bench --example adversary -- --family 4 --mode first --seconds 600
//! ```
//!
//! Each line printed is `guesses<TAB>microseconds<TAB>board`, the board on one line as
//! `sudoku_core::judge::family_text` writes it. The worst 9x9 boards found are kept as regression
//! tests (`crates/sudoku-core/src/engine/solve.rs`) and reported in BENCHMARKS.md.

use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use sudoku_bench::random_full_family_board;
use sudoku_core::engine::{measure, Question, Strategy};
use sudoku_core::family::{self, Sudoku};
use sudoku_core::grid::Grid;
use sudoku_core::judge::family_text::{parse_line, write_line};
use sudoku_core::random::Rng;

#[derive(Parser, Debug)]
#[command(about = "Hill-climbs sparse boards toward the most work for an engine")]
struct Args {
    /// What is asked of each board.
    #[arg(long, value_enum, default_value_t = Mode::First)]
    mode: Mode,
    /// The strategy climbed against (fewest-candidates, first-pair, triads, weighted and
    /// crossings are the 9x9 engine's own, the two per-conflict rules and the learning search
    /// in reading order the family engine's; both engines have a learning search).
    #[arg(long, value_enum, default_value_t = Against::Portfolio)]
    against: Against,
    /// Climb against the family engine on boards of N x N boxes (2 to 5) instead of the 9x9
    /// engine.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=5))]
    family: Option<u8>,
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
    /// The fewest givens a board may have [default: 11 on 9x9 boards, as many in proportion to
    /// the cells on others].
    #[arg(long)]
    min_givens: Option<usize>,
    /// The most givens a board may have [default: 30 on 9x9 boards, as many in proportion to the
    /// cells on others].
    #[arg(long)]
    max_givens: Option<usize>,
    /// Start the climbs from the boards of FILE (one a line, as printed; each climb from the
    /// next, round and round) instead of from random ones: to climb on from the worst boards
    /// an earlier run found. Their givens need not be in the range the options set.
    #[arg(long, value_name = "FILE")]
    from: Option<std::path::PathBuf>,
    /// Instead of climbing, read boards (one a line, as printed) from standard input and show
    /// the guesses and time of every strategy in every mode on each.
    #[arg(long)]
    examine: bool,
    /// Runs of each search when examining; the fastest is shown (one run on a shared machine
    /// is noisy).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    runs: u32,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Mode {
    First,
    Count,
    Smallest,
}

impl Mode {
    fn question(self) -> Question {
        match self {
            Mode::First => Question::First,
            Mode::Count => Question::CountTo(2),
            Mode::Smallest => Question::Smallest,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Against {
    Portfolio,
    FewestCandidates,
    FirstPair,
    FewestPlaces,
    ReadingOrder,
    Probing,
    Triads,
    Weighted,
    Crossings,
    FewestCandidatesPerConflict,
    FewestCandidatesPerRecentConflict,
    Learning,
    LearningInReadingOrder,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Score {
    Guesses,
    Time,
}

/// The engine climbed against.
#[derive(Clone, Copy, Debug)]
enum Engine {
    /// The 9x9 engine with one of its strategies.
    Nine(Strategy),
    /// The family engine with one of its strategies.
    Family(family::Method),
}

impl Engine {
    /// The guesses `self` makes to answer `question` about `board` (`None` past `cap`), and the
    /// fastest of `runs` runs in microseconds.
    fn timed(self, board: &Sudoku, question: Question, cap: u64, runs: u32) -> (Option<u64>, u64) {
        let mut micros = u64::MAX;
        let mut guesses = None;
        for _ in 0..runs {
            let start = Instant::now();
            guesses = self.guesses(board, question, cap);
            micros = micros.min(start.elapsed().as_micros() as u64);
        }
        (guesses, micros)
    }

    /// The guesses `self` makes to answer `question` about `board`; `None` past `cap`.
    fn guesses(self, board: &Sudoku, question: Question, cap: u64) -> Option<u64> {
        match self {
            Engine::Nine(strategy) => {
                let measured = measure(&grid_of(board), question, strategy, cap);
                measured.answer.map(|_| measured.guesses)
            }
            Engine::Family(strategy) => {
                let measured = board.measure(question, strategy, cap);
                measured.answer.map(|_| measured.guesses)
            }
        }
    }

    /// The engine `against` names, on 9x9 boards or the family's; `None` if it has no such
    /// strategy.
    fn named(against: Against, family: bool) -> Option<Engine> {
        use family::Method as F;
        let (nine, other) = match against {
            Against::Portfolio => (Some(Strategy::Portfolio), Some(F::Portfolio)),
            Against::FewestCandidates => (Some(Strategy::FewestCandidates), None),
            Against::FirstPair => (Some(Strategy::FirstPair), None),
            Against::FewestPlaces => (Some(Strategy::FewestPlaces), Some(F::FewestPlaces)),
            Against::ReadingOrder => (Some(Strategy::ReadingOrder), Some(F::ReadingOrder)),
            Against::Probing => (Some(Strategy::Probing), Some(F::Probing)),
            Against::Triads => (Some(Strategy::Triads), None),
            Against::Weighted => (Some(Strategy::Weighted), None),
            Against::Crossings => (Some(Strategy::Crossings), None),
            Against::FewestCandidatesPerConflict => (None, Some(F::FewestCandidatesPerConflict)),
            Against::FewestCandidatesPerRecentConflict => {
                (None, Some(F::FewestCandidatesPerRecentConflict))
            }
            Against::Learning => (Some(Strategy::Learning), Some(F::Learning)),
            Against::LearningInReadingOrder => (None, Some(F::LearningInReadingOrder)),
        };
        if family {
            other.map(Engine::Family)
        } else {
            nine.map(Engine::Nine)
        }
    }

    /// The strategy's name.
    fn name(self) -> String {
        match self {
            Engine::Nine(strategy) => format!("{:?}", strategy),
            Engine::Family(strategy) => format!("{:?}", strategy),
        }
    }
}

/// The climb's board size and how many givens its boards may have.
struct Shape {
    n: usize,
    min_givens: usize,
    max_givens: usize,
}

impl Shape {
    fn cells(&self) -> usize {
        self.n.pow(4)
    }
}

fn main() {
    let args = Args::parse();
    let n = args.family.map_or(3, usize::from);
    let engine = match Engine::named(args.against, args.family.is_some()) {
        Some(engine) => engine,
        None => {
            let which = if args.family.is_some() {
                "family"
            } else {
                "9x9"
            };
            eprintln!(
                "error: the {} engine has no strategy {:?}",
                which, args.against
            );
            std::process::exit(2)
        }
    };
    if args.examine {
        examine(engine, args.cap, args.runs);
        return;
    }
    // 11 to 30 givens on 9x9 boards: the sparse range where the 9x9 tails were found.
    let cells = n.pow(4);
    let shape = Shape {
        n,
        min_givens: args.min_givens.unwrap_or(cells * 11 / 81),
        max_givens: args.max_givens.unwrap_or(cells * 30 / 81),
    };
    if shape.min_givens == 0 || shape.min_givens > shape.max_givens || shape.max_givens >= cells {
        eprintln!(
            "error: the givens must be at least 1, at most the maximum, and fewer than the cells"
        );
        std::process::exit(2)
    }
    let starts = match &args.from {
        Some(path) => match read_boards(path, n) {
            Ok(boards) if !boards.is_empty() => boards,
            Ok(_) => {
                eprintln!("error: {}: no board to start from", path.display());
                std::process::exit(2)
            }
            Err(e) => {
                eprintln!("error: {}: {}", path.display(), e);
                std::process::exit(2)
            }
        },
        None => Vec::new(),
    };
    let question = args.mode.question();
    let work = |board: &Sudoku| -> (u64, u64) {
        // The best of three runs, when scoring by time: one run on a shared machine is noisy.
        let runs = match args.score {
            Score::Guesses => 1,
            Score::Time => 3,
        };
        let (guesses, micros) = engine.timed(board, question, args.cap, runs);
        (guesses.unwrap_or(args.cap), micros)
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
        let mut board = if starts.is_empty() {
            starting_board(&shape, &mut rng)
        } else {
            starts[(climbs - 1) as usize % starts.len()].clone()
        };
        let mut current = score(work(&board));
        let mut stale = 0;
        while stale < args.patience && Instant::now() < deadline {
            let next = match mutate(&board, &shape, &mut rng) {
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
                write_line(&board, &mut line);
                println!("{}\t{}\t{}", measured.0, measured.1, line.trim_end());
            }
        }
    }
    let against = match engine {
        Engine::Nine(strategy) => format!("{:?}", strategy),
        Engine::Family(strategy) => {
            format!("the family engine's {:?} ({1}x{1} boards)", strategy, n * n)
        }
    };
    eprintln!(
        "{:?} against {}: {} climbs, {} boards scored, worst score {}",
        args.mode, against, climbs, boards, worst
    );
}

/// The boards of the file at `path` whose side is `n * n` and that have a given, one a line as
/// the adversary prints them (the last tab-separated field); other lines are skipped.
fn read_boards(path: &std::path::Path, n: usize) -> std::io::Result<Vec<Sudoku>> {
    let text = std::fs::read_to_string(path)?;
    let boards = text
        .lines()
        .filter_map(|line| parse_line(line.rsplit('\t').next().unwrap_or_default()).ok())
        .filter(|board| board.side() == n * n && board.cells().iter().any(|&d| d != 0))
        .collect();
    Ok(boards)
}

/// `board`, a 9x9 one, as the 9x9 engine's grid.
fn grid_of(board: &Sudoku) -> Grid {
    let mut grid = Grid::EMPTY;
    for (cell, &digit) in board.cells().iter().enumerate() {
        grid.set(cell, digit);
    }
    grid
}

/// A random board with givens in the shape's range, taken from a random full board.
fn starting_board(shape: &Shape, rng: &mut Rng) -> Sudoku {
    let full = random_full_family_board(shape.n, rng);
    let mut cells: Vec<usize> = (0..shape.cells()).collect();
    rng.shuffle(&mut cells);
    let givens = shape.min_givens + rng.below(shape.max_givens - shape.min_givens + 1);
    let mut board = Sudoku::empty(shape.n).expect("a box size from 2 to 5");
    for &cell in &cells[..givens] {
        board.set(cell, full.get(cell));
    }
    board
}

/// Whether the digit in `cell` of `board` is also in its row, column or box.
fn repeats_a_digit(board: &Sudoku, cell: usize) -> bool {
    let (n, side) = (board.box_size(), board.side());
    let (row, column) = (cell / side, cell % side);
    let corner = row / n * n * side + column / n * n;
    let peers = (0..side).flat_map(|i| {
        [
            row * side + i,
            i * side + column,
            corner + i / n * side + i % n,
        ]
    });
    let digit = board.get(cell);
    digit != 0
        && peers
            .filter(|&peer| peer != cell)
            .any(|peer| board.get(peer) == digit)
}

/// `board` with a random digit in a random empty cell, if that breaks no rule.
fn with_random_given(board: &Sudoku, rng: &mut Rng) -> Option<Sudoku> {
    let empty: Vec<usize> = (0..board.cells().len())
        .filter(|&c| board.get(c) == 0)
        .collect();
    with_digit(board, empty[rng.below(empty.len())], rng)
}

/// `board` with a random digit in `cell`, if that breaks no rule.
fn with_digit(board: &Sudoku, cell: usize, rng: &mut Rng) -> Option<Sudoku> {
    let mut next = board.clone();
    next.set(cell, 1 + rng.below(board.side()) as u8);
    (!repeats_a_digit(&next, cell)).then_some(next)
}

/// A random neighbour of `board`: one given changed, moved, added or removed, keeping the
/// number of givens in range and breaking no rule; `None` if the step drawn does not fit.
fn mutate(board: &Sudoku, shape: &Shape, rng: &mut Rng) -> Option<Sudoku> {
    let givens: Vec<usize> = (0..shape.cells()).filter(|&c| board.get(c) != 0).collect();
    let mut next = board.clone();
    match rng.below(4) {
        0 => with_digit(board, givens[rng.below(givens.len())], rng),
        1 => {
            next.set(givens[rng.below(givens.len())], 0);
            with_random_given(&next, rng)
        }
        2 if givens.len() < shape.max_givens => with_random_given(&next, rng),
        3 if givens.len() > shape.min_givens => {
            next.set(givens[rng.below(givens.len())], 0);
            Some(next)
        }
        _ => None,
    }
}

/// Prints, for each board on standard input, the guesses and microseconds (the fastest of
/// `runs` runs) of every strategy of the 9x9 engine or of the family engine, in every mode (`-`
/// where the search hit `cap`).
fn examine(engine: Engine, cap: u64, runs: u32) {
    let engines: Vec<Engine> = match engine {
        Engine::Nine(_) => std::iter::once(Strategy::Portfolio)
            .chain(Strategy::ALONE)
            .map(Engine::Nine)
            .collect(),
        Engine::Family(_) => std::iter::once(family::Method::Portfolio)
            .chain(family::Method::ALONE)
            .map(Engine::Family)
            .collect(),
    };
    for line in std::io::stdin().lines().map_while(Result::ok) {
        let text = line.rsplit('\t').next().unwrap_or_default();
        let board = match parse_line(text) {
            Ok(board) if board.side() == 9 || matches!(engine, Engine::Family(_)) => board,
            _ => continue,
        };
        println!("{}", text);
        for mode in [Mode::First, Mode::Count, Mode::Smallest] {
            let mut row = format!("  {:<9}", format!("{:?}", mode).to_lowercase());
            for &engine in &engines {
                let (guesses, micros) = engine.timed(&board, mode.question(), cap, runs);
                let shown = match guesses {
                    Some(guesses) => format!("{} ({} us)", guesses, micros),
                    None => format!("- ({} us)", micros),
                };
                row.push_str(&format!(" {}: {:<22}", engine.name(), shown));
            }
            println!("{}", row);
        }
    }
}
