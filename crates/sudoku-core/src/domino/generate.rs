//! Su-Domino-Ku puzzles with exactly one solution board, made deterministically from a seed.

use crate::domino::{are_adjacent, DominoPuzzle, DominoSet, Placement};
use crate::engine::solve;
use crate::grid::{Grid, CELLS};
use crate::masks::digit_bit;
use crate::random::Rng;

/// Fewest dominoes a generated puzzle keeps (the MCPC 2011 format's minimum).
pub const MIN_DOMINOES: usize = 10;

/// A Su-Domino-Ku puzzle whose board is unique: a random full board, tiled at random by all 36
/// dominoes and nine lone digits, then stripped of dominoes in random order for as long as the
/// board stays unique, down to [`MIN_DOMINOES`]. The same seed gives the same puzzle.
pub fn generate(seed: u64) -> DominoPuzzle {
    let mut rng = Rng::new(seed);
    loop {
        let board = random_board(&mut rng);
        if let Some(full) = random_tiling(&board, &mut rng) {
            return strip(full, &mut rng);
        }
    }
}

/// A random full sudoku board: random givens kept while the board stays solvable, completed.
pub fn random_board(rng: &mut Rng) -> Grid {
    let mut cells: Vec<usize> = (0..CELLS).collect();
    rng.shuffle(&mut cells);
    let mut puzzle = Grid::EMPTY;
    for &cell in cells.iter().take(24) {
        let digit = 1 + rng.below(9) as u8;
        puzzle.set(cell, digit);
        if solve(&puzzle).is_none() {
            puzzle.set(cell, 0);
        }
    }
    solve(&puzzle).expect("only solvable givens were kept")
}

/// Nodes a tiling search may visit before the board is given up for another.
const TILING_BUDGET: usize = 20_000;

/// `board` cut into 36 dominoes of distinct digit pairs and nine lone cells holding 1 to 9, chosen
/// at random; `None` if the search gives up.
fn random_tiling(board: &Grid, rng: &mut Rng) -> Option<DominoPuzzle> {
    let mut cutter = Cutter {
        board,
        covered: [false; CELLS],
        used: DominoSet::default(),
        singles: 0,
        pieces: Vec::new(),
        budget: TILING_BUDGET,
        rng,
    };
    if !cutter.cut_from(0) {
        return None;
    }
    let mut puzzle = DominoPuzzle::new();
    for piece in &cutter.pieces {
        let at = |cell: usize| Placement {
            digit: board.get(cell),
            cell,
        };
        let placed = match piece {
            Piece::Single(cell) => puzzle.place_single(at(*cell)),
            Piece::Domino(a, b) => puzzle.place_domino(at(*a), at(*b)),
        };
        placed.expect("the tiling respects the rules");
    }
    Some(puzzle)
}

/// A piece of a cut board: a lone cell, or a domino over two adjacent cells.
enum Piece {
    Single(usize),
    Domino(usize, usize),
}

/// A random search cutting a full board into pieces: dominoes of distinct digit pairs, each pair
/// at most once, and one lone cell for each digit.
struct Cutter<'a> {
    board: &'a Grid,
    covered: [bool; CELLS],
    used: DominoSet,
    /// Digits already lone, as a mask.
    singles: u16,
    pieces: Vec<Piece>,
    budget: usize,
    rng: &'a mut Rng,
}

impl Cutter<'_> {
    /// Covers every cell from `from` on; `false` if impossible or over budget.
    fn cut_from(&mut self, from: usize) -> bool {
        let cell = match (from..CELLS).find(|&c| !self.covered[c]) {
            None => return true,
            Some(cell) => cell,
        };
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let digit = self.board.get(cell);
        let mut options = [0usize, 1, 9];
        self.rng.shuffle(&mut options);
        for &step in options.iter() {
            if step == 0 {
                let bit = digit_bit(digit);
                if self.singles & bit != 0 {
                    continue;
                }
                self.singles |= bit;
                self.covered[cell] = true;
                self.pieces.push(Piece::Single(cell));
                if self.cut_from(cell + 1) {
                    return true;
                }
                self.pieces.pop();
                self.covered[cell] = false;
                self.singles &= !bit;
            } else {
                let other = cell + step;
                if !are_adjacent(cell, other) || self.covered[other] {
                    continue;
                }
                let pair = (digit, self.board.get(other));
                if !self.used.insert(pair.0, pair.1) {
                    continue;
                }
                self.covered[cell] = true;
                self.covered[other] = true;
                self.pieces.push(Piece::Domino(cell, other));
                if self.cut_from(cell + 1) {
                    return true;
                }
                self.pieces.pop();
                self.covered[cell] = false;
                self.covered[other] = false;
                self.used.remove(pair.0, pair.1);
            }
        }
        false
    }
}

/// Takes dominoes off `puzzle` in random order while its board stays unique, keeping at least
/// [`MIN_DOMINOES`].
fn strip(puzzle: DominoPuzzle, rng: &mut Rng) -> DominoPuzzle {
    let mut dominoes = puzzle.dominoes();
    rng.shuffle(&mut dominoes);
    let mut puzzle = puzzle;
    for (first, _) in dominoes {
        if puzzle.used().len() <= MIN_DOMINOES {
            break;
        }
        let fewer = puzzle.without_domino_at(first.cell);
        if fewer.count_boards(2) == 1 {
            puzzle = fewer;
        }
    }
    puzzle
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_puzzles_have_one_board_and_the_judge_shape() {
        for seed in 0..3 {
            let puzzle = generate(seed);
            assert_eq!(puzzle, generate(seed), "seed {} is not deterministic", seed);
            let count = puzzle.used().len();
            assert!((MIN_DOMINOES..=35).contains(&count), "{} dominoes", count);
            assert_eq!(puzzle.singles().len(), 9);
            assert_eq!(puzzle.count_boards(3), 1);
        }
        assert_ne!(generate(1), generate(2));
    }
}
