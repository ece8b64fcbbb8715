//! Prices a schedule of the 9x9 portfolio without running it: from what each strategy needs
//! alone on a board (its guesses to the answer and its time), the guesses and time the
//! portfolio would spend on that board if it gave its strategies turns on that schedule.
//!
//! Every strategy's turns resume its search where the last stopped, so a strategy that needs
//! `g` guesses alone answers in the turn where its turns' budgets add up to `g`, and the
//! portfolio's guesses follow exactly from what each needs alone. Its time is estimated as each
//! turn's guesses times that strategy's time a guess alone on the board.

use std::fmt;
use std::str::FromStr;
use std::time::Instant;

use sudoku_core::engine::{measure, Question, Strategy};
use sudoku_core::grid::Grid;

/// The engine's own schedule (`crates/sudoku-core/src/engine/solve.rs`), in the form
/// [`Schedule`] parses. A test replays it against the measured portfolio, so it cannot drift
/// from the engine unnoticed.
pub const ENGINE_SCHEDULE: &str = "1024/16/learning=12,weighted=3,probing=5,triads=1,\
fewest-candidates=1,crossings=3,fewest-places=5,reading-order=1";

/// A schedule of the portfolio: the weighted rule alone first, on `first_budget` guesses; then
/// rounds in which each strategy of `shares`, in order, takes a turn of its share times a
/// budget that starts at `round_budget` and doubles each round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// The guesses of the first turn.
    pub first_budget: u64,
    /// The budget of one share in the first round.
    pub round_budget: u64,
    /// Every strategy of the rounds with its share, in the order they take turns.
    pub shares: Vec<(Strategy, u64)>,
}

impl Schedule {
    /// Whether the rounds give any guesses: a round budget and a share of at least one.
    fn rounds_grow(&self) -> bool {
        self.round_budget > 0 && self.shares.iter().any(|&(_, share)| share > 0)
    }

    /// Every schedule one step from this one: one strategy's share one more or one less (at
    /// least one), or the first turn's budget or a share's first-round budget doubled or halved
    /// (at least one).
    pub fn neighbours(&self) -> Vec<Schedule> {
        let mut near = Vec::new();
        for k in 0..self.shares.len() {
            let share = self.shares[k].1;
            for share in [share + 1, share.saturating_sub(1)] {
                if share >= 1 {
                    let mut next = self.clone();
                    next.shares[k].1 = share;
                    near.push(next);
                }
            }
        }
        for first_budget in [self.first_budget * 2, self.first_budget / 2] {
            near.push(Schedule {
                first_budget,
                ..self.clone()
            });
        }
        for round_budget in [self.round_budget * 2, (self.round_budget / 2).max(1)] {
            near.push(Schedule {
                round_budget,
                ..self.clone()
            });
        }
        near
    }
}

/// The name of `strategy` in a schedule's text.
pub fn strategy_name(strategy: Strategy) -> &'static str {
    match strategy {
        Strategy::Portfolio => "portfolio",
        Strategy::FewestCandidates => "fewest-candidates",
        Strategy::FirstPair => "first-pair",
        Strategy::FewestPlaces => "fewest-places",
        Strategy::ReadingOrder => "reading-order",
        Strategy::Crossings => "crossings",
        Strategy::Triads => "triads",
        Strategy::Weighted => "weighted",
        Strategy::Probing => "probing",
        Strategy::Learning => "learning",
    }
}

impl FromStr for Schedule {
    type Err = String;

    /// Reads `FIRST/ROUND/NAME=SHARE,...`: the first turn's budget, a share's budget in the
    /// first round (at least 1), and the rounds' strategies (each at most once, cell guessing
    /// as `fewest-candidates`) with their shares (0 for no turns, one of them at least 1), as
    /// [`ENGINE_SCHEDULE`] is written.
    fn from_str(text: &str) -> Result<Schedule, String> {
        let parts: Vec<&str> = text.trim().split('/').collect();
        let [first, round, shares] = parts.as_slice() else {
            return Err(format!(
                "expected FIRST/ROUND/NAME=SHARE,..., got {:?}",
                text
            ));
        };
        let budget = |part: &str| {
            part.parse::<u64>()
                .map_err(|_| format!("not a guess budget: {:?}", part))
        };
        let mut schedule = Schedule {
            first_budget: budget(first)?,
            round_budget: budget(round)?,
            shares: Vec::new(),
        };
        for item in shares.split(',') {
            let (name, share) = item
                .split_once('=')
                .ok_or_else(|| format!("expected NAME=SHARE, got {:?}", item))?;
            let strategy = Strategy::ALONE
                .into_iter()
                .filter(|&s| s != Strategy::FirstPair)
                .find(|&s| strategy_name(s) == name.trim())
                .ok_or_else(|| format!("no strategy of the rounds is called {:?}", name))?;
            if schedule.shares.iter().any(|&(s, _)| s == strategy) {
                return Err(format!("{} has two shares", name.trim()));
            }
            schedule.shares.push((strategy, budget(share.trim())?));
        }
        // Otherwise a replay past the first turn would have nothing to give.
        if !schedule.rounds_grow() {
            return Err("the rounds need a budget and a share of at least 1".to_string());
        }
        Ok(schedule)
    }
}

