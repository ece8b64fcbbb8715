//! A position of the 9x9 search (see [`super::layout`] for its bits) and the reasoning that
//! narrows it: the permutation rules across bands and down stacks, naked singles, the triad
//! rules, and failed-literal probing; and the units' matchings, which keep only the candidates
//! some matching of a unit's open cells to different digits uses.
//!
//! Propagation only ever removes candidates that no solution can use and fixes digits every
//! solution shares.

use super::layout::*;
use crate::grid::Grid;
use crate::masks::BIT;
use crate::matching::keep_matched_candidates;
use crate::probe_cursor::ProbeCursor;

/// A search position: for every digit and band, the cells the digit may still take (a placed
/// digit keeps its cell), and the cells still open.
///
/// Small enough (132 bytes) to copy at each branch, so nothing is ever undone.
pub(super) struct Board {
    /// `places[9 * b + d]`: bit `9 * r + c` is set if digit `d + 1` may stand at row `r`,
    /// column `c` of band `b`.
    pub(super) places: [u32; 27],
    /// Per band, the cells with no digit placed yet.
    pub(super) open: [u32; 3],
    /// Per band, the open cells that had two candidates when propagation last ended.
    pub(super) pairs: [u32; 3],
}

impl Clone for Board {
    /// The same position. Copied field by field into a new board: copied whole, as a derived
    /// `Clone` or `Copy` would (or a struct literal of the three fields, which compiles to the
    /// same), 132 bytes are a call to `memcpy` (LLVM inlines copies of up to 128 bytes).
    #[inline(always)]
    fn clone(&self) -> Board {
        let mut copy = Board {
            places: [0; 27],
            open: [0; 3],
            pairs: [0; 3],
        };
        copy.places = self.places;
        copy.open = self.open;
        copy.pairs = self.pairs;
        copy
    }
}

/// Givens from which a board is dense: a new position of it narrows only the words
/// [`Board::unsettled_words`] finds, and the portfolio's cell guessing takes the first
/// two-candidate cell (`Plan::new` in `solve.rs` says why).
pub(super) const DENSE_GIVENS: usize = 30;

impl Board {
    /// The position after placing every given of `grid` and propagating; `None` if the givens
    /// already rule out every solution.
    pub(super) fn new(grid: &Grid) -> Option<Board> {
        let mut board = Board::with_givens(grid)?;
        // Every word has changed since the empty board. On sparse boards propagation narrows
        // most of them again after what it places, so finding the settled ones first does not
        // pay (2 % more instructions on `unbiased-1k`, 3 % on `17-clue`). Each kind of board
        // propagates with the build its cell guessing uses (`Walk::propagate` in `search.rs`).
        let propagated = if grid.filled() >= DENSE_GIVENS {
            let unsettled = board.unsettled_words();
            board.propagate_touching::<false>(unsettled, BAND)
        } else {
            board.propagate_touching::<true>(BAND, BAND)
        };
        propagated.ok().map(|()| board)
    }

    /// The position with every given of `grid` placed and its peers denied it, not yet
    /// propagated; `None` if two givens share a digit in a row, column or box.
    fn with_givens(grid: &Grid) -> Option<Board> {
        // Per band, the given cells; per band and digit, the digit's givens, and the cells their
        // rows, boxes and columns deny it. A digit indexes sixteen entries by its low four bits,
        // which needs no check.
        let mut given = [0u32; 3];
        let mut placed = [[0u32; 16]; 3];
        let mut denied = [[0u32; 16]; 3];
        for (b, band) in grid.cells().chunks(27).enumerate() {
            // The band's given positions first, then a visit to each: a branch per cell on
            // whether it is given would be mispredicted at random.
            let mut filled = 0u32;
            for (p, &digit) in band.iter().enumerate() {
                filled |= u32::from(digit != 0) << p;
            }
            given[b] = filled;
            let (j, k) = ((b + 1) % 3, (b + 2) % 3);
            while filled != 0 {
                let p = filled.trailing_zeros() as usize;
                filled &= filled - 1;
                let d = usize::from(band[p].wrapping_sub(1) & 15);
                placed[b][d] |= BIT[p];
                denied[b][d] |= BAND_PEERS[p];
                let column = COLUMN_CELLS[p];
                denied[j][d] |= column;
                denied[k][d] |= column;
            }
        }
        let mut board = Board {
            places: [0; 27],
            open: [BAND & !given[0], BAND & !given[1], BAND & !given[2]],
            pairs: [0; 3],
        };
        // Band by band, so that each band's words are built as vectors. A given its peers deny
        // shares a digit with one of them.
        let mut conflicts = 0;
        for (b, words) in board.places.chunks_exact_mut(9).enumerate() {
            for (d, word) in words.iter_mut().enumerate() {
                *word = BAND & !(given[b] | denied[b][d]) | placed[b][d];
                conflicts |= placed[b][d] & denied[b][d];
            }
        }
        if conflicts == 0 {
            Some(board)
        } else {
            None
        }
    }

    /// The board of a position with no open cell left.
    pub(super) fn grid(&self) -> Grid {
        let mut cells = [0u8; 81];
        for (b, band) in cells.chunks_exact_mut(27).enumerate() {
            // Bit `k` of each cell's digit, for the band's cells at once.
            let mut planes = [0u32; 4];
            for d in 0..9 {
                let word = self.places[9 * b + d];
                for (k, plane) in planes.iter_mut().enumerate() {
                    if (d + 1) >> k & 1 != 0 {
                        *plane |= word;
                    }
                }
            }
            // Eight cells at a time, one byte each.
            let mut bytes = [0u8; 32];
            for (c, chunk) in bytes.chunks_exact_mut(8).enumerate() {
                let mut digits = 0u64;
                for (k, plane) in planes.iter().enumerate() {
                    digits |= BYTES_OF_BITS[(plane >> (8 * c) & 0xFF) as usize] << k;
                }
                chunk.copy_from_slice(&digits.to_le_bytes());
            }
            band.copy_from_slice(&bytes[..27]);
        }
        Grid::from_cells(cells).expect("a solved position has one digit in each cell")
    }

