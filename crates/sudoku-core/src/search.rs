//! The 9x9 search engine: one bitboard per digit, split into three bands of 27 cells, narrowed by
//! naked and hidden singles, and a depth-first search over it whose branching order the caller
//! picks.
//!
//! Propagation only ever removes candidates that no solution can use and fixes digits every
//! solution shares, so a search that branches on the first open cell in reading order and tries
//! digits in increasing order meets solutions in lexicographic order.

use std::ops::ControlFlow;

use crate::grid::Grid;

/// Every cell of a band: three rows of nine.
const BAND: u32 = (1 << 27) - 1;

/// Row `r` (0..3) of a band.
const fn row_mask(r: usize) -> u32 {
    0x1FF << (9 * r)
}

/// Box `s` (0..3, left to right) of a band.
const fn box_mask(s: usize) -> u32 {
    0x7 << (3 * s) | 0x7 << (3 * s + 9) | 0x7 << (3 * s + 18)
}

/// Column `c` (0..9) of a band.
const fn column_mask(c: usize) -> u32 {
    1 << c | 1 << (c + 9) | 1 << (c + 18)
}

const ROWS: [u32; 3] = [row_mask(0), row_mask(1), row_mask(2)];

// A band is three rows by three boxes of three-cell "triads". A digit takes exactly one cell in
// each row and each box of a band, so the triads it uses form a permutation: a 3x3 0/1 matrix
// with one 1 in each row and column. Triad sets are 9-bit masks, bit `3 * row + box`.

/// For each 9-bit row of a band, which of its three boxes it has cells in (3 bits).
const BOXES_OF_ROW: [u8; 512] = build_boxes_of_row();

/// For each set of triads a digit occupies, the band cells of the triads it can really use:
/// those of the permutations inside the set. 0 if none fits.
const USABLE_CELLS: [u32; 512] = build_usable_cells();

/// For each set of triads a digit occupies, the cells of the usable ones (as above) alone in
/// their row. Such a triad is also alone in its box, so the digit's columns in that stack are
/// the triad's.
const LONE_TRIAD_CELLS: [u32; 512] = build_lone_triad_cells();

const fn build_boxes_of_row() -> [u8; 512] {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut s = 0;
        while s < 3 {
            if row >> (3 * s) & 7 != 0 {
                table[row] |= 1 << s;
            }
            s += 1;
        }
        row += 1;
    }
    table
}

/// For each set of triads, the union of the permutations inside it.
const fn build_latin() -> [u16; 512] {
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0; 512];
    let mut triads = 0;
    while triads < 512 {
        let mut k = 0;
        while k < 6 {
            let p = PERMUTATIONS[k];
            let used = 1 << p[0] | 1 << (3 + p[1]) | 1 << (6 + p[2]);
            if triads & used == used {
                table[triads] |= used as u16;
            }
            k += 1;
        }
        triads += 1;
    }
    table
}

const fn build_usable_cells() -> [u32; 512] {
    let (latin, cells) = (build_latin(), build_triad_cells());
    let mut table = [0; 512];
    let mut triads = 0;
    while triads < 512 {
        table[triads] = cells[latin[triads] as usize];
        triads += 1;
    }
    table
}

const fn build_lone_triad_cells() -> [u32; 512] {
    let (latin, cells) = (build_latin(), build_triad_cells());
    let mut table = [0; 512];
    let mut triads = 0;
    while triads < 512 {
        let usable = latin[triads] as u32;
        let mut r = 0;
        while r < 3 {
            let row = usable >> (3 * r) & 7;
            if row.count_ones() == 1 {
                table[triads] |= cells[(row << (3 * r)) as usize];
            }
            r += 1;
        }
        triads += 1;
    }
    table
}

const fn build_triad_cells() -> [u32; 512] {
    let mut table = [0; 512];
    let mut triads = 0;
    while triads < 512 {
        let mut t = 0;
        while t < 9 {
            if triads >> t & 1 != 0 {
                table[triads] |= 7 << (9 * (t / 3) + 3 * (t % 3));
            }
            t += 1;
        }
        triads += 1;
    }
    table
}