impl fmt::Display for Schedule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/", self.first_budget, self.round_budget)?;
        for (k, &(strategy, share)) in self.shares.iter().enumerate() {
            let comma = if k == 0 { "" } else { "," };
            write!(f, "{}{}={}", comma, strategy_name(strategy), share)?;
        }
        Ok(())
    }
}

/// What one search needed on a board: its guesses to the answer (`None` if it had not
/// answered after `cap`) and the time it took, in nanoseconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Run {
    /// The guesses to the answer, or `None` past the cap.
    pub guesses: Option<u64>,
    /// The guesses it was allowed.
    pub cap: u64,
    /// The time of the run (the fastest of those made), in nanoseconds.
    pub nanos: f64,
}

impl Run {
    /// The time one guess took, on average; the whole run's time if it made none.
    fn nanos_a_guess(&self) -> f64 {
        self.nanos / self.guesses.unwrap_or(self.cap).max(1) as f64
    }
}

/// What the portfolio and each strategy alone need on one board, for one question.
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    /// The board, on one line.
    pub board: String,
    /// Its givens.
    pub givens: usize,
    /// The portfolio, as the engine runs it.
    pub portfolio: Run,
    /// Each strategy alone, in the order of [`Strategy::ALONE`].
    pub alone: [Run; Strategy::ALONE.len()],
}

/// Runs the search `strategy` makes to answer `question` about `board`, `runs` times (at least
/// once), allowed `cap` guesses.
fn run(board: &Grid, question: Question, strategy: Strategy, cap: u64, runs: usize) -> Run {
    let mut fastest = f64::INFINITY;
    let mut guesses = None;
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        let measured = measure(board, question, strategy, cap);
        fastest = fastest.min(start.elapsed().as_nanos() as f64);
        guesses = measured.answer.map(|_| measured.guesses);
    }
    Run {
        guesses,
        cap,
        nanos: fastest,
    }
}

impl Profile {
    /// Measures the portfolio and each strategy alone (allowed `cap` guesses) answering
    /// `question` about `board` (written as `text`), each the fastest of `runs` runs.
    pub fn measure(board: &Grid, text: &str, question: Question, cap: u64, runs: usize) -> Profile {
        Profile {
            board: text.to_string(),
            givens: board.filled(),
            portfolio: run(board, question, Strategy::Portfolio, u64::MAX, runs),
            alone: Strategy::ALONE.map(|strategy| run(board, question, strategy, cap, runs)),
        }
    }

    /// The header of [`Profile::line`]'s columns.
    pub fn header() -> String {
        let mut header = String::from("board\tgivens\tcap\tportfolio\tportfolio_ns");
        for strategy in Strategy::ALONE {
            let name = strategy_name(strategy);
            header.push_str(&format!("\t{}\t{}_ns", name, name));
        }
        header
    }

    /// The profile on one tab-separated line (`-` for guesses past the cap), as
    /// [`Profile::from_line`] reads it.
    pub fn line(&self) -> String {
        let guesses = |run: &Run| run.guesses.map_or("-".to_string(), |g| g.to_string());
        let mut line = format!(
            "{}\t{}\t{}\t{}\t{:.0}",
            self.board,
            self.givens,
            self.alone[0].cap,
            guesses(&self.portfolio),
            self.portfolio.nanos
        );
        for run in &self.alone {
            line.push_str(&format!("\t{}\t{:.0}", guesses(run), run.nanos));
        }
        line
    }

