//! Digit sets as 9-bit masks and the digits already placed in each row, column and box.

use crate::units::{box_of, col_of, row_of};

/// Every digit 1..=9: bit `d - 1` stands for digit `d`.
pub const ALL_DIGITS: u16 = 0x1FF;

/// The one-digit mask of `digit` (1..=9).
pub const fn digit_bit(digit: u8) -> u16 {
    1 << (digit - 1)
}

/// The digits in `mask`, in increasing order.
pub fn digits(mask: u16) -> Digits {
    Digits(mask & ALL_DIGITS)
}

/// Iterator over the digits of a mask, smallest first; made by [`digits`].
#[derive(Clone, Debug)]
pub struct Digits(u16);

impl Iterator for Digits {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let digit = self.0.trailing_zeros() as u8 + 1;
        self.0 &= self.0 - 1;
        Some(digit)
    }
}

/// The digits placed so far in each row, column and box.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct UnitMasks {
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

impl UnitMasks {
    /// The digits that may still go in `cell`: those absent from its row, column and box.
    pub fn candidates(&self, cell: usize) -> u16 {
        !(self.rows[row_of(cell)] | self.cols[col_of(cell)] | self.boxes[box_of(cell)]) & ALL_DIGITS
    }

    /// Records `digit` in the units of `cell`; returns `false`, changing nothing, if one of them
    /// already holds it.
    pub fn place(&mut self, cell: usize, digit: u8) -> bool {
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
    pub fn placed_in_unit(&self, unit: usize) -> u16 {
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
    fn digits_iterates_in_increasing_order() {
        let mask = digit_bit(9) | digit_bit(2) | digit_bit(5);
        assert_eq!(digits(mask).collect::<Vec<_>>(), vec![2, 5, 9]);
        assert_eq!(digits(0).count(), 0);
        assert_eq!(digits(ALL_DIGITS).count(), 9);
    }

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
