//! The textbook search, kept as a yardstick: cells in reading order, digits in increasing order,
//! no propagation. Benchmarks measure the engine against it and tests cross-check the engine
//! with it; it is exponentially slow on boards built against it, hence the budget.

use crate::grid::Grid;

/// The first `wanted` completions of `puzzle` in lexicographic order (fewer if it has fewer),
/// or `None` if finding them takes more than `budget` placements.
pub fn row_major_solutions(puzzle: &Grid, wanted: usize, budget: u64) -> Option<Vec<Grid>> {
    if puzzle.first_conflict().is_some() {
        return Some(Vec::new());
    }
    let mut search = RowMajor {
        budget,
        wanted,
        found: Vec::new(),
    };
    let mut grid = *puzzle;
    if search.fill(&mut grid, 0) {
        Some(search.found)
    } else {
        None
    }
}

struct RowMajor {
    budget: u64,
    wanted: usize,
    found: Vec<Grid>,
}

impl RowMajor {
    /// Fills the blanks from `from` on; `false` once the budget is spent.
    fn fill(&mut self, grid: &mut Grid, from: usize) -> bool {
        let cell = match (from..81).find(|&c| grid.get(c) == 0) {
            None => {
                self.found.push(*grid);
                return true;
            }
            Some(cell) => cell,
        };
        for digit in 1..=9 {
            if self.found.len() >= self.wanted {
                return true;
            }
            if !fits(grid, cell, digit) {
                continue;
            }
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            grid.set(cell, digit);
            let within_budget = self.fill(grid, cell + 1);
            grid.set(cell, 0);
            if !within_budget {
                return false;
            }
        }
        true
    }
}

/// Whether `digit` can go in `cell` without repeating in its row, column or box.
fn fits(grid: &Grid, cell: usize, digit: u8) -> bool {
    let (r, c) = (cell / 9, cell % 9);
    let (br, bc) = (r / 3 * 3, c / 3 * 3);
    (0..9).all(|i| {
        grid.get(r * 9 + i) != digit
            && grid.get(i * 9 + c) != digit
            && grid.get((br + i / 3) * 9 + bc + i % 3) != digit
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_solutions_in_order_within_budget() {
        let first_two = row_major_solutions(&Grid::EMPTY, 2, 1_000).unwrap();
        assert_eq!(first_two.len(), 2);
        assert!(first_two[0].cells() < first_two[1].cells());
        assert!(first_two.iter().all(|g| g.solves(&Grid::EMPTY)));
        assert_eq!(row_major_solutions(&Grid::EMPTY, 2, 10), None);
        let mut conflict = Grid::EMPTY;
        conflict.set(0, 1);
        conflict.set(1, 1);
        assert_eq!(row_major_solutions(&conflict, 1, 10), Some(Vec::new()));
    }
}
