//! The shape of a board of `n x n` boxes: its units, each cell's peers, and where each row or
//! column of a box meets the rest of its line and its box.

/// A row or column of one box (a segment), with the rest of its line and the rest of its box:
/// a digit that in the box can only go in the segment leaves the rest of the line, and one that
/// in the line can only go in the segment leaves the rest of the box.
pub(super) struct Segment {
    pub(super) cells: Vec<usize>,
    pub(super) line_rest: Vec<usize>,
    pub(super) box_rest: Vec<usize>,
    /// The units (numbered as [`Geometry::units`]) of the line and of the box.
    pub(super) line_unit: usize,
    pub(super) box_unit: usize,
}

/// Everything about a board's shape the search looks up.
pub(super) struct Geometry {
    /// Digits (and the side of the board): `n * n`.
    pub(super) side: usize,
    /// Cells: `side * side`.
    pub(super) cells: usize,
    /// Every row, then every column, then every box, each listing its cells in reading order.
    pub(super) units: Vec<Vec<usize>>,
    /// For each cell, the other cells of its row, column and box, each once.
    pub(super) peers: Vec<Vec<usize>>,
    /// For each cell, the units (as numbered in `units`) of its row, column and box.
    pub(super) units_of: Vec<[usize; 3]>,
    /// Every row and column of every box.
    pub(super) segments: Vec<Segment>,
}

impl Geometry {
    /// The geometry of boards of `n x n` boxes (`n >= 1`).
    pub(super) fn new(n: usize) -> Geometry {
        let side = n * n;
        let cells = side * side;
        let box_of = |cell: usize| (cell / side) / n * n + (cell % side) / n;
        let mut units = Vec::with_capacity(3 * side);
        for r in 0..side {
            units.push((0..side).map(|c| r * side + c).collect::<Vec<_>>());
        }
        for c in 0..side {
            units.push((0..side).map(|r| r * side + c).collect());
        }
        for b in 0..side {
            units.push((0..cells).filter(|&cell| box_of(cell) == b).collect());
        }
        // A cell's row and column, and the cells of its box on neither.
        let peers = (0..cells)
            .map(|cell| {
                let (row, column) = (cell / side, cell % side);
                let on_row = units[row].iter();
                let on_column = units[side + column].iter();
                let in_box = units[2 * side + box_of(cell)]
                    .iter()
                    .filter(|&&other| other / side != row && other % side != column);
                on_row
                    .chain(on_column)
                    .chain(in_box)
                    .copied()
                    .filter(|&other| other != cell)
                    .collect()
            })
            .collect();
        let mut segments = Vec::new();
        if n > 1 {
            for b in 0..side {
                let in_box = &units[2 * side + b];
                for k in 0..n {
                    // Row k of the box, then column k of the box.
                    let row = in_box[k * n] / side;
                    let column = in_box[k] % side;
                    let box_unit = 2 * side + b;
                    segments.push(segment(&units, row, box_unit, |cell| cell / side == row));
                    segments.push(segment(&units, side + column, box_unit, |cell| {
                        cell % side == column
                    }));
                }
            }
        }
        let units_of = (0..cells)
            .map(|cell| [cell / side, side + cell % side, 2 * side + box_of(cell)])
            .collect();
        Geometry {
            side,
            cells,
            units,
            peers,
            units_of,
            segments,
        }
    }
}

/// Where the line `line_unit` meets the box `box_unit` (units as numbered in `units`), where
/// `on_line` tells the line's cells.
fn segment(
    units: &[Vec<usize>],
    line_unit: usize,
    box_unit: usize,
    on_line: impl Fn(usize) -> bool,
) -> Segment {
    let (line, in_box) = (&units[line_unit], &units[box_unit]);
    Segment {
        cells: in_box.iter().copied().filter(|&c| on_line(c)).collect(),
        line_rest: line
            .iter()
            .copied()
            .filter(|c| !in_box.contains(c))
            .collect(),
        box_rest: in_box.iter().copied().filter(|&c| !on_line(c)).collect(),
        line_unit,
        box_unit,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_peers_and_segments_have_the_sizes_of_their_shape() {
        for n in 1..=5 {
            let g = Geometry::new(n);
            let side = n * n;
            assert_eq!(g.units.len(), 3 * side);
            assert!(g.units.iter().all(|unit| unit.len() == side));
            // Row and column peers, and the box's cells on neither.
            let peers = 2 * (side - 1) + (n - 1) * (n - 1);
            assert!(g.peers.iter().all(|p| p.len() == peers), "n = {}", n);
            let segments = if n > 1 { 2 * n * side } else { 0 };
            assert_eq!(g.segments.len(), segments);
            for segment in &g.segments {
                assert_eq!(segment.cells.len(), n);
                assert_eq!(segment.line_rest.len(), side - n);
                assert_eq!(segment.box_rest.len(), side - n);
            }
        }
        // The fourth box of a 16x16 board starts in row 0, column 12.
        assert_eq!(Geometry::new(4).units[2 * 16 + 3][0], 12);
    }
}
