//! The depth-first search over 9x9 positions, and the branching rules it can follow.
//!
//! A search that branches on the first open cell in reading order and tries digits in
//! increasing order meets solutions in lexicographic order, since propagation never removes a
//! solution.
//!
//! Three branching rules reason harder than the plain ones, at every position: the triad rules
//! (what a row or column of three cells inside a box can hold, the reasoning tdoku is built on;
//! see [`Board::settle_triads`]). [`Branching::Triads`] branches on cells as the plain cell rule
//! does; [`Branching::Crossings`] branches, as tdoku does, on how one digit crosses a band or
//! stack rather than on a cell; [`Branching::Probing`] also removes, at its first few levels
//! while that keeps paying, the candidates whose placement propagation refutes. They cost more
//! a guess (a probe counts as one), which ordinary boards never repay, but each answers at once
//! boards that stall the plain rules: boards whose first guesses lead into a subtree with no
//! solution whose contradiction plain propagation cannot see, so that a plain search explores
//! every way of filling the rest of the board before it returns to the cells that matter.
//!
//! [`Branching::Weighted`] gets out of such subtrees another way: it counts each contradiction
//! against the units where it shows and branches on cells with few candidates in much-blamed
//! units (the weighted-degree rule of constraint solvers), so that the cells that keep failing
//! are decided first. On the boards the adversary had found against the portfolio without it,
//! all of them stalling the plain cell rule for thousands to millions of guesses, it needs a few
//! dozen to a few hundred. It branches as the plain cell rule does for its first
//! [`LEARNS_AFTER`] guesses, which is all most boards need, so it costs them nothing more, and
//! the portfolio runs it first.
//!
//! Every rule but the plain ones the portfolio starts with also narrows, at its root (and
//! probing at each position it probes), every unit to the candidates that some matching of its
//! open cells to different candidates uses ([`Board::match_units`]): every naked and hidden
//! subset, which propagation sees only by exhausting every way to fill the rest. A board whose
//! givens leave three cells of a row the same two candidates has no solution, and such boards
//! were three of the five worst the adversary found against the portfolio with the weighted
//! rule, when this was only checked; a subset that merely narrows, near the root of an open
//! board with many solutions, stalled every rule until it was applied (the best of them alone
//! needed 235 to 1,670 guesses, the portfolio 5,000 to 6,598), and the triad rules, crossings
//! and the place rule now answer such boards in 13 to 28 (BENCHMARKS.md, fifty-first pass).
//!
//! Each rule has boards of its own that stall it and that another rule answers in a few guesses,
//! so the portfolio in [`super::solve()`] runs them all, the weighted rule first.
//!
//! A [`Search`] stops when its guess budget runs out and resumes on the next budget where it
//! stopped, so the portfolio's turns waste nothing: a board costs what its best strategy needs
//! alone, times the other strategies' shares, and no restarts on top. The search recurses as
//! usual; only when the budget runs out does it write down, level by level as it returns, each
//! position with what was left to do there.

use std::ops::ControlFlow;

use super::board::{Board, Contradiction, Move, ProbeProgress};
use super::layout::*;
use super::twins::Path;
use crate::schedule::{resume_in_order, Resumable, Stop};

/// What a search branches on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Branching {
    /// An open cell with the fewest candidates, of those the one with the most open cells in
    /// its row, column and box.
    FewestCandidates,
    /// As [`Branching::FewestCandidates`], except that of the two-candidate cells it takes the
    /// first in reading order, counting no open peers: the choice of cell guessing on dense
    /// boards, where the count no longer pays for itself (`Plan::new` in `solve.rs`).
    FirstPair,
    /// The first open cell in reading order.
    ReadingOrder,
    /// Whichever of the 324 constraints has the fewest ways left to be met, as an exact-cover
    /// search chooses: a digit's places in a row, column or box, or a cell's candidates (a
    /// cell only where it has strictly fewer).
    FewestPlaces,
    /// On how one digit crosses a band or a stack (which triad it takes in each row of a band,
    /// or which column in each band of a stack), in the band or stack with the fewest such
    /// ways left, applying the triad rules at every position: tdoku's way of searching.
    Crossings,
    /// As [`Branching::FewestCandidates`], applying the triad rules at every position.
    Triads,
    /// An open cell with the fewest candidates for the contradictions its row, column and box
    /// have shown in this search (see [`Board::contradiction_units`]), of those the one with the
    /// most open peers: the weighted-degree rule of constraint solvers. For its first
    /// [`LEARNS_AFTER`] guesses it counts nothing and branches as a cell rule does (see
    /// [`Search::weighted`]).
    Weighted,
    /// As [`Branching::FewestCandidates`], after applying the triad rules at every position
    /// and removing the candidates whose placement propagation refutes (failed-literal
    /// probing, see [`Board::probe`]) at the root and, down to the first [`PROBE_DEPTH`]
    /// levels, at each position whose parent's probing removed a candidate.
    Probing,
}

