//! The shape of a board of `n x n` boxes: its units, and where each cell stands in each of its
//! units.
//!
//! A unit's cells are numbered by their place in it: a row's by column, a column's by row, a
//! box's in reading order inside the box. A set of places is a mask with bit `i` for place `i`,
//! so the places of a line inside one box are `n` consecutive bits, and those of a row of a box
//! are too, while those of a column of a box are every `n`-th bit.

use std::cell::RefCell;
use std::rc::Rc;

/// Everything about a board's shape the search looks up.
pub(super) struct Geometry {
    /// The side of a box.
    pub(super) n: usize,
    /// Digits (and the side of the board): `n * n`.
    pub(super) side: usize,
    /// Cells: `side * side`.
    pub(super) cells: usize,
    /// Every row, then every column, then every box, each listing its `side` cells by place,
    /// one after another (see [`Geometry::unit`]).
    unit_cells: Vec<usize>,
    /// For each cell, the units (as numbered in `units`) of its row, column and box.
    pub(super) units_of: Vec<[usize; 3]>,
    /// For each cell, its place in its row, its column and its box.
    pub(super) places_of: Vec<[usize; 3]>,
    /// For each cell, its three units as bits (bit `u` for unit `u`): a shift of a 128-bit
    /// word by a number known only at run time takes several instructions.
    pub(super) unit_bits_of: Vec<u128>,
    /// For each cell, the segments it lies on (the `n` cells its row, and its column, shares
    /// with its box), numbered after the units: row segments from `3 * side`, then column
    /// segments.
    pub(super) segments_of: Vec<[usize; 2]>,
    /// For each number below `2 * side * n` (every segment's number as a line's `k`-th), its
    /// quotient and remainder by `n`: a division by a number known only at run time is slow.
    by_n: Vec<(usize, usize)>,
    /// For each unit and place in it (at `unit * side + place`), the cell there and where it
    /// stands in its other two units (see [`Crossing`]): what a placement's peers need, in one
    /// lookup each (a fifth fewer instructions in placing a digit than from `units_of` and
    /// `places_of`).
    crossings: Vec<Crossing>,
    /// For each unit and each of its `2 * n` segments (at `unit * 2 * n + j`; see
    /// [`Geometry::lock`]), where a digit confined to that segment is locked.
    locks: Vec<Lock>,
    /// The places of a line inside its first box: the low `n` bits.
    pub(super) first_segment: u32,
    /// The places of the first column of a box: bits `0, n, 2n, ...`.
    pub(super) first_box_column: u32,
}

/// A cell seen from one of its units: where it stands in the other two.
#[derive(Clone, Copy)]
pub(super) struct Crossing {
    /// Its other two units as bits (as in [`Geometry::unit_bits_of`]).
    pub(super) other_unit_bits: u128,
    /// The cell.
    pub(super) cell: u32,
    /// Its other two units (of row, column and box, in that order).
    pub(super) units: [u32; 2],
    /// Each of them times `side`: where its place masks begin, one per digit.
    pub(super) masks: [u32; 2],
    /// Its place in each of them, as a bit.
    pub(super) places: [u32; 2],
}

/// A segment seen from one of its two units: the other one, which a digit confined to the
/// segment in the first leaves but there (locked candidates).
#[derive(Clone, Copy, Default)]
pub(super) struct Lock {
    /// The other unit: a line's box, a box's row or column.
    pub(super) unit: usize,
    /// The segment's places in that unit.
    pub(super) keep: u32,
    /// The segment's number as its line's `k`-th: `line * n + k`.
    pub(super) segment: usize,
}

impl Geometry {
    /// The cell at `place` of `unit`, with where it stands in its other two units.
    pub(super) fn crossing(&self, unit: usize, place: usize) -> &Crossing {
        &self.crossings[unit * self.side + place]
    }

    /// The cells of `unit` (rows, then columns, then boxes), by place.
    pub(super) fn unit(&self, unit: usize) -> &[usize] {
        &self.unit_cells[unit * self.side..unit * self.side + self.side]
    }

    /// The cell at `place` of `unit`.
    pub(super) fn cell_at(&self, unit: usize, place: usize) -> usize {
        self.unit_cells[unit * self.side + place]
    }

