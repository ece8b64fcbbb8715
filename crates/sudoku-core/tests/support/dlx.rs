//! An independent reference for the differential tests: exact cover by Knuth's dancing links,
//! a different algorithm from the engine's, so agreement between the two means something.

/// An exact-cover matrix: primary columns must be covered exactly once, secondary ones at most
/// once.
pub struct ExactCover {
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    column: Vec<usize>,
    row: Vec<usize>,
    size: Vec<usize>,
    chosen: Vec<usize>,
}

impl ExactCover {
    /// A matrix with columns `0..primary` primary and `primary..primary + secondary` secondary.
    pub fn new(primary: usize, secondary: usize) -> Self {
        let columns = primary + secondary;
        // Node 0 is the root; nodes 1..=columns are the column headers.
        let mut cover = ExactCover {
            left: Vec::new(),
            right: Vec::new(),
            up: Vec::new(),
            down: Vec::new(),
            column: Vec::new(),
            row: Vec::new(),
            size: vec![0; columns + 1],
            chosen: Vec::new(),
        };
        for node in 0..=columns {
            cover.left.push(node);
            cover.right.push(node);
            cover.up.push(node);
            cover.down.push(node);
            cover.column.push(node);
            cover.row.push(usize::MAX);
        }
        // Link the root and the primary headers in a ring; secondary headers stay alone.
        for node in 0..=primary {
            let next = if node == primary { 0 } else { node + 1 };
            cover.right[node] = next;
            cover.left[next] = node;
        }
        cover
    }

    /// Adds row `id` with a 1 in each of `columns`.
    pub fn add_row(&mut self, id: usize, columns: &[usize]) {
        let mut first: Option<usize> = None;
        for &col in columns {
            let header = col + 1;
            let node = self.left.len();
            let last = self.up[header];
            self.up.push(last);
            self.down.push(header);
            self.down[last] = node;
            self.up[header] = node;
            self.column.push(header);
            self.row.push(id);
            self.size[header] += 1;
            match first {
                None => {
                    self.left.push(node);
                    self.right.push(node);
                    first = Some(node);
                }
                Some(first) => {
                    let before = self.left[first];
                    self.left.push(before);
                    self.right.push(first);
                    self.right[before] = node;
                    self.left[first] = node;
                }
            }
        }
    }

    fn cover(&mut self, header: usize) {
        let (l, r) = (self.left[header], self.right[header]);
        self.right[l] = r;
        self.left[r] = l;
        let mut i = self.down[header];
        while i != header {
            let mut j = self.right[i];
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = d;
                self.up[d] = u;
                self.size[self.column[j]] -= 1;
                j = self.right[j];
            }
            i = self.down[i];
        }
    }

    fn uncover(&mut self, header: usize) {
        let mut i = self.up[header];
        while i != header {
            let mut j = self.left[i];
            while j != i {
                self.size[self.column[j]] += 1;
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = j;
                self.up[d] = j;
                j = self.left[j];
            }
            i = self.up[i];
        }
        let (l, r) = (self.left[header], self.right[header]);
        self.right[l] = header;
        self.left[r] = header;
    }

    /// Calls `visit` with the row ids of each exact cover until it returns `false`; returns
    /// `false` if it did. Always covers the primary column with the fewest rows next.
    pub fn search(&mut self, visit: &mut dyn FnMut(&[usize]) -> bool) -> bool {
        if self.right[0] == 0 {
            let rows: Vec<usize> = self.chosen.iter().map(|&node| self.row[node]).collect();
            return visit(&rows);
        }
        let mut header = self.right[0];
        let mut best = header;
        while header != 0 {
            if self.size[header] == 0 {
                return true;
            }
            if self.size[header] < self.size[best] {
                best = header;
            }
            header = self.right[header];
        }
        self.cover(best);
        let mut node = self.down[best];
        let mut go_on = true;
        while node != best && go_on {
            self.chosen.push(node);
            let mut j = self.right[node];
            while j != node {
                self.cover(self.column[j]);
                j = self.right[j];
            }
            go_on = self.search(visit);
            let mut j = self.left[node];
            while j != node {
                self.uncover(self.column[j]);
                j = self.left[j];
            }
            self.chosen.pop();
            node = self.down[node];
        }
        self.uncover(best);
        go_on
    }
}
