//! A position of the search over boards of `n x n` boxes, and the reasoning that narrows it.
//! Each cell keeps its candidates as a mask (bit `d - 1`
//! for digit `d`, the crate's convention), and each unit keeps, for each digit, the places (see
//! `geometry`) where the digit may still go. Every change to a place mask is looked at once:
//! no place left is a contradiction, one is a hidden single, and places all in one row or column
//! of a box are locked candidates (a digit that inside a box can only go in one of its rows or
//! columns leaves the rest of that line, and one that inside a line can only go in one box leaves
//! the rest of that box), and two places that a second digit shares are a hidden pair (those
//! two cells take nothing else). A cell left with one candidate is a naked single; one left
//! with two that another cell of a unit shares makes a naked pair (the rest of the unit loses
//! both). The pairs cost little, being looked at only when a cell or place mask comes down to
//! two, and they answer boards that took unit propagation alone millions of guesses (the
//! adversary's 16x16 refutations: 3.7 and 1.5 million guesses down to 2,563 and 4,348), while
//! the median minimal 16x16 puzzle and 25x25 board at 45 % givens get faster. Propagation only
//! removes what no solution uses, so a search in reading order that tries digits in increasing
//! order meets solutions in lexicographic order (see `search`).
//!
//! A placement, or a digit's places in a line or box coming to lie inside one segment (the `n`
//! cells a row or column shares with a box), also has the segment looked at by the segment
//! rules ([`Position::check_segment`], the 9x9 engine's triad rules for any `n`): its open cells
//! need as many digits as there are of them, and at most that many digits may be bound to it.
//! Looked at only on such events, they cost the minimal 16x16 puzzles' median a tenth; they cut
//! the adversary's earlier 16x16 boards of 1.26 and 0.17 million guesses to 0.35 million and 18
//! thousand and refute one of 3.8 million outright, but they also change the course of the
//! conflict-weighted searches, on some boards for the worse (BENCHMARKS.md). Looking at a
//! segment also whenever one of its cells loses a candidate (so that propagation would end
//! where no segment rule applies) found some answers sooner still, but cost the median board a
//! fifth more time.
//!
//! Two stronger narrowings are there for the search to apply where it chooses (`search` says
//! where): each unit narrowed to the candidates that some matching of its open cells to its
//! missing digits uses ([`Position::match_units`]), and the removal of every candidate whose
//! placement propagation refutes ([`Position::probe`]).
//!
//! A guess's time goes as much to branches the processor mispredicts as to instructions: which
//! of a cell's peers have a digit, whether a narrowed cell is left with one or two candidates,
//! which digits a segment binds, whether a changed place mask is a line's or a box's, are coin
//! tosses to a branch predictor. So propagation takes a placement's peers in one loop over all
//! three units, queues cells without branching on whether to, compares every digit of a unit at
//! once where it can (vector operations), and finds where a locked digit acts by a table rather
//! than by the unit's kind; with about the same instructions, that cut the simulated
//! mispredicts by about two fifths and the time by a tenth or more (BENCHMARKS.md, seventeenth
//! and eighteenth passes). The changed place masks wait as a set of digits per unit
//! ([`ChangedPlaces`]), so that a mask changed twice is looked at once, and the open cells as
//! bits, which the cell rules' scan takes 64 at a time (nineteenth pass).

use super::geometry::Geometry;
use super::MAX_BOX;
use crate::masks::BIT;
use crate::matching::keep_matched_candidates;
use crate::probe_cursor::ProbeCursor;

/// The most units a board has: rows, columns and boxes of the largest size.
const MAX_UNITS: usize = 3 * MAX_BOX * MAX_BOX;

/// A search position: each cell's candidates (a placed cell keeps only its digit) and digit
/// (0 while open), and each unit's places for each digit (a placed digit keeps its cell's).
#[derive(Clone)]
pub(super) struct Position {
    candidates: Vec<u32>,
    /// Indexed by `unit * side + digit - 1`.
    places: Vec<u32>,
    digits: Vec<u8>,
    open: usize,
    /// Open cells per unit, then per segment (numbered as in [`Geometry::segments_of`]).
    open_in: Vec<u32>,
    /// The open cells, as bit `cell % 64` of word `cell / 64`.
    open_bits: Vec<u64>,
    /// Bit `u` for each unit whose candidates changed since [`Position::match_units`] last
    /// narrowed it (every unit, for a new position).
    changed_units: u128,
}

/// What propagation has still to look at.
#[derive(Default)]
pub(super) struct Pending {
    /// Open cells left with one candidate.
    singles: CellStack,
    /// Place masks that changed: per unit, bit `d` for digit `d + 1`'s.
    places: ChangedPlaces,
    /// Open cells left with two candidates.
    pairs: CellStack,
    /// Segments to look at with the segment rules, as `line * n + k` for the line's `k`-th: where
    /// a cell was placed, or a digit's places in a line or box came to lie inside one.
    segments: Vec<usize>,
    /// The units where the last contradiction showed (bit `u` for unit `u`).
    pub(super) failed: u128,
}

/// A stack of cells that a cell can be pushed to or not without a branch: whether a cell is
/// left with one or two candidates is a coin toss to a branch predictor, and pushing only
/// those without branching cut about a twentieth of the time of minimal 16x16 puzzles
/// (BENCHMARKS.md, seventeenth pass).
#[derive(Default)]
struct CellStack {
    cells: Vec<usize>,
    len: usize,
}

impl CellStack {
    /// Pushes `cell` if `wanted`.
    fn push_if(&mut self, cell: usize, wanted: bool) {
        if self.len == self.cells.len() {
            self.cells.push(0);
        }
        self.cells[self.len] = cell;
        self.len += usize::from(wanted);
    }

    /// The cell pushed last, taken off the stack.
    fn pop(&mut self) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.cells[self.len])
    }

    /// Takes every cell off the stack.
    fn clear(&mut self) {
        self.len = 0;
    }
}

