//! Solving 9x9 boards: any solution, the lexicographically smallest one, and counting.

use std::ops::ControlFlow;

use crate::grid::Grid;
use crate::search::{search, with_restarts, Board, Branching, Stop};

/// A completion of `puzzle`: a full, rule-abiding board keeping every filled cell; `None` if
/// there is none (including when the givens already repeat a digit in a unit).
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    let board = Board::new(puzzle)?;
    with_restarts(|order, budget| {
        let mut found = None;
        let stop = search(&mut board.clone(), order, budget, &mut |solved| {
            found = Some(solved.grid());
            ControlFlow::Break(())
        });
        match stop {
            ControlFlow::Break(Stop::Budget) => None,
            _ => Some(found),
        }
    })
}

/// The completion of `puzzle` that reads smallest as an 81-digit number (row by row); `None`
/// if there is none.
pub fn solve_smallest(puzzle: &Grid) -> Option<Grid> {
    let mut board = Board::new(puzzle)?;
    let mut budget = SMALLEST_BUDGET;
    let mut found = None;
    let stop = search(
        &mut board,
        Branching::ReadingOrder,
        &mut budget,
        &mut |solved| {
            found = Some(solved.grid());
            ControlFlow::Break(())
        },
    );
    match stop {
        ControlFlow::Break(Stop::Budget) => smallest_cell_by_cell(puzzle),
        _ => found,
    }
}

/// Guesses the reading-order search for the smallest completion may make before
/// [`smallest_cell_by_cell`] takes over.
const SMALLEST_BUDGET: u64 = 8192;

/// The smallest completion of `puzzle`, found without reading-order search: cells fixed in
/// reading order, each to the smallest digit that still leaves a completion, asking [`solve`]
/// (a known completion bounds each cell, so only smaller digits are tried). Slower on most
/// boards, but it inherits `solve`'s protection against dead ends.
fn smallest_cell_by_cell(puzzle: &Grid) -> Option<Grid> {
    let mut witness = solve(puzzle)?;
    let mut fixed = *puzzle;
    for cell in 0..81 {
        if fixed.get(cell) != 0 {
            continue;
        }
        for digit in 1..witness.get(cell) {
            let mut tried = fixed;
            tried.set(cell, digit);
            if let Some(better) = solve(&tried) {
                witness = better;
                break;
            }
        }
        fixed.set(cell, witness.get(cell));
    }
    Some(witness)
}

/// The number of completions of `puzzle`, counting no further than `limit`: the result is
/// `min(limit, number of solutions)`, and the search stops as soon as it reaches `limit`.
pub fn count_solutions(puzzle: &Grid, limit: usize) -> usize {
    let board = match Board::new(puzzle) {
        Some(board) if limit > 0 => board,
        _ => return 0,
    };
    with_restarts(|order, budget| {
        let mut count = 0;
        let stop = search(&mut board.clone(), order, budget, &mut |_| {
            count += 1;
            if count < limit {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        });
        match stop {
            ControlFlow::Break(Stop::Budget) => None,
            _ => Some(count),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::FIRST_BUDGET;

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
    fn a_board_that_sends_one_branching_order_astray_is_solved_by_the_other() {
        // Found by fuzzing: most-constrained-first guessing spends about a second here before
        // finding any solution, reading order a few microseconds.
        let puzzle = grid(
            "...7........................41...2.....5....8.2....1..........6............4....3",
        );
        assert!(solve(&puzzle).unwrap().solves(&puzzle));
        assert_eq!(count_solutions(&puzzle, 3), 3);
        let mut budget = FIRST_BUDGET;
        let mut found = false;
        let stop = search(
            &mut Board::new(&puzzle).unwrap(),
            Branching::FewestCandidates,
            &mut budget,
            &mut |_| {
                found = true;
                ControlFlow::Break(())
            },
        );
        assert_eq!(
            stop,
            ControlFlow::Break(Stop::Budget),
            "the board no longer needs a restart"
        );
        assert!(!found);
    }

    #[test]
    fn an_unsolvable_board_that_defeats_cell_guessing_is_refuted_by_place_guessing() {
        // Found by fuzzing: guessing cells (most constrained first, or in reading order) needs
        // hundreds of thousands of guesses to see there is no solution; guessing between the two
        // places of a digit in a row, a handful.
        let puzzle = grid(
            "...........41.............2.41...2.....5....8.2....1..........6......41..........",
        );
        assert!(puzzle.first_conflict().is_none());
        assert_eq!(solve(&puzzle), None);
        assert_eq!(count_solutions(&puzzle, 2), 0);
        assert_eq!(solve_smallest(&puzzle), None);
        let board = Board::new(&puzzle).unwrap();
        for order in [Branching::FewestCandidates, Branching::ReadingOrder] {
            let mut budget = FIRST_BUDGET;
            let stop = search(&mut board.clone(), order, &mut budget, &mut |_| {
                ControlFlow::Break(())
            });
            assert_eq!(
                stop,
                ControlFlow::Break(Stop::Budget),
                "{:?} no longer needs help",
                order
            );
        }
        let mut budget = FIRST_BUDGET;
        let stop = search(
            &mut board.clone(),
            Branching::TwoPlaces,
            &mut budget,
            &mut |_| ControlFlow::Break(()),
        );
        assert_eq!(stop, ControlFlow::Continue(()));
    }

    #[test]
    fn both_ways_to_the_smallest_solution_agree() {
        let boards = [
            Grid::EMPTY,
            grid(
                "...7........................41...2.....5....8.2....1..........6............4....3",
            ),
            grid(
                "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
            ),
            grid(
                "3.2....4..7..85.............9..6.8.........3....1..........95.72..4.....1........",
            ),
        ];
        for board in boards.iter() {
            assert_eq!(smallest_cell_by_cell(board), solve_smallest(board));
        }
        let mut unsolvable = Grid::EMPTY;
        for (cell, digit) in (0..8).zip(1..=8) {
            unsolvable.set(cell, digit);
        }
        unsolvable.set(17, 9);
        assert_eq!(smallest_cell_by_cell(&unsolvable), None);
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
