//! Guess budgets, the schedule on which both engines' portfolios give their strategies turns,
//! and what the searches that take those turns share: why a search stopped, and how it resumes.

use std::ops::ControlFlow;

/// How many guesses a search may make in all, and how many it has made.
pub(crate) struct Effort {
    limit: u64,
    /// The guesses made so far.
    pub(crate) spent: u64,
}

impl Effort {
    /// At most `limit` guesses.
    pub(crate) fn limited(limit: u64) -> Effort {
        Effort { limit, spent: 0 }
    }

    /// As many guesses as it takes.
    pub(crate) fn unlimited() -> Effort {
        Effort::limited(u64::MAX)
    }

    /// The guesses still allowed.
    pub(crate) fn left(&self) -> u64 {
        self.limit - self.spent
    }

    /// Runs `attempt` on a budget of `budget` guesses, or fewer if fewer are left, and counts
    /// the guesses it made.
    pub(crate) fn spend<T>(&mut self, budget: u64, attempt: impl FnOnce(&mut u64) -> T) -> T {
        let granted = budget.min(self.left());
        let mut left = granted;
        let result = attempt(&mut left);
        self.spent += granted - left;
        result
    }
}

/// Why a search stopped before exhausting its tree.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Stop {
    /// The visitor asked to stop.
    Visitor,
    /// The guess budget ran out.
    Budget,
}

/// One run of a search that stops when its guess budget runs out, keeping the positions where
/// it stopped so that its next run can go on from them.
pub(crate) trait Resumable {
    /// A position where the search stopped, with what was left to do there.
    type Frame;

    /// The search from `frame` on, as it would have gone on had it not stopped there.
    fn resume(&mut self, frame: Self::Frame) -> ControlFlow<Stop>;

    /// The positions where this run stopped, the deepest first.
    fn suspended(&mut self) -> &mut Vec<Self::Frame>;
}

/// Resumes, in order, the positions where a search stopped (the deepest first), until one of
/// them stops it again or all are done, and returns how the last one ended. A run stopped again
/// for its budget keeps the positions it did not resume, after those it stopped at anew, so
/// that its next run goes on where this one stopped.
pub(crate) fn resume_in_order<R: Resumable>(
    run: &mut R,
    frames: Vec<R::Frame>,
) -> ControlFlow<Stop> {
    let mut frames = frames.into_iter();
    while let Some(frame) = frames.next() {
        let flow = run.resume(frame);
        if flow.is_break() {
            if flow == ControlFlow::Break(Stop::Budget) {
                run.suspended().extend(frames);
            }
            return flow;
        }
    }
    ControlFlow::Continue(())
}

/// A portfolio's schedule: one strategy alone first (one as fast as any on ordinary boards), on
/// a budget that covers them; then rounds in which every strategy takes a turn, on a budget
/// that doubles each round times the strategy's share. A strategy whose turns resume its search
/// loses nothing to the split; one whose turns start afresh repeats its earlier turns' work.
pub(crate) struct Schedule<'a, S> {
    /// The strategy tried first, and its budget.
    pub(crate) first: (S, u64),
    /// Every strategy with its share of each round, in the order they take turns; none for a
    /// schedule that is its first turn alone.
    pub(crate) rounds: &'a [(S, u64)],
    /// The budget of a share in the first round.
    pub(crate) round_budget: u64,
}

/// How far a run of a [`Schedule`] got, for [`Schedule::resume`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Progress<S> {
    /// A turn to take, once, before the schedule's first, while it has not been taken.
    lead: Option<(S, u64)>,
    /// 0 for the first turn, `k + 1` for the turn of `rounds[k]`.
    turn: usize,
    /// The budget of a share in the current round (set when the rounds begin).
    share: u64,
    /// What is left of the current turn's budget, if a run stopped inside it.
    left: Option<u64>,
}

impl<S> Default for Progress<S> {
    /// No turn taken yet.
    fn default() -> Self {
        Progress {
            lead: None,
            turn: 0,
            share: 0,
            left: None,
        }
    }
}

