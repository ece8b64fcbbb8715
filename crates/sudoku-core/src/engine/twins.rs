//! A second solution read off a first: the rectangles of two digits that a solution can swap.
//!
//! If two rows of one band hold digits `a` and `b` in the same two columns, `a` in the first
//! row where `b` stands in the second, swapping `a` and `b` at those four cells keeps every row,
//! column and box holding what it held (both cells of each column lie in one box). So does the
//! same swap in two columns of one stack. Where the board allows each corner its new digit (no
//! corner is a given), the swap is another solution of the board.
//!
//! A search needs only look where its guesses were. Propagation never removes a solution that
//! agrees with the guesses made so far, so a second solution that agrees with every guess on the
//! way to the first would still be there when the search reached the first, whose position has
//! one digit a cell. A second solution therefore differs from the first at a guessed cell, and
//! a rectangle that gives one has a corner there, holding the guessed digit and one of the other
//! candidates the cell had.
//!
//! Counting to 2, a search that meets its first solution with such a rectangle can stop there.
//! On `serg-benchmark`, whose puzzles all have several solutions, 60 % of the counts do, and
//! the counts take 3.5 % fewer instructions; puzzles with one solution pay for the check and
//! the path, 0.2 to 0.6 % (BENCHMARKS.md, fifty-ninth pass).

use super::board::Board;
use super::layout::{BOXES, COLUMNS, ROWS};

/// The guesses a depth-first search made on its way from where its run began to a position,
/// newest first: each a placement and the other candidates its cell had.
pub(super) struct Path<'a> {
    /// The guess, as [`Path::guess`] makes it.
    guess: u32,
    /// The guesses made before it.
    before: Option<&'a Path<'a>>,
}

impl<'a> Path<'a> {
    /// The path `before` (if any) followed by a guess of digit `d + 1` at position `p` of band
    /// `b`, whose cell could also hold `rivals` then (bit `e` for digit `e + 1`).
    // One word, so that a guess adds two stores to the search rather than five.
    #[inline(always)]
    pub(super) fn guess(
        d: usize,
        b: usize,
        p: usize,
        rivals: u32,
        before: Option<&'a Path<'a>>,
    ) -> Path<'a> {
        let guess = d as u32 | (b as u32) << 4 | (p as u32) << 6 | rivals << 11;
        Path { guess, before }
    }

    /// The guess as `(d, b, p, rivals)`.
    fn parts(&self) -> (usize, usize, usize, u32) {
        let g = self.guess;
        let field = |shift: u32, bits: u32| (g >> shift & ((1 << bits) - 1)) as usize;
        (field(0, 4), field(4, 2), field(6, 5), g >> 11)
    }
}

impl Board {
    /// Whether this position, a solution of `root`, has a rectangle of two digits (see the
    /// module's doc) with a corner at a guess of `path`, on the guessed digit and one of its
    /// rivals, whose swap `root` allows: then the swap is another solution of `root`.
    pub(super) fn has_twin(&self, root: &Board, mut path: Option<&Path>) -> bool {
        while let Some(step) = path {
            let (d, b, p, rivals) = step.parts();
            let (r, c) = (p / 9, p % 9);
            let mut others = rivals;
            while others != 0 {
                let e = others.trailing_zeros() as usize;
                others &= others - 1;
                if self.rectangle_in_band(root, d, e, b, r)
                    || self.rectangle_in_stack(root, d, e, b, r, c)
                {
                    return true;
                }
            }
            path = step.before;
        }
        false
    }

    /// Whether row `r` of band `b` and another row of the band hold digits `d + 1` and `e + 1`
    /// in the same two columns, and `root` allows them swapped there.
    fn rectangle_in_band(&self, root: &Board, d: usize, e: usize, b: usize, r: usize) -> bool {
        let (at_d, at_e) = (self.places[9 * b + d], self.places[9 * b + e]);
        // Zero in each row that holds the two digits in the columns where row `r` does (column
        // 0 of a band has a bit in each row, so multiplying by it copies a row to all three).
        let unlike = (at_d | at_e) ^ (((at_d | at_e) >> (9 * r) & 0x1FF) * COLUMNS[0]);
        (0..3).any(|i| {
            let rows = ROWS[r] | ROWS[i];
            i != r && unlike & ROWS[i] == 0 && root.allows_swap(b, d, e, at_d & rows, at_e & rows)
        })
    }

    /// Whether column `c`, which holds digit `d + 1` in row `r` of band `b`, and the column of
    /// its stack where that row holds digit `e + 1` hold the two digits in the same two rows,
    /// and `root` allows them swapped there.
    fn rectangle_in_stack(
        &self,
        root: &Board,
        d: usize,
        e: usize,
        b: usize,
        r: usize,
        c: usize,
    ) -> bool {
        let column_of_e = self.places[9 * b + e] >> (9 * r) & 0x1FF;
        // The first row of the column's box: its stack's columns.
        if column_of_e & BOXES[c / 3] & ROWS[0] == 0 {
            return false;
        }
        let other = column_of_e.trailing_zeros() as usize;
        let columns = COLUMNS[c] | COLUMNS[other];
        (0..3).all(|band| {
            let (at_d, at_e) = (self.places[9 * band + d], self.places[9 * band + e]);
            (at_d | at_e) >> c & COLUMNS[0] == (at_d | at_e) >> other & COLUMNS[0]
                && root.allows_swap(band, d, e, at_d & columns, at_e & columns)
        })
    }