    /// Puts digit `d + 1` at position `p` of band `b`, which must be open and allow it, as
    /// must the digits of `rivals` (bit `e` for digit `e + 1`) and no other: removes the digit
    /// from the cell's peers and the rivals from the cell. Returns the words it changed (bit
    /// `i` for `places[i]`).
    pub(super) fn place(&mut self, d: usize, b: usize, p: usize, rivals: u32) -> u32 {
        // The tables of 27 positions first: then `p` needs no check against `BIT`'s 32.
        let (peers, column) = (BAND_PEERS[p], COLUMN_CELLS[p]);
        let cell = BIT[p];
        self.clear_in_band(b, cell);
        let i = 9 * b + d;
        self.places[i] = self.places[i] & !peers | cell;
        let [j, k] = OTHER_BANDS[i];
        // The other bands' words from a table rather than shifted into place (see `BIT`;
        // `1 << d` is set with `bts`).
        let in_band = band_words(b, rivals | 1 << d);
        let beyond = usize::from(self.places[j] & column != 0)
            | usize::from(self.places[k] & column != 0) << 1;
        let changed = in_band | OTHER_BANDS_CHANGED[i][beyond];
        self.places[j] &= !column;
        self.places[k] &= !column;
        self.open[b] &= !cell;
        changed
    }

    /// Removes the cells `mask` from every digit's word of band `b`.
    fn clear_in_band(&mut self, b: usize, mask: u32) {
        // The band's nine words are adjacent: this loop vectorizes.
        for word in self.places[9 * b..9 * b + 9].iter_mut() {
            *word &= !mask;
        }
    }

    /// The words of band `b` (bit `i` for `places[i]`) that hold any of the cells `mask`.
    fn words_holding(&self, b: usize, mask: u32) -> u32 {
        let mut words = 0;
        for d in 0..9 {
            words |= u32::from(self.places[9 * b + d] & mask != 0) << d;
        }
        band_words(b, words)
    }

    /// Narrows the position until nothing changes: each changed word by the permutation rules
    /// across its band and down its stacks (which find hidden singles in rows, boxes and
    /// columns, and locked candidates), then naked singles. `changed` holds the words changed
    /// since the position last settled (every word, for a new one). An error says where it
    /// found that no solution is left.
    ///
    /// Words are narrowed in rounds: the words a round changes wait for the next, which lets
    /// several changes to one word be narrowed at once.
    pub(super) fn propagate(&mut self, changed: u32) -> Result<(), Contradiction> {
        self.propagate_touching::<false>(changed, changed)
    }

    /// As [`Board::propagate`], the same narrowing built to place the lone cells it finds
    /// without first asking whether it found any (see [`Board::narrow`]): faster for cell
    /// guessing on sparse boards, slower elsewhere.
    pub(super) fn propagate_eagerly(&mut self, changed: u32) -> Result<(), Contradiction> {
        self.propagate_touching::<true>(changed, changed)
    }

    /// As [`Board::propagate`] (or, with `EAGER`, [`Board::propagate_eagerly`]), looking for
    /// naked singles in the bands of the `touched` words as well as in those of the changed
    /// ones.
    fn propagate_touching<const EAGER: bool>(
        &mut self,
        mut changed: u32,
        mut touched: u32,
    ) -> Result<(), Contradiction> {
        touched |= changed;
        loop {
            if changed != 0 {
                let mut next = 0;
                while changed != 0 {
                    let i = changed.trailing_zeros() as usize;
                    changed &= changed - 1;
                    if !self.narrow::<EAGER>(i, &mut next) {
                        return Err(Contradiction::NoArrangement(i));
                    }
                }
                changed = next;
                touched |= next;
                continue;
            }
            match self.place_naked_singles(touched) {
                None => return Err(Contradiction::EmptyCell),
                Some(0) => return Ok(()),
                Some(placed) => {
                    changed = placed;
                    touched = placed;
                }
            }
        }
    }

    /// The words that [`Board::narrow`] would change or find no permutation for, with every
    /// word of a digit one of whose words the rule down the stacks would narrow: narrowing
    /// these, and what that changes, settles the position as narrowing every word would.
    ///
    /// On a dense board the givens leave nearly every word settled (on `serg-benchmark`, 31 of
    /// the 32 narrowings of a new position changed nothing); this finds them for about half of
    /// what narrowing them costs.
    fn unsettled_words(&self) -> u32 {
        let mut unsettled = 0;
        let mut columns = [0; 27];
        for (b, words) in self.places.chunks_exact(9).enumerate() {
            let open = self.open[b];
            let mut band_unsettled = 0;
            for (d, &word) in words.iter().enumerate() {
                let triads = occupied_triads(word);
                let bits = word & USABLE_CELLS[triads];
                let here = columns_of(word);
                columns[9 * b + d] = here;
                let lone = bits & LONE_TRIAD_CELLS[triads] & !KEPT_BY_OTHER_BANDS[here] & open;
                // Bit 31 where no permutation fits (`bits` is 0).
                let unsettling = bits ^ word | lone | bits.wrapping_sub(1) & 1 << 31;
                band_unsettled |= u32::from(unsettling != 0) << d;
            }
            unsettled |= band_words(b, band_unsettled);
        }
        let kept = |a: usize, b: usize| {
            KEPT_BY_OTHER_BANDS[a] & KEPT_BY_OTHER_BANDS[b] & KEPT_BY_THIRD_BAND[a | b]
        };
        for d in 0..9 {
            let [c0, c1, c2] = [columns[d], columns[9 + d], columns[18 + d]];
            let narrowed = self.places[d] & !kept(c1, c2)
                | self.places[9 + d] & !kept(c2, c0)
                | self.places[18 + d] & !kept(c0, c1);
            let digit_words = (1 | 1 << 9 | 1 << 18) << d;
            unsettled |= u32::from(narrowed != 0) * digit_words;
        }
        unsettled
    }

    /// Applies the permutation rules to word `i` (digit `i % 9 + 1` in band `i / 9`): across
    /// its band to the word itself, down its stacks to the digit's words in the other bands.
    /// Places the digit in every row of the band left with one cell for it. Takes word `i` out
    /// of `next` and adds every other word it changes. `false` if no permutation fits. `EAGER`
    /// changes nothing but speed: it places the rows' cells without first asking whether
    /// there are any.
    fn narrow<const EAGER: bool>(&mut self, i: usize, next: &mut u32) -> bool {
        let b = i / 9;
        let triads = occupied_triads(self.places[i]);
        let bits = self.places[i] & USABLE_CELLS[triads];
        if bits == 0 {
            return false;
        }
        let here = columns_of(bits);
        // The rule down the stacks is applied every time, even where it cannot have changed
        // since the last: a branch here would be mispredicted too often to pay.
        let [j, k] = OTHER_BANDS[i];
        let beside = KEPT_BY_OTHER_BANDS[here];
        let (old_j, old_k) = (self.places[j], self.places[k]);
        let new_j = old_j & beside & KEPT_BY_THIRD_BAND[here | columns_of(old_k)];
        let new_k = old_k & beside & KEPT_BY_THIRD_BAND[here | columns_of(old_j)];
        self.places[j] = new_j;
        self.places[k] = new_k;
        // From a table rather than shifted into place (see `BIT`).
        *next |=
            OTHER_BANDS_CHANGED[i][usize::from(new_j != old_j) | usize::from(new_k != old_k) << 1];
        // A row's cells in a lone triad, in a stack where the digit has one column (which the
        // other bands lose), are one cell: the digit's place in that row. The permutation rule
        // has already removed its peers in the band; placing it only takes the cell from the
        // other digits. The word itself is stored last: reading the band's words as vectors
        // right after storing one of them alone waits for the store (1 to 2 % on the sets).
        //
        // About half the narrowings place something, so a branch on whether this one does is
        // often mispredicted. Placing an empty set costs less than that for cell guessing on
        // sparse boards (3 to 13 % faster on the sets of such boards), more on dense ones and
        // for the other strategies (BENCHMARKS.md, thirty-second pass).
        let new = bits & LONE_TRIAD_CELLS[triads] & !beside & self.open[b];
        if EAGER || new != 0 {
            *next |= self.words_holding(b, new);
            self.clear_in_band(b, new);
            self.open[b] &= !new;
        }
        // Cleared once, at the end, this is one instruction; a mask kept for two uses cost a
        // shift by a count in a register.
        *next &= !(1 << i);
        self.places[i] = bits;
        true
    }

