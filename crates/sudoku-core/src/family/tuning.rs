//! The settings the family engine chooses by board size, in one place: two sets of them, one for
//! boards up to 16x16 and one for 25x25 boards, where a guess costs five times as much and the
//! hard boards need other budgets and shares. Each setting says what it was measured to do.

use super::portfolio::{with_learning, Turn};

/// The measured settings for boards of one size.
pub(super) struct Tuning {
    /// Guesses the portfolio's first turn may make: the per-conflict cell rule's search, which
    /// its turns in the rounds go on with (the restarted turns start from its tally).
    ///
    /// Up to 16x16 it is 4,096 and covers every minimal puzzle of the benchmark's sets (the most
    /// is 1,035 guesses to a first solution, 2,414 counting, of 100 minimal 16x16 puzzles), and it
    /// also cut the worst of the adversary's 16x16 boards from 0.65 to 0.36 million guesses. On
    /// 25x25 boards no first turn covers the hard ones, and the figures swing with its length,
    /// but since the learning search took half of every round's guesses, 8,192 (rather than
    /// 1,024) cut the time of 224 boards at 45 % givens by 30 % in all and their worst from 0.54
    /// to 0.44 s, with the median unchanged, and a 25x25 climb's worst board from 52,885 to
    /// 4,958 guesses (BENCHMARKS.md); under the accounting of [`Tuning::work_per_guess`], 2,048
    /// to 16,384 were measured again and 8,192 stayed best (fourteenth pass).
    pub(super) first_budget: u64,
    /// The portfolio's turns after the first, each with its share of a round.
    pub(super) rounds: &'static [(Turn, u64)],
    /// The first turn's budget in the portfolio's questions cell by cell ("is there a completion
    /// with this cell smaller?") on the way to the smallest completion.
    ///
    /// Most of those questions have no completion, which the first turn's cell rule is seldom
    /// the fastest to show, and the learning search in the rounds often is: up to 16x16 a first
    /// turn of 256 guesses rather than the 4,096 of a solve cut the smallest solutions of 47
    /// hard 16x16 boards from 1.44 to 1.12 s, the worst from 139 to 108 ms, the minimal puzzles'
    /// unchanged (BENCHMARKS.md). On 25x25 boards 256 did worse (24 boards at 45 % givens:
    /// 12.1 s against 10.5 s), and they keep a solve's. Once the learning searches had most of
    /// each round, 1,024 did better than 256 up to 16x16: the worst of the climbs' smallest
    /// solutions 49 to 51 → 29 ms, of 171 hard boards' 48 to 49 → 32 ms, 842 boards' total
    /// within 3 % (512 and 2,048 did less well; BENCHMARKS.md, thirteenth pass).
    pub(super) question_first_budget: u64,
    /// The rounds of those questions, after their first turn.
    ///
    /// Up to 16x16 the learning searches get 4 and 8 shares of 21 rather than a solve's 32 and
    /// 64 of 105: a question's resumed cell rules match at every level (see
    /// [`Tuning::question_matches_after`]), and the questions that reach the rounds are
    /// refutations near the start of reading order that probing, with its three shares, answers
    /// in a few hundred guesses where the learning searches take thousands. The worst
    /// smallest solution of a ten-minute climb, 39,656 guesses (90 ms), took 14,435 (45 ms),
    /// the climb's last 20 boards 0.20 rather than 0.35 million guesses, and a climb against
    /// the change found nothing past 14,672 guesses (58 ms). The questions of every other set
    /// (the 472 boards of earlier climbs, minimal and random 16x16 boards, 9x9 boards) are
    /// answered before the rounds and keep every guess (BENCHMARKS.md, twenty-first pass).
    pub(super) question_rounds: &'static [(Turn, u64)],
    /// Whether the smallest completion's turns for a search in reading order, once a completion
    /// is known, go to a clause-learning search that decides in reading order (see
    /// `learning::Learning::lexicographic`) rather than to the plain reading-order search.
    ///
    /// Up to 16x16 the learning one: on the 17 climbed smallest solutions of the regression
    /// boards, alone, the plain search needed over a million guesses on 12 and the learning
    /// one on 3, and the learning one answers some of them soon (one in 2,622 guesses, where
    /// the portfolio with the plain search needed 61,598). With it the 17 took 324,709
    /// guesses rather than 389,780, the worst 51,910 rather than 61,598, and no other 16x16 set
    /// changed. On 25x25 boards it did worse: of 20 random boards with 300 givens, two took
    /// 44,538 and 84,186 guesses rather than 36,090 and 52,835 (BENCHMARKS.md, sixteenth pass).
    pub(super) smallest_learns_in_reading_order: bool,
    /// The guesses after which the smallest completion's reading-order search narrows every
    /// position by the units' matchings, not only its first levels' (see
    /// `search::Search::matching_everywhere_after`); `None` for never.
    ///
    /// Up to 16x16 after 512 (of the 1,024 it has before any other way,
    /// `smallest::READING_FIRST`): the adversary's smallest solutions are mostly boards whose
    /// first rows admit fillings that no completion extends, refuted by a pigeonhole (some cells
    /// of a unit short of digits) that matchings see at once and branching or clause learning
    /// only after thousands of guesses; reading order that matches answers most of them in a
    /// few hundred guesses. With
    /// [`Tuning::question_matches_after`], 237 and 210 boards of earlier climbs took 0.31 and
    /// 0.36 s rather than 2.9 and 3.2 s (median 1.2 ms rather than 12 to 13 ms), 60 random
    /// boards with 40 givens 27 rather than 90 ms. A guess costs about two and a half times as
    /// much, which minimal puzzles, whose smallest solutions reading order does not find within
    /// the 1,024, pay on the last 512: 100 of them took 0.40 rather than 0.31 s. Matching after
    /// 128 or 256 did about as well on the climbed boards and cost the minimal ones more.
    /// On 25x25 boards neither this nor [`Tuning::question_matches_after`] paid: 20 random
    /// boards with 300 givens took 10 to 38 % longer (BENCHMARKS.md, twenty-first pass).
    pub(super) smallest_reading_matches_after: Option<u64>,
    /// The guesses after which each resumed search of a question of the smallest completion
    /// (is there a completion with these cells fixed? see `smallest::CellByCell`) narrows every
    /// position by the units' matchings; `None` for never.
    ///
    /// Up to 16x16 after 128: deep in reading order a question fixes whole rows, and its
    /// refutation is often the pigeonhole above, which took the question's other searches
    /// thousands of guesses: the worst smallest solution of those 210 boards went from 59,151
    /// guesses (122 ms) to 7,140 (26 ms), of the regression test's climbed boards from 38,460
    /// (70 ms) to 7,140 (37 ms). After 256 one minimal puzzle took 6,620 rather than 4,126.
    pub(super) question_matches_after: Option<u64>,
    /// Whether the learning search from the likeliest decides a proposition true (placing a
    /// digit) when it has not had a truth yet, rather than false (ruling a candidate out; see
    /// `learning::first_truth`).
    ///
    /// On 25x25 boards that search has nearly all of the learning turns, and there false first
    /// cost the unique puzzle's count to 2 two fifths more and one of 300 boards at 45 % givens
    /// (most of which have many solutions, found sooner by placing digits) seven times the
    /// guesses (BENCHMARKS.md, thirteenth pass). Up to 16x16 false first is far better.
    pub(super) likeliest_places_first: bool,
    /// The unit of Luby's runs on which the learning search from the likeliest restarts, in
    /// contradictions.
    ///
    /// Up to 16x16, 32 rather than 64 took every 16x16 set fewer guesses, 4 % fewer on 849 hard
    /// and climbed boards and 18 % on the climbs' counts; on 25x25 boards it took one unique
    /// puzzle 8.4 times the guesses, so there it is 64 (BENCHMARKS.md, thirteenth pass).
    pub(super) likeliest_restart_unit: u64,
    /// How many learnt clauses a learning search keeps, per cell of the board, before it first
    /// forgets some (it then keeps a tenth more each time).
    ///
    /// Up to 16x16, 8 rather than 2, once learnt clauses were shortened by what their literals
    /// imply: the counts of the climbs' 14 worst count boards took 385,891 guesses rather than
    /// 516,610 (the worst 184 rather than 266 ms), the climbed smallest solution of the
    /// fifteenth pass 61,598 rather than 105,324, 849 hard and climbed boards 0.6 % fewer, but
    /// the smallest solutions of the climbs' count boards 133,629 rather than 120,900 (4, 6, 12
    /// and 16 did about as well as 8; BENCHMARKS.md, fifteenth pass). Before clauses were
    /// shortened, 8 and 32 had done worse. On 25x25 boards 8 did worse on the random boards at
    /// 45 % givens that reach the rounds (15 of them: 3.5 rather than 2.2 s) and better on six
    /// unique puzzles (13.9 rather than 17.6 s), so there it stays 2.
    pub(super) clauses_kept_per_cell: usize,
    /// The work a cell rule's guess is worth in time, in the learning searches' units of work
    /// (looking at one watched clause is one). Counted in guesses by their work, the learning
    /// searches' turns take the time their shares say, so that the portfolio's bound in guesses
    /// holds in time too (BENCHMARKS.md, eleventh pass).
    ///
    /// A decision's work varies with the board and the clauses learnt: on the worst 16x16 board
    /// of the eleventh pass, a decision from reading order made 33 assignments and looked at 164
    /// clauses (4.3 us, about three cell-rule guesses), one from the likeliest 47 and 793 (12.3
    /// us, about nine; both measured before the watch lists had blockers, which skip most looks
    /// but not their count here). Up to 16x16 a guess is worth 128: alone, the cell rule took
    /// 1.26 us a guess on 849 hard and climbed 16x16 boards, the learning search from the
    /// likeliest 1.00 us a guess's worth of work. On 25x25 boards a cell-rule guess costs five
    /// times as much (5.0 us on 31 slow boards at 45 % givens, where the learning search takes
    /// 1.0 us for 128 of work), so there it is worth 640; counted as 128, the learning searches
    /// had about two fifths of the rounds' time rather than the 30 of 39 shares they hold.
    /// Counted as 640, unique 25x25 puzzles took a fifth to two fifths less time, and the boards
    /// at 45 % givens that reach the rounds 5 to 10 % more, their worst 0.47 → 0.78 s
    /// (BENCHMARKS.md, fourteenth pass).
    pub(super) work_per_guess: u64,
}