/// The triads of a band word that hold at least one cell.
fn occupied_triads(bits: u32) -> usize {
    usize::from(BOXES_OF_ROW[(bits & 0x1FF) as usize])
        | usize::from(BOXES_OF_ROW[(bits >> 9 & 0x1FF) as usize]) << 3
        | usize::from(BOXES_OF_ROW[(bits >> 18 & 0x1FF) as usize]) << 6
}

/// For each position of a band, the band positions of its column.
const COLUMN_CELLS: [u32; 27] = build_column_cells();

const fn build_column_cells() -> [u32; 27] {
    let mut columns = [0; 27];
    let mut p = 0;
    while p < 27 {
        columns[p] = column_mask(p % 9);
        p += 1;
    }
    columns
}

/// For each position of a band, the other positions of the band sharing its row, box or column.
const BAND_PEERS: [u32; 27] = build_band_peers();

const fn build_band_peers() -> [u32; 27] {
    let mut peers = [0; 27];
    let mut p = 0;
    while p < 27 {
        peers[p] = (row_mask(p / 9) | box_mask(p % 9 / 3) | column_mask(p % 9)) & !(1 << p);
        p += 1;
    }
    peers
}

/// For each word, the same digit's words in the other two bands.
const BESIDE: [[usize; 2]; 27] = build_beside();

const fn build_beside() -> [[usize; 2]; 27] {
    let mut beside = [[0; 2]; 27];
    let mut i = 0;
    while i < 27 {
        let (b, d) = (i / 9, i % 9);
        beside[i] = [9 * ((b + 1) % 3) + d, 9 * ((b + 2) % 3) + d];
        i += 1;
    }
    beside
}

// Down a stack (three columns of boxes) a digit takes one column in each band and one band in
// each column: the same permutation rule as across a band, seen from the columns. Given the
// columns one or two bands may use (9-bit masks), two tables say which cells the other bands
// keep.

/// For the columns a band may use for a digit: the cells the other bands keep, which lose every
/// column that is the band's only one in its stack.
const KEEP_BESIDE_ONE: [u32; 512] = build_keep(1);

/// For the columns two bands may use for a digit: the cells the third band keeps, which loses
/// both columns of every stack where the two bands have only two columns between them.
const KEEP_BESIDE_TWO: [u32; 512] = build_keep(2);

/// For each 9-bit column set, every band cell outside the stacks where the set holds exactly
/// `taken` columns.
const fn build_keep(taken: u32) -> [u32; 512] {
    let mut table = [0; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut lost = 0;
        let mut s = 0;
        while s < 3 {
            let in_stack = columns & 7 << (3 * s);
            if (in_stack as u32).count_ones() == taken {
                lost |= in_stack;
            }
            s += 1;
        }
        let lost = lost as u32;
        table[columns] = BAND & !(lost | lost << 9 | lost << 18);
        columns += 1;
    }
    table
}

/// The columns (9 bits) in which a band word has a cell.
fn columns_of(cells: u32) -> usize {
    ((cells | cells >> 9 | cells >> 18) & 0x1FF) as usize
}

/// Which open cell a search branches on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Branching {
    /// An open cell with the fewest candidates: when there are two-candidate cells, the first
    /// one of the band with the most of them (where a guess tends to settle the most).
    FewestCandidates,
    /// The first open cell in reading order.
    ReadingOrder,
    /// A digit with two places left in a row (the first such), tried in both; where there is
    /// none, as [`Branching::FewestCandidates`].
    TwoPlaces,
}