impl<S> Progress<S> {
    /// No turn taken yet, and `strategy` to take first, on `budget`, before the schedule's own.
    pub(crate) fn led_by(strategy: S, budget: u64) -> Self {
        Progress {
            lead: Some((strategy, budget)),
            ..Progress::default()
        }
    }

    /// The strategy whose turn is being taken (after an answer, the one that answered).
    pub(crate) fn turn_of(&self, schedule: &Schedule<'_, S>) -> S
    where
        S: Copy,
    {
        match (self.lead, self.turn) {
            (Some((strategy, _)), _) => strategy,
            (None, 0) => schedule.first.0,
            (None, turn) => schedule.rounds[turn - 1].0,
        }
    }
}

impl<S: Copy + PartialEq> Schedule<'_, S> {
    /// Gives strategies turns, each a call of `attempt` with its budget (which returns `None` if
    /// the budget runs out), until one answers; `None` if `effort` runs out first. A board costs
    /// a bounded multiple of what its best strategy needs.
    pub(crate) fn take_turns<T>(
        &self,
        effort: &mut Effort,
        mut attempt: impl FnMut(S, &mut u64) -> Option<T>,
    ) -> Option<T> {
        let (leader, first_budget) = self.first;
        if let Some(result) = effort.spend(first_budget, |budget| attempt(leader, budget)) {
            return Some(result);
        }
        if self.rounds.is_empty() {
            return None;
        }
        let mut budget = self.round_budget;
        loop {
            for &(strategy, share) in self.rounds {
                if effort.left() == 0 {
                    return None;
                }
                let granted = budget.saturating_mul(share);
                if let Some(result) = effort.spend(granted, |budget| attempt(strategy, budget)) {
                    return Some(result);
                }
            }
            budget = budget.saturating_mul(2);
        }
    }

    /// As [`Schedule::take_turns`] (after the lead turn `progress` may have: see
    /// [`Progress::led_by`]), from `progress`, which it keeps up to date: after `effort` runs out,
    /// a later call goes on where this one stopped, the turn it stopped in with what was left of
    /// that turn's budget. (The 9x9 engine needs only [`Schedule::take_turns`], kept apart so that its
    /// single-file submissions do not carry this.)
    pub(crate) fn resume<T>(
        &self,
        progress: &mut Progress<S>,
        effort: &mut Effort,
        mut attempt: impl FnMut(S, &mut u64) -> Option<T>,
    ) -> Option<T> {
        loop {
            let (strategy, full) = match (progress.lead, progress.turn) {
                (Some(lead), _) => lead,
                (None, 0) => self.first,
                (None, turn) => {
                    if effort.left() == 0 {
                        return None;
                    }
                    let (strategy, share) = self.rounds[turn - 1];
                    (strategy, progress.share.saturating_mul(share))
                }
            };
            let budget = progress.left.take().unwrap_or(full);
            let granted = budget.min(effort.left());
            let mut left = granted;
            if let Some(result) = attempt(strategy, &mut left) {
                effort.spent += granted - left;
                return Some(result);
            }
            effort.spent += granted - left;
            if left == 0 && granted < budget {
                // Cut short by the effort, not by the turn's own budget.
                progress.left = Some(budget - granted);
                return None;
            }
            if progress.lead.take().is_some() {
                continue;
            }
            if self.rounds.is_empty() {
                return None;
            }
            progress.turn += 1;
            if progress.turn == 1 {
                progress.share = self.round_budget;
            } else if progress.turn > self.rounds.len() {
                progress.turn = 1;
                progress.share = progress.share.saturating_mul(2);
            }
        }
    }
}

