//! The bit layout of the 9x9 engine, and the tables built on it.
//!
//! A position is 27 words of 32 bits, one for each digit in each band (three rows of boxes).
//! Word `9 * b + d` holds the cells of band `b` where digit `d + 1` may still stand: bit
//! `9 * r + c` is row `r` of the band (0..3), column `c` (0..9). Bits 27 to 31 are unused.
//!
//! ```text
//!          box 0      box 1      box 2
//!        c0 c1 c2 | c3 c4 c5 | c6 c7 c8
//! row 0   0  1  2 |  3  4  5 |  6  7  8    three bits side by side inside a box
//! row 1   9 10 11 | 12 13 14 | 15 16 17    are a triad: bit 3 * row + box of a
//! row 2  18 19 20 | 21 22 23 | 24 25 26    9-bit triad set
//!
//! band 0 (rows 1-3):  words  0..9,  one per digit 1..=9
//! band 1 (rows 4-6):  words  9..18
//! band 2 (rows 7-9):  words 18..27  (a stack is a column of boxes: columns 3s..3s+3 of all three)
//! ```
//!
//! Sets of words (the words a step changed, say) are 27-bit masks, bit `i` for word `i`; a word's
//! columns are 9-bit masks, bit `c`. Inside the engine a digit is its index `d`, the digit
//! `d + 1`, and a set of digits is a 9-bit mask with bit `d`, as [`crate::masks::digit_bit`]
//! writes it.

use crate::masks::BIT;

/// The units of position `p` of band `b`, numbered as the engine's tallies of units number
/// them: its row (0 to 8), its column (9 to 17) and its box (18 to 26, `18 + 3 * band +
/// stack`).
pub(super) fn units_of(b: usize, p: usize) -> [usize; 3] {
    let (r, c) = (3 * b + p / 9, p % 9);
    [r, 9 + c, 18 + 3 * b + c / 3]
}

/// The `k`-th cell (0 to 8) of unit `unit` (numbered as [`units_of`] numbers them), as an
/// index in reading order.
pub(super) fn unit_cell(unit: usize, k: usize) -> usize {
    match unit {
        0..=8 => 9 * unit + k,
        9..=17 => 9 * k + unit - 9,
        _ => {
            let s = unit - 18;
            27 * (s / 3) + 9 * (k / 3) + 3 * (s % 3) + k % 3
        }
    }
}

/// Every cell of a band: three rows of nine.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// Row `r` (0..3) of a band.
pub(super) const fn row_mask(r: usize) -> u32 {
    0x1FF << (9 * r)
}

/// Box `s` (0..3, left to right) of a band.
pub(super) const fn box_mask(s: usize) -> u32 {
    0x7 << (3 * s) | 0x7 << (3 * s + 9) | 0x7 << (3 * s + 18)
}

/// Column `c` (0..9) of a band.
pub(super) const fn column_mask(c: usize) -> u32 {
    1 << c | 1 << (c + 9) | 1 << (c + 18)
}

