//! Puzzle sets for the benchmarks: the shared benchmark collection, read from a folder beside the
//! workspace (overridable) and never copied into it, and generated Su-Domino-Ku puzzles with only
//! ten placed dominoes; [`tdoku`], the peer solver, where a build links it; [`replay`], which
//! prices schedules of the 9x9 portfolio on what each strategy needs alone; and [`timing`], what
//! the timing programs report beside their figures.

pub mod replay;
pub mod tdoku;
pub mod timing;

use std::fs;

use harness::{notice, puzzles_dir};
use sudoku_core::domino::generate::generate;
use sudoku_core::domino::DominoPuzzle;
use sudoku_core::family::Sudoku;
use sudoku_core::grid::Grid;
use sudoku_core::judge::board_text::parse_line;
use sudoku_core::random::Rng;

/// The standard sets: five of the shared collection (four of puzzles with one solution, easiest
/// to hardest per puzzle, then the multi-solution one), and last the 48,765 puzzles rated 11 or
/// more that the engine issue's table also measures (it says 48,766), which the shared
/// collection lacks (BENCHMARKS.md says where to get it; without it, it is skipped like any
/// missing set).
pub const SETS: [&str; 6] = [
    "17-clue",
    "unbiased-1k",
    "top1465",
    "forum-hardest-1106",
    "serg-benchmark",
    "forum-hardest-1905-11plus",
];

/// The puzzles of set `name` (`<name>.txt` in [`puzzles_dir`]), or `None`, with a notice, if
/// the file is missing. Lines that are not boards are skipped.
pub fn load_set(name: &str) -> Option<Vec<Grid>> {
    let path = puzzles_dir().join(format!("{}.txt", name));
    match fs::read_to_string(&path) {
        Ok(text) => Some(text.lines().filter_map(|l| parse_line(l).ok()).collect()),
        Err(e) => {
            notice(&format!("skipping set {}: {}: {}", name, path.display(), e));
            None
        }
    }
}

/// Su-Domino-Ku puzzles with one solution and ten placed dominoes, generated from seeds
/// `0..count` (the same on every machine).
pub fn ten_domino_puzzles(count: u64) -> Vec<DominoPuzzle> {
    (0..count).map(generate).collect()
}

/// `puzzles` with the first given of each removed: boards with many solutions, where the
/// lexicographically smallest must be searched for.
pub fn one_clue_removed(puzzles: &[Grid]) -> Vec<Grid> {
    puzzles
        .iter()
        .map(|puzzle| {
            let mut board = *puzzle;
            if let Some(cell) = (0..81).find(|&c| board.get(c) != 0) {
                board.set(cell, 0);
            }
            board
        })
        .collect()
}

/// A random full board of `n x n` boxes: the pattern that shifts each row of a band by one box
/// and each band by one cell, with its digits relabelled and its bands, stacks, rows within bands
/// and columns within stacks shuffled. (Completing a random first row instead would ask the
/// engine for a smallest solution, which on sparse boards past 9x9 has a known tail.)
pub fn random_full_family_board(n: usize, rng: &mut Rng) -> Sudoku {
    let side = n * n;
    let mut digits: Vec<u8> = (1..=side as u8).collect();
    rng.shuffle(&mut digits);
    let mut lines = || {
        let mut bands: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut bands);
        let mut order = Vec::with_capacity(side);
        for band in bands {
            let mut within: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut within);
            order.extend(within.into_iter().map(|i| band * n + i));
        }
        order
    };
    let (rows, columns) = (lines(), lines());
    let mut full = Sudoku::empty(n).expect("a box size from 1 to 5");
    for (r, &from_r) in rows.iter().enumerate() {
        for (c, &from_c) in columns.iter().enumerate() {
            let pattern = (from_r * n + from_r / n + from_c) % side;
            full.set(r * side + c, digits[pattern]);
        }
    }
    full
}

/// A puzzle with one solution made from a random full board of `n x n` boxes by blanking cells
/// in random order while the solution stays unique, stopping once only `fewest_givens` are left
/// (0 for a minimal puzzle, from which no given can be taken). The same seed gives the same
/// puzzle.
pub fn unique_family_puzzle(n: usize, fewest_givens: usize, seed: u64) -> Sudoku {
    // `Rng` maps seeds that differ only in their lowest bit to the same sequence.
    let mut rng = Rng::new(seed << 1);
    let mut puzzle = random_full_family_board(n, &mut rng);
    let mut cells: Vec<usize> = (0..puzzle.cells().len()).collect();
    rng.shuffle(&mut cells);
    let mut givens = cells.len();
    for cell in cells {
        if givens <= fewest_givens {
            break;
        }
        let digit = puzzle.get(cell);
        puzzle.set(cell, 0);
        if puzzle.count_solutions(2) == 1 {
            givens -= 1;
        } else {
            puzzle.set(cell, digit);
        }
    }
    puzzle
}

/// A random full board of `n x n` boxes with all but `givens` of its cells blanked at random: a
/// solvable board, often with many solutions. (A unique 25x25 puzzle from
/// [`unique_family_puzzle`] takes minutes, nearly all of them spent proving uniqueness.)
pub fn family_board_with_givens(n: usize, givens: usize, seed: u64) -> Sudoku {
    let mut rng = Rng::new(seed << 1);
    let mut board = random_full_family_board(n, &mut rng);
    let mut cells: Vec<usize> = (0..board.cells().len()).collect();
    rng.shuffle(&mut cells);
    for &cell in cells.iter().skip(givens) {
        board.set(cell, 0);
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_sets_are_built_from_what_is_there() {
        let mut puzzle = Grid::EMPTY;
        puzzle.set(5, 3);
        puzzle.set(9, 4);
        let removed = one_clue_removed(&[puzzle]);
        assert_eq!(removed[0].get(5), 0);
        assert_eq!(removed[0].get(9), 4);
        let puzzles = ten_domino_puzzles(2);
        assert_eq!(puzzles.len(), 2);
        assert!(puzzles
            .iter()
            .all(|p| p.used().len() == 10 && p.solution().is_some()));
    }
}
