//! When a learning search (either engine's) restarts: after runs of contradictions whose lengths
//! follow Luby's sequence, or when its latest clauses grow worse than its average (the rule of the
//! SAT solver Glucose). A restart takes back every decision but a question's assumptions, and keeps
//! every clause learnt.

/// How many of the latest learnt clauses [`Restarts::Glucose`] weighs against all of them.
const RECENT: usize = 50;

/// How much worse than the average the latest clauses must be before [`Restarts::Glucose`]
/// restarts: their mean span, times this, above the mean span of all (Glucose's figure).
const WORSE: f64 = 0.8;

/// A restart rule, with what it has counted since the search began.
pub(crate) enum Restarts {
    /// Restart after `unit` contradictions, then after `unit` times each term of Luby's
    /// sequence in turn (1, 1, 2, 1, 1, 2, 4, ...): a run that needs many contradictions always
    /// gets them eventually, and most runs stay short.
    Luby {
        unit: u64,
        /// Runs ended so far.
        runs: u32,
        /// Contradictions left in this run.
        left: u64,
    },
    /// Restart when the latest [`RECENT`] clauses learnt spanned more decision levels, on
    /// average, than all clauses learnt so far by the factor [`WORSE`] allows: the search has
    /// wandered somewhere its clauses say little, and the decisions of the most active
    /// propositions may lead somewhere better.
    Glucose {
        /// The latest spans, as a ring: `next` is where the next one goes.
        recent: Box<[u32; RECENT]>,
        next: usize,
        /// How many of `recent` are of the present run (the rest are of an earlier one).
        filled: usize,
        recent_sum: u64,
        all_sum: u64,
        all_count: u64,
    },
}

impl Restarts {
    /// Luby's runs in `unit` contradictions.
    pub(crate) fn luby(unit: u64) -> Restarts {
        Restarts::Luby {
            unit,
            runs: 0,
            left: unit,
        }
    }

    /// Glucose's rule.
    pub(crate) fn glucose() -> Restarts {
        Restarts::Glucose {
            recent: Box::new([0; RECENT]),
            next: 0,
            filled: 0,
            recent_sum: 0,
            all_sum: 0,
            all_count: 0,
        }
    }

    /// Counts a contradiction, whose learnt clause spans `span` decision levels.
    pub(crate) fn contradiction(&mut self, span: u32) {
        match self {
            Restarts::Luby { left, .. } => *left = left.saturating_sub(1),
            Restarts::Glucose {
                recent,
                next,
                filled,
                recent_sum,
                all_sum,
                all_count,
            } => {
                if *filled == RECENT {
                    *recent_sum -= u64::from(recent[*next]);
                } else {
                    *filled += 1;
                }
                recent[*next] = span;
                *recent_sum += u64::from(span);
                *next = (*next + 1) % RECENT;
                *all_sum += u64::from(span);
                *all_count += 1;
            }
        }
    }

    /// Whether the search should restart now; if so, the next run starts counting.
    pub(crate) fn due(&mut self) -> bool {
        match self {
            Restarts::Luby { unit, runs, left } => {
                if *left > 0 {
                    return false;
                }
                *runs += 1;
                *left = *unit * luby(*runs);
                true
            }
            Restarts::Glucose {
                filled,
                recent_sum,
                all_sum,
                all_count,
                ..
            } => {
                // recent_sum / RECENT * WORSE > all_sum / all_count, without the divisions.
                let worse = *filled == RECENT
                    && *recent_sum as f64 * WORSE * *all_count as f64
                        > (*all_sum * RECENT as u64) as f64;
                if worse {
                    *filled = 0;
                    *recent_sum = 0;
                }
                worse
            }
        }
    }
}

/// The `i`-th term (from 1) of the Luby sequence: 1, 1, 2, 1, 1, 2, 4, 1, ...
fn luby(i: u32) -> u64 {
    // Terms 2^k - 1 end a run that peaks at 2^(k - 1); the terms after it repeat the sequence.
    let mut i = u64::from(i);
    loop {
        let k = 64 - i.leading_zeros();
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lengths of the first `count` runs `restarts` allows, in contradictions, each
    /// contradiction's clause spanning `span(k)` levels for the `k`-th contradiction.
    fn runs(restarts: &mut Restarts, count: usize, span: impl Fn(u64) -> u32) -> Vec<u64> {
        let (mut lengths, mut length, mut k) = (Vec::new(), 0, 0);
        while lengths.len() < count && k < 100_000 {
            restarts.contradiction(span(k));
            k += 1;
            length += 1;
            if restarts.due() {
                lengths.push(length);
                length = 0;
            }
        }
        lengths
    }

    #[test]
    fn luby_runs_follow_the_sequence_in_their_unit() {
        let lengths = runs(&mut Restarts::luby(32), 16, |_| 3);
        let terms = [1, 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8];
        let expected: Vec<u64> = terms.iter().map(|t| 32 * t).collect();
        assert_eq!(lengths, expected);
    }

    #[test]
    fn glucose_restarts_only_when_the_latest_clauses_grow_worse() {
        // Clauses of a steady span never look worse than the average.
        assert!(runs(&mut Restarts::glucose(), 1, |_| 7).is_empty());
        // After 1,000 clauses of span 5, spans of 10: the 14th lifts the window's mean to 6.4,
        // and 0.8 times that is 5.12, above the mean of all (5,140 / 1,014, about 5.07); after
        // the 13th, 0.8 times 6.3 is 5.04, still below (5,130 / 1,013, about 5.06).
        let mut restarts = Restarts::glucose();
        let lengths = runs(&mut restarts, 3, |k| if k < 1000 { 5 } else { 10 });
        assert_eq!(lengths[0], 1014);
        // Each later run needs a full window of its own: the rule forgets the one it restarted
        // on, and a full window of tens is worse than the average.
        assert!(lengths[1..].iter().all(|&length| length == RECENT as u64));
    }
}
