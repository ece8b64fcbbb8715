//! The digits placed so far in each row, column and box of a Su-Domino-Ku search.

use crate::masks::{digit_bit, ALL_DIGITS};
use crate::units::{box_of, col_of, row_of};

/// The digits placed so far in each row, column and box.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(super) struct UnitMasks {
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

impl UnitMasks {
    /// The digits that may still go in `cell`: those absent from its row, column and box.
    pub(super) fn candidates(&self, cell: usize) -> u16 {
        !(self.rows[row_of(cell)] | self.cols[col_of(cell)] | self.boxes[box_of(cell)]) & ALL_DIGITS
    }

    /// Records `digit` in the units of `cell`; returns `false`, changing nothing, if one of them
    /// already holds it.
    pub(super) fn place(&mut self, cell: usize, digit: u8) -> bool {
        let bit = digit_bit(digit);
        if self.candidates(cell) & bit == 0 {
            return false;
        }
        self.rows[row_of(cell)] |= bit;
        self.cols[col_of(cell)] |= bit;
        self.boxes[box_of(cell)] |= bit;
        true
    }

    /// The digits placed in unit `unit`, numbered as in [`crate::units::UNITS`].
    pub(super) fn placed_in_unit(&self, unit: usize) -> u16 {
        match unit / 9 {
            0 => self.rows[unit % 9],
            1 => self.cols[unit % 9],
            _ => self.boxes[unit % 9],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn place_refuses_a_digit_its_units_hold() {
        let mut masks = UnitMasks::default();
        assert!(masks.place(0, 4));
        assert!(!masks.place(8, 4), "same row");
        assert!(!masks.place(72, 4), "same column");
        assert!(!masks.place(20, 4), "same box");
        assert!(masks.place(40, 4));
        assert_eq!(masks.candidates(1) & digit_bit(4), 0);
        assert_eq!(
            masks.candidates(31),
            ALL_DIGITS & !digit_bit(4),
            "box of cell 40"
        );
        assert_eq!(masks.candidates(12), ALL_DIGITS);
        assert_eq!(masks.placed_in_unit(0), digit_bit(4));
        assert_eq!(masks.placed_in_unit(9 + 4), digit_bit(4));
        assert_eq!(masks.placed_in_unit(18 + 4), digit_bit(4));
    }
}