impl Branching {
    /// Whether a search narrows its start to the candidates the units' matchings use
    /// ([`Board::match_units`]; probing also at every position it probes): every branching
    /// but those the portfolio starts with on every board it is asked about (the weighted
    /// rule, the cell rules it follows until it learns, and reading order for the smallest
    /// solution), whose start must stay cheap.
    fn matches_at_root(self) -> bool {
        !matches!(
            self,
            Branching::FewestCandidates
                | Branching::FirstPair
                | Branching::Weighted
                | Branching::ReadingOrder
        )
    }
}

impl Board {
    /// The open cell to branch on as (band, position), or `None` if the board is solved.
    /// [`Branching::FirstPair`] chooses here as [`Branching::FewestCandidates`] does: its first
    /// two-candidate cell, where there is one, [`Board::branch`] has already taken.
    fn branch_cell(&self, branching: Branching) -> Option<(usize, usize)> {
        let first_open = (0..3).find(|&b| self.open[b] != 0)?;
        if branching == Branching::ReadingOrder {
            return Some((first_open, self.open[first_open].trailing_zeros() as usize));
        }
        // Of the cells with the fewest candidates, the one with the most open peers: a guess
        // there narrows the most cells. Against taking the first such cell, this makes the search
        // trees of the hardest standard boards about a third smaller (BENCHMARKS.md).
        let best = self.best_pair(|b, p| u64::from(self.open_peers(b, p)));
        if best != 0 {
            let (_, b, p) = key_parts(best);
            return Some((b, p));
        }
        // (32 * candidates - open peers, band, position): a cell has at most 20 peers, so the
        // count of candidates decides first. Every open cell has two candidates at least, and the
        // peers of a cell with more candidates than the best so far are not worth counting.
        let mut fewest = (u32::MAX, first_open, 0);
        for b in 0..3 {
            let mut open = self.open[b];
            while open != 0 {
                let p = open.trailing_zeros() as usize;
                open &= open - 1;
                let by_candidates = 32 * self.candidates(b, p).count_ones();
                if by_candidates - 20 >= fewest.0 {
                    continue;
                }
                let score = by_candidates - self.open_peers(b, p);
                if score < fewest.0 {
                    fewest = (score, b, p);
                }
            }
        }
        Some((fewest.1, fewest.2))
    }

    /// The greatest [`cell_key`] of the two-candidate cells, each scored by `score` (band,
    /// position); 0 if there are none.
    #[inline(always)]
    fn best_pair(&self, score: impl Fn(usize, usize) -> u64) -> u64 {
        let mut best = 0;
        for (b, &cells) in self.pairs.iter().enumerate() {
            let mut cells = cells;
            while cells != 0 {
                let p = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                best = best.max(cell_key(score(b, p), b, p));
            }
        }
        best
    }

    /// The open cell with the fewest candidates for its weight (see [`Branching::Weighted`]),
    /// as (band, position), or `None` if the board is solved.
    // Kept out of line: inlined, it slows the choice of the other rules (4 % more instructions
    // in choosing a branch on `serg-benchmark`).
    #[inline(never)]
    fn lightest_cell(&self, weights: &Weights) -> Option<(usize, usize)> {
        // Cells are taken by their count of candidates, fewest first, and in reading order
        // within a count; a count whose cells could not beat the best so far even with the
        // heaviest weight possible ends the search.
        let heaviest_unit = |units: &[u32]| u64::from(units.iter().copied().max().unwrap_or(0));
        let heaviest_possible = heaviest_unit(&weights[..9])
            + heaviest_unit(&weights[9..18])
            + heaviest_unit(&weights[18..]);
        // The best so far: (band, position), candidates, weight, open peers (ten candidates,
        // more than any cell has, before the first; the products below stay within 64 bits).
        let mut best = Lightest {
            cell: None,
            count: 10,
            weight: 1,
            peers: 0,
        };
        // The two-candidate cells are known without counting (propagation notes them). Of
        // them the heaviest, then the one with the most open peers (at most 20), then the first.
        let heaviest_pair =
            self.best_pair(|b, p| weight_of(weights, b, p) << 5 | u64::from(self.open_peers(b, p)));
        if heaviest_pair != 0 {
            let (score, b, p) = key_parts(heaviest_pair);
            best = Lightest {
                cell: Some((b, p)),
                count: 2,
                weight: score >> 5,
                peers: (score & 31) as u32,
            };
        }
        // Cells with more candidates are counted only if one of them could be lighter.
        if best.cell.is_none() || 3 * best.weight <= best.count * heaviest_possible {
            let planes = [
                self.candidate_counts(0),
                self.candidate_counts(1),
                self.candidate_counts(2),
            ];
            for count in 3..10 {
                if count * best.weight > best.count * heaviest_possible {
                    break;
                }
                for (b, band_planes) in planes.iter().enumerate() {
                    let mut cells = self.open[b];
                    for (k, &plane) in band_planes.iter().enumerate() {
                        cells &= if count >> k & 1 != 0 { plane } else { !plane };
                    }
                    best.consider(self, weights, count, b, cells);
                }
            }
        }
        debug_assert!(
            best.cell.is_some() || self.open == [0; 3],
            "an open cell left unnoticed"
        );
        best.cell
    }

