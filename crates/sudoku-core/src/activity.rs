//! The propositions a learning search may decide next, ranked by activity: how much each took
//! part in recent contradictions (both engines' learning searches keep one).

/// Each proposition's activity, and the unassigned ones (with some assigned since they were put
/// back) by it.
pub(crate) struct Ranking {
    activity: Vec<f64>,
    /// What the next contradiction adds to the activity of each proposition it involves: it
    /// grows as contradictions pass, so that the latest weigh the most.
    bump: f64,
    queue: ActivityQueue,
}

impl Ranking {
    /// `propositions` (each below the length of `activity`) ranked by `activity`.
    pub(crate) fn new(activity: Vec<f64>, propositions: impl Iterator<Item = u32>) -> Ranking {
        let queue = ActivityQueue::new(activity.len(), propositions, &activity);
        Ranking {
            activity,
            bump: 1.0,
            queue,
        }
    }

    /// Makes proposition `v` more active, as having just taken part in a contradiction.
    pub(crate) fn bump(&mut self, v: usize) {
        self.activity[v] += self.bump;
        if self.activity[v] > 1e100 {
            self.activity.iter_mut().for_each(|a| *a *= 1e-100);
            self.bump *= 1e-100;
        }
        self.queue.raise(v as u32, &self.activity);
    }

    /// Makes the contradictions so far weigh less than the next ones.
    pub(crate) fn decay(&mut self) {
        self.bump /= 0.95;
    }

    /// Puts `v` back among those to decide, if it is not there.
    pub(crate) fn insert(&mut self, v: u32) {
        self.queue.insert(v, &self.activity);
    }

    /// Takes out the most active proposition.
    pub(crate) fn pop(&mut self) -> Option<u32> {
        self.queue.pop(&self.activity)
    }
}

/// Propositions by activity, the most active on top.
struct ActivityQueue {
    items: Vec<u32>,
    /// Per proposition, its index in `items`, or `u32::MAX` if absent.
    at: Vec<u32>,
}

impl ActivityQueue {
    /// The `propositions` (each below `count`) by `activity`.
    fn new(
        count: usize,
        propositions: impl Iterator<Item = u32>,
        activity: &[f64],
    ) -> ActivityQueue {
        let mut items: Vec<u32> = propositions.collect();
        // Sorted, the most active first, the items are a heap.
        items.sort_by(|&a, &b| activity[b as usize].total_cmp(&activity[a as usize]));
        let mut at = vec![u32::MAX; count];
        for (k, &v) in items.iter().enumerate() {
            at[v as usize] = k as u32;
        }
        ActivityQueue { items, at }
    }

    /// Moves the item at `k` up or down to where its activity puts it.
    fn place(&mut self, mut k: usize, activity: &[f64]) {
        let key = |queue: &ActivityQueue, k: usize| activity[queue.items[k] as usize];
        while k > 0 && key(self, (k - 1) / 2) < key(self, k) {
            self.swap(k, (k - 1) / 2);
            k = (k - 1) / 2;
        }
        loop {
            let mut best = k;
            for child in [2 * k + 1, 2 * k + 2] {
                if child < self.items.len() && key(self, child) > key(self, best) {
                    best = child;
                }
            }
            if best == k {
                return;
            }
            self.swap(k, best);
            k = best;
        }
    }

    fn swap(&mut self, a: usize, b: usize) {
        self.items.swap(a, b);
        self.at[self.items[a] as usize] = a as u32;
        self.at[self.items[b] as usize] = b as u32;
    }

    /// Adds `v` if absent.
    fn insert(&mut self, v: u32, activity: &[f64]) {
        if self.at[v as usize] == u32::MAX {
            self.at[v as usize] = self.items.len() as u32;
            self.items.push(v);
            self.place(self.items.len() - 1, activity);
        }
    }

    /// Moves `v`, if present, to where its activity (which only grows) now puts it.
    fn raise(&mut self, v: u32, activity: &[f64]) {
        let k = self.at[v as usize];
        if k != u32::MAX {
            self.place(k as usize, activity);
        }
    }

    /// Takes out the most active proposition.
    fn pop(&mut self, activity: &[f64]) -> Option<u32> {
        let top = *self.items.first()?;
        let last = self.items.len() - 1;
        self.swap(0, last);
        self.items.pop();
        self.at[top as usize] = u32::MAX;
        if !self.items.is_empty() {
            self.place(0, activity);
        }
        Some(top)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Rng;

    #[test]
    fn the_queue_gives_the_most_active_proposition_first() {
        let mut rng = Rng::new(0x4EA9);
        let (count, side) = (8 << 5, 9);
        let propositions = (0..count as u32).filter(|&v| (v & 31) < side as u32);
        let mut activity: Vec<f64> = (0..count).map(|_| rng.below(1000) as f64).collect();
        let mut queue = ActivityQueue::new(count, propositions, &activity);
        // Some grow, as contradictions bump them, and some are taken out and put back.
        for _ in 0..50 {
            let v = rng.below(count) & !31 | rng.below(side);
            activity[v] += 500.0;
            queue.raise(v as u32, &activity);
        }
        let taken: Vec<u32> = (0..20).filter_map(|_| queue.pop(&activity)).collect();
        for &v in &taken {
            queue.insert(v, &activity);
        }
        let mut order = Vec::new();
        while let Some(v) = queue.pop(&activity) {
            order.push(activity[v as usize]);
        }
        assert_eq!(order.len(), 8 * side);
        assert!(order.windows(2).all(|pair| pair[0] >= pair[1]));
    }
}
