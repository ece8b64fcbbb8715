//! Board geometry: which row, column and box a cell is in, and the 27 units.

/// Row (0..9, top to bottom) of `cell`.
pub const fn row_of(cell: usize) -> usize {
    cell / 9
}

/// Column (0..9, left to right) of `cell`.
pub const fn col_of(cell: usize) -> usize {
    cell % 9
}

/// Box (0..9, row by row) of `cell`.
pub const fn box_of(cell: usize) -> usize {
    cell / 27 * 3 + cell % 9 / 3
}

/// The 27 units: rows 0..9, then columns 0..9, then boxes 0..9, each listing its cells in reading
/// order.
pub const UNITS: [[u8; 9]; 27] = build_units();

const fn build_units() -> [[u8; 9]; 27] {
    let mut units = [[0u8; 9]; 27];
    let mut cell = 0;
    while cell < 81 {
        let (r, c, b) = (row_of(cell), col_of(cell), box_of(cell));
        units[r][c] = cell as u8;
        units[9 + c][r] = cell as u8;
        units[18 + b][r % 3 * 3 + c % 3] = cell as u8;
        cell += 1;
    }
    units
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_is_in_one_row_one_column_and_one_box() {
        for cell in 0..81u8 {
            let containing = UNITS.iter().filter(|u| u.contains(&cell)).count();
            assert_eq!(containing, 3, "cell {}", cell);
        }
        assert_eq!(UNITS[18 + 4][0], 30, "box 4 starts at row 3, column 3");
        assert_eq!(box_of(80), 8);
        assert_eq!(box_of(29), 3);
    }
}