/// A search position: for every digit and band, the cells the digit may still take (a placed
/// digit keeps its cell), and the cells still open.
///
/// Small enough (128 bytes) to copy at each branch, so nothing is ever undone.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    /// `cells[9 * b + d]`: bit `9 * r + c` is set if digit `d + 1` may stand at row `r`,
    /// column `c` of band `b`.
    cells: [u32; 27],
    /// Per band, the cells with no digit placed yet.
    open: [u32; 3],
    /// Per band, how many open cells had two candidates when propagation last ended.
    pair_count: [u8; 3],
    /// Per band, the first of those cells (any value where there is none).
    first_pair: [u8; 3],
}

impl Board {
    /// The position after placing every given of `grid` and propagating; `None` if the givens
    /// already rule out every solution.
    pub(crate) fn new(grid: &Grid) -> Option<Board> {
        // Per band, the given cells; per word, the digit's givens, and the cells their rows,
        // boxes and columns deny it.
        let mut given = [0u32; 3];
        let mut placed = [0u32; 27];
        let mut denied = [0u32; 27];
        for (b, band) in grid.cells().chunks(27).enumerate() {
            // The band's given positions first, then a visit to each: a branch per cell on
            // whether it is given would be mispredicted at random.
            let mut filled = 0u32;
            for (p, &digit) in band.iter().enumerate() {
                filled |= u32::from(digit != 0) << p;
            }
            given[b] = filled;
            while filled != 0 {
                let p = filled.trailing_zeros() as usize;
                filled &= filled - 1;
                let digit = band[p];
                let i = 9 * b + usize::from(digit - 1);
                if denied[i] & 1 << p != 0 {
                    return None;
                }
                placed[i] |= 1 << p;
                denied[i] |= BAND_PEERS[p];
                let (column, [j, k]) = (COLUMN_CELLS[p], BESIDE[i]);
                denied[j] |= column;
                denied[k] |= column;
            }
        }
        let mut board = Board {
            cells: [0; 27],
            open: [BAND & !given[0], BAND & !given[1], BAND & !given[2]],
            pair_count: [0; 3],
            first_pair: [0; 3],
        };
        for (i, word) in board.cells.iter_mut().enumerate() {
            *word = BAND & !(given[i / 9] | denied[i]) | placed[i];
        }
        if board.propagate(BAND) {
            Some(board)
        } else {
            None
        }
    }

    /// The board of a position with no open cell left.
    pub(crate) fn grid(&self) -> Grid {
        let mut grid = Grid::EMPTY;
        for d in 0..9 {
            for b in 0..3 {
                let mut bits = self.cells[9 * b + d];
                while bits != 0 {
                    let p = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    grid.set(27 * b + p, d as u8 + 1);
                }
            }
        }
        grid
    }

    /// Puts digit `d + 1` at position `p` of band `b`, which must be open and allow it, as
    /// must the digits of `rivals` (bit `e` for digit `e + 1`) and no other: removes the digit
    /// from the cell's peers and the rivals from the cell. Returns the words it changed (bit
    /// `i` for `cells[i]`).
    fn place(&mut self, d: usize, b: usize, p: usize, rivals: u32) -> u32 {
        let cell = 1 << p;
        self.clear_in_band(b, cell);
        let i = 9 * b + d;
        self.cells[i] = self.cells[i] & !BAND_PEERS[p] | cell;
        let (column, [j, k]) = (COLUMN_CELLS[p], BESIDE[i]);
        let changed = (rivals | 1 << d) << (9 * b)
            | u32::from(self.cells[j] & column != 0) << j
            | u32::from(self.cells[k] & column != 0) << k;
        self.cells[j] &= !column;
        self.cells[k] &= !column;
        self.open[b] &= !cell;
        changed
    }

    /// Removes the cells `mask` from every digit's word of band `b`.
    fn clear_in_band(&mut self, b: usize, mask: u32) {
        // The band's nine words are adjacent: this loop vectorizes.
        for word in self.cells[9 * b..9 * b + 9].iter_mut() {
            *word &= !mask;
        }
    }