    /// The digit's open places (per band) in the row, column or box where some digit has the
    /// fewest, as (count, digit as `d`, places); count `u32::MAX` if every digit is placed.
    fn fewest_places(&self) -> (u32, usize, [u32; 3]) {
        let mut best = (u32::MAX, 0, [0; 3]);
        for d in 0..9 {
            let words = [
                self.places[d] & self.open[0],
                self.places[9 + d] & self.open[1],
                self.places[18 + d] & self.open[2],
            ];
            for (b, &word) in words.iter().enumerate() {
                for unit in ROWS.iter().chain(BOXES.iter()) {
                    if let Some(count) = count_below(word & unit, best.0) {
                        let mut places = [0; 3];
                        places[b] = word & unit;
                        best = (count, d, places);
                    }
                }
            }
            for column in COLUMNS.iter() {
                let places = [words[0] & column, words[1] & column, words[2] & column];
                // The column's places in one word, the bands' bits side by side.
                let all = places[0] | places[1] << 1 | places[2] << 2;
                if let Some(count) = count_below(all, best.0) {
                    best = (count, d, places);
                }
            }
            if best.0 <= 2 {
                break;
            }
        }
        best
    }

    /// The ways left for a digit to cross the band or stack with the fewest of them (those of
    /// the digit with the fewest, two at least), as [`Branch::Crossings`]; `None` if every
    /// digit crosses every band and stack one way only.
    fn fewest_crossings(&self) -> Option<Branch> {
        // Per digit, per band and stack (stacks as 3..6), the 9-bit set of triads (bit
        // `3 * row + box`) or of band and column pairs (bit `3 * band + column`) it may use.
        let mut uses = [[0u32; 6]; 9];
        for (d, sets) in uses.iter_mut().enumerate() {
            let words = [self.places[d], self.places[9 + d], self.places[18 + d]];
            let columns = words.map(|word| columns_of(word) as u32);
            for s in 0..3 {
                sets[s] = occupied_triads(words[s]) as u32;
                sets[3 + s] = (columns[0] >> (3 * s) & 7)
                    | (columns[1] >> (3 * s) & 7) << 3
                    | (columns[2] >> (3 * s) & 7) << 6;
            }
        }
        let mut best: Option<(usize, u32)> = None;
        for unit in 0..6 {
            let counts = uses.iter().map(|sets| count_crossings_inside(sets[unit]));
            let (total, unsettled) = counts.fold((0, false), |(t, u), n| (t + n, u || n > 1));
            if unsettled && best.map_or(true, |(_, fewest)| total < fewest) {
                best = Some((unit, total));
            }
        }
        let (unit, _) = best?;
        let (mut fewest, mut digit) = (u32::MAX, 0);
        for (d, sets) in uses.iter().enumerate() {
            let n = count_crossings_inside(sets[unit]);
            if n > 1 && n < fewest {
                fewest = n;
                digit = d;
            }
        }
        let mut keep = [[BAND; 3]; 6];
        let ways = crossings_inside(uses[digit][unit]);
        let mut count = 0;
        for (k, p) in PERMUTATIONS.iter().enumerate() {
            if ways >> k & 1 == 0 {
                continue;
            }
            if unit < 3 {
                keep[count][unit] = (0..3).fold(0, |m, r| m | 7 << (9 * r + 3 * p[r]));
            } else {
                let s = unit - 3;
                let stack = column_mask(3 * s) | column_mask(3 * s + 1) | column_mask(3 * s + 2);
                for (b, kept) in keep[count].iter_mut().enumerate() {
                    *kept = BAND & !stack | column_mask(3 * s + p[b]);
                }
            }
            count += 1;
        }
        Some(Branch::Crossings {
            d: digit,
            keep,
            next: 0,
            count,
        })
    }

    /// What to branch on, or `None` if the board is solved.
    // The first two-candidate cell, where cell guessing on dense boards branches, is found
    // inline; the other rules' choices need many registers, which their call saves and
    // restores (out of the common case, 3 to 4 % less time on `serg-benchmark`).
    #[inline(always)]
    fn branch(&self, branching: Branching, weights: &Weights) -> Option<Branch> {
        if branching == Branching::FirstPair {
            if let Some(b) = (0..3).find(|&b| self.pairs[b] != 0) {
                return Some(self.digits_branch(b, self.pairs[b].trailing_zeros() as usize));
            }
        }
        self.branch_otherwise(branching, weights)
    }

    /// As [`Board::branch`].
    #[inline(never)]
    fn branch_otherwise(&self, branching: Branching, weights: &Weights) -> Option<Branch> {
        if branching == Branching::Crossings {
            if let Some(crossings) = self.fewest_crossings() {
                return Some(crossings);
            }
        }
        if branching == Branching::FewestPlaces {
            let (count, d, places) = self.fewest_places();
            if count == u32::MAX {
                return None;
            }
            let has_pair = self.pairs.iter().any(|&n| n != 0);
            if count <= 2 || (!has_pair && count == 3) {
                return Some(Branch::Places { d, places });
            }
        }
        let (b, p) = if branching == Branching::Weighted {
            self.lightest_cell(weights)?
        } else {
            self.branch_cell(branching)?
        };
        Some(self.digits_branch(b, p))
    }