    /// Whether digit `e + 1` may stand at the cells `at_d` of band `b` and digit `d + 1` at the
    /// cells `at_e`.
    fn allows_swap(&self, b: usize, d: usize, e: usize, at_d: u32, at_e: u32) -> bool {
        at_d & !self.places[9 * b + e] | at_e & !self.places[9 * b + d] == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{measure, solve, Answer, Question, Strategy};
    use crate::grid::Grid;
    use crate::random::Rng;

    /// A solution of a board of a few random givens: solutions unlike each other.
    fn random_solution(rng: &mut Rng) -> Grid {
        loop {
            let mut puzzle = Grid::EMPTY;
            for _ in 0..8 {
                puzzle.set(rng.below(81), 1 + rng.below(9) as u8);
            }
            if let Some(solution) = solve(&puzzle) {
                return solution;
            }
        }
    }

    /// The board of `solution`'s digits at `tries` cells taken at random (fewer where a cell
    /// comes up twice).
    fn givens_of(solution: &Grid, tries: usize, rng: &mut Rng) -> Grid {
        let mut puzzle = Grid::EMPTY;
        for _ in 0..tries {
            let cell = rng.below(81);
            puzzle.set(cell, solution.get(cell));
        }
        puzzle
    }

    /// The rectangles of digits `a` (at `cell`, in reading order) and `b` through `cell` of
    /// `solution`, by brute force: for each, the solution with `a` and `b` swapped there, if
    /// none of its corners is a given of `puzzle`.
    fn twins(solution: &Grid, puzzle: &Grid, cell: usize, b: u8) -> Vec<Grid> {
        let (row, column) = (cell / 9, cell % 9);
        let a = solution.get(cell);
        let mut found = Vec::new();
        for other_row in 0..9 {
            for other_column in 0..9 {
                let apart = other_row != row && other_column != column;
                let in_band_or_stack = other_row / 3 == row / 3 || other_column / 3 == column / 3;
                let corners = [
                    9 * row + column,
                    9 * row + other_column,
                    9 * other_row + column,
                    9 * other_row + other_column,
                ];
                let digits = corners.map(|corner| solution.get(corner));
                if apart
                    && in_band_or_stack
                    && digits == [a, b, b, a]
                    && corners.iter().all(|&corner| puzzle.get(corner) == 0)
                {
                    let mut twin = *solution;
                    for (&corner, digit) in corners.iter().zip([b, a, a, b]) {
                        twin.set(corner, digit);
                    }
                    found.push(twin);
                }
            }
        }
        found
    }

    #[test]
    fn a_twin_is_found_exactly_where_a_rectangle_through_a_guess_keeps_the_givens() {
        // Each cell of 40 solutions guessed with each other digit as its rival, on boards of up
        // to 30 of the solution's digits given.
        let mut rng = Rng::new(61);
        let (mut with, mut without) = (0, 0);
        for _ in 0..40 {
            let solution = random_solution(&mut rng);
            let board = Board::new(&solution).unwrap();
            let tries = rng.below(30);
            let puzzle = givens_of(&solution, tries, &mut rng);
            let root = Board::new(&puzzle).unwrap();
            for cell in 0..81 {
                let a = usize::from(solution.get(cell));
                for b in (1..=9).filter(|&b| b != a) {
                    let step = Path::guess(a - 1, cell / 27, cell % 27, 1 << (b - 1), None);
                    let twins = twins(&solution, &puzzle, cell, b as u8);
                    for twin in &twins {
                        assert!(twin.solves(&puzzle) && *twin != solution);
                    }
                    assert_eq!(board.has_twin(&root, Some(&step)), !twins.is_empty());
                    // A guess before it on the path, with no rival, changes nothing.
                    let later = Path::guess(0, 0, 0, 0, Some(&step));
                    assert_eq!(board.has_twin(&root, Some(&later)), !twins.is_empty());
                    if twins.is_empty() {
                        without += 1;
                    } else {
                        with += 1;
                    }
                }
            }
        }
        assert!(with > 100 && without > 100, "{} {}", with, without);
    }

    #[test]
    fn counting_to_two_stops_at_a_first_solution_with_a_twin() {
        // Boards of 25 to 44 givens drawn from random solutions (fewer where a cell comes up
        // twice), most with several solutions. Past its first solution, a search needs a guess
        // more to meet another; counting to 2 in as many guesses as the first solution took is a
        // twin seen.
        let mut rng = Rng::new(62);
        let (mut stopped, mut several) = (0, 0);
        for _ in 0..200 {
            let solution = random_solution(&mut rng);
            let tries = 25 + rng.below(20);
            let puzzle = givens_of(&solution, tries, &mut rng);
            for strategy in [Strategy::FirstPair, Strategy::Weighted, Strategy::Portfolio] {
                let first = measure(&puzzle, Question::First, strategy, u64::MAX);
                let count = measure(&puzzle, Question::CountTo(2), strategy, u64::MAX);
                if count.answer == Some(Answer::Count(2)) {
                    several += 1;
                    stopped += usize::from(count.guesses == first.guesses);
                }
            }
        }
        assert!(
            several > 300 && stopped > several / 2,
            "{} {}",
            stopped,
            several
        );
    }
}