/// The place masks that changed, as a set of digits per unit, taken unit by unit: a mask that
/// changes again before it is looked at is looked at once (in a queue of changes, three looks
/// in ten on minimal 16x16 puzzles were at a mask queued again further down), and a change is
/// noted in all three units by a few bitwise ors, with no memory to grow.
struct ChangedPlaces {
    /// Per unit, bit `d` for each digit `d + 1` whose places changed there.
    digits: [u32; MAX_UNITS],
    /// Bit `u` for each unit that may have a bit in `digits`.
    units: u128,
}

impl Default for ChangedPlaces {
    fn default() -> ChangedPlaces {
        ChangedPlaces {
            digits: [0; MAX_UNITS],
            units: 0,
        }
    }
}

impl ChangedPlaces {
    /// Notes that the places of the digits `digits` changed in each of the `units`, which are
    /// `unit_bits` as bits.
    fn note_in<const K: usize>(&mut self, units: [usize; K], unit_bits: u128, digits: u32) {
        for unit in units {
            self.digits[unit] |= digits;
        }
        self.units |= unit_bits;
    }

    /// A unit and digit `d` whose places changed, as `(unit, d)`, taken out of the set.
    fn pop(&mut self) -> Option<(usize, usize)> {
        loop {
            if self.units == 0 {
                return None;
            }
            let unit = self.units.trailing_zeros() as usize;
            let digits = self.digits[unit];
            let rest = digits & digits.wrapping_sub(1);
            self.digits[unit] = rest;
            // Without a branch: whether a unit has a digit left is a coin toss.
            self.units &= !(u128::from(rest == 0) << unit);
            if digits != 0 {
                return Some((unit, digits.trailing_zeros() as usize));
            }
        }
    }

    /// Empties the set.
    fn clear(&mut self) {
        *self = ChangedPlaces::default();
    }
}

impl Pending {
    /// Forgets everything still to look at (but where the last contradiction showed).
    pub(super) fn clear(&mut self) {
        self.singles.clear();
        self.places.clear();
        self.pairs.clear();
        self.segments.clear();
    }
}

