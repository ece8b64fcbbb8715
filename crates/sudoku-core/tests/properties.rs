//! Property tests on generated boards: every answer is a valid completion, and where the plain
//! row-major backtracking search (`sudoku_core::baseline`) settles quickly, the engine agrees
//! with it exactly.

mod support;

use sudoku_core::engine::baseline::row_major_solutions;
use sudoku_core::engine::{count_solutions, solve, solve_smallest};
use sudoku_core::grid::Grid;
use support::boards::{full_board, puzzle, Rng};

/// Whether `digit` can go in blank `cell` of `grid` without repeating in a unit.
fn fits(grid: &Grid, cell: usize, digit: u8) -> bool {
    let mut tried = *grid;
    tried.set(cell, digit);
    tried.first_conflict().is_none()
}

#[test]
fn every_answer_completes_its_puzzle() {
    let mut rng = Rng::new(0x5EED_0001);
    for round in 0..300 {
        let full = full_board(&mut rng);
        let blanks = 20 + rng.below(62);
        let puzzle = puzzle(&mut rng, &full, blanks);
        let any = solve(&puzzle).unwrap_or_else(|| panic!("round {}: no solution", round));
        assert!(any.solves(&puzzle), "round {}", round);
        let smallest = solve_smallest(&puzzle).unwrap();
        assert!(smallest.solves(&puzzle), "round {}", round);
        assert!(
            smallest.cells() <= full.cells(),
            "round {}: not smallest",
            round
        );
        let count = count_solutions(&puzzle, 2);
        assert!(count >= 1);
        if count == 1 {
            assert!(
                any == full && smallest == full,
                "round {}: unique but not found",
                round
            );
        }
    }
}

#[test]
fn smallest_solution_and_counts_agree_with_plain_search() {
    let mut rng = Rng::new(0x5EED_0002);
    let mut compared = 0;
    for round in 0..400 {
        let full = full_board(&mut rng);
        let blanks = 40 + rng.below(25);
        let puzzle = puzzle(&mut rng, &full, blanks);
        let plain = match row_major_solutions(&puzzle, 20, 20_000) {
            Some(solutions) => solutions,
            None => continue,
        };
        compared += 1;
        assert_eq!(
            solve_smallest(&puzzle),
            plain.first().copied(),
            "round {}",
            round
        );
        assert_eq!(count_solutions(&puzzle, 20), plain.len(), "round {}", round);
    }
    println!("{} boards compared", compared);
    assert!(compared >= 200, "only {} boards compared", compared);
}

#[test]
fn unsolvable_boards_are_told_apart_from_solvable_ones() {
    let mut rng = Rng::new(0x5EED_0003);
    let (mut unsolvable, mut solvable) = (0, 0);
    for round in 0..600 {
        let full = full_board(&mut rng);
        let blanks = 45 + rng.below(15);
        let mut puzzle = puzzle(&mut rng, &full, blanks);
        // Write a wrong digit into a blank cell without breaking a rule on the face of it.
        let blank = (0..81)
            .filter(|&c| puzzle.get(c) == 0)
            .nth(rng.below(blanks))
            .unwrap();
        let wrong = (1..=9).find(|&d| d != full.get(blank) && fits(&puzzle, blank, d));
        let wrong = match wrong {
            Some(digit) => digit,
            None => continue,
        };
        puzzle.set(blank, wrong);
        let plain = match row_major_solutions(&puzzle, 1, 20_000) {
            Some(solutions) => solutions,
            None => continue,
        };
        let engine = solve(&puzzle);
        assert_eq!(engine.is_some(), !plain.is_empty(), "round {}", round);
        assert_eq!(
            solve_smallest(&puzzle),
            plain.first().copied(),
            "round {}",
            round
        );
        if plain.is_empty() {
            unsolvable += 1;
            assert_eq!(count_solutions(&puzzle, 3), 0);
        } else {
            solvable += 1;
        }
    }
    println!("{} unsolvable, {} solvable", unsolvable, solvable);
    assert!(
        unsolvable >= 100 && solvable >= 20,
        "{} / {}",
        unsolvable,
        solvable
    );
}
