//! The explicit limits: the largest input a judge binary accepts, and the work a board with no
//! solution or with astronomically many solutions costs.

use harness::{binary, check_well_behaved, problems, run};
use sudoku_core::engine::{count_solutions, solve, solve_smallest};
use sudoku_core::grid::Grid;
use sudoku_core::judge::MAX_INPUT_BYTES;

#[test]
fn inputs_over_the_limit_are_refused_whole_and_at_the_limit_read() {
    let over = vec![b' '; MAX_INPUT_BYTES + 1];
    let at = vec![b'\n'; MAX_INPUT_BYTES];
    for problem in problems().unwrap() {
        let program = binary(&problem.id);
        let refused = run(&program, &over).unwrap();
        check_well_behaved(&refused).unwrap();
        assert_eq!(refused.status, Some(1), "{}", problem.id);
        assert_eq!(refused.stdout, "");
        assert_eq!(
            refused.stderr,
            "error: input is larger than 16 MiB; refusing it\n"
        );
        // Blank lines only: read, then rejected (or, where they ask nothing, noted) for what
        // they do not say.
        let read = run(&program, &at).unwrap();
        check_well_behaved(&read).unwrap();
        assert!(!read.stderr.is_empty(), "{}", problem.id);
        assert!(
            !read.stderr.contains("larger than"),
            "{}: {}",
            problem.id,
            read.stderr
        );
    }
}

#[test]
fn counting_the_empty_board_stops_at_the_limit() {
    for limit in [1, 2, 1_000, 20_000] {
        assert_eq!(count_solutions(&Grid::EMPTY, limit), limit);
    }
}

#[test]
fn a_board_with_no_solution_is_answered_as_such() {
    // Every given is legal on its face, yet row 1 needs a 9 in its last cell, which column 9
    // forbids.
    let mut board = Grid::EMPTY;
    for (cell, digit) in (0..8).zip(1..=8) {
        board.set(cell, digit);
    }
    board.set(17, 9);
    assert!(board.first_conflict().is_none());
    assert_eq!(solve(&board), None);
    assert_eq!(solve_smallest(&board), None);
    assert_eq!(count_solutions(&board, 1_000), 0);
}