    /// Applies the triad rules until they change nothing, propagating after each round. A
    /// triad (the three cells of a row, or of a column, inside one box) holds three different
    /// digits. So it needs at least three digits that may stand in it, and when it has exactly
    /// three, each of them takes its place there, leaving the rest of the triad's row or column
    /// and box; and at most three digits may be bound to it (by having no other place in its row
    /// or column, or in its box), and when three are, no other digit may stand in it. `false`
    /// on a contradiction.
    pub(super) fn settle_triads(&mut self) -> bool {
        loop {
            match self.apply_triad_rules() {
                None => return false,
                Some(0) => return true,
                Some(changed) => {
                    if self.propagate(changed).is_err() {
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
                let word = self.places[9 * b + d];
                let rows = occupied_triads(word);
                let columns = columns_of(word);
                let x = rows as u32 | (columns as u32) << 9;
                let [j, k] = OTHER_BANDS[9 * b + d];
                let elsewhere = columns_of(self.places[j]) | columns_of(self.places[k]);
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
            // Most triads left to three digits were dealt with in an earlier round and would
            // change nothing; telling which costs about what going through one triad's digits
            // does, so it pays from two such triads on.
            if filled & filled.wrapping_sub(1) != 0 {
                filled &= self.confinable(b, &may);
            }
            // A triad three digits are bound to changes something only if a fourth may use it.
            let mut full = b3 & m4 & open_triads;
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
                    let word = self.places[i];
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
                        self.places[i] = new;
                        changed |= 1 << i;
                    }
                    if t >= 9 && by_may && new & triad != 0 {
                        for &j in OTHER_BANDS[i].iter() {
                            if self.places[j] & triad != 0 {
                                self.places[j] &= !triad;
                                changed |= 1 << j;
                            }
                        }
                    }
                }
            }
        }
        Some(changed)
    }

    /// Of the triads of band `b` (numbered as in [`Board::apply_triad_rules`]), those where,
    /// left to three digits, the triad rules would change some digit's words: triads a digit may
    /// use (`may`, per digit) while it also has places elsewhere in the triad's row, or column,
    /// or box, or (for a column triad) in that column of the other bands.
    // Kept out of line: inlined, it costs the triad rules' loop over the digits 3 % more
    // instructions where it is not called. It works out each digit's columns in the other bands
    // again rather than have that loop keep them, which cost the loop its unrolling (about 10 %
    // more instructions for the triad cell rule; BENCHMARKS.md, twenty-ninth pass).
    #[inline(never)]
    fn confinable(&self, b: usize, may: &[u32; 9]) -> u32 {
        let mut triads = 0;
        for (d, &x) in may.iter().enumerate() {
            let (rows, columns) = ((x & 0x1FF) as usize, (x >> 9) as usize);
            let [j, k] = OTHER_BANDS[9 * b + d];
            let elsewhere = columns_of(self.places[j]) | columns_of(self.places[k]);
            let crowded_rows = rows & !usize::from(LONE_IN_ROW_AND_BOX[rows]);
            let crowded_columns = columns & !(usize::from(LONE_IN_BOX[columns]) & !elsewhere);
            triads |= crowded_rows as u32 | (crowded_columns as u32) << 9;
        }
        triads
    }

    /// Takes the digits `digits` (bit `d` for digit `d + 1`) from position `p` of band `b` and
    /// propagates; `false` if that leaves no solution (as when the cell already holds one of
    /// them).
    pub(super) fn forbid(&mut self, b: usize, p: usize, digits: u32) -> bool {
        if self.open[b] & 1 << p == 0 {
            return self.candidates(b, p) & digits == 0;
        }
        let gone = self.candidates(b, p) & digits;
        for d in 0..9 {
            if gone & 1 << d != 0 {
                self.places[9 * b + d] &= !(1 << p);
            }
        }
        self.propagate(band_words(b, gone)).is_ok()
    }

    /// The digits (bit `d` for digit `d + 1`) position `p` of band `b` may still take.
    pub(super) fn candidates(&self, b: usize, p: usize) -> u32 {
        let (mut digits, cell) = (0, BIT[p]);
        for d in 0..9 {
            digits |= u32::from(self.places[9 * b + d] & cell != 0) << d;
        }
        digits
    }

    /// Each cell's count of candidates in band `b` (one where a digit is placed), as four bit
    /// planes: bit `p` of `planes[k]` is bit `k` of the count at position `p`.
    pub(super) fn candidate_counts(&self, b: usize) -> [u32; 4] {
        let mut planes = [0u32; 4];
        for d in 0..9 {
            let mut carry = self.places[9 * b + d];
            for plane in planes.iter_mut() {
                let next = *plane & carry;
                *plane ^= carry;
                carry = next;
            }
        }
        planes
    }