    /// The words of band `b` (bit `i` for `cells[i]`) that hold any of the cells `mask`.
    fn words_holding(&self, b: usize, mask: u32) -> u32 {
        let mut words = 0;
        for d in 0..9 {
            words |= u32::from(self.cells[9 * b + d] & mask != 0) << d;
        }
        words << (9 * b)
    }

    /// Narrows the position until nothing changes: each changed word by the permutation rules
    /// across its band and down its stacks (which find hidden singles in rows, boxes and
    /// columns, and locked candidates), then naked singles. `changed` holds the words changed
    /// since the position last settled (every word, for a new one). `false` on a contradiction.
    ///
    /// Words are narrowed in rounds: the words a round changes wait for the next, which lets
    /// several changes to one word be narrowed at once.
    fn propagate(&mut self, mut changed: u32) -> bool {
        let mut touched = changed;
        loop {
            if changed != 0 {
                let mut next = 0;
                while changed != 0 {
                    let i = changed.trailing_zeros() as usize;
                    changed &= changed - 1;
                    if !self.narrow(i, &mut next) {
                        return false;
                    }
                }
                changed = next;
                touched |= next;
                continue;
            }
            match self.place_naked_singles(touched) {
                None => return false,
                Some(0) => return true,
                Some(placed) => {
                    changed = placed;
                    touched = placed;
                }
            }
        }
    }

    /// Applies the permutation rules to word `i` (digit `i % 9 + 1` in band `i / 9`): across
    /// its band to the word itself, down its stacks to the digit's words in the other bands.
    /// Places the digit in every row of the band left with one cell for it. Takes word `i` out
    /// of `next` and adds every other word it changes. `false` if no permutation fits.
    fn narrow(&mut self, i: usize, next: &mut u32) -> bool {
        let b = i / 9;
        let triads = occupied_triads(self.cells[i]);
        let bits = self.cells[i] & USABLE_CELLS[triads];
        if bits == 0 {
            return false;
        }
        self.cells[i] = bits;
        *next &= !(1 << i);
        let here = columns_of(bits);
        // The rule down the stacks is applied every time, even where it cannot have changed
        // since the last: a branch here would be mispredicted too often to pay.
        let [j, k] = BESIDE[i];
        let beside = KEEP_BESIDE_ONE[here];
        let (old_j, old_k) = (self.cells[j], self.cells[k]);
        let new_j = old_j & beside & KEEP_BESIDE_TWO[here | columns_of(old_k)];
        let new_k = old_k & beside & KEEP_BESIDE_TWO[here | columns_of(old_j)];
        self.cells[j] = new_j;
        self.cells[k] = new_k;
        *next |= u32::from(new_j != old_j) << j | u32::from(new_k != old_k) << k;
        // A row's cells in a lone triad, in a stack where the digit has one column (which the
        // other bands lose), are one cell: the digit's place in that row. The permutation rule
        // has already removed its peers in the band; placing it only takes the cell from the
        // other digits.
        let new = bits & LONE_TRIAD_CELLS[triads] & !beside & self.open[b];
        if new != 0 {
            *next |= self.words_holding(b, new) & !(1 << i);
            self.clear_in_band(b, new);
            self.cells[i] = bits;
            self.open[b] &= !new;
        }
        true
    }

    /// The digits (bit `d` for digit `d + 1`) position `p` of band `b` may still take.
    fn candidates(&self, b: usize, p: usize) -> u32 {
        let mut digits = 0;
        for d in 0..9 {
            digits |= (self.cells[9 * b + d] >> p & 1) << d;
        }
        digits
    }