impl Tuning {
    /// The settings for boards of `n x n` boxes.
    pub(super) fn of(n: usize) -> &'static Tuning {
        if n <= 4 {
            &UP_TO_16
        } else {
            &FOR_25
        }
    }
}

/// The settings for boards up to 16x16.
static UP_TO_16: Tuning = Tuning {
    first_budget: 4096,
    rounds: &ROUNDS_UP_TO_16,
    question_first_budget: 1024,
    question_rounds: &QUESTION_ROUNDS_UP_TO_16,
    smallest_learns_in_reading_order: true,
    smallest_reading_matches_after: Some(512),
    question_matches_after: Some(128),
    likeliest_places_first: false,
    likeliest_restart_unit: 32,
    clauses_kept_per_cell: 8,
    work_per_guess: 128,
};

/// The first turn's budget on 25x25 boards, which their questions keep too.
const FIRST_BUDGET_25: u64 = 8192;

/// The settings for 25x25 boards.
static FOR_25: Tuning = Tuning {
    first_budget: FIRST_BUDGET_25,
    rounds: &ROUNDS_25,
    question_first_budget: FIRST_BUDGET_25,
    question_rounds: &ROUNDS_25,
    smallest_learns_in_reading_order: false,
    smallest_reading_matches_after: None,
    question_matches_after: None,
    likeliest_places_first: true,
    likeliest_restart_unit: 64,
    clauses_kept_per_cell: 2,
    work_per_guess: 640,
};

