//! The engine against an independent exact-cover solver (dancing links) on thousands of
//! generated boards (unique, with many solutions, unsolvable) and on generated Su-Domino-Ku
//! puzzles: same solvability, same count up to a limit (and to 2), the same smallest solution,
//! and valid answers.

mod support;

use sudoku_core::domino::generate::generate;
use sudoku_core::domino::{DominoPuzzle, Placement};
use sudoku_core::engine::{
    count_solutions, measure, solve, solve_smallest, Answer, Question, Strategy,
};
use sudoku_core::family;
use sudoku_core::grid::Grid;
use sudoku_core::judge::board_text::parse_line;
use sudoku_core::judge::domino_text::read_puzzles;
use support::boards::{full_board, full_family_board, puzzle, Rng};
use support::reference::{
    domino_boards, domino_tileable, family_smallest, family_solutions, sudoku_smallest,
    sudoku_solutions,
};

const COUNT_LIMIT: usize = 5;

/// Checks the engine against the reference on `puzzle`, and each of its strategies alone where
/// `each_strategy` says; returns the reference's count.
fn agree(puzzle: &Grid, label: &str, each_strategy: bool) -> usize {
    let reference = sudoku_solutions(puzzle, COUNT_LIMIT);
    assert_eq!(
        count_solutions(puzzle, COUNT_LIMIT),
        reference.len(),
        "{}: count",
        label
    );
    // Counting to 2 may stop at a first solution whose twin it sees (the engine's `twins`).
    assert_eq!(
        count_solutions(puzzle, 2),
        reference.len().min(2),
        "{}: count to 2",
        label
    );
    assert_eq!(
        solve_smallest(puzzle),
        sudoku_smallest(puzzle),
        "{}: smallest",
        label
    );
    match solve(puzzle) {
        Some(any) => assert!(any.solves(puzzle), "{}: invalid answer", label),
        None => assert!(reference.is_empty(), "{}: missed a solution", label),
    }
    let strategies: &[Strategy] = if each_strategy { &Strategy::ALONE } else { &[] };
    for &strategy in strategies {
        let label = format!("{}, {:?} alone", label, strategy);
        let answer = |question| measure(puzzle, question, strategy, u64::MAX).answer;
        assert_eq!(
            answer(Question::CountTo(COUNT_LIMIT)),
            Some(Answer::Count(reference.len())),
            "{}: count",
            label
        );
        assert_eq!(
            answer(Question::CountTo(2)),
            Some(Answer::Count(reference.len().min(2))),
            "{}: count to 2",
            label
        );
        assert_eq!(
            answer(Question::Smallest),
            Some(Answer::Solution(sudoku_smallest(puzzle))),
            "{}: smallest",
            label
        );
        match answer(Question::First) {
            Some(Answer::Solution(Some(any))) => {
                assert!(any.solves(puzzle), "{}: invalid answer", label)
            }
            Some(Answer::Solution(None)) => {
                assert!(reference.is_empty(), "{}: missed a solution", label)
            }
            other => panic!("{}: answered {:?}", label, other),
        }
    }
    reference.len()
}

#[test]
fn nine_by_nine_answers_agree_with_exact_cover() {
    let mut rng = Rng::new(0xD1FF_0001);
    let (mut unique, mut several, mut none) = (0, 0, 0);
    for round in 0..2500 {
        let full = full_board(&mut rng);
        let blanks = 30 + rng.below(45);
        let mut board = puzzle(&mut rng, &full, blanks);
        if round % 3 == 0 {
            // A wrong digit in a blank cell: often unsolvable, never a rule broken on its face.
            let blanks: Vec<usize> = (0..81).filter(|&c| board.get(c) == 0).collect();
            let cell = blanks[rng.below(blanks.len())];
            for digit in 1..=9 {
                let mut tried = board;
                tried.set(cell, digit);
                if digit != full.get(cell) && tried.first_conflict().is_none() {
                    board = tried;
                    break;
                }
            }
        }
        match agree(&board, &format!("round {}", round), round % 25 == 0) {
            0 => none += 1,
            1 => unique += 1,
            _ => several += 1,
        }
    }
    println!(
        "{} unique, {} with several solutions, {} unsolvable",
        unique, several, none
    );
    assert!(
        unique >= 300 && several >= 300 && none >= 200,
        "{} {} {}",
        unique,
        several,
        none
    );
}