    /// The units where `contradiction`, which ended propagation on this board, shows, as bits
    /// numbered as [`units_of`] numbers them. An open cell without candidates blames its three
    /// units; where there is none, the digit that no arrangement fits in a band blames the rows
    /// and boxes of the band where it has no place left (all three boxes if it has a place in
    /// each). Looking for such a digit only where no cell is empty made the weighted rule make
    /// 2 % fewer guesses on `forum-hardest-1106`.
    pub(super) fn contradiction_units(&self, contradiction: Contradiction) -> u32 {
        let mut units = 0;
        for (b, words) in self.places.chunks_exact(9).enumerate() {
            let once = words.iter().fold(0, |cells, &word| cells | word);
            let empty = self.open[b] & !once;
            let (rows, boxes) = rows_and_boxes(occupied_triads(empty));
            units |= rows << (3 * b) | (columns_of(empty) as u32) << 9 | boxes << (18 + 3 * b);
        }
        let i = match contradiction {
            Contradiction::NoArrangement(i) if units == 0 => i,
            _ => return units,
        };
        // Only the digit propagation stopped at. Looking at every word for others the board
        // leaves without an arrangement (about one contradiction in ten on
        // `forum-hardest-1106`) cost 4 % of the instructions of counting that set, and made
        // 0.1 % fewer guesses there.
        let b = i / 9;
        let (held_rows, held_boxes) = rows_and_boxes(occupied_triads(self.places[i]));
        let lacking = (!held_rows & 7) << (3 * b) | (!held_boxes & 7) << (18 + 3 * b);
        if lacking == 0 {
            7 << (18 + 3 * b)
        } else {
            lacking
        }
    }

    /// Narrows every row, column and box to the candidates that some matching of its open
    /// cells to different candidates uses (every naked and hidden subset, of any size: three
    /// cells of a row that share two candidates refute the board, three that share three take
    /// them from the rest of the row), propagating, until nothing changes; `false` on a
    /// contradiction. Propagation finds such subsets only cell by cell and digit by digit, so
    /// one near the root can stall every branching rule.
    pub(super) fn match_units(&mut self) -> bool {
        loop {
            let mut changed = 0u32;
            for unit in 0..27 {
                let cells = self.unit_candidates(unit);
                let mut kept = cells;
                if !keep_matched_candidates(&mut kept) {
                    return false;
                }
                for k in 0..9 {
                    let mut gone = cells[k] & !kept[k];
                    let cell = unit_cell(unit, k);
                    let (b, p) = (cell / 27, cell % 27);
                    while gone != 0 {
                        let d = gone.trailing_zeros() as usize;
                        gone &= gone - 1;
                        self.places[9 * b + d] &= !(1 << p);
                        changed |= 1 << (9 * b + d);
                    }
                }
            }
            if changed == 0 {
                return true;
            }
            if self.propagate(changed).is_err() {
                return false;
            }
        }
    }

    /// The candidates of the open cells of `unit` (numbered as [`units_of`] numbers them), in
    /// the unit's order; 0 for a filled cell.
    fn unit_candidates(&self, unit: usize) -> [u32; 9] {
        let mut cells = [0u32; 9];
        for (k, mask) in cells.iter_mut().enumerate() {
            let cell = unit_cell(unit, k);
            let (b, p) = (cell / 27, cell % 27);
            if self.open[b] >> p & 1 != 0 {
                *mask = self.candidates(b, p);
            }
        }
        cells
    }

    /// How many open cells share a row, column or box with position `p` of band `b`.
    pub(super) fn open_peers(&self, b: usize, p: usize) -> u32 {
        // One count over a 64-bit word (without a popcount instruction, as a judge builds, each
        // count costs a dozen instructions): the band's peers in the low half, the column's open
        // cells of the other two bands, one of them shifted apart, in the high half.
        let column = COLUMN_CELLS[p];
        let (j, k) = ((b + 1) % 3, (b + 2) % 3);
        let beyond = self.open[j] & column | (self.open[k] & column) << 1;
        (u64::from(self.open[b] & BAND_PEERS[p]) | u64::from(beyond) << 32).count_ones()
    }

    /// Places every open cell left with one candidate and notes those with two, in the bands
    /// of the `touched` words (a band none of whose words changed since the last pass has
    /// neither new singles nor new pairs); `None` if a cell has none, otherwise the words the
    /// placements changed.
    // Inlined into both builds of propagation: called from two, the compiler keeps it out of
    // line, which cost 2.5 % more instructions on `serg-benchmark`.
    #[inline(always)]
    fn place_naked_singles(&mut self, touched: u32) -> Option<u32> {
        let mut placed = 0;
        // The bands' words taken off `rest` nine at a time: shifts by a constant (see `BIT`).
        let mut rest = touched;
        for b in 0..3 {
            let band_touched = rest & 0x1FF != 0;
            rest >>= 9;
            if !band_touched {
                continue;
            }
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            // `planes[k]`: the cells where a digit `d + 1` with bit `k` of `d` set may stand. A
            // single's digit is read from them without a search over the digits, whose exit a
            // predictor misses.
            let mut planes = [0u32; 4];
            for d in 0..9 {
                let m = self.places[9 * b + d];
                thrice |= twice & m;
                twice |= once & m;
                once |= m;
                for (k, plane) in planes.iter_mut().enumerate() {
                    if d >> k & 1 != 0 {
                        *plane |= m;
                    }
                }
            }
            let open = self.open[b];
            // Stored before the check: otherwise the compiler works out `once` alone first, to
            // leave early, and keeps the nine words for the rest, spilling them to the stack in
            // every pass (1 % of the instructions on `serg-benchmark`).
            self.pairs[b] = open & twice & !thrice;
            if open & !once != 0 {
                return None;
            }
            let mut singles = open & once & !twice;
            while singles != 0 {
                let p = singles.trailing_zeros() as usize;
                let cell = singles & singles.wrapping_neg();
                singles &= singles - 1;
                let d = usize::from(planes[0] & cell != 0)
                    | usize::from(planes[1] & cell != 0) << 1
                    | usize::from(planes[2] & cell != 0) << 2
                    | usize::from(planes[3] & cell != 0) << 3;
                placed |= self.place(d, b, p, 0);
            }
        }
        Some(placed)
    }