/// The rounds up to 16x16: the learning search's turns, 32 shares starting from the
/// likeliest propositions and 64 from reading order, then the cell rules' turns
/// ([`with_learning`]).
///
/// Ordinary boards never need the learning search (the minimal 16x16 puzzles end in the first
/// turn), but it answers the boards that stall every cell rule: the worst boards of ten-minute
/// climbs against the portfolio without it (1.72 million and 0.92 million guesses, every cell
/// rule alone past 60 thousand) take it 1,158 and 555 decisions. A decision costs five to
/// eight cell-rule guesses on 16x16 boards, so its shares take more than half of each round's
/// time. With nine shares of one search (half of the guesses, seven eighths of the time), 32
/// hard 16x16 boards took 1.7 s in all, the worst 0.22 s on a board probing alone answers in
/// 13 ms; with two, 0.78 s, the worst 0.09 s (three shares and one did worse in the worst;
/// BENCHMARKS.md, seventh pass).
///
/// Each start has boards of its own that take it ten times the decisions the other needs: a
/// climbed refutation takes 15,914 decisions from the likeliest and 1,648 from reading order,
/// while one of 42 hard boards takes 2.9 s from reading order alone, and the boards that stall
/// every cell rule six times the decisions. The share from reading order cut that refutation
/// from 0.45 to 0.06 s, the 42 hard boards from 0.75 to 0.43 s (worst 0.36 to 0.06 s) and the
/// smallest solutions of climbed boards by a tenth or more; one share for each start, or two
/// each, did about as well (BENCHMARKS.md, ninth pass). Two for reading order rather than one
/// then cut the worst board known, a refutation the learning search from reading order alone
/// answers in 32,609 decisions, from 1.6 to 0.9 s, and the first solutions and counts of 849
/// hard and climbed boards by a tenth, though their worst rose from 0.15 to 0.17 s (tenth pass).
///
/// Those shares counted each decision as one guess. Since a decision costs the guesses its work
/// is worth (three to nine on that refutation), each start has eight: the learning searches keep
/// about the time they had, and lose it on boards where their decisions grow expensive. The
/// refutation fell from 0.87 to 0.33 s and a climbed smallest solution from 0.20 to 0.14 s, 849
/// hard and climbed boards as fast as before, but 171 boards' smallest solutions 3 % slower, the
/// worst 45 → 61 ms (four shares each made 42 hard boards take half as long again; twelve left
/// the refutation at 0.42 s; eleventh pass).
///
/// Once the learning searches ruled candidates out first, they answered the hard boards sooner
/// than before, and more shares paid, reading order's most: with 32 and 64 rather than eight
/// each, the climbs' first solutions took 30,355 guesses rather than 43,411, their counts 63,136
/// rather than 89,248, 849 hard and climbed boards 0.79 rather than 0.86 million, 171 boards'
/// smallest solutions 0.36 rather than 0.40 million and 42 hard boards' counts 80,955 rather
/// than 102,715. Of thirteen other pairs tried, from four each to 48 and 96, none did as well on
/// nearly every set (BENCHMARKS.md, thirteenth pass).
static ROUNDS_UP_TO_16: [(Turn, u64); 9] = with_learning(32, 64);

