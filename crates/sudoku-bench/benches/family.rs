//! The family engine on boards beyond 9x9: seeded minimal 16x16 puzzles one by one, beside a
//! plain dancing-links search (exact cover, fewest-rows column first: the differential tests'
//! reference) on the same puzzles; 25x25 boards with 45 % of their cells given (solvable, not
//! unique: see `family_board_with_givens`); and unique 25x25 puzzles with 45 % of their cells
//! given, which are nearly minimal (minimal ones keep about 43 %) and take minutes to make.
//! Dancing links is left out on 25x25: it had not found a first solution of seed 0 after 15
//! minutes (BENCHMARKS.md).

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use sudoku_bench::{family_board_with_givens, unique_family_puzzle};
use sudoku_core::family::Sudoku;

// The exact-cover reference of `sudoku-core`'s tests, read from there rather than copied.
#[path = "../../sudoku-core/tests/support/dlx.rs"]
mod dlx;
#[allow(dead_code)]
#[path = "../../sudoku-core/tests/support/reference.rs"]
mod reference;

use reference::family_solutions;

/// Minimal 16x16 puzzles: seeds 0 to 7.
const SIXTEEN_SEEDS: u64 = 8;

/// 25x25 boards: seeds 0 to 3, 45 % of the 625 cells given.
const TWENTY_FIVE_SEEDS: u64 = 4;
const TWENTY_FIVE_GIVENS: usize = 281;

/// Unique 25x25 puzzles with as many givens: seeds 0 to 2.
const UNIQUE_TWENTY_FIVE_SEEDS: u64 = 3;

fn sixteen(c: &mut Criterion) {
    let mut group = c.benchmark_group("16x16-minimal");
    group.sample_size(10);
    for seed in 0..SIXTEEN_SEEDS {
        let puzzle = unique_family_puzzle(4, 0, seed);
        let name = format!("seed-{}", seed);
        bench_family(&mut group, &name, &puzzle);
        group.bench_function(format!("dancing-links/first-solution/{}", name), |b| {
            b.iter(|| family_solutions(4, black_box(&puzzle).cells(), 1))
        });
    }
    group.finish();
}

fn twenty_five(c: &mut Criterion) {
    bench_boards(c, "25x25-45-percent", TWENTY_FIVE_SEEDS, |seed| {
        family_board_with_givens(5, TWENTY_FIVE_GIVENS, seed)
    });
}

fn twenty_five_unique(c: &mut Criterion) {
    bench_boards(
        c,
        "25x25-unique-45-percent",
        UNIQUE_TWENTY_FIVE_SEEDS,
        |seed| unique_family_puzzle(5, TWENTY_FIVE_GIVENS, seed),
    );
}

/// The group `name`: the boards `make` gives for seeds 0 to `seeds - 1`, by [`bench_family`].
fn bench_boards(c: &mut Criterion, name: &str, seeds: u64, make: impl Fn(u64) -> Sudoku) {
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    for seed in 0..seeds {
        bench_family(&mut group, &format!("seed-{}", seed), &make(seed));
    }
    group.finish();
}

/// The family engine's first solution and count to 2.
fn bench_family(
    group: &mut criterion::BenchmarkGroup<criterion::measurement::WallTime>,
    name: &str,
    puzzle: &Sudoku,
) {
    group.bench_function(format!("family/first-solution/{}", name), |b| {
        b.iter(|| black_box(puzzle).solution())
    });
    group.bench_function(format!("family/count-to-2/{}", name), |b| {
        b.iter(|| black_box(puzzle).count_solutions(2))
    });
}

criterion_group!(benches, sixteen, twenty_five, twenty_five_unique);
criterion_main!(benches);
