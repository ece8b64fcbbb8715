//! Puzzle sets for the benchmarks: the shared benchmark collection and Su-Domino-Ku puzzles with
//! only ten placed dominoes, read from folders beside the workspace (overridable), never copied
//! into it.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use sudoku_core::domino::text::read_puzzles;
use sudoku_core::domino::DominoPuzzle;
use sudoku_core::grid::Grid;
use sudoku_core::text::parse_line;

/// The four standard sets, easiest to hardest per puzzle but for the multi-solution last one.
pub const SETS: [&str; 4] = ["17-clue", "top1465", "forum-hardest-1106", "serg-benchmark"];

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("..")
}

/// Where the puzzle sets are: `$SUDOKU_PUZZLES`, or `../shared/puzzles` beside the workspace.
pub fn puzzles_dir() -> PathBuf {
    std::env::var_os("SUDOKU_PUZZLES")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("..").join("shared").join("puzzles"))
}

/// Where the official judge data is: `$SUDOKU_JUDGE_DATA`, or `../shared/judge-data`.
pub fn judge_data_dir() -> PathBuf {
    std::env::var_os("SUDOKU_JUDGE_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            workspace_root()
                .join("..")
                .join("shared")
                .join("judge-data")
        })
}

/// Says on standard error that something is skipped, even under a capturing test harness.
pub fn notice(message: &str) {
    let _ = writeln!(std::io::stderr(), "notice: {}", message);
}

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

/// Su-Domino-Ku puzzles with ten placed dominoes: for each official MCPC 2011 puzzle, `per_puzzle`
/// deterministic choices of ten of its dominoes (solvable, since the official tiling still
/// fits). `None`, with a notice, if the judge data is missing.
pub fn ten_domino_puzzles(per_puzzle: usize) -> Option<Vec<DominoPuzzle>> {
    let path = judge_data_dir().join("4574-mcpc2011").join("sudominoku.in");
    let text = match fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            notice(&format!("skipping Su-Domino-Ku: {}: {}", path.display(), e));
            return None;
        }
    };
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let mut reduced = String::new();
    let mut state = 0x5D0C_u64;
    let mut at = 0;
    while at < lines.len() && lines[at] != "0" {
        let count: usize = lines[at].parse().ok()?;
        let dominoes = &lines[at + 1..at + 1 + count];
        let singles = lines[at + 1 + count];
        for _ in 0..per_puzzle {
            let mut order: Vec<usize> = (0..count).collect();
            for i in (1..count).rev() {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                order.swap(i, (state >> 33) as usize % (i + 1));
            }
            reduced.push_str("10\n");
            for &i in &order[..10] {
                reduced.push_str(dominoes[i]);
                reduced.push('\n');
            }
            reduced.push_str(singles);
            reduced.push('\n');
        }
        at += count + 2;
    }
    reduced.push_str("0\n");
    read_puzzles(&reduced).ok()
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
        if let Some(puzzles) = ten_domino_puzzles(2) {
            assert_eq!(puzzles.len(), 12);
            assert!(puzzles
                .iter()
                .all(|p| p.used().len() == 10 && p.solve().is_some()));
        }
    }
}
