//! Whether a unit's open cells can take different candidates, for both engines: by Hall's
//! theorem they can unless some `k` of them have fewer than `k` candidates between them, a
//! shortage propagation sees only for small `k` and branching may take very long to find.

/// Whether every cell of `cells` that has candidates (bit `d` for digit `d + 1`, at most 32
/// digits; 0 for a cell already filled, which takes no part) can take a different one of
/// them. Cell by cell, each takes a candidate no earlier cell holds or, failing that, one whose
/// holder can move to another of its own (an augmenting path).
pub(crate) fn cells_matched(cells: &[u32]) -> bool {
    // `holder[d]`: the cell that holds digit `d + 1`, where `taken` has bit `d`.
    let mut holder = [0usize; 32];
    let mut taken = 0;
    (0..cells.len())
        .all(|cell| cells[cell] == 0 || augment(cells, cell, &mut holder, &mut taken, &mut 0))
}

/// Finds `cell` a candidate: a free one if it has one, otherwise one whose holder can move,
/// none of the digits `tried` again. `false` if there is no way.
fn augment(
    cells: &[u32],
    cell: usize,
    holder: &mut [usize; 32],
    taken: &mut u32,
    tried: &mut u32,
) -> bool {
    let candidates = cells[cell];
    let free = candidates & !*taken;
    if free != 0 {
        let d = free.trailing_zeros() as usize;
        *taken |= 1 << d;
        holder[d] = cell;
        return true;
    }
    loop {
        let untried = candidates & !*tried;
        if untried == 0 {
            return false;
        }
        let d = untried.trailing_zeros() as usize;
        *tried |= 1 << d;
        if augment(cells, holder[d], holder, taken, tried) {
            holder[d] = cell;
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_match_unless_some_share_too_few_candidates() {
        // Three cells that share two candidates, beside others that would do.
        assert!(!cells_matched(&[0b11, 0b11, 0, 0b11, 0b1100]));
        assert!(!cells_matched(&[0b11, 0b10, 0b01]));
        // The first cell must give up its first candidate to the second: a matching only an
        // augmenting path finds.
        assert!(cells_matched(&[0b11, 0b01]));
        assert!(cells_matched(&[0b110, 0b011, 0b001]));
        assert!(cells_matched(&[0; 9]));
        assert!(cells_matched(&[]));
        // Five cells with four digits between them, among 25 (the family's largest units).
        let mut cells = [1u32 << 24; 25];
        for (k, cell) in cells.iter_mut().enumerate().take(20) {
            *cell = 1 << (k + 4);
        }
        cells[20..].copy_from_slice(&[0b1111; 5]);
        assert!(!cells_matched(&cells));
        cells[24] = 1 << 24;
        assert!(cells_matched(&cells));
    }
}