    /// A branch on each candidate of position `p` of band `b`.
    fn digits_branch(&self, b: usize, p: usize) -> Branch {
        let digits = self.candidates(b, p);
        Branch::Digits {
            b,
            p,
            digits,
            left: digits,
        }
    }
}

/// A key for position `p` of band `b` with `score`, greater for a greater score and, between
/// equal scores, for the earlier cell in reading order: the greatest of such keys is found
/// without a branch a cell, which a predictor would often miss.
fn cell_key(score: u64, b: usize, p: usize) -> u64 {
    score << 8 | (255 - (27 * b + p)) as u64
}

/// The score, band and position a [`cell_key`] was made of.
fn key_parts(key: u64) -> (u64, usize, usize) {
    let cell = 255 - (key & 255) as usize;
    (key >> 8, cell / 27, cell % 27)
}

/// The number of bits set in `bits` if it is neither 0 nor `bound` or more. Without a popcount
/// instruction (as a judge builds) a count costs a dozen instructions, while the bound is most
/// often 2 to 4: clearing the bits one at a time stops sooner.
fn count_below(bits: u32, bound: u32) -> Option<u32> {
    let (mut rest, mut count) = (bits, 0);
    while rest != 0 {
        count += 1;
        if count >= bound {
            return None;
        }
        rest &= rest - 1;
    }
    (count != 0).then_some(count)
}

/// The lightest cell [`Board::lightest_cell`] has met so far: its (band, position), count of
/// candidates, weight and open peers.
struct Lightest {
    cell: Option<(usize, usize)>,
    count: u64,
    weight: u64,
    peers: u32,
}

impl Lightest {
    /// Takes the lightest of `cells` (of band `b`, each with `count` candidates) if it is
    /// lighter than the best so far: fewer candidates for its weight, then more open peers,
    /// then earlier in reading order.
    fn consider(&mut self, board: &Board, weights: &Weights, count: u64, b: usize, cells: u32) {
        let mut cells = cells;
        while cells != 0 {
            let p = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let weight = weight_of(weights, b, p);
            let (this, that) = (count * self.weight, self.count * weight);
            if this > that {
                continue;
            }
            let peers = board.open_peers(b, p);
            let earlier = self.cell.map_or(true, |first| (b, p) < first);
            if this < that || peers > self.peers || (peers == self.peers && earlier) {
                *self = Lightest {
                    cell: Some((b, p)),
                    count,
                    weight,
                    peers,
                };
            }
        }
    }
}

type Weights = [u32; 27];

/// The weight of position `p` of band `b`: what its row, column and box weigh together.
fn weight_of(weights: &Weights, b: usize, p: usize) -> u64 {
    units_of(b, p)
        .iter()
        .map(|&unit| u64::from(weights[unit]))
        .sum()
}

/// A guess the search makes at a position, with the alternatives not yet tried: every
/// solution makes one of its placements.
#[derive(Clone, Copy)]
enum Branch {
    /// Each digit (bit `d` for digit `d + 1`) of `left` at position `p` of band `b`, whose
    /// candidates are `digits`.
    Digits {
        b: usize,
        p: usize,
        digits: u32,
        left: u32,
    },
    /// Digit `d + 1` at each of `places` (per band).
    Places { d: usize, places: [u32; 3] },
    /// Digit `d + 1` kept to the cells `keep[k]` (per band), for each `k` from `next` to
    /// `count`.
    Crossings {
        d: usize,
        keep: [[u32; 3]; 6],
        next: usize,
        count: usize,
    },
}

impl Branch {
    /// Takes the next alternative of a branch at `board`, which must have one left, and says
    /// whether it was the last.
    // Inlined, the move goes to `Board::make` in registers rather than through memory: 1.0 to
    // 1.2 % fewer instructions on `serg-benchmark` and `forum-hardest-1106`.
    #[inline(always)]
    fn take(&mut self, board: &Board) -> (Move, bool) {
        match self {
            Branch::Digits { b, p, digits, left } => {
                let d = left.trailing_zeros() as usize;
                *left &= *left - 1;
                (Move::Place(d, *b, *p, *digits & !(1 << d)), *left == 0)
            }
            Branch::Places { d, places } => {
                let b = places.iter().position(|&p| p != 0).unwrap_or(0);
                let p = places[b].trailing_zeros() as usize;
                places[b] &= places[b] - 1;
                let rivals = board.candidates(b, p) & !(1 << *d);
                let last = places.iter().all(|&p| p == 0);
                (Move::Place(*d, b, p, rivals), last)
            }
            Branch::Crossings {
                d,
                keep,
                next,
                count,
            } => {
                *next += 1;
                (Move::Keep(*d, keep[*next - 1]), *next == *count)
            }
        }
    }
}

