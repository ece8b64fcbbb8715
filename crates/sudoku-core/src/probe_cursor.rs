//! How far failed-literal probing of a position has got, for both engines' searches, so that
//! probing stopped by an empty guess budget goes on later where it stopped.

/// Where probing of a position stands. Probing visits the cells in turn, round and round, trying
/// each candidate of each open cell, and ends once it has made as many visits in a row as the
/// board has cells since it last removed a candidate, the visit that removed it counting as the
/// first. (Going round once more to revisit that cell as well cost the 9x9 engine's worst
/// board a tenth more guesses: 7,885 to 8,730.)
#[derive(Clone, Copy, Default)]
pub(crate) struct ProbeCursor {
    /// The cell it visits next.
    next: usize,
    /// The visits since it last removed a candidate, that one included.
    quiet: usize,
    /// The digits (bit `d` for digit `d + 1`) of the next cell already tried.
    tried: u32,
}

impl ProbeCursor {
    /// Whether probing has not started yet.
    pub(crate) fn is_fresh(&self) -> bool {
        self.next == 0 && self.quiet == 0 && self.tried == 0
    }

    /// The cell to visit next on a board of `cells` cells; `None` once probing has ended.
    pub(crate) fn cell(&self, cells: usize) -> Option<usize> {
        if self.quiet < cells {
            Some(self.next)
        } else {
            None
        }
    }

    /// The digits of `candidates`, those of the current cell, not yet tried there.
    pub(crate) fn untried(&self, candidates: u32) -> u32 {
        candidates & !self.tried
    }

    /// Notes that digit `d + 1` of the current cell has been tried.
    pub(crate) fn try_digit(&mut self, d: usize) {
        self.tried |= 1 << d;
    }

    /// Notes that a candidate of the current cell was removed: probing goes on for another
    /// round, up to this cell.
    pub(crate) fn removed(&mut self) {
        self.quiet = 0;
    }

    /// Moves on from the current cell to the next of `cells`.
    pub(crate) fn advance(&mut self, cells: usize) {
        self.tried = 0;
        self.next = (self.next + 1) % cells;
        self.quiet += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probing_ends_after_a_whole_round_without_a_removal() {
        let mut cursor = ProbeCursor::default();
        let mut visited = Vec::new();
        while let Some(cell) = cursor.cell(4) {
            visited.push(cell);
            if visited.len() == 3 {
                cursor.removed();
            }
            cursor.advance(4);
        }
        // The removal at cell 2 asks for another round, up to cell 2.
        assert_eq!(visited, [0, 1, 2, 3, 0, 1]);
        let mut cursor = ProbeCursor::default();
        cursor.try_digit(0);
        assert_eq!(cursor.untried(0b111), 0b110);
        cursor.advance(4);
        assert_eq!(cursor.untried(0b111), 0b111, "a new cell starts untried");
    }

    #[test]
    fn a_cursor_is_fresh_until_its_first_probe() {
        let mut cursor = ProbeCursor::default();
        assert!(cursor.is_fresh());
        cursor.try_digit(0);
        assert!(!cursor.is_fresh());
        let mut cursor = ProbeCursor::default();
        cursor.advance(4);
        assert!(!cursor.is_fresh());
    }
}