#[test]
fn hard_and_empty_boards_agree_with_exact_cover() {
    let grid = parse_line(
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    )
    .unwrap();
    let mut boards = vec![Grid::EMPTY, grid];
    for cell in (0..81).filter(|&c| grid.get(c) != 0) {
        let mut fewer = grid;
        fewer.set(cell, 0);
        boards.push(fewer);
    }
    for (i, board) in boards.iter().enumerate() {
        agree(board, &format!("board {}", i), i % 4 == 0);
    }
}

/// Checks the engine against the reference on a Su-Domino-Ku puzzle; returns the number of
/// boards, or `None` if the reference could not tell.
fn agree_domino(puzzle: &DominoPuzzle, label: &str) -> Option<usize> {
    let boards = domino_boards(puzzle, 3, 20_000)?;
    assert_eq!(puzzle.count_boards(3), boards.len(), "{}: count", label);
    match puzzle.solution() {
        Some(board) => {
            assert!(board.solves(puzzle.grid()), "{}: not a completion", label);
            assert!(
                domino_tileable(puzzle, &board),
                "{}: cannot be tiled",
                label
            );
        }
        None => assert!(boards.is_empty(), "{}: missed a board", label),
    }
    Some(boards.len())
}

#[test]
fn su_domino_ku_answers_agree_with_exact_cover() {
    let mut rng = Rng::new(0xD1FF_0002);
    let (mut unique, mut several, mut none) = (0, 0, 0);
    for seed in 0..30 {
        let generated = generate(seed);
        let mut variants = vec![generated];
        // Fewer dominoes: possibly several boards.
        let mut fewer = generated;
        for (first, _) in generated.dominoes().into_iter().take(1 + rng.below(3)) {
            fewer = fewer.without_domino_at(first.cell);
        }
        variants.push(fewer);
        // Two lone digits swapped: usually no board at all.
        let singles = generated.singles();
        let (a, b) = (singles[0], singles[1 + rng.below(8)]);
        let mut swapped = generated;
        for cell in [a.cell, b.cell] {
            swapped = without_single(&swapped, cell);
        }
        let moved = [
            Placement {
                digit: a.digit,
                cell: b.cell,
            },
            Placement {
                digit: b.digit,
                cell: a.cell,
            },
        ];
        for single in moved {
            swapped.place_single(single).unwrap();
        }
        variants.push(swapped);
        for (k, variant) in variants.iter().enumerate() {
            match agree_domino(variant, &format!("seed {} variant {}", seed, k)) {
                Some(0) => none += 1,
                Some(1) => unique += 1,
                Some(_) => several += 1,
                None => {}
            }
        }
    }
    println!(
        "{} unique, {} with several boards, {} unsolvable",
        unique, several, none
    );
    assert!(
        unique >= 30 && none >= 10,
        "{} {} {}",
        unique,
        several,
        none
    );
}

/// Judge puzzles kept in the repository: the sample's two and two with 35 and 34 dominoes.
const JUDGE_PUZZLES: [&str; 2] = [
    include_str!("../../../problems/boj-4574/sample.in"),
    include_str!("../../../problems/boj-4574/most-dominoes.in"),
];

#[test]
fn judge_puzzles_with_dominoes_taken_away_are_solved_and_tiled() {
    let mut rng = Rng::new(0x00D0_1100);
    let puzzles: Vec<DominoPuzzle> = JUDGE_PUZZLES
        .iter()
        .flat_map(|text| read_puzzles(text).unwrap())
        .collect();
    assert_eq!(puzzles.len(), 4);
    for (index, judge_puzzle) in puzzles.iter().enumerate() {
        for round in 0..60 {
            let mut dominoes = judge_puzzle.dominoes();
            rng.shuffle(&mut dominoes);
            let keep = 10 + rng.below(dominoes.len() - 9);
            let mut puzzle = *judge_puzzle;
            for (first, _) in &dominoes[keep..] {
                puzzle = puzzle.without_domino_at(first.cell);
            }
            let label = format!("puzzle {} round {}", index, round);
            let board = puzzle
                .solution()
                .unwrap_or_else(|| panic!("{}: no solution", label));
            assert!(board.solves(puzzle.grid()), "{}: not a completion", label);
            assert!(
                domino_tileable(&puzzle, &board),
                "{}: cannot be tiled",
                label
            );
        }
    }
}