/// The levels of a [`Branching::Probing`] search that probe. Deeper positions are small enough
/// for plain search; probing them too made the adversary's worst boards about twice as costly,
/// and probing only one or three levels left boards the portfolio needed it for (measured with
/// 0, 1, 3, 6, 12 and unlimited levels; see BENCHMARKS.md).
///
/// Below a position whose probing removed nothing, no position is probed: its children differ
/// from it by one guess, and on open boards with many solutions, where nothing is refuted
/// after the first levels, probing every position of six levels cost about 270 probes a level
/// (1,400 to 1,700 guesses a board, whatever the board). With the units matched at every
/// position probed, stopping there cut what probing alone needs on the adversary's boards by
/// three quarters (252,000 guesses to 67,000, the most on one 2,500 to 1,245) and cost none of
/// them more; without the matching, climbs found boards that needed the levels it skipped
/// (BENCHMARKS.md, fifty-first pass).
const PROBE_DEPTH: u32 = 6;

/// The guesses a [`Branching::Weighted`] search makes as a cell rule does before it begins to
/// count contradictions and branch by them. Most boards need fewer, and so pay nothing for the
/// weights, whose upkeep makes a guess about a sixth dearer; from the start, the weighted rule
/// made a fifth fewer guesses than the plain cell rule on `forum-hardest-1106` but took 10 to
/// 15 % longer, and 25 % longer on `top1465`; learning from 128 guesses on, it makes an eighth
/// fewer (239 a board against 274) in about the same time (BENCHMARKS.md, thirty-third pass).
const LEARNS_AFTER: u64 = 128;

/// A depth-first search from one position that stops when its guess budget runs out and
/// resumes, on a new budget, where it stopped: it visits solutions reachable from the position,
/// branching as its [`Branching`] says and trying digits in increasing order, each solution
/// once, as a position with no open cell left ([`Board::grid`] reads it); with
/// [`Branching::ReadingOrder`] they come in lexicographic order.
pub(super) struct Search {
    branching: Branching,
    /// The position it starts from, until it has started.
    root: Option<Board>,
    /// Where it stopped, the deepest position first.
    suspended: Vec<Frame>,
    /// Where its contradictions showed (for [`Branching::Weighted`]).
    weights: Weights,
    /// The guesses it has made in all its runs.
    made: u64,
    /// The cell rule a [`Branching::Weighted`] search follows before it learns.
    early: Branching,
}

/// A position where a search stopped: before branching, with how far its probing got, or
/// with the alternatives of its branch not yet tried.
struct Frame {
    board: Board,
    rest: Rest,
    depth: u32,
}

/// What is left to do at a position where a search stopped.
#[derive(Clone, Copy)]
enum Rest {
    /// Probing from where it got, then the branch.
    Probe(ProbeProgress),
    /// The alternatives of the branch not yet tried.
    Branch(Branch),
}

impl Search {
    /// A search from `board` that has not started (a [`Branching::Weighted`] one following the
    /// plain cell rule before it learns).
    pub(super) fn new(board: Board, branching: Branching) -> Search {
        Search {
            branching,
            root: Some(board),
            suspended: Vec::new(),
            weights: [1; 27],
            made: 0,
            early: Branching::FewestCandidates,
        }
    }

    /// A [`Branching::Weighted`] search from `board` that has not started, which branches as
    /// the cell rule `early` ([`Branching::FewestCandidates`] or [`Branching::FirstPair`])
    /// does before it learns.
    pub(super) fn weighted(board: Board, early: Branching) -> Search {
        Search {
            early,
            ..Search::new(board, Branching::Weighted)
        }
    }

    /// Goes on with the search until `visit` breaks, `budget` guesses have been made, or every
    /// solution has been visited (`Continue`). After [`Stop::Budget`] it can be run again and
    /// goes on from where it stopped, as if it had never stopped.
    pub(super) fn run<F>(&mut self, budget: &mut u64, visit: &mut F) -> ControlFlow<Stop>
    where
        F: FnMut(&Board) -> ControlFlow<()>,
    {
        self.walk::<_, false>(budget, &mut |solved, _| visit(solved))
    }

    /// As [`Search::run`], telling `visit` with each solution the placements guessed on the
    /// way to it in this run that left alternatives to try (see [`Walk::expand`]), for
    /// [`Board::has_twin`]. Keeping them costs a run that does not need them about 1 % of its
    /// instructions on `serg-benchmark`, which is why [`Search::run`] does not.
    pub(super) fn run_with_paths<F>(&mut self, budget: &mut u64, visit: &mut F) -> ControlFlow<Stop>
    where
        F: FnMut(&Board, Option<&Path>) -> ControlFlow<()>,
    {
        self.walk::<_, true>(budget, visit)
    }

