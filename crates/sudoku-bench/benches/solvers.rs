//! First solution and count-to-2 on every standard set, side by side with the `sudoku` crate (a
//! JCZSolve-style solver), tdoku where this build linked it (see `sudoku_bench::tdoku`) and the
//! row-major baseline; the lexicographically smallest solution on hard boards; Su-Domino-Ku with
//! ten placed dominoes. Sets are read as `sudoku_bench` says; missing ones are skipped with a
//! notice.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use std::hint::black_box;
use sudoku_bench::tdoku::{Tdoku, TdokuPuzzle, NOT_LINKED};
use sudoku_bench::{load_set, one_clue_removed, ten_domino_puzzles, SETS};
use sudoku_core::engine::baseline::row_major_solutions;
use sudoku_core::engine::{count_solutions, solve, solve_smallest};
use sudoku_core::grid::Grid;

/// Sets small and easy enough for the row-major baseline to finish in a benchmark.
const BASELINE_SETS: [&str; 1] = ["serg-benchmark"];

fn standard_sets(c: &mut Criterion) {
    let tdoku = Tdoku::linked();
    if tdoku.is_none() {
        eprintln!("notice: {}", NOT_LINKED);
    }
    for name in SETS {
        let puzzles = match load_set(name) {
            Some(puzzles) => puzzles,
            None => continue,
        };
        let theirs: Vec<sudoku::Sudoku> = puzzles
            .iter()
            .map(|p| sudoku::Sudoku::from_bytes(*p.cells()).expect("a valid board"))
            .collect();
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.sample_size(10);
        let tdoku = tdoku.map(|tdoku| {
            (
                tdoku,
                puzzles.iter().map(TdokuPuzzle::of).collect::<Vec<_>>(),
            )
        });
        // Each question asked of the three solvers in turn, so that the machine's drift between
        // their measurements is as small as criterion allows (it cannot alternate them).
        for (question, limit) in [("first-solution", 1), ("count-to-2", 2)] {
            group.bench_function(format!("sudoku-judges/{}", question), |b| {
                b.iter(|| {
                    puzzles
                        .iter()
                        .map(|p| match limit {
                            1 => usize::from(solve(black_box(p)).is_some()),
                            _ => count_solutions(black_box(p), limit),
                        })
                        .sum::<usize>()
                })
            });
            if let Some((tdoku, texts)) = &tdoku {
                group.bench_function(format!("tdoku/{}", question), |b| {
                    b.iter(|| {
                        texts
                            .iter()
                            .map(|p| tdoku.count(black_box(p), limit))
                            .sum::<usize>()
                    })
                });
            }
            group.bench_function(format!("sudoku-crate/{}", question), |b| {
                b.iter(|| {
                    theirs
                        .iter()
                        .map(|s| match limit {
                            1 => usize::from(black_box(*s).some_solution().is_some()),
                            _ => black_box(*s).solutions_count_up_to(limit),
                        })
                        .sum::<usize>()
                })
            });
        }
        if BASELINE_SETS.contains(&name) {
            group.bench_function("row-major-baseline/first-solution", |b| {
                b.iter(|| {
                    puzzles
                        .iter()
                        .filter(|p| row_major_solutions(black_box(p), 1, u64::MAX).is_some())
                        .count()
                })
            });
        }
        group.finish();
    }
}

fn smallest_solution(c: &mut Criterion) {
    let mut boards: Vec<(&str, Vec<Grid>)> = Vec::new();
    if let Some(hardest) = load_set("forum-hardest-1106") {
        boards.push(("forum-hardest-1106", hardest));
    }
    if let Some(top) = load_set("top1465") {
        boards.push(("top1465-one-clue-removed", one_clue_removed(&top)));
    }
    let mut group = c.benchmark_group("lexicographic-first");
    group.sample_size(10);
    for (name, puzzles) in &boards {
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(*name, |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .filter(|p| solve_smallest(black_box(p)).is_some())
                    .count()
            })
        });
    }
    group.finish();
}

fn su_domino_ku(c: &mut Criterion) {
    let puzzles = ten_domino_puzzles(200);
    let mut group = c.benchmark_group("su-domino-ku");
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    group.sample_size(10);
    group.bench_function("ten-dominoes", |b| {
        b.iter_batched(
            || puzzles.clone(),
            |puzzles| puzzles.iter().filter(|p| p.solution().is_some()).count(),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group!(benches, standard_sets, smallest_solution, su_domino_ku);
criterion_main!(benches);