    /// Removes candidates whose placement propagation refutes, each probe spending one guess of
    /// `budget`, until a round of probes over every open cell removes none, going on from
    /// `progress` (which it updates). `Some(false)` if that leaves no solution; `None` if the
    /// budget runs out, in which case calling it again with the same progress goes on where it
    /// stopped, as if it never had.
    ///
    /// A placement that propagation made after a probe it did not refute is not probed after it
    /// at this position: it implies no more than that probe did, so it cannot fail on the board
    /// the probe was made on. A removal since may have made it refutable, so such a candidate may
    /// be left; skipping it all the same saves probing alone a third of its probes on the
    /// adversary's boards, and the portfolio a sixth of its guesses on the worst of them
    /// (BENCHMARKS.md).
    pub(super) fn probe(&mut self, budget: &mut u64, progress: &mut ProbeProgress) -> Option<bool> {
        let ProbeProgress {
            cursor,
            vouched,
            removed,
        } = progress;
        while let Some(cell) = cursor.cell(81) {
            let (b, p) = (cell / 27, cell % 27);
            if self.open[b] & 1 << p != 0 {
                let digits = self.candidates(b, p);
                let mut left = cursor.untried(digits);
                while left != 0 {
                    let d = left.trailing_zeros() as usize;
                    left &= left - 1;
                    if vouched[9 * b + d] & 1 << p != 0 {
                        cursor.try_digit(d);
                        continue;
                    }
                    if *budget == 0 {
                        return None;
                    }
                    *budget -= 1;
                    cursor.try_digit(d);
                    let mut child = self.clone();
                    let changed = child.place(d, b, p, digits & !(1 << d));
                    if child.propagate(changed).is_ok() {
                        for (band, words) in vouched.chunks_exact_mut(9).enumerate() {
                            let placed = self.open[band] & !child.open[band];
                            let found = &child.places[9 * band..9 * band + 9];
                            for (word, &places) in words.iter_mut().zip(found) {
                                *word |= places & placed;
                            }
                        }
                    } else {
                        self.places[9 * b + d] &= !(1 << p);
                        if self.propagate(1 << (9 * b + d)).is_err() {
                            return Some(false);
                        }
                        cursor.removed();
                        *removed = true;
                        break;
                    }
                }
            }
            cursor.advance(81);
        }
        Some(true)
    }
}

/// Where propagation found that a position has no solution left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Contradiction {
    /// An open cell has no candidate left.
    EmptyCell,
    /// Word `i` (digit `i % 9 + 1` in band `i / 9`) fits no arrangement of the digit in its
    /// band.
    NoArrangement(usize),
}

/// How far [`Board::probe`] has got on a position: which cell and digit it probes next, and the
/// placements its probes so far have vouched for.
#[derive(Clone, Copy, Default)]
pub(super) struct ProbeProgress {
    cursor: ProbeCursor,
    /// Per word (bit `p` of `vouched[9 * b + d]` for digit `d + 1` at position `p` of band
    /// `b`), the placements propagation made after a probe it did not refute.
    vouched: [u32; 27],
    /// Whether a probe has refuted a candidate.
    removed: bool,
}

impl ProbeProgress {
    /// Whether probing has not started yet.
    pub(super) fn is_fresh(&self) -> bool {
        self.cursor.is_fresh()
    }

    /// Whether probing has removed a candidate.
    pub(super) fn removed_any(&self) -> bool {
        self.removed
    }
}

/// One guess of a search.
#[derive(Clone, Copy)]
pub(super) enum Move {
    /// Digit `d + 1` at position `p` of band `b`, whose other candidates are the rivals (bit
    /// `e` for digit `e + 1`): `Place(d, b, p, rivals)`.
    Place(usize, usize, usize, u32),
    /// Digit `d + 1` kept to the given cells of each band: `Keep(d, cells)`.
    Keep(usize, [u32; 3]),
}

