//! Solving 9x9 boards: any solution, the lexicographically smallest one, and counting.

use std::ops::ControlFlow;

use crate::grid::Grid;
use crate::search::{first_solution, search, Board, Branching};

/// A completion of `puzzle`: a full, rule-abiding board keeping every filled cell; `None` if
/// there is none (including when the givens already repeat a digit in a unit).
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    first_solution(&Board::new(puzzle)?, Branching::FewestCandidates)
}

/// The completion of `puzzle` that reads smallest as an 81-digit number (row by row); `None`
/// if there is none.
pub fn solve_smallest(puzzle: &Grid) -> Option<Grid> {
    first_solution(&Board::new(puzzle)?, Branching::ReadingOrder)
}

/// The number of completions of `puzzle`, counting no further than `limit`: the result is
/// `min(limit, number of solutions)`, and the search stops as soon as it reaches `limit`.
pub fn count_solutions(puzzle: &Grid, limit: usize) -> usize {
    let mut count = 0;
    if limit == 0 {
        return 0;
    }
    if let Some(board) = Board::new(puzzle) {
        let _ = search(&board, Branching::FewestCandidates, &mut |_| {
            count += 1;
            if count < limit {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        });
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> Grid {
        let mut grid = Grid::EMPTY;
        for (cell, ch) in text.bytes().enumerate() {
            if ch.is_ascii_digit() {
                grid.set(cell, ch - b'0');
            }
        }
        grid
    }

    /// The smallest completion of the empty board.
    const SMALLEST_FULL: &str =
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642";

    #[test]
    fn empty_board_has_a_solution_and_a_known_smallest_one() {
        assert!(solve(&Grid::EMPTY).unwrap().solves(&Grid::EMPTY));
        assert_eq!(solve_smallest(&Grid::EMPTY), Some(grid(SMALLEST_FULL)));
    }

    #[test]
    fn counting_stops_at_the_limit() {
        assert_eq!(count_solutions(&Grid::EMPTY, 0), 0);
        assert_eq!(count_solutions(&Grid::EMPTY, 1000), 1000);
        let full = grid(SMALLEST_FULL);
        assert_eq!(count_solutions(&full, 2), 1);
    }

    #[test]
    fn repeated_givens_have_no_solution() {
        let mut puzzle = Grid::EMPTY;
        puzzle.set(0, 3);
        puzzle.set(80, 3);
        assert!(
            solve(&puzzle).is_some(),
            "different units may share a digit"
        );
        puzzle.set(10, 3);
        assert_eq!(solve(&puzzle), None);
        assert_eq!(solve_smallest(&puzzle), None);
        assert_eq!(count_solutions(&puzzle, 5), 0);
    }

    #[test]
    fn consistent_givens_can_still_be_unsolvable() {
        // Row 0 needs a 9 in cell 8, but column 8 already holds one further down.
        let puzzle = grid(
            "12345678.\
             .........\
             ........9\
             .........\
             .........\
             .........\
             .........\
             .........\
             .........",
        );
        assert!(puzzle.first_conflict().is_none());
        assert_eq!(solve(&puzzle), None);
        assert_eq!(count_solutions(&puzzle, 2), 0);
    }
}