impl Position {
    /// The position after placing the digits of `cells` (0 for a blank) and propagating; `None`
    /// if they already rule out every solution.
    pub(super) fn new(geometry: &Geometry, cells: &[u8]) -> Option<Position> {
        let side = geometry.side;
        // The digits given in each unit; none may be given twice.
        let mut given_in = vec![0u32; geometry.units().len()];
        for (cell, &digit) in cells.iter().enumerate().filter(|&(_, &digit)| digit != 0) {
            let bit = 1 << (digit - 1);
            for &unit in &geometry.units_of[cell] {
                if given_in[unit] & bit != 0 {
                    return None;
                }
                given_in[unit] |= bit;
            }
        }
        // Built in one pass rather than by placing each given in turn, which looked at every
        // place mask each given changed: a tenth of a count to 2 on minimal 16x16 puzzles.
        let mut position = Position {
            candidates: vec![0; geometry.cells],
            places: vec![0; geometry.units().len() * side],
            digits: cells.to_vec(),
            open: 0,
            open_in: vec![0; geometry.units().len() + 2 * side * geometry.n],
            open_bits: vec![0; (geometry.cells + 63) / 64],
            changed_units: u128::MAX >> (128 - geometry.units().len()),
        };
        let mut pending = Pending::default();
        let all = all_digits(side);
        for (cell, &digit) in cells.iter().enumerate() {
            let units = geometry.units_of[cell];
            let allowed = if digit == 0 {
                let [row, column, in_box] = units;
                all & !(given_in[row] | given_in[column] | given_in[in_box])
            } else {
                1 << (digit - 1)
            };
            position.candidates[cell] = allowed;
            let mut digits = allowed;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                for (&unit, &place) in units.iter().zip(&geometry.places_of[cell]) {
                    position.places[unit * side + d] |= 1 << place;
                }
            }
            if digit != 0 {
                continue;
            }
            position.open += 1;
            position.open_bits[cell / 64] |= 1 << (cell % 64);
            for &group in units.iter().chain(&geometry.segments_of[cell]) {
                position.open_in[group] += 1;
            }
            let rest = allowed & allowed.wrapping_sub(1);
            if allowed == 0 {
                return None;
            }
            pending.singles.push_if(cell, rest == 0);
            pending
                .pairs
                .push_if(cell, rest != 0 && rest & rest.wrapping_sub(1) == 0);
        }
        // Every rule looks at every place mask and segment it could apply to once.
        for (unit, &given) in given_in.iter().enumerate() {
            pending.places.note_in([unit], 1 << unit, all & !given);
        }
        pending.segments.extend(0..2 * side * geometry.n);
        if position.propagate(geometry, &mut pending) {
            Some(position)
        } else {
            None
        }
    }

    /// Copies `source` into the memory this position already holds: a search copies a position
    /// at every guess and every probe, and taking fresh memory each time cost a few percent.
    pub(super) fn copy_from(&mut self, source: &Position) {
        self.candidates.clone_from(&source.candidates);
        self.places.clone_from(&source.places);
        self.digits.clone_from(&source.digits);
        self.open = source.open;
        self.open_in.clone_from(&source.open_in);
        self.open_bits.clone_from(&source.open_bits);
        self.changed_units = source.changed_units;
    }

    /// How many open cells share a row, column or box with the open `cell`.
    pub(super) fn open_peers(&self, geometry: &Geometry, cell: usize) -> u32 {
        let [row, column, in_box] = geometry.units_of[cell];
        let [row_segment, column_segment] = geometry.segments_of[cell];
        // Each segment lies in two of the cell's units; the cell itself in all three.
        self.open_in[row] + self.open_in[column] + self.open_in[in_box]
            - self.open_in[row_segment]
            - self.open_in[column_segment]
            - 1
    }

    /// Each cell's candidates (bit `d - 1` for digit `d`; a placed cell has only its digit).
    pub(super) fn candidates(&self) -> &[u32] {
        &self.candidates
    }

    /// The digits of the board, 0 for an open cell.
    pub(super) fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// How many places digit `d + 1` has left in the row, the column and the box of `cell`, in
    /// all: the fewer, the likelier the digit is to belong in the cell, and the fewer candidates
    /// its placement there takes from the cell's peers.
    pub(super) fn places_left(&self, geometry: &Geometry, cell: usize, d: usize) -> u32 {
        geometry.units_of[cell]
            .iter()
            .map(|&unit| self.places[unit * geometry.side + d].count_ones())
            .sum()
    }

    /// Puts digit `d + 1` in the open `cell` and takes it from the other cells of the cell's
    /// units. `false` on a contradiction.
    pub(super) fn place(
        &mut self,
        geometry: &Geometry,
        cell: usize,
        d: usize,
        pending: &mut Pending,
    ) -> bool {
        let bit = 1 << d;
        let old = self.candidates[cell];
        if old & bit == 0 || self.digits[cell] != 0 {
            return false;
        }
        self.candidates[cell] = bit;
        self.digits[cell] = d as u8 + 1;
        self.open -= 1;
        self.open_bits[cell / 64] &= !(1 << (cell % 64));
        let [row, column, in_box] = geometry.units_of[cell];
        let [row_segment, column_segment] = geometry.segments_of[cell];
        for group in [row, column, in_box, row_segment, column_segment] {
            self.open_in[group] -= 1;
        }
        let segments_from = 3 * geometry.side;
        pending
            .segments
            .extend_from_slice(&[row_segment - segments_from, column_segment - segments_from]);
        self.lose_places(geometry, cell, old & !bit, pending);
        let side = geometry.side;
        let at = geometry.places_of[cell];
        let mut others = [0; 3];
        for (k, &unit) in [row, column, in_box].iter().enumerate() {
            let key = unit * side + d;
            let place = 1 << at[k];
            others[k] = self.places[key] & !place;
            // The digit's places in the unit come down to the cell: looking at them again
            // could only find the digit placed, so its peers' losses are not noted there.
            self.places[key] = place;
        }
        // The box's cells in the row or the column are the row's or the column's peers.
        let (row_in_box, column_in_box) = geometry.split(at[2]);
        others[2] &= !(geometry.first_segment << (row_in_box * geometry.n)
            | geometry.first_box_column << column_in_box);
        self.take_placed(geometry, [row, column, in_box], others, d, pending)
    }

    /// Takes digit `d + 1`, just placed in a cell of the `units` (its row, column and box),
    /// from the cells at `places` of each (every peer once), noting the change to its places in
    /// their other two units only. `false` on a contradiction.
    fn take_placed(
        &mut self,
        geometry: &Geometry,
        units: [usize; 3],
        places: [u32; 3],
        d: usize,
        pending: &mut Pending,
    ) -> bool {
        // Every peer in one loop rather than a loop per unit: a loop of a peer or two, as most
        // are, has its exit mispredicted about every other time.
        let side = geometry.side;
        let mut peers = u128::from(places[0])
            | u128::from(places[1]) << side
            | u128::from(places[2]) << (2 * side);
        while peers != 0 {
            let at = peers.trailing_zeros() as usize;
            peers &= peers - 1;
            let k = usize::from(at >= side) + usize::from(at >= 2 * side);
            let crossing = geometry.crossing(units[k], at - k * side);
            let cell = crossing.cell as usize;
            let new = self.candidates[cell] & !(1 << d);
            self.candidates[cell] = new;
            let [first, second] = crossing.masks;
            self.places[first as usize + d] &= !crossing.places[0];
            self.places[second as usize + d] &= !crossing.places[1];
            // Its other two units: the placed cell's own loss has noted the third already.
            self.changed_units |= crossing.other_unit_bits;
            let [first, second] = crossing.units;
            pending.places.note_in(
                [first as usize, second as usize],
                crossing.other_unit_bits,
                1 << d,
            );
            if !self.note_left(geometry, cell, new, pending) {
                return false;
            }
        }
        true
    }

    /// Takes the digits `bits` from the cells at `places` of `unit`. `false` on a contradiction.
    fn take_from(
        &mut self,
        geometry: &Geometry,
        unit: usize,
        mut places: u32,
        bits: u32,
        pending: &mut Pending,
    ) -> bool {
        while places != 0 {
            let cell = geometry.cell_at(unit, places.trailing_zeros() as usize);
            places &= places - 1;
            if !self.remove(geometry, cell, bits, pending) {
                return false;
            }
        }
        true
    }

    /// Takes the digits `bits` from `cell`'s candidates, noting it in `pending` if it is open
    /// and left with one. `false` if it is left with none.
    fn remove(
        &mut self,
        geometry: &Geometry,
        cell: usize,
        bits: u32,
        pending: &mut Pending,
    ) -> bool {
        let old = self.candidates[cell];
        let gone = old & bits;
        if gone == 0 {
            return true;
        }
        let new = old & !gone;
        self.candidates[cell] = new;
        self.lose_places(geometry, cell, gone, pending);
        self.note_left(geometry, cell, new, pending)
    }

    /// Notes in `pending` that `cell` is left with the candidates `new`: if it is open, with one
    /// or two. `false` if it is left with none.
    // Inlined: called for every peer of every placement, it spent a quarter of its instructions
    // saving and restoring registers (5.7 % of a minimal 16x16 count's instructions).
    #[inline(always)]
    fn note_left(
        &mut self,
        geometry: &Geometry,
        cell: usize,
        new: u32,
        pending: &mut Pending,
    ) -> bool {
        // (Bit tricks rather than a count: without a popcount instruction, as judges build, a
        // count is a dozen instructions. And pushed or not without a branch, which would be
        // mispredicted.)
        let open = self.digits[cell] == 0;
        let rest = new & new.wrapping_sub(1);
        pending.singles.push_if(cell, open & (rest == 0));
        pending.pairs.push_if(
            cell,
            open & (rest != 0) & (rest & rest.wrapping_sub(1) == 0),
        );
        if new == 0 {
            let [row, column, in_box] = geometry.units_of[cell];
            pending.failed = 1 << row | 1 << column | 1 << in_box;
        }
        new != 0
    }

    /// Takes `cell` from the places of the digits `gone` in its units, noting each change.
    fn lose_places(
        &mut self,
        geometry: &Geometry,
        cell: usize,
        mut gone: u32,
        pending: &mut Pending,
    ) {
        let side = geometry.side;
        let [row, column, in_box] = geometry.units_of[cell];
        let [at_row, at_column, at_box] = geometry.places_of[cell];
        // Every change to a cell's candidates but a placed digit's loss in its peers comes here
        // (placing the cell itself too, even when it had no other candidate).
        self.changed_units |= geometry.unit_bits_of[cell];
        pending
            .places
            .note_in([row, column, in_box], geometry.unit_bits_of[cell], gone);
        while gone != 0 {
            let d = gone.trailing_zeros() as usize;
            gone &= gone - 1;
            self.places[row * side + d] &= !(1 << at_row);
            self.places[column * side + d] &= !(1 << at_column);
            self.places[in_box * side + d] &= !(1 << at_box);
        }
    }

    /// Looks at the places of digit `d + 1` in `unit` after a change: no place is a
    /// contradiction (`false`), one open place a hidden single, and places inside one row or
    /// column of a box lock the digit there and have that segment looked at.
    fn look_at(
        &mut self,
        geometry: &Geometry,
        unit: usize,
        d: usize,
        pending: &mut Pending,
    ) -> bool {
        let side = geometry.side;
        let places = self.places[unit * side + d];
        if places & places.wrapping_sub(1) == 0 {
            let cell = match places {
                0 => {
                    pending.failed = 1 << unit;
                    return false;
                }
                _ => geometry.cell_at(unit, places.trailing_zeros() as usize),
            };
            return self.digits[cell] != 0 || self.place(geometry, cell, d, pending);
        }
        // Two places: taking the lowest leaves one.
        let rest = places & (places - 1);
        if rest & (rest - 1) == 0 && !self.hidden_pair(geometry, unit, d, places, pending) {
            return false;
        }
        // Places inside one row (or column) of a box, or one segment of a line: the digit is
        // locked there, and leaves the rest of the box's row (or column), or of the line's box.
        // Lines and boxes are told apart without a branch (see `Geometry::lock`).
        let n = geometry.n;
        let first = places.trailing_zeros() as usize;
        let (first_high, first_low) = geometry.split(first);
        let in_segment = places & !(geometry.first_segment << (first_high * n)) == 0;
        let in_box_column =
            (unit >= 2 * side) & (places & !(geometry.first_box_column << first_low) == 0);
        if !(in_segment | in_box_column) {
            return true;
        }
        let j = if in_segment {
            first_high
        } else {
            n + first_low
        };
        let lock = *geometry.lock(unit, j);
        pending.segments.push(lock.segment);
        let rest = self.places[lock.unit * side + d] & !lock.keep;
        self.take_from(geometry, lock.unit, rest, 1 << d, pending)
    }

    /// Where digit `d + 1` has the two `places` in `unit` and another digit the same two, takes
    /// every other candidate from those two cells (a hidden pair). `false` on a contradiction.
    fn hidden_pair(
        &mut self,
        geometry: &Geometry,
        unit: usize,
        d: usize,
        places: u32,
        pending: &mut Pending,
    ) -> bool {
        let side = geometry.side;
        // Every digit with the same places at once: a search stopping at the first would
        // mispredict its exit on nearly every call (about a twentieth of the 25x25 search's
        // time).
        let mut same = 0u32;
        for (&bit, &other) in BIT
            .iter()
            .zip(&self.places[unit * side..unit * side + side])
        {
            same |= bit & 0u32.wrapping_sub(u32::from(other == places));
        }
        let partners = same & !(1 << d);
        if partners == 0 {
            return true;
        }
        let partner = partners.trailing_zeros() as usize;
        let keep = 1 << d | 1 << partner;
        let mut at = places;
        while at != 0 {
            let cell = geometry.cell_at(unit, at.trailing_zeros() as usize);
            at &= at - 1;
            let rest = self.candidates[cell] & !keep;
            if self.digits[cell] == 0 && !self.remove(geometry, cell, rest, pending) {
                return false;
            }
        }
        true
    }

    /// Where open `cell` has two candidates and another open cell of one of its units the same
    /// two, takes both digits from the rest of that unit (a naked pair). `false` on a
    /// contradiction.
    fn naked_pair(&mut self, geometry: &Geometry, cell: usize, pending: &mut Pending) -> bool {
        let pair = self.candidates[cell];
        if self.digits[cell] != 0 || pair.count_ones() != 2 {
            return true;
        }
        for k in 0..3 {
            let unit = geometry.units_of[cell][k];
            // Every cell of the unit with the same two candidates at once (a placed cell has one
            // candidate), without a search whose exit would be mispredicted.
            let mut same = 0u32;
            for (place, &other) in geometry.unit(unit).iter().enumerate() {
                same |= u32::from(self.candidates[other] == pair) << place;
            }
            let partners = same & !(1 << geometry.places_of[cell][k]);
            if partners == 0 {
                continue;
            }
            let partner = partners.trailing_zeros() as usize;
            let pair_places = 1 << geometry.places_of[cell][k] | 1 << partner;
            let mut digits = pair;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let others = self.places[unit * geometry.side + d] & !pair_places;
                if !self.take_from(geometry, unit, others, 1 << d, pending) {
                    return false;
                }
            }
        }
        true
    }

    /// Applies the segment rules to the `k`-th segment of `line` (rows, then columns): the `n`
    /// cells it shares with a box hold different digits, so its open cells need at least as many
    /// digits that may stand in them, and when they have exactly that many, each of those digits
    /// goes there, leaving the rest of the line and box; and at most that many digits may be
    /// bound to it (by having no place left outside it in its line, or in its box), and when
    /// that many are, no other digit may stand in it. The 9x9 engine's triad rules, for any `n`.
    /// `false` on a contradiction.
    fn check_segment(
        &mut self,
        geometry: &Geometry,
        line: usize,
        k: usize,
        pending: &mut Pending,
    ) -> bool {
        let (n, side) = (geometry.n, geometry.side);
        // The segment's places in the line, and in the box.
        let line_places = geometry.first_segment << (k * n);
        let lock = geometry.lock(line, k);
        let (box_unit, box_places) = (lock.unit, lock.keep);
        let cells = &geometry.unit(line)[k * n..k * n + n];
        let (mut open, mut may) = (0, 0);
        for &cell in cells.iter().filter(|&&cell| self.digits[cell] == 0) {
            open += 1;
            may |= self.candidates[cell];
        }
        if open == 0 {
            return true;
        }
        // Per digit that may stand in the segment, its places outside it in the line and in
        // the box.
        let outside = |position: &Position, d: usize| {
            (
                position.places[line * side + d] & !line_places,
                position.places[box_unit * side + d] & !box_places,
            )
        };
        // Every digit at once, as vector operations, rather than a loop over those that may
        // stand here, whose exit would be mispredicted.
        let mut bound = 0;
        let line_masks = &self.places[line * side..line * side + side];
        let box_masks = &self.places[box_unit * side..box_unit * side + side];
        for ((&bit, &in_line), &in_box) in BIT.iter().zip(line_masks).zip(box_masks) {
            let bound_here = (in_line & !line_places == 0) | (in_box & !box_places == 0);
            bound |= bit & 0u32.wrapping_sub(u32::from(bound_here));
        }
        bound &= may;
        let (may_count, bound_count) = (may.count_ones(), bound.count_ones());
        if may_count < open || bound_count > open {
            pending.failed = 1 << line | 1 << box_unit;
            return false;
        }
        if may_count == open {
            let mut digits = may;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let (in_line, in_box) = outside(self, d);
                if !(self.take_from(geometry, line, in_line, 1 << d, pending)
                    && self.take_from(geometry, box_unit, in_box, 1 << d, pending))
                {
                    return false;
                }
            }
        } else if bound_count == open {
            for &cell in cells {
                let rest = self.candidates[cell] & !bound;
                if self.digits[cell] == 0 && !self.remove(geometry, cell, rest, pending) {
                    return false;
                }
            }
        }
        true
    }

    /// Narrows the position until no rule applies. `false` on a contradiction.
    pub(super) fn propagate(&mut self, geometry: &Geometry, pending: &mut Pending) -> bool {
        loop {
            if self.open == 0 {
                // Every placement took its digit from its units: the board is a solution.
                pending.clear();
                return true;
            }
            let consistent = if let Some(cell) = pending.singles.pop() {
                let d = self.candidates[cell].trailing_zeros() as usize;
                self.digits[cell] != 0 || self.place(geometry, cell, d, pending)
            } else if let Some((unit, d)) = pending.places.pop() {
                self.look_at(geometry, unit, d, pending)
            } else if let Some(cell) = pending.pairs.pop() {
                self.naked_pair(geometry, cell, pending)
            } else if let Some(segment) = pending.segments.pop() {
                let (line, k) = geometry.split(segment);
                self.check_segment(geometry, line, k, pending)
            } else {
                return true;
            };
            if !consistent {
                pending.clear();
                return false;
            }
        }
    }

    /// Removes every candidate whose placement propagation refutes, until none is left to
    /// remove, each probe spending one guess of `budget`, going on from `progress` (which it
    /// updates). `Some(false)` if that leaves no solution; `None` if the budget runs out, in
    /// which case calling it again with the same progress goes on where it stopped.
    pub(super) fn probe(
        &mut self,
        geometry: &Geometry,
        budget: &mut u64,
        pending: &mut Pending,
        progress: &mut ProbeCursor,
    ) -> Option<bool> {
        // The memory each probe copies the position into.
        let mut scratch: Option<Position> = None;
        while let Some(cell) = progress.cell(geometry.cells) {
            if self.digits[cell] == 0 {
                let mut left = progress.untried(self.candidates[cell]);
                while left != 0 {
                    let d = left.trailing_zeros() as usize;
                    left &= left - 1;
                    if *budget == 0 {
                        return None;
                    }
                    *budget -= 1;
                    progress.try_digit(d);
                    let child = match &mut scratch {
                        Some(child) => {
                            child.copy_from(self);
                            child
                        }
                        None => scratch.insert(self.clone()),
                    };
                    if child.place(geometry, cell, d, pending) && child.propagate(geometry, pending)
                    {
                        continue;
                    }
                    pending.clear();
                    if !(self.remove(geometry, cell, 1 << d, pending)
                        && self.propagate(geometry, pending))
                    {
                        pending.clear();
                        return Some(false);
                    }
                    progress.removed();
                    if self.digits[cell] != 0 {
                        break;
                    }
                    left &= self.candidates[cell];
                }
            }
            progress.advance(geometry.cells);
        }
        Some(true)
    }

    /// Narrows each unit whose candidates changed since it was last narrowed so to the
    /// candidates some matching of its open cells to its missing digits uses (all-different
    /// reasoning: it finds every naked and hidden subset, of any size), propagating after each.
    /// `false` on a contradiction, as when some `k` open cells of a unit have fewer than `k`
    /// digits between them: by Hall's theorem, exactly when the unit has no such matching.
    pub(super) fn match_units(&mut self, geometry: &Geometry, pending: &mut Pending) -> bool {
        while self.changed_units != 0 {
            let unit = self.changed_units.trailing_zeros() as usize;
            let cells = geometry.unit(unit);
            let mut candidates = [0u32; 25];
            for (mask, &cell) in candidates.iter_mut().zip(cells) {
                if self.digits[cell] == 0 {
                    *mask = self.candidates[cell];
                }
            }
            let mut kept = candidates;
            if !keep_matched_candidates(&mut kept[..cells.len()]) {
                pending.failed = 1 << unit;
                return false;
            }
            for (k, &cell) in cells.iter().enumerate() {
                let gone = candidates[k] & !kept[k];
                if gone != 0 && !self.remove(geometry, cell, gone, pending) {
                    return false;
                }
            }
            // What it removed leaves the unit matched; propagation notes any unit it changes.
            self.changed_units &= !(1 << unit);
            if !self.propagate(geometry, pending) {
                return false;
            }
        }
        true
    }

    /// The open cells, in reading order. Found 64 at a time from their bits, so that a board's
    /// irregular mix of open and placed cells costs no mispredicted branch per cell.
    pub(super) fn open_cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.open_bits
            .iter()
            .enumerate()
            .flat_map(|(index, &word)| {
                let mut left = word;
                std::iter::from_fn(move || {
                    if left == 0 {
                        return None;
                    }
                    let at = left.trailing_zeros() as usize;
                    left &= left - 1;
                    Some(64 * index + at)
                })
            })
    }

    /// A digit in each of its places in the unit where it has the fewest open places, if that
    /// is fewer than `than`.
    pub(super) fn fewest_places(
        &self,
        geometry: &Geometry,
        than: u32,
    ) -> Option<Vec<(usize, usize)>> {
        let mut fewest = than;
        let mut best = None;
        for (index, &places) in self.places.iter().enumerate() {
            let count = places.count_ones();
            // One place is a placed digit's.
            if count > 1 && count < fewest {
                fewest = count;
                best = Some(index);
            }
        }
        let index = best?;
        let (unit, d) = (index / geometry.side, index % geometry.side);
        let mut places = self.places[index];
        let mut guesses = Vec::new();
        while places != 0 {
            guesses.push((geometry.cell_at(unit, places.trailing_zeros() as usize), d));
            places &= places - 1;
        }
        Some(guesses)
    }
}

