//! Prints seeded boards of `n x n` boxes, one a line in the family's symbols (see
//! `sudoku_core::judge::family_text`):
//!
//! `family_puzzles N COUNT [FEWEST_GIVENS] [FIRST_SEED] [--any]`
//!
//! The boards are puzzles with one solution, minimal when no fewest number of givens is given.
//! With `--any` they are random boards with exactly `FEWEST_GIVENS` givens of some full board,
//! one solution or many: the 25x25 benchmark kind, where proving uniqueness is the slow part.

use sudoku_bench::{family_board_with_givens, unique_family_puzzle};
use sudoku_core::judge::family_text::write_line;

const USAGE: &str =
    "usage: family_puzzles N COUNT [FEWEST_GIVENS] [FIRST_SEED] [--any] (N from 1 to 5)";

fn main() {
    let mut any = false;
    let mut numbers = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.parse::<u64>() {
            Ok(number) => numbers.push(number),
            Err(_) if arg == "--any" => any = true,
            Err(_) => usage(),
        }
    }
    let (n, count) = match numbers[..] {
        [n, count, ..] if (1..=5).contains(&n) && numbers.len() <= 4 => (n as usize, count),
        _ => usage(),
    };
    let fewest = numbers.get(2).copied().unwrap_or(0) as usize;
    let first_seed = numbers.get(3).copied().unwrap_or(0);
    let mut out = String::new();
    for seed in first_seed..first_seed + count {
        let board = if any {
            family_board_with_givens(n, fewest, seed)
        } else {
            unique_family_puzzle(n, fewest, seed)
        };
        write_line(&board, &mut out);
    }
    print!("{}", out);
}

fn usage() -> ! {
    eprintln!("{}", USAGE);
    std::process::exit(2)
}
