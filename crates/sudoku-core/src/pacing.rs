//! What a learning search's decisions (either engine's) cost in the guesses a portfolio's turns
//! are budgeted in, so that it shares time with the cell rules by the work it does rather than
//! by the decisions it makes.

use crate::activity::Ranking;

/// The price of a learning search's decisions, paid from the budgets of its runs.
///
/// A decision costs the guesses the search's work since the one before is worth, at least one,
/// and is made once paid for in full, over several runs if their budgets are small. The
/// proposition a run chose but could not pay for is the next run's, rather than chosen afresh
/// (where a tie in activity could pick another), so that a search split into runs decides as
/// it would in one: the portfolio's replays (`simulate` in `sudoku-bench`) rely on that.
pub(crate) struct Pacing {
    /// The work a guess is worth, in the search's units of work.
    work_per_guess: u64,
    /// The search's work as of the last decision.
    work_at_decision: u64,
    /// What the next decision still owes, in guesses (0 once it is paid, or before it is priced).
    owed: u64,
    /// The proposition chosen for the next decision and not yet paid for.
    chosen: Option<u32>,
}

impl Pacing {
    /// Decisions of a search whose guesses are each worth `work_per_guess` units of its work.
    pub(crate) fn new(work_per_guess: u64) -> Pacing {
        Pacing {
            work_per_guess,
            work_at_decision: 0,
            owed: 0,
            chosen: None,
        }
    }

    /// The proposition a run chose and could not pay for, if any: the next decision's, before
    /// anything else is chosen.
    pub(crate) fn unpaid(&mut self) -> Option<u32> {
        self.chosen.take()
    }

    /// Pays from `budget` for a decision on `v`, the search's work standing at `work`: `true`
    /// once it is paid in full (decide it now); `false` if `budget` ran out first, leaving it
    /// at 0 and `v` the next run's choice.
    pub(crate) fn pay(&mut self, v: u32, work: u64, budget: &mut u64) -> bool {
        if self.owed == 0 {
            self.owed = ((work - self.work_at_decision) / self.work_per_guess).max(1);
            self.work_at_decision = work;
        }
        if *budget < self.owed {
            self.owed -= *budget;
            *budget = 0;
            self.chosen = Some(v);
            return false;
        }
        *budget -= std::mem::take(&mut self.owed);
        true
    }

    /// Puts a choice not yet paid for back in `ranking`, to be chosen afresh: the search has
    /// been asked something new (its start narrowed, a solution ruled out), and the choice may
    /// no longer be open. What was paid towards it counts towards the next decision.
    pub(crate) fn choose_afresh(&mut self, ranking: &mut Ranking) {
        if let Some(v) = self.chosen.take() {
            ranking.insert(v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decision_costs_the_guesses_its_work_is_worth_over_as_many_runs_as_it_takes() {
        let mut pacing = Pacing::new(10);
        let mut budget = 100;
        // Nothing done yet: a decision still costs one guess.
        assert!(pacing.pay(7, 5, &mut budget));
        assert_eq!(budget, 99);
        // 95 units since: nine guesses, paid four, then five more.
        let mut budget = 4;
        assert!(!pacing.pay(8, 100, &mut budget));
        assert_eq!(budget, 0);
        assert_eq!(pacing.unpaid(), Some(8));
        let mut budget = 6;
        assert!(pacing.pay(8, 100, &mut budget));
        assert_eq!(budget, 1);
        assert_eq!(pacing.unpaid(), None);
    }

    #[test]
    fn a_choice_chosen_afresh_is_ranked_again_and_what_was_paid_counts_towards_the_next() {
        let mut pacing = Pacing::new(10);
        let mut ranking = Ranking::new(vec![0.0; 8], std::iter::once(2));
        let mut budget = 2;
        assert!(!pacing.pay(3, 50, &mut budget));
        pacing.choose_afresh(&mut ranking);
        assert_eq!(pacing.unpaid(), None);
        let mut ranked = std::iter::from_fn(|| ranking.pop()).collect::<Vec<_>>();
        ranked.sort_unstable();
        assert_eq!(ranked, [2, 3], "the choice is ranked again");
        let mut budget = 3;
        assert!(pacing.pay(4, 80, &mut budget), "3 of 5 guesses owed");
        assert_eq!(budget, 0);
    }
}