/// The rounds of the smallest completion's questions up to 16x16 (see
/// [`Tuning::question_rounds`]).
static QUESTION_ROUNDS_UP_TO_16: [(Turn, u64); 9] = with_learning(4, 8);

/// The rounds on 25x25 boards: the learning search's turns, 27 shares from the likeliest and
/// three from reading order, then the cell rules' turns ([`with_learning`]).
///
/// Fewer shares for the likeliest speed up the boards at 45 % givens a little (200 of them:
/// 2.58 s with two, 2.64 s with nine), but the unique 25x25 puzzle of seed 0 takes 2.3 s with
/// nine and 4.8 s with two: 25x25 figures swing with the schedule, and deciding needs many more
/// unique 25x25 puzzles than there are (BENCHMARKS.md, seventh and eighth passes). The share from
/// reading order cut 100 boards at 45 % from 1.05 to 0.72 s, their worst from 0.39 to 0.07 s,
/// and cost 100 others 3 % (ninth pass). Those were shares of decisions counted as one guess
/// each (a decision here costs about four); with decisions costing the guesses their work is
/// worth, three times as many keep the learning searches' time: 300 boards at 45 % take 4 %
/// less, their worst 0.70 → 0.48 s, but the unique puzzle 1.0 → 1.5 s to solve and 11 → 16 s to
/// count (eleventh pass). A cell-rule guess costs five times as much on these boards as on
/// 16x16 ones, and since the learning searches' work is counted in that time (see
/// [`Tuning::work_per_guess`]), their shares are about three quarters of the rounds' time rather
/// than two fifths: unique 25x25 puzzles take a fifth to two fifths less time, boards at 45 %
/// that reach the rounds 5 to 10 % more (fourteenth pass).
static ROUNDS_25: [(Turn, u64); 9] = with_learning(27, 3);
