//! Which candidates of a unit's open cells some matching of those cells to different
//! candidates uses, for both engines: the rest can go, and there is no matching at all (by
//! Hall's theorem) exactly when some `k` of the cells have fewer than `k` candidates between
//! them, a shortage propagation sees only for small `k` and branching may take very long to
//! find.

/// Narrows each cell of `cells` that has candidates (bit `d` for digit `d + 1`, at most 32
/// cells and 32 digits; 0 for a cell already filled, which takes no part) to the candidates it
/// takes in some matching of every such cell to a different candidate: removes exactly what no
/// such matching uses (all-different reasoning: every naked and hidden subset of any size).
/// `false`, leaving `cells` as they were, if there is no matching at all. Cell by cell, each
/// takes a candidate no earlier cell holds or, failing that, one whose holder can move to
/// another of its own (an augmenting path).
pub(crate) fn keep_matched_candidates(cells: &mut [u32]) -> bool {
    let mut holder = [0usize; 32];
    let mut taken = 0;
    let mut members = 0u32;
    for cell in 0..cells.len() {
        if cells[cell] != 0 {
            if !augment(cells, cell, &mut holder, &mut taken, &mut 0) {
                return false;
            }
            members |= 1 << cell;
        }
    }
    // Cell `x` leads to cell `y` if it could take the digit `y` holds instead of its own.
    let (mut next, mut back, mut held) = ([0u32; 32], [0u32; 32], [0u32; 32]);
    let mut digits = taken;
    while digits != 0 {
        let d = digits.trailing_zeros() as usize;
        digits &= digits - 1;
        held[holder[d]] = 1 << d;
    }
    let (mut free, mut near_free) = (0, 0);
    let mut from = members;
    while from != 0 {
        let x = from.trailing_zeros() as usize;
        from &= from - 1;
        free |= cells[x] & !taken;
        near_free |= u32::from(cells[x] & !taken != 0) << x;
        let mut others = cells[x] & taken & !held[x];
        while others != 0 {
            let y = holder[others.trailing_zeros() as usize];
            others &= others - 1;
            next[x] |= 1 << y;
            back[y] |= 1 << x;
        }
    }
    // A digit no cell holds can be taken by any cell that has it, whose own digit can then be
    // taken by any cell that leads to it, and so on back: the movable cells keep those digits.
    // Any other candidate of `x`, held by `y`, is in some matching exactly when `y` leads back
    // to `x` (along the cycle each cell takes the next one's digit): when both are in one
    // strongly connected part of this graph.
    let movable = reached(&back, near_free, members);
    let mut left = members;
    while left != 0 {
        let start = 1 << left.trailing_zeros();
        let part = if movable & start != 0 {
            movable
        } else {
            reached(&next, start, left) & reached(&back, start, left)
        };
        left &= !part;
        let keep = free | digits_held(&held, part);
        let mut cells_of_part = part;
        while cells_of_part != 0 {
            cells[cells_of_part.trailing_zeros() as usize] &= keep;
            cells_of_part &= cells_of_part - 1;
        }
    }
    true
}

/// The digits the `cells` hold, by `held` (each cell's digit as a bit).
fn digits_held(held: &[u32; 32], mut cells: u32) -> u32 {
    let mut digits = 0;
    while cells != 0 {
        digits |= held[cells.trailing_zeros() as usize];
        cells &= cells - 1;
    }
    digits
}

/// The cells among `within` that the cells `from` reach along `edges` (bit `y` of `edges[x]`
/// for an edge from `x` to `y`), `from` among them.
fn reached(edges: &[u32; 32], from: u32, within: u32) -> u32 {
    let (mut seen, mut frontier) = (from, from);
    while frontier != 0 {
        let mut ahead = 0;
        while frontier != 0 {
            ahead |= edges[frontier.trailing_zeros() as usize];
            frontier &= frontier - 1;
        }
        frontier = ahead & within & !seen;
        seen |= frontier;
    }
    seen
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

    /// Whether `cells` have a matching, by [`keep_matched_candidates`].
    fn cells_matched(cells: &[u32]) -> bool {
        keep_matched_candidates(&mut cells.to_vec())
    }

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

    /// Each cell's candidates used by some matching of every cell to a different candidate,
    /// found by trying every such matching (`None` if there is none).
    fn used_by_some_matching(cells: &[u32]) -> Option<Vec<u32>> {
        fn extend(cells: &[u32], k: usize, taken: u32, chosen: &mut Vec<u32>, used: &mut [u32]) {
            if k == cells.len() {
                for (u, &c) in used.iter_mut().zip(chosen.iter()) {
                    *u |= c;
                }
                return;
            }
            if cells[k] == 0 {
                chosen.push(0);
                extend(cells, k + 1, taken, chosen, used);
                chosen.pop();
                return;
            }
            let mut left = cells[k] & !taken;
            while left != 0 {
                let bit = left & left.wrapping_neg();
                left &= left - 1;
                chosen.push(bit);
                extend(cells, k + 1, taken | bit, chosen, used);
                chosen.pop();
            }
        }
        let mut used = vec![0; cells.len()];
        extend(cells, 0, 0, &mut Vec::new(), &mut used);
        let matched = cells.iter().zip(&used).all(|(&c, &u)| c == 0 || u != 0);
        if matched {
            Some(used)
        } else {
            None
        }
    }

    #[test]
    fn keeping_matched_candidates_keeps_exactly_those_some_matching_uses() {
        let mut rng = crate::random::Rng::new(7);
        let (mut narrowed, mut refuted) = (0, 0);
        for _ in 0..20_000 {
            let (count, digits) = (1 + rng.below(7), 1 + rng.below(7));
            let cells: Vec<u32> = (0..count)
                .map(|_| match rng.below(4) {
                    0 => 0,
                    _ => (rng.next_u64() as u32 & ((1 << digits) - 1)) | 1 << rng.below(digits),
                })
                .collect();
            let mut kept = cells.clone();
            let expected = used_by_some_matching(&cells);
            assert_eq!(
                keep_matched_candidates(&mut kept),
                expected.is_some(),
                "{:?}",
                cells
            );
            match expected {
                Some(used) => {
                    assert_eq!(kept, used, "{:?}", cells);
                    narrowed += usize::from(kept != cells);
                }
                None => {
                    assert_eq!(kept, cells);
                    refuted += 1;
                }
            }
        }
        assert!(
            narrowed > 1000 && refuted > 1000,
            "{} {}",
            narrowed,
            refuted
        );
    }
}
