//! Su-Domino-Ku search on puzzles with dominoes taken away: every answer must be a sudoku that
//! keeps the placed digits and whose open cells an independent checker can tile with the unused
//! dominoes.

use sudoku_core::domino::{parse_cell, DominoPuzzle, Placement};
use sudoku_core::grid::Grid;
use sudoku_core::random::Rng;

/// Puzzles in the judge's format, kept in the repository.
const SOURCES: [&str; 2] = [
    include_str!("../../../problems/4574/sample.in"),
    include_str!("../../../problems/4574/most-dominoes.in"),
];

/// A puzzle as read from judge text: its dominoes and the cells of the digits 1..=9.
struct Source {
    dominoes: Vec<(Placement, Placement)>,
    singles: Vec<usize>,
}

fn sources() -> Vec<Source> {
    let mut puzzles = Vec::new();
    for text in SOURCES.iter() {
        let mut lines = text.lines();
        while let Some(head) = lines.next() {
            let count: usize = head.trim().parse().unwrap();
            if count == 0 {
                break;
            }
            let at = |digit: &str, cell: &str| Placement {
                digit: digit.parse().unwrap(),
                cell: parse_cell(cell).unwrap(),
            };
            let dominoes = (0..count)
                .map(|_| {
                    let t: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
                    (at(t[0], t[1]), at(t[2], t[3]))
                })
                .collect();
            let singles = lines
                .next()
                .unwrap()
                .split_whitespace()
                .map(|name| parse_cell(name).unwrap())
                .collect();
            puzzles.push(Source { dominoes, singles });
        }
    }
    puzzles
}

fn build(source: &Source, keep: &[bool]) -> DominoPuzzle {
    let mut puzzle = DominoPuzzle::new();
    for (&(a, b), _) in source.dominoes.iter().zip(keep).filter(|(_, &k)| k) {
        puzzle.place_domino(a, b).unwrap();
    }
    for (digit, &cell) in (1..=9).zip(&source.singles) {
        puzzle.place_single(Placement { digit, cell }).unwrap();
    }
    puzzle
}

/// Whether the `open` cells of `board` can be covered by dominoes of distinct digit pairs, none
/// of them marked in `used` (indexed by both orders of the pair).
fn tileable(board: &Grid, open: &mut [bool; 81], used: &mut [[bool; 10]; 10]) -> bool {
    let cell = match (0..81).find(|&c| open[c]) {
        None => return true,
        Some(cell) => cell,
    };
    let right = if cell % 9 < 8 { Some(cell + 1) } else { None };
    let below = if cell < 72 { Some(cell + 9) } else { None };
    for other in right.into_iter().chain(below) {
        let (a, b) = (usize::from(board.get(cell)), usize::from(board.get(other)));
        if !open[other] || a == b || used[a][b] {
            continue;
        }
        open[cell] = false;
        open[other] = false;
        used[a][b] = true;
        used[b][a] = true;
        if tileable(board, open, used) {
            return true;
        }
        open[cell] = true;
        open[other] = true;
        used[a][b] = false;
        used[b][a] = false;
    }
    false
}

fn check_answer(source: &Source, keep: &[bool], label: &str) {
    let puzzle = build(source, keep);
    let board = puzzle
        .solution()
        .unwrap_or_else(|| panic!("{}: no solution", label));
    assert!(board.solves(puzzle.grid()), "{}: not a completion", label);
    let mut open = [false; 81];
    for (cell, flag) in open.iter_mut().enumerate() {
        *flag = puzzle.grid().get(cell) == 0;
    }
    let mut used = [[false; 10]; 10];
    for (&(a, b), _) in source.dominoes.iter().zip(keep).filter(|(_, &k)| k) {
        used[usize::from(a.digit)][usize::from(b.digit)] = true;
        used[usize::from(b.digit)][usize::from(a.digit)] = true;
    }
    assert!(
        tileable(&board, &mut open, &mut used),
        "{}: cannot be tiled",
        label
    );
}

#[test]
fn full_source_puzzles_are_solved_and_tiled() {
    let sources = sources();
    assert_eq!(sources.len(), 4);
    for (index, source) in sources.iter().enumerate() {
        check_answer(
            source,
            &vec![true; source.dominoes.len()],
            &index.to_string(),
        );
    }
}

#[test]
fn puzzles_down_to_ten_dominoes_are_solved_and_tiled() {
    let mut rng = Rng::new(0x00D0_1100);
    let mut checked = 0;
    for (index, source) in sources().iter().enumerate() {
        let total = source.dominoes.len();
        for round in 0..60 {
            let kept = 10 + rng.below(total - 9);
            let mut order: Vec<usize> = (0..total).collect();
            rng.shuffle(&mut order);
            let mut keep = vec![false; total];
            for &i in &order[..kept] {
                keep[i] = true;
            }
            check_answer(source, &keep, &format!("source {} round {}", index, round));
            checked += 1;
        }
    }
    assert_eq!(checked, 240);
}
