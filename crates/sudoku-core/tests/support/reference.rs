//! Sudoku and Su-Domino-Ku as exact-cover problems, solved by [`super::dlx`]: the reference the
//! engine is checked against.

use std::collections::BTreeSet;

use sudoku_core::domino::DominoPuzzle;
use sudoku_core::grid::Grid;

use super::dlx::ExactCover;

/// The four primary columns a digit in a cell covers: the cell, and the digit in its row,
/// column and box.
fn constraint_columns(cell: usize, digit: u8) -> [usize; 4] {
    let d = usize::from(digit - 1);
    let (r, c) = (cell / 9, cell % 9);
    let b = r / 3 * 3 + c / 3;
    [cell, 81 + 9 * r + d, 162 + 9 * c + d, 243 + 9 * b + d]
}

/// Up to `limit` completions of `puzzle`.
pub fn sudoku_solutions(puzzle: &Grid, limit: usize) -> Vec<Grid> {
    let mut cover = ExactCover::new(324, 0);
    for cell in 0..81 {
        for digit in 1..=9u8 {
            let given = puzzle.get(cell);
            if given == 0 || given == digit {
                cover.add_row(
                    cell * 9 + usize::from(digit - 1),
                    &constraint_columns(cell, digit),
                );
            }
        }
    }
    let mut found = Vec::new();
    cover.search(&mut |rows| {
        let mut grid = Grid::EMPTY;
        for &id in rows {
            grid.set(id / 9, (id % 9) as u8 + 1);
        }
        found.push(grid);
        found.len() < limit
    });
    found
}

/// The lexicographically smallest completion of `puzzle`: cells fixed in reading order, each to
/// the smallest digit that still leaves a completion. A known completion bounds each cell from
/// above, so only smaller digits are tried.
pub fn sudoku_smallest(puzzle: &Grid) -> Option<Grid> {
    let mut witness = *sudoku_solutions(puzzle, 1).first()?;
    let mut fixed = *puzzle;
    for cell in 0..81 {
        if fixed.get(cell) != 0 {
            continue;
        }
        for digit in 1..witness.get(cell) {
            let mut tried = fixed;
            tried.set(cell, digit);
            if tried.first_conflict().is_none() {
                if let Some(&better) = sudoku_solutions(&tried, 1).first() {
                    witness = better;
                    break;
                }
            }
        }
        fixed.set(cell, witness.get(cell));
    }
    Some(witness)
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
        let mut columns = constraint_columns(a.cell, a.digit).to_vec();
        columns.extend_from_slice(&constraint_columns(b.cell, b.digit));
        columns.push(pair_column(a.digit, b.digit));
        cover.add_row(
            piece_id((a.cell, a.digit), Some((b.cell, b.digit))),
            &columns,
        );
    }
    for single in puzzle.singles() {
        let columns = constraint_columns(single.cell, single.digit);
        cover.add_row(piece_id((single.cell, single.digit), None), &columns);
    }
    let fits = |cell: usize, digit: u8| board.map_or(true, |b| b.get(cell) == digit);
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
                    let mut columns = constraint_columns(c1, a).to_vec();
                    columns.extend_from_slice(&constraint_columns(c2, b));
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