    /// Every unit's cells, as [`Geometry::unit`] gives them, in order.
    pub(super) fn units(&self) -> std::slice::ChunksExact<'_, usize> {
        self.unit_cells.chunks_exact(self.side)
    }

    /// `(v / n, v % n)` for `v` below `2 * side * n`.
    pub(super) fn split(&self, v: usize) -> (usize, usize) {
        self.by_n[v]
    }

    /// Segment `j` of `unit` seen from there: for a line (rows, then columns), its `j`-th
    /// segment (`j < n`); for a box, the segment of its `j`-th row for `j < n`, of its
    /// `(j - n)`-th column from `n` on. One lookup where telling lines from boxes would take a
    /// branch that the order of propagation's work makes a coin toss.
    pub(super) fn lock(&self, unit: usize, j: usize) -> &Lock {
        &self.locks[unit * 2 * self.n + j]
    }

    /// The geometry of boards of `n x n` boxes (`n >= 1`), shared: built once per thread and
    /// size. Building it costs about a tenth of an easy 16x16 puzzle's solve, which bulk solving
    /// would otherwise pay again for every board (BENCHMARKS.md, eighteenth pass).
    pub(super) fn of(n: usize) -> Rc<Geometry> {
        thread_local! {
            static BUILT: RefCell<Vec<Option<Rc<Geometry>>>> = const { RefCell::new(Vec::new()) };
        }
        BUILT.with(|built| {
            let mut built = built.borrow_mut();
            if built.len() <= n {
                built.resize(n + 1, None);
            }
            Rc::clone(built[n].get_or_insert_with(|| Rc::new(Geometry::new(n))))
        })
    }

    /// The geometry of boards of `n x n` boxes (`n >= 1`).
    pub(super) fn new(n: usize) -> Geometry {
        // Built in nested loops rather than with divisions for every entry, which took most of
        // the time (BENCHMARKS.md, eighteenth pass).
        let side = n * n;
        let cells = side * side;
        let mut unit_cells = Vec::with_capacity(3 * cells);
        for r in 0..side {
            unit_cells.extend((0..side).map(|c| r * side + c));
        }
        for c in 0..side {
            unit_cells.extend((0..side).map(|r| r * side + c));
        }
        let (mut units_of, mut places_of) = (vec![[0; 3]; cells], vec![[0; 3]; cells]);
        let mut segments_of = vec![[0; 2]; cells];
        for (r, row) in units_of.chunks_exact_mut(side).enumerate() {
            for (c, units) in row.iter_mut().enumerate() {
                *units = [r, side + c, 0];
            }
        }
        for b in 0..side {
            // Reading order on the board is reading order inside the box.
            let (box_row, box_column) = (b / n, b % n);
            let corner = box_row * n * side + box_column * n;
            let mut place = 0;
            for row in 0..n {
                for column in 0..n {
                    let cell = corner + row * side + column;
                    unit_cells.push(cell);
                    let (r, c) = (box_row * n + row, box_column * n + column);
                    units_of[cell][2] = 2 * side + b;
                    places_of[cell] = [c, r, place];
                    segments_of[cell] = [
                        3 * side + r * n + box_column,
                        3 * side + side * n + c * n + box_row,
                    ];
                    place += 1;
                }
            }
        }
        let unit_bits_of: Vec<u128> = units_of
            .iter()
            .map(|units| units.iter().fold(0, |bits, &unit| bits | 1 << unit))
            .collect();
        let mut crossings = Vec::with_capacity(3 * cells);
        for (k, kind) in unit_cells.chunks_exact(cells).enumerate() {
            // The two units of a cell other than its unit of kind `k` (row, column, box).
            let (first, second) = (usize::from(k == 0), 2 - usize::from(k == 2));
            crossings.extend(kind.iter().map(|&cell| {
                let (units, at) = (units_of[cell], places_of[cell]);
                Crossing {
                    other_unit_bits: 1 << units[first] | 1 << units[second],
                    cell: cell as u32,
                    units: [units[first] as u32, units[second] as u32],
                    masks: [(units[first] * side) as u32, (units[second] * side) as u32],
                    places: [1 << at[first], 1 << at[second]],
                }
            }));
        }
        let first_segment = (1 << n) - 1;
        let first_box_column = (0..n).fold(0, |mask, k| mask | 1 << (k * n));
        let mut locks = vec![Lock::default(); 3 * side * 2 * n];
        // A line's k-th segment lies in the box of stack (for a row) or band (a column) k; a
        // box's j-th row or column crosses it in one segment.
        for (high, low) in (0..n).flat_map(|high| (0..n).map(move |low| (high, low))) {
            let (row, column) = (high * n + low, side + high * n + low);
            for k in 0..n {
                locks[row * 2 * n + k] = Lock {
                    unit: 2 * side + high * n + k,
                    keep: first_segment << (low * n),
                    segment: row * n + k,
                };
                locks[column * 2 * n + k] = Lock {
                    unit: 2 * side + k * n + high,
                    keep: first_box_column << low,
                    segment: column * n + k,
                };
            }
            // The box in band `high`, stack `low`.
            let in_box = 2 * side + high * n + low;
            for k in 0..n {
                let (row, column) = (high * n + k, side + low * n + k);
                locks[in_box * 2 * n + k] = Lock {
                    unit: row,
                    keep: first_segment << (low * n),
                    segment: row * n + low,
                };
                locks[in_box * 2 * n + n + k] = Lock {
                    unit: column,
                    keep: first_segment << (high * n),
                    segment: column * n + high,
                };
            }
        }
        let mut by_n = Vec::with_capacity(2 * side * n);
        for high in 0..2 * side {
            by_n.extend((0..n).map(|low| (high, low)));
        }
        Geometry {
            n,
            side,
            cells,
            crossings,
            unit_cells,
            units_of,
            places_of,
            unit_bits_of,
            segments_of,
            by_n,
            locks,
            first_segment,
            first_box_column,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_stands_at_its_place_in_each_of_its_units() {
        for n in 1..=5 {
            let g = Geometry::new(n);
            let side = n * n;
            assert_eq!(g.units().len(), 3 * side);
            assert!(g.units().all(|unit| unit.len() == side));
            for cell in 0..g.cells {
                for k in 0..3 {
                    assert_eq!(g.cell_at(g.units_of[cell][k], g.places_of[cell][k]), cell);
                }
                assert_eq!(g.unit_bits_of[cell].count_ones(), 3);
            }
            // A cell's unit bits are the units that list it.
            for (unit, cells) in g.units().enumerate() {
                assert!(cells
                    .iter()
                    .all(|&cell| g.unit_bits_of[cell] >> unit & 1 == 1));
            }
            // Each segment holds n cells, which share its row or column and its box.
            let mut members = vec![Vec::new(); 3 * side + 2 * side * n];
            for cell in 0..g.cells {
                for (k, &segment) in g.segments_of[cell].iter().enumerate() {
                    members[segment].push(cell);
                    assert!(segment >= 3 * side);
                    let line = g.units_of[cell][k];
                    let in_box = g.units_of[cell][2];
                    assert!(members[segment].iter().all(
                        |&other| g.units_of[other][k] == line && g.units_of[other][2] == in_box
                    ));
                }
            }
            assert!(members[3 * side..].iter().all(|cells| cells.len() == n));
            // A segment's box is its cells' box, and its places there are theirs.
            for cell in 0..g.cells {
                for (k, &segment) in g.segments_of[cell].iter().enumerate() {
                    let (line, at) = g.split(segment - 3 * side);
                    assert_eq!(line, g.units_of[cell][k]);
                    // Seen from its line, the segment is locked in the box; seen from the box,
                    // in the line.
                    let lock = g.lock(line, at);
                    assert_eq!(lock.unit, g.units_of[cell][2]);
                    assert!(lock.keep >> g.places_of[cell][2] & 1 != 0);
                    assert_eq!(lock.keep.count_ones() as usize, n);
                    assert_eq!(lock.segment, segment - 3 * side);
                    let in_box = g.units_of[cell][2];
                    let place = g.places_of[cell][2];
                    let j = if k == 0 { place / n } else { n + place % n };
                    let back = g.lock(in_box, j);
                    assert_eq!(back.unit, line);
                    assert!(back.keep >> g.places_of[cell][k] & 1 != 0);
                    assert_eq!(back.keep.count_ones() as usize, n);
                    assert_eq!(back.segment, segment - 3 * side);
                }
            }
            // Seen from each of its units, a cell's other two are its row, column and box but
            // that one, in order, with its places there.
            for unit in 0..3 * side {
                for place in 0..side {
                    let crossing = g.crossing(unit, place);
                    let cell = crossing.cell as usize;
                    assert_eq!(cell, g.cell_at(unit, place));
                    let k = g.units_of[cell].iter().position(|&u| u == unit).unwrap();
                    let others: Vec<usize> = (0..3).filter(|&other| other != k).collect();
                    for (i, &other) in others.iter().enumerate() {
                        let other_unit = g.units_of[cell][other];
                        assert_eq!(crossing.units[i] as usize, other_unit);
                        assert_eq!(crossing.masks[i] as usize, other_unit * side);
                        assert_eq!(crossing.places[i], 1 << g.places_of[cell][other]);
                    }
                    assert_eq!(
                        crossing.other_unit_bits,
                        g.unit_bits_of[cell] & !(1 << unit)
                    );
                }
            }
            for v in 0..2 * side * n {
                assert_eq!(g.split(v), (v / n, v % n));
            }
            assert_eq!(g.first_segment.count_ones() as usize, n);
            assert_eq!(g.first_box_column.count_ones() as usize, n);
        }
        // The fourth box of a 16x16 board starts in row 0, column 12; its fifth place is row 1,
        // column 12.
        let g = Geometry::new(4);
        assert_eq!(g.cell_at(2 * 16 + 3, 0), 12);
        assert_eq!(g.cell_at(2 * 16 + 3, 4), 16 + 12);
    }
}