    /// As [`Search::run_with_paths`], keeping the paths only with `PATHS`.
    fn walk<F, const PATHS: bool>(&mut self, budget: &mut u64, visit: &mut F) -> ControlFlow<Stop>
    where
        F: FnMut(&Board, Option<&Path>) -> ControlFlow<()>,
    {
        let granted = *budget;
        let mut walk = Walk::<_, PATHS> {
            branching: self.branching,
            early: self.early,
            made_before: self.made,
            granted,
            budget,
            visit,
            suspended: Vec::new(),
            weights: &mut self.weights,
        };
        // The root is searched where it lies rather than moved out first (a copy of 132 bytes
        // for every board, on the fast path too).
        let flow = match &mut self.root {
            Some(root) => {
                let flow = walk.below(root, 0, None, None);
                self.root = None;
                flow
            }
            None => resume_in_order(&mut walk, std::mem::take(&mut self.suspended)),
        };
        self.suspended = walk.suspended;
        self.made += granted - *budget;
        flow
    }
}

/// One run of a [`Search`]: what it needs throughout, and what it leaves behind; keeping the
/// paths to solutions with `PATHS`.
struct Walk<'a, F, const PATHS: bool> {
    branching: Branching,
    /// The search's cell rule before it learns (for [`Branching::Weighted`]).
    early: Branching,
    /// The guesses the search made before this run.
    made_before: u64,
    /// The budget the run was granted, which `budget` counts down.
    granted: u64,
    budget: &'a mut u64,
    visit: &'a mut F,
    /// Where the run stopped, the deepest position first, if its budget ran out.
    suspended: Vec<Frame>,
    /// The search's tally of where contradictions showed, which the run adds to.
    weights: &'a mut Weights,
}

impl<F, const PATHS: bool> Walk<'_, F, PATHS>
where
    F: FnMut(&Board, Option<&Path>) -> ControlFlow<()>,
{
    /// The search from `board`, `depth` guesses below where it started (counted as
    /// [`PROBE_DEPTH`] at least below a position whose probing removed nothing), its probing
    /// (if the branching probes there) going on from `resumed` if it stopped before. `path`
    /// holds the placements guessed on the way there in this run that left alternatives to
    /// try, for the visitor.
    // Inlined into `expand` and the resumption, so that a level of the search is one call
    // rather than two: 1 % fewer instructions on `serg-benchmark`, 0.4 % on
    // `forum-hardest-1106`.
    #[inline(always)]
    fn below(
        &mut self,
        board: &mut Board,
        mut depth: u32,
        resumed: Option<ProbeProgress>,
        path: Option<&Path>,
    ) -> ControlFlow<Stop> {
        let branching = self.branching;
        let reasons_harder = matches!(
            branching,
            Branching::Triads | Branching::Probing | Branching::Crossings
        );
        if reasons_harder && !board.settle_triads() {
            return ControlFlow::Continue(());
        }
        let probes_here = branching == Branching::Probing && depth < PROBE_DEPTH;
        let matches_here = probes_here || depth == 0 && branching.matches_at_root();
        let fresh = resumed.as_ref().map_or(true, ProbeProgress::is_fresh);
        if matches_here && fresh && !board.match_units() {
            return ControlFlow::Continue(());
        }
        if probes_here {
            let mut probing = resumed.unwrap_or_default();
            match board.probe(self.budget, &mut probing) {
                None => return self.suspend(board, Rest::Probe(probing), depth),
                Some(false) => return ControlFlow::Continue(()),
                // Where probing removed nothing, the positions below are not probed.
                Some(true) if !probing.removed_any() => depth = depth.max(PROBE_DEPTH),
                Some(true) => {}
            }
        }
        let rule = if branching == Branching::Weighted && !self.learns() {
            self.early
        } else {
            branching
        };
        match board.branch(rule, self.weights) {
            None => match (self.visit)(board, path) {
                ControlFlow::Continue(()) => ControlFlow::Continue(()),
                ControlFlow::Break(()) => ControlFlow::Break(Stop::Visitor),
            },
            Some(branch) => self.expand(board, branch, depth, path),
        }
    }

    /// The search below each alternative of `branch` left at `board`, `depth` guesses below
    /// where the search started, `path` the way there (see [`Walk::below`]). All but the last
    /// alternative work on a copy of `board`; the last one on the board itself.
    ///
    /// The path gains the placement of each alternative but the last: a search's first
    /// solution, if met below the last, has no alternative left here that another solution
    /// could take (the earlier ones held none).
    fn expand(
        &mut self,
        board: &mut Board,
        mut branch: Branch,
        depth: u32,
        path: Option<&Path>,
    ) -> ControlFlow<Stop> {
        loop {
            if *self.budget == 0 {
                return self.suspend(board, Rest::Branch(branch), depth);
            }
            *self.budget -= 1;
            let (guess, last) = branch.take(board);
            if last {
                let changed = board.make(guess);
                return match self.propagate(board, changed) {
                    Ok(()) => self.below(board, depth + 1, None, path),
                    Err(contradiction) => {
                        self.blame(board, contradiction);
                        ControlFlow::Continue(())
                    }
                };
            }
            let mut child = board.clone();
            let changed = child.make(guess);
            if let Err(contradiction) = self.propagate(&mut child, changed) {
                self.blame(&child, contradiction);
            } else {
                let step = match guess {
                    Move::Place(d, b, p, rivals) if PATHS => {
                        Some(Path::guess(d, b, p, rivals, path))
                    }
                    _ => None,
                };
                match self.below(&mut child, depth + 1, None, step.as_ref().or(path)) {
                    ControlFlow::Continue(()) => {}
                    ControlFlow::Break(Stop::Budget) => {
                        return self.suspend(board, Rest::Branch(branch), depth)
                    }
                    visitor => return visitor,
                }
            }
        }
    }

    /// Propagates the words `changed` on `board`: eagerly ([`Board::propagate_eagerly`]) for
    /// the plain cell rule ([`Branching::FewestCandidates`], alone or as the weighted rule's
    /// before it learns, on sparse boards), which that makes faster, as [`Board::propagate`]
    /// otherwise.
    fn propagate(&self, board: &mut Board, changed: u32) -> Result<(), Contradiction> {
        if self.branching == Branching::FewestCandidates
            || self.branching == Branching::Weighted && self.early == Branching::FewestCandidates
        {
            board.propagate_eagerly(changed)
        } else {
            board.propagate(changed)
        }
    }

    /// Whether a [`Branching::Weighted`] search has made [`LEARNS_AFTER`] guesses, and so
    /// counts contradictions and branches by them.
    fn learns(&self) -> bool {
        self.branching == Branching::Weighted
            && self.made_before + (self.granted - *self.budget) >= LEARNS_AFTER
    }

    /// Counts `contradiction`, which ended propagation on `board`, against the units where it
    /// shows, for [`Branching::Weighted`].
    fn blame(&mut self, board: &Board, contradiction: Contradiction) {
        if self.learns() {
            let mut units = board.contradiction_units(contradiction);
            while units != 0 {
                let weight = &mut self.weights[units.trailing_zeros() as usize];
                *weight = weight.saturating_add(1);
                units &= units - 1;
            }
        }
    }

    /// Keeps `board`, with what is left to do there, to resume from, and stops for the budget.
    #[cold]
    fn suspend(&mut self, board: &Board, rest: Rest, depth: u32) -> ControlFlow<Stop> {
        self.suspended.push(Frame {
            board: board.clone(),
            rest,
            depth,
        });
        ControlFlow::Break(Stop::Budget)
    }
}

