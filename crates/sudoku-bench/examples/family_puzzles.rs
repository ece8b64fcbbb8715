//! Prints seeded puzzles of `n x n` boxes with one solution, one a line in the family's symbols
//! (see `sudoku_core::judge::family_text`): `family_puzzles N COUNT [FEWEST_GIVENS] [FIRST_SEED]`.
//! With no fewest number of givens the puzzles are minimal.

use sudoku_bench::unique_family_puzzle;
use sudoku_core::judge::family_text::write_line;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|arg| {
            arg.parse().unwrap_or_else(|_| {
                eprintln!("usage: family_puzzles N COUNT [FEWEST_GIVENS] [FIRST_SEED]");
                std::process::exit(2)
            })
        })
        .collect();
    let (n, count) = match args[..] {
        [n, count, ..] if (1..=5).contains(&n) => (n as usize, count),
        _ => {
            eprintln!("usage: family_puzzles N COUNT [FEWEST_GIVENS] [FIRST_SEED] (N from 1 to 5)");
            std::process::exit(2)
        }
    };
    let fewest = args.get(2).copied().unwrap_or(0) as usize;
    let first_seed = args.get(3).copied().unwrap_or(0);
    let mut out = String::new();
    for seed in first_seed..first_seed + count {
        write_line(&unique_family_puzzle(n, fewest, seed), &mut out);
    }
    print!("{}", out);
}
