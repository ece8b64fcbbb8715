//! The 9x9 search engine: one bitboard per digit, split into three bands of 27 cells, narrowed by
//! naked and hidden singles, and a depth-first search over it whose branching rule the caller
//! picks.
//!
//! Propagation only ever removes candidates that no solution can use and fixes digits every
//! solution shares, so a search that branches on the first open cell in reading order and tries
//! digits in increasing order meets solutions in lexicographic order.
//!
//! Two branching rules reason harder than the plain ones, at every position: the triad rules
//! (what a row or column of three cells inside a box can hold, the reasoning tdoku is built on;
//! see [`Board::settle_triads`]). [`Branching::Crossings`] then branches, as tdoku does, on how
//! one digit crosses a band or stack rather than on a cell; [`Branching::Probing`] also removes,
//! at its first few levels, every candidate whose placement propagation refutes. Both cost
//! several plain guesses a position, which ordinary boards never repay, but each answers at once
//! boards that stall the plain rules: boards whose first guesses lead into a subtree with no
//! solution whose contradiction plain propagation cannot see, so that a plain search explores
//! every way of filling the rest of the board before it returns to the cells that matter. Each
//! rule has boards of its own that stall it and that another rule answers in a few guesses, so
//! the portfolio in `solve.rs` runs them all, the fast one first.

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
const BOXES: [u32; 3] = [box_mask(0), box_mask(1), box_mask(2)];
const COLUMNS: [u32; 9] = [
    column_mask(0),
    column_mask(1),
    column_mask(2),
    column_mask(3),
    column_mask(4),
    column_mask(5),
    column_mask(6),
    column_mask(7),
    column_mask(8),
];

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