/// `puzzle` rebuilt without the lone digit in `cell`.
fn without_single(puzzle: &DominoPuzzle, cell: usize) -> DominoPuzzle {
    let mut rebuilt = DominoPuzzle::new();
    for (a, b) in puzzle.dominoes() {
        rebuilt.place_domino(a, b).unwrap();
    }
    for single in puzzle.singles() {
        if single.cell != cell {
            rebuilt.place_single(single).unwrap();
        }
    }
    rebuilt
}

#[test]
fn boards_of_every_box_size_agree_with_exact_cover() {
    let mut rng = Rng::new(0xFA_0111);
    let (mut unique, mut several, mut none) = (0, 0, 0);
    // Box size, boards, and the share of cells left blank: sparse enough for several solutions,
    // dense enough for the reference to finish.
    for &(n, boards, most_blank) in &[(1, 2, 1.0), (2, 60, 0.9), (3, 60, 0.75), (4, 12, 0.55)] {
        let side = n * n;
        for round in 0..boards {
            let full = full_family_board(&mut rng, n);
            let mut cells = full.clone();
            let blanks = rng.below((most_blank * (side * side) as f64) as usize + 1);
            let mut order: Vec<usize> = (0..side * side).collect();
            rng.shuffle(&mut order);
            for &cell in &order[..blanks] {
                cells[cell] = 0;
            }
            // Every third board gets a wrong given, which often leaves no solution.
            if round % 3 == 2 && n > 1 {
                let cell = order[rng.below(blanks.max(1))];
                cells[cell] = 1 + rng.below(side) as u8;
            }
            let label = format!("n = {} round {}", n, round);
            let puzzle = family::Sudoku::from_cells(n, cells.clone()).unwrap();
            let reference = family_solutions(n, &cells, COUNT_LIMIT);
            assert_eq!(
                puzzle.count_solutions(COUNT_LIMIT),
                reference.len(),
                "{}: count",
                label
            );
            match puzzle.solution() {
                Some(answer) => assert!(answer.solves(&puzzle), "{}: invalid", label),
                None => assert!(reference.is_empty(), "{}: missed a solution", label),
            }
            let smallest = family_smallest(n, &cells);
            assert_eq!(
                puzzle.smallest_solution().map(|b| b.cells().to_vec()),
                smallest,
                "{}: smallest",
                label
            );
            for method in family::Method::ALONE {
                let label = format!("{}, {:?} alone", label, method);
                let answer = |question| puzzle.measure(question, method, u64::MAX).answer;
                assert_eq!(
                    answer(Question::CountTo(COUNT_LIMIT)),
                    Some(Answer::Count(reference.len())),
                    "{}: count",
                    label
                );
                match answer(Question::Smallest) {
                    Some(Answer::Solution(found)) => assert_eq!(
                        found.map(|b| b.cells().to_vec()),
                        smallest,
                        "{}: smallest",
                        label
                    ),
                    other => panic!("{}: answered {:?}", label, other),
                }
                match answer(Question::First) {
                    Some(Answer::Solution(Some(any))) => {
                        assert!(any.solves(&puzzle), "{}: invalid", label)
                    }
                    Some(Answer::Solution(None)) => {
                        assert!(reference.is_empty(), "{}: missed a solution", label)
                    }
                    other => panic!("{}: answered {:?}", label, other),
                }
            }
            match reference.len() {
                0 => none += 1,
                1 => unique += 1,
                _ => several += 1,
            }
        }
    }
    assert!(
        unique >= 20 && several >= 20 && none >= 10,
        "{} {} {}",
        unique,
        several,
        none
    );
}
