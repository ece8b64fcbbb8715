//! Sudoku and Su-Domino-Ku as exact-cover problems, solved by [`super::dlx`]: the reference the
//! engine is checked against.

use std::collections::BTreeSet;

use sudoku_core::domino::DominoPuzzle;
use sudoku_core::grid::Grid;

use super::dlx::ExactCover;

/// The four primary columns a digit in a cell covers on a board of `n x n` boxes: the cell, and
/// the digit in its row, column and box.
fn constraint_columns(n: usize, cell: usize, digit: u8) -> [usize; 4] {
    let side = n * n;
    let cells = side * side;
    let d = usize::from(digit - 1);
    let (r, c) = (cell / side, cell % side);
    let b = r / n * n + c / n;
    [
        cell,
        cells + side * r + d,
        2 * cells + side * c + d,
        3 * cells + side * b + d,
    ]
}

/// Up to `limit` completions of the board of `n x n` boxes whose cells (row by row, 0 for a
/// blank) are `cells`.
pub fn family_solutions(n: usize, cells: &[u8], limit: usize) -> Vec<Vec<u8>> {
    let side = n * n;
    let mut cover = ExactCover::new(4 * side * side, 0);
    for (cell, &given) in cells.iter().enumerate() {
        for digit in 1..=side as u8 {
            if given == 0 || given == digit {
                cover.add_row(
                    cell * side + usize::from(digit - 1),
                    &constraint_columns(n, cell, digit),
                );
            }
        }
    }
    let mut found = Vec::new();
    cover.search(&mut |rows| {
        let mut board = vec![0; cells.len()];
        for &id in rows {
            board[id / side] = (id % side) as u8 + 1;
        }
        found.push(board);
        found.len() < limit
    });
    found
}

/// Up to `limit` completions of `puzzle`.
pub fn sudoku_solutions(puzzle: &Grid, limit: usize) -> Vec<Grid> {
    family_solutions(3, puzzle.cells(), limit)
        .into_iter()
        .map(|cells| Grid::from_cells(cells.try_into().expect("81 cells")).expect("digits"))
        .collect()
}

/// The lexicographically smallest completion of the board of `n x n` boxes `cells`: cells fixed
/// in reading order, each to the smallest digit that still leaves a completion. A known
/// completion bounds each cell from above, so only smaller digits are tried.
pub fn family_smallest(n: usize, cells: &[u8]) -> Option<Vec<u8>> {
    let mut witness = family_solutions(n, cells, 1).pop()?;
    let mut fixed = cells.to_vec();
    for cell in 0..fixed.len() {
        if fixed[cell] != 0 {
            continue;
        }
        for digit in 1..witness[cell] {
            if repeats_in_a_unit(n, &fixed, cell, digit) {
                continue;
            }
            fixed[cell] = digit;
            if let Some(better) = family_solutions(n, &fixed, 1).pop() {
                witness = better;
                break;
            }
        }
        fixed[cell] = witness[cell];
    }
    Some(witness)
}

/// Whether `digit` is already in the row, column or box of `cell`.
fn repeats_in_a_unit(n: usize, cells: &[u8], cell: usize, digit: u8) -> bool {
    let side = n * n;
    let (r, c) = (cell / side, cell % side);
    (0..cells.len()).any(|other| {
        let (r2, c2) = (other / side, other % side);
        let shares = r2 == r || c2 == c || (r2 / n == r / n && c2 / n == c / n);
        other != cell && shares && cells[other] == digit
    })
}

/// The lexicographically smallest completion of `puzzle`.
pub fn sudoku_smallest(puzzle: &Grid) -> Option<Grid> {
    let cells = family_smallest(3, puzzle.cells())?;
    Grid::from_cells(cells.try_into().expect("81 cells"))
}