    /// Places every open cell left with one candidate and notes those with two, in the bands
    /// of the `touched` words (a band none of whose words changed since the last pass has
    /// neither new singles nor new pairs); `None` if a cell has none, otherwise the words the
    /// placements changed.
    fn place_naked_singles(&mut self, touched: u32) -> Option<u32> {
        let mut placed = 0;
        for b in 0..3 {
            if touched >> (9 * b) & 0x1FF == 0 {
                continue;
            }
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for d in 0..9 {
                let m = self.cells[9 * b + d];
                thrice |= twice & m;
                twice |= once & m;
                once |= m;
            }
            let open = self.open[b];
            if open & !once != 0 {
                return None;
            }
            let pairs = open & twice & !thrice;
            self.pair_count[b] = pairs.count_ones() as u8;
            self.first_pair[b] = pairs.trailing_zeros() as u8;
            let mut singles = open & once & !twice;
            while singles != 0 {
                let p = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let d = (0..9).find(|&d| self.cells[9 * b + d] & 1 << p != 0)?;
                placed |= self.place(d, b, p, 0);
            }
        }
        Some(placed)
    }

    /// A digit (as `d`) with exactly two open places left in some row: (d, band, the two
    /// places); `None` if there is no such row.
    fn two_places(&self) -> Option<(usize, usize, u32)> {
        for b in 0..3 {
            for d in 0..9 {
                let bits = self.cells[9 * b + d] & self.open[b];
                for row in ROWS.iter() {
                    let hit = bits & row;
                    if hit.count_ones() == 2 && (self.cells[9 * b + d] & row) == hit {
                        return Some((d, b, hit));
                    }
                }
            }
        }
        None
    }

    /// The open cell to branch on as (band, position), or `None` if the board is solved.
    fn branch_cell(&self, branching: Branching) -> Option<(usize, usize)> {
        let first_open = (0..3).find(|&b| self.open[b] != 0)?;
        if branching == Branching::ReadingOrder {
            return Some((first_open, self.open[first_open].trailing_zeros() as usize));
        }
        let most_pairs = (0..3).fold(0, |best, b| {
            if self.pair_count[b] > self.pair_count[best] {
                b
            } else {
                best
            }
        });
        if self.pair_count[most_pairs] != 0 {
            return Some((most_pairs, usize::from(self.first_pair[most_pairs])));
        }
        let mut fewest = (u32::MAX, first_open, 0);
        for b in 0..3 {
            let mut open = self.open[b];
            while open != 0 {
                let p = open.trailing_zeros() as usize;
                open &= open - 1;
                let count = self.candidates(b, p).count_ones();
                if count < fewest.0 {
                    fewest = (count, b, p);
                }
            }
        }
        Some((fewest.1, fewest.2))
    }
}

/// Why a search stopped before exhausting its tree.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Stop {
    /// The visitor asked to stop.
    Visitor,
    /// The guess budget ran out.
    Budget,
}

/// Visits solutions reachable from `board`, branching as `branching` says and trying digits in
/// increasing order, until `visit` breaks or `budget` guesses have been made. Each solution is
/// visited once, as a position with no open cell left ([`Board::grid`] reads it); with
/// [`Branching::ReadingOrder`] they come in lexicographic order. The search works on `board`
/// itself, which it leaves in no particular state.
pub(crate) fn search<F>(
    board: &mut Board,
    branching: Branching,
    budget: &mut u64,
    visit: &mut F,
) -> ControlFlow<Stop>
where
    F: FnMut(&Board) -> ControlFlow<()>,
{
    // The guesses cover every solution: in band `b`, either digit `fixed` at each position of
    // `choices`, or each digit of `choices` at position `fixed`.
    let pair = match branching {
        Branching::TwoPlaces => board.two_places(),
        _ => None,
    };
    let (b, fixed, mut choices, by_digit) = match pair {
        Some((d, b, places)) => (b, d, places, false),
        None => {
            let (b, p) = match board.branch_cell(branching) {
                Some(cell) => cell,
                None => {
                    return match visit(board) {
                        ControlFlow::Continue(()) => ControlFlow::Continue(()),
                        ControlFlow::Break(()) => ControlFlow::Break(Stop::Visitor),
                    }
                }
            };
            (b, p, board.candidates(b, p), true)
        }
    };
    // Every guess but the last works on a copy; the last one on the board itself.
    let all_choices = choices;
    while choices != 0 {
        let choice = choices.trailing_zeros() as usize;
        choices &= choices - 1;
        let (d, p, allowed) = if by_digit {
            (choice, fixed, all_choices)
        } else {
            (fixed, choice, board.candidates(b, choice))
        };
        let rivals = allowed & !(1 << d);
        if *budget == 0 {
            return ControlFlow::Break(Stop::Budget);
        }
        *budget -= 1;
        if choices != 0 {
            let mut child = *board;
            let changed = child.place(d, b, p, rivals);
            if child.propagate(changed) {
                search(&mut child, branching, budget, visit)?;
            }
        } else {
            let changed = board.place(d, b, p, rivals);
            if board.propagate(changed) {
                return search(board, branching, budget, visit);
            }
        }
    }
    ControlFlow::Continue(())
}