impl Board {
    /// Makes `guess` on the board; returns the words it changed.
    pub(super) fn make(&mut self, guess: Move) -> u32 {
        match guess {
            Move::Place(d, b, p, rivals) => self.place(d, b, p, rivals),
            Move::Keep(d, cells) => {
                let mut changed = 0;
                for (b, &kept) in cells.iter().enumerate() {
                    let i = 9 * b + d;
                    if self.places[i] & !kept != 0 {
                        self.places[i] &= kept;
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
    use crate::engine::solve;
    use crate::judge::board_text::parse_line;
    use crate::random::Rng;

    /// Whether no rule can narrow `board` any further and its two-candidate cells are up to
    /// date: the changes propagation tracks are all the changes there were.
    fn is_settled(board: &Board) -> bool {
        let mut probe = board.clone();
        for i in 0..27 {
            if !probe.narrow::<true>(i, &mut 0) {
                return false;
            }
        }
        probe.place_naked_singles(BAND) == Some(0)
            && probe.places == board.places
            && probe.open == board.open
            && probe.pairs == board.pairs
    }

    /// Checks that every position of the first `depth` levels of the search from `board` is
    /// settled.
    fn check_search_tree(board: &Board, depth: u32) {
        assert!(is_settled(board));
        let b = match (0..3).find(|&b| board.open[b] != 0) {
            Some(b) if depth > 0 => b,
            _ => return,
        };
        let p = board.open[b].trailing_zeros() as usize;
        let allowed = board.candidates(b, p);
        let mut digits = allowed;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let mut child = board.clone();
            let changed = child.place(d, b, p, allowed & !(1 << d));
            if child.propagate(changed).is_ok() {
                check_search_tree(&child, depth - 1);
            }
        }
    }

    #[test]
    fn a_board_is_small_enough_to_copy_inline() {
        // Up to 128 bytes a guess copies the board with a few vector moves; beyond, the
        // compiler calls `memcpy`. The two-candidate cells kept per band (12 bytes) take it to
        // 132: recounting them at each branch instead, to stay at 128, measured no faster.
        assert_eq!(std::mem::size_of::<Board>(), 132);
    }

    #[test]
    fn a_full_board_reads_back_as_it_was_given() {
        let mut rng = Rng::new(81);
        for _ in 0..200 {
            let (_, full) = random_puzzle(&mut rng, 0);
            let board = Board::new(&full).expect("a full board that breaks no rule");
            assert_eq!(board.open, [0; 3]);
            assert_eq!(board.grid(), full);
        }
    }

    #[test]
    fn givens_that_share_a_digit_in_a_unit_leave_no_position() {
        // Two givens of one digit: in a row, in a column across bands, in a box across rows.
        for (first, second) in [(0, 8), (4, 76), (30, 50)] {
            for digit in 1..=9 {
                let mut grid = Grid::EMPTY;
                grid.set(first, digit);
                assert!(Board::with_givens(&grid).is_some());
                grid.set(second, digit);
                assert!(Board::with_givens(&grid).is_none(), "{} {}", first, second);
                grid.set(second, digit % 9 + 1);
                assert!(Board::with_givens(&grid).is_some(), "{} {}", first, second);
            }
        }
    }

    /// Whether every digit of the full board `solution` is still a candidate on `board`.
    fn allows(board: &Board, solution: &Grid) -> bool {
        (0..81).all(|cell| {
            let d = usize::from(solution.get(cell) - 1);
            board.places[9 * (cell / 27) + d] >> (cell % 27) & 1 != 0
        })
    }

    /// A puzzle of `givens` cells, at random, of a full board (also returned): a solution of
    /// the empty board with its digits relabelled at random.
    fn random_puzzle(rng: &mut Rng, givens: usize) -> (Grid, Grid) {
        let solved = solve(&Grid::EMPTY).unwrap();
        let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut digits);
        let mut full = Grid::EMPTY;
        for cell in 0..81 {
            full.set(cell, digits[usize::from(solved.get(cell) - 1)]);
        }
        let mut cells: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut cells);
        let mut puzzle = Grid::EMPTY;
        for &cell in &cells[..givens] {
            puzzle.set(cell, full.get(cell));
        }
        (puzzle, full)
    }

    #[test]
    fn forbidding_digits_keeps_the_solutions_that_avoid_them() {
        let mut rng = Rng::new(27);
        let (mut refuted, mut kept) = (0, 0);
        for round in 0..300 {
            let (puzzle, full) = random_puzzle(&mut rng, 20 + round % 20);
            let board = Board::new(&puzzle).expect("givens from a full board");
            for cell in 0..81 {
                let (b, p, digit) = (cell / 27, cell % 27, full.get(cell));
                let others = 0x1FF & !(1 << (digit - 1));
                // Taking every other digit keeps `full`; the cell's own digit is then placed.
                let mut narrowed = board.clone();
                assert!(narrowed.forbid(b, p, others), "{}", cell);
                assert!(allows(&narrowed, &full), "{}", cell);
                assert!(is_settled(&narrowed), "{}", cell);
                assert_eq!(narrowed.candidates(b, p), 1 << (digit - 1));
                assert_eq!(narrowed.open[b] >> p & 1, 0);
                // Taking its own digit: none of that cell's candidates is left on a given (or on
                // a cell propagation has placed), and otherwise the position keeps just what
                // avoids it.
                let mut without = board.clone();
                let possible = without.forbid(b, p, 1 << (digit - 1));
                if board.open[b] >> p & 1 == 0 {
                    assert!(!possible, "{}", cell);
                    refuted += 1;
                } else if possible {
                    assert_eq!(without.candidates(b, p) & 1 << (digit - 1), 0);
                    assert!(is_settled(&without), "{}", cell);
                    kept += 1;
                }
            }
        }
        assert!(refuted > 0 && kept > 0, "{} {}", refuted, kept);
    }

    #[test]
    fn the_triad_rules_and_probing_keep_every_solution() {
        let mut rng = Rng::new(81);
        let mut narrowed = 0;
        for _ in 0..300 {
            let givens = 17 + rng.below(24);
            let (puzzle, full) = random_puzzle(&mut rng, givens);
            let start = Board::new(&puzzle).unwrap();
            let mut board = start.clone();
            assert!(board.settle_triads());
            assert!(allows(&board, &full));
            let mut unlimited = u64::MAX;
            assert_eq!(
                board.probe(&mut unlimited, &mut ProbeProgress::default()),
                Some(true)
            );
            assert!(allows(&board, &full));
            assert!(is_settled(&board));
            assert!(board.match_units());
            assert!(allows(&board, &full));
            assert!(is_settled(&board));
            narrowed += usize::from(board.places != start.places);
        }
        assert!(narrowed > 30, "the rules narrowed only {} boards", narrowed);
    }

    #[test]
    fn a_contradiction_blames_the_units_where_it_shows() {
        use Contradiction::{EmptyCell, NoArrangement};
        let start = Board::new(&Grid::EMPTY).unwrap();
        let row = |r: usize| 1u32 << r;
        let column = |c: usize| 1u32 << (9 + c);
        let in_box = |s: usize| 1u32 << (18 + s);
        // Row 4, column 5 (band 1, position 14) without a candidate.
        let mut board = start.clone();
        board.clear_in_band(1, 1 << 14);
        assert_eq!(
            board.contradiction_units(EmptyCell),
            row(4) | column(5) | in_box(4)
        );
        // Digit 3 with no place in row 5 (the last of band 1).
        let mut board = start.clone();
        board.places[9 + 2] &= !row_mask(2);
        assert_eq!(board.contradiction_units(NoArrangement(9 + 2)), row(5));
        // Digit 7 with no place in box 8.
        let mut board = start.clone();
        board.places[18 + 6] &= !box_mask(2);
        assert_eq!(board.contradiction_units(NoArrangement(18 + 6)), in_box(8));
        // Digit 1 kept to box 0 in rows 0 and 1: a place in every row and box of band 0, but
        // no arrangement, so its three boxes share the blame.
        let mut board = start.clone();
        board.places[0] = (row_mask(0) | row_mask(1)) & box_mask(0) | row_mask(2);
        let boxes_of_band_0 = in_box(0) | in_box(1) | in_box(2);
        assert_eq!(board.contradiction_units(NoArrangement(0)), boxes_of_band_0);
        // Another digit without an arrangement besides: only the one named takes the blame.
        board.places[9 + 2] &= !row_mask(2);
        assert_eq!(board.contradiction_units(NoArrangement(0)), boxes_of_band_0);
        assert_eq!(board.contradiction_units(NoArrangement(9 + 2)), row(5));
        // An empty cell besides: it takes the blame alone, whatever propagation stopped at.
        board.clear_in_band(1, 1 << 14);
        let empty_cell = row(4) | column(5) | in_box(4);
        assert_eq!(board.contradiction_units(NoArrangement(0)), empty_cell);
        assert_eq!(board.contradiction_units(EmptyCell), empty_cell);
    }

    #[test]
    fn matching_the_units_leaves_each_only_candidates_some_matching_uses() {
        // Found by the adversary: an open board with many solutions, on which a subset that
        // propagation cannot see stalled every branching rule for thousands of guesses.
        let stalling = parse_line(
            "...486..9...51...7...7.............6.....7..3....3........4....69..7....37.......",
        )
        .unwrap();
        let mut boards = partial_boards(12);
        boards.push(Board::new(&stalling).unwrap());
        let mut narrowed = 0;
        for mut board in boards {
            let before = board.places;
            assert!(board.match_units());
            assert!(is_settled(&board));
            for unit in 0..27 {
                let cells = board.unit_candidates(unit);
                let mut kept = cells;
                assert!(keep_matched_candidates(&mut kept));
                assert_eq!(kept, cells, "unit {}", unit);
            }
            narrowed += usize::from(board.places != before);
        }
        assert!(narrowed > 0);
        let mut board = Board::new(&stalling).unwrap();
        let before = board.places;
        assert!(board.match_units());
        assert_ne!(board.places, before, "the adversary's board narrows");
    }

    #[test]
    fn a_board_whose_units_cannot_be_matched_is_refuted() {
        // Found by the adversary: cell guessing and reading order search for hundreds of
        // thousands of guesses before they see that it has no solution.
        let puzzle = parse_line(
            ".....6......57....6.......8..2.3..9.............6.8...5........8....5..6......94.",
        )
        .unwrap();
        assert!(!Board::new(&puzzle).unwrap().match_units());
        assert_eq!(solve(&puzzle), None);
    }

    #[test]
    fn each_unit_lists_its_nine_cells() {
        for unit in 0..27 {
            let cells: Vec<usize> = (0..9).map(|k| unit_cell(unit, k)).collect();
            let (rows, columns, boxes) = (
                cells.iter().map(|c| c / 9),
                cells.iter().map(|c| c % 9),
                cells.iter().map(|c| c / 27 * 3 + c % 9 / 3),
            );
            let distinct = |values: Vec<usize>| {
                let mut sorted = values;
                sorted.sort_unstable();
                sorted.dedup();
                sorted.len()
            };
            let shapes = [
                distinct(rows.collect()),
                distinct(columns.collect()),
                distinct(boxes.collect()),
            ];
            let expected = match unit {
                0..=8 => [1, 9, 3],
                9..=17 => [9, 1, 3],
                _ => [3, 3, 1],
            };
            assert_eq!(shapes, expected, "unit {}", unit);
        }
    }

    /// A hundred boards of up to 40 givens taken at random from one solution, settled.
    fn partial_boards(seed: u64) -> Vec<Board> {
        let mut rng = Rng::new(seed);
        let solved = solve(&Grid::EMPTY).unwrap();
        (0..100)
            .map(|_| {
                let mut puzzle = Grid::EMPTY;
                for _ in 0..rng.below(40) {
                    let cell = rng.below(81);
                    puzzle.set(cell, solved.get(cell));
                }
                Board::new(&puzzle).unwrap()
            })
            .collect()
    }

    #[test]
    fn a_probe_propagation_does_not_refute_vouches_for_what_it_placed() {
        let mut vouching = 0;
        for board in partial_boards(22) {
            let cell = match (0..81).find(|&cell| board.open[cell / 27] >> (cell % 27) & 1 != 0) {
                Some(cell) => cell,
                None => continue,
            };
            // One guess: a probe of the first open cell's first candidate.
            let (b, p) = (cell / 27, cell % 27);
            let digits = board.candidates(b, p);
            let d = digits.trailing_zeros() as usize;
            let mut child = board.clone();
            let changed = child.place(d, b, p, digits & !(1 << d));
            let survives = child.propagate(changed).is_ok();
            let (mut probed, mut progress, mut budget) =
                (board.clone(), ProbeProgress::default(), 1);
            assert_eq!(probed.probe(&mut budget, &mut progress), None);
            for i in 0..27 {
                let placed = board.open[i / 9] & !child.open[i / 9] & child.places[i];
                let expected = if survives { placed } else { 0 };
                assert_eq!(progress.vouched[i], expected, "word {}", i);
            }
            let placements: u32 = (0..3)
                .map(|b| (board.open[b] & !child.open[b]).count_ones())
                .sum();
            vouching += usize::from(survives && placements > 1);
            // With every candidate vouched for, probing makes no probe and removes nothing.
            let mut progress = ProbeProgress {
                vouched: [BAND; 27],
                ..ProbeProgress::default()
            };
            let mut unchanged = board.clone();
            assert_eq!(unchanged.probe(&mut 0, &mut progress), Some(true));
            assert!(unchanged.places == board.places);
        }
        assert!(
            vouching > 10,
            "only {} probes placed more than their cell",
            vouching
        );
    }

    #[test]
    fn candidate_counts_hold_each_cells_count_in_bit_planes() {
        let mut counts_seen = [false; 10];
        for board in partial_boards(21) {
            for b in 0..3 {
                let planes = board.candidate_counts(b);
                for p in 0..27 {
                    let count = board.candidates(b, p).count_ones();
                    counts_seen[count as usize] = true;
                    let read = (0..4).fold(0, |n, k| n | (planes[k] >> p & 1) << k);
                    assert_eq!(read, count, "band {} position {}", b, p);
                }
            }
        }
        // Placed cells (one candidate) up to the empty board's nine.
        assert!(counts_seen[1] && counts_seen[9], "{:?}", counts_seen);
    }

    #[test]
    fn open_peers_counts_the_open_cells_sharing_a_unit() {
        for board in partial_boards(20) {
            let open = |cell: usize| board.open[cell / 27] >> (cell % 27) & 1 != 0;
            let shares_unit = |a: usize, b: usize| {
                let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
                ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3)
            };
            for cell in (0..81).filter(|&cell| open(cell)) {
                let peers = (0..81)
                    .filter(|&other| other != cell && open(other) && shares_unit(cell, other))
                    .count();
                assert_eq!(board.open_peers(cell / 27, cell % 27) as usize, peers);
            }
        }
    }

    /// Whether the triad rules, applied the plain way (each triad of each band, every digit),
    /// would change `board`.
    fn a_triad_rule_applies(board: &Board) -> bool {
        for b in 0..3 {
            let word = |d: usize| board.places[9 * b + d];
            let elsewhere = |d: usize, column: u32| {
                let [j, k] = OTHER_BANDS[9 * b + d];
                (board.places[j] | board.places[k]) & column != 0
            };
            // Each row triad with its row and box, each column triad with its box.
            let mut triads = Vec::new();
            for (r, &row) in ROWS.iter().enumerate() {
                for (s, &boxed) in BOXES.iter().enumerate() {
                    triads.push((row & boxed, row, boxed, None));
                    triads.push((
                        COLUMNS[3 * s + r] & boxed,
                        0,
                        boxed,
                        Some(COLUMNS[3 * s + r]),
                    ));
                }
            }
            for (triad, row, boxed, column) in triads {
                if board.open[b] & triad == 0 {
                    continue;
                }
                let may: Vec<usize> = (0..9).filter(|&d| word(d) & triad != 0).collect();
                let bound = may.iter().filter(|&&d| {
                    let confined = |unit: u32| unit != 0 && word(d) & unit & !triad == 0;
                    confined(row) || confined(boxed) || column.map_or(false, |c| !elsewhere(d, c))
                });
                if may.len() == 3 {
                    let spills = |d: usize| {
                        word(d) & (row | boxed) & !triad != 0
                            || column.map_or(false, |c| elsewhere(d, c))
                    };
                    if may.iter().any(|&d| spills(d)) {
                        return true;
                    }
                }
                if bound.count() == 3 && may.len() > 3 {
                    return true;
                }
            }
        }
        false
    }

    #[test]
    fn the_triad_rules_stop_only_where_none_applies() {
        // Up to 60 givens, so that many triads are left to exactly three digits.
        let mut rng = Rng::new(9);
        for _ in 0..2000 {
            let givens = rng.below(60);
            let (puzzle, _) = random_puzzle(&mut rng, givens);
            let mut board = Board::new(&puzzle).unwrap();
            assert!(board.settle_triads());
            assert!(!a_triad_rule_applies(&board), "{:?}", puzzle);
        }
    }

    #[test]
    fn the_triad_rules_refute_four_digits_bound_to_one_triad() {
        // Rows 3 and 4 hold 2, 6, 7 and 8 in their left and middle boxes, so all four must go
        // to the three cells of row 5 in the right box. Found by the adversary: every other rule
        // needs hundreds of thousands of guesses to see it.
        let puzzle = parse_line(
            "......345....5.............67..82...8.2.67...................................1...",
        )
        .unwrap();
        let mut board = Board::new(&puzzle).unwrap();
        assert!(!board.settle_triads());
    }

    /// A thousand dense puzzles from a solution, half of them with a cell then set to a digit at
    /// random (boards the givens may refute without breaking a rule), each with the position of
    /// its givens placed.
    fn dense_positions(seed: u64) -> Vec<(Grid, Board)> {
        let mut rng = Rng::new(seed);
        let mut positions = Vec::new();
        while positions.len() < 1000 {
            let givens = DENSE_GIVENS + rng.below(25);
            let (mut puzzle, _) = random_puzzle(&mut rng, givens);
            if rng.below(2) == 0 {
                let cell = rng.below(81);
                puzzle.set(cell, 1 + rng.below(9) as u8);
            }
            if let Some(board) = Board::with_givens(&puzzle) {
                positions.push((puzzle, board));
            }
        }
        positions
    }

    #[test]
    fn the_words_a_new_position_leaves_unnarrowed_are_settled() {
        let (mut skipped, mut unsettled_digits) = (0, 0);
        for (_, board) in dense_positions(30) {
            let unsettled = board.unsettled_words();
            for i in (0..27).filter(|&i| unsettled >> i & 1 == 0) {
                let (mut narrowed, mut next) = (board.clone(), 0);
                assert!(narrowed.narrow::<false>(i, &mut next), "word {}", i);
                assert_eq!(narrowed.places, board.places, "word {}", i);
                assert_eq!((narrowed.open, next), (board.open, 0), "word {}", i);
                skipped += 1;
            }
            let all_three =
                |d: usize| unsettled >> d & (1 | 1 << 9 | 1 << 18) == 1 | 1 << 9 | 1 << 18;
            unsettled_digits += (0..9).filter(|&d| all_three(d)).count();
            // A digit left no place in a band fits no permutation there.
            for i in 0..27 {
                let mut emptied = board.clone();
                emptied.places[i] = 0;
                assert_ne!(emptied.unsettled_words() >> i & 1, 0, "word {}", i);
            }
        }
        assert!(
            skipped > 5_000 && unsettled_digits > 1_000,
            "{} {}",
            skipped,
            unsettled_digits
        );
    }

    #[test]
    fn a_dense_board_settles_as_if_every_word_were_narrowed() {
        let (mut settled, mut refuted) = (0, 0);
        for (puzzle, board) in dense_positions(31) {
            let mut everywhere = board;
            let expected = everywhere.propagate(BAND).ok().map(|()| everywhere);
            match (Board::new(&puzzle), expected) {
                (Some(new), Some(expected)) => {
                    assert_eq!(new.places, expected.places);
                    assert_eq!((new.open, new.pairs), (expected.open, expected.pairs));
                    settled += 1;
                }
                (None, None) => refuted += 1,
                (new, _) => panic!("{:?} refuted: {}", puzzle, new.is_none()),
            }
        }
        assert!(settled > 100 && refuted > 50, "{} {}", settled, refuted);
    }

    #[test]
    fn eager_propagation_narrows_as_the_other_build() {
        let mut rng = Rng::new(33);
        let (mut settled, mut refuted, mut guessed) = (0, 0, 0);
        for _ in 0..2000 {
            let givens = 12 + rng.below(50);
            let (mut puzzle, _) = random_puzzle(&mut rng, givens);
            // A wrong digit half the time, so that propagation often refutes.
            if rng.below(2) == 0 {
                puzzle.set(rng.below(81), 1 + rng.below(9) as u8);
            }
            let mut board = match Board::with_givens(&puzzle) {
                Some(board) => board,
                None => continue,
            };
            // The givens' position, then guesses at random as a search makes them, going back
            // to the last position settled when one is refuted.
            let (mut changed, mut last_settled) = (BAND, None);
            for _ in 0..60 {
                let (mut asking, mut eager) = (board.clone(), board.clone());
                let kept = asking.propagate(changed);
                let eagerly_kept = eager.propagate_eagerly(changed);
                assert_eq!(eagerly_kept.is_ok(), kept.is_ok(), "{:?}", puzzle);
                // Where either stopped, the contradiction it names is on its board.
                for (board, result) in [(&asking, kept), (&eager, eagerly_kept)] {
                    if let Err(contradiction) = result {
                        assert_ne!(board.contradiction_units(contradiction), 0);
                        if let Contradiction::NoArrangement(i) = contradiction {
                            let word = board.places[i];
                            assert_eq!(word & USABLE_CELLS[occupied_triads(word)], 0);
                        }
                    }
                }
                if kept.is_ok() {
                    assert_eq!(eager.places, asking.places, "{:?}", puzzle);
                    assert_eq!((eager.open, eager.pairs), (asking.open, asking.pairs));
                    settled += 1;
                    last_settled = Some(asking);
                } else {
                    refuted += 1;
                }
                board = match &last_settled {
                    Some(board) if board.open != [0; 3] => board.clone(),
                    _ => break,
                };
                let b = (0..3).find(|&b| board.open[b] != 0).unwrap();
                let open = board.open[b];
                let p = (0..27)
                    .filter(|&p| open >> p & 1 != 0)
                    .nth(rng.below(open.count_ones() as usize))
                    .unwrap();
                let digits = board.candidates(b, p);
                let pick = rng.below(digits.count_ones() as usize);
                let d = (0..9).filter(|&d| digits >> d & 1 != 0).nth(pick).unwrap();
                changed = board.place(d, b, p, digits & !(1 << d));
                guessed += 1;
            }
        }
        assert!(
            settled > 5_000 && refuted > 500 && guessed > 5_000,
            "{} {} {}",
            settled,
            refuted,
            guessed
        );
    }

    #[test]
    fn propagation_stops_only_where_no_rule_applies() {
        let mut rng = Rng::new(27);
        for _ in 0..300 {
            let givens = 17 + rng.below(24);
            let (puzzle, _) = random_puzzle(&mut rng, givens);
            check_search_tree(&Board::new(&puzzle).unwrap(), 3);
        }
    }
}