/// For both engines' search tests: the first `most` solutions a resumable search visits within
/// `limit` guesses, run in turns of `turn` guesses, and the guesses it made. `run` goes on with
/// the search on the budget it is given (counting it down) and hands each solution it visits to
/// the visitor it is given, as the searches' own `run` do.
#[cfg(test)]
pub(crate) fn solutions_in_turns<T>(
    turn: u64,
    limit: u64,
    most: usize,
    mut run: impl FnMut(&mut u64, &mut dyn FnMut(T) -> ControlFlow<()>) -> ControlFlow<Stop>,
) -> (Vec<T>, u64) {
    let (mut found, mut guesses) = (Vec::new(), 0);
    loop {
        let mut budget = turn.min(limit - guesses);
        let granted = budget;
        let flow = run(&mut budget, &mut |solution| {
            found.push(solution);
            if found.len() < most {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        });
        guesses += granted - budget;
        if flow != ControlFlow::Break(Stop::Budget) || guesses == limit {
            return (found, guesses);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solutions_in_turns_stop_at_the_limit_or_the_most_solutions() {
        // A stand-in search that makes 10 guesses before each of its 5 solutions.
        let visits = |turn: u64, limit: u64, most: usize| {
            let mut made = 0u64;
            solutions_in_turns(turn, limit, most, |budget, visit| {
                while made < 50 {
                    if *budget == 0 {
                        return ControlFlow::Break(Stop::Budget);
                    }
                    *budget -= 1;
                    made += 1;
                    if made % 10 == 0 && visit(made).is_break() {
                        return ControlFlow::Break(Stop::Visitor);
                    }
                }
                ControlFlow::Continue(())
            })
        };
        let all = (vec![10, 20, 30, 40, 50], 50);
        assert_eq!(visits(u64::MAX, u64::MAX, 40), all);
        assert_eq!(visits(3, u64::MAX, 40), all);
        assert_eq!(visits(7, 25, 40), (vec![10, 20], 25));
        assert_eq!(visits(4, u64::MAX, 2), (vec![10, 20], 20));
    }

    /// A run that resumes numbered frames, stopping as `stop_at` says, and notes each frame
    /// it resumes.
    struct Frames {
        stop_at: Option<(u32, Stop)>,
        tried: Vec<u32>,
        suspended: Vec<u32>,
    }

    impl Resumable for Frames {
        type Frame = u32;

        fn resume(&mut self, frame: u32) -> ControlFlow<Stop> {
            self.tried.push(frame);
            match self.stop_at {
                Some((at, stop)) if at == frame => {
                    if stop == Stop::Budget {
                        self.suspended.push(10 * frame);
                    }
                    ControlFlow::Break(stop)
                }
                _ => ControlFlow::Continue(()),
            }
        }

        fn suspended(&mut self) -> &mut Vec<u32> {
            &mut self.suspended
        }
    }

    #[test]
    fn resuming_stops_at_the_first_break_and_keeps_the_rest_after_a_budget_stop() {
        // Frames are tried in order; the one that breaks is taken, the ones after it are not.
        // A stop for the budget keeps them after what the run stopped at anew.
        let ends = |stop_at: Option<(u32, Stop)>| {
            let mut run = Frames {
                stop_at,
                tried: Vec::new(),
                suspended: Vec::new(),
            };
            let flow = resume_in_order(&mut run, vec![1, 2, 3, 4]);
            (flow, run.tried, run.suspended)
        };
        assert_eq!(
            ends(Some((2, Stop::Budget))),
            (ControlFlow::Break(Stop::Budget), vec![1, 2], vec![20, 3, 4])
        );
        assert_eq!(
            ends(Some((2, Stop::Visitor))),
            (ControlFlow::Break(Stop::Visitor), vec![1, 2], vec![])
        );
        assert_eq!(
            ends(Some((4, Stop::Visitor))),
            (ControlFlow::Break(Stop::Visitor), vec![1, 2, 3, 4], vec![])
        );
        assert_eq!(
            ends(Some((4, Stop::Budget))),
            (ControlFlow::Break(Stop::Budget), vec![1, 2, 3, 4], vec![40])
        );
        assert_eq!(
            ends(None),
            (ControlFlow::Continue(()), vec![1, 2, 3, 4], vec![])
        );
    }

    #[test]
    fn turns_grow_until_one_strategy_answers_and_every_guess_is_counted() {
        // Strategy 'a' needs 5,000 guesses, 'b' 3,000, each within one turn (as a strategy that
        // starts afresh every turn); 'a' goes first on 1,000, then both take a turn each round.
        let needs = |s: char| if s == 'a' { 5_000 } else { 3_000 };
        let schedule = Schedule {
            first: ('a', 1_000),
            rounds: &[('a', 1), ('b', 2)],
            round_budget: 256,
        };
        let mut turns = Vec::new();
        let mut effort = Effort::unlimited();
        let answer = schedule.take_turns(&mut effort, |s, budget| {
            turns.push((s, *budget));
            let used = needs(s).min(*budget);
            *budget -= used;
            if used == needs(s) {
                Some(s)
            } else {
                None
            }
        });
        assert_eq!(answer, Some('b'));
        assert_eq!(
            turns,
            [
                ('a', 1_000),
                ('a', 256),
                ('b', 512),
                ('a', 512),
                ('b', 1_024),
                ('a', 1_024),
                ('b', 2_048),
                ('a', 2_048),
                ('b', 4_096)
            ]
        );
        assert_eq!(
            effort.spent,
            1_000 + 256 + 512 + 512 + 1_024 + 1_024 + 2_048 + 2_048 + 3_000
        );

        // No strategy answers: the run ends when the effort is spent.
        let mut effort = Effort::limited(2_000);
        let never = |_, budget: &mut u64| -> Option<()> {
            *budget = 0;
            None
        };
        assert_eq!(schedule.take_turns(&mut effort, never), None);
        assert_eq!(effort.spent, 2_000);
    }

    #[test]
    fn a_run_stopped_by_its_effort_resumes_where_it_stopped() {
        // Strategies that resume their own work: 'a' needs 5,000 guesses in all, 'b' 3,000.
        let schedule = Schedule {
            first: ('a', 1_000),
            rounds: &[('a', 1), ('b', 2)],
            round_budget: 256,
        };
        let run_in_pieces = |start: Progress<char>, piece: u64| {
            let mut done = [0u64; 2];
            let mut progress = start;
            let mut spent = 0;
            loop {
                let mut effort = Effort::limited(piece);
                let answer = schedule.resume(&mut progress, &mut effort, |s, budget| {
                    let (index, need) = if s == 'a' { (0, 5_000) } else { (1, 3_000) };
                    let used = (need - done[index]).min(*budget);
                    done[index] += used;
                    *budget -= used;
                    (done[index] == need).then_some(s)
                });
                spent += effort.spent;
                if let Some(answer) = answer {
                    return (answer, spent, done);
                }
            }
        };
        // 'a' 1,000; 'a' 256, 'b' 512; 'a' 512, 'b' 1,024; 'a' 1,024, 'b' 1,464 of 2,048.
        // Led by 'b' on 2,000: 'b' 2,000; 'a' 1,000; 'a' 256, 'b' 512; 'a' 512, 'b' 488 of
        // 1,024.
        for (start, whole) in [
            (Progress::default(), ('b', 5_792, [2_792, 3_000])),
            (Progress::led_by('b', 2_000), ('b', 4_768, [1_768, 3_000])),
        ] {
            for piece in [u64::MAX, 1, 700, 1_000, 2_000, 4_097] {
                assert_eq!(run_in_pieces(start, piece), whole, "pieces of {}", piece);
            }
        }
    }

    #[test]
    fn a_schedule_without_rounds_is_its_first_turn_alone() {
        let alone = Schedule {
            first: ('a', 700),
            rounds: &[],
            round_budget: 256,
        };
        let mut turns = 0;
        let mut effort = Effort::limited(2_000);
        let answer = alone.take_turns(&mut effort, |_, budget| -> Option<()> {
            turns += 1;
            *budget = 0;
            None
        });
        assert_eq!((answer, turns, effort.spent), (None, 1, 700));
    }
}