/// Every digit of a board of `side` digits.
fn all_digits(side: usize) -> u32 {
    u32::MAX >> (32 - side)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::random::Rng;

    /// The candidates of `cell` after placing `givens` (cell, digit) on an empty 9x9 board.
    fn candidates_after(givens: &[(usize, u8)], cell: usize) -> u32 {
        let mut cells = vec![0; 81];
        for &(at, digit) in givens {
            cells[at] = digit;
        }
        Position::new(&Geometry::new(3), &cells).unwrap().candidates[cell]
    }

    #[test]
    fn open_peers_counts_the_open_cells_sharing_a_unit() {
        let mut rng = Rng::new(16);
        for n in 2..=4 {
            let geometry = Geometry::new(n);
            let side = n * n;
            for _ in 0..20 {
                // A few givens of the board whose row r holds (n * (r % n) + r / n + c) % side + 1
                // at column c, a full board that breaks no rule.
                let mut cells = vec![0u8; geometry.cells];
                for _ in 0..rng.below(geometry.cells / 3) {
                    let cell = rng.below(geometry.cells);
                    let (r, c) = (cell / side, cell % side);
                    cells[cell] = ((n * (r % n) + r / n + c) % side + 1) as u8;
                }
                let position = match Position::new(&geometry, &cells) {
                    Some(position) => position,
                    None => continue,
                };
                for cell in (0..geometry.cells).filter(|&cell| position.digits[cell] == 0) {
                    let units = geometry.units_of[cell];
                    let peers = (0..geometry.cells)
                        .filter(|&other| other != cell && position.digits[other] == 0)
                        .filter(|&other| (0..3).any(|k| geometry.units_of[other][k] == units[k]))
                        .count();
                    assert_eq!(position.open_peers(&geometry, cell) as usize, peers);
                }
            }
        }
    }

    #[test]
    fn a_naked_pair_takes_its_digits_from_the_rest_of_its_units() {
        // 3 to 7 in the first box and 8 and 9 down the first two columns leave cells 0 and 1
        // with 1 and 2 only, so cell 2 (which no given touches otherwise) cannot take either.
        let givens = [
            (9, 3),
            (10, 4),
            (11, 5),
            (18, 6),
            (19, 7),
            (27, 8),
            (64, 8),
            (45, 9),
            (55, 9),
        ];
        assert_eq!(candidates_after(&givens, 0), 0b11);
        assert_eq!(candidates_after(&givens, 1), 0b11);
        assert_eq!(candidates_after(&givens, 2), 0b1_1000_0000);
    }

    #[test]
    fn a_hidden_pair_keeps_only_its_digits() {
        // In the first row, 1 and 2 can only go in cells 0 and 1 (the third column and the
        // other two boxes hold both lower down), so those two cells take nothing else.
        let givens = [(29, 1), (38, 2), (12, 1), (22, 2), (24, 1), (16, 2)];
        assert_eq!(candidates_after(&givens, 0), 0b11);
        assert_eq!(candidates_after(&givens, 1), 0b11);
        assert_eq!(candidates_after(&givens, 9), 0b1_1111_1100);
    }

    /// A full board of `n x n` boxes: the shifted pattern (row `r` holding digit
    /// `(n * (r % n) + r / n + c) % (n * n)` at column `c`, counting from 0), relabelled at
    /// random.
    pub(crate) fn random_full_board(n: usize, rng: &mut Rng) -> Vec<u8> {
        let side = n * n;
        let mut digits: Vec<u8> = (1..=side as u8).collect();
        rng.shuffle(&mut digits);
        (0..side * side)
            .map(|cell| {
                let (r, c) = (cell / side, cell % side);
                digits[(r * n + r / n + c) % side]
            })
            .collect()
    }

    /// Some cells of a random full board of `n x n` boxes, at most one in `share` of them (the
    /// rest 0).
    pub(crate) fn random_givens(n: usize, share: usize, rng: &mut Rng) -> Vec<u8> {
        let full = random_full_board(n, rng);
        let mut cells = vec![0; full.len()];
        for _ in 0..rng.below(full.len() / share) {
            let cell = rng.below(full.len());
            cells[cell] = full[cell];
        }
        cells
    }

    #[test]
    fn the_open_cells_are_the_cells_without_a_digit_in_reading_order() {
        let mut rng = Rng::new(11);
        for n in 2..=5 {
            let geometry = Geometry::new(n);
            for share in [1, 2, 4] {
                let cells = random_givens(n, share, &mut rng);
                let position = Position::new(&geometry, &cells).unwrap();
                let open: Vec<usize> = (0..geometry.cells)
                    .filter(|&cell| position.digits[cell] == 0)
                    .collect();
                assert_eq!(
                    position.open_cells().collect::<Vec<_>>(),
                    open,
                    "{:?}",
                    cells
                );
            }
        }
    }

    /// The position after placing `givens` (cell, digit) on an empty 9x9 board; `None` if
    /// propagation refutes it.
    fn position_after(givens: &[(usize, u8)]) -> Option<Position> {
        let mut cells = vec![0; 81];
        for &(at, digit) in givens {
            cells[at] = digit;
        }
        Position::new(&Geometry::new(3), &cells)
    }

    #[test]
    fn a_segment_with_as_many_digits_as_open_cells_keeps_them_from_its_line_and_box() {
        // On a 16x16 board, 5 to 12 in the first box's other rows and 13 to 16 further along the
        // first row leave its first four cells with 1 to 4 each, while every digit still has two
        // boxes or two segments to go to elsewhere in that row and box: no pair, no digit bound
        // to a segment, but 1 to 4 are those four cells', so the rest of the row and box cannot
        // take them.
        let geometry = Geometry::new(4);
        let mut cells = vec![0; 256];
        let box_givens = [
            (1, 2),
            (1, 3),
            (2, 0),
            (2, 1),
            (3, 0),
            (3, 1),
            (3, 2),
            (3, 3),
        ];
        for (digit, (row, column)) in (5..).zip(box_givens) {
            cells[16 * row + column] = digit;
        }
        let (rest_of_row, rest_of_box) = (5, 16);
        let row_givens = [4, 8, 12, 13];
        // A new position looks at every segment, so given at once, the rule has applied.
        let mut all_given = cells.clone();
        for (digit, &column) in (13..).zip(&row_givens) {
            all_given[column] = digit;
        }
        let at_once = Position::new(&geometry, &all_given).unwrap();
        for cell in [rest_of_row, rest_of_box] {
            assert_eq!(at_once.candidates[cell] & 0b1111, 0, "cell {}", cell);
        }
        // Placed after the rest, the first row's givens look at their own segments only.
        let mut position = Position::new(&geometry, &cells).unwrap();
        let mut pending = Pending::default();
        for (d, &column) in (12..).zip(&row_givens) {
            assert!(position.place(&geometry, column, d, &mut pending));
            assert!(position.propagate(&geometry, &mut pending));
        }
        assert_eq!(position.candidates[..4], [0b1111; 4]);
        for cell in [rest_of_row, rest_of_box] {
            assert_eq!(position.candidates[cell] & 0b1111, 0b1111, "cell {}", cell);
        }
        assert!(position.check_segment(&geometry, 0, 0, &mut pending));
        assert!(position.propagate(&geometry, &mut pending));
        for cell in [rest_of_row, rest_of_box] {
            assert_eq!(position.candidates[cell] & 0b1111, 0, "cell {}", cell);
        }
        assert_eq!(position.candidates[rest_of_box], 0b1111 << 12);
    }

    #[test]
    fn a_segment_with_as_many_digits_bound_to_it_as_open_cells_takes_no_other() {
        // In the first row, 1, 2 and 3 stay out of the second and third boxes (they hold them
        // lower down), so they are bound to cells 0, 1 and 2, which can take nothing else
        // (without the rule, those cells keep every digit).
        let position = position_after(&[(12, 1), (22, 2), (23, 3), (24, 1), (16, 2), (17, 3)]);
        let candidates = position.unwrap().candidates;
        assert_eq!(candidates[..3], [0b0_0000_0111; 3]);
    }

    #[test]
    fn the_segment_rules_refute_four_digits_bound_to_three_cells() {
        // Rows 4 and 5 hold 2, 6, 7 and 8 in their left and middle boxes, so all four must go
        // to the three cells of row 6 in the right box (the 9x9 engine's triad test).
        let text =
            "......345....5.............67..82...8.2.67...................................1...";
        let givens: Vec<(usize, u8)> = (text.bytes().enumerate())
            .filter(|&(_, c)| c != b'.')
            .map(|(cell, c)| (cell, c - b'0'))
            .collect();
        assert!(position_after(&givens).is_none());
    }

    /// The candidates of the open cells of `unit` in `position`.
    fn open_candidates(position: &Position, unit: &[usize]) -> Vec<u32> {
        (unit.iter())
            .filter(|&&cell| position.digits[cell] == 0)
            .map(|&cell| position.candidates[cell])
            .collect()
    }

    /// Whether some `k` open cells of a unit of `position` have fewer than `k` candidates
    /// between them, by trying every set of them.
    fn short_of_digits(geometry: &Geometry, position: &Position) -> bool {
        geometry.units().any(|unit| {
            let open = open_candidates(position, unit);
            (1u32..1 << open.len()).any(|set| {
                let chosen = (0..open.len()).filter(|&i| set >> i & 1 != 0);
                let digits = chosen.fold(0, |union, i| union | open[i]);
                digits.count_ones() < set.count_ones()
            })
        })
    }

    /// Whether some unit of `position` has an open cell with a candidate that no matching of
    /// the unit's open cells to different candidates uses (see `keep_matched_candidates`).
    fn has_unmatched_candidate(geometry: &Geometry, position: &Position) -> bool {
        geometry.units().any(|unit| {
            let open = open_candidates(position, unit);
            let mut kept = open.clone();
            !keep_matched_candidates(&mut kept) || kept != open
        })
    }

    #[test]
    fn matching_units_refutes_every_unit_short_of_digits_and_keeps_only_matched_candidates() {
        // Hall's theorem: a unit's open cells can take its missing digits one each unless some
        // of them are short of digits between them. Random 9x9 positions (broken rules
        // refused), and a climbed 16x16 refutation whose fifth box has five digits for four
        // cells, with more digits given at random.
        let mut rng = Rng::new(0x4A11);
        let (mut narrowed, mut short) = (0, 0);
        let mut check = |n: usize, cells: &[u8]| {
            let geometry = Geometry::new(n);
            if let Some(mut position) = Position::new(&geometry, cells) {
                let is_short = short_of_digits(&geometry, &position);
                let before = position.candidates.clone();
                let matched = position.match_units(&geometry, &mut Pending::default());
                assert!(!(is_short && matched), "{:?}", cells);
                short += usize::from(is_short);
                if matched {
                    assert!(!short_of_digits(&geometry, &position), "{:?}", cells);
                    let unmatched = has_unmatched_candidate(&geometry, &position);
                    assert!(!unmatched, "{:?}", cells);
                    check_bookkeeping(&geometry, &position);
                    narrowed += usize::from(position.candidates != before);
                }
            }
        };
        for _ in 0..2_000 {
            let mut cells = vec![0u8; 81];
            for _ in 0..8 + rng.below(12) {
                cells[rng.below(81)] = 1 + rng.below(9) as u8;
            }
            check(3, &cells);
        }
        // Some of a full board's digits: solvable, so never refuted, and narrowed now and then.
        for _ in 0..2_000 {
            let full = random_full_board(3, &mut rng);
            let mut cells = vec![0u8; 81];
            for _ in 0..18 + rng.below(12) {
                let cell = rng.below(81);
                cells[cell] = full[cell];
            }
            check(3, &cells);
        }
        let climbed: Vec<u8> = "...N..I.J..E.......AC..N.O.....F.....J........MAF....D....AC.O..C.....O.....B.N.K.FP..AG...................N........N...............P....C...K...PE...L......G.IHK.....D............I....L.F.P...F.....E....C..................PI.....JL..P..A.G.......P...M.F.K"
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'A' + 1 })
            .collect();
        for _ in 0..20 {
            let mut cells = climbed.clone();
            for _ in 0..rng.below(4) {
                cells[rng.below(256)] = 1 + rng.below(16) as u8;
            }
            check(4, &cells);
        }
        assert!(narrowed > 10 && short > 2, "{} {}", narrowed, short);
    }

    #[test]
    fn propagation_keeps_every_solution() {
        // Boards of a known full board with more and more of its cells given.
        let mut rng = Rng::new(0x5E6);
        for round in 0..30 {
            let n = 2 + round % 3;
            let geometry = Geometry::new(n);
            let full = random_full_board(n, &mut rng);
            let mut order: Vec<usize> = (0..full.len()).collect();
            rng.shuffle(&mut order);
            let mut cells = vec![0; full.len()];
            for &cell in &order {
                cells[cell] = full[cell];
                let mut position = Position::new(&geometry, &cells).expect("a solvable board");
                assert!(position.match_units(&geometry, &mut Pending::default()));
                for (cell, &digit) in full.iter().enumerate() {
                    let kept = position.candidates[cell] >> (digit - 1) & 1;
                    assert_eq!(kept, 1, "round {}", round);
                }
                if position.open == 0 {
                    break;
                }
            }
        }
    }

    /// Checks that the place masks, digits and open counts of `position` agree with its
    /// candidates.
    fn check_bookkeeping(geometry: &Geometry, position: &Position) {
        let side = geometry.side;
        let mut open_in = vec![0; position.open_in.len()];
        for cell in 0..geometry.cells {
            let digit = position.digits[cell];
            if digit == 0 {
                for &group in geometry.units_of[cell]
                    .iter()
                    .chain(&geometry.segments_of[cell])
                {
                    open_in[group] += 1;
                }
            } else {
                assert_eq!(position.candidates[cell], 1 << (digit - 1));
            }
            for (k, &unit) in geometry.units_of[cell].iter().enumerate() {
                for d in 0..side {
                    let place = position.places[unit * side + d] >> geometry.places_of[cell][k];
                    assert_eq!(place & 1, position.candidates[cell] >> d & 1);
                }
            }
        }
        assert_eq!(open_in, position.open_in);
        let open: Vec<usize> = (0..geometry.cells)
            .filter(|&cell| position.digits[cell] == 0)
            .collect();
        assert_eq!(position.open, open.len());
        assert_eq!(position.open_cells().collect::<Vec<_>>(), open);
    }

    #[test]
    fn a_new_position_narrows_at_least_as_far_as_placing_its_givens_one_by_one() {
        const ROUNDS: usize = 300;
        let mut rng = Rng::new(0xB01D);
        for round in 0..ROUNDS {
            let n = 2 + round % 3;
            let geometry = Geometry::new(n);
            let cells = random_givens(n, 2, &mut rng);
            let at_once = Position::new(&geometry, &cells).expect("a solvable board");
            check_bookkeeping(&geometry, &at_once);
            let mut one_by_one = Position::new(&geometry, &vec![0; cells.len()]).unwrap();
            let mut pending = Pending::default();
            for (cell, &digit) in cells.iter().enumerate() {
                if digit != 0 && one_by_one.digits[cell] == 0 {
                    assert!(one_by_one.place(
                        &geometry,
                        cell,
                        usize::from(digit - 1),
                        &mut pending
                    ));
                    assert!(one_by_one.propagate(&geometry, &mut pending));
                }
            }
            for cell in 0..cells.len() {
                let (built, placed) = (at_once.candidates[cell], one_by_one.candidates[cell]);
                assert_eq!(built & !placed, 0, "round {}, cell {}", round, cell);
            }
        }
    }
}