/// The six ways a digit can cross a band, taking in row `r` the triad of box `p[r]` (and,
/// seen down a stack, in band `b` the column `p[b]` of the stack).
const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// For each set of triads, the union of the permutations inside it.
const fn build_latin() -> [u16; 512] {
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

/// The permutations (bit `k` for [`PERMUTATIONS`]`[k]`) whose three triads all lie in `set`
/// (bit `3 * row + box`).
fn crossings_inside(set: u32) -> u32 {
    let mut inside = 0;
    for (k, p) in PERMUTATIONS.iter().enumerate() {
        let used = 1 << p[0] | 1 << (3 + p[1]) | 1 << (6 + p[2]);
        inside |= u32::from(set & used == used) << k;
    }
    inside
}

/// The triads of a band word that hold at least one cell.
fn occupied_triads(bits: u32) -> usize {
    usize::from(BOXES_OF_ROW[(bits & 0x1FF) as usize])
        | usize::from(BOXES_OF_ROW[(bits >> 9 & 0x1FF) as usize]) << 3
        | usize::from(BOXES_OF_ROW[(bits >> 18 & 0x1FF) as usize]) << 6
}

/// For each 9-bit set of row triads (bit `3 * row + box`), those alone in their row or alone
/// in their box.
const LONE_IN_ROW_OR_BOX: [u16; 512] = build_lone_in_row_or_box();

/// For each 9-bit set of a band's columns, those alone in their box.
const LONE_IN_BOX: [u16; 512] = build_lone_in_box();

const fn build_lone_in_box() -> [u16; 512] {
    let mut table = [0; 512];
    let mut set: u32 = 0;
    while set < 512 {
        let mut s = 0;
        while s < 3 {
            let group = set >> (3 * s) & 7;
            if group.count_ones() == 1 {
                table[set as usize] |= (group << (3 * s)) as u16;
            }
            s += 1;
        }
        set += 1;
    }
    table
}

const fn build_lone_in_row_or_box() -> [u16; 512] {
    let by_row = build_lone_in_box();
    let mut table = [0; 512];
    let mut set: u32 = 0;
    while set < 512 {
        table[set as usize] = by_row[set as usize];
        let mut s = 0;
        while s < 3 {
            let column = set & (0x49 << s);
            if column.count_ones() == 1 {
                table[set as usize] |= column as u16;
            }
            s += 1;
        }
        set += 1;
    }
    table
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

/// What a search branches on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Branching {
    /// An open cell with the fewest candidates: when there are two-candidate cells, the first
    /// one of the band with the most of them (where a guess tends to settle the most).
    FewestCandidates,
    /// The first open cell in reading order.
    ReadingOrder,
    /// Whichever of the 324 constraints has the fewest ways left to be met, as an exact-cover
    /// search chooses: a digit's places in a row, column or box, or a cell's candidates (a
    /// cell only where it has strictly fewer).
    FewestPlaces,
    /// On how one digit crosses a band or a stack (which triad it takes in each row of a band,
    /// or which column in each band of a stack), in the band or stack with the fewest such
    /// ways left, applying the triad rules at every position: tdoku's way of searching.
    Crossings,
    /// As [`Branching::FewestCandidates`], after applying the triad rules at every position
    /// and removing every candidate whose placement propagation refutes (failed-literal
    /// probing) at each position of the first [`PROBE_DEPTH`] levels.
    Probing,
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

    /// Applies the triad rules until they change nothing, propagating after each round. A
    /// triad (the three cells of a row, or of a column, inside one box) holds three different
    /// digits. So it needs at least three digits that may stand in it, and when it has exactly
    /// three, each of them takes its place there, leaving the rest of the triad's row or column
    /// and box; and at most three digits may be bound to it (by having no other place in its row
    /// or column, or in its box), and when three are, no other digit may stand in it. `false`
    /// on a contradiction.
    fn settle_triads(&mut self) -> bool {
        loop {
            match self.apply_triad_rules() {
                None => return false,
                Some(0) => return true,
                Some(changed) => {
                    if !self.propagate(changed) {
                        return false;
                    }
                }
            }
        }
    }

    /// One round of the triad rules (see [`Board::settle_triads`]) over every band: `None` on
    /// a contradiction, otherwise the words it changed.
    fn apply_triad_rules(&mut self) -> Option<u32> {
        let mut changed = 0;
        for b in 0..3 {
            // Bits 0..9: the band's row triads (bit 3 * row + box); bits 9..18: its column
            // triads (bit 9 + column). Per digit, the triads it may use and those it is bound
            // to; per triad, how many digits may use it and how many are bound to it (counted
            // to four).
            let mut may = [0u32; 9];
            let mut bound = [0u32; 9];
            let (mut m1, mut m2, mut m3, mut m4) = (0u32, 0u32, 0u32, 0u32);
            let (mut b1, mut b2, mut b3, mut b4) = (0u32, 0u32, 0u32, 0u32);
            for d in 0..9 {
                let word = self.cells[9 * b + d];
                let rows = occupied_triads(word);
                let columns = columns_of(word);
                let x = rows as u32 | (columns as u32) << 9;
                let [j, k] = BESIDE[9 * b + d];
                let elsewhere = columns_of(self.cells[j]) | columns_of(self.cells[k]);
                let bound_columns = usize::from(LONE_IN_BOX[columns]) | columns & !elsewhere;
                let y = u32::from(LONE_IN_ROW_OR_BOX[rows]) | (bound_columns as u32) << 9;
                may[d] = x;
                bound[d] = y;
                m4 |= m3 & x;
                m3 |= m2 & x;
                m2 |= m1 & x;
                m1 |= x;
                b4 |= b3 & y;
                b3 |= b2 & y;
                b2 |= b1 & y;
                b1 |= y;
            }
            if !m3 & 0x3FFFF != 0 || b4 != 0 {
                return None;
            }
            let open = self.open[b];
            let open_triads = occupied_triads(open) as u32 | (columns_of(open) as u32) << 9;
            let mut filled = m3 & !m4 & open_triads;
            let mut full = b3 & open_triads;
            while filled | full != 0 {
                let t = (filled | full).trailing_zeros() as usize;
                let (by_may, by_bound) = (filled >> t & 1 != 0, full >> t & 1 != 0);
                filled &= !(1 << t);
                full &= !(1 << t);
                let (triad, rest) = if t < 9 {
                    let (r, s) = (t / 3, t % 3);
                    (row_mask(r) & box_mask(s), row_mask(r) | box_mask(s))
                } else {
                    (column_mask(t - 9), box_mask((t - 9) / 3))
                };
                for d in 0..9 {
                    let i = 9 * b + d;
                    let word = self.cells[i];
                    let new = if may[d] >> t & 1 == 0 {
                        continue;
                    } else if by_bound && bound[d] >> t & 1 == 0 {
                        word & !triad
                    } else if by_may {
                        word & !rest | word & triad
                    } else {
                        continue;
                    };
                    if new != word {
                        self.cells[i] = new;
                        changed |= 1 << i;
                    }
                    if t >= 9 && by_may && new & triad != 0 {
                        for &j in BESIDE[i].iter() {
                            if self.cells[j] & triad != 0 {
                                self.cells[j] &= !triad;
                                changed |= 1 << j;
                            }
                        }
                    }
                }
            }
        }
        Some(changed)
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

    /// The digit's open places (per band) in the row, column or box where some digit has the
    /// fewest, as (count, digit as `d`, places); count `u32::MAX` if every digit is placed.
    fn fewest_places(&self) -> (u32, usize, [u32; 3]) {
        let mut best = (u32::MAX, 0, [0; 3]);
        for d in 0..9 {
            let words = [
                self.cells[d] & self.open[0],
                self.cells[9 + d] & self.open[1],
                self.cells[18 + d] & self.open[2],
            ];
            for (b, &word) in words.iter().enumerate() {
                for unit in ROWS.iter().chain(BOXES.iter()) {
                    let count = (word & unit).count_ones();
                    if count != 0 && count < best.0 {
                        let mut places = [0; 3];
                        places[b] = word & unit;
                        best = (count, d, places);
                    }
                }
            }
            for column in COLUMNS.iter() {
                let places = [words[0] & column, words[1] & column, words[2] & column];
                let count = places.iter().map(|p| p.count_ones()).sum();
                if count != 0 && count < best.0 {
                    best = (count, d, places);
                }
            }
            if best.0 <= 2 {
                break;
            }
        }
        best
    }

    /// Removes every candidate whose placement propagation refutes, until there is none left
    /// to remove, each probe spending one guess of `budget`. `Some(false)` if that leaves no
    /// solution; `None` if the budget runs out.
    fn probe(&mut self, budget: &mut u64) -> Option<bool> {
        loop {
            let mut removed = false;
            for b in 0..3 {
                let mut open = self.open[b];
                while open != 0 {
                    let p = open.trailing_zeros() as usize;
                    open &= open - 1;
                    if self.open[b] & 1 << p == 0 {
                        continue;
                    }
                    let digits = self.candidates(b, p);
                    let mut left = digits;
                    while left != 0 {
                        let d = left.trailing_zeros() as usize;
                        left &= left - 1;
                        if *budget == 0 {
                            return None;
                        }
                        *budget -= 1;
                        let mut child = *self;
                        let changed = child.place(d, b, p, digits & !(1 << d));
                        if !child.propagate(changed) {
                            self.cells[9 * b + d] &= !(1 << p);
                            if !self.propagate(1 << (9 * b + d)) {
                                return Some(false);
                            }
                            removed = true;
                            break;
                        }
                    }
                }
            }
            if !removed {
                return Some(true);
            }
        }
    }

    /// The ways left for a digit to cross the band or stack with the fewest of them (those of
    /// the digit with the fewest, two at least), as [`Branch::Crossings`]; `None` if every
    /// digit crosses every band and stack one way only.
    fn fewest_crossings(&self) -> Option<Branch> {
        // Per digit, per band and stack (stacks as 3..6), the 9-bit set of triads (bit
        // `3 * row + box`) or of band and column pairs (bit `3 * band + column`) it may use.
        let mut uses = [[0u32; 6]; 9];
        for (d, sets) in uses.iter_mut().enumerate() {
            let words = [self.cells[d], self.cells[9 + d], self.cells[18 + d]];
            let columns = words.map(|word| columns_of(word) as u32);
            for s in 0..3 {
                sets[s] = occupied_triads(words[s]) as u32;
                sets[3 + s] = (columns[0] >> (3 * s) & 7)
                    | (columns[1] >> (3 * s) & 7) << 3
                    | (columns[2] >> (3 * s) & 7) << 6;
            }
        }
        let mut best: Option<(usize, u32)> = None;
        for unit in 0..6 {
            let counts = uses
                .iter()
                .map(|sets| crossings_inside(sets[unit]).count_ones());
            let (total, unsettled) = counts.fold((0, false), |(t, u), n| (t + n, u || n > 1));
            if unsettled && best.map_or(true, |(_, fewest)| total < fewest) {
                best = Some((unit, total));
            }
        }
        let (unit, _) = best?;
        let (mut fewest, mut digit) = (u32::MAX, 0);
        for (d, sets) in uses.iter().enumerate() {
            let n = crossings_inside(sets[unit]).count_ones();
            if n > 1 && n < fewest {
                fewest = n;
                digit = d;
            }
        }
        let mut keep = [[BAND; 3]; 6];
        let ways = crossings_inside(uses[digit][unit]);
        let mut count = 0;
        for (k, p) in PERMUTATIONS.iter().enumerate() {
            if ways >> k & 1 == 0 {
                continue;
            }
            if unit < 3 {
                keep[count][unit] = (0..3).fold(0, |m, r| m | 7 << (9 * r + 3 * p[r]));
            } else {
                let s = unit - 3;
                let stack = column_mask(3 * s) | column_mask(3 * s + 1) | column_mask(3 * s + 2);
                for (b, kept) in keep[count].iter_mut().enumerate() {
                    *kept = BAND & !stack | column_mask(3 * s + p[b]);
                }
            }
            count += 1;
        }
        Some(Branch::Crossings {
            d: digit,
            keep,
            count,
        })
    }

    /// What to branch on, or `None` if the board is solved.
    fn branch(&self, branching: Branching) -> Option<Branch> {
        if branching == Branching::Crossings {
            if let Some(crossings) = self.fewest_crossings() {
                return Some(crossings);
            }
        }
        if branching == Branching::FewestPlaces {
            let (count, d, places) = self.fewest_places();
            if count == u32::MAX {
                return None;
            }
            let has_pair = self.pair_count.iter().any(|&n| n != 0);
            if count <= 2 || (!has_pair && count == 3) {
                return Some(Branch::Places { d, places });
            }
        }
        let (b, p) = self.branch_cell(branching)?;
        Some(Branch::Digits {
            b,
            p,
            digits: self.candidates(b, p),
        })
    }
}

/// A guess the search makes at a position: every solution makes one of its placements.
enum Branch {
    /// Each digit (bit `d` for digit `d + 1`) of `digits` at position `p` of band `b`.
    Digits { b: usize, p: usize, digits: u32 },
    /// Digit `d + 1` at each of `places` (per band).
    Places { d: usize, places: [u32; 3] },
    /// Digit `d + 1` kept, in each of `count` ways, to the cells `keep[k]` (per band).
    Crossings {
        d: usize,
        keep: [[u32; 3]; 6],
        count: usize,
    },
}

/// The levels of a [`Branching::Probing`] search that probe. Deeper positions are small enough
/// for plain search; probing them too made the adversary's worst boards about twice as costly,
/// and probing only one or three levels left boards the portfolio needed it for (measured with
/// 0, 1, 3, 6, 12 and unlimited levels; see BENCHMARKS.md).
const PROBE_DEPTH: u32 = 6;

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
    Walk {
        branching,
        budget,
        visit,
    }
    .below(board, 0)
}

/// What stays the same throughout one [`search`].
struct Walk<'a, F> {
    branching: Branching,
    budget: &'a mut u64,
    visit: &'a mut F,
}