    /// Reads a line [`Profile::line`] wrote.
    pub fn from_line(line: &str) -> Result<Profile, String> {
        let fields: Vec<&str> = line.trim_end().split('\t').collect();
        if fields.len() != 5 + 2 * Strategy::ALONE.len() {
            return Err(format!("expected {} fields", 5 + 2 * Strategy::ALONE.len()));
        }
        let number = |k: usize| {
            fields[k]
                .parse::<u64>()
                .map_err(|_| format!("field {}: not a number: {:?}", k + 1, fields[k]))
        };
        let cap = number(2)?;
        let run = |k: usize, cap: u64| -> Result<Run, String> {
            let guesses = match fields[k] {
                "-" => None,
                _ => Some(number(k)?),
            };
            Ok(Run {
                guesses,
                cap,
                nanos: number(k + 1)? as f64,
            })
        };
        let alone: Vec<Run> = (0..Strategy::ALONE.len())
            .map(|k| run(5 + 2 * k, cap))
            .collect::<Result<_, _>>()?;
        Ok(Profile {
            board: fields[0].to_string(),
            givens: number(1)? as usize,
            portfolio: run(3, u64::MAX)?,
            alone: alone.try_into().expect("a run for each strategy"),
        })
    }
}

/// The guesses and estimated time of the portfolio on one board under one schedule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Replayed {
    /// The guesses to the answer.
    pub guesses: u64,
    /// The time, in nanoseconds: each turn's guesses at its strategy's time a guess alone.
    pub nanos: f64,
}