/// Guesses a first attempt may make before the next branching order gets its turn.
pub(crate) const FIRST_BUDGET: u64 = 4096;

/// Runs `attempt` with each branching order in turn, on a guess budget that grows fourfold each
/// round, until one finishes (returns `Some`). A search whose first guesses lead into a huge dead
/// end, as one order sometimes does on a board another order settles at once, so costs a bounded
/// multiple of the best order's time; and every attempt that finishes is complete.
pub(crate) fn with_restarts<T>(mut attempt: impl FnMut(Branching, &mut u64) -> Option<T>) -> T {
    let orders = [
        Branching::FewestCandidates,
        Branching::TwoPlaces,
        Branching::ReadingOrder,
    ];
    let mut budget = FIRST_BUDGET;
    loop {
        for &order in orders.iter() {
            let mut left = budget;
            if let Some(result) = attempt(order, &mut left) {
                return result;
            }
        }
        budget = budget.saturating_mul(4);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Rng;
    use crate::solve::solve;

    /// Whether no rule can narrow `board` any further and its two-candidate cells are up to
    /// date: the changes propagation tracks are all the changes there were.
    fn is_settled(board: &Board) -> bool {
        let mut probe = *board;
        for i in 0..27 {
            if !probe.narrow(i, &mut 0) {
                return false;
            }
        }
        probe.place_naked_singles(BAND) == Some(0)
            && probe.cells == board.cells
            && probe.open == board.open
            && probe.pair_count == board.pair_count
            && (0..3)
                .all(|b| board.pair_count[b] == 0 || probe.first_pair[b] == board.first_pair[b])
    }

    /// Checks that every position of the first `depth` levels of the search from `board` is
    /// settled.
    fn check_search_tree(board: &Board, depth: u32) {
        assert!(is_settled(board));
        let (b, p) = match board.branch_cell(Branching::FewestCandidates) {
            Some(cell) if depth > 0 => cell,
            _ => return,
        };
        let allowed = board.candidates(b, p);
        let mut digits = allowed;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let mut child = *board;
            let changed = child.place(d, b, p, allowed & !(1 << d));
            if child.propagate(changed) {
                check_search_tree(&child, depth - 1);
            }
        }
    }

    #[test]
    fn a_board_is_small_enough_to_copy_inline() {
        // At 128 bytes a guess copies the board with a few vector moves; a few bytes more and
        // the compiler calls `memcpy` instead, which measured up to 1 % slower.
        assert_eq!(std::mem::size_of::<Board>(), 128);
    }

    #[test]
    fn propagation_stops_only_where_no_rule_applies() {
        let mut rng = Rng::new(27);
        let solved = solve(&Grid::EMPTY).unwrap();
        for _ in 0..300 {
            let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            rng.shuffle(&mut digits);
            let mut cells: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut cells);
            let mut puzzle = Grid::EMPTY;
            for &cell in &cells[..17 + rng.below(24)] {
                puzzle.set(cell, digits[usize::from(solved.get(cell) - 1)]);
            }
            check_search_tree(&Board::new(&puzzle).unwrap(), 3);
        }
    }
}
