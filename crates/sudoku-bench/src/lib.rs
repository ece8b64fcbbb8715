//! Puzzle sets for the benchmarks: the shared benchmark collection, read from a folder beside the
//! workspace (overridable) and never copied into it, and generated Su-Domino-Ku puzzles with only
//! ten placed dominoes.

use std::fs;

use harness::{notice, puzzles_dir};
use sudoku_core::domino::generate::generate;
use sudoku_core::domino::DominoPuzzle;
use sudoku_core::grid::Grid;
use sudoku_core::judge::board_text::parse_line;

/// The four standard sets, easiest to hardest per puzzle but for the multi-solution last one.
pub const SETS: [&str; 4] = ["17-clue", "top1465", "forum-hardest-1106", "serg-benchmark"];

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