/// The portfolio's guesses and time on `profile`'s board under `schedule`; `None` if some
/// strategy would be given more guesses than its cap before the answer, where the profile
/// cannot tell whether it would have answered, or if the first turn does not answer and the
/// rounds never grow (no round budget or no share).
pub fn replay(schedule: &Schedule, profile: &Profile) -> Option<Replayed> {
    // Each strategy's guesses so far, at its place in `Strategy::ALONE` (the weighted rule's
    // rounds' turns resume the first turn's search).
    let mut spent = [0u64; Strategy::ALONE.len()];
    let slot = |strategy: Strategy| {
        let k = Strategy::ALONE.iter().position(|&s| s == strategy);
        k.expect("a strategy of the portfolio")
    };
    let mut total = Replayed {
        guesses: 0,
        nanos: 0.0,
    };
    let mut turn = |strategy: Strategy, granted: u64| -> Option<bool> {
        let k = slot(strategy);
        let run = &profile.alone[k];
        let needed = match run.guesses {
            Some(guesses) => guesses.saturating_sub(spent[k]),
            None if spent[k].saturating_add(granted) <= run.cap => u64::MAX,
            None => return None,
        };
        let taken = needed.min(granted);
        spent[k] += taken;
        total.guesses += taken;
        total.nanos += taken as f64 * run.nanos_a_guess();
        Some(needed <= granted)
    };
    if turn(Strategy::Weighted, schedule.first_budget)? {
        // Answered in the first turn: the whole run's time, setting up included.
        return Some(Replayed {
            guesses: total.guesses,
            nanos: profile.alone[slot(Strategy::Weighted)].nanos,
        });
    }
    if !schedule.rounds_grow() {
        return None;
    }
    let mut budget = schedule.round_budget;
    loop {
        for &(strategy, share) in &schedule.shares {
            if turn(strategy, budget.saturating_mul(share))? {
                return Some(total);
            }
        }
        budget = budget.saturating_mul(2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::judge::board_text::parse_line;

    #[test]
    fn a_schedule_reads_back_as_written() {
        let schedule: Schedule = ENGINE_SCHEDULE.parse().unwrap();
        assert_eq!(schedule.first_budget, 1024);
        assert_eq!(schedule.shares.len(), 8);
        assert_eq!(schedule.to_string(), ENGINE_SCHEDULE);
        for wrong in [
            "1024/32",
            "x/32/weighted=1",
            "1024/32/weighted",
            "1024/32/first-pair=1",
            "1024/32/weighted=1,weighted=2",
            "1024/0/weighted=1",
            "1024/32/weighted=0,probing=0",
        ] {
            assert!(wrong.parse::<Schedule>().is_err(), "{}", wrong);
        }
    }

    #[test]
    fn a_neighbour_is_one_step_away() {
        let schedule: Schedule = ENGINE_SCHEDULE.parse().unwrap();
        let near = schedule.neighbours();
        // Two steps for each of the eight shares but the three of one, two for each budget.
        assert_eq!(near.len(), 2 * 8 - 3 + 4);
        for other in &near {
            let numbers = |s: &Schedule| {
                let mut all = vec![s.first_budget, s.round_budget];
                all.extend(s.shares.iter().map(|&(_, share)| share));
                all
            };
            let changed = numbers(&schedule)
                .iter()
                .zip(numbers(other))
                .filter(|&(&a, b)| a != b)
                .count();
            assert_eq!(changed, 1, "{}", other);
            assert!(other.shares.iter().all(|&(_, share)| share >= 1));
        }
    }

    #[test]
    fn a_replay_adds_up_the_turns_until_one_answers() {
        // Cell guessing needs 2,000 guesses, the weighted rule 1,100, every other strategy more
        // than its cap; every guess takes 2 ns, but probing's 3.
        let run = |guesses: Option<u64>, nanos_a_guess: f64| Run {
            guesses,
            cap: 1_000_000,
            nanos: guesses.unwrap_or(1_000_000) as f64 * nanos_a_guess,
        };
        let mut alone = [run(None, 2.0); Strategy::ALONE.len()];
        alone[0] = run(Some(2_000), 2.0);
        alone[2] = run(Some(1_100), 2.0);
        alone[3] = run(None, 3.0);
        let profile = Profile {
            board: ".".repeat(81),
            givens: 20,
            portfolio: run(None, 1.0),
            alone,
        };
        let schedule: Schedule = "1024/32/weighted=2,probing=6,triads=1,fewest-candidates=1,\
            crossings=2,fewest-places=3,reading-order=1"
            .parse()
            .unwrap();
        // The weighted rule's first turn, one round (weighted 64, probing 192, triads 32, cell
        // guessing 32, crossings 64, the place rule 96, reading order 32), then the weighted
        // rule's last 12.
        let replayed = replay(&schedule, &profile).unwrap();
        assert_eq!(replayed.guesses, 1_024 + 512 + 12);
        assert_eq!(
            replayed.nanos,
            2.0 * (1_024 + 320 + 12) as f64 + 3.0 * 192.0
        );
        // A board the weighted rule answers within its first turn costs its run alone.
        let mut sooner = profile.clone();
        sooner.alone[2] = run(Some(700), 2.0);
        assert_eq!(replay(&schedule, &sooner).unwrap().guesses, 700);
    }

    #[test]
    fn a_profile_reads_back_as_written() {
        let board = parse_line(&".".repeat(81)).unwrap();
        let profile = Profile::measure(&board, &".".repeat(81), Question::First, 100, 1);
        let read = Profile::from_line(&profile.line()).unwrap();
        assert_eq!(read.line(), profile.line());
        assert_eq!(read.alone[3].cap, 100);
    }

    /// Adversary boards that every strategy alone answers within a few thousand guesses, past
    /// the first turn (the weighted rule alone needs 1,100 to 2,100 guesses on each).
    const PAST_THE_FIRST_TURN: [&str; 4] = [
        "....................3...6.................1........8.......3...251...4.........12",
        "....2..8..6...52...7.........3.....7............7.....7.............3.5..35.8.1..",
        "...9................2.4........6..4...73............62....9.....3.7..............",
        "...1....4.41..95..6..4....98.....49..74.8..5.9......8....5..9....8.9......9..4..5",
    ];

    #[test]
    fn the_engines_schedule_replays_the_portfolios_guesses() {
        let schedule: Schedule = ENGINE_SCHEDULE.parse().unwrap();
        let mut past_first_turn = 0;
        for text in PAST_THE_FIRST_TURN {
            let board = parse_line(text).unwrap();
            for question in [Question::First, Question::CountTo(2)] {
                let profile = Profile::measure(&board, text, question, 200_000, 1);
                let measured = profile.portfolio.guesses.unwrap();
                let replayed = replay(&schedule, &profile).expect("within the caps");
                // Off by one at most, where an answer falls on a turn's last guess.
                assert!(
                    replayed.guesses.abs_diff(measured) <= 1,
                    "{} {:?}: replayed {}, measured {}",
                    text,
                    question,
                    replayed.guesses,
                    measured
                );
                past_first_turn += usize::from(measured > schedule.first_budget);
            }
        }
        assert_eq!(past_first_turn, 8);
    }

    #[test]
    fn a_replay_gives_up_where_a_cap_hides_the_answer() {
        let board = parse_line(PAST_THE_FIRST_TURN[0]).unwrap();
        let profile = Profile::measure(&board, PAST_THE_FIRST_TURN[0], Question::First, 300, 1);
        let schedule: Schedule = ENGINE_SCHEDULE.parse().unwrap();
        assert_eq!(replay(&schedule, &profile), None);
    }
}