impl<F, const PATHS: bool> Resumable for Walk<'_, F, PATHS>
where
    F: FnMut(&Board, Option<&Path>) -> ControlFlow<()>,
{
    type Frame = Frame;

    /// The search from where it stopped. A first solution met below a resumed position is
    /// not given the path to it (see [`Walk::below`]).
    fn resume(&mut self, mut frame: Frame) -> ControlFlow<Stop> {
        match frame.rest {
            Rest::Probe(probing) => self.below(&mut frame.board, frame.depth, Some(probing), None),
            Rest::Branch(branch) => self.expand(&mut frame.board, branch, frame.depth, None),
        }
    }

    fn suspended(&mut self) -> &mut Vec<Frame> {
        &mut self.suspended
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::judge::board_text::parse_line;

    const BRANCHINGS: [Branching; 8] = [
        Branching::FewestCandidates,
        Branching::FirstPair,
        Branching::Triads,
        Branching::Weighted,
        Branching::ReadingOrder,
        Branching::FewestPlaces,
        Branching::Crossings,
        Branching::Probing,
    ];

    /// Guesses after which [`visited_in_turns`] stops a search.
    const GUESSES: u64 = 3000;

    /// The first 40 solutions a search from `puzzle` visits within [`GUESSES`] guesses, run in
    /// turns of `turn` guesses, and the guesses it made.
    fn visited_in_turns(puzzle: &str, branching: Branching, turn: u64) -> (Vec<Grid>, u64) {
        let board = Board::new(&parse_line(puzzle).unwrap()).unwrap();
        visited(Search::new(board, branching), turn, GUESSES)
    }

    /// The first 40 solutions `search` visits within `limit` guesses, run in turns of `turn`
    /// guesses, and the guesses it made.
    fn visited(mut search: Search, turn: u64, limit: u64) -> (Vec<Grid>, u64) {
        crate::schedule::solutions_in_turns(turn, limit, 40, |budget, visit| {
            search.run(budget, &mut |solved| visit(solved.grid()))
        })
    }

    #[test]
    fn probing_stops_below_a_position_whose_probing_removed_nothing() {
        // On the empty board no probe refutes anything: probing tries each of the root's 729
        // candidates once, then searches as the triad rules alone do.
        let guesses = |branching| {
            let search = Search::new(Board::new(&Grid::EMPTY).unwrap(), branching);
            visited(search, u64::MAX, GUESSES).1
        };
        assert!(guesses(Branching::Triads) > 0);
        assert_eq!(
            guesses(Branching::Probing),
            81 * 9 + guesses(Branching::Triads)
        );
    }

    #[test]
    fn count_below_counts_the_bits_of_a_set_below_its_bound() {
        for bits in (0..1 << 12).chain([0x7FF_FFFF, 0x400_0001]) {
            for bound in 0..30 {
                let count = u32::count_ones(bits);
                let expected = (count != 0 && count < bound).then_some(count);
                assert_eq!(count_below(bits, bound), expected, "{:#x} {}", bits, bound);
            }
        }
    }

    #[test]
    fn a_search_resumed_turn_after_turn_visits_and_guesses_as_one_run() {
        let puzzles = [
            // Many solutions, and a deep search to the first of them.
            "1.6.......4.3.5.8........9.......86.......9.....9...2....7.....26.89.............",
            // No solution, though no rule is broken.
            "...........41.............2.41...2.....5....8.2....1..........6......41..........",
            // Exactly 3 solutions.
            "...7........................41...2.....5....8.2....1..........6............4....3",
        ];
        let mut interrupted = 0;
        for puzzle in puzzles {
            for branching in BRANCHINGS {
                let (whole, guesses) = visited_in_turns(puzzle, branching, u64::MAX);
                interrupted += u32::from(guesses > 200);
                for turn in [1, 2, 7, 100] {
                    let resumed = visited_in_turns(puzzle, branching, turn);
                    assert_eq!(
                        resumed,
                        (whole.clone(), guesses),
                        "{:?} {}",
                        branching,
                        puzzle
                    );
                }
            }
        }
        assert!(
            interrupted >= 8,
            "too few searches long enough to stop many times"
        );
    }

    /// Positions after propagating random givens (8 to 40) of random solutions: with many
    /// open cells of every count of candidates.
    fn positions(seed: u64) -> Vec<Board> {
        let mut rng = crate::random::Rng::new(seed);
        let solved = crate::engine::solve(&Grid::EMPTY).unwrap();
        let mut boards = Vec::new();
        while boards.len() < 300 {
            let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            rng.shuffle(&mut digits);
            let mut puzzle = Grid::EMPTY;
            for _ in 0..8 + rng.below(33) {
                let cell = rng.below(81);
                puzzle.set(cell, digits[usize::from(solved.get(cell) - 1)]);
            }
            if let Some(board) = Board::new(&puzzle) {
                if board.open != [0; 3] {
                    boards.push(board);
                }
            }
        }
        boards
    }

    #[test]
    fn the_lightest_cell_is_the_one_a_scan_of_every_cell_finds() {
        let mut rng = crate::random::Rng::new(7);
        let mut without_pairs = 0;
        for board in positions(11) {
            for spread in [0, 1, 2, 3, 30] {
                // Even weights, then ever more uneven ones (small spreads tie often).
                let mut weights = [1u32; 27];
                for weight in weights.iter_mut() {
                    *weight += rng.below(1 + spread) as u32;
                }
                // Fewest candidates for the weight, then most open peers, then the first.
                let mut expected: Option<(u64, u64, u32, (usize, usize))> = None;
                for cell in 0..81 {
                    let (b, p) = (cell / 27, cell % 27);
                    if board.open[b] >> p & 1 == 0 {
                        continue;
                    }
                    let count = u64::from(board.candidates(b, p).count_ones());
                    let weight = weight_of(&weights, b, p);
                    let peers = board.open_peers(b, p);
                    let lighter = match expected {
                        None => true,
                        Some((c, w, m, _)) => {
                            count * w < c * weight || count * w == c * weight && peers > m
                        }
                    };
                    if lighter {
                        expected = Some((count, weight, peers, (b, p)));
                    }
                }
                without_pairs += usize::from(board.pairs == [0; 3]);
                let expected = expected.map(|(_, _, _, cell)| cell);
                assert_eq!(board.lightest_cell(&weights), expected, "{:?}", weights);
            }
        }
        assert!(without_pairs > 0, "no position without two-candidate cells");
    }

    #[test]
    fn the_weighted_rule_guesses_as_its_cell_rule_until_it_learns() {
        for (k, board) in positions(5).into_iter().enumerate() {
            let early = [Branching::FewestCandidates, Branching::FirstPair][k % 2];
            let weighted = visited(
                Search::weighted(board.clone(), early),
                LEARNS_AFTER,
                LEARNS_AFTER,
            );
            assert_eq!(
                weighted,
                visited(Search::new(board, early), LEARNS_AFTER, LEARNS_AFTER)
            );
        }
        // Past that, it searches otherwise: on these boards it finds 40 solutions (of many) in
        // a fraction of the guesses.
        for puzzle in [
            "1.6.......4.3.5.8........9.......86.......9.....9...2....7.....26.89.............",
            "...9................2.4........6..4...73............62....9.....3.7..............",
        ] {
            let givens = parse_line(puzzle).unwrap();
            let board = Board::new(&givens).unwrap();
            for early in [Branching::FewestCandidates, Branching::FirstPair] {
                let (found, guesses) =
                    visited(Search::weighted(board.clone(), early), u64::MAX, u64::MAX);
                let (plain_found, plain_guesses) =
                    visited(Search::new(board.clone(), early), u64::MAX, u64::MAX);
                assert_eq!((found.len(), plain_found.len()), (40, 40), "{}", puzzle);
                assert!(found.iter().all(|grid| grid.solves(&givens)));
                assert!(guesses < plain_guesses / 2, "{} {:?}", puzzle, early);
            }
        }
    }
}
