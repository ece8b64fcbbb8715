//! Sets of digits as 9-bit masks, the one convention of the whole crate: bit `d - 1` stands for
//! digit `d` (1..=9). The 9x9 engine numbers digits from 0 inside, so there digit index `d` is bit
//! `d`: the same bit.

/// Every digit 1..=9: bit `d - 1` stands for digit `d`.
pub const ALL_DIGITS: u16 = 0x1FF;

/// The one-digit mask of `digit` (1..=9).
pub const fn digit_bit(digit: u8) -> u16 {
    1 << (digit - 1)
}

/// `BIT[n]` is `1 << n`, for hot code to read rather than compute. Indexed by a loop's counter,
/// it lets the loop run as vector operations, which a shift by the counter does not; and on
/// Intel processors a shift by a count held in a register is two or three micro-operations (one
/// with BMI2's `shlx`, which a judge's build cannot assume), a load one.
pub(crate) const BIT: [u32; 32] = {
    let mut bits = [0; 32];
    let mut n = 0;
    while n < 32 {
        bits[n] = 1 << n;
        n += 1;
    }
    bits
};

/// The digits in `mask`, in increasing order.
pub fn each_digit(mask: u16) -> Digits {
    Digits(mask & ALL_DIGITS)
}

/// Iterator over the digits of a mask, smallest first; made by [`each_digit`].
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_iterates_in_increasing_order() {
        let mask = digit_bit(9) | digit_bit(2) | digit_bit(5);
        assert_eq!(each_digit(mask).collect::<Vec<_>>(), vec![2, 5, 9]);
        assert_eq!(each_digit(0).count(), 0);
        assert_eq!(each_digit(ALL_DIGITS).count(), 9);
    }
}