pub(super) const ROWS: [u32; 3] = [row_mask(0), row_mask(1), row_mask(2)];
pub(super) const BOXES: [u32; 3] = [box_mask(0), box_mask(1), box_mask(2)];
pub(super) const COLUMNS: [u32; 9] = [
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
pub(super) const BOXES_OF_ROW: [u8; 512] = build_boxes_of_row();

/// For each set of triads a digit occupies, the band cells of the triads it can really use:
/// those of the permutations inside the set. 0 if none fits.
pub(super) const USABLE_CELLS: [u32; 512] = build_usable_cells();

/// For each set of triads a digit occupies, the cells of the usable ones (as above) alone in
/// their row. Such a triad is also alone in its box, so the digit's columns in that stack are
/// the triad's.
pub(super) const LONE_TRIAD_CELLS: [u32; 512] = build_lone_triad_cells();

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
pub(super) const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// For each set of triads, the permutations inside it (bit `k` for [`PERMUTATIONS`]`[k]`) and
/// the union of their triads.
const fn build_permutations_inside() -> ([u8; 512], [u16; 512]) {
    let (mut inside, mut union) = ([0; 512], [0; 512]);
    let mut triads = 0;
    while triads < 512 {
        let mut k = 0;
        while k < 6 {
            let p = PERMUTATIONS[k];
            let used = 1 << p[0] | 1 << (3 + p[1]) | 1 << (6 + p[2]);
            if triads & used == used {
                inside[triads] |= 1 << k;
                union[triads] |= used as u16;
            }
            k += 1;
        }
        triads += 1;
    }
    (inside, union)
}

const fn build_usable_cells() -> [u32; 512] {
    let (latin, cells) = (build_permutations_inside().1, build_triad_cells());
    let mut table = [0; 512];
    let mut triads = 0;
    while triads < 512 {
        table[triads] = cells[latin[triads] as usize];
        triads += 1;
    }
    table
}

const fn build_lone_triad_cells() -> [u32; 512] {
    let (latin, cells) = (build_permutations_inside().1, build_triad_cells());
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
/// (bit `3 * row + box`, nine bits).
pub(super) fn crossings_inside(set: u32) -> u32 {
    u32::from(CROSSINGS_INSIDE[set as usize & 0x1FF])
}

/// How many permutations [`crossings_inside`] holds for `set`.
pub(super) fn count_crossings_inside(set: u32) -> u32 {
    u32::from(CROSSINGS_INSIDE_COUNTS[set as usize & 0x1FF])
}

/// [`crossings_inside`] of every nine-bit set, looked up where the search chooses what to
/// branch on (fifty-four sets a position).
const CROSSINGS_INSIDE: [u8; 512] = build_permutations_inside().0;

/// [`count_crossings_inside`] of every nine-bit set: a judge's build has no instruction to count
/// bits, and a count costs a dozen.
const CROSSINGS_INSIDE_COUNTS: [u8; 512] = build_crossings_inside_counts();

const fn build_crossings_inside_counts() -> [u8; 512] {
    let mut counts = [0; 512];
    let mut set = 0;
    while set < 512 {
        counts[set] = CROSSINGS_INSIDE[set].count_ones() as u8;
        set += 1;
    }
    counts
}

/// For each 8-bit set, a word whose byte `i` is bit `i` of the set.
pub(super) const BYTES_OF_BITS: [u64; 256] = build_bytes_of_bits();

const fn build_bytes_of_bits() -> [u64; 256] {
    let mut table = [0; 256];
    let mut set = 0;
    while set < 256 {
        let mut i = 0;
        while i < 8 {
            table[set] |= ((set >> i & 1) as u64) << (8 * i);
            i += 1;
        }
        set += 1;
    }
    table
}

/// The triads of a band word that hold at least one cell.
pub(super) fn occupied_triads(bits: u32) -> usize {
    usize::from(BOXES_OF_ROW[(bits & 0x1FF) as usize])
        | usize::from(BOXES_OF_ROW[(bits >> 9 & 0x1FF) as usize]) << 3
        | usize::from(BOXES_OF_ROW[(bits >> 18 & 0x1FF) as usize]) << 6
}

/// The rows (bit `r`) and the boxes (bit `s`) of a band that a set of its triads (bit
/// `3 * r + s`) has triads in.
pub(super) fn rows_and_boxes(triads: usize) -> (u32, u32) {
    let triads = triads as u32;
    let by_row = triads | triads >> 1 | triads >> 2;
    let rows = by_row & 1 | by_row >> 2 & 2 | by_row >> 4 & 4;
    let boxes = (triads | triads >> 3 | triads >> 6) & 7;
    (rows, boxes)
}

/// For each 9-bit set of row triads (bit `3 * row + box`), those alone in their row or alone
/// in their box.
pub(super) const LONE_IN_ROW_OR_BOX: [u16; 512] = build_lone_triads(false);

/// For each 9-bit set of row triads (bit `3 * row + box`), those alone both in their row and in
/// their box.
pub(super) const LONE_IN_ROW_AND_BOX: [u16; 512] = build_lone_triads(true);

/// For each 9-bit set of a band's columns, those alone in their box.
pub(super) const LONE_IN_BOX: [u16; 512] = build_lone_in_box();

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

/// For each set of row triads, those alone in their row and (`both`) or (otherwise) alone in
/// their box.
const fn build_lone_triads(both: bool) -> [u16; 512] {
    // A set of row triads groups three bits a row as a set of columns groups them a box.
    let in_row = build_lone_in_box();
    let mut table = [0; 512];
    let mut set: u32 = 0;
    while set < 512 {
        let mut in_box = 0;
        let mut s = 0;
        while s < 3 {
            let column = set & (0x49 << s);
            if column.count_ones() == 1 {
                in_box |= column as u16;
            }
            s += 1;
        }
        let row = in_row[set as usize];
        table[set as usize] = if both { row & in_box } else { row | in_box };
        set += 1;
    }
    table
}

/// For each position of a band, the band positions of its column.
pub(super) const COLUMN_CELLS: [u32; 27] = build_column_cells();

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
pub(super) const BAND_PEERS: [u32; 27] = build_band_peers();

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
pub(super) const OTHER_BANDS: [[usize; 2]; 27] = build_other_bands();

const fn build_other_bands() -> [[usize; 2]; 27] {
    let mut beside = [[0; 2]; 27];
    let mut i = 0;
    while i < 27 {
        let (b, d) = (i / 9, i % 9);
        beside[i] = [9 * ((b + 1) % 3) + d, 9 * ((b + 2) % 3) + d];
        i += 1;
    }
    beside
}

/// The words of band `b` for the digits `digits` (bit `d` for word `9 * b + d`), as a set of
/// words: a multiple of the band's first word rather than a shift by a count in a register (see
/// [`BIT`]).
pub(super) fn band_words(b: usize, digits: u32) -> u32 {
    digits * BIT[9 * b]
}

/// For each word `i`, with [`OTHER_BANDS`]`[i]` as `[j, k]`, and for each `changed` (bit 0 for
/// word `j`, bit 1 for word `k`): the set of those words (bit `j`, bit `k`). Read rather than
/// shifted into place (see [`BIT`]); a choice between a bit and 0 is compiled as
/// a branch, which a predictor misses.
pub(super) const OTHER_BANDS_CHANGED: [[u32; 4]; 27] = build_other_bands_changed();

const fn build_other_bands_changed() -> [[u32; 4]; 27] {
    let mut table = [[0; 4]; 27];
    let mut i = 0;
    while i < 27 {
        let [j, k] = OTHER_BANDS[i];
        table[i] = [0, 1 << j, 1 << k, 1 << j | 1 << k];
        i += 1;
    }
    table
}

// Down a stack (three columns of boxes) a digit takes one column in each band and one band in
// each column: the same permutation rule as across a band, seen from the columns. Given the
// columns one or two bands may use (9-bit masks), two tables say which cells the other bands
// keep.

/// For the columns a band may use for a digit: the cells the other bands keep, which lose every
/// column that is the band's only one in its stack.
pub(super) const KEPT_BY_OTHER_BANDS: [u32; 512] = build_keep(1);

/// For the columns two bands may use for a digit: the cells the third band keeps, which loses
/// both columns of every stack where the two bands have only two columns between them.
pub(super) const KEPT_BY_THIRD_BAND: [u32; 512] = build_keep(2);

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
pub(super) fn columns_of(cells: u32) -> usize {
    ((cells | cells >> 9 | cells >> 18) & 0x1FF) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_of_bits_spreads_each_bit_to_its_own_byte() {
        for (set, word) in BYTES_OF_BITS.iter().enumerate() {
            let bytes = word.to_le_bytes();
            for (i, &byte) in bytes.iter().enumerate() {
                assert_eq!(usize::from(byte), set >> i & 1);
            }
        }
    }

    #[test]
    fn other_bands_changed_sets_the_bits_of_the_words_it_is_told_of() {
        for (i, sets) in OTHER_BANDS_CHANGED.iter().enumerate() {
            // The same digit's words in the other two bands.
            let others = (0..27)
                .filter(|&w| w % 9 == i % 9 && w != i)
                .fold(0u32, |set, w| set | 1 << w);
            let [j, _] = OTHER_BANDS[i];
            assert_eq!(sets[0], 0);
            assert_eq!(sets[1], 1 << j);
            assert_eq!(sets[1] | sets[2], others);
            assert_eq!(sets[1] & sets[2], 0);
            assert_eq!(sets[3], others);
        }
    }

    #[test]
    fn band_words_moves_a_set_of_digits_into_its_band() {
        for b in 0..3 {
            for digits in 0..512u32 {
                let words = band_words(b, digits);
                for i in 0..27 {
                    let expected = i / 9 == b && digits >> (i % 9) & 1 != 0;
                    assert_eq!(words >> i & 1 != 0, expected);
                }
            }
        }
    }

    #[test]
    fn lone_triads_share_no_row_or_no_box_with_another() {
        for set in 0..512u32 {
            for t in (0..9).filter(|t| set >> t & 1 != 0) {
                let others = set & !(1 << t);
                let alone_in_row = others & 7 << (t / 3 * 3) == 0;
                let alone_in_box = others & 0x49 << (t % 3) == 0;
                let bit = |table: &[u16; 512]| table[set as usize] >> t & 1 != 0;
                assert_eq!(bit(&LONE_IN_ROW_OR_BOX), alone_in_row || alone_in_box);
                assert_eq!(bit(&LONE_IN_ROW_AND_BOX), alone_in_row && alone_in_box);
            }
            assert_eq!(LONE_IN_ROW_OR_BOX[set as usize] & !set as u16, 0);
        }
    }

    #[test]
    fn a_digit_crosses_a_band_in_as_many_ways_as_its_triads_allow() {
        // The ways to take one triad of each row, each in another box, are the terms of the
        // permanent of the 3 x 3 matrix of usable triads.
        for set in 0..512u32 {
            let a = |r: u32, s: u32| set >> (3 * r + s) & 1;
            let permanent = a(0, 0) * (a(1, 1) * a(2, 2) + a(1, 2) * a(2, 1))
                + a(0, 1) * (a(1, 0) * a(2, 2) + a(1, 2) * a(2, 0))
                + a(0, 2) * (a(1, 0) * a(2, 1) + a(1, 1) * a(2, 0));
            let ways = crossings_inside(set);
            assert_eq!(ways.count_ones(), permanent, "{:#b}", set);
            assert_eq!(count_crossings_inside(set), permanent, "{:#b}", set);
            for (k, p) in PERMUTATIONS.iter().enumerate() {
                if ways >> k & 1 != 0 {
                    assert!((0..3).all(|r| a(r as u32, p[r] as u32) == 1));
                }
            }
        }
    }
}