impl<F> Walk<'_, F>
where
    F: FnMut(&Board) -> ControlFlow<()>,
{
    /// The search from `board`, `depth` guesses below where it started.
    fn below(&mut self, board: &mut Board, depth: u32) -> ControlFlow<Stop> {
        let branching = self.branching;
        let reasons_harder = branching == Branching::Probing || branching == Branching::Crossings;
        if reasons_harder && !board.settle_triads() {
            return ControlFlow::Continue(());
        }
        if branching == Branching::Probing && depth < PROBE_DEPTH {
            match board.probe(self.budget) {
                None => return ControlFlow::Break(Stop::Budget),
                Some(false) => return ControlFlow::Continue(()),
                Some(true) => {}
            }
        }
        match board.branch(branching) {
            None => match (self.visit)(board) {
                ControlFlow::Continue(()) => ControlFlow::Continue(()),
                ControlFlow::Break(()) => ControlFlow::Break(Stop::Visitor),
            },
            Some(Branch::Digits { b, p, digits }) => {
                let mut left = digits;
                while left != 0 {
                    let d = left.trailing_zeros() as usize;
                    left &= left - 1;
                    let rivals = digits & !(1 << d);
                    self.guess(board, Move::Place(d, b, p, rivals), left == 0, depth)?;
                }
                ControlFlow::Continue(())
            }
            Some(Branch::Places { d, places }) => {
                let mut remaining: u32 = places.iter().map(|p| p.count_ones()).sum();
                for (b, &band_places) in places.iter().enumerate() {
                    let mut left = band_places;
                    while left != 0 {
                        let p = left.trailing_zeros() as usize;
                        left &= left - 1;
                        remaining -= 1;
                        let rivals = board.candidates(b, p) & !(1 << d);
                        self.guess(board, Move::Place(d, b, p, rivals), remaining == 0, depth)?;
                    }
                }
                ControlFlow::Continue(())
            }
            Some(Branch::Crossings { d, keep, count }) => {
                for (k, &kept) in keep[..count].iter().enumerate() {
                    self.guess(board, Move::Keep(d, kept), k + 1 == count, depth)?;
                }
                ControlFlow::Continue(())
            }
        }
    }

    /// One guess at `depth`, then the search below it. All but the `last` guess of a branch
    /// work on a copy; the last one on the board itself.
    fn guess(
        &mut self,
        board: &mut Board,
        guess: Move,
        last: bool,
        depth: u32,
    ) -> ControlFlow<Stop> {
        if *self.budget == 0 {
            return ControlFlow::Break(Stop::Budget);
        }
        *self.budget -= 1;
        if last {
            let changed = board.make(guess);
            if board.propagate(changed) {
                return self.below(board, depth + 1);
            }
        } else {
            let mut child = *board;
            let changed = child.make(guess);
            if child.propagate(changed) {
                self.below(&mut child, depth + 1)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// One guess of a search.
#[derive(Clone, Copy)]
enum Move {
    /// Digit `d + 1` at position `p` of band `b`, whose other candidates are the rivals (bit
    /// `e` for digit `e + 1`): `Place(d, b, p, rivals)`.
    Place(usize, usize, usize, u32),
    /// Digit `d + 1` kept to the given cells of each band: `Keep(d, cells)`.
    Keep(usize, [u32; 3]),
}

impl Board {
    /// Makes `guess` on the board; returns the words it changed.
    fn make(&mut self, guess: Move) -> u32 {
        match guess {
            Move::Place(d, b, p, rivals) => self.place(d, b, p, rivals),
            Move::Keep(d, cells) => {
                let mut changed = 0;
                for (b, &kept) in cells.iter().enumerate() {
                    let i = 9 * b + d;
                    if self.cells[i] & !kept != 0 {
                        self.cells[i] &= kept;
                        changed |= 1 << i;
                    }
                }
                changed
            }
        }
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

    /// Whether every digit of the full board `solution` is still a candidate on `board`.
    fn allows(board: &Board, solution: &Grid) -> bool {
        (0..81).all(|cell| {
            let d = usize::from(solution.get(cell) - 1);
            board.cells[9 * (cell / 27) + d] >> (cell % 27) & 1 != 0
        })
    }

    #[test]
    fn the_triad_rules_and_probing_keep_every_solution() {
        let mut rng = Rng::new(81);
        let solved = solve(&Grid::EMPTY).unwrap();
        let mut narrowed = 0;
        for _ in 0..300 {
            let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            rng.shuffle(&mut digits);
            let mut full = Grid::EMPTY;
            for cell in 0..81 {
                full.set(cell, digits[usize::from(solved.get(cell) - 1)]);
            }
            let mut cells: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut cells);
            let mut puzzle = Grid::EMPTY;
            for &cell in &cells[..17 + rng.below(24)] {
                puzzle.set(cell, full.get(cell));
            }
            let start = Board::new(&puzzle).unwrap();
            let mut board = start;
            assert!(board.settle_triads());
            assert!(allows(&board, &full));
            let mut unlimited = u64::MAX;
            assert_eq!(board.probe(&mut unlimited), Some(true));
            assert!(allows(&board, &full));
            assert!(is_settled(&board));
            narrowed += usize::from(board.cells != start.cells);
        }
        assert!(narrowed > 30, "the rules narrowed only {} boards", narrowed);
    }

    #[test]
    fn the_triad_rules_refute_four_digits_bound_to_one_triad() {
        // Rows 3 and 4 hold 2, 6, 7 and 8 in their left and middle boxes, so all four must go
        // to the three cells of row 5 in the right box. Found by the adversary: every other rule
        // needs hundreds of thousands of guesses to see it.
        let mut puzzle = Grid::EMPTY;
        let text =
            "......345....5.............67..82...8.2.67...................................1...";
        for (cell, ch) in text.bytes().enumerate() {
            if ch.is_ascii_digit() {
                puzzle.set(cell, ch - b'0');
            }
        }
        let mut board = Board::new(&puzzle).unwrap();
        assert!(!board.settle_triads());
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