/// A row of the Su-Domino-Ku cover: cells and digits, `second` absent for a lone digit.
fn piece_id(first: (usize, u8), second: Option<(usize, u8)>) -> usize {
    let (c2, b) = second.unwrap_or((81, 0));
    ((first.0 * 82 + c2) * 10 + usize::from(first.1)) * 10 + usize::from(b)
}

fn place_piece(id: usize, board: &mut Grid) {
    let (b, a) = (id % 10, id / 10 % 10);
    let (c2, c1) = (id / 100 % 82, id / 100 / 82);
    board.set(c1, a as u8);
    if c2 < 81 {
        board.set(c2, b as u8);
    }
}

/// The pair column (secondary) of dominoes `a`-`b`.
fn pair_column(a: u8, b: u8) -> usize {
    let (lo, hi) = (usize::from(a.min(b)), usize::from(a.max(b)));
    324 + (lo - 1) * 9 + (hi - 1)
}

/// The exact cover of `puzzle`: every cell and unit-digit once, every domino at most once;
/// placed pieces are forced, empty cells are covered by unused dominoes whose digits, if
/// `board` is given, are the board's.
fn domino_cover(puzzle: &DominoPuzzle, board: Option<&Grid>) -> ExactCover {
    let mut cover = ExactCover::new(324, 81);
    let grid = puzzle.grid();
    for (a, b) in puzzle.dominoes() {
        let mut columns = constraint_columns(3, a.cell, a.digit).to_vec();
        columns.extend_from_slice(&constraint_columns(3, b.cell, b.digit));
        columns.push(pair_column(a.digit, b.digit));
        cover.add_row(
            piece_id((a.cell, a.digit), Some((b.cell, b.digit))),
            &columns,
        );
    }
    for single in puzzle.singles() {
        let columns = constraint_columns(3, single.cell, single.digit);
        cover.add_row(piece_id((single.cell, single.digit), None), &columns);
    }
    let fits = |cell: usize, digit: u8| match board {
        Some(board) => board.get(cell) == digit,
        None => true,
    };
    for c1 in 0..81 {
        let neighbours = [(c1 % 9 < 8, c1 + 1), (c1 < 72, c1 + 9)];
        for &(exists, c2) in neighbours.iter() {
            if !exists || grid.get(c1) != 0 || grid.get(c2) != 0 {
                continue;
            }
            for a in 1..=9u8 {
                for b in 1..=9u8 {
                    if a == b || puzzle.used().contains(a, b) || !fits(c1, a) || !fits(c2, b) {
                        continue;
                    }
                    let mut columns = constraint_columns(3, c1, a).to_vec();
                    columns.extend_from_slice(&constraint_columns(3, c2, b));
                    columns.push(pair_column(a, b));
                    cover.add_row(piece_id((c1, a), Some((c2, b))), &columns);
                }
            }
        }
    }
    cover
}

/// The distinct boards of `puzzle`, up to `limit` of them; `None` if the tilings enumerated
/// reach `tiling_cap` first (too many to tell).
pub fn domino_boards(puzzle: &DominoPuzzle, limit: usize, tiling_cap: usize) -> Option<Vec<Grid>> {
    let mut cover = domino_cover(puzzle, None);
    let mut boards = BTreeSet::new();
    let mut tilings = 0;
    cover.search(&mut |rows| {
        let mut board = Grid::EMPTY;
        for &id in rows {
            place_piece(id, &mut board);
        }
        boards.insert(*board.cells());
        tilings += 1;
        boards.len() < limit && tilings < tiling_cap
    });
    if boards.len() < limit && tilings >= tiling_cap {
        return None;
    }
    Some(
        boards
            .into_iter()
            .map(|cells| Grid::from_cells(cells).unwrap())
            .collect(),
    )
}

/// Whether `board` can be tiled as `puzzle` demands.
pub fn domino_tileable(puzzle: &DominoPuzzle, board: &Grid) -> bool {
    let mut cover = domino_cover(puzzle, Some(board));
    let mut found = false;
    cover.search(&mut |_| {
        found = true;
        false
    });
    found
}
